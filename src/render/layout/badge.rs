//! Where attributes are drawn: one icon per unit of a counted attribute (up
//! to six), in vocabulary order. On a region they stand in a row at its
//! anchor, shrunk to fit; beside a path they stand at its middle, on the side
//! with more room (an inn by its lake); on a spot, around its rim; on a field,
//! inside it near its border.

use crate::emit::wire::{Shape, Style};

use super::super::geometry::{corner, inside, nearest, p, polyline, side_start, CENTRE, P};
use super::super::looks::{AttributeLook, Look, Place, ATTRIBUTES};
use super::labels::ALONG;
use super::{Badge, Builder};

/// Most icons drawn for one counted attribute.
const MAX_UNITS: u32 = 6;
/// The widest row of icons on a region, in tiles.
const ROW: f32 = 0.62;

/// Places every attribute of every feature.
pub fn place_all(b: &mut Builder<'_>) {
    for id in 0..b.tile.features.len() {
        let icons = icons(b, id);
        if icons.is_empty() {
            continue;
        }
        let placed = match b.kinds.shape(id) {
            Some(Shape::Region) => on_region(b, id, &icons),
            Some(Shape::Path) => beside_path(b, id, &icons),
            Some(Shape::Spot) => around_spot(b, id, &icons),
            Some(Shape::Face) | None => in_field(b, id, &icons),
        };
        b.scene.badges.extend(placed);
    }
}

/// The icons of a feature's attributes: (look, half-width), one per unit.
fn icons(b: &Builder<'_>, id: usize) -> Vec<(Look<AttributeLook>, f32)> {
    let f = b.feature(id);
    let mut out = Vec::new();
    // Declared attributes in vocabulary order, then any the vocabulary lacks.
    let declared = b
        .vocabulary
        .attributes
        .iter()
        .map(|a| (a.id.as_str(), &a.style, a.counted));
    let default = Style::default();
    let undeclared = f
        .attributes
        .keys()
        .filter(|k| b.vocabulary.attribute(k).is_none())
        .map(|k| (k.as_str(), &default, true));
    for (name, style, counted) in declared.chain(undeclared) {
        let units = f.units(name);
        if units == 0 {
            continue;
        }
        let look = Look::resolve(ATTRIBUTES, style, name);
        let size = match &look {
            Look::Builtin(_, l) => l.size,
            Look::Plain(_) => 0.07,
        };
        let n = if counted { units.min(MAX_UNITS) } else { 1 };
        for _ in 0..n {
            out.push((look.clone(), size));
        }
    }
    out
}

fn badge(
    b: &Builder<'_>,
    owner: usize,
    (look, size): &(Look<AttributeLook>, f32),
    at: P,
    scale: f32,
) -> Badge {
    Badge {
        owner,
        look: look.clone(),
        at,
        size: size * scale,
        along: None,
        layer: b.layer(owner),
    }
}

/// A row at the region's anchor, shrunk to fit.
fn on_region(b: &Builder<'_>, id: usize, icons: &[(Look<AttributeLook>, f32)]) -> Vec<Badge> {
    let Some(region) = b.region_of[id].map(|r| &b.scene.regions[r]) else {
        return Vec::new();
    };
    let gap = 0.012;
    #[allow(clippy::cast_precision_loss)]
    let natural: f32 =
        icons.iter().map(|(_, s)| 2.0 * s).sum::<f32>() + gap * (icons.len() - 1) as f32;
    let scale = (ROW / natural).min(1.0);
    let mut x = region.anchor.x - natural * scale / 2.0;
    icons
        .iter()
        .map(|icon| {
            let half = icon.1 * scale;
            let at = p(x + half, region.anchor.y);
            x += 2.0 * half + gap * scale;
            badge(b, id, icon, at, scale)
        })
        .collect()
}

/// Beside the path's middle, on the side with more room; further icons
/// along the path.
fn beside_path(b: &Builder<'_>, id: usize, icons: &[(Look<AttributeLook>, f32)]) -> Vec<Badge> {
    let Some(route) = b.route_of[id].map(|r| &b.scene.routes[r]) else {
        return Vec::new();
    };
    let Some(curve) = route.curves.first() else {
        return Vec::new();
    };
    let others: Vec<Vec<P>> = b
        .scene
        .routes
        .iter()
        .filter(|r| r.id != id)
        .flat_map(|r| r.curves.iter().map(polyline))
        .collect();
    let room = |q: P| -> f32 {
        let edge = q.x.min(1.0 - q.x).min(q.y).min(1.0 - q.y);
        let paths = others
            .iter()
            .map(|l| nearest(q, l).0)
            .fold(f32::INFINITY, f32::min);
        let spots = b
            .scene
            .spots
            .iter()
            .map(|s| q.dist(s.at) - s.radius)
            .fold(f32::INFINITY, f32::min);
        let regions = b
            .scene
            .regions
            .iter()
            .map(|r| {
                let d = nearest(q, &r.polygon).0;
                if inside(q, &r.polygon) {
                    -d
                } else {
                    d
                }
            })
            .fold(f32::INFINITY, f32::min);
        edge.min(paths).min(spots).min(regions)
    };
    // Where something crosses over the path, only the places it leaves
    // uncovered, if there are any.
    let sides = |t: f32, half: f32| {
        let (a, c) = (curve.at(t - 0.01), curve.at(t + 0.01));
        let tangent = (c - a).unit_or(p(1.0, 0.0));
        let normal = p(-tangent.y, tangent.x);
        let off = route.style.half() + half * 1.25;
        let mid = curve.at(t);
        [mid - normal * off, mid + normal * off]
    };
    let half = icons.first().map_or(0.0, |i| i.1);
    let shown = |q: P| !b.covered_disc(q, half, route.layer);
    let uncovered: Vec<f32> = ALONG
        .into_iter()
        .filter(|&t| sides(t, half).into_iter().any(shown))
        .collect();
    let along = if uncovered.is_empty() {
        ALONG.to_vec()
    } else {
        uncovered
    };
    let mut beside = along.iter().cycle();
    icons
        .iter()
        .map(|icon| match place_of(icon) {
            Place::Beside => {
                let t = beside.next().copied().unwrap_or(0.5);
                let [right, left] = sides(t, icon.1);
                let score = |q: P| (shown(q), room(q));
                let at = if score(right) > score(left) {
                    right
                } else {
                    left
                };
                badge(b, id, icon, at, 1.0)
            }
            Place::Centre => badge(b, id, icon, centre_of(route), 1.0),
            Place::Across => {
                let (at, dir) = across(b, route, along.first().copied().unwrap_or(0.5), icon.1);
                Badge {
                    along: Some(dir),
                    ..badge(b, id, icon, at, 1.0)
                }
            }
        })
        .collect()
}

fn place_of((look, _): &(Look<AttributeLook>, f32)) -> Place {
    match look {
        Look::Builtin(_, l) => l.place,
        Look::Plain(_) => Place::Beside,
    }
}

/// Where a path's branches meet, or the middle of a path with one curve.
fn centre_of(route: &super::Route) -> P {
    match route.curves.as_slice() {
        [one] => one.at(0.5),
        [first, ..] => first.at(1.0),
        [] => super::super::geometry::CENTRE,
    }
}

/// Where an icon across the path goes, and the path's direction there: at
/// the mouth of the tunnel the path already runs through, pointing out of
/// it, far enough outside for an icon of half-width `half` to clear the
/// wall the path passes under; else at `t` along its first curve.
fn across(b: &Builder<'_>, route: &super::Route, t: f32, half: f32) -> (P, P) {
    let tangent = |c: &super::super::geometry::Curve, t: f32| {
        (c.at((t + 0.01).min(1.0)) - c.at((t - 0.01).max(0.0))).unit_or(p(1.0, 0.0))
    };
    let mouth =
        b.scene.marks.iter().find(|m| {
            m.way == super::Way::Tunnel && route.curves.contains(&m.curve) && m.from > 0.01
        });
    if let Some(m) = mouth {
        let out = tangent(&m.curve, m.from) * -1.0;
        return (
            m.curve.at(m.from) + out * (route.style.half() * 0.8 + half * 1.6),
            out,
        );
    }
    let Some(curve) = route.curves.first() else {
        return (super::super::geometry::CENTRE, p(1.0, 0.0));
    };
    (curve.at(t), tangent(curve, t))
}

/// Around the spot's rim, from its north-east.
fn around_spot(b: &Builder<'_>, id: usize, icons: &[(Look<AttributeLook>, f32)]) -> Vec<Badge> {
    let Some(spot) = b.scene.spots.iter().find(|s| s.id == id) else {
        return Vec::new();
    };
    let rim = [p(0.7, -0.7), p(-0.7, -0.7), p(0.7, 0.7), p(-0.7, 0.7)];
    icons
        .iter()
        .zip(rim.iter().cycle())
        .map(|(icon, &d)| badge(b, id, icon, spot.at + d * spot.radius, 1.0))
        .collect()
}

/// Inside the field, a little way in from the middle of its border slots
/// (the tile's middle for a field with none), in a row; moved to the first
/// of its slots' own points that keeps the row clear of the tile's spots
/// (a pig herd beside the Vodyanoy, not under it).
fn in_field(b: &Builder<'_>, id: usize, icons: &[(Look<AttributeLook>, f32)]) -> Vec<Badge> {
    let slots = &b.feature(id).slots;
    let points: Vec<P> = slots
        .iter()
        .map(|slot| {
            let side = slot.side();
            #[allow(clippy::cast_precision_loss)]
            let t = ((slot.index() % 3) as f32 + 0.5) / 3.0;
            side_start(side).lerp(corner(side.index() + 1), t)
        })
        .collect();
    #[allow(clippy::cast_precision_loss)]
    let middle = if points.is_empty() {
        CENTRE
    } else {
        let sum = points.iter().fold(p(0.0, 0.0), |acc, &q| acc + q);
        (sum * (1.0 / points.len() as f32)).lerp(CENTRE, 0.3)
    };
    let step = icons.first().map_or(0.0, |icon| icon.1 * 2.2);
    #[allow(clippy::cast_precision_loss)]
    let reach = step * icons.len() as f32 / 2.0;
    let clearance = |at: P| {
        b.scene
            .spots
            .iter()
            .map(|s| at.dist(s.at) - s.radius - reach)
            .fold(f32::INFINITY, f32::min)
    };
    let candidates = std::iter::once(middle).chain(points.iter().map(|q| q.lerp(CENTRE, 0.3)));
    let base = candidates
        .clone()
        .find(|&at| clearance(at) >= 0.0)
        .or_else(|| candidates.max_by(|x, y| clearance(*x).total_cmp(&clearance(*y))))
        .unwrap_or(middle);
    icons
        .iter()
        .enumerate()
        .map(|(k, icon)| {
            #[allow(clippy::cast_precision_loss)]
            let dx = (k as f32 - (icons.len() as f32 - 1.0) / 2.0) * step;
            badge(b, id, icon, base + p(dx, 0.0), 1.0)
        })
        .collect()
}
