//! Two tiles of one expansion identical up to rotation (W0602): they are one tile
//! kind with the counts added up. A tile marked `twin` is one on purpose (a
//! different picture of the same tile) and is not reported.

use std::collections::HashMap;
use std::fmt::Write;

use crate::diag::{Code, Diagnostic};
use crate::ir::{Relation, Tile, TileSet};

pub(crate) fn check(set: &TileSet, out: &mut Vec<Diagnostic>) {
    let pairs = identical_pairs(set);
    for (index, tile) in set.tiles.iter().enumerate() {
        if tile.twin && !pairs.iter().any(|&(_, later)| later == index) {
            out.push(
                Diagnostic::new(
                    Code::IdenticalTiles,
                    tile.span,
                    format!(
                        "tile `{}` is marked `twin` but is no earlier tile turned",
                        tile.name
                    ),
                )
                .label("twins nothing")
                .help(
                    "`twin` marks a second picture of an earlier tile of the expansion: remove it",
                ),
            );
        }
    }
    for (first, tile) in pairs {
        let (first, tile) = (&set.tiles[first], &set.tiles[tile]);
        if tile.twin {
            continue;
        }
        out.push(
            Diagnostic::new(
                Code::IdenticalTiles,
                tile.span,
                format!("tile `{}` is tile `{}` turned", tile.name, first.name),
            )
            .label("same features up to rotation")
            .with(first.span, "this tile")
            .help(format!(
                "remove `{}` and add its count to `{}`",
                tile.name, first.name
            )),
        );
    }
}

/// Pairs `(first, later)` of tiles of one expansion that are identical up to
/// rotation, each later tile paired with the first of its kind.
#[must_use]
pub fn identical_pairs(set: &TileSet) -> Vec<(usize, usize)> {
    // Only tiles that agree on a cheap rotation-invariant summary can be equal;
    // the full canonical form is computed for those alone.
    let mut buckets: HashMap<Summary, Vec<usize>> = HashMap::new();
    for (index, tile) in set.tiles.iter().enumerate() {
        buckets.entry(summary(set, tile)).or_default().push(index);
    }
    let mut candidates: Vec<usize> = buckets
        .into_values()
        .filter(|b| b.len() > 1)
        .flatten()
        .collect();
    candidates.sort_unstable();
    let mut seen: HashMap<(usize, String), usize> = HashMap::new();
    let mut pairs = Vec::new();
    for index in candidates {
        let tile = &set.tiles[index];
        let key = (tile.expansion, canonical(set, index, tile));
        match seen.get(&key) {
            Some(&first) => pairs.push((first, index)),
            None => {
                seen.insert(key, index);
            }
        }
    }
    pairs
}

/// Expansion, the smallest rotation of the edges, and the features' kinds and
/// attribute units.
type Summary = (
    usize,
    Option<usize>,
    [u8; 4],
    Vec<(usize, Vec<(usize, u32)>)>,
);

fn summary(set: &TileSet, tile: &Tile) -> Summary {
    let letters = tile.edges(&set.vocabulary);
    let edges = (0..4)
        .map(|r| std::array::from_fn(|i| letters[(i + r) % 4]))
        .min()
        .unwrap_or(letters);
    let mut kinds: Vec<(usize, Vec<(usize, u32)>)> = tile
        .features
        .iter()
        .map(|f| (f.kind, f.attributes.clone()))
        .collect();
    kinds.sort_unstable();
    (tile.expansion, tile.group, edges, kinds)
}

/// The smallest description of the tile over its four rotations.
fn canonical(set: &TileSet, index: usize, tile: &Tile) -> String {
    (0..4)
        .map(|r| describe(set, index, &tile.rotated(r)))
        .min()
        .unwrap_or_default()
}

/// Features and relations, each named by content rather than by index.
fn describe(set: &TileSet, index: usize, tile: &Tile) -> String {
    let name = |f: usize| {
        let feature = &tile.features[f];
        let mut s = set.vocabulary.kinds[feature.kind].id.clone();
        for slot in &feature.slots {
            let _ = write!(s, " {slot}");
        }
        let _ = write!(
            s,
            " {:?} {:?} {:?} {:?} {:?}",
            feature.attributes,
            feature.direction,
            feature.variant,
            feature.reaches,
            feature.crossing
        );
        s
    };
    let mut lines: Vec<String> = (0..tile.features.len()).map(name).collect();
    for f in 0..tile.features.len() {
        for relation in [
            Relation::Touches,
            Relation::EndsAt,
            Relation::FieldTouches,
            Relation::Crosses,
        ] {
            for t in set.graph.targets(index, f, relation) {
                lines.push(format!("{} {relation:?} {}", name(f), name(t)));
            }
        }
    }
    lines.sort();
    lines.join("\n")
}
