//! Paints a resolved scene, bottom to top: the ground (the fields' look);
//! then, layer by layer (`under`, level, `over`), paths (edges first, then
//! surfaces, so junctions join seamlessly) and regions (ground, then walls
//! and gates; spots whose look lies low go before the level regions),
//! bridges and tunnel mouths, labels and attributes; spots; village houses;
//! last, the field boundaries the drawing does not explain (see
//! [`super::fields`]). Geometry turns with the tile, symbols stay upright.

use tiny_skia::{FillRule, LineCap, Path, PathBuilder, Pixmap, Transform};

use super::draw::{colour, paint, stroke, transform};
use super::fields::Labels;
use super::layout::{Layer, Scene};
use super::looks::{crossing, plain, road, Look};

/// Paints a scene onto a new `size`² pixmap.
pub fn paint_scene(scene: &Scene, size: u32, rotation: u8) -> Option<Pixmap> {
    let mut pixmap = Pixmap::new(size, size)?;
    let ts = transform(size, rotation);
    pixmap.fill(colour::color(scene.ground));
    for layer in Layer::ALL {
        paths(&mut pixmap, scene, layer, ts);
        if layer == Layer::Level {
            for spot in scene.spots.iter().filter(|s| s.low()) {
                spot_paint(&mut pixmap, spot, ts);
            }
        }
        let regions = scene.regions.iter().filter(|r| r.layer == layer);
        for region in regions.clone().filter(|r| r.layer == Layer::Over) {
            shadow(&mut pixmap, region, ts);
        }
        for region in regions.clone() {
            match &region.look {
                Look::Builtin(_, painter) => (painter.ground)(&mut pixmap, region, ts),
                Look::Plain(p) => plain::region_ground(&mut pixmap, region, p, ts),
            }
        }
        for region in regions {
            match &region.look {
                Look::Builtin(_, painter) => (painter.walls)(&mut pixmap, region, ts),
                Look::Plain(p) => plain::region_walls(&mut pixmap, region, p, ts),
            }
        }
        for mark in scene.marks.iter().filter(|m| m.layer == layer) {
            crossing::paint(&mut pixmap, mark, ts);
        }
        for arches in scene.arches.iter().filter(|a| a.layer == layer) {
            crossing::arches(&mut pixmap, arches, ts);
        }
        labels(&mut pixmap, scene, layer, ts);
    }
    for spot in scene.spots.iter().filter(|s| !s.low()) {
        spot_paint(&mut pixmap, spot, ts);
    }
    for join in scene.joins.iter().filter(|j| j.village) {
        road::village(&mut pixmap, join.at, join.radius, ts);
    }
    // Fields can only meet where there are two of them.
    let labels = if scene.fields.len() > 1 {
        Some(Labels::flood(scene, size, ts)?)
    } else {
        None
    };
    if let Some(mask) = labels.and_then(|l| l.boundaries()) {
        let rect = tiny_skia::Rect::from_xywh(0.0, 0.0, 1.0, 1.0)?;
        #[allow(clippy::cast_precision_loss)]
        let scale = Transform::from_scale(size as f32, size as f32);
        pixmap.fill_rect(rect, &paint(colour::FIELD_LINE), scale, Some(&mask));
    }
    Some(pixmap)
}

fn spot_paint(pixmap: &mut Pixmap, spot: &super::layout::Spot, ts: Transform) {
    match &spot.look {
        Look::Builtin(_, look) => (look.paint)(pixmap, spot, ts),
        Look::Plain(p) => plain::spot(pixmap, spot, p, ts),
    }
}

/// The labels of a layer's plain features and the attributes of its features,
/// so that what crosses over a feature covers them too.
fn labels(pixmap: &mut Pixmap, scene: &Scene, layer: Layer, ts: Transform) {
    for route in scene.routes.iter().filter(|r| r.layer == layer) {
        if let (Some(p), Some(at)) = (&route.plain, route.label_at) {
            plain::path_label(pixmap, at, p, ts);
        }
    }
    for region in scene.regions.iter().filter(|r| r.layer == layer) {
        if let Look::Plain(p) = &region.look {
            let crowded = scene.badges.iter().any(|b| b.owner == region.id);
            plain::region_label(pixmap, region, p, crowded, ts);
        }
    }
    for badge in scene.badges.iter().filter(|b| b.layer == layer) {
        match &badge.look {
            Look::Builtin(_, look) => {
                let frame = match badge.along {
                    Some(dir) => super::draw::local(ts, badge.at, badge.size, dir),
                    None => super::draw::upright(ts, badge.at, badge.size),
                };
                (look.paint)(pixmap, frame);
            }
            Look::Plain(p) => plain::badge(pixmap, badge, p, ts),
        }
    }
}

/// The paths of one layer: every edge, then every surface, with the squares
/// where they meet.
fn paths(pixmap: &mut Pixmap, scene: &Scene, layer: Layer, ts: Transform) {
    let routes: Vec<(&super::looks::PathStyle, Vec<Path>)> = scene
        .routes
        .iter()
        .filter(|r| r.layer == layer)
        .map(|r| (&r.style, chained(&r.curves)))
        .collect();
    let joins: Vec<_> = scene
        .joins
        .iter()
        .filter(|j| j.layer == layer)
        .filter_map(|j| Some((j, PathBuilder::from_circle(j.at.x, j.at.y, j.radius)?)))
        .collect();
    for (style, curves) in &routes {
        let edge = stroke(style.width + 2.0 * style.edge, LineCap::Butt);
        for path in curves {
            pixmap.stroke_path(path, &paint(style.edge_colour), &edge, ts, None);
        }
    }
    for (j, square) in &joins {
        let ring = stroke(2.0 * j.style.edge, LineCap::Butt);
        pixmap.stroke_path(square, &paint(j.style.edge_colour), &ring, ts, None);
    }
    for (style, curves) in &routes {
        let surface = stroke(style.width, LineCap::Butt);
        for path in curves {
            pixmap.stroke_path(path, &paint(style.surface), &surface, ts, None);
        }
    }
    for (j, square) in &joins {
        pixmap.fill_path(square, &paint(j.style.surface), FillRule::Winding, ts, None);
    }
}

/// The curves of a route as paths, a curve that starts where the one before
/// ends continuing it (so a bent path has no seam where its curves meet).
fn chained(curves: &[super::geometry::Curve]) -> Vec<Path> {
    let mut paths = Vec::new();
    let mut open: Option<(PathBuilder, super::geometry::P)> = None;
    for curve in curves {
        let joins = open
            .as_ref()
            .is_some_and(|(_, end)| end.dist(curve.start()) < 1e-4);
        if !joins {
            if let Some(path) = open.take().and_then(|(b, _)| b.finish()) {
                paths.push(path);
            }
            let mut builder = PathBuilder::new();
            let a = curve.start();
            builder.move_to(a.x, a.y);
            open = Some((builder, a));
        }
        if let Some((builder, end)) = open.as_mut() {
            curve.extend(builder);
            *end = curve.at(1.0);
        }
    }
    paths.extend(open.and_then(|(b, _)| b.finish()));
    paths
}

/// A soft shadow along the walls of a region that lies over another.
fn shadow(pixmap: &mut Pixmap, region: &super::layout::Region, ts: Transform) {
    let mut dark = paint(colour::INK);
    dark.shader = tiny_skia::Shader::SolidColor(tiny_skia::Color::from_rgba8(0, 0, 0, 110));
    let s = stroke(0.12, LineCap::Round);
    for wall in region.walls.iter().filter_map(super::geometry::Curve::path) {
        pixmap.stroke_path(&wall, &dark, &s, ts, None);
    }
}
