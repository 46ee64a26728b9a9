//! Back end: the checked IR as wire types ([`wire`]), JSON text, and the JSON
//! Schema of the format.

mod pretty;
pub mod wire;

use std::collections::BTreeMap;

use crate::check::Checked;
use crate::ir::vocab::{AttributeDef, KindDef, Style};
use crate::ir::{Relation, Shape, TileSet};
use wire::{End, Feature};

/// The wire form of a checked tile set. Expansions and tiles keep input order;
/// feature ids are the IR's (declared features, then fields). The vocabulary
/// holds what the tiles and figures use and what the inputs declare.
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
                    strength: f.strength,
                    follower: f.follower,
                    stands_on: f.stands_on.clone(),
                    neutral: f.neutral,
                    supply: f.supply,
                    capabilities: f.capabilities.clone(),
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
            removes: e
                .removes
                .iter()
                .map(|(tile, count, _)| wire::Removal {
                    tile: tile.clone(),
                    count: *count,
                })
                .collect(),
        })
        .collect();
    let vocabulary = &set.vocabulary;
    let tiles = set
        .tiles
        .iter()
        .enumerate()
        .map(|(index, tile)| wire::Tile {
            id: checked.tile_id(index),
            expansion: set.expansions[tile.expansion].id.clone(),
            count: tile.count,
            start: tile.start,
            start_at: tile.start_at.map(|a| wire::StartAt {
                x: a.x,
                y: a.y,
                rotation: a.turns,
            }),
            group: tile.group.map(|g| vocabulary.groups[g].id.clone()),
            first: tile.first,
            last: tile.last,
            held: tile.held,
            replaces: tile.replaces.as_ref().map(|(r, _)| r.clone()),
            description: tile.description.clone(),
            edges: tile.edge_letters(vocabulary),
            features: (0..tile.features.len())
                .map(|f| feature(set, index, f))
                .collect(),
        })
        .collect();
    wire::TileSet {
        format: wire::FORMAT.to_string(),
        version: wire::FORMAT_VERSION,
        vocabulary: emitted_vocabulary(set),
        expansions,
        tiles,
    }
}

/// The declarations the set needs: every kind and attribute a tile or figure
/// uses, what those name in turn (a river's ends, a crop circle's variants),
/// and everything the inputs declare themselves. A farm's neighbour kind is
/// not needed of itself: a farm parameter naming a kind the set leaves out
/// (the prelude field's `wall`, the Count's city, in a set without it)
/// counts nothing and is left out with it.
fn emitted_vocabulary(set: &TileSet) -> wire::Vocabulary {
    let v = &set.vocabulary;
    let mut kinds = vec![false; v.kinds.len()];
    let mut attributes = vec![false; v.attributes.len()];
    for f in set.tiles.iter().flat_map(|t| &t.features) {
        kinds[f.kind] = true;
        for &(a, _) in &f.attributes {
            attributes[a] = true;
        }
    }
    for f in set.expansions.iter().flat_map(|e| &e.figures) {
        for k in f.stands_on.iter().filter_map(|k| v.kind(k)) {
            kinds[k] = true;
        }
    }
    for (i, k) in v.kinds.iter().enumerate() {
        kinds[i] |= k.origin.is_some();
    }
    for (i, a) in v.attributes.iter().enumerate() {
        attributes[i] |= a.origin.is_some();
    }
    for i in 0..v.kinds.len() {
        if !kinds[i] {
            continue;
        }
        let k = &v.kinds[i];
        for name in k.ends_at.iter().chain(&k.variants) {
            if let Some(j) = v.kind(name) {
                kinds[j] = true;
            }
        }
    }
    let expansion = |origin: Option<usize>| origin.map(|e| set.expansions[e].id.clone());
    wire::Vocabulary {
        kinds: v
            .kinds
            .iter()
            .zip(&kinds)
            .filter(|(_, used)| **used)
            .map(|(k, _)| {
                let kept = |param: &str| v.kind(param).is_none_or(|j| kinds[j]);
                kind(k, expansion(k.origin), kept)
            })
            .collect(),
        attributes: v
            .attributes
            .iter()
            .zip(&attributes)
            .filter(|(_, used)| **used)
            .map(|(a, _)| attribute(a, v, expansion(a.origin)))
            .collect(),
        groups: v
            .groups
            .iter()
            .map(|g| wire::Group {
                id: g.id.clone(),
                name: g.name.clone(),
                draw: g.draw.name().to_string(),
                expansion: set.expansions[g.origin].id.clone(),
            })
            .collect(),
    }
}

fn style(s: &Style) -> wire::Style {
    wire::Style {
        draw: s.draw.clone(),
        colour: s.colour.clone(),
        label: s.label.clone(),
    }
}

fn letter(l: u8) -> String {
    char::from(l).to_string()
}

/// A kind as the wire has it; `kept` says which of a farm's parameters (kind
/// names) stay.
fn kind(k: &KindDef, expansion: Option<String>, kept: impl Fn(&str) -> bool) -> wire::Kind {
    wire::Kind {
        id: k.id.clone(),
        name: k.name.clone(),
        description: k.doc.clone(),
        shape: match k.shape {
            Shape::Region => wire::Shape::Region,
            Shape::Path => wire::Shape::Path,
            Shape::Face => wire::Shape::Face,
            Shape::Spot => wire::Shape::Spot,
        },
        edge: k.edge.map(letter),
        matches: k.matches.iter().map(|&l| letter(l)).collect(),
        occupy: k.occupy.clone(),
        score: k.score.as_ref().map(|(template, params)| wire::Score {
            template: template.clone(),
            params: params
                .iter()
                .filter(|p| template != "farm" || kept(&p.name))
                .map(|p| (p.name.clone(), p.value))
                .collect(),
        }),
        capabilities: k.capabilities.clone(),
        centre: k.centre,
        arrow: k.arrow,
        variants: k.variants.clone(),
        ends_at: k.ends_at.clone(),
        partial: k.partial,
        style: style(&k.style),
        expansion,
    }
}

fn attribute(
    a: &AttributeDef,
    v: &crate::ir::Vocabulary,
    expansion: Option<String>,
) -> wire::Attribute {
    wire::Attribute {
        id: a.id.clone(),
        name: a.name.clone(),
        description: a.doc.clone(),
        on: a.on.iter().map(|&k| v.kinds[k].id.clone()).collect(),
        counted: a.counted,
        params: a
            .params
            .iter()
            .map(|p| {
                let m = if p.adds {
                    wire::Modifier::Add(p.value)
                } else {
                    wire::Modifier::Set(p.value)
                };
                (p.name.clone(), m)
            })
            .collect(),
        capabilities: a.capabilities.clone(),
        scored_with: a.scored_with.clone(),
        style: style(&a.style),
        expansion,
    }
}

fn feature(set: &TileSet, tile: usize, id: usize) -> Feature {
    let v = &set.vocabulary;
    let f = &set.tiles[tile].features[id];
    let kind = &v.kinds[f.kind];
    let mut out = Feature::new(&kind.id, f.slots.clone());
    out.attributes = f
        .attributes
        .iter()
        .map(|&(a, n)| (v.attributes[a].id.clone(), n))
        .collect::<BTreeMap<_, _>>();
    if f.dead_end {
        out.ends = match set.graph.targets(tile, id, Relation::EndsAt).first() {
            Some(&target) => vec![End::Feature { feature: target }],
            None if f.alone => vec![End::Alone],
            None => vec![End::Village],
        };
    }
    out.touching = match kind.shape {
        Shape::Face => set.graph.targets(tile, id, Relation::FieldTouches),
        Shape::Spot | Shape::Path => set.graph.targets(tile, id, Relation::Touches),
        Shape::Region => Vec::new(),
    };
    out.direction = f.direction;
    out.variant = f.variant.clone();
    out.reaches = f.reaches.clone();
    out.crossing = f.crossing.map(|c| wire::Crossing {
        way: c.name().to_string(),
        crosses: set.graph.targets(tile, id, Relation::Crosses),
    });
    out
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
