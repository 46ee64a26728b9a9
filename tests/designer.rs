//! What designers asked for: the tile and position of every scoring event of
//! `score`, and in `simulate` points per tile kind, points per turn and
//! crop-circle statistics, consistent with the totals.

mod common;

use common::{stderr, tileforge};

#[test]
fn every_scoring_event_names_its_tile_and_position() {
    let out = tileforge(&[
        "score",
        "tests/engine/pennant-city.game.json",
        "--tileset",
        "tilesets/base.tiles",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let events = json["events"].as_array().expect("events");
    // Turn 3: E completed the city; in final scoring blue's city is named by
    // its first-placed tile, M.
    let at = |e: &serde_json::Value| (e["tile"].clone(), e["x"].clone(), e["y"].clone());
    assert_eq!(at(&events[0]), ("base/E".into(), 0.into(), (-2).into()));
    assert_eq!(at(&events[1]), ("base/M".into(), (-1).into(), (-1).into()));
    let text = tileforge(&[
        "score",
        "tests/engine/pennant-city.game.json",
        "--tileset",
        "tilesets/base.tiles",
    ]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("[base/E at (0, -2)]"));
}

#[test]
fn a_feature_shares_its_points_among_its_tiles() {
    use std::path::PathBuf;
    use tileforge::engine::{log::GameLog, replay, KindId, Ruleset};
    let (_, compiled) = common::compile_files(&[PathBuf::from("tilesets/base.tiles")]);
    let set = tileforge::emit::tileset(compiled.checked.as_ref().expect("base checks"));
    let rules = Ruleset::new(&set, None).expect("plays");
    let text = std::fs::read_to_string("tests/engine/pennant-city.game.json").expect("log");
    let game = replay(&rules, &GameLog::from_json(&text).expect("reads")).expect("replays");
    let names = |parts: &[(u32, KindId)]| {
        parts
            .iter()
            .map(|&(_, k)| rules.kind_id(k))
            .collect::<Vec<_>>()
    };
    let mut parts = Vec::new();
    // Turn 3: E closed red's city of D (the start tile), F and E: its 8
    // points are shared among the three, though E alone is credited.
    game.event_parts(0, &mut parts);
    assert_eq!(names(&parts), ["base/D", "base/F", "base/E"]);
    // In placement order: the start tile, turn 1's, turn 3's.
    let order: Vec<u32> = parts.iter().map(|&(t, _)| t).collect();
    assert_eq!(order, [0, 1, 3]);
    // Final scoring: blue's city is M alone.
    game.event_parts(1, &mut parts);
    assert_eq!(names(&parts), ["base/M"]);
}

/// The columns a set's reports show ([`tileforge::engine::Columns`]): the
/// base game's four kinds, a fan's kinds by name, then the other sources,
/// each named by the one figure or kind in play that declares its capability.
#[test]
fn columns_speak_the_sets_own_words() {
    use std::path::PathBuf;
    use tileforge::engine::{Columns, Ruleset};
    let names = |files: &[&str]| {
        let paths: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
        let (_, compiled) = common::compile_files(&paths);
        let set = tileforge::emit::tileset(compiled.checked.as_ref().expect("checks"));
        let rules = Ruleset::new(&set, None).expect("plays");
        let c = Columns::new(&rules);
        (0..c.len())
            .map(|i| (c.name(i).to_string(), c.always(i)))
            .collect::<Vec<_>>()
    };
    let kinds = |n: &[(String, bool)]| {
        n.iter()
            .filter(|(_, always)| *always)
            .map(|(n, _)| n.clone())
            .collect::<Vec<_>>()
    };
    let base = names(&["tilesets/base.tiles"]);
    assert_eq!(kinds(&base), ["road", "city", "cloister", "field"]);
    let mere = names(&["tilesets/base.tiles", "tests/data/mere.tiles"]);
    assert_eq!(kinds(&mere), ["road", "city", "cloister", "field", "mere"]);
    let lakeside = names(&["tilesets/base.tiles", "examples/lakeside.tiles"]);
    assert_eq!(
        kinds(&lakeside),
        ["road", "city", "cloister", "field", "canal", "pond"]
    );
    // The other sources follow, shown only when scored; the ringmaster's
    // takes the fan figure's name.
    let ring = names(&["tilesets/base.tiles", "tests/data/ringside.tiles"]);
    let others: Vec<&str> = ring.iter().skip(4).map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        others,
        [
            "circus",
            "acrobats",
            "ringleader",
            "goods",
            "tower",
            "wind-rose",
            "castle",
            "bazaar",
            "fairy"
        ]
    );
    assert!(ring.iter().skip(4).all(|(_, always)| !always));
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-3 * b.abs().max(1.0)
}

#[test]
fn points_per_kind_and_per_turn_add_up_to_the_totals() {
    let out = tileforge(&[
        "simulate",
        "tilesets",
        "--expansions",
        "base,under-the-big-top,the-flier,crop-circles-2",
        "--games",
        "300",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let s: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let players = s["players"].as_f64().expect("players");
    let total_mean = s["points"]["total"]["mean"].as_f64().expect("mean");
    let turns = s["game_length"]["mean"].as_f64().expect("turns");
    let d = &s["designer"];
    let kinds = d["tile_kinds"].as_array().expect("kinds");
    assert_eq!(kinds.len(), 54);
    let sum = |field: &str| -> f64 {
        kinds
            .iter()
            .map(|k| k[field].as_f64().expect("number"))
            .sum()
    };
    // Every point is credited to exactly one tile kind.
    assert!(
        close(sum("points_per_game"), total_mean * players),
        "{}",
        sum("points_per_game")
    );
    // And shared among the kinds the features were made of, exactly.
    assert!(
        close(sum("share_per_game"), total_mean * players),
        "{}",
        sum("share_per_game")
    );
    // Every tile placed, the start tile too.
    assert!(
        close(sum("placed_per_game"), turns + 1.0),
        "{}",
        sum("placed_per_game")
    );
    let rates = d["points_per_turn"].as_array().expect("rates");
    let total = rates.last().expect("total");
    assert_eq!(total["source"], "total");
    assert!(close(
        total["per_turn"].as_f64().expect("rate"),
        total_mean * players / turns
    ));
    let crop = &d["crop_circles"];
    // Six crop-circle tiles in the shipped sets, each placed nearly every game.
    let per_game = crop["per_game"].as_f64().expect("crop");
    assert!(per_game > 5.0 && per_game <= 6.0, "{per_game}");
    let text = tileforge(&["simulate", "tilesets", "--games", "50"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Points per tile kind"), "{text}");
    // Both measures, each said what it is.
    assert!(
        text.contains("credited: to the tile each scoring event names"),
        "{text}"
    );
    assert!(
        text.contains("contributed: its share of the features"),
        "{text}"
    );
    assert!(text.contains("Crop circles:"), "{text}");
    // Per expansion: every expansion played has its row (the default plays
    // every expansion the engine can, Inns & Cathedrals among them).
    assert!(text.contains("Points per expansion"), "{text}");
    for row in ["\nbase ", "\ninns-and-cathedrals ", "\nunder-the-big-top "] {
        assert!(text.contains(row), "no row `{}` in {text}", row.trim());
    }
}

#[test]
fn a_set_without_crop_circles_reports_none() {
    let out = tileforge(&["simulate", "tilesets/base.tiles", "--games", "20", "--json"]);
    let s: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(s["designer"]["crop_circles"]["per_game"], 0.0);
    let text = tileforge(&["simulate", "tilesets/base.tiles", "--games", "20"]);
    assert!(!String::from_utf8_lossy(&text.stdout).contains("Crop circles:"));
}
