//! Whole-module tests over the shipped tile sets, the fan example and the
//! renderer's test tiles (`tests/render/vocabulary.tiles`): the drawing agrees
//! with the derivation on every tile, in every rotation; symbols stay
//! upright; a lone dead end's village lies in its field; every look the
//! prelude names exists.

use super::draw::transform;
use super::fields::Labels;
use super::layout::scene;
use super::looks::{Look, ATTRIBUTES, FACES, PATHS, REGIONS, SPOTS};
use crate::compile::compile_str;
use crate::emit::wire::{Shape, TileSet};

fn compiled(texts: &[&str]) -> TileSet {
    let compiled = compile_str(&texts.join("\n")).expect("the sets compile");
    crate::emit::tileset(&compiled)
}

fn shipped() -> TileSet {
    compiled(&[
        include_str!("../../tilesets/base.tiles"),
        include_str!("../../tilesets/under-the-big-top.tiles"),
        include_str!("../../tilesets/the-flier.tiles"),
        include_str!("../../tilesets/crop-circles-2.tiles"),
        include_str!("../../tilesets/extra/crop-circles-1.tiles"),
    ])
}

fn test_tiles() -> TileSet {
    compiled(&[
        include_str!("../../tilesets/base.tiles"),
        include_str!("../../examples/lakeside.tiles"),
        include_str!("../../tests/render/vocabulary.tiles"),
    ])
}

/// Free regions smaller than this share of the tile may stay unclaimed: specks
/// where walls meet at a corner, and the sliver between two caps and the
/// circus touching both on `under-the-big-top/ccrf.bt` (0.7%). A missing
/// field is far larger (the middle of four caps is about 10%).
const SPECK: f32 = 0.01;

/// Each derived field is one drawn region, no two fields share one, and no
/// drawn region of any size is left without a field: the picture separates
/// exactly the fields the compiler derived, fields inside the tile included.
fn drawing_agrees_with_fields(set: &TileSet) {
    for tile in &set.tiles {
        let scene = scene(tile, &set.vocabulary).expect("a checked tile lays out");
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
            let labels = Labels::flood(&scene, size, ts).expect("floods");
            #[allow(clippy::cast_precision_loss)]
            let speck = (SPECK * (size * size) as f32) as usize;
            let left: Vec<usize> = labels
                .unclaimed()
                .into_iter()
                .filter(|&n| n > speck)
                .collect();
            assert!(
                left.is_empty(),
                "{at}: regions of {left:?} px have no field"
            );
            assert!(
                labels.boundaries().is_none(),
                "{at}: a field boundary is drawn"
            );
        }
    }
}

#[test]
fn every_drawn_field_is_exactly_one_derived_field() {
    let set = shipped();
    assert!(set.tiles.len() >= 60);
    drawing_agrees_with_fields(&set);
}

#[test]
fn every_drawn_field_of_the_test_tiles_is_exactly_one_derived_field() {
    let set = test_tiles();
    let inside = set
        .tiles
        .iter()
        .flat_map(|t| &t.features)
        .filter(|f| f.kind == "field" && f.slots.is_empty())
        .count();
    assert!(inside >= 6, "fields inside the tile: {inside}");
    drawing_agrees_with_fields(&set);
}

/// A field the derivation has but the drawing leaves without a region fails.
#[test]
fn a_field_the_drawing_lacks_is_noticed() {
    let set = test_tiles();
    let mut tile = set
        .tiles
        .iter()
        .find(|t| t.id == "vocab/four-cities")
        .cloned()
        .expect("four-cities");
    // Without its middle field, the middle is a drawn region with no field.
    tile.features
        .retain(|f| !(f.kind == "field" && f.slots.is_empty()));
    let scene = scene(&tile, &set.vocabulary).expect("lays out");
    let labels = Labels::flood(&scene, 48, transform(48, 0)).expect("floods");
    assert!(
        labels.unclaimed().iter().any(|&n| n > 100),
        "{:?}",
        labels.unclaimed()
    );
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
    let scene = scene(&tile, &set.vocabulary).expect("lays out");
    let labels = Labels::flood(&scene, 64, transform(64, 0)).expect("floods");
    let line = labels.boundaries().expect("a boundary is drawn");
    assert!(line.data().iter().filter(|&&v| v > 0).count() > 10);
}

/// `road W; road S -> N; city N`: road S runs into the city, so road W's dead
/// end lies in the field west of road S; its village must be drawn there, not
/// east of road S with road W crossing it.
#[test]
fn a_lone_dead_end_ends_in_its_own_field() {
    let set = test_tiles();
    let tile = set
        .tiles
        .iter()
        .find(|t| t.id == "vocab/village-west")
        .expect("village-west");
    let scene = scene(tile, &set.vocabulary).expect("lays out");
    let village = scene.joins.iter().find(|j| j.village).expect("a village");
    let road_s = scene
        .routes
        .iter()
        .find(|r| r.id == 1)
        .and_then(|r| r.curves.first())
        .expect("road S");
    let x_of_road_s = road_s.at(0.5).x;
    assert!(
        village.at.x + village.radius < x_of_road_s,
        "village at {:?}, road S at x = {x_of_road_s}",
        village.at
    );
}

/// A symbol keeps its orientation in the picture however the tile turns:
/// a tile holding only a cloister looks the same in every rotation.
#[test]
fn symbols_stay_upright_when_the_tile_turns() {
    let set = shipped();
    let tile = set.tiles.iter().find(|t| t.id == "base/B").expect("base/B");
    let draw = |r| super::tile_pixmap(tile, &set.vocabulary, r, 96).expect("draws");
    let upright = draw(0);
    for r in 1..4 {
        let turned = draw(r);
        let differ = upright
            .pixels()
            .iter()
            .zip(turned.pixels())
            .filter(|(a, b)| {
                let (a, b) = (a.demultiply(), b.demultiply());
                a.red().abs_diff(b.red()) > 8
                    || a.green().abs_diff(b.green()) > 8
                    || a.blue().abs_diff(b.blue()) > 8
            })
            .count();
        assert!(differ < 8, "rotation {r}: {differ} pixels differ");
    }
}

/// Every `draw` the prelude writes names a built-in look of its shape.
#[test]
fn every_look_the_prelude_names_exists() {
    let set = shipped();
    for kind in &set.vocabulary.kinds {
        let Some(draw) = kind.style.draw.as_deref() else {
            continue;
        };
        let found = match kind.shape {
            Shape::Region => Look::resolve(REGIONS, &kind.style, &kind.id).name(),
            Shape::Path => Look::resolve(PATHS, &kind.style, &kind.id).name(),
            Shape::Face => Look::resolve(FACES, &kind.style, &kind.id).name(),
            Shape::Spot => Look::resolve(SPOTS, &kind.style, &kind.id).name(),
        };
        assert_eq!(found, Some(draw), "kind {}", kind.id);
    }
    for attribute in &set.vocabulary.attributes {
        if let Some(draw) = attribute.style.draw.as_deref() {
            let found = Look::resolve(ATTRIBUTES, &attribute.style, &attribute.id).name();
            assert_eq!(found, Some(draw), "attribute {}", attribute.id);
        }
    }
}

/// A fan's kind without `draw` is drawn in its declared colour: the
/// lakeside canal's surface is `#3f7fbf` at its middle.
#[test]
fn a_fan_kind_is_drawn_in_its_colour() {
    let set = test_tiles();
    let tile = set
        .tiles
        .iter()
        .find(|t| t.id == "lakeside/canal-straight")
        .expect("canal-straight");
    let pixmap = super::tile_pixmap(tile, &set.vocabulary, 0, 100).expect("draws");
    // The canal runs E–W through the middle; its label sits at the middle,
    // so look a quarter of the way along.
    let p = pixmap.pixel(25, 50).expect("a pixel").demultiply();
    assert_eq!((p.red(), p.green(), p.blue()), (0x3f, 0x7f, 0xbf));
}

/// Several spots on a tile never overlap and stay on the tile.
#[test]
fn spots_do_not_overlap() {
    for set in [shipped(), test_tiles()] {
        for tile in &set.tiles {
            let scene = scene(tile, &set.vocabulary).expect("lays out");
            for (i, a) in scene.spots.iter().enumerate() {
                let on_tile = [a.at.x, 1.0 - a.at.x, a.at.y, 1.0 - a.at.y]
                    .into_iter()
                    .all(|d| d >= a.radius - 1e-3);
                assert!(on_tile, "{}: spot {} leaves the tile", tile.id, a.id);
                for b in &scene.spots[i + 1..] {
                    let gap = a.at.dist(b.at) - a.radius - b.radius;
                    assert!(
                        gap > 0.0,
                        "{}: spots {} and {} overlap",
                        tile.id,
                        a.id,
                        b.id
                    );
                }
            }
        }
    }
}

/// At a crossing, the attributes of the lower feature are drawn where the
/// upper one does not cover them (they are painted with their own layer).
#[test]
fn a_lower_features_attributes_stay_uncovered() {
    let mut checked = 0;
    for set in [shipped(), test_tiles()] {
        for tile in &set.tiles {
            let scene = scene(tile, &set.vocabulary).expect("lays out");
            for badge in &scene.badges {
                let above = scene.regions.iter().filter(|r| r.layer > badge.layer);
                for region in above {
                    checked += 1;
                    assert!(
                        !super::geometry::inside(badge.at, &region.polygon),
                        "{}: the badge of feature {} is under region {}",
                        tile.id,
                        badge.owner,
                        region.id
                    );
                }
            }
        }
    }
    assert!(checked >= 1, "badges under a crossing checked: {checked}");
}

/// A low look (a vineyard) touching two features far apart is a band of its
/// nominal width reaching both, not a disc grown to reach them.
#[test]
fn a_vineyard_between_two_cities_is_a_band() {
    let set = test_tiles();
    let tile = set
        .tiles
        .iter()
        .find(|t| t.id == "vocab/vineyard-band")
        .expect("vineyard-band");
    let scene = scene(tile, &set.vocabulary).expect("lays out");
    let spot = scene.spots.first().expect("the vineyard");
    let Look::Builtin(name, look) = &spot.look else {
        panic!("the vineyard has a built-in look");
    };
    assert_eq!(*name, "vineyard");
    assert!((spot.radius - look.radius).abs() < 1e-6, "{}", spot.radius);
    let (a, b) = spot.span.expect("a band");
    for (end, region) in [(a, &scene.regions[0]), (b, &scene.regions[1])] {
        let inside = scene
            .regions
            .iter()
            .any(|r| super::geometry::inside(end, &r.polygon));
        assert!(
            inside,
            "the band's end {end:?} lies in a city ({})",
            region.id
        );
    }
}
