//! Goods (`capability goods` on counted attributes: wine, grain, cloth): the
//! player who places the tile that completes a city takes a token per unit
//! of each good in it, whoever owns the city and whether or not anyone stands
//! there. At game end, for each good, every player with the most tokens (at
//! least one) scores `goods.most`.

use super::events::{Event, Reason, Source};
use super::game::Game;

/// Tokens a player took on one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoodsTaken {
    /// The turn (entry of the log's `turns`).
    pub turn: u32,
    /// The player who completed the city.
    pub player: usize,
    /// The good: an attribute index (see [`super::Ruleset::attribute_name`]).
    pub good: u8,
    /// Tokens taken.
    pub tokens: u64,
}

impl Game<'_> {
    /// After a tile is placed: the goods of every feature it completed go to
    /// the active player.
    pub(super) fn take_goods(&mut self) {
        let rules = self.rules;
        let placed = self.board.placed[self.current as usize];
        let kind = &rules.kinds[usize::from(placed.kind.0)];
        let mut roots: [u32; 12] = [u32::MAX; 12];
        for (i, &f) in kind.networks.iter().enumerate().take(12) {
            let root = self.features.find(placed.first_node + u32::from(f));
            if self.features.open(root) != 0 || roots.contains(&root) {
                continue;
            }
            roots[i] = root;
            let mut m = root;
            loop {
                if self.features.rich(m) {
                    let p = self.board.placed[self.features.tile(m) as usize];
                    let piece = &rules.kinds[usize::from(p.kind.0)].features
                        [usize::from(self.features.feature(m))];
                    for &(a, n) in &piece.units {
                        if rules.goods & (1 << a) != 0 {
                            self.give_goods(a, u64::from(n));
                        }
                    }
                }
                m = self.features.next(m);
                if m == root {
                    break;
                }
            }
        }
    }

    fn give_goods(&mut self, good: u8, tokens: u64) {
        let i = self.active * self.rules.vocab.attributes.len() + usize::from(good);
        self.goods[i] = self.goods[i].saturating_add(tokens);
        self.goods_tile[i] = self.current;
        let (turn, player) = (self.turn, self.active);
        match self
            .goods_taken
            .iter_mut()
            .find(|g| g.turn == turn && g.good == good)
        {
            Some(g) => g.tokens = g.tokens.saturating_add(tokens),
            None => self.goods_taken.push(GoodsTaken {
                turn,
                player,
                good,
                tokens,
            }),
        }
    }

    /// Every goods token taken so far, by turn, in order.
    #[must_use]
    pub fn goods_taken(&self) -> &[GoodsTaken] {
        &self.goods_taken
    }

    /// A player's tokens of a good (an attribute index).
    #[must_use]
    pub fn goods(&self, player: usize, good: u8) -> u64 {
        self.goods
            .get(player * self.rules.vocab.attributes.len() + usize::from(good))
            .copied()
            .unwrap_or(0)
    }

    /// Final scoring of the goods: the most of each good scores `goods.most`.
    pub(super) fn score_goods(&mut self) {
        let rules = self.rules;
        let attributes = rules.vocab.attributes.len();
        for a in 0..attributes {
            if rules.goods & (1 << a) == 0 {
                continue;
            }
            let Ok(good) = u8::try_from(a) else { continue };
            let best = (0..self.players)
                .map(|p| self.goods[p * attributes + a])
                .max()
                .unwrap_or(0);
            if best == 0 {
                continue;
            }
            for player in 0..self.players {
                let tokens = self.goods[player * attributes + a];
                if tokens == best {
                    self.scoring_at = Some(self.goods_tile[player * attributes + a]);
                    self.award(Event {
                        turn: None,
                        player,
                        points: rules.params.goods_most,
                        source: Source::Goods,
                        reason: Reason::Goods { good, tokens },
                    });
                }
            }
        }
    }
}
