//! The `city` look of a region: stone-coloured ground under a pattern of red
//! roofs clipped to the outline, a stone wall along every stretch inside the
//! tile, and a gate where a path enters.

use tiny_skia::{FillRule, LineCap, Mask, Pixmap, Rect, Transform};

use super::super::draw::{colour, local, outline_path, paint, stroke};
use super::super::geometry::{inside, p, Curve, P};
use super::super::layout::{Region, WALL_WIDTH};
use super::road;

/// Inside a city.
const GROUND: tiny_skia::ColorU8 = colour::rgb(201, 154, 96);
/// Houses per tile edge in the roof pattern.
const GRID: u16 = 8;

/// A small integer hash, for a pattern that looks irregular but is fixed.
fn hash(i: u16, j: u16) -> u32 {
    let mut h = u32::from(i).wrapping_mul(0x9E37_79B1) ^ u32::from(j).wrapping_mul(0x85EB_CA77);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    h
}

/// The ground and its roofs.
pub fn ground(pixmap: &mut Pixmap, region: &Region, ts: Transform) {
    let Some(path) = outline_path(&region.outline) else {
        return;
    };
    pixmap.fill_path(&path, &paint(GROUND), FillRule::Winding, ts, None);
    let Some(mut clip) = Mask::new(pixmap.width(), pixmap.height()) else {
        return;
    };
    clip.fill_path(&path, FillRule::Winding, true, ts);
    let cell = 1.0 / f32::from(GRID);
    for j in 0..GRID {
        for i in 0..GRID {
            let h = hash(i, j);
            #[allow(clippy::cast_precision_loss)]
            let jitter = |bits: u32| ((h >> bits) & 0xff) as f32 / 255.0 - 0.5;
            let at = p(
                (f32::from(i) + 0.5 + 0.5 * jitter(0)) * cell,
                (f32::from(j) + 0.5 + 0.5 * jitter(8)) * cell,
            );
            if !inside(at, &region.polygon) || h.is_multiple_of(9) {
                continue;
            }
            let angle = 0.3 * jitter(16);
            let dir = if h & 0x0100_0000 == 0 {
                p(angle.cos(), angle.sin())
            } else {
                p(-angle.sin(), angle.cos())
            };
            house(pixmap, at, dir, cell, ts, &clip);
        }
    }
}

/// The walls, then the gates.
pub fn walls(pixmap: &mut Pixmap, region: &Region, ts: Transform) {
    let dark = stroke(WALL_WIDTH, LineCap::Round);
    let stone = stroke(WALL_WIDTH * 0.55, LineCap::Round);
    for wall in region.walls.iter().filter_map(Curve::path) {
        pixmap.stroke_path(&wall, &paint(colour::INK), &dark, ts, None);
        pixmap.stroke_path(&wall, &paint(colour::WALL), &stone, ts, None);
    }
    for &(at, dir) in &region.gates {
        gate(pixmap, at, dir, ts);
    }
}

/// A roof seen from above: two slopes and a ridge.
fn house(pixmap: &mut Pixmap, at: P, dir: P, cell: f32, ts: Transform, clip: &Mask) {
    let ts = local(ts, at, cell * 0.4, dir);
    let (light, dark) = (colour::ROOF, colour::rgb(146, 74, 48));
    // The outline is a slightly larger dark roof underneath: no stroking.
    for (rect, c) in [
        (
            Rect::from_ltrb(-1.06, -0.68, 1.06, 0.68),
            colour::rgb(112, 58, 38),
        ),
        (Rect::from_ltrb(-1.0, -0.62, 1.0, 0.0), light),
        (Rect::from_ltrb(-1.0, 0.0, 1.0, 0.62), dark),
    ] {
        if let Some(rect) = rect {
            pixmap.fill_rect(rect, &paint(c), ts, Some(clip));
        }
    }
}

/// A gate where a path passes the wall: a stone frame and a dark opening.
fn gate(pixmap: &mut Pixmap, at: P, dir: P, ts: Transform) {
    let ts = local(ts, at, 1.0, dir);
    let (w, h) = (WALL_WIDTH, road::WIDTH * 0.5);
    if let Some(frame) = Rect::from_ltrb(-w, -h - w * 0.5, w, h + w * 0.5) {
        pixmap.fill_rect(frame, &paint(colour::INK), ts, None);
    }
    if let Some(stone) = Rect::from_ltrb(-w * 0.75, -h - w * 0.25, w * 0.75, h + w * 0.25) {
        pixmap.fill_rect(stone, &paint(colour::WALL), ts, None);
    }
    if let Some(opening) = Rect::from_ltrb(-w, -h * 0.6, w * 0.3, h * 0.6) {
        pixmap.fill_rect(opening, &paint(colour::INK), ts, None);
    }
}
