//! The `.jca` file: a zip with one root folder named after the add-on (the
//! client refuses any other layout). Pictures are stored, text is deflated;
//! every entry has the same fixed date, so the bytes depend on the content only.

use std::io::{Cursor, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use super::ExportError;

/// Zips `files` (paths relative to the root folder) under `root/`.
///
/// # Errors
/// Only if the zip writer fails, which writing to memory does not.
pub fn zip(root: &str, files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, ExportError> {
    let fail = |e: &dyn std::fmt::Display| ExportError(format!("cannot write the zip: {e}"));
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let base = SimpleFileOptions::default().last_modified_time(zip::DateTime::default());
    zip.add_directory(format!("{root}/"), base)
        .map_err(|e| fail(&e))?;
    let mut folders: Vec<String> = Vec::new();
    let mut names = std::collections::HashSet::new();
    for (path, bytes) in files {
        // Named here, not by the zip writer's own message (which shows none).
        if !names.insert(path.to_ascii_lowercase()) {
            return Err(ExportError(format!(
                "cannot write the zip: two files would be named {root}/{path}"
            )));
        }
        let mut parts: Vec<&str> = path.split('/').collect();
        parts.pop();
        for i in 1..=parts.len() {
            let folder = format!("{root}/{}/", parts[..i].join("/"));
            if !folders.contains(&folder) {
                zip.add_directory(folder.clone(), base)
                    .map_err(|e| fail(&e))?;
                folders.push(folder);
            }
        }
        let method = if path.ends_with(".png") {
            CompressionMethod::Stored
        } else {
            CompressionMethod::Deflated
        };
        zip.start_file(format!("{root}/{path}"), base.compression_method(method))
            .map_err(|e| fail(&e))?;
        zip.write_all(bytes).map_err(|e| fail(&e))?;
    }
    let cursor = zip.finish().map_err(|e| fail(&e))?;
    Ok(cursor.into_inner())
}
