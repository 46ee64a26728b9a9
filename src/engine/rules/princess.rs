//! The princess (`capability princess` on an attribute of a city piece).
//! A player who places a tile whose city piece carries the princess may,
//! instead of any other figure action, send one knight of that city home:
//! any player's follower on the city the piece is part of once the tile is
//! placed (the player's own included). Companions (a builder) are not
//! knights; a companion whose owner loses their last follower on the city
//! goes home with it (the core's companions).
//!
//! Hooks: `prepare_kind` (the princess pieces), `offer` (instead of a
//! figure), `act`.

use super::module::{hooks, Capability, Host, Module, Offer, On, Setup};
use crate::emit::wire;
use crate::engine::core::game::Standing;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError, Spot};
use crate::engine::moves::{illegal, Capture, Flights, IllegalMove, MeepleAction};

/// The capability.
pub const NAME: &str = "princess";

/// The features of each tile kind that carry the princess, one bit each.
#[derive(Debug)]
pub struct PrincessTable {
    pieces: Vec<u64>,
}

/// Knights the princess sent home so far.
#[derive(Clone, Debug)]
pub struct Princess {
    sent: u32,
}

impl Module for Princess {
    type Table = PrincessTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Attribute,
        meaning: "the princess on a city piece: instead of a figure, whoever places it sends a knight of that city home",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![prepare_kind, offer, act];

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<PrincessTable, SetupError> {
        Ok(PrincessTable { pieces: Vec::new() })
    }

    fn prepare_kind(
        table: &mut PrincessTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let v = s.vocabulary();
        let mut bits = 0u64;
        for (i, f) in tile.features.iter().enumerate().take(64) {
            let princess = f.attributes.keys().any(|a| {
                v.attribute(a)
                    .is_some_and(|a| a.capabilities.iter().any(|c| c == NAME))
            });
            if princess {
                bits |= 1 << i;
            }
        }
        table.pieces.push(bits);
        Ok(())
    }

    fn new(_: &PrincessTable, _: usize) -> Princess {
        Princess { sent: 0 }
    }

    fn offer<X: Host>(
        &self,
        t: &PrincessTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        _: Flights,
        offer: Offer,
    ) {
        if offer != Offer::Instead {
            return;
        }
        // Most tiles carry no princess: nothing to scan then.
        if princess_bits(t, game) == 0 {
            return;
        }
        let from = out.len();
        for s in &game.standing {
            if let Some(c) = knight(t, game, s) {
                if !out[from..].contains(&MeepleAction::Princess(c)) {
                    out.push(MeepleAction::Princess(c));
                }
            }
        }
    }

    fn act<X: Host>(
        &mut self,
        t: &PrincessTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> Option<Result<(), IllegalMove>> {
        let MeepleAction::Princess(c) = *action else {
            return None;
        };
        let done = send_home(t, game, c);
        self.sent += u32::from(done.is_ok());
        Some(done)
    }
}

/// The root of the city feature `f` of the tile just placed is part of,
/// when the piece carries the princess.
fn princess_root<X: Host>(t: &PrincessTable, game: &Game<'_, X>, node: u32) -> bool {
    let mut bits = princess_bits(t, game);
    if bits == 0 {
        return false;
    }
    let first = game.board.placed[game.current as usize].first_node;
    let root = game.features.root(node);
    while bits != 0 {
        if game.features.root(first + bits.trailing_zeros()) == root {
            return true;
        }
        bits &= bits - 1;
    }
    false
}

/// The princess pieces of the tile just placed, one bit per feature.
fn princess_bits<X: Host>(t: &PrincessTable, game: &Game<'_, X>) -> u64 {
    game.board
        .placed
        .get(game.current as usize)
        .and_then(|placed| t.pieces.get(usize::from(placed.kind.0)))
        .copied()
        .unwrap_or(0)
}

/// Standing figure `s` as a knight the princess of the tile just placed
/// may send home.
fn knight<X: Host>(t: &PrincessTable, game: &Game<'_, X>, s: &Standing) -> Option<Capture> {
    let Spot::Node(n) = s.spot else {
        return None;
    };
    if !game.rules.figures[usize::from(s.figure.0)].follower_piece() || !princess_root(t, game, n) {
        return None;
    }
    let p = game.board.placed[s.tile as usize];
    Some(Capture {
        x: p.x,
        y: p.y,
        player: s.player,
        figure: s.figure,
        feature: u8::try_from(n - p.first_node).ok()?,
    })
}

/// Checks and performs the princess's action.
fn send_home<X: Host>(
    t: &PrincessTable,
    game: &mut Game<'_, X>,
    c: Capture,
) -> Result<(), IllegalMove> {
    let found = game
        .standing
        .iter()
        .position(|s| knight(t, game, s).is_some_and(|k| k == c));
    let Some(index) = found else {
        return illegal(format!(
            "player {} has no {} on that feature at ({}, {}) that the princess of the tile just placed could send home: only a knight of her city",
            c.player,
            game.rules.figure_id(c.figure),
            c.x,
            c.y
        ));
    };
    let s = game.return_figure(index);
    if let Spot::Node(n) = s.spot {
        let root = game.features.find(n);
        game.release_companions(usize::from(s.player), root);
    }
    Ok(())
}

impl Game<'_, super::InPlay> {
    /// Knights the princess sent home so far.
    #[must_use]
    pub fn princess_removals(&self) -> u32 {
        if !self.x.any {
            return 0;
        }
        self.x.module::<Princess>().map_or(0, |p| p.sent)
    }
}
