//! What a designer asks of a simulation beyond the totals: what each tile
//! kind earns, points per turn (so a bigger set is not just "more points"),
//! and what crop circles do. Counted per game into the [`Tally`] (integers,
//! merged exactly), summarised into [`Designer`], printed as text.
//!
//! Two measures of what a tile kind earns. *Credited*: the points of every
//! scoring event whose tile is of that kind ([`Game::event_tiles`]): during
//! play, the tile placed on the turn the points were scored (it completed
//! the city, brought the big top, ...); in final scoring, the first-placed
//! tile of the scored feature, or the tile of the big top, the acrobats or
//! the ringmaster. *Contributed*: its share of the features it was part of
//! ([`Game::event_parts`]): a feature of n tiles scoring P gives each of its
//! tiles P/n; any other event stays with its tile.

use std::fmt::Write;

use serde::Serialize;

use super::accumulate::Tally;
use super::summary::round6;
use super::text::{percent, small};
use crate::engine::{CropAction, CropMove, Game, KindId, Ruleset};
use crate::stats::Table;

/// One tile kind over all games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindTally {
    /// Copies placed (the start tile included).
    pub placed: u64,
    /// Points credited to it.
    pub points: i128,
    /// Its share of the points of the features it was part of, in units of
    /// 1/[`SHARE`] of a point.
    pub share: i128,
}

/// The unit of [`KindTally::share`]: 1/720720 of a point, so a feature of up
/// to 16 tiles (and most larger ones) shares its points exactly; a remainder
/// goes to its first tile, so the shares add up to the points exactly.
pub const SHARE: i128 = SHARE_UNITS as i128;

const SHARE_UNITS: i64 = 720_720;

/// Crop circles over all games: index 0 for `add`, 1 for `remove`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CropTally {
    /// Circles whose action was chosen.
    pub circles: [u64; 2],
    /// Figures added or removed by the responses.
    pub figures: [u64; 2],
}

impl CropTally {
    /// Adds another part's circles.
    pub fn merge(&mut self, other: &CropTally) {
        for i in 0..2 {
            self.circles[i] += other.circles[i];
            self.figures[i] += other.figures[i];
        }
    }
}

/// Counts a finished game: copies placed and points credited per kind.
pub fn count(game: &Game<'_>, tally: &mut Tally) {
    for kind in game.placed_kinds() {
        if let Some(k) = tally.kinds.get_mut(usize::from(kind.0)) {
            k.placed += 1;
        }
    }
    let mut parts = Vec::new();
    for (i, (event, (kind, _))) in game.events().iter().zip(game.event_tiles()).enumerate() {
        if let Some(k) = tally.kinds.get_mut(usize::from(kind.0)) {
            k.points = k.points.saturating_add(i128::from(event.points));
        }
        game.event_parts(i, &mut parts);
        if let [(_, kind)] = parts[..] {
            // One tile: all its points (most events), no division.
            if let Some(k) = tally.kinds.get_mut(usize::from(kind.0)) {
                k.share = k.share.saturating_add(i128::from(event.points) * SHARE);
            }
            continue;
        }
        // In 64 bits (an i128 division is a library call): exact for any
        // event under 10^13 points.
        let whole = event.points.saturating_mul(SHARE_UNITS);
        let n = i64::try_from(parts.len().max(1)).unwrap_or(i64::MAX);
        let each = whole.div_euclid(n);
        let mut rest = whole - each * n;
        for (_, kind) in &parts {
            if let Some(k) = tally.kinds.get_mut(usize::from(kind.0)) {
                k.share = k.share.saturating_add(i128::from(each + rest));
                rest = 0;
            }
        }
    }
}

/// Counts one crop circle's action and responses.
pub fn crop(mv: &CropMove, tally: &mut Tally) {
    let i = usize::from(mv.action == CropAction::Remove);
    tally.crop.circles[i] += 1;
    tally.crop.figures[i] += mv.responses.iter().flatten().count() as u64;
}

/// The designer's figures of a simulation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Designer {
    /// Points per turn (tile placed), all players together, by source then
    /// in total.
    pub points_per_turn: Vec<SourceRate>,
    /// Each tile kind, in tile-set order.
    pub tile_kinds: Vec<KindSummary>,
    /// Crop circles.
    pub crop_circles: CropSummary,
    /// Points by feature kind and attribute, pigs, goods, abbots taken back,
    /// builder's second turns.
    pub sources: super::sources::Sources,
}

/// Points of one source per turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SourceRate {
    /// A column's name ([`crate::engine::Columns`]), or `total`.
    pub source: String,
    /// Points per turn, all players together.
    pub per_turn: f64,
    /// Points per turn and player.
    pub per_player_turn: f64,
}

/// What one tile kind earned.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KindSummary {
    /// The tile's full id.
    pub tile: String,
    /// Copies placed per game.
    pub placed_per_game: f64,
    /// Points credited per copy placed.
    pub points_per_copy: f64,
    /// Points credited per game.
    pub points_per_game: f64,
    /// Its share of the points of the features it was part of, per copy placed.
    pub share_per_copy: f64,
    /// Its share of the points of the features it was part of, per game.
    pub share_per_game: f64,
}

/// What crop circles did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CropSummary {
    /// Crop circles resolved per game.
    pub per_game: f64,
    /// Share of them whose active player chose `add`.
    pub add_share: f64,
    /// Figures added per `add`.
    pub added_per_add: f64,
    /// Figures removed per `remove`.
    pub removed_per_remove: f64,
}

#[allow(clippy::cast_precision_loss)]
fn per(a: f64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        round6(a / b as f64)
    }
}

/// Summarises the designer's part of a tally.
#[must_use]
#[allow(clippy::cast_precision_loss)]
pub fn summary(
    rules: &Ruleset,
    players: usize,
    tally: &Tally,
    shown: &[(usize, String)],
) -> Designer {
    let turns = u64::try_from(tally.turns.sum().max(0)).unwrap_or(u64::MAX);
    let total = (tally.points.len().saturating_sub(1), "total".to_string());
    let points_per_turn = shown
        .iter()
        .chain([&total])
        .map(|(c, name)| {
            let points = tally
                .points
                .get(*c)
                .map_or(0, super::accumulate::Histogram::sum) as f64;
            SourceRate {
                source: name.clone(),
                per_turn: per(points, turns),
                per_player_turn: per(points, turns.saturating_mul(players as u64)),
            }
        })
        .collect();
    let tile_kinds = tally
        .kinds
        .iter()
        .enumerate()
        .map(|(k, t)| KindSummary {
            tile: rules
                .kind_id(KindId(u16::try_from(k).unwrap_or(u16::MAX)))
                .to_string(),
            placed_per_game: per(t.placed as f64, tally.games),
            points_per_copy: per(t.points as f64, t.placed),
            points_per_game: per(t.points as f64, tally.games),
            share_per_copy: per(t.share as f64 / SHARE as f64, t.placed),
            share_per_game: per(t.share as f64 / SHARE as f64, tally.games),
        })
        .collect();
    let c = &tally.crop;
    let circles = c.circles[0] + c.circles[1];
    Designer {
        points_per_turn,
        tile_kinds,
        crop_circles: CropSummary {
            per_game: per(circles as f64, tally.games),
            add_share: per(c.circles[0] as f64, circles),
            added_per_add: per(c.figures[0] as f64, c.circles[0]),
            removed_per_remove: per(c.figures[1] as f64, c.circles[1]),
        },
        sources: super::sources::summary(rules, &tally.sources, tally.games),
    }
}

/// Points per expansion: the tile kinds' rows added up by the expansion
/// their ids name (`base/D` → `base`), in the order the kinds come.
fn per_expansion(out: &mut String, kinds: &[KindSummary]) {
    let mut rows: Vec<(&str, f64, f64)> = Vec::new();
    for k in kinds {
        let exp = k.tile.split('/').next().unwrap_or(&k.tile);
        match rows.iter_mut().find(|r| r.0 == exp) {
            Some(r) => {
                r.1 += k.placed_per_game;
                r.2 += k.points_per_game;
            }
            None => rows.push((exp, k.placed_per_game, k.points_per_game)),
        }
    }
    let total: f64 = rows.iter().map(|r| r.2).sum();
    out.push_str("\nPoints per expansion (credited to the tiles each scoring event names)\n\n");
    let mut t = Table::new(&["expansion", "placed per game", "points per game", "share"]);
    for (exp, placed, points) in rows {
        t.row(vec![
            exp.to_string(),
            small(placed, 2),
            small(points, 2),
            percent(if total > 0.0 { points / total } else { 0.0 }),
        ]);
    }
    out.push_str(&t.render());
}

/// The designer's sections of the text report.
pub fn text(out: &mut String, d: &Designer) {
    if let Some(total) = d.points_per_turn.last() {
        let _ = writeln!(
            out,
            "\nPoints per turn: {} for all players together, {} per player",
            small(total.per_turn, 2),
            small(total.per_player_turn, 2)
        );
    }
    per_expansion(out, &d.tile_kinds);
    out.push_str(
        "\nPoints per tile kind\n  credited: to the tile each scoring event names (the one that \
         completed the feature; in final scoring its first-placed tile)\n  contributed: its \
         share of the features it was part of (a feature of n tiles scoring P gives each P/n)\n\n",
    );
    let mut t = Table::new(&[
        "tile",
        "placed per game",
        "credited per copy",
        "credited per game",
        "contributed per copy",
        "contributed per game",
    ]);
    for k in &d.tile_kinds {
        t.row(vec![
            k.tile.clone(),
            small(k.placed_per_game, 2),
            small(k.points_per_copy, 2),
            small(k.points_per_game, 2),
            small(k.share_per_copy, 2),
            small(k.share_per_game, 2),
        ]);
    }
    out.push_str(&t.render());
    super::sources::text(out, &d.sources);
    let c = &d.crop_circles;
    if c.per_game > 0.0 {
        let _ = writeln!(
            out,
            "\nCrop circles: {} per game; add chosen {}: {} figures added per add, {} removed per remove",
            small(c.per_game, 2),
            percent(c.add_share),
            small(c.added_per_add, 2),
            small(c.removed_per_remove, 2)
        );
    }
}
