//! The `city` look of a region: stone-coloured ground under a pattern of red
//! roofs clipped to the outline, a stone wall along every stretch inside the
//! tile, and a gate where a path enters.

use std::cell::RefCell;
use std::rc::Rc;

use tiny_skia::{FillRule, LineCap, Mask, Pixmap, PixmapPaint, Rect, Transform};

use super::super::draw::{colour, local, outline_path, paint, stroke};
use super::super::geometry::{inside, p, Curve, P};
use super::super::layout::{Region, WALL_WIDTH};
use super::road;

/// Inside a city.
const GROUND: tiny_skia::ColorU8 = colour::rgb(201, 154, 96);
/// Houses per tile edge in the roof pattern.
const GRID: u16 = 8;

/// A small integer hash, for a pattern that looks irregular but is fixed.
pub(super) fn hash(i: u16, j: u16) -> u32 {
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
    let roofs = roofs(ts);
    for roof in roofs.iter().filter(|r| inside(r.at, &region.polygon)) {
        pixmap.draw_pixmap(
            roof.x,
            roof.y,
            roof.pixmap.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            Some(&clip),
        );
    }
}

/// One roof of the pattern, drawn once for a tile's size and turn: its
/// centre in tile coordinates and its picture at a whole-pixel offset.
struct Roof {
    at: P,
    x: i32,
    y: i32,
    pixmap: Pixmap,
}

/// Transforms whose roofs are kept, per thread (a run draws at a few sizes).
const KEPT: usize = 8;

/// A transform's coefficients as bits, and the roofs drawn under it.
type KeptRoofs = Vec<([u32; 6], Rc<[Roof]>)>;

thread_local! {
    static ROOFS: RefCell<KeptRoofs> = const { RefCell::new(Vec::new()) };
}

/// The roofs of the pattern under `ts`, drawn on first use. Every city of
/// every tile of one size and turn shares them: the pattern does not depend
/// on the region, only which roofs show (those whose centre lies inside).
fn roofs(ts: Transform) -> Rc<[Roof]> {
    let key = [ts.sx, ts.kx, ts.ky, ts.sy, ts.tx, ts.ty].map(f32::to_bits);
    ROOFS.with(|kept| {
        let mut kept = kept.borrow_mut();
        if let Some((_, roofs)) = kept.iter().find(|(k, _)| *k == key) {
            return Rc::clone(roofs);
        }
        let roofs: Rc<[Roof]> = pattern(ts).into();
        if kept.len() == KEPT {
            kept.remove(0);
        }
        kept.push((key, Rc::clone(&roofs)));
        roofs
    })
}

/// Draws the roofs of the pattern, each into a picture of its own.
fn pattern(ts: Transform) -> Vec<Roof> {
    let cell = 1.0 / f32::from(GRID);
    let mut roofs = Vec::new();
    for j in 0..GRID {
        for i in 0..GRID {
            let h = hash(i, j);
            if h.is_multiple_of(9) {
                continue;
            }
            #[allow(clippy::cast_precision_loss)]
            let jitter = |bits: u32| ((h >> bits) & 0xff) as f32 / 255.0 - 0.5;
            let at = p(
                (f32::from(i) + 0.5 + 0.5 * jitter(0)) * cell,
                (f32::from(j) + 0.5 + 0.5 * jitter(8)) * cell,
            );
            let angle = 0.3 * jitter(16);
            let dir = if h & 0x0100_0000 == 0 {
                p(angle.cos(), angle.sin())
            } else {
                p(-angle.sin(), angle.cos())
            };
            if let Some(roof) = roof(at, dir, cell, ts) {
                roofs.push(roof);
            }
        }
    }
    roofs
}

/// The rectangle a roof covers, around the origin before its transform.
const EAVES: (f32, f32) = (1.06, 0.68);

fn roof(at: P, dir: P, cell: f32, ts: Transform) -> Option<Roof> {
    let house_ts = local(ts, at, cell * 0.4, dir);
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
        let mut corner = [tiny_skia::Point::from_xy(dx * EAVES.0, dy * EAVES.1)];
        house_ts.map_points(&mut corner);
        x0 = x0.min(corner[0].x);
        y0 = y0.min(corner[0].y);
        x1 = x1.max(corner[0].x);
        y1 = y1.max(corner[0].y);
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let (x, y, w, h) = (
        x0.floor() as i32 - 1,
        y0.floor() as i32 - 1,
        (x1 - x0).ceil() as u32 + 3,
        (y1 - y0).ceil() as u32 + 3,
    );
    let mut pixmap = Pixmap::new(w, h)?;
    #[allow(clippy::cast_precision_loss)]
    let shift = Transform::from_translate(-(x as f32), -(y as f32));
    house(&mut pixmap, at, dir, cell, shift.pre_concat(ts));
    Some(Roof { at, x, y, pixmap })
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
fn house(pixmap: &mut Pixmap, at: P, dir: P, cell: f32, ts: Transform) {
    let ts = local(ts, at, cell * 0.4, dir);
    let (light, dark) = (colour::ROOF, colour::rgb(146, 74, 48));
    // The outline is a slightly larger dark roof underneath: no stroking.
    for (rect, c) in [
        (
            Rect::from_ltrb(-EAVES.0, -EAVES.1, EAVES.0, EAVES.1),
            colour::rgb(112, 58, 38),
        ),
        (Rect::from_ltrb(-1.0, -0.62, 1.0, 0.0), light),
        (Rect::from_ltrb(-1.0, 0.0, 1.0, 0.62), dark),
    ] {
        if let Some(rect) = rect {
            pixmap.fill_rect(rect, &paint(c), ts, None);
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
