//! `tileforge export jcz-game GAME.json --tileset PATH -o GAME.jcz` and
//! `tileforge import jcz-game SAVE.jcz --tileset PATH -o GAME.json`: games to
//! and from JCloisterZone (docs/jcz-games.md). Both read the whole input,
//! translate it in memory and only then write the output atomically, so a
//! failure writes nothing.

use std::path::PathBuf;

use super::input::Colour;
use super::output::write_atomic;
use super::read::{read_text, MAX_JSON};
use super::tileset::{input, load, ruleset};
use super::Failure;
use crate::engine::log::GameLog;
use crate::jcz_game::{self, Save};

/// Arguments of `export jcz-game`.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// The game log (docs/game-log.md).
    game: PathBuf,
    /// The tile set the game was played with: a compiled `tileset.json`, or
    /// `.tiles` files or a directory of them.
    #[arg(long, value_name = "PATH")]
    tileset: PathBuf,
    /// The save to write (`.jcz`).
    #[arg(short, long, value_name = "GAME.jcz")]
    output: PathBuf,
}

/// Arguments of `import jcz-game`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The JCloisterZone save (`.jcz`).
    save: PathBuf,
    /// The tile set to play it with: a compiled `tileset.json`, or `.tiles`
    /// files or a directory of them (the shipped `tilesets`).
    #[arg(long, value_name = "PATH")]
    tileset: PathBuf,
    /// The game log to write.
    #[arg(short, long, value_name = "GAME.json")]
    output: PathBuf,
}

/// `export jcz-game`.
pub fn export(args: &ExportArgs) -> Result<(), Failure> {
    let set = load(std::slice::from_ref(&args.tileset), Colour::Auto)?;
    let text = read_text(&args.game, MAX_JSON)?;
    let log = GameLog::from_json(&text).map_err(|e| input(&args.game, &e))?;
    let rules = ruleset(&set, log.expansions.as_deref(), &args.game)?;
    let save = jcz_game::export(&set, &rules, &log).map_err(|e| input(&args.game, &e))?;
    write_atomic(&args.output, save.to_json().as_bytes())?;
    eprintln!(
        "wrote {}: {}, {}",
        args.output.display(),
        crate::words::count(log.turns.len(), "turn"),
        crate::words::count(save.replay.len(), "message")
    );
    Ok(())
}

/// `import jcz-game`.
pub fn import(args: &ImportArgs) -> Result<(), Failure> {
    let set = load(std::slice::from_ref(&args.tileset), Colour::Auto)?;
    let text = read_text(&args.save, MAX_JSON)?;
    let save = Save::from_json(&text).map_err(|e| input(&args.save, &e))?;
    let expansions = jcz_game::expansions_with(&set, &save).map_err(|e| input(&args.save, &e))?;
    let rules = ruleset(&set, Some(&expansions), &args.save)?;
    let log = jcz_game::import(&set, &rules, &save).map_err(|e| input(&args.save, &e))?;
    write_atomic(&args.output, log.to_json().as_bytes())?;
    eprintln!(
        "wrote {}: {}{}",
        args.output.display(),
        crate::words::count(log.turns.len(), "turn"),
        if log.finished { ", finished" } else { "" }
    );
    Ok(())
}
