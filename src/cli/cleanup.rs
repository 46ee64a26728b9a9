//! Temporary files and directories to remove if the run is interrupted:
//! Ctrl-C (or SIGTERM, SIGHUP) removes every path registered here, then the
//! process exits with 130, so an interrupted `build`, `render` or
//! `simulate --save-games` leaves no `.tmp-` file or half-built tree.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once};

/// Paths to remove on interrupt.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Installs the signal handler (once; later calls do nothing).
pub fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // Without a handler an interrupt still stops the run, only leaving
        // temporary files behind; nothing better can be done then.
        let _ = ctrlc::set_handler(|| {
            let pending = PENDING
                .lock()
                .map_or_else(|e| e.into_inner().clone(), |p| p.clone());
            for path in pending {
                remove(&path);
            }
            eprintln!("interrupted: temporary files removed");
            std::process::exit(130);
        });
    });
}

/// Registers a path to remove on interrupt.
pub fn register(path: &Path) {
    if let Ok(mut pending) = PENDING.lock() {
        pending.push(path.to_path_buf());
    }
}

/// Forgets a path (it was renamed into place or removed).
pub fn unregister(path: &Path) {
    if let Ok(mut pending) = PENDING.lock() {
        if let Some(i) = pending.iter().rposition(|p| p == path) {
            pending.swap_remove(i);
        }
    }
}

/// Removes a file or a directory tree, ignoring errors.
pub fn remove(path: &Path) {
    if path.is_dir() {
        let _ = std::fs::remove_dir_all(path);
    } else {
        let _ = std::fs::remove_file(path);
    }
}
