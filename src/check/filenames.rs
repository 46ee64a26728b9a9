//! Ids become file names (`png/<expansion>/<tile>.png`,
//! `png/<expansion>.sheet.png`), so they must make writable, distinct names:
//! at most [`MAX_ID_LEN`] characters (E0112), and no expansion id ending in
//! `.png`, which could name another expansion's contact sheet (E0112). Tile
//! ids of one expansion that differ only in case overwrite each other on
//! case-insensitive file systems (W0604).

use std::collections::HashMap;

use crate::diag::{Code, Diagnostic};
use crate::ir::TileSet;

/// The longest tile or expansion id, in characters (ids are ASCII).
pub const MAX_ID_LEN: usize = 64;

pub fn check(set: &TileSet, out: &mut Vec<Diagnostic>) {
    for e in &set.expansions {
        if e.id.len() > MAX_ID_LEN {
            out.push(too_long("expansion", &e.id, e.span));
        } else if e.id.to_ascii_lowercase().ends_with(".png") {
            out.push(
                Diagnostic::new(
                    Code::IdNotAFileName,
                    e.span,
                    format!("expansion id `{}` ends in `.png`", e.id),
                )
                .label("its images would go to a directory named like a contact sheet")
                .help("contact sheets are written as `<expansion>.sheet.png`: choose an id without `.png`"),
            );
        }
    }
    let mut seen: HashMap<(usize, String), usize> = HashMap::new();
    for (i, t) in set.tiles.iter().enumerate() {
        if t.name.len() > MAX_ID_LEN {
            out.push(too_long("tile", &t.name, t.span));
            continue;
        }
        let key = (t.expansion, t.name.to_ascii_lowercase());
        if let Some(&first) = seen.get(&key) {
            let other = &set.tiles[first];
            if other.name != t.name {
                out.push(
                    Diagnostic::new(
                        Code::IdsDifferInCase,
                        t.span,
                        format!("tiles `{}` and `{}` differ only in case", other.name, t.name),
                    )
                    .label("this tile's image")
                    .with(other.span, "would overwrite this one's on macOS or Windows")
                    .help("rename one of them if the images are ever written on a case-insensitive file system"),
                );
            }
        } else {
            seen.insert(key, i);
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
