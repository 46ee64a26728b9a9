//! Figures' places in JCloisterZone's words: a feature of a placed tile as
//! JCZ's pointer (feature type and location after rotation: `City` at `SE`,
//! `Field` at `NL.WR`, `Monastery` at `I`), and back.

use serde_json::{json, Value};

use super::names::{self, Where};
use crate::emit::wire::Tile;
use crate::export::jcz::names as xml_names;
use crate::geometry::Slot;

/// JCZ's feature type and location of feature `feature` of `tile` placed
/// with `rotation`, or `None` when JCZ has no such feature.
#[must_use]
pub fn location(tile: &Tile, rotation: u8, feature: usize) -> Option<(&'static str, String)> {
    let f = tile.features.get(feature)?;
    let (kind, place) = names::feature_type(&f.kind)?;
    let slots: Vec<Slot> = f.slots.iter().map(|s| s.rotated(rotation)).collect();
    let text = match place {
        Where::Inside => "I".to_string(),
        Where::Sides => {
            // A side the feature holds the middle of: a city sharing a
            // corner of another's side (Hills & Sheep's `CC!.v`) is, in
            // JCZ's words, on its own side alone.
            let sides: Vec<_> = crate::geometry::Side::ALL
                .into_iter()
                .filter(|s| slots.iter().any(|slot| *slot == s.middle()))
                .collect();
            xml_names::sides_location(&sides)
        }
        Where::HalfSides => {
            let mut sorted = slots;
            sorted.sort();
            let halves: Vec<&str> = sorted
                .into_iter()
                .filter_map(xml_names::half_side)
                .collect();
            if halves.is_empty() {
                "I".to_string()
            } else {
                halves.join(".")
            }
        }
    };
    Some((kind, text))
}

/// A feature pointer as JCZ writes it.
#[must_use]
pub fn pointer(x: i32, y: i32, kind: &str, location: &str) -> Value {
    json!({ "position": [x, y], "feature": kind, "location": location })
}

/// The feature of `tile` placed with `rotation` that JCZ names `kind` at
/// `location`: the one at exactly that location, else the one of that type
/// sharing a side or half-side with it (JCZ names a feature by the part on
/// the tile, which is the whole feature when both engines see the tile alike).
#[must_use]
pub fn feature_at(tile: &Tile, rotation: u8, kind: &str, at: &str) -> Option<usize> {
    let of_type: Vec<(usize, String)> = (0..tile.features.len())
        .filter_map(|i| location(tile, rotation, i).map(|(k, l)| (i, k, l)))
        .filter(|(_, k, _)| *k == kind)
        .map(|(i, _, l)| (i, l))
        .collect();
    if let Some((i, _)) = of_type.iter().find(|(_, l)| l == at) {
        return Some(*i);
    }
    let parts = |l: &str| -> Vec<String> {
        if l.contains('.') || l.len() == 2 && l.ends_with(['L', 'R']) {
            l.split('.').map(str::to_string).collect()
        } else {
            side_letters(l)
        }
    };
    let wanted = parts(at);
    of_type
        .iter()
        .find(|(_, l)| parts(l).iter().any(|p| wanted.contains(p)))
        .map(|(i, _)| *i)
}

/// The sides a sides location covers (`_N` → `E S W`).
fn side_letters(l: &str) -> Vec<String> {
    let all = ["N", "E", "S", "W"];
    if let Some(rest) = l.strip_prefix('_') {
        return all
            .iter()
            .filter(|s| **s != rest)
            .map(|s| (*s).to_string())
            .collect();
    }
    all.iter()
        .filter(|s| l.contains(**s))
        .map(|s| (*s).to_string())
        .collect()
}
