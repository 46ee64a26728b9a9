//! The `bazaar` look of a spot: a market stall seen from the front, on a
//! round paved square: a striped orange and white awning with a scalloped
//! edge on two posts, over a wooden counter piled with goods.

use tiny_skia::{ColorU8, PathBuilder, Pixmap, Transform};

use super::super::draw::{circle, colour, line, polygon, shape, upright};
use super::super::layout::Spot;

const AWNING: ColorU8 = colour::rgb(214, 120, 40);
const WOOD: ColorU8 = colour::rgb(140, 92, 52);
const GOODS: [ColorU8; 3] = [
    colour::rgb(196, 52, 52),
    colour::GOLD,
    colour::rgb(96, 150, 60),
];

/// Draws a bazaar stall, upright.
pub fn paint(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = upright(ts, spot.at, spot.radius);
    shape(pixmap, circle(0.0, 0.0, 1.0), colour::STONE, 0.08, ts);
    // Posts.
    for x in [-0.62_f32, 0.62] {
        line(pixmap, &[(x, -0.3), (x, 0.72)], 0.1, WOOD, ts);
    }
    // The counter and the goods on it.
    for (k, x) in [-0.36_f32, 0.0, 0.36].into_iter().enumerate() {
        shape(pixmap, circle(x, 0.2, 0.16), GOODS[k], 0.05, ts);
    }
    shape(
        pixmap,
        polygon(&[(-0.72, 0.3), (0.72, 0.3), (0.72, 0.62), (-0.72, 0.62)]),
        WOOD,
        0.07,
        ts,
    );
    // The awning, narrower at its top: five stripes, each ending in a
    // scallop.
    let (top, bottom) = (-0.8_f32, -0.32_f32);
    let (wt, wb) = (1.36_f32 / 5.0, 1.76_f32 / 5.0);
    for k in 0..5u8 {
        let k = f32::from(k);
        let (t0, b0) = (-0.68 + wt * k, -0.88 + wb * k);
        let fill = if k % 2.0 == 0.0 {
            AWNING
        } else {
            colour::WHITE
        };
        let mut stripe = PathBuilder::new();
        stripe.move_to(t0, top);
        stripe.line_to(t0 + wt, top);
        stripe.line_to(b0 + wb, bottom);
        stripe.quad_to(b0 + wb / 2.0, bottom + 0.26, b0, bottom);
        stripe.close();
        shape(pixmap, stripe.finish(), fill, 0.05, ts);
    }
}
