//! The centre features' symbols, the village and the pennants. Each symbol is
//! drawn in its own square `-1..1`, mapped onto the disc the layout gave it.

use tiny_skia::{ColorU8 as Color, FillRule, LineCap, Path, PathBuilder, Pixmap, Transform};

use super::geometry::{p, P};
use super::layout::{Centre, Symbol};
use super::tile::{colour, line, local, paint, stroke};
use crate::geometry::Dir;
use crate::kinds::CropType;

const STRAW: Color = colour::rgb(220, 194, 112);
const STRAW_DARK: Color = colour::rgb(168, 136, 58);
const SAND: Color = colour::rgb(232, 214, 166);
const TENT_RED: Color = colour::rgb(196, 48, 56);
const GOLD: Color = colour::rgb(232, 184, 48);
const WOOD: Color = colour::rgb(214, 176, 112);
const ARROW: Color = colour::rgb(168, 36, 36);
const STONE: Color = colour::rgb(232, 222, 196);
const RIGHT: P = p(1.0, 0.0);

fn polygon(points: &[(f32, f32)]) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut path = PathBuilder::new();
    path.move_to(first.0, first.1);
    for &(x, y) in rest {
        path.line_to(x, y);
    }
    path.close();
    path.finish()
}

fn circle(x: f32, y: f32, r: f32) -> Option<Path> {
    PathBuilder::from_circle(x, y, r)
}

/// Fills a path and outlines it in ink (`outline` in local units).
fn shape(pixmap: &mut Pixmap, path: Option<Path>, fill: Color, outline: f32, ts: Transform) {
    if let Some(path) = path {
        pixmap.fill_path(&path, &paint(fill), FillRule::Winding, ts, None);
        if outline > 0.0 {
            let line = stroke(outline, LineCap::Round);
            pixmap.stroke_path(&path, &paint(colour::INK), &line, ts, None);
        }
    }
}

/// Draws a centre feature.
pub fn centre(pixmap: &mut Pixmap, c: &Centre, ts: Transform) {
    let ts_upright = local(ts, c.at, c.radius, RIGHT);
    match c.symbol {
        Symbol::Cloister => cloister(pixmap, ts_upright),
        Symbol::Circus => circus(pixmap, ts_upright),
        Symbol::Acrobats => acrobats(pixmap, ts_upright),
        Symbol::Flier(dir) => flier(pixmap, local(ts, c.at, c.radius, unit(dir))),
        Symbol::CropCircle(kind) => crop_circle(pixmap, kind, ts_upright),
    }
}

fn unit(dir: Dir) -> P {
    let (x, y) = dir.step();
    #[allow(clippy::cast_precision_loss)]
    p(x as f32, y as f32).unit_or(RIGHT)
}

fn cloister(pixmap: &mut Pixmap, ts: Transform) {
    let o = 0.07;
    // The nave: walls, then a red gabled roof.
    shape(
        pixmap,
        polygon(&[(-0.85, -0.05), (0.45, -0.05), (0.45, 0.62), (-0.85, 0.62)]),
        STONE,
        o,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(-0.95, -0.02), (-0.7, -0.45), (0.35, -0.45), (0.55, -0.02)]),
        colour::ROOF,
        o,
        ts,
    );
    // The bell tower with a pointed roof.
    shape(
        pixmap,
        polygon(&[(0.4, -0.5), (0.82, -0.5), (0.82, 0.62), (0.4, 0.62)]),
        STONE,
        o,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(0.34, -0.48), (0.61, -0.98), (0.88, -0.48)]),
        colour::ROOF,
        o,
        ts,
    );
    // Door and windows.
    shape(
        pixmap,
        polygon(&[
            (-0.32, 0.62),
            (-0.32, 0.3),
            (-0.12, 0.22),
            (0.08, 0.3),
            (0.08, 0.62),
        ]),
        colour::INK,
        0.0,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(0.54, -0.3), (0.68, -0.3), (0.68, -0.08), (0.54, -0.08)]),
        colour::INK,
        0.0,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(-0.66, 0.12), (-0.52, 0.12), (-0.52, 0.34), (-0.66, 0.34)]),
        colour::INK,
        0.0,
        ts,
    );
}

fn circus(pixmap: &mut Pixmap, ts: Transform) {
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
    if let Some(rim) = circle(0.0, 0.0, 1.0) {
        pixmap.stroke_path(
            &rim,
            &paint(colour::INK),
            &stroke(0.09, LineCap::Round),
            ts,
            None,
        );
    }
    shape(pixmap, circle(0.0, 0.0, 0.2), GOLD, 0.07, ts);
}

fn acrobats(pixmap: &mut Pixmap, ts: Transform) {
    shape(pixmap, circle(0.0, 0.0, 1.0), SAND, 0.08, ts);
    line(pixmap, &[(-0.62, 0.72), (0.62, 0.72)], 0.1, colour::INK, ts);
    for (x, y) in [(-0.34, 0.36), (0.34, 0.36), (0.0, -0.26)] {
        shape(pixmap, circle(x, y, 0.3), colour::WHITE, 0.09, ts);
        shape(pixmap, circle(x, y, 0.11), TENT_RED, 0.0, ts);
    }
    line(
        pixmap,
        &[(-0.34, 0.06), (-0.12, -0.08)],
        0.08,
        colour::INK,
        ts,
    );
    line(
        pixmap,
        &[(0.34, 0.06), (0.12, -0.08)],
        0.08,
        colour::INK,
        ts,
    );
}

/// The arrow points along the local x axis; the aircraft flies the same way.
fn flier(pixmap: &mut Pixmap, ts: Transform) {
    shape(
        pixmap,
        polygon(&[
            (-0.95, -0.12),
            (0.4, -0.12),
            (0.4, -0.42),
            (1.0, 0.0),
            (0.4, 0.42),
            (0.4, 0.12),
            (-0.95, 0.12),
        ]),
        ARROW,
        0.06,
        ts,
    );
    // A small aircraft over the shaft: wings, tail plane, fuselage, propeller.
    let o = 0.05;
    shape(
        pixmap,
        polygon(&[(-0.42, -0.62), (-0.22, -0.66), (-0.22, 0.66), (-0.42, 0.62)]),
        WOOD,
        o,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(-0.86, -0.26), (-0.74, -0.26), (-0.74, 0.26), (-0.86, 0.26)]),
        WOOD,
        o,
        ts,
    );
    shape(
        pixmap,
        polygon(&[
            (-0.9, -0.06),
            (-0.05, -0.1),
            (0.03, 0.0),
            (-0.05, 0.1),
            (-0.9, 0.06),
        ]),
        WOOD,
        o,
        ts,
    );
    line(pixmap, &[(0.07, -0.2), (0.07, 0.2)], 0.07, colour::INK, ts);
}

fn crop_circle(pixmap: &mut Pixmap, kind: CropType, ts: Transform) {
    shape(pixmap, circle(0.0, 0.0, 1.0), STRAW, 0.0, ts);
    for r in [0.97, 0.74] {
        if let Some(ring) = circle(0.0, 0.0, r) {
            pixmap.stroke_path(
                &ring,
                &paint(STRAW_DARK),
                &stroke(0.08, LineCap::Round),
                ts,
                None,
            );
        }
    }
    let ink = colour::INK;
    match kind {
        CropType::City => shield(pixmap, ts.pre_scale(0.5, 0.5), colour::PENNANT),
        CropType::Road => {
            // A club: a handle widening into a knobbed head.
            shape(
                pixmap,
                polygon(&[(-0.4, 0.36), (-0.3, 0.46), (0.32, -0.02), (0.02, -0.32)]),
                ink,
                0.0,
                ts,
            );
            shape(pixmap, circle(0.2, -0.2, 0.24), ink, 0.0, ts);
            for (x, y) in [(0.44, -0.3), (0.3, -0.46), (0.47, -0.06)] {
                shape(pixmap, circle(x, y, 0.07), ink, 0.0, ts);
            }
        }
        CropType::Field => {
            // A pitchfork: a handle and three tines.
            line(pixmap, &[(0.0, 0.5), (0.0, -0.05)], 0.12, ink, ts);
            line(
                pixmap,
                &[(-0.26, -0.45), (-0.26, -0.05), (0.26, -0.05), (0.26, -0.45)],
                0.09,
                ink,
                ts,
            );
            line(pixmap, &[(0.0, -0.05), (0.0, -0.5)], 0.09, ink, ts);
        }
    }
}

/// A shield in the square `-1..1`.
fn shield(pixmap: &mut Pixmap, ts: Transform, fill: Color) {
    let mut path = PathBuilder::new();
    path.move_to(-0.8, -0.9);
    path.line_to(0.8, -0.9);
    path.line_to(0.8, 0.0);
    path.quad_to(0.75, 0.65, 0.0, 1.0);
    path.quad_to(-0.75, 0.65, -0.8, 0.0);
    path.close();
    if let Some(path) = path.finish() {
        pixmap.fill_path(&path, &paint(fill), FillRule::Winding, ts, None);
        let white = stroke(0.22, LineCap::Round);
        pixmap.stroke_path(&path, &paint(colour::WHITE), &white, ts, None);
        let ink = stroke(0.1, LineCap::Round);
        pixmap.stroke_path(&path, &paint(colour::INK), &ink, ts, None);
    }
}

/// One shield per pennant, side by side around `anchor`.
pub fn pennants(pixmap: &mut Pixmap, anchor: P, count: u32, ts: Transform) {
    let size = 0.07;
    #[allow(clippy::cast_precision_loss)]
    let first = -((count.saturating_sub(1)) as f32) * size * 1.1;
    for i in 0..count.min(6) {
        #[allow(clippy::cast_precision_loss)]
        let at = anchor + p(first + i as f32 * size * 2.2, 0.0);
        shield(pixmap, local(ts, at, size, RIGHT), colour::PENNANT);
    }
}

/// A small house on the village square (the square itself is drawn with the
/// roads, so they join seamlessly).
pub fn village(pixmap: &mut Pixmap, at: P, r: f32, ts: Transform) {
    let ts = local(ts, at, r, RIGHT);
    let o = 0.1;
    shape(
        pixmap,
        polygon(&[(-0.5, -0.05), (0.5, -0.05), (0.5, 0.55), (-0.5, 0.55)]),
        colour::WHITE,
        o,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(-0.65, -0.02), (0.0, -0.62), (0.65, -0.02)]),
        colour::ROOF,
        o,
        ts,
    );
    shape(
        pixmap,
        polygon(&[(-0.12, 0.55), (-0.12, 0.22), (0.12, 0.22), (0.12, 0.55)]),
        colour::INK,
        0.0,
        ts,
    );
}
