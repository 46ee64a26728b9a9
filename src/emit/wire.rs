//! The JSON wire format: the contract between the compiler and every consumer
//! (the engine, the renderer of game boards, other programs).
//!
//! These types are separate from the IR on purpose: the IR may change freely,
//! these change only with [`FORMAT_VERSION`]. Every struct denies unknown fields,
//! so a reader notices when it is handed a document it does not understand.
//! The field-by-field documentation lives in `docs/tileset-format.md`.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::geometry::{Dir, Side, Slot};

/// The value of [`TileSet::format`].
pub const FORMAT: &str = "tileforge.tileset";

/// The wire format's version; bumped on every incompatible change.
pub const FORMAT_VERSION: u32 = 2;

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

fn one() -> u32 {
    1
}

fn yes() -> bool {
    true
}

/// A compiled tile set: the vocabulary it uses, its expansions and all their tiles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TileSet {
    /// Always "tileforge.tileset".
    pub format: String,
    /// The format version; a reader rejects versions it does not know.
    pub version: u32,
    /// The kinds, attributes and groups the tiles use or the inputs declare.
    pub vocabulary: Vocabulary,
    /// The expansions, in input order.
    pub expansions: Vec<Expansion>,
    /// Every tile kind of every expansion, grouped by expansion, in source order.
    pub tiles: Vec<Tile>,
}

/// Declarations: what every name in the tiles means.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Vocabulary {
    /// Kinds of feature, prelude first, in declaration order.
    pub kinds: Vec<Kind>,
    /// Attributes of features.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attributes: Vec<Attribute>,
    /// Groups of tiles with their own draw order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<Group>,
}

impl Vocabulary {
    /// The kind with an id.
    #[must_use]
    pub fn kind(&self, id: &str) -> Option<&Kind> {
        self.kinds.iter().find(|k| k.id == id)
    }

    /// The attribute with an id.
    #[must_use]
    pub fn attribute(&self, id: &str) -> Option<&Attribute> {
        self.attributes.iter().find(|a| a.id == id)
    }
}

/// What the compiler understands geometrically about a kind.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// A blob over whole sides (a city).
    Region,
    /// A curve through side middles, or to a dead end (a road).
    Path,
    /// What remains between them (a field).
    Face,
    /// A point inside the tile carrying a symbol (a cloister).
    Spot,
}

/// A kind of feature.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Kind {
    /// Its name, as tiles use it (`city`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its doc comment.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Its shape.
    pub shape: Shape,
    /// The side letter of a region, path or face kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge: Option<String>,
    /// Other side letters its sides meet besides its own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub matches: Vec<String>,
    /// Who may stand on it: `follower` (every follower figure) or figure ids.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub occupy: Vec<String>,
    /// Its scoring template and the template's parameters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<Score>,
    /// Engine capabilities it switches on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capabilities: Vec<String>,
    /// A spot that dead ends meet by default (at most one per tile).
    #[serde(default, skip_serializing_if = "is_false")]
    pub centre: bool,
    /// A spot that carries a direction (`Feature::direction`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub arrow: bool,
    /// Words one of which a spot of this kind carries (`Feature::variant`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<String>,
    /// For a path: the spot kinds its dead ends may end at.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ends_at: Vec<String>,
    /// A region that may take single slots of a side (a wall along part of
    /// a side, the rest of it field); its letter marks every side it is on.
    #[serde(default, skip_serializing_if = "is_false")]
    pub partial: bool,
    /// How to draw it.
    #[serde(default, skip_serializing_if = "Style::is_empty")]
    pub style: Style,
    /// The expansion that declares it; absent for the standard prelude.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expansion: Option<String>,
}

/// A scoring template and its parameters (`network`, `farm`, `neighbourhood`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Score {
    /// The template.
    pub template: String,
    /// Its parameters by name, as declared; a rules block may override each one
    /// under the name `KIND.PARAMETER`.
    pub params: BTreeMap<String, i64>,
}

/// How to draw a kind or attribute.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Style {
    /// A built-in look of the renderer (`cathedral`, `garden`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<String>,
    /// A colour, `#rrggbb`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    /// A short label (one to three characters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

impl Style {
    /// True when nothing is set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.draw.is_none() && self.colour.is_none() && self.label.is_none()
    }
}

/// An attribute of features (`pennant`, `inn`, `wine`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Attribute {
    /// Its name.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its doc comment.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The kinds it may be written on.
    pub on: Vec<String>,
    /// It carries a number of units (pennants).
    #[serde(default, skip_serializing_if = "is_false")]
    pub counted: bool,
    /// What it changes in the scoring of a feature that has it, by parameter.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, Modifier>,
    /// Engine capabilities it switches on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capabilities: Vec<String>,
    /// The expansions that bring its scoring rule: with none of them in play
    /// its `params` change nothing (it is only drawn). Empty: it scores
    /// whenever it is in play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scored_with: Vec<String>,
    /// How to draw it.
    #[serde(default, skip_serializing_if = "Style::is_empty")]
    pub style: Style,
    /// The expansion that declares it; absent for the standard prelude.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expansion: Option<String>,
}

/// How an attribute's parameter changes the value it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Modifier {
    /// Replaces it.
    Set(i64),
    /// Adds to it.
    Add(i64),
}

/// A group of tiles with its own draw order (the river).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// Its name.
    pub id: String,
    /// Display name.
    pub name: String,
    /// `first` (before every other tile), `mixed` or `last`.
    pub draw: String,
    /// The expansion that declares it.
    pub expansion: String,
}

/// One expansion (or the base game) and its non-tile contents.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Expansion {
    /// Identifier, e.g. `base`, `under-the-big-top`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Year of publication, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub year: Option<u32>,
    /// Ids of the expansions this one needs.
    pub requires: Vec<String>,
    /// Tokens (e.g. the animal tokens of the big top), one entry per kind.
    pub tokens: Vec<Token>,
    /// Figures each player receives (meeples, the ringmaster, ...).
    pub figures: Vec<Figure>,
    /// Dice (e.g. the flier die).
    pub dice: Vec<Die>,
    /// Rule parameters by name (e.g. `city.tile.complete`): overrides of the
    /// values the declarations give.
    pub rules: BTreeMap<String, i64>,
    /// Edition edits: copies of other expansions' tiles this one takes out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removes: Vec<Removal>,
}

/// An edition edit: `remove base/D x1`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Removal {
    /// The tile's full id.
    pub tile: String,
    /// Copies removed; absent: every copy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
}

/// A kind of token and how many copies the box holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Token {
    /// Token identifier, e.g. `elephant`.
    pub id: String,
    /// The token group it belongs to, e.g. `animal`.
    pub group: String,
    /// Its value in points.
    pub value: i64,
    /// Copies in the box.
    pub count: u32,
}

/// A figure each player receives (or a neutral one, or a supply piece).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    /// Identifier, e.g. `meeple`, `ringmaster`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Copies per player (a neutral figure: copies in the game).
    pub per_player: u32,
    /// Whether the figure may stand on acrobat spaces.
    pub acrobat: bool,
    /// Weight in majorities (1 unless declared).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub strength: u32,
    /// A follower: admitted where a kind says `occupy follower`.
    #[serde(default = "yes", skip_serializing_if = "Clone::clone")]
    pub follower: bool,
    /// Kinds it may stand on; empty: wherever a kind admits it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stands_on: Vec<String>,
    /// Belongs to no player.
    #[serde(default, skip_serializing_if = "is_false")]
    pub neutral: bool,
    /// A supply piece, not a figure.
    #[serde(default, skip_serializing_if = "is_false")]
    pub supply: bool,
    /// Engine capabilities it switches on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capabilities: Vec<String>,
}

/// A die.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Die {
    /// Identifier, e.g. `flier`.
    pub id: String,
    /// The value on each face.
    pub faces: Vec<u32>,
}

/// One tile kind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tile {
    /// Full id, `"<expansion>/<tile>"`.
    pub id: String,
    /// The expansion's id.
    pub expansion: String,
    /// Copies in the box.
    pub count: u32,
    /// How many of the copies are start tiles (0 if none).
    pub start: u32,
    /// A start set's fixed layout: where this tile lies relative to the
    /// set's first tile, and how it is turned (`start at X Y [turn N]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_at: Option<StartAt>,
    /// Its group, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// Drawn first of its group, after its start tile (added within version 2).
    #[serde(default, skip_serializing_if = "is_false")]
    pub first: bool,
    /// Drawn last of its group.
    #[serde(default, skip_serializing_if = "is_false")]
    pub last: bool,
    /// Each player holds `count` copies beside the bag; never drawn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub held: bool,
    /// The tile whose copies this one's stand in for (an edition's twin).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces: Option<String>,
    /// The tile's doc comment, or empty.
    pub description: String,
    /// Side letters N E S W, one per side: the edge letter of the region on the
    /// side, else of the path through its middle, else of the face kind.
    pub edges: String,
    /// The features; a feature's index is its id within the tile.
    pub features: Vec<Feature>,
}

/// Where a start set's tile lies: its square relative to the set's first
/// tile (x east, y south) and its clockwise quarter turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StartAt {
    /// Columns east of the first tile.
    pub x: i32,
    /// Rows south of the first tile.
    pub y: i32,
    /// Clockwise quarter turns, 0–3.
    #[serde(default)]
    pub rotation: u8,
}

impl Tile {
    /// The side letter of a side of the unrotated tile.
    #[must_use]
    pub fn edge(&self, side: Side) -> u8 {
        self.edges
            .as_bytes()
            .get(side.index())
            .copied()
            .unwrap_or(b'F')
    }

    /// The feature occupying a slot of the unrotated tile, if any.
    #[must_use]
    pub fn feature_at(&self, slot: Slot) -> Option<usize> {
        self.features.iter().position(|f| f.slots.contains(&slot))
    }
}

/// A feature of a tile. Every feature has a `kind` (a vocabulary kind's id) and
/// `slots` (empty for spots and for a field inside the tile); the rest depends
/// on the kind's shape.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Feature {
    /// Its kind.
    pub kind: String,
    /// The border slots it covers (three per side of a region, less an end
    /// another region shares, or one end of a side it shares; the middle slot
    /// per side of a path; the field slots of a face).
    pub slots: Vec<Slot>,
    /// Attributes and their units (`{"pennant": 1}`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attributes: BTreeMap<String, u32>,
    /// What a path's dead end meets (at most one entry; none for a through path).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ends: Vec<End>,
    /// Feature ids it touches: for a spot, what it is joined to; for a field,
    /// the regions (cities) it touches.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub touching: Vec<usize>,
    /// A spot's arrow, in the unrotated tile's coordinates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direction: Option<Dir>,
    /// A spot's variant (a crop circle's `city`, `road` or `field`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Corners a region reaches into.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reaches: Vec<Dir>,
    /// A region or path marked to cross others: how, and what.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crossing: Option<Crossing>,
}

impl Feature {
    /// A feature of a kind over some slots, with nothing else set.
    #[must_use]
    pub fn new(kind: &str, slots: Vec<Slot>) -> Feature {
        Feature {
            kind: kind.to_string(),
            slots,
            attributes: BTreeMap::new(),
            ends: Vec::new(),
            touching: Vec::new(),
            direction: None,
            variant: None,
            reaches: Vec::new(),
            crossing: None,
        }
    }

    /// Units of an attribute (0 when absent).
    #[must_use]
    pub fn units(&self, attribute: &str) -> u32 {
        self.attributes.get(attribute).copied().unwrap_or(0)
    }
}

/// What a dead end meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum End {
    /// The village at the centre of the tile, where dead ends meet.
    Village,
    /// Nothing: the dead end stops by itself (a house), meeting no other.
    Alone,
    /// Another feature of the tile (a spot or a region).
    Feature {
        /// The feature's id within the tile.
        feature: usize,
    },
}

/// A feature crossing others.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Crossing {
    /// `over` (a bridge) or `under` (a tunnel).
    pub way: String,
    /// Feature ids it crosses.
    pub crosses: Vec<usize>,
}
