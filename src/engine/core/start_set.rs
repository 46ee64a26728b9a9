//! Start sets: an expansion that marks several ungrouped tiles `start`
//! starts the game on all of them. The start tile (the
//! first of them, see `draw`) is laid as chosen; each other start tile of its
//! expansion is then laid, in declaration order, at its first legal placement
//! in reading order (rows north to south, squares west to east, then
//! rotation) beside the tiles already down. Its start copy is taken from the
//! bag like the start tile's; no player moves, no feature is scored. A start
//! set yields to another expansion's single start tile; its tiles are then shuffled in with the others.

use super::game::{Game, Rules};
use super::tables::Kind;
use crate::emit::wire;
use crate::engine::ids::KindId;
use crate::engine::moves::{illegal, IllegalMove, Placement};

/// The other ungrouped start tiles of the start tile's expansion, in
/// declaration order (none when the start tile is a group's). A start tile
/// whose copies an edition's tile `replaces`
/// is stood in for by that tile.
pub fn companions(
    tiles: &[&wire::Tile],
    kinds: &[Kind],
    start: Option<KindId>,
) -> Vec<(KindId, Option<wire::StartAt>)> {
    let Some(first) = start.and_then(|s| tiles.get(usize::from(s.0))) else {
        return Vec::new();
    };
    if first.group.is_some() {
        return Vec::new();
    }
    let id = |i: usize| u16::try_from(i).ok().map(KindId);
    let left = |i: usize| kinds.get(i).is_some_and(|k| k.count > 0);
    let mut out = Vec::new();
    for (i, t) in tiles.iter().enumerate() {
        if id(i) == start || t.start == 0 || t.group.is_some() || t.expansion != first.expansion {
            continue;
        }
        let stand_in = || {
            tiles
                .iter()
                .enumerate()
                .position(|(j, r)| r.replaces.as_deref() == Some(t.id.as_str()) && left(j))
        };
        let chosen = if left(i) { Some(i) } else { stand_in() };
        out.extend(chosen.and_then(id).map(|k| (k, t.start_at)));
    }
    out
}

/// True when `tile` belongs to a start set: an ungrouped start tile of an
/// expansion that marks more than one. A start set yields to another
/// expansion's single start tile (when not
/// starting, its tiles are shuffled in with the others).
pub fn in_a_set(tiles: &[&wire::Tile], tile: &wire::Tile) -> bool {
    tile.start > 0
        && tile.group.is_none()
        && tiles
            .iter()
            .filter(|t| t.start > 0 && t.group.is_none() && t.expansion == tile.expansion)
            .count()
            > 1
}

/// Every tile of every start set.
pub fn members(tiles: &[&wire::Tile]) -> Vec<KindId> {
    (0..tiles.len())
        .filter(|&i| in_a_set(tiles, tiles[i]))
        .filter_map(|i| u16::try_from(i).ok().map(KindId))
        .collect()
}

impl<X: Rules> Game<'_, X> {
    /// Lays the start tile's companions (when `start` is the set's start
    /// tile): on their squares of the set's layout (`start at`, turned with
    /// the start tile), else at their first legal placement.
    pub(in crate::engine) fn lay_start_set(&mut self, start: KindId) -> Result<(), IllegalMove> {
        if Some(start) != self.rules.start {
            return Ok(());
        }
        let origin = self.board.placed.first().map(|p| p.placement());
        for &(tile, square) in &self.rules.start_set {
            if self.remaining[usize::from(tile.0)] == 0 {
                continue;
            }
            let legal = self.placements_by_sides(tile);
            let found = match (square, origin) {
                (Some(s), Some(o)) => {
                    // The layout turns with the start tile.
                    let (mut dx, mut dy) = (s.x, s.y);
                    for _ in 0..o.rotation {
                        (dx, dy) = (-dy, dx);
                    }
                    let at = Placement {
                        x: o.x + dx,
                        y: o.y + dy,
                        rotation: (o.rotation + s.rotation) % 4,
                    };
                    legal.contains(&at).then_some(at)
                }
                _ => legal.first().copied(),
            };
            let Some(at) = found else {
                return illegal(format!(
                    "the start tile `{}` cannot be laid beside `{}`",
                    self.rules.kind_id(tile),
                    self.rules.kind_id(start)
                ));
            };
            self.put_tile(tile, at);
        }
        Ok(())
    }

    /// True when `tile` belongs to a start set: its start copy is laid with
    /// the start tile, or shuffled in when another start began the game,
    /// never set aside.
    pub(in crate::engine) fn in_start_set(&self, tile: KindId) -> bool {
        self.rules.start_sets.contains(&tile)
    }

    /// The tiles laid before the first turn (the start tile, then its
    /// companions), each with its placement.
    #[must_use]
    pub fn start_layout(&self) -> Vec<(KindId, Placement)> {
        let n = if self.board.placed.first().map(|p| p.kind) == self.rules.start {
            1 + self.rules.start_set.len()
        } else {
            1
        };
        self.board
            .placed
            .iter()
            .take(n)
            .map(|p| (p.kind, p.placement()))
            .collect()
    }
}
