//! Scoring features: what the tile just placed completed (phase 3 of a turn),
//! and final scoring. A feature is scored for the players with the most
//! strength on it (ties score in full); its figures return to supply; a
//! ringmaster among them earns its bonus after the feature's points. What a
//! feature is worth follows its kind's template (`value` has the arithmetic).

use super::events::{Event, Reason, Source};
use super::game::{Game, IllegalMove, Phase, Spot, MAX_PLAYERS};
use super::supplies::Companion;
use super::value::{neighbourhood_points, network_points};
use super::vocab::{Scoring, COMPLETE, UNFINISHED};
use super::FeatureKindId;
use crate::emit::wire::Shape;

/// The neighbours a face touches ([`Game::neighbours`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Neighbours {
    /// Completed neighbours, and their points.
    pub done: u32,
    pub done_points: i64,
    /// Every neighbour counted, and their points were all completed.
    pub all: u32,
    pub all_points: i64,
}

/// The order final scoring takes shapes in.
const FINAL_ORDER: [Shape; 4] = [Shape::Path, Shape::Region, Shape::Spot, Shape::Face];

impl Game<'_> {
    /// Phase 3: scores the paths, then regions, the tile just placed completed,
    /// and the neighbourhood spots whose square it completed; then the big top
    /// if it is a circus tile; then the crop circle's action is due, or the
    /// turn ends.
    pub(super) fn score_turn(&mut self) {
        let rules = self.rules;
        let placed = self.board.placed[self.current as usize];
        let kind = &rules.kinds[usize::from(placed.kind.0)];
        if rules.goods != 0 {
            self.take_goods();
        }
        for &f in &kind.networks {
            let root = self.features.find(placed.first_node + u32::from(f));
            if self.features.open(root) == 0 && self.features.occupants(root) > 0 {
                self.score_feature(root);
            }
        }
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (x, y) = (placed.x + dx, placed.y + dy);
                if self.board.around(x, y) < 8 {
                    continue;
                }
                let Some(t) = self.board.tile_at(x, y) else {
                    continue;
                };
                let p = self.board.placed[t as usize];
                let k = &rules.kinds[usize::from(p.kind.0)];
                if !k.neighbourhood {
                    continue;
                }
                for (f, feature) in (0u32..).zip(&k.features) {
                    let node = p.first_node + f;
                    let spot = &rules.vocab.kinds[usize::from(feature.kind)];
                    if matches!(spot.scoring, Scoring::Neighbourhood { .. })
                        && self.features.occupants(node) > 0
                    {
                        self.score_feature(node);
                    }
                }
            }
        }
        if kind.circus {
            self.circus_placed();
        }
        if kind.crop.is_some() {
            self.phase = Phase::Crop;
        } else {
            self.end_turn();
        }
    }

    /// Scores one feature (a root) for its majority and returns its figures.
    /// Ringmaster bonuses follow at once during play, and are kept for the end of
    /// final scoring.
    pub(super) fn score_feature(&mut self, root: u32) {
        let mut strength = [0u32; MAX_PLAYERS];
        // Allocates only when a ringmaster is among the figures (rare).
        let mut ringmasters: Vec<(usize, u32)> = Vec::new();
        let mut pigs = 0u32;
        let mut i = self.standing.len();
        while i > 0 {
            i -= 1;
            let Spot::Node(n) = self.standing[i].spot else {
                continue;
            };
            if self.features.find(n) != root {
                continue;
            }
            let s = self.return_figure(i);
            let figure = &self.rules.figures[usize::from(s.figure.0)];
            match figure.companion {
                Some(Companion::Pig) => pigs |= 1 << s.player,
                Some(Companion::Builder) => {}
                None => {
                    let weight = &mut strength[usize::from(s.player)];
                    *weight = weight.saturating_add(figure.strength);
                }
            }
            if figure.ringmaster {
                ringmasters.push((usize::from(s.player), s.tile));
            }
        }
        let best = strength.iter().copied().max().unwrap_or(0);
        if best > 0 {
            let winners = strength.iter().filter(|&&c| c == best).count();
            if self.phase == Phase::Over {
                self.scoring_at(self.features.first_tile(root));
            }
            if let Some((points, source, reason)) = self.feature_value(root, winners > 1) {
                let turn = self.event_turn();
                let mut won = 0u32;
                for (player, &s) in strength.iter().enumerate().take(self.players) {
                    if s == best {
                        won |= 1 << player;
                        self.award(Event {
                            turn,
                            player,
                            points,
                            source,
                            reason,
                        });
                    }
                }
                if let (true, Reason::Farm { neighbours, .. }) = (pigs != 0, reason) {
                    self.pig_bonus(pigs, won, neighbours);
                }
            }
        }
        // Reverse the reversed walk, so bonuses follow placement order.
        for &(player, tile) in ringmasters.iter().rev() {
            if self.phase == Phase::Over {
                self.final_ringmasters.push((player, tile));
            } else {
                self.ringmaster_bonus(player, tile);
            }
        }
    }

    /// The points a feature is worth to each majority player, and why; `None`
    /// for a kind that is not scored.
    pub(super) fn feature_value(
        &mut self,
        root: u32,
        shared: bool,
    ) -> Option<(i64, Source, Reason)> {
        self.feature_value_as(root, shared, false)
    }

    /// [`Game::feature_value`], or with `as_complete` what the feature would be
    /// worth were it completed as it stands: a network with no open side, a
    /// neighbourhood with its square full, a farm with every neighbour it
    /// counts completed (the players' outlook, `search.rs`).
    pub(super) fn feature_value_as(
        &mut self,
        root: u32,
        shared: bool,
        as_complete: bool,
    ) -> Option<(i64, Source, Reason)> {
        let rules = self.rules;
        let k = self.features.kind(root);
        let rule = &rules.vocab.kinds[usize::from(k)];
        let kind = FeatureKindId(k);
        let attributes = &rules.vocab.attributes;
        let reason = match &rule.scoring {
            Scoring::None => return None,
            Scoring::Network { tile } => {
                let complete = as_complete || self.features.open(root) == 0;
                let state = if complete { COMPLETE } else { UNFINISHED };
                let (tiles, present) = self.survey(root);
                let points = network_points(tile, state, tiles, present, &self.units, attributes);
                let units = rule.units.map_or(0, |a| self.units[usize::from(a)]);
                let reason = Reason::Network {
                    kind,
                    tiles,
                    units,
                    attributes: present & !rules.vocab.counted,
                    complete,
                    shared,
                };
                return Some((points, rule.source, reason));
            }
            Scoring::Neighbourhood { complete, tile } => {
                let at = self.board.placed[self.features.tile(root) as usize];
                let tiles = 1 + u32::from(self.board.around(at.x, at.y));
                let done = as_complete || tiles == 9;
                // A spot is one piece: its attributes are its own.
                let rich = self.features.rich(root);
                let present = if rich { self.survey(root).1 } else { 0 };
                let units = if rich { self.units.as_slice() } else { &[] };
                let values = (*complete, *tile);
                let points = neighbourhood_points(values, tiles, done, present, units, attributes);
                (
                    points,
                    Reason::Neighbourhood {
                        kind,
                        tiles,
                        complete: done,
                        shared,
                    },
                )
            }
            Scoring::Farm { per } => {
                let n = self.neighbours(root, per);
                let (neighbours, points) = if as_complete {
                    (n.all, n.all_points)
                } else {
                    (n.done, n.done_points)
                };
                (
                    points,
                    Reason::Farm {
                        kind,
                        neighbours,
                        shared,
                    },
                )
            }
        };
        Some((reason.0, rule.source, reason.1))
    }

    /// Walks a feature's pieces: its distinct tiles (a feature crossing a tile
    /// twice counts it once) and the attributes on any piece; the units of
    /// counted attributes are left in `self.units` (every piece's units count).
    fn survey(&mut self, root: u32) -> (u32, u64) {
        let rules = self.rules;
        let mark = self.fresh_marks();
        self.units.fill(0);
        let (mut tiles, mut present) = (0, 0u64);
        let mut m = root;
        loop {
            let t = self.features.tile(m) as usize;
            if self.seen_tiles[t] != mark {
                self.seen_tiles[t] = mark;
                tiles += 1;
            }
            if self.features.rich(m) {
                let placed = self.board.placed[t];
                let kind = &rules.kinds[usize::from(placed.kind.0)];
                let piece = &kind.features[usize::from(self.features.feature(m))];
                present |= piece.attributes;
                for &(a, n) in &piece.units {
                    let u = &mut self.units[usize::from(a)];
                    *u = u.saturating_add(u64::from(n));
                }
            }
            m = self.features.next(m);
            if m == root {
                return (tiles, present);
            }
        }
    }

    /// The neighbours a face touches that `per` counts (by kind), each
    /// counted once: the completed ones and all of them, with their points.
    pub(super) fn neighbours(&mut self, root: u32, per: &[i64]) -> Neighbours {
        let rules = self.rules;
        let mark = self.fresh_marks();
        let mut n = Neighbours::default();
        let mut m = root;
        loop {
            let placed = self.board.placed[self.features.tile(m) as usize];
            let kind = &rules.kinds[usize::from(placed.kind.0)];
            let face = &kind.features[usize::from(self.features.feature(m))];
            for &c in &face.touching {
                let other = self.features.find(placed.first_node + u32::from(c));
                let value = per
                    .get(usize::from(self.features.kind(other)))
                    .copied()
                    .unwrap_or(0);
                if value != 0 && self.seen_nodes[other as usize] != mark {
                    self.seen_nodes[other as usize] = mark;
                    n.all += 1;
                    n.all_points = n.all_points.saturating_add(value);
                    if self.features.open(other) == 0 {
                        n.done += 1;
                        n.done_points = n.done_points.saturating_add(value);
                    }
                }
            }
            m = self.features.next(m);
            if m == root {
                return n;
            }
        }
    }

    /// Awards a ringmaster's bonus: circus and acrobat tiles around its tile.
    fn ringmaster_bonus(&mut self, player: usize, tile: u32) {
        self.scoring_at(tile);
        let at = self.board.placed[tile as usize];
        let mut tiles = 0;
        for dy in -1..=1 {
            for dx in -1..=1 {
                if let Some(t) = self.board.tile_at(at.x + dx, at.y + dy) {
                    let kind = self.board.placed[t as usize].kind;
                    tiles += u32::from(self.rules.kinds[usize::from(kind.0)].bonus_tile);
                }
            }
        }
        let turn = self.event_turn();
        self.award(Event {
            turn,
            player,
            points: i64::from(tiles).saturating_mul(self.rules.params.ringmaster_bonus),
            source: Source::Ringmaster,
            reason: Reason::Ringmaster {
                tiles,
                x: at.x,
                y: at.y,
            },
        });
    }

    /// Final scoring (once, between turns): the big top first, then every
    /// feature that still holds figures, by shape: paths, regions, spots, then
    /// faces; then acrobats; then the ringmaster bonuses. Returns every
    /// player's score.
    ///
    /// # Errors
    /// A turn is half done (its figure action or crop circle is still due).
    pub fn final_scores(&mut self) -> Result<&[super::Score], IllegalMove> {
        match self.phase {
            Phase::Over => return Ok(&self.scores),
            Phase::Tile => {}
            Phase::Figure | Phase::Crop => {
                return super::game::illegal("final scoring must wait for the end of the turn")
            }
        }
        self.phase = Phase::Over;
        self.score_big_top();
        for wanted in FINAL_ORDER {
            while let Some(node) = self.standing.iter().find_map(|s| match s.spot {
                Spot::Node(n) if self.features.shape(n) == wanted => Some(n),
                _ => None,
            }) {
                let root = self.features.find(node);
                self.score_feature(root);
            }
        }
        self.score_acrobats_at_end();
        for (player, tile) in std::mem::take(&mut self.final_ringmasters) {
            self.ringmaster_bonus(player, tile);
        }
        if self.rules.goods != 0 {
            self.score_goods();
        }
        Ok(&self.scores)
    }

    /// Acrobats at game end: each scores for its owner, whatever the pyramid.
    fn score_acrobats_at_end(&mut self) {
        for i in 0..self.acrobat_tiles.len() {
            let t = self.acrobat_tiles[i];
            self.scoring_at(t);
            let at = self.board.placed[t as usize];
            let counts = self.take_acrobats(t);
            for (player, &acrobats) in counts.iter().enumerate().take(self.players) {
                self.award(Event {
                    turn: None,
                    player,
                    points: i64::from(acrobats).saturating_mul(self.rules.params.acrobat_points),
                    source: Source::Acrobats,
                    reason: Reason::AcrobatsAtEnd {
                        acrobats,
                        x: at.x,
                        y: at.y,
                    },
                });
            }
        }
    }
}
