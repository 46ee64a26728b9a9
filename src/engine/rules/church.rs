//! Churches (`capability church` on an attribute of a cloister, the
//! Darmstadt promo). A church is a cloister; when the tile just placed
//! fills the square around one (held or not), the players with the most
//! followers on the church's tile and the 8 around it each score
//! `church.bonus` (3), after the turn's features are scored. The followers
//! are counted as they stood before that scoring took any home (the
//! church's own and those of a road or city completed with it count), one
//! each whatever its weight; figures that are not followers (builder, pig,
//! barn, shepherd, fairy) do not count. Nothing in final scoring.
//!
//! Hooks: `prepare_kind` (which tiles show a church), `parameters`,
//! `before_scoring` (the count), `after_scoring` (the award).

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::emit::wire;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError};
use crate::engine::events::{Event, Reason, Source};

/// The capability.
pub const NAME: &str = "church";

/// Which tile kinds show a church, and what the majority around one earns.
#[derive(Debug)]
pub struct ChurchTable {
    /// For each kind: it shows a church.
    church: Vec<bool>,
    /// `church.bonus`.
    bonus: i64,
}

/// The awards counted before this turn's scoring: (player, church tile,
/// followers around it).
#[derive(Clone, Debug)]
pub struct Church {
    due: Vec<(usize, u32, u32)>,
    /// Followers per player around one church (a buffer).
    counts: Vec<u32>,
}

impl Module for Church {
    type Table = ChurchTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Attribute,
        meaning: "a church (a cloister): when completed, the most followers around it score more",
        parameters: &[(
            "church.bonus",
            "points for each player with the most followers on a completed church's tile and the 8 around it",
        )],
    };
    const HOOKS: u64 = hooks![prepare_kind, parameters, before_scoring, after_scoring];

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<ChurchTable, SetupError> {
        Ok(ChurchTable {
            church: Vec::new(),
            bonus: 0,
        })
    }

    fn prepare_kind(
        table: &mut ChurchTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let v = s.vocabulary();
        let has = tile.features.iter().any(|f| {
            f.attributes.keys().any(|a| {
                v.attribute(a)
                    .is_some_and(|a| a.capabilities.iter().any(|c| c == NAME))
            })
        });
        table.church.push(has);
        Ok(())
    }

    fn parameters(table: &mut ChurchTable, params: &mut Params) -> Result<(), SetupError> {
        table.bonus = params.require("church.bonus", true);
        Ok(())
    }

    fn new(_: &ChurchTable, players: usize) -> Church {
        Church {
            due: Vec::new(),
            counts: vec![0; players],
        }
    }

    fn copy_from(&mut self, other: &Church) {
        self.due.clone_from(&other.due);
        self.counts.clone_from(&other.counts);
    }

    fn before_scoring<X: Host>(&mut self, t: &ChurchTable, game: &mut Game<'_, X>) {
        self.due.clear();
        if t.bonus == 0 {
            return;
        }
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
                let kind = game.board.placed[tile as usize].kind;
                if !t.church.get(usize::from(kind.0)).copied().unwrap_or(false) {
                    continue;
                }
                self.count(game, x, y);
                let best = self.counts.iter().copied().max().unwrap_or(0);
                if best == 0 {
                    continue;
                }
                for (player, &n) in self.counts.iter().enumerate() {
                    if n == best {
                        self.due.push((player, tile, n));
                    }
                }
            }
        }
    }

    fn after_scoring<X: Host>(&mut self, t: &ChurchTable, game: &mut Game<'_, X>) {
        let turn = game.event_turn();
        for (player, tile, followers) in std::mem::take(&mut self.due) {
            let at = game.board.placed[tile as usize];
            game.award(Event {
                turn,
                player,
                points: t.bonus,
                source: Source::Cloister,
                reason: Reason::Church {
                    followers,
                    x: at.x,
                    y: at.y,
                },
            });
        }
    }
}

impl Church {
    /// Counts each player's followers on the 3×3 square centred on (x, y).
    fn count<X: Host>(&mut self, game: &Game<'_, X>, x: i32, y: i32) {
        self.counts.fill(0);
        for s in &game.standing {
            if !game.rules.figures[usize::from(s.figure.0)].follower {
                continue;
            }
            let at = game.board.placed[s.tile as usize];
            if (at.x - x).abs() <= 1 && (at.y - y).abs() <= 1 {
                if let Some(n) = self.counts.get_mut(usize::from(s.player)) {
                    *n += 1;
                }
            }
        }
    }
}
