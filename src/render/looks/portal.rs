//! The `portal` look of a spot: a stone arch around a glowing violet gate.

use tiny_skia::{ColorU8 as Color, PathBuilder, Pixmap, Transform};

use super::super::draw::{colour, line, shape, upright};
use super::super::layout::Spot;

const GLOW: Color = colour::rgb(124, 64, 196);
const GLOW_LIGHT: Color = colour::rgb(186, 148, 240);

/// An arch: straight sides from `bottom` up to `top`, a half circle above.
fn arch(half: f32, top: f32, bottom: f32) -> Option<tiny_skia::Path> {
    const KAPPA: f32 = 0.552_284_8;
    let mut path = PathBuilder::new();
    path.move_to(-half, bottom);
    path.line_to(-half, top);
    path.cubic_to(
        -half,
        top - half * KAPPA,
        -half * KAPPA,
        top - half,
        0.0,
        top - half,
    );
    path.cubic_to(
        half * KAPPA,
        top - half,
        half,
        top - half * KAPPA,
        half,
        top,
    );
    path.line_to(half, bottom);
    path.close();
    path.finish()
}

/// Draws a portal, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    shape(pixmap, arch(0.78, -0.12, 0.92), colour::WALL, 0.08, ts);
    shape(pixmap, arch(0.5, -0.1, 0.92), GLOW, 0.05, ts);
    shape(pixmap, arch(0.28, 0.05, 0.92), GLOW_LIGHT, 0.0, ts);
    for (x, y, r) in [(-0.18, -0.28, 0.12), (0.2, 0.3, 0.09), (0.05, 0.62, 0.07)] {
        line(pixmap, &[(x - r, y), (x + r, y)], 0.05, colour::WHITE, ts);
        line(pixmap, &[(x, y - r), (x, y + r)], 0.05, colour::WHITE, ts);
    }
}
