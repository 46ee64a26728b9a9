//! Compile throughput: the shipped sets (parse + lower + check + JSON), and
//! generated files of 1,000 and 10,000 tile kinds to show the cost is linear.
//!
//! `cargo bench --bench compile`

mod common;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tileforge::compile::compile;
use tileforge::diag::SourceMap;

/// Tile bodies with a city, so that `pennants N` makes every generated kind
/// distinct (no "identical up to rotation" warnings to skew the figures).
const CITY_TILES: &[&str] = &[
    "city N E S W",
    "city N; road E W",
    "city N",
    "city E W",
    "city N; city S",
    "city N; city W",
    "city N; road E S",
    "city N; road S W",
    "city N; road E; road S; road W",
    "city N W",
    "city N W; road E S",
    "city N E W",
    "city N E W; road S -> N",
    "city N W; road E; road S; circus touching N",
    "city N; city E; road S; circus touching N E",
    "city N; city S; crop-circle city touching N S",
    "city N; road E; road W; crop-circle field",
];

fn generated(kinds: usize) -> String {
    let mut text = String::from("expansion generated \"Generated\" {}\n");
    for i in 0..kinds {
        let body = CITY_TILES[i % CITY_TILES.len()];
        let (city, rest) = body.split_once(';').unwrap_or((body, ""));
        let rest = if rest.is_empty() {
            String::new()
        } else {
            format!(";{rest}")
        };
        text.push_str(&format!(
            "tile g{i} x2 {{ {city} pennants {}{rest} }}\n",
            i / CITY_TILES.len()
        ));
    }
    text
}

fn compile_to_json(sources: &SourceMap) -> usize {
    let files: Vec<_> = sources.ids().collect();
    let compiled = compile(sources, &files);
    let checked = compiled.checked.expect("the benchmark input compiles");
    assert!(compiled.diagnostics.is_empty());
    tileforge::emit::json(&checked).len()
}

fn shipped(c: &mut Criterion) {
    let sources = common::shipped_sources();
    c.bench_function("compile/shipped-sets-to-json", |b| {
        b.iter(|| compile_to_json(&sources))
    });
}

fn scaling(c: &mut Criterion) {
    let mut group = c.benchmark_group("compile/generated");
    group.sample_size(10);
    for kinds in [1_000usize, 10_000] {
        let mut sources = SourceMap::new();
        sources.add("generated.tiles", generated(kinds));
        group.throughput(Throughput::Elements(kinds as u64));
        group.bench_with_input(BenchmarkId::from_parameter(kinds), &sources, |b, s| {
            b.iter(|| compile_to_json(s))
        });
    }
    group.finish();
}

criterion_group!(benches, shipped, scaling);
criterion_main!(benches);
