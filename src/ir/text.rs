//! A fixed, reviewable text form of the IR, for golden files: one line per tile,
//! one indented line per feature, relations by feature number.

use std::fmt::Write;

use super::{Relation, Shape, Tile, TileSet};
use crate::geometry::Side;

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
    let vocabulary = &set.vocabulary;
    let mut out = String::new();
    let expansion = &set.expansions[tile.expansion].id;
    let _ = write!(
        out,
        "{expansion}/{} x{} {}",
        tile.name,
        tile.count,
        tile.edge_letters(vocabulary)
    );
    if tile.start > 0 {
        let _ = write!(out, " start {}", tile.start);
    }
    if let Some(g) = tile.group {
        let _ = write!(out, " group {}", vocabulary.groups[g].id);
    }
    if tile.first {
        out.push_str(" first");
    }
    if tile.last {
        out.push_str(" last");
    }
    if tile.twin {
        out.push_str(" twin");
    }
    if let Some((r, _)) = &tile.replaces {
        let _ = write!(out, " replaces {r}");
    }
    if tile.explicit_fields {
        out.push_str(" explicit-fields");
    }
    out.push('\n');
    for (id, f) in tile.features.iter().enumerate() {
        let kind = &vocabulary.kinds[f.kind];
        let _ = write!(out, "  #{id} {}", kind.id);
        match kind.shape {
            Shape::Region | Shape::Path => {
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
        if !f.reaches.is_empty() {
            let corners: Vec<&str> = f.reaches.iter().map(|d| d.name()).collect();
            let _ = write!(out, " reaching {}", corners.join(" "));
        }
        if let Some(c) = f.crossing {
            let _ = write!(out, " {}", c.name());
        }
        for &(a, n) in &f.attributes {
            let _ = write!(out, " {} {n}", vocabulary.attributes[a].id);
        }
        if let Some(d) = f.direction {
            let _ = write!(out, " {d}");
        }
        if let Some(v) = &f.variant {
            let _ = write!(out, " {v}");
        }
        if f.dead_end {
            match set.graph.targets(index, id, Relation::EndsAt).first() {
                Some(t) => {
                    let _ = write!(out, " -> #{t}");
                }
                None if f.alone => out.push_str(" -> alone"),
                None => out.push_str(" -> village"),
            }
        }
        for (relation, word) in [
            (Relation::Touches, "touching"),
            (Relation::FieldTouches, "touches"),
            (Relation::Crosses, "crosses"),
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
