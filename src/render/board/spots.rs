//! Where a figure stands on a tile: one point per feature, in unrotated tile
//! coordinates, decided from the same [`Scene`] the tile is drawn from.
//!
//! A knight stands deep inside its city, clear of walls and pennants; a
//! highwayman halfway along the road; a monk (or anything on a centre feature)
//! on the symbol; a farmer in the widest part of its field. Fields are found
//! the way the drawing finds them: the free cells of a coarse grid are flooded
//! from each field's border slots, and the farmer goes where its field is
//! widest. Everything is a fixed grid scan with strict comparisons, so the
//! result is the same on every run.

use crate::emit::wire::Tile;
use crate::geometry::Slot;
use crate::kinds::{classic_by_name, Classic as Feature};

use super::super::geometry::{inside, inward, nearest, polyline, side_middle, side_start, P};
use super::super::layout::{self, Scene, ROAD_HALF, WALL_WIDTH};

/// Cells per tile edge in the field flood.
const GRID: usize = 40;
/// How far a pennant's shield reaches from its middle.
const PENNANT_REACH: f32 = 0.09;
/// Where a highwayman stands along a dead end (0 at the tile's edge).
const DEAD_END_SPOT: f32 = 0.36;
/// Pennant shields are spaced this far apart (see `symbols::pennants`).
const PENNANT_STEP: f32 = 0.154;

/// Where figures stand on one tile kind.
#[derive(Clone, Debug)]
pub struct Spots {
    /// For each wire feature, the point where a figure on it stands.
    pub feature: Vec<P>,
    /// The acrobat pyramid's middle and radius, if the tile has one.
    pub pyramid: Option<(P, f32)>,
    /// The circus symbol's middle and radius (the big top goes there).
    pub circus: Option<(P, f32)>,
}

/// Works out the spots of a tile.
pub fn spots(tile: &Tile) -> Result<Spots, String> {
    let scene = layout::scene(tile)?;
    let fields = FieldFlood::new(&scene);
    let (mut cities, mut centres) = (0, 0);
    let mut out = Spots {
        feature: Vec::with_capacity(tile.features.len()),
        pyramid: None,
        circus: None,
    };
    for (id, f) in classic_by_name(tile)?.iter().enumerate() {
        let at = match f {
            Feature::City { .. } => {
                let city = scene.cities.get(cities);
                cities += 1;
                city.map_or(CENTRE_POINT, |c| city_spot(c, &scene))
            }
            Feature::Road { slots, .. } => road_spot(&scene, slots),
            Feature::Field { .. } => fields.spot(id),
            Feature::Cloister { .. }
            | Feature::Circus { .. }
            | Feature::Acrobats { .. }
            | Feature::Flier { .. }
            | Feature::CropCircle { .. } => {
                let centre = scene.centres.get(centres);
                centres += 1;
                let Some(c) = centre else {
                    out.feature.push(CENTRE_POINT);
                    continue;
                };
                match f {
                    Feature::Acrobats { .. } => out.pyramid = Some((c.at, c.radius)),
                    Feature::Circus { .. } => out.circus = Some((c.at, c.radius)),
                    _ => {}
                }
                c.at
            }
        };
        out.feature.push(at);
    }
    Ok(out)
}

const CENTRE_POINT: P = P { x: 0.5, y: 0.5 };

/// The point inside the city farthest from its outline, its pennants and any
/// centre symbol that reaches into it.
fn city_spot(city: &layout::City, scene: &Scene) -> P {
    let shields: Vec<P> = pennant_points(city);
    let outline: Vec<P> = city.polygon.clone();
    let mut best = (f32::NEG_INFINITY, city.anchor);
    let n = 24;
    for j in 0..n {
        for i in 0..n {
            let q = cell_centre(i, j, n);
            if !inside(q, &outline) {
                continue;
            }
            let mut room = nearest(q, &outline).0 - WALL_WIDTH / 2.0;
            for s in &shields {
                room = room.min(q.dist(*s) - PENNANT_REACH);
            }
            for c in &scene.centres {
                room = room.min(q.dist(c.at) - c.radius);
            }
            // A slight pull to the middle keeps equally roomy spots in order.
            let score = room - 0.05 * q.dist(CENTRE_POINT);
            if score > best.0 {
                best = (score, q);
            }
        }
    }
    best.1
}

/// The middles of a city's pennant shields, as `symbols::pennants` draws them.
fn pennant_points(city: &layout::City) -> Vec<P> {
    let count = city.pennants.min(6);
    #[allow(clippy::cast_precision_loss)]
    let first = -(count.saturating_sub(1) as f32) * PENNANT_STEP / 2.0;
    (0..count)
        .map(|i| {
            #[allow(clippy::cast_precision_loss)]
            let dx = first + i as f32 * PENNANT_STEP;
            city.anchor + P { x: dx, y: 0.0 }
        })
        .collect()
}

/// Along the road that leaves the tile by the feature's first slot: halfway
/// on a through road, nearer the edge on a dead end, clear of the symbol,
/// village or gate it ends at.
fn road_spot(scene: &Scene, slots: &[Slot]) -> P {
    let Some(start) = slots.first().map(|s| side_middle(s.side())) else {
        return CENTRE_POINT;
    };
    scene
        .roads
        .iter()
        .map(|r| r.curve)
        .find(|c| c.start().dist(start) < 1e-4)
        .map_or(start + inward_of(slots) * 0.25, |c| {
            c.at(if slots.len() == 1 { DEAD_END_SPOT } else { 0.5 })
        })
}

fn inward_of(slots: &[Slot]) -> P {
    slots
        .first()
        .map_or(P { x: 0.0, y: 0.0 }, |s| inward(s.side()))
}

#[allow(clippy::cast_precision_loss)]
fn cell_centre(i: usize, j: usize, n: usize) -> P {
    P {
        x: (i as f32 + 0.5) / n as f32,
        y: (j as f32 + 0.5) / n as f32,
    }
}

const BLOCKED: u16 = u16::MAX;
const FREE: u16 = u16::MAX - 1;

/// The free cells of the tile labelled by the wire field they belong to.
struct FieldFlood {
    labels: Vec<u16>,
}

impl FieldFlood {
    fn new(scene: &Scene) -> FieldFlood {
        let pad = 0.5 / cell_count();
        let roads: Vec<Vec<P>> = scene.roads.iter().map(|r| polyline(&r.curve)).collect();
        let walls: Vec<Vec<P>> = scene
            .cities
            .iter()
            .flat_map(|c| c.walls.iter().map(polyline))
            .collect();
        let mut labels: Vec<u16> = (0..GRID * GRID)
            .map(|k| {
                let q = cell_centre(k % GRID, k / GRID, GRID);
                let blocked = scene.cities.iter().any(|c| inside(q, &c.polygon))
                    || walls
                        .iter()
                        .any(|w| nearest(q, w).0 < WALL_WIDTH / 2.0 + pad)
                    || roads.iter().any(|r| nearest(q, r).0 < ROAD_HALF + pad)
                    || scene.centres.iter().any(|c| q.dist(c.at) < c.radius + pad)
                    || scene.village.is_some_and(|(at, r)| q.dist(at) < r + pad);
                if blocked {
                    BLOCKED
                } else {
                    FREE
                }
            })
            .collect();
        let mut queue = Vec::with_capacity(GRID * GRID);
        for (id, slots) in &scene.fields {
            let label = u16::try_from(*id).unwrap_or(FREE - 1).min(FREE - 1);
            for slot in slots {
                for k in seed_cells(*slot) {
                    if labels[k] == FREE {
                        labels[k] = label;
                        queue.push(k);
                    }
                }
            }
        }
        let mut head = 0;
        while let Some(&k) = queue.get(head) {
            head += 1;
            let (x, y) = (k % GRID, k / GRID);
            let label = labels[k];
            let around = [
                (x > 0).then(|| k - 1),
                (x + 1 < GRID).then_some(k + 1),
                (y > 0).then(|| k - GRID),
                (y + 1 < GRID).then_some(k + GRID),
            ];
            for j in around.into_iter().flatten() {
                if labels[j] == FREE {
                    labels[j] = label;
                    queue.push(j);
                }
            }
        }
        FieldFlood { labels }
    }

    /// The cell of field `id` farthest from anything else (chamfer distance),
    /// nearer the middle on ties; the tile's middle if the field has no cell.
    fn spot(&self, id: usize) -> P {
        let Ok(label) = u16::try_from(id) else {
            return CENTRE_POINT;
        };
        let room = chamfer(&self.labels, label);
        let mut best: Option<(u32, f32, usize)> = None;
        for (k, &r) in room.iter().enumerate() {
            if self.labels[k] != label {
                continue;
            }
            let q = cell_centre(k % GRID, k / GRID, GRID);
            let d = q.dist(CENTRE_POINT);
            let better = best.is_none_or(|(br, bd, _)| r > br || (r == br && d < bd));
            if better {
                best = Some((r, d, k));
            }
        }
        best.map_or(CENTRE_POINT, |(_, _, k)| {
            cell_centre(k % GRID, k / GRID, GRID)
        })
    }
}

#[allow(clippy::cast_precision_loss)]
fn cell_count() -> f32 {
    GRID as f32
}

/// The cells just inside the tile along one border slot.
fn seed_cells(slot: Slot) -> impl Iterator<Item = usize> {
    let side = slot.side();
    let offset = slot.index() % 3;
    let a = side_start(side);
    let b = side_start(side.rotated(1));
    let step = GRID / 3;
    (0..step).filter_map(move |s| {
        #[allow(clippy::cast_precision_loss)]
        let t = (offset as f32 + (s as f32 + 0.5) / step as f32) / 3.0;
        let q = a.lerp(b, t) + inward(side) * (0.5 / cell_count());
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let (x, y) = (
            (q.x * cell_count()).floor().max(0.0) as usize,
            (q.y * cell_count()).floor().max(0.0) as usize,
        );
        (x < GRID && y < GRID).then_some(y * GRID + x)
    })
}

/// One sweep of the chamfer transform: forward or backward, and the
/// neighbours it has already visited (dx, dy, weight).
type Pass = (bool, [(isize, isize, u32); 4]);

/// For every cell, its 3-4 chamfer distance to the nearest cell that is not
/// `label` (the tile's border counts as not `label`).
fn chamfer(labels: &[u16], label: u16) -> Vec<u32> {
    let far = u32::MAX / 4;
    let mut d: Vec<u32> = labels
        .iter()
        .map(|&l| if l == label { far } else { 0 })
        .collect();
    // Outside the tile is 0: the border counts as not `label`.
    let at = |x: usize, y: usize, d: &[u32]| -> u32 {
        if x < GRID && y < GRID {
            d[y * GRID + x]
        } else {
            0
        }
    };
    let passes: [Pass; 2] = [
        (true, [(-1, 0, 3), (-1, -1, 4), (0, -1, 3), (1, -1, 4)]),
        (false, [(1, 0, 3), (1, 1, 4), (0, 1, 3), (-1, 1, 4)]),
    ];
    for (forward, steps) in passes {
        for n in 0..GRID * GRID {
            let k = if forward { n } else { GRID * GRID - 1 - n };
            if d[k] == 0 {
                continue;
            }
            let (x, y) = (k % GRID, k / GRID);
            let mut best = d[k];
            for (dx, dy, w) in steps {
                // `wrapping_add_signed` turns -1 at the edge into a huge index: outside.
                let seen = at(x.wrapping_add_signed(dx), y.wrapping_add_signed(dy), &d);
                best = best.min(seen.saturating_add(w));
            }
            d[k] = best;
        }
    }
    d
}
