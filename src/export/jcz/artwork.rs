//! The artwork: `artwork.json` (title, icon, `perspective: rotate`, the tile
//! size, the files listing tiles), one tile file per expansion mapping each
//! tile id to its picture and to every feature's click shape (`clip`, an SVG
//! path in the tile's pixels) and figure point, and the pictures themselves,
//! drawn by our renderer at the artwork's tile size. Tiles are drawn in
//! parallel; the result does not depend on how.

use rayon::prelude::*;
use serde_json::{json, Map, Value};
use tiny_skia::{Path, PathSegment};

use super::model::{JczExpansion, JczTile};
use super::ExportError;
use crate::emit::wire::TileSet;
use crate::progress::Progress;
use crate::render::{self, FeatureShape};

/// The folder of the artwork inside the add-on.
pub const FOLDER: &str = "artwork";

/// One tile's picture and shapes, keyed for the artwork.
#[derive(Clone, Debug)]
pub struct Drawn {
    /// The PNG file's bytes.
    pub png: Vec<u8>,
    /// `(artwork key, SVG path, point)` per feature, in the tile's pixels.
    pub features: Vec<(String, String, [f32; 2])>,
    /// The shapes in unit coordinates, for the shapes sheet.
    pub shapes: Vec<(String, FeatureShape)>,
}

/// Draws every tile of the plan: picture and shapes; each tile is a step of
/// `progress`.
///
/// # Errors
/// A tile that cannot be drawn (named), or a feature without a shape.
pub fn draw(
    set: &TileSet,
    expansions: &[JczExpansion],
    size: u32,
    progress: &dyn Progress,
) -> Result<Vec<Vec<Drawn>>, ExportError> {
    progress.start(expansions.iter().map(|e| e.tiles.len() as u64).sum());
    expansions
        .iter()
        .map(|e| {
            e.tiles
                .par_iter()
                .map(|t| {
                    let drawn = draw_tile(set, t, size);
                    progress.advance(1);
                    drawn
                })
                .collect()
        })
        .collect()
}

fn draw_tile(set: &TileSet, t: &JczTile, size: u32) -> Result<Drawn, ExportError> {
    let tile = &set.tiles[t.index];
    let png =
        render::tile_png(tile, &set.vocabulary, 0, size).map_err(|e| ExportError(e.to_string()))?;
    let shapes =
        render::feature_shapes(tile, &set.vocabulary).map_err(|e| ExportError(e.to_string()))?;
    #[allow(clippy::cast_precision_loss)]
    let scale = size as f32;
    let mut features = Vec::new();
    let mut keyed = Vec::new();
    for item in &t.items {
        let Some(shape) = shapes.iter().find(|s| s.feature == item.feature) else {
            // Spots that are not elements (a spring, a wind rose) have shapes
            // but no item; an item without a shape is a bug in the geometry.
            return Err(ExportError(format!(
                "tile `{}`: feature {} ({}) has no shape",
                tile.id, item.feature, item.key
            )));
        };
        let point = [round(shape.point.0 * scale), round(shape.point.1 * scale)];
        features.push((item.key.clone(), svg_path(&shape.path, scale), point));
        keyed.push((item.key.clone(), shape.clone()));
    }
    Ok(Drawn {
        png,
        features,
        shapes: keyed,
    })
}

fn round(v: f32) -> f32 {
    (v * 10.0).round() / 10.0
}

/// A path as SVG path data in `0..=scale`, one decimal, no exponents (the
/// client's path grammar takes digits, `.`, `,`, `-` and commands only).
#[must_use]
pub fn svg_path(path: &Path, scale: f32) -> String {
    let n = |v: f32| {
        let v = round((v * scale).clamp(0.0, scale));
        if v.fract() == 0.0 {
            format!("{v:.0}")
        } else {
            format!("{v:.1}")
        }
    };
    let pt = |p: tiny_skia::Point| format!("{} {}", n(p.x), n(p.y));
    let mut d = Vec::new();
    for seg in path.segments() {
        d.push(match seg {
            PathSegment::MoveTo(p) => format!("M{}", pt(p)),
            PathSegment::LineTo(p) => format!("L{}", pt(p)),
            PathSegment::QuadTo(c, p) => format!("Q{} {}", pt(c), pt(p)),
            PathSegment::CubicTo(c1, c2, p) => format!("C{} {} {}", pt(c1), pt(c2), pt(p)),
            PathSegment::Close => "Z".to_string(),
        });
    }
    d.join(" ")
}

/// The file holding one expansion's tiles, relative to the artwork.
#[must_use]
pub fn tiles_file(e: &JczExpansion) -> String {
    format!("tiles/{}.json", e.id)
}

/// A tile picture's file, relative to the artwork.
#[must_use]
pub fn image_file(e: &JczExpansion, stem: &str) -> String {
    format!("images/{}/{stem}.png", e.id)
}

/// `artwork.json`.
#[must_use]
pub fn artwork_json(title: &str, expansions: &[JczExpansion], size: u32) -> Value {
    let names: Vec<&str> = expansions.iter().map(|e| e.title.as_str()).collect();
    json!({
        "title": title,
        "description": format!("Tiles of {}, drawn by tileforge", names.join(", ")),
        "icon": "icon.png",
        "version": 1,
        "perspective": "rotate",
        "tileSize": size,
        "tilesInclude": expansions.iter().map(tiles_file).collect::<Vec<_>>(),
    })
}

/// One expansion's tile file: id → picture and features.
#[must_use]
pub fn tiles_json(e: &JczExpansion, drawn: &[Drawn], stems: &[String]) -> Value {
    let mut tiles = Map::new();
    for ((t, d), stem) in e.tiles.iter().zip(drawn).zip(stems) {
        let mut features = Map::new();
        for (key, clip, point) in &d.features {
            features.insert(key.clone(), json!({ "clip": clip, "point": point }));
        }
        tiles.insert(
            t.id.clone(),
            json!({ "image": image_file(e, stem), "features": features }),
        );
    }
    Value::Object(tiles)
}
