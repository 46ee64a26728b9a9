//! The command line as a user meets it: exit codes, where output goes, one-line
//! errors for bad paths, nothing half-written.

mod common;

use common::{scratch, stderr, tileforge};

#[test]
fn check_accepts_the_shipped_sets() {
    let out = tileforge(&["check", "tilesets"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("ok: 49 files, 353 tile kinds, 0 errors, 0 warnings"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn check_reports_errors_with_exit_1() {
    let out = tileforge(&[
        "check",
        "--color",
        "never",
        "tests/ui/E0201-side-taken.tiles",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = stderr(&out);
    assert!(
        text.contains("error[E0201]: side E is used by two cities"),
        "{text}"
    );
    assert!(
        text.contains("failed: 1 file, 0 tile kinds, 3 errors, 0 warnings"),
        "{text}"
    );
}

#[test]
fn check_prints_json_for_editors() {
    let out = tileforge(&[
        "check",
        "--format",
        "json",
        "tests/ui/E0205-bad-direction.tiles",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    let first = &json[0];
    assert_eq!(first["code"], "E0205");
    assert_eq!(first["severity"], "error");
    assert_eq!(first["line"], 3);
    assert_eq!(first["column"], 16);
    assert_eq!(first["help"], "did you mean `NW`?");
}

#[test]
fn a_missing_file_is_a_one_line_error_with_exit_2() {
    let out = tileforge(&["check", "no/such/file.tiles"]);
    assert_eq!(out.status.code(), Some(2));
    let text = stderr(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.starts_with("error: no/such/file.tiles:"), "{text}");
}

#[test]
fn a_directory_without_tiles_files_is_an_error() {
    let out = tileforge(&["check", "benches"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out).trim(),
        "error: benches: the directory holds no .tiles files"
    );
}

#[test]
fn build_writes_the_json_and_nothing_else_half_done() {
    let dir = scratch("build");
    let out = tileforge(&[
        "build",
        "tilesets/base.tiles",
        "tilesets/crop-circles-2.tiles",
        "tilesets/the-flier.tiles",
        "tilesets/under-the-big-top.tiles",
        "--no-render",
        "-o",
        dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(dir.join("tileset.json")).expect("tileset.json");
    let golden = std::fs::read_to_string("tests/golden/tileset.json").expect("golden");
    assert_eq!(written, golden);
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().contains(".tmp"))
        .collect();
    assert!(
        leftovers.is_empty(),
        "temporary files left behind: {leftovers:?}"
    );
}

#[test]
fn build_with_errors_writes_nothing() {
    let dir = scratch("build-errors");
    let out = tileforge(&[
        "build",
        "tests/ui/E0203-crossing-features.tiles",
        "-o",
        dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!dir.join("tileset.json").exists());
}

#[test]
fn an_unwritable_output_directory_is_a_one_line_error() {
    // A directory cannot be created below a regular file.
    let out = tileforge(&["build", "tilesets", "-o", "README.md/out"]);
    assert_eq!(out.status.code(), Some(2));
    let text = stderr(&out);
    let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("error")).collect();
    assert_eq!(errors.len(), 1, "{text}");
    assert!(
        errors[0].starts_with("error: cannot create output directory README.md/out:"),
        "{text}"
    );
}

#[test]
fn schema_prints_the_golden_schema() {
    let out = tileforge(&["schema"]);
    assert_eq!(out.status.code(), Some(0));
    let golden = std::fs::read_to_string("tests/golden/tileset.schema.json").expect("golden");
    assert_eq!(String::from_utf8_lossy(&out.stdout), golden);
}

#[test]
fn usage_errors_exit_2() {
    let out = tileforge(&["check"]);
    assert_eq!(out.status.code(), Some(2));
    let out = tileforge(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_reader_that_goes_away_is_not_an_error() {
    use std::io::Read;
    // A set large enough that its report overflows the pipe buffer.
    let dir = scratch("broken-pipe");
    let mut text = String::from("expansion big {}\n");
    for i in 0..1500 {
        text.push_str(&format!(
            "tile t{i} x2 {{ city N pennants {i}; road E W }}\n"
        ));
    }
    let file = dir.join("big.tiles");
    std::fs::write(&file, text).expect("writes");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tileforge"))
        .args(["stats", file.to_str().expect("utf-8")])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawns");
    let mut first = [0u8; 16];
    child
        .stdout
        .take()
        .expect("stdout")
        .read_exact(&mut first)
        .expect("reads");
    let out = child.wait_with_output().expect("finishes");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}

#[test]
fn score_takes_several_tileset_paths() {
    let out = tileforge(&[
        "score",
        "--tileset",
        "tilesets/base.tiles",
        "--tileset",
        "tilesets/crop-circles-2.tiles",
        "tests/engine/crop-city.game.json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("ok: 2 files"), "{}", stderr(&out));
    // Only cities scored, and no capability: no columns of zeros for them.
    let table = String::from_utf8_lossy(&out.stdout);
    let header = table.lines().next().unwrap_or_default();
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        ["player", "road", "city", "cloister", "field", "total"],
        "{table}"
    );
}

#[test]
fn an_unknown_expansion_gets_a_suggestion() {
    let out = tileforge(&["play", "tilesets", "--expansions", "the-towr"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("unknown expansion `the-towr`; did you mean `the-tower`?"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn one_tile_kind_is_singular() {
    let out = tileforge(&["check", "tests/ui/E0307-field-nowhere.tiles"]);
    assert!(
        stderr(&out).contains("failed: 1 file, 0 tile kinds, 1 error, 0 warnings"),
        "{}",
        stderr(&out)
    );
    let dir = scratch("one-kind");
    let file = dir.join("one.tiles");
    std::fs::write(&file, "expansion one {}\ntile a { city N S }\n").expect("write");
    let out = tileforge(&["check", file.to_str().expect("utf-8")]);
    assert!(
        stderr(&out).contains("ok: 1 file, 1 tile kind, 0 errors, 1 warning"),
        "{}",
        stderr(&out)
    );
}

/// The keys of a JSON object in the order written (`serde_json::Value`
/// sorts them).
struct Keys(Vec<String>);

impl<'de> serde::Deserialize<'de> for Keys {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Keys, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Keys;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<Keys, A::Error> {
                let mut out = Vec::new();
                while let Some((k, _)) = a.next_entry::<String, serde::de::IgnoredAny>()? {
                    out.push(k);
                }
                Ok(Keys(out))
            }
        }
        d.deserialize_map(Visit)
    }
}

/// The columns of a score report and of a simulation summary, in order.
#[derive(serde::Deserialize)]
struct ScoreKeys {
    players: Vec<PlayerKeys>,
}

#[derive(serde::Deserialize)]
struct PlayerKeys {
    by_source: Keys,
}

#[derive(serde::Deserialize)]
struct SimKeys {
    points: Keys,
    seats: Vec<SeatKeys>,
}

#[derive(serde::Deserialize)]
struct SeatKeys {
    mean: Keys,
}

/// `score` of a game with a fan kind (`mere`, scored like a city): the
/// kind's points under its own name, in the text and in the JSON.
#[test]
fn score_names_a_fan_kinds_own_column() {
    let args = [
        "score",
        "tests/data/mere.game.json",
        "--tileset",
        "tests/data/mere.tiles",
    ];
    let text = tileforge(&args);
    assert_eq!(text.status.code(), Some(0), "{}", stderr(&text));
    let text = String::from_utf8_lossy(&text.stdout).into_owned();
    let header = text.lines().next().unwrap_or_default();
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        ["player", "road", "city", "cloister", "field", "mere", "total"],
        "{text}"
    );
    assert!(text.contains("+1  mere       unfinished mere"), "{text}");
    assert!(!text.contains("city       unfinished mere"), "{text}");
    let json = tileforge(&[&args[..], &["--json"]].concat());
    assert_eq!(json.status.code(), Some(0), "{}", stderr(&json));
    let json = String::from_utf8_lossy(&json.stdout).into_owned();
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(value["format"], "tileforge.score");
    assert_eq!(value["version"], 2);
    assert_eq!(value["players"][1]["by_source"]["mere"], 1);
    let keys: ScoreKeys = serde_json::from_str(&json).expect("JSON");
    assert_eq!(
        keys.players[0].by_source.0,
        ["road", "city", "cloister", "field", "mere"]
    );
    for (file, actual) in [("mere.score.txt", &text), ("mere.score.json", &json)] {
        let golden = std::path::Path::new("tests/golden/reports").join(file);
        if let Some(diff) = common::check_golden(&golden, actual) {
            panic!("{diff}");
        }
    }
}

/// `simulate` of the fan set: `mere` is a column of the points table, of
/// the seats' means and of the points per turn, in the text and the JSON.
#[test]
fn simulate_names_a_fan_kinds_own_column() {
    let out = tileforge(&[
        "simulate",
        "tests/data/mere.tiles",
        "--games",
        "40",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let s: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(s["format"], "tileforge.simulation");
    assert_eq!(s["version"], 2);
    let keys: SimKeys = serde_json::from_slice(&out.stdout).expect("JSON");
    let want = ["road", "city", "cloister", "field", "mere", "total"];
    assert_eq!(keys.points.0, want);
    assert_eq!(keys.seats[0].mean.0, want);
    let rates: Vec<&str> = s["designer"]["points_per_turn"]
        .as_array()
        .expect("rates")
        .iter()
        .map(|r| r["source"].as_str().expect("name"))
        .collect();
    assert_eq!(rates, want);
    assert!(
        s["points"]["mere"]["sum"].as_i64() > Some(0),
        "{}",
        s["points"]["mere"]
    );
    let text = tileforge(&["simulate", "tests/data/mere.tiles", "--games", "40"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("\nmere "), "{text}");
    // Against the base game, which has no mere: its column counts as zeros.
    let out = tileforge(&[
        "simulate",
        "tests/data/mere.tiles",
        "--games",
        "40",
        "--baseline",
        "tilesets/base.tiles",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let c: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let mere = c["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .find(|ch| ch["metric"] == "points.mere")
        .expect("a change of points.mere");
    assert_eq!(mere["baseline"], 0.0);
    assert!(mere["candidate"].as_f64() > Some(0.0), "{mere}");
}

/// A base game's reports name only the base game's columns: no zeros for
/// the expansions' capabilities or a fan's kinds.
#[test]
fn base_reports_show_no_expansion_columns() {
    let out = tileforge(&["simulate", "tilesets/base.tiles", "--games", "20", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let keys: SimKeys = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        keys.points.0,
        ["road", "city", "cloister", "field", "total"]
    );
    let text = tileforge(&["simulate", "tilesets/base.tiles", "--games", "20"]);
    let text = String::from_utf8_lossy(&text.stdout);
    for column in ["circus", "acrobats", "ringmaster", "goods", "mere"] {
        assert!(!text.contains(column), "`{column}` in {text}");
    }
    let stats = tileforge(&["stats", "tilesets/base.tiles"]);
    let stats = String::from_utf8_lossy(&stats.stdout);
    let header = stats.lines().nth(2).unwrap_or_default();
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        [
            "expansion",
            "tiles",
            "kinds",
            "city",
            "road",
            "field",
            "cloisters",
            "pennants"
        ],
        "{stats}"
    );
}

/// Counts beside nouns read right when the count is 1 (`crate::words`).
#[test]
fn one_line_messages_say_one_in_the_singular() {
    let dir = scratch("singular");
    let log = dir.join("one.json");
    let out = tileforge(&[
        "play",
        "tilesets/base.tiles",
        "--players",
        "1",
        "--seed",
        "1",
        "-o",
        log.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), stderr(&out));
    assert!(said.contains("seed 1, 1 player, "), "{said}");
    let out = tileforge(&["simulate", "tilesets/base.tiles", "--games", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("1 game, 2 players, seed 0"), "{text}");
    let out = tileforge(&[
        "simulate",
        "tilesets/base.tiles",
        "--games",
        "2",
        "--seats",
        "greedy,random",
        "--players",
        "3",
    ]);
    assert!(
        stderr(&out).contains("2 seats for 3 players"),
        "{}",
        stderr(&out)
    );
}
