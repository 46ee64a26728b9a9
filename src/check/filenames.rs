//! Ids become file names (`png/<expansion>/<tile>.png`,
//! `png/<expansion>.sheet.png`, or `.webp`, `.jpg`), so they must make
//! writable, distinct names: at most [`MAX_ID_LEN`] characters (E0112), and
//! no expansion id ending in an image extension (`.png`, `.webp`, `.jpg`),
//! which could name another expansion's contact sheet (E0112), and only
//! printable ASCII in a (quoted) tile id: not empty, no control character
//! (a tab, ESC), no `/` or `\\`, no leading `.` (a hidden file), nothing
//! outside ASCII (U+202E turns a name around, `Ꭰ` passes for `D`). Tile
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
        } else if let Some(why) = unprintable(&t.name) {
            out.push(
                Diagnostic::new(
                    Code::IdNotAFileName,
                    t.span,
                    format!("tile id `{}` {why}", t.name.escape_default()),
                )
                .label("this id names the tile's image file")
                .help(
                    "use letters, digits and punctuation of ASCII (`-`, `_`, `+`, `.`, `~`, ...)",
                ),
            );
        }
    }
}

/// Why a tile id cannot name a file plainly, if it cannot.
fn unprintable(id: &str) -> Option<&'static str> {
    if id.is_empty() {
        Some("is empty")
    } else if id.starts_with('.') {
        Some("starts with `.` (a hidden file)")
    } else if id.contains(['/', '\\']) {
        Some("holds a path separator")
    } else if id.chars().any(|c| c.is_ascii_control()) {
        Some("holds a control character")
    } else if !id.is_ascii() {
        Some("holds characters outside ASCII (some look like others or reorder the name)")
    } else if id.starts_with(' ') || id.ends_with(' ') {
        Some("starts or ends with a space")
    } else {
        None
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
