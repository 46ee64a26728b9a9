//! Rendering speed: tile images per second at 256 px including PNG encoding on
//! one thread, and every image of the shipped sets (tiles and sheets) the way
//! `build` draws them, on all cores.
//!
//! `cargo bench --bench render`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tileforge::compile::compile_str;
use tileforge::render::{self, Request};

fn shipped() -> tileforge::check::Checked {
    let text = ["base", "under-the-big-top", "the-flier", "crop-circles-2"]
        .map(|name| {
            let path = format!("{}/tilesets/{name}.tiles", env!("CARGO_MANIFEST_DIR"));
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
        })
        .join("\n");
    match compile_str(&text) {
        Ok(compiled) => compiled.checked,
        Err(diagnostics) => panic!("{diagnostics}"),
    }
}

fn bench(c: &mut Criterion) {
    let checked = shipped();
    let set = tileforge::emit::tileset(&checked);
    let mut group = c.benchmark_group("render");
    group.sample_size(20);
    group.throughput(Throughput::Elements(set.tiles.len() as u64));
    group.bench_function("tile_png_256_one_thread", |b| {
        b.iter(|| {
            for tile in &set.tiles {
                black_box(render::tile_png(tile, 0, 256).expect("renders"));
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
