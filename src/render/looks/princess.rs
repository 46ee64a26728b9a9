//! The `princess` look of an attribute: a golden crown set with rubies.

use tiny_skia::{ColorU8 as Color, Pixmap, Transform};

use super::super::draw::{circle, colour, polygon, shape};

const RUBY: Color = colour::rgb(200, 32, 56);

/// Draws a crown in the square `-1..1`.
pub fn paint(pixmap: &mut Pixmap, ts: Transform) {
    shape(pixmap, circle(0.0, 0.0, 1.0), colour::WHITE, 0.08, ts);
    shape(
        pixmap,
        polygon(&[
            (-0.66, 0.5),
            (-0.72, -0.42),
            (-0.34, -0.02),
            (0.0, -0.62),
            (0.34, -0.02),
            (0.72, -0.42),
            (0.66, 0.5),
        ]),
        colour::GOLD,
        0.07,
        ts,
    );
    for (x, y) in [(-0.72, -0.5), (0.0, -0.7), (0.72, -0.5)] {
        shape(pixmap, circle(x, y, 0.1), colour::GOLD, 0.05, ts);
    }
    for x in [-0.36, 0.0, 0.36] {
        shape(pixmap, circle(x, 0.26, 0.1), RUBY, 0.04, ts);
    }
}
