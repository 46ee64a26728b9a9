//! Hills (`capability hill` on a kind). A tile showing a hill is laid on
//! another tile drawn face down from the bag (while one is left): that tile
//! is out of the game, never revealed, so the bag simply holds one tile
//! fewer to draw (the core's [`Game::face_down`]). When the players who
//! share the most strength on a feature being scored are tied, those of them
//! with a follower on a hill tile in it win the tie alone; if none or all of
//! them have one, the tie stands. Companions (figures that weigh nothing)
//! break no tie.
//!
//! Hooks: `prepare_kind` (which tiles show a hill), `placed` (a tile goes
//! face down under it), `break_ties`.

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::emit::wire;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError, Standing};

/// The capability.
pub const NAME: &str = "hill";

/// Which tile kinds show a hill.
#[derive(Debug)]
pub struct HillTable {
    /// For each kind: it shows a hill.
    hill: Vec<bool>,
}

impl HillTable {
    /// True when placed tile kind `kind` shows a hill.
    fn shows(&self, kind: usize) -> bool {
        self.hill.get(kind).copied().unwrap_or(false)
    }
}

/// How many ties hills broke (the face-down tiles are the core's).
#[derive(Clone, Debug)]
pub struct Hill {
    /// Ties broken so far.
    broken: u32,
}

impl Module for Hill {
    type Table = HillTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a hill: the tile lies on one drawn face down from the bag; a tied player with a follower on a hill tile of the feature wins the tie alone",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![prepare_kind, placed, break_ties];

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<HillTable, SetupError> {
        Ok(HillTable { hill: Vec::new() })
    }

    fn prepare_kind(
        table: &mut HillTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let has = tile.features.iter().any(|f| s.kind_has(&f.kind, NAME));
        table.hill.push(has);
        Ok(())
    }

    fn new(_: &HillTable, _: usize) -> Hill {
        Hill { broken: 0 }
    }

    fn placed<X: Host>(&mut self, t: &HillTable, game: &mut Game<'_, X>) {
        let kind = game.board.placed[game.current as usize].kind;
        if t.shows(usize::from(kind.0)) {
            game.lay_face_down();
        }
    }

    fn break_ties<X: Host>(
        &mut self,
        t: &HillTable,
        game: &mut Game<'_, X>,
        returned: &[Standing],
        strength: &mut [u32],
    ) {
        let best = strength.iter().copied().max().unwrap_or(0);
        let mut on_hill = 0u32;
        for s in returned {
            let player = usize::from(s.player);
            let figure = &game.rules.figures[usize::from(s.figure.0)];
            let kind = game.board.placed[s.tile as usize].kind;
            if strength.get(player) == Some(&best)
                && !figure.companion
                && t.shows(usize::from(kind.0))
            {
                on_hill |= 1 << player;
            }
        }
        let tied = (0..strength.len())
            .filter(|&p| strength[p] == best)
            .fold(0u32, |m, p| m | 1 << p);
        if on_hill == 0 || on_hill == tied {
            return;
        }
        self.broken += 1;
        for (p, s) in strength.iter_mut().enumerate() {
            if *s == best && on_hill & (1 << p) == 0 {
                *s = best - 1;
            }
        }
    }
}

impl Game<'_, super::InPlay> {
    /// Ties hills broke so far.
    #[must_use]
    pub fn hill_ties(&self) -> u32 {
        if !self.x.any {
            return 0;
        }
        self.x.module::<Hill>().map_or(0, |h| h.broken)
    }
}
