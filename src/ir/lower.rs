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

/// Lowers parsed files into one tile set, after the embedded prelude. Every
/// declaration is read first, so a tile may use a kind declared further down or
/// in another file; then the tiles are lowered in parallel (each is independent)
/// and joined to the set in source order.
#[must_use]
pub fn lower(files: &[ast::File]) -> Lowered {
    let (prelude, prelude_diagnostics) = crate::prelude::parsed();
    let mut cx = Lowering {
        diagnostics: prelude_diagnostics.clone(),
        ..Lowering::default()
    };
    for item in &prelude.items {
        cx.prelude_item(item);
    }
    let mut decls: Vec<(usize, &ast::TileDecl)> = Vec::new();
    for file in files {
        cx.file(file, &mut decls);
    }
    cx.set.vocabulary.resolve(&mut cx.diagnostics);
    cx.check_rules();
    let vocabulary = &cx.set.vocabulary;
    let tiles: Vec<LoweredTile> = decls
        .par_iter()
        .map(|(_, d)| lower_tile(d, vocabulary))
        .collect();
    for ((expansion, decl), lowered) in decls.iter().zip(tiles) {
        if uses_refused_name(decl, &cx.set.vocabulary) {
            // Its errors would follow from the refused declaration.
            continue;
        }
        cx.tile(*expansion, decl, lowered);
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
}

impl Lowering {
    /// The prelude holds declarations only.
    fn prelude_item(&mut self, item: &Item) {
        let vocabulary = &mut self.set.vocabulary;
        match item {
            Item::Kind(decl) => vocabulary.declare_kind(decl, None, &mut self.diagnostics),
            Item::Attribute(decl) => {
                vocabulary.declare_attribute(decl, None, &mut self.diagnostics);
            }
            _ => self.diagnostics.push(Diagnostic::new(
                Code::Syntax,
                item_span(item),
                "the prelude holds kind and attribute declarations only",
            )),
        }
    }

    /// Every item of a file but its tiles, which are collected with their
    /// expansion for lowering later.
    fn file<'f>(&mut self, file: &'f ast::File, tiles: &mut Vec<(usize, &'f ast::TileDecl)>) {
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
            let vocabulary = &mut self.set.vocabulary;
            match item {
                Item::Expansion(_) => {}
                Item::Tile(decl) => tiles.push((expansion, decl)),
                Item::Tokens(decl) => self.tokens(expansion, decl),
                Item::Figure(decl) => self.figure(expansion, decl),
                Item::Die(decl) => self.die(expansion, decl),
                Item::Rules(decl) => self.rules(expansion, decl),
                Item::Kind(decl) => {
                    vocabulary.declare_kind(decl, Some(expansion), &mut self.diagnostics);
                }
                Item::Attribute(decl) => {
                    vocabulary.declare_attribute(decl, Some(expansion), &mut self.diagnostics);
                }
                Item::Group(decl) => {
                    vocabulary.declare_group(decl, expansion, &mut self.diagnostics);
                }
                Item::Remove(decl) => self.remove(expansion, decl),
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

    fn tile(&mut self, expansion: usize, decl: &ast::TileDecl, lowered: LoweredTile) {
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
        let group = decl.group.as_ref().and_then(|g| {
            let found = self.set.vocabulary.group(&g.text);
            if found.is_none() {
                let names: Vec<&str> = self
                    .set
                    .vocabulary
                    .groups
                    .iter()
                    .map(|x| x.id.as_str())
                    .collect();
                let mut d = Diagnostic::new(
                    Code::UnknownName,
                    g.span,
                    format!("no group `{}` is declared", g.text),
                )
                .label("unknown group")
                .help("declare it: `group NAME \"Name\" { draw first }`");
                if let Some(s) = did_you_mean(&g.text, &names) {
                    d = d.help(format!("did you mean `{s}`?"));
                }
                self.diagnostics.push(d);
                ok = false;
            }
            found
        });
        for (flag, word) in [(decl.first, "first"), (decl.last, "last")] {
            if let Some(span) = flag.filter(|_| decl.group.is_none()) {
                self.error(
                    Diagnostic::new(
                        Code::UnknownName,
                        span,
                        format!("`{word}` means {word} of its group"),
                    )
                    .label("this tile is in no group")
                    .help(format!("add `group NAME` before `{word}`")),
                );
                ok = false;
            }
        }
        if let (Some(first), Some(last)) = (decl.first, decl.last) {
            self.error(
                Diagnostic::new(
                    Code::BadDeclaration,
                    first.max(last),
                    "a tile is drawn `first` or `last` of its group, not both",
                )
                .label("drop one of the two"),
            );
            ok = false;
        }
        if let Some(held) = decl.held {
            let other = decl
                .start
                .map(|s| (s, "`start`"))
                .or(decl.group.as_ref().map(|g| (g.span, "a group")))
                .or(decl.replaces.as_ref().map(|r| (r.span, "`replaces`")));
            if let Some((span, what)) = other {
                self.error(
                    Diagnostic::new(
                        Code::BadDeclaration,
                        held,
                        format!("a `held` tile is never drawn, so it takes no {what}"),
                    )
                    .label("held by the players")
                    .with(span, "drawn from the bag")
                    .help("remove one of the two"),
                );
                ok = false;
            }
        }
        let start_at = decl.start_at.as_ref().and_then(|at| {
            let mut coordinate = |n: &ast::Number| {
                let v = i32::try_from(n.value)
                    .ok()
                    .filter(|v| v.abs() <= MAX_LAYOUT);
                if v.is_none() {
                    self.diagnostics.push(
                        Diagnostic::new(
                            Code::StartLayout,
                            n.span,
                            format!("a start layout spans at most {MAX_LAYOUT} squares each way"),
                        )
                        .label("too far from the first tile"),
                    );
                }
                v
            };
            let x = coordinate(&at.x);
            let y = coordinate(&at.y);
            let turns = match at.turn {
                None => Some(0),
                Some(n) => {
                    let t = u8::try_from(n.value).ok().filter(|t| *t < 4);
                    if t.is_none() {
                        self.diagnostics.push(
                            Diagnostic::new(
                                Code::StartLayout,
                                n.span,
                                format!("`turn {}` is not a quarter turn from 0 to 3", n.value),
                            )
                            .label("clockwise quarter turns")
                            .help("write `turn 1` for a quarter turn, `turn 2` for a half turn"),
                        );
                    }
                    t
                }
            };
            Some(super::StartAt {
                x: x?,
                y: y?,
                turns: turns?,
                span: at.span,
            })
        });
        if decl.start_at.is_some() && start_at.is_none() {
            ok = false;
        }
        let LoweredTile {
            features,
            relations,
            explicit_fields,
            diagnostics,
        } = lowered;
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
            start_at,
            group,
            first: decl.first.is_some(),
            last: decl.last.is_some(),
            twin: decl.twin.is_some(),
            held: decl.held.is_some(),
            replaces: decl.replaces.as_ref().map(|r| (r.text.clone(), r.span)),
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
        let mut figure = Figure {
            id: decl.id.text.clone(),
            name: decl.name.clone().unwrap_or_else(|| decl.id.text.clone()),
            per_player: u32::try_from(per_player).unwrap_or(u32::MAX),
            acrobat: decl.acrobat.is_none_or(|(yes, _)| yes),
            strength: 1,
            follower: true,
            stands_on: Vec::new(),
            neutral: false,
            supply: false,
            capabilities: Vec::new(),
            span: decl.id.span,
        };
        for s in &decl.settings {
            self.figure_setting(&mut figure, s);
        }
        for c in &figure.capabilities {
            if !crate::capabilities::is_known(c) {
                let d = Diagnostic::new(
                    Code::MissingCapability,
                    decl.id.span,
                    format!(
                        "the engine has no `{c}` rules yet (used by figure `{}`)",
                        figure.id
                    ),
                )
                .label("this set compiles, renders and has `stats`, but cannot be played")
                .help(format!(
                    "`play`, `score` and `simulate` refuse it; the engine has {}",
                    crate::capabilities::names().join(", ")
                ));
                self.error(d);
            }
        }
        self.set.expansions[expansion].figures.push(figure);
    }

    fn figure_setting(&mut self, figure: &mut Figure, s: &ast::Setting) {
        let args: Vec<&str> = s.args.iter().map(|a| a.text.as_str()).collect();
        let bad = |what: &str| {
            Diagnostic::new(
                Code::BadDeclaration,
                s.span,
                format!("`{}` takes {what}", s.key.text),
            )
            .label("malformed setting")
        };
        match (s.key.text.as_str(), args.as_slice()) {
            ("strength", [n]) => match n.parse::<u32>() {
                Ok(v) if v <= 100 => figure.strength = v,
                _ => self.error(bad("a number from 0 to 100")),
            },
            ("follower", ["yes"]) => figure.follower = true,
            ("follower", ["no"]) => figure.follower = false,
            ("stands-on", kinds) if !kinds.is_empty() => {
                for (k, ident) in kinds.iter().zip(&s.args) {
                    if self.set.vocabulary.kind(k).is_none() {
                        let d = self.set.vocabulary.unknown_kind(k, ident.span);
                        self.error(d);
                    }
                }
                figure.stands_on = kinds.iter().map(|k| (*k).to_string()).collect();
            }
            ("neutral", []) => figure.neutral = true,
            ("supply", []) => figure.supply = true,
            ("capability", names) if !names.is_empty() => {
                figure
                    .capabilities
                    .extend(names.iter().map(|n| (*n).to_string()));
            }
            ("strength", _) => self.error(bad("a number")),
            ("follower", _) => self.error(bad("`yes` or `no`")),
            ("stands-on", _) => self.error(bad("one or more kinds")),
            ("capability", _) => self.error(bad("one or more capability names")),
            ("neutral" | "supply", _) => self.error(bad("no arguments")),
            ("per-player", _) => self.error(bad("a number")),
            ("acrobat", _) => self.error(bad("`yes` or `no`")),
            _ => {
                let mut d = Diagnostic::new(
                    Code::UnknownKeyword,
                    s.key.span,
                    format!("unknown keyword `{}` in a figure", s.key.text),
                )
                .label(format!("expected one of {}", FIGURE_SETTINGS.join(", ")));
                if let Some(m) = did_you_mean(&s.key.text, FIGURE_SETTINGS) {
                    d = d.help(format!("did you mean `{m}`?"));
                }
                self.error(d);
            }
        }
    }

    fn remove(&mut self, expansion: usize, decl: &ast::RemoveDecl) {
        let count = match decl.count {
            None => None,
            Some(n) if n.value <= 0 => {
                let d = Diagnostic::new(Code::ZeroCount, n.span, "removing no copies")
                    .label("a removal needs at least one copy")
                    .help("drop the count to remove every copy");
                self.error(d);
                return;
            }
            Some(n) => Some(u32::try_from(n.value).unwrap_or(u32::MAX)),
        };
        self.set.expansions[expansion].removes.push((
            decl.tile.text.clone(),
            count,
            decl.tile.span,
        ));
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
            self.set.expansions[expansion]
                .rules
                .push((name.text.clone(), value.value, name.span));
        }
    }
}

impl Lowering {
    /// Warns about rule parameters that no declaration or capability defines.
    fn check_rules(&mut self) {
        let known: Vec<String> = crate::rules::known(&self.set.vocabulary)
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        let names: Vec<&str> = known.iter().map(String::as_str).collect();
        for e in &self.set.expansions {
            for (name, _, span) in &e.rules {
                if known.contains(name) {
                    continue;
                }
                let mut d = Diagnostic::new(
                    Code::UnknownRule,
                    *span,
                    format!("the engine knows no rule parameter `{name}`"),
                )
                .label("unknown parameter");
                if let Some(s) = did_you_mean(name, &names) {
                    d = d.help(format!("did you mean `{s}`?"));
                }
                self.diagnostics.push(d);
            }
        }
    }
}

/// How far from the first tile a start layout may place one (`start at`).
const MAX_LAYOUT: i32 = 100;

const FIGURE_SETTINGS: &[&str] = &[
    "per-player",
    "acrobat",
    "strength",
    "follower",
    "stands-on",
    "neutral",
    "supply",
    "capability",
];

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
        Item::Kind(d) => d.id.span,
        Item::Attribute(d) => d.id.span,
        Item::Group(d) => d.id.span,
        Item::Remove(d) => d.tile.span,
    }
}

/// True when a tile names a kind or attribute whose declaration was refused.
fn uses_refused_name(decl: &ast::TileDecl, vocabulary: &super::Vocabulary) -> bool {
    decl.features.iter().any(|f| {
        vocabulary.refused(&f.kind.text)
            || f.words.iter().any(|(w, _)| vocabulary.refused(&w.text))
            || f.target
                .as_ref()
                .is_some_and(|t| vocabulary.refused(&t.text))
    })
}
