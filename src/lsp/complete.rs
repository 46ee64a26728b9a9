//! Completion from the text as typed: top-level keywords at the start of an
//! item; in a tile, kind names at the start of a statement, then the sides,
//! slots, directions, variants and attributes that fit the kind, and the
//! words after `->`, `touching`, `reaching`, `sharing`; declared groups, required
//! expansions and kinds in the headers and blocks that name them.

use lsp_types::{CompletionItem, CompletionItemKind};

use super::decls::{Decl, What};
use crate::syntax::split;

const SIDES: [&str; 4] = ["N", "E", "S", "W"];
const SLOTS: [&str; 12] = [
    "NNW", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW",
];
const CORNERS: [&str; 4] = ["NE", "SE", "SW", "NW"];
const DIRECTIONS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
const TILE_FLAGS: [&str; 6] = ["start", "last", "twin", "held", "group", "replaces"];
const EXPANSION_KEYWORDS: [&str; 3] = ["year", "expect", "requires"];

fn item(label: &str, kind: CompletionItemKind, detail: Option<String>) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail,
        ..CompletionItem::default()
    }
}

fn words(list: &[&str], kind: CompletionItemKind) -> Vec<CompletionItem> {
    list.iter().map(|w| item(w, kind, None)).collect()
}

fn declared(decls: &[Decl], what: What, kind: CompletionItemKind) -> Vec<CompletionItem> {
    let mut out: Vec<CompletionItem> = Vec::new();
    for d in decls.iter().filter(|d| d.what == what) {
        if !out.iter().any(|c| c.label == d.name) {
            out.push(item(&d.name, kind, d.title.clone()));
        }
    }
    out
}

/// The text of `text[start..end]` with comments and strings blanked, and
/// the brace depth at its end.
fn code_and_depth(text: &str) -> (String, usize) {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                out.push(' ');
                for c in chars.by_ref() {
                    if c == '"' || c == '\n' {
                        if c == '\n' {
                            out.push('\n');
                        }
                        break;
                    }
                }
            }
            '{' => {
                depth += 1;
                out.push(c);
            }
            '}' => {
                depth = depth.saturating_sub(1);
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    (out, depth)
}

/// Completions at `offset` of `text`, from the declarations a document can
/// name and the expansions found around it.
#[must_use]
pub fn complete(
    text: &str,
    offset: usize,
    decls: &[Decl],
    available: &[String],
) -> Vec<CompletionItem> {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let chunk = split::split(text)
        .into_iter()
        .rfind(|c| c.start <= offset)
        .filter(|c| offset <= c.end || c.unclosed.is_some());
    let Some(chunk) = chunk else {
        return words(&split::TOP_LEVEL, CompletionItemKind::KEYWORD);
    };
    let (code, depth) = code_and_depth(&text[chunk.start..offset]);
    let keyword = code.split_whitespace().next().unwrap_or("").to_string();
    // The statement being typed: from the last separator on.
    let statement = code
        .rfind(['\n', ';', '{', '}'])
        .map_or(code.as_str(), |at| &code[at + 1..]);
    let mut tokens: Vec<&str> = statement.split_whitespace().collect();
    let typing = !statement.is_empty() && !statement.ends_with(char::is_whitespace);
    if typing {
        tokens.pop();
    }
    let previous = tokens.last().copied().unwrap_or("");
    let expansions = || {
        available
            .iter()
            .map(|a| item(a, CompletionItemKind::MODULE, None))
            .collect::<Vec<_>>()
    };
    match (keyword.as_str(), depth) {
        (_, 0) if tokens.is_empty() => words(&split::TOP_LEVEL, CompletionItemKind::KEYWORD),
        ("tile", 0) => match previous {
            "group" => declared(decls, What::Group, CompletionItemKind::ENUM),
            "replaces" => expansions(),
            _ if tokens.len() >= 2 => words(&TILE_FLAGS, CompletionItemKind::KEYWORD),
            _ => Vec::new(),
        },
        ("attribute", 0) if tokens.contains(&"on") => {
            declared(decls, What::Kind, CompletionItemKind::CLASS)
        }
        ("remove", 0) => expansions(),
        ("expansion", 1) => match tokens.first() {
            Some(&"requires") => expansions(),
            None => words(&EXPANSION_KEYWORDS, CompletionItemKind::KEYWORD),
            _ => Vec::new(),
        },
        ("tile", 1) => match tokens.first() {
            None => declared(decls, What::Kind, CompletionItemKind::CLASS),
            Some(kind) => feature_words(decls, kind, previous),
        },
        _ => Vec::new(),
    }
}

/// What may follow in a statement of kind `kind` after `previous`.
fn feature_words(decls: &[Decl], kind: &str, previous: &str) -> Vec<CompletionItem> {
    use CompletionItemKind as K;
    match previous {
        "->" => {
            let mut out = words(&SIDES, K::ENUM_MEMBER);
            out.extend(
                decls
                    .iter()
                    .filter(|d| d.what == What::Kind && d.shape.as_deref() == Some("spot"))
                    .map(|d| item(&d.name, K::CLASS, d.title.clone())),
            );
            out.push(item("village", K::KEYWORD, None));
            return out;
        }
        "touching" => return words(&SLOTS, K::ENUM_MEMBER),
        "reaching" => return words(&CORNERS, K::ENUM_MEMBER),
        "sharing" => return words(&SIDES, K::ENUM_MEMBER),
        _ => {}
    }
    let Some(decl) = decls
        .iter()
        .rev()
        .find(|d| d.what == What::Kind && d.name == kind)
    else {
        return Vec::new();
    };
    let setting = |key: &str| decl.settings.iter().find(|(k, _)| k == key);
    let mut out = match decl.shape.as_deref() {
        Some("region") => {
            let mut out = words(&SIDES, K::ENUM_MEMBER);
            out.extend(words(&["reaching", "sharing", "over", "under"], K::KEYWORD));
            out
        }
        Some("path") => {
            let mut out = words(&SIDES, K::ENUM_MEMBER);
            out.extend(words(&["->", "over", "under"], K::KEYWORD));
            out
        }
        Some("face") => words(&SLOTS, K::ENUM_MEMBER),
        _ => {
            let mut out = Vec::new();
            if setting("arrow").is_some() {
                out.extend(words(&DIRECTIONS, K::ENUM_MEMBER));
            }
            if let Some((_, variants)) = setting("variants") {
                out.extend(
                    variants
                        .iter()
                        .map(|v| item(v, K::ENUM_MEMBER, Some("variant".into()))),
                );
            }
            out
        }
    };
    out.push(item("touching", K::KEYWORD, None));
    for d in decls
        .iter()
        .filter(|d| d.what == What::Attribute && d.on.iter().any(|o| o == kind))
    {
        if !out.iter().any(|c| c.label == d.name) {
            out.push(item(&d.name, K::PROPERTY, d.title.clone()));
        }
    }
    out
}
