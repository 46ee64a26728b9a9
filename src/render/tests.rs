//! Whole-module tests over the shipped tile sets: the drawing agrees with the
//! derivation on every tile, in every rotation.

use super::fields::Labels;
use super::layout::scene;
use super::tile::transform;
use crate::compile::compile_str;
use crate::emit::wire::TileSet;

fn shipped() -> TileSet {
    let text = [
        include_str!("../../tilesets/base.tiles"),
        include_str!("../../tilesets/under-the-big-top.tiles"),
        include_str!("../../tilesets/the-flier.tiles"),
        include_str!("../../tilesets/crop-circles-2.tiles"),
        include_str!("../../tilesets/extra/crop-circles-1.tiles"),
    ]
    .join("\n");
    let compiled = compile_str(&text).expect("the shipped sets compile");
    crate::emit::tileset(&compiled)
}

/// Each derived field is one drawn region, and no two fields share one: the
/// picture separates exactly the fields the compiler derived.
#[test]
fn every_drawn_field_is_exactly_one_derived_field() {
    let set = shipped();
    assert!(set.tiles.len() >= 60);
    for tile in &set.tiles {
        let scene = scene(tile).expect("a checked tile lays out");
        for (rotation, size) in (0..4).flat_map(|r| [(r, 48), (r, 96)]) {
            let at = format!("{} r{rotation} {size}px", tile.id);
            let ts = transform(size, rotation);
            let regions = Labels::regions_per_field(&scene, size, ts);
            for (f, found) in regions.iter().enumerate() {
                assert_eq!(found.len(), 1, "{at}: field {f} is drawn as {found:?}");
            }
            let mut all: Vec<usize> = regions.iter().flatten().copied().collect();
            all.sort_unstable();
            let before = all.len();
            all.dedup();
            assert_eq!(before, all.len(), "{at}: two fields share a region");
            let lines = Labels::flood(&scene, size, ts).and_then(|l| l.boundaries());
            assert!(lines.is_none(), "{at}: a field boundary is drawn");
        }
    }
}

/// A derivation that splits a field the drawing leaves whole shows a line.
#[test]
fn a_wrongly_split_field_draws_a_boundary_line() {
    let set = shipped();
    let mut tile = set
        .tiles
        .iter()
        .find(|t| t.id == "base/E")
        .cloned()
        .expect("base/E");
    let Some(field) = tile.features.pop().filter(|f| f.kind == "field") else {
        panic!("base/E ends with its field");
    };
    let (a, b) = field.slots.split_at(3);
    for half in [a, b] {
        let mut part = field.clone();
        part.slots = half.to_vec();
        tile.features.push(part);
    }
    let scene = scene(&tile).expect("lays out");
    let labels = Labels::flood(&scene, 64, transform(64, 0)).expect("floods");
    let line = labels.boundaries().expect("a boundary is drawn");
    assert!(line.data().iter().filter(|&&v| v > 0).count() > 10);
}
