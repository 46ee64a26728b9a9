//! `tileforge fmt` of every shipped set and example (`tilesets/`,
//! `tilesets/extra/`, `examples/`): lex, lay out, and the two parses that
//! refuse broken files and prove the layout kept the meaning.
//!
//! `cargo bench --bench fmt`

use criterion::{criterion_group, criterion_main, Criterion};
use tileforge::diag::FileId;

fn shipped_texts() -> Vec<String> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut texts = Vec::new();
    for dir in ["tilesets", "tilesets/extra", "examples"] {
        let dir = format!("{root}/{dir}");
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "tiles"))
            .collect();
        paths.sort();
        for p in paths {
            texts.push(std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p:?}: {e}")));
        }
    }
    texts
}

fn all_shipped(c: &mut Criterion) {
    let texts = shipped_texts();
    c.bench_function("fmt/every-shipped-file", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|t| tileforge::fmt::format(FileId(0), t).expect("formats").len())
                .sum::<usize>()
        })
    });
    c.bench_function("fmt/layout-only", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|t| tileforge::fmt::layout(t).len())
                .sum::<usize>()
        })
    });
}

criterion_group!(benches, all_shipped);
criterion_main!(benches);
