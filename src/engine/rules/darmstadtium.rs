//! The Darmstadtium (`capability darmstadtium` on an attribute of a city,
//! the Darmstadt promo). When a city carrying it (on any of its pieces) is
//! completed and scored, each majority player scores `darmstadtium.bonus`
//! (3) more, right after the city's points: tied majorities all score it.
//! A city unfinished at game end earns nothing from it.
//!
//! Hooks: `parameters`, `scored`.

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, Scored, SetupError};
use crate::engine::events::{Event, Reason, Source};

/// The capability.
pub const NAME: &str = "darmstadtium";

/// Which attributes are the Darmstadtium, and its bonus.
#[derive(Debug)]
pub struct DarmstadtiumTable {
    /// One bit per vocabulary attribute.
    marks: u64,
    /// `darmstadtium.bonus`.
    bonus: i64,
}

/// The Darmstadtium keeps no state of its own.
#[derive(Clone, Debug)]
pub struct Darmstadtium;

impl Module for Darmstadtium {
    type Table = DarmstadtiumTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Attribute,
        meaning: "the Darmstadtium in a city: its majority scores more when the city is completed",
        parameters: &[(
            "darmstadtium.bonus",
            "points more for each majority player of a completed city with the Darmstadtium",
        )],
    };
    const HOOKS: u64 = hooks![parameters, scored];

    fn table(
        s: &Setup<'_>,
        _: &[FigureDef],
        vocab: &Vocab,
    ) -> Result<DarmstadtiumTable, SetupError> {
        let mut marks = 0u64;
        for a in &s.vocabulary().attributes {
            if a.capabilities.iter().any(|c| c == NAME) {
                if let Some(i) = vocab.attribute(&a.id) {
                    marks |= 1 << i;
                }
            }
        }
        Ok(DarmstadtiumTable { marks, bonus: 0 })
    }

    fn parameters(table: &mut DarmstadtiumTable, params: &mut Params) -> Result<(), SetupError> {
        table.bonus = params.require("darmstadtium.bonus", true);
        Ok(())
    }

    fn new(_: &DarmstadtiumTable, _: usize) -> Darmstadtium {
        Darmstadtium
    }

    fn scored<X: Host>(
        &mut self,
        t: &DarmstadtiumTable,
        game: &mut Game<'_, X>,
        scored: &Scored<'_>,
    ) {
        let Some(Event {
            reason: Reason::Network { complete: true, .. },
            ..
        }) = scored.event
        else {
            return;
        };
        if t.bonus == 0 || game.survey(scored.root).1 & t.marks == 0 {
            return;
        }
        let turn = game.event_turn();
        for player in 0..game.players {
            if scored.winners & (1 << player) != 0 {
                game.award(Event {
                    turn,
                    player,
                    points: t.bonus,
                    source: Source::City,
                    reason: Reason::Darmstadtium,
                });
            }
        }
    }
}
