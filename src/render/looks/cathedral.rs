//! The `cathedral` look of an attribute: a stone church with two spired
//! towers, slate roofs and a rose window.

use tiny_skia::{ColorU8 as Color, Pixmap, Transform};

use super::super::draw::{circle, colour, polygon, shape};

const SLATE: Color = colour::rgb(72, 84, 116);

fn rect(l: f32, t: f32, r: f32, b: f32) -> Option<tiny_skia::Path> {
    polygon(&[(l, t), (r, t), (r, b), (l, b)])
}

/// Draws a cathedral in the square `-1..1`.
pub fn paint(pixmap: &mut Pixmap, ts: Transform) {
    let o = 0.07;
    shape(pixmap, rect(-0.58, -0.2, 0.58, 0.9), colour::STONE, o, ts);
    shape(
        pixmap,
        polygon(&[(-0.62, -0.16), (0.0, -0.66), (0.62, -0.16)]),
        SLATE,
        o,
        ts,
    );
    for x in [-0.72_f32, 0.72] {
        shape(
            pixmap,
            rect(x - 0.22, -0.5, x + 0.22, 0.9),
            colour::STONE,
            o,
            ts,
        );
        shape(
            pixmap,
            polygon(&[(x - 0.27, -0.46), (x, -1.0), (x + 0.27, -0.46)]),
            SLATE,
            o,
            ts,
        );
        shape(
            pixmap,
            rect(x - 0.07, -0.25, x + 0.07, 0.0),
            colour::INK,
            0.0,
            ts,
        );
    }
    shape(pixmap, circle(0.0, 0.12, 0.2), colour::PENNANT, 0.06, ts);
    shape(pixmap, circle(0.0, 0.12, 0.07), colour::GOLD, 0.0, ts);
    shape(
        pixmap,
        polygon(&[
            (-0.16, 0.9),
            (-0.16, 0.6),
            (0.0, 0.48),
            (0.16, 0.6),
            (0.16, 0.9),
        ]),
        colour::INK,
        0.0,
        ts,
    );
}
