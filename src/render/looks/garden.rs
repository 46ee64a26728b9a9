//! The `garden` look of a spot: a round hedge around a lawn, four flower
//! beds between sand paths and a small fountain in the middle.

use tiny_skia::{ColorU8 as Color, Pixmap, Transform};

use super::super::draw::{circle, colour, line, shape, upright};
use super::super::layout::Spot;

const HEDGE: Color = colour::rgb(46, 108, 48);
const LAWN: Color = colour::rgb(168, 212, 104);
const SAND: Color = colour::rgb(228, 210, 156);
const FLOWERS: [Color; 4] = [
    colour::rgb(232, 96, 146),
    colour::rgb(250, 212, 56),
    colour::rgb(250, 248, 240),
    colour::rgb(206, 52, 52),
];

/// Draws a garden, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    shape(pixmap, circle(0.0, 0.0, 1.0), HEDGE, 0.07, ts);
    shape(pixmap, circle(0.0, 0.0, 0.78), LAWN, 0.0, ts);
    line(pixmap, &[(-0.78, 0.0), (0.78, 0.0)], 0.18, SAND, ts);
    line(pixmap, &[(0.0, -0.78), (0.0, 0.78)], 0.18, SAND, ts);
    for (k, (x, y)) in [(-0.4, -0.4), (0.4, -0.4), (0.4, 0.4), (-0.4, 0.4)]
        .into_iter()
        .enumerate()
    {
        shape(pixmap, circle(x, y, 0.22), HEDGE, 0.0, ts);
        for (dx, dy) in [(-0.08, -0.07), (0.09, -0.04), (0.0, 0.09)] {
            shape(pixmap, circle(x + dx, y + dy, 0.075), FLOWERS[k], 0.0, ts);
        }
    }
    shape(pixmap, circle(0.0, 0.0, 0.17), colour::WATER, 0.06, ts);
}
