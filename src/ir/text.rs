//! A fixed, reviewable text form of the IR, for golden files: one line per tile,
//! one indented line per feature, relations by feature number.

use std::fmt::Write;

use super::{Relation, Tile, TileSet};
use crate::geometry::Side;
use crate::kinds::FeatureKind;

/// The text form of every tile of a set.
#[must_use]
pub fn tileset_text(set: &TileSet) -> String {
    let mut out = String::new();
    for (i, _) in set.tiles.iter().enumerate() {
        out.push_str(&tile_text(set, i));
    }
    out
}

/// The text form of one tile:
///
/// ```text
/// base/S x2 CCRC
///   #0 city N E W pennants 1
///   #1 road S -> #0
///   #2 field SSE touches #0
/// ```
#[must_use]
pub fn tile_text(set: &TileSet, index: usize) -> String {
    let tile: &Tile = &set.tiles[index];
    let mut out = String::new();
    let expansion = &set.expansions[tile.expansion].id;
    let _ = write!(
        out,
        "{expansion}/{} x{} {}",
        tile.name,
        tile.count,
        tile.edge_letters()
    );
    if tile.start > 0 {
        let _ = write!(out, " start {}", tile.start);
    }
    if tile.explicit_fields {
        out.push_str(" explicit-fields");
    }
    out.push('\n');
    for (id, f) in tile.features.iter().enumerate() {
        let _ = write!(out, "  #{id} {}", f.kind);
        match f.kind {
            FeatureKind::City | FeatureKind::Road => {
                let mut sides: Vec<Side> = f.slots.iter().map(|s| s.side()).collect();
                sides.dedup();
                for side in sides {
                    let _ = write!(out, " {side}");
                }
            }
            _ => {
                for slot in &f.slots {
                    let _ = write!(out, " {slot}");
                }
            }
        }
        if f.pennants > 0 {
            let _ = write!(out, " pennants {}", f.pennants);
        }
        if let Some(d) = f.direction {
            let _ = write!(out, " {d}");
        }
        if let Some(t) = f.crop_type {
            let _ = write!(out, " {t}");
        }
        if f.dead_end {
            match set.graph.targets(index, id, Relation::RoadEndsAt).first() {
                Some(t) => {
                    let _ = write!(out, " -> #{t}");
                }
                None => out.push_str(" -> village"),
            }
        }
        for (relation, word) in [
            (Relation::Touches, "touching"),
            (Relation::FieldTouchesCity, "touches"),
        ] {
            let targets = set.graph.targets(index, id, relation);
            if !targets.is_empty() {
                let refs: Vec<String> = targets.iter().map(|t| format!("#{t}")).collect();
                let _ = write!(out, " {word} {}", refs.join(" "));
            }
        }
        out.push('\n');
    }
    out
}
