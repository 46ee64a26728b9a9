//! The `hill` look of a spot: a grassy mound lit from the north-west, its
//! shadow on the ground to the south-east.

use tiny_skia::{ColorU8, PathBuilder, Pixmap, Transform};

use super::super::draw::{colour, ellipse, line, shape, upright};
use super::super::layout::Spot;

const SHADOW: ColorU8 = colour::rgb(78, 112, 44);
const SLOPE: ColorU8 = colour::rgb(120, 160, 66);
const LIT: ColorU8 = colour::rgb(164, 198, 98);

/// The mound's outline from the west foot to the east foot, over the top.
fn mound(width: f32, top: f32) -> Option<tiny_skia::Path> {
    let mut path = PathBuilder::new();
    path.move_to(-width, 0.45);
    path.cubic_to(-width * 0.6, top, width * 0.35, top, width, 0.45);
    path.quad_to(0.0, 0.62, -width, 0.45);
    path.close();
    path.finish()
}

/// Draws a hill, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    shape(pixmap, ellipse(0.1, 0.52, 0.82, 0.2), SHADOW, 0.0, ts);
    shape(pixmap, mound(0.86, -1.2), SLOPE, 0.08, ts);
    // The lit western slope.
    let mut lit = PathBuilder::new();
    lit.move_to(-0.78, 0.4);
    lit.cubic_to(-0.55, -0.7, -0.1, -0.78, 0.05, -0.6);
    lit.cubic_to(-0.35, -0.35, -0.45, 0.05, -0.4, 0.52);
    lit.close();
    shape(pixmap, lit.finish(), LIT, 0.0, ts);
    for (x, y) in [(0.3_f32, -0.05_f32), (-0.05, 0.22), (0.5, 0.28)] {
        line(
            pixmap,
            &[(x - 0.08, y + 0.05), (x, y - 0.07), (x + 0.08, y + 0.05)],
            0.06,
            SHADOW,
            ts,
        );
    }
}
