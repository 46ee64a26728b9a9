//! Vineyards (`capability vineyard` on a kind). When a cloister (any spot
//! scored by `neighbourhood`) is completed, each majority player scores
//! `vineyard.points` more for every tile showing a vineyard among the 8
//! around it. Only completed ones: a cloister unfinished at game end, or
//! scored when an abbot is taken back, earns nothing from its vineyards. One
//! vineyard counts for every cloister around it.
//!
//! Hooks: `prepare_kind` (which tiles show a vineyard), `parameters`,
//! `scored`.

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::emit::wire;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, Scored, SetupError};
use crate::engine::events::{Event, Reason, Source};

/// The capability.
pub const NAME: &str = "vineyard";

/// Which tile kinds show a vineyard, and what one is worth.
#[derive(Debug)]
pub struct VineyardTable {
    /// For each kind: it shows a vineyard.
    vineyard: Vec<bool>,
    /// `vineyard.points`.
    points: i64,
}

/// Vineyards keep no state of their own.
#[derive(Clone, Debug)]
pub struct Vineyard;

impl Module for Vineyard {
    type Table = VineyardTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a vineyard: a completed cloister scores more for each vineyard tile around it",
        parameters: &[(
            "vineyard.points",
            "points more for a completed cloister per vineyard tile among the 8 around it",
        )],
    };
    const HOOKS: u64 = hooks![prepare_kind, parameters, scored];
    const PREVIEWED: bool = false;

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<VineyardTable, SetupError> {
        Ok(VineyardTable {
            vineyard: Vec::new(),
            points: 0,
        })
    }

    fn prepare_kind(
        table: &mut VineyardTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let has = tile.features.iter().any(|f| s.kind_has(&f.kind, NAME));
        table.vineyard.push(has);
        Ok(())
    }

    fn parameters(table: &mut VineyardTable, params: &mut Params) -> Result<(), SetupError> {
        table.points = params.require("vineyard.points", true);
        Ok(())
    }

    fn new(_: &VineyardTable, _: usize) -> Vineyard {
        Vineyard
    }

    fn scored<X: Host>(&mut self, t: &VineyardTable, game: &mut Game<'_, X>, scored: &Scored<'_>) {
        let Some(Event {
            reason: Reason::Neighbourhood { complete: true, .. },
            ..
        }) = scored.event
        else {
            return;
        };
        let Some(first) = scored.returned.first() else {
            return;
        };
        let at = game.board.placed[first.tile as usize];
        let mut vineyards = 0u32;
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                let Some(n) = game.board.tile_at(at.x + dx, at.y + dy) else {
                    continue;
                };
                let kind = game.board.placed[n as usize].kind;
                if t.vineyard
                    .get(usize::from(kind.0))
                    .copied()
                    .unwrap_or(false)
                {
                    vineyards += 1;
                }
            }
        }
        if vineyards == 0 {
            return;
        }
        let turn = game.event_turn();
        for player in 0..game.players {
            if scored.winners & (1 << player) != 0 {
                game.award(Event {
                    turn,
                    player,
                    points: i64::from(vineyards).saturating_mul(t.points),
                    source: Source::Cloister,
                    reason: Reason::Vineyard {
                        vineyards,
                        x: at.x,
                        y: at.y,
                    },
                });
            }
        }
    }
}
