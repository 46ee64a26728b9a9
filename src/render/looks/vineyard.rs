//! The `vineyard` look of a spot: rows of vines on tilled earth, a stake line
//! along each row with leaves and bunches of grapes. Alone it is a small
//! square plot, upright; stretched between two features it touches it is a
//! band from one to the other, its rows running along the band (it turns with
//! the tile, as geometry does), painted under them.

use tiny_skia::{ColorU8, Pixmap, Transform};

use super::super::draw::{circle, colour, line, local, polygon, shape, upright};
use super::super::layout::Spot;

const EARTH: ColorU8 = colour::rgb(186, 150, 100);
const STAKE: ColorU8 = colour::rgb(112, 82, 52);
const LEAF: ColorU8 = colour::rgb(66, 118, 42);
const GRAPE: ColorU8 = colour::rgb(110, 50, 104);

/// Rows across the plot (local y) and the spacing of the vines along them.
const ROWS: [f32; 3] = [-0.5, 0.0, 0.5];
const VINE: f32 = 0.42;

/// A plot from `-half` to `half` along local x, `-0.8..0.8` across.
fn plot(pixmap: &mut Pixmap, half: f32, ts: Transform) {
    let corners = [(-half, -0.8), (half, -0.8), (half, 0.8), (-half, 0.8)];
    shape(pixmap, polygon(&corners), EARTH, 0.07, ts);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let n = ((2.0 * half - 0.3) / VINE).floor().max(0.0) as u16 + 1;
    let first = -(f32::from(n - 1) * VINE) / 2.0;
    for y in ROWS {
        line(
            pixmap,
            &[(-half + 0.1, y), (half - 0.1, y)],
            0.06,
            STAKE,
            ts,
        );
        for k in 0..n {
            let x = first + f32::from(k) * VINE;
            shape(pixmap, circle(x, y - 0.04, 0.2), LEAF, 0.0, ts);
            shape(pixmap, circle(x + 0.09, y + 0.1, 0.11), GRAPE, 0.0, ts);
        }
    }
}

/// Draws a vineyard: a plot on its disc, or a band along its span.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    match spot.span {
        Some((a, b)) => {
            let dir = (b - a).unit_or(super::super::geometry::p(1.0, 0.0));
            let half = a.dist(b) / 2.0 / spot.radius;
            plot(pixmap, half, local(ts, a.lerp(b, 0.5), spot.radius, dir));
        }
        None => plot(pixmap, 0.95, upright(ts, spot.at, spot.radius)),
    }
}
