//! Front end: `.tiles` text → [`ast::File`] plus diagnostics. Never panics.
//!
//! The file is cut into items ([`split`]); each item is parsed with the pest
//! grammar and built into the AST ([`build`]). A broken item yields diagnostics
//! and is skipped; the others still parse.

pub mod ast;
mod build;
mod errors;
mod grammar;
pub mod split;

use pest::Parser;

use crate::diag::{Code, Diagnostic, FileId, Span};
use grammar::{Rule, TilesParser};

/// Parses one file. Returns every item that parsed and a diagnostic for each
/// problem found.
#[must_use]
pub fn parse(file: FileId, text: &str) -> (ast::File, Vec<Diagnostic>) {
    let mut out = ast::File {
        file: Some(file),
        items: Vec::new(),
    };
    let mut diagnostics = Vec::new();
    for chunk in split::split(text) {
        let source = &text[chunk.start..chunk.end];
        let owned;
        let input = if let Some(brace) = chunk.unclosed {
            diagnostics.push(
                Diagnostic::new(
                    Code::UnclosedBlock,
                    Span::new(file, brace, brace + 1),
                    "this `{` is never closed",
                )
                .label("opened here")
                .help("add the missing `}` before the next item"),
            );
            owned = format!("{source}\n}}");
            owned.as_str()
        } else {
            source
        };
        let mut builder = build::Builder {
            file,
            offset: chunk.start,
            diagnostics: &mut diagnostics,
        };
        match TilesParser::parse(Rule::item, input) {
            Ok(pairs) => {
                for pair in pairs {
                    if let Some(item) = builder.item(pair) {
                        out.items.push(item);
                    }
                }
            }
            Err(error) => {
                let diagnostic = errors::item_error(file, chunk.start, input, &error);
                // An unclosed block's own parse error is usually the missing brace again.
                if chunk.unclosed.is_none() || diagnostic.primary.span.start < chunk.end {
                    diagnostics.push(diagnostic);
                }
            }
        }
    }
    (out, diagnostics)
}
