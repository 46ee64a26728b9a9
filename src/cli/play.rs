//! `tileforge play --seed S --players P --seats LIST PATH...`: one seeded game
//! (random seats unless `--seats` says otherwise); writes its game log
//! (stdout, or `--output FILE`) and a summary.

use std::path::PathBuf;

use super::input::Colour;
use super::output::write_atomic;
use super::Failure;
use crate::engine::random::player_names;
use crate::engine::{report, MAX_PLAYERS};
use crate::players::{self, Seats};

/// Arguments of `play`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `.tiles` files or directories of them, compiled together; or one
    /// compiled `tileset.json`.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The random seed: the same seed plays the same game.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Number of players (default: the number of `--seats`, else 2).
    #[arg(long)]
    players: Option<usize>,
    /// Who plays each seat, in turn order: `random`, `greedy`, `mcts:N`
    /// (N iterations per move) or `mcts:N:greedy`, comma-separated; one
    /// alone plays every seat.
    #[arg(long, value_name = "LIST")]
    seats: Option<String>,
    /// Play only these expansions (comma-separated or repeated); default:
    /// every expansion the engine can play, editions left out.
    #[arg(long = "expansions", alias = "expansion", value_delimiter = ',')]
    expansions: Vec<String>,
    /// Write the game log here (atomically) instead of to stdout.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// When to colour diagnostics.
    #[arg(long, value_enum, default_value_t)]
    color: Colour,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let seats = seats(args.seats.as_deref(), args.players)?;
    let set = super::tileset::load(&args.paths, args.color)?;
    let chosen = super::selection::expansions(&set, &args.expansions, super::verbosity::verbose());
    let rules = super::tileset::ruleset(
        &set,
        chosen.as_deref(),
        &super::tileset::set_name(&args.paths),
    )?;
    let names = player_names(seats.len());
    let (game, log) = players::play_logged(&rules, seats.as_slice(), &names, args.seed)
        .map_err(|e| Failure::Usage(format!("cannot play this tile set: {e}")))?;
    let placed = log.turns.iter().filter(|t| !t.discard).count();
    let discarded = log.turns.len() - placed;
    let scores = report::report(&game, &names)
        .players
        .iter()
        .map(|p| format!("{} {}", p.name, p.total))
        .collect::<Vec<_>>()
        .join(", ");
    let summary = format!(
        "seed {}, {}, {} placed, {discarded} discarded: {scores}",
        args.seed,
        crate::words::count(seats.len(), "player"),
        crate::words::count(placed, "tile"),
    );
    match &args.output {
        Some(path) => {
            write_atomic(path, log.to_json().as_bytes())?;
            super::output::stdout(&format!("{summary}\nwrote {}\n", path.display()))?;
        }
        None => {
            super::output::stdout(&log.to_json())?;
            super::verbosity::status(&summary);
        }
    }
    Ok(())
}

/// The seats from `--seats` and `--players` (2 random seats by default).
pub(super) fn seats(list: Option<&str>, players: Option<usize>) -> Result<Seats, Failure> {
    if let Some(n) = players {
        if !(1..=MAX_PLAYERS).contains(&n) {
            return Err(Failure::Usage(format!(
                "--players must be 1 to {MAX_PLAYERS}, not {n}"
            )));
        }
    }
    match list {
        Some(list) => {
            Seats::parse(list, players).map_err(|e| Failure::Usage(format!("--seats: {e}")))
        }
        None => Ok(Seats::random(players.unwrap_or(2))),
    }
}
