//! Contact sheets: every tile of one expansion in a grid, each labelled with
//! its id and count, under a title. Made for printing and for review.

use rayon::prelude::*;
use tiny_skia::{ColorU8 as Color, Pixmap, PixmapPaint, Rect, Transform};

use super::draw::{colour, paint};
use super::text::{self, Fonts};
use crate::emit::wire::{Tile, TileSet};

const PAPER: Color = colour::rgb(247, 244, 236);
const GREY: Color = colour::rgb(110, 104, 96);

/// The short name of a tile: its id without the expansion prefix.
pub fn short_name(tile: &Tile) -> &str {
    tile.id
        .strip_prefix(tile.expansion.as_str())
        .and_then(|rest| rest.strip_prefix('/'))
        .unwrap_or(&tile.id)
}

/// The file stem of each tile's image, by tile index: its short name, or, for a
/// tile whose short name differs only in case from an earlier stem of its
/// expansion (`CCCC`, `CCcc`), that name with `~2`, `~3`, ... (the first
/// suffix no earlier stem took, so that a tile really named `a~2` cannot
/// share a file with the second `A`): no two images share a file, even on a
/// case-insensitive file system.
#[must_use]
pub fn image_stems(set: &crate::emit::wire::TileSet) -> Vec<String> {
    let mut taken: std::collections::HashSet<(&str, String)> = std::collections::HashSet::new();
    set.tiles
        .iter()
        .map(|t| {
            let name = short_name(t);
            let mut stem = name.to_string();
            let mut n = 1;
            while !taken.insert((t.expansion.as_str(), stem.to_ascii_lowercase())) {
                n += 1;
                stem = format!("{name}~{n}");
            }
            stem
        })
        .collect()
}

/// The columns of the grid for `n` tiles: a little wider than tall.
fn columns(n: usize) -> usize {
    let mut c = 1;
    while c * c < n * 3 / 2 {
        c += 1;
    }
    c.clamp(1, n.max(1))
}

/// The most tiles on one page of a sheet.
pub const MAX_PAGE_TILES: usize = 120;

/// The most pixels on one page (about 160 MB as RGBA); larger tiles leave
/// room for fewer of them on a page.
pub const MAX_PAGE_PIXELS: u64 = 40_000_000;

/// Tiles on a page, for tiles of `tile_size` pixels.
pub fn page_tiles(tile_size: u32) -> usize {
    let t = u64::from(tile_size);
    // A tile with its label and gaps takes about 1.14 t × 1.48 t.
    let cell = (t * 114 / 100).max(1) * (t * 148 / 100).max(1);
    usize::try_from(MAX_PAGE_PIXELS / cell)
        .unwrap_or(MAX_PAGE_TILES)
        .clamp(1, MAX_PAGE_TILES)
}

/// Pages of the sheet of `n` tiles.
pub fn pages(n: usize, tile_size: u32) -> usize {
    n.div_ceil(page_tiles(tile_size)).max(1)
}

/// Renders page `page` (0-based) of the sheet of one expansion with tiles of
/// `tile_size` pixels. The tiles are drawn in parallel, the page is assembled
/// in order. The title is cut to the page's width (at most eight tiles wide
/// beyond the grid), so no name can widen a page without bound.
pub fn sheet(
    set: &TileSet,
    expansion: &str,
    tile_size: u32,
    page: usize,
) -> Result<Pixmap, (String, String)> {
    let fail = |m: String| (format!("the sheet of {expansion}"), m);
    let fonts = text::fonts().map_err(fail)?;
    let all: Vec<&Tile> = set
        .tiles
        .iter()
        .filter(|t| t.expansion == expansion)
        .collect();
    let per_page = page_tiles(tile_size);
    let page_count = all.len().div_ceil(per_page).max(1);
    let tiles: Vec<&Tile> = all
        .iter()
        .skip(page * per_page)
        .take(per_page)
        .copied()
        .collect();
    let name = set
        .expansions
        .iter()
        .find(|e| e.id == expansion)
        .map_or(expansion, |e| e.name.as_str());
    let cells: Vec<Pixmap> = tiles
        .par_iter()
        .map(|t| super::draw_tile(t, &set.vocabulary, 0, tile_size).map_err(|m| (t.id.clone(), m)))
        .collect::<Result<_, _>>()?;
    let cols = columns(tiles.len());
    let rows = tiles.len().div_ceil(cols).max(1);
    #[allow(clippy::cast_precision_loss)]
    let t = tile_size as f32;
    let (margin, gap, label, title) = (t * 0.18, t * 0.14, t * 0.2, t * 0.42);
    #[allow(clippy::cast_precision_loss)]
    let (cols_f, rows_f) = (cols as f32, rows as f32);
    let mut title_text = heading_text(name, expansion, &all);
    if page_count > 1 {
        title_text
            .1
            .push_str(&format!(" · page {} of {page_count}", page + 1));
    }
    let grid = 2.0 * margin + cols_f * t + (cols_f - 1.0) * gap;
    let width =
        grid.max((2.0 * margin + heading_width(fonts, &title_text, t)).min(grid.max(8.0 * t)));
    let title_text = fit_heading(fonts, title_text, t, width - 2.0 * margin);
    let height = margin + title + rows_f * (t + label) + (rows_f - 1.0) * gap + margin;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let mut pixmap = Pixmap::new(width.ceil() as u32, height.ceil() as u32)
        .ok_or_else(|| fail("the sheet would be too large".to_string()))?;
    pixmap.fill(colour::color(PAPER));
    heading(&mut pixmap, fonts, &title_text, (margin, t));
    for (i, (cell, tile)) in cells.iter().zip(&tiles).enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let (col, row) = ((i % cols) as f32, (i / cols) as f32);
        let x = (margin + col * (t + gap)).round();
        let y = (margin + title + row * (t + label + gap)).round();
        if let Some(frame) = Rect::from_xywh(x - 1.0, y - 1.0, t + 2.0, t + 2.0) {
            pixmap.fill_rect(frame, &paint(colour::INK), Transform::identity(), None);
        }
        #[allow(clippy::cast_possible_truncation)]
        pixmap.draw_pixmap(
            x as i32,
            y as i32,
            cell.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
        caption(&mut pixmap, fonts, tile, (x + t / 2.0, y + t), t);
    }
    Ok(pixmap)
}

/// The title line: the expansion's name in bold, then its id and totals.
fn heading_text(name: &str, id: &str, tiles: &[&Tile]) -> (String, String) {
    let copies: u64 = tiles.iter().map(|t| u64::from(t.count)).sum();
    (
        name.to_string(),
        format!(
            "   {id} · {}, {}",
            crate::words::count(tiles.len(), "tile kind"),
            crate::words::count(copies, "tile")
        ),
    )
}

fn heading_width(fonts: &Fonts, (name, info): &(String, String), t: f32) -> f32 {
    let px = (t * 0.2).max(12.0);
    text::width(&fonts.bold, px, name) + text::width(&fonts.regular, px * 0.7, info)
}

/// The title cut to `room` pixels: the name first, then what room is left
/// for the id and totals.
fn fit_heading(
    fonts: &Fonts,
    (name, info): (String, String),
    t: f32,
    room: f32,
) -> (String, String) {
    let px = (t * 0.2).max(12.0);
    let name = text::fit(&fonts.bold, px, &name, room);
    let left = room - text::width(&fonts.bold, px, &name);
    let info = text::fit(&fonts.regular, px * 0.7, &info, left.max(0.0));
    (name, info)
}

fn heading(
    pixmap: &mut Pixmap,
    fonts: &Fonts,
    (name, info): &(String, String),
    (margin, t): (f32, f32),
) {
    let px = (t * 0.2).max(12.0);
    let baseline = margin + text::ascent(&fonts.bold, px);
    let advance = text::draw(
        pixmap,
        &fonts.bold,
        px,
        (margin, baseline),
        name,
        colour::INK,
    );
    text::draw(
        pixmap,
        &fonts.regular,
        px * 0.7,
        (margin + advance, baseline),
        info,
        GREY,
    );
}

fn caption(pixmap: &mut Pixmap, fonts: &Fonts, tile: &Tile, (centre, top): (f32, f32), t: f32) {
    let mut px = (t * 0.11).max(9.0);
    let name = super::sheet::short_name(tile);
    let count = if tile.start > 0 {
        format!(" ×{} · start", tile.count)
    } else {
        format!(" ×{}", tile.count)
    };
    let mut w = text::width(&fonts.bold, px, name) + text::width(&fonts.regular, px, &count);
    if w > t {
        px *= t / w;
        w = t;
    }
    let baseline = top + 3.0 + text::ascent(&fonts.bold, px);
    let x = (centre - w / 2.0).round();
    let advance = text::draw(pixmap, &fonts.bold, px, (x, baseline), name, colour::INK);
    text::draw(
        pixmap,
        &fonts.regular,
        px,
        (x + advance, baseline),
        &count,
        GREY,
    );
}

#[cfg(test)]
mod tests {
    use super::columns;

    #[test]
    fn grids_are_a_little_wider_than_tall() {
        assert_eq!(columns(24), 6);
        assert_eq!(columns(16), 5);
        assert_eq!(columns(8), 4);
        assert_eq!(columns(6), 3);
        assert_eq!(columns(1), 1);
    }
}
