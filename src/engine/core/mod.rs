//! The engine's core: what every game has, whatever expansions it plays. The
//! board and its open positions (`board`), features as a union-find
//! (`features`), placement (`placement`), the figures on the board and in
//! supply (`figures`, `companions`), the three scoring templates (`value`,
//! `scoring`), the draw order (`draw`), the prepared tile set (`ruleset`,
//! `tables`, `turns`, `vocab`, `sides`, `supplies`, `edition`, `params`) and the
//! turn's phases (`game`, `turn`).
//!
//! The core names no capability, no kind, no attribute and no figure (a test
//! greps it). Rule modules (`super::rules`) take part in a turn through the
//! hooks of [`Rules`]: the core calls each hook at its point of the turn, and
//! [`Game`] is generic over the modules' state, so every hook is a static
//! call that the compiler inlines — a hook no module in play uses costs a
//! branch, never a `dyn` call.
//!
//! ```text
//!  start of turn ─▶ tile move ─▶ may it go here? ─▶ placing ─▶ tile put ─▶ placed
//!        ─▶ figure action (core: pass, place; modules: their actions, offers)
//!        ─▶ before scoring ─▶ each completed feature scored ─▶ scored ─▶ after scoring
//!        ─▶ a module's decision pending? ─▶ end of turn (keeps the turn?)
//!  end of game: final (first) ─▶ every feature with figures ─▶ final (last)
//! ```

pub(in crate::engine) mod board;
pub(in crate::engine) mod companions;
pub(in crate::engine) mod draw;
pub(in crate::engine) mod edition;
pub(in crate::engine) mod error;
pub(in crate::engine) mod features;
pub(in crate::engine) mod figures;
pub(in crate::engine) mod game;
pub(in crate::engine) mod journal;
pub(in crate::engine) mod params;
pub(in crate::engine) mod placement;
pub(in crate::engine) mod ruleset;
pub(in crate::engine) mod scoring;
pub(in crate::engine) mod sides;
pub(in crate::engine) mod start_set;
pub(in crate::engine) mod supplies;
pub(in crate::engine) mod tables;
pub(in crate::engine) mod turn;
pub(in crate::engine) mod turns;
pub(in crate::engine) mod value;
pub(in crate::engine) mod vocab;

pub use error::SetupError;
pub use game::{Game, Spot, MAX_PLAYERS};
pub use game::{Rules, Scored, Standing};
pub use ruleset::Ruleset;
