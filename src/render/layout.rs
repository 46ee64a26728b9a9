//! From a wire tile to a fully resolved scene: every city outline and wall,
//! every road's centre line, and where each centre feature sits and how big it
//! is. The painter only draws what this module decided; nothing here knows a
//! tile by name, everything follows from the features and their relations.
//!
//! Cities are built from the runs of sides they cover: the border is followed
//! along the city's sides, and each gap between two runs is closed by a wall
//! curve whose bow depends on how many sides the gap spans (a cap, a corner, a
//! band, three sides). Roads are straight or quarter-circle curves between side
//! middles, or a curve from a side middle to what their dead end meets. Centre
//! features are placed by a small deterministic search: close to the middle,
//! against what they touch, clear of everything else.

use crate::emit::wire::Tile;
use crate::geometry::{Dir, Side, Slot};
use crate::kinds::CropType;
use crate::kinds::{classic_by_name, Classic as Feature, ClassicEnd as RoadEnd};

use super::geometry::{
    corner, corner_arc, inward, nearest, p, polyline, side_middle, Curve, CENTRE, P,
};
use super::place::{place, Obstacle, Target};

/// How far a city cap reaches into the tile, at its middle.
const CAP_DEPTH: f32 = 0.28;
/// Width of a road's pale surface.
pub const ROAD_WIDTH: f32 = 0.085;
/// Width of a road's dark edge lines (each side).
pub const ROAD_EDGE: f32 = 0.016;
/// Half of a road's full width, edges included.
pub const ROAD_HALF: f32 = ROAD_WIDTH / 2.0 + ROAD_EDGE;
/// Width of a city wall.
pub const WALL_WIDTH: f32 = 0.042;
/// Radius of the village where dead ends meet.
const VILLAGE_RADIUS: f32 = 0.085;

/// A tile, resolved into shapes in unrotated tile coordinates.
#[derive(Clone, Debug)]
pub struct Scene {
    /// The cities.
    pub cities: Vec<City>,
    /// The roads.
    pub roads: Vec<Road>,
    /// The centre features.
    pub centres: Vec<Centre>,
    /// Where dead ends meet when no centre feature takes them.
    pub village: Option<(P, f32)>,
    /// The fields: feature id and border slots.
    pub fields: Vec<(usize, Vec<Slot>)>,
}

/// A city.
#[derive(Clone, Debug)]
pub struct City {
    /// The closed outline, tile edges and walls, clockwise.
    pub outline: Vec<Curve>,
    /// The walls alone: the parts of the outline inside the tile.
    pub walls: Vec<Curve>,
    /// The outline sampled, for inside tests.
    pub polygon: Vec<P>,
    /// Where its pennants go.
    pub anchor: P,
    /// How many pennants.
    pub pennants: u32,
}

/// A road.
#[derive(Clone, Debug)]
pub struct Road {
    /// The centre line, starting at a side middle.
    pub curve: Curve,
    /// A gate where the road enters a city: the point and the road's direction.
    pub gate: Option<(P, P)>,
}

/// What a centre feature shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbol {
    /// A cloister building.
    Cloister,
    /// A striped circus tent.
    Circus,
    /// The acrobats' pyramid.
    Acrobats,
    /// A flying machine and its arrow.
    Flier(Dir),
    /// Crop rings and the type's mark.
    CropCircle(CropType),
}

/// A placed centre feature.
#[derive(Clone, Copy, Debug)]
pub struct Centre {
    /// What it shows.
    pub symbol: Symbol,
    /// Its middle.
    pub at: P,
    /// The radius of the disc it occupies.
    pub radius: f32,
}

fn symbol(f: &Feature) -> Option<(Symbol, f32)> {
    Some(match f {
        Feature::Cloister { .. } => (Symbol::Cloister, 0.2),
        Feature::Circus { .. } => (Symbol::Circus, 0.2),
        Feature::Acrobats { .. } => (Symbol::Acrobats, 0.19),
        Feature::Flier { direction, .. } => (Symbol::Flier(*direction), 0.19),
        Feature::CropCircle { crop_type, .. } => (Symbol::CropCircle(*crop_type), 0.18),
        Feature::City { .. } | Feature::Road { .. } | Feature::Field { .. } => return None,
    })
}

/// Resolves a tile. Fails, with a sentence saying why, on a tile no checked set
/// produces (a reference to a missing feature, a road over three sides, ...).
pub fn scene(tile: &Tile) -> Result<Scene, String> {
    let features = &classic_by_name(tile)?;
    let check_ref = |from: usize, to: usize| {
        if to < features.len() {
            Ok(to)
        } else {
            Err(format!(
                "feature #{from} refers to feature #{to}, which the tile does not have"
            ))
        }
    };
    let mut city_of: Vec<Option<usize>> = vec![None; features.len()];
    let mut cities = Vec::new();
    for (id, built) in city_shapes(features)? {
        city_of[id] = Some(cities.len());
        cities.push(built);
    }
    let mut road_of: Vec<Option<usize>> = vec![None; features.len()];
    let mut roads: Vec<Road> = Vec::new();
    // Dead ends not yet drawn: (feature id, side, what they meet).
    let mut pending: Vec<(usize, Side, Option<usize>)> = Vec::new();
    for (id, f) in features.iter().enumerate() {
        let Feature::Road { slots, ends } = f else {
            continue;
        };
        let end = match ends.first() {
            Some(RoadEnd::Feature { feature }) => Some(check_ref(id, *feature)?),
            Some(RoadEnd::Village) | None => None,
        };
        match slots.as_slice() {
            [a, b] => {
                let (a, b) = (a.side(), b.side());
                let curve = if a == b.opposite() {
                    Curve::Line(side_middle(a), side_middle(b))
                } else if a == b {
                    return Err(format!("road #{id} runs from a side to itself"));
                } else {
                    corner_arc(a, b)
                };
                road_of[id] = Some(roads.len());
                roads.push(Road { curve, gate: None });
            }
            [a] => match end.map(|e| (e, city_of[e])) {
                Some((_, Some(city))) => {
                    road_of[id] = Some(roads.len());
                    roads.push(road_into_city(a.side(), &cities[city]));
                }
                _ => pending.push((id, a.side(), end)),
            },
            _ => {
                return Err(format!(
                    "road #{id} touches {} sides; a road has one or two",
                    slots.len()
                ))
            }
        }
    }
    // A dead end against another road: after the through roads exist.
    let mut waiting = Vec::new();
    for (id, side, end) in pending {
        match end.and_then(|e| road_of[e]) {
            Some(target) => {
                let line = polyline(&roads[target].curve);
                let start = side_middle(side);
                let (_, at) = nearest(start + inward(side) * 0.3, &line);
                road_of[id] = Some(roads.len());
                roads.push(Road {
                    curve: dead_end(side, at),
                    gate: None,
                });
            }
            None => waiting.push((id, side, end)),
        }
    }
    let mut avoid: Vec<Obstacle> = roads
        .iter()
        .map(|r| Obstacle::line(polyline(&r.curve), ROAD_HALF))
        .collect();
    for city in &cities {
        avoid.extend(
            city.walls
                .iter()
                .map(|w| Obstacle::line(polyline(w), WALL_WIDTH / 2.0)),
        );
    }
    let solid: Vec<&[P]> = cities.iter().map(|c| c.polygon.as_slice()).collect();
    let mut centres = Vec::new();
    let mut centre_of: Vec<Option<usize>> = vec![None; features.len()];
    for (id, f) in features.iter().enumerate() {
        let Some((symbol, radius)) = symbol(f) else {
            continue;
        };
        let mut targets = Vec::new();
        let mut touched_cities = Vec::new();
        for &t in f.touching() {
            let t = check_ref(id, t)?;
            if let Some(c) = city_of[t] {
                touched_cities.push(c);
                let lines = cities[c].walls.iter().map(polyline).collect();
                targets.push(Target::region(
                    lines,
                    cities[c].polygon.clone(),
                    WALL_WIDTH / 2.0,
                ));
            } else if let Some(r) = road_of[t] {
                targets.push(Target::region(
                    vec![polyline(&roads[r].curve)],
                    Vec::new(),
                    ROAD_HALF,
                ));
            }
        }
        let keep_clear: Vec<Obstacle> = avoid
            .iter()
            .filter(|o| !targets.iter().any(|t: &Target| t.covers(o)))
            .cloned()
            .collect();
        let walls_clear: Vec<&[P]> = solid
            .iter()
            .enumerate()
            .filter(|(i, _)| !touched_cities.contains(i))
            .map(|(_, s)| *s)
            .collect();
        let (at, radius) = place(radius, &keep_clear, &walls_clear, &targets);
        centre_of[id] = Some(centres.len());
        avoid.push(Obstacle::disc(at, radius));
        centres.push(Centre { symbol, at, radius });
    }
    let mut village = None;
    for (id, side, end) in waiting {
        let at = match end.and_then(|e| centre_of[e]) {
            Some(c) => centres[c].at,
            None => {
                let (at, _) = *village.get_or_insert_with(|| {
                    let clear: Vec<Obstacle> = avoid.clone();
                    place(VILLAGE_RADIUS, &clear, &solid, &[])
                });
                at
            }
        };
        road_of[id] = Some(roads.len());
        roads.push(Road {
            curve: dead_end(side, at),
            gate: None,
        });
    }
    let mut fields = Vec::new();
    for (id, f) in features.iter().enumerate() {
        if let Feature::Field { slots, cities } = f {
            for &c in cities {
                check_ref(id, c)?;
            }
            fields.push((id, slots.clone()));
        }
    }
    Ok(Scene {
        cities,
        roads,
        centres,
        village,
        fields,
    })
}

/// A dead end: leaves its side straight, then bends towards `target`.
fn dead_end(side: Side, target: P) -> Curve {
    let start = side_middle(side);
    let ahead = (target - start).dot(inward(side));
    let control = start + inward(side) * (0.5 * ahead).max(0.04);
    Curve::Quad(start, control, target)
}

/// A dead end through a gate in the nearest stretch of a city's wall.
fn road_into_city(side: Side, city: &City) -> Road {
    let probe = side_middle(side) + inward(side) * 0.3;
    let mut best = (f32::INFINITY, probe);
    for wall in &city.walls {
        let found = nearest(probe, &polyline(wall));
        if found.0 < best.0 {
            best = found;
        }
    }
    let gate = best.1;
    let curve = dead_end(side, gate);
    let direction = (gate - curve.at(0.9)).unit_or(inward(side));
    Road {
        curve: dead_end(side, gate + direction * (WALL_WIDTH * 1.5)),
        gate: Some((gate, direction)),
    }
}

/// Every city of the tile, with its feature id.
fn city_shapes(features: &[Feature]) -> Result<Vec<(usize, City)>, String> {
    let mut owner: [Option<usize>; 4] = [None; 4];
    for (id, f) in features.iter().enumerate() {
        if let Feature::City { slots, .. } = f {
            if slots.is_empty() {
                return Err(format!("city #{id} covers no side"));
            }
            for slot in slots {
                let side = slot.side().index();
                match owner[side] {
                    Some(other) if other != id => {
                        return Err(format!(
                            "cities #{other} and #{id} share side {}",
                            slot.side()
                        ))
                    }
                    _ => owner[side] = Some(id),
                }
            }
        }
    }
    let mut roads = [false; 4];
    for f in features {
        if let Feature::Road { slots, .. } = f {
            for slot in slots {
                roads[slot.side().index()] = true;
            }
        }
    }
    // A centre feature needs the middle of the tile: corner walls leave it.
    let crowded = features.iter().any(|f| symbol(f).is_some());
    let mut out = Vec::new();
    for (id, f) in features.iter().enumerate() {
        if let Feature::City { pennants, .. } = f {
            let mine = owner.map(|o| o == Some(id));
            let others = owner.map(|o| o.is_some_and(|o| o != id));
            let room = Room {
                others,
                roads,
                crowded,
            };
            out.push((id, city_shape(mine, room, *pennants)));
        }
    }
    Ok(out)
}

/// What else claims room on the tile, which decides how far walls bow.
#[derive(Clone, Copy)]
struct Room {
    /// Sides of other cities.
    others: [bool; 4],
    /// Sides with a road.
    roads: [bool; 4],
    /// Whether the tile has a centre feature.
    crowded: bool,
}

fn city_shape(mine: [bool; 4], room: Room, pennants: u32) -> City {
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
        } else {
            let mut gap = 0;
            while k + gap < 4 && !mine[(s + gap) % 4] {
                gap += 1;
            }
            let wall = wall(s, gap, room);
            outline.push(wall);
            walls.push(wall);
            k += gap;
        }
    }
    let polygon = outline.iter().flat_map(|c| c.sample(16)).collect();
    let depth = if count == 1 { 0.13 } else { 0.2 };
    let mut anchor = p(0.0, 0.0);
    for side in Side::ALL.into_iter().filter(|s| mine[s.index()]) {
        anchor = anchor + side_middle(side) + inward(side) * depth;
    }
    #[allow(clippy::cast_precision_loss)]
    let anchor = if count == 0 {
        CENTRE
    } else {
        anchor * (1.0 / count as f32)
    };
    City {
        outline,
        walls,
        polygon,
        anchor,
        pennants,
    }
}

/// The wall closing a gap of `gap` sides that starts at side `start`.
fn wall(start: usize, gap: usize, room: Room) -> Curve {
    let others = room.others;
    let a = corner(start);
    let b = corner(start + gap);
    match gap {
        // The gap is one side: a field lens (or a rival city) lies against it.
        1 => {
            let side = Side::from_index(start);
            let depth = if others[start] { 0.42 } else { CAP_DEPTH };
            Curve::Quad(a, side_middle(side) + inward(side) * (2.0 * depth), b)
        }
        // A corner city: a diagonal wall, bowed away from the city as far as
        // roads, a centre feature or another city leave room.
        2 => {
            let bow = if others[start] || others[(start + 1) % 4] {
                -0.6
            } else if room.crowded {
                0.0
            } else if room.roads[start] || room.roads[(start + 1) % 4] {
                0.15
            } else {
                0.4
            };
            Curve::Quad(a, CENTRE + (corner(start + 1) - CENTRE) * bow, b)
        }
        // A cap: the city is the one side before the gap.
        _ => {
            let side = Side::from_index(start + 3);
            Curve::Quad(a, side_middle(side) + inward(side) * (2.0 * CAP_DEPTH), b)
        }
    }
}
