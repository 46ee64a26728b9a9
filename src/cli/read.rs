//! Reading an input file: only regular files (or `-`, standard input), at
//! most [`MAX_SOURCE`] bytes of `.tiles` source in all or [`MAX_JSON`] bytes
//! of JSON, UTF-8 with an optional byte-order mark. A device,
//! FIFO or oversized file is refused before it is read; text that is not
//! UTF-8 is an input error naming the line and column of the first bad byte.

use std::io::Read;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::sync::Mutex;

use super::Failure;

/// The most `.tiles` source read in one run, in bytes (4 MiB: some 60,000
/// tile kinds; checking that much takes about 6 s and 500 MB).
pub const MAX_SOURCE: u64 = 4 << 20;

/// The largest JSON input (tile set, game log) read, in bytes (64 MiB).
pub const MAX_JSON: u64 = 64 << 20;

/// The name standard input goes by in messages and diagnostics.
pub const STDIN_NAME: &str = "<stdin>";

/// True for `-`, which names standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The name of an input in messages.
pub fn display_name(path: &Path) -> String {
    if is_stdin(path) {
        STDIN_NAME.to_string()
    } else {
        path.display().to_string()
    }
}

/// Every file read as an input in this run: device, inode and name, so that
/// no output replaces one ([`an_input`]).
static INPUTS: Mutex<Vec<(u64, u64, String)>> = Mutex::new(Vec::new());

/// Remembers a file read as an input, once (`serve` reads its inputs again
/// at every save: the list must not grow with each).
pub fn record_input(path: &Path, meta: &std::fs::Metadata) {
    if let Ok(mut inputs) = INPUTS.lock() {
        if !inputs
            .iter()
            .any(|(dev, ino, _)| *dev == meta.dev() && *ino == meta.ino())
        {
            inputs.push((meta.dev(), meta.ino(), display_name(path)));
        }
    }
}

/// The input this run read that `path` names (through any link or other
/// spelling), if any.
pub fn an_input(path: &Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    let inputs = INPUTS.lock().ok()?;
    inputs
        .iter()
        .find(|(dev, ino, _)| *dev == meta.dev() && *ino == meta.ino())
        .map(|(_, _, name)| name.clone())
}

/// Opens an input and reads what it is from the opened file, not from its
/// name: opened without waiting (a FIFO put in a regular file's place after
/// a look at its name would block the open for good), then checked by its
/// descriptor, so the file read is the file checked. Reading a regular file
/// is not affected by not waiting.
pub fn open_input(path: &Path) -> std::io::Result<(std::fs::File, std::fs::Metadata)> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let meta = file.metadata()?;
    Ok((file, meta))
}

/// Reads an input file of at most `limit` bytes as text; see the module
/// documentation.
pub fn read_text(path: &Path, limit: u64) -> Result<String, Failure> {
    let name = display_name(path);
    let bytes = if is_stdin(path) {
        read_capped(std::io::stdin().lock(), &name, limit)?
    } else {
        let (file, meta) = open_input(path).map_err(|e| Failure::io(&name, &e))?;
        if !meta.is_file() {
            let what = if meta.is_dir() {
                "a directory"
            } else {
                "not a regular file (a device, pipe or socket)"
            };
            return Err(Failure::Usage(format!(
                "{name}: {what}; give a file, or `-` for standard input"
            )));
        }
        if meta.len() > limit {
            return Err(too_large(&name, limit));
        }
        record_input(path, &meta);
        read_capped(file, &name, limit)?
    };
    decode(&name, bytes)
}

fn read_capped(reader: impl Read, name: &str, limit: u64) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    reader
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::io(name, &e))?;
    if bytes.len() as u64 > limit {
        return Err(too_large(name, limit));
    }
    Ok(bytes)
}

/// The error for an input over its limit.
pub fn too_large(name: &str, limit: u64) -> Failure {
    Failure::Usage(format!(
        "{name}: larger than {} MiB, the most read of such an input",
        limit >> 20
    ))
}

/// UTF-8 text without a leading byte-order mark, or an input error at the
/// first byte that is not UTF-8.
fn decode(name: &str, bytes: Vec<u8>) -> Result<String, Failure> {
    match String::from_utf8(bytes) {
        Ok(mut text) => {
            if text.starts_with('\u{feff}') {
                text.drain(..'\u{feff}'.len_utf8());
            }
            Ok(text)
        }
        Err(e) => {
            let bytes = e.as_bytes();
            let at = e.utf8_error().valid_up_to();
            let before = String::from_utf8_lossy(&bytes[..at]);
            let before = before.strip_prefix('\u{feff}').unwrap_or(&before);
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            eprintln!(
                "error: {name}:{line}:{column}: the text is not valid UTF-8 (byte 0x{:02X})",
                bytes[at]
            );
            Err(Failure::Input)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_read_again_and_again_is_remembered_once() {
        let path = Path::new("Cargo.toml");
        let meta = std::fs::metadata(path).expect("the manifest");
        let count = || INPUTS.lock().map(|i| i.len()).unwrap_or(0);
        record_input(path, &meta);
        let once = count();
        for _ in 0..100 {
            record_input(path, &meta);
        }
        assert_eq!(count(), once, "each read added an entry");
        assert_eq!(an_input(path).as_deref(), Some("Cargo.toml"));
    }

    /// The open itself must not wait on a FIFO: `serve` and `import jcz`
    /// look at a name, then open it, and a FIFO swapped in between used to
    /// block the open (and the compile thread) for good.
    #[test]
    fn opening_a_fifo_returns_at_once_and_says_what_it_is() {
        let dir = std::env::temp_dir().join(format!("tileforge-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let fifo = dir.join("swapped.tiles");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success(), "mkfifo failed");
        let (tx, rx) = std::sync::mpsc::channel();
        let path = fifo.clone();
        std::thread::spawn(move || {
            let _ = tx.send(open_input(&path).map(|(_, m)| m.is_file()));
        });
        let opened = rx
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("the open of a FIFO waited for a writer");
        assert!(
            !opened.expect("a FIFO opens without a writer"),
            "a FIFO is not a file"
        );
        let refused = read_text(&fifo, MAX_SOURCE);
        assert!(matches!(refused, Err(Failure::Usage(ref m)) if m.contains("not a regular file")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
