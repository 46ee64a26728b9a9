//! The generic scoring engine: plays and scores games from a compiled tile set
//! ([`crate::emit::wire::TileSet`]) alone. It knows feature *kinds* (city, road,
//! field, cloister, circus, acrobats, flier, crop circle), figure roles and rule
//! parameters, never a tile by name, so an expansion that recombines known
//! kinds plays without engine changes.
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
//! Besides the rule parameters of [`crate::rules::PARAMETERS`], the engine
//! relies on one name: the figure `ringmaster` earns the ringmaster bonus. A
//! figure with `acrobat: true` may join pyramids; a circus tile draws the token
//! under the big top from its own expansion's tokens and a flying machine rolls
//! its own expansion's die (else those of an expansion it requires, else any in
//! play). Game logs are described in `docs/game-log.md`.
//!
//! Code map: [`tileset`] the prepared set; `tables` one tile kind's tables;
//! `supplies` figures, tokens, dice;
//! `params` rule parameters; `board`
//! grid and open positions; `features` union-find; `placement`, `actions`,
//! `flight`, `pyramid`, `scoring`, `bigtop`, `crop` the rules; [`events`] the
//! score sheet; [`log`] the game-log format and [`mod@replay`]; [`random`] the
//! seeded random player; [`report`] the score output; `view` the read-only
//! [`BoardView`] snapshot that board pictures draw; `copy` (with `journal`)
//! cheap copies and
//! `search` the [`Outlook`] of features, for players that search
//! (`crate::players`).

mod actions;
mod bigtop;
mod board;
mod copy;
mod crop;
pub mod events;
mod features;
mod flight;
mod game;
mod journal;
pub mod log;
mod params;
mod placement;
mod pyramid;
pub mod random;
pub mod replay;
pub mod report;
pub mod rng;
mod scoring;
mod search;
mod supplies;
mod tables;
pub mod tileset;
mod view;

pub use actions::{Flights, Landing, MeepleAction};
pub use crop::{CropAction, CropMove, CropResponse};
pub use events::{Event, Reason, Score, Source};
pub use game::{Game, IllegalMove, Move, Phase, Placement, MAX_PLAYERS};
pub use replay::{replay, ReplayError};
pub use search::Outlook;
pub use tileset::{Ruleset, SetupError};
pub use view::{BoardView, FigureSpot, FigureView, FillBasis, OpenSquare, TileView};

/// A tile kind of a [`Ruleset`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(pub u16);

/// A figure kind of a [`Ruleset`] (`meeple`, `ringmaster`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FigureId(pub u8);

/// An animal token kind of a [`Ruleset`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TokenId(pub u8);
