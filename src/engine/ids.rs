//! The engine's small ids: tile kinds, feature kinds, figures and tokens of a
//! [`Ruleset`](super::Ruleset), each an index into its declarations.

/// A tile kind of a [`Ruleset`](super::Ruleset).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(pub u16);

/// A declared kind of feature of a [`Ruleset`](super::Ruleset) (`city`,
/// `canal`, ...): see [`Ruleset::feature_kind_name`](super::Ruleset::feature_kind_name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeatureKindId(pub u8);

/// A figure kind of a [`Ruleset`](super::Ruleset) (`meeple`, `ringmaster`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FigureId(pub u8);

/// A token kind of a [`Ruleset`](super::Ruleset).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TokenId(pub u8);
