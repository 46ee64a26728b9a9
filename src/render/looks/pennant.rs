//! The `pennant` look of an attribute: a blue shield with a white rim.

use tiny_skia::{ColorU8 as Color, FillRule, LineCap, PathBuilder, Pixmap, Transform};

use super::super::draw::{self, colour, stroke};

/// Draws one pennant in the square `-1..1`.
pub fn paint(pixmap: &mut Pixmap, ts: Transform) {
    shield(pixmap, ts, colour::PENNANT);
}

pub fn shield(pixmap: &mut Pixmap, ts: Transform, fill: Color) {
    let mut path = PathBuilder::new();
    path.move_to(-0.8, -0.9);
    path.line_to(0.8, -0.9);
    path.line_to(0.8, 0.0);
    path.quad_to(0.75, 0.65, 0.0, 1.0);
    path.quad_to(-0.75, 0.65, -0.8, 0.0);
    path.close();
    if let Some(path) = path.finish() {
        pixmap.fill_path(&path, &draw::paint(fill), FillRule::Winding, ts, None);
        let white = stroke(0.22, LineCap::Round);
        pixmap.stroke_path(&path, &draw::paint(colour::WHITE), &white, ts, None);
        let ink = stroke(0.1, LineCap::Round);
        pixmap.stroke_path(&path, &draw::paint(colour::INK), &ink, ts, None);
    }
}
