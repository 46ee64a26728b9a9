//! The generic scoring engine: plays and scores games from a compiled tile set
//! ([`crate::emit::wire::TileSet`]) alone. Every kind, attribute and figure is
//! read from the set's declarations, never known by name, so a fan's own kinds
//! play without engine changes; what a capability (`capability big-top`,
//! `capability abbot`, ...) does is the work of its rule module.
//!
//! ```text
//!  wire::TileSet ──Ruleset::new──▶ Ruleset (core tables + rule modules' tables)
//!                                     │
//!         Game::new ──▶ Game ◀── apply(Move)  ◀── replay(GameLog) / RandomPlayer
//!                        │
//!                        ├─▶ legal_placements, legal_meeple_actions, crop_options
//!                        └─▶ scores, events, final_scores ──▶ ScoreReport
//! ```
//!
//! The layers, each importing only those below it:
//! - the protocol's nouns: [`ids`](KindId) (ids), `moves` ([`Move`],
//!   [`MeepleAction`], [`Phase`], ...), [`events`] (score lines);
//! - `core`: the board, features, placement, figures, the scoring templates,
//!   the draw order and the turn's phases, generic over the rule modules'
//!   state through the hooks of `core::Rules` — it names no capability;
//! - `rules`: one module per capability (`river`, `big_top`, `pyramid`,
//!   `flight`, `crop_circle`, `abbot`, `builder`, `pig`, `ringmaster`,
//!   `goods`) and the registry that switches them on from the data;
//! - the game as users see it: [`Game`] and [`Ruleset`] (the core's types
//!   with the registry's modules), preparing a set ([`tileset`],
//!   [`validate`]), the game-log format ([`log`], [`mod@replay`]), the random
//!   player ([`random`]), reports ([`report`], `describe`), the board
//!   snapshot (`view`, [`BoardView`]), cheap copies (`copy`) and what
//!   searching players read: the [`Outlook`] of features (`search`), the
//!   farms' neighbours kept for a position's copies ([`FarmMemo`]) and a
//!   placement's [`Preview`] (`preview`).
//!
//! Game logs are described in `docs/game-log.md`, the generic rules and the
//! hooks in `docs/rules-engine.md`.

pub mod columns;
mod copy;
pub mod core;
mod describe;
pub mod events;
mod farm_memo;
mod game;
mod ids;
pub mod log;
mod moves;
#[cfg(test)]
mod placement_tests;
mod preview;
pub mod random;
pub mod replay;
pub mod report;
pub mod rng;
pub mod rules;
mod search;
pub mod tileset;
pub mod validate;
mod view;

pub use self::core::{SetupError, MAX_PLAYERS};
pub use columns::Columns;
pub use events::{Event, Reason, Score, Source};
pub use farm_memo::FarmMemo;
pub use game::{Game, Ruleset};
pub use ids::{FeatureKindId, FigureId, KindId, TokenId};
pub use moves::{
    BazaarStep, Beside, Capture, CountIn, CountOut, CropAction, CropMove, CropResponse, Escape,
    FigureAction, Flights, IllegalMove, Landing, MeepleAction, Move, Phase, Placement,
};
pub use preview::Preview;
pub use replay::{replay, ReplayError};
pub use rules::bazaar::BazaarAsk;
pub use rules::city_of_carcassonne::{Resident, QUARTERS};
pub use rules::ferry::FerryChoice;
pub use rules::goods::GoodsTaken;
pub use rules::mage_and_witch::MagicChoice;
pub use rules::shepherd::FlockDue;
pub use rules::tower::Prisoner;
pub use rules::vodyanoy::TrappedView;
pub use rules::wagon::WagonDue;
pub use rules::{hook, Capability, On, HOOKS, REGISTRY};
pub use search::Outlook;
pub use view::{BoardView, FigureSpot, FigureView, FillBasis, OpenSquare, TileView};
