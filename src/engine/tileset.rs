//! Preparing a wire tile set for play: the [`Ruleset`]. Everything the hot path
//! needs is computed here once — side codes and placement signatures for the four
//! rotations, the feature at each slot, field→city links, centre features, rule
//! parameters — and the tile set is validated so the engine can index freely.
//!
//! This is the only place that reads [`crate::emit::wire`] types.

use std::collections::HashMap;
use std::fmt;

use super::params::Params;
use super::supplies::{self, FigureDef, TokenDef};
use super::tables::{prepare_tile, Kind, NONE};
use super::{FigureId, KindId, TokenId};
use crate::emit::wire::{self, TileSet};
use crate::geometry::Slot;
use crate::kinds::FeatureKind;

/// A tile set prepared for play: the tile kinds of the chosen expansions with
/// their rotations precomputed, the rule parameters, figures, tokens and die.
#[derive(Debug)]
pub struct Ruleset {
    pub(super) kinds: Vec<Kind>,
    by_id: HashMap<String, KindId>,
    pub(super) figures: Vec<FigureDef>,
    pub(super) tokens: Vec<TokenDef>,
    /// The faces of every die in play.
    pub(super) dice: Vec<Vec<u32>>,
    pub(super) params: Params,
    /// Some tile has acrobat spaces.
    pub(super) any_acrobats: bool,
    pub(super) start: Option<KindId>,
    expansions: Vec<String>,
}

/// Why a tile set cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

impl Ruleset {
    /// Prepares `set` for play with the named expansions (all of them when
    /// `expansions` is `None`).
    ///
    /// # Errors
    /// An unknown expansion, a missing required expansion, a rule parameter the
    /// chosen tiles need but no rules block gives, or a malformed tile.
    pub fn new(set: &TileSet, expansions: Option<&[String]>) -> Result<Ruleset, SetupError> {
        if set.format != wire::FORMAT || set.version != wire::FORMAT_VERSION {
            return Err(SetupError(format!(
                "not a tile set this engine reads: format `{}` version {} (expected `{}` version {})",
                set.format,
                set.version,
                wire::FORMAT,
                wire::FORMAT_VERSION
            )));
        }
        super::validate::validate(set)?;
        let exps = supplies::choose(set, expansions)?;
        let mut kinds = Vec::new();
        let mut by_id = HashMap::new();
        let mut start = None;
        for tile in &set.tiles {
            let Some(e) = exps.iter().position(|x| x.id == tile.expansion) else {
                continue;
            };
            let id = KindId(u16::try_from(kinds.len()).map_err(|_| too_many("tile kinds"))?);
            if by_id.insert(tile.id.clone(), id).is_some() {
                return Err(SetupError(format!("tile `{}` appears twice", tile.id)));
            }
            if tile.start > 0 && start.is_none() {
                start = Some(id);
            }
            let mut kind = prepare_tile(tile)?;
            supplies::assign(&mut kind, &tile.id, &exps, e)?;
            kinds.push(kind);
        }
        let figures = supplies::figures(&exps)?;
        let tokens = supplies::tokens(&exps)?;
        let dice: Vec<Vec<u32>> = exps
            .iter()
            .flat_map(|e| &e.dice)
            .map(|d| d.faces.clone())
            .collect();
        if let Some(d) = exps
            .iter()
            .flat_map(|e| &e.dice)
            .find(|d| d.faces.is_empty())
        {
            return Err(SetupError(format!("die `{}` has no faces", d.id)));
        }
        let mut rules = std::collections::BTreeMap::new();
        for e in &exps {
            rules.extend(e.rules.iter().map(|(k, v)| (k.clone(), *v)));
        }
        let has = |k: FeatureKind| kinds.iter().any(|t| t.features.iter().any(|f| f.kind == k));
        let params = Params::from_rules(&rules, has, figures.iter().any(|f| f.ringmaster))?;
        let any_acrobats = kinds.iter().any(|k| k.acrobats.is_some());
        Ok(Ruleset {
            any_acrobats,
            kinds,
            by_id,
            figures,
            tokens,
            dice,
            params,
            start,
            expansions: exps.iter().map(|e| e.id.clone()).collect(),
        })
    }

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

    /// Number of figure kinds.
    #[must_use]
    pub fn figure_count(&self) -> usize {
        self.figures.len()
    }

    /// The figure with an id (`meeple`, `ringmaster`).
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

    /// The faces of the die a tile kind's flying machine rolls (empty for a
    /// tile without one).
    #[must_use]
    pub fn die(&self, kind: KindId) -> &[u32] {
        self.kinds
            .get(usize::from(kind.0))
            .and_then(|k| k.die)
            .map_or(&[], |d| self.dice[d].as_slice())
    }

    /// The tokens a circus tile of this kind may take, in declaration order
    /// (empty for a tile without a circus).
    #[must_use]
    pub fn tokens_for(&self, kind: KindId) -> Vec<TokenId> {
        let pool = self.kinds.get(usize::from(kind.0)).and_then(|k| k.pool);
        (0..self.tokens.len())
            .filter(|&t| Some(self.tokens[t].expansion) == pool)
            .filter_map(|t| u8::try_from(t).ok().map(TokenId))
            .collect()
    }

    /// The number of features of a kind (wire feature ids are `0..n`).
    #[must_use]
    pub fn feature_count(&self, kind: KindId) -> usize {
        self.kinds[usize::from(kind.0)].features.len()
    }

    /// The kind of a feature of a tile kind.
    #[must_use]
    pub fn feature_kind(&self, kind: KindId, feature: u8) -> FeatureKind {
        self.kinds[usize::from(kind.0)].features[usize::from(feature)].kind
    }

    /// How a game log names a feature of a tile placed with `rotation`: a slot as
    /// seen on the board (`N`, `NNE`, ...) or a centre feature's kind.
    #[must_use]
    pub fn feature_name(&self, kind: KindId, rotation: u8, feature: u8) -> &'static str {
        let f = &self.kinds[usize::from(kind.0)].features[usize::from(feature)];
        match f.name_slot {
            Some(slot) => slot.rotated(rotation).name(),
            None => f.kind.name(),
        }
    }

    /// The feature a game log's name refers to on a tile placed with `rotation`.
    #[must_use]
    pub fn feature_named(&self, kind: KindId, rotation: u8, name: &str) -> Option<u8> {
        let k = &self.kinds[usize::from(kind.0)];
        if let Some(slot) = Slot::parse(name) {
            let f = k.slot_feature[slot.rotated(4 - rotation % 4).index()];
            return (f != NONE).then_some(f);
        }
        let wanted = FeatureKind::parse(name)?;
        let i = k.features.iter().position(|f| f.kind == wanted)?;
        u8::try_from(i).ok()
    }
}

fn too_many(what: &str) -> SetupError {
    SetupError(format!("too many {what} for the engine"))
}
