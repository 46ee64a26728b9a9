//! The standard vocabulary, embedded: `src/prelude.tiles`, parsed once and
//! compiled before every tile set (see `docs/language.md`, "The prelude").

use std::sync::OnceLock;

use crate::diag::{Diagnostic, FileId};
use crate::syntax::{ast, parse};

/// The name diagnostics give the prelude.
pub const NAME: &str = "<prelude>";

/// The prelude's text.
pub const TEXT: &str = include_str!("prelude.tiles");

/// The parsed prelude and any diagnostics (none: a test keeps it clean).
pub fn parsed() -> &'static (ast::File, Vec<Diagnostic>) {
    static PARSED: OnceLock<(ast::File, Vec<Diagnostic>)> = OnceLock::new();
    PARSED.get_or_init(|| parse(FileId::PRELUDE, TEXT))
}
