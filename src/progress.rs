//! Progress of long passes (drawing hundreds of tiles), counted by the
//! library and shown by whoever asked: the CLI's progress bars. The library
//! does no I/O here; a pass only says how many steps it will do and how many
//! are done.

/// Receives the steps of a pass, from any thread.
pub trait Progress: Sync {
    /// The pass will do `total` steps (called once, before the first step).
    fn start(&self, total: u64) {
        let _ = total;
    }
    /// `n` more steps are done.
    fn advance(&self, n: u64) {
        let _ = n;
    }
}

/// Reports nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {}
