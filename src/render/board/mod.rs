//! The picture of a board: every placed tile as the renderer draws it, the
//! figures in their players' colours on their features, the big top, the
//! acrobats on their pyramids, and every open square, marked in red when no
//! tile can fill it; a legend with the players' scores underneath.
//!
//! ```text
//!  engine::BoardView (tile ids, figures, open squares) ─┐
//!  wire::TileSet ──spots (where a figure stands)────────┴─▶ Pixmap ──png──▶ bytes
//! ```
//!
//! It reads plain data only ([`BoardView`] and the wire tile set), so any
//! program that can build a view can draw a board. Output is deterministic:
//! tiles are drawn in parallel but composed in a fixed order.

mod figures;
mod frame;
mod legend;
mod marks;
mod spots;

use std::collections::{BTreeSet, HashMap};

use rayon::prelude::*;
use tiny_skia::{Pixmap, PixmapPaint, Rect, Transform};

use super::draw::colour;
use super::text;
use super::RenderError;
use crate::emit::wire::{Tile, TileSet, Vocabulary};
use crate::engine::{BoardView, TileView};
use frame::{Extent, Frame};
pub use marks::{player_colour, PLAYER_COLOURS, PLAYER_COLOUR_NAMES};
use spots::Spots;

/// Default edge length of a tile in a board picture, in pixels.
pub const DEFAULT_TILE_SIZE: u32 = 96;
/// The longest side a board picture may have; larger boards get smaller tiles.
pub const MAX_SIDE: u32 = 8192;
/// The most pixels a board picture may have; larger boards get smaller tiles.
pub const MAX_PIXELS: u64 = 32_000_000;

const PAPER: tiny_skia::ColorU8 = colour::rgb(247, 244, 236);

/// The words of the legend: a title line, then each player's score.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Caption {
    /// The first line, in bold (empty for none).
    pub title: String,
    /// Names and scores, in turn order; players the view has beyond these are
    /// named `player N`.
    pub players: Vec<PlayerLine>,
}

/// A player as the legend names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerLine {
    /// The player's name.
    pub name: String,
    /// Points to show.
    pub score: i64,
}

/// An encoded board picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPicture {
    /// The PNG file's bytes.
    pub png: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Where the board's squares are in the picture.
    pub grid: Grid,
}

/// Where the board's squares lie in a picture: the squares of every tile and
/// every open square, `cols` × `rows` of them, from (`min_x`, `min_y`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Edge of a square in pixels: the tile size asked for, or smaller for a
    /// large board.
    pub tile_size: u32,
    /// Pixel column of the grid's left edge.
    pub left: u32,
    /// Pixel row of the grid's top edge.
    pub top: u32,
    /// Board column of the leftmost squares.
    pub min_x: i32,
    /// Board row of the top squares.
    pub min_y: i32,
    /// Squares across.
    pub cols: u32,
    /// Squares down.
    pub rows: u32,
}

impl Grid {
    /// The top-left pixel of board square (x, y), if the grid covers it.
    #[must_use]
    pub fn square(&self, x: i32, y: i32) -> Option<(u32, u32)> {
        let col = u32::try_from(i64::from(x) - i64::from(self.min_x)).ok()?;
        let row = u32::try_from(i64::from(y) - i64::from(self.min_y)).ok()?;
        if col >= self.cols || row >= self.rows {
            return None;
        }
        Some((
            self.left.saturating_add(col.saturating_mul(self.tile_size)),
            self.top.saturating_add(row.saturating_mul(self.tile_size)),
        ))
    }
}

fn fail(message: impl Into<String>) -> RenderError {
    RenderError {
        item: "the board".into(),
        message: message.into(),
    }
}

/// Draws a board as PNG; see [`board_pixmap`].
///
/// # Errors
/// As [`board_pixmap`], or when encoding fails.
pub fn board_png(
    set: &TileSet,
    view: &BoardView,
    caption: &Caption,
    tile_size: u32,
) -> Result<BoardPicture, RenderError> {
    let (pixmap, grid) = board_pixmap(set, view, caption, tile_size)?;
    let png = super::encode::encode_sheet(&pixmap).map_err(fail)?;
    Ok(BoardPicture {
        png,
        width: pixmap.width(),
        height: pixmap.height(),
        grid,
    })
}

/// Draws a board with tiles of `tile_size` pixels, or smaller ones when the
/// picture would exceed [`MAX_SIDE`] or [`MAX_PIXELS`]; returns the picture and
/// where its squares are. The caption gives the legend's title, names and scores.
///
/// # Errors
/// An empty board, a tile id the set does not have, a tile that cannot be
/// drawn, a tile size out of range, or a board too large even at the smallest
/// tile size.
pub fn board_pixmap(
    set: &TileSet,
    view: &BoardView,
    caption: &Caption,
    tile_size: u32,
) -> Result<(Pixmap, Grid), RenderError> {
    super::check_size(tile_size).map_err(fail)?;
    let fonts = text::fonts().map_err(fail)?;
    let tiles = Tiles {
        by_id: set.tiles.iter().map(|t| (t.id.as_str(), t)).collect(),
        vocabulary: &set.vocabulary,
    };
    for t in &view.tiles {
        tiles.get(&t.tile)?;
    }
    let extent = Extent::of(view).ok_or_else(|| fail("the board has no tile"))?;
    let frame = frame::fit(fonts, view, caption, extent, tile_size)?;
    let drawn = draw_tiles(view, &tiles, frame.tile)?;
    let spots = spots_of(view, &tiles)?;
    let mut pixmap = Pixmap::new(frame.width, frame.height)
        .ok_or_else(|| fail("the picture cannot be allocated"))?;
    pixmap.fill(colour::color(PAPER));
    frame::axes(&mut pixmap, fonts, &frame);
    for o in &view.open {
        let Some(r) = frame.square(o.x, o.y) else {
            continue;
        };
        if o.fillable {
            marks::open_square(&mut pixmap, r, frame.tf());
        } else {
            marks::dead_square(&mut pixmap, r, frame.tf());
        }
    }
    for v in &view.tiles {
        if let Some(img) = drawn.get(&(v.tile.as_str(), v.rotation)) {
            let (left, top) = frame.corner(v.x, v.y);
            #[allow(clippy::cast_possible_truncation)]
            pixmap.draw_pixmap(
                left as i32,
                top as i32,
                img.as_ref(),
                &PixmapPaint::default(),
                Transform::identity(),
                None,
            );
        }
    }
    frame::seams(&mut pixmap, view, &frame);
    big_top(&mut pixmap, view, &spots, &frame);
    figures::draw(&mut pixmap, view, &tiles, &spots, &frame);
    frame
        .legend
        .draw(&mut pixmap, fonts, (frame.margin, frame.legend_top));
    Ok((pixmap, frame.grid()))
}

/// The tiles of the set by id, and the vocabulary they are drawn with.
struct Tiles<'s> {
    by_id: HashMap<&'s str, &'s Tile>,
    vocabulary: &'s Vocabulary,
}

impl<'s> Tiles<'s> {
    fn get(&self, id: &str) -> Result<&'s Tile, RenderError> {
        self.by_id.get(id).copied().ok_or_else(|| RenderError {
            item: id.to_string(),
            message: "the tile set has no such tile".into(),
        })
    }
}

/// Each (tile, rotation) on the board drawn once, in parallel; the picture
/// is composed from them in board order.
fn draw_tiles<'v>(
    view: &'v BoardView,
    tiles: &Tiles<'_>,
    size: u32,
) -> Result<HashMap<(&'v str, u8), Pixmap>, RenderError> {
    let keys: BTreeSet<(&str, u8)> = view
        .tiles
        .iter()
        .map(|v| (v.tile.as_str(), v.rotation))
        .collect();
    keys.into_iter()
        .collect::<Vec<_>>()
        .par_iter()
        .map(|&(id, rotation)| {
            let tile = tiles.get(id)?;
            Ok((
                (id, rotation),
                super::tile_pixmap(tile, tiles.vocabulary, rotation, size)?,
            ))
        })
        .collect()
}

/// Where figures stand, for each tile kind that holds a figure or the big top.
fn spots_of<'v>(
    view: &'v BoardView,
    tiles: &Tiles<'_>,
) -> Result<HashMap<&'v str, Spots>, RenderError> {
    let squares = view.figures.iter().map(|f| (f.x, f.y)).chain(view.big_top);
    let ids: BTreeSet<&str> = squares
        .filter_map(|(x, y)| tile_at(view, x, y).map(|v| v.tile.as_str()))
        .collect();
    ids.into_iter()
        .collect::<Vec<_>>()
        .par_iter()
        .map(|&id| {
            let s =
                spots::spots(tiles.get(id)?, tiles.vocabulary).map_err(|message| RenderError {
                    item: id.to_string(),
                    message,
                })?;
            Ok((id, s))
        })
        .collect()
}

/// The big top over its circus, and the dashed 3 × 3 square it scores.
fn big_top(pixmap: &mut Pixmap, view: &BoardView, spots: &HashMap<&str, Spots>, frame: &Frame) {
    let Some((x, y)) = view.big_top else {
        return;
    };
    let t = frame.tf();
    let (left, top) = frame.corner(x - 1, y - 1);
    if let Some(reach) = Rect::from_xywh(left, top, 3.0 * t, 3.0 * t) {
        marks::big_top_reach(pixmap, reach, t);
    }
    let circus = tile_at(view, x, y).and_then(|v| {
        let (at, _) = spots.get(v.tile.as_str())?.circus?;
        Some(frame.point(v.x, v.y, v.rotation, at))
    });
    let at = circus.unwrap_or_else(|| frame.centre(x, y));
    marks::big_top(pixmap, (at.0, at.1 - t * 0.06), t * 0.42);
}

/// The tile at a square of the view.
fn tile_at(view: &BoardView, x: i32, y: i32) -> Option<&TileView> {
    view.tiles.iter().find(|v| v.x == x && v.y == y)
}
