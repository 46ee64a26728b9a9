//! River tiles (`capability river` on a path kind): a tile with river sides
//! must continue the river already on the board — exactly one of its river
//! sides meets a placed tile, so it extends one open end and never joins two
//! (River II's branches stay apart) — and must not turn the same way as the
//! river tile it continues (two left or two right turns in a row are a
//! U-turn). A tile's turn is read from its river sides: water enters at the
//! side that meets the river and leaves by each other river side, straight
//! on, to the right or to the left. The spring, or a tile placed with nothing
//! around it, is a source: it turns nowhere.

use super::board::SIDE_STEP;
use super::game::{Game, Placement};
use super::tables::Kind;

/// The entry of a river tile placed with no river around it (the spring).
pub(super) const SOURCE: u8 = 4;

/// A turn: 0 straight on (or none), 1 right, 3 left (quarter turns clockwise).
fn turn(entry: u8, exit: u8) -> u8 {
    if entry == SOURCE {
        return 0;
    }
    // Water entering at side `entry` flows towards the opposite side.
    let flow = (entry + 2) % 4;
    (exit + 4 - flow) % 4
}

/// Why the river rules refuse a placement (worded only when reported).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RiverRefusal {
    /// None of its river sides meets the river.
    Unconnected,
    /// Two of its river sides meet the river.
    Joins,
    /// It turns the same way (1 right, 3 left) as the tile it continues.
    UTurn(u8),
}

impl RiverRefusal {
    /// The reason in words.
    pub(super) fn describe(self) -> String {
        match self {
            RiverRefusal::Unconnected => {
                "a river tile must continue the river: none of its river sides meets it".into()
            }
            RiverRefusal::Joins => "a river tile may not join two ends of the river".into(),
            RiverRefusal::UTurn(t) => format!(
                "the river may not turn {} twice in a row (a U-turn): the tile it continues turns {} already",
                turn_word(t),
                turn_word(t)
            ),
        }
    }
}

fn turn_word(t: u8) -> &'static str {
    if t == 1 {
        "right"
    } else {
        "left"
    }
}

impl Game<'_> {
    /// The river sides of a tile kind as placed with `rotation`, by board side.
    fn river_board_sides(kind: &Kind, rotation: u8) -> u8 {
        let r = rotation % 4;
        ((kind.river_sides << r) | (kind.river_sides >> (4 - r))) & 0xf
    }

    /// The board sides of a square where a river side of this placement
    /// meets a tile, as bits.
    fn river_met(&self, kind: &Kind, at: Placement) -> u8 {
        let sides = Self::river_board_sides(kind, at.rotation);
        let mut met = 0;
        for (b, &(dx, dy)) in SIDE_STEP.iter().enumerate() {
            if sides & (1 << b) != 0 && self.board.tile_at(at.x + dx, at.y + dy).is_some() {
                met |= 1 << b;
            }
        }
        met
    }

    /// Where a river tile placed at `at` meets the river: its entry side, or
    /// [`SOURCE`] when nothing is around (the start tile) or it has no river.
    pub(super) fn river_entry_of(&self, kind: &Kind, at: Placement) -> u8 {
        if kind.river_sides == 0 {
            return SOURCE;
        }
        let met = self.river_met(kind, at);
        if met == 0 {
            SOURCE
        } else {
            u8::try_from(met.trailing_zeros()).unwrap_or(SOURCE)
        }
    }

    /// Why the river rules forbid a river tile at `at` (which fits), or `None`.
    pub(super) fn river_refusal(&self, kind: &Kind, at: Placement) -> Option<RiverRefusal> {
        let met = self.river_met(kind, at);
        match met.count_ones() {
            0 => return Some(RiverRefusal::Unconnected),
            1 => {}
            _ => return Some(RiverRefusal::Joins),
        }
        let entry = u8::try_from(met.trailing_zeros()).unwrap_or(0);
        let (dx, dy) = SIDE_STEP[usize::from(entry)];
        let before = self.board.tile_at(at.x + dx, at.y + dy)?;
        let before_entry = self.river_entry.get(before as usize).copied()?;
        let before_turn = turn(before_entry, (entry + 2) % 4);
        if before_turn == 0 {
            return None;
        }
        let sides = Self::river_board_sides(kind, at.rotation);
        (0..4u8)
            .filter(|&x| x != entry && sides & (1 << x) != 0)
            .any(|x| turn(entry, x) == before_turn)
            .then_some(RiverRefusal::UTurn(before_turn))
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
