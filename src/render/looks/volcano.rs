//! The `volcano` look of a spot: a dark cone with a glowing crater, lava
//! running down its flanks and smoke above.

use tiny_skia::{ColorU8 as Color, Pixmap, Transform};

use super::super::draw::{circle, colour, ellipse, line, polygon, shape, upright};
use super::super::layout::Spot;

const ROCK: Color = colour::rgb(112, 82, 64);
const ROCK_DARK: Color = colour::rgb(80, 58, 46);
const LAVA: Color = colour::rgb(240, 112, 32);
const GLOW: Color = colour::rgb(252, 196, 64);
const SMOKE: Color = colour::rgb(196, 192, 186);

/// Draws a volcano, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    for (x, y, r) in [(0.1, -0.72, 0.16), (-0.14, -0.86, 0.13), (0.2, -0.95, 0.1)] {
        shape(pixmap, circle(x, y, r), SMOKE, 0.0, ts);
    }
    shape(
        pixmap,
        polygon(&[(-0.98, 0.78), (-0.32, -0.46), (0.32, -0.46), (0.98, 0.78)]),
        ROCK,
        0.07,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(0.1, -0.46), (0.32, -0.46), (0.98, 0.78), (0.35, 0.78)]),
        ROCK_DARK,
        0.0,
        ts,
    );
    for stream in [
        [(-0.12, -0.42), (-0.22, -0.05), (-0.38, 0.35)],
        [(0.1, -0.42), (0.16, 0.0), (0.3, 0.2)],
    ] {
        line(pixmap, &stream, 0.11, LAVA, ts);
    }
    shape(pixmap, ellipse(0.0, -0.46, 0.34, 0.12), LAVA, 0.06, ts);
    shape(pixmap, ellipse(0.0, -0.47, 0.18, 0.05), GLOW, 0.0, ts);
}
