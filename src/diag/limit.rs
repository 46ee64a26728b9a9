//! At most [`MAX_PER_FILE`] diagnostics of a file are shown; the rest are
//! counted, so thousands of errors in one file print a page, not gigabytes.

use std::collections::BTreeMap;

use super::{Diagnostic, FileId, Span};

/// The most diagnostics shown for one file.
pub const MAX_PER_FILE: usize = 100;

/// What was left out of one file's diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Omitted {
    /// The file.
    pub file: FileId,
    /// Errors not shown.
    pub errors: usize,
    /// Warnings not shown.
    pub warnings: usize,
    /// The primary span of the first one not shown.
    pub first: Span,
}

impl Omitted {
    /// `3 more errors and 1 more warning`.
    #[must_use]
    pub fn counts(&self) -> String {
        let part =
            |n: usize, what: &str| format!("{n} more {what}{}", if n == 1 { "" } else { "s" });
        match (self.errors, self.warnings) {
            (e, 0) => part(e, "error"),
            (0, w) => part(w, "warning"),
            (e, w) => format!("{} and {}", part(e, "error"), part(w, "warning")),
        }
    }
}

/// The diagnostics to show, in the given order, and per file what was left out.
#[must_use]
pub fn limit(diagnostics: &[Diagnostic]) -> (Vec<&Diagnostic>, Vec<Omitted>) {
    let mut seen: BTreeMap<FileId, usize> = BTreeMap::new();
    let mut omitted: BTreeMap<FileId, Omitted> = BTreeMap::new();
    let mut shown = Vec::new();
    for d in diagnostics {
        let file = d.primary.span.file;
        let n = seen.entry(file).or_insert(0);
        *n += 1;
        if *n <= MAX_PER_FILE {
            shown.push(d);
            continue;
        }
        let o = omitted.entry(file).or_insert(Omitted {
            file,
            errors: 0,
            warnings: 0,
            first: d.primary.span,
        });
        if d.is_error() {
            o.errors += 1;
        } else {
            o.warnings += 1;
        }
    }
    (shown, omitted.into_values().collect())
}
