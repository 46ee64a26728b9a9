//! Lowering: AST files → [`TileSet`]. Resolves names, builds each tile's planar
//! map ([`super::tile`]), and collects every diagnostic on the way.

use std::collections::HashMap;

use rayon::prelude::*;

use super::tile::{lower_tile, LoweredTile};
use super::{Die, Expansion, Figure, TileSet, Token};
use crate::diag::{did_you_mean, Code, Diagnostic, Span};
use crate::syntax::ast::{self, Item};

/// The result of lowering: the tile set (only tiles without errors are in it)
/// and the diagnostics.
#[derive(Debug, Default)]
pub struct Lowered {
    /// What lowered.
    pub set: TileSet,
    /// Everything found.
    pub diagnostics: Vec<Diagnostic>,
}

/// Lowers parsed files into one tile set. Tiles are lowered in parallel (each
/// is independent); everything that spans tiles runs after, in source order.
#[must_use]
pub fn lower(files: &[ast::File]) -> Lowered {
    let decls: Vec<&ast::TileDecl> = files
        .iter()
        .flat_map(|f| &f.items)
        .filter_map(|item| match item {
            Item::Tile(decl) => Some(decl),
            _ => None,
        })
        .collect();
    let tiles: Vec<LoweredTile> = decls.par_iter().map(|d| lower_tile(d)).collect();
    let mut cx = Lowering {
        lowered_tiles: tiles.into_iter(),
        ..Lowering::default()
    };
    for file in files {
        cx.file(file);
    }
    Lowered {
        set: cx.set,
        diagnostics: cx.diagnostics,
    }
}

#[derive(Default)]
struct Lowering {
    set: TileSet,
    diagnostics: Vec<Diagnostic>,
    expansion_ids: HashMap<String, Span>,
    tile_ids: HashMap<(usize, String), Span>,
    figure_ids: HashMap<String, Span>,
    /// Each tile's own lowering, in source order, computed up front.
    lowered_tiles: std::vec::IntoIter<LoweredTile>,
}

impl Lowering {
    fn file(&mut self, file: &ast::File) {
        let mut current: Option<usize> = None;
        for item in &file.items {
            if let Item::Expansion(decl) = item {
                current = Some(self.expansion(decl));
                continue;
            }
            let expansion = match current {
                Some(e) => e,
                None => {
                    let span = item_span(item);
                    self.diagnostics.push(
                        Diagnostic::new(
                            Code::MissingExpansion,
                            span,
                            "this file has no `expansion` header",
                        )
                        .label("this item belongs to no expansion")
                        .help("start the file with `expansion ID \"Name\" { }`"),
                    );
                    let e = self.add_expansion(Expansion {
                        id: "unnamed".to_string(),
                        name: "unnamed".to_string(),
                        span,
                        ..Expansion::default()
                    });
                    current = Some(e);
                    e
                }
            };
            match item {
                Item::Expansion(_) => {}
                Item::Tile(decl) => self.tile(expansion, decl),
                Item::Tokens(decl) => self.tokens(expansion, decl),
                Item::Figure(decl) => self.figure(expansion, decl),
                Item::Die(decl) => self.die(expansion, decl),
                Item::Rules(decl) => self.rules(expansion, decl),
            }
        }
    }

    fn add_expansion(&mut self, expansion: Expansion) -> usize {
        self.set.expansions.push(expansion);
        self.set.expansions.len() - 1
    }

    fn error(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }

    fn expansion(&mut self, decl: &ast::ExpansionDecl) -> usize {
        let year = decl.year.and_then(|y| u32::try_from(y.value).ok());
        let index = self.add_expansion(Expansion {
            id: decl.id.text.clone(),
            name: decl.name.clone().unwrap_or_else(|| decl.id.text.clone()),
            description: decl.doc.clone(),
            year,
            requires: decl
                .requires
                .iter()
                .map(|r| (r.text.clone(), r.span))
                .collect(),
            expects: decl
                .expects
                .iter()
                .map(|e| (e.what.text.clone(), e.value.value, e.span))
                .collect(),
            span: decl.id.span,
            ..Expansion::default()
        });
        if let Some(&first) = self.expansion_ids.get(&decl.id.text) {
            let d = Diagnostic::new(
                Code::DuplicateExpansion,
                decl.id.span,
                format!("expansion `{}` is defined twice", decl.id.text),
            )
            .label("defined again here")
            .with(first, "first defined here");
            self.error(d);
        } else {
            self.expansion_ids
                .insert(decl.id.text.clone(), decl.id.span);
        }
        index
    }

    fn tile(&mut self, expansion: usize, decl: &ast::TileDecl) {
        let mut ok = true;
        let key = (expansion, decl.id.text.clone());
        if let Some(&first) = self.tile_ids.get(&key) {
            let id = format!("{}/{}", self.set.expansions[expansion].id, decl.id.text);
            let d = Diagnostic::new(
                Code::DuplicateTile,
                decl.id.span,
                format!("tile `{id}` is defined twice"),
            )
            .label("defined again here")
            .with(first, "first defined here")
            .help("give the tile another id, or merge the two and add up their counts");
            self.error(d);
            ok = false;
        } else {
            self.tile_ids.insert(key, decl.id.span);
        }
        let count = match decl.count {
            None => 1,
            Some(n) if n.value <= 0 => {
                let d = Diagnostic::new(
                    Code::ZeroCount,
                    n.span,
                    format!("tile `{}` has no copies", decl.id.text),
                )
                .label("a tile needs at least one copy")
                .help("remove the tile, or give it a count like `x1`");
                self.error(d);
                ok = false;
                0
            }
            Some(n) => u32::try_from(n.value).unwrap_or(u32::MAX),
        };
        let LoweredTile {
            features,
            relations,
            explicit_fields,
            diagnostics,
        } = self
            .lowered_tiles
            .next()
            .unwrap_or_else(|| lower_tile(decl));
        if diagnostics.iter().any(Diagnostic::is_error) {
            ok = false;
        }
        for d in diagnostics {
            self.error(d);
        }
        if !ok {
            return;
        }
        let tile_index = self.set.graph.add_tile(features.len());
        for (from, relation, to) in relations {
            self.set.graph.relate(tile_index, from, relation, to);
        }
        self.set.tiles.push(super::Tile {
            expansion,
            name: decl.id.text.clone(),
            count,
            start: u32::from(decl.start.is_some()),
            description: decl.doc.clone(),
            features,
            explicit_fields,
            span: decl.id.span,
        });
    }

    fn tokens(&mut self, expansion: usize, decl: &ast::TokensDecl) {
        let mut seen: HashMap<&str, Span> = HashMap::new();
        for entry in &decl.entries {
            if let Some(&first) = seen.get(entry.id.text.as_str()) {
                let d = duplicate(entry.id.span, first, "token", &entry.id.text);
                self.error(d);
                continue;
            }
            seen.insert(&entry.id.text, entry.id.span);
            if entry.count.value <= 0 {
                let d = Diagnostic::new(
                    Code::ZeroCount,
                    entry.count.span,
                    format!("token `{}` has no copies", entry.id.text),
                )
                .label("a token needs at least one copy");
                self.error(d);
                continue;
            }
            self.set.expansions[expansion].tokens.push(Token {
                id: entry.id.text.clone(),
                group: decl.group.text.clone(),
                value: entry.value.value,
                count: u32::try_from(entry.count.value).unwrap_or(u32::MAX),
            });
        }
    }

    fn figure(&mut self, expansion: usize, decl: &ast::FigureDecl) {
        if let Some(&first) = self.figure_ids.get(&decl.id.text) {
            let d = duplicate(decl.id.span, first, "figure", &decl.id.text);
            self.error(d);
            return;
        }
        self.figure_ids.insert(decl.id.text.clone(), decl.id.span);
        let per_player = decl.per_player.map_or(1, |n| n.value);
        if per_player <= 0 {
            let span = decl.per_player.map_or(decl.id.span, |n| n.span);
            let d = Diagnostic::new(
                Code::ZeroCount,
                span,
                format!("figure `{}` has no copies", decl.id.text),
            )
            .label("each player needs at least one");
            self.error(d);
            return;
        }
        self.set.expansions[expansion].figures.push(Figure {
            id: decl.id.text.clone(),
            name: decl.name.clone().unwrap_or_else(|| decl.id.text.clone()),
            per_player: u32::try_from(per_player).unwrap_or(u32::MAX),
            acrobat: decl.acrobat.is_none_or(|(yes, _)| yes),
        });
    }

    fn die(&mut self, expansion: usize, decl: &ast::DieDecl) {
        if decl.faces.is_empty() {
            let d = Diagnostic::new(
                Code::BadDie,
                decl.id.span,
                format!("die `{}` has no faces", decl.id.text),
            )
            .label("declared without `faces`")
            .help("add `faces 1 2 3 4 5 6`");
            self.error(d);
            return;
        }
        if let Some(bad) = decl.faces.iter().find(|f| f.value <= 0) {
            let d = Diagnostic::new(Code::BadDie, bad.span, "a die face must be at least 1")
                .label("this face");
            self.error(d);
            return;
        }
        let faces = decl
            .faces
            .iter()
            .map(|f| u32::try_from(f.value).unwrap_or(u32::MAX))
            .collect();
        self.set.expansions[expansion].dice.push(Die {
            id: decl.id.text.clone(),
            faces,
            span: decl.id.span,
        });
    }

    fn rules(&mut self, expansion: usize, decl: &ast::RulesDecl) {
        let mut seen: HashMap<&str, Span> = HashMap::new();
        for (name, value) in &decl.entries {
            if let Some(&first) = seen.get(name.text.as_str()) {
                let d = duplicate(name.span, first, "rule parameter", &name.text);
                self.error(d);
                continue;
            }
            seen.insert(&name.text, name.span);
            if !crate::rules::is_known(&name.text) {
                let mut d = Diagnostic::new(
                    Code::UnknownRule,
                    name.span,
                    format!("the engine knows no rule parameter `{}`", name.text),
                )
                .label("unknown parameter");
                if let Some(s) = did_you_mean(&name.text, &crate::rules::names()) {
                    d = d.help(format!("did you mean `{s}`?"));
                }
                self.error(d);
            }
            self.set.expansions[expansion]
                .rules
                .push((name.text.clone(), value.value, name.span));
        }
    }
}

fn duplicate(span: Span, first: Span, what: &str, name: &str) -> Diagnostic {
    Diagnostic::new(
        Code::DuplicateEntry,
        span,
        format!("{what} `{name}` is declared twice"),
    )
    .label("declared again here")
    .with(first, "first declared here")
}

fn item_span(item: &Item) -> Span {
    match item {
        Item::Expansion(d) => d.span,
        Item::Tile(d) => d.id.span,
        Item::Tokens(d) => d.group.span,
        Item::Figure(d) => d.id.span,
        Item::Die(d) => d.id.span,
        Item::Rules(d) => d.span,
    }
}
