//! A tile set prepared for play: the tile kinds of the chosen expansions with
//! their rotations precomputed, the vocabulary with its rule values, figures,
//! tokens and dice — and `ext`, what the rule modules in play prepared for
//! themselves. Preparing it (`crate::engine::tileset`) validates the set, so
//! the hot path can index freely.

use std::collections::HashMap;

use super::sides::Sides;
use super::supplies::{FigureDef, TokenDef};
use super::tables::{Kind, NONE};
use super::vocab::Vocab;
use crate::emit::wire;
use crate::engine::ids::{FeatureKindId, FigureId, KindId, TokenId};
use crate::geometry::{Side, Slot};

/// A tile set prepared for play; `T` is what the rule modules add.
#[derive(Debug)]
pub struct Ruleset<T> {
    pub(in crate::engine) kinds: Vec<Kind>,
    pub(in crate::engine) by_id: HashMap<String, KindId>,
    pub(in crate::engine) vocab: Vocab,
    pub(in crate::engine) sides: Sides,
    pub(in crate::engine) figures: Vec<FigureDef>,
    pub(in crate::engine) tokens: Vec<TokenDef>,
    /// The faces of every die in play.
    pub(in crate::engine) dice: Vec<Vec<u32>>,
    /// Some figure in play is a companion.
    pub(in crate::engine) any_companion: bool,
    pub(in crate::engine) start: Option<KindId>,
    /// The start tile's companions, laid beside it (`start_set`).
    /// With each, its square in the set's layout, if it has one.
    pub(in crate::engine) start_set: Vec<(KindId, Option<wire::StartAt>)>,
    /// Every tile of every start set (never set aside).
    pub(in crate::engine) start_sets: Vec<KindId>,
    pub(in crate::engine) expansions: Vec<String>,
    /// The rule modules' tables.
    pub(in crate::engine) ext: T,
}

impl<T> Ruleset<T> {
    /// The expansions in play, in tile-set order.
    #[must_use]
    pub fn expansions(&self) -> &[String] {
        &self.expansions
    }

    /// Number of tile kinds.
    #[must_use]
    pub fn kind_count(&self) -> usize {
        self.kinds.len()
    }

    /// The first rotation of `kind` that lies as `rotation` does: the same
    /// slots, each feature where one just like it lies in that rotation.
    /// Placed at one square, the two meet the same board features with
    /// pieces that differ only in their ids ([`Ruleset::turn_features`]), so
    /// their [`crate::engine::Preview`]s differ only in those ids.
    #[must_use]
    pub fn same_turn(&self, kind: KindId, rotation: u8) -> u8 {
        self.kinds
            .get(usize::from(kind.0))
            .map_or(rotation, |k| k.same_turn[usize::from(rotation % 4)])
    }

    /// For a rotation lying as [`Ruleset::same_turn`]'s: feature `f` of
    /// that rotation lies as feature `map[f]` of this one (empty when the
    /// rotation is its own first).
    #[must_use]
    pub fn turn_features(&self, kind: KindId, rotation: u8) -> &[u8] {
        self.kinds
            .get(usize::from(kind.0))
            .map_or(&[], |k| &k.turn_features[usize::from(rotation % 4)])
    }

    /// The kind with a full id (`base/D`).
    #[must_use]
    pub fn kind(&self, id: &str) -> Option<KindId> {
        self.by_id.get(id).copied()
    }

    /// A kind's full id.
    #[must_use]
    pub fn kind_id(&self, kind: KindId) -> &str {
        &self.kinds[usize::from(kind.0)].id
    }

    /// Copies of a kind in the box (start copies included).
    #[must_use]
    pub fn kind_count_of(&self, kind: KindId) -> u32 {
        self.kinds[usize::from(kind.0)].count
    }

    /// The start tile's kind, if the chosen expansions mark one.
    #[must_use]
    pub fn start(&self) -> Option<KindId> {
        self.start
    }

    /// When a tile kind may be drawn: a tile is drawable only while no tile of
    /// a lower stage is left (see `docs/rules-engine.md`, edition edits and
    /// groups); the same for every tile of a set without groups.
    #[must_use]
    pub fn stage(&self, kind: KindId) -> u8 {
        self.kinds.get(usize::from(kind.0)).map_or(0, |k| k.stage)
    }

    /// Number of figure kinds.
    #[must_use]
    pub fn figure_count(&self) -> usize {
        self.figures.len()
    }

    /// The figure with an id, as declared.
    #[must_use]
    pub fn figure(&self, id: &str) -> Option<FigureId> {
        let i = self.figures.iter().position(|f| f.id == id)?;
        u8::try_from(i).ok().map(FigureId)
    }

    /// A figure's id.
    #[must_use]
    pub fn figure_id(&self, figure: FigureId) -> &str {
        &self.figures[usize::from(figure.0)].id
    }

    /// Copies of a figure each player receives.
    #[must_use]
    pub fn figure_per_player(&self, figure: FigureId) -> u32 {
        self.figures[usize::from(figure.0)].per_player
    }

    /// The animal token with an id.
    #[must_use]
    pub fn token(&self, id: &str) -> Option<TokenId> {
        let i = self.tokens.iter().position(|t| t.id == id)?;
        u8::try_from(i).ok().map(TokenId)
    }

    /// Number of animal token kinds.
    #[must_use]
    pub fn token_count(&self) -> usize {
        self.tokens.len()
    }

    /// An animal token's id.
    #[must_use]
    pub fn token_id(&self, token: TokenId) -> &str {
        &self.tokens[usize::from(token.0)].id
    }

    /// The number of features of a kind (wire feature ids are `0..n`).
    #[must_use]
    pub fn feature_count(&self, kind: KindId) -> usize {
        self.kinds[usize::from(kind.0)].features.len()
    }

    /// The kind of a feature of a tile kind.
    #[must_use]
    pub fn feature_kind(&self, kind: KindId, feature: u8) -> FeatureKindId {
        FeatureKindId(self.kinds[usize::from(kind.0)].features[usize::from(feature)].kind)
    }

    /// Number of declared kinds of feature (feature kind ids are `0..n`).
    #[must_use]
    pub fn feature_kind_count(&self) -> usize {
        self.vocab.kinds.len()
    }

    /// Number of declared attributes (attribute indices are `0..n`).
    #[must_use]
    pub fn attribute_count(&self) -> usize {
        self.vocab.attributes.len()
    }

    /// An attribute's id, as declared.
    #[must_use]
    pub fn attribute_name(&self, attribute: u8) -> &str {
        self.vocab
            .attributes
            .get(usize::from(attribute))
            .map_or("attribute", |a| a.id.as_str())
    }

    /// The attribute with an id.
    #[must_use]
    pub fn attribute(&self, id: &str) -> Option<u8> {
        self.vocab.attribute(id)
    }

    /// A feature kind's id, as declared (`city`, `canal`).
    #[must_use]
    pub fn feature_kind_name(&self, kind: FeatureKindId) -> &str {
        self.vocab
            .kinds
            .get(usize::from(kind.0))
            .map_or("feature", |k| k.id.as_str())
    }

    /// How a game log names a feature of a tile placed with `rotation`: a slot as
    /// seen on the board (`N`, `NNE`, ...), or the kind of a feature with no
    /// slot (a spot, a field inside the tile).
    #[must_use]
    pub fn feature_name(&self, kind: KindId, rotation: u8, feature: u8) -> String {
        let k = &self.kinds[usize::from(kind.0)];
        let f = &k.features[usize::from(feature)];
        if let Some(from) = f.way {
            return way_name(from.rotated(rotation));
        }
        if let Some(slot) = f.name_slot {
            return slot.rotated(rotation).name().to_string();
        }
        let id = &self.vocab.kinds[usize::from(f.kind)].id;
        // The n-th feature of its kind without a slot is `KIND#n` (n ≥ 2).
        let n = 1 + k.features[..usize::from(feature)]
            .iter()
            .filter(|g| g.kind == f.kind && g.name_slot.is_none())
            .count();
        if n == 1 {
            id.clone()
        } else {
            format!("{id}#{n}")
        }
    }

    /// The feature a game log's name refers to on a tile placed with `rotation`:
    /// a slot, or a kind (its first feature with no slot, else its first
    /// feature), or `KIND#n`, its n-th feature with no slot.
    #[must_use]
    pub fn feature_named(&self, kind: KindId, rotation: u8, name: &str) -> Option<u8> {
        let k = &self.kinds[usize::from(kind.0)];
        if let Some(from) = parse_way(name) {
            // Either end of the way, turned back to the unrotated tile.
            let from = from.rotated(4 - rotation % 4);
            let i = k
                .features
                .iter()
                .position(|f| f.way.is_some_and(|w| w == from || w == from.opposite()))?;
            return u8::try_from(i).ok();
        }
        if let Some(slot) = Slot::parse(name) {
            let f = k.slot_feature[slot.rotated(4 - rotation % 4).index()];
            return (f != NONE).then_some(f);
        }
        if let Some((kind, n)) = name.rsplit_once('#') {
            let wanted = self.vocab.kind(kind)?;
            let n: usize = n.parse().ok().filter(|&n| n >= 1)?;
            let i = k
                .features
                .iter()
                .enumerate()
                .filter(|(_, f)| f.kind == wanted && f.name_slot.is_none())
                .nth(n - 1)?
                .0;
            return u8::try_from(i).ok();
        }
        let wanted = self.vocab.kind(name)?;
        let of_kind = |f: &&super::tables::KFeature| f.kind == wanted;
        let i = k
            .features
            .iter()
            .position(|f| of_kind(&f) && f.name_slot.is_none())
            .or_else(|| k.features.iter().position(|f| of_kind(&f)))?;
        u8::try_from(i).ok()
    }

    /// True for a companion figure: it stands beside its owner's follower
    /// and counts in no majority.
    #[must_use]
    pub fn is_companion(&self, figure: FigureId) -> bool {
        self.figures
            .get(usize::from(figure.0))
            .is_some_and(|f| f.companion)
    }
}

/// How a game log names an added way from side `from` as seen on the board:
/// its two ends, north or east first (`N-S`, `E-W`).
#[must_use]
pub fn way_name(from: Side) -> String {
    let (a, b) = if matches!(from, Side::N | Side::E) {
        (from, from.opposite())
    } else {
        (from.opposite(), from)
    };
    format!("{}-{}", a.name(), b.name())
}

/// The side an added way's log name starts from (`N-S`, `S-N`, `E-W`,
/// `W-E`); none for any other name.
#[must_use]
pub fn parse_way(name: &str) -> Option<Side> {
    let (a, b) = name.split_once('-')?;
    let (a, b) = (Side::parse(a)?, Side::parse(b)?);
    (b == a.opposite()).then_some(a)
}
