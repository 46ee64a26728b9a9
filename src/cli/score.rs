//! `tileforge score GAME.json --tileset tileset.json [--json] [--png FILE]`:
//! replays a game log and prints the scores by source and every scoring
//! event; `--png` also draws the board as it stood after the last turn (before
//! final scoring took the figures off), with the final scores in the legend.

use std::path::{Path, PathBuf};

use super::input::Colour;
use super::output::write_atomic;
use super::read::read_text;
use super::tileset::{input, load, ruleset};
use super::Failure;
use crate::emit::wire::TileSet;
use crate::engine::log::GameLog;
use crate::engine::report::ScoreReport;
use crate::engine::{replay, report, BoardView};
use crate::render::board::{self, Caption, PlayerLine};

/// Arguments of `score`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game log (see docs/game-log.md).
    game: PathBuf,
    /// The tile set the game was played with: a compiled `tileset.json`
    /// (`tileforge build`), or `.tiles` files or directories of them,
    /// compiled together (repeat the option: `--tileset base.tiles
    /// --tileset fan.tiles`).
    #[arg(long, value_name = "PATH", required = true)]
    tileset: Vec<PathBuf>,
    /// Print the scores as JSON.
    #[arg(long)]
    json: bool,
    /// Also draw the final board as a PNG image (written atomically).
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// Edge length of a tile in the board image, in pixels (smaller for a
    /// board too large to draw at this size).
    #[arg(long, value_name = "PX", default_value_t = board::DEFAULT_TILE_SIZE,
          value_parser = clap::value_parser!(u32).range(16..=1024))]
    tile_size: u32,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let set = load(&args.tileset, Colour::Auto)?;
    let text = read_text(&args.game, super::read::MAX_JSON)?;
    let log = GameLog::from_json(&text).map_err(|e| input(&args.game, &e))?;
    let rules = ruleset(&set, log.expansions.as_deref(), &args.game)?;
    // The set's fault, not the log's: the exit code `play` and `simulate` give.
    if log.start.is_none() && rules.start().is_none() {
        return Err(Failure::Usage(
            "cannot play this tile set: the tile set marks no start tile".into(),
        ));
    }
    // Replay without final scoring first: the picture shows the figures that
    // final scoring takes off the board.
    let unfinished = GameLog {
        finished: false,
        ..log.clone()
    };
    let mut game = replay(&rules, &unfinished).map_err(|e| input(&args.game, &e))?;
    let view = args.png.is_some().then(|| game.board_view());
    if log.finished {
        crate::engine::replay::finish(&mut game, &log).map_err(|e| input(&args.game, &e))?;
    }
    let report = report::report(&game, &log.players);
    if let (Some(path), Some(view)) = (&args.png, &view) {
        draw_board(
            args,
            &set,
            view,
            &caption(&args.game, &log, view, &report),
            path,
        )?;
    }
    if args.json {
        super::output::stdout(&report.to_json())?;
    } else {
        super::output::stdout(&report.to_text())?;
    }
    Ok(())
}

/// Draws the board and writes it atomically; a board that cannot be drawn is
/// an input error and leaves no file.
fn draw_board(
    args: &Args,
    set: &TileSet,
    view: &BoardView,
    caption: &Caption,
    path: &Path,
) -> Result<(), Failure> {
    let picture =
        board::board_png(set, view, caption, args.tile_size).map_err(|e| input(&args.game, &e))?;
    write_atomic(path, &picture.png)?;
    let smaller = if picture.grid.tile_size < args.tile_size {
        format!(
            "; tiles drawn at {} px instead of {} to stay within {} px a side and {} pixels",
            picture.grid.tile_size,
            args.tile_size,
            board::MAX_SIDE,
            board::MAX_PIXELS
        )
    } else {
        String::new()
    };
    super::verbosity::status(&format!(
        "wrote {} ({} × {} px{smaller})",
        path.display(),
        picture.width,
        picture.height
    ));
    Ok(())
}

/// The legend's title and scores: the log's file name, how far the game got.
fn caption(game: &Path, log: &GameLog, view: &BoardView, report: &ScoreReport) -> Caption {
    let name = game.file_name().map_or_else(
        || game.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let state = if log.finished {
        "final scores"
    } else {
        "game not finished, scores so far"
    };
    Caption {
        title: format!(
            "{name}: {} on the board, {state}",
            crate::words::count(view.tiles.len(), "tile")
        ),
        players: report
            .players
            .iter()
            .map(|p| PlayerLine {
                name: p.name.clone(),
                score: p.total,
            })
            .collect(),
    }
}
