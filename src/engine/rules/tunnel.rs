//! The tunnel (`capability tunnel` on an attribute of a path kind): a road
//! piece with the attribute that reaches a single side ends at a tunnel
//! opening, and the opening is an open end of its road until the tunnel is
//! built. Each player has tunnel tokens in pairs (`tunnel.pairs`; with two or
//! three players `tunnel.pairs-2-players`, `tunnel.pairs-3-players`). Once
//! a turn, before the follower, the player may put one of their tokens on
//! any unclaimed opening on the board; the second token of a pair, put on
//! another opening, joins the two roads through the tunnel, closing both
//! ends. A road the tunnel completes is scored in that turn's scoring. A road
//! piece with the attribute that crosses the tile (Abbey & Mayor's underpass)
//! is no opening: it stays one road, as printed.
//!
//! Hooks: `prepare_kind` (the openings), `parameters`, `tile_move`,
//! `tile_put` (an opening is an open end), `offer` and `act` (a token),
//! `another_action` (the follower follows), `after_scoring` (the road the
//! tunnel completed), `relink` (a rebuilt road keeps its openings and
//! tunnels).

use super::module::{hooks, Capability, Host, Module, Offer, On, Setup};
use crate::emit::wire::{self, Shape};
use crate::engine::core::params::Params;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError};
use crate::engine::moves::{illegal, Flights, IllegalMove, MeepleAction};

/// The capability.
pub const NAME: &str = "tunnel";

/// The openings of each tile kind, and the tokens.
#[derive(Debug, Default)]
pub struct TunnelTable {
    /// For each kind (`KindId` order): its features that are openings.
    openings: Vec<Vec<u8>>,
    /// Some kind in play has an opening.
    any: bool,
    /// Pairs per player: with 4 or more players, with 3, with 2 (or 1).
    pairs: [u8; 3],
}

/// A token on an opening.
#[derive(Clone, Copy, Debug)]
struct Claim {
    /// The opening's node.
    node: u32,
    player: u8,
    pair: u8,
    /// Its partner is down: the tunnel is built.
    built: bool,
}

/// The openings on the board, the tokens down and left.
#[derive(Clone, Debug)]
pub struct Tunnel {
    /// Every opening's node, in placement order.
    openings: Vec<u32>,
    claims: Vec<Claim>,
    /// Tokens left: `player * pairs + pair`.
    left: Vec<u8>,
    pairs: u8,
    /// A token went down this turn.
    placed: bool,
    /// The road a tunnel built this turn joined (a node of it).
    built: Option<u32>,
}

impl Module for Tunnel {
    type Table = TunnelTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Attribute,
        meaning: "a tunnel opening at a road's end: a pair of a player's tunnel tokens on two openings joins their roads",
        parameters: &[
            ("tunnel.pairs", "pairs of tunnel tokens per player (4 or more players)"),
            ("tunnel.pairs-3-players", "pairs per player with 3 players"),
            ("tunnel.pairs-2-players", "pairs per player with 1 or 2 players"),
        ],
    };
    const HOOKS: u64 = hooks![
        prepare_kind,
        parameters,
        tile_move,
        tile_put,
        offer,
        act,
        another_action,
        relink,
        after_scoring
    ];

    fn table(
        _: &Setup<'_>,
        _: &[crate::engine::core::supplies::FigureDef],
        _: &Vocab,
    ) -> Result<TunnelTable, SetupError> {
        Ok(TunnelTable::default())
    }

    fn prepare_kind(
        table: &mut TunnelTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        kind: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let v = s.vocabulary();
        let openings: Vec<u8> = (0u8..)
            .zip(&tile.features)
            .filter(|&(i, f)| {
                let k = &kind.features[usize::from(i)];
                k.shape == Shape::Path
                    && k.sides == 1
                    && f.attributes.keys().any(|a| {
                        v.attribute(a)
                            .is_some_and(|a| a.capabilities.iter().any(|c| c == NAME))
                    })
            })
            .map(|(i, _)| i)
            .collect();
        table.any |= !openings.is_empty();
        table.openings.push(openings);
        Ok(())
    }

    fn parameters(table: &mut TunnelTable, params: &mut Params) -> Result<(), SetupError> {
        let names = [
            "tunnel.pairs",
            "tunnel.pairs-3-players",
            "tunnel.pairs-2-players",
        ];
        for (slot, name) in table.pairs.iter_mut().zip(names) {
            let v = params.require(name, table.any);
            *slot = u8::try_from(v).map_err(|_| {
                SetupError(format!(
                    "rule parameter `{name}` must be 0 to 255 pairs, not {v}"
                ))
            })?;
        }
        Ok(())
    }

    fn new(t: &TunnelTable, players: usize) -> Tunnel {
        let pairs = match players {
            0..=2 => t.pairs[2],
            3 => t.pairs[1],
            _ => t.pairs[0],
        };
        Tunnel {
            openings: Vec::new(),
            claims: Vec::new(),
            left: vec![2; players * usize::from(pairs)],
            pairs,
            placed: false,
            built: None,
        }
    }

    fn tile_move<X: Host>(&mut self, _: &TunnelTable, _: &mut Game<'_, X>) {
        self.placed = false;
        self.built = None;
    }

    fn tile_put<X: Host>(&mut self, t: &TunnelTable, game: &mut Game<'_, X>, tile: u32) {
        let placed = game.board.placed[tile as usize];
        let Some(openings) = t.openings.get(usize::from(placed.kind.0)) else {
            return;
        };
        for &f in openings {
            let node = placed.first_node + u32::from(f);
            game.features.open_more(node, 1);
            self.openings.push(node);
        }
    }

    fn offer<X: Host>(
        &self,
        _: &TunnelTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        _: Flights,
        offer: Offer,
    ) {
        if offer != Offer::Figures || self.placed {
            return;
        }
        let player = game.active;
        for pair in 0..self.pairs {
            if self.left[self.index(player, pair)] == 0 {
                continue;
            }
            for &node in &self.openings {
                if self.claimed(node) {
                    continue;
                }
                let at = game.board.placed[game.features.tile(node) as usize];
                out.push(MeepleAction::Tunnel {
                    x: at.x,
                    y: at.y,
                    feature: game.features.feature(node),
                    pair,
                });
            }
        }
    }

    fn act<X: Host>(
        &mut self,
        _: &TunnelTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> Option<Result<(), IllegalMove>> {
        let MeepleAction::Tunnel {
            x,
            y,
            feature,
            pair,
        } = *action
        else {
            return None;
        };
        Some(self.place(game, x, y, feature, pair))
    }

    fn another_action<X: Host>(
        &mut self,
        _: &TunnelTable,
        _: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> bool {
        matches!(action, MeepleAction::Tunnel { .. })
    }

    fn relink<X: Host>(&mut self, _: &TunnelTable, game: &mut Game<'_, X>, members: &[u32]) {
        for &node in &self.openings {
            if members.contains(&node) {
                game.features.open_more(node, 1);
            }
        }
        for (i, c) in self.claims.iter().enumerate() {
            if !c.built || !members.contains(&c.node) {
                continue;
            }
            // Each built pair once: from its first token's claim.
            let partner = self.claims[i + 1..]
                .iter()
                .find(|d| d.built && d.player == c.player && d.pair == c.pair);
            if let Some(d) = partner {
                game.features.join(c.node, d.node, true);
            }
        }
    }

    fn after_scoring<X: Host>(&mut self, _: &TunnelTable, game: &mut Game<'_, X>) {
        if let Some(node) = self.built {
            let root = game.features.find(node);
            if game.features.open(root) == 0 && game.features.occupants(root) > 0 {
                game.score_feature(root);
            }
        }
    }
}

impl Tunnel {
    /// A node of the road a tunnel built this turn joined, if one was.
    pub(super) fn built_this_turn(&self) -> Option<u32> {
        self.built
    }

    /// The opening a built tunnel joins opening node `node` to (another
    /// module follows a road through it: the razboynik).
    pub(super) fn through(&self, node: u32) -> Option<u32> {
        let c = self.claims.iter().find(|c| c.built && c.node == node)?;
        self.claims
            .iter()
            .find(|d| d.built && d.node != node && d.player == c.player && d.pair == c.pair)
            .map(|d| d.node)
    }

    fn index(&self, player: usize, pair: u8) -> usize {
        player * usize::from(self.pairs) + usize::from(pair)
    }

    fn claimed(&self, node: u32) -> bool {
        self.claims.iter().any(|c| c.node == node)
    }

    /// Checks and performs a token on the opening `feature` of the tile at
    /// (x, y).
    fn place<X: Host>(
        &mut self,
        game: &mut Game<'_, X>,
        x: i32,
        y: i32,
        feature: u8,
        pair: u8,
    ) -> Result<(), IllegalMove> {
        if self.placed {
            return illegal("a player puts down one tunnel token a turn");
        }
        let player = game.active;
        if pair >= self.pairs {
            return illegal(format!(
                "the player has {} pair{} of tunnel tokens, not a pair {}",
                self.pairs,
                if self.pairs == 1 { "" } else { "s" },
                u32::from(pair) + 1
            ));
        }
        let i = self.index(player, pair);
        if self.left[i] == 0 {
            return illegal(format!(
                "both tokens of the player's tunnel pair {} are down",
                u32::from(pair) + 1
            ));
        }
        let Some(tile) = game.board.tile_at(x, y) else {
            return illegal(format!("no tile at ({x}, {y})"));
        };
        let node = game.board.placed[tile as usize].first_node + u32::from(feature);
        if !self.openings.contains(&node) {
            return illegal(format!(
                "the feature is no tunnel opening of the tile at ({x}, {y})"
            ));
        }
        if self.claimed(node) {
            return illegal(format!(
                "the tunnel opening at ({x}, {y}) holds a token already"
            ));
        }
        let player = u8::try_from(player).unwrap_or(u8::MAX);
        let partner = self
            .claims
            .iter_mut()
            .find(|c| c.player == player && c.pair == pair && !c.built);
        let built = if let Some(c) = partner {
            c.built = true;
            game.features.join(node, c.node, true);
            self.built = Some(node);
            true
        } else {
            false
        };
        self.claims.push(Claim {
            node,
            player,
            pair,
            built,
        });
        self.left[i] -= 1;
        self.placed = true;
        Ok(())
    }
}
