//! The intermediate representation: each tile a planar map over the 12 border
//! slots, and the tile set's feature graph.
//!
//! [`lower`] resolves the AST (sides into slots, `touching` into features),
//! derives the fields and their city contacts ([`planar`]), and records every
//! relation between features in the [`FeatureGraph`]. The IR is not `Serialize`:
//! the wire format is a separate contract (`emit::wire`).

mod graph;
mod lower;
pub mod planar;
mod text;
mod tile;

pub use graph::{FeatureGraph, FeatureRef, Relation};
pub use lower::{lower, Lowered};
pub use text::{tile_text, tileset_text};

use crate::diag::Span;
use crate::geometry::{Dir, Side, Slot};
use crate::kinds::{CropType, FeatureKind};

/// The lowered input: every expansion and tile of every file, plus the graph.
#[derive(Clone, Debug, Default)]
pub struct TileSet {
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

/// A figure.
#[derive(Clone, Debug)]
pub struct Figure {
    /// Figure id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Copies per player.
    pub per_player: u32,
    /// May stand on acrobat spaces.
    pub acrobat: bool,
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
    /// Doc comment.
    pub description: String,
    /// Declared features in source order, then the derived fields.
    pub features: Vec<Feature>,
    /// Whether the fields were declared (and proved) rather than derived.
    pub explicit_fields: bool,
    /// The tile's id in the source.
    pub span: Span,
}

/// A feature of a tile. Relations to other features are in the [`FeatureGraph`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feature {
    /// What it is.
    pub kind: FeatureKind,
    /// Border slots it covers, clockwise from `NNW`; empty for centre features.
    pub slots: Vec<Slot>,
    /// Pennants (cities).
    pub pennants: u32,
    /// Arrow (fliers).
    pub direction: Option<Dir>,
    /// Symbol (crop circles).
    pub crop_type: Option<CropType>,
    /// Whether a road is a dead end.
    pub dead_end: bool,
    /// The statement it comes from (a derived field points at the tile id).
    pub span: Span,
}

/// The type of a side, for matching neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edge {
    /// City.
    City,
    /// Road.
    Road,
    /// Field.
    Field,
}

impl Edge {
    /// `C`, `R` or `F`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Edge::City => 'C',
            Edge::Road => 'R',
            Edge::Field => 'F',
        }
    }
}

impl Tile {
    /// The side types N E S W.
    #[must_use]
    pub fn edges(&self) -> [Edge; 4] {
        Side::ALL.map(|side| {
            let mut edge = Edge::Field;
            for f in &self.features {
                if f.slots.iter().any(|s| s.side() == side) {
                    match f.kind {
                        FeatureKind::City => return Edge::City,
                        FeatureKind::Road => edge = Edge::Road,
                        _ => {}
                    }
                }
            }
            edge
        })
    }

    /// The edges as four letters, e.g. `CRFR`.
    #[must_use]
    pub fn edge_letters(&self) -> String {
        self.edges().iter().map(|e| e.letter()).collect()
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
        assert_eq!(tile.edge_letters(), "CRRF");
        let turned = tile.rotated(1);
        assert_eq!(turned.edge_letters(), "FCRR");
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
}
