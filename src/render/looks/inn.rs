//! The `inn` look of an attribute: a small house with a red roof beside a
//! blue lake, drawn next to its road.

use tiny_skia::{Pixmap, Transform};

use super::super::draw::{colour, ellipse, line, polygon, shape};

/// Draws an inn in the square `-1..1`.
pub fn paint(pixmap: &mut Pixmap, ts: Transform) {
    let o = 0.08;
    shape(
        pixmap,
        ellipse(-0.42, 0.5, 0.56, 0.38),
        colour::WATER,
        o,
        ts,
    );
    line(
        pixmap,
        &[(-0.7, 0.5), (-0.3, 0.5)],
        0.07,
        colour::RIPPLE,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(0.02, -0.12), (0.88, -0.12), (0.88, 0.7), (0.02, 0.7)]),
        colour::WHITE,
        o,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(-0.1, -0.08), (0.45, -0.72), (1.0, -0.08)]),
        colour::ROOF,
        o,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(0.36, 0.7), (0.36, 0.3), (0.56, 0.3), (0.56, 0.7)]),
        colour::INK,
        0.0,
        ts,
    );
    // The sign: a gold board hung from the wall.
    line(
        pixmap,
        &[(0.02, 0.08), (-0.22, 0.08)],
        0.05,
        colour::INK,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(-0.34, 0.1), (-0.1, 0.1), (-0.1, 0.3), (-0.34, 0.3)]),
        colour::GOLD,
        0.05,
        ts,
    );
}
