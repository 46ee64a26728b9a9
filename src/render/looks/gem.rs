//! The `gem` look of a spot: a faceted violet gem, cut like a brilliant seen
//! from the side (a flat table, a crown of facets, a pointed pavilion), with a
//! glint.

use tiny_skia::{ColorU8, Pixmap, Transform};

use super::super::draw::{circle, colour, line, polygon, shape, upright};
use super::super::layout::Spot;

const GEM: ColorU8 = colour::rgb(106, 79, 179);

/// Draws the gem, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    shape(pixmap, circle(0.0, 0.05, 1.0), colour::WHITE, 0.0, ts);
    let (table, girdle, tip) = (-0.55_f32, -0.12_f32, 0.92_f32);
    let facets: [(&[(f32, f32)], f32); 6] = [
        (
            &[(-0.42, table), (0.42, table), (0.2, girdle), (-0.2, girdle)],
            1.5,
        ),
        (&[(-0.42, table), (-0.2, girdle), (-0.86, girdle)], 1.25),
        (&[(0.42, table), (0.86, girdle), (0.2, girdle)], 0.8),
        (&[(-0.86, girdle), (-0.2, girdle), (0.0, tip)], 1.1),
        (&[(-0.2, girdle), (0.2, girdle), (0.0, tip)], 0.95),
        (&[(0.2, girdle), (0.86, girdle), (0.0, tip)], 0.65),
    ];
    let rim = [
        (-0.42, table),
        (0.42, table),
        (0.86, girdle),
        (0.0, tip),
        (-0.86, girdle),
    ];
    shape(pixmap, polygon(&rim), GEM, 0.0, ts);
    for (points, light) in facets {
        shape(pixmap, polygon(points), colour::shade(GEM, light), 0.0, ts);
    }
    super::super::draw::outline(pixmap, polygon(&rim), colour::INK, 0.09, ts);
    line(
        pixmap,
        &[(-0.86, girdle), (0.86, girdle)],
        0.05,
        colour::INK,
        ts,
    );
    line(
        pixmap,
        &[(-0.3, -0.4), (-0.12, -0.4)],
        0.09,
        colour::WHITE,
        ts,
    );
}
