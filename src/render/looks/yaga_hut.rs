//! The `yaga-hut` look of a spot: Baba Yaga's log hut standing on two
//! chicken legs, with a mossy roof and a lit window, its shadow on the
//! ground.

use tiny_skia::{ColorU8, Pixmap, Transform};

use super::super::draw::{colour, ellipse, line, polygon, shape, upright};
use super::super::layout::Spot;

const LOG: ColorU8 = colour::rgb(138, 88, 48);
const LOG_LINE: ColorU8 = colour::rgb(92, 56, 30);
const MOSS: ColorU8 = colour::rgb(84, 98, 52);
const LEG: ColorU8 = colour::rgb(226, 170, 60);
const SHADOW: ColorU8 = colour::rgb(78, 112, 44);

/// Draws the hut, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    shape(pixmap, ellipse(0.0, 0.86, 0.62, 0.12), SHADOW, 0.0, ts);
    // Legs, bent at the knee, and three toes on each foot.
    for sx in [-1.0_f32, 1.0] {
        let (hip, knee, foot) = (sx * 0.26, sx * 0.42, sx * 0.3);
        let leg = [(hip, 0.3), (knee, 0.56), (foot, 0.84)];
        line(pixmap, &leg, 0.18, colour::INK, ts);
        line(pixmap, &leg, 0.1, LEG, ts);
        for dx in [-0.16_f32, 0.0, 0.16] {
            line(
                pixmap,
                &[(foot, 0.84), (foot + dx, 0.94)],
                0.07,
                colour::INK,
                ts,
            );
        }
    }
    // The log walls.
    shape(
        pixmap,
        polygon(&[(-0.62, -0.22), (0.62, -0.22), (0.62, 0.36), (-0.62, 0.36)]),
        LOG,
        0.07,
        ts,
    );
    for y in [-0.08_f32, 0.07, 0.22] {
        line(pixmap, &[(-0.58, y), (0.58, y)], 0.04, LOG_LINE, ts);
    }
    // Log ends crossing at the corners.
    for x in [-0.7_f32, 0.7] {
        for y in [-0.12_f32, 0.06, 0.24] {
            shape(pixmap, ellipse(x, y, 0.08, 0.07), LOG_LINE, 0.0, ts);
        }
    }
    // The lit window.
    shape(
        pixmap,
        polygon(&[(-0.16, -0.1), (0.16, -0.1), (0.16, 0.18), (-0.16, 0.18)]),
        colour::GOLD,
        0.05,
        ts,
    );
    // The roof.
    shape(
        pixmap,
        polygon(&[(-0.84, -0.18), (0.0, -0.92), (0.84, -0.18)]),
        MOSS,
        0.07,
        ts,
    );
    line(
        pixmap,
        &[(-0.4, -0.42), (0.0, -0.78)],
        0.06,
        colour::shade(MOSS, 1.4),
        ts,
    );
}
