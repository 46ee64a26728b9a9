//! Simulation throughput: random games counted into the statistics, per
//! second on one thread (base game, and all four shipped sets, 2 players), and
//! a batch of 1,024 base games on all cores.
//!
//! `cargo bench --bench simulate` (criterion). Throughput is reported in games
//! (elements) per second.

mod common;

use std::hint::black_box;

use common::shipped;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tileforge::engine::Ruleset;
use tileforge::sim::{tally, Options, Quiet};

fn options(games: u64, seed: u64) -> Options {
    Options {
        games,
        players: 2,
        seed,
        keep_logs: false,
        seats: tileforge::players::Seats::random(2),
    }
}

fn single_thread(c: &mut Criterion) {
    let set = shipped();
    let base = Ruleset::new(&set, Some(&["base".to_string()])).expect("base plays");
    let all = Ruleset::new(&set, None).expect("all sets play");
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a thread");
    let mut group = c.benchmark_group("simulated games, 2 players, 1 thread");
    const BATCH: u64 = 64;
    group.throughput(Throughput::Elements(BATCH));
    for (name, rules) in [("base", &base), ("all four sets", &all)] {
        let mut seed = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                one.install(|| {
                    black_box(tally(rules, &options(BATCH, seed), &Quiet).expect("plays"))
                })
            });
        });
    }
    group.finish();
}

fn all_cores(c: &mut Criterion) {
    let set = shipped();
    let base = Ruleset::new(&set, Some(&["base".to_string()])).expect("base plays");
    let mut group = c.benchmark_group("simulated games, 2 players, all cores");
    const BATCH: u64 = 1024;
    group.throughput(Throughput::Elements(BATCH));
    group.sample_size(20);
    let mut seed = 0;
    group.bench_function("base", |b| {
        b.iter(|| {
            seed += 1;
            black_box(tally(&base, &options(BATCH, seed), &Quiet).expect("plays"))
        });
    });
    group.finish();
}

criterion_group!(benches, single_thread, all_cores);
criterion_main!(benches);
