//! Writing output files atomically: a temporary file in the same directory
//! (created exclusively, never through a planted link: [`super::temp`]),
//! then a rename, so a failed run never leaves a half-written file. An
//! output that is one of the run's inputs is refused. What is
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
    write_all_atomic(&[(path, bytes)])
}

/// Writes several outputs all or nothing: every one into its temporary file
/// first, then each renamed into place, so that a failure (a full disk, a
/// directory that cannot be written) leaves none of them behind. Refused
/// before anything is written: an output that is an input read in this run,
/// or two outputs that are one file.
pub fn write_all_atomic(outputs: &[(&Path, &[u8])]) -> Result<(), Failure> {
    write_outputs(outputs, true)
}

/// Replaces a file this run read with its new text, atomically: for a
/// command whose job is to rewrite its inputs (`fmt`), so the input check of
/// [`write_atomic`] is left out.
pub fn rewrite_atomic(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    write_outputs(&[(path, bytes)], false)
}

fn write_outputs(outputs: &[(&Path, &[u8])], refuse_inputs: bool) -> Result<(), Failure> {
    let mut targets = Vec::with_capacity(outputs.len());
    for (i, &(path, _)) in outputs.iter().enumerate() {
        if refuse_inputs {
            refuse_an_input(path)?;
        }
        if let Some(other) = outputs[..i].iter().find(|(o, _)| same_file(o, path)) {
            return Err(Failure::Usage(format!(
                "{} and {} are one file: give two outputs",
                other.0.display(),
                path.display()
            )));
        }
        targets.push(target(path)?);
    }
    let mut staged: Vec<(PathBuf, &Path)> = Vec::new();
    let mut result = Ok(());
    for (target, &(path, bytes)) in targets.iter().zip(outputs) {
        let Some(target) = target else {
            result = write_through(path, bytes)
                .map_err(|e| Failure::io(format_args!("cannot write {}", path.display()), &e));
            if result.is_err() {
                break;
            }
            continue;
        };
        match stage(target, bytes) {
            Ok(tmp) => staged.push((tmp, target)),
            Err(e) => {
                result = Err(e);
                break;
            }
        }
    }
    if result.is_ok() {
        for (tmp, target) in &staged {
            if let Err(e) = std::fs::rename(tmp, target) {
                result = Err(Failure::io(
                    format_args!("cannot write {}", target.display()),
                    &e,
                ));
                break;
            }
        }
    }
    for (tmp, _) in &staged {
        if result.is_err() {
            let _ = std::fs::remove_file(tmp);
        }
        super::cleanup::unregister(tmp);
    }
    result
}

/// Where an output goes: `None` to write through (not a regular file), else
/// the regular file to replace (a symbolic link's target: the link stays).
fn target(path: &Path) -> Result<Option<PathBuf>, Failure> {
    let fail = |e: &std::io::Error| Failure::io(format_args!("cannot write {}", path.display()), e);
    let path = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            std::fs::canonicalize(path).map_err(|e| fail(&e))?
        }
        _ => path.to_path_buf(),
    };
    match std::fs::metadata(&path) {
        Ok(meta) if meta.is_dir() => Err(Failure::Usage(format!(
            "cannot write {}: it is a directory",
            path.display()
        ))),
        Ok(meta) if !meta.is_file() => Ok(None),
        _ => {
            refuse_when_interrupted(&path)?;
            Ok(Some(path))
        }
    }
}

/// Writes `bytes` into a fresh temporary file beside `target` (created
/// exclusively, see [`super::temp`]) and returns its path.
fn stage(target: &Path, bytes: &[u8]) -> Result<PathBuf, Failure> {
    let fail =
        |e: &std::io::Error| Failure::io(format_args!("cannot write {}", target.display()), e);
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (tmp, mut file) = super::temp::file_in(dir, &name).map_err(|e| fail(&e))?;
    let written = file.write_all(bytes).and_then(|()| file.sync_all());
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        super::cleanup::unregister(&tmp);
        return Err(fail(&e));
    }
    Ok(tmp)
}

/// Refuses to write over a file this run read as an input.
pub fn refuse_an_input(path: &Path) -> Result<(), Failure> {
    if let Some(input) = super::read::an_input(path) {
        return Err(Failure::Usage(format!(
            "cannot write {}: it is the input {}; give another output",
            path.display(),
            input
        )));
    }
    Ok(())
}

/// Whether two paths name one existing file, or one path not yet written
/// (the same directory and name).
pub fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        (Err(_), Err(_)) => {
            let key = |p: &Path| {
                let dir = match p.parent() {
                    Some(d) if !d.as_os_str().is_empty() => d,
                    _ => Path::new("."),
                };
                (
                    std::fs::canonicalize(dir).ok(),
                    p.file_name().map(ToOwned::to_owned),
                )
            };
            let (ka, kb) = (key(a), key(b));
            ka.0.is_some() && ka == kb
        }
        _ => false,
    }
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
