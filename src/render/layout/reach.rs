//! Which part of the tile a dead end can reach without crossing anything
//! already laid out: everything drawn so far is rasterised into a coarse mask,
//! and the free cells are flooded from the dead end's side. A village, a
//! junction or a spot that dead ends run to is kept inside the part every one
//! of them reaches, so a lone dead end stays in the face the data puts it in
//! (`road W; road S -> N; city N`: the village lies west of road S).

use tiny_skia::{FillRule, LineCap, Mask, PathBuilder, Stroke, Transform};

use super::super::geometry::P;
use super::super::place::Obstacle;

/// Cells per tile edge.
const CELLS: u32 = 32;

/// The cells a set of dead ends can all reach.
#[derive(Clone, Debug)]
pub struct Reach {
    ok: Vec<bool>,
}

impl Reach {
    /// The cells reachable from every start point, with `avoid` (lines with a
    /// half-width) and `solid` (filled polygons) in the way; `None` when a
    /// start lies on something (no constraint is better than a wrong one) or
    /// nothing is reachable from all of them.
    pub fn from(starts: &[P], avoid: &[Obstacle], solid: &[&[P]]) -> Option<Reach> {
        if starts.is_empty() {
            return None;
        }
        let blocked = raster(avoid, solid)?;
        let n = CELLS as usize;
        let mut all = vec![true; n * n];
        for &start in starts {
            let seed = cell(start)?;
            if blocked[seed] {
                return None;
            }
            let mut seen = vec![false; n * n];
            let mut queue = vec![seed];
            seen[seed] = true;
            while let Some(i) = queue.pop() {
                let (x, y) = (i % n, i / n);
                let around = [
                    (x > 0).then(|| i - 1),
                    (x + 1 < n).then_some(i + 1),
                    (y > 0).then(|| i - n),
                    (y + 1 < n).then_some(i + n),
                ];
                for j in around.into_iter().flatten() {
                    if !blocked[j] && !seen[j] {
                        seen[j] = true;
                        queue.push(j);
                    }
                }
            }
            for (a, s) in all.iter_mut().zip(seen) {
                *a &= s;
            }
        }
        all.iter().any(|&a| a).then_some(Reach { ok: all })
    }

    /// Whether a point lies in a reachable cell.
    pub fn contains(&self, q: P) -> bool {
        cell(q).is_some_and(|i| self.ok[i])
    }
}

#[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]
fn cell(q: P) -> Option<usize> {
    let n = CELLS as f32;
    let (x, y) = ((q.x * n).floor(), (q.y * n).floor());
    if x < 0.0 || y < 0.0 || x >= n || y >= n {
        return None;
    }
    #[allow(clippy::cast_sign_loss)]
    Some(y as usize * CELLS as usize + x as usize)
}

/// The blocked cells: a cell is blocked when its middle is covered.
fn raster(avoid: &[Obstacle], solid: &[&[P]]) -> Option<Vec<bool>> {
    let mut mask = Mask::new(CELLS, CELLS)?;
    #[allow(clippy::cast_precision_loss)]
    let ts = Transform::from_scale(CELLS as f32, CELLS as f32);
    for polygon in solid {
        let mut path = PathBuilder::new();
        for (i, q) in polygon.iter().enumerate() {
            if i == 0 {
                path.move_to(q.x, q.y);
            } else {
                path.line_to(q.x, q.y);
            }
        }
        path.close();
        if let Some(path) = path.finish() {
            mask.fill_path(&path, FillRule::Winding, false, ts);
        }
    }
    for o in avoid {
        let (line, half) = o.parts();
        let path = match line {
            [q] => PathBuilder::from_circle(q.x, q.y, half),
            _ => {
                let stroke = Stroke {
                    width: 2.0 * half,
                    line_cap: LineCap::Butt,
                    ..Stroke::default()
                };
                let mut path = PathBuilder::new();
                for (i, q) in line.iter().enumerate() {
                    if i == 0 {
                        path.move_to(q.x, q.y);
                    } else {
                        path.line_to(q.x, q.y);
                    }
                }
                #[allow(clippy::cast_precision_loss)]
                let res = CELLS as f32;
                path.finish().and_then(|p| p.stroke(&stroke, res))
            }
        };
        if let Some(path) = path {
            mask.fill_path(&path, FillRule::Winding, false, ts);
        }
    }
    Some(mask.data().iter().map(|&m| m >= 128).collect())
}

#[cfg(test)]
mod tests {
    use super::super::super::geometry::p;
    use super::*;

    #[test]
    fn a_road_across_the_tile_keeps_each_side_to_itself() {
        let road = Obstacle::line(vec![p(0.5, 0.0), p(0.5, 1.0)], 0.06);
        let west = Reach::from(&[p(0.02, 0.5)], std::slice::from_ref(&road), &[]).expect("reach");
        assert!(west.contains(p(0.3, 0.5)));
        assert!(!west.contains(p(0.7, 0.5)));
        let both = Reach::from(
            &[p(0.02, 0.5), p(0.98, 0.5)],
            std::slice::from_ref(&road),
            &[],
        );
        assert!(both.is_none(), "nothing is reachable from both sides");
    }
}
