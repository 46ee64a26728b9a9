//! Turns pest's parse errors into diagnostics that speak the language's words.

use pest::error::{Error, ErrorVariant, InputLocation};

use super::grammar::Rule;
use super::split::TOP_LEVEL;
use crate::diag::{did_you_mean, Code, Diagnostic, FileId, Span};

/// The error for an item that did not parse. `offset` is the item's position in
/// its file; `input` the item's text.
pub fn item_error(file: FileId, offset: usize, input: &str, error: &Error<Rule>) -> Diagnostic {
    if let Some(d) = unknown_item_keyword(file, offset, input) {
        return d;
    }
    parse_error(file, offset, input, error, "item")
}

/// A diagnostic for a pest error at a position inside `input`.
/// `unit` names what `input` is ("item", "statement"), for "found the end of the ...".
pub fn parse_error(
    file: FileId,
    offset: usize,
    input: &str,
    error: &Error<Rule>,
    unit: &str,
) -> Diagnostic {
    let pos = match error.location {
        InputLocation::Pos(p) | InputLocation::Span((p, _)) => p.min(input.len()),
    };
    let found = token_at(input, pos);
    let expected = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => describe(positives),
        ErrorVariant::CustomError { message } => message.clone(),
    };
    let width = found.len().max(1);
    let span = Span::new(
        file,
        offset + pos,
        offset + (pos + width).min(input.len().max(pos)),
    );
    let shown = if found.is_empty() {
        format!("the end of the {unit}")
    } else {
        format!("`{found}`")
    };
    Diagnostic::new(
        Code::Syntax,
        span,
        format!("expected {expected}, found {shown}"),
    )
    .label(format!("expected {expected}"))
}

/// The first word of an item, when it is not a top-level keyword.
fn unknown_item_keyword(file: FileId, offset: usize, input: &str) -> Option<Diagnostic> {
    let (start, word) = first_word(input)?;
    if TOP_LEVEL.contains(&word) {
        return None;
    }
    let span = Span::new(file, offset + start, offset + start + word.len());
    let mut d = Diagnostic::new(Code::UnknownKeyword, span, format!("unknown item `{word}`"))
        .label(
            "expected `expansion`, `tile`, `kind`, `attribute`, `group`, `remove`, `tokens`, \
             `figure`, `die` or `rules`",
        );
    if let Some(s) = did_you_mean(word, &TOP_LEVEL) {
        d = d.help(format!("did you mean `{s}`?"));
    }
    Some(d)
}

/// The first word after blank lines, comments and doc comments.
fn first_word(input: &str) -> Option<(usize, &str)> {
    let mut at = 0;
    for line in input.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with("//") {
            at += line.len();
            continue;
        }
        let start = at + (line.len() - trimmed.len());
        let len = trimmed
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
            .unwrap_or(trimmed.len());
        return (len > 0).then(|| (start, &input[start..start + len]));
    }
    None
}

/// The word or character at `pos`, for "found ...".
pub fn token_at(input: &str, pos: usize) -> &str {
    let rest = input.get(pos..).unwrap_or("");
    let rest = rest.split(['\n', '\r']).next().unwrap_or("");
    let word_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
        .unwrap_or(rest.len());
    if word_len > 0 {
        &rest[..word_len]
    } else {
        rest.chars().next().map_or("", |c| &rest[..c.len_utf8()])
    }
}

/// "a side, `pennant` or `pennants`", from pest's expected rules.
fn describe(rules: &[Rule]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for rule in rules {
        let name = rule_name(*rule);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    match names.as_slice() {
        [] => "something else".to_string(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::name => "a name",
        Rule::tile_id => "a tile id",
        Rule::compass => "a side or slot (N, NNE, ...)",
        Rule::int => "a number",
        Rule::count => "a count like `x2`",
        Rule::string => "a quoted name",
        Rule::kw_expansion => "`expansion`",
        Rule::kw_tile => "`tile`",
        Rule::tile_ref => "a tile of another expansion (`base/D`)",
        Rule::value => "a number (`+N` adds)",
        Rule::kw_start | Rule::start_flag => "`start`",
        Rule::kw_last | Rule::last_flag => "`last`",
        Rule::kw_first | Rule::first_flag => "`first`",
        Rule::kw_held | Rule::held_flag => "`held`",
        Rule::kw_twin | Rule::twin_flag => "`twin`",
        Rule::tile_group | Rule::kw_group => "`group`",
        Rule::replaces | Rule::kw_replaces => "`replaces`",
        Rule::touching | Rule::kw_touching => "`touching`",
        Rule::reaching | Rule::kw_reaching => "`reaching`",
        Rule::sharing | Rule::kw_sharing => "`sharing`",
        Rule::target => "`->`",
        Rule::crossing => "`over` or `under`",
        Rule::word_arg => "an attribute",
        Rule::kw_on => "`on`",
        Rule::params => "a parameter block `{ name value }`",
        Rule::yes_no => "`yes` or `no`",
        Rule::EOI => "the end of the statement",
        Rule::lbrace => "`{`",
        Rule::rbrace => "`}`",
        _ => "a statement",
    }
}
