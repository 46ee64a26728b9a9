//! What a copy changed since it was copied, so that copying the same
//! original into it again rewrites only those entries (`copy.rs`): a player
//! trying a hundred placements copies a few dozen board cells and feature
//! nodes per try instead of the whole board.
//!
//! Every board and feature set has a unique id and a version that grows with
//! each change; a copy remembers the (id, version) it was copied from, and
//! while that is still the original's, the indices it wrote since are all
//! that differ. Only copies record indices, so a game that is never copied
//! pays one comparison per write. A copy of a copy also remembers the
//! original's own origin and record: copying the original into it again
//! after the original was restored from that origin (the next placement
//! tried) rewrites the three records' entries, not the whole store.

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
    /// When the original was itself a copy: its origin and the indices it
    /// had written since, at the time of this copy. While the original is
    /// still a copy of that same origin (restored from it, say, to try the
    /// next move), this store differs from it only at those indices, the
    /// original's current ones and its own ([`Journal::since_base`]).
    base: Option<(u64, u64)>,
    base_touched: Vec<u32>,
}

impl Journal {
    /// A new store's record, with a fresh id.
    #[inline]
    pub fn new() -> Journal {
        Journal {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            version: 0,
            origin: None,
            touched: Vec::new(),
            whole: false,
            base: None,
            base_touched: Vec::new(),
        }
    }

    /// Who and how changed this store is: equal stamps mean the same contents.
    #[inline]
    pub fn stamp(&self) -> (u64, u64) {
        (self.id, self.version)
    }

    /// True when this store is a copy (so writes are recorded).
    #[inline]
    pub fn is_copy(&self) -> bool {
        self.origin.is_some()
    }

    /// Entry `i` is about to change.
    #[inline]
    pub fn touch(&mut self, i: usize) {
        self.version += 1;
        if self.origin.is_some() {
            self.touched.push(u32::try_from(i).unwrap_or(u32::MAX));
        }
    }

    /// Entry `i` changed, as part of a change already counted (a copy's
    /// record; see [`Journal::touch_elsewhere`]).
    #[inline]
    pub fn record(&mut self, i: usize) {
        self.touched.push(u32::try_from(i).unwrap_or(u32::MAX));
    }

    /// Something besides the indexed entries changed (the copy keeps its
    /// own record of what).
    #[inline]
    pub fn touch_elsewhere(&mut self) {
        self.version += 1;
    }

    /// The store changed as a whole: the next copy into it copies everything.
    #[inline]
    pub fn changed_whole(&mut self) {
        self.version += 1;
        self.whole = true;
    }

    /// The entries to rewrite when copying `original` into this store, or
    /// `None` when everything must be copied.
    #[inline]
    pub fn since(&self, original: &Journal) -> Option<&[u32]> {
        (!self.whole && self.origin == Some((original.id, original.version)))
            .then_some(self.touched.as_slice())
    }

    /// The entries to rewrite when copying `original` into this store once
    /// the original has changed since this store's copy but is still a copy
    /// of the same origin (a player's position restored for the next
    /// placement, into which this store copies for each figure action): this
    /// store's writes, the original's writes at that copy, and its writes
    /// now. `None` when everything must be copied.
    #[inline]
    pub fn since_base<'a>(&'a self, original: &'a Journal) -> Option<[&'a [u32]; 3]> {
        if let Some(t) = self.since(original) {
            return Some([t, &[], &[]]);
        }
        let same_store = self.origin.is_some_and(|(id, _)| id == original.id);
        (!self.whole
            && same_store
            && !original.whole
            && self.base.is_some()
            && original.origin == self.base)
            .then_some([
                self.touched.as_slice(),
                self.base_touched.as_slice(),
                original.touched.as_slice(),
            ])
    }

    /// The entries that may differ from those of the store whose stamp
    /// ([`Journal::stamp`]) was `original` when this store was copied from
    /// it, or from a copy of it: this store's writes, and those the copy
    /// it came from had made. `None` when this store is no such copy (or
    /// changed in a way the indices don't describe).
    #[inline]
    pub fn written_since(&self, original: (u64, u64)) -> Option<[&[u32]; 2]> {
        if self.whole {
            return None;
        }
        if self.origin == Some(original) {
            return Some([&self.touched, &[]]);
        }
        (self.base == Some(original)).then_some([&self.touched, &self.base_touched])
    }

    /// This store now equals `original`.
    #[inline]
    pub fn copied(&mut self, original: &Journal) {
        self.touched.clear();
        self.whole = false;
        self.origin = Some((original.id, original.version));
        self.base = if original.whole {
            None
        } else {
            original.origin
        };
        self.base_touched.clear();
        if self.base.is_some() {
            self.base_touched.extend_from_slice(&original.touched);
        }
        self.version += 1;
    }
}
