//! Bazaars (`capability bazaar` on a kind). When a tile with a bazaar is
//! placed (not discarded), at the end of that turn — after its scoring —
//! as many tiles as players are drawn face up and auctioned, when the bag
//! holds that many and two or more play. Starting with the next player, each
//! player who has no auctioned tile yet chooses one of the tiles left and
//! opens with a bid of 0 or more points; each other player without a tile,
//! in turn order, may raise once (a higher bid) or pass. When the chooser's
//! own bid stands, the chooser pays it (to no one) and takes the tile;
//! otherwise the chooser either buys it, paying the highest bid to its
//! bidder, or sells it, the bidder paying the chooser and taking it. The last
//! player without a tile takes the last one for nothing. Then each player,
//! from the next one on, plays the tile they hold on their own next turn
//! instead of drawing one (one that fits nowhere is discarded, and the player
//! draws as usual). A bazaar placed while auctioned tiles are still to be
//! played, or as one of them, holds no auction.
//!
//! Hooks: `prepare_kind` (bazaar tiles), `check_drawn` (the tile a player
//! holds), `tile_move`, `placed` (an auction falls due), `pending`, `apply`
//! (the auction's steps), `expected`.

use super::module::{hooks, Capability, Host, Module, On, Setup, Then};
use crate::emit::wire;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::ids::KindId;
use crate::engine::moves::{illegal, BazaarStep, IllegalMove, Move, Phase};

/// The capability.
pub const NAME: &str = "bazaar";

/// Which tile kinds show a bazaar.
#[derive(Debug)]
pub struct BazaarTable {
    bazaar: Vec<bool>,
}

/// The tile being auctioned.
#[derive(Clone, Copy, Debug)]
struct Item {
    /// Its index among the tiles drawn.
    tile: u8,
    /// The highest bid.
    price: i64,
    /// Who made it.
    bidder: u8,
    /// The player asked next; the chooser when bidding is over.
    next: u8,
}

/// An auction in progress.
#[derive(Clone, Debug)]
struct Auction {
    /// The tiles drawn and who holds each.
    tiles: Vec<(KindId, Option<u8>)>,
    /// The player choosing a tile now.
    chooser: u8,
    /// The tile being auctioned.
    item: Option<Item>,
}

/// What the bazaar waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BazaarAsk {
    /// The tiles to draw: this many.
    Tiles(usize),
    /// `player` chooses one of the tiles left (`(index, tile)`) and bids.
    Select {
        /// The chooser.
        player: usize,
        /// The tiles left, by index among those drawn.
        tiles: Vec<(u8, KindId)>,
    },
    /// `player` raises above `price` or passes.
    Bid {
        /// The bidder asked.
        player: usize,
        /// The highest bid so far.
        price: i64,
    },
    /// The chooser `player`, outbid at `price`, buys or sells.
    Sell {
        /// The chooser.
        player: usize,
        /// The highest bid.
        price: i64,
    },
}

/// The auction due or in progress, and the tiles the players hold.
#[derive(Clone, Debug)]
pub struct Bazaar {
    /// A bazaar tile was placed this turn: the auction is due.
    due: bool,
    auction: Option<Auction>,
    /// The tiles won, in the order they are played: (owner, tile).
    held: Vec<(u8, KindId)>,
    /// This turn's tile is one the player held.
    from_bazaar: bool,
    /// Auctions held so far.
    auctions: u32,
}

impl Module for Bazaar {
    type Table = BazaarTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a bazaar: after its turn, as many tiles as players are auctioned for points, and each player plays the one they won instead of drawing",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![
        prepare_kind,
        check_drawn,
        tile_move,
        placed,
        pending,
        apply,
        expected
    ];

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<BazaarTable, SetupError> {
        Ok(BazaarTable { bazaar: Vec::new() })
    }

    fn prepare_kind(
        table: &mut BazaarTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let has = tile.features.iter().any(|f| s.kind_has(&f.kind, NAME));
        table.bazaar.push(has);
        Ok(())
    }

    fn new(_: &BazaarTable, _: usize) -> Bazaar {
        Bazaar {
            due: false,
            auction: None,
            held: Vec::new(),
            from_bazaar: false,
            auctions: 0,
        }
    }

    fn check_drawn<X: Host>(
        &self,
        _: &BazaarTable,
        game: &Game<'_, X>,
        tile: KindId,
    ) -> Result<bool, IllegalMove> {
        match self.held.first() {
            Some(&(owner, k)) if usize::from(owner) == game.active && k != tile => {
                illegal(format!(
                    "the player holds {} from the bazaar and plays it this turn",
                    game.rules.kind_id(k)
                ))
            }
            Some(&(owner, _)) if usize::from(owner) == game.active => Ok(true),
            _ => Ok(false),
        }
    }

    fn tile_move<X: Host>(&mut self, _: &BazaarTable, game: &mut Game<'_, X>) {
        self.from_bazaar = false;
        if self
            .held
            .first()
            .is_some_and(|&(owner, _)| usize::from(owner) == game.active)
        {
            self.held.remove(0);
            self.from_bazaar = true;
        }
    }

    fn placed<X: Host>(&mut self, t: &BazaarTable, game: &mut Game<'_, X>) {
        let kind = game.board.placed[game.current as usize].kind;
        if !t.bazaar[usize::from(kind.0)] || self.from_bazaar || !self.held.is_empty() {
            return;
        }
        // Tiles lying face down (under hills) are never drawn, so never
        // auctioned either.
        let left: u64 = game.remaining.iter().map(|&n| u64::from(n)).sum();
        let drawable = left.saturating_sub(u64::from(game.face_down()));
        self.due = game.players >= 2 && drawable >= game.players as u64;
    }

    fn pending<X: Host>(&self, _: &BazaarTable, _: &Game<'_, X>) -> Option<Phase> {
        self.due.then_some(Phase::Bazaar)
    }

    fn apply<X: Host>(
        &mut self,
        _: &BazaarTable,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        let Move::Bazaar(step) = mv else {
            return None;
        };
        if game.phase != Phase::Bazaar || !self.due {
            return None;
        }
        Some(self.step(game, step))
    }

    fn expected(phase: Phase) -> Option<&'static str> {
        (phase == Phase::Bazaar)
            .then_some("the bazaar's next step (its tiles, a choice, a bid, buy or sell)")
    }
}

/// The player after `p`.
fn after<X: Host>(game: &Game<'_, X>, p: u8) -> u8 {
    u8::try_from((usize::from(p) + 1) % game.players).unwrap_or(0)
}

impl Auction {
    fn holds(&self, p: u8) -> bool {
        self.tiles.iter().any(|&(_, o)| o == Some(p))
    }
}

impl Bazaar {
    /// What the auction waits for, if one is due.
    fn ask<X: Host>(&self, game: &Game<'_, X>) -> Option<BazaarAsk> {
        if !self.due {
            return None;
        }
        let Some(a) = &self.auction else {
            return Some(BazaarAsk::Tiles(game.players));
        };
        Some(match a.item {
            None => BazaarAsk::Select {
                player: usize::from(a.chooser),
                tiles: (0u8..)
                    .zip(&a.tiles)
                    .filter(|(_, (_, o))| o.is_none())
                    .map(|(i, &(k, _))| (i, k))
                    .collect(),
            },
            Some(item) if item.next == a.chooser => BazaarAsk::Sell {
                player: usize::from(a.chooser),
                price: item.price,
            },
            Some(item) => BazaarAsk::Bid {
                player: usize::from(item.next),
                price: item.price,
            },
        })
    }

    /// Checks and performs one step of the auction.
    fn step<X: Host>(
        &mut self,
        game: &mut Game<'_, X>,
        step: &BazaarStep,
    ) -> Result<Option<Then>, IllegalMove> {
        let ask = self.ask(game);
        match (ask, step) {
            (Some(BazaarAsk::Tiles(n)), BazaarStep::Tiles(tiles)) => {
                if tiles.len() != n {
                    return illegal(format!(
                        "the bazaar auctions {n} tiles (one per player), not {}",
                        tiles.len()
                    ));
                }
                for (i, &k) in tiles.iter().enumerate() {
                    let wanted = tiles[..=i].iter().filter(|&&x| x == k).count();
                    if (game.remaining(k) as usize) < wanted {
                        return illegal(format!(
                            "the bazaar draws {} more often than the bag holds it",
                            game.rules.kind_id(k)
                        ));
                    }
                    game.check_order(k)?;
                }
                self.auction = Some(Auction {
                    tiles: tiles.iter().map(|&k| (k, None)).collect(),
                    chooser: after(game, u8::try_from(game.active).unwrap_or(0)),
                    item: None,
                });
                self.auctions += 1;
                Ok(None)
            }
            (Some(BazaarAsk::Select { tiles, .. }), &BazaarStep::Select { tile, bid }) => {
                if !tiles.iter().any(|&(i, _)| i == tile) {
                    return illegal(format!(
                        "tile {tile} of the bazaar is not one left to choose (left: {:?})",
                        tiles.iter().map(|&(i, _)| i).collect::<Vec<_>>()
                    ));
                }
                if bid < 0 {
                    return illegal(format!("a bid is 0 or more points, not {bid}"));
                }
                let a = self.auction.as_mut().expect("an auction is under way");
                let next = next_bidder(game, a, a.chooser);
                a.item = Some(Item {
                    tile,
                    price: bid,
                    bidder: a.chooser,
                    next,
                });
                self.settle_if_over(game);
                Ok(self.finish(game))
            }
            (Some(BazaarAsk::Bid { player, price }), &BazaarStep::Bid(bid)) => {
                if let Some(b) = bid {
                    if b <= price {
                        return illegal(format!(
                            "player {player}'s bid must be higher than {price}, not {b}"
                        ));
                    }
                }
                let a = self.auction.as_mut().expect("an auction is under way");
                let mut item = a.item.expect("a tile is being auctioned");
                if let Some(b) = bid {
                    item.price = b;
                    item.bidder = item.next;
                }
                item.next = next_bidder(game, a, item.next);
                a.item = Some(item);
                self.settle_if_over(game);
                Ok(self.finish(game))
            }
            (Some(BazaarAsk::Sell { .. }), &BazaarStep::Sell(sell)) => {
                self.settle(game, sell);
                Ok(self.finish(game))
            }
            (Some(ask), _) => illegal(format!("the bazaar expects {}", describe(&ask))),
            (None, _) => illegal("no bazaar auction is under way"),
        }
    }

    /// When bidding is over and the chooser's own bid stands, the chooser
    /// takes the tile at that price.
    fn settle_if_over<X: Host>(&mut self, game: &mut Game<'_, X>) {
        let Some(a) = &self.auction else { return };
        if let Some(item) = a.item {
            if item.next == a.chooser && item.bidder == a.chooser {
                self.settle(game, false);
            }
        }
    }

    /// The tile goes to the chooser (`sell` false) or the highest bidder,
    /// and the price is paid; the next player without a tile chooses, or
    /// the last takes the last tile.
    fn settle<X: Host>(&mut self, game: &mut Game<'_, X>, sell: bool) {
        let Some(a) = self.auction.as_mut() else {
            return;
        };
        let Some(item) = a.item.take() else { return };
        let (tile, _) = a.tiles[usize::from(item.tile)];
        let chooser = a.chooser;
        let (owner, payer, payee) = if item.bidder == chooser {
            (chooser, chooser, None)
        } else if sell {
            (item.bidder, item.bidder, Some(chooser))
        } else {
            (chooser, chooser, Some(item.bidder))
        };
        a.tiles[usize::from(item.tile)].1 = Some(owner);
        let turn = Some(game.turn);
        game.award(Event {
            turn,
            player: usize::from(payer),
            points: -item.price,
            source: Source::Bazaar,
            reason: Reason::Bazaar { tile, other: payee },
        });
        if let Some(p) = payee {
            game.award(Event {
                turn,
                player: usize::from(p),
                points: item.price,
                source: Source::Bazaar,
                reason: Reason::Bazaar {
                    tile,
                    other: Some(payer),
                },
            });
        }
        // The next chooser: the next player after this one without a tile.
        let mut p = after(game, chooser);
        while a.holds(p) && p != chooser {
            p = after(game, p);
        }
        a.chooser = p;
        let left: Vec<usize> = (0..a.tiles.len())
            .filter(|&i| a.tiles[i].1.is_none())
            .collect();
        if let [last] = left.as_slice() {
            a.tiles[*last].1 = Some(p);
        }
    }

    /// When every tile has its owner, the players hold them in turn order
    /// from the next player; a decision due after it (a wagon's) follows,
    /// else the turn ends.
    fn finish<X: Host>(&mut self, game: &Game<'_, X>) -> Option<Then> {
        let a = self.auction.as_ref()?;
        if a.tiles.iter().any(|&(_, o)| o.is_none()) {
            return None;
        }
        let active = u8::try_from(game.active).unwrap_or(0);
        let mut p = after(game, active);
        self.held.clear();
        for _ in 0..game.players {
            if let Some(&(k, _)) = a.tiles.iter().find(|&&(_, o)| o == Some(p)) {
                self.held.push((p, k));
            }
            p = after(game, p);
        }
        self.auction = None;
        self.due = false;
        Some(Then::Decided)
    }

    /// The tiles drawn for the auction and held, not yet played.
    fn set_aside(&self) -> impl Iterator<Item = KindId> + '_ {
        let auctioned = self
            .auction
            .iter()
            .flat_map(|a| a.tiles.iter().map(|&(k, _)| k));
        auctioned.chain(self.held.iter().map(|&(_, k)| k))
    }
}

/// The player asked to bid after `p`: the next one without a tile, the
/// chooser when every other has been asked.
fn next_bidder<X: Host>(game: &Game<'_, X>, a: &Auction, p: u8) -> u8 {
    let mut q = after(game, p);
    while q != a.chooser && a.holds(q) {
        q = after(game, q);
    }
    q
}

/// What a step of the auction expects, in words.
fn describe(ask: &BazaarAsk) -> String {
    match ask {
        BazaarAsk::Tiles(n) => format!("its {n} tiles"),
        BazaarAsk::Select { player, .. } => format!("player {player}'s choice of a tile and bid"),
        BazaarAsk::Bid { player, price } => {
            format!("player {player}'s bid above {price}, or a pass")
        }
        BazaarAsk::Sell { player, price } => {
            format!("player {player}'s decision to buy or sell at {price}")
        }
    }
}

impl Game<'_, super::InPlay> {
    /// What the bazaar's auction waits for now, if one is due.
    #[must_use]
    pub fn bazaar_ask(&self) -> Option<BazaarAsk> {
        self.x.module::<Bazaar>()?.ask(self)
    }

    /// The tile the active player holds from a bazaar and plays now.
    #[must_use]
    pub fn bazaar_tile(&self) -> Option<KindId> {
        let m = self.x.module::<Bazaar>()?;
        match m.held.first() {
            Some(&(owner, k)) if usize::from(owner) == self.active && self.phase == Phase::Tile => {
                Some(k)
            }
            _ => None,
        }
    }

    /// The tiles drawn for a bazaar and not yet played: out of the bag,
    /// though still counted as not placed.
    #[must_use]
    pub fn bazaar_set_aside(&self) -> Vec<KindId> {
        self.x
            .module::<Bazaar>()
            .map(|m| m.set_aside().collect())
            .unwrap_or_default()
    }

    /// The tiles won at a bazaar and not yet played, in the order they are
    /// played: (owner, tile).
    #[must_use]
    pub fn bazaar_held(&self) -> Vec<(usize, KindId)> {
        self.x.module::<Bazaar>().map_or_else(Vec::new, |m| {
            m.held.iter().map(|&(o, k)| (usize::from(o), k)).collect()
        })
    }

    /// Bazaar auctions held so far.
    #[must_use]
    pub fn bazaar_auctions(&self) -> u32 {
        self.x.module::<Bazaar>().map_or(0, |m| m.auctions)
    }
}
