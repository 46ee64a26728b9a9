//! Where everything goes: the squares the picture covers, the tile size that
//! keeps it within bounds, the gutters for the coordinates, the legend's
//! place; and the parts drawn straight from the frame (coordinates, seams).

use tiny_skia::{Pixmap, Rect, Transform};

use super::super::draw::{colour, paint, transform};
use super::super::geometry::P;
use super::super::text::{self, Fonts};
use super::super::{RenderError, MIN_SIZE};
use super::{fail, legend, Caption, Grid, MAX_PIXELS, MAX_SIDE};
use crate::engine::BoardView;

const AXIS: tiny_skia::ColorU8 = colour::rgb(140, 132, 124);

/// The squares the picture covers: every tile and every open square.
#[derive(Clone, Copy, Debug)]
pub struct Extent {
    min_x: i64,
    min_y: i64,
    cols: i64,
    rows: i64,
}

impl Extent {
    pub fn of(view: &BoardView) -> Option<Extent> {
        let xs = view
            .tiles
            .iter()
            .map(|t| (t.x, t.y))
            .chain(view.open.iter().map(|o| (o.x, o.y)));
        let mut bounds: Option<(i64, i64, i64, i64)> = None;
        for (x, y) in xs {
            let (x, y) = (i64::from(x), i64::from(y));
            bounds = Some(match bounds {
                None => (x, x, y, y),
                Some((a, b, c, d)) => (a.min(x), b.max(x), c.min(y), d.max(y)),
            });
        }
        let (x0, x1, y0, y1) = bounds?;
        view.tiles.first()?;
        Some(Extent {
            min_x: x0,
            min_y: y0,
            cols: x1 - x0 + 1,
            rows: y1 - y0 + 1,
        })
    }
}

/// Where everything goes, in pixels.
pub struct Frame {
    /// Edge of a square in pixels.
    pub tile: u32,
    /// The squares covered.
    pub extent: Extent,
    /// Paper around everything.
    pub margin: f32,
    /// Top-left corner of the board's grid.
    pub origin: (f32, f32),
    /// Size of the coordinates' text.
    pub label_px: f32,
    /// The legend, laid out.
    pub legend: legend::Legend,
    /// Top of the legend.
    pub legend_top: f32,
    /// The picture's width in pixels.
    pub width: u32,
    /// The picture's height in pixels.
    pub height: u32,
}

impl Frame {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    pub fn grid(&self) -> Grid {
        let e = self.extent;
        Grid {
            tile_size: self.tile,
            left: self.origin.0 as u32,
            top: self.origin.1 as u32,
            min_x: i32::try_from(e.min_x).unwrap_or(i32::MIN),
            min_y: i32::try_from(e.min_y).unwrap_or(i32::MIN),
            cols: u32::try_from(e.cols).unwrap_or(u32::MAX),
            rows: u32::try_from(e.rows).unwrap_or(u32::MAX),
        }
    }

    #[allow(clippy::cast_precision_loss)]
    pub fn tf(&self) -> f32 {
        self.tile as f32
    }

    /// The pixel square of a board square.
    #[allow(clippy::cast_precision_loss)]
    pub fn square(&self, x: i32, y: i32) -> Option<Rect> {
        let (left, top) = self.corner(x, y);
        Rect::from_xywh(left, top, self.tf(), self.tf())
    }

    /// The top-left pixel of a board square.
    #[allow(clippy::cast_precision_loss)]
    pub fn corner(&self, x: i32, y: i32) -> (f32, f32) {
        let t = self.tf();
        let col = (i64::from(x) - self.extent.min_x) as f32;
        let row = (i64::from(y) - self.extent.min_y) as f32;
        (self.origin.0 + col * t, self.origin.1 + row * t)
    }

    pub fn centre(&self, x: i32, y: i32) -> (f32, f32) {
        let (left, top) = self.corner(x, y);
        (left + self.tf() / 2.0, top + self.tf() / 2.0)
    }

    /// A point in unrotated tile coordinates of the tile at (x, y), in pixels.
    pub fn point(&self, x: i32, y: i32, rotation: u8, at: P) -> (f32, f32) {
        let (left, top) = self.corner(x, y);
        let ts = transform(self.tile, rotation).post_translate(left, top);
        let mut q = tiny_skia::Point::from_xy(at.x, at.y);
        ts.map_point(&mut q);
        (q.x, q.y)
    }
}

/// The frame at the asked tile size, or the largest smaller size that keeps
/// the picture within bounds.
pub fn fit(
    fonts: &Fonts,
    view: &BoardView,
    caption: &Caption,
    extent: Extent,
    asked: u32,
) -> Result<Frame, RenderError> {
    let mut t = asked;
    loop {
        let frame = frame(fonts, view, caption, extent, t);
        let (w, h) = (u64::from(frame.width), u64::from(frame.height));
        let fits = w <= u64::from(MAX_SIDE) && h <= u64::from(MAX_SIDE) && w * h <= MAX_PIXELS;
        if fits {
            return Ok(frame);
        }
        if t <= MIN_SIZE {
            return Err(fail(format!(
                "the board spans {} × {} squares: even with {} px tiles the picture would be {w} × {h} px, over the limit of {MAX_SIDE} px a side and {MAX_PIXELS} pixels",
                extent.cols, extent.rows, MIN_SIZE
            )));
        }
        // Shrink in proportion, then by one pixel at a time near the edge.
        #[allow(clippy::cast_precision_loss)]
        let side = (w.max(h) as f64).max(1.0);
        #[allow(clippy::cast_precision_loss)]
        let area = ((w * h) as f64).max(1.0);
        #[allow(clippy::cast_precision_loss)]
        let k = (f64::from(MAX_SIDE) / side).min((MAX_PIXELS as f64 / area).sqrt());
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let next = (f64::from(t) * k).floor() as u32;
        t = next.min(t - 1).max(MIN_SIZE);
    }
}

#[allow(clippy::cast_precision_loss)]
fn frame(fonts: &Fonts, view: &BoardView, caption: &Caption, extent: Extent, t: u32) -> Frame {
    let tf = t as f32;
    let margin = (tf * 0.25).max(12.0).round();
    let label_px = (tf * 0.15).clamp(9.0, 18.0);
    let widest_row = [extent.min_y, extent.min_y + extent.rows - 1]
        .iter()
        .map(|y| text::width(&fonts.regular, label_px, &y.to_string()))
        .fold(0.0f32, f32::max);
    let gutter_left = (widest_row + label_px).ceil();
    let gutter_top = (label_px * 1.6).ceil();
    let board_w = extent.cols as f32 * tf;
    let board_h = extent.rows as f32 * tf;
    let origin = (margin + gutter_left, margin + gutter_top);
    let legend_px = (tf * 0.17).clamp(12.0, 22.0);
    let room = (gutter_left + board_w).max(legend_px * 36.0);
    let legend = legend::layout(fonts, legend_px, legend::items(view, caption), room);
    let legend_top = (origin.1 + board_h + margin * 0.8).round();
    let width = (margin * 2.0 + (gutter_left + board_w).max(legend.width)).ceil();
    let height = (legend_top + legend.height + margin * 0.6).ceil();
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Frame {
        tile: t,
        extent,
        margin,
        origin,
        label_px,
        legend_top,
        width: width.min(u32::MAX as f32) as u32,
        height: height.min(u32::MAX as f32) as u32,
        legend,
    }
}

/// Column numbers above the board, row numbers to its left.
#[allow(clippy::cast_precision_loss)]
pub fn axes(pixmap: &mut Pixmap, fonts: &Fonts, frame: &Frame) {
    let px = frame.label_px;
    let t = frame.tf();
    let e = frame.extent;
    let widest = [e.min_x, e.min_x + e.cols - 1, e.min_y, e.min_y + e.rows - 1]
        .iter()
        .map(|v| text::width(&fonts.regular, px, &v.to_string()))
        .fold(0.0f32, f32::max);
    #[allow(clippy::cast_possible_truncation)]
    let every = ((widest + px) / t).ceil().max(1.0) as i64;
    let baseline = frame.origin.1 - px * 0.5;
    for c in 0..e.cols {
        let x = e.min_x + c;
        if x.rem_euclid(every) != 0 {
            continue;
        }
        let label = x.to_string();
        let w = text::width(&fonts.regular, px, &label);
        let cx = frame.origin.0 + (c as f32 + 0.5) * t;
        text::draw(
            pixmap,
            &fonts.regular,
            px,
            (cx - w / 2.0, baseline),
            &label,
            AXIS,
        );
    }
    #[allow(clippy::cast_possible_truncation)]
    let row_every = ((px * 1.4) / t).ceil().max(1.0) as i64;
    for r in 0..e.rows {
        let y = e.min_y + r;
        if y.rem_euclid(row_every) != 0 {
            continue;
        }
        let label = y.to_string();
        let w = text::width(&fonts.regular, px, &label);
        let cy = frame.origin.1 + (r as f32 + 0.5) * t + text::ascent(&fonts.regular, px) * 0.36;
        text::draw(
            pixmap,
            &fonts.regular,
            px,
            (frame.origin.0 - px * 0.5 - w, cy),
            &label,
            AXIS,
        );
    }
}

/// Faint lines where tiles meet, so squares can be counted.
pub fn seams(pixmap: &mut Pixmap, view: &BoardView, frame: &Frame) {
    let mut ink = paint(colour::INK);
    ink.shader = tiny_skia::Shader::SolidColor(tiny_skia::Color::from_rgba8(40, 34, 30, 70));
    let t = frame.tf();
    for v in &view.tiles {
        let (left, top) = frame.corner(v.x, v.y);
        for edge in [
            Rect::from_xywh(left, top, t, 1.0),
            Rect::from_xywh(left, top, 1.0, t),
        ]
        .into_iter()
        .flatten()
        {
            pixmap.fill_rect(edge, &ink, Transform::identity(), None);
        }
    }
}
