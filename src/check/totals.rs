//! Totals over an expansion's tiles (weighted by count): what `expect` can pin
//! and what the statistics report. Besides a few fixed totals, every declared
//! kind can be counted by name (`cloisters`, `city-sides`) and every attribute
//! by its units (`pennants`).

use crate::ir::vocab::plural;
use crate::ir::{Tile, TileSet};

/// The fixed names `expect` accepts, with what each counts.
pub const FIXED: &[(&str, &str)] = &[
    ("tiles", "tiles, counting copies"),
    ("kinds", "distinct tile kinds"),
    ("start", "start tiles"),
    ("sides", "tile sides"),
];

/// Every name `expect` accepts with this vocabulary, for messages.
#[must_use]
pub fn countable(set: &TileSet) -> Vec<String> {
    let mut out: Vec<String> = FIXED.iter().map(|(n, _)| (*n).to_string()).collect();
    for k in &set.vocabulary.kinds {
        out.push(plural(&k.id));
        if k.edge.is_some() {
            out.push(format!("{}-sides", k.id));
        }
    }
    for a in &set.vocabulary.attributes {
        out.push(a.plural.clone().unwrap_or_else(|| plural(&a.id)));
    }
    out
}

/// What a name counts per tile.
enum Counted {
    Tiles,
    Kinds,
    Start,
    Sides,
    Features(usize),
    SidesOf(u8),
    Units(usize),
}

fn resolve(set: &TileSet, what: &str) -> Option<Counted> {
    let v = &set.vocabulary;
    Some(match what {
        "tiles" => Counted::Tiles,
        "kinds" => Counted::Kinds,
        "start" => Counted::Start,
        "sides" => Counted::Sides,
        _ => {
            if let Some(kind) = what.strip_suffix("-sides").and_then(|k| v.kind(k)) {
                return v.kinds[kind].edge.map(Counted::SidesOf);
            }
            if let Some(k) = v
                .kinds
                .iter()
                .position(|k| plural(&k.id) == what || k.id == what)
            {
                return Some(Counted::Features(k));
            }
            let attribute = v
                .attribute(what)
                .or_else(|| v.attributes.iter().position(|a| plural(&a.id) == what))?;
            Counted::Units(attribute)
        }
    })
}

/// The total named `what` over the tiles of `expansion`, or `None` when the name
/// is not countable.
#[must_use]
pub fn total(set: &TileSet, expansion: usize, what: &str) -> Option<i64> {
    let counted = resolve(set, what)?;
    let tiles = set.tiles.iter().filter(|t| t.expansion == expansion);
    if let Counted::Kinds = counted {
        return Some(i64::try_from(tiles.count()).unwrap_or(i64::MAX));
    }
    let per_tile = |t: &Tile| -> u64 {
        match counted {
            Counted::Tiles => 1,
            Counted::Kinds => 0,
            Counted::Start => 0,
            Counted::Sides => 4,
            Counted::Features(k) => t.features.iter().filter(|f| f.kind == k).count() as u64,
            Counted::SidesOf(letter) => t
                .edges(&set.vocabulary)
                .iter()
                .filter(|&&e| e == letter)
                .count() as u64,
            Counted::Units(a) => t.attribute_units(a),
        }
    };
    let sum: u64 = tiles
        .map(|t| match counted {
            Counted::Start => u64::from(t.start),
            _ => u64::from(t.count).saturating_mul(per_tile(t)),
        })
        .fold(0u64, u64::saturating_add);
    Some(i64::try_from(sum).unwrap_or(i64::MAX))
}
