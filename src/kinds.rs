//! The vocabulary of feature kinds shared by the IR, the wire format and the
//! engine: the engine knows these kinds, never a tile by name.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What a feature of a tile is.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum FeatureKind {
    /// A city over one or more whole sides.
    City,
    /// A road between side middles, or from a side middle to a dead end.
    Road,
    /// A field: a face of the tile's planar map.
    Field,
    /// A cloister (base game).
    Cloister,
    /// A circus space (Under the Big Top).
    Circus,
    /// Acrobat spaces: one pyramid (Under the Big Top).
    Acrobats,
    /// A flying machine with its arrow (The Flier).
    Flier,
    /// A crop circle (Crop Circles).
    CropCircle,
}

impl FeatureKind {
    /// Every kind, in wire order.
    pub const ALL: [FeatureKind; 8] = [
        FeatureKind::City,
        FeatureKind::Road,
        FeatureKind::Field,
        FeatureKind::Cloister,
        FeatureKind::Circus,
        FeatureKind::Acrobats,
        FeatureKind::Flier,
        FeatureKind::CropCircle,
    ];

    /// The keyword used in `.tiles` files and JSON (`crop-circle`, ...).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            FeatureKind::City => "city",
            FeatureKind::Road => "road",
            FeatureKind::Field => "field",
            FeatureKind::Cloister => "cloister",
            FeatureKind::Circus => "circus",
            FeatureKind::Acrobats => "acrobats",
            FeatureKind::Flier => "flier",
            FeatureKind::CropCircle => "crop-circle",
        }
    }

    /// Parses a keyword.
    #[must_use]
    pub fn parse(name: &str) -> Option<FeatureKind> {
        FeatureKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// True for the features in the middle of the tile, which touch no slot.
    #[must_use]
    pub fn is_centre(self) -> bool {
        !matches!(
            self,
            FeatureKind::City | FeatureKind::Road | FeatureKind::Field
        )
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The symbol of a crop circle: which follower type its actions concern.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum CropType {
    /// Shield: knights (cities).
    City,
    /// Club: highwaymen (roads).
    Road,
    /// Fork: farmers (fields).
    Field,
}

impl CropType {
    /// Every type.
    pub const ALL: [CropType; 3] = [CropType::City, CropType::Road, CropType::Field];

    /// The keyword (`city`, `road`, `field`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            CropType::City => "city",
            CropType::Road => "road",
            CropType::Field => "field",
        }
    }

    /// Parses a keyword.
    #[must_use]
    pub fn parse(name: &str) -> Option<CropType> {
        CropType::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The feature kind a crop circle of this type acts on.
    #[must_use]
    pub fn feature_kind(self) -> FeatureKind {
        match self {
            CropType::City => FeatureKind::City,
            CropType::Road => FeatureKind::Road,
            CropType::Field => FeatureKind::Field,
        }
    }
}

impl fmt::Display for CropType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
