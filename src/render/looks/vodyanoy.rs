//! The `vodyanoy` look of a spot: the water spirit's pond, a dark round pool
//! with reeds, and the Vodyanoy's green head rising from it: two big eyes and
//! a beard of weed trailing in the ripples.

use tiny_skia::{ColorU8, PathBuilder, Pixmap, Transform};

use super::super::draw::{circle, colour, ellipse, line, shape, upright};
use super::super::layout::Spot;

const SKIN: ColorU8 = colour::rgb(96, 150, 92);
const WEED: ColorU8 = colour::rgb(40, 88, 52);
const REED: ColorU8 = colour::rgb(70, 96, 40);

/// Draws the pond and its spirit, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    shape(
        pixmap,
        ellipse(0.0, 0.3, 1.0, 0.62),
        colour::WATER_EDGE,
        0.07,
        ts,
    );
    shape(
        pixmap,
        ellipse(0.0, 0.34, 0.86, 0.5),
        colour::WATER,
        0.0,
        ts,
    );
    for (y, w) in [(0.58_f32, 0.5_f32), (0.74, 0.3)] {
        line(pixmap, &[(-w, y), (w, y)], 0.07, colour::RIPPLE, ts);
    }
    // Reeds at both ends.
    for (x, lean) in [
        (-0.86_f32, -0.12_f32),
        (-0.74, 0.0),
        (0.78, 0.1),
        (0.9, 0.2),
    ] {
        line(pixmap, &[(x, 0.32), (x + lean, -0.3)], 0.07, REED, ts);
    }
    // The head: a dome out of the water.
    let mut head = PathBuilder::new();
    head.move_to(-0.5, 0.38);
    head.cubic_to(-0.55, -0.75, 0.55, -0.75, 0.5, 0.38);
    head.quad_to(0.0, 0.5, -0.5, 0.38);
    head.close();
    shape(pixmap, head.finish(), SKIN, 0.07, ts);
    // The beard of weed.
    for x in [-0.3_f32, -0.1, 0.1, 0.3] {
        line(
            pixmap,
            &[(x, 0.2), (x * 1.2, 0.44), (x * 0.9, 0.62)],
            0.08,
            WEED,
            ts,
        );
    }
    for sx in [-1.0_f32, 1.0] {
        shape(
            pixmap,
            circle(sx * 0.2, -0.2, 0.16),
            colour::WHITE,
            0.05,
            ts,
        );
        shape(pixmap, circle(sx * 0.17, -0.17, 0.07), colour::INK, 0.0, ts);
    }
}
