//! Back end: every tile drawn from its derived geometry and the vocabulary's
//! styles, as previews (PNG, WebP or JPEG, through the `image` crate) and one
//! contact sheet per expansion.
//!
//! ```text
//!  wire::Tile + wire::Vocabulary ──layout──▶ Scene (outlines, curves, spots,
//!        attributes, crossings, each with its look) ──paint──▶ Pixmap ──encode──▶ bytes
//! ```
//!
//! The drawing works from the wire types alone ([`tile_pixmap`], [`sheet_pixmap`]),
//! so a program holding only `tileset.json` can draw tiles too; [`render`] is the
//! entry point for a [`Checked`] set. Nothing is placed by hand per tile and no
//! kind is known by name: shapes (region, path, face, spot) decide the
//! geometry, a declaration's `style.draw` picks a built-in look ([`looks`]),
//! and anything else is drawn plainly in its colour with its label. Field
//! boundaries that nothing drawn explains are painted as thin lines, so a
//! wrong derivation shows.
//!
//! Rendering is deterministic: no clock, no randomness, no state shared between
//! tiles, so the bytes are the same whatever the number of threads.

pub mod board;
mod draw;
mod encode;
mod fields;
mod geometry;
mod layout;
pub mod looks;
mod place;
mod shapes;
mod sheet;
pub(crate) mod text;
mod tile;

use std::fmt;

use rayon::prelude::*;
use tiny_skia::Pixmap;

use crate::check::Checked;
use crate::emit::wire::{Tile, TileSet, Vocabulary};

pub use encode::{
    decode as decode_png, decode_as, encode as encode_png, encode_as, Effort, Format, JPEG_QUALITY,
};
pub use shapes::{feature_shapes, FeatureShape, FIELD_GRID};
pub use sheet::{image_stems, short_name, MAX_PAGE_PIXELS, MAX_PAGE_TILES};

/// Default edge length of a tile image, in pixels.
pub const DEFAULT_SIZE: u32 = 256;
/// Default edge length of a tile on a contact sheet, in pixels.
pub const DEFAULT_SHEET_SIZE: u32 = 160;
/// The smallest tile image drawn.
pub const MIN_SIZE: u32 = 16;
/// The largest tile image drawn.
pub const MAX_SIZE: u32 = 4096;
/// The largest tile on a contact sheet.
pub const MAX_SHEET_SIZE: u32 = 1024;

/// A tile or sheet that could not be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderError {
    /// What was being drawn: a tile id (`base/D`) or `the sheet of base`.
    pub item: String,
    /// Why it failed.
    pub message: String,
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot render {}: {}", self.item, self.message)
    }
}

impl std::error::Error for RenderError {}

fn check_size(size: u32) -> Result<(), String> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(format!(
            "a size of {size} px is outside {MIN_SIZE}..={MAX_SIZE}"
        ))
    }
}

/// Draws a tile, or says why it cannot be drawn.
fn draw_tile(
    tile: &Tile,
    vocabulary: &Vocabulary,
    rotation: u8,
    size: u32,
) -> Result<Pixmap, String> {
    check_size(size)?;
    let scene = layout::scene(tile, vocabulary)?;
    tile::paint_scene(&scene, size, rotation)
        .ok_or_else(|| "the image cannot be allocated".to_string())
}

/// A tile drawn on a `size`² pixmap, turned `rotation` quarter turns
/// clockwise, each feature in the look its kind's style gives in `vocabulary`
/// (the set's [`TileSet::vocabulary`]). Symbols stay upright.
///
/// # Errors
/// When the size is out of range or the tile is inconsistent (a kind the
/// vocabulary lacks, a feature referring to one the tile does not have, a
/// path over five sides, ...): only a hand-made wire tile can be; a checked
/// set never is.
pub fn tile_pixmap(
    tile: &Tile,
    vocabulary: &Vocabulary,
    rotation: u8,
    size: u32,
) -> Result<Pixmap, RenderError> {
    draw_tile(tile, vocabulary, rotation, size).map_err(|message| RenderError {
        item: tile.id.clone(),
        message,
    })
}

/// A tile as PNG bytes; see [`tile_pixmap`].
///
/// # Errors
/// As [`tile_pixmap`], or when encoding fails.
pub fn tile_png(
    tile: &Tile,
    vocabulary: &Vocabulary,
    rotation: u8,
    size: u32,
) -> Result<Vec<u8>, RenderError> {
    tile_image(tile, vocabulary, rotation, size, Format::Png)
}

/// A tile as an image file of `format`; see [`tile_pixmap`].
///
/// # Errors
/// As [`tile_pixmap`], or when encoding fails.
pub fn tile_image(
    tile: &Tile,
    vocabulary: &Vocabulary,
    rotation: u8,
    size: u32,
    format: Format,
) -> Result<Vec<u8>, RenderError> {
    let pixmap = tile_pixmap(tile, vocabulary, rotation, size)?;
    encode::encode_as(&pixmap, format, Effort::Fast).map_err(|message| RenderError {
        item: tile.id.clone(),
        message,
    })
}

/// The contact sheet of one expansion of a wire tile set, with tiles of
/// `tile_size` pixels: its first page (see [`sheet_page_pixmap`]).
///
/// # Errors
/// When a tile cannot be drawn (the error names it) or the sheet is too large.
pub fn sheet_pixmap(set: &TileSet, expansion: &str, tile_size: u32) -> Result<Pixmap, RenderError> {
    sheet_page_pixmap(set, expansion, tile_size, 0)
}

/// How many pages the sheet of an expansion takes: at most
/// [`MAX_PAGE_TILES`] tiles and about [`MAX_PAGE_PIXELS`] pixels a page.
#[must_use]
pub fn sheet_pages(set: &TileSet, expansion: &str, tile_size: u32) -> usize {
    let n = set
        .tiles
        .iter()
        .filter(|t| t.expansion == expansion)
        .count();
    sheet::pages(n, tile_size)
}

/// Page `page` (0-based) of the contact sheet of one expansion.
///
/// # Errors
/// As [`sheet_pixmap`].
pub fn sheet_page_pixmap(
    set: &TileSet,
    expansion: &str,
    tile_size: u32,
    page: usize,
) -> Result<Pixmap, RenderError> {
    let too_big = (tile_size > MAX_SHEET_SIZE)
        .then(|| format!("a sheet tile of {tile_size} px is larger than {MAX_SHEET_SIZE} px"));
    if let Some(message) = too_big.or_else(|| check_size(tile_size).err()) {
        return Err(RenderError {
            item: format!("the sheet of {expansion}"),
            message,
        });
    }
    sheet::sheet(set, expansion, tile_size, page)
        .map_err(|(item, message)| RenderError { item, message })
}

/// A contact sheet as PNG bytes; see [`sheet_pixmap`].
///
/// # Errors
/// As [`sheet_pixmap`], or when encoding fails.
pub fn sheet_png(set: &TileSet, expansion: &str, tile_size: u32) -> Result<Vec<u8>, RenderError> {
    sheet_page_png(set, expansion, tile_size, 0)
}

/// One page of a contact sheet as PNG bytes; see [`sheet_page_pixmap`].
///
/// # Errors
/// As [`sheet_pixmap`], or when encoding fails.
pub fn sheet_page_png(
    set: &TileSet,
    expansion: &str,
    tile_size: u32,
    page: usize,
) -> Result<Vec<u8>, RenderError> {
    sheet_page_image(set, expansion, tile_size, page, Format::Png)
}

/// One page of a contact sheet as an image file of `format`; see
/// [`sheet_page_pixmap`].
///
/// # Errors
/// As [`sheet_pixmap`], or when encoding fails.
pub fn sheet_page_image(
    set: &TileSet,
    expansion: &str,
    tile_size: u32,
    page: usize,
    format: Format,
) -> Result<Vec<u8>, RenderError> {
    let pixmap = sheet_page_pixmap(set, expansion, tile_size, page)?;
    encode::encode_as(&pixmap, format, Effort::Small).map_err(|message| RenderError {
        item: format!("the sheet of {expansion}"),
        message,
    })
}

/// What to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Edge length of tile images.
    pub size: u32,
    /// Quarter turns clockwise applied to tile images.
    pub rotation: u8,
    /// Full ids of the tiles to draw; `None` for every tile.
    pub only: Option<Vec<String>>,
    /// Whether to draw the contact sheets.
    pub sheets: bool,
    /// Edge length of a tile on a sheet.
    pub sheet_size: u32,
    /// The image files' format.
    pub format: Format,
}

impl Default for Request {
    fn default() -> Self {
        Request {
            size: DEFAULT_SIZE,
            rotation: 0,
            only: None,
            sheets: true,
            sheet_size: DEFAULT_SHEET_SIZE,
            format: Format::Png,
        }
    }
}

/// One encoded image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// The expansion's id.
    pub expansion: String,
    /// The tile's short name (`D`), or `None` for a page of the expansion's sheet.
    pub tile: Option<String>,
    /// For a sheet: its page (0-based) and how many pages it has; `(0, 1)`
    /// for a tile.
    pub page: (usize, usize),
    /// The image file's bytes, in the request's format.
    pub bytes: Vec<u8>,
}

/// Draws a checked tile set: the requested tile images, then the sheets, in
/// set order. Tiles are drawn in parallel; the result does not depend on how.
///
/// # Errors
/// Every tile or sheet that could not be drawn (none, for a checked set, unless
/// the request itself is out of range).
pub fn render(checked: &Checked, request: &Request) -> Result<Vec<Image>, Vec<RenderError>> {
    render_set(&crate::emit::tileset(checked), request)
}

/// [`render`] for a wire tile set.
///
/// # Errors
/// As [`render`].
pub fn render_set(set: &TileSet, request: &Request) -> Result<Vec<Image>, Vec<RenderError>> {
    let images = std::sync::Mutex::new(Vec::new());
    let errors = render_each(set, request, &|image| {
        if let Ok(mut images) = images.lock() {
            images.push(image);
        }
        Ok(())
    });
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut images = images.into_inner().unwrap_or_default();
    // Set order: tiles as in the set, then sheets by expansion and page.
    let stems = sheet::image_stems(set);
    let order = |i: &Image| {
        let tile = i.tile.as_ref().and_then(|name| {
            set.tiles
                .iter()
                .zip(&stems)
                .position(|(t, stem)| t.expansion == i.expansion && stem == name)
        });
        let expansion = set.expansions.iter().position(|e| e.id == i.expansion);
        (tile.is_none(), tile, expansion, i.page.0)
    };
    images.sort_by_cached_key(order);
    Ok(images)
}

/// How many images [`render_each`] draws for `request`: tile images and
/// sheet pages (for a progress bar).
#[must_use]
pub fn image_count(set: &TileSet, request: &Request) -> usize {
    let stems = sheet::image_stems(set);
    wanted_tiles(set, request, &stems).len() + wanted_pages(set, request).len()
}

/// The tiles a request draws, with their image stems.
fn wanted_tiles<'s>(
    set: &'s TileSet,
    request: &Request,
    stems: &'s [String],
) -> Vec<(&'s Tile, &'s String)> {
    set.tiles
        .iter()
        .zip(stems)
        .filter(|(t, _)| request.only.as_ref().is_none_or(|ids| ids.contains(&t.id)))
        .collect()
}

/// The sheet pages a request draws: (expansion, page, pages).
fn wanted_pages<'s>(set: &'s TileSet, request: &Request) -> Vec<(&'s str, usize, usize)> {
    if !request.sheets {
        return Vec::new();
    }
    set.expansions
        .iter()
        .filter(|e| set.tiles.iter().any(|t| t.expansion == e.id))
        .flat_map(|e| {
            let n = sheet_pages(set, &e.id, request.sheet_size);
            (0..n).map(move |p| (e.id.as_str(), p, n))
        })
        .collect()
}

/// Draws what `request` asks for and hands each image to `sink` as soon as it
/// is encoded, in parallel, so that only the images being drawn are in
/// memory. Returns every tile or page that could not be drawn, and every
/// error of `sink` (as a [`RenderError`] naming the image).
pub fn render_each(
    set: &TileSet,
    request: &Request,
    sink: &(dyn Fn(Image) -> Result<(), String> + Sync),
) -> Vec<RenderError> {
    let stems = sheet::image_stems(set);
    let tiles = wanted_tiles(set, request, &stems);
    let mut errors: Vec<RenderError> = tiles
        .par_iter()
        .filter_map(|&(t, stem)| {
            let drawn = tile_image(
                t,
                &set.vocabulary,
                request.rotation,
                request.size,
                request.format,
            );
            let bytes = match drawn {
                Ok(bytes) => bytes,
                Err(e) => return Some(e),
            };
            let image = Image {
                expansion: t.expansion.clone(),
                tile: Some(stem.clone()),
                page: (0, 1),
                bytes,
            };
            sink(image).err().map(|message| RenderError {
                item: t.id.clone(),
                message,
            })
        })
        .collect();
    let pages = wanted_pages(set, request);
    errors.extend(
        pages
            .par_iter()
            .filter_map(|&(expansion, page, of)| {
                let drawn =
                    sheet_page_image(set, expansion, request.sheet_size, page, request.format);
                let bytes = match drawn {
                    Ok(bytes) => bytes,
                    Err(e) => return Some(e),
                };
                let image = Image {
                    expansion: expansion.to_string(),
                    tile: None,
                    page: (page, of),
                    bytes,
                };
                sink(image).err().map(|message| RenderError {
                    item: format!("the sheet of {expansion}"),
                    message,
                })
            })
            .collect::<Vec<_>>(),
    );
    errors
}

#[cfg(test)]
mod tests;
