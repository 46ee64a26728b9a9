//! Water: the `river` look of a path (blue between dark banks), and the
//! `spring` and `lake` looks of the spots a river starts and ends at.

use tiny_skia::{PathBuilder, Pixmap, Transform};

use super::super::draw::{circle, colour, line, outline, shape, upright};
use super::super::layout::Spot;
use super::PathStyle;

const SAND: tiny_skia::ColorU8 = colour::rgb(226, 208, 150);
const PEBBLE: tiny_skia::ColorU8 = colour::rgb(150, 146, 136);
const REED: tiny_skia::ColorU8 = colour::rgb(52, 96, 40);

/// A river's strokes: wider than a road, blue.
pub fn river() -> PathStyle {
    PathStyle {
        width: 0.105,
        edge: 0.014,
        surface: colour::WATER,
        edge_colour: colour::WATER_EDGE,
    }
}

/// A spring: a round pool ringed with pebbles, water welling up in the middle.
pub fn spring(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    for k in 0..10u8 {
        let a = std::f32::consts::TAU * f32::from(k) / 10.0;
        shape(
            pixmap,
            circle(0.82 * a.cos(), 0.82 * a.sin(), 0.2),
            PEBBLE,
            0.06,
            ts,
        );
    }
    shape(pixmap, circle(0.0, 0.0, 0.78), colour::WATER, 0.08, ts);
    for r in [0.5, 0.26] {
        outline(pixmap, circle(0.0, 0.0, r), colour::RIPPLE, 0.08, ts);
    }
    shape(pixmap, circle(0.0, 0.0, 0.1), colour::WHITE, 0.0, ts);
}

/// A lake: an irregular pond with a sandy shore, ripples and reeds.
pub fn lake(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    // An irregular outline through the middles of a wobbly polygon's sides.
    const WOBBLE: [f32; 12] = [
        1.0, 0.9, 0.97, 1.04, 0.9, 0.98, 1.02, 0.93, 1.0, 0.9, 1.04, 0.95,
    ];
    let blob = |scale: f32| {
        let point = |k: usize| {
            let a = std::f32::consts::TAU * (k % 12) as f32 / 12.0;
            let r = scale * WOBBLE[k % 12];
            (r * a.cos(), r * a.sin() * 0.88)
        };
        let mid = |k: usize| {
            let ((x0, y0), (x1, y1)) = (point(k), point(k + 1));
            ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
        };
        let mut path = PathBuilder::new();
        let (x, y) = mid(0);
        path.move_to(x, y);
        for k in 1..=12 {
            let (cx, cy) = point(k);
            let (nx, ny) = mid(k);
            path.quad_to(cx, cy, nx, ny);
        }
        path.close();
        path.finish()
    };
    shape(pixmap, blob(1.0), SAND, 0.0, ts);
    shape(pixmap, blob(0.86), colour::WATER, 0.06, ts);
    for (y, w) in [(-0.25, 0.34), (0.05, 0.46), (0.35, 0.28)] {
        line(pixmap, &[(-w, y), (w, y)], 0.07, colour::RIPPLE, ts);
    }
    for (x, y) in [(-0.62, 0.58), (-0.5, 0.64), (-0.38, 0.68)] {
        line(pixmap, &[(x, y), (x + 0.05, y - 0.26)], 0.06, REED, ts);
    }
}
