//! The `road` look of a path: a pale surface between dark edges; and the
//! village, a small house on the square where dead ends meet.

use tiny_skia::{Pixmap, Transform};

use super::super::draw::{colour, polygon, shape, upright};
use super::super::geometry::P;
use super::PathStyle;

/// Width of a road's pale surface.
pub const WIDTH: f32 = 0.085;

/// A road's strokes.
pub fn style() -> PathStyle {
    PathStyle {
        width: WIDTH,
        edge: 0.016,
        surface: colour::rgb(238, 230, 206),
        edge_colour: colour::rgb(84, 72, 60),
    }
}

/// A small house on the village square (the square itself is drawn with the
/// paths, so they join seamlessly); upright.
pub fn village(pixmap: &mut Pixmap, at: P, r: f32, ts: Transform) {
    let ts = upright(ts, at, r);
    let o = 0.1;
    shape(
        pixmap,
        polygon(&[(-0.5, -0.05), (0.5, -0.05), (0.5, 0.55), (-0.5, 0.55)]),
        colour::WHITE,
        o,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(-0.65, -0.02), (0.0, -0.62), (0.65, -0.02)]),
        colour::ROOF,
        o,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(-0.12, 0.55), (-0.12, 0.22), (0.12, 0.22), (0.12, 0.55)]),
        colour::INK,
        0.0,
        ts,
    );
}
