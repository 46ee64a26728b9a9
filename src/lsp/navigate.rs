//! Go to definition (kinds, attributes, figures, groups, required
//! expansions, tiles of other expansions, across files and into the
//! prelude) and the document's outline (one symbol per item, tiles first
//! among them as they come).

use lsp_types::{DocumentSymbol, Location, SymbolKind, Uri};

use super::analysis::Analysis;
use super::decls::{self, What};
use super::position::Lines;
use super::words::{self, Place};
use crate::syntax::ast;

/// Where the name at `offset` is declared.
#[must_use]
pub fn definition(analysis: &Analysis, offset: usize, own: &Uri) -> Vec<Location> {
    let decls = decls::collect(&analysis.asts);
    match words::place(analysis, offset) {
        Some(Place::Name { word, prefer }) => {
            let found = decls::named(&decls, &word, analysis.doc);
            let best: Vec<_> = match prefer.filter(|w| found.iter().any(|d| d.what == *w)) {
                Some(w) => found.into_iter().filter(|d| d.what == w).collect(),
                None => found,
            };
            best.iter()
                .take(1)
                .filter_map(|d| analysis.location(d.name_span, own))
                .collect()
        }
        Some(Place::TileRef { expansion, tile }) => {
            let file = decls
                .iter()
                .find(|d| d.what == What::Expansion && d.name == expansion)
                .map(|d| d.span.file);
            let Some(file) = file else { return Vec::new() };
            let tree = analysis.asts.iter().find(|t| t.file == Some(file));
            tree.into_iter()
                .flat_map(|t| &t.items)
                .filter_map(|i| match i {
                    ast::Item::Tile(t) if t.id.text == tile => analysis.location(t.id.span, own),
                    _ => None,
                })
                .take(1)
                .collect()
        }
        _ => Vec::new(),
    }
}

/// One symbol per item of a parsed document.
#[must_use]
#[allow(deprecated)] // `DocumentSymbol::deprecated` must be given
pub fn symbols(file: &ast::File, text: &str, lines: &Lines) -> Vec<DocumentSymbol> {
    file.items
        .iter()
        .map(|item| {
            let (name, kind, detail, name_span) = match item {
                ast::Item::Tile(t) => {
                    let mut detail = format!("x{}", t.count.map_or(1, |c| c.value));
                    if t.start.is_some() {
                        detail.push_str(" start");
                    }
                    (
                        t.id.text.clone(),
                        SymbolKind::STRUCT,
                        Some(detail),
                        t.id.span,
                    )
                }
                ast::Item::Expansion(e) => (
                    e.id.text.clone(),
                    SymbolKind::MODULE,
                    e.name.clone(),
                    e.id.span,
                ),
                ast::Item::Kind(k) => (
                    k.id.text.clone(),
                    SymbolKind::CLASS,
                    Some(format!("kind {}", k.shape.text)),
                    k.id.span,
                ),
                ast::Item::Attribute(a) => (
                    a.id.text.clone(),
                    SymbolKind::PROPERTY,
                    Some("attribute".into()),
                    a.id.span,
                ),
                ast::Item::Figure(f) => (
                    f.id.text.clone(),
                    SymbolKind::OBJECT,
                    Some("figure".into()),
                    f.id.span,
                ),
                ast::Item::Group(g) => (
                    g.id.text.clone(),
                    SymbolKind::ENUM,
                    Some("group".into()),
                    g.id.span,
                ),
                ast::Item::Tokens(t) => (
                    t.group.text.clone(),
                    SymbolKind::CONSTANT,
                    Some("tokens".into()),
                    t.group.span,
                ),
                ast::Item::Die(d) => (
                    d.id.text.clone(),
                    SymbolKind::NUMBER,
                    Some("die".into()),
                    d.id.span,
                ),
                ast::Item::Rules(r) => ("rules".into(), SymbolKind::NAMESPACE, None, r.span),
                ast::Item::Remove(r) => (
                    format!("remove {}", r.tile.text),
                    SymbolKind::EVENT,
                    None,
                    r.tile.span,
                ),
            };
            let span = words::span(item);
            let name = if name.is_empty() {
                "?".to_string()
            } else {
                name
            };
            DocumentSymbol {
                name,
                detail,
                kind,
                tags: None,
                deprecated: None,
                range: lines.range(text, span.start, span.end),
                selection_range: lines.range(text, name_span.start, name_span.end),
                children: None,
            }
        })
        .collect()
}
