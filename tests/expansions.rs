//! Every published expansion in `tilesets/`: each file compiles clean with
//! what it requires, the whole directory checks clean (the only warnings are
//! the documented ones: W0603 for rules the engine lacks; the tiles
//! JCloisterZone keeps twice with one structure are marked `twin`), and each expansion's
//! totals are JCloisterZone's (docs/tilesets.md). `play` on the directory
//! plays only what the engine can, and says what it left out.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::{all_sets, compile_files, stderr, tileforge};
use tileforge::diag::{render_all, Code};

/// Expansion id → (tiles, kinds) of its own, as JCloisterZone counts them
/// (`<tile-set>` refs; an edition counts only the tiles it adds).
const TOTALS: [(&str, u32, usize); 50] = [
    ("abbey-and-mayor-edition-2", 1, 1),
    ("abbey-and-mayor", 12, 12),
    ("base-edition-2", 8, 8),
    ("base", 72, 24),
    ("bridges-castles-and-bazaars-edition-2", 1, 1),
    ("bridges-castles-and-bazaars", 12, 11),
    ("count-of-carcassonne", 12, 12),
    ("crop-circles-2", 6, 6),
    ("cult-places", 6, 6),
    ("darmstadt", 3, 3),
    ("ferries", 8, 3),
    ("goldmines", 8, 8),
    ("gq11", 12, 12),
    ("heretics-and-shrines", 0, 0),
    ("hills-and-sheep-edition-2", 1, 1),
    ("hills-and-sheep", 18, 16),
    ("inns-and-cathedrals-edition-2", 2, 2),
    ("inns-and-cathedrals", 18, 17),
    ("king-and-robber-edition-2", 1, 1),
    ("king-and-robber", 5, 5),
    ("labyrinth", 1, 1),
    ("mage-and-witch-edition-2", 1, 1),
    ("mage-and-witch", 8, 8),
    ("monasteries", 6, 6),
    ("princess-and-dragon-edition-2", 2, 2),
    ("princess-and-dragon", 30, 29),
    ("river-2-edition-2", 1, 1),
    ("river-2", 11, 11),
    ("river-edition-2", 1, 1),
    ("river", 12, 10),
    ("russian-promos-2013", 2, 2),
    ("russian-promos-2016", 2, 2),
    ("spiel-doch-edition-2", 1, 1),
    ("spiel-doch", 2, 2),
    ("the-besiegers", 6, 6),
    ("the-cathars", 4, 4),
    ("the-festival", 10, 10),
    ("the-flier-edition-2", 1, 1),
    ("the-flier", 8, 8),
    ("the-tower-edition-2", 2, 2),
    ("the-tower", 18, 17),
    ("the-tunnel", 4, 4),
    ("traders-and-builders-edition-2", 2, 2),
    ("traders-and-builders", 24, 24),
    ("under-the-big-top-edition-2", 2, 2),
    ("under-the-big-top", 20, 16),
    ("watchtowers", 12, 12),
    ("wind-roses", 6, 6),
    ("winter-edition", 12, 12),
    ("crop-circles-1", 6, 6),
];

/// Tiles JCloisterZone keeps as separate kinds though their structure is one
/// (marked `twin`, so no W0602): the monasteries' artwork differs, the
/// watchtowers' too, and the Count's quarters differ only in where they lie
/// in the city of Carcassonne.
const TWINS: [&str; 11] = [
    "3", "4", "5", "8", "10", "12", "M2", "M3", "M4", "MR2", "FRFC_1C",
];

fn everything() -> Vec<PathBuf> {
    let mut files = all_sets();
    files.push(Path::new("tilesets/extra/crop-circles-1.tiles").to_path_buf());
    files
}

#[test]
fn every_expansion_has_jczs_totals() {
    let (sources, compiled) = compile_files(&everything());
    let checked = compiled
        .checked
        .unwrap_or_else(|| panic!("{}", render_all(&sources, &compiled.diagnostics, false)));
    let set = tileforge::emit::tileset(&checked);
    let mut got: BTreeMap<&str, (u32, usize)> = set
        .expansions
        .iter()
        .map(|e| (e.id.as_str(), (0, 0)))
        .collect();
    // JCloisterZone keeps tiles the players hold (the abbeys) out of its tile sets.
    for t in set.tiles.iter().filter(|t| !t.held) {
        let entry = got.get_mut(t.expansion.as_str()).expect("its expansion");
        entry.0 += t.count;
        entry.1 += 1;
    }
    let want: BTreeMap<&str, (u32, usize)> = TOTALS.iter().map(|&(e, t, k)| (e, (t, k))).collect();
    assert_eq!(got, want);
    let drawn = || set.tiles.iter().filter(|t| !t.held);
    assert_eq!(drawn().count(), 358, "JCloisterZone's 358 tile kinds");
    assert_eq!(drawn().map(|t| t.count).sum::<u32>(), 423);
}

#[test]
fn the_directory_checks_clean_but_for_the_documented_warnings() {
    let (sources, compiled) = compile_files(&everything());
    let unexpected: Vec<_> = compiled
        .diagnostics
        .iter()
        .filter(|d| d.code != Code::MissingCapability)
        .cloned()
        .collect();
    assert!(
        unexpected.is_empty(),
        "{}",
        render_all(&sources, &unexpected, false)
    );
    // The twins are twins indeed: the checker pairs exactly those.
    let checked = compiled.checked.as_ref().expect("compiles");
    let set = checked.ir();
    let mut paired: Vec<&str> = tileforge::check::identical::identical_pairs(set)
        .into_iter()
        .map(|(_, later)| set.tiles[later].name.as_str())
        .collect();
    paired.sort_unstable();
    let mut twins = TWINS.to_vec();
    twins.sort_unstable();
    assert_eq!(paired, twins);
    let out = tileforge(&["check", "tilesets"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("0 errors"), "{}", stderr(&out));
}

/// Each file with the files it requires (transitively), compiled alone.
#[test]
fn every_set_compiles_clean_with_what_it_requires() {
    let files = everything();
    let header = |p: &PathBuf| -> (String, Vec<String>) {
        let text = std::fs::read_to_string(p).expect("readable");
        let id = text
            .lines()
            .find_map(|l| l.strip_prefix("expansion "))
            .and_then(|l| l.split_whitespace().next())
            .expect("a header")
            .to_string();
        let requires = text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("requires "))
            .map(|r| r.trim().to_string())
            .collect();
        (id, requires)
    };
    let headers: Vec<(String, Vec<String>)> = files.iter().map(header).collect();
    for (i, file) in files.iter().enumerate() {
        let mut wanted = vec![headers[i].0.clone()];
        let mut k = 0;
        while k < wanted.len() {
            let j = headers
                .iter()
                .position(|h| h.0 == wanted[k])
                .unwrap_or_else(|| {
                    panic!("{}: requires `{}`, not shipped", file.display(), wanted[k])
                });
            for r in &headers[j].1 {
                if !wanted.contains(r) {
                    wanted.push(r.clone());
                }
            }
            k += 1;
        }
        let inputs: Vec<PathBuf> = files
            .iter()
            .zip(&headers)
            .filter(|(_, h)| wanted.contains(&h.0))
            .map(|(f, _)| f.clone())
            .collect();
        let (sources, compiled) = compile_files(&inputs);
        let bad: Vec<_> = compiled
            .diagnostics
            .iter()
            .filter(|d| !matches!(d.code, Code::MissingCapability | Code::IdenticalTiles))
            .cloned()
            .collect();
        assert!(
            bad.is_empty() && compiled.checked.is_some(),
            "{}: {}",
            file.display(),
            render_all(&sources, &bad, false)
        );
    }
}

#[test]
fn every_tile_has_a_description_and_no_file_is_a_draft() {
    for file in everything() {
        let text = std::fs::read_to_string(&file).expect("readable");
        assert!(!text.contains("A draft"), "{}", file.display());
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if line.starts_with("tile ") {
                assert!(
                    i > 0 && lines[i - 1].starts_with("///"),
                    "{}:{}: `{line}` has no description",
                    file.display(),
                    i + 1
                );
            }
        }
    }
}

#[test]
fn play_on_the_directory_plays_what_the_engine_can_and_says_what_it_left_out() {
    let dir = common::scratch("expansions-play");
    let log = dir.join("game.json");
    let out = tileforge(&[
        "play",
        "tilesets",
        "--seed",
        "3",
        "-v",
        "-o",
        log.to_str().expect("utf-8"),
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let note = err
        .lines()
        .find(|l| l.starts_with("note: playing "))
        .unwrap_or_else(|| panic!("no note in: {err}"));
    for part in [
        "russian-promos-2016, ",
        "count-of-carcassonne, ",
        "base-edition-2",
    ] {
        assert!(note.contains(part), "the note lacks `{part}`: {note}");
    }
    assert!(
        !note.contains("whose rules the engine lacks"),
        "every shipped set plays: {note}"
    );
    assert!(
        !err.contains("W0603"),
        "play does not repeat the check's warnings: {err}"
    );
    let text = std::fs::read_to_string(&log).expect("the log");
    assert!(
        text.contains("\"expansions\""),
        "the log records the choice"
    );
    // The log replays with the directory as the tile set.
    let score = tileforge(&[
        "score",
        log.to_str().expect("utf-8"),
        "--tileset",
        "tilesets",
    ]);
    assert_eq!(score.status.code(), Some(0), "{}", stderr(&score));
    // The Count of Carcassonne plays (its city laid as the start) and replays.
    let count = tileforge(&[
        "play",
        "tilesets",
        "--expansions",
        "base,count-of-carcassonne",
        "--seed",
        "13",
        "--players",
        "4",
        "-o",
        log.to_str().expect("utf-8"),
    ]);
    assert_eq!(count.status.code(), Some(0), "{}", stderr(&count));
    let score = tileforge(&[
        "score",
        log.to_str().expect("utf-8"),
        "--tileset",
        "tilesets",
    ]);
    assert_eq!(score.status.code(), Some(0), "{}", stderr(&score));
    // An edition named with its first printing plays.
    let edition = tileforge(&[
        "play",
        "tilesets",
        "--expansions",
        "base,base-edition-2",
        "-o",
        log.to_str().expect("utf-8"),
    ]);
    assert_eq!(edition.status.code(), Some(0), "{}", stderr(&edition));
}

/// The JCZ ids that the `.tiles` files mark `// JCZ ID: fields differ` (or
/// `JCZ's fields differ`), in every shipped and extra set.
fn marked_as_differing() -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    for path in everything() {
        let text = std::fs::read_to_string(&path).expect("readable");
        let mut current: Option<String> = None;
        for line in text.lines() {
            let Some(comment) = line.strip_prefix("// ") else {
                current = None;
                continue;
            };
            if let Some(rest) = comment.strip_prefix("JCZ ") {
                current = rest.split(':').next().map(str::to_string);
            }
            if comment.contains("fields differ") {
                if let Some(id) = &current {
                    out.insert(id.clone());
                }
            }
        }
    }
    out
}

#[test]
fn the_jcz_comparison_in_docs_matches_the_marked_tiles() {
    let doc = std::fs::read_to_string("docs/tilesets.md").expect("docs/tilesets.md");
    let section = doc
        .split("## Accounted for: every JCZ tile kind")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("the JCZ section");
    let number_before = |marker: &str| -> usize {
        let at = section.find(marker).expect(marker);
        let digits: String = section[..at]
            .chars()
            .rev()
            .skip_while(|c| !c.is_ascii_digit())
            .take_while(char::is_ascii_digit)
            .collect();
        digits
            .chars()
            .rev()
            .collect::<String>()
            .parse()
            .expect(marker)
    };
    let total = number_before(" of 358");
    let equal = number_before(" equal JCZ's own fields");
    let other = number_before(" (each marked");
    let mut listed = std::collections::BTreeSet::new();
    for row in section.lines().filter(|l| l.starts_with("| ")) {
        let cell = row.split('|').nth(1).unwrap_or_default().trim();
        if cell == "tiles" {
            continue;
        }
        for id in cell.split(", ") {
            if let Some((first, last)) = id.split_once(" … ") {
                let prefix = first.trim_end_matches(char::is_numeric);
                let from: usize = first[prefix.len()..].parse().expect("a range");
                let to: usize = last[prefix.len()..].parse().expect("a range");
                listed.extend((from..=to).map(|n| format!("{prefix}{n}")));
            } else {
                listed.insert(id.to_string());
            }
        }
    }
    let marked = marked_as_differing();
    assert_eq!(
        listed, marked,
        "docs/tilesets.md's list vs the `fields differ` comments"
    );
    assert_eq!(
        other,
        marked.len(),
        "docs/tilesets.md's count of differing kinds"
    );
    assert_eq!(equal + other, total, "equal + differing = every JCZ kind");
}

#[test]
fn the_default_note_is_one_short_line_and_v_gives_the_list() {
    let dir = common::scratch("expansions-note");
    let log = dir.join("game.json");
    let out = tileforge(&["play", "tilesets", "-o", log.to_str().expect("utf-8")]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let note = err
        .lines()
        .find(|l| l.starts_with("note: playing "))
        .unwrap_or_else(|| panic!("no note in: {err}"));
    assert!(note.len() < 120, "a short line: {note}");
    assert!(
        note.contains("left out 15 editions") && note.ends_with("(-v lists them)"),
        "{note}"
    );
}
