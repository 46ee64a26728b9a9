//! The strength report of `docs/players.md`: plays the pairings of seats on
//! the base game and on all four shipped sets (each pairing in both seat
//! orders, with the same seeds), then random against greedy tables for what a
//! designer reads, and prints the tables as Markdown. Seeded: the same
//! numbers every run, on any number of threads.
//!
//! ```sh
//! cargo run --release --example players_report            # the full report (minutes)
//! cargo run --release --example players_report -- --quick # a tenth of the games
//! ```

use std::time::Instant;

use tileforge::compile::compile;
use tileforge::diag::SourceMap;
use tileforge::engine::Ruleset;
use tileforge::players::Seats;
use tileforge::sim::summary::MeansBySource;
use tileforge::sim::{simulate, Options, Summary};

const SEED: u64 = 2026;

fn shipped() -> Ruleset {
    let mut sources = SourceMap::new();
    for name in ["base", "crop-circles-2", "the-flier", "under-the-big-top"] {
        let path = format!("{}/tilesets/{name}.tiles", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        sources.add(path, text);
    }
    let ids: Vec<_> = sources.ids().collect();
    let checked = compile(&sources, &ids)
        .checked
        .expect("the shipped sets check");
    Ruleset::new(&tileforge::emit::tileset(&checked), None).expect("they play")
}

fn run(rules: &Ruleset, seats: &str, games: u64) -> (Summary, f64) {
    let seats = Seats::parse(seats, None).expect("seats");
    let options = Options {
        seats,
        ..Options::random(games, seats.len(), SEED)
    };
    let start = Instant::now();
    let s = simulate(rules, &options).expect("simulates");
    (s, start.elapsed().as_secs_f64())
}

/// One kind's results over both seat orders: (win share, mean points).
struct Side {
    win_share: f64,
    mean: [f64; 8],
}

fn means(m: &MeansBySource) -> [f64; 8] {
    [
        "road",
        "city",
        "cloister",
        "field",
        "circus",
        "acrobats",
        "ringmaster",
        "total",
    ]
    .map(|n| m.get(n).copied().unwrap_or(0.0))
}

/// Plays `a,b` and `b,a` with `games` games each (`a,a` once, with twice
/// the games); returns a's and b's sides.
fn pairing(rules: &Ruleset, a: &str, b: &str, games: u64) -> (Side, Side, f64) {
    if a == b {
        let (s, t) = run(rules, &format!("{a},{b}"), 2 * games);
        let side = |i: usize| Side {
            win_share: s.seats[i].win_share,
            mean: means(&s.seats[i].mean),
        };
        return (side(0), side(1), t);
    }
    let (ab, t1) = run(rules, &format!("{a},{b}"), games);
    let (ba, t2) = run(rules, &format!("{b},{a}"), games);
    let side = |first: usize, second: usize| {
        let (x, y) = (&ab.seats[first], &ba.seats[second]);
        let (mx, my) = (means(&x.mean), means(&y.mean));
        Side {
            win_share: (x.win_share + y.win_share) / 2.0,
            mean: std::array::from_fn(|i| (mx[i] + my[i]) / 2.0),
        }
    };
    (side(0, 1), side(1, 0), t1 + t2)
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let scale = |n: u64| if quick { (n / 10).max(2) } else { n };
    let all = shipped();
    let base = Ruleset::new(
        &{
            let mut sources = SourceMap::new();
            let path = format!("{}/tilesets/base.tiles", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).expect("base");
            let id = sources.add(path, text);
            tileforge::emit::tileset(&compile(&sources, &[id]).checked.expect("base checks"))
        },
        None,
    )
    .expect("base plays");
    // (name, rules, games per order of a Monte Carlo pairing at 1,000 iterations)
    let sets: [(&str, &Ruleset, u64); 2] = [("base", &base, 100), ("all four sets", &all, 40)];

    println!("## Strength (2 players, each pairing in both seat orders, seed {SEED})\n");
    println!("| set | pairing | games | first's win share (ties half) | first's mean | second's mean | first by source (road/city/cloister/field/circus/acrobats/ringmaster) | second by source | seconds |");
    println!("|---|---|---:|---:|---:|---:|---|---|---:|");
    for (name, rules, mcts_games) in sets {
        for (a, b, games) in [
            ("random", "random", scale(5000)),
            ("greedy", "random", scale(1000)),
            ("greedy", "greedy", scale(1000)),
            ("mcts:200", "greedy", scale(mcts_games)),
            ("mcts:1000", "greedy", scale(mcts_games)),
        ] {
            let (x, y, secs) = pairing(rules, a, b, games);
            let by = |s: &Side| {
                s.mean[..7]
                    .iter()
                    .map(|v| format!("{v:.1}"))
                    .collect::<Vec<_>>()
                    .join(" / ")
            };
            println!(
                "| {name} | {a} vs {b} | {} | {:.1}% | {:.1} | {:.1} | {} | {} | {secs:.0} |",
                2 * games,
                100.0 * x.win_share,
                x.mean[7],
                y.mean[7],
                by(&x),
                by(&y)
            );
        }
    }

    println!("\n## What a designer reads: random against greedy tables (2 players)\n");
    println!("| set | seats | games | discards/game | road | city | cloister | field | circus | acrobats | ringmaster | total | first-player points | first-player win share | flights/game | landing rate | big top scorings/game |");
    println!(
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for (name, rules, _) in sets {
        for (seats, games) in [
            ("random,random", scale(10000)),
            ("greedy,greedy", scale(2000)),
        ] {
            let (s, _) = run(rules, seats, games);
            let p = |name: &str| s.points.get(name).map_or(0.0, |d| d.mean);
            println!(
                "| {name} | {seats} | {games} | {:.3} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:+.2} | {:.1}% | {:.2} | {:.1}% | {:.2} |",
                s.discards.per_game.mean,
                p("road"),
                p("city"),
                p("cloister"),
                p("field"),
                p("circus"),
                p("acrobats"),
                p("ringmaster"),
                p("total"),
                s.first_player.points,
                100.0 * s.first_player.win_share,
                s.flights.per_game,
                100.0 * s.flights.landing_rate,
                s.big_top.scorings_per_game.mean,
            );
        }
    }
}
