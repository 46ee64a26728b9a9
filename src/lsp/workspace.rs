//! Where a document's `requires` are found: `.tiles` files on disk (or open
//! in the editor) in the document's own directory, then in a `tilesets/`
//! directory beside it or beside any directory above it (so a fan file in
//! `examples/` finds `tilesets/base.tiles`). Each file's expansion header is
//! read once and kept until the file's size or modification time changes.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::diag::FileId;
use crate::syntax::{self, ast};

/// The largest file read from disk or analysed (4 MiB, as the CLI reads).
pub const MAX_SOURCE: usize = 4 << 20;

/// How many directories above a document are searched for `tilesets/`.
const ANCESTORS: usize = 8;

/// What the header of a file says.
#[derive(Clone, Debug)]
pub struct Header {
    /// The expansion's id, if the file declares one.
    pub id: Option<String>,
    /// The ids it requires.
    pub requires: Vec<String>,
}

#[derive(Clone, Debug)]
struct Cached {
    stamp: (u64, Option<SystemTime>),
    text: std::sync::Arc<String>,
    header: Header,
}

/// The files read so far, by path.
#[derive(Debug, Default)]
pub struct Disk {
    files: HashMap<PathBuf, Cached>,
}

/// The header of a text: only its `expansion` item is parsed.
#[must_use]
pub fn header(text: &str) -> Header {
    for chunk in syntax::split::split(text) {
        let item = &text[chunk.start..chunk.end];
        let first = item
            .lines()
            .map(str::trim_start)
            .find(|l| !l.is_empty() && !l.starts_with("//"));
        if first.is_some_and(|l| l.starts_with("expansion")) {
            let (file, _) = syntax::parse(FileId(0), item);
            for it in file.items {
                if let ast::Item::Expansion(e) = it {
                    return Header {
                        id: Some(e.id.text),
                        requires: e.requires.into_iter().map(|r| r.text).collect(),
                    };
                }
            }
        }
    }
    Header {
        id: None,
        requires: Vec::new(),
    }
}

/// The directories searched for a document at `path`, nearest first.
#[must_use]
pub fn search_dirs(path: &Path) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    let Some(dir) = path.parent() else {
        return dirs;
    };
    dirs.push(dir.to_path_buf());
    for ancestor in dir.ancestors().take(ANCESTORS) {
        let candidate = ancestor.join("tilesets");
        if candidate.is_dir() && !dirs.contains(&candidate) {
            dirs.push(candidate);
        }
    }
    dirs
}

impl Disk {
    /// The `.tiles` files of a directory (sorted), with their headers; files
    /// that cannot be read or are too large are left out.
    pub fn directory(&mut self, dir: &Path) -> Vec<(PathBuf, Header)> {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "tiles"))
            .collect();
        paths.sort();
        paths
            .into_iter()
            .filter_map(|p| {
                let header = self.read(&p)?.1;
                Some((p, header))
            })
            .collect()
    }

    /// A file's text and header, read again only when it changed on disk.
    pub fn read(&mut self, path: &Path) -> Option<(std::sync::Arc<String>, Header)> {
        let meta = std::fs::metadata(path).ok().filter(|m| m.is_file())?;
        if meta.len() > MAX_SOURCE as u64 {
            return None;
        }
        let stamp = (meta.len(), meta.modified().ok());
        if let Some(c) = self.files.get(path).filter(|c| c.stamp == stamp) {
            return Some((c.text.clone(), c.header.clone()));
        }
        let bytes = std::fs::read(path).ok()?;
        let text = String::from_utf8(bytes).ok()?;
        let text = text
            .strip_prefix('\u{feff}')
            .map(str::to_string)
            .unwrap_or(text);
        let header = header(&text);
        let text = std::sync::Arc::new(text);
        self.files.insert(
            path.to_path_buf(),
            Cached {
                stamp,
                text: text.clone(),
                header: header.clone(),
            },
        );
        Some((text, header))
    }
}
