//! Front end: `.tiles` text → [`ast::File`] plus diagnostics. Never panics.
//!
//! The file is cut into items ([`split`]); each item is parsed with the pest
//! grammar and built into the AST (`build`). A broken item yields diagnostics
//! and is skipped; the others still parse.

pub mod ast;
mod build;
mod errors;
mod grammar;
pub mod split;

use pest::Parser;
use rayon::prelude::*;

use crate::diag::{Code, Diagnostic, FileId, Span};
use grammar::{Rule, TilesParser};

/// Parses one file. Returns every item that parsed and a diagnostic for each
/// problem found. Items are parsed in parallel; the result is in source order
/// whatever the number of threads.
#[must_use]
pub fn parse(file: FileId, text: &str) -> (ast::File, Vec<Diagnostic>) {
    let parsed: Vec<(Option<ast::Item>, Vec<Diagnostic>)> = split::split(text)
        .par_iter()
        .map(|chunk| parse_item(file, text, chunk))
        .collect();
    let mut out = ast::File {
        file: Some(file),
        items: Vec::with_capacity(parsed.len()),
    };
    let mut diagnostics = Vec::new();
    for (item, mut d) in parsed {
        out.items.extend(item);
        diagnostics.append(&mut d);
    }
    (out, diagnostics)
}

/// The expansion header of a file, parsed alone (the file's first item, if
/// it is one), to learn what a file defines and requires without parsing its
/// tiles. Its diagnostics are left to [`parse`].
#[must_use]
pub fn parse_header(file: FileId, text: &str) -> Option<ast::ExpansionDecl> {
    let first = split::split(text).into_iter().next()?;
    match parse_item(file, text, &first).0 {
        Some(ast::Item::Expansion(header)) => Some(header),
        _ => None,
    }
}

/// Parses the item a chunk holds.
fn parse_item(
    file: FileId,
    text: &str,
    chunk: &split::Chunk,
) -> (Option<ast::Item>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
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
        limit: chunk.end,
        diagnostics: &mut diagnostics,
    };
    let item = match TilesParser::parse(Rule::item, input) {
        Ok(pairs) => pairs.into_iter().find_map(|pair| builder.item(pair)),
        Err(error) => {
            let mut diagnostic = errors::item_error(file, chunk.start, input, &error);
            let span = &mut diagnostic.primary.span;
            span.end = span.end.min(chunk.end.max(span.start));
            // An unclosed block's own parse error is usually the missing brace again.
            if chunk.unclosed.is_none() || diagnostic.primary.span.start < chunk.end {
                diagnostics.push(diagnostic);
            }
            None
        }
    };
    (item, diagnostics)
}
