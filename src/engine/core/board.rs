//! The board: placed tiles in a dense grid that grows while it stays within a
//! budget proportional to the tiles placed, with the squares outside it in a
//! hash map; and the open positions (empty squares next to a tile) indexed by
//! *signature*. A normal game lies inside the grid (one index computation per
//! square); a board spread along a long diagonal keeps a bounded grid and
//! pays a hash lookup for the far squares, so memory follows the tiles, not
//! the board's extent.
//!
//! A position's signature packs, for each of its sides N E S W (one digit each,
//! see `sides`), the side code the neighbour across that side shows, 0 for no
//! neighbour. A tile in a given rotation fits exactly the signatures that agree
//! with its sides wherever a neighbour is, which the tile set precomputes (15
//! per rotation when every letter meets only itself). So the legal placements
//! of a tile are the union of a few dozen buckets: counting them costs the same
//! on an empty board as on a full one.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::journal::Journal;
use crate::engine::ids::KindId;

/// A placed tile.
#[derive(Clone, Copy, Debug)]
pub struct Placed {
    pub kind: KindId,
    pub rotation: u8,
    pub x: i32,
    pub y: i32,
    /// Index of its first feature node; feature `f` is node `first_node + f`.
    pub first_node: u32,
}

impl Placed {
    /// Where it lies.
    pub fn placement(&self) -> crate::engine::moves::Placement {
        crate::engine::moves::Placement {
            x: self.x,
            y: self.y,
            rotation: self.rotation,
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Cell {
    /// Placed tile index + 1, or 0 when empty.
    tile: u32,
    /// How many of the 8 surrounding squares hold a tile.
    around: u8,
    /// The open position's signature (0 when not open).
    sig: u16,
    /// Index within its signature bucket.
    slot: u32,
}

/// The side of a new board's grid.
const SIDE: i32 = 32;

/// Squares kept free between a placed tile and the edge of the grid, so that
/// in a compact game open positions and their neighbours lie inside it.
const MARGIN: i32 = 2;

/// The grid may always grow to this many squares (enough for any normal game).
const MIN_BUDGET: usize = 1 << 14;

/// Beyond [`MIN_BUDGET`], the grid may hold this many squares per tile placed.
const SQUARES_PER_TILE: usize = 64;

/// Where a square's cell lives: in the grid, or among the far squares.
#[derive(Clone, Copy)]
enum At {
    Grid(usize),
    Far(i32, i32),
}

/// The side offsets N E S W.
pub const SIDE_STEP: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// The grid, the squares beyond it, and the open positions.
pub struct Board {
    w: i32,
    h: i32,
    /// Grid column of x = 0 and row of y = 0.
    ox: i32,
    oy: i32,
    cells: Vec<Cell>,
    /// Squares outside the grid that hold a tile or lie next to one.
    far: HashMap<(i32, i32), Cell, BuildHasherDefault<SquareHasher>>,
    buckets: Vec<Vec<(i32, i32)>>,
    /// Digit weights of the sides N E S W in a signature.
    pow: [u16; 4],
    pub placed: Vec<Placed>,
    /// The grid cells written since this board was copied (`journal`).
    journal: Journal,
    /// The buckets written since then.
    touched_buckets: Vec<u16>,
    /// A far square was written since then.
    touched_far: bool,
}

impl Board {
    /// An empty board sized for about `tiles` tiles, with `buckets` signatures
    /// whose sides weigh `pow`.
    pub fn new(tiles: usize, buckets: usize, pow: [u16; 4]) -> Board {
        if let Some(mut spare) = spare::take(buckets) {
            spare.reset(tiles, pow);
            return spare;
        }
        let side = SIDE;
        Board {
            w: side,
            h: side,
            ox: side / 2,
            oy: side / 2,
            cells: vec![Cell::default(); (side * side) as usize],
            far: HashMap::default(),
            buckets: vec![Vec::new(); buckets],
            pow,
            placed: Vec::with_capacity(tiles.min(4096)),
            journal: Journal::new(),
            touched_buckets: Vec::new(),
            touched_far: false,
        }
    }

    /// Makes a spare board as new: empty, the default grid, a fresh journal.
    fn reset(&mut self, tiles: usize, pow: [u16; 4]) {
        let side = SIDE;
        (self.w, self.h, self.ox, self.oy) = (side, side, side / 2, side / 2);
        let squares = (side * side) as usize;
        self.cells.clear();
        self.cells.resize(squares, Cell::default());
        self.far.clear();
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        self.pow = pow;
        self.placed.clear();
        self.placed.reserve(tiles.min(4096));
        self.journal = Journal::new();
        self.touched_buckets.clear();
        self.touched_far = false;
    }

    /// Copies `other` into `self`, reusing `self`'s buffers (no allocation
    /// once they are large enough); when `self` was last copied from `other`
    /// as it still is, only the cells, buckets and far squares written since
    /// are copied back. What searching players do per candidate.
    pub fn copy_from(&mut self, other: &Board) {
        if let Some(cells) = self.journal.since(&other.journal) {
            for &i in cells {
                self.cells[i as usize] = other.cells[i as usize];
            }
            for &b in &self.touched_buckets {
                self.buckets[usize::from(b)].clone_from(&other.buckets[usize::from(b)]);
            }
            if self.touched_far {
                self.far.clone_from(&other.far);
            }
            // Placed tiles never change; a copy only adds some.
            self.placed.truncate(other.placed.len());
        } else {
            self.w = other.w;
            self.h = other.h;
            self.ox = other.ox;
            self.oy = other.oy;
            self.cells.clone_from(&other.cells);
            self.far.clone_from(&other.far);
            self.buckets.clone_from(&other.buckets);
            self.pow = other.pow;
            self.placed.clone_from(&other.placed);
        }
        self.touched_buckets.clear();
        self.touched_far = false;
        self.journal.copied(&other.journal);
    }

    /// True when two boards hold the same grid, far squares, buckets and
    /// tiles (tests).
    #[cfg(test)]
    pub fn same_as(&self, other: &Board) -> bool {
        (self.w, self.h, self.ox, self.oy) == (other.w, other.h, other.ox, other.oy)
            && self.cells == other.cells
            && self.far == other.far
            && self.buckets == other.buckets
            && self.placed.len() == other.placed.len()
            && self.placed.iter().zip(&other.placed).all(|(a, b)| {
                (a.kind, a.rotation, a.x, a.y, a.first_node)
                    == (b.kind, b.rotation, b.x, b.y, b.first_node)
            })
    }

    /// Records a write to bucket `b`.
    #[inline]
    fn touch_bucket(&mut self, b: u16) {
        if self.journal.is_copy() {
            self.touched_buckets.push(b);
        }
    }

    #[inline]
    fn index(&self, x: i32, y: i32) -> Option<usize> {
        // Wide arithmetic: coordinates come from game logs and may be extreme.
        // A negative column becomes a huge unsigned one: one test per axis.
        #[allow(clippy::cast_sign_loss)]
        let cx = (i64::from(x) + i64::from(self.ox)) as u64;
        #[allow(clippy::cast_sign_loss)]
        let cy = (i64::from(y) + i64::from(self.oy)) as u64;
        #[allow(clippy::cast_sign_loss)]
        let (w, h) = (self.w as u64, self.h as u64);
        if cx >= w || cy >= h {
            return None;
        }
        usize::try_from(cy * w + cx).ok()
    }

    /// The index of a square in the grid (`None` beyond it): distinct
    /// squares have distinct indices while the grid keeps its size, which it
    /// does until a tile is placed.
    #[inline]
    #[must_use]
    pub fn square_index(&self, x: i32, y: i32) -> Option<usize> {
        self.index(x, y)
    }

    /// Where a square's cell lives.
    #[inline]
    fn at(&self, x: i32, y: i32) -> At {
        self.index(x, y).map_or(At::Far(x, y), At::Grid)
    }

    #[inline]
    fn get(&self, at: At) -> Cell {
        match at {
            At::Grid(i) => self.cells[i],
            At::Far(x, y) => self.far_cell(x, y),
        }
    }

    /// A cell to write, the write recorded for copies.
    #[inline]
    fn get_mut(&mut self, at: At) -> &mut Cell {
        match at {
            At::Grid(i) => {
                self.journal.touch(i);
                &mut self.cells[i]
            }
            At::Far(x, y) => {
                self.journal.touch_elsewhere();
                self.touched_far = true;
                self.far_cell_mut(x, y)
            }
        }
    }

    #[inline]
    fn cell(&self, x: i32, y: i32) -> Cell {
        self.get(self.at(x, y))
    }

    #[inline]
    fn cell_mut(&mut self, x: i32, y: i32) -> &mut Cell {
        let at = self.at(x, y);
        self.get_mut(at)
    }

    // Out of line: a compact game never leaves the grid.
    #[cold]
    #[inline(never)]
    fn far_cell(&self, x: i32, y: i32) -> Cell {
        self.far.get(&(x, y)).copied().unwrap_or_default()
    }

    #[cold]
    #[inline(never)]
    fn far_cell_mut(&mut self, x: i32, y: i32) -> &mut Cell {
        self.far.entry((x, y)).or_default()
    }

    /// The placed tile at a square.
    pub fn tile_at(&self, x: i32, y: i32) -> Option<u32> {
        self.cell(x, y).tile.checked_sub(1)
    }

    /// How many of the 8 squares around a square hold a tile.
    pub fn around(&self, x: i32, y: i32) -> u8 {
        self.cell(x, y).around
    }

    /// The signature of a square: what its four neighbours show it.
    #[inline]
    pub fn signature(&self, x: i32, y: i32) -> u16 {
        self.cell(x, y).sig
    }

    /// Number of open positions.
    pub fn open_count(&self) -> usize {
        self.buckets.iter().map(Vec::len).sum()
    }

    /// The open positions with a given signature.
    pub fn bucket(&self, sig: u16) -> &[(i32, i32)] {
        &self.buckets[usize::from(sig)]
    }

    /// Puts a tile whose board sides show `edges` (N E S W codes) on an empty
    /// square, updating the open positions around it. Returns its index.
    /// Squares beyond `i32`'s range do not exist: a tile at the limit simply
    /// has fewer neighbours.
    pub fn place(
        &mut self,
        x: i32,
        y: i32,
        kind: KindId,
        rotation: u8,
        edges: [u8; 4],
        first_node: u32,
    ) -> u32 {
        if self.placed.is_empty() {
            // Centre the grid on the first tile, wherever it lies.
            self.journal.changed_whole();
            self.ox = (self.w / 2).saturating_sub(x);
            self.oy = (self.h / 2).saturating_sub(y);
        }
        self.ensure_room(x, y);
        let index = u32::try_from(self.placed.len()).unwrap_or(u32::MAX);
        self.placed.push(Placed {
            kind,
            rotation,
            x,
            y,
            first_node,
        });
        match self.inner_index(x, y) {
            Some(i) => self.place_inside(i, x, y, index, edges),
            None => self.place_anywhere(x, y, index, edges),
        }
        index
    }

    /// The grid index of a square whose 8 neighbours lie in the grid too
    /// (and exist: squares beyond `i32`'s range do not).
    #[inline]
    fn inner_index(&self, x: i32, y: i32) -> Option<usize> {
        let limit = i32::MIN + 1..i32::MAX;
        if !limit.contains(&x) || !limit.contains(&y) {
            return None;
        }
        let i = self.index(x, y)?;
        let w = self.w as usize;
        let (cx, cy) = (i % w, i / w);
        (cx >= 1 && cy >= 1 && cx + 1 < w && cy + 1 < self.h as usize).then_some(i)
    }

    /// [`Board::place`] for a square inside the grid, away from its edge
    /// (every square of a normal game): neighbours are found by index
    /// arithmetic alone.
    fn place_inside(&mut self, i: usize, x: i32, y: i32, index: u32, edges: [u8; 4]) {
        let copy = self.journal.is_copy();
        self.journal.touch_elsewhere();
        let w = self.w as isize;
        let at = |d: isize| i.wrapping_add_signed(d);
        self.rebucket(i, x, y, 0, copy);
        self.cells[i].tile = index + 1;
        for d in [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1] {
            let n = at(d);
            self.cells[n].around += 1;
            if copy {
                self.journal.record(n);
            }
        }
        if copy {
            self.journal.record(i);
        }
        let steps = [-w, 1, w, -1];
        for (side, (&step, &(dx, dy))) in steps.iter().zip(&SIDE_STEP).enumerate() {
            let n = at(step);
            if self.cells[n].tile == 0 {
                let facing = (side + 2) % 4;
                // The square was empty, so that side of it showed nothing.
                let sig = self.cells[n].sig + u16::from(edges[side]) * self.pow[facing];
                self.rebucket(n, x + dx, y + dy, sig, copy);
            }
        }
    }

    /// Moves the grid square `i` at (x, y) to another signature bucket
    /// (0 = not open), recording the writes in a copy.
    #[inline]
    fn rebucket(&mut self, i: usize, x: i32, y: i32, sig: u16, copy: bool) {
        let old = self.cells[i];
        if old.sig != 0 {
            if copy {
                self.touched_buckets.push(old.sig);
            }
            let bucket = &mut self.buckets[usize::from(old.sig)];
            let slot = old.slot as usize;
            bucket.swap_remove(slot);
            if let Some(&(mx, my)) = bucket.get(slot) {
                let slot = u32::try_from(slot).unwrap_or(0);
                match self.index(mx, my) {
                    Some(j) => {
                        self.cells[j].slot = slot;
                        if copy {
                            self.journal.record(j);
                        }
                    }
                    None => self.cell_mut(mx, my).slot = slot,
                }
            }
        } else if sig == 0 {
            return;
        }
        let slot = if sig == 0 {
            0
        } else {
            if copy {
                self.touched_buckets.push(sig);
            }
            let bucket = &mut self.buckets[usize::from(sig)];
            bucket.push((x, y));
            u32::try_from(bucket.len() - 1).unwrap_or(0)
        };
        let cell = &mut self.cells[i];
        cell.sig = sig;
        cell.slot = slot;
        if copy {
            self.journal.record(i);
        }
    }

    /// [`Board::place`] for any square: near the grid's edge, or beyond it.
    fn place_anywhere(&mut self, x: i32, y: i32, index: u32, edges: [u8; 4]) {
        self.set_sig(x, y, 0);
        self.cell_mut(x, y).tile = index + 1;
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                if let (Some(ax), Some(ay)) = (x.checked_add(dx), y.checked_add(dy)) {
                    self.cell_mut(ax, ay).around += 1;
                }
            }
        }
        for (side, &(dx, dy)) in SIDE_STEP.iter().enumerate() {
            let (Some(nx), Some(ny)) = (x.checked_add(dx), y.checked_add(dy)) else {
                continue;
            };
            if self.tile_at(nx, ny).is_none() {
                let facing = (side + 2) % 4;
                // The square was empty, so that side of (nx, ny) showed nothing.
                let sig = self.signature(nx, ny) + u16::from(edges[side]) * self.pow[facing];
                self.set_sig(nx, ny, sig);
            }
        }
    }

    /// The placed tile at (x, y) now shows code `new` instead of `old` on
    /// its board side `side` (N E S W = 0..3): the empty square across that
    /// side, if any, is signed again (a rule module's added way ends there).
    pub fn reshow(&mut self, x: i32, y: i32, side: usize, old: u8, new: u8) {
        let Some(&(dx, dy)) = SIDE_STEP.get(side) else {
            return;
        };
        let (Some(nx), Some(ny)) = (x.checked_add(dx), y.checked_add(dy)) else {
            return;
        };
        if self.tile_at(nx, ny).is_some() || self.tile_at(x, y).is_none() {
            return;
        }
        let weight = self.pow[(side + 2) % 4];
        let sig = self
            .signature(nx, ny)
            .saturating_sub(u16::from(old) * weight)
            .saturating_add(u16::from(new) * weight);
        self.set_sig(nx, ny, sig);
    }

    /// Moves a square to another signature bucket (0 = not open).
    #[inline]
    fn set_sig(&mut self, x: i32, y: i32, sig: u16) {
        let at = self.at(x, y);
        let old = self.get(at);
        if old.sig != 0 {
            self.touch_bucket(old.sig);
            let bucket = &mut self.buckets[usize::from(old.sig)];
            let slot = old.slot as usize;
            bucket.swap_remove(slot);
            if let Some(&(mx, my)) = bucket.get(slot) {
                self.cell_mut(mx, my).slot = u32::try_from(slot).unwrap_or(0);
            }
        } else if sig == 0 {
            return;
        }
        let slot = if sig == 0 {
            0
        } else {
            self.touch_bucket(sig);
            let bucket = &mut self.buckets[usize::from(sig)];
            bucket.push((x, y));
            u32::try_from(bucket.len() - 1).unwrap_or(0)
        };
        let cell = self.get_mut(at);
        cell.sig = sig;
        cell.slot = slot;
    }

    /// Grows the grid so that (x, y) lies at least [`MARGIN`] squares inside
    /// it, as long as the grid stays within its budget; squares beyond it
    /// live in `far`.
    fn ensure_room(&mut self, x: i32, y: i32) {
        let fits = |c: i64, n: i32| c >= i64::from(MARGIN) && c < i64::from(n - MARGIN);
        loop {
            let (cx, cy) = (
                i64::from(x) + i64::from(self.ox),
                i64::from(y) + i64::from(self.oy),
            );
            if fits(cx, self.w) && fits(cy, self.h) {
                return;
            }
            // Double only the direction that ran out of room, keeping the old
            // grid in the middle: a long thin board stays a thin grid.
            let (grow_x, grow_y) = (!fits(cx, self.w), !fits(cy, self.h));
            let (w, h) = (self.w << u8::from(grow_x), self.h << u8::from(grow_y));
            let budget = MIN_BUDGET.max(SQUARES_PER_TILE * (self.placed.len() + 1));
            #[allow(clippy::cast_sign_loss)]
            if w >= i32::MAX / 4 || h >= i32::MAX / 4 || (w as usize) * (h as usize) > budget {
                return;
            }
            self.regrid(w, h);
        }
    }

    /// Moves every square into a `w` × `h` grid around the old one, taking
    /// in the far squares that now fall inside it.
    #[allow(clippy::cast_sign_loss)]
    fn regrid(&mut self, w: i32, h: i32) {
        let (dx, dy) = ((w - self.w) / 2, (h - self.h) / 2);
        self.journal.changed_whole();
        let mut cells = vec![Cell::default(); (w * h) as usize];
        for row in 0..self.h {
            let from = (row * self.w) as usize;
            let to = ((row + dy) * w + dx) as usize;
            cells[to..to + self.w as usize]
                .copy_from_slice(&self.cells[from..from + self.w as usize]);
        }
        self.cells = cells;
        self.w = w;
        self.h = h;
        self.ox = self.ox.saturating_add(dx);
        self.oy = self.oy.saturating_add(dy);
        let far = std::mem::take(&mut self.far);
        for ((x, y), cell) in far {
            *self.cell_mut(x, y) = cell;
        }
    }
}

impl Drop for Board {
    fn drop(&mut self) {
        spare::keep(self);
    }
}

/// Boards of finished games kept for the next ones on the same thread, so
/// that a run of games does not allocate its boards' signature buckets anew
/// for every game (a few dozen small vectors each).
mod spare {
    use std::cell::RefCell;

    use super::Board;

    /// Boards kept per thread.
    const KEPT: usize = 4;
    /// Larger grids are not kept (a game spread along a diagonal).
    const MAX_SQUARES: usize = 1 << 16;

    thread_local! {
        static SPARE: RefCell<Vec<Board>> = const { RefCell::new(Vec::new()) };
    }

    /// A kept board with `buckets` signature buckets, if any.
    pub fn take(buckets: usize) -> Option<Board> {
        SPARE
            .try_with(|spare| {
                let mut spare = spare.try_borrow_mut().ok()?;
                let i = spare.iter().position(|b| b.buckets.len() == buckets)?;
                Some(spare.swap_remove(i))
            })
            .ok()
            .flatten()
    }

    /// Keeps the buffers of a board being dropped, when there is room.
    pub fn keep(board: &mut Board) {
        if board.buckets.is_empty() || board.cells.len() > MAX_SQUARES {
            return;
        }
        let _ = SPARE.try_with(|spare| {
            let Ok(mut spare) = spare.try_borrow_mut() else {
                return;
            };
            if spare.len() < KEPT {
                let mut kept = Board::bare();
                kept.cells = std::mem::take(&mut board.cells);
                kept.far = std::mem::take(&mut board.far);
                kept.buckets = std::mem::take(&mut board.buckets);
                kept.placed = std::mem::take(&mut board.placed);
                kept.touched_buckets = std::mem::take(&mut board.touched_buckets);
                spare.push(kept);
            }
        });
    }
}

impl Board {
    /// A board with no buffers (a spare's shell; never kept itself).
    fn bare() -> Board {
        Board {
            w: 0,
            h: 0,
            ox: 0,
            oy: 0,
            cells: Vec::new(),
            far: HashMap::default(),
            buckets: Vec::new(),
            pow: [0; 4],
            placed: Vec::new(),
            journal: Journal::new(),
            touched_buckets: Vec::new(),
            touched_far: false,
        }
    }
}

/// A fast hash for squares (a multiply and a fold per coordinate: no
/// defence against crafted collisions is needed, the worst is a slower game).
#[derive(Default)]
struct SquareHasher(u64);

impl Hasher for SquareHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, key: u64) {
        let h = (self.0.rotate_left(29) ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = h ^ (h >> 32);
    }

    fn write_i32(&mut self, n: i32) {
        #[allow(clippy::cast_sign_loss)]
        self.write_u64(u64::from(n as u32));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Side codes 1 to 3 in base-4 digits: N = 1, E = 4, S = 16, W = 64.
    fn board() -> Board {
        Board::new(0, 256, [1, 4, 16, 64])
    }

    #[test]
    fn a_long_diagonal_costs_squares_in_proportion_to_its_tiles() {
        let mut board = board();
        for i in 0..20_000 {
            // A staircase: east, then south.
            let (x, y) = (i / 2 + i % 2, i / 2);
            board.place(x, y, KindId(0), 0, [3; 4], 0);
        }
        // 10,000 squares wide and tall; a dense grid would be 10^8 squares.
        let squares = board.cells.len() + board.far.len();
        assert!(squares < 64 * 20_000 + 9 * 20_000, "{squares} squares");
        assert_eq!(board.tile_at(10_000, 9_999), Some(19_999));
        assert_eq!(board.tile_at(9_999, 10_000), None);
        assert_eq!(board.around(1, 1), 4);
    }

    #[test]
    fn a_copy_restored_from_its_original_follows_the_grid_and_the_far_squares() {
        let mut original = board();
        // A staircase longer than the grid may grow: its far end is far squares.
        for i in 0..1200 {
            original.place(i / 2 + i % 2, i / 2, KindId(0), 0, [3; 4], 0);
        }
        assert!(!original.far.is_empty());
        let mut copy = board();
        copy.copy_from(&original);
        assert!(copy.same_as(&original));
        assert!(copy.index(700, 600).is_none(), "a far square");
        for round in 0..3 {
            // Tiles near the start (grid) and beyond the end (far squares).
            copy.place(-1 - round, 0, KindId(0), 0, [3; 4], 0);
            copy.place(700 + round, 600, KindId(0), 0, [3; 4], 0);
            assert!(!copy.same_as(&original));
            copy.copy_from(&original);
            assert!(copy.same_as(&original), "round {round}");
        }
        // The original changed: the next copy copies everything.
        original.place(-5, -5, KindId(0), 0, [3; 4], 0);
        copy.copy_from(&original);
        assert!(copy.same_as(&original));
    }

    #[test]
    fn squares_on_every_side_of_zero_and_at_the_limits() {
        let mut board = board();
        board.place(-1, -1, KindId(0), 0, [1, 2, 3, 1], 0);
        board.place(0, -1, KindId(0), 0, [1, 2, 3, 1], 0);
        assert_eq!(board.tile_at(-1, -1), Some(0));
        assert_eq!(board.tile_at(0, -1), Some(1));
        assert_eq!(board.tile_at(-17, -1), None);
        // West of (-1,-1) shows its west side (1) to that square's east.
        assert_eq!(board.signature(-2, -1), 1 << 2);
        assert_eq!(board.around(-1, 0), 2);
        board.place(i32::MAX, i32::MIN, KindId(0), 0, [3; 4], 0);
        assert_eq!(board.tile_at(i32::MAX, i32::MIN), Some(2));
        assert_eq!(board.around(i32::MAX - 1, i32::MIN), 1);
        assert_eq!(board.open_count(), 6 + 2);
    }
}
