//! What a copy changed since it was copied, so that copying the same
//! original into it again rewrites only those entries (`copy.rs`): a player
//! trying a hundred placements copies a few dozen board cells and feature
//! nodes per try instead of the whole board.
//!
//! Every board and feature set has a unique id and a version that grows with
//! each change; a copy remembers the (id, version) it was copied from, and
//! while that is still the original's, the indices it wrote since are all
//! that differ. Only copies record indices, so a game that is never copied
//! pays one comparison per write.

use std::sync::atomic::{AtomicU64, Ordering};

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// The change record of one indexed store.
#[derive(Debug)]
pub struct Journal {
    id: u64,
    version: u64,
    /// The (id, version) this store was last copied from.
    origin: Option<(u64, u64)>,
    /// Indices written since that copy (copies only).
    touched: Vec<u32>,
    /// Changed in a way the indices don't describe (grown, reordered).
    whole: bool,
}

impl Journal {
    /// A new store's record, with a fresh id.
    pub fn new() -> Journal {
        Journal {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            version: 0,
            origin: None,
            touched: Vec::new(),
            whole: false,
        }
    }

    /// Who and how changed this store is: equal stamps mean the same contents.
    pub fn stamp(&self) -> (u64, u64) {
        (self.id, self.version)
    }

    /// True when this store is a copy (so writes are recorded).
    pub fn is_copy(&self) -> bool {
        self.origin.is_some()
    }

    /// Entry `i` is about to change.
    pub fn touch(&mut self, i: usize) {
        self.version += 1;
        if self.origin.is_some() {
            self.touched.push(u32::try_from(i).unwrap_or(u32::MAX));
        }
    }

    /// Something besides the indexed entries changed (the copy keeps its
    /// own record of what).
    pub fn touch_elsewhere(&mut self) {
        self.version += 1;
    }

    /// The store changed as a whole: the next copy into it copies everything.
    pub fn changed_whole(&mut self) {
        self.version += 1;
        self.whole = true;
    }

    /// The entries to rewrite when copying `original` into this store, or
    /// `None` when everything must be copied.
    pub fn since(&self, original: &Journal) -> Option<&[u32]> {
        (!self.whole && self.origin == Some((original.id, original.version)))
            .then_some(self.touched.as_slice())
    }

    /// This store now equals `original`.
    pub fn copied(&mut self, original: &Journal) {
        self.touched.clear();
        self.whole = false;
        self.origin = Some((original.id, original.version));
        self.version += 1;
    }
}
