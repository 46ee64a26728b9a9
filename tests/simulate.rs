//! `tileforge simulate`: the same seed gives the same numbers on 1 and 2
//! threads; a tile that fits nowhere is discarded in every game; saved games
//! replay with `score` to the numbers the summary counted; the statistics
//! agree with each other; compare mode, charts and usage errors.

mod common;

use std::path::PathBuf;
use std::process::Output;

use common::{scratch, stderr, tileforge};
use serde_json::Value;
use tileforge::engine::Ruleset;
use tileforge::sim::{simulate, Options, Summary};

fn json(out: &Output) -> Value {
    assert_eq!(out.status.code(), Some(0), "{}", stderr(out));
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

fn rules(paths: &[PathBuf]) -> Ruleset {
    let (_, compiled) = common::compile_files(paths);
    let set = tileforge::emit::tileset(compiled.checked.as_ref().expect("the set checks"));
    Ruleset::new(&set, None).expect("the set plays")
}

fn options(games: u64, seed: u64) -> Options {
    Options {
        games,
        players: 3,
        seed,
        keep_logs: false,
        seats: tileforge::players::Seats::random(3),
    }
}

fn on_threads(threads: usize, rules: &Ruleset, options: &Options) -> Summary {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a pool")
        .install(|| simulate(rules, options).expect("simulates"))
}

#[test]
fn the_same_seed_gives_the_same_numbers_on_one_and_two_threads() {
    let all = rules(&common::shipped());
    // 300 games are 5 chunks, so two threads really split them.
    let one = on_threads(1, &all, &options(300, 11)).to_json();
    let two = on_threads(2, &all, &options(300, 11)).to_json();
    assert_eq!(one, two);
    let other_seed = on_threads(2, &all, &options(300, 12)).to_json();
    assert_ne!(one, other_seed, "the seed must matter");
}

#[test]
fn the_command_line_is_deterministic_across_thread_counts() {
    let run = |threads: &str| {
        tileforge(&[
            "simulate",
            "tilesets",
            "--games",
            "150",
            "--seed",
            "5",
            "--json",
            "--threads",
            threads,
        ])
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(json(&one), json(&two));
    assert_eq!(one.stdout, two.stdout);
}

#[test]
fn an_unplaceable_tile_is_discarded_in_every_game() {
    let lonely = rules(&[PathBuf::from("tests/data/unplaceable.tiles")]);
    let s = simulate(&lonely, &options(200, 3)).expect("simulates");
    let castle = s
        .discards
        .by_kind
        .iter()
        .find(|k| k.tile == "lonely/castle")
        .expect("castle row");
    assert_eq!(castle.discarded, 200);
    assert_eq!(castle.rate, 1.0);
    assert_eq!(s.discards.games_with_discard, 200);
    assert!(s.discards.per_game.min >= 1);
    let roads: u64 = s
        .discards
        .by_kind
        .iter()
        .filter(|k| k.tile != "lonely/castle")
        .map(|k| k.discarded)
        .sum();
    assert_eq!(roads, 0, "every road tile fits the open road ends");
    let by_draw: u64 = s.discards.by_draw.iter().map(|d| d.discarded).sum();
    assert_eq!(by_draw, 200);
}

#[test]
fn statistics_agree_with_each_other() {
    let all = rules(&common::shipped());
    let s = simulate(&all, &options(400, 1)).expect("simulates");
    // Points by column add up to the total, exactly.
    let by_source: i64 = s.points.columns.iter().map(|(_, d)| d.sum).sum();
    assert_eq!(by_source, s.points.total.sum);
    for d in s
        .points
        .columns
        .iter()
        .map(|(_, d)| d)
        .chain([&s.points.total])
    {
        assert_eq!(d.count, 400 * 3);
        let counted: i64 = d.histogram.iter().map(|[_, n]| n).sum();
        assert_eq!(counted, 1200);
        assert!(d.min <= d.p10 && d.p10 <= d.median && d.median <= d.p90 && d.p90 <= d.max);
    }
    // Every tile drawn is placed or discarded; discards add up three ways.
    assert_eq!(s.tiles_drawn, 105);
    assert_eq!(
        s.game_length.sum + s.discards.per_game.sum,
        400 * s.tiles_drawn
    );
    let by_kind: u64 = s.discards.by_kind.iter().map(|k| k.discarded).sum();
    let by_draw: u64 = s.discards.by_draw.iter().map(|d| d.discarded).sum();
    assert_eq!(i64::try_from(by_kind).ok(), Some(s.discards.per_game.sum));
    assert_eq!(by_kind, by_draw);
    assert_eq!(s.discards.by_draw.len(), 105);
    // Win shares add up to one game per game; seat means to the total mean.
    let shares: f64 = s.seats.iter().map(|x| x.win_share).sum();
    assert!((shares - 1.0).abs() < 1e-5, "{shares}");
    let seat_mean: f64 = s.seats.iter().map(|x| x.mean.total).sum::<f64>() / 3.0;
    assert!((seat_mean - s.points.total.mean).abs() < 1e-5);
    // The flier's die has faces 1 1 2 2 3 3; a landing needs a flight.
    assert!(s.flights.total > 0);
    for r in &s.flights.by_roll {
        assert!((1..=3).contains(&r.roll), "roll {}", r.roll);
        assert!(r.landed <= r.flights);
    }
    // 12 circus tiles: 11 scorings during play and one at the end.
    assert_eq!(s.big_top.scorings_per_game.min, 12);
    assert_eq!(s.big_top.scorings_per_game.max, 12);
}

#[test]
fn saved_games_replay_to_the_counted_scores() {
    let dir = scratch("simulate-saved");
    let build = tileforge(&[
        "build",
        "tilesets",
        "-o",
        dir.to_str().expect("utf-8"),
        "--no-render",
    ]);
    assert_eq!(build.status.code(), Some(0), "{}", stderr(&build));
    let tileset = dir.join("tileset.json");
    let games = dir.join("games");
    let summary = json(&tileforge(&[
        "simulate",
        tileset.to_str().expect("utf-8"),
        "--games",
        "3",
        "--seed",
        "9",
        "--json",
        "--save-games",
        games.to_str().expect("utf-8"),
    ]));
    let mut files: Vec<_> = std::fs::read_dir(&games)
        .expect("games written")
        .map(|e| e.expect("entry").file_name().into_string().expect("utf-8"))
        .collect();
    files.sort();
    assert_eq!(
        files,
        ["game-000001.json", "game-000002.json", "game-000003.json"]
    );
    // The summary's columns are the set's own: every scoring kind in play
    // (the shrine apart from the cloister), then the sources that scored.
    let sources: Vec<String> = summary["points"]
        .as_object()
        .expect("points")
        .keys()
        .filter(|k| *k != "total")
        .cloned()
        .collect();
    assert!(sources.iter().any(|s| s == "shrine"), "{sources:?}");
    let mut totals = vec![0i64; sources.len()];
    let mut seat_totals = [0i64; 2];
    for file in &files {
        let report = json(&tileforge(&[
            "score",
            games.join(file).to_str().expect("utf-8"),
            "--tileset",
            tileset.to_str().expect("utf-8"),
            "--json",
        ]));
        assert_eq!(report["format"], "tileforge.score");
        assert_eq!(report["version"], 2);
        for (seat, p) in report["players"]
            .as_array()
            .expect("players")
            .iter()
            .enumerate()
        {
            seat_totals[seat] += p["total"].as_i64().expect("total");
            for (i, source) in sources.iter().enumerate() {
                // A source nobody scored in this game is left out of it.
                totals[i] += p["by_source"][source].as_i64().unwrap_or(0);
            }
        }
    }
    for (i, source) in sources.iter().enumerate() {
        assert_eq!(
            summary["points"][source]["sum"].as_i64(),
            Some(totals[i]),
            "{source}"
        );
    }
    for (seat, total) in seat_totals.iter().enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let mean = *total as f64 / 3.0;
        let counted = summary["seats"][seat]["mean"]["total"]
            .as_f64()
            .expect("mean");
        assert!(
            (counted - mean).abs() < 1e-5,
            "seat {seat}: {counted} vs {mean}"
        );
    }
}

#[test]
fn compare_mode_runs_both_sets_with_the_same_seeds() {
    let out = tileforge(&[
        "simulate",
        "tilesets/base.tiles",
        "tilesets/under-the-big-top.tiles",
        "--baseline",
        "tilesets/base.tiles",
        "--games",
        "200",
        "--json",
    ]);
    let c = json(&out);
    assert_eq!(c["baseline"]["games"], 200);
    assert_eq!(c["candidate"]["games"], 200);
    assert_eq!(c["baseline"]["expansions"], serde_json::json!(["base"]));
    let change = |metric: &str| {
        c["changes"]
            .as_array()
            .and_then(|a| a.iter().find(|x| x["metric"] == metric))
            .unwrap_or_else(|| panic!("{metric} missing"))
            .clone()
    };
    let circus = change("points.circus");
    assert_eq!(circus["baseline"], 0.0);
    assert!(circus["change"].as_f64().expect("number") > 0.0);
    // The big top's 20 tiles are each placed or discarded.
    let number = |metric: &str| change(metric)["change"].as_f64().expect("number");
    let drawn = number("game_length") + number("discards.per_game");
    assert!((drawn - 20.0).abs() < 1e-9, "{drawn}");
    // Per turn as well as per game: the baseline's points per player and
    // turn are its points per player and game over its turns per game.
    let per_turn = change("points_per_turn.total");
    let b = |metric: &str| change(metric)["baseline"].as_f64().expect("number");
    let expected = b("points.total") / b("game_length");
    assert!(
        (per_turn["baseline"].as_f64().expect("number") - expected).abs() < 1e-3,
        "{per_turn} vs {expected}"
    );
    assert!(per_turn["candidate"].as_f64().is_some());
    // The baseline alone gives the same numbers as a plain run.
    let plain = json(&tileforge(&[
        "simulate",
        "tilesets/base.tiles",
        "--games",
        "200",
        "--json",
    ]));
    assert_eq!(c["baseline"], plain);
    let text = tileforge(&[
        "simulate",
        "tilesets/base.tiles",
        "tilesets/under-the-big-top.tiles",
        "--baseline",
        "tilesets/base.tiles",
        "--games",
        "50",
    ]);
    let text = String::from_utf8_lossy(&text.stdout).into_owned();
    assert!(text.contains("What changes"), "{text}");
    assert!(text.contains("under-the-big-top/"), "{text}");
}

#[test]
fn charts_are_written_as_png() {
    let dir = scratch("simulate-charts");
    let out = tileforge(&[
        "simulate",
        "tilesets",
        "--games",
        "100",
        "--charts",
        dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for file in ["points.png", "discards-by-kind.png", "discards-by-draw.png"] {
        let bytes = std::fs::read(dir.join(file)).expect(file);
        let image = tileforge::render::decode_png(&bytes).expect(file);
        assert!(image.width() >= 400 && image.height() >= 150, "{file}");
    }
    // Not a terminal: no progress bar.
    assert!(!stderr(&out).contains("games,"), "{}", stderr(&out));
}

#[test]
fn bad_usage_is_a_one_line_error_with_exit_2() {
    for (args, wanted) in [
        (vec!["--games", "0"], "--games must be at least 1"),
        (vec!["--players", "0"], "--players must be 1 to 16"),
        (vec!["--players", "17"], "--players must be 1 to 16"),
        (vec!["--threads", "0"], "--threads must be at least 1"),
        (
            vec!["--threads", "100000"],
            "--threads must be at most 256, not 100000",
        ),
    ] {
        let mut all = vec!["simulate", "tilesets/base.tiles"];
        all.extend(args);
        let out = tileforge(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(wanted), "{err}");
    }
    let out = tileforge(&["simulate", "no/such/file.tiles"]);
    assert_eq!(out.status.code(), Some(2));
    let dir = scratch("simulate-not-a-dir");
    let file = dir.join("file");
    std::fs::write(&file, "x").expect("write");
    let out = tileforge(&[
        "simulate",
        "tilesets/base.tiles",
        "--games",
        "1",
        "--save-games",
        file.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // Errors in the tile set are input errors: exit 1.
    let out = tileforge(&["simulate", "tests/ui/E0201-side-taken.tiles"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn timings_report_games_a_cpu_second_on_stderr_only() {
    let plain = tileforge(&["simulate", "tilesets/base.tiles", "--games", "20", "--json"]);
    let timed = tileforge(&[
        "simulate",
        "tilesets/base.tiles",
        "--games",
        "20",
        "--json",
        "--timings",
    ]);
    assert_eq!(json(&plain), json(&timed), "--timings changes only stderr");
    let err = stderr(&timed);
    let line = err
        .lines()
        .find(|l| l.starts_with("timings: load "))
        .unwrap_or_else(|| panic!("no timings line in {err}"));
    assert!(line.contains("; 20 games "), "{line}");
    assert!(line.contains(" games a CPU-second"), "{line}");
    assert!(!stderr(&plain).contains("timings:"));
}
