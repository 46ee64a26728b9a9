//! Static statistics of a checked tile set: what `tileforge stats` reports.
//! Totals per expansion, side patterns, how many tiles fit each side of each
//! tile, tiles that can never be placed, tiles identical up to rotation.

mod table;
mod text;

pub use table::Table;
pub use text::render_text;

use std::collections::BTreeMap;

use serde::Serialize;

use crate::check::identical::identical_pairs;
use crate::check::placeable::never_placeable;
use crate::check::totals::total;
use crate::check::Checked;
use crate::geometry::Side;

/// The value of [`Report::format`].
pub const FORMAT: &str = "tileforge.stats";
/// The stats report's format version: 1, its first versioned shape (counts
/// keyed by the names `expect` takes).
pub const VERSION: u32 = 1;

/// The whole static report.
#[derive(Debug, Serialize)]
pub struct Report {
    /// Always `"tileforge.stats"`.
    pub format: &'static str,
    /// Always [`VERSION`].
    pub version: u32,
    /// One row per expansion.
    pub expansions: Vec<Totals>,
    /// All expansions together.
    pub total: Totals,
    /// Flying machines by arrow direction (tile copies); left out when the
    /// set has none.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub fliers_by_direction: BTreeMap<String, i64>,
    /// Crop circles by type (tile copies); left out when the set has none.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub crop_circles_by_type: BTreeMap<String, i64>,
    /// Side patterns up to rotation, most tiles first.
    pub side_patterns: Vec<Pattern>,
    /// For each tile kind, what fits each of its sides.
    pub neighbours: Vec<Neighbours>,
    /// Tiles no tile of the set can sit next to.
    pub never_placeable: Vec<String>,
    /// Pairs of tiles identical up to rotation.
    pub identical: Vec<[String; 2]>,
}

/// Totals over some tiles, copies counted.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Totals {
    /// Expansion id, or `total`.
    pub id: String,
    /// Tiles (copies).
    pub tiles: i64,
    /// Tile kinds.
    pub kinds: i64,
    /// What the set's own vocabulary counts, by the names `expect` takes
    /// ([`columns`]): the sides of each kind with an edge (`city-sides`,
    /// `mere-sides`), each kind of spot (`cloisters`), each attribute's
    /// units (`pennants`); only those some tile of the set has.
    pub counts: Counts,
}

/// Counts by name, in column order (a JSON object): the same ordered map
/// as the score report's points by column.
pub type Counts = crate::engine::report::BySource;

impl Totals {
    fn add(&mut self, o: &Totals) {
        self.tiles = self.tiles.saturating_add(o.tiles);
        self.kinds = self.kinds.saturating_add(o.kinds);
        for (name, v) in &o.counts.0 {
            match self.counts.0.iter_mut().find(|(n, _)| n == name) {
                Some((_, mine)) => *mine = mine.saturating_add(*v),
                None => self.counts.0.push((name.clone(), *v)),
            }
        }
    }
}

/// What the stats count for a set, by the names `expect` takes: the sides of
/// each kind with an edge, then each kind of spot, then each attribute, in
/// declaration order (the base game's first).
#[must_use]
pub fn columns(set: &crate::ir::TileSet) -> Vec<String> {
    use crate::ir::vocab::{plural, Shape};
    let v = &set.vocabulary;
    let sides = v
        .kinds
        .iter()
        .filter(|k| k.edge.is_some())
        .map(|k| format!("{}-sides", k.id));
    let spots = v
        .kinds
        .iter()
        .filter(|k| k.shape == Shape::Spot)
        .map(|k| plural(&k.id));
    let attributes = v
        .attributes
        .iter()
        .map(|a| a.plural.clone().unwrap_or_else(|| plural(&a.id)));
    sides.chain(spots).chain(attributes).collect()
}

/// Four side letters up to rotation, and how many tiles show them.
#[derive(Debug, Serialize)]
pub struct Pattern {
    /// The smallest rotation of the letters, e.g. `CCFR`.
    pub pattern: String,
    /// Tile kinds with this pattern.
    pub kinds: usize,
    /// Tiles (copies) with this pattern.
    pub tiles: u64,
}

/// What fits next to each side of one tile kind.
#[derive(Debug, Serialize)]
pub struct Neighbours {
    /// Tile id.
    pub tile: String,
    /// Copies.
    pub count: u32,
    /// Its edges N E S W.
    pub edges: String,
    /// Per side N E S W: tile kinds with a matching side, and (kind, rotation)
    /// placements that match. A tile counts itself only when it has two copies.
    pub sides: [SideFit; 4],
}

/// Matches for one side.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct SideFit {
    /// Tile kinds that can sit against this side.
    pub kinds: usize,
    /// Kind-and-rotation combinations that can.
    pub placements: usize,
}

/// Computes the report.
#[must_use]
pub fn report(checked: &Checked) -> Report {
    let set = checked.ir();
    let columns = columns(set);
    let mut expansions: Vec<Totals> = (0..set.expansions.len())
        .map(|e| totals(checked, e, &columns))
        .collect();
    let mut all = Totals {
        id: "total".to_string(),
        ..Totals::default()
    };
    for e in &expansions {
        all.add(e);
    }
    // No column of zeros: only what some tile of the set has.
    all.counts.0.retain(|(_, v)| *v != 0);
    for e in &mut expansions {
        e.counts
            .0
            .retain(|(n, _)| all.counts.0.iter().any(|(m, _)| m == n));
    }
    let mut fliers_by_direction = BTreeMap::new();
    let mut crop_circles_by_type = BTreeMap::new();
    for tile in &set.tiles {
        for f in &tile.features {
            if let Some(d) = f.direction {
                *fliers_by_direction.entry(d.name().to_string()).or_insert(0) +=
                    i64::from(tile.count);
            }
            let kind = &set.vocabulary.kinds[f.kind];
            if let (true, Some(t)) = (
                kind.capabilities.iter().any(|c| c == "crop-circle"),
                &f.variant,
            ) {
                *crop_circles_by_type.entry(t.clone()).or_insert(0) += i64::from(tile.count);
            }
        }
    }
    Report {
        format: FORMAT,
        version: VERSION,
        expansions,
        total: all,
        fliers_by_direction,
        crop_circles_by_type,
        side_patterns: side_patterns(checked),
        neighbours: neighbours(checked),
        never_placeable: never_placeable(set)
            .into_iter()
            .map(|i| checked.tile_id(i))
            .collect(),
        identical: identical_pairs(set)
            .into_iter()
            .map(|(a, b)| [checked.tile_id(a), checked.tile_id(b)])
            .collect(),
    }
}

fn totals(checked: &Checked, expansion: usize, columns: &[String]) -> Totals {
    let set = checked.ir();
    let t = |what: &str| total(set, expansion, what).unwrap_or(0);
    Totals {
        id: set.expansions[expansion].id.clone(),
        tiles: t("tiles"),
        kinds: t("kinds"),
        counts: crate::engine::report::BySource(
            columns.iter().map(|c| (c.clone(), t(c))).collect(),
        ),
    }
}

/// The smallest of the four rotations of a tile's edge letters.
#[must_use]
pub fn canonical_pattern(edges: &str) -> String {
    let letters: Vec<char> = edges.chars().collect();
    (0..letters.len())
        .map(|r| letters[r..].iter().chain(&letters[..r]).collect::<String>())
        .min()
        .unwrap_or_default()
}

fn side_patterns(checked: &Checked) -> Vec<Pattern> {
    let mut by_pattern: BTreeMap<String, (usize, u64)> = BTreeMap::new();
    for tile in &checked.ir().tiles {
        let entry = by_pattern
            .entry(canonical_pattern(
                &tile.edge_letters(&checked.ir().vocabulary),
            ))
            .or_default();
        entry.0 += 1;
        entry.1 += u64::from(tile.count);
    }
    let mut out: Vec<Pattern> = by_pattern
        .into_iter()
        .map(|(pattern, (kinds, tiles))| Pattern {
            pattern,
            kinds,
            tiles,
        })
        .collect();
    out.sort_by(|a, b| {
        b.tiles
            .cmp(&a.tiles)
            .then_with(|| a.pattern.cmp(&b.pattern))
    });
    out
}

/// For each side of each kind, the kinds and placements that fit it. Linear
/// in the kinds: each edge letter's fits are summed over the set once (with
/// the letter pairs that meet computed once), then a kind with one copy takes
/// its own share back out.
fn neighbours(checked: &Checked) -> Vec<Neighbours> {
    let set = checked.ir();
    let vocabulary = &set.vocabulary;
    let edges: Vec<[u8; 4]> = set.tiles.iter().map(|t| t.edges(vocabulary)).collect();
    let mut letters: Vec<u8> = edges.iter().flatten().copied().collect();
    letters.sort_unstable();
    letters.dedup();
    // meets[w][l]: a side showing `l` may lie against one showing `w`.
    let meets: Vec<Vec<bool>> = letters
        .iter()
        .map(|&w| letters.iter().map(|&l| vocabulary.meets(l, w)).collect())
        .collect();
    let slot = |letter: u8| letters.binary_search(&letter).unwrap_or(0);
    let matching =
        |tile: usize, w: usize| edges[tile].iter().filter(|&&e| meets[w][slot(e)]).count();
    // Over every kind: (kinds with a matching side, matching sides).
    let whole: Vec<SideFit> = (0..letters.len())
        .map(|w| {
            let mut fit = SideFit::default();
            for tile in 0..edges.len() {
                let m = matching(tile, w);
                fit.kinds += usize::from(m > 0);
                fit.placements += m;
            }
            fit
        })
        .collect();
    set.tiles
        .iter()
        .enumerate()
        .map(|(index, tile)| {
            let sides = Side::ALL.map(|side| {
                let w = slot(edges[index][side.index()]);
                let mut fit = whole[w];
                if tile.count < 2 {
                    let own = matching(index, w);
                    fit.kinds -= usize::from(own > 0);
                    fit.placements -= own;
                }
                fit
            });
            Neighbours {
                tile: checked.tile_id(index),
                count: tile.count,
                edges: tile.edge_letters(vocabulary),
                sides,
            }
        })
        .collect()
}
