//! A tile that no tile of the set can ever sit next to (W0601): none of its side
//! types appears on any other tile (or on a second copy of itself).

use std::collections::HashMap;

use crate::diag::{Code, Diagnostic};
use crate::ir::{Edge, TileSet};

pub(crate) fn check(set: &TileSet, out: &mut Vec<Diagnostic>) {
    for index in never_placeable(set) {
        let tile = &set.tiles[index];
        let mut edges = tile.edges().to_vec();
        edges.sort();
        edges.dedup();
        let names: Vec<&str> = edges
            .iter()
            .map(|e| match e {
                Edge::City => "city",
                Edge::Road => "road",
                Edge::Field => "field",
            })
            .collect();
        out.push(
            Diagnostic::new(
                Code::NeverPlaceable,
                tile.span,
                format!(
                    "tile `{}` can never be placed: no other tile has a {} side",
                    tile.name,
                    names.join(" or ")
                ),
            )
            .label("fits next to no tile of the set")
            .help(
                "add tiles with matching sides, or compile it together with the set it belongs to",
            ),
        );
    }
}

/// The tiles none of whose side types appears on another tile (or on a second
/// copy of the tile itself).
#[must_use]
pub fn never_placeable(set: &TileSet) -> Vec<usize> {
    let mut copies_with: HashMap<Edge, u64> = HashMap::new();
    let letters: Vec<Vec<Edge>> = set
        .tiles
        .iter()
        .map(|t| {
            let mut edges = t.edges().to_vec();
            edges.sort();
            edges.dedup();
            edges
        })
        .collect();
    for (tile, edges) in set.tiles.iter().zip(&letters) {
        for e in edges {
            *copies_with.entry(*e).or_default() += u64::from(tile.count);
        }
    }
    set.tiles
        .iter()
        .zip(&letters)
        .enumerate()
        .filter(|(_, (_, edges))| {
            !edges
                .iter()
                .any(|e| copies_with.get(e).copied().unwrap_or(0) >= 2)
        })
        .map(|(index, _)| index)
        .collect()
}
