//! The `tunnel` look of an attribute: a grassy mound laid across its road,
//! a stone arch with a dark mouth at each end where the road goes in. Drawn along the
//! road (x along it, y across), so it turns with the tile.

use tiny_skia::{PathBuilder, Pixmap, Transform};

use super::super::draw::{colour, ellipse, line, shape};

const EARTH: tiny_skia::ColorU8 = colour::rgb(92, 134, 56);
const LIT: tiny_skia::ColorU8 = colour::rgb(140, 178, 86);

/// An arch at the end `sx` (±1) of the vault, `w` across, bulging `depth`
/// beyond the vault's end.
fn arch(sx: f32, w: f32, depth: f32) -> Option<tiny_skia::Path> {
    let x = sx * 0.45;
    let mut path = PathBuilder::new();
    path.move_to(x, -w);
    path.cubic_to(x + sx * depth, -w, x + sx * depth, w, x, w);
    path.close();
    path.finish()
}

/// Draws a tunnel in the square `-1..1`.
pub fn paint(pixmap: &mut Pixmap, ts: Transform) {
    for sx in [-1.0_f32, 1.0] {
        shape(pixmap, arch(sx, 0.95, 0.55), colour::WALL, 0.1, ts);
    }
    shape(pixmap, ellipse(0.0, 0.0, 0.55, 1.0), EARTH, 0.1, ts);
    line(
        pixmap,
        &[(-0.2, -0.6), (-0.3, 0.0), (-0.2, 0.6)],
        0.12,
        LIT,
        ts,
    );
    for sx in [-1.0_f32, 1.0] {
        shape(pixmap, arch(sx, 0.62, 0.4), colour::INK, 0.0, ts);
    }
}
