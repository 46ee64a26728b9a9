//! Volcanoes (`capability volcano` on a kind). The dragon is a neutral
//! piece this module keeps: off the board until a volcano tile is placed,
//! then on that tile, and on each later volcano tile placed. No figure may be
//! placed on the tile where the dragon stands (a volcano tile takes none the
//! turn it is placed); figures placed elsewhere (a tower floor, a follower on
//! a tower) are not concerned. The dragon's moves are `dragon`'s.
//!
//! Hooks: `prepare_kind`, `tile_put` (the dragon goes to a volcano),
//! `blocks_figures` (the dragon's tile takes no figure).

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::emit::wire;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError};

/// The capability.
pub const NAME: &str = "volcano";

/// Which tile kinds have a volcano.
#[derive(Debug)]
pub struct VolcanoTable {
    /// For each kind: it shows a volcano.
    volcano: Vec<bool>,
    /// The kinds that show one.
    kinds: Vec<usize>,
}

impl VolcanoTable {
    /// The tile kinds that show a volcano.
    pub(super) fn volcano_kinds(&self) -> &[usize] {
        &self.kinds
    }
}

/// Where the dragon stands.
#[derive(Clone, Debug)]
pub struct Volcano {
    /// The placed tile the dragon stands on, once a volcano was placed.
    pub(in crate::engine) dragon: Option<u32>,
}

impl Module for Volcano {
    type Table = VolcanoTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a volcano: the dragon moves onto its tile when it is placed; no figure is placed on the dragon's tile",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![prepare_kind, tile_put, blocks_figures];
    const PREVIEWED: bool = true;

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<VolcanoTable, SetupError> {
        Ok(VolcanoTable {
            volcano: Vec::new(),
            kinds: Vec::new(),
        })
    }

    fn prepare_kind(
        table: &mut VolcanoTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let has = tile.features.iter().any(|f| s.kind_has(&f.kind, NAME));
        if has {
            table.kinds.push(table.volcano.len());
        }
        table.volcano.push(has);
        Ok(())
    }

    fn new(_: &VolcanoTable, _: usize) -> Volcano {
        Volcano { dragon: None }
    }

    fn tile_put<X: Host>(&mut self, t: &VolcanoTable, game: &mut Game<'_, X>, tile: u32) {
        let kind = game.board.placed[tile as usize].kind;
        if t.volcano.get(usize::from(kind.0)).copied().unwrap_or(false) {
            self.dragon = Some(tile);
        }
    }

    fn blocks_figures<X: Host>(&self, _: &VolcanoTable, _: &Game<'_, X>, tile: u32) -> bool {
        self.dragon == Some(tile)
    }
}

impl Game<'_, super::InPlay> {
    /// Where the dragon stands: (x, y), once a volcano was placed.
    #[must_use]
    pub fn dragon_at(&self) -> Option<(i32, i32)> {
        if !self.x.any {
            return None;
        }
        let tile = self.x.module::<Volcano>()?.dragon?;
        let p = self.board.placed[tile as usize];
        Some((p.x, p.y))
    }
}
