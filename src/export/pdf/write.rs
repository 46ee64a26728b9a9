//! Writes the planned pages as PDF objects with `pdf-writer`: one image object
//! per tile kind (placed as often as the pages need it), Helvetica for text (a
//! standard font, nothing embedded), thin cut lines along the grid and crop
//! marks in the margins.

use std::collections::BTreeMap;

use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use super::images::Picture;
use super::layout::{Grid, Options, Page, COVER_COLUMNS, COVER_HEADER_MM, COVER_ROW_MM, MARGIN_MM};
use crate::emit::wire::TileSet;

const CATALOG: Ref = Ref::new(1);
const PAGE_TREE: Ref = Ref::new(2);
const FONT: Ref = Ref::new(3);
const FONT_BOLD: Ref = Ref::new(4);
const INFO: Ref = Ref::new(5);
const FIRST_FREE: i32 = 6;

/// Crop marks: length, and gap from the grid's edge, in millimetres.
const MARK_MM: f32 = 6.0;
const MARK_GAP_MM: f32 = 1.5;

fn pt(mm: f32) -> f32 {
    mm * 72.0 / 25.4
}

/// Hands out object ids in order.
struct Ids(i32);

impl Ids {
    fn next(&mut self) -> Ref {
        let r = Ref::new(self.0);
        self.0 += 1;
        r
    }
}

/// The page's coordinates: millimetres from the top left, as PDF points.
struct Sheet {
    height_pt: f32,
}

impl Sheet {
    fn x(&self, mm: f32) -> f32 {
        pt(mm)
    }

    fn y(&self, mm: f32) -> f32 {
        self.height_pt - pt(mm)
    }
}

/// The whole document.
pub fn document(
    set: &TileSet,
    options: &Options,
    grid: &Grid,
    pages: &[Page],
    pictures: &BTreeMap<usize, Picture>,
) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let mut ids = Ids(FIRST_FREE);
    let image_ids: BTreeMap<usize, Ref> = pictures.keys().map(|&i| (i, ids.next())).collect();
    let page_ids: Vec<(Ref, Ref)> = pages.iter().map(|_| (ids.next(), ids.next())).collect();

    pdf.catalog(CATALOG).pages(PAGE_TREE);
    pdf.pages(PAGE_TREE)
        .kids(page_ids.iter().map(|(p, _)| *p))
        .count(i32::try_from(pages.len()).unwrap_or(i32::MAX));
    let names: Vec<&str> = set.expansions.iter().map(|e| e.name.as_str()).collect();
    pdf.document_info(INFO)
        .title(TextStr(&format!("{} — print and play", names.join(", "))))
        .creator(TextStr("tileforge"));
    for (font, name) in [
        (FONT, b"Helvetica".as_slice()),
        (FONT_BOLD, b"Helvetica-Bold"),
    ] {
        pdf.type1_font(font)
            .base_font(Name(name))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    for (i, picture) in pictures {
        let size = i32::try_from(picture.size).unwrap_or(i32::MAX);
        let mut image = pdf.image_xobject(image_ids[i], &picture.deflated);
        image.filter(Filter::FlateDecode);
        image.width(size);
        image.height(size);
        image.color_space().device_rgb();
        image.bits_per_component(8);
        image.finish();
    }

    let (w_mm, _) = options.paper.size_mm();
    let (w_pt, h_pt) = options.paper.size_pt();
    let sheet = Sheet { height_pt: h_pt };
    for (page, &(page_id, content_id)) in pages.iter().zip(&page_ids) {
        let mut content = Content::new();
        let used: Vec<usize> = match page {
            Page::Cover { expansion, kinds } => {
                cover(&mut content, &sheet, set, *expansion, kinds, options, w_mm);
                kinds.clone()
            }
            Page::Fronts { cells, .. } => {
                for &(tile, c, r) in cells {
                    let (x, y) = cell(grid, c, r);
                    place(&mut content, &sheet, tile, x, y, grid.tile);
                }
                let rows = cells.iter().map(|c| c.2 + 1).max().unwrap_or(0);
                cut_lines(&mut content, &sheet, grid, rows);
                cells.iter().map(|c| c.0).collect()
            }
            Page::Backs { expansion, cells } => {
                let e = &set.expansions[*expansion];
                for &(c, r) in cells {
                    let (x, y) = cell(grid, c, r);
                    back(&mut content, &sheet, &e.id, &e.name, x, y, grid.tile);
                }
                let rows = cells.iter().map(|c| c.1 + 1).max().unwrap_or(0);
                cut_lines(&mut content, &sheet, grid, rows);
                Vec::new()
            }
        };
        pdf.stream(content_id, &content.finish());
        let mut p = pdf.page(page_id);
        p.media_box(Rect::new(0.0, 0.0, w_pt, h_pt));
        p.parent(PAGE_TREE);
        p.contents(content_id);
        let mut resources = p.resources();
        {
            let mut fonts = resources.fonts();
            fonts.pair(Name(b"F1"), FONT);
            fonts.pair(Name(b"F2"), FONT_BOLD);
        }
        let mut objects = resources.x_objects();
        let mut seen = used;
        seen.sort_unstable();
        seen.dedup();
        for i in seen {
            let name = image_name(i);
            objects.pair(Name(name.as_bytes()), image_ids[&i]);
        }
        objects.finish();
        resources.finish();
        p.finish();
    }
    pdf.finish()
}

fn image_name(tile: usize) -> String {
    format!("T{tile}")
}

/// The top-left corner of a grid cell, millimetres.
#[allow(clippy::cast_precision_loss)]
fn cell(grid: &Grid, column: usize, row: usize) -> (f32, f32) {
    (
        grid.left + column as f32 * grid.tile,
        grid.top + row as f32 * grid.tile,
    )
}

/// Draws tile picture `tile` with its top-left corner at (x, y) mm.
fn place(content: &mut Content, sheet: &Sheet, tile: usize, x: f32, y: f32, size: f32) {
    let name = image_name(tile);
    content.save_state();
    content.transform([pt(size), 0.0, 0.0, pt(size), sheet.x(x), sheet.y(y + size)]);
    content.x_object(Name(name.as_bytes()));
    content.restore_state();
}

/// Thin grey lines along every grid line of the used rows, and black crop marks
/// in the margins where the lines meet the edge of the paper's grid area.
#[allow(clippy::cast_precision_loss)]
fn cut_lines(content: &mut Content, sheet: &Sheet, grid: &Grid, rows: usize) {
    if rows == 0 {
        return;
    }
    let (left, top) = (grid.left, grid.top);
    let right = left + grid.columns as f32 * grid.tile;
    let bottom = top + rows as f32 * grid.tile;
    content.save_state();
    content.set_line_width(0.25);
    content.set_stroke_rgb(0.6, 0.6, 0.6);
    for c in 0..=grid.columns {
        let x = left + c as f32 * grid.tile;
        content.move_to(sheet.x(x), sheet.y(top));
        content.line_to(sheet.x(x), sheet.y(bottom));
    }
    for r in 0..=rows {
        let y = top + r as f32 * grid.tile;
        content.move_to(sheet.x(left), sheet.y(y));
        content.line_to(sheet.x(right), sheet.y(y));
    }
    content.stroke();
    content.set_line_width(0.4);
    content.set_stroke_rgb(0.0, 0.0, 0.0);
    let reach = MARK_MM.min(MARGIN_MM - MARK_GAP_MM);
    for c in 0..=grid.columns {
        let x = left + c as f32 * grid.tile;
        for (from, to) in [
            (top - MARK_GAP_MM, top - MARK_GAP_MM - reach),
            (bottom + MARK_GAP_MM, bottom + MARK_GAP_MM + reach),
        ] {
            content.move_to(sheet.x(x), sheet.y(from));
            content.line_to(sheet.x(x), sheet.y(to));
        }
    }
    for r in 0..=rows {
        let y = top + r as f32 * grid.tile;
        for (from, to) in [
            (left - MARK_GAP_MM, left - MARK_GAP_MM - reach),
            (right + MARK_GAP_MM, right + MARK_GAP_MM + reach),
        ] {
            content.move_to(sheet.x(from), sheet.y(y));
            content.line_to(sheet.x(to), sheet.y(y));
        }
    }
    content.stroke();
    content.restore_state();
}

/// A tile back: the expansion's colour and its name.
fn back(content: &mut Content, sheet: &Sheet, id: &str, name: &str, x: f32, y: f32, size: f32) {
    let (r, g, b) = colour_of(id);
    content.save_state();
    content.set_fill_rgb(r, g, b);
    content.rect(sheet.x(x), sheet.y(y + size), pt(size), pt(size));
    content.fill_nonzero();
    content.set_fill_rgb(1.0, 1.0, 1.0);
    let font = (size * 0.16).clamp(6.0, 14.0);
    let text = latin1(name);
    let width = text_width(&text, font);
    let max = pt(size) * 0.9;
    let font = if width > max {
        font * max / width
    } else {
        font
    };
    let width = text_width(&text, font);
    text_at(
        content,
        &text,
        true,
        font,
        sheet.x(x) + (pt(size) - width) / 2.0,
        sheet.y(y + size / 2.0) - font * 0.35,
    );
    content.restore_state();
}

/// A cover page: title, what to do, and the listed kinds with their counts.
#[allow(clippy::cast_precision_loss, clippy::too_many_arguments)]
fn cover(
    content: &mut Content,
    sheet: &Sheet,
    set: &TileSet,
    expansion: usize,
    kinds: &[usize],
    options: &Options,
    width_mm: f32,
) {
    let e = &set.expansions[expansion];
    let tiles: Vec<_> = set.tiles.iter().filter(|t| t.expansion == e.id).collect();
    let copies: u64 = tiles.iter().map(|t| u64::from(t.count)).sum();
    let year = e.year.map_or(String::new(), |y| format!("{y} · "));
    text_at(
        content,
        &latin1(&e.name),
        true,
        22.0,
        sheet.x(MARGIN_MM),
        sheet.y(MARGIN_MM + 10.0),
    );
    let line = format!(
        "{year}{} in {} · each {} mm · print at 100% (no scaling), cut along the lines",
        crate::words::count(copies, "tile"),
        crate::words::count(tiles.len(), "kind"),
        options.tile_mm
    );
    text_at(
        content,
        &latin1(&line),
        false,
        9.5,
        sheet.x(MARGIN_MM),
        sheet.y(MARGIN_MM + 18.0),
    );
    let column_mm = (width_mm - 2.0 * MARGIN_MM) / COVER_COLUMNS as f32;
    let thumb = COVER_ROW_MM - 3.0;
    for (k, &tile) in kinds.iter().enumerate() {
        let (c, r) = (k % COVER_COLUMNS, k / COVER_COLUMNS);
        let x = MARGIN_MM + c as f32 * column_mm;
        let y = MARGIN_MM + COVER_HEADER_MM + r as f32 * COVER_ROW_MM;
        place(content, sheet, tile, x, y, thumb);
        let t = &set.tiles[tile];
        let id = t.id.rsplit('/').next().unwrap_or(&t.id);
        text_at(
            content,
            &latin1(id),
            true,
            10.0,
            sheet.x(x + thumb + 3.0),
            sheet.y(y + thumb / 2.0 - 1.0),
        );
        text_at(
            content,
            &latin1(&format!("x{}", t.count)),
            false,
            9.0,
            sheet.x(x + thumb + 3.0),
            sheet.y(y + thumb / 2.0 + 4.0),
        );
    }
}

fn text_at(content: &mut Content, text: &[u8], bold: bool, size: f32, x: f32, y: f32) {
    content.begin_text();
    content.set_font(Name(if bold { b"F2" } else { b"F1" }), size);
    content.next_line(x, y);
    content.show(Str(text));
    content.end_text();
}

/// Text in the fonts' WinAnsi encoding: Latin-1 as is, anything else `?`,
/// control characters dropped.
fn latin1(text: &str) -> Vec<u8> {
    text.chars()
        .filter(|c| !c.is_control())
        .map(|c| {
            u8::try_from(u32::from(c))
                .ok()
                .filter(|&b| b >= 0x20)
                .unwrap_or(b'?')
        })
        .collect()
}

/// An estimate of Helvetica's width (about half an em a character), enough to
/// centre a short name.
#[allow(clippy::cast_precision_loss)]
fn text_width(text: &[u8], size: f32) -> f32 {
    text.len() as f32 * size * 0.55
}

/// A light colour from an expansion id, the same every time.
fn colour_of(id: &str) -> (f32, f32, f32) {
    let hash = id.bytes().fold(0x811c_9dc5_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    #[allow(clippy::cast_precision_loss)]
    let hue = (hash % 360) as f32 / 60.0;
    let x = 1.0 - (hue % 2.0 - 1.0).abs();
    let (r, g, b) = match hue as u32 {
        0 => (1.0, x, 0.0),
        1 => (x, 1.0, 0.0),
        2 => (0.0, 1.0, x),
        3 => (0.0, x, 1.0),
        4 => (x, 0.0, 1.0),
        _ => (1.0, 0.0, x),
    };
    // Darkened so white text reads on it.
    (0.25 + 0.45 * r, 0.25 + 0.45 * g, 0.25 + 0.45 * b)
}
