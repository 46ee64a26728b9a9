//! What the word under the cursor is: a tile (anywhere in a tile but on a
//! name), a declared name (with what the context makes it most likely to
//! be), or a reference to a tile of another expansion (`base/D`).

use super::analysis::Analysis;
use super::decls::What;
use crate::syntax::ast;

/// What lies at an offset.
#[derive(Debug)]
pub enum Place<'a> {
    /// Inside a tile, not on a name.
    Tile(&'a ast::TileDecl),
    /// A word that may name a declaration.
    Name {
        /// The word.
        word: String,
        /// What the context says it names, when it says so.
        prefer: Option<What>,
    },
    /// `expansion/tile`, the cursor on the tile's part.
    TileRef {
        /// The expansion's id.
        expansion: String,
        /// The tile's id.
        tile: String,
    },
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'+' | b'!')
}

/// The word around `offset` (a byte range), if any.
#[must_use]
pub fn word_at(text: &str, offset: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let offset = offset.min(bytes.len());
    let mut start = offset;
    while start > 0 && is_word(bytes[start - 1]) {
        start -= 1;
    }
    let mut end = offset;
    while end < bytes.len() && is_word(bytes[end]) {
        end += 1;
    }
    (start < end).then_some((start, end))
}

/// What is at `offset` of the analysed document.
#[must_use]
pub fn place(analysis: &Analysis, offset: usize) -> Option<Place<'_>> {
    let text = analysis.text.as_str();
    let word = word_at(text, offset);
    if let Some((start, end)) = word {
        let bytes = text.as_bytes();
        if bytes.get(end) == Some(&b'/') {
            return Some(Place::Name {
                word: text[start..end].to_string(),
                prefer: Some(What::Expansion),
            });
        }
        if start > 0 && bytes[start - 1] == b'/' {
            if let Some((e_start, _)) = word_at(text, start - 1) {
                return Some(Place::TileRef {
                    expansion: text[e_start..start - 1].to_string(),
                    tile: text[start..end].to_string(),
                });
            }
        }
    }
    let item = analysis.asts[0].items.iter().find(|i| {
        let s = span(i);
        s.start <= offset && offset <= s.end
    });
    let name = |prefer| {
        word.map(|(s, e)| Place::Name {
            word: text[s..e].to_string(),
            prefer,
        })
    };
    match item {
        Some(ast::Item::Tile(tile)) => {
            let within = |s: crate::diag::Span| s.start <= offset && offset <= s.end;
            if tile.group.as_ref().is_some_and(|g| within(g.span)) {
                return name(Some(What::Group));
            }
            for feature in &tile.features {
                if within(feature.kind.span) {
                    return name(Some(What::Kind));
                }
                if feature.words.iter().any(|(w, _)| within(w.span)) {
                    return name(Some(What::Attribute));
                }
                if feature.target.as_ref().is_some_and(|t| within(t.span)) {
                    return name(Some(What::Kind));
                }
            }
            Some(Place::Tile(tile))
        }
        Some(ast::Item::Expansion(e))
            if e.requires
                .iter()
                .any(|r| r.span.start <= offset && offset <= r.span.end) =>
        {
            name(Some(What::Expansion))
        }
        Some(ast::Item::Attribute(a))
            if a.on
                .iter()
                .any(|k| k.span.start <= offset && offset <= k.span.end) =>
        {
            name(Some(What::Kind))
        }
        _ => name(None),
    }
}

/// The span of an item.
#[must_use]
pub fn span(item: &ast::Item) -> crate::diag::Span {
    match item {
        ast::Item::Expansion(d) => d.span,
        ast::Item::Tile(d) => d.span,
        ast::Item::Tokens(d) => d.span,
        ast::Item::Figure(d) => d.span,
        ast::Item::Die(d) => d.span,
        ast::Item::Rules(d) => d.span,
        ast::Item::Kind(d) => d.span,
        ast::Item::Attribute(d) => d.span,
        ast::Item::Group(d) => d.span,
        ast::Item::Remove(d) => d.span,
    }
}
