//! Tile placement: the legal placements of a tile, placing it (new feature
//! nodes joined to the neighbours' across every shared side), and discarding a
//! tile that fits nowhere.

use super::board::SIDE_STEP;
use super::game::{illegal, with_article, Bonus, Game, IllegalMove, Phase, Placement};
use super::tables::{rotated_edges, NONE};
use super::{KindId, TokenId};
use crate::geometry::{Side, Slot};

impl Game<'_> {
    /// Every legal placement of a tile on the current board, sorted by row,
    /// column and rotation.
    #[must_use]
    pub fn legal_placements(&self, tile: KindId) -> Vec<Placement> {
        let mut out = Vec::with_capacity(self.placement_count(tile));
        self.each_placement(tile, |p| {
            out.push(p);
            true
        });
        out.sort_by_key(|p| (p.y, p.x, p.rotation));
        out
    }

    /// How many legal placements a tile has (0: it must be discarded). Costs the
    /// same however large the board is.
    #[must_use]
    pub fn placement_count(&self, tile: KindId) -> usize {
        let Some(kind) = self.rules.kinds.get(usize::from(tile.0)) else {
            return 0;
        };
        if kind.river_sides != 0 {
            let mut n = 0;
            self.each_placement(tile, |_| {
                n += 1;
                true
            });
            return n;
        }
        kind.fits
            .iter()
            .map(|f| self.board.bucket(f.sig).len() * usize::from(f.count))
            .sum()
    }

    /// The `n`-th legal placement in the engine's internal order (for picking
    /// one at random after [`Game::placement_count`]).
    #[must_use]
    pub fn nth_placement(&self, tile: KindId, n: usize) -> Option<Placement> {
        let kind = self.rules.kinds.get(usize::from(tile.0))?;
        if kind.river_sides != 0 {
            let (mut i, mut found) = (0, None);
            self.each_placement(tile, |p| {
                if i == n {
                    found = Some(p);
                }
                i += 1;
                found.is_none()
            });
            return found;
        }
        let mut n = n;
        for fit in kind.fits.iter() {
            let bucket = self.board.bucket(fit.sig);
            let here = bucket.len() * usize::from(fit.count);
            if n < here {
                let (x, y) = bucket[n % bucket.len()];
                let rotation = fit.rotation(n / bucket.len());
                return Some(Placement { x, y, rotation });
            }
            n -= here;
        }
        None
    }

    fn each_placement(&self, tile: KindId, mut f: impl FnMut(Placement) -> bool) {
        let Some(kind) = self.rules.kinds.get(usize::from(tile.0)) else {
            return;
        };
        let river = kind.river_sides != 0;
        for fit in kind.fits.iter() {
            for k in 0..usize::from(fit.count) {
                let rotation = fit.rotation(k);
                for &(x, y) in self.board.bucket(fit.sig) {
                    let at = Placement { x, y, rotation };
                    if river && self.river_refusal(kind, at).is_some() {
                        continue;
                    }
                    if !f(at) {
                        return;
                    }
                }
            }
        }
    }

    /// Why a tile can't go somewhere, or `Ok`.
    pub(super) fn check_fit(&self, tile: KindId, at: Placement) -> Result<(), IllegalMove> {
        if at.rotation > 3 {
            return illegal(format!("rotation {} is not 0–3", at.rotation));
        }
        if let Some(t) = self.board.tile_at(at.x, at.y) {
            let other = self.board.placed[t as usize].kind;
            return illegal(format!(
                "({}, {}) already holds a tile ({})",
                at.x,
                at.y,
                self.rules.kind_id(other)
            ));
        }
        let sig = self.board.signature(at.x, at.y);
        if sig == 0 {
            return illegal(format!(
                "({}, {}) is not next to any placed tile",
                at.x, at.y
            ));
        }
        let kind = &self.rules.kinds[usize::from(tile.0)];
        let rotation = 1 << at.rotation;
        if kind
            .fits
            .iter()
            .any(|f| f.sig == sig && f.rotations & rotation != 0)
        {
            if kind.river_sides != 0 {
                if let Some(why) = self.river_refusal(kind, at) {
                    return illegal(why.describe());
                }
            }
            return Ok(());
        }
        let edges = rotated_edges(&kind.edges, usize::from(at.rotation));
        let sides = &self.rules.sides;
        for side in Side::ALL {
            let need = sides.digit(sig, side.index());
            let have = edges[side.index()];
            if need != 0 && !sides.meets(have, need) {
                return illegal(format!(
                    "the tile does not fit: its {} side shows {} but meets {}",
                    side_word(side),
                    with_article(sides.name(have)),
                    with_article(sides.name(need))
                ));
            }
        }
        illegal("the tile does not fit")
    }

    fn check_drawable(&self, tile: KindId) -> Result<(), IllegalMove> {
        match self.remaining.get(usize::from(tile.0)) {
            None => illegal("no such tile kind"),
            Some(0) => {
                let aside = self.set_aside_of(tile);
                illegal(format!(
                    "no copy of {} is left to draw (the box holds {}{})",
                    self.rules.kind_id(tile),
                    self.rules.kind_count_of(tile),
                    if aside > 0 {
                        format!(
                            "; {aside} of them the start tile, which stays in the box when {} starts the game",
                            self.rules.kind_id(self.board.placed[0].kind)
                        )
                    } else {
                        String::new()
                    }
                ))
            }
            Some(_) => self.check_order(tile),
        }
    }

    /// Places the drawn tile (phase 1 of a turn).
    pub(super) fn place(
        &mut self,
        tile: KindId,
        at: Placement,
        token: Option<TokenId>,
    ) -> Result<(), IllegalMove> {
        self.check_drawable(tile)?;
        self.check_fit(tile, at)?;
        self.check_token(tile, token)?;
        self.turn += 1;
        if let Some(t) = token {
            self.tokens_left[usize::from(t.0)] -= 1;
        }
        self.pending_token = token;
        self.start_second_turn();
        self.current = self.put_tile(tile, at);
        if self.bonus == Bonus::None && self.extends_own_builder() {
            self.bonus = Bonus::Earned;
        }
        self.phase = Phase::Figure;
        Ok(())
    }

    /// Discards a drawn tile that fits nowhere.
    pub(super) fn discard(&mut self, tile: KindId) -> Result<(), IllegalMove> {
        self.check_drawable(tile)?;
        let fits = self.placement_count(tile);
        if fits > 0 {
            let p = self.nth_placement(tile, 0).unwrap_or(Placement {
                x: 0,
                y: 0,
                rotation: 0,
            });
            return illegal(format!(
                "the tile fits the board ({fits} placement{}, e.g. ({}, {}) rotation {}), so it can't be discarded",
                if fits == 1 { "" } else { "s" },
                p.x,
                p.y,
                p.rotation
            ));
        }
        self.turn += 1;
        self.start_second_turn();
        self.take_copy(tile);
        Ok(())
    }

    /// Puts a tile on the board and joins its features to the neighbours'.
    pub(super) fn put_tile(&mut self, tile: KindId, at: Placement) -> u32 {
        let rules = self.rules;
        let kind = &rules.kinds[usize::from(tile.0)];
        self.take_copy(tile);
        let entry = self.river_entry_of(kind, at);
        self.river_entry.push(entry);
        let first = self.features.len();
        let edges = rotated_edges(&kind.edges, usize::from(at.rotation));
        let t = self
            .board
            .place(at.x, at.y, tile, at.rotation, edges, first);
        for (f, feature) in (0u8..).zip(&kind.features) {
            self.features.push(
                t,
                f,
                feature.kind,
                feature.shape,
                feature.sides,
                feature.rich,
            );
        }
        self.pyramid.push(0);
        if kind.acrobats.is_some() {
            self.acrobat_tiles.push(t);
        }
        for (side, &(dx, dy)) in SIDE_STEP.iter().enumerate() {
            let Some(u) = self.board.tile_at(at.x + dx, at.y + dy) else {
                continue;
            };
            let other = self.board.placed[u as usize];
            let other_kind = &rules.kinds[usize::from(other.kind.0)];
            for k in 3 * side..3 * side + 3 {
                let slot = Slot::from_index(k);
                let i = slot.rotated(4 - at.rotation).index();
                let j = slot.facing().rotated(4 - other.rotation).index();
                let (ours, theirs) = (kind.slot_feature[i], other_kind.slot_feature[j]);
                if ours == NONE || theirs == NONE {
                    continue;
                }
                let a = first + u32::from(ours);
                let b = other.first_node + u32::from(theirs);
                if kind.slot_kind[i] == other_kind.slot_kind[j] {
                    self.features.join(a, b, kind.slot_closes[i]);
                } else {
                    // Two kinds whose letters match meet: each ends at the other.
                    if kind.slot_closes[i] {
                        self.features.close(a);
                    }
                    if other_kind.slot_closes[j] {
                        self.features.close(b);
                    }
                }
            }
        }
        t
    }
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::N => "north",
        Side::E => "east",
        Side::S => "south",
        Side::W => "west",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::RandomPlayer;
    use crate::engine::Ruleset;

    fn base() -> Ruleset {
        let compiled = crate::compile::compile_str(include_str!("../../tilesets/base.tiles"))
            .unwrap_or_else(|e| panic!("{e}"));
        Ruleset::new(&crate::emit::tileset(&compiled), None).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The base game with a lane kind whose sides meet road sides.
    fn with_lanes() -> Ruleset {
        let mut sources = crate::diag::SourceMap::new();
        let ids = [
            sources.add("base.tiles", include_str!("../../tilesets/base.tiles")),
            sources.add(
                "matching.tiles",
                include_str!("../../tests/engine/fan/matching.tiles"),
            ),
        ];
        let compiled = crate::compile::compile(&sources, &ids);
        let checked = compiled.checked.expect("base and lanes compile");
        Ruleset::new(&crate::emit::tileset(&checked), None).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Every (square, rotation) around the board, checked one by one.
    fn brute_force(game: &Game<'_>, tile: KindId) -> Vec<Placement> {
        let placed = &game.board.placed;
        let (x0, x1) = (
            placed.iter().map(|p| p.x).min(),
            placed.iter().map(|p| p.x).max(),
        );
        let (y0, y1) = (
            placed.iter().map(|p| p.y).min(),
            placed.iter().map(|p| p.y).max(),
        );
        let (Some(x0), Some(x1), Some(y0), Some(y1)) = (x0, x1, y0, y1) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for y in y0 - 1..=y1 + 1 {
            for x in x0 - 1..=x1 + 1 {
                for rotation in 0..4 {
                    let at = Placement { x, y, rotation };
                    if game.check_fit(tile, at).is_ok() {
                        out.push(at);
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_signature_index_finds_exactly_the_placements_brute_force_finds() {
        for rules in [base(), with_lanes()] {
            signature_index_agrees_with_brute_force(&rules);
        }
    }

    fn signature_index_agrees_with_brute_force(rules: &Ruleset) {
        let mut checked = 0;
        for seed in 0..6 {
            RandomPlayer::new(seed)
                .play_with(rules, 2, None, |game| {
                    if game.phase() != Phase::Tile {
                        return;
                    }
                    for k in 0..rules.kind_count() {
                        let kind = KindId(u16::try_from(k).unwrap_or(0));
                        let expected = brute_force(game, kind);
                        assert_eq!(game.legal_placements(kind), expected, "seed {seed}");
                        assert_eq!(game.placement_count(kind), expected.len());
                        let mut nth: Vec<Placement> = (0..expected.len())
                            .filter_map(|n| game.nth_placement(kind, n))
                            .collect();
                        nth.sort_by_key(|p| (p.y, p.x, p.rotation));
                        assert_eq!(nth, expected, "seed {seed}: nth_placement");
                        assert_eq!(game.nth_placement(kind, expected.len()), None);
                        checked += 1;
                    }
                })
                .unwrap_or_else(|e| panic!("{e}"));
        }
        assert!(checked > 6 * rules.kind_count() * 60);
    }
}
