//! The `razboynik` look of a spot: Solovei Razboynik's oak by the road, a
//! round crown on a brown trunk, the robber-nightingale perched on a bough,
//! whistling (three strokes of sound from its beak).

use tiny_skia::{ColorU8, Pixmap, Transform};

use super::super::draw::{circle, colour, ellipse, line, polygon, shape, upright};
use super::super::layout::Spot;

const TRUNK: ColorU8 = colour::rgb(110, 72, 42);
const LEAVES: ColorU8 = colour::rgb(52, 104, 44);
const LIT: ColorU8 = colour::rgb(92, 146, 62);
const BIRD: ColorU8 = colour::rgb(60, 44, 36);
const SHADOW: ColorU8 = colour::rgb(78, 112, 44);

/// Draws the tree and the robber, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    shape(pixmap, ellipse(0.05, 0.88, 0.5, 0.1), SHADOW, 0.0, ts);
    shape(
        pixmap,
        polygon(&[(-0.14, 0.9), (-0.1, 0.1), (0.1, 0.1), (0.14, 0.9)]),
        TRUNK,
        0.06,
        ts,
    );
    for (x, y, r) in [
        (-0.38_f32, -0.22_f32, 0.42_f32),
        (0.36, -0.2, 0.42),
        (0.0, -0.5, 0.46),
    ] {
        shape(pixmap, circle(x, y, r), LEAVES, 0.07, ts);
    }
    for (x, y, r) in [(-0.42_f32, -0.3_f32, 0.18_f32), (-0.06, -0.64, 0.18)] {
        shape(pixmap, circle(x, y, r), LIT, 0.0, ts);
    }
    // The bough and the bird on it, facing the road below.
    line(pixmap, &[(0.05, 0.2), (0.5, 0.08)], 0.08, TRUNK, ts);
    shape(pixmap, ellipse(0.46, -0.06, 0.2, 0.14), BIRD, 0.04, ts);
    shape(pixmap, circle(0.62, -0.16, 0.1), BIRD, 0.04, ts);
    shape(
        pixmap,
        polygon(&[(0.7, -0.2), (0.86, -0.14), (0.7, -0.1)]),
        colour::GOLD,
        0.0,
        ts,
    );
    shape(pixmap, circle(0.64, -0.19, 0.03), colour::WHITE, 0.0, ts);
    // Its whistle.
    for r in [0.12_f32, 0.2, 0.28] {
        line(
            pixmap,
            &[
                (0.84 + r * 0.3, -0.14 - r),
                (0.84 + r * 0.6, -0.14),
                (0.84 + r * 0.3, -0.14 + r),
            ],
            0.05,
            colour::WHITE,
            ts,
        );
    }
}
