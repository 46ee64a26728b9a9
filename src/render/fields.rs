//! The fields as the drawing sees them, compared with the fields the compiler
//! derived.
//!
//! Everything that can cut a field (regions, paths, spots, villages and
//! junctions) is rasterised into a mask; every free pixel is then labelled
//! with the derived field it is reached from, by a breadth-first flood from
//! the border slots each field covers. A field with no border slot (the
//! middle of a four-city tile) takes a free region no slot reaches: the
//! largest ones, in scan order. Where two different fields' floods meet,
//! nothing drawn separates them: that is a field boundary the derivation
//! found and the drawing does not show, and it is painted as a thin line. On
//! a correct tile there is none, so a wrong derivation (or a wrong drawing)
//! shows at once.

use tiny_skia::{FillRule, LineCap, Mask, PathBuilder, Stroke, Transform};

use super::draw::outline_path;
use super::geometry::{inward, side_start, Curve};
use super::layout::{Scene, WALL_WIDTH};
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
    for region in &scene.regions {
        if let Some(path) = outline_path(&region.outline) {
            mask.fill_path(&path, FillRule::Winding, false, ts);
        }
        for wall in &region.walls {
            stroke_into(&mut mask, wall, WALL_WIDTH, ts);
        }
    }
    for route in &scene.routes {
        for curve in &route.curves {
            stroke_into(&mut mask, curve, 2.0 * route.style.half(), ts);
        }
    }
    for s in &scene.spots {
        if let Some(path) = s.outline() {
            mask.fill_path(&path, FillRule::Winding, false, ts);
        }
    }
    for j in &scene.joins {
        disc_into(&mut mask, j.at, j.radius, ts);
    }
    Some(mask)
}

/// The free regions no slot reached, as (first pixel, pixels), in scan order.
fn unreached(labels: &[u8], n: usize) -> Vec<(usize, Vec<usize>)> {
    let mut seen = vec![false; n * n];
    let mut out = Vec::new();
    for start in 0..n * n {
        if labels[start] != UNREACHED || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut pixels = vec![start];
        let mut head = 0;
        while let Some(&i) = pixels.get(head) {
            head += 1;
            let (x, y) = (i % n, i / n);
            let around = [
                (x > 0).then(|| i - 1),
                (x + 1 < n).then_some(i + 1),
                (y > 0).then(|| i - n),
                (y + 1 < n).then_some(i + n),
            ];
            for j in around.into_iter().flatten() {
                if labels[j] == UNREACHED && !seen[j] {
                    seen[j] = true;
                    pixels.push(j);
                }
            }
        }
        out.push((start, pixels));
    }
    out
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
        // Fields inside the tile take the largest regions left, in scan order.
        let inside: Vec<usize> = scene
            .fields
            .iter()
            .enumerate()
            .take(usize::from(OBSTACLE))
            .filter(|(_, (_, slots))| slots.is_empty())
            .map(|(i, _)| i)
            .collect();
        if !inside.is_empty() {
            let mut left = unreached(&labels, n);
            left.sort_by_key(|(start, pixels)| (std::cmp::Reverse(pixels.len()), *start));
            left.truncate(inside.len());
            left.sort_by_key(|(start, _)| *start);
            for (field, (_, pixels)) in inside.iter().zip(left) {
                #[allow(clippy::cast_possible_truncation)]
                let label = *field as u8;
                for i in pixels {
                    labels[i] = label;
                }
            }
        }
        Some(Labels { size, labels })
    }

    /// The grid's edge length and every pixel's label: an index into
    /// [`Scene::fields`], or a value past them for obstacles and unclaimed
    /// pixels.
    pub fn grid(&self) -> (usize, &[u8]) {
        (self.size as usize, &self.labels)
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

    /// For tests: the sizes of the free regions no field claims.
    #[cfg(test)]
    pub fn unclaimed(&self) -> Vec<usize> {
        let n = self.size as usize;
        unreached(&self.labels, n)
            .into_iter()
            .map(|(_, pixels)| pixels.len())
            .collect()
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
