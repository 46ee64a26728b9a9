//! The `crop-circle` look of a spot: straw rings, and the mark of its
//! variant: the look of the kind the variant names (a shield for a `city`
//! look, a club for `road`, a pitchfork for `field`), else the kind's label.

use tiny_skia::{ColorU8 as Color, Pixmap, Transform};

use super::super::draw::{circle, colour, label, line, outline, polygon, shape, upright};
use super::super::layout::Spot;
use super::pennant::shield;

const STRAW: Color = colour::rgb(220, 194, 112);
const STRAW_DARK: Color = colour::rgb(168, 136, 58);

/// Draws the rings and the variant's mark, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    shape(pixmap, circle(0.0, 0.0, 1.0), STRAW, 0.0, ts);
    for r in [0.97, 0.74] {
        outline(pixmap, circle(0.0, 0.0, r), STRAW_DARK, 0.08, ts);
    }
    let ink = colour::INK;
    let (look, plain) = match &spot.variant {
        Some((look, plain)) => (*look, Some(plain)),
        None => (None, None),
    };
    match look {
        Some("city") => shield(pixmap, ts.pre_scale(0.5, 0.5), colour::PENNANT),
        Some("road") => {
            // A club: a handle widening into a knobbed head.
            shape(
                pixmap,
                polygon(&[(-0.4, 0.36), (-0.3, 0.46), (0.32, -0.02), (0.02, -0.32)]),
                ink,
                0.0,
                ts,
            );
            shape(pixmap, circle(0.2, -0.2, 0.24), ink, 0.0, ts);
            for (x, y) in [(0.44, -0.3), (0.3, -0.46), (0.47, -0.06)] {
                shape(pixmap, circle(x, y, 0.07), ink, 0.0, ts);
            }
        }
        Some("field") => {
            // A pitchfork: a handle and three tines.
            line(pixmap, &[(0.0, 0.5), (0.0, -0.05)], 0.12, ink, ts);
            line(
                pixmap,
                &[(-0.26, -0.45), (-0.26, -0.05), (0.26, -0.05), (0.26, -0.45)],
                0.09,
                ink,
                ts,
            );
            line(pixmap, &[(0.0, -0.05), (0.0, -0.5)], 0.09, ink, ts);
        }
        _ => {
            if let Some(plain) = plain {
                label(pixmap, &plain.label, 0.6, ink, ts);
            }
        }
    }
}
