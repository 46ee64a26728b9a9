//! The goods looks of attributes (Traders & Builders): `wine` a bunch of
//! grapes, `grain` a golden sheaf, `cloth` a bolt of blue cloth. Each stands
//! on a light disc so it reads on a city's roofs.

use tiny_skia::{ColorU8 as Color, PathBuilder, Pixmap, Transform};

use super::super::draw::{circle, colour, ellipse, line, polygon, shape};

const GRAPE: Color = colour::rgb(112, 44, 128);
const LEAF: Color = colour::rgb(64, 140, 56);
const STRAW: Color = colour::rgb(226, 182, 64);
const STRAW_DARK: Color = colour::rgb(170, 126, 36);
const CLOTH: Color = colour::rgb(40, 132, 160);
const CLOTH_LIGHT: Color = colour::rgb(120, 196, 214);

fn backing(pixmap: &mut Pixmap, ts: Transform) {
    shape(pixmap, circle(0.0, 0.0, 1.0), colour::WHITE, 0.08, ts);
}

/// A bunch of grapes under a leaf.
pub fn wine(pixmap: &mut Pixmap, ts: Transform) {
    backing(pixmap, ts);
    shape(
        pixmap,
        polygon(&[(0.0, -0.5), (0.5, -0.78), (0.38, -0.38)]),
        LEAF,
        0.05,
        ts,
    );
    line(pixmap, &[(0.0, -0.72), (0.0, -0.44)], 0.07, colour::INK, ts);
    // A bunch: three grapes, two, one.
    for (x, y) in [
        (-0.3, -0.28),
        (0.0, -0.28),
        (0.3, -0.28),
        (-0.15, 0.02),
        (0.15, 0.02),
        (0.0, 0.32),
    ] {
        shape(pixmap, circle(x, y, 0.17), GRAPE, 0.05, ts);
    }
}

/// A sheaf of grain tied in the middle.
pub fn grain(pixmap: &mut Pixmap, ts: Transform) {
    backing(pixmap, ts);
    for k in -2..=2_i8 {
        let dx = f32::from(k) * 0.14;
        line(
            pixmap,
            &[(dx * 0.4, 0.72), (dx, -0.3)],
            0.07,
            STRAW_DARK,
            ts,
        );
        shape(
            pixmap,
            ellipse(dx * 1.3, -0.46, 0.08, 0.22),
            STRAW,
            0.04,
            ts,
        );
    }
    line(pixmap, &[(-0.2, 0.2), (0.2, 0.2)], 0.12, colour::ROOF, ts);
}

/// A bolt of cloth: a roll with its end showing.
pub fn cloth(pixmap: &mut Pixmap, ts: Transform) {
    backing(pixmap, ts);
    let mut bolt = PathBuilder::new();
    bolt.move_to(-0.62, -0.3);
    bolt.line_to(0.5, -0.3);
    bolt.line_to(0.5, 0.3);
    bolt.line_to(-0.62, 0.3);
    bolt.close();
    shape(pixmap, bolt.finish(), CLOTH, 0.06, ts);
    for x in [-0.34, -0.06, 0.22] {
        line(pixmap, &[(x, -0.3), (x, 0.3)], 0.06, CLOTH_LIGHT, ts);
    }
    shape(pixmap, ellipse(0.5, 0.0, 0.16, 0.3), CLOTH_LIGHT, 0.06, ts);
    shape(pixmap, ellipse(0.5, 0.0, 0.05, 0.1), colour::INK, 0.0, ts);
    // A loose end hanging down.
    shape(
        pixmap,
        polygon(&[(-0.62, 0.3), (-0.3, 0.3), (-0.36, 0.66), (-0.66, 0.6)]),
        CLOTH,
        0.06,
        ts,
    );
}
