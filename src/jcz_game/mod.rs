//! Games to and from JCloisterZone (JCZ): a game log exported as a `.jcz`
//! save JCZ's client loads and its engine replays, and a save imported as a
//! game log that `score` scores. `docs/jcz-games.md` describes both.
//!
//! ```text
//!  GameLog ──export (replaying it with our engine)──▶ format::Save ──▶ .jcz
//!  .jcz ──format::Save──▶ import (checking each turn with our engine) ──▶ GameLog
//! ```
//!
//! - `format`: the save's serde types, bounded in size;
//! - `names`: JCZ's tile sets, tile ids, elements, meeple and feature types;
//! - `pointers`: a feature of a placed tile as JCZ's pointer, and back;
//! - `sheep`: JCZ's bag of sheep and wolf tokens and how it draws;
//! - `export`, `import`: the two directions.

pub mod export;
pub mod format;
pub mod import;
pub mod names;
pub mod pointers;
pub mod sheep;

pub use export::export;
pub use format::Save;
pub use import::{expansions, expansions_with, import};
