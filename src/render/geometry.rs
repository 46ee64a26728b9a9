//! Plane geometry of the unit tile: points, the sides and corners of the square,
//! and the curves (lines, quadratic and cubic Béziers) every shape is made of.
//!
//! Coordinates are unrotated tile coordinates: `(0, 0)` is the north-west
//! corner, `x` grows east and `y` grows south, the tile is the unit square. The
//! painter scales and turns them at the very end, so every decision here is the
//! same for every size and rotation.

use std::ops::{Add, Mul, Sub};

use tiny_skia::PathBuilder;

use crate::geometry::Side;

/// A point (or vector) in tile coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct P {
    /// East.
    pub x: f32,
    /// South.
    pub y: f32,
}

/// Shorthand constructor.
pub const fn p(x: f32, y: f32) -> P {
    P { x, y }
}

/// The middle of the tile.
pub const CENTRE: P = p(0.5, 0.5);

impl Add for P {
    type Output = P;
    fn add(self, o: P) -> P {
        p(self.x + o.x, self.y + o.y)
    }
}

impl Sub for P {
    type Output = P;
    fn sub(self, o: P) -> P {
        p(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f32> for P {
    type Output = P;
    fn mul(self, k: f32) -> P {
        p(self.x * k, self.y * k)
    }
}

impl P {
    /// Euclidean length.
    pub fn len(self) -> f32 {
        self.x.hypot(self.y)
    }

    /// Distance to another point.
    pub fn dist(self, o: P) -> f32 {
        (self - o).len()
    }

    /// Dot product.
    pub fn dot(self, o: P) -> f32 {
        self.x * o.x + self.y * o.y
    }

    /// The vector scaled to length 1 (or `fallback` when it is too short).
    pub fn unit_or(self, fallback: P) -> P {
        let l = self.len();
        if l < 1e-6 {
            fallback
        } else {
            self * (1.0 / l)
        }
    }

    /// The point `t` of the way from `self` to `o`.
    pub fn lerp(self, o: P, t: f32) -> P {
        self + (o - self) * t
    }
}

/// Corner `i` clockwise from the north-west one (`NW NE SE SW`), modulo 4.
pub fn corner(i: usize) -> P {
    [p(0.0, 0.0), p(1.0, 0.0), p(1.0, 1.0), p(0.0, 1.0)][i % 4]
}

/// The corner where a side starts, walking the border clockwise.
pub fn side_start(side: Side) -> P {
    corner(side.index())
}

/// The middle of a side, where a road meets it.
pub fn side_middle(side: Side) -> P {
    side_start(side).lerp(corner(side.index() + 1), 0.5)
}

/// The unit vector from a side into the tile.
pub fn inward(side: Side) -> P {
    [p(0.0, 1.0), p(-1.0, 0.0), p(0.0, -1.0), p(1.0, 0.0)][side.index()]
}

/// A piece of an outline or a road's centre line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Curve {
    /// A straight segment.
    Line(P, P),
    /// A quadratic Bézier: start, control, end.
    Quad(P, P, P),
    /// A cubic Bézier: start, two controls, end.
    Cubic(P, P, P, P),
}

impl Curve {
    /// The point at parameter `t` in `0..=1`.
    pub fn at(&self, t: f32) -> P {
        let u = 1.0 - t;
        match *self {
            Curve::Line(a, b) => a.lerp(b, t),
            Curve::Quad(a, c, b) => a * (u * u) + c * (2.0 * u * t) + b * (t * t),
            Curve::Cubic(a, c1, c2, b) => {
                a * (u * u * u) + c1 * (3.0 * u * u * t) + c2 * (3.0 * u * t * t) + b * (t * t * t)
            }
        }
    }

    /// The start point.
    pub fn start(&self) -> P {
        self.at(0.0)
    }

    /// `n + 1` points evenly spaced in the parameter, both ends included.
    pub fn sample(&self, n: usize) -> impl Iterator<Item = P> + '_ {
        let n = n.max(1);
        #[allow(clippy::cast_precision_loss)]
        (0..=n).map(move |i| self.at(i as f32 / n as f32))
    }

    /// Appends the curve to a path whose pen is already at its start.
    pub fn extend(&self, path: &mut PathBuilder) {
        match *self {
            Curve::Line(_, b) => path.line_to(b.x, b.y),
            Curve::Quad(_, c, b) => path.quad_to(c.x, c.y, b.x, b.y),
            Curve::Cubic(_, c1, c2, b) => path.cubic_to(c1.x, c1.y, c2.x, c2.y, b.x, b.y),
        }
    }

    /// The curve as an open path of its own.
    pub fn path(&self) -> Option<tiny_skia::Path> {
        let mut path = PathBuilder::new();
        let a = self.start();
        path.move_to(a.x, a.y);
        self.extend(&mut path);
        path.finish()
    }
}

/// Points sampled along a curve, for distance tests.
pub fn polyline(curve: &Curve) -> Vec<P> {
    curve.sample(24).collect()
}

/// Distance from `q` to a polyline, and the nearest point on it.
pub fn nearest(q: P, line: &[P]) -> (f32, P) {
    let mut best = (f32::INFINITY, q);
    for pair in line.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let ab = b - a;
        let len2 = ab.dot(ab);
        let t = if len2 < 1e-12 {
            0.0
        } else {
            ((q - a).dot(ab) / len2).clamp(0.0, 1.0)
        };
        let c = a + ab * t;
        let d = q.dist(c);
        if d < best.0 {
            best = (d, c);
        }
    }
    if line.len() == 1 {
        best = (q.dist(line[0]), line[0]);
    }
    best
}

/// Whether `q` lies inside a closed polygon (even-odd rule).
pub fn inside(q: P, polygon: &[P]) -> bool {
    let mut result = false;
    let n = polygon.len();
    for i in 0..n {
        let a = polygon[i];
        let b = polygon[(i + 1) % n];
        if (a.y > q.y) != (b.y > q.y) {
            let x = a.x + (q.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if q.x < x {
                result = !result;
            }
        }
    }
    result
}

/// A quarter circle of radius 1/2 around a corner, from one side middle to the
/// adjacent one (the curve of a road turning a corner).
pub fn corner_arc(from: Side, to: Side) -> Curve {
    const KAPPA: f32 = 0.552_284_8;
    let (a, b) = (side_middle(from), side_middle(to));
    Curve::Cubic(
        a,
        a + inward(from) * (0.5 * KAPPA),
        b + inward(to) * (0.5 * KAPPA),
        b,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_have_their_middles_and_inward_normals() {
        assert_eq!(side_middle(Side::N), p(0.5, 0.0));
        assert_eq!(side_middle(Side::W), p(0.0, 0.5));
        for side in Side::ALL {
            let m = side_middle(side) + inward(side) * 0.5;
            assert!(m.dist(CENTRE) < 1e-6, "{side}");
        }
    }

    #[test]
    fn a_corner_arc_stays_half_a_tile_from_its_corner() {
        let arc = corner_arc(Side::S, Side::W);
        for q in arc.sample(16) {
            assert!((q.dist(corner(3)) - 0.5).abs() < 0.002, "{q:?}");
        }
    }

    #[test]
    fn nearest_and_inside_agree_with_a_square() {
        let square = [
            p(0.0, 0.0),
            p(1.0, 0.0),
            p(1.0, 1.0),
            p(0.0, 1.0),
            p(0.0, 0.0),
        ];
        assert!(inside(p(0.5, 0.5), &square));
        assert!(!inside(p(1.5, 0.5), &square));
        let (d, c) = nearest(p(0.5, 0.2), &square);
        assert!((d - 0.2).abs() < 1e-6 && c.dist(p(0.5, 0.0)) < 1e-6);
    }
}
