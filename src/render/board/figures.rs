//! The figures on the board: each on its feature's spot (farmers lying),
//! acrobats stacked on their pyramid, figures sharing a spot side by side.

use std::collections::HashMap;

use tiny_skia::Pixmap;

use super::frame::Frame;
use super::marks::{self, Badge, Figure, Pose};
use super::spots::Spots;
use super::{tile_at, Tiles};
use crate::emit::wire::Shape;
use crate::engine::{BoardView, FigureSpot, FigureView};

/// A figure's height, in tiles.
const FIGURE_HEIGHT: f32 = 0.3;
/// An acrobat's height, in tiles: smaller, three share a pyramid.
const ACROBAT_HEIGHT: f32 = 0.22;
/// How far apart figures sharing a spot stand, in tiles.
const SIDE_BY_SIDE: f32 = 0.14;

/// Every figure, standing on its feature (farmers lying), acrobats stacked
/// on their pyramid; figures sharing a spot side by side.
pub fn draw(
    pixmap: &mut Pixmap,
    view: &BoardView,
    tiles: &Tiles<'_>,
    spots: &HashMap<&str, Spots>,
    frame: &Frame,
) {
    let t = frame.tf();
    // The view is sorted by square and spot: a group shares one spot.
    let same_spot = |a: &FigureView, b: &FigureView| (a.x, a.y, a.spot) == (b.x, b.y, b.spot);
    for group in view.figures.chunk_by(same_spot) {
        let Some(first) = group.first() else {
            continue;
        };
        let Some(v) = tile_at(view, first.x, first.y) else {
            continue;
        };
        let Some(s) = spots.get(v.tile.as_str()) else {
            continue;
        };
        match first.spot {
            FigureSpot::Acrobats => {
                let (cx, cy) = s.pyramid.map_or_else(
                    || frame.centre(v.x, v.y),
                    |(at, _)| frame.point(v.x, v.y, v.rotation, at),
                );
                for (k, f) in group.iter().enumerate() {
                    let (dx, dy) = pyramid_place(k, group.len());
                    let at = (cx + dx * t, cy + dy * t);
                    draw_figure(pixmap, f, at, t * ACROBAT_HEIGHT, Pose::Standing);
                }
            }
            FigureSpot::Feature(feature) => {
                let (x, y) = s.feature.get(usize::from(feature)).map_or_else(
                    || frame.centre(v.x, v.y),
                    |&p| frame.point(v.x, v.y, v.rotation, p),
                );
                let shape = tiles
                    .get(&v.tile)
                    .ok()
                    .and_then(|tile| tile.features.get(usize::from(feature)))
                    .and_then(|f| tiles.vocabulary.kind(&f.kind))
                    .map(|k| k.shape);
                let pose = if shape == Some(Shape::Face) {
                    Pose::Lying
                } else {
                    Pose::Standing
                };
                #[allow(clippy::cast_precision_loss)]
                let spread = (group.len() as f32 - 1.0) / 2.0;
                for (k, f) in group.iter().enumerate() {
                    #[allow(clippy::cast_precision_loss)]
                    let dx = (k as f32 - spread) * t * SIDE_BY_SIDE;
                    draw_figure(pixmap, f, (x + dx, y), t * FIGURE_HEIGHT, pose);
                }
            }
        }
    }
}

/// Where the `k`-th of `n` acrobats stands, in tiles from the pyramid's
/// middle: rows from the bottom, each one shorter, as a human pyramid.
#[allow(clippy::cast_precision_loss)]
fn pyramid_place(k: usize, n: usize) -> (f32, f32) {
    let mut base = 1;
    while base * (base + 1) / 2 < n {
        base += 1;
    }
    let (mut row, mut left, mut width) = (0, k, base);
    while width > 0 && left >= width {
        left -= width;
        row += 1;
        width -= 1;
    }
    let (dx, dy) = (0.12, 0.14);
    let x = (left as f32 - (width as f32 - 1.0) / 2.0) * dx;
    let y = (base as f32 - 1.0) * dy / 2.0 - row as f32 * dy;
    (x, y)
}

fn draw_figure(pixmap: &mut Pixmap, f: &FigureView, at: (f32, f32), height: f32, pose: Pose) {
    let badge = match f.figure.as_str() {
        "meeple" => Badge::None,
        "ringmaster" => Badge::Hat,
        _ => Badge::Diamond,
    };
    marks::figure(
        pixmap,
        &Figure {
            at,
            height,
            colour: marks::player_colour(f.player),
            pose,
            badge,
        },
    );
}

#[cfg(test)]
mod tests {
    use super::pyramid_place;

    #[test]
    fn acrobats_stack_two_then_one() {
        let (a, b, c) = (
            pyramid_place(0, 3),
            pyramid_place(1, 3),
            pyramid_place(2, 3),
        );
        assert!((a.1 - b.1).abs() < 1e-6 && a.0 < b.0, "{a:?} {b:?}");
        assert!(c.1 < a.1 && c.0.abs() < 1e-6, "{c:?}");
        assert_eq!(pyramid_place(0, 1), (0.0, 0.0));
    }
}
