//! Where spots go, several per tile: centre spots first, near the middle;
//! then the others, aside, each clear of everything placed before it (so no
//! two overlap). A spot leans against what it `touching`s and stays inside
//! the part of the tile its dead ends reach. The search is deterministic.

use crate::emit::wire::Shape;
use crate::geometry::Dir;

use super::super::geometry::{p, polyline, P};
use super::super::looks::{variant_mark, Look};
use super::super::place::{place, Constraints, Obstacle, Target};
use super::path::Pending;
use super::{spot_look, Builder, Reach, Spot, WALL_WIDTH};

/// Radius of a plain centre spot.
const PLAIN_CENTRE: f32 = 0.17;
/// Radius of a plain spot aside.
const PLAIN_ASIDE: f32 = 0.12;

/// Places every spot of the tile.
pub fn place_all(b: &mut Builder<'_>, pending: &Pending) {
    let ids: Vec<usize> = (0..b.tile.features.len())
        .filter(|&id| b.kinds.shape(id) == Some(Shape::Spot))
        .collect();
    let (centre, aside): (Vec<usize>, Vec<usize>) =
        ids.into_iter().partition(|&id| b.kinds.0[id].centre);
    for id in centre.into_iter().chain(aside) {
        place_one(b, pending, id);
    }
}

fn place_one(b: &mut Builder<'_>, pending: &Pending, id: usize) {
    let kind = b.kinds.0[id];
    let look = spot_look(kind);
    let nominal = match &look {
        Look::Builtin(_, l) => l.radius,
        Look::Plain(_) if kind.centre => PLAIN_CENTRE,
        Look::Plain(_) => PLAIN_ASIDE,
    };
    let f = b.feature(id);
    let mut targets = Vec::new();
    let mut touched_regions = Vec::new();
    for &t in &f.touching {
        if let Some(r) = b.region_of.get(t).copied().flatten() {
            touched_regions.push(r);
            let region = &b.scene.regions[r];
            let lines = region.walls.iter().map(polyline).collect();
            targets.push(Target::region(
                lines,
                region.polygon.clone(),
                WALL_WIDTH / 2.0,
            ));
        } else if let Some(r) = b.route_of.get(t).copied().flatten() {
            let route = &b.scene.routes[r];
            let lines = route.curves.iter().map(polyline).collect();
            targets.push(Target::region(lines, Vec::new(), route.style.half()));
        }
    }
    let all = b.obstacles();
    // On a tile with no field (regions all round) there is no open ground to
    // keep to: the spot then only keeps clear of paths and other spots.
    let open_ground = (0..b.tile.features.len()).any(|i| b.kinds.shape(i) == Some(Shape::Face));
    let walls: Vec<Obstacle> = if open_ground {
        Vec::new()
    } else {
        b.wall_obstacles()
    };
    let keep_clear: Vec<Obstacle> = all
        .iter()
        .filter(|o| !targets.iter().any(|t: &Target| t.covers(o)) && !walls.contains(o))
        .cloned()
        .collect();
    let solid: Vec<&[P]> = b
        .scene
        .regions
        .iter()
        .map(|r| r.polygon.as_slice())
        .collect();
    let clear_of: Vec<&[P]> = solid
        .iter()
        .enumerate()
        .filter(|(i, _)| open_ground && !touched_regions.contains(i))
        .map(|(_, s)| *s)
        .collect();
    let within = Reach::from(&pending.starts_at_spot(id), &all, &solid);
    let (at, radius) = place(
        nominal,
        &Constraints {
            avoid: &keep_clear,
            solid: &clear_of,
            touch: &targets,
            within: within.as_ref(),
        },
    );
    // A low look between two features it touches is a band from one to the
    // other at its nominal width, not a disc grown to reach both.
    let low = matches!(&look, Look::Builtin(_, l) if l.low);
    let span = if low && radius > nominal && targets.len() == 2 {
        let ends: Vec<P> = targets.iter().filter_map(|t| t.inside_from(at)).collect();
        match ends[..] {
            [a, b] => Some((a, b)),
            _ => None,
        }
    } else {
        None
    };
    let radius = if span.is_some() { nominal } else { radius };
    let direction = f.direction.map(unit);
    let variant = f
        .variant
        .as_deref()
        .map(|word| variant_mark(b.vocabulary, word));
    b.scene.spots.push(Spot {
        id,
        look,
        at,
        radius,
        direction,
        variant,
        span,
    });
}

/// A direction as a unit vector in tile coordinates.
fn unit(dir: Dir) -> P {
    let (x, y) = dir.step();
    #[allow(clippy::cast_precision_loss)]
    p(x as f32, y as f32).unit_or(p(1.0, 0.0))
}
