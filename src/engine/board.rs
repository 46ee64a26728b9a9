//! The board: a dense grid of placed tiles that grows as needed, and the open
//! positions (empty squares next to a tile) indexed by *signature*.
//!
//! A position's signature packs, for each of its sides N E S W (two bits each,
//! side `s` at bits `2s`), what the neighbour across that side shows: 0 no
//! neighbour, 1 city, 2 road, 3 field. A tile in a given rotation fits exactly
//! the signatures that agree with its sides wherever a neighbour is, which the
//! tile set precomputes (15 per rotation). So the legal placements of a tile are
//! the union of at most 60 buckets: counting them costs the same on an empty
//! board as on a full one.

use super::journal::Journal;
use super::KindId;

/// A placed tile.
#[derive(Clone, Copy, Debug)]
pub(super) struct Placed {
    pub kind: KindId,
    pub rotation: u8,
    pub x: i32,
    pub y: i32,
    /// Index of its first feature node; feature `f` is node `first_node + f`.
    pub first_node: u32,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Cell {
    /// Placed tile index + 1, or 0 when empty.
    tile: u32,
    /// How many of the 8 surrounding squares hold a tile.
    around: u8,
    /// The open position's signature (0 when not open).
    sig: u8,
    /// Index within its signature bucket.
    slot: u32,
}

/// Squares kept free between a placed tile and the edge of the grid, so that
/// open positions and their neighbours are always inside it.
const MARGIN: i32 = 2;

/// The side offsets N E S W.
pub(super) const SIDE_STEP: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// The grid and the open positions.
pub(super) struct Board {
    w: i32,
    h: i32,
    /// Grid column of x = 0 and row of y = 0.
    ox: i32,
    oy: i32,
    cells: Vec<Cell>,
    buckets: Vec<Vec<(i32, i32)>>,
    pub placed: Vec<Placed>,
    /// The cells written since this board was copied (`journal`).
    journal: Journal,
    /// The buckets written since then.
    touched_buckets: Vec<u8>,
}

impl Board {
    /// Copies `other` into `self`, reusing `self`'s buffers (no allocation
    /// once they are large enough); when `self` was last copied from `other`
    /// as it still is, only the cells and buckets written since are copied
    /// back. What searching players do per candidate.
    pub fn copy_from(&mut self, other: &Board) {
        if let Some(cells) = self.journal.since(&other.journal) {
            for &i in cells {
                self.cells[i as usize] = other.cells[i as usize];
            }
            for &b in &self.touched_buckets {
                self.buckets[usize::from(b)].clone_from(&other.buckets[usize::from(b)]);
            }
            // Placed tiles never change; a copy only adds some.
            self.placed.truncate(other.placed.len());
        } else {
            self.w = other.w;
            self.h = other.h;
            self.ox = other.ox;
            self.oy = other.oy;
            self.cells.clone_from(&other.cells);
            self.buckets.clone_from(&other.buckets);
            self.placed.clone_from(&other.placed);
        }
        self.touched_buckets.clear();
        self.journal.copied(&other.journal);
    }

    /// True when two boards hold the same grid, buckets and tiles (tests).
    #[cfg(test)]
    pub fn same_as(&self, other: &Board) -> bool {
        (self.w, self.h, self.ox, self.oy) == (other.w, other.h, other.ox, other.oy)
            && self.cells == other.cells
            && self.buckets == other.buckets
            && self.placed.len() == other.placed.len()
            && self.placed.iter().zip(&other.placed).all(|(a, b)| {
                (a.kind, a.rotation, a.x, a.y, a.first_node)
                    == (b.kind, b.rotation, b.x, b.y, b.first_node)
            })
    }

    /// Records a write to cell `i`.
    fn touch(&mut self, i: usize) {
        self.journal.touch(i);
    }

    /// Records a write to bucket `b`.
    fn touch_bucket(&mut self, b: u8) {
        if self.journal.is_copy() {
            self.touched_buckets.push(b);
        }
    }

    /// An empty board sized for about `tiles` tiles.
    pub fn new(tiles: usize) -> Board {
        let side = 32;
        Board {
            w: side,
            h: side,
            ox: side / 2,
            oy: side / 2,
            cells: vec![Cell::default(); (side * side) as usize],
            buckets: vec![Vec::new(); 256],
            placed: Vec::with_capacity(tiles.min(4096)),
            journal: Journal::new(),
            touched_buckets: Vec::new(),
        }
    }

    fn index(&self, x: i32, y: i32) -> Option<usize> {
        // Wide arithmetic: coordinates come from game logs and may be extreme.
        let cx = i64::from(x) + i64::from(self.ox);
        let cy = i64::from(y) + i64::from(self.oy);
        if cx < 0 || cy < 0 || cx >= i64::from(self.w) || cy >= i64::from(self.h) {
            return None;
        }
        usize::try_from(cy * i64::from(self.w) + cx).ok()
    }

    /// The placed tile at a square.
    pub fn tile_at(&self, x: i32, y: i32) -> Option<u32> {
        let i = self.index(x, y)?;
        self.cells[i].tile.checked_sub(1)
    }

    /// How many of the 8 squares around a square hold a tile.
    pub fn around(&self, x: i32, y: i32) -> u8 {
        self.index(x, y).map_or(0, |i| self.cells[i].around)
    }

    /// The signature of a square: what its four neighbours show it.
    pub fn signature(&self, x: i32, y: i32) -> u8 {
        self.index(x, y).map_or(0, |i| self.cells[i].sig)
    }

    /// Number of open positions.
    pub fn open_count(&self) -> usize {
        self.buckets.iter().map(Vec::len).sum()
    }

    /// The open positions with a given signature.
    pub fn bucket(&self, sig: u8) -> &[(i32, i32)] {
        &self.buckets[usize::from(sig)]
    }

    /// Puts a tile whose board sides show `edges` (N E S W codes) on an empty
    /// square, updating the open positions around it. Returns its index.
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
            self.ox = self.w / 2 - x;
            self.oy = self.h / 2 - y;
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
        self.set_sig(x, y, 0);
        if let Some(i) = self.index(x, y) {
            self.touch(i);
            self.cells[i].tile = index + 1;
        }
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) != (0, 0) {
                    if let Some(i) = self.index(x + dx, y + dy) {
                        self.touch(i);
                        self.cells[i].around += 1;
                    }
                }
            }
        }
        for (side, &(dx, dy)) in SIDE_STEP.iter().enumerate() {
            let (nx, ny) = (x + dx, y + dy);
            if self.tile_at(nx, ny).is_none() {
                let facing = (side + 2) % 4;
                let sig =
                    self.signature(nx, ny) & !(3 << (2 * facing)) | (edges[side] << (2 * facing));
                self.set_sig(nx, ny, sig);
            }
        }
        index
    }

    /// Moves a square to another signature bucket (0 = not open).
    fn set_sig(&mut self, x: i32, y: i32, sig: u8) {
        let Some(i) = self.index(x, y) else { return };
        self.touch(i);
        let old = self.cells[i].sig;
        if old != 0 {
            self.touch_bucket(old);
            let bucket = &mut self.buckets[usize::from(old)];
            let slot = self.cells[i].slot as usize;
            bucket.swap_remove(slot);
            if let Some(&(mx, my)) = bucket.get(slot) {
                if let Some(m) = self.index(mx, my) {
                    self.touch(m);
                    self.cells[m].slot = u32::try_from(slot).unwrap_or(0);
                }
            }
        }
        self.cells[i].sig = sig;
        if sig != 0 {
            self.touch_bucket(sig);
            let bucket = &mut self.buckets[usize::from(sig)];
            self.cells[i].slot = u32::try_from(bucket.len()).unwrap_or(0);
            bucket.push((x, y));
        }
    }

    /// Grows the grid so that (x, y) lies at least [`MARGIN`] squares inside it.
    fn ensure_room(&mut self, x: i32, y: i32) {
        let (cx, cy) = (x + self.ox, y + self.oy);
        let fits = |c: i32, n: i32| c >= MARGIN && c < n - MARGIN;
        if fits(cx, self.w) && fits(cy, self.h) {
            return;
        }
        // Double only the direction that ran out of room, keeping the old
        // grid in the middle: a long thin board stays a thin grid.
        let (grow_x, grow_y) = (!fits(cx, self.w), !fits(cy, self.h));
        let (w, h) = (self.w << u8::from(grow_x), self.h << u8::from(grow_y));
        let (dx, dy) = ((w - self.w) / 2, (h - self.h) / 2);
        let (ox, oy) = (self.ox + dx, self.oy + dy);
        self.journal.changed_whole();
        let mut cells = vec![Cell::default(); (w * h) as usize];
        for row in 0..self.h {
            for col in 0..self.w {
                let from = (row * self.w + col) as usize;
                let to = ((row + dy) * w + col + dx) as usize;
                cells[to] = self.cells[from];
            }
        }
        self.cells = cells;
        self.w = w;
        self.h = h;
        self.ox = ox;
        self.oy = oy;
        // Every tile but the first goes next to a placed one, so one doubling
        // is enough; the call only guards the invariant.
        self.ensure_room(x, y);
    }
}
