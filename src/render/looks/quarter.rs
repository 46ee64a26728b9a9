//! The `quarter` look of a spot: a quarter of the city of Carcassonne, shown
//! as its gatehouse: a crenellated stone wall between two round towers with
//! red conical roofs, a dark arched gate in the middle and a blue banner over
//! it.

use tiny_skia::{PathBuilder, Pixmap, Transform};

use super::super::draw::{colour, line, polygon, shape, upright};
use super::super::layout::Spot;

fn rect(l: f32, t: f32, r: f32, b: f32) -> Option<tiny_skia::Path> {
    polygon(&[(l, t), (r, t), (r, b), (l, b)])
}

/// Draws a quarter's gatehouse, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    let o = 0.07;
    // The curtain wall and its merlons.
    shape(pixmap, rect(-0.62, -0.2, 0.62, 0.85), colour::STONE, o, ts);
    for x in [-0.42_f32, -0.14, 0.14, 0.42] {
        shape(
            pixmap,
            rect(x - 0.09, -0.38, x + 0.09, -0.2),
            colour::STONE,
            o,
            ts,
        );
    }
    // The gate.
    let mut gate = PathBuilder::new();
    gate.move_to(-0.24, 0.85);
    gate.line_to(-0.24, 0.35);
    gate.cubic_to(-0.24, 0.02, 0.24, 0.02, 0.24, 0.35);
    gate.line_to(0.24, 0.85);
    gate.close();
    shape(pixmap, gate.finish(), colour::INK, 0.0, ts);
    // The towers and their roofs.
    for sx in [-1.0_f32, 1.0] {
        let (a, b) = (sx * 0.56, sx * 0.96);
        let (l, r) = (a.min(b), a.max(b));
        shape(pixmap, rect(l, -0.35, r, 0.85), colour::WALL, o, ts);
        shape(
            pixmap,
            polygon(&[(l - 0.08, -0.35), (r + 0.08, -0.35), ((l + r) / 2.0, -1.0)]),
            colour::ROOF,
            o,
            ts,
        );
        let x = (l + r) / 2.0;
        line(pixmap, &[(x, 0.05), (x, 0.3)], 0.1, colour::INK, ts);
    }
    // The banner over the gate.
    line(pixmap, &[(0.0, -0.38), (0.0, -0.95)], 0.06, colour::INK, ts);
    shape(
        pixmap,
        polygon(&[(0.0, -0.95), (0.4, -0.82), (0.0, -0.68)]),
        colour::PENNANT,
        0.04,
        ts,
    );
}
