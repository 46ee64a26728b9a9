//! Temporary files and directories beside an output, created exclusively:
//! the name carries the process id and a random part, and the file is opened
//! with `O_CREAT | O_EXCL` (a directory with `mkdir`), so nothing planted at
//! the name (a file, a symbolic link) is ever opened or followed; a clash is
//! retried under a fresh name. Each one is registered with [`super::cleanup`]
//! before it exists, so Ctrl-C removes it.

use std::collections::hash_map::RandomState;
use std::fs::File;
use std::hash::{BuildHasher, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::cleanup;

/// How many fresh names are tried before giving up.
const ATTEMPTS: u32 = 64;

/// A name nobody can predict: `.STEM.tmp-PID-RANDOM`.
fn fresh_name(stem: &str) -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    format!(
        ".{stem}.tmp-{}-{:016x}",
        std::process::id(),
        hasher.finish()
    )
}

/// Creates a new file in `dir` named after `stem`; returns its path and the
/// open file. The path is registered for removal on interrupt; the caller
/// unregisters it once the file is renamed into place or removed.
///
/// # Errors
/// The directory cannot be written.
pub fn file_in(dir: &Path, stem: &str) -> io::Result<(PathBuf, File)> {
    create(fresh_names(dir, stem), new_file)
}

/// Opens a file that must not exist yet (`O_CREAT | O_EXCL`: a symbolic
/// link there, even a dangling one, is an error, never followed).
fn new_file(path: &Path) -> io::Result<File> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
}

/// Creates a new, empty directory in `dir` named after `stem`, registered as
/// [`file_in`]'s files are.
///
/// # Errors
/// The directory cannot be written.
pub fn dir_in(dir: &Path, stem: &str) -> io::Result<PathBuf> {
    create(fresh_names(dir, stem), |p| std::fs::create_dir(p)).map(|(path, ())| path)
}

fn fresh_names<'a>(dir: &'a Path, stem: &'a str) -> impl Iterator<Item = PathBuf> + 'a {
    (0..ATTEMPTS).map(move |_| dir.join(fresh_name(stem)))
}

/// Makes the first of `names` that does not exist yet.
fn create<T>(
    names: impl Iterator<Item = PathBuf>,
    make: impl Fn(&Path) -> io::Result<T>,
) -> io::Result<(PathBuf, T)> {
    cleanup::install();
    let mut last = io::Error::from(io::ErrorKind::AlreadyExists);
    for path in names {
        cleanup::register(&path);
        match make(&path) {
            Ok(made) => return Ok((path, made)),
            Err(e) => {
                cleanup::unregister(&path);
                if e.kind() != io::ErrorKind::AlreadyExists {
                    return Err(e);
                }
                last = e;
            }
        }
    }
    Err(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_planted_link_is_skipped_never_followed() {
        let dir = std::env::temp_dir().join(format!("tileforge-temp-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let victim = dir.join("victim");
        std::fs::write(&victim, "keep").expect("victim");
        let planted = dir.join(".out.tmp-1");
        std::os::unix::fs::symlink(&victim, &planted).expect("link");
        let names = [planted.clone(), dir.join(".out.tmp-2")];
        let (path, mut file) = create(names.into_iter(), new_file).expect("the second name");
        std::io::Write::write_all(&mut file, b"new").expect("writes");
        cleanup::unregister(&path);
        assert_eq!(path, dir.join(".out.tmp-2"));
        assert_eq!(std::fs::read_to_string(&victim).expect("reads"), "keep");
        assert!(std::fs::symlink_metadata(&planted)
            .expect("still there")
            .file_type()
            .is_symlink());
        let (a, _) = file_in(&dir, "out").expect("a");
        let (b, _) = file_in(&dir, "out").expect("b");
        cleanup::unregister(&a);
        cleanup::unregister(&b);
        assert_ne!(a, b, "fresh names differ");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
