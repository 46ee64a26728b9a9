//! The `flier` look of a spot: an arrow along the spot's direction, with a
//! small aircraft flying the same way. Unlike other symbols it turns with the
//! tile: its arrow is part of the tile's geometry.

use tiny_skia::{ColorU8 as Color, Pixmap, Transform};

use super::super::draw::{colour, line, local, polygon, shape};
use super::super::geometry::p;
use super::super::layout::Spot;

const WOOD: Color = colour::rgb(214, 176, 112);
const ARROW: Color = colour::rgb(168, 36, 36);

/// Draws the arrow and aircraft, along the arrow.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let dir = spot.direction.unwrap_or(p(1.0, 0.0));
    let ts = local(ts, spot.at, spot.radius, dir);
    shape(
        pixmap,
        polygon(&[
            (-0.95, -0.12),
            (0.4, -0.12),
            (0.4, -0.42),
            (1.0, 0.0),
            (0.4, 0.42),
            (0.4, 0.12),
            (-0.95, 0.12),
        ]),
        ARROW,
        0.06,
        ts,
    );
    // A small aircraft over the shaft: wings, tail plane, fuselage, propeller.
    let o = 0.05;
    shape(
        pixmap,
        polygon(&[(-0.42, -0.62), (-0.22, -0.66), (-0.22, 0.66), (-0.42, 0.62)]),
        WOOD,
        o,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(-0.86, -0.26), (-0.74, -0.26), (-0.74, 0.26), (-0.86, 0.26)]),
        WOOD,
        o,
        ts,
    );
    shape(
        pixmap,
        polygon(&[
            (-0.9, -0.06),
            (-0.05, -0.1),
            (0.03, 0.0),
            (-0.05, 0.1),
            (-0.9, 0.06),
        ]),
        WOOD,
        o,
        ts,
    );
    line(pixmap, &[(0.07, -0.2), (0.07, 0.2)], 0.07, colour::INK, ts);
}
