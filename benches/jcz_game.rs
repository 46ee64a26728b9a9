//! Games to and from JCloisterZone: exporting a 100-turn game log as a `.jcz`
//! save (replaying it alongside, as the export does) and importing the save
//! back (reading the JSON, checking each turn with the engine). The issue's
//! budget is 5 ms each.
//!
//! `cargo bench --bench jcz_game` (criterion).

mod common;

use std::hint::black_box;

use common::shipped;
use criterion::{criterion_group, criterion_main, Criterion};
use tileforge::engine::random::{player_names, RandomPlayer};
use tileforge::engine::Ruleset;
use tileforge::jcz_game::{self, Save};

fn export_import(c: &mut Criterion) {
    let set = shipped();
    let rules = Ruleset::new(&set, None).expect("the shipped sets play");
    // A game of the four shipped sets (90 tiles) with 3 players, cut at 100
    // turns when longer.
    let (_, mut log) = RandomPlayer::new(11)
        .play_logged(&rules, &player_names(3))
        .expect("plays");
    log.turns.truncate(100);
    let turns = log.turns.len();
    let save = jcz_game::export(&set, &rules, &log).expect("exports");
    let text = save.to_json();
    let mut group = c.benchmark_group(format!("jcz-game, {turns} turns"));
    group.bench_function("export", |b| {
        b.iter(|| black_box(jcz_game::export(&set, &rules, black_box(&log))).map(|s| s.to_json()))
    });
    group.bench_function("import", |b| {
        b.iter(|| {
            let save = Save::from_json(black_box(&text)).expect("reads");
            black_box(jcz_game::import(&set, &rules, &save)).expect("imports")
        })
    });
    group.finish();
}

criterion_group!(benches, export_import);
criterion_main!(benches);
