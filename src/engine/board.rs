//! The board: placed tiles in a sparse grid of 16 × 16 chunks (memory in
//! proportion to the tiles, not to the board's extent: a long diagonal of
//! tiles costs what a compact board does), and the open positions (empty
//! squares next to a tile) indexed by *signature*.
//!
//! A position's signature packs, for each of its sides N E S W (two bits each,
//! side `s` at bits `2s`), what the neighbour across that side shows: 0 no
//! neighbour, 1 city, 2 road, 3 field. A tile in a given rotation fits exactly
//! the signatures that agree with its sides wherever a neighbour is, which the
//! tile set precomputes (15 per rotation). So the legal placements of a tile are
//! the union of at most 60 buckets: counting them costs the same on an empty
//! board as on a full one.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

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

#[derive(Clone, Copy, Default)]
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

/// log2 of a chunk's side.
const CHUNK_BITS: i32 = 4;
/// Squares along a chunk's side.
const CHUNK: i32 = 1 << CHUNK_BITS;

/// One chunk's cells, row by row.
type Chunk = Box<[Cell; (CHUNK * CHUNK) as usize]>;

/// The side offsets N E S W.
pub(super) const SIDE_STEP: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// The chunks holding a tile or a square next to one, and the open positions.
pub(super) struct Board {
    chunks: HashMap<u64, Chunk, BuildHasherDefault<ChunkHasher>>,
    buckets: Vec<Vec<(i32, i32)>>,
    pub placed: Vec<Placed>,
}

/// The chunk key of a square and its index within the chunk.
fn locate(x: i32, y: i32) -> (u64, usize) {
    // Arithmetic shifts floor towards minus infinity, so negative
    // coordinates find their chunk too.
    #[allow(clippy::cast_sign_loss)]
    let key = (u64::from((x >> CHUNK_BITS) as u32) << 32) | u64::from((y >> CHUNK_BITS) as u32);
    #[allow(clippy::cast_sign_loss)]
    let index = (((y & (CHUNK - 1)) << CHUNK_BITS) | (x & (CHUNK - 1))) as usize;
    (key, index)
}

impl Board {
    /// An empty board sized for about `tiles` tiles.
    pub fn new(tiles: usize) -> Board {
        Board {
            chunks: HashMap::default(),
            buckets: vec![Vec::new(); 256],
            placed: Vec::with_capacity(tiles.min(4096)),
        }
    }

    fn cell(&self, x: i32, y: i32) -> Cell {
        let (key, index) = locate(x, y);
        self.chunks
            .get(&key)
            .map_or_else(Cell::default, |c| c[index])
    }

    fn cell_mut(&mut self, x: i32, y: i32) -> &mut Cell {
        let (key, index) = locate(x, y);
        &mut self
            .chunks
            .entry(key)
            .or_insert_with(|| Box::new([Cell::default(); (CHUNK * CHUNK) as usize]))[index]
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
    pub fn signature(&self, x: i32, y: i32) -> u8 {
        self.cell(x, y).sig
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
    /// Squares within one of `i32`'s limits are left alone (a log may name
    /// any coordinate; the squares beyond do not exist).
    pub fn place(
        &mut self,
        x: i32,
        y: i32,
        kind: KindId,
        rotation: u8,
        edges: [u8; 4],
        first_node: u32,
    ) -> u32 {
        let index = u32::try_from(self.placed.len()).unwrap_or(u32::MAX);
        self.placed.push(Placed {
            kind,
            rotation,
            x,
            y,
            first_node,
        });
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
                let sig =
                    self.signature(nx, ny) & !(3 << (2 * facing)) | (edges[side] << (2 * facing));
                self.set_sig(nx, ny, sig);
            }
        }
        index
    }

    /// Moves a square to another signature bucket (0 = not open).
    fn set_sig(&mut self, x: i32, y: i32, sig: u8) {
        let old = self.cell(x, y);
        if old.sig == 0 && sig == 0 {
            return;
        }
        if old.sig != 0 {
            let bucket = &mut self.buckets[usize::from(old.sig)];
            let slot = old.slot as usize;
            bucket.swap_remove(slot);
            if let Some(&(mx, my)) = bucket.get(slot) {
                self.cell_mut(mx, my).slot = u32::try_from(slot).unwrap_or(0);
            }
        }
        let slot = if sig == 0 {
            0
        } else {
            let bucket = &mut self.buckets[usize::from(sig)];
            bucket.push((x, y));
            u32::try_from(bucket.len() - 1).unwrap_or(0)
        };
        let cell = self.cell_mut(x, y);
        cell.sig = sig;
        cell.slot = slot;
    }
}

/// A fast hash for chunk keys (a multiply and a fold: keys are small and
/// trusted, no defence against collisions is needed).
#[derive(Default)]
struct ChunkHasher(u64);

impl Hasher for ChunkHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, key: u64) {
        let h = (self.0 ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = h ^ (h >> 32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_diagonal_costs_chunks_in_proportion_to_its_tiles() {
        let mut board = Board::new(0);
        for i in 0..20_000 {
            // A staircase: east, then south.
            let (x, y) = (i / 2 + i % 2, i / 2);
            board.place(x, y, KindId(0), 0, [3; 4], 0);
        }
        // 10,000 squares wide and tall; a dense grid would be 10^8 cells.
        assert!(board.chunks.len() < 3_000, "{} chunks", board.chunks.len());
        assert_eq!(board.tile_at(10_000, 9_999), Some(19_999));
        assert_eq!(board.tile_at(9_999, 10_000), None);
        assert_eq!(board.around(1, 1), 4);
    }

    #[test]
    fn squares_on_every_side_of_zero_and_at_the_limits() {
        let mut board = Board::new(0);
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
