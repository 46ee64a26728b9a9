//! Back end: the checked IR as wire types ([`wire`]), JSON text, and the JSON
//! Schema of the format.

mod pretty;
pub mod wire;

use crate::check::Checked;
use crate::ir::Relation;
use crate::kinds::FeatureKind;
use wire::{Feature, RoadEnd};

/// The wire form of a checked tile set. Expansions and tiles keep input order;
/// feature ids are the IR's (declared features, then fields).
#[must_use]
pub fn tileset(checked: &Checked) -> wire::TileSet {
    let set = checked.ir();
    let expansions = set
        .expansions
        .iter()
        .map(|e| wire::Expansion {
            id: e.id.clone(),
            name: e.name.clone(),
            year: e.year,
            requires: e.requires.iter().map(|(r, _)| r.clone()).collect(),
            tokens: e
                .tokens
                .iter()
                .map(|t| wire::Token {
                    id: t.id.clone(),
                    group: t.group.clone(),
                    value: t.value,
                    count: t.count,
                })
                .collect(),
            figures: e
                .figures
                .iter()
                .map(|f| wire::Figure {
                    id: f.id.clone(),
                    name: f.name.clone(),
                    per_player: f.per_player,
                    acrobat: f.acrobat,
                })
                .collect(),
            dice: e
                .dice
                .iter()
                .map(|d| wire::Die {
                    id: d.id.clone(),
                    faces: d.faces.clone(),
                })
                .collect(),
            rules: e.rules.iter().map(|(n, v, _)| (n.clone(), *v)).collect(),
        })
        .collect();
    let tiles = set
        .tiles
        .iter()
        .enumerate()
        .map(|(index, tile)| wire::Tile {
            id: checked.tile_id(index),
            expansion: set.expansions[tile.expansion].id.clone(),
            count: tile.count,
            start: tile.start,
            description: tile.description.clone(),
            edges: tile.edge_letters(),
            features: (0..tile.features.len())
                .map(|f| feature(checked, index, f))
                .collect(),
        })
        .collect();
    wire::TileSet {
        format: wire::FORMAT.to_string(),
        version: wire::FORMAT_VERSION,
        expansions,
        tiles,
    }
}

fn feature(checked: &Checked, tile: usize, id: usize) -> Feature {
    let set = checked.ir();
    let f = &set.tiles[tile].features[id];
    let slots = f.slots.clone();
    let touching = || set.graph.targets(tile, id, Relation::Touches);
    match f.kind {
        FeatureKind::City => Feature::City {
            slots,
            pennants: f.pennants,
        },
        FeatureKind::Road => {
            let ends = if f.dead_end {
                match set.graph.targets(tile, id, Relation::RoadEndsAt).first() {
                    Some(&target) => vec![RoadEnd::Feature { feature: target }],
                    None => vec![RoadEnd::Village],
                }
            } else {
                Vec::new()
            };
            Feature::Road { slots, ends }
        }
        FeatureKind::Field => Feature::Field {
            slots,
            cities: set.graph.targets(tile, id, Relation::FieldTouchesCity),
        },
        FeatureKind::Cloister => Feature::Cloister {
            slots,
            touching: touching(),
        },
        FeatureKind::Circus => Feature::Circus {
            slots,
            touching: touching(),
        },
        FeatureKind::Acrobats => Feature::Acrobats {
            slots,
            touching: touching(),
        },
        FeatureKind::Flier => Feature::Flier {
            slots,
            touching: touching(),
            direction: f.direction.unwrap_or(crate::geometry::Dir::N),
        },
        FeatureKind::CropCircle => Feature::CropCircle {
            slots,
            touching: touching(),
            crop_type: f.crop_type.unwrap_or(crate::kinds::CropType::Field),
        },
    }
}

/// The tile set as indented JSON (plain arrays on one line), ending in a newline.
#[must_use]
pub fn json(checked: &Checked) -> String {
    to_json(&tileset(checked))
}

/// Any serialisable value in the same layout as [`json`].
#[must_use]
pub fn to_json<T: serde::Serialize>(value: &T) -> String {
    pretty::to_string(value)
}

/// The JSON Schema of the wire format, generated from the wire types.
#[must_use]
pub fn schema() -> String {
    let schema = schemars::schema_for!(wire::TileSet);
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}
