//! Temporary files and directories to remove if the run is interrupted:
//! Ctrl-C (or SIGTERM, SIGHUP) removes every path registered here, then the
//! process exits with 130, so an interrupted `build`, `render` or
//! `simulate --save-games` leaves no `.tmp-` file or half-built tree.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};
use std::time::Duration;

/// Paths to remove on interrupt.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Set once an interrupt arrived: writers stop creating files.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether the run was interrupted (writers check it before each file).
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Installs the signal handler (once; later calls do nothing).
pub fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // Without a handler an interrupt still stops the run, only leaving
        // temporary files behind; nothing better can be done then.
        let _ = ctrlc::set_handler(|| {
            INTERRUPTED.store(true, Ordering::SeqCst);
            // Holding the lock keeps writers from registering (and so from
            // creating) new temporary files while the tree goes. A worker
            // thread still finishing a file may recreate an entry during a
            // removal, so removal is retried until everything is gone.
            let pending = PENDING.lock().unwrap_or_else(|e| e.into_inner());
            for _ in 0..100 {
                for path in pending.iter() {
                    remove(path);
                }
                if !pending.iter().any(|p| p.symlink_metadata().is_ok()) {
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
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
