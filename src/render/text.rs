//! Text for the contact sheets, in DejaVu Sans (embedded by the `dejavu`
//! crate; Bitstream Vera licence with DejaVu's public-domain changes, see the
//! README), laid out on one line with kerning and rasterised by `ab_glyph`.

use std::sync::OnceLock;

use ab_glyph::{point, Font, FontRef, PxScale, ScaleFont};
use tiny_skia::{ColorU8, Pixmap};

/// The two faces the sheets use.
#[derive(Debug)]
pub struct Fonts {
    /// DejaVu Sans.
    pub regular: FontRef<'static>,
    /// DejaVu Sans Bold.
    pub bold: FontRef<'static>,
}

/// The embedded fonts, parsed once.
pub fn fonts() -> Result<&'static Fonts, String> {
    static FONTS: OnceLock<Option<Fonts>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            Some(Fonts {
                regular: FontRef::try_from_slice(dejavu::sans::regular()).ok()?,
                bold: FontRef::try_from_slice(dejavu::sans::bold()).ok()?,
            })
        })
        .as_ref()
        .ok_or_else(|| "the embedded font cannot be read".to_string())
}

/// The advance width of `text` at `px` pixels.
pub fn width(font: &FontRef<'static>, px: f32, text: &str) -> f32 {
    let scaled = font.as_scaled(PxScale::from(px));
    let mut w = 0.0;
    let mut previous = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(prev) = previous {
            w += scaled.kern(prev, id);
        }
        w += scaled.h_advance(id);
        previous = Some(id);
    }
    w
}

/// The distance from the top of a line to its baseline at `px` pixels.
pub fn ascent(font: &FontRef<'static>, px: f32) -> f32 {
    font.as_scaled(PxScale::from(px)).ascent()
}

/// Draws `text` with its baseline starting at `(x, baseline)`; returns the
/// advance.
pub fn draw(
    pixmap: &mut Pixmap,
    font: &FontRef<'static>,
    px: f32,
    (x, baseline): (f32, f32),
    text: &str,
    ink: ColorU8,
) -> f32 {
    let scaled = font.as_scaled(PxScale::from(px));
    let (w, h) = (pixmap.width(), pixmap.height());
    let mut pen = x;
    let mut previous = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(prev) = previous {
            pen += scaled.kern(prev, id);
        }
        let glyph = id.with_scale_and_position(px, point(pen, baseline));
        if let Some(outline) = font.outline_glyph(glyph) {
            let bounds = outline.px_bounds();
            let pixels = pixmap.pixels_mut();
            outline.draw(|gx, gy, coverage| {
                #[allow(clippy::cast_possible_truncation)]
                let (px_x, px_y) = (
                    bounds.min.x as i64 + i64::from(gx),
                    bounds.min.y as i64 + i64::from(gy),
                );
                if px_x < 0 || px_y < 0 || px_x >= i64::from(w) || px_y >= i64::from(h) {
                    return;
                }
                #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
                let i = (px_y as usize) * (w as usize) + px_x as usize;
                let dst = pixels[i].demultiply();
                let a = coverage.clamp(0.0, 1.0);
                let mix = |d: u8, s: u8| {
                    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                    let v = (f32::from(s) * a + f32::from(d) * (1.0 - a)).round() as u8;
                    v
                };
                pixels[i] = tiny_skia::ColorU8::from_rgba(
                    mix(dst.red(), ink.red()),
                    mix(dst.green(), ink.green()),
                    mix(dst.blue(), ink.blue()),
                    255,
                )
                .premultiply();
            });
        }
        pen += scaled.h_advance(id);
        previous = Some(id);
    }
    pen - x
}

/// `text` cut to at most `max` pixels wide at `px` pixels, ending in `…`
/// when cut (empty when not even that fits). Long text costs a binary search,
/// not a glyph per pixel of an unbounded image.
pub fn fit(font: &FontRef<'static>, px: f32, text: &str, max: f32) -> String {
    if width(font, px, text) <= max {
        return text.to_string();
    }
    let ends: Vec<usize> = text.char_indices().map(|(i, c)| i + c.len_utf8()).collect();
    let fits = |n: usize| {
        let prefix = if n == 0 { "" } else { &text[..ends[n - 1]] };
        width(font, px, &format!("{prefix}…")) <= max
    };
    // The largest n with fits(n); fits(0) may be false.
    let (mut lo, mut hi) = (0, ends.len());
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    if lo == 0 && !fits(0) {
        return String::new();
    }
    let prefix = if lo == 0 { "" } else { &text[..ends[lo - 1]] };
    format!("{}…", prefix.trim_end())
}
