//! The generic scoring engine: plays and scores games from a compiled tile set
//! ([`crate::emit::wire::TileSet`]) alone. It knows the four shapes, the three
//! scoring templates (`network`, `farm`, `neighbourhood`) and the capabilities
//! of [`crate::capabilities`]; every kind, attribute and figure is read from the
//! set's declarations, never known by name, so a fan's own kinds play without
//! engine changes.
//!
//! ```text
//!  wire::TileSet ──Ruleset::new──▶ Ruleset (precomputed tables, parameters)
//!                                     │
//!         Game::new ──▶ Game ◀── apply(Move)  ◀── replay(GameLog) / RandomPlayer
//!                        │
//!                        ├─▶ legal_placements, legal_meeple_actions, crop_options
//!                        └─▶ scores, events, final_scores ──▶ ScoreReport
//! ```
//!
//! A figure with `capability ringmaster` earns the ringmaster bonus; one with
//! `acrobat: true` may join pyramids; a circus tile draws the token under the
//! big top from its own expansion's tokens and a flying machine rolls its own
//! expansion's die (else those of an expansion it requires, else any in play).
//! Game logs are described in `docs/game-log.md`, the generic rules in
//! `docs/rules-engine.md`.
//!
//! Code map: [`tileset`] the prepared set; `sides` side letters and placement
//! signatures; `vocab` kinds and attributes with their values; `tables` one
//! tile kind's tables; `capability` which capabilities exist; `edition`
//! removes and replaces; `supplies` figures, tokens, dice; `params` the
//! capabilities' parameters; `board` grid and open positions; `features`
//! union-find; `placement`, `actions`, `flight`, `pyramid`, `scoring`, `value`,
//! `bigtop`, `crop` the rules; [`events`] the score sheet; [`log`] the game-log
//! format and [`mod@replay`]; [`random`] the seeded random player; [`report`]
//! the score output; `view` the read-only [`BoardView`] snapshot that board
//! pictures draw; [`validate`] checks a wire tile set completely before
//! [`Ruleset::new`] prepares it; `copy` (with `journal`) cheap copies,
//! `search` the [`Outlook`] of features and `preview` a placement's
//! outlooks without placing it ([`Preview`]), for players that search
//! (`crate::players`).

mod abbot;
mod actions;
mod bigtop;
mod board;
mod builder;
mod capability;
mod companion;
mod copy;
mod crop;
mod draw;
mod edition;
pub mod events;
mod features;
mod flight;
mod game;
pub mod goods;
mod journal;
pub mod log;
mod params;
mod pig;
mod placement;
mod preview;
mod pyramid;
pub mod random;
pub mod replay;
pub mod report;
mod river;
pub mod rng;
mod scoring;
mod search;
mod sides;
mod supplies;
mod tables;
pub mod tileset;
pub mod validate;
mod value;
mod view;
mod vocab;

pub use actions::{Flights, Landing, MeepleAction};
pub use crop::{CropAction, CropMove, CropResponse};
pub use events::{Event, Reason, Score, Source};
pub use game::{Game, IllegalMove, Move, Phase, Placement, MAX_PLAYERS};
pub use goods::GoodsTaken;
pub use preview::Preview;
pub use replay::{replay, ReplayError};
pub use search::Outlook;
pub use tileset::{Ruleset, SetupError};
pub use view::{BoardView, FigureSpot, FigureView, FillBasis, OpenSquare, TileView};

/// A tile kind of a [`Ruleset`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(pub u16);

/// A declared kind of feature of a [`Ruleset`] (`city`, `canal`, ...): see
/// [`Ruleset::feature_kind_name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeatureKindId(pub u8);

/// A figure kind of a [`Ruleset`] (`meeple`, `ringmaster`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FigureId(pub u8);

/// An animal token kind of a [`Ruleset`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TokenId(pub u8);
