//! Print-and-play sheets: every copy of every tile at its real size (45 mm by
//! default) on A4 or US Letter, with thin cut lines and crop marks, a cover page
//! per expansion listing its tiles and counts, and optionally a page of backs
//! behind every page of fronts. Each tile kind is drawn once, at print
//! resolution, and placed as often as the box holds it.
//!
//! ```text
//!  wire::TileSet ──layout::plan──▶ pages ──images (parallel)──▶ write ──▶ PDF bytes
//! ```

mod images;
pub mod layout;
mod write;

pub use super::ExportError;
use crate::emit::wire::TileSet;
pub use layout::{Options, Page, Paper};

/// The most copies one document prints (some 4,200 A4 pages of 45 mm
/// tiles): the page plan and the PDF are held in memory, about 150 bytes a
/// copy, so 10⁹ copies are refused before anything is laid out.
pub const MAX_COPIES: u64 = 100_000;

/// A finished document.
#[derive(Debug)]
pub struct Document {
    /// The PDF file's bytes.
    pub bytes: Vec<u8>,
    /// The plan it follows, page by page.
    pub pages: Vec<Page>,
}

/// Lays out and writes the document.
///
/// # Errors
/// A tile size or resolution out of range, paper too small for one tile, more
/// than [`MAX_COPIES`] copies, no tiles to print (or an unknown expansion asked for), or a tile that cannot
/// be drawn (named).
pub fn pdf(set: &TileSet, options: &Options) -> Result<Document, ExportError> {
    pdf_with(set, options, &crate::progress::Silent)
}

/// [`pdf`], reporting each tile kind drawn to `progress`.
///
/// # Errors
/// As [`pdf`].
pub fn pdf_with(
    set: &TileSet,
    options: &Options,
    progress: &dyn crate::progress::Progress,
) -> Result<Document, ExportError> {
    let (lo, hi) = layout::TILE_MM_RANGE;
    if !(lo..=hi).contains(&options.tile_mm) {
        return Err(ExportError(format!(
            "a tile of {} mm is outside {lo}..={hi} mm",
            options.tile_mm
        )));
    }
    if !(72..=600).contains(&options.dpi) {
        return Err(ExportError(format!(
            "a resolution of {} dpi is outside 72..=600",
            options.dpi
        )));
    }
    if let Some(wanted) = &options.expansions {
        if let Some(unknown) = wanted
            .iter()
            .find(|w| !set.expansions.iter().any(|e| &e.id == *w))
        {
            let all: Vec<&str> = set.expansions.iter().map(|e| e.id.as_str()).collect();
            return Err(ExportError(format!(
                "unknown expansion `{unknown}` (the tile set has: {})",
                all.join(", ")
            )));
        }
    }
    let grid = layout::Grid::new(options.paper, options.tile_mm).ok_or_else(|| {
        ExportError(format!(
            "a tile of {} mm does not fit on the paper inside its margins",
            options.tile_mm
        ))
    })?;
    let copies: u64 = set
        .tiles
        .iter()
        .filter(|t| {
            options
                .expansions
                .as_ref()
                .is_none_or(|w| w.contains(&t.expansion))
        })
        .map(|t| u64::from(t.count))
        .sum();
    if copies > MAX_COPIES {
        return Err(ExportError(format!(
            "the tiles to print have {copies} copies; a document holds at most {MAX_COPIES} \
             (pick expansions with --expansions)"
        )));
    }
    let pages = layout::plan(set, options, &grid);
    if pages.is_empty() {
        return Err(ExportError("there are no tiles to print".to_string()));
    }
    let pixels = images::pixels(options.tile_mm, options.dpi);
    let pictures = images::render(set, &pages, pixels, progress)?;
    let bytes = write::document(set, options, &grid, &pages, &pictures);
    Ok(Document { bytes, pages })
}
