//! Hooks for players that search (`crate::players`): what each feature
//! holding figures is worth as the board stands ([`Outlook`]), read from its
//! kind's scoring template alone (no kind is named), and redrawing the
//! face-down token under the big top, so that a player sampling the hidden
//! state (determinisation) does not see the real token.
//!
//! By template: a `network` feature is worth its value now (unfinished, or
//! complete once closed) and its value were it closed as it stands, both
//! with its attributes' modifiers, and misses its open sides; a
//! `neighbourhood` spot is worth its unfinished value and its `complete`
//! value, and misses the empty squares around it; a `farm` face is worth its
//! completed neighbours and all the neighbours it counts, and misses the
//! unfinished ones. A kind without a template is worth nothing.

use super::core::scoring::Neighbours;
use super::core::vocab::Scoring;
use super::core::{Spot, MAX_PLAYERS};
use super::events::Source;
use super::rng::Rng;
use super::rules::big_top::BigTop;
use super::rules::builder::Builder;
use super::rules::module::Host;
use super::rules::pig::Pig;
use super::rules::pyramid::{self, Pyramid};
use super::rules::ringmaster::Ringmaster;
use super::rules::InPlay;
use super::{FigureId, Game, TokenId};

/// A feature with figures on it, valued as the board stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outlook {
    /// The score column it would count in.
    pub source: Source,
    /// Points its majority would score at game end if nothing changed.
    pub now: i64,
    /// Points its majority would score were it completed as it stands: a
    /// network closed, a neighbourhood's square full, a farm with every
    /// neighbour it counts completed.
    pub complete: i64,
    /// What is still missing for that: open sides of a network, empty
    /// squares around a neighbourhood spot, unfinished neighbours of a farm.
    pub missing: u32,
    /// Complete and scored during play: a figure put on it now would be
    /// scored this turn (never a farm).
    pub scored_now: bool,
    /// Strength on it, per player (the majority goes by strength; companions
    /// weigh nothing).
    pub strength: [u32; MAX_PLAYERS],
    /// Figures on it, per player (companions not counted).
    pub figures: [u8; MAX_PLAYERS],
    /// Players with a pig (`capability pig`) on it, as bits.
    pub pigs: u32,
    /// A farm's pig bonus for each pig owner who wins it, now and were every
    /// neighbour it counts completed (0 for other features).
    pub pig_now: i64,
    /// See `pig_now`.
    pub pig_complete: i64,
    /// Its root node (the feature's identity while the board stands).
    pub(super) root: u32,
    /// A figure earning a bonus when the feature is scored stands on it.
    pub(super) bonus: bool,
}

impl Outlook {
    /// True when `player` has the most strength on it (ties included), so
    /// it would score the feature.
    #[must_use]
    pub fn scores_for(&self, player: usize) -> bool {
        let best = self.strength.iter().copied().max().unwrap_or(0);
        best > 0 && self.strength.get(player) == Some(&best)
    }
}

impl Outlook {
    /// True when some player has a figure on it (one comparison of the
    /// whole array rather than a scan).
    #[must_use]
    pub fn has_figures(&self) -> bool {
        self.figures != [0; MAX_PLAYERS]
    }

    /// A feature worth nothing yet, with no figure.
    pub(super) fn empty(source: Source, root: u32) -> Outlook {
        Outlook {
            source,
            now: 0,
            complete: 0,
            missing: 0,
            scored_now: false,
            strength: [0; MAX_PLAYERS],
            figures: [0; MAX_PLAYERS],
            pigs: 0,
            pig_now: 0,
            pig_complete: 0,
            root,
            bonus: false,
        }
    }
}

impl Game<'_> {
    /// Appends one [`Outlook`] per feature holding figures (acrobats stand on
    /// no feature), in the order of the figures standing. No allocation once
    /// `out` has room.
    pub fn outlooks_into(&mut self, out: &mut Vec<Outlook>) {
        self.outlooks_with(out, |_| None);
    }

    /// [`Game::outlooks_into`], a farm's neighbours taken from `known` when
    /// it has them (`farm_memo.rs`).
    pub(super) fn outlooks_with(
        &mut self,
        out: &mut Vec<Outlook>,
        mut known: impl FnMut(u32) -> Option<Neighbours>,
    ) {
        let first = out.len();
        for i in 0..self.standing.len() {
            let Spot::Node(n) = self.standing[i].spot else {
                continue;
            };
            let root = self.features.find(n);
            let at = match out[first..].iter().position(|o| o.root == root) {
                Some(at) => first + at,
                None => {
                    let outlook = self.outlook_known(root, &mut known);
                    out.push(outlook);
                    out.len() - 1
                }
            };
            self.count_figure(i, &mut out[at]);
        }
    }

    /// The [`Outlook`] of a feature of the tile at (x, y) (`feature` is its
    /// id within the tile), held or not; `None` without a tile there or for a
    /// feature no figure may stand on through normal placement.
    pub fn outlook_at(&mut self, x: i32, y: i32, feature: u8) -> Option<Outlook> {
        let t = self.board.tile_at(x, y)?;
        let placed = self.board.placed[t as usize];
        let kind = &self.rules.kinds[usize::from(placed.kind.0)];
        if kind.features.get(usize::from(feature))?.admits == 0 {
            return None;
        }
        let root = self.features.find(placed.first_node + u32::from(feature));
        let mut outlook = self.outlook_of(root);
        for i in 0..self.standing.len() {
            if let Spot::Node(n) = self.standing[i].spot {
                if self.features.root(n) == root {
                    self.count_figure(i, &mut outlook);
                }
            }
        }
        Some(outlook)
    }

    /// Adds the `i`-th standing figure to an outlook's majority.
    pub(super) fn count_figure(&self, i: usize, outlook: &mut Outlook) {
        let s = self.standing[i];
        let def = &self.rules.figures[usize::from(s.figure.0)];
        let p = usize::from(s.player);
        outlook.strength[p] = outlook.strength[p].saturating_add(self.figure_strength(i));
        if !def.companion {
            outlook.figures[p] = outlook.figures[p].saturating_add(1);
        }
        outlook.pigs |= self.pig_bit(i);
        outlook.bonus |= self.is_ringmaster(s.figure);
    }

    /// The strength of the `i`-th standing figure in majorities (0 for a
    /// companion).
    fn figure_strength(&self, i: usize) -> u32 {
        let figure = &self.rules.figures[usize::from(self.standing[i].figure.0)];
        if figure.companion {
            0
        } else {
            figure.strength
        }
    }

    /// True when a figure earns the ringmaster bonus.
    pub(super) fn is_ringmaster(&self, figure: FigureId) -> bool {
        InPlay::table::<Ringmaster>(&self.rules.ext).is_some_and(|t| t.is_ringmaster(figure))
    }

    /// The owner's bit when the `i`-th standing figure is a pig, else 0.
    fn pig_bit(&self, i: usize) -> u32 {
        let s = self.standing[i];
        let pig = InPlay::table::<Pig>(&self.rules.ext).is_some_and(|t| t.is_pig(s.figure));
        if pig {
            1 << s.player
        } else {
            0
        }
    }

    /// How many of `player`'s builders stand on the board (each on an
    /// unfinished road or city: a chance of a second turn).
    #[must_use]
    pub fn builders_standing(&self, player: usize) -> u32 {
        let n = self
            .standing
            .iter()
            .filter(|s| {
                usize::from(s.player) == player
                    && InPlay::table::<Builder>(&self.rules.ext)
                        .is_some_and(|t| t.is_builder(s.figure))
            })
            .count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// The outlook of a feature (a root), no figure counted yet.
    fn outlook_of(&mut self, root: u32) -> Outlook {
        self.outlook_known(root, |_| None)
    }

    /// [`Game::outlook_of`], a farm's neighbours from `known` when it has
    /// them.
    fn outlook_known(
        &mut self,
        root: u32,
        mut known: impl FnMut(u32) -> Option<Neighbours>,
    ) -> Outlook {
        let rules = self.rules;
        let rule = &rules.vocab.kinds[usize::from(self.features.kind(root))];
        let mut outlook = Outlook::empty(rule.source, root);
        let missing = match &rule.scoring {
            Scoring::None => return outlook,
            Scoring::Farm { per } => {
                // One walk gives both of a farm's values.
                let n = match known(root) {
                    Some(n) => n,
                    None => self.neighbours(root, per),
                };
                outlook.now = n.done_points;
                outlook.complete = n.all_points;
                outlook.missing = n.all - n.done;
                let bonus = InPlay::table::<Pig>(&rules.ext).map_or(0, |t| t.bonus());
                outlook.pig_now = i64::from(n.done).saturating_mul(bonus);
                outlook.pig_complete = i64::from(n.all).saturating_mul(bonus);
                return outlook;
            }
            Scoring::Network { tile } => {
                let missing = u32::try_from(self.features.open(root).max(0)).unwrap_or(0);
                let (now, complete) = self.network_values(root, tile, missing != 0);
                outlook.now = now;
                outlook.complete = complete;
                outlook.missing = missing;
                outlook.scored_now = missing == 0;
                return outlook;
            }
            Scoring::Neighbourhood { .. } => {
                let at = self.board.placed[self.features.tile(root) as usize];
                8 - u32::from(self.board.around(at.x, at.y)).min(8)
            }
        };
        let value = |game: &mut Self, as_complete| {
            game.feature_value_as(root, false, as_complete)
                .map_or(0, |v| v.0)
        };
        outlook.now = value(self, false);
        outlook.complete = if missing == 0 {
            outlook.now
        } else {
            value(self, true)
        };
        outlook.missing = missing;
        outlook.scored_now = missing == 0;
        outlook
    }

    /// What `player`'s acrobats would score at game end as they stand
    /// (each scores for its owner, whatever its pyramid).
    #[must_use]
    pub fn acrobats_worth(&self, player: usize) -> i64 {
        let acrobats = self
            .standing
            .iter()
            .filter(|s| usize::from(s.player) == player && s.spot == Spot::Off(pyramid::SPOT))
            .count();
        let points = InPlay::table::<Pyramid>(&self.rules.ext).map_or(0, |t| t.points());
        i64::try_from(acrobats)
            .unwrap_or(i64::MAX)
            .saturating_mul(points)
    }

    /// Puts the face-down token under the big top back on its stack and
    /// draws one from that stack at random: a player sampling what it can't
    /// see. Nothing happens without a big top or a token under it.
    pub fn redraw_hidden_token(&mut self, rng: &mut Rng) {
        let Some((_, Some(hidden))) = self.x.module::<BigTop>().and_then(|b| b.top) else {
            return;
        };
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
                if let Some((_, under)) = self.x.module_mut::<BigTop>().and_then(|b| b.top.as_mut())
                {
                    *under = Some(token);
                }
                return;
            }
            k -= left;
        }
        // k landed on the hidden token itself: it stays.
    }
}
