//! The examples of the language design compile to exactly the structures the
//! design describes: the hard cases' fields and their city contacts.

mod common;

use std::path::PathBuf;

use tileforge::diag::render_all;
use tileforge::emit::{self, wire};

/// Fields of a tile as (half-side slots, sides of the cities touched).
fn fields(set: &wire::TileSet, tile: &str) -> Vec<(String, String)> {
    let tile = set
        .tiles
        .iter()
        .find(|t| t.id == format!("base/{tile}"))
        .expect("tile exists");
    let city_sides = |id: usize| -> String {
        let mut sides: Vec<&str> = tile.features[id]
            .slots
            .iter()
            .map(|s| s.side().name())
            .collect();
        sides.dedup();
        sides.join("")
    };
    let mut out: Vec<(String, String)> = tile
        .features
        .iter()
        .filter(|f| f.kind == "field")
        .map(|f| {
            (
                f.slots
                    .iter()
                    .filter(|s| !s.is_middle())
                    .map(|s| s.name())
                    .collect::<Vec<_>>()
                    .join(" "),
                f.touching
                    .iter()
                    .map(|&c| city_sides(c))
                    .collect::<Vec<_>>()
                    .join(" "),
            )
        })
        .collect();
    out.sort();
    out
}

fn expect(set: &wire::TileSet, tile: &str, expected: &[(&str, &str)]) {
    let mut want: Vec<(String, String)> = expected
        .iter()
        .map(|(s, c)| ((*s).to_string(), (*c).to_string()))
        .collect();
    want.sort();
    assert_eq!(fields(set, tile), want, "fields of {tile}");
}

#[test]
fn the_design_examples_compile_to_the_described_fields() {
    let (sources, compiled) =
        common::compile_files(&[PathBuf::from("tests/data/dsl-examples.tiles")]);
    assert!(
        compiled.diagnostics.is_empty(),
        "{}",
        render_all(&sources, &compiled.diagnostics, false)
    );
    let set = emit::tileset(&compiled.checked.expect("checked"));
    expect(
        &set,
        "crrc",
        &[("ENE", "NW"), ("ESE SSE", ""), ("SSW", "NW")],
    );
    expect(&set, "ccrf", &[("SSE", "E"), ("SSW WSW WNW", "N")]);
    expect(&set, "cfcf", &[("WSW WNW", "N S"), ("ENE ESE", "N S")]);
    expect(
        &set,
        "rrrf",
        &[("NNW SSW WSW WNW", ""), ("NNE ENE", ""), ("ESE SSE", "")],
    );
    expect(
        &set,
        "cc2-rrr",
        &[("NNW NNE ENE WNW", ""), ("ESE SSE", ""), ("SSW WSW", "")],
    );
    expect(&set, "cc2-cfr", &[("ENE ESE SSE SSW WSW WNW", "N")]);
    expect(&set, "S", &[("SSE", "NEW"), ("SSW", "NEW")]);
    expect(
        &set,
        "L",
        &[("ENE WNW", "N"), ("ESE SSE", ""), ("SSW WSW", "")],
    );
    let examples = &set.expansions[0];
    assert_eq!(examples.tokens.iter().map(|t| t.count).sum::<u32>(), 16);
    assert_eq!(examples.dice[0].faces, [1, 1, 2, 2, 3, 3]);
    assert_eq!(examples.rules.get("ringmaster.bonus"), Some(&2));
    assert!(!examples.figures[0].acrobat);
}

/// A courtyard (`field touching N` with no slots, where one region encloses
/// the field) compiles to a field with no slots touching that region, beside
/// the tile's derived fields; on a four-city tile the same statement with all
/// four cities names the derived inner field (no second one).
#[test]
fn a_courtyard_is_a_field_inside_the_region_that_encloses_it() {
    let text = "expansion base {}\n\
        tile yard { city N E S W; field touching N }\n\
        tile cap { city N; road E W; field touching N }\n\
        tile four { city N; city E; city S; city W; field touching N E S W }\n";
    let checked = tileforge::compile::compile_str(text).unwrap_or_else(|d| panic!("{d}"));
    let set = emit::tileset(&checked);
    expect(&set, "yard", &[("", "NESW")]);
    expect(
        &set,
        "cap",
        &[("", "N"), ("ENE WNW", "N"), ("ESE SSE SSW WSW", "")],
    );
    expect(&set, "four", &[("", "N E S W")]);
}
