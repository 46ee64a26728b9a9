//! The fields as the drawing sees them, compared with the fields the compiler
//! derived.
//!
//! Everything that can cut a field (cities, roads, centre features, the
//! village) is rasterised into a mask; every free pixel is then labelled with
//! the derived field it is reached from, by a breadth-first flood from the
//! border slots each field covers. Where two different fields' floods meet,
//! nothing drawn separates them: that is a field boundary the derivation found
//! and the drawing does not show, and it is painted as a thin line. On a correct
//! tile there is none, so a wrong derivation (or a wrong drawing) shows at once.

use tiny_skia::{FillRule, LineCap, Mask, PathBuilder, Stroke, Transform};

use super::geometry::{inward, side_start, Curve};
use super::layout::{Scene, ROAD_HALF, WALL_WIDTH};
use crate::geometry::Side;

const OBSTACLE: u8 = 254;
const UNREACHED: u8 = 255;

/// Every pixel's field: an index into [`Scene::fields`], or a marker.
pub struct Labels {
    size: u32,
    labels: Vec<u8>,
}

fn stroke_into(mask: &mut Mask, curve: &Curve, width: f32, ts: Transform) {
    let stroke = Stroke {
        width,
        line_cap: LineCap::Butt,
        ..Stroke::default()
    };
    if let Some(path) = curve
        .path()
        .and_then(|p| p.stroke(&stroke, ts.get_scale().0.abs().max(1.0)))
    {
        mask.fill_path(&path, FillRule::Winding, false, ts);
    }
}

fn disc_into(mask: &mut Mask, at: super::geometry::P, r: f32, ts: Transform) {
    if let Some(path) = PathBuilder::from_circle(at.x, at.y, r) {
        mask.fill_path(&path, FillRule::Winding, false, ts);
    }
}

/// The mask of everything that cuts fields.
fn obstacles(scene: &Scene, size: u32, ts: Transform) -> Option<Mask> {
    let mut mask = Mask::new(size, size)?;
    for city in &scene.cities {
        if let Some(path) = super::tile::outline_path(&city.outline) {
            mask.fill_path(&path, FillRule::Winding, false, ts);
        }
        for wall in &city.walls {
            stroke_into(&mut mask, wall, WALL_WIDTH, ts);
        }
    }
    for road in &scene.roads {
        stroke_into(&mut mask, &road.curve, 2.0 * ROAD_HALF, ts);
    }
    for c in &scene.centres {
        disc_into(&mut mask, c.at, c.radius, ts);
    }
    if let Some((at, r)) = scene.village {
        disc_into(&mut mask, at, r, ts);
    }
    Some(mask)
}

impl Labels {
    /// Floods the free pixels of a `size`² tile drawn with transform `ts`.
    pub fn flood(scene: &Scene, size: u32, ts: Transform) -> Option<Labels> {
        let mask = obstacles(scene, size, ts)?;
        let n = size as usize;
        let mut labels: Vec<u8> = mask
            .data()
            .iter()
            .map(|&m| if m >= 128 { OBSTACLE } else { UNREACHED })
            .collect();
        // Breadth first: every pixel enters the queue at most once.
        let mut queue: Vec<usize> = Vec::with_capacity(n * n);
        #[allow(clippy::cast_precision_loss)]
        let (px, steps) = (1.0 / size as f32, n.max(3));
        for (index, (_, slots)) in scene.fields.iter().enumerate().take(usize::from(OBSTACLE)) {
            #[allow(clippy::cast_possible_truncation)]
            let label = index as u8;
            for slot in slots {
                let side: Side = slot.side();
                let offset = slot.index() % 3;
                let (a, dir) = (
                    side_start(side),
                    super::geometry::corner(side.index() + 1) - side_start(side),
                );
                for step in 0..steps / 3 {
                    #[allow(clippy::cast_precision_loss)]
                    let t = (offset as f32 + (step as f32 + 0.5) / (steps / 3) as f32) / 3.0;
                    let mut q = tiny_skia::Point::from_xy(
                        a.x + dir.x * t + inward(side).x * px * 0.5,
                        a.y + dir.y * t + inward(side).y * px * 0.5,
                    );
                    ts.map_point(&mut q);
                    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                    let (x, y) = (q.x.floor().max(0.0) as usize, q.y.floor().max(0.0) as usize);
                    if x < n && y < n && labels[y * n + x] == UNREACHED {
                        labels[y * n + x] = label;
                        queue.push(y * n + x);
                    }
                }
            }
        }
        let mut head = 0;
        while let Some(&i) = queue.get(head) {
            head += 1;
            let label = labels[i];
            let (x, y) = (i % n, i / n);
            let mut visit = |j: usize| {
                if labels[j] == UNREACHED {
                    labels[j] = label;
                    queue.push(j);
                }
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < n {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - n);
            }
            if y + 1 < n {
                visit(i + n);
            }
        }
        Some(Labels { size, labels })
    }

    /// The pixels where two different fields meet with nothing drawn between
    /// them, as a mask; `None` when there are none.
    pub fn boundaries(&self) -> Option<Mask> {
        let n = self.size as usize;
        let mut line = vec![0u8; n * n];
        let mut any = false;
        let meet = |a: u8, b: u8| a != b && a < OBSTACLE && b < OBSTACLE;
        for (y, row) in self.labels.chunks_exact(n).enumerate() {
            let below = self.labels.get((y + 1) * n..(y + 2) * n);
            for x in 0..n {
                let here = row[x];
                let right = x + 1 < n && meet(here, row[x + 1]);
                let down = below.is_some_and(|b| meet(here, b[x]));
                if right || down {
                    line[y * n + x] = 255;
                    any = true;
                }
            }
        }
        if !any {
            return None;
        }
        Mask::from_vec(line, tiny_skia::IntSize::from_wh(self.size, self.size)?)
    }

    /// For tests: the free pixels' connected regions, and for each derived
    /// field the regions its border slots open onto.
    #[cfg(test)]
    pub fn regions_per_field(scene: &Scene, size: u32, ts: Transform) -> Vec<Vec<usize>> {
        use std::collections::VecDeque;
        let all = Labels::flood(scene, size, ts).expect("mask");
        let n = size as usize;
        let mut region = vec![usize::MAX; n * n];
        let mut count = 0;
        for start in 0..n * n {
            if all.labels[start] == OBSTACLE || region[start] != usize::MAX {
                continue;
            }
            let mut queue = VecDeque::from([start]);
            region[start] = count;
            while let Some(i) = queue.pop_front() {
                let (x, y) = (i % n, i / n);
                for (ok, j) in [
                    (x > 0, i.wrapping_sub(1)),
                    (x + 1 < n, i + 1),
                    (y > 0, i.wrapping_sub(n)),
                    (y + 1 < n, i + n),
                ] {
                    if ok && all.labels[j] != OBSTACLE && region[j] == usize::MAX {
                        region[j] = count;
                        queue.push_back(j);
                    }
                }
            }
            count += 1;
        }
        (0..scene.fields.len())
            .map(|f| {
                let mut found: Vec<usize> = (0..n * n)
                    .filter(|&i| usize::from(all.labels[i]) == f)
                    .map(|i| region[i])
                    .collect();
                found.sort_unstable();
                found.dedup();
                found
            })
            .collect()
    }
}
