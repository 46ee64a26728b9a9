//! `tileforge fmt`: one canonical layout for `.tiles` files (see [`print`]
//! for the rules). Comments and doc comments are kept; the meaning never
//! changes: a file with syntax errors is refused, and the result is parsed
//! again and must give the same syntax tree (spans aside), or it is refused.
//! Formatting is idempotent.

mod lex;
mod print;
mod tree;

use crate::diag::{Diagnostic, FileId};
use crate::syntax::{ast, parse};

pub use print::WIDTH;

/// Why a file was not formatted.
#[derive(Debug)]
pub enum FmtError {
    /// The file does not parse; its syntax diagnostics.
    Syntax(Vec<Diagnostic>),
    /// The formatted text would parse differently (a formatter bug; the file
    /// is left as it is).
    Changed,
}

/// The canonical layout of `text`, a `.tiles` file numbered `file` (for the
/// diagnostics of a file that does not parse).
///
/// # Errors
/// [`FmtError::Syntax`] when `text` has syntax errors, [`FmtError::Changed`]
/// when the layout would change what it parses to.
pub fn format(file: FileId, text: &str) -> Result<String, FmtError> {
    let (before, diagnostics) = parse(file, text);
    if !diagnostics.is_empty() {
        return Err(FmtError::Syntax(diagnostics));
    }
    let formatted = layout(text);
    let (after, again) = parse(file, &formatted);
    if !again.is_empty() || shape(&before) != shape(&after) {
        return Err(FmtError::Changed);
    }
    Ok(formatted)
}

/// The canonical layout of any text, parsed or not (no check; [`format()`] checks).
#[must_use]
pub fn layout(text: &str) -> String {
    let tokens = lex::tokens(text);
    print::file(&tree::file(&tokens))
}

/// A syntax tree's text form without its spans: equal for two files that
/// differ only in layout.
fn shape(file: &ast::File) -> String {
    let debug = format!("{:?}", file.items);
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug.as_str();
    while let Some(at) = rest.find("Span {") {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        rest = rest.find('}').map_or("", |end| &rest[end + 1..]);
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(text: &str) -> String {
        format(FileId(0), text).expect("formats")
    }

    #[test]
    fn one_statement_blocks_join_and_longer_ones_split() {
        assert_eq!(
            fmt("tile  E   x5 {\n  city N\n}\ntile H x3 { city N; city S }\n"),
            "tile E x5 { city N }\ntile H x3 {\n    city N\n    city S\n}\n"
        );
    }

    #[test]
    fn comments_stay_where_they_were() {
        let text = "// head\n\n/// doc\ntile A { // after the brace\n    city N; // the city\n\n\n    // alone\n    road S -> N\n} // after\n";
        assert_eq!(
            fmt(text),
            "// head\n\n/// doc\ntile A { // after the brace\n    city N // the city\n\n    // alone\n    road S -> N\n} // after\n"
        );
    }

    #[test]
    fn parameter_blocks_join_when_they_fit() {
        let text = "kind lake spot \"Lake\" {\n    centre\n    score neighbourhood {\n complete 4\n tile.incomplete 1 }\n}\n";
        assert_eq!(
            fmt(text),
            "kind lake spot \"Lake\" {\n    centre\n    score neighbourhood { complete 4; tile.incomplete 1 }\n}\n"
        );
    }

    #[test]
    fn formatting_is_idempotent() {
        let text = "expansion x \"X\" { year 2000 ; requires base }\nremove base/D x1 // gone\nremove base/E\n\n\n\ntile A x2 start\n{\n road E W ;city N\n}\n";
        let once = fmt(text);
        assert_eq!(fmt(&once), once);
        assert_eq!(
            once,
            "expansion x \"X\" {\n    year 2000\n    requires base\n}\nremove base/D x1 // gone\nremove base/E\n\ntile A x2 start {\n    road E W\n    city N\n}\n"
        );
    }

    #[test]
    fn a_file_with_syntax_errors_is_refused() {
        assert!(matches!(
            format(FileId(0), "tile A { road S->N }"),
            Err(FmtError::Syntax(_))
        ));
    }

    #[test]
    fn a_doc_comment_inside_a_block_is_kept_whole() {
        // Inside a block a `///` line is a comment to the end of its line,
        // `;` included: it is kept as written, so it parses as it did.
        let text = "tile A {\n    city N\n    /// note; road E W\n}\n";
        assert_eq!(fmt(text), text);
    }
}
