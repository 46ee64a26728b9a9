//! Builds AST nodes from pest pairs, and reports the statements that fell
//! through to `other_stmt` (unknown keywords, malformed statements).

use pest::iterators::Pair;
use pest::Parser;

use super::ast::{
    DieDecl, ExpansionDecl, Expect, FeatureDecl, FigureDecl, Ident, Item, Number, RoadTarget,
    RulesDecl, TileDecl, TokenEntry, TokensDecl,
};
use super::errors::parse_error;
use super::grammar::{Rule, TilesParser};
use crate::diag::{did_you_mean, Code, Diagnostic, FileId, Span};
use crate::kinds::FeatureKind;

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
        let text = pair.as_str().trim_start_matches('x');
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
            doc: String::new(),
            features: Vec::new(),
            span,
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::doc => push_doc(&mut decl.doc, &p),
                Rule::tile_id => decl.id = self.ident(&p),
                Rule::count => decl.count = Some(self.number(&p)),
                Rule::start_flag => decl.start = Some(self.span(&p)),
                Rule::other_stmt => {
                    self.other(&p, "a tile", &FeatureKind::ALL.map(FeatureKind::name))
                }
                _ => {
                    if let Some(f) = self.feature(p) {
                        decl.features.push(f);
                    }
                }
            }
        }
        decl
    }

    fn feature(&mut self, pair: Pair<'_, Rule>) -> Option<FeatureDecl> {
        let kind = match pair.as_rule() {
            Rule::city => FeatureKind::City,
            Rule::road => FeatureKind::Road,
            Rule::field => FeatureKind::Field,
            Rule::cloister => FeatureKind::Cloister,
            Rule::circus => FeatureKind::Circus,
            Rule::acrobats => FeatureKind::Acrobats,
            Rule::flier => FeatureKind::Flier,
            Rule::crop_circle => FeatureKind::CropCircle,
            _ => return None,
        };
        let span = self.span(&pair);
        let mut decl = FeatureDecl {
            kind,
            keyword_span: span,
            places: Vec::new(),
            pennants: None,
            target: None,
            touching: Vec::new(),
            argument: None,
            span,
        };
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::kw_city
                | Rule::kw_road
                | Rule::kw_field
                | Rule::kw_cloister
                | Rule::kw_circus
                | Rule::kw_acrobats
                | Rule::kw_flier
                | Rule::kw_crop => decl.keyword_span = self.span(&p),
                Rule::compass if kind == FeatureKind::Flier => {
                    decl.argument = Some(self.ident(&p));
                }
                Rule::compass => decl.places.push(self.ident(&p)),
                Rule::crop_type => decl.argument = Some(self.ident(&p)),
                Rule::pennants => {
                    let n = p.clone().into_inner().nth(1).map(|n| self.number(&n));
                    decl.pennants = Some(n.unwrap_or(Number {
                        value: 1,
                        span: self.span(&p),
                    }));
                }
                Rule::road_target => {
                    if let Some(t) = p.into_inner().next() {
                        let ident = self.ident(&t);
                        decl.target = Some(if t.as_rule() == Rule::compass {
                            RoadTarget::Place(ident)
                        } else {
                            RoadTarget::Keyword(ident)
                        });
                    }
                }
                Rule::touching => {
                    decl.touching
                        .extend(p.into_inner().skip(1).map(|n| self.ident(&n)));
                }
                _ => {}
            }
        }
        Some(decl)
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
        "city" => Rule::city_alone,
        "road" => Rule::road_alone,
        "field" => Rule::field_alone,
        "cloister" => Rule::cloister_alone,
        "circus" => Rule::circus_alone,
        "acrobats" => Rule::acrobats_alone,
        "flier" => Rule::flier_alone,
        "crop-circle" => Rule::crop_circle_alone,
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
