//! The `acrobats` look of a spot: three acrobats seen from above, a pyramid
//! on a sandy ring.

use tiny_skia::{ColorU8 as Color, Pixmap, Transform};

use super::super::draw::{circle, colour, line, shape, upright};
use super::super::layout::Spot;

const SAND: Color = colour::rgb(232, 214, 166);
const TENT_RED: Color = colour::rgb(196, 48, 56);

/// Draws the acrobats' ring, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    shape(pixmap, circle(0.0, 0.0, 1.0), SAND, 0.08, ts);
    line(pixmap, &[(-0.62, 0.72), (0.62, 0.72)], 0.1, colour::INK, ts);
    for (x, y) in [(-0.34, 0.36), (0.34, 0.36), (0.0, -0.26)] {
        shape(pixmap, circle(x, y, 0.3), colour::WHITE, 0.09, ts);
        shape(pixmap, circle(x, y, 0.11), TENT_RED, 0.0, ts);
    }
    line(
        pixmap,
        &[(-0.34, 0.06), (-0.12, -0.08)],
        0.08,
        colour::INK,
        ts,
    );
    line(
        pixmap,
        &[(0.34, 0.06), (0.12, -0.08)],
        0.08,
        colour::INK,
        ts,
    );
}
