//! Drawing primitives for the simulation charts: a white canvas, filled and
//! outlined rectangles, lines, text set in the renderer's DejaVu Sans
//! ([`crate::render::text`]), and axes with "nice" tick steps. Integer pixel
//! positions and no clock: the same summary draws the same bytes.

use tiny_skia::{ColorU8, LineCap, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

use crate::render::text::{self, Fonts};

/// Near-black for text and axes.
pub const INK: ColorU8 = rgb(40, 40, 46);
/// Secondary text.
pub const GREY: ColorU8 = rgb(105, 105, 115);
/// Grid lines.
pub const GRID: ColorU8 = rgb(226, 226, 232);
/// The page.
pub const PAPER: ColorU8 = rgb(255, 255, 255);

/// An opaque colour.
pub const fn rgb(r: u8, g: u8, b: u8) -> ColorU8 {
    ColorU8::from_rgba(r, g, b, 255)
}

/// Where text goes relative to its anchor point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// The anchor is the text's left end.
    Left,
    /// The anchor is its middle.
    Centre,
    /// The anchor is its right end.
    Right,
}

/// A chart being drawn.
pub struct Canvas {
    pixmap: Pixmap,
    fonts: &'static Fonts,
}

impl Canvas {
    /// A white canvas.
    pub fn new(width: u32, height: u32) -> Result<Canvas, String> {
        let fonts = text::fonts()?;
        let mut pixmap =
            Pixmap::new(width, height).ok_or_else(|| "the chart would be empty".to_string())?;
        pixmap.fill(color(PAPER));
        Ok(Canvas { pixmap, fonts })
    }

    /// The PNG bytes.
    pub fn png(&self) -> Result<Vec<u8>, String> {
        crate::render::encode_png(&self.pixmap)
    }

    /// A filled rectangle (nothing when it has no area).
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, ink: ColorU8) {
        if let Some(r) = Rect::from_xywh(x, y, w, h) {
            self.pixmap
                .fill_rect(r, &paint(ink), Transform::identity(), None);
        }
    }

    /// A straight line.
    pub fn line(&mut self, (x0, y0): (f32, f32), (x1, y1): (f32, f32), width: f32, ink: ColorU8) {
        self.polyline(&[(x0, y0), (x1, y1)], width, ink);
    }

    /// Connected straight lines.
    pub fn polyline(&mut self, points: &[(f32, f32)], width: f32, ink: ColorU8) {
        let mut path = PathBuilder::new();
        let Some(&(x, y)) = points.first() else {
            return;
        };
        path.move_to(x, y);
        for &(x, y) in &points[1..] {
            path.line_to(x, y);
        }
        if let Some(path) = path.finish() {
            let stroke = Stroke {
                width,
                line_cap: LineCap::Butt,
                ..Stroke::default()
            };
            self.pixmap
                .stroke_path(&path, &paint(ink), &stroke, Transform::identity(), None);
        }
    }

    /// Text with its baseline at `y`; returns its width.
    pub fn text(
        &mut self,
        (x, y): (f32, f32),
        px: f32,
        bold: bool,
        align: Align,
        s: &str,
        ink: ColorU8,
    ) -> f32 {
        let font = if bold {
            &self.fonts.bold
        } else {
            &self.fonts.regular
        };
        let w = text::width(font, px, s);
        let left = match align {
            Align::Left => x,
            Align::Centre => x - w / 2.0,
            Align::Right => x - w,
        };
        text::draw(
            &mut self.pixmap,
            font,
            px,
            (left.round(), y.round()),
            s,
            ink,
        );
        w
    }

    /// A small grey label (12 px): tick labels, axis titles, notes.
    pub fn note(&mut self, at: (f32, f32), align: Align, s: &str) {
        self.text(at, 12.0, false, align, s, GREY);
    }

    /// The width of `s` at `px` pixels.
    pub fn width(&self, px: f32, bold: bool, s: &str) -> f32 {
        let font = if bold {
            &self.fonts.bold
        } else {
            &self.fonts.regular
        };
        text::width(font, px, s)
    }
}

fn paint(ink: ColorU8) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(color(ink));
    p.anti_alias = true;
    p
}

fn color(c: ColorU8) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(c.red(), c.green(), c.blue(), c.alpha())
}

/// The tick step for a range: 1, 2 or 5 times a power of ten, giving at
/// most `ticks` intervals.
#[must_use]
pub fn nice_step(range: f64, ticks: u32) -> f64 {
    let raw = (range / f64::from(ticks.max(1))).max(1e-12);
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|&s| s >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * power)
}

/// A tick label: no decimals for whole numbers, else as few as the step needs.
#[must_use]
pub fn tick_label(value: f64, step: f64) -> String {
    let digits = if step >= 1.0 {
        0
    } else {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let d = (-step.log10()).ceil().max(0.0) as usize;
        d
    };
    let s = format!("{value:.digits$}");
    if s.starts_with('-') && s.trim_start_matches(['-', '0', '.']).is_empty() {
        s[1..].to_string()
    } else {
        s
    }
}

/// A plot area in pixels and the data ranges it shows.
#[derive(Clone, Copy, Debug)]
pub struct Axes {
    /// Left edge.
    pub left: f32,
    /// Top edge.
    pub top: f32,
    /// Width.
    pub width: f32,
    /// Height.
    pub height: f32,
    /// Data x at the left and right edges.
    pub x: (f64, f64),
    /// Data y at the bottom and top edges.
    pub y: (f64, f64),
}

impl Axes {
    /// Pixel column of a data x.
    #[allow(clippy::cast_possible_truncation)]
    pub fn px(&self, x: f64) -> f32 {
        let span = (self.x.1 - self.x.0).max(1e-12);
        self.left + ((x - self.x.0) / span) as f32 * self.width
    }

    /// Pixel row of a data y.
    #[allow(clippy::cast_possible_truncation)]
    pub fn py(&self, y: f64) -> f32 {
        let span = (self.y.1 - self.y.0).max(1e-12);
        self.top + self.height - ((y - self.y.0) / span) as f32 * self.height
    }

    /// A vertical bar over data x from `x0` to `x1`, from 0 up to data `y`; a
    /// one-pixel gap separates bars wider than four pixels.
    pub fn column(&self, c: &mut Canvas, x0: f64, x1: f64, y: f64, ink: ColorU8) {
        let (left, right) = (self.px(x0), self.px(x1));
        let top = self.py(y);
        let gap = if right - left > 4.0 { 1.0 } else { 0.0 };
        c.rect(
            left.round(),
            top,
            (right - left).round() - gap,
            self.py(0.0) - top,
            ink,
        );
    }

    /// Horizontal grid lines with y tick labels on the left (`suffix` after
    /// each, e.g. `%`), then the x axis line.
    pub fn y_grid(&self, c: &mut Canvas, ticks: u32, suffix: &str) {
        let step = nice_step(self.y.1 - self.y.0, ticks);
        let mut v = (self.y.0 / step).ceil() * step;
        while v <= self.y.1 + step * 1e-6 {
            let y = self.py(v).round() + 0.5;
            c.line((self.left, y), (self.left + self.width, y), 1.0, GRID);
            let label = format!("{}{suffix}", tick_label(v, step));
            c.note((self.left - 6.0, y + 4.0), Align::Right, &label);
            v += step;
        }
        let base = self.py(self.y.0).round() + 0.5;
        c.line((self.left, base), (self.left + self.width, base), 1.0, INK);
    }

    /// Vertical grid lines with x tick labels below (`suffix` after each).
    pub fn x_grid(&self, c: &mut Canvas, ticks: u32, suffix: &str) {
        let step = nice_step(self.x.1 - self.x.0, ticks);
        let mut v = (self.x.0 / step).ceil() * step;
        let bottom = self.top + self.height;
        while v <= self.x.1 + step * 1e-6 {
            let x = self.px(v).round() + 0.5;
            c.line((x, self.top), (x, bottom), 1.0, GRID);
            let label = format!("{}{suffix}", tick_label(v, step));
            c.note((x, bottom + 16.0), Align::Centre, &label);
            v += step;
        }
    }

    /// Tick labels under the x axis, at whole multiples of a nice step, with
    /// short tick marks (for bar charts whose bars are the grid).
    pub fn x_ticks(&self, c: &mut Canvas, ticks: u32) {
        let step = nice_step(self.x.1 - self.x.0, ticks).max(1.0);
        let mut v = (self.x.0 / step).ceil() * step;
        let bottom = self.top + self.height;
        while v <= self.x.1 + 1e-6 {
            let x = self.px(v).round() + 0.5;
            c.line((x, bottom), (x, bottom + 4.0), 1.0, INK);
            c.note((x, bottom + 17.0), Align::Centre, &tick_label(v, step));
            v += step;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{nice_step, tick_label};

    #[test]
    fn steps_are_one_two_or_five_times_a_power_of_ten() {
        assert!((nice_step(100.0, 5) - 20.0).abs() < 1e-9);
        assert!((nice_step(7.0, 5) - 2.0).abs() < 1e-9);
        assert!((nice_step(0.3, 4) - 0.1).abs() < 1e-9);
        assert!((nice_step(50.0, 5) - 10.0).abs() < 1e-9);
    }

    #[test]
    fn tick_labels_show_the_step_s_digits() {
        assert_eq!(tick_label(20.0, 10.0), "20");
        assert_eq!(tick_label(0.25, 0.05), "0.25");
        assert_eq!(tick_label(-0.0, 0.1), "0.0");
    }
}
