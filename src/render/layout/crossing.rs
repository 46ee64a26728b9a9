//! Crossings: where a path marked `over` crosses another feature it gets a
//! bridge over the stretch it crosses; a path marked `under` gets a tunnel
//! mouth on each side of what it passes under. A region marked over a path
//! puts the path in a tunnel; under it, on a bridge. A region over another
//! region is a bridge too: a row of arches along each of its walls where the
//! wall lies over the lower region.

use crate::emit::wire::Shape;

use super::super::geometry::{inside, nearest, polyline, Curve, P};
use super::super::looks::PathStyle;
use super::{Builder, Layer};

/// How a path crosses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// Over, on a bridge.
    Bridge,
    /// Under, through a tunnel.
    Tunnel,
}

/// A bridge or a pair of tunnel mouths on one curve of a path.
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    /// Bridge or tunnel.
    pub way: Way,
    /// The path's curve.
    pub curve: Curve,
    /// The path's strokes.
    pub style: PathStyle,
    /// Where along the curve the crossed feature starts (0..1).
    pub from: f32,
    /// Where along the curve it ends.
    pub to: f32,
    /// The upper of the two layers: the mark is painted with it.
    pub layer: Layer,
}

/// A stretch of an upper region's wall that lies over a lower region: the
/// side of a bridge, drawn as arches.
#[derive(Clone, Copy, Debug)]
pub struct Arches {
    /// The wall.
    pub wall: Curve,
    /// Where along the wall the lower region starts (0..1).
    pub from: f32,
    /// Where it ends.
    pub to: f32,
    /// Which way is out of the upper region: +1 along the wall's left normal
    /// `(-dy, dx)`, -1 the other way.
    pub out: f32,
    /// The upper region's layer.
    pub layer: Layer,
}

/// Samples along a curve when looking for where it crosses.
const STEPS: u16 = 64;

/// Every mark of the tile.
pub fn marks(b: &mut Builder<'_>) {
    let mut out = Vec::new();
    let mut arches = Vec::new();
    for (id, f) in b.tile.features.iter().enumerate() {
        let Some(crossing) = &f.crossing else {
            continue;
        };
        let over = crossing.way == "over";
        for &other in &crossing.crosses {
            let (path, crossed, way) = match (b.kinds.shape(id), b.kinds.shape(other)) {
                (Some(Shape::Path), Some(Shape::Path | Shape::Region)) => {
                    (id, other, if over { Way::Bridge } else { Way::Tunnel })
                }
                (Some(Shape::Region), Some(Shape::Path)) => {
                    (other, id, if over { Way::Tunnel } else { Way::Bridge })
                }
                (Some(Shape::Region), Some(Shape::Region)) => {
                    let (upper, lower) = if over { (id, other) } else { (other, id) };
                    let layer = b.layer(id).max(b.layer(other));
                    arches.extend(arches_of(b, upper, lower, layer));
                    continue;
                }
                _ => continue,
            };
            let layer = b.layer(id).max(b.layer(other));
            out.extend(spans(b, path, crossed, way, layer));
        }
    }
    b.scene.marks = out;
    b.scene.arches = arches;
}

/// The stretches of region `upper`'s walls that lie over region `lower`.
fn arches_of(b: &Builder<'_>, upper: usize, lower: usize, layer: Layer) -> Vec<Arches> {
    let (Some(up), Some(low)) = (
        b.region_of[upper].map(|r| &b.scene.regions[r]),
        b.region_of[lower].map(|r| &b.scene.regions[r]),
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for wall in &up.walls {
        let mid = wall.at(0.5);
        let (a, c) = (wall.at(0.49), wall.at(0.51));
        let d = (c - a).unit_or(super::super::geometry::p(1.0, 0.0));
        let left = mid + super::super::geometry::p(-d.y, d.x) * 0.02;
        let out_sign = if inside(left, &up.polygon) { -1.0 } else { 1.0 };
        let mut from = None;
        for i in 0..=STEPS {
            let t = f32::from(i) / f32::from(STEPS);
            match (inside(wall.at(t), &low.polygon), from) {
                (true, None) => from = Some(t),
                (false, Some(start)) => {
                    out.push(Arches {
                        wall: *wall,
                        from: start,
                        to: t,
                        out: out_sign,
                        layer,
                    });
                    from = None;
                }
                _ => {}
            }
        }
        if let Some(start) = from {
            out.push(Arches {
                wall: *wall,
                from: start,
                to: 1.0,
                out: out_sign,
                layer,
            });
        }
    }
    out
}

/// The stretches of path `path` that lie on feature `crossed`.
fn spans(b: &Builder<'_>, path: usize, crossed: usize, way: Way, layer: Layer) -> Vec<Mark> {
    let Some(route) = b.route_of[path].map(|r| &b.scene.routes[r]) else {
        return Vec::new();
    };
    let on: Box<dyn Fn(P) -> bool + '_> =
        if let Some(r) = b.route_of[crossed].map(|r| &b.scene.routes[r]) {
            let lines: Vec<Vec<P>> = r.curves.iter().map(polyline).collect();
            let half = r.style.half();
            Box::new(move |q| lines.iter().any(|l| nearest(q, l).0 < half))
        } else if let Some(r) = b.region_of[crossed].map(|r| &b.scene.regions[r]) {
            Box::new(move |q| inside(q, &r.polygon))
        } else {
            return Vec::new();
        };
    let mut out = Vec::new();
    for curve in &route.curves {
        let mut from = None;
        for i in 0..=STEPS {
            let t = f32::from(i) / f32::from(STEPS);
            let hit = on(curve.at(t));
            match (hit, from) {
                (true, None) => from = Some(t),
                (false, Some(start)) => {
                    out.push(mark(way, *curve, route.style, (start, t), layer));
                    from = None;
                }
                _ => {}
            }
        }
        if let Some(start) = from {
            out.push(mark(way, *curve, route.style, (start, 1.0), layer));
        }
    }
    out
}

fn mark(way: Way, curve: Curve, style: PathStyle, (from, to): (f32, f32), layer: Layer) -> Mark {
    Mark {
        way,
        curve,
        style,
        from,
        to,
        layer,
    }
}
