//! Totals over an expansion's tiles (weighted by count): what `expect` can pin
//! and what the statistics report.

use crate::ir::{Edge, TileSet};
use crate::kinds::FeatureKind;

/// The names `expect` accepts, with what each counts.
pub const COUNTABLE: &[(&str, &str)] = &[
    ("tiles", "tiles, counting copies"),
    ("kinds", "distinct tile kinds"),
    ("start", "start tiles"),
    ("pennants", "pennants"),
    ("cloisters", "cloisters"),
    ("circuses", "circus spaces"),
    ("acrobats", "acrobat spaces (pyramids)"),
    ("fliers", "flying machines"),
    ("crop-circles", "crop circles"),
    ("sides", "tile sides"),
    ("city-sides", "city sides"),
    ("road-sides", "road sides"),
    ("field-sides", "field sides"),
    ("fields", "fields"),
];

/// The total named `what` over the tiles of `expansion`, or `None` when the name
/// is not countable.
#[must_use]
pub fn total(set: &TileSet, expansion: usize, what: &str) -> Option<i64> {
    let tiles = set.tiles.iter().filter(|t| t.expansion == expansion);
    let per_tile = |f: &dyn Fn(&crate::ir::Tile) -> usize| -> i64 {
        tiles
            .clone()
            .map(|t| i64::from(t.count).saturating_mul(i64::try_from(f(t)).unwrap_or(i64::MAX)))
            .fold(0, i64::saturating_add)
    };
    let features = |kind: FeatureKind| {
        move |t: &crate::ir::Tile| t.features.iter().filter(|f| f.kind == kind).count()
    };
    let sides =
        |edge: Edge| move |t: &crate::ir::Tile| t.edges().iter().filter(|e| **e == edge).count();
    Some(match what {
        "tiles" => per_tile(&|_| 1),
        "kinds" => i64::try_from(tiles.count()).unwrap_or(0),
        "start" => tiles.map(|t| i64::from(t.start)).sum(),
        "pennants" => per_tile(&|t| {
            t.features
                .iter()
                .map(|f| f.pennants as usize)
                .fold(0, usize::saturating_add)
        }),
        "cloisters" => per_tile(&features(FeatureKind::Cloister)),
        "circuses" => per_tile(&features(FeatureKind::Circus)),
        "acrobats" => per_tile(&features(FeatureKind::Acrobats)),
        "fliers" => per_tile(&features(FeatureKind::Flier)),
        "crop-circles" => per_tile(&features(FeatureKind::CropCircle)),
        "fields" => per_tile(&features(FeatureKind::Field)),
        "sides" => per_tile(&|_| 4),
        "city-sides" => per_tile(&sides(Edge::City)),
        "road-sides" => per_tile(&sides(Edge::Road)),
        "field-sides" => per_tile(&sides(Edge::Field)),
        _ => return None,
    })
}
