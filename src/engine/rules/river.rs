//! River tiles (`capability river` on a path kind): a tile with river sides
//! must continue the river already on the board — exactly one of its river
//! sides meets a placed tile, so it extends one open end and never joins two
//! (River II's branches stay apart) — and must not turn the same way as the
//! river tile it continues (two left or two right turns in a row are a
//! U-turn). A tile's turn is read from its river sides: water enters at the
//! side that meets the river and leaves by each other river side, straight
//! on, to the right or to the left. The spring, or a tile placed with nothing
//! around it, is a source: it turns nowhere.
//!
//! `river.look-ahead` 1, an optional rule (JCloisterZone's; no published
//! rule says so): a river tile is also refused when one of the five squares
//! ahead of an open river end of it holds a tile (the two beside the next
//! square, the square after that and the two beside it), so that the river
//! can always go on. The default, 0, plays the published rules.
//!
//! Hooks: `prepare_kind` (a kind with river sides is constrained),
//! `parameters`, `refusal`, `tile_put` (where each tile met the river).

use super::module::{hooks, Capability, Host, Module, On, Refusal, Setup};
use crate::emit::wire;
use crate::engine::core::board::SIDE_STEP;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::{Kind, NONE};
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError};
use crate::engine::ids::KindId;
use crate::engine::moves::Placement;
use crate::geometry::Side;

/// The capability.
pub const NAME: &str = "river";

/// The entry of a river tile placed with no river around it (the spring).
const SOURCE: u8 = 4;

/// A turn: 0 straight on (or none), 1 right, 3 left (quarter turns clockwise).
fn turn(entry: u8, exit: u8) -> u8 {
    if entry == SOURCE {
        return 0;
    }
    // Water entering at side `entry` flows towards the opposite side.
    let flow = (entry + 2) % 4;
    (exit + 4 - flow) % 4
}

/// Refusal codes.
const UNCONNECTED: u16 = 0;
const JOINS: u16 = 1;
/// An open end with a tile ahead (`river.look-ahead`).
const HEMMED: u16 = 2;
/// Plus the turn (1 right, 3 left) of the tile it continues.
const U_TURN: u16 = 3;

fn describe(code: u16) -> String {
    match code {
        UNCONNECTED => {
            "a river tile must continue the river: none of its river sides meets it".into()
        }
        JOINS => "a river tile may not join two ends of the river".into(),
        HEMMED => "a tile lies ahead of the river's open end (`river.look-ahead` 1): beside the next square, on the square after it or beside that".into(),
        _ => {
            let word = turn_word(code - U_TURN);
            format!(
                "the river may not turn {word} twice in a row (a U-turn): the tile it continues turns {word} already"
            )
        }
    }
}

fn refuse(code: u16) -> Option<Refusal> {
    Some(Refusal { code, describe })
}

fn turn_word(t: u16) -> &'static str {
    if t == 1 {
        "right"
    } else {
        "left"
    }
}

/// The river sides of each tile kind.
#[derive(Debug)]
pub struct RiverTable {
    /// Bit per side N E S W (unrotated) where a river path meets the border.
    sides: Vec<u8>,
    /// `river.look-ahead`: the squares ahead of an open end must be empty.
    look_ahead: bool,
}

/// Where each placed tile met the river.
#[derive(Clone, Debug)]
pub struct River {
    /// For each placed tile: the board side where it met the river already
    /// placed, or [`SOURCE`].
    entry: Vec<u8>,
}

impl Module for River {
    type Table = RiverTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a river: each river tile continues the open river, never joins two of its ends, and never turns the same way as the tile before it",
        parameters: &[(
            "river.look-ahead",
            "0 (the default, the published rules): only a U-turn is refused; 1 (JCloisterZone's): also a river tile with a tile in the five squares ahead of an open river end",
        )],
    };
    const HOOKS: u64 = hooks![prepare_kind, parameters, refusal, tile_put];
    const PREVIEWED: bool = true;

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<RiverTable, SetupError> {
        Ok(RiverTable {
            sides: Vec::new(),
            look_ahead: false,
        })
    }

    fn parameters(table: &mut RiverTable, params: &mut Params) -> Result<(), SetupError> {
        let look_ahead = params.require("river.look-ahead", false);
        if !(0..=1).contains(&look_ahead) {
            return Err(SetupError(format!(
                "rule parameter `river.look-ahead` is 0 (the published rules) or 1 (JCloisterZone's look-ahead), not {look_ahead}"
            )));
        }
        table.look_ahead = look_ahead == 1;
        Ok(())
    }

    fn prepare_kind(
        table: &mut RiverTable,
        _: &Setup<'_>,
        _: &wire::Tile,
        _: usize,
        kind: &mut Kind,
        vocab: &Vocab,
    ) -> Result<(), SetupError> {
        let mut sides = 0;
        for side in Side::ALL {
            let k = kind.slot_kind[side.slots()[1].index()];
            if k != NONE && vocab.kinds[usize::from(k)].has(NAME) {
                sides |= 1 << side.index();
            }
        }
        kind.constrained |= sides != 0;
        table.sides.push(sides);
        Ok(())
    }

    fn new(_: &RiverTable, _: usize) -> River {
        River { entry: Vec::new() }
    }

    fn copy_from(&mut self, other: &River) {
        self.entry.clone_from(&other.entry);
    }

    #[inline]
    fn refusal<X: Host>(
        &self,
        t: &RiverTable,
        game: &Game<'_, X>,
        tile: KindId,
        at: Placement,
    ) -> Option<Refusal> {
        // Most kinds asked show no river: answered before the look below.
        match t.sides[usize::from(tile.0)] {
            0 => None,
            sides => self.river_refusal(t, game, board_sides(sides, at.rotation), at),
        }
    }

    fn tile_put<X: Host>(&mut self, t: &RiverTable, game: &mut Game<'_, X>, tile: u32) {
        let p = game.board.placed[tile as usize];
        let sides = board_sides(t.sides[usize::from(p.kind.0)], p.rotation);
        let met = met(game, sides, p.placement());
        let entry = if met == 0 {
            SOURCE
        } else {
            u8::try_from(met.trailing_zeros()).unwrap_or(SOURCE)
        };
        self.entry.push(entry);
    }
}

/// True when a tile lies in the five squares ahead of one of the open river
/// ends `open` of a tile at `at`: beside the next square, on the one after
/// it, or beside that.
fn hemmed<X: Host>(game: &Game<'_, X>, open: u8, at: Placement) -> bool {
    let taken = |x: i32, y: i32| game.board.tile_at(x, y).is_some();
    (0..4usize).filter(|&b| open & (1 << b) != 0).any(|b| {
        let (dx, dy) = SIDE_STEP[b];
        // Across the flow: the sides a quarter turn either way.
        let (sx, sy) = SIDE_STEP[(b + 1) % 4];
        let (nx, ny) = (at.x + dx, at.y + dy);
        let (fx, fy) = (nx + dx, ny + dy);
        taken(nx + sx, ny + sy)
            || taken(nx - sx, ny - sy)
            || taken(fx, fy)
            || taken(fx + sx, fy + sy)
            || taken(fx - sx, fy - sy)
    })
}

/// The river sides of a kind as placed with `rotation`, by board side.
fn board_sides(sides: u8, rotation: u8) -> u8 {
    let r = rotation % 4;
    ((sides << r) | (sides >> (4 - r))) & 0xf
}

/// The board sides among `sides` where a tile at `at` meets a placed tile.
fn met<X: Host>(game: &Game<'_, X>, sides: u8, at: Placement) -> u8 {
    let mut met = 0;
    for (b, &(dx, dy)) in SIDE_STEP.iter().enumerate() {
        if sides & (1 << b) != 0 && game.board.tile_at(at.x + dx, at.y + dy).is_some() {
            met |= 1 << b;
        }
    }
    met
}

impl River {
    /// [`Module::refusal`] for a tile whose river shows on board `sides`
    /// (not none) at `at`: where its river meets the river on the board, or
    /// why it may not go there.
    #[inline(never)]
    fn river_refusal<X: Host>(
        &self,
        t: &RiverTable,
        game: &Game<'_, X>,
        sides: u8,
        at: Placement,
    ) -> Option<Refusal> {
        let met = met(game, sides, at);
        match met.count_ones() {
            0 => return refuse(UNCONNECTED),
            1 => {}
            _ => return refuse(JOINS),
        }
        let entry = u8::try_from(met.trailing_zeros()).unwrap_or(0);
        if t.look_ahead && hemmed(game, sides & !met, at) {
            return refuse(HEMMED);
        }
        let (dx, dy) = SIDE_STEP[usize::from(entry)];
        let before = game.board.tile_at(at.x + dx, at.y + dy)?;
        let before_entry = self.entry.get(before as usize).copied()?;
        let before_turn = turn(before_entry, (entry + 2) % 4);
        if before_turn == 0 {
            return None;
        }
        (0..4u8)
            .filter(|&x| x != entry && sides & (1 << x) != 0)
            .any(|x| turn(entry, x) == before_turn)
            .then(|| Refusal {
                code: U_TURN + u16::from(before_turn),
                describe,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_are_read_from_the_entry_and_exit_sides() {
        // Entering from the south (2), water flows north (0).
        assert_eq!(turn(2, 0), 0);
        assert_eq!(turn(2, 1), 1); // leaving east: a right turn
        assert_eq!(turn(2, 3), 3); // leaving west: a left turn
        assert_eq!(turn(3, 0), 3); // entering from the west, leaving north: left
        assert_eq!(turn(SOURCE, 1), 0);
    }
}
