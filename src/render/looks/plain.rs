//! The plain look of every shape, for a kind or attribute whose style names no
//! built-in look: drawn in its colour, with its label, so a fan's invention
//! shows and reads. A region is its colour inside a darker wall with the
//! label at its anchor; a path is its colour between darker edges with the
//! label on a disc at its middle; a spot is a disc with the label; an
//! attribute is a rounded square with the label.

use tiny_skia::{FillRule, LineCap, PathBuilder, Pixmap, Transform};

use super::super::draw::{
    circle, colour, label, line, local, outline_path, paint, polygon, shape, stroke, upright,
};
use super::super::geometry::{Curve, CENTRE, P};
use super::super::layout::{Badge, Region, Spot, WALL_WIDTH};
use super::{PathStyle, Plain};

/// The ground when the vocabulary declares no face kind.
pub const GROUND: tiny_skia::ColorU8 = colour::rgb(196, 204, 170);

fn ink_on(c: tiny_skia::ColorU8) -> tiny_skia::ColorU8 {
    if colour::is_light(c) {
        colour::INK
    } else {
        colour::WHITE
    }
}

/// A disc of the colour with the label, in an upright frame.
fn disc(pixmap: &mut Pixmap, p: &Plain, ts: Transform) {
    shape(pixmap, circle(0.0, 0.0, 1.0), colour::WHITE, 0.0, ts);
    shape(pixmap, circle(0.0, 0.0, 0.86), p.colour, 0.1, ts);
    label(pixmap, &p.label, 0.8, ink_on(p.colour), ts);
}

/// A plain region's ground: its colour, lighter than its walls.
pub fn region_ground(pixmap: &mut Pixmap, region: &Region, p: &Plain, ts: Transform) {
    if let Some(path) = outline_path(&region.outline) {
        let fill = paint(colour::shade(p.colour, 1.25));
        pixmap.fill_path(&path, &fill, FillRule::Winding, ts, None);
    }
}

/// A plain region's walls: the colour, darkened.
pub fn region_walls(pixmap: &mut Pixmap, region: &Region, p: &Plain, ts: Transform) {
    let dark = stroke(WALL_WIDTH, LineCap::Round);
    let wall = stroke(WALL_WIDTH * 0.5, LineCap::Round);
    for w in region.walls.iter().filter_map(Curve::path) {
        pixmap.stroke_path(&w, &paint(colour::INK), &dark, ts, None);
        pixmap.stroke_path(&w, &paint(colour::shade(p.colour, 0.7)), &wall, ts, None);
    }
}

/// A plain region's label at its anchor (further in when its attributes
/// stand there).
pub fn region_label(pixmap: &mut Pixmap, region: &Region, p: &Plain, crowded: bool, ts: Transform) {
    let at = if crowded {
        region.anchor + (CENTRE - region.anchor).unit_or(CENTRE) * 0.12
    } else {
        region.anchor
    };
    disc(pixmap, p, upright(ts, at, 0.065));
}

/// A plain path's strokes: its colour between darker edges.
pub fn path_style(p: &Plain) -> PathStyle {
    PathStyle {
        width: 0.09,
        edge: 0.016,
        surface: p.colour,
        edge_colour: colour::shade(p.colour, 0.55),
    }
}

/// A plain path's label, on a disc at `at` (on the path: see the layout).
pub fn path_label(pixmap: &mut Pixmap, at: P, p: &Plain, ts: Transform) {
    disc(pixmap, p, upright(ts, at, 0.06));
}

/// A plain spot: a disc with its label; its arrow, if it has one, points
/// out of the disc (turning with the tile); its variant, if it has one, is a
/// small disc with the variant's label on its rim.
pub fn spot(pixmap: &mut Pixmap, spot: &Spot, p: &Plain, ts: Transform) {
    if let Some(dir) = spot.direction {
        let along = local(ts, spot.at, spot.radius, dir);
        line(pixmap, &[(0.8, 0.0), (1.3, 0.0)], 0.16, colour::INK, along);
        shape(
            pixmap,
            polygon(&[(1.22, -0.3), (1.62, 0.0), (1.22, 0.3)]),
            colour::INK,
            0.0,
            along,
        );
    }
    disc(pixmap, p, upright(ts, spot.at, spot.radius));
    if let Some((_, variant)) = &spot.variant {
        let at = spot.at + super::super::geometry::p(0.72, 0.72) * spot.radius;
        disc(pixmap, variant, upright(ts, at, spot.radius * 0.42));
    }
}

/// A plain attribute: a rounded square with its label.
pub fn badge(pixmap: &mut Pixmap, badge: &Badge, p: &Plain, ts: Transform) {
    let ts = upright(ts, badge.at, badge.size);
    let mut path = PathBuilder::new();
    let (r, k) = (0.3, 0.86);
    path.move_to(-k + r, -k);
    path.line_to(k - r, -k);
    path.quad_to(k, -k, k, -k + r);
    path.line_to(k, k - r);
    path.quad_to(k, k, k - r, k);
    path.line_to(-k + r, k);
    path.quad_to(-k, k, -k, k - r);
    path.line_to(-k, -k + r);
    path.quad_to(-k, -k, -k + r, -k);
    path.close();
    shape(pixmap, path.finish(), p.colour, 0.16, ts);
    label(pixmap, &p.label, 0.9, ink_on(p.colour), ts);
}
