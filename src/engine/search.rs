//! Hooks for players that search (`crate::players`): what each feature
//! holding figures is worth as the board stands ([`Outlook`]), and redrawing
//! the face-down token under the big top, so that a player sampling the hidden
//! state (determinisation) does not see the real token.

use super::events::Source;
use super::game::{Game, Spot, MAX_PLAYERS};
use super::rng::Rng;
use super::TokenId;
use crate::kinds::FeatureKind;

/// A feature with figures on it, valued as the board stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outlook {
    /// The score column it would count in.
    pub source: Source,
    /// Points its majority would score at game end if nothing changed.
    pub now: i64,
    /// Points its majority would score were it completed as it stands: a
    /// road, city or cloister completed; a field with every city it touches
    /// completed.
    pub complete: i64,
    /// What is still missing for that: open sides of a road or city, empty
    /// squares around a cloister, unfinished cities a field touches.
    pub missing: u32,
    /// Complete and scored during play: a figure put on it now would be
    /// scored this turn (never a field).
    pub scored_now: bool,
    /// Figures on it, per player.
    pub figures: [u8; MAX_PLAYERS],
    root: u32,
}

impl Outlook {
    /// True when `player` has the most figures on it (ties included), so it
    /// would score the feature.
    #[must_use]
    pub fn scores_for(&self, player: usize) -> bool {
        let best = self.figures.iter().copied().max().unwrap_or(0);
        best > 0 && self.figures.get(player) == Some(&best)
    }
}

impl Game<'_> {
    /// Appends one [`Outlook`] per feature holding figures (acrobats stand on
    /// no feature), in the order of the figures standing. No allocation once
    /// `out` has room.
    pub fn outlooks_into(&mut self, out: &mut Vec<Outlook>) {
        let first = out.len();
        for i in 0..self.standing.len() {
            let Spot::Node(n) = self.standing[i].spot else {
                continue;
            };
            let player = usize::from(self.standing[i].player);
            let root = self.features.find(n);
            if let Some(o) = out[first..].iter_mut().find(|o| o.root == root) {
                o.figures[player] = o.figures[player].saturating_add(1);
                continue;
            }
            let mut figures = [0u8; MAX_PLAYERS];
            figures[player] = 1;
            let outlook = self.outlook_with(root, figures);
            out.push(outlook);
        }
    }

    /// The [`Outlook`] of a feature of the tile at (x, y) (`feature` is its
    /// id within the tile), held or not; `None` without a tile there or for a
    /// feature no figure may stand on.
    pub fn outlook_at(&mut self, x: i32, y: i32, feature: u8) -> Option<Outlook> {
        let t = self.board.tile_at(x, y)?;
        let placed = self.board.placed[t as usize];
        let kind = &self.rules.kinds[usize::from(placed.kind.0)];
        let f = kind.features.get(usize::from(feature))?;
        if !super::actions::claimable(f.kind) {
            return None;
        }
        let root = self.features.find(placed.first_node + u32::from(feature));
        Some(self.outlook(root))
    }

    fn outlook(&mut self, root: u32) -> Outlook {
        let mut figures = [0u8; MAX_PLAYERS];
        for s in &self.standing {
            if let Spot::Node(n) = s.spot {
                if self.features.root(n) == root {
                    let c = &mut figures[usize::from(s.player)];
                    *c = c.saturating_add(1);
                }
            }
        }
        self.outlook_with(root, figures)
    }

    /// The outlook of a feature whose figures are counted.
    fn outlook_with(&mut self, root: u32, figures: [u8; MAX_PLAYERS]) -> Outlook {
        let missing = match self.features.kind(root) {
            FeatureKind::Road | FeatureKind::City => {
                u32::try_from(self.features.open(root)).unwrap_or(0)
            }
            FeatureKind::Cloister => {
                let at = self.board.placed[self.features.tile(root) as usize];
                8 - u32::from(self.board.around(at.x, at.y)).min(8)
            }
            _ => {
                // A field: one walk gives both of its values.
                let (done, all) = self.cities_touched(root);
                let per_city = self.rules.params.field_city;
                return Outlook {
                    source: Source::Field,
                    now: i64::from(done).saturating_mul(per_city),
                    complete: i64::from(all).saturating_mul(per_city),
                    missing: all - done,
                    scored_now: false,
                    figures,
                    root,
                };
            }
        };
        let (now, source, _) = self.feature_value_as(root, false, false);
        let complete = if missing == 0 {
            now
        } else {
            self.feature_value_as(root, false, true).0
        };
        let scored_now = missing == 0 && source != Source::Field;
        Outlook {
            source,
            now,
            complete,
            missing,
            scored_now,
            figures,
            root,
        }
    }

    /// Cities a field touches, each counted once: (completed, all).
    fn cities_touched(&mut self, root: u32) -> (u32, u32) {
        let rules = self.rules;
        let mark = self.fresh_marks();
        let (mut done, mut all) = (0, 0);
        let mut m = root;
        loop {
            let placed = self.board.placed[self.features.tile(m) as usize];
            let kind = &rules.kinds[usize::from(placed.kind.0)];
            let field = &kind.features[usize::from(self.features.feature(m))];
            for &c in &field.cities {
                let city = self.features.find(placed.first_node + u32::from(c));
                if self.seen_nodes[city as usize] != mark {
                    self.seen_nodes[city as usize] = mark;
                    all += 1;
                    done += u32::from(self.features.open(city) == 0);
                }
            }
            m = self.features.next(m);
            if m == root {
                return (done, all);
            }
        }
    }

    /// What `player`'s acrobats would score at game end as they stand
    /// (each scores for its owner, whatever its pyramid).
    #[must_use]
    pub fn acrobats_worth(&self, player: usize) -> i64 {
        let acrobats = self
            .standing
            .iter()
            .filter(|s| usize::from(s.player) == player && s.spot == Spot::Acrobats)
            .count();
        i64::try_from(acrobats)
            .unwrap_or(i64::MAX)
            .saturating_mul(self.rules.params.acrobat_points)
    }

    /// Puts the face-down token under the big top back on its stack and
    /// draws one from that stack at random: a player sampling what it can't
    /// see. Nothing happens without a big top or a token under it.
    pub fn redraw_hidden_token(&mut self, rng: &mut Rng) {
        let Some(top) = self.bigtop else { return };
        let Some(hidden) = top.token else { return };
        let pool = self.rules.tokens[usize::from(hidden.0)].expansion;
        let in_pool = |t: usize| self.rules.tokens[t].expansion == pool;
        let total: usize = (0..self.tokens_left.len())
            .filter(|&t| in_pool(t))
            .map(|t| self.tokens_left[t] as usize)
            .sum::<usize>()
            + 1;
        let mut k = rng.below(total);
        for t in (0..self.tokens_left.len()).filter(|&t| in_pool(t)) {
            let left = self.tokens_left[t] as usize;
            if k < left {
                self.tokens_left[t] -= 1;
                self.tokens_left[usize::from(hidden.0)] += 1;
                let token = TokenId(u8::try_from(t).unwrap_or(u8::MAX));
                if let Some(b) = self.bigtop.as_mut() {
                    b.token = Some(token);
                }
                return;
            }
            k -= left;
        }
        // k landed on the hidden token itself: it stays.
    }
}
