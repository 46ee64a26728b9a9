//! Writing output files atomically: a temporary file in the same directory,
//! then a rename, so a failed run never leaves a half-written file. What is
//! not a regular file (`/dev/null`, a FIFO, a terminal) is written through,
//! never replaced; a symbolic link stays a link, its target is replaced.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::Failure;

/// Creates the output directory (and parents).
pub fn create_dir(dir: &Path) -> Result<(), Failure> {
    refuse_when_interrupted(dir)?;
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure::io(
            format_args!("cannot create output directory {}", dir.display()),
            &e,
        )
    })
}

/// Writes `bytes` to `path` atomically (see the module documentation).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let fail = |e: &std::io::Error| Failure::io(format_args!("cannot write {}", path.display()), e);
    let resolved;
    let path = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            resolved = std::fs::canonicalize(path).map_err(|e| fail(&e))?;
            resolved.as_path()
        }
        _ => path,
    };
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            return Err(Failure::Usage(format!(
                "cannot write {}: it is a directory",
                path.display()
            )))
        }
        Ok(meta) if !meta.is_file() => return write_through(path, bytes).map_err(|e| fail(&e)),
        _ => {}
    }
    refuse_when_interrupted(path)?;
    let tmp = temp_path(path);
    super::cleanup::install();
    super::cleanup::register(&tmp);
    let result = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    super::cleanup::unregister(&tmp);
    result.map_err(|e| fail(&e))
}

/// After an interrupt nothing new is created: the handler is removing the
/// temporary tree and a worker thread must not grow it again.
fn refuse_when_interrupted(path: &Path) -> Result<(), Failure> {
    if super::cleanup::interrupted() {
        return Err(Failure::Usage(format!(
            "not writing {}: interrupted",
            path.display()
        )));
    }
    Ok(())
}

/// Writes into an existing file that is not a regular one (a device, a FIFO).
fn write_through(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new().write(true).open(path)?;
    file.write_all(bytes)?;
    file.flush()
}

fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}

/// Text with its control characters (other than newlines and tabs) escaped
/// as `\u{1b}`, so that a name taken from an input cannot drive the terminal.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_hostile) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_hostile(c) {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

fn is_hostile(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

/// Writes text to standard output, control characters escaped ([`printable`];
/// JSON has none left raw). A reader that went away (`| head`) is not an
/// error: the rest of the output is simply not wanted.
pub fn stdout(text: &str) -> Result<(), Failure> {
    let text = printable(text);
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Failure::io("cannot write to standard output", &e))
        }
        _ => Ok(()),
    }
}
