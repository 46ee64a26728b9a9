//! Where a spot, a village or a junction goes: a small deterministic search over the tile for
//! the point that is near the middle, leans against what the feature touches
//! and keeps clear of everything else (so a field can pass between them),
//! inside the part of the tile its dead ends reach.
//!
//! The search is a coarse grid and then a finer one around the best point;
//! scores are compared strictly, so ties keep the first point in scan order and
//! the result is the same on every run.

use super::geometry::{inside, nearest, p, CENTRE, P};
use super::layout::Reach;

/// Room left between a spot and what it does not touch.
const MARGIN: f32 = 0.06;
/// How far inside the disc the outline of a touched feature lies, as a share of
/// the radius: the disc overlaps what it touches.
const REACH: f32 = 0.75;
/// How far a band reaches past the outline of what it touches (hidden under it).
const BAND_OVERLAP: f32 = 0.05;
/// The largest radius a feature grows to in order to reach what it touches.
const MAX_RADIUS: f32 = 0.3;

/// Something to keep clear of: a polyline with a half-width (a disc is a
/// polyline of one point).
#[derive(Clone, Debug, PartialEq)]
pub struct Obstacle {
    line: Vec<P>,
    half: f32,
}

impl Obstacle {
    /// A road centre line or a wall.
    pub fn line(line: Vec<P>, half: f32) -> Obstacle {
        Obstacle { line, half }
    }

    /// A disc (another spot).
    pub fn disc(at: P, radius: f32) -> Obstacle {
        Obstacle {
            line: vec![at],
            half: radius,
        }
    }

    /// The polyline and its half-width.
    pub fn parts(&self) -> (&[P], f32) {
        (&self.line, self.half)
    }

    fn clearance(&self, q: P) -> f32 {
        nearest(q, &self.line).0 - self.half
    }
}

/// Something a spot touches: lines to lean against and, for a city,
/// the region the lines bound (being inside it counts as a negative distance).
#[derive(Clone, Debug)]
pub struct Target {
    lines: Vec<Vec<P>>,
    region: Vec<P>,
    half: f32,
}

impl Target {
    /// A target made of `lines` of half-width `half`, bounding `region` (empty
    /// for a road).
    pub fn region(lines: Vec<Vec<P>>, region: Vec<P>, half: f32) -> Target {
        Target {
            lines,
            region,
            half,
        }
    }

    /// Whether the obstacle is one of this target's lines (so it is leaned on,
    /// not avoided).
    pub fn covers(&self, o: &Obstacle) -> bool {
        self.lines.contains(&o.line)
    }

    /// The point a little inside this target nearest to `q`: where a band
    /// from `q` that must overlap it ends.
    pub fn inside_from(&self, q: P) -> Option<P> {
        let (_, at) = self
            .lines
            .iter()
            .map(|l| nearest(q, l))
            .min_by(|a, b| a.0.total_cmp(&b.0))?;
        let towards = (at - q).unit_or(p(1.0, 0.0));
        Some(at + towards * (self.half + BAND_OVERLAP))
    }

    fn distance(&self, q: P) -> f32 {
        let d = self
            .lines
            .iter()
            .map(|l| nearest(q, l).0)
            .fold(f32::INFINITY, f32::min)
            - self.half;
        if !self.region.is_empty() && inside(q, &self.region) {
            -d
        } else {
            d
        }
    }
}

/// What a placement must respect.
#[derive(Clone, Copy, Default)]
pub struct Constraints<'a> {
    /// Lines and discs to keep clear of, by a margin.
    pub avoid: &'a [Obstacle],
    /// Regions not to sit in.
    pub solid: &'a [&'a [P]],
    /// What to lean against.
    pub touch: &'a [Target],
    /// The part of the tile to stay in (what its dead ends reach).
    pub within: Option<&'a Reach>,
}

fn score(q: P, radius: f32, c: &Constraints<'_>) -> f32 {
    let Constraints {
        avoid,
        solid,
        touch,
        within,
    } = *c;
    let mut s = 0.5 * (q - CENTRE).dot(q - CENTRE);
    let edge = q.x.min(1.0 - q.x).min(q.y).min(1.0 - q.y) - radius;
    if edge < 0.03 {
        s += (0.03 - edge).powi(2) * 50.0;
    }
    for o in avoid {
        let c = o.clearance(q) - radius;
        if c < MARGIN {
            s += (MARGIN - c).powi(2) * 100.0;
        }
    }
    for region in solid {
        if inside(q, region) {
            s += 10.0;
        }
    }
    for t in touch {
        s += (t.distance(q) - REACH * radius).powi(2) * 100.0;
    }
    if within.is_some_and(|r| !r.contains(q)) {
        s += 10.0;
    }
    s
}

/// The middle and radius of a spot of nominal `radius`.
pub fn place(radius: f32, c: &Constraints<'_>) -> (P, f32) {
    let best = std::cell::Cell::new((f32::INFINITY, CENTRE));
    let consider = |q: P| {
        let s = score(q, radius, c);
        if s < best.get().0 {
            best.set((s, q));
        }
    };
    consider(CENTRE);
    for j in 0..=16u8 {
        for i in 0..=16u8 {
            consider(p(0.1 + 0.05 * f32::from(i), 0.1 + 0.05 * f32::from(j)));
        }
    }
    let coarse = best.get().1;
    for j in -5..=5i8 {
        for i in -5..=5i8 {
            consider(coarse + p(0.01 * f32::from(i), 0.01 * f32::from(j)));
        }
    }
    let at = best.get().1;
    let needed = c
        .touch
        .iter()
        .map(|t| t.distance(at) / 0.8)
        .fold(radius, f32::max);
    (at, needed.min(MAX_RADIUS))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unconstrained_feature_sits_in_the_middle() {
        let (at, r) = place(0.2, &Constraints::default());
        assert!(at.dist(CENTRE) < 1e-6);
        assert!((r - 0.2).abs() < 1e-6);
    }

    #[test]
    fn a_feature_moves_off_a_road_through_the_middle() {
        let road = Obstacle::line(vec![p(0.0, 0.5), p(1.0, 0.5)], 0.06);
        let avoid = [road.clone()];
        let (at, r) = place(
            0.14,
            &Constraints {
                avoid: &avoid,
                ..Constraints::default()
            },
        );
        assert!(road.clearance(at) - r >= MARGIN - 0.01, "{at:?}");
    }

    #[test]
    fn a_feature_leans_against_what_it_touches() {
        let wall = Target::region(vec![vec![p(0.0, 0.3), p(1.0, 0.3)]], Vec::new(), 0.02);
        let touch = [wall.clone()];
        let (at, r) = place(
            0.2,
            &Constraints {
                touch: &touch,
                ..Constraints::default()
            },
        );
        assert!(wall.distance(at) < r, "{at:?} {r}");
    }
}
