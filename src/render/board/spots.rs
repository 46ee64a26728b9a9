//! Where a figure stands on a tile: one point per feature, in unrotated tile
//! coordinates, decided from the same [`Scene`] the tile is drawn from.
//!
//! A figure on a region stands deep inside it, clear of walls, attributes and
//! spots; on a path, halfway along it (nearer the edge on a dead end); on a
//! spot, on the symbol; in a field, where the field is widest. Fields are
//! found the way the drawing finds them (the same flood, on a coarse grid),
//! so a field inside the tile gets its spot too. Everything is a fixed grid
//! scan with strict comparisons, so the result is the same on every run.

use crate::emit::wire::{Shape, Tile, Vocabulary};

use super::super::draw::transform;
use super::super::fields::Labels;
use super::super::geometry::{inside, nearest, P};
use super::super::layout::{self, Region, Scene, WALL_WIDTH};

/// Cells per tile edge in the field flood.
const GRID: usize = 40;
/// Where a highwayman stands along a dead end (0 at the tile's edge).
const DEAD_END_SPOT: f32 = 0.36;

/// Where figures stand on one tile kind.
#[derive(Clone, Debug)]
pub struct Spots {
    /// For each wire feature, the point where a figure on it stands.
    pub feature: Vec<P>,
    /// The pyramid's middle and radius: the spot whose kind has the `pyramid`
    /// capability, if the tile has one.
    pub pyramid: Option<(P, f32)>,
    /// The circus's middle and radius: the spot whose kind has the `big-top`
    /// capability (the big top goes there).
    pub circus: Option<(P, f32)>,
}

/// Works out the spots of a tile.
pub fn spots(tile: &Tile, vocabulary: &Vocabulary) -> Result<Spots, String> {
    let scene = layout::scene(tile, vocabulary)?;
    #[allow(clippy::cast_possible_truncation)]
    let grid = GRID as u32;
    let fields = Labels::flood(&scene, grid, transform(grid, 0))
        .ok_or_else(|| "the field grid cannot be allocated".to_string())?;
    let mut out = Spots {
        feature: Vec::with_capacity(tile.features.len()),
        pyramid: None,
        circus: None,
    };
    for (id, f) in tile.features.iter().enumerate() {
        let kind = vocabulary.kind(&f.kind);
        let has = |c: &str| kind.is_some_and(|k| k.capabilities.iter().any(|x| x == c));
        let at = match kind.map(|k| k.shape) {
            Some(Shape::Region) => scene
                .regions
                .iter()
                .find(|r| r.id == id)
                .map_or(CENTRE_POINT, |r| region_spot(r, &scene)),
            Some(Shape::Path) => path_spot(&scene, id, f.slots.len()),
            Some(Shape::Face) => scene
                .fields
                .iter()
                .position(|(fid, _)| *fid == id)
                .map_or(CENTRE_POINT, |index| field_spot(&fields, index)),
            Some(Shape::Spot) => match scene.spots.iter().find(|s| s.id == id) {
                Some(s) => {
                    if has("pyramid") {
                        out.pyramid = Some((s.at, s.radius));
                    }
                    if has("big-top") {
                        out.circus = Some((s.at, s.radius));
                    }
                    s.at
                }
                None => CENTRE_POINT,
            },
            None => CENTRE_POINT,
        };
        out.feature.push(at);
    }
    Ok(out)
}

const CENTRE_POINT: P = P { x: 0.5, y: 0.5 };

/// The point inside the region farthest from its outline, its attributes and
/// any spot that reaches into it.
fn region_spot(region: &Region, scene: &Scene) -> P {
    let outline: &[P] = &region.polygon;
    let mut best = (f32::NEG_INFINITY, region.anchor);
    let n = 24;
    for j in 0..n {
        for i in 0..n {
            let q = cell_centre(i, j, n);
            if !inside(q, outline) {
                continue;
            }
            let mut room = nearest(q, outline).0 - WALL_WIDTH / 2.0;
            for b in &scene.badges {
                room = room.min(q.dist(b.at) - b.size * 1.3);
            }
            for s in &scene.spots {
                room = room.min(q.dist(s.at) - s.radius);
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

/// Along the path's first curve: halfway on a through path or a junction's
/// branch, nearer the edge on a dead end.
fn path_spot(scene: &Scene, id: usize, sides: usize) -> P {
    scene
        .routes
        .iter()
        .find(|r| r.id == id)
        .and_then(|r| r.curves.first())
        .map_or(CENTRE_POINT, |c| {
            c.at(if sides == 1 { DEAD_END_SPOT } else { 0.5 })
        })
}

#[allow(clippy::cast_precision_loss)]
fn cell_centre(i: usize, j: usize, n: usize) -> P {
    P {
        x: (i as f32 + 0.5) / n as f32,
        y: (j as f32 + 0.5) / n as f32,
    }
}

/// The cell of field `index` farthest from anything else (chamfer distance),
/// nearer the middle on ties; the tile's middle if the field has no cell.
fn field_spot(fields: &Labels, index: usize) -> P {
    let (n, labels) = fields.grid();
    let Ok(label) = u8::try_from(index) else {
        return CENTRE_POINT;
    };
    debug_assert_eq!(n, GRID);
    let room = chamfer(labels, label);
    let mut best: Option<(u32, f32, usize)> = None;
    for (k, &r) in room.iter().enumerate() {
        if labels[k] != label {
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

/// One sweep of the chamfer transform: forward or backward, and the
/// neighbours it has already visited (dx, dy, weight).
type Pass = (bool, [(isize, isize, u32); 4]);

/// For every cell, its 3-4 chamfer distance to the nearest cell that is not
/// `label` (the tile's border counts as not `label`).
fn chamfer(labels: &[u8], label: u8) -> Vec<u32> {
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
