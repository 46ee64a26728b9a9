//! Builds AST nodes from pest pairs, and reports the statements that fell
//! through to `other_stmt` (unknown keywords, malformed statements).

use pest::iterators::Pair;
use pest::Parser;

use super::ast::{
    AttributeDecl, DieDecl, ExpansionDecl, Expect, FeatureDecl, FigureDecl, GroupDecl, Ident, Item,
    KindDecl, Number, Param, RemoveDecl, RulesDecl, ScoreDecl, Setting, StartAt, TileDecl,
    TokenEntry, TokensDecl,
};
use super::errors::parse_error;
use super::grammar::{Rule, TilesParser};
use crate::diag::{did_you_mean, Code, Diagnostic, FileId, Span};

/// Builds the items of one chunk; positions are offset by the chunk's start.
pub struct Builder<'d> {
    pub file: FileId,
    pub offset: usize,
    /// End of the real text: an unclosed item is parsed with a `}` added past it.
    pub limit: usize,
    pub diagnostics: &'d mut Vec<Diagnostic>,
}

const EXPANSION_KEYWORDS: [&str; 3] = ["year", "expect", "requires"];
const FIGURE_KEYWORDS: [&str; 2] = ["per-player", "acrobat"];
/// Where a statement that fits no form in a tile is reported against.
const TILE_BLOCK: &str = "a tile";
const DIE_KEYWORDS: [&str; 1] = ["faces"];

impl Builder<'_> {
    fn span(&self, pair: &Pair<'_, Rule>) -> Span {
        let s = pair.as_span();
        let at = |p: usize| (self.offset + p).min(self.limit);
        Span::new(self.file, at(s.start()), at(s.end()))
    }

    fn ident(&self, pair: &Pair<'_, Rule>) -> Ident {
        Ident {
            text: pair.as_str().to_string(),
            span: self.span(pair),
        }
    }

    fn number(&mut self, pair: &Pair<'_, Rule>) -> Number {
        let span = self.span(pair);
        let text = pair.as_str().trim_start_matches(['x', '+']);
        let value = text
            .parse::<i64>()
            .ok()
            .filter(|v| v.unsigned_abs() <= 1_000_000_000);
        if value.is_none() {
            let (what, bound) = if text.starts_with('-') {
                ("too small", "at least -1000000000")
            } else {
                ("too large", "at most 1000000000")
            };
            self.diagnostics.push(
                Diagnostic::new(
                    Code::InvalidNumber,
                    span,
                    format!("`{}` is {what}", pair.as_str()),
                )
                .label(bound),
            );
        }
        // An out-of-range number stands as 1 from here on: valid wherever a
        // number is, so its one error is not followed by "a count of 0".
        Number {
            value: value.unwrap_or(1),
            span,
        }
    }

    /// One top-level item.
    pub fn item(&mut self, pair: Pair<'_, Rule>) -> Option<Item> {
        match pair.as_rule() {
            Rule::expansion => Some(Item::Expansion(self.expansion(pair))),
            Rule::tile => Some(Item::Tile(self.tile(pair))),
            Rule::tokens => Some(Item::Tokens(self.tokens(pair))),
            Rule::figure => Some(Item::Figure(self.figure(pair))),
            Rule::die => Some(Item::Die(self.die(pair))),
            Rule::rules => Some(Item::Rules(self.rules(pair))),
            Rule::kind => Some(Item::Kind(self.kind(pair))),
            Rule::attribute => Some(Item::Attribute(self.attribute(pair))),
            Rule::group => Some(Item::Group(self.group(pair))),
            Rule::remove => Some(Item::Remove(self.remove(pair))),
            _ => None,
        }
    }

    fn expansion(&mut self, pair: Pair<'_, Rule>) -> ExpansionDecl {
        let span = self.span(&pair);
        let mut decl = ExpansionDecl {
            id: Ident {
                text: String::new(),
                span,
            },
            name: None,
            doc: String::new(),
            year: None,
            requires: Vec::new(),
            expects: Vec::new(),
            span,
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::doc => push_doc(&mut decl.doc, &p),
                Rule::name => decl.id = self.ident(&p),
                Rule::string => decl.name = Some(string_value(&p)),
                Rule::year => decl.year = p.into_inner().nth(1).map(|n| self.number(&n)),
                Rule::expect => {
                    let stmt_span = self.span(&p);
                    let mut inner = p.into_inner().skip(1);
                    if let (Some(what), Some(value)) = (inner.next(), inner.next()) {
                        let what = self.ident(&what);
                        let value = self.number(&value);
                        decl.expects.push(Expect {
                            what,
                            value,
                            span: stmt_span,
                        });
                    }
                }
                Rule::requires => {
                    decl.requires
                        .extend(p.into_inner().skip(1).map(|n| self.ident(&n)));
                }
                Rule::other_stmt => self.other(&p, "an expansion header", &EXPANSION_KEYWORDS),
                _ => {}
            }
        }
        decl
    }

    fn tile(&mut self, pair: Pair<'_, Rule>) -> TileDecl {
        let span = self.span(&pair);
        let mut decl = TileDecl {
            id: Ident {
                text: String::new(),
                span,
            },
            count: None,
            start: None,
            start_at: None,
            first: None,
            last: None,
            twin: None,
            held: None,
            group: None,
            replaces: None,
            doc: String::new(),
            features: Vec::new(),
            span,
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::doc => push_doc(&mut decl.doc, &p),
                Rule::tile_id => decl.id = self.tile_id(&p),
                Rule::count => decl.count = Some(self.number(&p)),
                Rule::start_flag => {
                    // The flag's span is the keyword's (`start_flag` may
                    // end in the whitespace before a missing `at`).
                    let mut inner = p.clone().into_inner();
                    let kw = inner.next().unwrap_or_else(|| p.clone());
                    let span = self.once(decl.start.is_some(), &kw);
                    decl.start = Some(span);
                    if let Some(at) = inner.find(|q| q.as_rule() == Rule::start_at) {
                        decl.start_at = Some(Box::new(self.start_at(at)));
                    }
                }
                Rule::first_flag => {
                    let span = self.once(decl.first.is_some(), &p);
                    decl.first = Some(span);
                }
                Rule::last_flag => {
                    let span = self.once(decl.last.is_some(), &p);
                    decl.last = Some(span);
                }
                Rule::twin_flag => {
                    let span = self.once(decl.twin.is_some(), &p);
                    decl.twin = Some(span);
                }
                Rule::held_flag => {
                    let span = self.once(decl.held.is_some(), &p);
                    decl.held = Some(span);
                }
                Rule::tile_group => {
                    self.once(decl.group.is_some(), &p);
                    decl.group = p.into_inner().nth(1).map(|n| self.ident(&n));
                }
                Rule::replaces => {
                    self.once(decl.replaces.is_some(), &p);
                    decl.replaces = p.into_inner().nth(1).map(|n| self.ident(&n));
                }
                Rule::feature => decl.features.push(self.feature(p)),
                Rule::other_stmt => self.statement(&p, TILE_BLOCK),
                _ => {}
            }
        }
        decl
    }

    /// `at X Y [turn N]`.
    fn start_at(&mut self, pair: Pair<'_, Rule>) -> StartAt {
        let span = self.span(&pair);
        let mut ints = Vec::new();
        let mut turn = None;
        for q in pair.into_inner() {
            match q.as_rule() {
                Rule::int => ints.push(self.number(&q)),
                Rule::start_turn => {
                    turn = q
                        .into_inner()
                        .find(|n| n.as_rule() == Rule::int)
                        .map(|n| self.number(&n));
                }
                _ => {}
            }
        }
        let zero = Number { value: 0, span };
        let mut ints = ints.into_iter();
        StartAt {
            x: ints.next().unwrap_or(zero),
            y: ints.next().unwrap_or(zero),
            turn,
            span,
        }
    }

    /// A flag of a tile header, reported when it is written a second time.
    fn once(&mut self, seen: bool, pair: &Pair<'_, Rule>) -> Span {
        let span = self.span(pair);
        if seen {
            let word = pair.as_str().split_whitespace().next().unwrap_or("");
            self.diagnostics.push(
                Diagnostic::new(
                    Code::Syntax,
                    span,
                    format!("`{word}` is written twice in this tile's header"),
                )
                .label("again here"),
            );
        }
        span
    }

    /// A tile id, without the quotes of a quoted one.
    fn tile_id(&self, pair: &Pair<'_, Rule>) -> Ident {
        match pair.clone().into_inner().next() {
            Some(text) => self.ident(&text),
            None => self.ident(pair),
        }
    }

    fn feature(&mut self, pair: Pair<'_, Rule>) -> FeatureDecl {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let kind = inner.next().map_or(
            Ident {
                text: String::new(),
                span,
            },
            |k| self.ident(&k),
        );
        let mut decl = FeatureDecl {
            kind,
            places: Vec::new(),
            words: Vec::new(),
            target: None,
            touching: Vec::new(),
            reaching: Vec::new(),
            sharing: Vec::new(),
            crossing: None,
            span,
        };
        for p in inner {
            match p.as_rule() {
                Rule::compass => decl.places.push(self.ident(&p)),
                Rule::target => decl.target = p.into_inner().next().map(|t| self.ident(&t)),
                Rule::touching => {
                    decl.touching
                        .extend(p.into_inner().skip(1).map(|n| self.ident(&n)));
                }
                Rule::reaching => {
                    decl.reaching
                        .extend(p.into_inner().skip(1).map(|n| self.ident(&n)));
                }
                Rule::sharing => {
                    decl.sharing
                        .extend(p.into_inner().skip(1).map(|n| self.ident(&n)));
                }
                Rule::crossing => decl.crossing = Some(self.ident(&p)),
                Rule::word_arg => {
                    let mut parts = p.into_inner();
                    if let Some(word) = parts.next() {
                        let word = self.ident(&word);
                        let number = parts.next().map(|n| self.number(&n));
                        decl.words.push((word, number));
                    }
                }
                _ => {}
            }
        }
        decl
    }

    /// The statements of a declaration block: settings and at most one `score`.
    fn declaration_body<'i>(
        &mut self,
        pairs: impl Iterator<Item = Pair<'i, Rule>>,
        block: &str,
    ) -> (Vec<Setting>, Option<ScoreDecl>) {
        let mut settings = Vec::new();
        let mut score = None;
        for p in pairs {
            match p.as_rule() {
                Rule::setting => settings.push(self.setting(p)),
                Rule::score => score = Some(self.score(p)),
                Rule::other_stmt => self.statement(&p, block),
                _ => {}
            }
        }
        (settings, score)
    }

    fn setting(&mut self, pair: Pair<'_, Rule>) -> Setting {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let key = inner.next().map_or(
            Ident {
                text: String::new(),
                span,
            },
            |k| self.ident(&k),
        );
        let args = inner
            .map(|a| {
                if a.as_rule() == Rule::string {
                    Ident {
                        text: string_value(&a),
                        span: self.span(&a),
                    }
                } else {
                    self.ident(&a)
                }
            })
            .collect();
        Setting { key, args, span }
    }

    fn score(&mut self, pair: Pair<'_, Rule>) -> ScoreDecl {
        let span = self.span(&pair);
        let mut decl = ScoreDecl {
            template: None,
            params: Vec::new(),
            span,
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => decl.template = Some(self.ident(&p)),
                Rule::params => {
                    for entry in p.into_inner() {
                        match entry.as_rule() {
                            Rule::param => {
                                let mut parts = entry.into_inner();
                                if let (Some(name), Some(value)) = (parts.next(), parts.next()) {
                                    let adds = value.as_str().starts_with('+');
                                    let name = self.ident(&name);
                                    let value = self.number(&value);
                                    decl.params.push(Param { name, value, adds });
                                }
                            }
                            Rule::param_other => self.reparse(&entry, Rule::param_alone),
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        decl
    }

    fn kind(&mut self, pair: Pair<'_, Rule>) -> KindDecl {
        let span = self.span(&pair);
        let empty = Ident {
            text: String::new(),
            span,
        };
        let mut doc = String::new();
        let mut names = Vec::new();
        let mut name = None;
        let mut body = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::doc => push_doc(&mut doc, &p),
                Rule::name => names.push(self.ident(&p)),
                Rule::string => name = Some(string_value(&p)),
                Rule::kw_kind | Rule::lbrace | Rule::rbrace => {}
                _ => body.push(p),
            }
        }
        let (settings, score) = self.declaration_body(body.into_iter(), "a kind declaration");
        let mut names = names.into_iter();
        KindDecl {
            id: names.next().unwrap_or_else(|| empty.clone()),
            shape: names.next().unwrap_or(empty),
            name,
            doc,
            settings,
            score,
            span,
        }
    }

    fn attribute(&mut self, pair: Pair<'_, Rule>) -> AttributeDecl {
        let span = self.span(&pair);
        let mut doc = String::new();
        let mut names = Vec::new();
        let mut name = None;
        let mut body = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::doc => push_doc(&mut doc, &p),
                Rule::name => names.push(self.ident(&p)),
                Rule::string => name = Some(string_value(&p)),
                Rule::kw_attribute | Rule::kw_on | Rule::lbrace | Rule::rbrace => {}
                _ => body.push(p),
            }
        }
        let (settings, score) = self.declaration_body(body.into_iter(), "an attribute declaration");
        let mut names = names.into_iter();
        AttributeDecl {
            id: names.next().unwrap_or(Ident {
                text: String::new(),
                span,
            }),
            on: names.collect(),
            name,
            doc,
            settings,
            score,
            span,
        }
    }

    fn group(&mut self, pair: Pair<'_, Rule>) -> GroupDecl {
        let span = self.span(&pair);
        let mut decl = GroupDecl {
            id: Ident {
                text: String::new(),
                span,
            },
            name: None,
            settings: Vec::new(),
            span,
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => decl.id = self.ident(&p),
                Rule::string => decl.name = Some(string_value(&p)),
                Rule::setting => decl.settings.push(self.setting(p)),
                Rule::other_stmt => self.statement(&p, "a group"),
                _ => {}
            }
        }
        decl
    }

    fn remove(&mut self, pair: Pair<'_, Rule>) -> RemoveDecl {
        let span = self.span(&pair);
        let mut decl = RemoveDecl {
            tile: Ident {
                text: String::new(),
                span,
            },
            count: None,
            span,
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::tile_ref => decl.tile = self.ident(&p),
                Rule::count => decl.count = Some(self.number(&p)),
                _ => {}
            }
        }
        decl
    }

    fn tokens(&mut self, pair: Pair<'_, Rule>) -> TokensDecl {
        let span = self.span(&pair);
        let mut decl = TokensDecl {
            group: Ident {
                text: String::new(),
                span,
            },
            name: None,
            entries: Vec::new(),
            span,
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => decl.group = self.ident(&p),
                Rule::string => decl.name = Some(string_value(&p)),
                Rule::token_entry => {
                    let mut inner = p.into_inner();
                    if let (Some(id), Some(value), Some(count)) =
                        (inner.next(), inner.next(), inner.next())
                    {
                        let id = self.ident(&id);
                        let value = self.number(&value);
                        let count = self.number(&count);
                        decl.entries.push(TokenEntry { id, value, count });
                    }
                }
                Rule::other_stmt => self.reparse(&p, Rule::token_alone),
                _ => {}
            }
        }
        decl
    }

    fn figure(&mut self, pair: Pair<'_, Rule>) -> FigureDecl {
        let span = self.span(&pair);
        let mut decl = FigureDecl {
            id: Ident {
                text: String::new(),
                span,
            },
            name: None,
            per_player: None,
            acrobat: None,
            settings: Vec::new(),
            span,
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => decl.id = self.ident(&p),
                Rule::string => decl.name = Some(string_value(&p)),
                Rule::per_player => {
                    decl.per_player = p.into_inner().nth(1).map(|n| self.number(&n))
                }
                Rule::acrobat_flag => {
                    if let Some(v) = p.into_inner().nth(1) {
                        decl.acrobat = Some((v.as_str() == "yes", self.span(&v)));
                    }
                }
                Rule::setting => decl.settings.push(self.setting(p)),
                Rule::other_stmt => self.other(&p, "a figure", &FIGURE_KEYWORDS),
                _ => {}
            }
        }
        decl
    }

    fn die(&mut self, pair: Pair<'_, Rule>) -> DieDecl {
        let span = self.span(&pair);
        let mut decl = DieDecl {
            id: Ident {
                text: String::new(),
                span,
            },
            faces: Vec::new(),
            span,
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => decl.id = self.ident(&p),
                Rule::faces => {
                    let faces: Vec<_> = p.into_inner().skip(1).collect();
                    decl.faces = faces.iter().map(|n| self.number(n)).collect();
                }
                Rule::other_stmt => self.other(&p, "a die", &DIE_KEYWORDS),
                _ => {}
            }
        }
        decl
    }

    fn rules(&mut self, pair: Pair<'_, Rule>) -> RulesDecl {
        let span = self.span(&pair);
        let mut decl = RulesDecl {
            entries: Vec::new(),
            span,
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::rule_entry => {
                    let mut inner = p.into_inner();
                    if let (Some(name), Some(value)) = (inner.next(), inner.next()) {
                        let name = self.ident(&name);
                        let value = self.number(&value);
                        decl.entries.push((name, value));
                    }
                }
                Rule::other_stmt => self.reparse(&p, Rule::rule_alone),
                _ => {}
            }
        }
        decl
    }

    /// A statement of a tile or declaration that fits no form: its first word is
    /// resolved later against the vocabulary, so here only the shape is wrong.
    /// Re-parsed alone, the error names what was expected where.
    fn statement(&mut self, pair: &Pair<'_, Rule>, block: &str) {
        let text = pair.as_str();
        if text.trim_start().starts_with("///") {
            return;
        }
        let starts_with_word = text
            .trim_start()
            .starts_with(|c: char| c.is_ascii_alphabetic());
        if starts_with_word {
            let rule = if block == TILE_BLOCK {
                Rule::feature_alone
            } else {
                Rule::setting_alone
            };
            self.reparse(pair, rule);
            return;
        }
        let start = self.offset + pair.as_span().start();
        let token = super::errors::token_at(text, 0);
        let span = Span::new(self.file, start, start + token.len().max(1));
        self.diagnostics.push(
            Diagnostic::new(
                Code::Syntax,
                span,
                format!("expected a statement of {block}, found `{token}`"),
            )
            .label("a statement starts with a name"),
        );
    }

    /// A statement that matched no known form inside a block with `keywords`.
    fn other(&mut self, pair: &Pair<'_, Rule>, block: &str, keywords: &[&str]) {
        let text = pair.as_str();
        if text.trim_start().starts_with("///") {
            return; // a stray doc comment inside a block is only a comment
        }
        let word_len = text
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
            .unwrap_or(text.len());
        let word = &text[..word_len];
        if let Some(rule) = alone_rule(word).filter(|_| keywords.contains(&word)) {
            self.reparse(pair, rule);
            return;
        }
        let start = self.offset + pair.as_span().start();
        let list = keywords
            .iter()
            .map(|k| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(", ");
        let d = if word.is_empty() {
            let token = super::errors::token_at(text, 0);
            let span = Span::new(self.file, start, start + token.len().max(1));
            Diagnostic::new(
                Code::Syntax,
                span,
                format!("expected a statement of {block}, found `{token}`"),
            )
            .label(format!("expected one of {list}"))
        } else {
            let span = Span::new(self.file, start, start + word.len());
            let mut d = Diagnostic::new(
                Code::UnknownKeyword,
                span,
                format!("unknown keyword `{word}` in {block}"),
            )
            .label(format!("expected one of {list}"));
            if let Some(s) = did_you_mean(word, keywords) {
                d = d.help(format!("did you mean `{s}`?"));
            }
            d
        };
        self.diagnostics.push(d);
    }

    /// Parses a fallen-through statement alone with the rule its keyword names,
    /// to report exactly what was expected where.
    fn reparse(&mut self, pair: &Pair<'_, Rule>, rule: Rule) {
        let text = pair.as_str();
        let start = self.offset + pair.as_span().start();
        let d = match TilesParser::parse(rule, text) {
            Err(e) => parse_error(self.file, start, text.trim_end(), &e, "statement"),
            Ok(_) => Diagnostic::new(
                Code::Syntax,
                Span::new(self.file, start, start + text.len()),
                "this statement is not allowed here",
            ),
        };
        self.diagnostics.push(d);
    }
}

/// The single-statement rule for a keyword, if it is a known one.
fn alone_rule(word: &str) -> Option<Rule> {
    Some(match word {
        "year" => Rule::year_alone,
        "expect" => Rule::expect_alone,
        "requires" => Rule::requires_alone,
        "per-player" => Rule::per_player_alone,
        "acrobat" => Rule::acrobat_alone,
        "faces" => Rule::faces_alone,
        _ => return None,
    })
}

fn push_doc(doc: &mut String, pair: &Pair<'_, Rule>) {
    let text = pair.as_str().trim_start_matches("///").trim_end();
    let text = text.strip_prefix(' ').unwrap_or(text);
    if !doc.is_empty() {
        doc.push('\n');
    }
    doc.push_str(text);
}

fn string_value(pair: &Pair<'_, Rule>) -> String {
    let s = pair.as_str();
    s.get(1..s.len().saturating_sub(1))
        .unwrap_or("")
        .to_string()
}
