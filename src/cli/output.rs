//! Writing output files atomically: a temporary file in the same directory,
//! then a rename, so a failed run never leaves a half-written file.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::Failure;

/// Creates the output directory (and parents).
pub fn create_dir(dir: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure::io(
            format_args!("cannot create output directory {}", dir.display()),
            &e,
        )
    })
}

/// Writes `bytes` to `path` atomically.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let fail = |e: &std::io::Error| Failure::io(format_args!("cannot write {}", path.display()), e);
    let tmp = temp_path(path);
    let result = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(&e));
    }
    Ok(())
}

fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}

/// Writes text to standard output. A reader that went away (`| head`) is not an
/// error: the rest of the output is simply not wanted.
pub fn stdout(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Failure::io("cannot write to standard output", &e))
        }
        _ => Ok(()),
    }
}
