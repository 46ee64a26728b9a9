//! Bad input never panics: thousands of random byte strings and random
//! mutations of the shipped files go through the whole front end (parse,
//! lower, check) and the diagnostic renderer. Every span must lie inside its
//! file, on character boundaries. Deterministic: a fixed seed, no clock.

mod common;

use common::Rng;

use std::panic::{catch_unwind, AssertUnwindSafe};

use tileforge::compile::compile;
use tileforge::diag::{render_all, render_json, SourceMap};

/// Words that steer random text into the grammar's deeper corners.
const WORDS: &[&str] = &[
    "kind",
    "attribute",
    "group",
    "remove base/D x1",
    "replaces base/D",
    "region",
    "path",
    "spot",
    "face",
    "edge",
    "occupy",
    "score network { tile 1 }",
    "score { tile.complete +1 }",
    "capability",
    "reaching",
    "over",
    "under",
    "river",
    "garden",
    "inn",
    "cathedral",
    "\"CCc+\"",
    "tile",
    "expansion",
    "city",
    "road",
    "field",
    "cloister",
    "circus",
    "acrobats",
    "flier",
    "crop-circle",
    "touching",
    "pennant",
    "pennants",
    "start",
    "x2",
    "x0",
    "->",
    "{",
    "}",
    ";",
    "\n",
    "N",
    "E",
    "S",
    "W",
    "NNW",
    "WSW",
    "NE",
    "village",
    "tokens",
    "figure",
    "die",
    "rules",
    "faces",
    "expect",
    "tiles",
    "requires",
    "base",
    "\"",
    "///",
    "//",
    "é",
    "🂡",
    "9999999999999",
    "-1",
];

fn random_text(rng: &mut Rng) -> String {
    let len = rng.below(200);
    if rng.below(2) == 0 {
        let bytes: Vec<u8> = (0..len)
            .map(|_| u8::try_from(rng.below(256)).unwrap_or(0))
            .collect();
        String::from_utf8_lossy(&bytes).into_owned()
    } else {
        (0..len / 3)
            .map(|_| WORDS[rng.below(WORDS.len())])
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn char_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut out = text.to_string();
    for _ in 0..=rng.below(4) {
        let a = char_boundary(&out, rng.below(out.len() + 1));
        let b = char_boundary(&out, a + rng.below(40));
        match rng.below(5) {
            0 => out.replace_range(a..b, ""),
            1 => out.insert_str(a, WORDS[rng.below(WORDS.len())]),
            2 => {
                let piece = out[a..b].to_string();
                out.insert_str(b, &piece);
            }
            3 => out.truncate(a),
            _ => out.replace_range(a..b, &random_text(rng)),
        }
    }
    out
}

fn check_one(text: &str) -> Result<(), String> {
    let mut sources = SourceMap::new();
    let file = sources.add("fuzz.tiles", text);
    let compiled = catch_unwind(AssertUnwindSafe(|| compile(&sources, &[file])))
        .map_err(|_| format!("compile panicked on:\n{text:?}"))?;
    for d in &compiled.diagnostics {
        for label in std::iter::once(&d.primary).chain(&d.secondary) {
            let s = label.span;
            // A label may point into the prelude ("declared here").
            let text = sources.text(s.file);
            let ok = s.start <= s.end
                && s.end <= text.len()
                && text.is_char_boundary(s.start)
                && text.is_char_boundary(s.end);
            if !ok {
                return Err(format!(
                    "{} has span {}..{} outside the input:\n{text:?}",
                    d.code, s.start, s.end
                ));
            }
        }
    }
    catch_unwind(AssertUnwindSafe(|| {
        let _ = render_all(&sources, &compiled.diagnostics, false);
        let _ = render_json(&sources, &compiled.diagnostics);
    }))
    .map_err(|_| format!("rendering panicked on:\n{text:?}"))
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0x5EED);
    for _ in 0..3000 {
        let text = random_text(&mut rng);
        if let Err(e) = check_one(&text) {
            panic!("{e}");
        }
    }
}

#[test]
fn mutated_tile_sets_never_panic() {
    let mut rng = Rng(0xCA55);
    // The shipped sets, the examples, the hard tiles and the prelude itself
    // (declarations compiled as a fan's file).
    let mut originals: Vec<String> = common::shipped()
        .iter()
        .chain(common::tiles_in(std::path::Path::new("examples")).iter())
        .chain(common::tiles_in(std::path::Path::new("tests/vocabulary")).iter())
        .map(|p| std::fs::read_to_string(p).expect("readable"))
        .collect();
    originals.push(format!(
        "expansion fan {{}}\n{}",
        tileforge::prelude::TEXT
            .replace("kind ", "kind my-")
            .replace("attribute ", "attribute my-")
    ));
    for i in 0..3000 {
        let text = mutate(&mut rng, &originals[i % originals.len()]);
        if let Err(e) = check_one(&text) {
            panic!("{e}");
        }
    }
}
