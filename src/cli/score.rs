//! `tileforge score GAME.json --tileset tileset.json [--json]`: replays a game
//! log and prints the scores by source and every scoring event.

use std::path::{Path, PathBuf};

use super::Failure;
use crate::emit::wire::TileSet;
use crate::engine::log::GameLog;
use crate::engine::{replay, report, Ruleset};

/// Arguments of `score`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game log (see docs/game-log.md).
    game: PathBuf,
    /// The compiled tile set the game was played with (`tileforge build`).
    #[arg(long)]
    tileset: PathBuf,
    /// Print the scores as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let set = read_tileset(&args.tileset)?;
    let text = read(&args.game)?;
    let log = GameLog::from_json(&text).map_err(|e| input(&args.game, &e))?;
    let rules = Ruleset::new(&set, log.expansions.as_deref()).map_err(|e| input(&args.game, &e))?;
    let game = replay(&rules, &log).map_err(|e| input(&args.game, &e))?;
    let report = report::report(&game, &log.players);
    if args.json {
        print!("{}", report.to_json());
    } else {
        print!("{}", report.to_text());
    }
    Ok(())
}

/// Reads a file; a missing or unreadable file is a usage error.
pub fn read(path: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(path).map_err(|e| Failure::io(path.display(), &e))
}

/// Prints an input error and fails with exit code 1.
pub fn input(path: &Path, error: &dyn std::fmt::Display) -> Failure {
    eprintln!("error: {}: {error}", path.display());
    Failure::Input
}

/// Reads and decodes a `tileset.json`.
pub fn read_tileset(path: &Path) -> Result<TileSet, Failure> {
    let text = read(path)?;
    serde_json::from_str(&text).map_err(|e| input(path, &format_args!("not a tile set: {e}")))
}
