//! Players: whole 2-player base games per second on one thread — random
//! seats through the players' table (the engine's random player's games),
//! greedy against greedy, and `mcts:200` against greedy — one greedy seat
//! playing alone (the game `simulate --seats greedy` times), and one greedy
//! game with all four shipped sets.
//!
//! `cargo bench --bench players` (criterion); throughput is in games.

mod common;

use std::hint::black_box;

use common::shipped;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tileforge::engine::Ruleset;
use tileforge::players::{self, Seats};

fn games(c: &mut Criterion) {
    let set = shipped();
    let base = Ruleset::new(&set, Some(&["base".to_string()])).expect("base plays");
    let all = Ruleset::new(&set, None).expect("all sets play");
    let mut group = c.benchmark_group("player games, 2 players, 1 thread");
    group.throughput(Throughput::Elements(1));
    for (name, rules, seats, samples) in [
        ("base, random,random", &base, "random,random", 100),
        ("base, greedy,greedy", &base, "greedy,greedy", 30),
        ("base, greedy alone", &base, "greedy", 30),
        ("all four sets, greedy,greedy", &all, "greedy,greedy", 20),
        ("base, mcts:200,greedy", &base, "mcts:200,greedy", 10),
    ] {
        let seats = Seats::parse(seats, None).expect("seats");
        group.sample_size(samples);
        let mut seed = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let game = players::play(rules, seats.as_slice(), seed, None, None, |_, _| {})
                    .expect("plays");
                black_box(game.scores()[0])
            });
        });
    }
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
