//! Players that choose moves like people do, for `play` and `simulate`: a
//! [`Seat`] is `random` (the engine's uniform random player), `greedy` (the
//! move with the best immediate value, [`eval`]) or `mcts:N` (Monte Carlo tree
//! search, N iterations per move). They use only the engine's public move and
//! score API: legal placements and figure actions, `apply` on a copy of the
//! game or a [`crate::engine::Preview`] of a placement, scores, and the
//! [`crate::engine::Outlook`] of features holding figures.
//!
//! ```text
//!  seed ──▶ table::play ── draws tiles, tokens, die rolls (chance)
//!                │  asks the seat of the player to move (policy::Policy)
//!                ├─▶ random  (policy.rs)   uniform, as engine::random
//!                ├─▶ greedy  (greedy.rs)   best value now (eval.rs,
//!                │                         previewed.rs)
//!                └─▶ mcts    (mcts.rs)     UCT over greedy-ranked moves,
//!                                          hidden tiles sampled per iteration
//! ```
//!
//! Chance and the random seats' choices come from one generator seeded with
//! the game's seed, in the order the engine's random player uses it, so a
//! game of random seats is exactly `engine::random`'s game for that seed; a
//! greedy or Monte Carlo seat has its own generator ([`seat_seed`]).

pub mod eval;
mod greedy;
mod mcts;
mod policy;
mod previewed;
mod seat;
pub mod table;

pub use seat::{Rollout, Seat, SeatError, Seats};
pub use table::{choose, play, play_logged};

/// The seed of seat `index`'s own generator in the game played with `seed`.
#[must_use]
pub fn seat_seed(seed: u64, index: usize) -> u64 {
    let mut z = seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
