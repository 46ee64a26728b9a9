//! Prints the layout tree in the one canonical layout:
//!
//! - items at the left margin, a block's statements indented by four spaces,
//!   one statement a line;
//! - a block of one statement (and no comment) on its item's line when that
//!   fits in [`WIDTH`] columns: `tile E x5 { city N }`; an empty block `{}`;
//! - a parameter block (`score network { ... }`) on its statement's line,
//!   its parameters joined by `; `, when it fits and holds no comment;
//! - words separated by one space; comments kept where they were (on their
//!   own line, or after the statement they followed, lined up with those of
//!   the statements around it), trailing spaces dropped;
//! - blank lines kept between items and between statements, at most one,
//!   none at the start or end of a block or the file; one final line break.

use super::tree::{Block, Entry, Part, Stmt, Top};

/// The widest line the printer joins into (longer statements stay as written).
pub const WIDTH: usize = 100;

const INDENT: &str = "    ";

/// The formatted text of a file's tree.
#[must_use]
pub fn file(tops: &[Top<'_>]) -> String {
    let mut out = String::new();
    for top in tops {
        match top {
            Top::Blank => out.push('\n'),
            Top::Comment(c) => {
                out.push_str(c);
                out.push('\n');
            }
            Top::Item {
                header,
                header_comments,
                block,
                trailing,
            } => {
                out.push_str(&header.join(" "));
                if let Some(block) = block {
                    out.push(' ');
                    let column = width(&out[out.rfind('\n').map_or(0, |p| p + 1)..]);
                    item_block(&mut out, block, header_comments, column);
                } else {
                    for c in header_comments {
                        out.push(' ');
                        out.push_str(c);
                    }
                }
                if let Some(c) = trailing {
                    out.push(' ');
                    out.push_str(c);
                }
                out.push('\n');
            }
        }
    }
    out
}

fn width(s: &str) -> usize {
    s.chars().count()
}

/// An item's block, written from `column` on.
fn item_block(out: &mut String, block: &Block<'_>, header_comments: &[&str], column: usize) {
    let mut statements = block.statements();
    let first = statements.next();
    if header_comments.is_empty() && !block.has_comments() {
        match (first, statements.next()) {
            (None, _) => {
                out.push_str("{}");
                return;
            }
            (Some(only), None) => {
                if let Some(line) = one_line(only, column + 2) {
                    if column + width(&line) + 4 <= WIDTH {
                        out.push_str("{ ");
                        out.push_str(&line);
                        out.push_str(" }");
                        return;
                    }
                }
            }
            _ => {}
        }
    }
    out.push('{');
    for c in header_comments.iter().chain(&block.open) {
        out.push(' ');
        out.push_str(c);
    }
    out.push('\n');
    lines(out, block, 1);
    out.push('}');
}

/// A block's entries on lines of their own at `depth`, each line ending in a
/// line break. The comments after consecutive one-line statements line up
/// one space after the longest of them.
fn lines(out: &mut String, block: &Block<'_>, depth: usize) {
    let rendered: Vec<Option<String>> = block
        .entries
        .iter()
        .map(|entry| match entry {
            Entry::Stmt(stmt, _) => {
                let mut text = String::new();
                indent(&mut text, depth);
                statement(&mut text, stmt, depth);
                Some(text)
            }
            _ => None,
        })
        .collect();
    let commented = |i: usize| {
        matches!(block.entries[i], Entry::Stmt(_, Some(_)))
            && rendered[i].as_ref().is_some_and(|t| !t.contains('\n'))
    };
    let mut align = vec![0; block.entries.len()];
    let mut i = 0;
    while i < block.entries.len() {
        let mut j = i;
        while j < block.entries.len() && commented(j) {
            j += 1;
        }
        let widest = (i..j)
            .filter_map(|k| rendered[k].as_deref().map(width))
            .max()
            .unwrap_or(0);
        align[i..j].fill(widest);
        i = j.max(i + 1);
    }
    for (k, entry) in block.entries.iter().enumerate() {
        match entry {
            Entry::Blank => out.push('\n'),
            Entry::Comment(c) => {
                indent(out, depth);
                out.push_str(c);
                out.push('\n');
            }
            Entry::Stmt(_, trailing) => {
                let text = rendered[k].as_deref().unwrap_or("");
                out.push_str(text);
                if let Some(c) = trailing {
                    for _ in width(text)..align[k].max(width(text)) {
                        out.push(' ');
                    }
                    out.push(' ');
                    out.push_str(c);
                }
                out.push('\n');
            }
        }
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str(INDENT);
    }
}

/// A statement at `depth`, its nested blocks on one line where they fit.
fn statement(out: &mut String, stmt: &Stmt<'_>, depth: usize) {
    for (i, part) in stmt.parts.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match part {
            Part::Word(w) => out.push_str(w),
            Part::Block(block) => {
                let column = width(&out[out.rfind('\n').map_or(0, |p| p + 1)..]);
                match one_line_block(block, column) {
                    Some(line) => out.push_str(&line),
                    None => {
                        out.push('{');
                        if let Some(c) = block.open {
                            out.push(' ');
                            out.push_str(c);
                        }
                        out.push('\n');
                        lines(out, block, depth + 1);
                        indent(out, depth);
                        out.push('}');
                    }
                }
            }
        }
    }
}

/// A statement on one line starting at `column`, if it fits and holds no comment.
fn one_line(stmt: &Stmt<'_>, column: usize) -> Option<String> {
    let mut line = String::new();
    for (i, part) in stmt.parts.iter().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        match part {
            Part::Word(w) => line.push_str(w),
            Part::Block(block) => line.push_str(&one_line_block(block, column + width(&line))?),
        }
    }
    (column + width(&line) <= WIDTH).then_some(line)
}

/// `{ a 1; b 2 }` starting at `column`, if it fits and holds no comment.
fn one_line_block(block: &Block<'_>, column: usize) -> Option<String> {
    if block.has_comments() {
        return None;
    }
    let mut parts = Vec::new();
    for stmt in block.statements() {
        parts.push(one_line(stmt, column)?);
    }
    let line = if parts.is_empty() {
        "{}".to_string()
    } else {
        format!("{{ {} }}", parts.join("; "))
    };
    (column + width(&line) <= WIDTH).then_some(line)
}
