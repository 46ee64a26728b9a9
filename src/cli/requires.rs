//! The expansions the inputs require but do not define: a file `ID.tiles`
//! in the directory of one of the inputs (a local copy, which wins), else the
//! shipped set embedded in the binary ([`crate::stdlib`]). Under `-v` a note
//! says which was used for each.

use std::path::{Path, PathBuf};

use super::Failure;
use crate::diag::{FileId, SourceMap};
use crate::stdlib::{resolve, Origin};

/// The files to compile: the inputs, after the files of the expansions they
/// require that `files` (the inputs' paths, in the order of `ids`) lack.
pub fn with_required(
    sources: &mut SourceMap,
    ids: &[FileId],
    files: &[PathBuf],
) -> Result<Vec<FileId>, Failure> {
    let dirs = input_dirs(files);
    let mut error = None;
    let mut lookup = |id: &str, _: FileId| {
        let path = dirs
            .iter()
            .map(|d| d.join(format!("{id}.tiles")))
            .find(|p| p.is_file() && !files.contains(p))?;
        match super::read::read_text(&path, super::read::MAX_SOURCE) {
            Ok(text) => Some((path.display().to_string(), text)),
            Err(e) => {
                error.get_or_insert(e);
                None
            }
        }
    };
    let resolved = resolve(sources, ids, &mut lookup);
    if let Some(e) = error {
        return Err(e);
    }
    for added in &resolved.added {
        let by = sources.name(added.required_by);
        match &added.origin {
            Origin::Local(name) => super::verbosity::note(&format!(
                "`{}` (required by {by}) is read from {name}, not from the embedded standard library",
                added.id
            )),
            Origin::Embedded(path) => super::verbosity::note(&format!(
                "`{}` (required by {by}) is the embedded {path} of tileforge {}; a file {}.tiles beside the input would be used instead",
                added.id,
                env!("CARGO_PKG_VERSION"),
                added.id
            )),
        }
    }
    Ok(resolved.files)
}

/// The directories of the inputs, each once, in order (standard input has none).
fn input_dirs(files: &[PathBuf]) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    for f in files.iter().filter(|f| !super::read::is_stdin(f)) {
        let dir = f
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf();
        if !dirs.contains(&dir) {
            dirs.push(dir);
        }
    }
    dirs
}
