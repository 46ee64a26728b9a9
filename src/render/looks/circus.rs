//! The `circus` look of a spot: a striped tent seen from above.

use tiny_skia::{ColorU8 as Color, Pixmap, Transform};

use super::super::draw::{circle, colour, outline, polygon, shape, upright};
use super::super::layout::Spot;

const TENT_RED: Color = colour::rgb(196, 48, 56);
const GOLD: Color = colour::GOLD;

/// Draws a circus tent, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    shape(pixmap, circle(0.0, 0.0, 1.0), colour::WHITE, 0.0, ts);
    let wedges = 14u8;
    for k in (0..wedges).step_by(2) {
        let angle = |i: f32| std::f32::consts::TAU * (f32::from(k) + i) / f32::from(wedges);
        let mut points = vec![(0.0, 0.0)];
        for i in 0..=4u8 {
            let a = angle(f32::from(i) / 4.0);
            points.push((a.cos(), a.sin()));
        }
        shape(pixmap, polygon(&points), TENT_RED, 0.0, ts);
    }
    outline(pixmap, circle(0.0, 0.0, 1.0), colour::INK, 0.09, ts);
    shape(pixmap, circle(0.0, 0.0, 0.2), GOLD, 0.07, ts);
}
