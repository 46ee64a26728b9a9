//! Rendering speed: tile images per second at 256 px including PNG encoding on
//! one thread, and every image of the shipped sets (tiles and sheets) the way
//! `build` draws them, on all cores.
//!
//! `cargo bench --bench render`

mod common;

use std::hint::black_box;

use common::shipped_checked as shipped;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tileforge::render::{self, Request};

fn bench(c: &mut Criterion) {
    let checked = shipped();
    let set = tileforge::emit::tileset(&checked);
    let mut group = c.benchmark_group("render");
    group.sample_size(20);
    group.throughput(Throughput::Elements(set.tiles.len() as u64));
    group.bench_function("tile_png_256_one_thread", |b| {
        b.iter(|| {
            for tile in &set.tiles {
                black_box(render::tile_png(tile, &set.vocabulary, 0, 256).expect("renders"));
            }
        });
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("all_tiles_and_sheets", |b| {
        b.iter(|| black_box(render::render(&checked, &Request::default()).expect("renders")));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
