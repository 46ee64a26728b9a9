//! Watching the inputs: the directories that hold them (an editor that saves
//! by writing a new file and renaming it over the old one replaces the file,
//! so watching the file itself would lose it), without recursion. An event
//! counts when it concerns an input file, or a `.tiles` file in a directory
//! given as input; reading a file (our own compile opens them) does not.
//! Events are let settle for a moment, so that a save written in several
//! steps is compiled once. A directory that disappears and comes back is
//! watched again (checked every second), and when the system's watcher is
//! unavailable (no inotify, its limit reached) the directories are polled.

use std::collections::HashSet;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use notify::event::{AccessKind, AccessMode, EventKind};
use notify::{Event, RecursiveMode, Watcher};

/// Quiet time after the last event before the inputs are read.
pub const SETTLE: Duration = Duration::from_millis(30);
/// The longest a stream of events delays a compile.
pub const MAX_DELAY: Duration = Duration::from_millis(250);
/// How often the watched directories are checked for having gone or come back.
pub const RECHECK: Duration = Duration::from_secs(1);
/// The polling interval when the system's watcher is unavailable.
pub const POLL: Duration = Duration::from_millis(250);

/// Which paths matter.
#[derive(Clone, Debug, Default)]
struct Filter {
    /// Input files: (directory, file name).
    files: HashSet<(PathBuf, OsString)>,
    /// Input directories: every `.tiles` file directly inside counts.
    dirs: HashSet<PathBuf>,
}

impl Filter {
    fn matters(&self, path: &Path) -> bool {
        if self.dirs.contains(path) || self.files.iter().any(|(d, _)| d == path) {
            // A watched directory itself: gone, moved, back.
            return true;
        }
        let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
            return false;
        };
        self.files
            .contains(&(dir.to_path_buf(), name.to_os_string()))
            || (self.dirs.contains(dir) && path.extension().is_some_and(|e| e == "tiles"))
    }
}

/// Whether an event may change what the inputs read as.
fn changes(event: &Event) -> bool {
    match event.kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) => false,
        _ => true,
    }
}

/// A watched directory.
struct Dir {
    path: PathBuf,
    /// What it was when watched (its inode on Unix), `None` while unwatched.
    watched: Option<u64>,
}

/// The watcher of a command's inputs.
pub struct Watch {
    watcher: Box<dyn Watcher + Send>,
    signals: Receiver<()>,
    dirs: Vec<Dir>,
    /// Whether the directories are polled (no system watcher).
    pub polling: bool,
}

impl Watch {
    /// Watches the directories of `paths` (input files and directories).
    ///
    /// # Errors
    /// When neither the system's watcher nor polling can be set up.
    pub fn new(paths: &[PathBuf]) -> Result<Watch, String> {
        let mut filter = Filter::default();
        let mut dirs: Vec<PathBuf> = Vec::new();
        for path in paths {
            let path = std::path::absolute(path).map_err(|e| format!("{}: {e}", path.display()))?;
            if path.is_dir() {
                filter.dirs.insert(path.clone());
                dirs.push(path);
            } else {
                let dir = path
                    .parent()
                    .map_or_else(|| PathBuf::from("/"), Path::to_path_buf);
                let name = path.file_name().map(OsString::from).unwrap_or_default();
                filter.files.insert((dir.clone(), name));
                dirs.push(dir);
            }
        }
        dirs.sort();
        dirs.dedup();
        let (send, signals) = mpsc::channel();
        let handler = move |result: notify::Result<Event>| {
            // An error of the watcher itself is answered by reading the
            // inputs again: the page then shows what is there.
            let relevant = result.map_or(true, |event| {
                changes(&event) && event.paths.iter().any(|p| filter.matters(p))
            });
            if relevant {
                let _ = send.send(());
            }
        };
        let system = notify::recommended_watcher(handler.clone()).ok();
        let polling = system.is_none();
        let watcher: Box<dyn Watcher + Send> = match system {
            Some(w) => Box::new(w),
            None => poller(handler.clone())?,
        };
        let mut watch = Watch {
            watcher,
            signals,
            dirs: dirs
                .into_iter()
                .map(|path| Dir {
                    path,
                    watched: None,
                })
                .collect(),
            polling,
        };
        watch.recheck();
        let refused = |w: &Watch| {
            w.dirs
                .iter()
                .any(|d| d.watched.is_none() && d.path.is_dir())
        };
        if !watch.polling && refused(&watch) {
            // The system's watcher refuses (its limit is reached): poll.
            watch.watcher = poller(handler)?;
            watch.polling = true;
            for d in &mut watch.dirs {
                d.watched = None;
            }
            watch.recheck();
        }
        Ok(watch)
    }

    /// Blocks until the inputs may have changed: an event that matters, let
    /// settle, or a watched directory that went or came back.
    pub fn wait(&mut self) {
        loop {
            match self.signals.recv_timeout(RECHECK) {
                Ok(()) => {
                    self.settle();
                    self.recheck();
                    return;
                }
                Err(RecvTimeoutError::Timeout) => {
                    if self.recheck() {
                        return;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    std::thread::sleep(RECHECK);
                    return;
                }
            }
        }
    }

    /// Waits until no event came for [`SETTLE`], at most [`MAX_DELAY`].
    fn settle(&self) {
        let started = Instant::now();
        while started.elapsed() < MAX_DELAY {
            match self.signals.recv_timeout(SETTLE) {
                Ok(()) => {}
                Err(_) => break,
            }
        }
    }

    /// Watches the directories that came (back) and forgets those gone;
    /// true when any did either.
    fn recheck(&mut self) -> bool {
        let mut changed = false;
        for dir in &mut self.dirs {
            let now = identity(&dir.path);
            if dir.watched.is_some() && now != dir.watched {
                let _ = self.watcher.unwatch(&dir.path);
                dir.watched = None;
                changed = true;
            }
            if dir.watched.is_none() && now.is_some() {
                if self
                    .watcher
                    .watch(&dir.path, RecursiveMode::NonRecursive)
                    .is_ok()
                {
                    dir.watched = now;
                }
                changed = true;
            }
        }
        changed
    }
}

/// The polling watcher.
fn poller(
    handler: impl Fn(notify::Result<Event>) + Send + 'static,
) -> Result<Box<dyn Watcher + Send>, String> {
    let config = notify::Config::default().with_poll_interval(POLL);
    notify::PollWatcher::new(handler, config)
        .map(|w| Box::new(w) as Box<dyn Watcher + Send>)
        .map_err(|e| format!("cannot watch the inputs: {e}"))
}

/// What a directory is now: `None` when it is not there; on Unix its inode,
/// so that a directory removed and made again counts as new.
fn identity(path: &Path) -> Option<u64> {
    let meta = std::fs::metadata(path)
        .ok()
        .filter(std::fs::Metadata::is_dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(meta.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        Some(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_takes_input_files_and_tiles_in_input_directories() {
        let mut f = Filter::default();
        f.files
            .insert((PathBuf::from("/a"), OsString::from("my.tiles")));
        f.files
            .insert((PathBuf::from("/a"), OsString::from("notes.txt")));
        f.dirs.insert(PathBuf::from("/sets"));
        assert!(f.matters(Path::new("/a/my.tiles")));
        assert!(f.matters(Path::new("/a/notes.txt")));
        assert!(f.matters(Path::new("/a")));
        assert!(f.matters(Path::new("/sets/base.tiles")));
        assert!(f.matters(Path::new("/sets")));
        assert!(!f.matters(Path::new("/a/other.tiles")));
        assert!(!f.matters(Path::new("/a/.my.tiles.swp")));
        assert!(!f.matters(Path::new("/sets/base.tiles~")));
        assert!(!f.matters(Path::new("/sets/sub/base.tiles")));
        assert!(!f.matters(Path::new("/elsewhere/base.tiles")));
    }

    #[test]
    fn opening_or_reading_a_file_is_no_change() {
        let event = |kind| Event::new(kind).add_path(PathBuf::from("/a/my.tiles"));
        assert!(!changes(&event(EventKind::Access(AccessKind::Open(
            notify::event::AccessMode::Any
        )))));
        assert!(!changes(&event(EventKind::Access(AccessKind::Close(
            AccessMode::Read
        )))));
        assert!(changes(&event(EventKind::Access(AccessKind::Close(
            AccessMode::Write
        )))));
        assert!(changes(&event(EventKind::Modify(
            notify::event::ModifyKind::Any
        ))));
        assert!(changes(&event(EventKind::Remove(
            notify::event::RemoveKind::File
        ))));
    }
}
