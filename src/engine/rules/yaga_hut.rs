//! Baba Yaga's hut (`capability yaga-hut` on a spot kind): an anti-cloister.
//! A follower may stand on it as on a cloister (the kind's `occupy`). While
//! squares around it stay empty it is worth something at game end:
//! `yaga-hut.tile` (1) for the hut and `yaga-hut.empty` (1) for each of the 8
//! squares around it with no tile. Once all 8 squares are filled the hut is
//! complete: its figures go home and its majority scores `yaga-hut.complete`
//! (1), in the turn that filled the last square. The majority is a
//! cloister's (followers' strength, ties score in full). The hut's kind has
//! no `score` template, so the core never scores it as a cloister: a vineyard
//! or a shrine's challenge does not count it (JCloisterZone's reading: its hut
//! is a feature of its own, not a monastery).
//!
//! Hooks: `parameters`, `after_scoring` (a hut the tile surrounded),
//! `final_first` (the huts still standing).

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError, Spot, MAX_PLAYERS};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::ids::FeatureKindId;

/// The capability.
pub const NAME: &str = "yaga-hut";

/// Which kinds are huts, and what one is worth.
#[derive(Debug)]
pub struct YagaHutTable {
    /// One bit per vocabulary kind.
    huts: u64,
    /// `yaga-hut.tile`: the hut itself, at game end.
    tile: i64,
    /// `yaga-hut.empty`: each empty square around it, at game end.
    empty: i64,
    /// `yaga-hut.complete`: a hut surrounded by 8 tiles.
    complete: i64,
}

/// Huts keep no state of their own.
#[derive(Clone, Debug)]
pub struct YagaHut;

impl Module for YagaHut {
    type Table = YagaHutTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "Baba Yaga's hut, an anti-cloister: its follower scores for the empty squares around it at game end, little once surrounded",
        parameters: &[
            ("yaga-hut.tile", "points for the hut itself at game end"),
            (
                "yaga-hut.empty",
                "points at game end per empty square among the 8 around the hut",
            ),
            (
                "yaga-hut.complete",
                "points when the 8 squares around the hut are filled (its figures go home)",
            ),
        ],
    };
    const HOOKS: u64 = hooks![parameters, after_scoring, final_first];

    fn table(s: &Setup<'_>, _: &[FigureDef], vocab: &Vocab) -> Result<YagaHutTable, SetupError> {
        let mut huts = 0u64;
        for k in &s.vocabulary().kinds {
            if k.capabilities.iter().any(|c| c == NAME) {
                if let Some(i) = vocab.kind(&k.id) {
                    huts |= 1 << i;
                }
            }
        }
        Ok(YagaHutTable {
            huts,
            tile: 0,
            empty: 0,
            complete: 0,
        })
    }

    fn parameters(table: &mut YagaHutTable, params: &mut Params) -> Result<(), SetupError> {
        table.tile = params.require("yaga-hut.tile", true);
        table.empty = params.require("yaga-hut.empty", true);
        table.complete = params.require("yaga-hut.complete", true);
        Ok(())
    }

    fn new(_: &YagaHutTable, _: usize) -> YagaHut {
        YagaHut
    }

    fn after_scoring<X: Host>(&mut self, t: &YagaHutTable, game: &mut Game<'_, X>) {
        let rules = game.rules;
        let placed = game.board.placed[game.current as usize];
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (x, y) = (placed.x + dx, placed.y + dy);
                if game.board.around(x, y) < 8 {
                    continue;
                }
                let Some(tile) = game.board.tile_at(x, y) else {
                    continue;
                };
                let p = game.board.placed[tile as usize];
                let k = &rules.kinds[usize::from(p.kind.0)];
                for (f, feature) in (0u32..).zip(&k.features) {
                    let node = p.first_node + f;
                    if t.huts & (1 << feature.kind) != 0 && game.features.occupants(node) > 0 {
                        game.score_hut(t, node);
                    }
                }
            }
        }
    }

    fn final_first<X: Host>(&mut self, t: &YagaHutTable, game: &mut Game<'_, X>) {
        while let Some(node) = game.standing.iter().find_map(|s| match s.spot {
            Spot::Node(n) if t.huts & (1 << game.features.kind(n)) != 0 => Some(n),
            _ => None,
        }) {
            game.score_hut(t, node);
        }
    }
}

impl<X: Host> Game<'_, X> {
    /// Scores the hut of `node` for its majority (complete when its 8
    /// squares are filled), then sends its figures home.
    fn score_hut(&mut self, t: &YagaHutTable, node: u32) {
        let root = self.features.find(node);
        let tile = self.features.tile(root);
        let at = self.board.placed[tile as usize];
        let around = self.board.around(at.x, at.y);
        let empty = 8u8.saturating_sub(around);
        let complete = empty == 0;
        let points = if complete {
            t.complete
        } else {
            t.tile
                .saturating_add(i64::from(empty).saturating_mul(t.empty))
        };
        let mut strength = [0u32; MAX_PLAYERS];
        for i in 0..self.standing.len() {
            let s = self.standing[i];
            let Spot::Node(n) = s.spot else { continue };
            if self.features.find(n) != root {
                continue;
            }
            let def = &self.rules.figures[usize::from(s.figure.0)];
            if def.companion {
                continue;
            }
            let w = self.figure_weight(Some(root), s.figure);
            let weight = &mut strength[usize::from(s.player)];
            *weight = weight.saturating_add(w);
        }
        let best = strength.iter().copied().max().unwrap_or(0);
        if best > 0 {
            let winners = strength.iter().filter(|&&c| c == best).count();
            self.scoring_at(tile);
            let turn = self.event_turn();
            let kind = FeatureKindId(self.features.kind(root));
            for (player, &s) in strength.iter().enumerate().take(self.players) {
                if s == best {
                    self.award(Event {
                        turn,
                        player,
                        points,
                        source: Source::Cloister,
                        reason: Reason::YagaHut {
                            kind,
                            empty,
                            shared: winners > 1,
                        },
                    });
                }
            }
        }
        // The kind has no `score` template: the core only sends the figures
        // home and tells the modules.
        self.score_feature(root);
    }
}
