//! Labels at crossings: a feature's label and attributes are painted with its
//! layer, so where another feature crosses over it they would be hidden. A
//! region's anchor covered by an upper feature moves to the nearest point of
//! the region that nothing above covers; a plain path's label goes to the first
//! uncovered point along it. Nothing moves on a tile without crossings.

use super::super::geometry::{inside, nearest, p, P};
use super::{Builder, Layer};

/// Grid steps across the tile in the search for an uncovered anchor.
const STEPS: u8 = 50;
/// How far an anchor stays from its region's outline.
const CLEAR: f32 = 0.08;
/// How far it stays from the outline of what covers it (its walls and shadow).
const CLEAR_ABOVE: f32 = 0.15;
/// Where along a path its label may go, in order of preference.
pub const ALONG: [f32; 6] = [0.5, 0.28, 0.72, 0.14, 0.86, 0.4];

/// Moves every covered anchor and places every plain path's label.
pub fn uncover(b: &mut Builder<'_>) {
    for r in 0..b.scene.regions.len() {
        let region = &b.scene.regions[r];
        if region.layer == Layer::Over || !b.covered(region.anchor, region.layer) {
            continue;
        }
        if let Some(at) = uncovered_anchor(b, r) {
            b.scene.regions[r].anchor = at;
        }
    }
    for r in 0..b.scene.routes.len() {
        let route = &b.scene.routes[r];
        if route.plain.is_none() {
            continue;
        }
        let Some(curve) = route.curves.first() else {
            continue;
        };
        let preferred = if route.curves.len() > 1 { 0.35 } else { 0.5 };
        let at = std::iter::once(preferred)
            .chain(ALONG)
            .map(|t| curve.at(t))
            .find(|&q| !b.covered(q, route.layer))
            .unwrap_or_else(|| curve.at(preferred));
        b.scene.routes[r].label_at = Some(at);
    }
}

/// The point of region `r` nearest its anchor that lies clear of its outline
/// and of every region painted above it.
fn uncovered_anchor(b: &Builder<'_>, r: usize) -> Option<P> {
    let region = &b.scene.regions[r];
    let above: Vec<&[P]> = b
        .scene
        .regions
        .iter()
        .filter(|o| o.layer > region.layer)
        .map(|o| o.polygon.as_slice())
        .collect();
    let mut best: Option<(f32, P)> = None;
    let step = 1.0 / f32::from(STEPS);
    for j in 1..STEPS {
        for i in 1..STEPS {
            let q = p(f32::from(i) * step, f32::from(j) * step);
            let d = q.dist(region.anchor);
            if best.is_some_and(|(bd, _)| bd <= d) {
                continue;
            }
            let fits = inside(q, &region.polygon)
                && nearest(q, &region.polygon).0 >= CLEAR
                && !b.covered(q, region.layer)
                && above.iter().all(|poly| nearest(q, poly).0 >= CLEAR_ABOVE);
            if fits {
                best = Some((d, q));
            }
        }
    }
    best.map(|(_, q)| q)
}
