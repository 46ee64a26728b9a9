//! Region outlines (cities and every other region kind), built from the runs
//! of sides a region covers: the border is followed along its sides, and each
//! gap between two runs is closed by a wall whose bow depends on how many
//! sides the gap spans (a cap, a corner, a band, three sides) and on what else
//! claims room. A corner the region `reaches` splits the wall of its gap
//! there: the wall runs into the corner and cuts the field in two; a side
//! middle it reaches draws a tongue of the region down to that side.

use crate::geometry::{Dir, Side};

use super::super::geometry::{corner, inward, p, side_middle, Curve, CENTRE, P};

/// How far a city cap reaches into the tile, at its middle.
const CAP_DEPTH: f32 = 0.28;
/// How far the lens of field between a reached corner and the next one goes.
const REACH_LENS: f32 = 0.1;

/// What else claims room on the tile, which decides how far walls bow.
#[derive(Clone, Copy, Debug)]
pub struct Room {
    /// Sides of other regions.
    pub others: [bool; 4],
    /// Sides with a path.
    pub paths: [bool; 4],
    /// Whether the tile has a spot.
    pub crowded: bool,
    /// Whether the region crosses another (or another crosses it).
    pub crossing: bool,
    /// Which region covers each side (this one included).
    pub owner: [Option<usize>; 4],
    /// Corners where walls meet with no field between them: a region on the
    /// tile `reaches` them.
    pub closed: [bool; 4],
}

/// A region's outline, clockwise, its walls (the parts inside the tile), the
/// outline sampled, and where its attributes go.
#[derive(Clone, Debug)]
pub struct Shape {
    /// The closed outline.
    pub outline: Vec<Curve>,
    /// The walls alone.
    pub walls: Vec<Curve>,
    /// The outline sampled, for inside tests.
    pub polygon: Vec<P>,
    /// Where its attributes go.
    pub anchor: P,
}

/// The corner index (`NW NE SE SW` = 0..4) of a diagonal direction.
pub fn corner_of(dir: Dir) -> Option<usize> {
    let i = dir.index();
    (i % 2 == 1).then_some(i.div_ceil(2) % 4)
}

/// The side index (`N E S W` = 0..4) of a straight direction.
pub fn side_of(dir: Dir) -> Option<usize> {
    let i = dir.index();
    i.is_multiple_of(2).then_some(i / 2)
}

/// The shape of a region over the sides `mine`, reaching the corners
/// `reaches` (corner indices) and the middles of the sides `to_sides`.
pub fn shape(mine: [bool; 4], reaches: &[usize], to_sides: &[usize], room: Room) -> Shape {
    let count = mine.iter().filter(|m| **m).count();
    let first = (0..4).find(|&i| mine[i] && !mine[(i + 3) % 4]).unwrap_or(0);
    let mut outline = Vec::new();
    let mut walls = Vec::new();
    let mut k = 0;
    while k < 4 {
        let s = (first + k) % 4;
        if mine[s] {
            outline.push(Curve::Line(corner(s), corner(s + 1)));
            k += 1;
            continue;
        }
        let mut gap = 0;
        while k + gap < 4 && !mine[(s + gap) % 4] {
            gap += 1;
        }
        // Corners strictly inside the gap that the region reaches.
        let mut stops: Vec<usize> = (1..gap)
            .filter(|d| reaches.contains(&((s + d) % 4)))
            .collect();
        let to_side = (0..gap)
            .map(|d| (s + d) % 4)
            .find(|side| to_sides.contains(side));
        if let (true, Some(side)) = (stops.is_empty(), to_side) {
            let plain = if shared(s, gap, room) {
                shared_wall(s, gap)
            } else {
                wall(s, gap, room)
            };
            let pieces = tongue(plain, side);
            outline.extend(pieces);
            walls.extend(pieces.iter().filter(|c| !on_border(c)));
        } else if stops.is_empty() {
            let w = if shared(s, gap, room) {
                shared_wall(s, gap)
            } else {
                wall(s, gap, room)
            };
            outline.push(w);
            walls.push(w);
        } else {
            stops.insert(0, 0);
            stops.push(gap);
            for pair in stops.windows(2) {
                let reached_first = pair[0] != 0;
                for w in reach_wall(s + pair[0], pair[1] - pair[0], reached_first) {
                    outline.push(w);
                    walls.push(w);
                }
            }
        }
        k += gap;
    }
    let polygon = outline.iter().flat_map(|c| c.sample(16)).collect();
    Shape {
        outline,
        walls,
        polygon,
        anchor: anchor(mine, count),
    }
}

/// The shape with a courtyard: a field enclosed by the region, a walled
/// round hole at the region's anchor (the middle of a region on all four
/// sides), drawn counter-clockwise so that the outline's fill leaves it
/// open. The attributes move off the hole, towards the region's first side.
pub fn with_courtyard(mut shape: Shape, mine: [bool; 4]) -> Shape {
    const KAPPA: f32 = 0.552_284_8;
    let count = mine.iter().filter(|m| **m).count();
    let (at, r) = if count == 4 {
        (CENTRE, 0.2)
    } else if count == 1 {
        (shape.anchor, 0.07)
    } else {
        (shape.anchor, 0.1)
    };
    let k = r * KAPPA;
    let (n, w, s, e) = (
        at + p(0.0, -r),
        at + p(-r, 0.0),
        at + p(0.0, r),
        at + p(r, 0.0),
    );
    let hole = [
        Curve::Cubic(n, n + p(-k, 0.0), w + p(0.0, -k), w),
        Curve::Cubic(w, w + p(0.0, k), s + p(-k, 0.0), s),
        Curve::Cubic(s, s + p(k, 0.0), e + p(0.0, k), e),
        Curve::Cubic(e, e + p(0.0, -k), n + p(k, 0.0), n),
    ];
    shape.outline.extend(hole);
    shape.walls.extend(hole);
    // A keyhole polygon: out along a seam, round the hole, back the same way;
    // the seam's two crossings cancel in inside tests.
    let back = shape.polygon.first().copied();
    shape.polygon.extend(hole.iter().flat_map(|c| c.sample(16)));
    shape.polygon.extend(back);
    let side = Side::ALL
        .into_iter()
        .find(|s| mine[s.index()])
        .unwrap_or(Side::N);
    shape.anchor = if count == 4 {
        side_middle(side) + inward(side) * 0.15
    } else {
        at + p(r + 0.07, 0.0)
    };
    shape
}

fn anchor(mine: [bool; 4], count: usize) -> P {
    let depth = if count == 1 { 0.13 } else { 0.2 };
    let mut sum = p(0.0, 0.0);
    for side in Side::ALL.into_iter().filter(|s| mine[s.index()]) {
        sum = sum + side_middle(side) + inward(side) * depth;
    }
    #[allow(clippy::cast_precision_loss)]
    if count == 0 {
        CENTRE
    } else {
        sum * (1.0 / count as f32)
    }
}

/// Whether the gap's sides all belong to one other region and the walls meet
/// at both its ends: the two regions share one wall, no field between them.
fn shared(start: usize, gap: usize, room: Room) -> bool {
    let first = room.owner[start % 4];
    let one_other = first.is_some() && (0..gap).all(|d| room.owner[(start + d) % 4] == first);
    one_other && room.closed[start % 4] && room.closed[(start + gap) % 4]
}

/// The wall two regions share, the same curve seen from either side: a
/// straight diagonal between two corner regions, else the cap's wall of the
/// region on the single side.
fn shared_wall(start: usize, gap: usize) -> Curve {
    let (a, b) = (corner(start), corner(start + gap));
    match gap {
        1 => {
            let side = Side::from_index(start);
            Curve::Quad(a, side_middle(side) + inward(side) * (2.0 * CAP_DEPTH), b)
        }
        2 => Curve::Line(a, b),
        _ => {
            let side = Side::from_index(start + 3);
            Curve::Quad(a, side_middle(side) + inward(side) * (2.0 * CAP_DEPTH), b)
        }
    }
}

/// The wall closing a gap of `gap` sides that starts at side `start`.
fn wall(start: usize, gap: usize, room: Room) -> Curve {
    let others = room.others;
    let a = corner(start);
    let b = corner(start + gap);
    match gap {
        // A band crossing another band: it narrows quickly from its sides, so
        // a field is left in each corner between the two.
        1 if room.crossing => {
            let side = Side::from_index(start);
            let depth = inward(side) * 0.4;
            Curve::Cubic(a, a + depth, b + depth, b)
        }
        // The gap is one side: a field lens (or a rival region) lies against it.
        1 => {
            let side = Side::from_index(start);
            let depth = if others[start % 4] { 0.42 } else { CAP_DEPTH };
            Curve::Quad(a, side_middle(side) + inward(side) * (2.0 * depth), b)
        }
        // A corner region: a diagonal wall, bowed away from the region as far
        // as paths, a spot or another region leave room.
        2 => {
            let bow = if others[start % 4] || others[(start + 1) % 4] {
                -0.6
            } else if room.crowded {
                0.0
            } else if room.paths[start % 4] || room.paths[(start + 1) % 4] {
                0.15
            } else {
                0.4
            };
            Curve::Quad(a, CENTRE + (corner(start + 1) - CENTRE) * bow, b)
        }
        // A cap: the region is the one side before the gap.
        _ => {
            let side = Side::from_index(start + 3);
            Curve::Quad(a, side_middle(side) + inward(side) * (2.0 * CAP_DEPTH), b)
        }
    }
}

/// A wall from corner `from` that runs `span` sides clockwise to the next
/// stop, one of the two being a corner the region reaches: a shallow lens of
/// field against one side, or, across the tile, a wall that runs from the
/// reached corner close along that lens and then under the region's own side,
/// so the region is its usual self with a tongue reaching into the corner.
fn reach_wall(from: usize, span: usize, reached_first: bool) -> Vec<Curve> {
    let (a, b) = (corner(from), corner(from + span));
    if span == 1 {
        let side = Side::from_index(from);
        return vec![Curve::Quad(
            a,
            side_middle(side) + inward(side) * (2.0 * REACH_LENS),
            b,
        )];
    }
    // In a frame at the region's own corner (the one facing the field's
    // corner across the wall): `u` towards the reached corner, `v` towards
    // the other end.
    let own = corner(from + 3);
    let (reached, other) = if reached_first { (a, b) } else { (b, a) };
    let (u, v) = (reached - own, other - own);
    let at = |s: f32, t: f32| own + u * s + v * t;
    let knee = at(0.45, 0.3);
    let tongue = Curve::Quad(reached, at(0.75, 0.22), knee);
    let cap = Curve::Quad(knee, at(0.4, 0.65), other);
    if reached_first {
        vec![tongue, cap]
    } else {
        vec![reverse(cap), reverse(tongue)]
    }
}

/// The region's usual wall `plain` with a tongue from its point nearest the
/// middle of side `side` down to that middle: the wall to the tongue, its two
/// sides, the short stretch of the side at its tip, and the rest of the wall.
/// The region reaches the side's middle and cuts the field there in two.
fn tongue(plain: Curve, side: usize) -> [Curve; 5] {
    let s = Side::from_index(side);
    let middle = side_middle(s);
    // Clockwise along the side, the way the outline runs.
    let along = (corner(side + 1) - corner(side)).unit_or(p(1.0, 0.0));
    let (tip_near, tip_far) = (middle - along * TONGUE_HALF, middle + along * TONGUE_HALF);
    let t = (0..=64u8)
        .map(|i| f32::from(i) / 64.0)
        .min_by(|x, y| {
            let (dx, dy) = (plain.at(*x).dist(middle), plain.at(*y).dist(middle));
            dx.total_cmp(&dy)
        })
        .unwrap_or(0.5);
    let (t0, t1) = ((t - KNEE).max(0.05), (t + KNEE).min(0.95));
    let (k0, k1) = (plain.at(t0), plain.at(t1));
    let tangent = |at: f32| (plain.at(at + 0.01) - plain.at(at - 0.01)).unit_or(along);
    let reach = (middle - plain.at(t)).len() * 0.5;
    let down = Curve::Cubic(
        k0,
        k0 + tangent(t0) * 0.06,
        tip_near - inward(s) * reach,
        tip_near,
    );
    let up = Curve::Cubic(
        tip_far,
        tip_far - inward(s) * reach,
        k1 - tangent(t1) * 0.06,
        k1,
    );
    [
        part(plain, 0.0, t0),
        down,
        Curve::Line(tip_near, tip_far),
        up,
        part(plain, t1, 1.0),
    ]
}

/// Half the width of a tongue where it meets the side it reaches.
const TONGUE_HALF: f32 = 0.06;
/// How far along its wall a tongue's root spreads, either side (parameter).
const KNEE: f32 = 0.12;

/// Whether a curve runs along the tile's border (a stretch of a side).
fn on_border(c: &Curve) -> bool {
    let edge = |q: P| {
        q.x.abs() < 1e-4 || q.y.abs() < 1e-4 || (q.x - 1.0).abs() < 1e-4 || (q.y - 1.0).abs() < 1e-4
    };
    matches!(c, Curve::Line(a, b) if edge(*a) && edge(*b))
}

/// The piece of a curve between parameters `t0` and `t1` (de Casteljau).
fn part(c: Curve, t0: f32, t1: f32) -> Curve {
    let head = split(c, t1).0;
    if t1 <= 0.0 {
        return head;
    }
    split(head, t0 / t1).1
}

/// A curve split at `t` into the piece before and the piece after.
fn split(c: Curve, t: f32) -> (Curve, Curve) {
    match c {
        Curve::Line(a, b) => {
            let m = a.lerp(b, t);
            (Curve::Line(a, m), Curve::Line(m, b))
        }
        Curve::Quad(a, k, b) => {
            let (q0, q1) = (a.lerp(k, t), k.lerp(b, t));
            let m = q0.lerp(q1, t);
            (Curve::Quad(a, q0, m), Curve::Quad(m, q1, b))
        }
        Curve::Cubic(a, k1, k2, b) => {
            let (q0, q1, q2) = (a.lerp(k1, t), k1.lerp(k2, t), k2.lerp(b, t));
            let (r0, r1) = (q0.lerp(q1, t), q1.lerp(q2, t));
            let m = r0.lerp(r1, t);
            (Curve::Cubic(a, q0, r0, m), Curve::Cubic(m, r1, q2, b))
        }
    }
}

fn reverse(c: Curve) -> Curve {
    match c {
        Curve::Line(a, b) => Curve::Line(b, a),
        Curve::Quad(a, k, b) => Curve::Quad(b, k, a),
        Curve::Cubic(a, k1, k2, b) => Curve::Cubic(b, k2, k1, a),
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::geometry::inside;
    use super::*;

    const ROOM: Room = Room {
        others: [false; 4],
        paths: [false; 4],
        crowded: false,
        crossing: false,
        owner: [Some(0), None, None, None],
        closed: [false; 4],
    };

    #[test]
    fn diagonal_directions_are_corners() {
        assert_eq!(corner_of(Dir::NW), Some(0));
        assert_eq!(corner_of(Dir::NE), Some(1));
        assert_eq!(corner_of(Dir::SE), Some(2));
        assert_eq!(corner_of(Dir::SW), Some(3));
        assert_eq!(corner_of(Dir::N), None);
    }

    #[test]
    fn a_reached_corner_is_on_the_outline_and_the_side_beside_it_is_not() {
        let cap = shape([true, false, false, false], &[2], &[], ROOM);
        assert_eq!(cap.walls.len(), 3);
        assert!(cap.outline.iter().any(|c| c.start() == corner(2)));
        // The middle of the east side's lens is field, the tongue is city.
        assert!(!inside(p(0.95, 0.5), &cap.polygon));
        assert!(inside(p(0.75, 0.5), &cap.polygon));
        assert!(!inside(p(0.3, 0.7), &cap.polygon));
    }

    #[test]
    fn a_reached_side_middle_gets_a_tongue_between_two_fields() {
        let cap = shape([true, false, false, false], &[], &[2], ROOM);
        assert!(inside(p(0.5, 0.97), &cap.polygon), "the tip is region");
        assert!(inside(p(0.5, 0.6), &cap.polygon), "the tongue is region");
        assert!(!inside(p(0.25, 0.7), &cap.polygon));
        assert!(!inside(p(0.75, 0.7), &cap.polygon));
        // The tip's stretch of the border is outline, not wall.
        assert_eq!(cap.outline.len(), 6);
        assert_eq!(cap.walls.len(), 4);
    }
}
