//! The tile pictures of a document: each kind drawn once at print resolution,
//! in parallel, as deflated RGB samples ready to embed.

use std::collections::BTreeMap;
use std::io::Write;

use rayon::prelude::*;

use super::layout::Page;
use super::ExportError;
use crate::emit::wire::TileSet;
use crate::progress::Progress;
use crate::render;

/// One embedded picture.
pub struct Picture {
    /// Edge in pixels.
    pub size: u32,
    /// RGB samples, zlib-compressed.
    pub deflated: Vec<u8>,
}

/// Pixels across a tile of `tile_mm` at `dpi`, within the renderer's limits.
#[must_use]
pub fn pixels(tile_mm: f32, dpi: u32) -> u32 {
    #[allow(clippy::cast_precision_loss)]
    let exact = tile_mm / 25.4 * dpi as f32;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let px = exact.round() as u32;
    px.clamp(render::MIN_SIZE, render::MAX_SIZE)
}

/// The pictures of every tile kind the pages show, by wire tile index; each
/// one drawn is a step of `progress`.
///
/// # Errors
/// A tile that cannot be drawn, named.
pub fn render(
    set: &TileSet,
    pages: &[Page],
    size: u32,
    progress: &dyn Progress,
) -> Result<BTreeMap<usize, Picture>, ExportError> {
    let mut used: Vec<usize> = pages
        .iter()
        .flat_map(|p| match p {
            Page::Cover { kinds, .. } => kinds.clone(),
            Page::Fronts { cells, .. } => cells.iter().map(|c| c.0).collect(),
            Page::Backs { .. } => Vec::new(),
        })
        .collect();
    used.sort_unstable();
    used.dedup();
    progress.start(used.len() as u64);
    used.par_iter()
        .map(|&i| {
            let tile = &set.tiles[i];
            let pixmap = render::tile_pixmap(tile, &set.vocabulary, 0, size)
                .map_err(|e| ExportError(e.to_string()))?;
            let mut rgb = Vec::with_capacity(pixmap.data().len() / 4 * 3);
            for px in pixmap.pixels() {
                let c = px.demultiply();
                rgb.extend_from_slice(&[c.red(), c.green(), c.blue()]);
            }
            let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(6));
            let deflated = z.write_all(&rgb).and_then(|()| z.finish());
            progress.advance(1);
            deflated
                .map(|deflated| (i, Picture { size, deflated }))
                .map_err(|e| ExportError(format!("cannot compress tile `{}`: {e}", tile.id)))
        })
        .collect()
}
