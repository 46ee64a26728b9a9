//! The intermediate representation: each tile a planar map over the 12 border
//! slots, and the tile set's feature graph.
//!
//! [`lower`] resolves the declarations into a [`Vocabulary`] (the prelude's and
//! the files' own), then the tiles against it (sides into slots, `touching` into
//! features), derives the fields and the regions they touch ([`planar`]), and
//! records every relation between features in the [`FeatureGraph`]. The IR is not
//! `Serialize`: the wire format is a separate contract (`emit::wire`).

mod graph;
mod lower;
pub mod planar;
mod text;
mod tile;
pub mod vocab;

pub use graph::{FeatureGraph, FeatureRef, Relation};
pub use lower::{lower, Lowered};
pub use text::{tile_text, tileset_text};
pub use vocab::{Shape, Vocabulary};

use crate::diag::Span;
use crate::geometry::{Dir, Side, Slot};

/// The lowered input: every expansion and tile of every file, the vocabulary
/// they use, plus the graph.
#[derive(Clone, Debug, Default)]
pub struct TileSet {
    /// Kinds, attributes and groups: the prelude's, then the files' own.
    pub vocabulary: Vocabulary,
    /// Expansions in input order.
    pub expansions: Vec<Expansion>,
    /// Tiles in input order; a tile names its expansion by index.
    pub tiles: Vec<Tile>,
    /// Relations between the features of all tiles.
    pub graph: FeatureGraph,
}

/// An expansion and its non-tile contents.
#[derive(Clone, Debug, Default)]
pub struct Expansion {
    /// Identifier.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Doc comment.
    pub description: String,
    /// Year of publication.
    pub year: Option<u32>,
    /// Required expansions, with the span of each name.
    pub requires: Vec<(String, Span)>,
    /// `expect` clauses: what, value, span of the statement.
    pub expects: Vec<(String, i64, Span)>,
    /// Token kinds.
    pub tokens: Vec<Token>,
    /// Figures.
    pub figures: Vec<Figure>,
    /// Dice.
    pub dice: Vec<Die>,
    /// Rule parameters: name, value, span of the name.
    pub rules: Vec<(String, i64, Span)>,
    /// Edition edits: `remove EXPANSION/TILE [xN]` (`None`: every copy).
    pub removes: Vec<(String, Option<u32>, Span)>,
    /// The header's id (for diagnostics).
    pub span: Span,
}

/// A token kind.
#[derive(Clone, Debug)]
pub struct Token {
    /// Token id.
    pub id: String,
    /// Group id (the `tokens` block's name).
    pub group: String,
    /// Points.
    pub value: i64,
    /// Copies.
    pub count: u32,
}

/// A figure (or a supply piece).
#[derive(Clone, Debug)]
pub struct Figure {
    /// Figure id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Copies per player (for a neutral figure: copies in the game).
    pub per_player: u32,
    /// May stand on acrobat spaces.
    pub acrobat: bool,
    /// Weight in majorities (a large meeple counts 2).
    pub strength: u32,
    /// A follower (meeple-like) figure, admitted where a kind says `occupy follower`.
    pub follower: bool,
    /// Kinds it may stand on (empty: wherever a kind admits it).
    pub stands_on: Vec<String>,
    /// Belongs to no player (a dragon).
    pub neutral: bool,
    /// A piece of the supply, not a figure (tower floors, bridges).
    pub supply: bool,
    /// Engine capabilities it switches on.
    pub capabilities: Vec<String>,
    /// Where it is declared.
    pub span: Span,
}

/// A die.
#[derive(Clone, Debug)]
pub struct Die {
    /// Die id.
    pub id: String,
    /// Face values.
    pub faces: Vec<u32>,
    /// Where it is declared.
    pub span: Span,
}

/// One tile kind as a planar map.
#[derive(Clone, Debug)]
pub struct Tile {
    /// Index of its expansion in [`TileSet::expansions`].
    pub expansion: usize,
    /// Id within the expansion.
    pub name: String,
    /// Copies.
    pub count: u32,
    /// Copies that are start tiles.
    pub start: u32,
    /// A start set's fixed layout: where this tile lies (`start at X Y
    /// [turn N]`), relative to the set's first tile.
    pub start_at: Option<StartAt>,
    /// Its group (index into the vocabulary's groups).
    pub group: Option<usize>,
    /// Drawn first of its group, after its start tile.
    pub first: bool,
    /// Drawn last of its group.
    pub last: bool,
    /// A deliberate twin of another tile of its expansion (`twin`): the
    /// same features up to rotation, kept apart for its picture.
    pub twin: bool,
    /// Each player holds `count` copies beside the bag (`held`): never drawn.
    pub held: bool,
    /// The tile (`expansion/tile`) whose copies this one's copies stand in for.
    pub replaces: Option<(String, Span)>,
    /// Doc comment.
    pub description: String,
    /// Declared features in source order, then the derived fields.
    pub features: Vec<Feature>,
    /// Whether the fields were declared (and proved) rather than derived.
    pub explicit_fields: bool,
    /// The tile's id in the source.
    pub span: Span,
}

/// Where a start set's tile lies, relative to the set's first tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartAt {
    /// Columns east of the first tile.
    pub x: i32,
    /// Rows south of the first tile.
    pub y: i32,
    /// Clockwise quarter turns, 0–3.
    pub turns: u8,
    /// The `at ...` words.
    pub span: Span,
}

/// A feature of a tile. Relations to other features are in the [`FeatureGraph`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feature {
    /// Its kind (index into the vocabulary's kinds).
    pub kind: usize,
    /// Border slots it covers, clockwise from `NNW`; empty for spots and for a
    /// field inside the tile.
    pub slots: Vec<Slot>,
    /// Attributes (index into the vocabulary's attributes) and units of each.
    pub attributes: Vec<(usize, u32)>,
    /// Arrow (spots whose kind has one).
    pub direction: Option<Dir>,
    /// Variant word (spots whose kind has variants).
    pub variant: Option<String>,
    /// Whether a path is a dead end.
    pub dead_end: bool,
    /// A dead end that stops by itself (`-> alone`), meeting no other.
    pub alone: bool,
    /// Marked to cross another feature.
    pub crossing: Option<Crossing>,
    /// Corners a region reaches into, clockwise from `NE`.
    pub reaches: Vec<Dir>,
    /// The statement it comes from (a derived field points at the tile id).
    pub span: Span,
}

/// How a feature crosses another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Crossing {
    /// Over the other (a bridge).
    Over,
    /// Under the other (a tunnel).
    Under,
}

impl Crossing {
    /// `over` or `under`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Crossing::Over => "over",
            Crossing::Under => "under",
        }
    }
}

impl Tile {
    /// The side letters N E S W: a side takes the edge letter of the region on it,
    /// else of the path through its middle, else of the face kind.
    #[must_use]
    pub fn edges(&self, vocabulary: &Vocabulary) -> [u8; 4] {
        Side::ALL.map(|side| {
            let mut edge = vocabulary.face_edge();
            for f in &self.features {
                if f.slots.iter().any(|s| s.side() == side) {
                    let kind = &vocabulary.kinds[f.kind];
                    match kind.shape {
                        Shape::Region => return kind.edge.unwrap_or(edge),
                        Shape::Path => edge = kind.edge.unwrap_or(edge),
                        Shape::Face | Shape::Spot => {}
                    }
                }
            }
            edge
        })
    }

    /// The edges as four letters, e.g. `CRFR`.
    #[must_use]
    pub fn edge_letters(&self, vocabulary: &Vocabulary) -> String {
        self.edges(vocabulary)
            .iter()
            .map(|&e| char::from(e))
            .collect()
    }

    /// Units of an attribute over all features (pennants of the tile).
    #[must_use]
    pub fn attribute_units(&self, attribute: usize) -> u64 {
        self.features
            .iter()
            .flat_map(|f| &f.attributes)
            .filter(|(a, _)| *a == attribute)
            .map(|(_, n)| u64::from(*n))
            .sum()
    }

    /// The tile turned `quarter_turns` times clockwise: slots and arrows move,
    /// feature ids and relations stay.
    #[must_use]
    pub fn rotated(&self, quarter_turns: u8) -> Tile {
        let mut tile = self.clone();
        for f in &mut tile.features {
            for s in &mut f.slots {
                *s = s.rotated(quarter_turns);
            }
            f.slots.sort();
            f.direction = f.direction.map(|d| d.rotated(quarter_turns));
            for d in &mut f.reaches {
                *d = d.rotated(quarter_turns);
            }
        }
        tile
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::compile_str;

    #[test]
    fn rotation_turns_slots_edges_and_arrows() {
        let text = "expansion t {}\ntile a { city N; road E S; flier NW }";
        let checked = compile_str(text).expect("compiles");
        let set = checked.ir();
        let tile = &set.tiles[0];
        let v = &set.vocabulary;
        assert_eq!(tile.edge_letters(v), "CRRF");
        let turned = tile.rotated(1);
        assert_eq!(turned.edge_letters(v), "FCRR");
        let flier = turned
            .features
            .iter()
            .find_map(|f| f.direction)
            .map(|d| d.name());
        assert_eq!(flier, Some("NE"));
        assert_eq!(tile.rotated(4).features, tile.features);
        let city: Vec<_> = turned.features[0].slots.iter().map(|s| s.name()).collect();
        assert_eq!(city, ["ENE", "E", "ESE"]);
    }

    #[test]
    fn matches_any_meets_every_letter_and_is_written_star() {
        let text = "expansion t {}\nkind abbey-wall region \"Wall\" { edge A; matches any }\ntile a { abbey-wall N E S W; cloister }\ntile b { city N; road E W }";
        let checked = compile_str(text).expect("compiles");
        let v = &checked.ir().vocabulary;
        assert!(v.meets(b'A', b'C') && v.meets(b'R', b'A') && v.meets(b'F', b'A'));
        assert!(!v.meets(b'C', b'R'));
        let json = crate::emit::tileset(&checked);
        let wall = json.vocabulary.kind("abbey-wall").expect("wall");
        assert_eq!(wall.matches, ["*"]);
    }
}
