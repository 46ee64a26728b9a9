//! What the benchmarks share: the shipped tile sets, compiled.

#![allow(dead_code)]

use tileforge::check::Checked;
use tileforge::diag::{render_all, SourceMap};
use tileforge::emit::wire::TileSet;

/// The four shipped sets, read from `tilesets/`.
pub fn shipped_sources() -> SourceMap {
    let mut sources = SourceMap::new();
    for name in ["base", "crop-circles-2", "the-flier", "under-the-big-top"] {
        let path = format!("{}/tilesets/{name}.tiles", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        sources.add(path, text);
    }
    sources
}

/// The shipped sets, checked.
pub fn shipped_checked() -> Checked {
    let sources = shipped_sources();
    let ids: Vec<_> = sources.ids().collect();
    let compiled = tileforge::compile::compile(&sources, &ids);
    match compiled.checked {
        Some(checked) => checked,
        None => panic!("{}", render_all(&sources, &compiled.diagnostics, false)),
    }
}

/// The shipped sets as the wire types the engine reads.
pub fn shipped() -> TileSet {
    tileforge::emit::tileset(&shipped_checked())
}

/// Base, The Tower, the volcano and dragon tiles (a stand-in in
/// `benches/sets/`), Under the Big Top and The Flier.
pub fn tower_and_dragon() -> TileSet {
    compile_paths(&[
        "tilesets/base.tiles",
        "tilesets/the-tower.tiles",
        "benches/sets/volcano-and-dragon.tiles",
        "tilesets/under-the-big-top.tiles",
        "tilesets/the-flier.tiles",
    ])
}

fn compile_paths(paths: &[&str]) -> TileSet {
    let mut sources = SourceMap::new();
    let root = env!("CARGO_MANIFEST_DIR");
    for path in paths {
        let path = format!("{root}/{path}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        sources.add(path, text);
    }
    let ids: Vec<_> = sources.ids().collect();
    let compiled = tileforge::compile::compile(&sources, &ids);
    match compiled.checked {
        Some(checked) => tileforge::emit::tileset(&checked),
        None => panic!("{}", render_all(&sources, &compiled.diagnostics, false)),
    }
}

/// Base, The River, Inns & Cathedrals, Traders & Builders (stand-ins in
/// `benches/sets/` until the shipped sets land), Under the Big Top and The
/// Flier, as the wire types the engine reads.
pub fn wave() -> TileSet {
    let mut sources = SourceMap::new();
    let root = env!("CARGO_MANIFEST_DIR");
    for path in [
        "tilesets/base.tiles",
        "benches/sets/river.tiles",
        "benches/sets/inns-and-cathedrals.tiles",
        "benches/sets/traders-and-builders.tiles",
        "tilesets/under-the-big-top.tiles",
        "tilesets/the-flier.tiles",
    ] {
        let path = format!("{root}/{path}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        sources.add(path, text);
    }
    let ids: Vec<_> = sources.ids().collect();
    let compiled = tileforge::compile::compile(&sources, &ids);
    match compiled.checked {
        Some(checked) => tileforge::emit::tileset(&checked),
        None => panic!("{}", render_all(&sources, &compiled.diagnostics, false)),
    }
}
