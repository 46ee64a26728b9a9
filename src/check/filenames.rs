//! Ids become file names (`png/<expansion>/<tile>.png`,
//! `png/<expansion>.sheet.png`, or `.webp`, `.jpg`), so they must make
//! writable, distinct names: at most [`MAX_ID_LEN`] characters (E0112), and
//! no expansion id ending in an image extension (`.png`, `.webp`, `.jpg`),
//! which could name another expansion's contact sheet (E0112). Tile
//! ids that differ only in case (`CCCC`, `CCcc`, as JCloisterZone writes them)
//! are fine: the renderer gives the later one's image a `~2` suffix.

use crate::diag::{Code, Diagnostic};
use crate::ir::TileSet;

/// The longest tile or expansion id, in characters (ids are ASCII).
pub const MAX_ID_LEN: usize = 64;

/// The extensions of the images `render` and `build` write.
const IMAGE_EXTENSIONS: [&str; 3] = [".png", ".webp", ".jpg"];

pub fn check(set: &TileSet, out: &mut Vec<Diagnostic>) {
    for e in &set.expansions {
        if e.id.len() > MAX_ID_LEN {
            out.push(too_long("expansion", &e.id, e.span));
        } else if let Some(ext) = IMAGE_EXTENSIONS
            .into_iter()
            .find(|ext| e.id.to_ascii_lowercase().ends_with(ext))
        {
            out.push(
                Diagnostic::new(
                    Code::IdNotAFileName,
                    e.span,
                    format!("expansion id `{}` ends in `{ext}`", e.id),
                )
                .label("its images would go to a directory named like a contact sheet")
                .help(format!(
                    "contact sheets are written as `<expansion>.sheet{ext}`: choose an id without `{ext}`"
                )),
            );
        }
    }
    for t in &set.tiles {
        if t.name.len() > MAX_ID_LEN {
            out.push(too_long("tile", &t.name, t.span));
        }
    }
}

fn too_long(what: &str, id: &str, span: crate::diag::Span) -> Diagnostic {
    Diagnostic::new(
        Code::IdNotAFileName,
        span,
        format!("{what} id of {} characters is too long", id.len()),
    )
    .label(format!("at most {MAX_ID_LEN} characters"))
    .help("ids name image files, whose names are limited in length: shorten it")
}
