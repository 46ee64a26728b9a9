//! The open vocabulary on the hardest real tiles: `tests/vocabulary/hard.tiles`
//! holds tiles of River I and II, Inns & Cathedrals, Traders & Builders, the
//! abbot's gardens, Princess & Dragon, Abbey & Mayor, The Tower and the Tunnel.
//! Their derived fields and contacts are pinned twice: by a reviewed golden of
//! the IR text, and by explicit claims about the published tiles below.

mod common;

use std::path::{Path, PathBuf};

use common::{check_golden, compile_files};
use tileforge::diag::{render_all, Code};
use tileforge::emit::{self, wire};

fn hard_files() -> Vec<PathBuf> {
    vec![
        PathBuf::from("tilesets/base.tiles"),
        PathBuf::from("tests/vocabulary/hard.tiles"),
    ]
}

fn hard_set() -> wire::TileSet {
    let (sources, compiled) = compile_files(&hard_files());
    let errors: Vec<_> = compiled
        .diagnostics
        .iter()
        .filter(|d| d.is_error() || d.code != Code::MissingCapability)
        .cloned()
        .collect();
    assert!(
        errors.is_empty(),
        "{}",
        render_all(&sources, &errors, false)
    );
    emit::tileset(&compiled.checked.expect("checked"))
}

fn tile<'s>(set: &'s wire::TileSet, id: &str) -> &'s wire::Tile {
    set.tiles
        .iter()
        .find(|t| t.id == format!("hard/{id}"))
        .unwrap_or_else(|| panic!("hard/{id} exists"))
}

/// Each field as "SLOTS > sides of the regions it touches", sorted.
fn fields(tile: &wire::Tile) -> Vec<String> {
    let sides = |id: usize| -> String {
        let mut s: Vec<&str> = tile.features[id]
            .slots
            .iter()
            .map(|s| s.side().name())
            .collect();
        s.dedup();
        s.join("")
    };
    let mut out: Vec<String> = tile
        .features
        .iter()
        .filter(|f| f.kind == "field")
        .map(|f| {
            let slots: Vec<&str> = f.slots.iter().map(|s| s.name()).collect();
            let touches: Vec<String> = f.touching.iter().map(|&r| sides(r)).collect();
            format!("{} > {}", slots.join(" "), touches.join(" "))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn hard_tiles_match_their_golden() {
    let (sources, compiled) = compile_files(&hard_files());
    let checked = compiled
        .checked
        .unwrap_or_else(|| panic!("{}", render_all(&sources, &compiled.diagnostics, false)));
    let text = tileforge::ir::tileset_text(checked.ir());
    let hard: String = text
        .split_inclusive('\n')
        .skip_while(|l| !l.starts_with("hard/"))
        .collect();
    if let Some(diff) = check_golden(Path::new("tests/vocabulary/hard.ir.txt"), &hard) {
        panic!("{diff}");
    }
}

#[test]
fn a_field_touches_cities_it_meets_inside_the_tile() {
    let set = hard_set();
    // Four separate cities: one field in the middle, with no border slot, touching all four.
    assert_eq!(fields(tile(&set, "CCCC")), [" > N E S W"]);
    // Three cities: the south field touches all three, the north one inside the tile.
    assert_eq!(fields(tile(&set, "CCC")), ["SSE S SSW > N W E"]);
    // Two roads ending at one city's gates: the field between them touches the city.
    assert_eq!(
        fields(tile(&set, "CcRR.w")),
        ["ENE > NW", "ESE SSE > NW", "SSW > NW"]
    );
    // Two cities, each with a road at its gate: the field between touches both.
    assert_eq!(
        fields(tile(&set, "CCRR")),
        ["ENE > N", "ESE SSE > N W", "SSW > W"]
    );
}

#[test]
fn junctions_tunnels_and_corners_cut_fields_as_the_tiles_show() {
    let set = hard_set();
    // The wells: three roads meeting as one feature.
    let wells = tile(&set, "Rrr");
    assert_eq!(
        wells.features.iter().filter(|f| f.kind == "road").count(),
        1
    );
    assert_eq!(
        fields(wells),
        ["ESE SSE S SSW WSW > ", "NNE ENE > ", "NNW WNW > "]
    );
    // Three tunnel entrances meet; the north lane stops alone and cuts nothing.
    assert_eq!(
        fields(tile(&set, "TU-RRRR")),
        ["ESE SSE > ", "NNW NNE ENE WNW > ", "SSW WSW > "]
    );
    // A city wall running into a corner splits the field there.
    assert_eq!(
        fields(tile(&set, "C!")),
        ["ENE E ESE > N", "SSE S SSW WSW W WNW > N"]
    );
    assert_eq!(
        fields(tile(&set, "CcRR!")),
        ["ENE > NW", "ESE > NW", "SSE > NW", "SSW > NW"]
    );
}

#[test]
fn paths_brushing_regions_walls_to_a_side_and_rivers_into_cities() {
    let set = hard_set();
    // A road bending from south to east brushes the city: the field between
    // them is cut off from the rest.
    assert_eq!(
        fields(tile(&set, "CRr")),
        ["ENE > N", "ESE SSE > ", "SSW WSW W WNW > N"]
    );
    // A city wall running down to the middle of the south side.
    assert_eq!(
        fields(tile(&set, "C!.v")),
        ["ENE E ESE SSE > N", "SSW WSW W WNW > N"]
    );
    // A river that ends at a city splits the tile in two.
    assert_eq!(
        fields(tile(&set, "IFC")),
        ["NNW N NNE WNW > E", "SSE S SSW WSW > E"]
    );
}

#[test]
fn marked_crossings_cut_four_quadrants() {
    let set = hard_set();
    let bridge = tile(&set, "RIrI");
    assert_eq!(
        fields(bridge),
        ["NNE ENE > ", "NNW WNW > ", "ESE SSE > ", "SSW WSW > "]
            .map(String::from)
            .into_iter()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect::<Vec<_>>()
    );
    let road = bridge
        .features
        .iter()
        .find(|f| f.kind == "road")
        .expect("a road");
    let crossing = road.crossing.as_ref().expect("marked");
    assert_eq!(
        (crossing.way.as_str(), crossing.crosses.as_slice()),
        ("over", &[0][..])
    );
    // Two crossing cities leave four corner fields, each touching both.
    assert_eq!(fields(tile(&set, "CCcc")), [" > EW NS"; 4]);
}

#[test]
fn rivers_spots_groups_and_editions_reach_the_json() {
    let set = hard_set();
    let spring = tile(&set, "RI-s");
    assert_eq!(spring.edges, "FIFF");
    assert_eq!((spring.group.as_deref(), spring.start), (Some("river"), 1));
    assert!(tile(&set, "RI-e").last);
    let river = set.vocabulary.kind("river").expect("river declared");
    assert_eq!(river.edge.as_deref(), Some("I"));
    // A tower beside a cloister: two spots on one tile.
    let kinds: Vec<&str> = tile(&set, "TO-L")
        .features
        .iter()
        .map(|f| f.kind.as_str())
        .collect();
    assert_eq!(kinds, ["tower", "cloister", "field"]);
    let twin = tile(&set, "N-garden");
    assert_eq!(twin.replaces.as_deref(), Some("base/N"));
    let inn = tile(&set, "RCc.i");
    assert!(inn.features.iter().any(|f| f.units("inn") == 1));
    assert_eq!(tile(&set, "CCc+").id, "hard/CCc+");
    assert_eq!(
        set.vocabulary.groups.first().map(|g| g.draw.as_str()),
        Some("first")
    );
}

#[test]
fn the_prelude_compiles_clean_and_every_declaration_reaches_the_vocabulary() {
    let (_, diagnostics) = tileforge::prelude::parsed();
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let out = common::tileforge(&["prelude"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        tileforge::prelude::TEXT
    );
}
