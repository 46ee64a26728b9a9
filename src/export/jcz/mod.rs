//! A JCloisterZone add-on (`.jca`): the expansions given, as JCZ's expansion
//! XML, with an artwork drawn by our renderer in which every feature of every
//! tile has its click shape, all in a zip with one root folder. The format
//! as found in JCZ's client is described in `docs/jcz-export.md`.
//!
//! ```text
//!  wire::TileSet ──model::plan──▶ expansions in JCZ's words (ids, elements, artwork keys)
//!     ──xml──▶ expansions/<id>.xml
//!     ──artwork::draw (parallel)──▶ pictures + shapes ──▶ artwork.json, tiles/<id>.json, images/
//!     ──manifest──▶ jcz-addon.json ──archive──▶ zip bytes      (sheet: the shapes, for looking)
//! ```

mod archive;
mod artwork;
mod manifest;
mod model;
pub mod names;
mod sheet;
mod xml;

pub use super::ExportError;
pub use manifest::MINIMUM_JCZ_VERSION;

use std::fmt;

use crate::emit::wire::TileSet;

/// Why no add-on could be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JczError {
    /// The tile set cannot be played in JCZ as asked: a tile using something
    /// JCZ lacks (named), a requirement JCZ cannot meet, nothing left to export.
    Input(String),
    /// The request is wrong (a bad id, an unknown expansion) or a tile cannot
    /// be drawn.
    Usage(String),
}

impl fmt::Display for JczError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JczError::Input(m) | JczError::Usage(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for JczError {}

impl From<ExportError> for JczError {
    fn from(e: ExportError) -> JczError {
        JczError::Usage(e.0)
    }
}

/// The tile size of JCZ's artworks (its `BASE_SIZE`): pictures are drawn at
/// this size and shapes are given in its pixels.
pub const TILE_SIZE: u32 = 900;

/// What to export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The add-on's id: its root folder (the file's stem).
    pub id: String,
    /// Its title; `None` for the exported expansions' names.
    pub title: Option<String>,
    /// Its version, a positive integer.
    pub version: u32,
    /// Only these expansions (default: those JCZ does not ship, or all).
    pub expansions: Option<Vec<String>>,
    /// Leave out the tiles JCZ cannot play instead of failing.
    pub skip_unplayable: bool,
    /// Also draw the shapes sheet.
    pub shapes_sheet: bool,
    /// Edge of a tile picture in pixels.
    pub tile_size: u32,
}

impl Options {
    /// Defaults for an add-on id.
    #[must_use]
    pub fn new(id: &str) -> Options {
        Options {
            id: id.to_string(),
            title: None,
            version: 1,
            expansions: None,
            skip_unplayable: false,
            shapes_sheet: false,
            tile_size: TILE_SIZE,
        }
    }
}

/// A finished add-on.
#[derive(Debug)]
pub struct AddOn {
    /// The `.jca` file's bytes.
    pub bytes: Vec<u8>,
    /// The exported expansions' ids.
    pub expansions: Vec<String>,
    /// Tile kinds exported.
    pub tiles: usize,
    /// Tiles left out, each with why.
    pub left_out: Vec<String>,
    /// The shapes sheet's PNG bytes, when asked for.
    pub sheet: Option<Vec<u8>>,
}

/// Whether an add-on id can be a folder name everywhere.
fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id != "."
        && id != ".."
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
}

/// Builds the add-on.
///
/// # Errors
/// A bad id or version, an unknown expansion asked for, a required expansion
/// that is neither exported nor JCZ's, a tile JCZ cannot play (named, with
/// the kind or attribute), nothing to export, a tile that cannot be drawn.
pub fn jcz(set: &TileSet, options: &Options) -> Result<AddOn, JczError> {
    jcz_with(set, options, &crate::progress::Silent)
}

/// [`jcz`], reporting each tile drawn to `progress`.
///
/// # Errors
/// As [`jcz`].
pub fn jcz_with(
    set: &TileSet,
    options: &Options,
    progress: &dyn crate::progress::Progress,
) -> Result<AddOn, JczError> {
    if !valid_id(&options.id) {
        return Err(JczError::Usage(format!(
            "`{}` cannot be an add-on id: use letters, digits, - _ and . (at most 64)",
            options.id
        )));
    }
    if options.version == 0 {
        return Err(JczError::Usage(
            "an add-on version is a positive integer".into(),
        ));
    }
    let plan = model::plan(set, options.expansions.as_deref(), options.skip_unplayable)?;
    let drawn = artwork::draw(set, &plan.expansions, options.tile_size, progress)?;
    let stems = crate::render::image_stems(set);
    let title = options.title.clone().unwrap_or_else(|| {
        let names: Vec<&str> = plan.expansions.iter().map(|e| e.title.as_str()).collect();
        names.join(", ")
    });
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut xml_files = Vec::new();
    for e in &plan.expansions {
        let path = format!("expansions/{}.xml", e.id);
        files.push((path.clone(), xml::expansion_file(e).into_bytes()));
        xml_files.push(path);
    }
    let json = |v: &serde_json::Value| serde_json::to_vec_pretty(v).unwrap_or_default();
    let manifest = manifest::manifest(&title, options.version, &xml_files, artwork::FOLDER);
    files.insert(0, ("jcz-addon.json".to_string(), json(&manifest)));
    let art = artwork::FOLDER;
    files.push((
        format!("{art}/artwork.json"),
        json(&artwork::artwork_json(
            &title,
            &plan.expansions,
            options.tile_size,
        )),
    ));
    let first = plan.expansions.first().and_then(|e| e.tiles.first());
    if let Some(t) = first {
        let icon = crate::render::tile_png(&set.tiles[t.index], &set.vocabulary, 0, 128)
            .map_err(|e| ExportError(e.to_string()))?;
        files.push((format!("{art}/icon.png"), icon));
    }
    for (e, pictures) in plan.expansions.iter().zip(&drawn) {
        let tile_stems: Vec<String> = e.tiles.iter().map(|t| stems[t.index].clone()).collect();
        files.push((
            format!("{art}/{}", artwork::tiles_file(e)),
            json(&artwork::tiles_json(e, pictures, &tile_stems)),
        ));
        for (d, stem) in pictures.iter().zip(&tile_stems) {
            files.push((
                format!("{art}/{}", artwork::image_file(e, stem)),
                d.png.clone(),
            ));
        }
    }
    let bytes = archive::zip(&options.id, &files)?;
    let sheet = if options.shapes_sheet {
        Some(shapes_sheet(set, &plan, &drawn)?)
    } else {
        None
    };
    Ok(AddOn {
        bytes,
        expansions: plan.expansions.iter().map(|e| e.id.clone()).collect(),
        tiles: plan.expansions.iter().map(|e| e.tiles.len()).sum(),
        left_out: plan.left_out.iter().map(|(_, why)| why.clone()).collect(),
        sheet,
    })
}

/// The shapes sheet of the exported tiles, then of those left out.
fn shapes_sheet(
    set: &TileSet,
    plan: &model::Plan,
    drawn: &[Vec<artwork::Drawn>],
) -> Result<Vec<u8>, ExportError> {
    let picture = |index: usize| {
        crate::render::tile_pixmap(&set.tiles[index], &set.vocabulary, 0, sheet::TILE)
            .map_err(|e| ExportError(e.to_string()))
    };
    let mut left: Vec<Vec<(String, crate::render::FeatureShape)>> = Vec::new();
    for (index, _) in &plan.left_out {
        let tile = &set.tiles[*index];
        let shapes = crate::render::feature_shapes(tile, &set.vocabulary)
            .map_err(|e| ExportError(e.to_string()))?;
        left.push(
            shapes
                .into_iter()
                .map(|s| (tile.features[s.feature].kind.clone(), s))
                .collect(),
        );
    }
    let mut cells = Vec::new();
    for (e, pictures) in plan.expansions.iter().zip(drawn) {
        for (t, d) in e.tiles.iter().zip(pictures) {
            cells.push(sheet::Cell {
                picture: picture(t.index)?,
                caption: t.id.clone(),
                shapes: &d.shapes,
                left_out: false,
            });
        }
    }
    for ((index, _), shapes) in plan.left_out.iter().zip(&left) {
        cells.push(sheet::Cell {
            picture: picture(*index)?,
            caption: format!("{} (left out)", set.tiles[*index].id),
            shapes,
            left_out: true,
        });
    }
    sheet::sheet(&cells)
}
