//! PNG encoding of an opaque pixmap: 8-bit RGB, no metadata, so the bytes
//! depend on the pixels alone. Tile images use the fastest good deflate (there
//! are many); sheets, few and large, a stronger one that halves their size.

use tiny_skia::Pixmap;

/// Encodes the pixmap as an RGB PNG file (alpha is dropped: tiles and sheets
/// are opaque).
///
/// # Errors
/// The encoder's message, should it fail.
pub fn encode(pixmap: &Pixmap) -> Result<Vec<u8>, String> {
    encode_with(pixmap, png::Compression::Fast)
}

/// Encodes a contact sheet: slower, smaller.
pub fn encode_sheet(pixmap: &Pixmap) -> Result<Vec<u8>, String> {
    encode_with(pixmap, png::Compression::Balanced)
}

fn encode_with(pixmap: &Pixmap, compression: png::Compression) -> Result<Vec<u8>, String> {
    let mut rgb = Vec::with_capacity(pixmap.pixels().len() * 3);
    for px in pixmap.pixels() {
        let c = px.demultiply();
        rgb.extend_from_slice(&[c.red(), c.green(), c.blue()]);
    }
    let mut out = Vec::with_capacity(rgb.len() / 4);
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(compression);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(&rgb).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

/// Decodes a PNG into an opaque pixmap (for comparing with golden images).
///
/// # Errors
/// A message when the data is not an 8-bit RGB or RGBA PNG.
pub fn decode(data: &[u8]) -> Result<Pixmap, String> {
    let decoder = png::Decoder::new(std::io::Cursor::new(data));
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| "the image is too large".to_string())?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    let channels = match (info.color_type, info.bit_depth) {
        (png::ColorType::Rgb, png::BitDepth::Eight) => 3,
        (png::ColorType::Rgba, png::BitDepth::Eight) => 4,
        other => return Err(format!("unsupported PNG pixel format {other:?}")),
    };
    let mut pixmap = Pixmap::new(info.width, info.height)
        .ok_or_else(|| "the image has no pixels".to_string())?;
    for (dst, src) in pixmap
        .pixels_mut()
        .iter_mut()
        .zip(buf[..info.buffer_size()].chunks_exact(channels))
    {
        let a = if channels == 4 { src[3] } else { 255 };
        *dst = tiny_skia::ColorU8::from_rgba(src[0], src[1], src[2], a).premultiply();
    }
    Ok(pixmap)
}
