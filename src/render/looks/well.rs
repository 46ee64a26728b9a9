//! The `well` look of an attribute: a round ring of stones around dark water,
//! seen from above, on the point where its roads meet.

use tiny_skia::{Pixmap, Transform};

use super::super::draw::{circle, colour, line, shape};

/// Unit vectors at every eighth of a turn, for the joints between stones.
const JOINTS: [(f32, f32); 8] = [
    (1.0, 0.0),
    (0.707, 0.707),
    (0.0, 1.0),
    (-0.707, 0.707),
    (-1.0, 0.0),
    (-0.707, -0.707),
    (0.0, -1.0),
    (0.707, -0.707),
];

/// Draws a well in the square `-1..1`.
pub fn paint(pixmap: &mut Pixmap, ts: Transform) {
    shape(pixmap, circle(0.0, 0.0, 0.95), colour::WALL, 0.12, ts);
    for (x, y) in JOINTS {
        line(
            pixmap,
            &[(x * 0.62, y * 0.62), (x * 0.92, y * 0.92)],
            0.07,
            colour::INK,
            ts,
        );
    }
    shape(pixmap, circle(0.0, 0.0, 0.6), colour::WATER_EDGE, 0.1, ts);
    shape(pixmap, circle(0.06, 0.06, 0.44), colour::WATER, 0.0, ts);
    line(
        pixmap,
        &[(-0.26, -0.12), (-0.08, -0.28)],
        0.1,
        colour::RIPPLE,
        ts,
    );
}
