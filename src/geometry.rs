//! Tile geometry: the four sides, the twelve border slots, the eight arrow
//! directions, and how each of them turns with the tile.
//!
//! Slots are numbered clockwise from the north-west corner
//! (`NNW N NNE ENE E ESE SSE S SSW WSW W WNW`), so side `s` owns slots
//! `3s, 3s+1, 3s+2` and a quarter turn clockwise adds 3 to a slot index.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One of the four sides of a tile, clockwise from north.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Side {
    /// North.
    N,
    /// East.
    E,
    /// South.
    S,
    /// West.
    W,
}

impl Side {
    /// All sides in clockwise order.
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    /// Position in clockwise order (N = 0).
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side at a clockwise index (taken modulo 4).
    #[must_use]
    pub fn from_index(i: usize) -> Side {
        Side::ALL[i % 4]
    }

    /// The side facing this one across a shared edge.
    #[must_use]
    pub fn opposite(self) -> Side {
        Side::from_index(self.index() + 2)
    }

    /// This side after turning the tile `quarter_turns` times clockwise.
    #[must_use]
    pub fn rotated(self, quarter_turns: u8) -> Side {
        Side::from_index(self.index() + usize::from(quarter_turns))
    }

    /// The three slots of this side, clockwise.
    #[must_use]
    pub fn slots(self) -> [Slot; 3] {
        let base = 3 * self.index();
        [
            Slot::from_index(base),
            Slot::from_index(base + 1),
            Slot::from_index(base + 2),
        ]
    }

    /// The middle slot, where a road meets this side.
    #[must_use]
    pub fn middle(self) -> Slot {
        Slot::from_index(3 * self.index() + 1)
    }

    /// The side's name (`N`, `E`, `S`, `W`).
    #[must_use]
    pub fn name(self) -> &'static str {
        ["N", "E", "S", "W"][self.index()]
    }

    /// Parses a side name.
    #[must_use]
    pub fn parse(name: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|s| s.name() == name)
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the twelve border slots, clockwise from the north-west corner.
#[allow(missing_docs)]
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Slot {
    NNW,
    N,
    NNE,
    ENE,
    E,
    ESE,
    SSE,
    S,
    SSW,
    WSW,
    W,
    WNW,
}

const SLOTS: [Slot; 12] = [
    Slot::NNW,
    Slot::N,
    Slot::NNE,
    Slot::ENE,
    Slot::E,
    Slot::ESE,
    Slot::SSE,
    Slot::S,
    Slot::SSW,
    Slot::WSW,
    Slot::W,
    Slot::WNW,
];

const SLOT_NAMES: [&str; 12] = [
    "NNW", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW",
];

impl Slot {
    /// Number of border slots.
    pub const COUNT: usize = 12;

    /// The slot at a clockwise index (taken modulo 12).
    #[must_use]
    pub fn from_index(i: usize) -> Slot {
        SLOTS[i % Self::COUNT]
    }

    /// All slots, clockwise from `NNW`.
    pub fn all() -> impl Iterator<Item = Slot> {
        (0..Self::COUNT).map(Slot::from_index)
    }

    /// Position in clockwise order (`NNW` = 0).
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side this slot lies on.
    #[must_use]
    pub fn side(self) -> Side {
        Side::from_index(self.index() / 3)
    }

    /// True for the middle slot of a side (`N`, `E`, `S`, `W`).
    #[must_use]
    pub fn is_middle(self) -> bool {
        self.index() % 3 == 1
    }

    /// This slot after turning the tile `quarter_turns` times clockwise.
    #[must_use]
    pub fn rotated(self, quarter_turns: u8) -> Slot {
        Slot::from_index(self.index() + 3 * usize::from(quarter_turns))
    }

    /// The slot of the neighbouring tile that touches this one across the side:
    /// `NNW` faces the northern neighbour's `SSW`, `N` its `S`, and so on.
    #[must_use]
    pub fn facing(self) -> Slot {
        let side = self.side();
        let offset = self.index() % 3;
        Slot::from_index(3 * side.opposite().index() + (2 - offset))
    }

    /// The 16-point compass name (`NNW`, `N`, ...).
    #[must_use]
    pub fn name(self) -> &'static str {
        SLOT_NAMES[self.index()]
    }

    /// Parses a slot name.
    #[must_use]
    pub fn parse(name: &str) -> Option<Slot> {
        SLOT_NAMES
            .iter()
            .position(|n| *n == name)
            .map(Slot::from_index)
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the eight arrow directions of a flying machine, clockwise from north.
#[allow(missing_docs)]
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

const DIRS: [Dir; 8] = [
    Dir::N,
    Dir::NE,
    Dir::E,
    Dir::SE,
    Dir::S,
    Dir::SW,
    Dir::W,
    Dir::NW,
];

const DIR_NAMES: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

impl Dir {
    /// The direction at a clockwise index (taken modulo 8).
    #[must_use]
    pub fn from_index(i: usize) -> Dir {
        DIRS[i % 8]
    }

    /// Position in clockwise order (N = 0).
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// This direction after turning the tile `quarter_turns` times clockwise.
    #[must_use]
    pub fn rotated(self, quarter_turns: u8) -> Dir {
        Dir::from_index(self.index() + 2 * usize::from(quarter_turns))
    }

    /// Unit step on the board (x grows east, y grows south).
    #[must_use]
    pub fn step(self) -> (i32, i32) {
        [
            (0, -1),
            (1, -1),
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
        ][self.index()]
    }

    /// The direction's name (`N`, `NE`, ...).
    #[must_use]
    pub fn name(self) -> &'static str {
        DIR_NAMES[self.index()]
    }

    /// All direction names, for diagnostics.
    #[must_use]
    pub fn names() -> &'static [&'static str] {
        &DIR_NAMES
    }

    /// Parses a direction name.
    #[must_use]
    pub fn parse(name: &str) -> Option<Dir> {
        DIR_NAMES
            .iter()
            .position(|n| *n == name)
            .map(Dir::from_index)
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_names_round_trip() {
        for slot in Slot::all() {
            assert_eq!(Slot::parse(slot.name()), Some(slot));
        }
    }

    #[test]
    fn sides_own_three_slots_with_the_road_in_the_middle() {
        assert_eq!(Side::E.slots().map(Slot::name), ["ENE", "E", "ESE"]);
        assert_eq!(Side::W.middle().name(), "W");
        assert!(Slot::parse("S").is_some_and(Slot::is_middle));
        assert!(!Slot::parse("SSW").is_some_and(Slot::is_middle));
    }

    #[test]
    fn a_quarter_turn_moves_north_to_east() {
        assert_eq!(Side::N.rotated(1), Side::E);
        assert_eq!(Slot::parse("NNW").map(|s| s.rotated(1).name()), Some("ENE"));
        assert_eq!(Slot::parse("WNW").map(|s| s.rotated(1).name()), Some("NNE"));
        assert_eq!(Dir::parse("NW").map(|d| d.rotated(1).name()), Some("NE"));
        assert_eq!(Dir::parse("W").map(|d| d.rotated(3).name()), Some("S"));
    }

    #[test]
    fn four_quarter_turns_are_the_identity() {
        for slot in Slot::all() {
            assert_eq!(slot.rotated(4), slot);
        }
        for d in 0..8 {
            assert_eq!(Dir::from_index(d).rotated(4), Dir::from_index(d));
        }
    }

    #[test]
    fn facing_slots_mirror_across_the_shared_edge() {
        let facing = |n: &str| Slot::parse(n).map(|s| s.facing().name());
        assert_eq!(facing("NNW"), Some("SSW"));
        assert_eq!(facing("N"), Some("S"));
        assert_eq!(facing("NNE"), Some("SSE"));
        assert_eq!(facing("ENE"), Some("WNW"));
        assert_eq!(facing("ESE"), Some("WSW"));
        for slot in Slot::all() {
            assert_eq!(slot.facing().facing(), slot);
        }
    }
}
