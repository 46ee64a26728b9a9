//! Where every feature of a tile lies, as a filled outline in unrotated tile
//! coordinates (the unit square), with a point inside it where a figure
//! stands: the derived geometry the painter draws, handed to other back ends
//! (the JCloisterZone artwork's click areas).
//!
//! Regions are their outlines; paths are their centre lines stroked at the
//! width they are drawn, with the square of a junction; spots are their discs;
//! fields are the pixels the field flood ([`super::fields`]) gives them,
//! traced into polygons on a grid of [`FIELD_GRID`]² cells and simplified.

use std::collections::HashMap;

use tiny_skia::{Path, PathBuilder};

use super::draw::{outline_path, transform};
use super::fields::Labels;
use super::geometry::{p, P};
use super::layout::{self, Scene};
use super::RenderError;
use crate::emit::wire::{Tile, Vocabulary};

/// The edge of the grid fields are traced on, in cells.
pub const FIELD_GRID: u32 = 180;

/// One feature's shape.
#[derive(Clone, Debug)]
pub struct FeatureShape {
    /// The feature's id within the tile.
    pub feature: usize,
    /// The filled outline (non-zero winding), in the unit square.
    pub path: Path,
    /// A point well inside it, where a figure stands.
    pub point: (f32, f32),
}

/// The shape of every feature of a tile that has one, by feature id.
///
/// # Errors
/// As [`super::tile_pixmap`]: only a tile no checked set produces.
pub fn feature_shapes(
    tile: &Tile,
    vocabulary: &Vocabulary,
) -> Result<Vec<FeatureShape>, RenderError> {
    let fail = |message: String| RenderError {
        item: tile.id.clone(),
        message,
    };
    let scene = layout::scene(tile, vocabulary).map_err(fail)?;
    let mut out = Vec::new();
    for region in &scene.regions {
        if let Some(path) = outline_path(&region.outline) {
            out.push(FeatureShape {
                feature: region.id,
                path,
                point: (region.anchor.x, region.anchor.y),
            });
        }
    }
    for route in &scene.routes {
        if let Some(shape) = route_shape(&scene, route) {
            out.push(shape);
        }
    }
    for spot in &scene.spots {
        if let Some(path) = spot.outline() {
            out.push(FeatureShape {
                feature: spot.id,
                path,
                point: (spot.at.x, spot.at.y),
            });
        }
    }
    out.extend(
        field_shapes(&scene).ok_or_else(|| fail("the field grid cannot be allocated".into()))?,
    );
    out.sort_by_key(|s| s.feature);
    Ok(out)
}

/// A path's curves stroked at their drawn width, with the junction squares
/// its branches meet at.
fn route_shape(scene: &Scene, route: &layout::Route) -> Option<FeatureShape> {
    let width = route.style.width + 2.0 * route.style.edge;
    let mut builder = PathBuilder::new();
    let mut ends = Vec::new();
    let discs: Vec<(P, f32)> = scene.spots.iter().map(|s| (s.at, s.radius)).collect();
    for curve in &route.curves {
        let line = outside_discs(curve, &discs);
        let ring = ribbon(&line, width / 2.0);
        if let Some((first, rest)) = ring.split_first() {
            builder.move_to(first.x, first.y);
            for q in rest {
                builder.line_to(q.x, q.y);
            }
            builder.close();
        }
        ends.push(curve.at(1.0));
    }
    for join in scene.joins.iter().filter(|j| !j.village) {
        if ends.iter().any(|e| e.dist(join.at) < 1e-3) {
            if let Some(disc) = PathBuilder::from_circle(join.at.x, join.at.y, join.radius) {
                builder.push_path(&disc);
            }
        }
    }
    // The middle of the first branch's part outside any spot.
    let line = outside_discs(route.curves.first()?, &discs);
    let at = line[line.len() / 2];
    Some(FeatureShape {
        feature: route.id,
        path: builder.finish()?,
        point: (at.x, at.y),
    })
}

/// A path's centre line as points, up to where it enters a spot's disc (a
/// dead end runs to the middle of the spot it ends at; the spot is clicked
/// there, not the path).
fn outside_discs(curve: &super::geometry::Curve, discs: &[(P, f32)]) -> Vec<P> {
    const STEPS: usize = 32;
    let inside = |q: P| discs.iter().any(|(at, r)| q.dist(*at) < *r);
    let mut points = vec![curve.at(0.0)];
    for i in 1..=STEPS {
        #[allow(clippy::cast_precision_loss)]
        let t = i as f32 / STEPS as f32;
        let q = curve.at(t);
        if inside(q) {
            // Bisect for the disc's edge between the last point outside and here.
            #[allow(clippy::cast_precision_loss)]
            let (mut lo, mut hi) = ((i - 1) as f32 / STEPS as f32, t);
            for _ in 0..16 {
                let mid = (lo + hi) / 2.0;
                if inside(curve.at(mid)) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            points.push(curve.at(lo));
            break;
        }
        points.push(q);
    }
    points
}

/// The outline of a band of half-width `half` along a polyline: one side
/// forward, the other back, butt ends.
fn ribbon(line: &[P], half: f32) -> Vec<P> {
    let n = line.len();
    if n < 2 {
        return Vec::new();
    }
    let normal = |i: usize| {
        let (a, b) = (line[i.saturating_sub(1)], line[(i + 1).min(n - 1)]);
        let d = (b - a).unit_or(p(1.0, 0.0));
        p(-d.y, d.x)
    };
    let left = (0..n).map(|i| line[i] + normal(i) * half);
    let right: Vec<P> = (0..n).map(|i| line[i] - normal(i) * half).collect();
    left.chain(right.into_iter().rev()).collect()
}

/// Every field's pixels traced into polygons.
fn field_shapes(scene: &Scene) -> Option<Vec<FeatureShape>> {
    let n = FIELD_GRID as usize;
    let labels = Labels::flood(scene, FIELD_GRID, transform(FIELD_GRID, 0))?;
    let (_, grid) = labels.grid();
    let mut out = Vec::new();
    for (index, (feature, _)) in scene.fields.iter().enumerate() {
        let inside: Vec<bool> = grid.iter().map(|&l| usize::from(l) == index).collect();
        if !inside.iter().any(|&b| b) {
            continue;
        }
        #[allow(clippy::cast_precision_loss)]
        let k = 1.0 / n as f32;
        let mut builder = PathBuilder::new();
        for ring in trace(&inside, n) {
            let ring = simplify(&ring, 0.9);
            let Some((first, rest)) = ring.split_first() else {
                continue;
            };
            builder.move_to(first.x * k, first.y * k);
            for q in rest {
                builder.line_to(q.x * k, q.y * k);
            }
            builder.close();
        }
        let (x, y) = deepest(&inside, n);
        #[allow(clippy::cast_precision_loss)]
        let point = ((x as f32 + 0.5) * k, (y as f32 + 0.5) * k);
        if let Some(path) = builder.finish() {
            out.push(FeatureShape {
                feature: *feature,
                path,
                point,
            });
        }
    }
    Some(out)
}

/// The boundary of a set of grid cells as closed rings of cell corners,
/// clockwise (inside on the right, `y` down), holes the other way round.
/// Where two cells touch only at a corner the ring turns so as to keep them
/// apart.
fn trace(inside: &[bool], n: usize) -> Vec<Vec<P>> {
    let at = |x: isize, y: isize| {
        x >= 0
            && y >= 0
            && (x as usize) < n
            && (y as usize) < n
            && inside[y as usize * n + x as usize]
    };
    // Directed unit edges keyed by their start corner.
    let mut edges: Vec<((isize, isize), (isize, isize))> = Vec::new();
    #[allow(clippy::cast_possible_wrap)]
    for y in 0..n as isize {
        for x in 0..n as isize {
            if !at(x, y) {
                continue;
            }
            if !at(x, y - 1) {
                edges.push(((x, y), (x + 1, y)));
            }
            if !at(x + 1, y) {
                edges.push(((x + 1, y), (x + 1, y + 1)));
            }
            if !at(x, y + 1) {
                edges.push(((x + 1, y + 1), (x, y + 1)));
            }
            if !at(x - 1, y) {
                edges.push(((x, y + 1), (x, y)));
            }
        }
    }
    let mut from: HashMap<(isize, isize), Vec<usize>> = HashMap::new();
    for (i, (a, _)) in edges.iter().enumerate() {
        from.entry(*a).or_default().push(i);
    }
    let mut used = vec![false; edges.len()];
    let mut rings = Vec::new();
    for start in 0..edges.len() {
        if used[start] {
            continue;
        }
        let mut ring = Vec::new();
        let mut current = start;
        loop {
            used[current] = true;
            let (a, b) = edges[current];
            #[allow(clippy::cast_precision_loss)]
            ring.push(p(a.0 as f32, a.1 as f32));
            let dir = (b.0 - a.0, b.1 - a.1);
            // Prefer a right turn (y down: (dx, dy) → (-dy, dx)), then straight, then left.
            let next = from.get(&b).and_then(|options| {
                let turn = |i: &&usize| {
                    let (c, d) = edges[**i];
                    let out = (d.0 - c.0, d.1 - c.1);
                    if out == (-dir.1, dir.0) {
                        0
                    } else if out == dir {
                        1
                    } else {
                        2
                    }
                };
                options
                    .iter()
                    .filter(|i| !used[**i])
                    .min_by_key(turn)
                    .copied()
            });
            match next {
                Some(i) => current = i,
                None => break,
            }
        }
        rings.push(ring);
    }
    rings
}

/// A closed ring with its collinear corners dropped and its staircases
/// smoothed (Ramer–Douglas–Peucker within `tolerance` cells).
fn simplify(ring: &[P], tolerance: f32) -> Vec<P> {
    if ring.len() < 4 {
        return ring.to_vec();
    }
    // Split at the corner farthest from the first, and simplify both halves.
    let far = (1..ring.len())
        .max_by(|&i, &j| ring[0].dist(ring[i]).total_cmp(&ring[0].dist(ring[j])))
        .unwrap_or(ring.len() / 2);
    let mut first: Vec<P> = ring[..=far].to_vec();
    let mut second: Vec<P> = ring[far..].to_vec();
    second.push(ring[0]);
    first = rdp(&first, tolerance);
    second = rdp(&second, tolerance);
    first.pop();
    second.pop();
    first.extend(second);
    if first.len() < 3 {
        ring.to_vec()
    } else {
        first
    }
}

fn rdp(line: &[P], tolerance: f32) -> Vec<P> {
    let (Some(&a), Some(&b)) = (line.first(), line.last()) else {
        return Vec::new();
    };
    let d = b - a;
    let len = d.len().max(1e-6);
    let (mut worst, mut at) = (0.0, 0);
    for (i, q) in line.iter().enumerate().take(line.len() - 1).skip(1) {
        let off = ((*q - a).x * d.y - (*q - a).y * d.x).abs() / len;
        if off > worst {
            worst = off;
            at = i;
        }
    }
    if worst <= tolerance {
        return vec![a, b];
    }
    let mut left = rdp(&line[..=at], tolerance);
    let right = rdp(&line[at..], tolerance);
    left.pop();
    left.extend(right);
    left
}

/// The cell farthest from every cell outside the set (chamfer distance),
/// first in scan order on ties.
fn deepest(inside: &[bool], n: usize) -> (usize, usize) {
    const BIG: u32 = u32::MAX / 4;
    let mut d: Vec<u32> = inside.iter().map(|&b| if b { BIG } else { 0 }).collect();
    let get = |d: &[u32], x: isize, y: isize| {
        if x < 0 || y < 0 || x as usize >= n || y as usize >= n {
            0
        } else {
            d[y as usize * n + x as usize]
        }
    };
    #[allow(clippy::cast_possible_wrap)]
    let m = n as isize;
    for y in 0..m {
        for x in 0..m {
            let i = (y * m + x) as usize;
            if d[i] == 0 {
                continue;
            }
            let best = [
                get(&d, x - 1, y) + 3,
                get(&d, x, y - 1) + 3,
                get(&d, x - 1, y - 1) + 4,
                get(&d, x + 1, y - 1) + 4,
            ];
            d[i] = d[i].min(best.into_iter().min().unwrap_or(BIG));
        }
    }
    for y in (0..m).rev() {
        for x in (0..m).rev() {
            let i = (y * m + x) as usize;
            if d[i] == 0 {
                continue;
            }
            let best = [
                get(&d, x + 1, y) + 3,
                get(&d, x, y + 1) + 3,
                get(&d, x + 1, y + 1) + 4,
                get(&d, x - 1, y + 1) + 4,
            ];
            d[i] = d[i].min(best.into_iter().min().unwrap_or(BIG));
        }
    }
    let i = (0..d.len())
        .max_by_key(|&i| (d[i], std::cmp::Reverse(i)))
        .unwrap_or(0);
    (i % n, i / n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_traces_to_one_clockwise_ring_of_four_corners() {
        let n = 4;
        let mut inside = vec![false; n * n];
        for y in 1..3 {
            for x in 1..3 {
                inside[y * n + x] = true;
            }
        }
        let rings = trace(&inside, n);
        assert_eq!(rings.len(), 1);
        let ring = simplify(&rings[0], 0.1);
        assert_eq!(ring.len(), 4, "{ring:?}");
        assert_eq!(deepest(&inside, n), (1, 1));
    }

    #[test]
    fn a_ring_with_a_hole_traces_to_two_rings() {
        let n = 5;
        let mut inside = vec![true; n * n];
        inside[2 * n + 2] = false;
        assert_eq!(trace(&inside, n).len(), 2);
    }
}
