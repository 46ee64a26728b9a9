//! The vocabulary: kinds, attributes and groups as declared in `.tiles` — by the
//! embedded prelude and by the files being compiled, the same way. The compiler
//! knows only the four shapes; everything with a name is looked up here.

use std::collections::{HashMap, HashSet};

use crate::capabilities;
use crate::diag::{did_you_mean, Code, Diagnostic, Span};
use crate::syntax::ast::{AttributeDecl, GroupDecl, KindDecl, ScoreDecl, Setting};

/// What the compiler understands geometrically about a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// A blob over whole sides (a city); it may reach into a corner.
    Region,
    /// A curve through side middles, or from one to a dead end (a road).
    Path,
    /// What remains: the fields, derived.
    Face,
    /// A point inside the tile carrying a symbol (a cloister, a garden).
    Spot,
}

impl Shape {
    /// Every shape.
    pub const ALL: [Shape; 4] = [Shape::Region, Shape::Path, Shape::Face, Shape::Spot];

    /// Its keyword.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Shape::Region => "region",
            Shape::Path => "path",
            Shape::Face => "face",
            Shape::Spot => "spot",
        }
    }

    /// Parses a keyword.
    #[must_use]
    pub fn parse(name: &str) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The scoring template a kind of this shape may use.
    #[must_use]
    pub fn template(self) -> &'static str {
        match self {
            Shape::Region | Shape::Path => "network",
            Shape::Face => "farm",
            Shape::Spot => "neighbourhood",
        }
    }
}

/// A scoring parameter as declared: `tile.complete 2`, or `+1` to add.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamDef {
    /// The name within its declaration (`tile.complete`).
    pub name: String,
    /// The value.
    pub value: i64,
    /// Adds to the value it modifies instead of replacing it.
    pub adds: bool,
    /// Its name in the declaration.
    pub span: Span,
}

/// How a declaration is drawn when nothing else says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// A built-in look of the renderer (`cathedral`, `garden`).
    pub draw: Option<String>,
    /// A colour, `#rrggbb`.
    pub colour: Option<String>,
    /// A short label drawn on it.
    pub label: Option<String>,
}

/// A declared kind of feature.
#[derive(Clone, Debug)]
pub struct KindDef {
    /// Its name (`city`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Doc comment.
    pub doc: String,
    /// Its shape.
    pub shape: Shape,
    /// The side letter of a region, path or face kind.
    pub edge: Option<u8>,
    /// Other side letters its sides meet besides its own; [`ANY`] (written
    /// `matches any`) meets every letter.
    pub matches: Vec<u8>,
    /// Who may stand on it: `follower` or figure ids.
    pub occupy: Vec<String>,
    /// Its scoring template and parameters.
    pub score: Option<(String, Vec<ParamDef>)>,
    /// Engine capabilities it switches on.
    pub capabilities: Vec<String>,
    /// A spot that dead ends meet by default; at most one per tile.
    pub centre: bool,
    /// A spot that carries a direction.
    pub arrow: bool,
    /// Words one of which follows a spot of this kind (a crop circle's type).
    pub variants: Vec<String>,
    /// For a path: the spot kinds its dead ends may end at (empty: anywhere).
    pub ends_at: Vec<String>,
    /// Where each name of `ends_at` is written, for its diagnostics.
    pub ends_at_spans: Vec<Span>,
    /// A region that may take single slots of a side, not only whole sides
    /// (`partial`: a wall along part of a side, the rest of it field).
    pub partial: bool,
    /// How it is drawn.
    pub style: Style,
    /// The expansion that declares it (`None`: the prelude).
    pub origin: Option<usize>,
    /// Its name in the declaration.
    pub span: Span,
}

/// A declared attribute of features.
#[derive(Clone, Debug)]
pub struct AttributeDef {
    /// Its name (`pennant`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Doc comment.
    pub doc: String,
    /// The kinds it may be written on (indices into the kinds).
    pub on: Vec<usize>,
    /// It carries a number of units (`pennants 2`).
    pub counted: bool,
    /// Another word for several units (`pennants`).
    pub plural: Option<String>,
    /// What it changes in its feature's scoring.
    pub params: Vec<ParamDef>,
    /// Engine capabilities it switches on.
    pub capabilities: Vec<String>,
    /// The expansions that bring its scoring rule (`scored-with`): with none
    /// of them in play, its `score` changes nothing and it is only drawn.
    /// Empty: it scores whenever it is in play.
    pub scored_with: Vec<String>,
    /// The names of `scored_with` in the declaration.
    pub scored_with_spans: Vec<Span>,
    /// How it is drawn.
    pub style: Style,
    /// The expansion that declares it (`None`: the prelude).
    pub origin: Option<usize>,
    /// Its name in the declaration.
    pub span: Span,
}

/// When a group's tiles are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DrawOrder {
    /// Before every other tile (the river).
    First,
    /// Shuffled with the rest.
    #[default]
    Mixed,
    /// After every other tile.
    Last,
}

impl DrawOrder {
    /// `first`, `mixed` or `last`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            DrawOrder::First => "first",
            DrawOrder::Mixed => "mixed",
            DrawOrder::Last => "last",
        }
    }
}

/// A declared group of tiles.
#[derive(Clone, Debug)]
pub struct GroupDef {
    /// Its name.
    pub id: String,
    /// Display name.
    pub name: String,
    /// When its tiles are drawn.
    pub draw: DrawOrder,
    /// The expansion that declares it.
    pub origin: usize,
    /// Its name in the declaration.
    pub span: Span,
}

/// Everything declared, with lookups by name.
#[derive(Clone, Debug, Default)]
pub struct Vocabulary {
    /// Kinds in declaration order (the prelude's first).
    pub kinds: Vec<KindDef>,
    /// Attributes in declaration order.
    pub attributes: Vec<AttributeDef>,
    /// Groups in declaration order.
    pub groups: Vec<GroupDef>,
    kind_index: HashMap<String, usize>,
    attribute_index: HashMap<String, usize>,
    group_index: HashMap<String, usize>,
    /// Names whose kind or attribute declaration was refused (E0107, E0110):
    /// a tile that uses one is not checked further, since what the author
    /// meant by it is unknown.
    refused: HashSet<String>,
}

/// The plural of a declared name, for messages and `expect`: `city` → `cities`,
/// `circus` → `circuses`, `acrobats` stays, `cloister` → `cloisters`.
#[must_use]
pub fn plural(name: &str) -> String {
    let consonant_y = name.ends_with('y')
        && !name.ends_with("ay")
        && !name.ends_with("ey")
        && !name.ends_with("oy");
    if consonant_y {
        format!("{}ies", &name[..name.len() - 1])
    } else if name.ends_with("us") || name.ends_with("ss") || name.ends_with('x') {
        format!("{name}es")
    } else if name.ends_with('s') {
        name.to_string()
    } else {
        format!("{name}s")
    }
}

/// Words that cannot name a kind, attribute or group.
/// The `matches` entry `any`: the kind's sides meet every side letter (an
/// abbey's). The JSON writes it `*`.
pub const ANY: u8 = b'*';

const RESERVED: &[&str] = &[
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
    "touching",
    "reaching",
    "sharing",
    "over",
    "under",
    "village",
    "alone",
    "on",
    "follower",
    "none",
];

impl Vocabulary {
    /// The kind with a name.
    #[must_use]
    pub fn kind(&self, name: &str) -> Option<usize> {
        self.kind_index.get(name).copied()
    }

    /// The attribute with a name or plural.
    #[must_use]
    pub fn attribute(&self, name: &str) -> Option<usize> {
        self.attribute_index.get(name).copied()
    }

    /// The group with a name.
    #[must_use]
    pub fn group(&self, name: &str) -> Option<usize> {
        self.group_index.get(name).copied()
    }

    /// The kind of derived fields: the first face kind.
    #[must_use]
    pub fn face_kind(&self) -> Option<usize> {
        self.kinds.iter().position(|k| k.shape == Shape::Face)
    }

    /// The side letter of a side with neither region nor path.
    #[must_use]
    pub fn face_edge(&self) -> u8 {
        self.face_kind()
            .and_then(|k| self.kinds[k].edge)
            .unwrap_or(b'F')
    }

    /// True when a side with letter `a` may lie against a side with letter `b`:
    /// the same letter, or one kind's `matches` names the other's letter.
    #[must_use]
    pub fn meets(&self, a: u8, b: u8) -> bool {
        a == b
            || self.kinds.iter().any(|k| {
                (k.edge == Some(a) && (k.matches.contains(&b) || k.matches.contains(&ANY)))
                    || (k.edge == Some(b) && (k.matches.contains(&a) || k.matches.contains(&ANY)))
            })
    }

    /// The kind whose sides carry a letter.
    #[must_use]
    pub fn kind_of_edge(&self, letter: u8) -> Option<&KindDef> {
        self.kinds.iter().find(|k| k.edge == Some(letter))
    }

    /// Kind names, for "did you mean".
    #[must_use]
    pub fn kind_names(&self) -> Vec<&str> {
        self.kinds.iter().map(|k| k.id.as_str()).collect()
    }

    /// The rule parameters the declarations define, `DECL.PARAM`, with values.
    #[must_use]
    pub fn parameters(&self) -> Vec<(String, i64)> {
        let mut out = Vec::new();
        for k in &self.kinds {
            for p in k.score.iter().flat_map(|(_, params)| params) {
                out.push((format!("{}.{}", k.id, p.name), p.value));
            }
        }
        for a in &self.attributes {
            for p in &a.params {
                out.push((format!("{}.{}", a.id, p.name), p.value));
            }
        }
        out
    }

    /// Adds a kind declaration. `origin` is its expansion (`None`: the prelude).
    pub fn declare_kind(
        &mut self,
        decl: &KindDecl,
        origin: Option<usize>,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        let Some(shape) = Shape::parse(&decl.shape.text) else {
            let names: Vec<&str> = Shape::ALL.iter().map(|s| s.name()).collect();
            let mut d = Diagnostic::new(
                Code::BadDeclaration,
                decl.shape.span,
                format!("`{}` is not a shape", decl.shape.text),
            )
            .label("expected region, path, face or spot");
            if let Some(s) = did_you_mean(&decl.shape.text, &names) {
                d = d.help(format!("did you mean `{s}`?"));
            }
            diagnostics.push(d);
            return;
        };
        if !self.free_name(&decl.id, "kind", diagnostics) {
            return;
        }
        let mut kind = KindDef {
            id: decl.id.text.clone(),
            name: decl.name.clone().unwrap_or_else(|| decl.id.text.clone()),
            doc: decl.doc.clone(),
            shape,
            edge: None,
            matches: Vec::new(),
            occupy: Vec::new(),
            score: None,
            capabilities: Vec::new(),
            centre: false,
            arrow: false,
            variants: Vec::new(),
            ends_at: Vec::new(),
            ends_at_spans: Vec::new(),
            partial: false,
            style: Style::default(),
            origin,
            span: decl.id.span,
        };
        for s in &decl.settings {
            self.kind_setting(&mut kind, s, diagnostics);
        }
        let edge_written = decl.settings.iter().any(|s| s.key.text == "edge");
        if matches!(shape, Shape::Region | Shape::Path | Shape::Face)
            && kind.edge.is_none()
            && !edge_written
        {
            diagnostics.push(
                Diagnostic::new(
                    Code::BadDeclaration,
                    decl.id.span,
                    format!("the {} kind `{}` has no side letter", shape.name(), kind.id),
                )
                .label("sides of this kind need a letter")
                .help("add `edge X` with an upper-case letter no other kind uses"),
            );
        }
        if let Some(score) = &decl.score {
            kind.score = self.kind_score(shape, score, diagnostics);
        }
        self.kind_index.insert(kind.id.clone(), self.kinds.len());
        self.kinds.push(kind);
    }

    fn kind_setting(&self, kind: &mut KindDef, s: &Setting, diagnostics: &mut Vec<Diagnostic>) {
        let shape = kind.shape;
        let only = |shapes: &[Shape], diagnostics: &mut Vec<Diagnostic>| {
            if shapes.contains(&shape) {
                return true;
            }
            let names: Vec<&str> = shapes.iter().map(|s| s.name()).collect();
            diagnostics.push(
                Diagnostic::new(
                    Code::BadDeclaration,
                    s.key.span,
                    format!("`{}` is for {} kinds", s.key.text, names.join(" and ")),
                )
                .label(format!("this kind is a {}", shape.name())),
            );
            false
        };
        let words = || s.args.iter().map(|a| a.text.clone()).collect::<Vec<_>>();
        match s.key.text.as_str() {
            "edge" => {
                if !only(&[Shape::Region, Shape::Path, Shape::Face], diagnostics) {
                    return;
                }
                if let Some(letter) = self.edge_letter(s, 0, diagnostics) {
                    if let Some(other) = self.kinds.iter().find(|k| k.edge == Some(letter)) {
                        diagnostics.push(
                            Diagnostic::new(
                                Code::BadDeclaration,
                                s.args[0].span,
                                format!(
                                    "side letter `{}` is already the {}'s",
                                    char::from(letter),
                                    other.id
                                ),
                            )
                            .label("taken")
                            .with(other.span, "declared here")
                            .help("pick another letter; `matches` lets sides of two kinds meet"),
                        );
                    } else {
                        kind.edge = Some(letter);
                    }
                }
            }
            "matches" if only(&[Shape::Region, Shape::Path, Shape::Face], diagnostics) => {
                for i in 0..s.args.len() {
                    if s.args[i].text == "any" {
                        kind.matches.push(ANY);
                    } else if let Some(letter) = self.edge_letter(s, i, diagnostics) {
                        kind.matches.push(letter);
                    }
                }
            }
            "occupy" => {
                let w = words();
                if w.iter().any(|x| x != "none") {
                    kind.occupy = w.into_iter().filter(|x| x != "none").collect();
                }
            }
            "capability" => kind.capabilities.extend(words()),
            "centre" if only(&[Shape::Spot], diagnostics) => kind.centre = true,
            "arrow" if only(&[Shape::Spot], diagnostics) => kind.arrow = true,
            "partial" if only(&[Shape::Region], diagnostics) => kind.partial = true,
            "variants" if only(&[Shape::Spot], diagnostics) => kind.variants = words(),
            "ends-at" if only(&[Shape::Path], diagnostics) => {
                // A name given twice is one place to end at (and one
                // diagnostic if it is unknown, not one per repetition).
                let mut seen = std::collections::HashSet::new();
                let first: Vec<_> = s.args.iter().filter(|a| seen.insert(&a.text)).collect();
                kind.ends_at = first.iter().map(|a| a.text.clone()).collect();
                kind.ends_at_spans = first.iter().map(|a| a.span).collect();
            }
            "draw" | "colour" | "label" => style_setting(&mut kind.style, s, diagnostics),
            "matches" | "centre" | "arrow" | "partial" | "variants" | "ends-at" => {}
            _ => unknown_setting(s, KIND_SETTINGS, "a kind declaration", diagnostics),
        }
    }

    fn edge_letter(&self, s: &Setting, i: usize, diagnostics: &mut Vec<Diagnostic>) -> Option<u8> {
        let Some(arg) = s.args.get(i) else {
            diagnostics.push(
                Diagnostic::new(Code::BadDeclaration, s.span, "a side letter is missing")
                    .label("expected an upper-case letter"),
            );
            return None;
        };
        match arg.text.as_bytes() {
            [l] if l.is_ascii_uppercase() => Some(*l),
            _ => {
                diagnostics.push(
                    Diagnostic::new(
                        Code::BadDeclaration,
                        arg.span,
                        format!("`{}` is not a side letter", arg.text),
                    )
                    .label("expected one upper-case letter"),
                );
                None
            }
        }
    }

    fn kind_score(
        &self,
        shape: Shape,
        score: &ScoreDecl,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Option<(String, Vec<ParamDef>)> {
        let expected = shape.template();
        let Some(template) = &score.template else {
            diagnostics.push(
                Diagnostic::new(
                    Code::BadDeclaration,
                    score.span,
                    "a kind's `score` names its template",
                )
                .label(format!("expected `score {expected} {{ ... }}`")),
            );
            return None;
        };
        if template.text != expected {
            diagnostics.push(
                Diagnostic::new(
                    Code::BadDeclaration,
                    template.span,
                    format!(
                        "a {} kind is scored by `{expected}`, not `{}`",
                        shape.name(),
                        template.text
                    ),
                )
                .label("wrong template for this shape"),
            );
            return None;
        }
        let allowed: &[&str] = match shape {
            Shape::Region | Shape::Path => &["tile", "tile.complete", "tile.incomplete"],
            Shape::Spot => &["complete", "tile.incomplete"],
            Shape::Face => &[],
        };
        let mut params = Vec::new();
        for p in &score.params {
            // A farm counts neighbours of kinds, checked once every kind is known.
            let known = shape == Shape::Face || allowed.contains(&p.name.text.as_str());
            if !known {
                diagnostics.push(unknown_param(&p.name.text, p.name.span, allowed, expected));
                continue;
            }
            if p.adds {
                diagnostics.push(
                    Diagnostic::new(
                        Code::BadDeclaration,
                        p.value.span,
                        "a kind's parameter sets its value",
                    )
                    .label("`+` only makes sense in an attribute, which modifies a kind")
                    .help(format!("write `{} {}`", p.name.text, p.value.value)),
                );
                continue;
            }
            params.push(ParamDef {
                name: p.name.text.clone(),
                value: p.value.value,
                adds: false,
                span: p.name.span,
            });
        }
        Some((template.text.clone(), params))
    }

    /// Adds an attribute declaration.
    pub fn declare_attribute(
        &mut self,
        decl: &AttributeDecl,
        origin: Option<usize>,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        if !self.free_name(&decl.id, "attribute", diagnostics) {
            return;
        }
        let mut on = Vec::new();
        for k in &decl.on {
            match self.kind(&k.text) {
                Some(i) => on.push(i),
                None => diagnostics.push(self.unknown_kind(&k.text, k.span)),
            }
        }
        let mut attribute = AttributeDef {
            id: decl.id.text.clone(),
            name: decl.name.clone().unwrap_or_else(|| decl.id.text.clone()),
            doc: decl.doc.clone(),
            on,
            counted: false,
            plural: None,
            params: Vec::new(),
            capabilities: Vec::new(),
            scored_with: Vec::new(),
            scored_with_spans: Vec::new(),
            style: Style::default(),
            origin,
            span: decl.id.span,
        };
        for s in &decl.settings {
            let words = || s.args.iter().map(|a| a.text.clone()).collect::<Vec<_>>();
            match s.key.text.as_str() {
                "counted" => attribute.counted = true,
                "plural" => match s.args.first() {
                    Some(p)
                        if self.attribute(&p.text).is_none() && self.kind(&p.text).is_none() =>
                    {
                        attribute.plural = Some(p.text.clone());
                    }
                    Some(p) => diagnostics.push(
                        Diagnostic::new(
                            Code::Redeclared,
                            p.span,
                            format!("`{}` already names something else", p.text),
                        )
                        .label("taken"),
                    ),
                    None => diagnostics.push(
                        Diagnostic::new(Code::BadDeclaration, s.span, "`plural` needs a word")
                            .label("expected `plural WORD`"),
                    ),
                },
                "capability" => attribute.capabilities.extend(words()),
                "scored-with" if s.args.is_empty() => diagnostics.push(
                    Diagnostic::new(
                        Code::BadDeclaration,
                        s.span,
                        "`scored-with` needs the expansions that bring the attribute's scoring",
                    )
                    .label("expected `scored-with EXPANSION+`"),
                ),
                "scored-with" => {
                    attribute.scored_with.extend(words());
                    attribute
                        .scored_with_spans
                        .extend(s.args.iter().map(|a| a.span));
                }
                "draw" | "colour" | "label" => style_setting(&mut attribute.style, s, diagnostics),
                _ => unknown_setting(
                    s,
                    ATTRIBUTE_SETTINGS,
                    "an attribute declaration",
                    diagnostics,
                ),
            }
        }
        if let Some(score) = &decl.score {
            attribute.params = self.attribute_score(&attribute, score, diagnostics);
        }
        let index = self.attributes.len();
        self.attribute_index.insert(attribute.id.clone(), index);
        if let Some(p) = &attribute.plural {
            self.attribute_index.insert(p.clone(), index);
        }
        self.attributes.push(attribute);
    }

    fn attribute_score(
        &self,
        attribute: &AttributeDef,
        score: &ScoreDecl,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Vec<ParamDef> {
        if let Some(t) = &score.template {
            diagnostics.push(
                Diagnostic::new(
                    Code::BadDeclaration,
                    t.span,
                    "an attribute modifies its kind's template and names none",
                )
                .label("write `score { ... }`"),
            );
        }
        let mut allowed: Vec<String> = ["tile", "tile.complete", "tile.incomplete"]
            .map(String::from)
            .to_vec();
        if attribute.counted {
            allowed.extend(["complete", "incomplete"].map(String::from));
        }
        for other in self.attributes.iter().filter(|a| a.counted) {
            allowed.push(format!("{}.complete", other.id));
            allowed.push(format!("{}.incomplete", other.id));
        }
        let mut out = Vec::new();
        for p in &score.params {
            if allowed.contains(&p.name.text) {
                out.push(ParamDef {
                    name: p.name.text.clone(),
                    value: p.value.value,
                    adds: p.adds,
                    span: p.name.span,
                });
            } else {
                let names: Vec<&str> = allowed.iter().map(String::as_str).collect();
                diagnostics.push(unknown_param(
                    &p.name.text,
                    p.name.span,
                    &names,
                    "an attribute",
                ));
            }
        }
        out
    }

    /// Adds a group declaration of expansion `origin`.
    pub fn declare_group(
        &mut self,
        decl: &GroupDecl,
        origin: usize,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        if let Some(&first) = self.group_index.get(&decl.id.text) {
            diagnostics.push(redeclared(
                &decl.id.text,
                decl.id.span,
                self.groups[first].span,
                "group",
            ));
            return;
        }
        let mut group = GroupDef {
            id: decl.id.text.clone(),
            name: decl.name.clone().unwrap_or_else(|| decl.id.text.clone()),
            draw: DrawOrder::Mixed,
            origin,
            span: decl.id.span,
        };
        for s in &decl.settings {
            match (s.key.text.as_str(), s.args.first().map(|a| a.text.as_str())) {
                ("draw", Some("first")) => group.draw = DrawOrder::First,
                ("draw", Some("mixed")) => group.draw = DrawOrder::Mixed,
                ("draw", Some("last")) => group.draw = DrawOrder::Last,
                ("draw", _) => diagnostics.push(
                    Diagnostic::new(
                        Code::BadDeclaration,
                        s.span,
                        "a group is drawn first, mixed or last",
                    )
                    .label("expected `draw first`, `draw mixed` or `draw last`"),
                ),
                _ => unknown_setting(s, &["draw"], "a group", diagnostics),
            }
        }
        self.group_index.insert(group.id.clone(), self.groups.len());
        self.groups.push(group);
    }

    /// Checks what can only be checked once everything is declared: a path's
    /// `ends-at` and a farm's neighbour kinds name kinds; and the capabilities
    /// the engine lacks (warnings, only for `used` kinds and attributes).
    pub fn resolve(&self, diagnostics: &mut Vec<Diagnostic>) {
        for k in &self.kinds {
            for (target, span) in k.ends_at.iter().zip(&k.ends_at_spans) {
                if self.kind(target).is_none() {
                    diagnostics.push(self.unknown_kind(target, *span));
                }
            }
            if let Some((_, params)) = &k.score {
                if k.shape == Shape::Face {
                    for p in params {
                        if self.kind(&p.name).is_none() {
                            diagnostics.push(self.unknown_kind(&p.name, p.span));
                        }
                    }
                }
            }
        }
        if self.face_kind().is_none() {
            diagnostics.push(
                Diagnostic::new(
                    Code::BadDeclaration,
                    Span::default(),
                    "no face kind is declared, so fields have no kind",
                )
                .label("the prelude declares `field`"),
            );
        }
    }

    /// Warns about capabilities the engine lacks, for the kinds and attributes
    /// a set uses; each warning points at the first use.
    pub fn check_capabilities(
        &self,
        used_kinds: &[Option<Span>],
        used_attributes: &[Option<Span>],
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        let kinds = self
            .kinds
            .iter()
            .zip(used_kinds)
            .filter_map(|(k, used)| used.map(|span| (k, span)))
            .flat_map(|(k, span)| {
                k.capabilities
                    .iter()
                    .map(move |c| (c, format!("kind `{}`", k.id), span))
            });
        let attributes = self
            .attributes
            .iter()
            .zip(used_attributes)
            .filter_map(|(a, used)| used.map(|span| (a, span)))
            .flat_map(|(a, span)| {
                a.capabilities
                    .iter()
                    .map(move |c| (c, format!("attribute `{}`", a.id), span))
            });
        let mut seen: Vec<&str> = Vec::new();
        for (capability, owner, span) in kinds.chain(attributes) {
            if capabilities::is_known(capability) || seen.contains(&capability.as_str()) {
                continue;
            }
            seen.push(capability);
            diagnostics.push(missing_capability(capability, &owner, span));
        }
    }

    /// True when the declaration of `name` was refused: errors of tiles that
    /// use it would only be its consequences.
    #[must_use]
    pub fn refused(&self, name: &str) -> bool {
        self.refused.contains(name)
    }

    fn free_name(
        &mut self,
        id: &crate::syntax::ast::Ident,
        what: &str,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> bool {
        let text = id.text.as_str();
        if RESERVED.contains(&text) || text.bytes().all(|b| b.is_ascii_uppercase()) {
            diagnostics.push(
                Diagnostic::new(
                    Code::BadDeclaration,
                    id.span,
                    format!("`{text}` cannot name a {what}"),
                )
                .label("a keyword of the language, or an upper-case compass word"),
            );
            self.refused.insert(text.to_string());
            return false;
        }
        let first = self
            .kind(text)
            .map(|i| self.kinds[i].span)
            .or_else(|| self.attribute(text).map(|i| self.attributes[i].span));
        if let Some(first) = first {
            diagnostics.push(redeclared(text, id.span, first, what));
            self.refused.insert(text.to_string());
            return false;
        }
        true
    }

    /// "no kind `x`", with the closest declared kind.
    #[must_use]
    pub fn unknown_kind(&self, name: &str, span: Span) -> Diagnostic {
        let mut d = Diagnostic::new(
            Code::UnknownName,
            span,
            format!("no kind `{name}` is declared"),
        )
        .label("unknown kind");
        if let Some(s) = did_you_mean(name, &self.kind_names()) {
            d = d.help(format!("did you mean `{s}`?"));
        }
        d
    }
}

const KIND_SETTINGS: &[&str] = &[
    "edge",
    "matches",
    "occupy",
    "capability",
    "centre",
    "arrow",
    "partial",
    "variants",
    "ends-at",
    "draw",
    "colour",
    "label",
    "score",
];

const ATTRIBUTE_SETTINGS: &[&str] = &[
    "counted",
    "plural",
    "capability",
    "scored-with",
    "draw",
    "colour",
    "label",
    "score",
];

fn style_setting(style: &mut Style, s: &Setting, diagnostics: &mut Vec<Diagnostic>) {
    let Some(arg) = s.args.first() else {
        diagnostics.push(
            Diagnostic::new(
                Code::BadDeclaration,
                s.span,
                format!("`{}` needs a value", s.key.text),
            )
            .label("missing value"),
        );
        return;
    };
    match s.key.text.as_str() {
        "draw" => style.draw = Some(arg.text.clone()),
        "colour" => {
            let t = arg.text.as_str();
            let hex =
                t.len() == 7 && t.starts_with('#') && t[1..].bytes().all(|b| b.is_ascii_hexdigit());
            if hex {
                style.colour = Some(t.to_ascii_lowercase());
            } else {
                diagnostics.push(
                    Diagnostic::new(
                        Code::BadDeclaration,
                        arg.span,
                        format!("`{t}` is not a colour"),
                    )
                    .label("expected \"#rrggbb\""),
                );
            }
        }
        _ => {
            if arg.text.chars().count() > 3 || arg.text.is_empty() {
                diagnostics.push(
                    Diagnostic::new(
                        Code::BadDeclaration,
                        arg.span,
                        "a label is one to three characters",
                    )
                    .label(if arg.text.is_empty() {
                        "empty: nothing to draw"
                    } else {
                        "too long to draw on a tile"
                    }),
                );
            } else {
                style.label = Some(arg.text.clone());
            }
        }
    }
}

fn unknown_setting(s: &Setting, allowed: &[&str], block: &str, diagnostics: &mut Vec<Diagnostic>) {
    let list = allowed
        .iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut d = Diagnostic::new(
        Code::UnknownKeyword,
        s.key.span,
        format!("unknown keyword `{}` in {block}", s.key.text),
    )
    .label(format!("expected one of {list}"));
    if let Some(m) = did_you_mean(&s.key.text, allowed) {
        d = d.help(format!("did you mean `{m}`?"));
    }
    diagnostics.push(d);
}

fn unknown_param(name: &str, span: Span, allowed: &[&str], what: &str) -> Diagnostic {
    let mut d = Diagnostic::new(
        Code::BadDeclaration,
        span,
        format!("`{name}` is not a parameter of {what}"),
    )
    .label(if allowed.is_empty() {
        "no parameters here".to_string()
    } else {
        format!("expected {}", allowed.join(", "))
    });
    if let Some(s) = did_you_mean(name, allowed) {
        d = d.help(format!("did you mean `{s}`?"));
    }
    d
}

fn redeclared(name: &str, span: Span, first: Span, what: &str) -> Diagnostic {
    let prelude = first.file == crate::diag::FileId::PRELUDE;
    let d = Diagnostic::new(
        Code::Redeclared,
        span,
        if prelude {
            format!("`{name}` is a name of the standard prelude")
        } else {
            format!("`{name}` is declared twice")
        },
    )
    .label(format!("this {what} declares it again"))
    .with(first, "first declared here");
    if prelude {
        d.help("the prelude's names cannot be redefined; give yours another name (tiles that use this one are not checked until then)")
    } else {
        d.help("tiles that use the name are not checked until it is declared once")
    }
}

fn missing_capability(capability: &str, owner: &str, span: Span) -> Diagnostic {
    Diagnostic::new(
        Code::MissingCapability,
        span,
        format!("the engine has no `{capability}` rules yet (used by {owner})"),
    )
    .label("this set compiles, renders and has `stats`, but cannot be played")
    .help(format!(
        "`play`, `score` and `simulate` refuse it; the engine has {}",
        capabilities::names().join(", ")
    ))
}
