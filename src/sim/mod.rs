//! Simulation: many seeded random games of a tile set, summarised — discards
//! (per game, per tile kind, per draw), points by source and seat, first-player
//! advantage, game length, flights by die roll, big top scorings. What
//! `tileforge simulate` prints.
//!
//! ```text
//!  Ruleset ──simulate──▶ chunks of games (rayon) ──record──▶ Tally per chunk
//!                                                              │ merge (integers)
//!                         Summary ◀──Summary::new──────────────┘
//!                            ├─▶ JSON, text tables (summary, text)
//!                            ├─▶ compare(baseline, candidate)
//!                            └─▶ charts (PNG)
//! ```
//!
//! Each seat is played by its [`Seat`] (`random` by default, `greedy`,
//! `mcts:N`; see [`crate::players`]); the summary reports each seat and
//! each seat kind.
//!
//! Determinism: game `i` is played with the seed [`game_seed`]`(seed, i)`,
//! whichever thread plays it; the games are cut into
//! chunks of [`CHUNK`] whatever the thread count; and a [`Tally`] holds only
//! integers, so merging the chunks is exact and the result does not depend on
//! the order they finish in. Same seed, same summary, on any number of threads.
//!
//! The module does no I/O: progress and game logs go to an [`Observer`].

pub mod accumulate;
pub mod charts;
pub mod compare;
pub mod designer;
mod plot;
mod record;
pub mod sources;
pub mod summary;
mod text;
pub mod wide;

use std::fmt;

use rayon::prelude::*;

pub use accumulate::Tally;
pub use compare::{compare, Comparison};
pub use summary::Summary;

use crate::engine::log::GameLog;
use crate::engine::random::player_names;
use crate::engine::{Ruleset, MAX_PLAYERS};
use crate::players::{Seat, Seats};

/// Games per chunk: the unit of work handed to a thread and of progress.
pub const CHUNK: u64 = 64;

/// What to simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Number of games.
    pub games: u64,
    /// Players per game (1 to [`MAX_PLAYERS`]).
    pub players: usize,
    /// The run's seed; game `i` uses [`game_seed`]`(seed, i)`.
    pub seed: u64,
    /// Hand each game's log to [`Observer::game_log`].
    pub keep_logs: bool,
    /// Who plays each seat: [`Options::players`] of them.
    pub seats: Seats,
}

impl Options {
    /// `games` games of `players` random seats.
    #[must_use]
    pub fn random(games: u64, players: usize, seed: u64) -> Options {
        Options {
            games,
            players,
            seed,
            keep_logs: false,
            seats: Seats::random(players),
        }
    }

    /// The seat of each player, in turn order.
    #[must_use]
    pub fn seat_list(&self) -> &[Seat] {
        self.seats.as_slice()
    }
}

/// Receives progress and game logs while games are played, from any thread.
pub trait Observer: Sync {
    /// `n` more games are finished.
    fn games_done(&self, n: u64) {
        let _ = n;
    }

    /// The log of game `index` (0-based), when [`Options::keep_logs`] is set.
    /// An error stops the simulation.
    ///
    /// # Errors
    /// The observer's own, e.g. a file that can't be written.
    fn game_log(&self, index: u64, log: &GameLog) -> Result<(), String> {
        let _ = (index, log);
        Ok(())
    }
}

/// An observer that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl Observer for Quiet {}

/// Why a simulation stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimError {
    /// The options are out of range.
    Options(String),
    /// The tile set can't be played (no start tile, too many tiles).
    Game(String),
    /// The observer failed.
    Observer(String),
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Options(m) | SimError::Observer(m) => f.write_str(m),
            SimError::Game(m) => write!(f, "cannot play this tile set: {m}"),
        }
    }
}

impl std::error::Error for SimError {}

/// The seed of game `index` of a run with `seed`: splitmix64 of the run's
/// mixed seed plus the index, so neighbouring run seeds share no games.
#[must_use]
pub fn game_seed(seed: u64, index: u64) -> u64 {
    splitmix64(splitmix64(seed).wrapping_add(index))
}

fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays the games and summarises them.
///
/// # Errors
/// See [`SimError`].
pub fn simulate(rules: &Ruleset, options: &Options) -> Result<Summary, SimError> {
    simulate_with(rules, options, &Quiet)
}

/// Plays the games, reporting to `observer`, and summarises them. Runs on
/// the current rayon pool.
///
/// # Errors
/// See [`SimError`].
pub fn simulate_with(
    rules: &Ruleset,
    options: &Options,
    observer: &dyn Observer,
) -> Result<Summary, SimError> {
    Ok(Summary::new(
        rules,
        options,
        &tally(rules, options, observer)?,
    ))
}

/// Plays the games and returns the raw counts.
///
/// # Errors
/// See [`SimError`].
pub fn tally(
    rules: &Ruleset,
    options: &Options,
    observer: &dyn Observer,
) -> Result<Tally, SimError> {
    if options.games == 0 {
        return Err(SimError::Options(
            "the number of games must be at least 1".into(),
        ));
    }
    if !(1..=MAX_PLAYERS).contains(&options.players) {
        return Err(SimError::Options(format!(
            "a game has 1 to {MAX_PLAYERS} players, not {}",
            options.players
        )));
    }
    if options.seats.len() != options.players {
        return Err(SimError::Options(format!(
            "{} for {}",
            crate::words::count(options.seats.len(), "seat"),
            crate::words::count(options.players, "player")
        )));
    }
    let table = record::Table::new(rules);
    let names = player_names(options.players);
    let empty = || Tally::new(rules.kind_count(), options.players, table.columns.len());
    let chunks = options.games.div_ceil(CHUNK);
    (0..chunks)
        .into_par_iter()
        .map(|chunk| {
            let mut tally = empty();
            let first = chunk * CHUNK;
            for index in first..(first + CHUNK).min(options.games) {
                let seed = game_seed(options.seed, index);
                let keep = options.keep_logs.then_some(names.as_slice());
                let log = record::play(rules, &table, options.seat_list(), seed, keep, &mut tally)
                    .map_err(|e| SimError::Game(e.to_string()))?;
                if let Some(log) = log {
                    observer.game_log(index, &log).map_err(SimError::Observer)?;
                }
            }
            observer.games_done(tally.games);
            Ok(tally)
        })
        .try_reduce(empty, |a, b| Ok(a.merged(&b)))
}
