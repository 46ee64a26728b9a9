//! Compares imported drafts with hand-written sets, structurally: for each
//! expansion id both hold, every tile's edges, features (kind, slots,
//! attributes, variant, arrow) and fields (slots, the regions they touch),
//! up to rotation, with its count. How a reading got there (dead-end targets,
//! `touching`, `reaching`) is not compared, only what it derives.
//!
//! ```sh
//! tileforge import jcz JCZ/src/extraResources/expansions -o drafts
//! cargo run --example jcz_compare -- drafts tilesets tilesets/extra
//! ```
//! The first directory holds the imported drafts; the others the reference.
//! `--pairs` first prints every matched pair (`expansion: reference-id = imported-id`),
//! which is how docs/tilesets.md maps JCZ's base ids to the base game's letters.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tileforge::compile::compile;
use tileforge::diag::SourceMap;
use tileforge::emit::{self, wire};

fn main() {
    let mut args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let pairs = args.first().is_some_and(|a| a.as_os_str() == "--pairs");
    if pairs {
        args.remove(0);
    }
    let Some((imported, reference)) = args.split_first() else {
        eprintln!("usage: jcz_compare IMPORTED_DIR REFERENCE_DIR...");
        std::process::exit(2);
    };
    let a = load(std::slice::from_ref(imported));
    let b = load(reference);
    let mut total = (0, 0);
    for (exp, theirs) in &b {
        let Some(ours) = a.get(exp) else { continue };
        let mut left: Vec<(String, String, u32)> = ours.clone();
        let mut matched = 0;
        let mut missing = Vec::new();
        for (id, sig, count) in theirs {
            match left.iter().position(|(_, s, c)| s == sig && c == count) {
                Some(i) => {
                    let (imported_id, _, _) = left.swap_remove(i);
                    if pairs {
                        println!("  {id} = {imported_id}");
                    }
                    matched += 1;
                }
                None => missing.push(id.clone()),
            }
        }
        println!(
            "{exp}: {matched} of {} reference kinds equal an imported kind (counts too); \
             imported has {}",
            theirs.len(),
            ours.len()
        );
        for id in &missing {
            println!("  reference {id}: no equal imported tile");
        }
        for (id, _, _) in &left {
            println!("  imported {id}: no equal reference tile");
        }
        total.0 += matched;
        total.1 += theirs.len();
    }
    println!("total: {} of {} kinds equal", total.0, total.1);
}

/// Expansion → (tile id, signature, count) for every tile of the directories.
fn load(dirs: &[PathBuf]) -> BTreeMap<String, Vec<(String, String, u32)>> {
    let mut sources = SourceMap::new();
    let mut ids = Vec::new();
    for dir in dirs {
        for path in tiles_in(dir) {
            let text = std::fs::read_to_string(&path).expect("readable");
            ids.push(sources.add(path.display().to_string(), text));
        }
    }
    let compiled = compile(&sources, &ids);
    let checked = compiled.checked.expect("the sets compile");
    let set = emit::tileset(&checked);
    let mut out: BTreeMap<String, Vec<(String, String, u32)>> = BTreeMap::new();
    for t in &set.tiles {
        out.entry(t.expansion.clone())
            .or_default()
            .push((t.id.clone(), signature(t), t.count));
    }
    out
}

fn tiles_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a directory")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "tiles"))
        .collect();
    files.sort();
    files
}

/// The smallest of the tile's four turned descriptions.
fn signature(t: &wire::Tile) -> String {
    (0..4u8).map(|q| describe(t, q)).min().expect("four turns")
}

fn describe(t: &wire::Tile, q: u8) -> String {
    let slots = |f: &wire::Feature| -> Vec<usize> {
        let mut s: Vec<usize> = f.slots.iter().map(|s| s.rotated(q).index()).collect();
        s.sort_unstable();
        s
    };
    let mut parts: Vec<String> = t
        .features
        .iter()
        .map(|f| {
            let touching: Vec<Vec<usize>> = if f.kind == "field" {
                let mut v: Vec<Vec<usize>> =
                    f.touching.iter().map(|&r| slots(&t.features[r])).collect();
                v.sort();
                v
            } else {
                Vec::new()
            };
            format!(
                "{} {:?} {:?} {:?} {:?} {:?}",
                f.kind,
                slots(f),
                f.attributes,
                f.variant,
                f.direction.map(|d| d.rotated(q).name()),
                touching
            )
        })
        .collect();
    parts.sort();
    parts.join(" | ")
}
