//! The `compass-rose` and `wind-rose` looks of a spot, both turning with the
//! tile as the printed symbol does. The compass rose that divides the board:
//! a ring around an eight-pointed star, its north point red. A wind rose: a
//! four-pointed star whose point along the spot's arrow is long and dark blue,
//! the other three short and pale, so it reads as a pointer.

use tiny_skia::{ColorU8, Pixmap, Transform};

use super::super::draw::{circle, colour, local, outline, polygon, shape};
use super::super::geometry::p;
use super::super::layout::Spot;

const BLUE: ColorU8 = colour::rgb(44, 96, 140);
const PALE: ColorU8 = colour::rgb(196, 218, 232);
const NORTH: ColorU8 = colour::rgb(200, 44, 40);

/// One point of a star along local `+x` turned by `(c, s)`: a kite from the
/// centre, `length` long and `width` wide at its base, in two halves (`light`
/// on the left, `dark` on the right) as a rose is shaded.
fn point(
    pixmap: &mut Pixmap,
    (c, s): (f32, f32),
    length: f32,
    width: f32,
    (light, dark): (ColorU8, ColorU8),
    ts: Transform,
) {
    let turn = |x: f32, y: f32| (x * c - y * s, x * s + y * c);
    let tip = turn(length, 0.0);
    let (l, r) = (turn(width * 0.5, -width), turn(width * 0.5, width));
    shape(pixmap, polygon(&[(0.0, 0.0), l, tip]), light, 0.0, ts);
    shape(pixmap, polygon(&[(0.0, 0.0), tip, r]), dark, 0.0, ts);
    super::super::draw::outline(
        pixmap,
        polygon(&[(0.0, 0.0), l, tip, r]),
        colour::INK,
        0.05,
        ts,
    );
}

/// The eight directions, starting north, clockwise.
const EIGHT: [(f32, f32); 8] = [
    (0.0, -1.0),
    (0.707, -0.707),
    (1.0, 0.0),
    (0.707, 0.707),
    (0.0, 1.0),
    (-0.707, 0.707),
    (-1.0, 0.0),
    (-0.707, -0.707),
];

/// Draws the compass rose, turning with the tile.
pub fn compass(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let ts = local(ts, spot.at, spot.radius, p(1.0, 0.0));
    shape(pixmap, circle(0.0, 0.0, 1.0), colour::WHITE, 0.07, ts);
    outline(pixmap, circle(0.0, 0.0, 0.8), BLUE, 0.07, ts);
    for (k, &(x, y)) in EIGHT.iter().enumerate() {
        // `point` draws along +x: (x, y) is the turn (cos, sin).
        if k % 2 == 1 {
            point(pixmap, (x, y), 0.62, 0.16, (PALE, BLUE), ts);
        }
    }
    for (k, &(x, y)) in EIGHT.iter().enumerate() {
        if k % 2 == 0 {
            let colours = if k == 0 {
                (colour::WHITE, NORTH)
            } else {
                (colour::WHITE, BLUE)
            };
            point(pixmap, (x, y), 0.95, 0.2, colours, ts);
        }
    }
    shape(pixmap, circle(0.0, 0.0, 0.12), colour::GOLD, 0.05, ts);
}

/// Draws a wind rose pointing along the spot's arrow (east without one).
pub fn wind(pixmap: &mut Pixmap, spot: &Spot, ts: Transform) {
    let dir = spot.direction.unwrap_or(p(1.0, 0.0));
    let ts = local(ts, spot.at, spot.radius, dir);
    shape(pixmap, circle(0.0, 0.0, 0.62), colour::WHITE, 0.06, ts);
    for turn in [(0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)] {
        point(pixmap, turn, 0.58, 0.22, (colour::WHITE, PALE), ts);
    }
    point(pixmap, (1.0, 0.0), 1.28, 0.3, (PALE, BLUE), ts);
    shape(pixmap, circle(0.0, 0.0, 0.13), BLUE, 0.05, ts);
}
