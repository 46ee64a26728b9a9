//! The shipped tile sets: they compile clean, match the published catalogue
//! (tests/data/catalogue.md, a copy of the reference tile list), and their IR
//! text, JSON and the JSON Schema match reviewed goldens.
//! `TILEFORGE_BLESS=1 cargo test --test tilesets` rewrites the goldens.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use common::{check_golden, compile_files, shipped, tiles_in};
use tileforge::check::Checked;
use tileforge::diag::render_all;
use tileforge::emit::{self, wire};
use tileforge::geometry::{Side, Slot};

fn shipped_checked() -> Checked {
    let (sources, compiled) = compile_files(&shipped());
    assert!(
        compiled.diagnostics.is_empty(),
        "the shipped sets must compile without any diagnostic:\n{}",
        render_all(&sources, &compiled.diagnostics, false)
    );
    compiled.checked.expect("checked")
}

#[test]
fn shipped_sets_hold_the_published_tile_counts() {
    let set = emit::tileset(&shipped_checked());
    let per_expansion = |id: &str| -> u32 {
        set.tiles
            .iter()
            .filter(|t| t.expansion == id)
            .map(|t| t.count)
            .sum()
    };
    assert_eq!(per_expansion("base"), 72);
    assert_eq!(per_expansion("under-the-big-top"), 20);
    assert_eq!(per_expansion("the-flier"), 8);
    assert_eq!(per_expansion("crop-circles-2"), 6);
    let starts: Vec<&str> = set
        .tiles
        .iter()
        .filter(|t| t.start > 0)
        .map(|t| t.id.as_str())
        .collect();
    assert_eq!(starts, ["base/D"]);
}

#[test]
fn ir_text_matches_golden() {
    let text = tileforge::ir::tileset_text(shipped_checked().ir());
    if let Some(diff) = check_golden(Path::new("tests/golden/tilesets.ir.txt"), &text) {
        panic!("{diff}");
    }
}

#[test]
fn json_matches_golden_and_reads_back_strictly() {
    let checked = shipped_checked();
    let json = emit::json(&checked);
    if let Some(diff) = check_golden(Path::new("tests/golden/tileset.json"), &json) {
        panic!("{diff}");
    }
    // Every wire struct denies unknown fields, so this fails on any field the
    // types do not document.
    let back: wire::TileSet = serde_json::from_str(&json).expect("tileset.json reads back");
    assert_eq!(back, emit::tileset(&checked));
    assert_eq!(back.format, wire::FORMAT);
    assert_eq!(back.version, wire::FORMAT_VERSION);
}

#[test]
fn an_unknown_field_is_rejected_when_reading_back() {
    let json = emit::json(&shipped_checked()).replacen("\"count\"", "\"copies\": 1, \"count\"", 1);
    assert!(serde_json::from_str::<wire::TileSet>(&json).is_err());
}

#[test]
fn schema_matches_golden() {
    let schema = emit::schema();
    let value: serde_json::Value = serde_json::from_str(&schema).expect("schema is JSON");
    for shape in ["region", "path", "face", "spot"] {
        assert!(
            schema.contains(&format!("\"{shape}\"")),
            "schema lacks the shape {shape}"
        );
    }
    assert!(value.get("$schema").is_some());
    if let Some(diff) = check_golden(Path::new("tests/golden/tileset.schema.json"), &schema) {
        panic!("{diff}");
    }
}

#[test]
fn examples_compile_clean() {
    let files = tiles_in(Path::new("examples"));
    assert!(!files.is_empty(), "examples/ holds a fan expansion");
    for file in files {
        // A fan expansion is compiled with the base game it requires.
        let mut inputs = vec![Path::new("tilesets/base.tiles").to_path_buf()];
        inputs.push(file.clone());
        let (sources, compiled) = compile_files(&inputs);
        assert!(
            compiled.diagnostics.is_empty(),
            "{} must compile without diagnostics:\n{}",
            file.display(),
            render_all(&sources, &compiled.diagnostics, false)
        );
    }
}

// ------------------------------------------------------------ the catalogue

/// One catalogue row: id, count, edges, normalised feature descriptions.
struct Row {
    id: String,
    count: u32,
    edges: String,
    contents: String,
}

fn catalogue() -> Vec<Row> {
    let text = std::fs::read_to_string("tests/data/catalogue.md").expect("catalogue");
    let mut expansion = "";
    let mut rows = Vec::new();
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            expansion = match heading {
                h if h.starts_with("Base game") => "base",
                h if h.starts_with("Under the Big Top") => "under-the-big-top",
                h if h.starts_with("The Flier") => "the-flier",
                h if h.starts_with("Crop circles") => "crop-circles-2",
                _ => "",
            };
            continue;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 6
            || cells[1] == "tile"
            || cells[1].starts_with("---")
            || expansion.is_empty()
        {
            continue;
        }
        let tile = cells[1];
        // Crop Circles II is shipped; Crop Circles I is in tilesets/extra.
        let id = match tile.split_once('/') {
            Some(("CC.2", rest)) => format!("crop-circles-2/{rest}"),
            Some(("CC.1", rest)) => format!("crop-circles-1/{rest}"),
            Some(_) => continue,
            None => format!("{expansion}/{tile}"),
        };
        rows.push(Row {
            id,
            count: cells[2].parse().expect("count"),
            edges: cells[3].replace(' ', ""),
            contents: cells[4].to_string(),
        });
    }
    rows
}

fn side_of(name: &str) -> Side {
    Side::parse(name).unwrap_or_else(|| panic!("not a side: {name}"))
}

/// The catalogue's contents, in the form `describe` gives our tiles. Cities a
/// field touches are named by our city feature ids, found from the side the
/// catalogue names (it names one side per city).
fn catalogue_features(contents: &str, tile: &wire::Tile, rotation: u8) -> Vec<String> {
    let city_at = |side: Side| -> Option<usize> {
        tile.features.iter().position(|f| {
            f.kind == "city" && f.slots.iter().any(|s| s.rotated(rotation).side() == side)
        })
    };
    let mut out = Vec::new();
    for item in contents.split("; ") {
        let words: Vec<&str> = item.split_whitespace().collect();
        let d = match words.as_slice() {
            ["city", rest @ ..] => {
                let pennants = usize::from(rest.contains(&"+pennant"));
                let mut sides: Vec<Side> = rest
                    .iter()
                    .filter(|w| !w.starts_with('+'))
                    .map(|w| side_of(w))
                    .collect();
                sides.sort();
                format!("city {sides:?} p{pennants}")
            }
            ["road", a, "(dead", "end)"] => format!("road [{:?}] dead", side_of(a)),
            ["road", a, b] => {
                let mut sides = [side_of(a), side_of(b)];
                sides.sort();
                format!("road {sides:?}")
            }
            ["field", rest @ ..] => {
                let (slots, cities) = match item.split_once(" [touches city at ") {
                    Some((slots, cities)) => (slots, cities.trim_end_matches(']')),
                    None => (item, ""),
                };
                let mut slots: Vec<Slot> = slots
                    .split_whitespace()
                    .skip(1)
                    .map(|s| Slot::parse(s).unwrap_or_else(|| panic!("slot {s} in {rest:?}")))
                    .collect();
                slots.sort();
                let mut cities: Vec<Option<usize>> = cities
                    .split_whitespace()
                    .map(|s| city_at(side_of(s)))
                    .collect();
                cities.sort();
                cities.dedup();
                format!("field {slots:?} cities {cities:?}")
            }
            ["cloister"] => "cloister".to_string(),
            ["circus", "space"] => "circus".to_string(),
            ["acrobat", "spaces"] => "acrobats".to_string(),
            ["flying", "machine,", "arrow", d] => format!("flier {d}"),
            ["crop", "circle", t] => {
                format!("crop-circle {}", t.trim_matches(|c| c == '(' || c == ')'))
            }
            _ => panic!("unreadable catalogue item: {item}"),
        };
        out.push(d);
    }
    out.sort();
    out
}

/// Our tile turned by `rotation`, described like the catalogue: fields without
/// the middle slots of field sides (the catalogue lists half-sides only).
fn our_features(tile: &wire::Tile, rotation: u8) -> Vec<String> {
    let sides = |slots: &[Slot]| {
        let mut s: Vec<Side> = slots.iter().map(|s| s.rotated(rotation).side()).collect();
        s.sort();
        s.dedup();
        s
    };
    let mut out: Vec<String> = tile
        .features
        .iter()
        .map(|f| match f.kind.as_str() {
            "city" => format!("city {:?} p{}", sides(&f.slots), f.units("pennant")),
            "road" if !f.ends.is_empty() => format!("road {:?} dead", sides(&f.slots)),
            "road" => format!("road {:?}", sides(&f.slots)),
            "field" => {
                let mut s: Vec<Slot> = f
                    .slots
                    .iter()
                    .filter(|s| !s.is_middle())
                    .map(|s| s.rotated(rotation))
                    .collect();
                s.sort();
                let cities: Vec<Option<usize>> = f.touching.iter().map(|c| Some(*c)).collect();
                format!("field {s:?} cities {cities:?}")
            }
            "flier" => format!(
                "flier {}",
                f.direction
                    .map_or("?".to_string(), |d| d.rotated(rotation).to_string())
            ),
            "crop-circle" => format!("crop-circle {}", f.variant.as_deref().unwrap_or("?")),
            other => other.to_string(),
        })
        .collect();
    out.sort();
    out
}

#[test]
fn shipped_sets_match_the_catalogue() {
    let mut files = shipped();
    files.extend(tiles_in(Path::new("tilesets/extra")));
    let (sources, compiled) = compile_files(&files);
    assert!(
        compiled.diagnostics.is_empty(),
        "{}",
        render_all(&sources, &compiled.diagnostics, false)
    );
    let set = emit::tileset(&compiled.checked.expect("checked"));
    let rows = catalogue();
    let mut failures = Vec::new();
    let mut matched: BTreeMap<&str, bool> =
        set.tiles.iter().map(|t| (t.id.as_str(), false)).collect();
    for row in &rows {
        let Some(tile) = set.tiles.iter().find(|t| t.id == row.id) else {
            failures.push(format!("{}: in the catalogue, not in tilesets/", row.id));
            continue;
        };
        matched.insert(tile.id.as_str(), true);
        if tile.count != row.count {
            failures.push(format!(
                "{}: count {} (catalogue {})",
                row.id, tile.count, row.count
            ));
        }
        let fits = (0..4u8).any(|r| {
            let edges: String = (0..4)
                .map(|i| char::from(tile.edge(Side::from_index(i + 4 - usize::from(r)))))
                .collect();
            edges == row.edges
                && our_features(tile, r) == catalogue_features(&row.contents, tile, r)
        });
        if !fits {
            failures.push(format!(
                "{}: differs from the catalogue\n  catalogue: {} {:?}\n  ours:      {} {:?}",
                row.id,
                row.edges,
                catalogue_features(&row.contents, tile, 0),
                tile.edges,
                our_features(tile, 0)
            ));
        }
    }
    for (id, seen) in matched {
        if !seen {
            failures.push(format!("{id}: in tilesets/, not in the catalogue"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
