//! Hover: on a tile (or `expansion/tile` naming one), its derived edges and features (fields included) and
//! its picture as a PNG data URI; on a kind, attribute, figure, group or
//! expansion, its declaration and doc comment.

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};

use super::analysis::Analysis;
use super::decls::{self, Decl, What};
use super::words::{self, Place};
use crate::syntax::ast;

/// The size the hover's picture is drawn at, in pixels.
const PICTURE: u32 = 160;

/// The hover at a byte offset of the analysed text.
#[must_use]
pub fn hover(analysis: &Analysis, offset: usize) -> Option<Hover> {
    let decls = decls::collect(&analysis.asts);
    let markdown = match words::place(analysis, offset)? {
        Place::Tile(tile) => {
            let expansion = analysis.asts[0].items.iter().find_map(|i| match i {
                ast::Item::Expansion(e) => Some(e.id.text.as_str()),
                _ => None,
            });
            tile_markdown(analysis, expansion.unwrap_or("?"), tile)
        }
        Place::Name { word, prefer } => {
            let found = decls::named(&decls, &word, analysis.doc);
            let decl = prefer
                .and_then(|w| found.iter().find(|d| d.what == w))
                .or_else(|| found.first())?;
            decl_markdown(analysis, decl)
        }
        Place::TileRef { expansion, tile } => {
            let file = decls
                .iter()
                .find(|d| d.what == What::Expansion && d.name == expansion)?
                .span
                .file;
            let decl = analysis
                .asts
                .iter()
                .filter(|t| t.file == Some(file))
                .flat_map(|t| &t.items)
                .find_map(|i| match i {
                    ast::Item::Tile(t) if t.id.text == tile => Some(t),
                    _ => None,
                })?;
            tile_markdown(analysis, &expansion, decl)
        }
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: markdown,
        }),
        range: None,
    })
}

fn decl_markdown(analysis: &Analysis, decl: &Decl) -> String {
    let text = analysis.text_of(decl.span.file);
    let source = text.get(decl.span.start..decl.span.end).unwrap_or("");
    // The declaration without its doc comment, at most 30 lines.
    let code: Vec<&str> = source
        .lines()
        .skip_while(|l| l.trim_start().starts_with("///"))
        .take(30)
        .collect();
    let mut out = format!("```tiles\n{}\n```\n", code.join("\n"));
    if !decl.doc.is_empty() {
        out.push('\n');
        out.push_str(&decl.doc);
        out.push('\n');
    }
    let file = analysis.sources.name(decl.span.file);
    out.push_str(&format!("\n*{} declared in {file}*\n", decl.what.keyword()));
    out
}

fn tile_markdown(analysis: &Analysis, expansion: &str, tile: &ast::TileDecl) -> String {
    let id = format!("{expansion}/{}", tile.id.text);
    let mut out = format!("**tile `{id}`**");
    if !tile.doc.is_empty() {
        out.push_str("\n\n");
        out.push_str(&tile.doc);
    }
    out.push_str("\n\n");
    let Some(checked) = &analysis.checked else {
        out.push_str(
            "*The set has errors: its derived edges, fields and picture show once it compiles.*\n",
        );
        return out;
    };
    let Some(index) = (0..checked.ir().tiles.len()).find(|&i| checked.tile_id(i) == id) else {
        out.push_str("*Not in the compiled set.*\n");
        return out;
    };
    let text = crate::ir::tile_text(checked.ir(), index);
    out.push_str(&format!("```text\n{}\n```\n", text.trim_end()));
    let wire = crate::emit::tileset(checked);
    if let Some(t) = wire.tiles.iter().find(|t| t.id == id) {
        match crate::render::tile_png(t, &wire.vocabulary, 0, PICTURE) {
            Ok(png) => out.push_str(&format!(
                "\n![{id}](data:image/png;base64,{})\n",
                base64(&png)
            )),
            Err(e) => out.push_str(&format!("\n*No picture: {e}*\n")),
        }
    }
    out
}

/// Standard base64 with padding.
#[must_use]
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_pads_to_whole_quads() {
        assert_eq!(super::base64(b"Man"), "TWFu");
        assert_eq!(super::base64(b"Ma"), "TWE=");
        assert_eq!(super::base64(b"M"), "TQ==");
        assert_eq!(super::base64(b""), "");
    }
}
