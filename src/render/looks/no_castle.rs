//! The `no-castle` look of an attribute: a small grey castle keep on a white
//! disc, struck through by a red ring and bar: no castle may stand here.

use tiny_skia::{ColorU8, Pixmap, Transform};

use super::super::draw::{circle, colour, line, outline, polygon, shape};

const FORBID: ColorU8 = colour::rgb(200, 44, 40);

/// Draws the mark in the square `-1..1`.
pub fn paint(pixmap: &mut Pixmap, ts: Transform) {
    shape(pixmap, circle(0.0, 0.0, 0.98), colour::WHITE, 0.08, ts);
    // The keep: a tower with three merlons.
    let mut keep = vec![(-0.42, 0.6), (-0.42, -0.3)];
    for (x0, x1) in [(-0.42_f32, -0.2_f32), (-0.11, 0.11), (0.2, 0.42)] {
        keep.extend([(x0, -0.55), (x1, -0.55), (x1, -0.3)]);
    }
    keep.pop();
    keep.extend([(0.42, -0.3), (0.42, 0.6)]);
    shape(pixmap, polygon(&keep), colour::WALL, 0.08, ts);
    shape(
        pixmap,
        polygon(&[(-0.12, 0.6), (-0.12, 0.25), (0.12, 0.25), (0.12, 0.6)]),
        colour::INK,
        0.0,
        ts,
    );
    outline(pixmap, circle(0.0, 0.0, 0.78), FORBID, 0.2, ts);
    line(pixmap, &[(-0.55, -0.55), (0.55, 0.55)], 0.2, FORBID, ts);
}
