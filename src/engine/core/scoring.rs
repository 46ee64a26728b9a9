//! Scoring features: what the tile just placed completed, and one feature
//! at a time in final scoring. A feature is scored for the players with the
//! most strength on it (ties score in full; companions weigh nothing); its
//! figures return to supply, and the rule modules hear of it ([`Rules::scored`]).
//! What a feature is worth follows its kind's template (`value` has the
//! arithmetic).

use super::game::{Game, Spot, MAX_PLAYERS};
use super::game::{Rules, Scored};
use super::value::{neighbourhood_points, network_points};
use super::vocab::{Scoring, COMPLETE, UNFINISHED};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::ids::{FeatureKindId, FigureId};
use crate::engine::moves::Phase;

/// The neighbours a face touches ([`Game::neighbours`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Neighbours {
    /// Completed neighbours, and their points.
    pub done: u32,
    pub done_points: i64,
    /// Every neighbour counted, and their points were all completed.
    pub all: u32,
    pub all_points: i64,
}

impl<X: Rules> Game<'_, X> {
    /// The weight of `figure` in the majority of the feature `root` being
    /// scored (`None`: a place a module scores that is no feature): its strength,
    /// or what a module rules it is.
    pub fn figure_weight(&mut self, root: Option<u32>, figure: FigureId) -> u32 {
        let def = &self.rules.figures[usize::from(figure.0)];
        if def.ruled_strength {
            X::strength(self, root, figure)
        } else {
            def.strength
        }
    }

    /// Scores the paths, then regions, the tile just placed completed, and
    /// the neighbourhood spots whose square it filled.
    pub(in crate::engine) fn score_completed(&mut self) {
        let rules = self.rules;
        let placed = self.board.placed[self.current as usize];
        let kind = &rules.kinds[usize::from(placed.kind.0)];
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
    }

    /// Scores one feature (a root) for its majority and returns its figures;
    /// then the modules hear which figures went home and who won.
    pub(in crate::engine) fn score_feature(&mut self, root: u32) {
        let mut strength = [0u32; MAX_PLAYERS];
        let mut returned = std::mem::take(&mut self.returned);
        returned.clear();
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
            if !figure.companion {
                let w = self.figure_weight(Some(root), s.figure);
                let weight = &mut strength[usize::from(s.player)];
                *weight = weight.saturating_add(w);
            }
            returned.push(s);
        }
        let mut best = strength.iter().copied().max().unwrap_or(0);
        if best > 0 && strength.iter().filter(|&&c| c == best).count() > 1 {
            X::break_ties(self, &returned, &mut strength[..self.players]);
            best = strength.iter().copied().max().unwrap_or(0);
        }
        let mut won = 0u32;
        let mut event = None;
        if best > 0 {
            let winners = strength.iter().filter(|&&c| c == best).count();
            if self.phase == Phase::Over {
                self.scoring_at(self.features.first_tile(root));
            }
            if let Some((points, source, reason)) = self.feature_value(root, winners > 1) {
                self.scoring_feature = Some(root);
                let turn = self.event_turn();
                for (player, &s) in strength.iter().enumerate().take(self.players) {
                    if s == best {
                        won |= 1 << player;
                        let line = Event {
                            turn,
                            player,
                            points,
                            source,
                            reason,
                        };
                        event = Some(line);
                        self.award(line);
                    }
                }
                self.scoring_feature = None;
            }
        }
        let scored = Scored {
            root,
            winners: won,
            event,
            returned: &returned,
        };
        X::scored(self, &scored);
        self.returned = returned;
    }

    /// The points a feature is worth to each majority player, and why; `None`
    /// for a kind that is not scored.
    pub(in crate::engine) fn feature_value(
        &mut self,
        root: u32,
        shared: bool,
    ) -> Option<(i64, Source, Reason)> {
        self.feature_value_as(root, shared, false)
    }

    /// True while the feature of `node` is unfinished: a region or path with
    /// an open side, a neighbourhood spot whose square is not full, any other
    /// feature (a face, a spot no neighbourhood scores), which never
    /// completes. A feature the tile just placed completed counts as complete
    /// already, though it scores only after the figure action, so the rule
    /// modules that ask during that action (a figure landing on a feature, a
    /// figure taken back from one) all read the board one way.
    pub(in crate::engine) fn unfinished(&self, node: u32) -> bool {
        let rule = &self.rules.vocab.kinds[usize::from(self.features.kind(node))];
        if rule.linear() {
            self.features.open(self.features.root(node)) > 0
        } else if let Scoring::Neighbourhood { .. } = rule.scoring {
            let at = self.board.placed[self.features.tile(node) as usize];
            self.board.around(at.x, at.y) < 8
        } else {
            true
        }
    }

    /// [`Game::feature_value`], or with `as_complete` what the feature would be
    /// worth were it completed as it stands: a network with no open side, a
    /// neighbourhood with its square full, a farm with every neighbour it
    /// counts completed (the players' outlook, `search.rs`).
    pub(in crate::engine) fn feature_value_as(
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
                let (tiles, present, counted) = self.survey_counted(root);
                // No piece counted units: none to value (`self.units` is zero).
                let all: &[u64] = if counted { &self.units } else { &[] };
                let points = network_points(tile, state, tiles, present, all, attributes);
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
    pub(in crate::engine) fn survey(&mut self, root: u32) -> (u32, u64) {
        let (tiles, present, _) = self.survey_counted(root);
        (tiles, present)
    }

    /// A network's points as it stands and, with `completed`, were it
    /// completed as it stands (else the same): [`Game::feature_value_as`]
    /// without and with `as_complete`, its pieces surveyed once.
    pub(in crate::engine) fn network_values(
        &mut self,
        root: u32,
        tile: &[i64; 2],
        completed: bool,
    ) -> (i64, i64) {
        let rules = self.rules;
        let attributes = &rules.vocab.attributes;
        let state = if self.features.open(root) == 0 {
            COMPLETE
        } else {
            UNFINISHED
        };
        let (tiles, present, counted) = self.survey_counted(root);
        let units: &[u64] = if counted { &self.units } else { &[] };
        let now = network_points(tile, state, tiles, present, units, attributes);
        let complete = if completed {
            network_points(tile, COMPLETE, tiles, present, units, attributes)
        } else {
            now
        };
        (now, complete)
    }

    /// [`Game::survey`], and whether some piece counted units (if not,
    /// `self.units` is all zero).
    pub(in crate::engine) fn survey_counted(&mut self, root: u32) -> (u32, u64, bool) {
        let rules = self.rules;
        let mark = self.fresh_marks();
        self.units.fill(0);
        let (mut tiles, mut present, mut counted) = (0, 0u64, false);
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
                counted |= !piece.units.is_empty();
                for &(a, n) in &piece.units {
                    let u = &mut self.units[usize::from(a)];
                    *u = u.saturating_add(u64::from(n));
                }
            }
            m = self.features.next(m);
            if m == root {
                return (tiles, present, counted);
            }
        }
    }

    /// The neighbours a face touches that `per` counts (by kind), each
    /// counted once: the completed ones and all of them, with their points.
    pub(in crate::engine) fn neighbours(&mut self, root: u32, per: &[i64]) -> Neighbours {
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
}
