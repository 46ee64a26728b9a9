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
use crate::kinds::{CropType, FeatureKind};

/// The value of [`TileSet::format`].
pub const FORMAT: &str = "tileforge.tileset";

/// The wire format's version; bumped on every incompatible change.
pub const FORMAT_VERSION: u32 = 1;

/// A compiled tile set: one or more expansions and all their tiles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TileSet {
    /// Always "tileforge.tileset".
    pub format: String,
    /// The format version; a reader rejects versions it does not know.
    pub version: u32,
    /// The expansions, in input order.
    pub expansions: Vec<Expansion>,
    /// Every tile kind of every expansion, grouped by expansion, in source order.
    pub tiles: Vec<Tile>,
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
    /// Rule parameters of the scoring engine, by name (e.g. `city.tile.complete`).
    pub rules: BTreeMap<String, i64>,
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

/// A figure each player receives.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    /// Identifier, e.g. `meeple`, `ringmaster`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Copies per player.
    pub per_player: u32,
    /// Whether the figure may stand on acrobat spaces.
    pub acrobat: bool,
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
    /// The tile's doc comment, or empty.
    pub description: String,
    /// Side types N E S W as four letters from `C` (city), `R` (road), `F` (field).
    pub edges: String,
    /// The features; a feature's index is its id within the tile.
    pub features: Vec<Feature>,
}

impl Tile {
    /// The side type (`C`, `R` or `F`) of a side of the unrotated tile.
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
        self.features.iter().position(|f| f.slots().contains(&slot))
    }
}

/// A feature of a tile. Every feature carries `kind` and `slots` (empty for centre
/// features); the other fields depend on the kind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Feature {
    /// A city over whole sides.
    City {
        /// The slots it covers (three per side).
        slots: Vec<Slot>,
        /// Pennants (coats of arms) on it.
        pennants: u32,
    },
    /// A road.
    Road {
        /// The side middles it touches (one for a dead end, two for a through road).
        slots: Vec<Slot>,
        /// What its dead end meets, if it has one (at most one entry).
        ends: Vec<RoadEnd>,
    },
    /// A field (derived from the planar map, or declared and proved).
    Field {
        /// The border slots it covers.
        slots: Vec<Slot>,
        /// Feature ids of the cities it touches.
        cities: Vec<usize>,
    },
    /// A cloister.
    Cloister {
        /// Always empty.
        slots: Vec<Slot>,
        /// Feature ids it touches.
        touching: Vec<usize>,
    },
    /// A circus space.
    Circus {
        /// Always empty.
        slots: Vec<Slot>,
        /// Feature ids it touches.
        touching: Vec<usize>,
    },
    /// Acrobat spaces (one pyramid).
    Acrobats {
        /// Always empty.
        slots: Vec<Slot>,
        /// Feature ids it touches.
        touching: Vec<usize>,
    },
    /// A flying machine.
    Flier {
        /// Always empty.
        slots: Vec<Slot>,
        /// Feature ids it touches.
        touching: Vec<usize>,
        /// The arrow, in the unrotated tile's coordinates.
        direction: Dir,
    },
    /// A crop circle.
    CropCircle {
        /// Always empty.
        slots: Vec<Slot>,
        /// Feature ids it touches.
        touching: Vec<usize>,
        /// The symbol: which follower type its actions concern.
        #[serde(rename = "type")]
        crop_type: CropType,
    },
}

impl Feature {
    /// The feature's kind.
    #[must_use]
    pub fn kind(&self) -> FeatureKind {
        match self {
            Feature::City { .. } => FeatureKind::City,
            Feature::Road { .. } => FeatureKind::Road,
            Feature::Field { .. } => FeatureKind::Field,
            Feature::Cloister { .. } => FeatureKind::Cloister,
            Feature::Circus { .. } => FeatureKind::Circus,
            Feature::Acrobats { .. } => FeatureKind::Acrobats,
            Feature::Flier { .. } => FeatureKind::Flier,
            Feature::CropCircle { .. } => FeatureKind::CropCircle,
        }
    }

    /// The border slots it covers (empty for centre features).
    #[must_use]
    pub fn slots(&self) -> &[Slot] {
        match self {
            Feature::City { slots, .. }
            | Feature::Road { slots, .. }
            | Feature::Field { slots, .. }
            | Feature::Cloister { slots, .. }
            | Feature::Circus { slots, .. }
            | Feature::Acrobats { slots, .. }
            | Feature::Flier { slots, .. }
            | Feature::CropCircle { slots, .. } => slots,
        }
    }

    /// The features a centre feature touches (empty for the others).
    #[must_use]
    pub fn touching(&self) -> &[usize] {
        match self {
            Feature::Cloister { touching, .. }
            | Feature::Circus { touching, .. }
            | Feature::Acrobats { touching, .. }
            | Feature::Flier { touching, .. }
            | Feature::CropCircle { touching, .. } => touching,
            Feature::City { .. } | Feature::Road { .. } | Feature::Field { .. } => &[],
        }
    }
}

/// What a road's dead end meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum RoadEnd {
    /// The village at the centre of the tile, where dead ends meet.
    Village,
    /// Another feature of the tile (a centre feature or a city).
    Feature {
        /// The feature's id within the tile.
        feature: usize,
    },
}
