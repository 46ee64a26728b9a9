//! The page plan of a print-and-play PDF, in millimetres: which tile copy goes in
//! which cell of which page, where the cut lines and crop marks are. Pure
//! geometry, no drawing, so the tests can check that every copy is placed.

use crate::emit::wire::TileSet;

/// Paper sizes, in millimetres.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// Width and height in millimetres.
    #[must_use]
    pub fn size_mm(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    /// Width and height in PDF points, exact for Letter (8.5 × 11 in).
    #[must_use]
    pub fn size_pt(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0 * 72.0 / 25.4, 297.0 * 72.0 / 25.4),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// The space kept free around the grid for crop marks, in millimetres.
pub const MARGIN_MM: f32 = 10.0;
/// The smallest and largest tile edge accepted, in millimetres.
pub const TILE_MM_RANGE: (f32, f32) = (20.0, 150.0);

/// What the exporter is asked for.
#[derive(Clone, Debug)]
pub struct Options {
    /// The paper.
    pub paper: Paper,
    /// Edge of a printed tile in millimetres (real tiles: 45).
    pub tile_mm: f32,
    /// Print resolution of the tile pictures, dots per inch.
    pub dpi: u32,
    /// Follow every sheet of fronts with a sheet of backs, mirrored for
    /// long-edge duplex printing.
    pub backs: bool,
    /// Only these expansions (all when `None`), in tile-set order.
    pub expansions: Option<Vec<String>>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            paper: Paper::A4,
            tile_mm: 45.0,
            dpi: 300,
            backs: false,
            expansions: None,
        }
    }
}

/// One page of the document.
#[derive(Clone, Debug, PartialEq)]
pub enum Page {
    /// The expansion's title and a part of the list of its tile kinds with
    /// their counts.
    Cover {
        /// Index into the wire expansions.
        expansion: usize,
        /// Wire tile indices listed on this page.
        kinds: Vec<usize>,
    },
    /// Tile fronts.
    Fronts {
        /// Index into the wire expansions.
        expansion: usize,
        /// Each placed copy: wire tile index, column, row.
        cells: Vec<(usize, usize, usize)>,
    },
    /// Tile backs behind the previous page of fronts (columns mirrored).
    Backs {
        /// Index into the wire expansions.
        expansion: usize,
        /// The cells of the fronts page, mirrored: column, row.
        cells: Vec<(usize, usize)>,
    },
}

/// The grid on a page: how many tiles across and down, and where it starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    /// Tiles across.
    pub columns: usize,
    /// Tiles down.
    pub rows: usize,
    /// Left edge of the grid, millimetres from the page's left.
    pub left: f32,
    /// Top edge of the grid, millimetres from the page's top.
    pub top: f32,
    /// Tile edge, millimetres.
    pub tile: f32,
}

impl Grid {
    /// The grid for a paper and tile size, centred on the page; `None` when not
    /// even one tile fits inside the margins.
    #[must_use]
    pub fn new(paper: Paper, tile_mm: f32) -> Option<Grid> {
        let (w, h) = paper.size_mm();
        let fit = |length: f32| ((length - 2.0 * MARGIN_MM) / tile_mm).floor();
        let (columns, rows) = (fit(w), fit(h));
        if columns < 1.0 || rows < 1.0 {
            return None;
        }
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let (columns, rows) = (columns as usize, rows as usize);
        #[allow(clippy::cast_precision_loss)]
        let (gw, gh) = (columns as f32 * tile_mm, rows as f32 * tile_mm);
        Some(Grid {
            columns,
            rows,
            left: (w - gw) / 2.0,
            top: (h - gh) / 2.0,
            tile: tile_mm,
        })
    }

    /// Tiles per page.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.columns * self.rows
    }
}

/// Height of one entry of a cover's list, millimetres.
pub const COVER_ROW_MM: f32 = 16.0;
/// Entries side by side on a cover.
pub const COVER_COLUMNS: usize = 3;
/// Room above the list for the title, millimetres.
pub const COVER_HEADER_MM: f32 = 36.0;

/// How many tile kinds one cover page lists.
#[must_use]
pub fn cover_capacity(paper: Paper) -> usize {
    let (_, h) = paper.size_mm();
    let rows = ((h - 2.0 * MARGIN_MM - COVER_HEADER_MM) / COVER_ROW_MM).floor();
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let rows = rows.max(1.0) as usize;
    rows * COVER_COLUMNS
}

/// The pages: per expansion a cover, then its tiles, every copy of every kind in
/// source order, filling pages row by row; with backs, each fronts page is
/// followed by its backs page. Expansions without tiles get no pages.
#[must_use]
pub fn plan(set: &TileSet, options: &Options, grid: &Grid) -> Vec<Page> {
    let mut pages = Vec::new();
    for (e, expansion) in set.expansions.iter().enumerate() {
        let wanted = options
            .expansions
            .as_ref()
            .is_none_or(|w| w.contains(&expansion.id));
        if !wanted {
            continue;
        }
        let copies: Vec<usize> = set
            .tiles
            .iter()
            .enumerate()
            .filter(|(_, t)| t.expansion == expansion.id)
            .flat_map(|(i, t)| std::iter::repeat_n(i, t.count as usize))
            .collect();
        if copies.is_empty() {
            continue;
        }
        let kinds: Vec<usize> = set
            .tiles
            .iter()
            .enumerate()
            .filter(|(_, t)| t.expansion == expansion.id)
            .map(|(i, _)| i)
            .collect();
        for part in kinds.chunks(cover_capacity(options.paper)) {
            pages.push(Page::Cover {
                expansion: e,
                kinds: part.to_vec(),
            });
        }
        for chunk in copies.chunks(grid.capacity().max(1)) {
            let cells: Vec<(usize, usize, usize)> = chunk
                .iter()
                .enumerate()
                .map(|(k, &tile)| (tile, k % grid.columns, k / grid.columns))
                .collect();
            let backs: Vec<(usize, usize)> = cells
                .iter()
                .map(|&(_, c, r)| (grid.columns - 1 - c, r))
                .collect();
            pages.push(Page::Fronts {
                expansion: e,
                cells,
            });
            if options.backs {
                pages.push(Page::Backs {
                    expansion: e,
                    cells: backs,
                });
            }
        }
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_tiles_fit_four_by_six_on_a4_and_four_by_five_on_letter() {
        let a4 = Grid::new(Paper::A4, 45.0).expect("fits");
        assert_eq!((a4.columns, a4.rows), (4, 6));
        let letter = Grid::new(Paper::Letter, 45.0).expect("fits");
        assert_eq!((letter.columns, letter.rows), (4, 5));
        assert!(Grid::new(Paper::A4, 200.0).is_none());
    }
}
