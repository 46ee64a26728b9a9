//! Goods (`capability goods` on counted attributes: wine, grain, cloth): the
//! player who places the tile that completes a city takes a token per unit
//! of each good in it, whoever owns the city and whether or not anyone stands
//! there. At game end, for each good, every player with the most tokens (at
//! least one) scores `goods.most`.
//!
//! Hooks: `parameters`, `before_scoring` (the goods of what the tile
//! completed), `final_last` (the majorities).

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::{Scoring, Vocab};
use crate::engine::core::{Game, SetupError};
use crate::engine::events::{Event, Reason, Source};

/// The capability.
pub const NAME: &str = "goods";

/// Which attributes are goods, and what the most of one scores.
#[derive(Debug)]
pub struct GoodsTable {
    /// The goods attributes tiles in play carry, one bit per vocabulary index.
    goods: u64,
    /// Number of attributes (the players' stocks are indexed by it).
    attributes: usize,
    /// `goods.most`.
    most: i64,
    /// Some good lies on a neighbourhood spot (a cloister's): the placement
    /// preview, which sums goods over networks only, declines then.
    on_spots: bool,
}

impl GoodsTable {
    /// True when an attribute is a good in play.
    pub(in crate::engine) fn is_good(&self, attribute: u8) -> bool {
        attribute < 64 && self.goods & (1 << attribute) != 0
    }

    /// True when some good lies on a neighbourhood spot.
    pub(in crate::engine) fn on_spots(&self) -> bool {
        self.on_spots
    }
}

/// Tokens a player took on one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoodsTaken {
    /// The turn (entry of the log's `turns`).
    pub turn: u32,
    /// The player who completed the city.
    pub player: usize,
    /// The good: an attribute index (see [`Ruleset::attribute_name`](crate::engine::Ruleset::attribute_name)).
    pub good: u8,
    /// Tokens taken.
    pub tokens: u64,
}

/// The players' goods.
#[derive(Debug)]
pub struct Goods {
    /// Tokens taken, `player * attributes + attribute`.
    stock: Vec<u64>,
    /// The tile that last gave each player each good (same indexing).
    last_tile: Vec<u32>,
    /// Every goods token taken, by turn.
    taken: Vec<GoodsTaken>,
    /// Scratch: the features the turn completed (kept for its capacity).
    roots: Vec<u32>,
}

impl Clone for Goods {
    fn clone(&self) -> Goods {
        Goods {
            stock: self.stock.clone(),
            last_tile: self.last_tile.clone(),
            taken: self.taken.clone(),
            roots: Vec::new(),
        }
    }

    fn clone_from(&mut self, other: &Goods) {
        self.stock.clone_from(&other.stock);
        self.last_tile.clone_from(&other.last_tile);
        self.taken.clone_from(&other.taken);
    }
}

impl Module for Goods {
    type Table = GoodsTable;
    /// Goods change no score, figure or feature during play.
    const PREVIEWED: bool = true;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Attribute,
        meaning: "goods in a city: whoever completes the city takes its tokens; at game end the most of each good scores",
        parameters: &[(
            "goods.most",
            "points at game end to every player with the most tokens of one good (ties all score)",
        )],
    };
    const HOOKS: u64 = hooks![parameters, before_scoring, final_last];

    fn table(s: &Setup<'_>, _: &[FigureDef], vocab: &Vocab) -> Result<GoodsTable, SetupError> {
        let mut goods = 0u64;
        let mut on_spots = false;
        for a in &s.vocabulary().attributes {
            if !a.capabilities.iter().any(|c| c == NAME) {
                continue;
            }
            let mut used = false;
            for f in s.tiles.iter().flat_map(|t| &t.features) {
                if !f.attributes.contains_key(&a.id) {
                    continue;
                }
                used = true;
                let rule = vocab.kind(&f.kind).map(|k| &vocab.kinds[usize::from(k)]);
                on_spots |=
                    rule.is_some_and(|r| matches!(r.scoring, Scoring::Neighbourhood { .. }));
            }
            if let (true, Some(i)) = (used, vocab.attribute(&a.id)) {
                goods |= 1 << i;
            }
        }
        Ok(GoodsTable {
            goods,
            attributes: vocab.attributes.len(),
            most: 0,
            on_spots,
        })
    }

    fn parameters(table: &mut GoodsTable, params: &mut Params) -> Result<(), SetupError> {
        table.most = params.require("goods.most", true);
        Ok(())
    }

    fn new(t: &GoodsTable, players: usize) -> Goods {
        Goods {
            stock: vec![0; players * t.attributes],
            last_tile: vec![0; players * t.attributes],
            taken: Vec::new(),
            roots: Vec::new(),
        }
    }

    fn before_scoring<X: Host>(&mut self, t: &GoodsTable, game: &mut Game<'_, X>) {
        self.take(t, game);
    }

    fn final_last<X: Host>(&mut self, t: &GoodsTable, game: &mut Game<'_, X>) {
        self.score(t, game);
    }
}

impl Goods {
    /// After a tile is placed: the goods of every feature the turn completed
    /// (the tile's own, and what an abbey's walls closed)
    /// go to the active player.
    fn take<X: Host>(&mut self, t: &GoodsTable, game: &mut Game<'_, X>) {
        let rules = game.rules;
        let mut roots = std::mem::take(&mut self.roots);
        super::turn_nodes::completed_by_turn_into(game, &mut roots);
        // Each completed feature once, in the order its nodes came.
        let mut kept = 0;
        for i in 0..roots.len() {
            let root = game.features.find(roots[i]);
            if game.features.open(root) == 0 && !roots[..kept].contains(&root) {
                roots[kept] = root;
                kept += 1;
            }
        }
        roots.truncate(kept);
        for &root in &roots {
            let mut m = root;
            loop {
                if game.features.rich(m) {
                    let p = game.board.placed[game.features.tile(m) as usize];
                    let piece = &rules.kinds[usize::from(p.kind.0)].features
                        [usize::from(game.features.feature(m))];
                    for &(a, n) in &piece.units {
                        if t.goods & (1 << a) != 0 {
                            self.give(t, game, a, u64::from(n));
                        }
                    }
                }
                m = game.features.next(m);
                if m == root {
                    break;
                }
            }
        }
        self.roots = roots;
    }

    fn give<X: Host>(&mut self, t: &GoodsTable, game: &Game<'_, X>, good: u8, tokens: u64) {
        let i = game.active * t.attributes + usize::from(good);
        self.stock[i] = self.stock[i].saturating_add(tokens);
        self.last_tile[i] = game.current;
        let (turn, player) = (game.turn, game.active);
        match self
            .taken
            .iter_mut()
            .find(|g| g.turn == turn && g.good == good)
        {
            Some(g) => g.tokens = g.tokens.saturating_add(tokens),
            None => self.taken.push(GoodsTaken {
                turn,
                player,
                good,
                tokens,
            }),
        }
    }

    /// Final scoring of the goods: the most of each good scores `goods.most`.
    fn score<X: Host>(&self, t: &GoodsTable, game: &mut Game<'_, X>) {
        let attributes = t.attributes;
        for a in 0..attributes {
            if t.goods & (1 << a) == 0 {
                continue;
            }
            let Ok(good) = u8::try_from(a) else { continue };
            let best = (0..game.players)
                .map(|p| self.stock[p * attributes + a])
                .max()
                .unwrap_or(0);
            if best == 0 {
                continue;
            }
            for player in 0..game.players {
                let tokens = self.stock[player * attributes + a];
                if tokens == best {
                    game.scoring_at = Some(self.last_tile[player * attributes + a]);
                    game.award(Event {
                        turn: None,
                        player,
                        points: t.most,
                        source: Source::Goods,
                        reason: Reason::Goods { good, tokens },
                    });
                }
            }
        }
    }
}

impl<X: Host> Game<'_, X> {
    /// Every goods token taken so far, by turn, in order.
    #[must_use]
    pub fn goods_taken(&self) -> &[GoodsTaken] {
        self.x.module::<Goods>().map_or(&[], |g| &g.taken)
    }

    /// What `player`'s goods would score at game end were the game to end
    /// now (the most of a good scores, ties included), after the active
    /// player takes `taken` more tokens (good, tokens). 0 without goods in
    /// play, and once the game is over (final scoring has counted them).
    #[must_use]
    pub fn goods_worth(&self, player: usize, taken: &[(u8, u64)]) -> i64 {
        let (Some(goods), Some(t)) = (self.x.module::<Goods>(), X::table::<Goods>(&self.rules.ext))
        else {
            return 0;
        };
        if self.phase == crate::engine::moves::Phase::Over {
            return 0;
        }
        let stock = |p: usize, a: usize| {
            let extra: u64 = if p == self.active {
                taken
                    .iter()
                    .filter(|&&(g, _)| usize::from(g) == a)
                    .map(|&(_, n)| n)
                    .sum()
            } else {
                0
            };
            goods.stock[p * t.attributes + a].saturating_add(extra)
        };
        let mut worth = 0i64;
        for a in 0..t.attributes.min(64) {
            if t.goods & (1 << a) == 0 {
                continue;
            }
            let mine = stock(player, a);
            if mine > 0 && (0..self.players).all(|q| stock(q, a) <= mine) {
                worth = worth.saturating_add(t.most);
            }
        }
        worth
    }

    /// A player's tokens of a good (an attribute index).
    #[must_use]
    pub fn goods(&self, player: usize, good: u8) -> u64 {
        self.x.module::<Goods>().map_or(0, |g| {
            g.stock
                .get(player * self.rules.vocab.attributes.len() + usize::from(good))
                .copied()
                .unwrap_or(0)
        })
    }
}
