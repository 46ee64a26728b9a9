//! The pig (`capability pig` on a figure): a companion beside its owner's
//! farmer (on a farm-scored kind, or the kinds its `stands-on` names). When
//! its field is scored, each majority player with a pig on it scores
//! `pig.bonus` more per completed neighbour the field counts (a city) — once
//! per player, however many pigs they have there. The pig counts for nothing
//! in the majority.
//!
//! Hooks: `prepare_figures` and `prepare_vocab` (a companion, and where),
//! `parameters`, `scored`.

use super::builder::{make_companions, place_companions};
use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::{Scoring, Vocab};
use crate::engine::core::{Game, Scored, SetupError};
use crate::engine::events::{Event, Reason, Source};

/// The capability.
pub const NAME: &str = "pig";

/// Which figures are pigs, and their bonus.
#[derive(Debug)]
pub struct PigTable {
    /// One bit per `FigureId`.
    pigs: u32,
    /// `pig.bonus`.
    bonus: i64,
}

impl PigTable {
    /// Points more per completed neighbour.
    pub(in crate::engine) fn bonus(&self) -> i64 {
        self.bonus
    }

    /// True when a figure is a pig.
    pub(in crate::engine) fn is_pig(&self, figure: crate::engine::ids::FigureId) -> bool {
        self.pigs & (1 << figure.0) != 0
    }
}

/// Pigs keep no state of their own.
#[derive(Clone, Debug)]
pub struct Pig;

impl Module for Pig {
    type Table = PigTable;
    /// The preview lists pigs beside the player's farmers and reads their bonus
    /// from the fields (pigs score at game end only).
    const PREVIEWED: bool = true;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Figure,
        meaning: "a figure beside its owner's farmer: the field scores more per completed city for its owner",
        parameters: &[(
            "pig.bonus",
            "points more per completed neighbour the field counts, for a majority player with a pig on it",
        )],
    };
    const HOOKS: u64 = hooks![prepare_figures, prepare_vocab, parameters, scored];

    fn prepare_figures(_: &Setup<'_>, figures: &mut [FigureDef]) {
        make_companions(NAME, figures);
    }

    fn prepare_vocab(_: &Setup<'_>, figures: &[FigureDef], vocab: &mut Vocab) {
        place_companions(NAME, figures, vocab, |k| {
            matches!(k.scoring, Scoring::Farm { .. })
        });
    }

    fn table(_: &Setup<'_>, figures: &[FigureDef], _: &Vocab) -> Result<PigTable, SetupError> {
        let pigs = (0..figures.len())
            .filter(|&i| figures[i].has(NAME))
            .fold(0u32, |m, i| m | 1 << i);
        Ok(PigTable { pigs, bonus: 0 })
    }

    fn parameters(table: &mut PigTable, params: &mut Params) -> Result<(), SetupError> {
        table.bonus = params.require("pig.bonus", true);
        Ok(())
    }

    fn new(_: &PigTable, _: usize) -> Pig {
        Pig
    }

    fn scored<X: Host>(&mut self, t: &PigTable, game: &mut Game<'_, X>, scored: &Scored<'_>) {
        let Some(Event {
            reason: Reason::Farm { neighbours, .. },
            ..
        }) = scored.event
        else {
            return;
        };
        let pigs = scored
            .returned
            .iter()
            .filter(|s| t.is_pig(s.figure))
            .fold(0u32, |m, s| m | 1 << s.player);
        let turn = game.event_turn();
        for player in 0..game.players {
            if pigs & scored.winners & (1 << player) != 0 {
                game.award(Event {
                    turn,
                    player,
                    points: i64::from(neighbours).saturating_mul(t.bonus),
                    source: Source::Field,
                    reason: Reason::Pig { neighbours },
                });
            }
        }
    }
}
