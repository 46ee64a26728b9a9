//! The Wind Roses (`capability wind-rose` on two spot kinds). A compass rose
//! (a kind with the capability and no arrow) divides the board into four
//! quarters around its square, seen with the tile's own rotation: the last
//! one placed (the start tile, then the blue rose when it comes) is the one
//! that counts. A wind rose (a kind with the capability and an arrow to
//! a quarter: NE, SE, SW or NW) placed in the quarter its arrow names scores
//! `wind-rose.points` for the player who placed it; the compass rose's row
//! and column belong to the quarters on both sides. The wind rose tile's
//! own rotation changes nothing: its arrow names a quarter of the compass.
//!
//! Hooks: `prepare_kind` (the roses), `parameters`, `tile_put` (a compass
//! rose is placed, the start tile too), `placed` (a wind rose scores).

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::emit::wire;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError};
use crate::engine::events::{Event, Reason, Source};
use crate::geometry::Dir;

/// The capability.
pub const NAME: &str = "wind-rose";

/// What a tile kind shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rose {
    /// Nothing of the Wind Roses.
    None,
    /// A compass rose.
    Compass,
    /// A wind rose pointing to a quarter: 0 NE, 1 SE, 2 SW, 3 NW (clockwise).
    Quarter(u8),
}

/// Each tile kind's rose and the points.
#[derive(Debug)]
pub struct WindRoseTable {
    roses: Vec<Rose>,
    /// `wind-rose.points`.
    points: i64,
}

/// Where the compass rose that counts lies.
#[derive(Clone, Debug, Default)]
pub struct WindRose {
    /// Its square and rotation.
    compass: Option<(i32, i32, u8)>,
    /// Wind roses placed in their quarter so far.
    scored: u32,
}

impl Module for WindRose {
    type Table = WindRoseTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a wind rose scores when its tile is placed in the quarter of the board its arrow names, around the compass rose placed last",
        parameters: &[(
            "wind-rose.points",
            "points for placing a wind rose in the quarter its arrow names",
        )],
    };
    const HOOKS: u64 = hooks![prepare_kind, parameters, tile_put, placed];
    const PREVIEWED: bool = true;

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<WindRoseTable, SetupError> {
        Ok(WindRoseTable {
            roses: Vec::new(),
            points: 0,
        })
    }

    fn prepare_kind(
        table: &mut WindRoseTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let rose = match s.sole_feature(tile, NAME, "wind or compass roses")? {
            None => Rose::None,
            Some((_, f)) => match f.direction {
                None => Rose::Compass,
                Some(Dir::NE) => Rose::Quarter(0),
                Some(Dir::SE) => Rose::Quarter(1),
                Some(Dir::SW) => Rose::Quarter(2),
                Some(Dir::NW) => Rose::Quarter(3),
                Some(d) => {
                    return Err(SetupError(format!(
                        "tile `{}`: the {} points {d:?}, not to a quarter (NE, SE, SW or NW)",
                        tile.id, f.kind
                    )))
                }
            },
        };
        table.roses.push(rose);
        Ok(())
    }

    fn parameters(table: &mut WindRoseTable, params: &mut Params) -> Result<(), SetupError> {
        table.points = params.require("wind-rose.points", true);
        Ok(())
    }

    fn new(_: &WindRoseTable, _: usize) -> WindRose {
        WindRose::default()
    }

    fn tile_put<X: Host>(&mut self, t: &WindRoseTable, game: &mut Game<'_, X>, tile: u32) {
        let p = game.board.placed[tile as usize];
        if t.roses.get(usize::from(p.kind.0)) == Some(&Rose::Compass) {
            self.compass = Some((p.x, p.y, p.rotation));
        }
    }

    fn placed<X: Host>(&mut self, t: &WindRoseTable, game: &mut Game<'_, X>) {
        let p = game.board.placed[game.current as usize];
        let Some(Rose::Quarter(q)) = t.roses.get(usize::from(p.kind.0)).copied() else {
            return;
        };
        let Some((cx, cy, r)) = self.compass else {
            return;
        };
        let (east, west, north, south) = (p.x >= cx, p.x <= cx, p.y <= cy, p.y >= cy);
        let inside = match (q + r) % 4 {
            0 => north && east,
            1 => south && east,
            2 => south && west,
            _ => north && west,
        };
        if inside && t.points != 0 {
            self.scored += 1;
            game.award(Event {
                turn: Some(game.turn),
                player: game.active,
                points: t.points,
                source: Source::WindRose,
                reason: Reason::WindRose { x: p.x, y: p.y },
            });
        }
    }
}

impl<X: Host> Game<'_, X> {
    /// Wind roses placed in their quarter so far.
    #[must_use]
    pub fn wind_roses_scored(&self) -> u32 {
        self.x.module::<WindRose>().map_or(0, |w| w.scored)
    }
}
