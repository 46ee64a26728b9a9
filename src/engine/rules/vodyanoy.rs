//! The Vodyanoy (`capability vodyanoy` on a spot kind), a water spirit that
//! traps followers. No figure is placed on a Vodyanoy's tile. When its tile
//! is placed, every follower on the 8 tiles around it (orthogonal and
//! diagonal) is trapped: taken off the board, to neither supply nor a
//! feature; so is every follower that comes to stand on one of those tiles
//! later (checked after the tile is placed and again after the figure
//! action, before anything is scored), an abbot and an acrobat too (they
//! stand on the tile off its features), not a castle's lord. Only followers
//! are trapped (not the
//! builder, the pig or other companions, a barn or a shepherd, nor neutral
//! figures); a companion
//! whose owner loses their last follower on its feature goes home with it
//! (the core's companions). Instead of a figure action, a player may take one
//! of their own trapped followers back to supply (`vodyanoy`'s figure
//! action, any turn). At game end each follower still trapped scores
//! `vodyanoy.trapped` (-2) for its owner, then goes home. Trapped followers
//! are held by the module, counted neither in supply nor on the board.
//!
//! The module keeps the trap for every trapping rule: Solovei Razboynik
//! (`razboynik.rs`, after it in the registry) hands the followers it traps
//! to [`Vodyanoy::hold`], so they are freed by the same figure action and
//! cost the same `vodyanoy.trapped` at game end (the published rules give
//! both traps these two rules). Each follower remembers the trap that holds
//! it, for the final scoring's lines; freeing takes the one of that figure
//! kind trapped first, whichever trap holds it.
//!
//! Hooks: `parameters`, `placed` (a new Vodyanoy, and the tile around one),
//! `blocks_figures`, `offer` and `act` (the release), `before_scoring`
//! (followers placed around one), `final_last` (the trapped followers).

use super::castle;
use super::module::{hooks, Capability, Host, Module, Offer, On, Setup};
use super::pyramid::{self, Pyramid};
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError, Spot};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::ids::{FeatureKindId, FigureId};
use crate::engine::moves::{illegal, Flights, IllegalMove, MeepleAction};

/// The capability.
pub const NAME: &str = "vodyanoy";

/// Which kinds are a Vodyanoy, and what a trapped follower costs.
#[derive(Debug)]
pub struct VodyanoyTable {
    /// One bit per vocabulary kind.
    ponds: u64,
    /// `vodyanoy.trapped`: each follower still trapped at game end.
    trapped: i64,
}

/// A trapped follower: its owner, its figure kind, and the trap holding it
/// (the placed tile and its trap's kind: a Vodyanoy or another trap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Captive {
    /// Its owner.
    pub player: u8,
    /// Its figure kind.
    pub figure: FigureId,
    /// The placed tile of the trap holding it.
    pub tile: u32,
    /// The trap's kind (vocabulary index).
    pub kind: u8,
}

/// The Vodyanoys on the board and the followers trapped.
#[derive(Clone, Debug)]
pub struct Vodyanoy {
    /// Placed tiles with a Vodyanoy, and its kind.
    ponds: Vec<(u32, u8)>,
    /// Trapped followers, in the order trapped (by any trap).
    trapped: Vec<Captive>,
    /// Followers trapped so far.
    caught: u32,
    /// Followers released so far.
    released: u32,
}

impl Module for Vodyanoy {
    type Table = VodyanoyTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "the Vodyanoy: followers on the 8 tiles around it are trapped (a player may free one instead of a figure action); each still trapped scores at game end",
        parameters: &[(
            "vodyanoy.trapped",
            "points at game end per follower still trapped (negative)",
        )],
    };
    const HOOKS: u64 = hooks![
        parameters,
        placed,
        blocks_figures,
        offer,
        act,
        before_scoring,
        final_last
    ];

    fn table(s: &Setup<'_>, _: &[FigureDef], vocab: &Vocab) -> Result<VodyanoyTable, SetupError> {
        let mut ponds = 0u64;
        for k in &s.vocabulary().kinds {
            if k.capabilities.iter().any(|c| c == NAME) {
                if let Some(i) = vocab.kind(&k.id) {
                    ponds |= 1 << i;
                }
            }
        }
        Ok(VodyanoyTable { ponds, trapped: 0 })
    }

    fn parameters(table: &mut VodyanoyTable, params: &mut Params) -> Result<(), SetupError> {
        table.trapped = params.require("vodyanoy.trapped", true);
        Ok(())
    }

    fn new(_: &VodyanoyTable, _: usize) -> Vodyanoy {
        Vodyanoy {
            ponds: Vec::new(),
            trapped: Vec::new(),
            caught: 0,
            released: 0,
        }
    }

    fn placed<X: Host>(&mut self, t: &VodyanoyTable, game: &mut Game<'_, X>) {
        let tile = game.current;
        let p = game.board.placed[tile as usize];
        let k = &game.rules.kinds[usize::from(p.kind.0)];
        if let Some(f) = k.features.iter().find(|f| t.ponds & (1 << f.kind) != 0) {
            self.ponds.push((tile, f.kind));
        }
        self.trap(game);
    }

    fn blocks_figures<X: Host>(&self, _: &VodyanoyTable, _: &Game<'_, X>, tile: u32) -> bool {
        self.ponds.iter().any(|&(p, _)| p == tile)
    }

    fn offer<X: Host>(
        &self,
        _: &VodyanoyTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        _: Flights,
        offer: Offer,
    ) {
        if offer != Offer::Instead {
            return;
        }
        let from = out.len();
        for c in &self.trapped {
            let action = MeepleAction::Vodyanoy(c.figure);
            if usize::from(c.player) == game.active && !out[from..].contains(&action) {
                out.push(action);
            }
        }
    }

    fn act<X: Host>(
        &mut self,
        _: &VodyanoyTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> Option<Result<(), IllegalMove>> {
        let MeepleAction::Vodyanoy(figure) = *action else {
            return None;
        };
        let found = self
            .trapped
            .iter()
            .position(|c| usize::from(c.player) == game.active && c.figure == figure);
        let Some(i) = found else {
            return Some(illegal(format!(
                "no {} of the player's is trapped, to free",
                game.rules.figure_id(figure)
            )));
        };
        self.trapped.remove(i);
        *game.supply_mut(game.active, figure) += 1;
        self.released += 1;
        Some(Ok(()))
    }

    fn before_scoring<X: Host>(&mut self, _: &VodyanoyTable, game: &mut Game<'_, X>) {
        self.trap(game);
    }

    fn final_last<X: Host>(&mut self, t: &VodyanoyTable, game: &mut Game<'_, X>) {
        if self.trapped.is_empty() {
            return;
        }
        // One line per trap (in placement order) and player.
        let mut traps: Vec<(u32, u8)> = self.trapped.iter().map(|c| (c.tile, c.kind)).collect();
        traps.sort_unstable();
        traps.dedup();
        for (tile, kind) in traps {
            for player in 0..game.players {
                let held = self
                    .trapped
                    .iter()
                    .filter(|c| usize::from(c.player) == player && c.tile == tile)
                    .count();
                if held == 0 {
                    continue;
                }
                let followers = u32::try_from(held).unwrap_or(u32::MAX);
                game.scoring_at(tile);
                let turn = game.event_turn();
                game.award(Event {
                    turn,
                    player,
                    points: t.trapped.saturating_mul(i64::from(followers)),
                    source: Source::Cloister,
                    reason: Reason::Vodyanoy {
                        kind: FeatureKindId(kind),
                        followers,
                    },
                });
            }
        }
        // Scored, the trapped followers go home like every other figure.
        for c in std::mem::take(&mut self.trapped) {
            *game.supply_mut(usize::from(c.player), c.figure) += 1;
        }
    }
}

impl Vodyanoy {
    /// Holds a follower another trap took off the board (see the header).
    pub(super) fn hold(&mut self, captive: Captive) {
        self.trapped.push(captive);
    }

    /// Traps every follower standing on a feature of a tile around a
    /// Vodyanoy.
    fn trap<X: Host>(&mut self, game: &mut Game<'_, X>) {
        if self.ponds.is_empty() {
            return;
        }
        // The squares the ponds cover with their neighbours, as a box: a
        // figure outside it is near none (most are), and is passed over
        // before the ponds are read one by one.
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for &(p, _) in &self.ponds {
            let q = game.board.placed[p as usize];
            (x0, y0) = (x0.min(q.x.saturating_sub(1)), y0.min(q.y.saturating_sub(1)));
            (x1, y1) = (x1.max(q.x.saturating_add(1)), y1.max(q.y.saturating_add(1)));
        }
        let mut i = game.standing.len();
        while i > 0 {
            i -= 1;
            let s = game.standing[i];
            // A castle's lord is not trapped (the clarification: the castle
            // shelters it); an abbot or an acrobat, standing on the tile
            // off its features, is a follower there like any other.
            if s.spot == Spot::Off(castle::SPOT) {
                continue;
            }
            let at = game.board.placed[s.tile as usize];
            if at.x < x0 || at.x > x1 || at.y < y0 || at.y > y1 {
                continue;
            }
            let near = self.ponds.iter().find(|&&(p, _)| {
                let q = game.board.placed[p as usize];
                p != s.tile && (q.x - at.x).abs() <= 1 && (q.y - at.y).abs() <= 1
            });
            let Some(&(tile, kind)) = near else {
                continue;
            };
            let def = &game.rules.figures[usize::from(s.figure.0)];
            // A follower only: not a companion, a neutral figure, nor a
            // barn or a shepherd (`follower no`).
            if def.companion || !def.plays || !def.follower {
                continue;
            }
            game.take_off(i);
            match s.spot {
                Spot::Node(n) => {
                    let root = game.features.find(n);
                    game.release_companions(usize::from(s.player), root);
                }
                Spot::Off(pyramid::SPOT) => {
                    if let Some(p) = game.x.module_mut::<Pyramid>() {
                        p.left(s.tile);
                    }
                }
                Spot::Off(_) => {}
            }
            self.trapped.push(Captive {
                player: s.player,
                figure: s.figure,
                tile,
                kind,
            });
            self.caught += 1;
            // Companions sent home shift the list: start again from its end.
            i = i.min(game.standing.len());
        }
    }
}

/// A trapped follower as a translator sees it: its owner, its figure's
/// id, and the square and kind id of the trap holding it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrappedView {
    /// Its owner.
    pub player: usize,
    /// Its figure's id (`meeple`).
    pub figure: String,
    /// The trap's square: column.
    pub x: i32,
    /// The trap's square: row.
    pub y: i32,
    /// The trap's kind id (`vodyanoy`, `razboynik`).
    pub trap: String,
}

impl Game<'_, super::InPlay> {
    /// The followers trapped now (by a Vodyanoy or any other trap), in the
    /// order trapped: the first of a figure kind is the one freed first.
    #[must_use]
    pub fn trapped(&self) -> Vec<TrappedView> {
        let Some(v) = self.x.module::<Vodyanoy>() else {
            return Vec::new();
        };
        v.trapped
            .iter()
            .map(|c| {
                let p = self.board.placed[c.tile as usize];
                TrappedView {
                    player: usize::from(c.player),
                    figure: self.rules.figure_id(c.figure).to_string(),
                    x: p.x,
                    y: p.y,
                    trap: self.rules.vocab.kinds[usize::from(c.kind)].id.clone(),
                }
            })
            .collect()
    }

    /// Followers trapped by Vodyanoys, and those freed, so far.
    #[must_use]
    pub fn vodyanoy_counts(&self) -> (u32, u32) {
        if !self.x.any {
            return (0, 0);
        }
        self.x
            .module::<Vodyanoy>()
            .map_or((0, 0), |v| (v.caught, v.released))
    }
}
