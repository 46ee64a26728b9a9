//! The tile set a game is played or scored with: `.tiles` sources compiled on
//! the spot, or one compiled `tileset.json`, read strictly and validated in
//! full. Every command that plays (`play`, `simulate`, `score`) loads it here,
//! so the same broken input gives the same message and exit code (1) in each.

use std::path::{Path, PathBuf};

use super::input::{compile_inputs, Colour, Format};
use super::read::{display_name, read_text};
use super::Failure;
use crate::emit::wire::TileSet;
use crate::engine::Ruleset;

/// True when the paths name one compiled tile set (a `.json` file).
pub fn is_compiled(paths: &[PathBuf]) -> bool {
    matches!(paths, [one] if one.extension().is_some_and(|e| e == "json"))
}

/// Compiles `.tiles` inputs, or reads one `tileset.json`.
pub fn load(paths: &[PathBuf], colour: Colour) -> Result<TileSet, Failure> {
    if is_compiled(paths) {
        return read_tileset(&paths[0]);
    }
    let (_, compiled) = compile_inputs(paths, Format::Play, colour, false)?;
    let checked = compiled.checked.ok_or(Failure::Input)?;
    Ok(crate::emit::tileset(&checked))
}

/// Reads, decodes and validates a `tileset.json`; a malformed one is an
/// input error.
pub fn read_tileset(path: &Path) -> Result<TileSet, Failure> {
    let text = read_text(path, super::read::MAX_JSON)?;
    let set: TileSet = serde_json::from_str(&text)
        .map_err(|e| input(path, &format_args!("not a tile set: {e}")))?;
    crate::engine::validate::validate(&set)
        .map_err(|e| input(path, &format_args!("not a valid tile set: {e}")))?;
    Ok(set)
}

/// Prepares a tile set for play; a set the engine cannot play (a missing rule
/// parameter, an expansion that is not there) is an input error.
pub fn ruleset(
    set: &TileSet,
    expansions: Option<&[String]>,
    name: &Path,
) -> Result<Ruleset, Failure> {
    Ruleset::new(set, expansions).map_err(|e| input(name, &e))
}

/// What a tile set read from `paths` is called in messages: its one path,
/// or, for several, not the first of them (the fault may be any file's).
pub fn set_name(paths: &[PathBuf]) -> PathBuf {
    match paths {
        [one] => one.clone(),
        _ => PathBuf::from(format!("the tile set ({} inputs)", paths.len())),
    }
}

/// Prints an input error naming the file and fails with exit code 1.
pub fn input(path: &Path, error: &dyn std::fmt::Display) -> Failure {
    let message = format!("error: {}: {error}", display_name(path));
    eprintln!("{}", super::output::printable(&message));
    Failure::Input
}
