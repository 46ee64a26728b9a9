//! The declarations a document can name: the prelude's and those of every
//! file of its set (kinds, attributes, figures, groups, expansions, token
//! sets, dice), with their spans and doc comments.

use crate::diag::{FileId, Span};
use crate::syntax::ast;

/// What a name declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    /// `kind NAME SHAPE`.
    Kind,
    /// `attribute NAME on KIND+`.
    Attribute,
    /// `figure NAME`.
    Figure,
    /// `group NAME`.
    Group,
    /// `expansion NAME`.
    Expansion,
    /// `tokens NAME`.
    Tokens,
    /// `die NAME`.
    Die,
}

impl What {
    /// The keyword that declares it.
    #[must_use]
    pub fn keyword(self) -> &'static str {
        match self {
            What::Kind => "kind",
            What::Attribute => "attribute",
            What::Figure => "figure",
            What::Group => "group",
            What::Expansion => "expansion",
            What::Tokens => "tokens",
            What::Die => "die",
        }
    }
}

/// One declaration.
#[derive(Clone, Debug)]
pub struct Decl {
    /// The declared name.
    pub name: String,
    /// What it declares.
    pub what: What,
    /// The whole item.
    pub span: Span,
    /// The name's own span.
    pub name_span: Span,
    /// Its display name, if any.
    pub title: Option<String>,
    /// Its doc comment.
    pub doc: String,
    /// A kind's shape (`region`, `path`, `face`, `spot`).
    pub shape: Option<String>,
    /// The kinds an attribute may be written on.
    pub on: Vec<String>,
    /// A kind's settings, as `(key, args)`.
    pub settings: Vec<(String, Vec<String>)>,
}

fn settings(list: &[ast::Setting]) -> Vec<(String, Vec<String>)> {
    list.iter()
        .map(|s| {
            (
                s.key.text.clone(),
                s.args.iter().map(|a| a.text.clone()).collect(),
            )
        })
        .collect()
}

fn decl(name: &ast::Ident, what: What, span: Span) -> Decl {
    Decl {
        name: name.text.clone(),
        what,
        span,
        name_span: name.span,
        title: None,
        doc: String::new(),
        shape: None,
        on: Vec::new(),
        settings: Vec::new(),
    }
}

/// The declarations of the prelude and of `files`, prelude first.
#[must_use]
pub fn collect(files: &[ast::File]) -> Vec<Decl> {
    let prelude = &crate::prelude::parsed().0;
    let mut out = Vec::new();
    for file in std::iter::once(prelude).chain(files) {
        for item in &file.items {
            out.extend(of_item(item));
        }
    }
    out
}

fn of_item(item: &ast::Item) -> Option<Decl> {
    Some(match item {
        ast::Item::Kind(k) => Decl {
            title: k.name.clone(),
            doc: k.doc.clone(),
            shape: Some(k.shape.text.clone()),
            settings: settings(&k.settings),
            ..decl(&k.id, What::Kind, k.span)
        },
        ast::Item::Attribute(a) => Decl {
            title: a.name.clone(),
            doc: a.doc.clone(),
            on: a.on.iter().map(|o| o.text.clone()).collect(),
            settings: settings(&a.settings),
            ..decl(&a.id, What::Attribute, a.span)
        },
        ast::Item::Figure(f) => Decl {
            title: f.name.clone(),
            ..decl(&f.id, What::Figure, f.span)
        },
        ast::Item::Group(g) => Decl {
            title: g.name.clone(),
            settings: settings(&g.settings),
            ..decl(&g.id, What::Group, g.span)
        },
        ast::Item::Expansion(e) => Decl {
            title: e.name.clone(),
            doc: e.doc.clone(),
            ..decl(&e.id, What::Expansion, e.span)
        },
        ast::Item::Tokens(t) => Decl {
            title: t.name.clone(),
            ..decl(&t.group, What::Tokens, t.span)
        },
        ast::Item::Die(d) => decl(&d.id, What::Die, d.span),
        _ => return None,
    })
}

/// The declarations of a name, nearest file first (a fan file's own before
/// what it requires, the prelude last).
#[must_use]
pub fn named<'d>(decls: &'d [Decl], name: &str, doc: FileId) -> Vec<&'d Decl> {
    let mut found: Vec<&Decl> = decls.iter().filter(|d| d.name == name).collect();
    found.sort_by_key(|d| {
        (
            d.span.file != doc,
            d.span.file == FileId::PRELUDE,
            d.what != What::Kind,
        )
    });
    found
}
