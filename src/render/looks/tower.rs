//! The `tower` look of a spot: a tower's foundation seen from above, a
//! square of stone blocks with a crenellated rim around a dark floor.

use tiny_skia::{ColorU8 as Color, Pixmap, Transform};

use super::super::draw::{colour, line, polygon, shape, upright};
use super::super::layout::Spot;

const BLOCK: Color = colour::rgb(156, 150, 140);
const FLOOR: Color = colour::rgb(96, 90, 84);

fn square(h: f32) -> Option<tiny_skia::Path> {
    polygon(&[(-h, -h), (h, -h), (h, h), (-h, h)])
}

/// Draws a tower foundation, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    shape(pixmap, square(0.86), BLOCK, 0.08, ts);
    // Crenels: three notches along each side.
    for k in [-0.5_f32, 0.0, 0.5] {
        for (x, y) in [(k, -0.86), (k, 0.86), (-0.86, k), (0.86, k)] {
            shape(
                pixmap,
                polygon(&[
                    (x - 0.12, y - 0.12),
                    (x + 0.12, y - 0.12),
                    (x + 0.12, y + 0.12),
                    (x - 0.12, y + 0.12),
                ]),
                colour::WALL,
                0.05,
                ts,
            );
        }
    }
    shape(pixmap, square(0.5), FLOOR, 0.06, ts);
    for y in [-0.68, 0.68] {
        line(pixmap, &[(-0.62, y), (0.62, y)], 0.03, colour::INK, ts);
    }
    for x in [-0.68, 0.68] {
        line(pixmap, &[(x, -0.62), (x, 0.62)], 0.03, colour::INK, ts);
    }
}
