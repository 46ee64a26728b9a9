//! The static report (`tileforge stats`): totals equal the published counts, and
//! a tile that fits nowhere is named.

mod common;

use std::path::PathBuf;
use std::process::Command;

use tileforge::stats::report;

#[test]
fn base_game_totals_equal_the_catalogue() {
    let (_, compiled) = common::compile_files(&[PathBuf::from("tilesets/base.tiles")]);
    let report = report(&compiled.checked.expect("base compiles"));
    let base = &report.expansions[0];
    assert_eq!(base.id, "base");
    assert_eq!(base.tiles, 72);
    assert_eq!(base.kinds, 24);
    let n = |name: &str| base.counts.get(name);
    assert_eq!(n("city-sides") + n("road-sides") + n("field-sides"), 288);
    assert_eq!(
        (n("field-sides"), n("road-sides"), n("city-sides")),
        (115, 94, 79)
    );
    assert_eq!(n("pennants"), 10);
    assert_eq!(n("cloisters"), 6);
    // Only what the base game has: no columns of zeros for the expansions'.
    let names: Vec<&str> = base.counts.0.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "city-sides",
            "road-sides",
            "field-sides",
            "cloisters",
            "pennants"
        ]
    );
    assert!(report.never_placeable.is_empty());
    assert!(report.identical.is_empty());
    let patterns: u64 = report.side_patterns.iter().map(|p| p.tiles).sum();
    assert_eq!(patterns, 72);
}

#[test]
fn shipped_sets_count_fliers_and_crop_circles() {
    let (_, compiled) = common::compile_files(&common::shipped());
    let report = report(&compiled.checked.expect("shipped sets compile"));
    assert_eq!(report.total.tiles, 106);
    assert_eq!(report.fliers_by_direction.get("NW"), Some(&3));
    assert_eq!(report.fliers_by_direction.get("W"), Some(&5));
    for t in ["city", "road", "field"] {
        assert_eq!(report.crop_circles_by_type.get(t), Some(&2), "{t}");
    }
}

#[test]
fn an_unplaceable_tile_is_reported() {
    let out = Command::new(env!("CARGO_BIN_EXE_tileforge"))
        .args(["stats", "--json", "tests/data/unplaceable.tiles"])
        .output()
        .expect("runs");
    // The checker warns (W0601) but the set is valid.
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("W0601"));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    assert_eq!(json["format"], "tileforge.stats");
    assert_eq!(json["version"], 1);
    // No flier or crop circle in the set: no breakdown of them.
    assert!(json.get("fliers_by_direction").is_none(), "{json}");
    assert!(json.get("crop_circles_by_type").is_none(), "{json}");
    assert_eq!(
        json["never_placeable"],
        serde_json::json!(["lonely/castle"])
    );
    let castle = json["neighbours"]
        .as_array()
        .and_then(|n| n.iter().find(|t| t["tile"] == "lonely/castle"))
        .expect("castle row");
    assert_eq!(castle["sides"][0]["kinds"], 0);
}

#[test]
fn the_text_report_has_no_breakdown_of_what_the_set_lacks() {
    let run = |paths: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tileforge"))
            .arg("stats")
            .args(paths)
            .arg("-q")
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    let base = run(&["tilesets/base.tiles"]);
    assert!(!base.contains("Fliers by direction"), "{base}");
    assert!(!base.contains("Crop circles by type"), "{base}");
    let flier = run(&["tilesets/base.tiles", "tilesets/the-flier.tiles"]);
    assert!(flier.contains("Fliers by direction: NW 3, W 5"), "{flier}");
    assert!(!flier.contains("Crop circles by type"), "{flier}");
}
