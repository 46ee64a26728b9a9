//! The `cloister` look of a spot: a nave with a red roof and a bell tower.

use tiny_skia::{Pixmap, Transform};

use super::super::draw::{colour, polygon, shape, upright};
use super::super::layout::Spot;

const STONE: tiny_skia::ColorU8 = colour::STONE;

/// Draws a cloister, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    let o = 0.07;
    // The nave: walls, then a red gabled roof.
    shape(
        pixmap,
        polygon(&[(-0.85, -0.05), (0.45, -0.05), (0.45, 0.62), (-0.85, 0.62)]),
        STONE,
        o,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(-0.95, -0.02), (-0.7, -0.45), (0.35, -0.45), (0.55, -0.02)]),
        colour::ROOF,
        o,
        ts,
    );
    // The bell tower with a pointed roof.
    shape(
        pixmap,
        polygon(&[(0.4, -0.5), (0.82, -0.5), (0.82, 0.62), (0.4, 0.62)]),
        STONE,
        o,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(0.34, -0.48), (0.61, -0.98), (0.88, -0.48)]),
        colour::ROOF,
        o,
        ts,
    );
    // Door and windows.
    shape(
        pixmap,
        polygon(&[
            (-0.32, 0.62),
            (-0.32, 0.3),
            (-0.12, 0.22),
            (0.08, 0.3),
            (0.08, 0.62),
        ]),
        colour::INK,
        0.0,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(0.54, -0.3), (0.68, -0.3), (0.68, -0.08), (0.54, -0.08)]),
        colour::INK,
        0.0,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(-0.66, 0.12), (-0.52, 0.12), (-0.52, 0.34), (-0.66, 0.34)]),
        colour::INK,
        0.0,
        ts,
    );
}
