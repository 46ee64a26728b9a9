//! Export for play-testing: print-and-play PDF sheets ([`pdf`]) and a
//! JCloisterZone add-on ([`jcz`]). Everything here reads the wire types only,
//! so it works from `tileset.json` as well as from a freshly compiled set, and
//! does no I/O: the CLI writes the bytes.

pub mod jcz;
pub mod pdf;

use std::fmt;

/// Why nothing could be exported: one sentence, naming what is at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportError(pub String);

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ExportError {}
