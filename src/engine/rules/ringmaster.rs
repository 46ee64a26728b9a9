//! The ringmaster (`capability ringmaster` on a figure): when the feature it
//! stands on is scored, its owner scores `ringmaster.bonus` for each circus
//! or acrobat tile (a kind with `big-top` or `pyramid`) on its tile and the 8
//! around it, right after the feature's points — whoever won the feature. In
//! final scoring the bonuses come last, after the acrobats, in the order the
//! ringmasters' features were scored.
//!
//! Hooks: `prepare_kind` (the bonus tiles), `parameters`, `scored`,
//! `final_last`.

use super::module::{hooks, Capability, Host, Module, On, Setup};
use super::{big_top, pyramid};
use crate::emit::wire;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, Scored, SetupError};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::moves::Phase;

/// The capability.
pub const NAME: &str = "ringmaster";

/// Which figures are ringmasters, which tiles they count, and their bonus.
#[derive(Debug)]
pub struct RingmasterTable {
    /// One bit per `FigureId`.
    ringmasters: u32,
    /// For each kind: a circus or acrobat tile.
    counted: Vec<bool>,
    /// `ringmaster.bonus`.
    bonus: i64,
}

impl RingmasterTable {
    /// True when a figure earns the bonus.
    pub(in crate::engine) fn is_ringmaster(&self, figure: crate::engine::ids::FigureId) -> bool {
        self.ringmasters & (1 << figure.0) != 0
    }
}

/// The bonuses final scoring keeps for its end: (player, tile).
#[derive(Clone, Debug)]
pub struct Ringmaster {
    deferred: Vec<(usize, u32)>,
}

impl Module for Ringmaster {
    type Table = RingmasterTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Figure,
        meaning: "a figure whose owner scores more per circus or acrobat tile around it when its feature is scored",
        parameters: &[(
            "ringmaster.bonus",
            "points per circus or acrobat tile around a scored ringmaster",
        )],
    };
    const HOOKS: u64 = hooks![prepare_kind, parameters, scored, final_last];
    const PREVIEWED: bool = true;

    /// Any figure in play that declares it, placed by players or not.
    fn in_play(s: &Setup<'_>) -> bool {
        s.figures_declare(NAME)
    }

    fn table(
        _: &Setup<'_>,
        figures: &[FigureDef],
        _: &Vocab,
    ) -> Result<RingmasterTable, SetupError> {
        let ringmasters = (0..figures.len())
            .filter(|&i| figures[i].has(NAME))
            .fold(0u32, |m, i| m | 1 << i);
        Ok(RingmasterTable {
            ringmasters,
            counted: Vec::new(),
            bonus: 0,
        })
    }

    fn prepare_kind(
        table: &mut RingmasterTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let counted = tile
            .features
            .iter()
            .any(|f| s.kind_has(&f.kind, big_top::NAME) || s.kind_has(&f.kind, pyramid::NAME));
        table.counted.push(counted);
        Ok(())
    }

    fn parameters(table: &mut RingmasterTable, params: &mut Params) -> Result<(), SetupError> {
        table.bonus = params.require("ringmaster.bonus", true);
        Ok(())
    }

    fn new(_: &RingmasterTable, _: usize) -> Ringmaster {
        Ringmaster {
            deferred: Vec::new(),
        }
    }

    fn copy_from(&mut self, other: &Ringmaster) {
        self.deferred.clone_from(&other.deferred);
    }

    fn scored<X: Host>(
        &mut self,
        t: &RingmasterTable,
        game: &mut Game<'_, X>,
        scored: &Scored<'_>,
    ) {
        // A feature no one scores (a tower, a kind without `score`) earns no
        // bonus: the bonus follows the points of a road, city, cloister or field.
        if scored.winners == 0 {
            return;
        }
        // The figures were taken last-placed first: bonuses follow placement order.
        for s in scored.returned.iter().rev() {
            if !t.is_ringmaster(s.figure) {
                continue;
            }
            let player = usize::from(s.player);
            if game.phase == Phase::Over {
                self.deferred.push((player, s.tile));
            } else {
                bonus(t, game, player, s.tile);
            }
        }
    }

    fn final_last<X: Host>(&mut self, t: &RingmasterTable, game: &mut Game<'_, X>) {
        for (player, tile) in std::mem::take(&mut self.deferred) {
            bonus(t, game, player, tile);
        }
    }
}

/// Awards a ringmaster's bonus: circus and acrobat tiles around its tile.
fn bonus<X: Host>(t: &RingmasterTable, game: &mut Game<'_, X>, player: usize, tile: u32) {
    game.scoring_at(tile);
    let at = game.board.placed[tile as usize];
    let mut tiles = 0;
    for dy in -1..=1 {
        for dx in -1..=1 {
            if let Some(u) = game.board.tile_at(at.x + dx, at.y + dy) {
                let kind = game.board.placed[u as usize].kind;
                tiles += u32::from(t.counted[usize::from(kind.0)]);
            }
        }
    }
    let turn = game.event_turn();
    game.award(Event {
        turn,
        player,
        points: i64::from(tiles).saturating_mul(t.bonus),
        source: Source::Ringmaster,
        reason: Reason::Ringmaster {
            tiles,
            x: at.x,
            y: at.y,
        },
    });
}
