//! `file://` URIs ↔ paths, and where the embedded prelude is shown to the
//! editor (a copy written once under the system's temporary directory).

use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::Uri;

/// The path a `file://` URI names, percent-decoded; `None` for other schemes.
#[must_use]
pub fn to_path(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = rest
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok());
            if let Some(b) = hex {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    let text = String::from_utf8(out).ok()?;
    Some(PathBuf::from(text))
}

/// The `file://` URI of a path (made absolute against the current directory).
#[must_use]
pub fn from_path(path: &Path) -> Option<Uri> {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(path)
    };
    let text = absolute.to_str()?;
    let mut out = String::from("file://");
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'/' | b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    Uri::from_str(&out).ok()
}

/// Where the embedded prelude is written for "go to definition" (once per
/// version; rewritten when its text differs).
#[must_use]
pub fn prelude_path() -> Option<PathBuf> {
    let dir = std::env::temp_dir().join(format!("tileforge-{}", env!("CARGO_PKG_VERSION")));
    let path = dir.join("prelude.tiles");
    let current = std::fs::read_to_string(&path).ok();
    if current.as_deref() != Some(crate::prelude::TEXT) {
        std::fs::create_dir_all(&dir).ok()?;
        let tmp = dir.join(format!("prelude.tiles.{}", std::process::id()));
        std::fs::write(&tmp, crate::prelude::TEXT).ok()?;
        std::fs::rename(&tmp, &path).ok()?;
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_round_trip_through_uris() {
        let path = Path::new("/home/fan/a dir/é.tiles");
        let uri = from_path(path).expect("uri");
        assert_eq!(uri.as_str(), "file:///home/fan/a%20dir/%C3%A9.tiles");
        assert_eq!(to_path(&uri).as_deref(), Some(path));
    }
}
