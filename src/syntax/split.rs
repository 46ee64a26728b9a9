//! Cuts a file into its top-level items before parsing, so that an error in one
//! item never hides the errors of the next.
//!
//! An item ends at the `}` that closes its first `{`. A line that starts with a
//! top-level keyword while a block is still open also starts a new item: the open
//! one is reported as unclosed, and parsing goes on from there.

/// One top-level item's byte range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// First byte (a doc comment or the keyword).
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// The `{` that was never closed, if any.
    pub unclosed: Option<usize>,
}

/// Keywords that start a top-level item.
pub const TOP_LEVEL: [&str; 10] = [
    "expansion",
    "tile",
    "kind",
    "attribute",
    "group",
    "remove",
    "tokens",
    "figure",
    "die",
    "rules",
];

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')
}

/// True when the word at `at` is a top-level keyword.
fn starts_item(bytes: &[u8], at: usize) -> bool {
    let mut end = at;
    while end < bytes.len() && is_ident_byte(bytes[end]) {
        end += 1;
    }
    let word = &bytes[at..end];
    TOP_LEVEL.iter().any(|k| k.as_bytes() == word)
}

/// Splits `text` into items. Never fails; whitespace and comments between items
/// belong to no chunk.
#[must_use]
pub fn split(text: &str) -> Vec<Chunk> {
    let bytes = text.as_bytes();
    let mut chunks = Vec::new();
    let mut start: Option<usize> = None;
    let mut depth = 0usize;
    let mut open_brace = 0usize;
    let mut line_start = true;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if b == b' ' || b == b'\t' || b == b'\r' {
            i += 1;
            continue;
        }
        let at_line_start = std::mem::take(&mut line_start);
        if bytes[i..].starts_with(b"//") {
            let is_doc = bytes[i..].starts_with(b"///") && !bytes[i..].starts_with(b"////");
            if is_doc && depth == 0 {
                match start {
                    None => start = Some(i),
                    // A doc comment after an item without braces (`remove`)
                    // belongs to the next item: end that one here.
                    Some(s) if at_line_start && !only_docs(&text[s..i]) => {
                        chunks.push(Chunk {
                            start: s,
                            end: trim_end(text, s, i),
                            unclosed: None,
                        });
                        start = Some(i);
                    }
                    Some(_) => {}
                }
            }
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if at_line_start && starts_item(bytes, i) {
            if let Some(s) = start {
                let line = text[..i].rfind('\n').map_or(0, |p| p + 1);
                let after_docs = depth == 0 && only_docs(&text[s..line]);
                if !after_docs {
                    let unclosed = (depth > 0).then_some(open_brace);
                    chunks.push(Chunk {
                        start: s,
                        end: trim_end(text, s, line),
                        unclosed,
                    });
                    start = None;
                    depth = 0;
                }
            }
        }
        if start.is_none() {
            start = Some(i);
        }
        match b {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += 1;
                }
                if i < bytes.len() && bytes[i] == b'"' {
                    i += 1;
                }
                continue;
            }
            b'{' => {
                if depth == 0 {
                    open_brace = i;
                }
                depth += 1;
            }
            b'}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    if let Some(s) = start.take() {
                        chunks.push(Chunk {
                            start: s,
                            end: i + 1,
                            unclosed: None,
                        });
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    if let Some(s) = start {
        let unclosed = (depth > 0).then_some(open_brace);
        chunks.push(Chunk {
            start: s,
            end: trim_end(text, s, text.len()),
            unclosed,
        });
    }
    chunks
}

/// True when the text holds nothing but doc comments and blank lines.
fn only_docs(text: &str) -> bool {
    text.lines().all(|l| {
        let l = l.trim();
        l.is_empty() || l.starts_with("///")
    })
}

fn trim_end(text: &str, start: usize, end: usize) -> usize {
    start + text[start..end].trim_end().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(text: &str) -> Vec<&str> {
        split(text).iter().map(|c| &text[c.start..c.end]).collect()
    }

    #[test]
    fn items_end_at_their_closing_brace() {
        let text = "expansion x {\n}\n// note\n/// doc\ntile A { city N }\ntile B {}";
        assert_eq!(
            pieces(text),
            [
                "expansion x {\n}",
                "/// doc\ntile A { city N }",
                "tile B {}"
            ]
        );
    }

    #[test]
    fn an_unclosed_block_ends_at_the_next_top_level_keyword() {
        let text = "tile A {\n city N\ntile B { road E W }\n";
        let chunks = split(text);
        assert_eq!(chunks.len(), 2);
        assert_eq!(chunks[0].unclosed, Some(7));
        assert_eq!(&text[chunks[1].start..chunks[1].end], "tile B { road E W }");
    }

    #[test]
    fn a_doc_comment_after_an_item_without_braces_starts_the_next() {
        let text = "remove base/D x1\n/// doc\ntile A { city N }\n";
        assert_eq!(
            pieces(text),
            ["remove base/D x1", "/// doc\ntile A { city N }"]
        );
    }

    #[test]
    fn braces_in_strings_and_comments_do_not_count() {
        let text = "expansion x \"a { b\" { // }\n}\ntile A {}";
        assert_eq!(pieces(text).len(), 2);
    }
}
