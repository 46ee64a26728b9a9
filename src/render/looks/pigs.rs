//! The `pigs` look of an attribute: two pink pigs side on, one behind the
//! other, in their field.

use tiny_skia::{ColorU8, Pixmap, Transform};

use super::super::draw::{circle, colour, ellipse, line, polygon, shape};

const PINK: ColorU8 = colour::rgb(240, 168, 170);
const DARK: ColorU8 = colour::rgb(196, 112, 120);

/// One pig facing east, in a square `-1..1` of its own.
fn pig(pixmap: &mut Pixmap, ts: Transform) {
    for x in [-0.45_f32, -0.2, 0.2, 0.45] {
        line(pixmap, &[(x, 0.3), (x, 0.7)], 0.16, DARK, ts);
    }
    line(
        pixmap,
        &[(-0.72, -0.05), (-0.9, -0.2), (-0.82, -0.32)],
        0.08,
        DARK,
        ts,
    );
    shape(pixmap, ellipse(-0.05, 0.0, 0.72, 0.46), PINK, 0.08, ts);
    shape(pixmap, circle(0.66, -0.12, 0.32), PINK, 0.08, ts);
    shape(
        pixmap,
        polygon(&[(0.5, -0.34), (0.6, -0.62), (0.72, -0.36)]),
        DARK,
        0.06,
        ts,
    );
    shape(pixmap, ellipse(0.96, -0.06, 0.11, 0.13), DARK, 0.05, ts);
    shape(pixmap, circle(0.72, -0.2, 0.05), colour::INK, 0.0, ts);
}

/// Draws two pigs in the square `-1..1`.
pub fn paint(pixmap: &mut Pixmap, ts: Transform) {
    pig(
        pixmap,
        ts.pre_concat(Transform::from_row(0.5, 0.0, 0.0, 0.5, -0.35, -0.32)),
    );
    pig(
        pixmap,
        ts.pre_concat(Transform::from_row(0.56, 0.0, 0.0, 0.56, 0.3, 0.36)),
    );
}
