//! What the board picture draws over the tiles: figures in their players'
//! colours, the big top, and the marks of open squares. Each shape is drawn in
//! its own square `-1..1` and mapped onto the board, upright whatever the
//! tile's rotation.

use tiny_skia::{
    ColorU8 as Color, FillRule, LineCap, Path, PathBuilder, Pixmap, Rect, StrokeDash, Transform,
};

use super::super::draw::{colour, line, paint, stroke};

/// Player colours in log order: the classic six, then ten more for larger
/// games (a log may name up to 16 players).
pub const PLAYER_COLOURS: [Color; 16] = [
    colour::rgb(214, 40, 40),   // red
    colour::rgb(38, 92, 214),   // blue
    colour::rgb(24, 150, 64),   // green
    colour::rgb(250, 206, 36),  // yellow
    colour::rgb(28, 28, 30),    // black
    colour::rgb(150, 150, 154), // grey
    colour::rgb(140, 64, 190),  // purple
    colour::rgb(244, 128, 24),  // orange
    colour::rgb(244, 128, 190), // pink
    colour::rgb(120, 78, 40),   // brown
    colour::rgb(40, 196, 214),  // cyan
    colour::rgb(250, 250, 250), // white
    colour::rgb(128, 128, 0),   // olive
    colour::rgb(20, 30, 110),   // navy
    colour::rgb(128, 0, 40),    // maroon
    colour::rgb(0, 120, 120),   // teal
];

/// The names of [`PLAYER_COLOURS`], for the legend and the docs.
pub const PLAYER_COLOUR_NAMES: [&str; 16] = [
    "red", "blue", "green", "yellow", "black", "grey", "purple", "orange", "pink", "brown", "cyan",
    "white", "olive", "navy", "maroon", "teal",
];

/// The colour of player `i`.
#[must_use]
pub fn player_colour(i: usize) -> Color {
    PLAYER_COLOURS[i % PLAYER_COLOURS.len()]
}

const HALO: Color = colour::rgb(255, 255, 255);
const GOLD: Color = colour::rgb(236, 186, 40);
const TENT_RED: Color = colour::rgb(200, 36, 48);
const DEAD: Color = colour::rgb(200, 24, 24);
const DEAD_DARK: Color = colour::rgb(120, 0, 0);

/// How a figure is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pose {
    /// Standing: a knight, highwayman, monk or acrobat.
    Standing,
    /// Lying on its back: a farmer.
    Lying,
}

/// What marks a figure that is not a plain meeple.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Badge {
    /// A plain meeple.
    None,
    /// The ringmaster: a top hat.
    Hat,
    /// Some other figure of the tile set: a white diamond on the chest.
    Diamond,
}

/// A figure: its middle in pixels, its height in pixels.
#[derive(Clone, Copy, Debug)]
pub struct Figure {
    /// Middle, in pixels.
    pub at: (f32, f32),
    /// Height of the standing figure, in pixels.
    pub height: f32,
    /// Fill colour.
    pub colour: Color,
    /// Standing or lying.
    pub pose: Pose,
    /// The mark of a special figure.
    pub badge: Badge,
}

/// The meeple's body, head and (for the ringmaster) hat, in `-1..1`.
fn silhouette(badge: Badge) -> Vec<Path> {
    let mut body = PathBuilder::new();
    body.move_to(-0.2, -0.42);
    body.line_to(-0.6, -0.32);
    body.quad_to(-0.96, -0.24, -0.86, -0.02);
    body.line_to(-0.44, 0.1);
    body.line_to(-0.64, 0.84);
    body.quad_to(-0.68, 1.0, -0.5, 1.0);
    body.line_to(-0.14, 1.0);
    body.line_to(0.0, 0.64);
    body.line_to(0.14, 1.0);
    body.line_to(0.5, 1.0);
    body.quad_to(0.68, 1.0, 0.64, 0.84);
    body.line_to(0.44, 0.1);
    body.line_to(0.86, -0.02);
    body.quad_to(0.96, -0.24, 0.6, -0.32);
    body.line_to(0.2, -0.42);
    body.close();
    let mut out: Vec<Path> = body.finish().into_iter().collect();
    out.extend(PathBuilder::from_circle(0.0, -0.64, 0.3));
    if badge == Badge::Hat {
        out.extend(rect(-0.42, -0.9, 0.84, 0.12));
        out.extend(rect(-0.26, -1.3, 0.52, 0.44));
    }
    out
}

fn rect(x: f32, y: f32, w: f32, h: f32) -> Option<Path> {
    Rect::from_xywh(x, y, w, h).map(PathBuilder::from_rect)
}

/// Draws a figure: a white halo and a dark outline around the silhouette,
/// so every colour reads on every ground.
pub fn figure(pixmap: &mut Pixmap, f: &Figure) {
    let r = f.height / 2.0;
    let ts = match f.pose {
        Pose::Standing => Transform::from_row(r, 0.0, 0.0, r, f.at.0, f.at.1),
        // Lying: a quarter turn clockwise, head to the right.
        Pose::Lying => Transform::from_row(0.0, r, -r, 0.0, f.at.0, f.at.1),
    };
    let shapes = silhouette(f.badge);
    let halo = stroke(0.36, LineCap::Round);
    let ink = stroke(0.16, LineCap::Round);
    for path in &shapes {
        pixmap.stroke_path(path, &paint(HALO), &halo, ts, None);
    }
    for path in &shapes {
        pixmap.stroke_path(path, &paint(colour::INK), &ink, ts, None);
    }
    for (i, path) in shapes.iter().enumerate() {
        // The hat (after the body and head) is black with a gold band.
        let fill = if i >= 2 { colour::INK } else { f.colour };
        pixmap.fill_path(path, &paint(fill), FillRule::Winding, ts, None);
    }
    match f.badge {
        Badge::Hat => {
            if let Some(band) = rect(-0.26, -1.0, 0.52, 0.1) {
                pixmap.fill_path(&band, &paint(GOLD), FillRule::Winding, ts, None);
            }
        }
        Badge::Diamond => {
            let mut d = PathBuilder::new();
            d.move_to(0.0, -0.2);
            d.line_to(0.22, 0.1);
            d.line_to(0.0, 0.4);
            d.line_to(-0.22, 0.1);
            d.close();
            if let Some(d) = d.finish() {
                pixmap.fill_path(&d, &paint(HALO), FillRule::Winding, ts, None);
            }
        }
        Badge::None => {}
    }
}

/// The big top: a striped tent with a flag, standing over the circus.
pub fn big_top(pixmap: &mut Pixmap, at: (f32, f32), size: f32) {
    let r = size / 2.0;
    let ts = Transform::from_row(r, 0.0, 0.0, r, at.0, at.1);
    let mut tent = PathBuilder::new();
    tent.move_to(-1.0, 0.8);
    tent.quad_to(-0.7, -0.05, 0.0, -0.55);
    tent.quad_to(0.7, -0.05, 1.0, 0.8);
    tent.close();
    let Some(tent) = tent.finish() else { return };
    pixmap.stroke_path(&tent, &paint(HALO), &stroke(0.3, LineCap::Round), ts, None);
    pixmap.fill_path(&tent, &paint(colour::WHITE), FillRule::Winding, ts, None);
    // Red stripes fanning from the top, clipped to the tent by shape.
    for k in [-3.0f32, -1.0, 1.0, 3.0] {
        let mut s = PathBuilder::new();
        s.move_to(0.0, -0.55);
        s.line_to(k * 0.2 - 0.1, 0.8);
        s.line_to(k * 0.2 + 0.1, 0.8);
        s.close();
        if let Some(s) = s.finish() {
            pixmap.fill_path(&s, &paint(TENT_RED), FillRule::Winding, ts, None);
        }
    }
    pixmap.stroke_path(
        &tent,
        &paint(colour::INK),
        &stroke(0.12, LineCap::Round),
        ts,
        None,
    );
    // Door, pole and flag.
    if let Some(door) = {
        let mut d = PathBuilder::new();
        d.move_to(-0.2, 0.8);
        d.quad_to(0.0, 0.2, 0.2, 0.8);
        d.close();
        d.finish()
    } {
        pixmap.fill_path(&door, &paint(colour::INK), FillRule::Winding, ts, None);
    }
    line(pixmap, &[(0.0, -0.55), (0.0, -1.0)], 0.1, colour::INK, ts);
    let mut flag = PathBuilder::new();
    flag.move_to(0.0, -1.0);
    flag.line_to(0.45, -0.86);
    flag.line_to(0.0, -0.72);
    flag.close();
    if let Some(flag) = flag.finish() {
        pixmap.fill_path(&flag, &paint(GOLD), FillRule::Winding, ts, None);
        pixmap.stroke_path(
            &flag,
            &paint(colour::INK),
            &stroke(0.06, LineCap::Round),
            ts,
            None,
        );
    }
}

/// The 3×3 square the big top scores: a dashed gold frame.
pub fn big_top_reach(pixmap: &mut Pixmap, rect_px: Rect, tile: f32) {
    let width = (tile * 0.04).max(1.5);
    let Some(dash) = StrokeDash::new(vec![tile * 0.16, tile * 0.1], 0.0) else {
        return;
    };
    let mut s = stroke(width, LineCap::Butt);
    s.dash = Some(dash);
    let path = PathBuilder::from_rect(rect_px);
    pixmap.stroke_path(&path, &paint(GOLD), &s, Transform::identity(), None);
}

/// An open square some tile can still fill: a faint dotted outline.
pub fn open_square(pixmap: &mut Pixmap, square: Rect, tile: f32) {
    let inset = tile * 0.06;
    let Some(r) = Rect::from_ltrb(
        square.left() + inset,
        square.top() + inset,
        square.right() - inset,
        square.bottom() - inset,
    ) else {
        return;
    };
    let Some(dash) = StrokeDash::new(vec![tile * 0.03, tile * 0.06], 0.0) else {
        return;
    };
    let mut s = stroke((tile * 0.025).max(1.0), LineCap::Round);
    s.dash = Some(dash);
    let mut ink = paint(colour::INK);
    ink.shader = tiny_skia::Shader::SolidColor(tiny_skia::Color::from_rgba8(58, 50, 44, 110));
    pixmap.stroke_path(
        &PathBuilder::from_rect(r),
        &ink,
        &s,
        Transform::identity(),
        None,
    );
}

/// An open square no tile can fill: red hatching, a red frame and a bold ×.
pub fn dead_square(pixmap: &mut Pixmap, square: Rect, tile: f32) {
    let inset = tile * 0.04;
    let Some(r) = Rect::from_ltrb(
        square.left() + inset,
        square.top() + inset,
        square.right() - inset,
        square.bottom() - inset,
    ) else {
        return;
    };
    let mut wash = paint(DEAD);
    wash.shader = tiny_skia::Shader::SolidColor(tiny_skia::Color::from_rgba8(200, 24, 24, 36));
    pixmap.fill_rect(r, &wash, Transform::identity(), None);
    if let Some(mut clip) = tiny_skia::Mask::new(pixmap.width(), pixmap.height()) {
        clip.fill_path(
            &PathBuilder::from_rect(r),
            FillRule::Winding,
            false,
            Transform::identity(),
        );
        let mut hatch = PathBuilder::new();
        let step = tile / 8.0;
        let mut k = -r.height();
        while k < r.width() {
            hatch.move_to(r.left() + k, r.bottom());
            hatch.line_to(r.left() + k + r.height(), r.top());
            k += step;
        }
        if let Some(hatch) = hatch.finish() {
            let mut light = paint(DEAD);
            light.shader =
                tiny_skia::Shader::SolidColor(tiny_skia::Color::from_rgba8(200, 24, 24, 110));
            pixmap.stroke_path(
                &hatch,
                &light,
                &stroke((tile * 0.02).max(1.0), LineCap::Butt),
                Transform::identity(),
                Some(&clip),
            );
        }
    }
    pixmap.stroke_path(
        &PathBuilder::from_rect(r),
        &paint(DEAD),
        &stroke((tile * 0.04).max(1.5), LineCap::Butt),
        Transform::identity(),
        None,
    );
    let (cx, cy) = (r.left() + r.width() / 2.0, r.top() + r.height() / 2.0);
    let a = tile * 0.2;
    let mut cross = PathBuilder::new();
    cross.move_to(cx - a, cy - a);
    cross.line_to(cx + a, cy + a);
    cross.move_to(cx + a, cy - a);
    cross.line_to(cx - a, cy + a);
    if let Some(cross) = cross.finish() {
        pixmap.stroke_path(
            &cross,
            &paint(HALO),
            &stroke((tile * 0.13).max(3.0), LineCap::Round),
            Transform::identity(),
            None,
        );
        pixmap.stroke_path(
            &cross,
            &paint(DEAD_DARK),
            &stroke((tile * 0.08).max(2.0), LineCap::Round),
            Transform::identity(),
            None,
        );
    }
}
