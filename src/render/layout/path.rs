//! Paths (roads, rivers, a fan's canals): straight or quarter-circle curves
//! between two side middles; a junction's branches from three or four sides
//! to one point; a dead end from its side to what it meets — a gate in a
//! region's wall, the nearest point of another path, a spot, or the village
//! where dead ends meet. Points where several dead ends or branches meet are
//! kept inside the part of the tile all of them reach (`reach.rs`).

use crate::emit::wire::{End, Kind, Shape};
use crate::geometry::Side;

use super::super::geometry::{corner_arc, inward, nearest, p, polyline, side_middle, Curve, P};
use super::super::looks::{plain, Look, PathStyle, Plain, PATHS};
use super::super::place::{place, Constraints};
use super::{Builder, Join, Layer, Reach, Region, Route, WALL_WIDTH};

/// Radius of the village where dead ends meet.
const VILLAGE_RADIUS: f32 = 0.085;

/// Dead ends and junctions laid out once what they meet exists.
#[derive(Debug, Default)]
pub struct Pending {
    /// Paths over three or four sides.
    junctions: Vec<usize>,
    /// Dead ends onto another path: id, side, the path's id.
    onto_paths: Vec<(usize, Side, usize)>,
    /// Dead ends at a spot: id, side, the spot's id.
    pub to_spots: Vec<(usize, Side, usize)>,
    /// Dead ends at the village: id, side.
    village: Vec<(usize, Side)>,
    /// Dead ends that stop by themselves, each at its own house: id, side.
    alone: Vec<(usize, Side)>,
}

impl Pending {
    /// Where the dead ends at spot `id` leave the border.
    pub fn starts_at_spot(&self, id: usize) -> Vec<P> {
        self.to_spots
            .iter()
            .filter(|(_, _, s)| *s == id)
            .map(|(_, side, _)| start(*side))
            .collect()
    }
}

/// A point just inside the tile at a side's middle, where a dead end starts.
fn start(side: Side) -> P {
    side_middle(side) + inward(side) * 0.03
}

/// The strokes of a path kind, and its plain look when it has no built-in one.
pub fn style(kind: &Kind) -> (PathStyle, Option<Plain>) {
    match Look::resolve(PATHS, &kind.style, &kind.id) {
        Look::Builtin(_, style) => (style(), None),
        Look::Plain(p) => (plain::path_style(&p), Some(p)),
    }
}

/// Through paths and dead ends into regions; everything else is pending.
pub fn through(b: &mut Builder<'_>) -> Result<Pending, String> {
    let mut pending = Pending::default();
    for id in 0..b.tile.features.len() {
        if b.kinds.shape(id) != Some(Shape::Path) {
            continue;
        }
        let f = b.feature(id);
        let sides: Vec<Side> = f.slots.iter().map(|s| s.side()).collect();
        let end = f.ends.first().copied();
        match sides.as_slice() {
            [] => return Err(format!("path #{id} covers no side")),
            [a, c] => {
                let curve = if *a == c.opposite() {
                    Curve::Line(side_middle(*a), side_middle(*c))
                } else if a == c {
                    return Err(format!("path #{id} runs from a side to itself"));
                } else {
                    corner_arc(*a, *c)
                };
                let curves = match brushed_wall(b, id, &curve) {
                    Some(wall) => brushing(b, id, (*a, *c), &curve, wall),
                    None => vec![curve],
                };
                add_route(b, id, curves);
            }
            [side] => match end {
                Some(End::Feature { feature }) => match b.kinds.shape(feature) {
                    Some(Shape::Region) => {
                        let region = b.region_of[feature].ok_or("a region without a shape")?;
                        let (curve, gate) = into_region(*side, &b.scene.regions[region]);
                        b.scene.regions[region].gates.push(gate);
                        add_route(b, id, vec![curve]);
                    }
                    Some(Shape::Path) => pending.onto_paths.push((id, *side, feature)),
                    Some(Shape::Spot) => pending.to_spots.push((id, *side, feature)),
                    Some(Shape::Face) | None => {
                        return Err(format!("path #{id} ends at field #{feature}"))
                    }
                },
                Some(End::Village) | None => pending.village.push((id, *side)),
                Some(End::Alone) => pending.alone.push((id, *side)),
            },
            _ if sides.len() <= 4 => pending.junctions.push(id),
            _ => return Err(format!("path #{id} covers {} sides", sides.len())),
        }
    }
    Ok(pending)
}

/// The point of the wall of a region path `id` is `touching` nearest the
/// middle of its plain course, when it has such a region.
fn brushed_wall(b: &Builder<'_>, id: usize, course: &Curve) -> Option<P> {
    let middle = course.at(0.5);
    let mut best: Option<(f32, P)> = None;
    for &t in &b.feature(id).touching {
        if b.kinds.shape(t) != Some(Shape::Region) {
            continue;
        }
        let Some(region) = b.region_of[t] else {
            continue;
        };
        for wall in &b.scene.regions[region].walls {
            let found = nearest(middle, &polyline(wall));
            if best.is_none_or(|(d, _)| found.0 < d) {
                best = Some(found);
            }
        }
    }
    best.map(|(_, at)| at)
}

/// A through path bent to run along a region it touches: from its first
/// side to a point just clear of the wall, along the wall, on to its second
/// side — two curves meeting smoothly, so the field it passes is cut there.
fn brushing(
    b: &Builder<'_>,
    id: usize,
    (from, to): (Side, Side),
    course: &Curve,
    wall: P,
) -> Vec<Curve> {
    let (style, _) = style(b.kinds.0[id]);
    let away = (course.at(0.5) - wall).unit_or(p(0.0, 1.0));
    let at = wall + away * (style.half() + WALL_WIDTH * 0.25);
    // Along the wall, oriented from the first side towards the second.
    let mut along = p(-away.y, away.x);
    if (side_middle(to) - side_middle(from)).dot(along) < 0.0 {
        along = along * -1.0;
    }
    let (start, end) = (side_middle(from), side_middle(to));
    let reach = |p: P, q: P| (q - p).len() * 0.45;
    vec![
        Curve::Cubic(
            start,
            start + inward(from) * reach(start, at),
            at - along * (reach(start, at) * 0.6),
            at,
        ),
        Curve::Cubic(
            at,
            at + along * (reach(at, end) * 0.6),
            end + inward(to) * reach(at, end),
            end,
        ),
    ]
}

fn add_route(b: &mut Builder<'_>, id: usize, curves: Vec<Curve>) {
    let (style, plain) = style(b.kinds.0[id]);
    b.route_of[id] = Some(b.scene.routes.len());
    b.scene.routes.push(Route {
        id,
        style,
        plain,
        curves,
        label_at: None,
        layer: Layer::of(b.feature(id)),
    });
}

/// Where dead ends from `sides` meet: near the middle, inside what all of
/// them reach, clear of everything laid out.
fn meeting_point(b: &Builder<'_>, sides: &[Side], radius: f32) -> P {
    let avoid = b.obstacles();
    let solid: Vec<&[P]> = b
        .scene
        .regions
        .iter()
        .map(|r| r.polygon.as_slice())
        .collect();
    let starts: Vec<P> = sides.iter().map(|s| start(*s)).collect();
    let within = Reach::from(&starts, &avoid, &solid);
    let (at, _) = place(
        radius,
        &Constraints {
            avoid: &avoid,
            solid: &solid,
            touch: &[],
            within: within.as_ref(),
        },
    );
    at
}

/// Junctions: every branch from its side to one point.
pub fn junctions(b: &mut Builder<'_>, pending: &Pending) {
    for &id in &pending.junctions {
        let sides: Vec<Side> = b.feature(id).slots.iter().map(|s| s.side()).collect();
        let (style, _) = style(b.kinds.0[id]);
        let at = meeting_point(b, &sides, style.half() * 1.5);
        let curves = sides.iter().map(|s| dead_end(*s, at)).collect();
        add_route(b, id, curves);
        b.scene.joins.push(Join {
            at,
            radius: style.half() * 1.3,
            style,
            village: false,
            layer: Layer::of(b.feature(id)),
        });
    }
}

/// Dead ends against another path, at its nearest point.
pub fn onto_paths(b: &mut Builder<'_>, pending: &Pending) {
    for &(id, side, target) in &pending.onto_paths {
        let Some(route) = b.route_of[target] else {
            continue;
        };
        let probe = side_middle(side) + inward(side) * 0.3;
        let mut best = (f32::INFINITY, probe);
        for c in &b.scene.routes[route].curves {
            let found = nearest(probe, &polyline(c));
            if found.0 < best.0 {
                best = found;
            }
        }
        add_route(b, id, vec![dead_end(side, best.1)]);
    }
}

/// Dead ends that stop alone: a short lane to a house of its own, well short of
/// the middle where the others meet.
fn alone(b: &mut Builder<'_>, pending: &Pending) {
    for &(id, side) in &pending.alone {
        let at = side_middle(side) + inward(side) * 0.26;
        let (style, _) = style(b.kinds.0[id]);
        add_route(b, id, vec![dead_end(side, at)]);
        b.scene.joins.push(Join {
            at,
            radius: VILLAGE_RADIUS * 0.8,
            style,
            village: true,
            layer: Layer::Level,
        });
    }
}

/// Dead ends at spots, the houses of lone dead ends, and the village where the
/// others meet.
pub fn to_spots_and_village(b: &mut Builder<'_>, pending: &Pending) {
    alone(b, pending);
    for &(id, side, spot) in &pending.to_spots {
        let at = b.scene.spots.iter().find(|s| s.id == spot).map(|s| s.at);
        if let Some(at) = at {
            add_route(b, id, vec![dead_end(side, at)]);
        }
    }
    // Dead ends onto a path that was itself a dead end meet at the village.
    let mut village: Vec<(usize, Side)> = pending.village.clone();
    for &(id, side, target) in &pending.onto_paths {
        if b.route_of[target].is_none() {
            village.push((id, side));
        }
    }
    let Some(&(first, _)) = village.first() else {
        return;
    };
    let sides: Vec<Side> = village.iter().map(|(_, s)| *s).collect();
    let at = meeting_point(b, &sides, VILLAGE_RADIUS);
    let (style, _) = style(b.kinds.0[first]);
    for &(id, side) in &village {
        add_route(b, id, vec![dead_end(side, at)]);
    }
    b.scene.joins.push(Join {
        at,
        radius: VILLAGE_RADIUS,
        style,
        village: true,
        layer: Layer::Level,
    });
}

/// A dead end: leaves its side straight, then bends towards `target`.
pub fn dead_end(side: Side, target: P) -> Curve {
    let start = side_middle(side);
    let ahead = (target - start).dot(inward(side));
    let control = start + inward(side) * (0.5 * ahead).max(0.04);
    Curve::Quad(start, control, target)
}

/// A dead end through a gate in the nearest stretch of a region's wall: the
/// curve (a little past the wall, under the region) and the gate.
fn into_region(side: Side, region: &Region) -> (Curve, (P, P)) {
    let probe = side_middle(side) + inward(side) * 0.3;
    let mut best = (f32::INFINITY, probe);
    for wall in &region.walls {
        let found = nearest(probe, &polyline(wall));
        if found.0 < best.0 {
            best = found;
        }
    }
    let gate = best.1;
    let direction = (gate - dead_end(side, gate).at(0.9)).unit_or(inward(side));
    (
        dead_end(side, gate + direction * (WALL_WIDTH * 1.5)),
        (gate, direction),
    )
}
