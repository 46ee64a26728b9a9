//! A tile that no tile of the set can ever sit next to (W0601): none of its side
//! letters meets a side of any other tile (or of a second copy of itself).

use crate::diag::{Code, Diagnostic};
use crate::ir::TileSet;

pub(crate) fn check(set: &TileSet, out: &mut Vec<Diagnostic>) {
    for index in never_placeable(set) {
        let tile = &set.tiles[index];
        let mut edges = tile.edges(&set.vocabulary).to_vec();
        edges.sort_unstable();
        edges.dedup();
        let names: Vec<&str> = edges
            .iter()
            .map(|&e| {
                set.vocabulary
                    .kind_of_edge(e)
                    .map_or("unknown", |k| k.id.as_str())
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

/// The tiles none of whose side letters meets a side of another tile (or of a
/// second copy of the tile itself).
#[must_use]
pub fn never_placeable(set: &TileSet) -> Vec<usize> {
    let letters: Vec<Vec<u8>> = set
        .tiles
        .iter()
        .map(|t| {
            let mut edges = t.edges(&set.vocabulary).to_vec();
            edges.sort_unstable();
            edges.dedup();
            edges
        })
        .collect();
    // Copies in the set showing each letter.
    let mut copies_with = [0u64; 256];
    for (tile, edges) in set.tiles.iter().zip(&letters) {
        for &e in edges {
            copies_with[usize::from(e)] += u64::from(tile.count);
        }
    }
    let present: Vec<u8> = (0..=255u8)
        .filter(|&l| copies_with[usize::from(l)] > 0)
        .collect();
    set.tiles
        .iter()
        .zip(&letters)
        .enumerate()
        .filter(|(_, (tile, edges))| {
            !edges.iter().any(|&e| {
                present.iter().any(|&other| {
                    // Another copy showing `other`: this tile itself counts once less.
                    let others = copies_with[usize::from(other)]
                        - u64::from(edges.contains(&other) && tile.count > 0);
                    set.vocabulary.meets(e, other) && others >= 1
                })
            })
        })
        .map(|(index, _)| index)
        .collect()
}
