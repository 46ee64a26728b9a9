//! Diagnostic fixtures: each `tests/ui/NAME.tiles` (or directory of `.tiles`
//! files compiled together) has its expected rendered diagnostics in
//! `tests/ui/NAME.stderr`. The name starts with the code it demonstrates.
//! `TILEFORGE_BLESS=1 cargo test --test ui` rewrites the expectations.

mod common;

use std::path::{Path, PathBuf};

use common::{check_golden, compile_files, tiles_in};
use tileforge::diag::{render_all, Code};

fn fixtures() -> Vec<(String, Vec<PathBuf>)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("tests/ui").expect("tests/ui exists") {
        let path = entry.expect("entry").path();
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if path.is_dir() {
            out.push((name, tiles_in(&path)));
        } else if path.extension().is_some_and(|x| x == "tiles") {
            out.push((name, vec![path]));
        }
    }
    out.sort();
    out
}

#[test]
fn every_fixture_renders_its_expected_diagnostics() {
    let mut failures = Vec::new();
    for (name, files) in fixtures() {
        let (sources, compiled) = compile_files(&files);
        let rendered = render_all(&sources, &compiled.diagnostics, false);
        let code = name.split('-').next().unwrap_or_default();
        if !rendered.contains(&format!("[{code}]")) {
            failures.push(format!("{name}: does not produce {code}:\n{rendered}"));
        }
        let golden = Path::new("tests/ui").join(format!("{name}.stderr"));
        failures.extend(check_golden(&golden, &rendered));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_code_has_a_fixture() {
    let names: Vec<String> = fixtures().into_iter().map(|(n, _)| n).collect();
    let missing: Vec<&str> = Code::ALL
        .iter()
        .map(|c| c.as_str())
        .filter(|code| !names.iter().any(|n| n.starts_with(code)))
        .collect();
    assert!(
        missing.is_empty(),
        "codes without a fixture in tests/ui: {missing:?}"
    );
}

#[test]
fn codes_are_unique() {
    let mut codes: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
    codes.sort_unstable();
    let before = codes.len();
    codes.dedup();
    assert_eq!(before, codes.len(), "a code is used twice");
}

#[test]
fn every_code_is_documented() {
    let doc = std::fs::read_to_string("docs/language.md").expect("docs/language.md");
    let missing: Vec<&str> = Code::ALL
        .iter()
        .filter(|c| {
            let severity = match c.severity() {
                tileforge::diag::Severity::Error => "error",
                tileforge::diag::Severity::Warning => "warning",
            };
            !doc.contains(&format!(
                "| {} | {severity} | {} |\n",
                c.as_str(),
                c.title()
            ))
        })
        .map(|c| c.as_str())
        .collect();
    assert!(
        missing.is_empty(),
        "codes missing from docs/language.md, or whose row is not `| CODE | severity | Code::title |`: {missing:?}"
    );
}
