//! The mayor (`capability mayor` on a figure, which `stands-on city`): a
//! follower whose weight in the majority of its feature is the number of
//! units of the kind's counted attribute there — a city's pennants — when the
//! feature is scored: 0 in a city without a pennant (it then wins nothing,
//! though it still stands there and returns with the others). Everywhere
//! else it is a follower like any other: the big top counts it once, and as
//! a flier it lands only where its `stands-on` lets it (an unfinished city),
//! else it goes home.
//!
//! Hooks: `prepare_figures` (its strength is ruled), `strength`.

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError};
use crate::engine::ids::FigureId;

/// The capability.
pub const NAME: &str = "mayor";

/// Which figures are mayors.
#[derive(Debug)]
pub struct MayorTable {
    /// One bit per `FigureId`.
    mayors: u32,
}

/// Mayors keep no state of their own.
#[derive(Clone, Debug)]
pub struct Mayor;

impl Module for Mayor {
    type Table = MayorTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Figure,
        meaning: "a follower that weighs as many as the pennants (units of the kind's counted attribute) of its feature",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![prepare_figures, strength];

    fn prepare_figures(_: &Setup<'_>, figures: &mut [FigureDef]) {
        for f in figures.iter_mut().filter(|f| f.has(NAME)) {
            f.ruled_strength = true;
        }
    }

    fn table(_: &Setup<'_>, figures: &[FigureDef], _: &Vocab) -> Result<MayorTable, SetupError> {
        let mayors = (0..figures.len())
            .filter(|&i| figures[i].has(NAME))
            .fold(0u32, |m, i| m | 1 << i);
        Ok(MayorTable { mayors })
    }

    fn new(_: &MayorTable, _: usize) -> Mayor {
        Mayor
    }

    fn strength<X: Host>(
        &mut self,
        t: &MayorTable,
        game: &mut Game<'_, X>,
        root: Option<u32>,
        figure: FigureId,
    ) -> Option<u32> {
        if t.mayors & (1 << figure.0) == 0 {
            return None;
        }
        // A castle is no city: its lord, a mayor, has no pennants to weigh.
        let Some(root) = root else {
            return Some(0);
        };
        let kind = game.features.kind(root);
        let Some(counted) = game.rules.vocab.kinds[usize::from(kind)].units else {
            return Some(0);
        };
        game.survey(root);
        let units = game.units[usize::from(counted)];
        Some(u32::try_from(units).unwrap_or(u32::MAX))
    }
}
