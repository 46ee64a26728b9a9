//! Engine benchmarks: legal placements on a grown board, and whole random
//! games per second (base game, all four shipped sets, and base with the
//! river, Inns & Cathedrals, Traders & Builders, the big top and the flier;
//! base with The Tower, the volcano and the dragon, the big top and the
//! flier; 2 players).
//!
//! `cargo bench --bench engine` (criterion). The per-game figures are also
//! reported as games per second through criterion's throughput.

mod common;

use std::hint::black_box;

use common::shipped;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tileforge::engine::random::{player_names, RandomPlayer};
use tileforge::engine::{replay, Game, KindId, Ruleset};

/// A base game stopped when `tiles` tiles lie on the board.
fn board_of<'r>(rules: &'r Ruleset, tiles: usize, seed: u64) -> Game<'r> {
    let names = player_names(2);
    let (_, mut log) = RandomPlayer::new(seed)
        .play_logged(rules, &names)
        .expect("plays");
    let mut placed = 1;
    let keep = log
        .turns
        .iter()
        .position(|t| {
            placed += usize::from(!t.discard);
            placed > tiles
        })
        .unwrap_or(log.turns.len());
    log.turns.truncate(keep);
    log.finished = false;
    replay(rules, &log).expect("its own log replays")
}

fn placements(c: &mut Criterion) {
    let set = shipped();
    let rules = Ruleset::new(&set, Some(&["base".to_string()])).expect("base plays");
    let v = rules.kind("base/V").expect("V");
    let mut group = c.benchmark_group("legal placements of base/V");
    for tiles in [10, 40, 70] {
        let game = board_of(&rules, tiles, 7);
        assert_eq!(game.tiles_placed(), tiles);
        group.bench_with_input(BenchmarkId::new("list", tiles), &game, |b, g| {
            b.iter(|| black_box(g.legal_placements(black_box(v))));
        });
        group.bench_with_input(BenchmarkId::new("count+pick", tiles), &game, |b, g| {
            b.iter(|| {
                let n = g.placement_count(black_box(v));
                black_box(g.nth_placement(v, n / 2))
            });
        });
    }
    group.finish();
    let game = board_of(&rules, 70, 7);
    let kinds: Vec<KindId> = (0..rules.kind_count())
        .map(|k| KindId(u16::try_from(k).unwrap_or(0)))
        .collect();
    c.bench_function("legal placements of every base kind, 70-tile board", |b| {
        b.iter(|| {
            kinds
                .iter()
                .map(|&k| game.legal_placements(k).len())
                .sum::<usize>()
        });
    });
}

fn games(c: &mut Criterion) {
    let set = shipped();
    let base = Ruleset::new(&set, Some(&["base".to_string()])).expect("base plays");
    let all = Ruleset::new(&set, None).expect("all sets play");
    let wave_set = common::wave();
    let wave = Ruleset::new(&wave_set, None).expect("the wave's sets play");
    let tower_set = common::tower_and_dragon();
    let tower = Ruleset::new(&tower_set, None).expect("the tower and dragon sets play");
    let mut group = c.benchmark_group("random games, 2 players");
    group.throughput(Throughput::Elements(1));
    for (name, rules) in [
        ("base", &base),
        ("all four sets", &all),
        ("base, river, inns, traders, big top, flier", &wave),
        ("base, tower, volcano and dragon, big top, flier", &tower),
    ] {
        let mut player = RandomPlayer::new(1);
        group.bench_function(name, |b| {
            b.iter(|| black_box(player.play(rules, 2).expect("plays").scores()[0]));
        });
    }
    group.finish();
}

criterion_group!(benches, placements, games);
criterion_main!(benches);
