//! Painting primitives shared by every look and the board: colours, paints,
//! strokes, the tile transform and the small local frames symbols are drawn
//! in, filled shapes with ink outlines, and centred labels.

use tiny_skia::{
    ColorU8, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Point, Stroke,
    Transform,
};

use super::geometry::{Curve, P};
use super::text;

/// Colours shared by several looks and the board.
pub mod colour {
    use tiny_skia::{Color, ColorU8};

    /// A boundary between fields that nothing drawn explains.
    pub const FIELD_LINE: ColorU8 = rgb(34, 62, 20);
    /// Roofs.
    pub const ROOF: ColorU8 = rgb(178, 96, 62);
    /// Stone walls and bridges.
    pub const WALL: ColorU8 = rgb(164, 158, 146);
    /// Light stone of buildings.
    pub const STONE: ColorU8 = rgb(232, 222, 196);
    /// Dark outlines.
    pub const INK: ColorU8 = rgb(58, 50, 44);
    /// A pennant's field.
    pub const PENNANT: ColorU8 = rgb(38, 78, 168);
    /// Light details.
    pub const WHITE: ColorU8 = rgb(250, 248, 240);
    /// Open water.
    pub const WATER: ColorU8 = rgb(74, 146, 214);
    /// The dark edge of water.
    pub const WATER_EDGE: ColorU8 = rgb(36, 88, 150);
    /// Light on water.
    pub const RIPPLE: ColorU8 = rgb(176, 214, 244);
    /// Gold.
    pub const GOLD: ColorU8 = rgb(232, 184, 48);

    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> ColorU8 {
        ColorU8::from_rgba(r, g, b, 255)
    }

    /// The colour in tiny-skia's floating-point form.
    pub fn color(c: ColorU8) -> Color {
        Color::from_rgba8(c.red(), c.green(), c.blue(), c.alpha())
    }

    /// The colour scaled towards black (`k` < 1) or white (`k` > 1).
    pub fn shade(c: ColorU8, k: f32) -> ColorU8 {
        let f = |v: u8| {
            let v = f32::from(v);
            let out = if k <= 1.0 {
                v * k
            } else {
                v + (255.0 - v) * (k - 1.0).min(1.0)
            };
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let out = out.round().clamp(0.0, 255.0) as u8;
            out
        };
        rgb(f(c.red()), f(c.green()), f(c.blue()))
    }

    /// Whether dark text reads better than light text on this colour.
    pub fn is_light(c: ColorU8) -> bool {
        let luma =
            0.299 * f32::from(c.red()) + 0.587 * f32::from(c.green()) + 0.114 * f32::from(c.blue());
        luma > 150.0
    }
}

/// An anti-aliased solid paint.
pub fn paint(color: ColorU8) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(colour::color(color));
    paint.anti_alias = true;
    paint
}

/// A stroke of the given width, round-joined.
pub fn stroke(width: f32, cap: LineCap) -> Stroke {
    Stroke {
        width,
        line_cap: cap,
        line_join: LineJoin::Round,
        ..Stroke::default()
    }
}

/// A round-capped line through `points` (nothing for fewer than two).
pub fn line(pixmap: &mut Pixmap, points: &[(f32, f32)], width: f32, color: ColorU8, ts: Transform) {
    let Some((first, rest)) = points.split_first() else {
        return;
    };
    let mut path = PathBuilder::new();
    path.move_to(first.0, first.1);
    for &(x, y) in rest {
        path.line_to(x, y);
    }
    if let Some(path) = path.finish() {
        pixmap.stroke_path(
            &path,
            &paint(color),
            &stroke(width, LineCap::Round),
            ts,
            None,
        );
    }
}

/// A closed path through the curves, which must join end to start.
pub fn outline_path(outline: &[Curve]) -> Option<Path> {
    let first = outline.first()?.start();
    let mut path = PathBuilder::new();
    path.move_to(first.x, first.y);
    let mut at = first;
    for c in outline {
        // A curve that does not go on from the last one starts a new loop
        // (a courtyard's hole).
        let start = c.start();
        if start.dist(at) > 1e-4 {
            path.close();
            path.move_to(start.x, start.y);
        }
        c.extend(&mut path);
        at = c.at(1.0);
    }
    path.close();
    path.finish()
}

/// The transform from tile coordinates to the pixels of a `size`² image of the
/// tile turned `rotation` quarter turns clockwise. Exact: no trigonometry.
#[allow(clippy::cast_precision_loss)]
pub fn transform(size: u32, rotation: u8) -> Transform {
    let s = size as f32;
    match rotation % 4 {
        0 => Transform::from_row(s, 0.0, 0.0, s, 0.0, 0.0),
        1 => Transform::from_row(0.0, s, -s, 0.0, s, 0.0),
        2 => Transform::from_row(-s, 0.0, 0.0, -s, s, s),
        _ => Transform::from_row(0.0, -s, s, 0.0, 0.0, s),
    }
}

/// A transform that maps the square `-1..1` onto a disc around `at` of radius
/// `r`, with its x axis along `dir` in tile coordinates: it turns with the tile.
pub fn local(ts: Transform, at: P, r: f32, dir: P) -> Transform {
    ts.pre_concat(Transform::from_row(
        dir.x * r,
        dir.y * r,
        -dir.y * r,
        dir.x * r,
        at.x,
        at.y,
    ))
}

/// A transform that maps the square `-1..1` onto a disc around `at` of radius
/// `r`, upright in the picture whatever the tile's rotation: symbols, houses
/// and text stand up while the geometry turns.
pub fn upright(ts: Transform, at: P, r: f32) -> Transform {
    let mut q = Point::from_xy(at.x, at.y);
    ts.map_point(&mut q);
    let s = ts.sx.hypot(ts.ky) * r;
    Transform::from_row(s, 0.0, 0.0, s, q.x, q.y)
}

/// A closed polygon.
pub fn polygon(points: &[(f32, f32)]) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut path = PathBuilder::new();
    path.move_to(first.0, first.1);
    for &(x, y) in rest {
        path.line_to(x, y);
    }
    path.close();
    path.finish()
}

/// A circle.
pub fn circle(x: f32, y: f32, r: f32) -> Option<Path> {
    PathBuilder::from_circle(x, y, r)
}

/// An ellipse with radii `rx`, `ry`.
pub fn ellipse(x: f32, y: f32, rx: f32, ry: f32) -> Option<Path> {
    let rect = tiny_skia::Rect::from_xywh(x - rx, y - ry, 2.0 * rx, 2.0 * ry)?;
    PathBuilder::from_oval(rect)
}

/// Fills a path and outlines it in ink (`outline` in local units; 0 for none).
pub fn shape(pixmap: &mut Pixmap, path: Option<Path>, fill: ColorU8, outline: f32, ts: Transform) {
    if let Some(path) = path {
        pixmap.fill_path(&path, &paint(fill), FillRule::Winding, ts, None);
        if outline > 0.0 {
            let line = stroke(outline, LineCap::Round);
            pixmap.stroke_path(&path, &paint(colour::INK), &line, ts, None);
        }
    }
}

/// Strokes a path (a ring, an arc) in one colour.
pub fn outline(pixmap: &mut Pixmap, path: Option<Path>, color: ColorU8, width: f32, ts: Transform) {
    if let Some(path) = path {
        pixmap.stroke_path(
            &path,
            &paint(color),
            &stroke(width, LineCap::Round),
            ts,
            None,
        );
    }
}

/// A label centred on `(0, 0)` of a local frame, `height` local units tall
/// (capital height), in bold; nothing for an empty label.
pub fn label(pixmap: &mut Pixmap, text: &str, height: f32, ink: ColorU8, ts: Transform) {
    let Ok(fonts) = text::fonts() else {
        return;
    };
    if text.is_empty() {
        return;
    }
    let mut centre = Point::from_xy(0.0, 0.0);
    ts.map_point(&mut centre);
    let unit = ts.sx.hypot(ts.ky);
    // DejaVu Sans Bold's capitals are about 0.73 of the pixel size.
    let mut px = height * unit / 0.73;
    let mut w = text::width(&fonts.bold, px, text);
    let widest = 1.9 * unit;
    if w > widest {
        px *= widest / w;
        w = widest;
    }
    if px < 3.0 {
        return;
    }
    let baseline = centre.y + 0.73 * px / 2.0;
    text::draw(
        pixmap,
        &fonts.bold,
        px,
        (centre.x - w / 2.0, baseline),
        text,
        ink,
    );
}
