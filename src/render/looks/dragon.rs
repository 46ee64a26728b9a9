//! The `dragon` look of a spot: a red dragon seen from above, wings spread.

use tiny_skia::{ColorU8 as Color, PathBuilder, Pixmap, Transform};

use super::super::draw::{circle, colour, ellipse, polygon, shape, upright};
use super::super::layout::Spot;

const SCALES: Color = colour::rgb(196, 44, 36);
const WING: Color = colour::rgb(134, 26, 30);
const BELLY: Color = colour::rgb(236, 160, 64);

/// Draws a dragon, upright, head to the north.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    let o = 0.06;
    // The tail curls away to the south-east.
    let mut tail = PathBuilder::new();
    tail.move_to(-0.1, 0.4);
    tail.quad_to(0.0, 1.0, 0.62, 0.78);
    tail.line_to(0.5, 0.66);
    tail.quad_to(0.1, 0.82, 0.12, 0.4);
    tail.close();
    shape(pixmap, tail.finish(), SCALES, o, ts);
    shape(
        pixmap,
        polygon(&[(0.62, 0.78), (0.88, 0.62), (0.5, 0.62)]),
        SCALES,
        o,
        ts,
    );
    for side in [-1.0_f32, 1.0] {
        let w = |x: f32, y: f32| (x * side, y);
        shape(
            pixmap,
            polygon(&[
                w(0.12, -0.2),
                w(0.96, -0.62),
                w(0.82, -0.22),
                w(0.98, 0.02),
                w(0.72, 0.06),
                w(0.78, 0.3),
                w(0.12, 0.2),
            ]),
            WING,
            o,
            ts,
        );
    }
    shape(pixmap, ellipse(0.0, 0.05, 0.22, 0.46), SCALES, o, ts);
    shape(pixmap, ellipse(0.0, 0.1, 0.1, 0.3), BELLY, 0.0, ts);
    // Head and horns.
    for side in [-1.0_f32, 1.0] {
        shape(
            pixmap,
            polygon(&[
                (0.08 * side, -0.6),
                (0.3 * side, -0.9),
                (0.16 * side, -0.52),
            ]),
            colour::STONE,
            0.05,
            ts,
        );
    }
    shape(pixmap, ellipse(0.0, -0.58, 0.17, 0.2), SCALES, o, ts);
    for side in [-1.0_f32, 1.0] {
        shape(
            pixmap,
            circle(0.08 * side, -0.62, 0.045),
            colour::GOLD,
            0.0,
            ts,
        );
    }
}
