//! Crossings, drawn from the layout's marks: a `bridge` is a stone parapet
//! along both edges of the upper path over the stretch it crosses; a `tunnel`
//! is a dark arched mouth in a stone frame where the lower path disappears;
//! a region over a region stands on `arches`: a stone face with dark arch
//! openings along each wall, over the stretch where it spans the lower one.
//! All turn with the tile.

use tiny_skia::{LineCap, PathBuilder, Pixmap, Transform};

use super::super::draw::{self, colour, line, local, shape, stroke};
use super::super::geometry::{p, Curve, P};
use super::super::layout::{Arches, Mark, Way};

/// How far a parapet runs past the crossed feature, along the curve.
const OVERHANG: f32 = 0.04;

/// Draws one mark.
pub fn paint(pixmap: &mut Pixmap, mark: &Mark, ts: Transform) {
    match mark.way {
        Way::Bridge => bridge(pixmap, mark, ts),
        Way::Tunnel => {
            if mark.from > 0.01 {
                mouth(pixmap, &mark.curve, mark.from, -1.0, mark.style.half(), ts);
            }
            if mark.to < 0.99 {
                mouth(pixmap, &mark.curve, mark.to, 1.0, mark.style.half(), ts);
            }
        }
    }
}

fn tangent(curve: &Curve, t: f32) -> P {
    let (a, b) = (curve.at((t - 0.01).max(0.0)), curve.at((t + 0.01).min(1.0)));
    (b - a).unit_or(p(1.0, 0.0))
}

/// Points along the curve from `from` to `to`, offset sideways by `off`.
fn along(curve: &Curve, from: f32, to: f32, off: f32) -> Vec<(f32, f32)> {
    (0..=12u8)
        .map(|i| {
            let t = from + (to - from) * f32::from(i) / 12.0;
            let d = tangent(curve, t);
            let q = curve.at(t) + p(-d.y, d.x) * off;
            (q.x, q.y)
        })
        .collect()
}

/// A stone deck wider than the path, the path's surface on it, and a
/// parapet along each edge.
fn bridge(pixmap: &mut Pixmap, mark: &Mark, ts: Transform) {
    let from = (mark.from - OVERHANG).max(0.0);
    let to = (mark.to + OVERHANG).min(1.0);
    let style = &mark.style;
    let half = style.half();
    let deck = along(&mark.curve, from, to, 0.0);
    stroke_butt(pixmap, &deck, 2.0 * half + 0.05, colour::INK, ts);
    stroke_butt(pixmap, &deck, 2.0 * half + 0.034, colour::WALL, ts);
    stroke_butt(pixmap, &deck, style.width, style.surface, ts);
    for side in [-1.0_f32, 1.0] {
        let rail = along(&mark.curve, from, to, (half + 0.008) * side);
        line(pixmap, &rail, 0.026, colour::INK, ts);
        line(pixmap, &rail, 0.014, colour::STONE, ts);
    }
}

fn stroke_butt(
    pixmap: &mut Pixmap,
    points: &[(f32, f32)],
    width: f32,
    color: tiny_skia::ColorU8,
    ts: Transform,
) {
    let mut path = PathBuilder::new();
    for (i, &(x, y)) in points.iter().enumerate() {
        if i == 0 {
            path.move_to(x, y);
        } else {
            path.line_to(x, y);
        }
    }
    if let Some(path) = path.finish() {
        pixmap.stroke_path(
            &path,
            &draw::paint(color),
            &stroke(width, LineCap::Butt),
            ts,
            None,
        );
    }
}

/// A tunnel mouth at `t`, facing out of the tunnel along `out` (±1 along the
/// curve).
fn mouth(pixmap: &mut Pixmap, curve: &Curve, t: f32, out: f32, half: f32, ts: Transform) {
    let d = tangent(curve, t) * out;
    let ts = local(ts, curve.at(t), half * 1.35, d);
    // In the local frame x points out of the tunnel; the arch bulges that way.
    let arch = |w: f32| {
        let mut path = PathBuilder::new();
        path.move_to(0.0, -w);
        path.cubic_to(0.75 * w, -w, 0.75 * w, w, 0.0, w);
        path.close();
        path.finish()
    };
    shape(pixmap, arch(1.0), colour::WALL, 0.12, ts);
    shape(pixmap, arch(0.68), colour::INK, 0.0, ts);
}

/// Width of the stone face under a region's bridge, in tiles.
const FACE: f32 = 0.07;
/// Distance between two arches, in tiles.
const ARCH_SPACING: f32 = 0.09;

/// The side of a region's bridge: a stone face along the wall, outside the
/// upper region, pierced by a row of dark arches.
pub fn arches(pixmap: &mut Pixmap, a: &Arches, ts: Transform) {
    let off = a.out * (FACE / 2.0 + 0.012);
    let face = along(&a.wall, a.from, a.to, off);
    stroke_butt(pixmap, &face, FACE + 0.012, colour::INK, ts);
    stroke_butt(pixmap, &face, FACE, colour::WALL, ts);
    let length: f32 = face
        .windows(2)
        .map(|w| (w[1].0 - w[0].0).hypot(w[1].1 - w[0].1))
        .sum();
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let n = ((length / ARCH_SPACING).floor() as u16).max(1);
    for k in 0..n {
        let t = a.from + (a.to - a.from) * (f32::from(k) + 0.5) / f32::from(n);
        let d = tangent(&a.wall, t);
        let at = a.wall.at(t) + p(-d.y, d.x) * off;
        // Local x along the wall, local y towards the outside.
        let frame = local(ts, at, FACE / 2.0, d * a.out);
        let mut arch = PathBuilder::new();
        arch.move_to(-0.5, 1.0);
        arch.line_to(-0.5, 0.0);
        arch.cubic_to(-0.5, -0.65, 0.5, -0.65, 0.5, 0.0);
        arch.line_to(0.5, 1.0);
        arch.close();
        shape(pixmap, arch.finish(), colour::INK, 0.0, frame);
    }
}
