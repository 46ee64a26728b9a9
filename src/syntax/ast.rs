//! The syntax tree of a `.tiles` file. Every node keeps its span; nothing here is
//! resolved yet (a compass word is still a word, a count may be 0).

use crate::diag::{FileId, Span};
use crate::kinds::FeatureKind;

/// A word or name with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// The text.
    pub text: String,
    /// Where it is.
    pub span: Span,
}

/// An integer literal with its span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Number {
    /// The value.
    pub value: i64,
    /// Where it is.
    pub span: Span,
}

/// One parsed file.
#[derive(Clone, Debug, Default)]
pub struct File {
    /// The file.
    pub file: Option<FileId>,
    /// Its items in source order.
    pub items: Vec<Item>,
}

/// A top-level item.
#[derive(Clone, Debug)]
pub enum Item {
    /// `expansion id "name" { ... }`
    Expansion(ExpansionDecl),
    /// `tile id xN [start] { ... }`
    Tile(TileDecl),
    /// `tokens group "name" { ... }`
    Tokens(TokensDecl),
    /// `figure id "name" { ... }`
    Figure(FigureDecl),
    /// `die id { faces ... }`
    Die(DieDecl),
    /// `rules { name value ... }`
    Rules(RulesDecl),
}

/// The expansion header.
#[derive(Clone, Debug)]
pub struct ExpansionDecl {
    /// Its id.
    pub id: Ident,
    /// Display name.
    pub name: Option<String>,
    /// Doc comment.
    pub doc: String,
    /// `year N`.
    pub year: Option<Number>,
    /// `requires ID...`.
    pub requires: Vec<Ident>,
    /// `expect WHAT N`.
    pub expects: Vec<Expect>,
    /// The whole item.
    pub span: Span,
}

/// `expect WHAT N`.
#[derive(Clone, Debug)]
pub struct Expect {
    /// What is counted.
    pub what: Ident,
    /// The expected total.
    pub value: Number,
    /// The whole statement.
    pub span: Span,
}

/// A tile kind.
#[derive(Clone, Debug)]
pub struct TileDecl {
    /// Its id within the expansion.
    pub id: Ident,
    /// `xN`; `None` means one copy.
    pub count: Option<Number>,
    /// The `start` flag.
    pub start: Option<Span>,
    /// Its `///` doc comment, lines joined with newlines.
    pub doc: String,
    /// The features in source order.
    pub features: Vec<FeatureDecl>,
    /// From `tile` to the closing brace.
    pub span: Span,
}

/// What a dead-end road's `->` names.
#[derive(Clone, Debug)]
pub enum RoadTarget {
    /// A compass word naming the feature at that side.
    Place(Ident),
    /// A centre feature keyword, or `village`.
    Keyword(Ident),
}

/// One feature statement of a tile.
#[derive(Clone, Debug)]
pub struct FeatureDecl {
    /// Which feature the keyword names.
    pub kind: FeatureKind,
    /// The keyword's span.
    pub keyword_span: Span,
    /// The compass words after the keyword (sides of a city or road, slots of a field).
    pub places: Vec<Ident>,
    /// `pennant` (1) or `pennants K`.
    pub pennants: Option<Number>,
    /// A road's `-> TARGET`.
    pub target: Option<RoadTarget>,
    /// `touching PLACE+`.
    pub touching: Vec<Ident>,
    /// A flier's direction or a crop circle's type.
    pub argument: Option<Ident>,
    /// The whole statement.
    pub span: Span,
}

/// `tokens group "name" { id value xN ... }`.
#[derive(Clone, Debug)]
pub struct TokensDecl {
    /// The group id.
    pub group: Ident,
    /// Display name.
    pub name: Option<String>,
    /// The entries.
    pub entries: Vec<TokenEntry>,
    /// The whole item.
    pub span: Span,
}

/// `elephant 7 x1`.
#[derive(Clone, Debug)]
pub struct TokenEntry {
    /// Token id.
    pub id: Ident,
    /// Points.
    pub value: Number,
    /// Copies.
    pub count: Number,
}

/// `figure id "name" { per-player N; acrobat yes|no }`.
#[derive(Clone, Debug)]
pub struct FigureDecl {
    /// Figure id.
    pub id: Ident,
    /// Display name.
    pub name: Option<String>,
    /// Copies per player.
    pub per_player: Option<Number>,
    /// May it be an acrobat; defaults to yes.
    pub acrobat: Option<(bool, Span)>,
    /// The whole item.
    pub span: Span,
}

/// `die id { faces ... }`.
#[derive(Clone, Debug)]
pub struct DieDecl {
    /// Die id.
    pub id: Ident,
    /// Face values.
    pub faces: Vec<Number>,
    /// The whole item.
    pub span: Span,
}

/// `rules { name value ... }`.
#[derive(Clone, Debug)]
pub struct RulesDecl {
    /// Parameters in source order.
    pub entries: Vec<(Ident, Number)>,
    /// The whole item.
    pub span: Span,
}
