//! `tileforge fmt`: every shipped file is formatted; the layout never changes what a file means (the compiled
//! JSON of every shipped set and example is the same before and after, and
//! after a scrambled layout is formatted), the layout is canonical (any
//! scrambling of a formatted file formats back to it), and the command's
//! `--check`, rewriting, standard input and refusal of broken files.

mod common;

use std::path::{Path, PathBuf};

use common::{all_sets, scratch, stderr, tileforge, tiles_in};
use tileforge::compile::compile;
use tileforge::diag::{render_all, FileId, SourceMap};
use tileforge::fmt::format;

/// The shipped sets and examples, as groups that compile together.
fn groups() -> Vec<Vec<PathBuf>> {
    let mut everything = all_sets();
    everything.extend(tiles_in(Path::new("tilesets/extra")));
    let base = PathBuf::from("tilesets/base.tiles");
    let mut groups = vec![everything];
    for example in tiles_in(Path::new("examples")) {
        groups.push(vec![base.clone(), example]);
    }
    groups
}

/// The JSON of texts compiled together (named as their paths).
fn json(paths: &[PathBuf], texts: &[String]) -> String {
    let mut sources = SourceMap::new();
    let ids: Vec<FileId> = paths
        .iter()
        .zip(texts)
        .map(|(p, t)| sources.add(p.display().to_string(), t.clone()))
        .collect();
    let compiled = compile(&sources, &ids);
    let checked = compiled
        .checked
        .as_ref()
        .filter(|_| !compiled.has_errors())
        .unwrap_or_else(|| panic!("{}", render_all(&sources, &compiled.diagnostics, false)));
    tileforge::emit::json(checked)
}

fn fmt(path: &Path, text: &str) -> String {
    format(FileId(0), text).unwrap_or_else(|e| panic!("{}: not formatted: {e:?}", path.display()))
}

/// A small deterministic generator (xorshift), so a failure can be replayed.
struct Scrambler(u64);

impl Scrambler {
    fn chance(&mut self, in_four: u64) -> bool {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % 4 < in_four
    }

    /// The same file in another layout: statements of a block joined by `;`,
    /// runs of spaces, other indentation, extra blank lines. Lines with a
    /// brace, a quote or a comment are only re-indented.
    fn scramble(&mut self, text: &str) -> String {
        let mut out = String::new();
        let mut depth = 0i32;
        let mut joinable_before = false;
        for line in text.lines() {
            let trimmed = line.trim();
            let plain = !trimmed.is_empty() && !trimmed.contains(['{', '}', '"', '/']);
            if depth > 0 && plain && joinable_before && self.chance(2) {
                out.pop();
                out.push_str(if self.chance(2) { " ;  " } else { ";" });
            } else if self.chance(1) {
                out.push_str(if self.chance(2) { "\t" } else { "   " });
            }
            if plain {
                let spaced = trimmed.split(' ').collect::<Vec<_>>();
                out.push_str(&spaced.join(if self.chance(2) { "  " } else { " \t " }));
            } else {
                out.push_str(trimmed);
            }
            if self.chance(1) {
                out.push_str("  ");
            }
            out.push('\n');
            if trimmed.is_empty() && self.chance(2) {
                out.push('\n');
            }
            let code = trimmed.split("//").next().unwrap_or("");
            depth += code.matches('{').count() as i32 - code.matches('}').count() as i32;
            joinable_before = depth > 0 && plain;
        }
        out
    }
}

fn read(paths: &[PathBuf]) -> Vec<String> {
    paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

#[test]
fn every_shipped_set_example_and_the_prelude_is_formatted() {
    let mut unformatted = Vec::new();
    let mut paths: Vec<PathBuf> = groups().into_iter().flatten().collect();
    paths.push(PathBuf::from("src/prelude.tiles"));
    paths.dedup();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("read");
        if fmt(&path, &text) != text {
            unformatted.push(path.display().to_string());
        }
    }
    assert!(
        unformatted.is_empty(),
        "not formatted (run `tileforge fmt tilesets tilesets/extra examples src/prelude.tiles`): {unformatted:?}"
    );
}

#[test]
fn formatting_every_shipped_set_and_example_keeps_its_json() {
    for paths in groups() {
        let texts = read(&paths);
        let formatted: Vec<String> = paths.iter().zip(&texts).map(|(p, t)| fmt(p, t)).collect();
        assert_eq!(
            json(&paths, &texts),
            json(&paths, &formatted),
            "formatting changed the JSON of {paths:?}"
        );
        for (path, once) in paths.iter().zip(&formatted) {
            assert_eq!(&fmt(path, once), once, "{}: not idempotent", path.display());
        }
    }
}

#[test]
fn a_scrambled_layout_formats_back_and_keeps_its_json() {
    let mut scrambler = Scrambler(0x2545_f491_4f6c_dd1d);
    for paths in groups() {
        let texts = read(&paths);
        let scrambled: Vec<String> = texts.iter().map(|t| scrambler.scramble(t)).collect();
        assert_ne!(texts, scrambled, "the scrambler changed nothing");
        let formatted: Vec<String> = paths
            .iter()
            .zip(&scrambled)
            .map(|(p, t)| fmt(p, t))
            .collect();
        assert_eq!(
            json(&paths, &scrambled),
            json(&paths, &formatted),
            "formatting a scrambled {paths:?} changed its JSON"
        );
        for ((path, text), back) in paths.iter().zip(&texts).zip(&formatted) {
            assert_eq!(
                back,
                &fmt(path, text),
                "{}: a scrambled layout formats to another text",
                path.display()
            );
        }
    }
}

const MESSY: &str = "tile A   x2 {city N;road E W}\n\n\n\ntile B { cloister }\n";
const TIDY: &str = "tile A x2 {\n    city N\n    road E W\n}\n\ntile B { cloister }\n";

#[test]
fn check_lists_what_differs_and_changes_nothing() {
    let dir = scratch("fmt-check");
    let messy = dir.join("messy.tiles");
    let tidy = dir.join("tidy.tiles");
    std::fs::write(&messy, MESSY).expect("write");
    std::fs::write(&tidy, TIDY).expect("write");
    let out = tileforge(&["fmt", "--check", dir.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{}\n", messy.display())
    );
    assert_eq!(std::fs::read_to_string(&messy).expect("read"), MESSY);
}

#[test]
fn fmt_rewrites_files_and_formats_standard_input() {
    let dir = scratch("fmt-write");
    let messy = dir.join("messy.tiles");
    std::fs::write(&messy, MESSY).expect("write");
    let out = tileforge(&["fmt", messy.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&messy).expect("read"), TIDY);
    let out = tileforge(&["fmt", "--check", messy.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tileforge"))
        .args(["fmt", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), MESSY.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("finishes");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), TIDY);
}

#[test]
fn a_file_with_syntax_errors_is_reported_and_left_alone() {
    let dir = scratch("fmt-broken");
    let broken = dir.join("broken.tiles");
    let text = "tile A {\n    road S->N\n}\n";
    std::fs::write(&broken, text).expect("write");
    let out = tileforge(&["fmt", broken.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("error[E0001]"), "{err}");
    assert!(err.contains("fix its syntax errors first"), "{err}");
    assert_eq!(std::fs::read_to_string(&broken).expect("read"), text);
}
