//! Paints a resolved scene: fields, roads, cities with their walls, gates and
//! pennants, then the centre features; last, the field boundaries the drawing
//! does not explain (see [`super::fields`]).

use tiny_skia::{
    ColorU8, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Stroke, Transform,
};

use super::fields::Labels;
use super::geometry::{Curve, P};
use super::layout::{Scene, ROAD_EDGE, ROAD_WIDTH};
use super::symbols;

/// Colours of the tile.
pub mod colour {
    use tiny_skia::{Color, ColorU8};

    /// Grass.
    pub const FIELD: ColorU8 = rgb(121, 168, 66);
    /// A boundary between fields that nothing drawn explains.
    pub const FIELD_LINE: ColorU8 = rgb(34, 62, 20);
    /// A road's surface.
    pub const ROAD: ColorU8 = rgb(238, 230, 206);
    /// A road's edges.
    pub const ROAD_EDGE: ColorU8 = rgb(84, 72, 60);
    /// Inside a city.
    pub const CITY: ColorU8 = rgb(201, 154, 96);
    /// Roofs inside a city.
    pub const ROOF: ColorU8 = rgb(178, 96, 62);
    /// A city wall.
    pub const WALL: ColorU8 = rgb(164, 158, 146);
    /// Dark outlines.
    pub const INK: ColorU8 = rgb(58, 50, 44);
    /// A pennant's field.
    pub const PENNANT: ColorU8 = rgb(38, 78, 168);
    /// Light details.
    pub const WHITE: ColorU8 = rgb(250, 248, 240);

    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> ColorU8 {
        ColorU8::from_rgba(r, g, b, 255)
    }

    /// The colour in tiny-skia's floating-point form.
    pub fn color(c: ColorU8) -> Color {
        Color::from_rgba8(c.red(), c.green(), c.blue(), c.alpha())
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
    for c in outline {
        c.extend(&mut path);
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
/// `r`, with its x axis along `dir`.
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

/// Paints a scene onto a new `size`² pixmap.
pub fn paint_scene(scene: &Scene, size: u32, rotation: u8) -> Option<Pixmap> {
    let mut pixmap = Pixmap::new(size, size)?;
    let ts = transform(size, rotation);
    pixmap.fill(colour::color(colour::FIELD));
    roads(&mut pixmap, scene, ts);
    super::city::draw(&mut pixmap, scene, ts);
    for centre in &scene.centres {
        symbols::centre(&mut pixmap, centre, ts);
    }
    if let Some((at, r)) = scene.village {
        symbols::village(&mut pixmap, at, r, ts);
    }
    // Fields can only meet where there are two of them.
    let labels = if scene.fields.len() > 1 {
        Some(Labels::flood(scene, size, ts)?)
    } else {
        None
    };
    if let Some(mask) = labels.and_then(|l| l.boundaries()) {
        let rect = tiny_skia::Rect::from_xywh(0.0, 0.0, 1.0, 1.0)?;
        #[allow(clippy::cast_precision_loss)]
        let scale = Transform::from_scale(size as f32, size as f32);
        pixmap.fill_rect(rect, &paint(colour::FIELD_LINE), scale, Some(&mask));
    }
    Some(pixmap)
}

fn roads(pixmap: &mut Pixmap, scene: &Scene, ts: Transform) {
    let paths: Vec<Path> = scene.roads.iter().filter_map(|r| r.curve.path()).collect();
    let plaza = scene
        .village
        .and_then(|(at, r)| PathBuilder::from_circle(at.x, at.y, r));
    let edge = stroke(ROAD_WIDTH + 2.0 * ROAD_EDGE, LineCap::Butt);
    for path in &paths {
        pixmap.stroke_path(path, &paint(colour::ROAD_EDGE), &edge, ts, None);
    }
    if let Some(plaza) = &plaza {
        let ring = stroke(2.0 * ROAD_EDGE, LineCap::Butt);
        pixmap.stroke_path(plaza, &paint(colour::ROAD_EDGE), &ring, ts, None);
    }
    let surface = stroke(ROAD_WIDTH, LineCap::Butt);
    for path in &paths {
        pixmap.stroke_path(path, &paint(colour::ROAD), &surface, ts, None);
    }
    if let Some(plaza) = &plaza {
        pixmap.fill_path(plaza, &paint(colour::ROAD), FillRule::Winding, ts, None);
    }
}
