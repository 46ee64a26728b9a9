//! The shapes sheet (`--shapes-sheet`), for looking at what a player will
//! click: every exported tile's picture with each feature's click shape laid
//! over it in its own translucent colour and outline, the figure's point as a
//! dot, the artwork key at the point, and the JCZ id below. Tiles left out
//! (`--skip-unplayable`) are framed in red and keyed by our kind names.

use tiny_skia::{Color, FillRule, Paint, Pixmap, PixmapPaint, Rect, Stroke, Transform};

use super::ExportError;
use crate::render::{self, text, FeatureShape};

/// Edge of a tile on the sheet, in pixels.
pub const TILE: u32 = 240;

/// One cell: the picture, the caption, the keyed shapes, whether left out.
pub struct Cell<'a> {
    /// The tile's picture at [`TILE`] pixels.
    pub picture: Pixmap,
    /// The caption (JCZ id).
    pub caption: String,
    /// Key and shape per feature.
    pub shapes: &'a [(String, FeatureShape)],
    /// Left out of the add-on.
    pub left_out: bool,
}

const HUES: [(u8, u8, u8); 8] = [
    (230, 25, 75),
    (60, 180, 75),
    (0, 130, 200),
    (245, 130, 48),
    (145, 30, 180),
    (70, 240, 240),
    (240, 50, 230),
    (255, 225, 25),
];

/// Draws the sheet as PNG bytes.
///
/// # Errors
/// A sheet too large to allocate, or a font that cannot be read.
pub fn sheet(cells: &[Cell]) -> Result<Vec<u8>, ExportError> {
    let fail = |m: String| ExportError(format!("cannot draw the shapes sheet: {m}"));
    let fonts = text::fonts().map_err(fail)?;
    let n = cells.len().max(1);
    let mut cols = 1;
    while cols * cols < n * 3 / 2 {
        cols += 1;
    }
    let cols = cols.min(n);
    let rows = n.div_ceil(cols);
    #[allow(clippy::cast_precision_loss)]
    let t = TILE as f32;
    let (gap, label) = (16.0, 22.0);
    #[allow(
        clippy::cast_precision_loss,
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss
    )]
    let (w, h) = (
        (gap + cols as f32 * (t + gap)) as u32,
        (gap + rows as f32 * (t + label + gap)) as u32,
    );
    let mut page = Pixmap::new(w, h).ok_or_else(|| fail("too large".into()))?;
    page.fill(Color::from_rgba8(250, 248, 240, 255));
    for (i, cell) in cells.iter().enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let (x, y) = (
            gap + (i % cols) as f32 * (t + gap),
            gap + (i / cols) as f32 * (t + label + gap),
        );
        #[allow(clippy::cast_possible_truncation)]
        page.draw_pixmap(
            x as i32,
            y as i32,
            cell.picture.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
        let ts = Transform::from_row(t, 0.0, 0.0, t, x, y);
        for (k, (key, shape)) in cell.shapes.iter().enumerate() {
            let (r, g, b) = HUES[k % HUES.len()];
            let mut fill = Paint::default();
            fill.set_color_rgba8(r, g, b, 90);
            fill.anti_alias = true;
            page.fill_path(&shape.path, &fill, FillRule::Winding, ts, None);
            let mut line = Paint::default();
            line.set_color_rgba8(r / 2, g / 2, b / 2, 255);
            line.anti_alias = true;
            let stroke = Stroke {
                width: 1.5 / t,
                ..Stroke::default()
            };
            page.stroke_path(&shape.path, &line, &stroke, ts, None);
            let (px, py) = (x + shape.point.0 * t, y + shape.point.1 * t);
            if let Some(dot) = tiny_skia::PathBuilder::from_circle(px, py, 4.0) {
                let mut black = Paint::default();
                black.set_color_rgba8(0, 0, 0, 255);
                page.fill_path(&dot, &black, FillRule::Winding, Transform::identity(), None);
            }
            let short = key.rsplit_once('/').map_or(key.as_str(), |(ty, loc)| {
                if ty.len() > 1 && loc.len() < 12 {
                    key.as_str()
                } else {
                    loc
                }
            });
            text::draw(
                &mut page,
                &fonts.bold,
                11.0,
                (px + 5.0, py - 3.0),
                short,
                tiny_skia::ColorU8::from_rgba(20, 20, 20, 255),
            );
        }
        if cell.left_out {
            if let Some(frame) = Rect::from_xywh(x, y, t, t) {
                let mut red = Paint::default();
                red.set_color_rgba8(220, 0, 0, 255);
                let path = tiny_skia::PathBuilder::from_rect(frame);
                page.stroke_path(
                    &path,
                    &red,
                    &Stroke {
                        width: 4.0,
                        ..Stroke::default()
                    },
                    Transform::identity(),
                    None,
                );
            }
        }
        let caption = text::fit(&fonts.regular, 13.0, &cell.caption, t);
        text::draw(
            &mut page,
            &fonts.regular,
            13.0,
            (x, y + t + 15.0),
            &caption,
            tiny_skia::ColorU8::from_rgba(40, 40, 40, 255),
        );
    }
    render::encode_png(&page).map_err(fail)
}
