//! Image files of an opaque pixmap, through the `image` crate: PNG (8-bit
//! RGB, no metadata, so the bytes depend on the pixels alone), lossless WebP
//! and JPEG. Tile images use the fastest good deflate (there are many);
//! sheets, few and large, a stronger one that halves their size.

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::codecs::webp::WebPEncoder;
use image::{ExtendedColorType, ImageEncoder, ImageFormat};
use tiny_skia::Pixmap;

/// The quality of JPEG images, 1 to 100.
pub const JPEG_QUALITY: u8 = 90;

/// A file format for tile and sheet images.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// PNG, lossless: the default, and what `build` writes.
    #[default]
    Png,
    /// WebP, lossless (VP8L).
    Webp,
    /// JPEG at [`JPEG_QUALITY`]: small, lossy.
    Jpeg,
}

impl Format {
    /// The file name extension, without the dot.
    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Webp => "webp",
            Format::Jpeg => "jpg",
        }
    }

    /// The media type, for HTTP.
    #[must_use]
    pub fn media_type(self) -> &'static str {
        match self {
            Format::Png => "image/png",
            Format::Webp => "image/webp",
            Format::Jpeg => "image/jpeg",
        }
    }
}

/// How hard to compress: tiles are many, sheets few and large.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    /// Tile images.
    Fast,
    /// Contact sheets and boards.
    Small,
}

/// Encodes the pixmap as a PNG tile image (alpha is dropped: tiles and
/// sheets are opaque).
///
/// # Errors
/// The encoder's message, should it fail.
pub fn encode(pixmap: &Pixmap) -> Result<Vec<u8>, String> {
    encode_as(pixmap, Format::Png, Effort::Fast)
}

/// Encodes a contact sheet as PNG: slower, smaller.
///
/// # Errors
/// As [`encode`].
pub fn encode_sheet(pixmap: &Pixmap) -> Result<Vec<u8>, String> {
    encode_as(pixmap, Format::Png, Effort::Small)
}

/// Encodes the pixmap in a format, dropping alpha.
///
/// # Errors
/// The encoder's message, should it fail.
pub fn encode_as(pixmap: &Pixmap, format: Format, effort: Effort) -> Result<Vec<u8>, String> {
    let rgb = rgb(pixmap);
    let (width, height) = (pixmap.width(), pixmap.height());
    let mut out = Vec::with_capacity(rgb.len() / 4);
    let colour = ExtendedColorType::Rgb8;
    let written = match format {
        Format::Png => {
            let compression = match effort {
                Effort::Fast => CompressionType::Fast,
                Effort::Small => CompressionType::Default,
            };
            PngEncoder::new_with_quality(&mut out, compression, FilterType::Adaptive)
                .write_image(&rgb, width, height, colour)
        }
        Format::Webp => {
            WebPEncoder::new_lossless(&mut out).write_image(&rgb, width, height, colour)
        }
        Format::Jpeg => JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)
            .write_image(&rgb, width, height, colour),
    };
    written.map_err(|e| e.to_string())?;
    Ok(out)
}

/// The pixmap's colours as 8-bit RGB samples.
fn rgb(pixmap: &Pixmap) -> Vec<u8> {
    let mut rgb = Vec::with_capacity(pixmap.pixels().len() * 3);
    for px in pixmap.pixels() {
        let c = px.demultiply();
        rgb.extend_from_slice(&[c.red(), c.green(), c.blue()]);
    }
    rgb
}

/// Decodes a PNG into an opaque pixmap (for comparing with golden images).
///
/// # Errors
/// A message when the data is not a PNG.
pub fn decode(data: &[u8]) -> Result<Pixmap, String> {
    decode_as(data, Format::Png)
}

/// Decodes an image of a format into a pixmap.
///
/// # Errors
/// A message when the data is not an image of that format.
pub fn decode_as(data: &[u8], format: Format) -> Result<Pixmap, String> {
    let format = match format {
        Format::Png => ImageFormat::Png,
        Format::Webp => ImageFormat::WebP,
        Format::Jpeg => ImageFormat::Jpeg,
    };
    let image = image::load_from_memory_with_format(data, format)
        .map_err(|e| e.to_string())?
        .into_rgba8();
    let mut pixmap = Pixmap::new(image.width(), image.height())
        .ok_or_else(|| "the image has no pixels".to_string())?;
    for (dst, src) in pixmap.pixels_mut().iter_mut().zip(image.pixels()) {
        let [r, g, b, a] = src.0;
        *dst = tiny_skia::ColorU8::from_rgba(r, g, b, a).premultiply();
    }
    Ok(pixmap)
}
