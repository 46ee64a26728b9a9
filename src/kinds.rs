//! The eight classic roles a feature can play in the engine and the renderer
//! (city, road, field, cloister, circus, acrobats, flier, crop circle), and the
//! mapping from a declared kind to its role: by shape, scoring template and
//! capability, never by name. A kind with no classic role (a river, a garden,
//! a fan's own spot) is refused by [`classic`] with a message naming it.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::emit::wire::{self, End, Shape};
use crate::geometry::{Dir, Slot};

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

impl FeatureKind {
    /// The classic role of a declared kind, if it has one.
    #[must_use]
    pub fn of(kind: &wire::Kind) -> Option<FeatureKind> {
        let template = kind.score.as_ref().map(|s| s.template.as_str());
        let has = |c: &str| kind.capabilities.iter().any(|x| x == c);
        Some(match kind.shape {
            Shape::Region if template == Some("network") => FeatureKind::City,
            Shape::Path if template == Some("network") => FeatureKind::Road,
            Shape::Face if template == Some("farm") => FeatureKind::Field,
            Shape::Spot if has("big-top") => FeatureKind::Circus,
            Shape::Spot if has("pyramid") => FeatureKind::Acrobats,
            Shape::Spot if has("flight") => FeatureKind::Flier,
            Shape::Spot if has("crop-circle") => FeatureKind::CropCircle,
            Shape::Spot
                if template == Some("neighbourhood")
                    && kind.occupy.iter().any(|o| o == "follower") =>
            {
                FeatureKind::Cloister
            }
            _ => return None,
        })
    }
}

/// The counted attribute that plays the pennant's role: the one a region kind's
/// attributes count with a per-unit value when complete.
fn pennant_units(f: &wire::Feature, vocabulary: &wire::Vocabulary) -> u32 {
    f.attributes
        .iter()
        .filter(|(id, _)| {
            vocabulary
                .attribute(id)
                .is_some_and(|a| a.counted && a.params.contains_key("complete"))
        })
        .map(|(_, n)| *n)
        .fold(0u32, u32::saturating_add)
}

/// A wire tile's features in their classic roles, each kind taken by its
/// prelude name (`city`, `cloister`, ...): for readers without the vocabulary.
///
/// # Errors
/// A feature whose kind is not one of the eight classic names.
pub fn classic_by_name(tile: &wire::Tile) -> Result<Vec<Classic>, String> {
    let mut vocabulary = wire::Vocabulary::default();
    for f in &tile.features {
        if vocabulary.kind(&f.kind).is_some() {
            continue;
        }
        let role = FeatureKind::parse(&f.kind)
            .ok_or_else(|| format!("tile `{}`: cannot draw kind `{}` yet", tile.id, f.kind))?;
        let (shape, template, capability) = match role {
            FeatureKind::City => (Shape::Region, Some("network"), None),
            FeatureKind::Road => (Shape::Path, Some("network"), None),
            FeatureKind::Field => (Shape::Face, Some("farm"), None),
            FeatureKind::Cloister => (Shape::Spot, Some("neighbourhood"), None),
            FeatureKind::Circus => (Shape::Spot, None, Some("big-top")),
            FeatureKind::Acrobats => (Shape::Spot, None, Some("pyramid")),
            FeatureKind::Flier => (Shape::Spot, None, Some("flight")),
            FeatureKind::CropCircle => (Shape::Spot, None, Some("crop-circle")),
        };
        vocabulary.kinds.push(wire::Kind {
            id: f.kind.clone(),
            name: f.kind.clone(),
            description: String::new(),
            shape,
            edge: None,
            matches: Vec::new(),
            occupy: vec!["follower".to_string()],
            score: template.map(|t| wire::Score {
                template: t.to_string(),
                params: std::collections::BTreeMap::new(),
            }),
            capabilities: capability.map(str::to_string).into_iter().collect(),
            centre: false,
            arrow: false,
            variants: Vec::new(),
            ends_at: Vec::new(),
            style: wire::Style::default(),
            expansion: None,
        });
    }
    vocabulary.attributes.push(wire::Attribute {
        id: "pennant".to_string(),
        name: "pennant".to_string(),
        description: String::new(),
        on: vec!["city".to_string()],
        counted: true,
        params: [("complete".to_string(), wire::Modifier::Set(2))].into(),
        capabilities: Vec::new(),
        style: wire::Style::default(),
        expansion: None,
    });
    classic(tile, &vocabulary)
}

/// A wire tile's features in their classic roles.
///
/// # Errors
/// A feature whose kind has no classic role, or a kind the vocabulary lacks.
pub fn classic(tile: &wire::Tile, vocabulary: &wire::Vocabulary) -> Result<Vec<Classic>, String> {
    tile.features
        .iter()
        .map(|f| {
            let kind = vocabulary
                .kind(&f.kind)
                .ok_or_else(|| format!("tile `{}`: kind `{}` is not declared", tile.id, f.kind))?;
            let role = FeatureKind::of(kind).ok_or_else(|| {
                format!(
                    "tile `{}`: the engine cannot use kind `{}` yet",
                    tile.id, f.kind
                )
            })?;
            let slots = f.slots.clone();
            let touching = f.touching.clone();
            Ok(match role {
                FeatureKind::City => Classic::City {
                    slots,
                    pennants: pennant_units(f, vocabulary),
                },
                FeatureKind::Road => Classic::Road {
                    slots,
                    ends: f
                        .ends
                        .iter()
                        .map(|e| match e {
                            End::Village | End::Alone => ClassicEnd::Village,
                            End::Feature { feature } => ClassicEnd::Feature { feature: *feature },
                        })
                        .collect(),
                },
                FeatureKind::Field => Classic::Field {
                    slots,
                    cities: touching,
                },
                FeatureKind::Cloister => Classic::Cloister { slots, touching },
                FeatureKind::Circus => Classic::Circus { slots, touching },
                FeatureKind::Acrobats => Classic::Acrobats { slots, touching },
                FeatureKind::Flier => Classic::Flier {
                    slots,
                    touching,
                    direction: f.direction.unwrap_or(Dir::N),
                },
                FeatureKind::CropCircle => Classic::CropCircle {
                    slots,
                    touching,
                    crop_type: f
                        .variant
                        .as_deref()
                        .and_then(CropType::parse)
                        .unwrap_or(CropType::Field),
                },
            })
        })
        .collect()
}

/// A feature as the engine and the renderer understood them before the
/// vocabulary was opened: one of the eight classic kinds. [`classic`] maps a
/// declared kind to one of them by its shape, template and capabilities, never
/// by its name.
#[derive(Clone, Debug, PartialEq)]
pub enum Classic {
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
        ends: Vec<ClassicEnd>,
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
        crop_type: CropType,
    },
}

impl Classic {
    /// The feature's kind.
    #[must_use]
    pub fn kind(&self) -> FeatureKind {
        match self {
            Classic::City { .. } => FeatureKind::City,
            Classic::Road { .. } => FeatureKind::Road,
            Classic::Field { .. } => FeatureKind::Field,
            Classic::Cloister { .. } => FeatureKind::Cloister,
            Classic::Circus { .. } => FeatureKind::Circus,
            Classic::Acrobats { .. } => FeatureKind::Acrobats,
            Classic::Flier { .. } => FeatureKind::Flier,
            Classic::CropCircle { .. } => FeatureKind::CropCircle,
        }
    }

    /// The border slots it covers (empty for centre features).
    #[must_use]
    pub fn slots(&self) -> &[Slot] {
        match self {
            Classic::City { slots, .. }
            | Classic::Road { slots, .. }
            | Classic::Field { slots, .. }
            | Classic::Cloister { slots, .. }
            | Classic::Circus { slots, .. }
            | Classic::Acrobats { slots, .. }
            | Classic::Flier { slots, .. }
            | Classic::CropCircle { slots, .. } => slots,
        }
    }

    /// The features a centre feature touches (empty for the others).
    #[must_use]
    pub fn touching(&self) -> &[usize] {
        match self {
            Classic::Cloister { touching, .. }
            | Classic::Circus { touching, .. }
            | Classic::Acrobats { touching, .. }
            | Classic::Flier { touching, .. }
            | Classic::CropCircle { touching, .. } => touching,
            Classic::City { .. } | Classic::Road { .. } | Classic::Field { .. } => &[],
        }
    }
}

/// What a road's dead end meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassicEnd {
    /// The village at the centre of the tile, where dead ends meet.
    Village,
    /// Another feature of the tile (a centre feature or a city).
    Feature {
        /// The feature's id within the tile.
        feature: usize,
    },
}
