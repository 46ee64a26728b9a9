//! `import jcz` throughput: the importer's own fixtures (always there), and
//! JCloisterZone's 30 expansion files when `TILEFORGE_JCZ_DIR` names a
//! directory holding them (the project keeps no copy; extract them from
//! JCloisterZone's client repository, `src/extraResources/expansions/`).
//! Reading the files is outside the measured loop: it is XML parsing, the
//! vocabulary mapping, the field-matching search and writing the text.
//!
//! `TILEFORGE_JCZ_DIR=<directory of the expansion XML files> cargo bench --bench import`

use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion};
use tileforge::import::{jcz, Input};

fn inputs(dir: &Path) -> Vec<Input> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "xml"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| Input {
            name: p.file_name().expect("name").to_string_lossy().into_owned(),
            text: std::fs::read_to_string(p).expect("readable"),
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("import");
    group.sample_size(10);
    let fixtures = inputs(Path::new("tests/import/good"));
    group.bench_function("fixtures", |b| {
        b.iter(|| jcz(&fixtures).expect("imports"));
    });
    if let Some(dir) = std::env::var_os("TILEFORGE_JCZ_DIR") {
        let all = inputs(Path::new(&dir));
        group.bench_function(format!("jcz-{}-files", all.len()), |b| {
            b.iter(|| jcz(&all).expect("imports"));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
