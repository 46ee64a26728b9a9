//! Scoring features: what the tile just placed completed (phase 3 of a turn),
//! and final scoring. A feature is scored for the players with the most figures
//! on it (ties score in full); its figures return to supply; a ringmaster among
//! them earns its bonus after the feature's points.

use super::events::{Event, Reason, Source};
use super::game::{Game, IllegalMove, Phase, Spot, MAX_PLAYERS};
use crate::kinds::FeatureKind;

impl Game<'_> {
    /// Phase 3: scores the roads, cities and cloisters the tile just placed
    /// completed, then the big top if it is a circus tile; then the crop
    /// circle's action is due, or the turn ends.
    pub(super) fn score_turn(&mut self) {
        let rules = self.rules;
        let placed = self.board.placed[self.current as usize];
        let kind = &rules.kinds[usize::from(placed.kind.0)];
        for wanted in [FeatureKind::Road, FeatureKind::City] {
            for (f, feature) in (0u32..).zip(&kind.features) {
                if feature.kind != wanted {
                    continue;
                }
                let root = self.features.find(placed.first_node + f);
                if self.features.open(root) == 0 && self.features.occupants(root) > 0 {
                    self.score_feature(root);
                }
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
                if !k.cloister {
                    continue;
                }
                for (f, feature) in (0u32..).zip(&k.features) {
                    let node = p.first_node + f;
                    if feature.kind == FeatureKind::Cloister && self.features.occupants(node) > 0 {
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
        let mut counts = [0u32; MAX_PLAYERS];
        // Allocates only when a ringmaster is among the figures (rare).
        let mut ringmasters: Vec<(usize, u32)> = Vec::new();
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
            counts[usize::from(s.player)] += 1;
            if self.rules.figures[usize::from(s.figure.0)].ringmaster {
                ringmasters.push((usize::from(s.player), s.tile));
            }
        }
        let best = counts.iter().copied().max().unwrap_or(0);
        if best == 0 {
            return;
        }
        let winners = counts.iter().filter(|&&c| c == best).count();
        let (points, source, reason) = self.feature_value(root, winners > 1);
        let turn = self.event_turn();
        for (player, &count) in counts.iter().enumerate().take(self.players) {
            if count == best {
                self.award(Event {
                    turn,
                    player,
                    points,
                    source,
                    reason,
                });
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

    /// The points a feature is worth to each majority player, and why.
    fn feature_value(&mut self, root: u32, shared: bool) -> (i64, Source, Reason) {
        self.feature_value_as(root, shared, false)
    }

    /// [`Game::feature_value`], or with `as_complete` what the road, city or
    /// cloister would be worth were it completed as it stands (the players'
    /// outlook, `search.rs`).
    pub(super) fn feature_value_as(
        &mut self,
        root: u32,
        shared: bool,
        as_complete: bool,
    ) -> (i64, Source, Reason) {
        let p = self.rules.params.clone();
        match self.features.kind(root) {
            FeatureKind::Road => {
                let tiles = self.distinct_tiles(root);
                let complete = as_complete || self.features.open(root) == 0;
                (
                    i64::from(tiles).saturating_mul(p.road_tile),
                    Source::Road,
                    Reason::Road {
                        tiles,
                        complete,
                        shared,
                    },
                )
            }
            FeatureKind::City => {
                let tiles = self.distinct_tiles(root);
                let pennants = self.features.pennants(root);
                let complete = as_complete || self.features.open(root) == 0;
                let (per_tile, per_pennant) = if complete {
                    (p.city_tile_complete, p.city_pennant_complete)
                } else {
                    (p.city_tile_incomplete, p.city_pennant_incomplete)
                };
                let points = i64::from(tiles)
                    .saturating_mul(per_tile)
                    .saturating_add(i64::from(pennants).saturating_mul(per_pennant));
                (
                    points,
                    Source::City,
                    Reason::City {
                        tiles,
                        pennants,
                        complete,
                        shared,
                    },
                )
            }
            FeatureKind::Cloister => {
                let at = self.board.placed[self.features.tile(root) as usize];
                let tiles = 1 + u32::from(self.board.around(at.x, at.y));
                let complete = as_complete || tiles == 9;
                let points = if complete {
                    p.cloister_complete
                } else {
                    i64::from(tiles).saturating_mul(p.cloister_tile_incomplete)
                };
                (
                    points,
                    Source::Cloister,
                    Reason::Cloister {
                        tiles,
                        complete,
                        shared,
                    },
                )
            }
            _ => {
                let cities = self.completed_cities_touched(root);
                (
                    i64::from(cities).saturating_mul(p.field_city),
                    Source::Field,
                    Reason::Field { cities, shared },
                )
            }
        }
    }

    /// Distinct tiles of a feature: a feature crossing a tile twice counts it once.
    fn distinct_tiles(&mut self, root: u32) -> u32 {
        let mark = self.fresh_marks();
        let mut tiles = 0;
        let mut m = root;
        loop {
            let t = self.features.tile(m) as usize;
            if self.seen_tiles[t] != mark {
                self.seen_tiles[t] = mark;
                tiles += 1;
            }
            m = self.features.next(m);
            if m == root {
                return tiles;
            }
        }
    }

    /// Completed cities a field touches, each counted once.
    fn completed_cities_touched(&mut self, root: u32) -> u32 {
        let rules = self.rules;
        let mark = self.fresh_marks();
        let mut cities = 0;
        let mut m = root;
        loop {
            let placed = self.board.placed[self.features.tile(m) as usize];
            let kind = &rules.kinds[usize::from(placed.kind.0)];
            let field = &kind.features[usize::from(self.features.feature(m))];
            for &c in &field.cities {
                let city = self.features.find(placed.first_node + u32::from(c));
                if self.features.open(city) == 0 && self.seen_nodes[city as usize] != mark {
                    self.seen_nodes[city as usize] = mark;
                    cities += 1;
                }
            }
            m = self.features.next(m);
            if m == root {
                return cities;
            }
        }
    }

    /// Awards a ringmaster's bonus: circus and acrobat tiles around its tile.
    fn ringmaster_bonus(&mut self, player: usize, tile: u32) {
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
    /// unfinished road, city, cloister, then fields; then acrobats; then the
    /// ringmaster bonuses. Returns every player's score.
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
        for wanted in [
            FeatureKind::Road,
            FeatureKind::City,
            FeatureKind::Cloister,
            FeatureKind::Field,
        ] {
            while let Some(node) = self.standing.iter().find_map(|s| match s.spot {
                Spot::Node(n) if self.features.kind(n) == wanted => Some(n),
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
        Ok(&self.scores)
    }

    /// Acrobats at game end: each scores for its owner, whatever the pyramid.
    fn score_acrobats_at_end(&mut self) {
        for i in 0..self.acrobat_tiles.len() {
            let t = self.acrobat_tiles[i];
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
