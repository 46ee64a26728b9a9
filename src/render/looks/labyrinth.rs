//! The `labyrinth` look of an attribute: a round hedge maze on the point
//! where its roads meet: rings of sand paths between hedges, the roads
//! coming in from the four sides, each ring opening into the next a quarter
//! turn further on, down to the open middle.

use tiny_skia::{Pixmap, Transform};

use super::super::draw::{circle, colour, line, outline, shape};

const HEDGE: tiny_skia::ColorU8 = colour::rgb(52, 98, 44);
const SAND: tiny_skia::ColorU8 = colour::rgb(232, 218, 170);

/// The rings of path, from the outside in.
const RINGS: [f32; 3] = [0.8, 0.54, 0.28];
/// Where each ring opens into the next one in (a unit direction).
const OPENINGS: [(f32, f32); 3] = [(0.707, 0.707), (-0.707, 0.707), (-0.707, -0.707)];
/// Hedge blocks across each ring, beside its opening, so the way in winds.
const BLOCKS: [(f32, f32); 3] = [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0)];

/// Draws the labyrinth in the square `-1..1`.
pub fn paint(pixmap: &mut Pixmap, ts: Transform) {
    shape(pixmap, circle(0.0, 0.0, 1.0), HEDGE, 0.06, ts);
    for r in RINGS {
        outline(pixmap, circle(0.0, 0.0, r), SAND, 0.13, ts);
    }
    shape(pixmap, circle(0.0, 0.0, 0.13), SAND, 0.0, ts);
    // The four roads come in through the outer hedge.
    for (x, y) in [(1.0_f32, 0.0_f32), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)] {
        line(pixmap, &[(x * 0.8, y * 0.8), (x, y)], 0.16, SAND, ts);
    }
    for (k, &(x, y)) in OPENINGS.iter().enumerate() {
        let (outer, inner) = (RINGS[k], RINGS.get(k + 1).copied().unwrap_or(0.0));
        line(
            pixmap,
            &[(x * outer, y * outer), (x * inner, y * inner)],
            0.13,
            SAND,
            ts,
        );
    }
    for (k, &(x, y)) in BLOCKS.iter().enumerate() {
        let r = RINGS[k];
        line(
            pixmap,
            &[
                (x * (r - 0.09), y * (r - 0.09)),
                (x * (r + 0.09), y * (r + 0.09)),
            ],
            0.1,
            HEDGE,
            ts,
        );
    }
    shape(pixmap, circle(0.0, 0.0, 0.07), colour::GOLD, 0.04, ts);
}
