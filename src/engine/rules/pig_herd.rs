//! The pig herd (`capability pig-herd` on an attribute of a field). When a
//! field carrying a herd (on any of its pieces, however many herds) is
//! scored, each majority player scores `pig-herd.bonus` (1) more per
//! completed neighbour the field counts (a city): as if each had a pig
//! there, and on top of a pig of their own (JCloisterZone's reading: the
//! two bonuses add).
//!
//! Hooks: `parameters`, `scored`.

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, Scored, SetupError, Spot};
use crate::engine::events::{Event, Reason, Source};

/// The capability.
pub const NAME: &str = "pig-herd";

/// Which attributes are herds, and their bonus.
#[derive(Debug)]
pub struct PigHerdTable {
    /// One bit per vocabulary attribute.
    herds: u64,
    /// `pig-herd.bonus`.
    bonus: i64,
}

/// Herds keep no state of their own.
#[derive(Clone, Debug)]
pub struct PigHerd;

impl Module for PigHerd {
    type Table = PigHerdTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Attribute,
        meaning: "a pig herd in a field: its majority farmers score more per completed city, as with a pig",
        parameters: &[(
            "pig-herd.bonus",
            "points more per completed neighbour a field with a herd counts, for each majority player",
        )],
    };
    const HOOKS: u64 = hooks![parameters, scored];
    const PREVIEWED: bool = true;

    fn table(s: &Setup<'_>, _: &[FigureDef], vocab: &Vocab) -> Result<PigHerdTable, SetupError> {
        let mut herds = 0u64;
        for a in &s.vocabulary().attributes {
            if a.capabilities.iter().any(|c| c == NAME) {
                if let Some(i) = vocab.attribute(&a.id) {
                    herds |= 1 << i;
                }
            }
        }
        Ok(PigHerdTable { herds, bonus: 0 })
    }

    fn parameters(table: &mut PigHerdTable, params: &mut Params) -> Result<(), SetupError> {
        table.bonus = params.require("pig-herd.bonus", true);
        Ok(())
    }

    fn new(_: &PigHerdTable, _: usize) -> PigHerd {
        PigHerd
    }

    fn scored<X: Host>(&mut self, t: &PigHerdTable, game: &mut Game<'_, X>, scored: &Scored<'_>) {
        let Some(Event {
            reason: Reason::Farm { neighbours, .. },
            ..
        }) = scored.event
        else {
            return;
        };
        if neighbours == 0 || t.bonus == 0 {
            return;
        }
        let Some(node) = scored.returned.iter().find_map(|s| match s.spot {
            Spot::Node(n) => Some(n),
            Spot::Off(_) => None,
        }) else {
            return;
        };
        let root = game.features.find(node);
        if game.survey(root).1 & t.herds == 0 {
            return;
        }
        let turn = game.event_turn();
        for player in 0..game.players {
            if scored.winners & (1 << player) != 0 {
                game.award(Event {
                    turn,
                    player,
                    points: i64::from(neighbours).saturating_mul(t.bonus),
                    source: Source::Field,
                    reason: Reason::PigHerd { neighbours },
                });
            }
        }
    }
}
