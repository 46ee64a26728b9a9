//! The syntax tree of a `.tiles` file. Every node keeps its span; nothing here is
//! resolved yet (a compass word is still a word, a count may be 0).

use crate::diag::{FileId, Span};

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
    /// `kind name shape "Name" { ... }`
    Kind(KindDecl),
    /// `attribute name on kind+ "Name" { ... }`
    Attribute(AttributeDecl),
    /// `group name "Name" { ... }`
    Group(GroupDecl),
    /// `remove expansion/tile [xN]`
    Remove(RemoveDecl),
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
    /// `start at X Y [turn N]`: where a start set's tile lies.
    pub start_at: Option<Box<StartAt>>,
    /// The `first` flag: drawn first of its group, after its start tile.
    pub first: Option<Span>,
    /// The `last` flag: drawn last of its group.
    pub last: Option<Span>,
    /// The `twin` flag: a deliberate twin of another tile (no W0602).
    pub twin: Option<Span>,
    /// The `held` flag: the count is each player's, beside the bag.
    pub held: Option<Span>,
    /// `group NAME`.
    pub group: Option<Ident>,
    /// `replaces EXPANSION/TILE`.
    pub replaces: Option<Ident>,
    /// Its `///` doc comment, lines joined with newlines.
    pub doc: String,
    /// The features in source order.
    pub features: Vec<FeatureDecl>,
    /// From `tile` to the closing brace.
    pub span: Span,
}

/// `at X Y [turn N]` after `start`: a square relative to the start set's
/// first tile (x east, y south) and clockwise quarter turns.
#[derive(Clone, Debug)]
pub struct StartAt {
    /// Column offset.
    pub x: Number,
    /// Row offset.
    pub y: Number,
    /// Quarter turns, if written.
    pub turn: Option<Number>,
    /// From `at` to the last number.
    pub span: Span,
}

/// One feature statement of a tile: a kind's name and what follows it.
#[derive(Clone, Debug)]
pub struct FeatureDecl {
    /// The kind's name (`city`, `cloister`, a fan's `lake`).
    pub kind: Ident,
    /// The compass words after the name, in order (sides of a region or path,
    /// slots of a field, a spot's arrow).
    pub places: Vec<Ident>,
    /// Lower-case words after the name, each with an optional number: attributes
    /// (`pennant`, `pennants 2`, `inn`) or a spot's variant (`road`).
    pub words: Vec<(Ident, Option<Number>)>,
    /// `-> TARGET`: a compass word, a spot kind or `village`.
    pub target: Option<Ident>,
    /// `touching PLACE+`.
    pub touching: Vec<Ident>,
    /// `reaching CORNER+`.
    pub reaching: Vec<Ident>,
    /// `sharing SIDE+`: sides whose end nearest this region is its, the rest
    /// another region's.
    pub sharing: Vec<Ident>,
    /// `over` or `under`.
    pub crossing: Option<Ident>,
    /// The whole statement.
    pub span: Span,
}

/// One statement of a declaration block: a keyword and its arguments.
#[derive(Clone, Debug)]
pub struct Setting {
    /// The keyword (`edge`, `occupy`, `draw`, ...).
    pub key: Ident,
    /// Its arguments, as written (names, compass words, numbers, strings unquoted).
    pub args: Vec<Ident>,
    /// The whole statement.
    pub span: Span,
}

/// `score [TEMPLATE] [{ PARAM VALUE ... }]`.
#[derive(Clone, Debug)]
pub struct ScoreDecl {
    /// The template (`network`, `farm`, `neighbourhood`); attributes have none.
    pub template: Option<Ident>,
    /// Parameters: name, value, and whether the value adds (`+1`) or sets.
    pub params: Vec<Param>,
    /// The whole statement.
    pub span: Span,
}

/// A scoring parameter.
#[derive(Clone, Debug)]
pub struct Param {
    /// Its name (`tile.complete`).
    pub name: Ident,
    /// The value.
    pub value: Number,
    /// Written with a leading `+`: added to the value it modifies.
    pub adds: bool,
}

/// `kind NAME SHAPE "Name" { ... }`.
#[derive(Clone, Debug)]
pub struct KindDecl {
    /// Its name.
    pub id: Ident,
    /// `region`, `path`, `face` or `spot`.
    pub shape: Ident,
    /// Display name.
    pub name: Option<String>,
    /// Doc comment.
    pub doc: String,
    /// The block's statements other than `score`.
    pub settings: Vec<Setting>,
    /// `score ...`.
    pub score: Option<ScoreDecl>,
    /// The whole item.
    pub span: Span,
}

/// `attribute NAME on KIND+ "Name" { ... }`.
#[derive(Clone, Debug)]
pub struct AttributeDecl {
    /// Its name.
    pub id: Ident,
    /// The kinds it may be written on.
    pub on: Vec<Ident>,
    /// Display name.
    pub name: Option<String>,
    /// Doc comment.
    pub doc: String,
    /// The block's statements other than `score`.
    pub settings: Vec<Setting>,
    /// `score { ... }`.
    pub score: Option<ScoreDecl>,
    /// The whole item.
    pub span: Span,
}

/// `group NAME "Name" { draw first }`.
#[derive(Clone, Debug)]
pub struct GroupDecl {
    /// Its name.
    pub id: Ident,
    /// Display name.
    pub name: Option<String>,
    /// The block's statements.
    pub settings: Vec<Setting>,
    /// The whole item.
    pub span: Span,
}

/// `remove EXPANSION/TILE [xN]`.
#[derive(Clone, Debug)]
pub struct RemoveDecl {
    /// The tile, `expansion/tile`.
    pub tile: Ident,
    /// Copies removed; `None` means all.
    pub count: Option<Number>,
    /// The whole item.
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
    /// Other statements (`strength 2`, `stands-on cloister garden`, `neutral`, ...).
    pub settings: Vec<Setting>,
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
