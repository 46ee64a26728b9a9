//! Preparing a wire tile set for play: the [`Ruleset`]. Everything the hot path
//! needs is computed here once — side codes and placement signatures for the four
//! rotations, the feature at each slot, the vocabulary's values and who may stand
//! where, what each capability switches on, edition edits on the box — and the
//! tile set is validated so the engine can index freely.
//!
//! This module and the ones it calls (`sides`, `vocab`, `tables`, `supplies`,
//! `capability`, `edition`) are the only ones that read [`crate::emit::wire`] types.

use std::collections::HashMap;
use std::fmt;

use super::params::{Needs, Params};
use super::sides::Sides;
use super::supplies::{self, Companion, FigureDef, TokenDef};
use super::tables::{prepare_tile, Kind, NONE};
use super::vocab::Vocab;
use super::{capability, edition, FeatureKindId, FigureId, KindId, TokenId};
use crate::emit::wire::{self, TileSet};
use crate::geometry::Slot;

/// A tile set prepared for play: the tile kinds of the chosen expansions with
/// their rotations precomputed, the vocabulary with its rule values, figures,
/// tokens and die.
#[derive(Debug)]
pub struct Ruleset {
    pub(super) kinds: Vec<Kind>,
    by_id: HashMap<String, KindId>,
    pub(super) vocab: Vocab,
    pub(super) sides: Sides,
    pub(super) figures: Vec<FigureDef>,
    pub(super) tokens: Vec<TokenDef>,
    /// The faces of every die in play.
    pub(super) dice: Vec<Vec<u32>>,
    pub(super) params: Params,
    /// Some tile has acrobat spaces.
    pub(super) any_acrobats: bool,
    /// Some figure is a builder, a companion (builder or pig), an abbot.
    pub(super) any_builder: bool,
    pub(super) any_companion: bool,
    pub(super) any_abbot: bool,
    /// The attributes with `capability goods` that tiles in play carry, one
    /// bit per vocabulary index.
    pub(super) goods: u64,
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
    /// An unknown expansion, a missing required expansion, a capability the
    /// engine does not have, a rule parameter the chosen tiles need but no
    /// declaration or rules block gives, or a malformed tile.
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
        let tiles: Vec<&wire::Tile> = set
            .tiles
            .iter()
            .filter(|t| exps.iter().any(|e| e.id == t.expansion))
            .collect();
        let wire_figures: Vec<&wire::Figure> = exps.iter().flat_map(|e| &e.figures).collect();
        capability::check(&tiles, &set.vocabulary, &wire_figures)?;
        let figures = supplies::figures(&exps)?;
        let mut rules = defaults(&set.vocabulary);
        for e in &exps {
            rules.extend(e.rules.iter().map(|(k, v)| (k.clone(), *v)));
        }
        let used: Vec<bool> = set
            .vocabulary
            .kinds
            .iter()
            .map(|k| {
                tiles
                    .iter()
                    .any(|t| t.features.iter().any(|f| f.kind == k.id))
            })
            .collect();
        let mut missing = Vec::new();
        let vocab = Vocab::new(&set.vocabulary, &used, &rules, &figures, &mut missing)?;
        let sides = Sides::new(tiles.iter().copied(), &set.vocabulary)?;
        let mut kinds = Vec::new();
        let mut by_id = HashMap::new();
        for tile in &tiles {
            let Some(e) = exps.iter().position(|x| x.id == tile.expansion) else {
                continue;
            };
            let id = KindId(u16::try_from(kinds.len()).map_err(|_| too_many("tile kinds"))?);
            if by_id.insert(tile.id.clone(), id).is_some() {
                return Err(SetupError(format!("tile `{}` appears twice", tile.id)));
            }
            let mut kind = prepare_tile(tile, &set.vocabulary, &vocab, &sides)?;
            kind.stage = super::draw::stage(tile, &set.vocabulary);
            supplies::assign(&mut kind, &tile.id, &exps, e)?;
            kinds.push(kind);
        }
        edition::apply(&mut kinds, &by_id, &tiles, &exps)?;
        let start = super::draw::start_tile(&tiles, &kinds);
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
        let any_acrobats = kinds.iter().any(|k| k.acrobats.is_some());
        let ringmaster = figures.iter().any(|f| f.ringmaster);
        let has = |c: Companion| figures.iter().any(|f| f.plays && f.companion == Some(c));
        let (any_builder, any_pig) = (has(Companion::Builder), has(Companion::Pig));
        let goods = goods_in_play(&tiles, &set.vocabulary, &vocab);
        let needs = Needs {
            acrobats: any_acrobats,
            ringmaster,
            goods: goods != 0,
            pig: any_pig,
        };
        let params = Params::from_rules(&rules, needs, &mut missing)?;
        Ok(Ruleset {
            any_acrobats,
            any_builder,
            any_companion: any_builder || any_pig,
            any_abbot: figures.iter().any(|f| f.plays && f.abbot),
            goods,
            kinds,
            by_id,
            vocab,
            sides,
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

    /// When a tile kind may be drawn: a tile is drawable only while no tile of
    /// a lower stage is left (see `docs/rules-engine.md`, edition edits and
    /// groups); the same for every tile of a set without groups.
    #[must_use]
    pub fn stage(&self, kind: KindId) -> u8 {
        self.kinds.get(usize::from(kind.0)).map_or(0, |k| k.stage)
    }

    /// True for a companion figure (`capability builder` or `pig`): it stands
    /// beside its owner's follower and counts in no majority.
    #[must_use]
    pub fn is_companion(&self, figure: FigureId) -> bool {
        self.figures
            .get(usize::from(figure.0))
            .is_some_and(|f| f.companion.is_some())
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

    /// The first figure with `capability abbot`.
    #[must_use]
    pub fn abbot(&self) -> Option<FigureId> {
        let i = self.figures.iter().position(|f| f.abbot)?;
        u8::try_from(i).ok().map(FigureId)
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

    /// An attribute's id, as declared (`inn`, `wine`).
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

    /// True when the attribute is a good (`capability goods`) on tiles in play.
    #[must_use]
    pub fn is_good(&self, attribute: u8) -> bool {
        attribute < 64 && self.goods & (1 << attribute) != 0
    }

    /// A feature kind's id, as declared (`city`, `canal`).
    #[must_use]
    pub fn feature_kind_name(&self, kind: FeatureKindId) -> &str {
        self.vocab
            .kinds
            .get(usize::from(kind.0))
            .map_or("feature", |k| k.id.as_str())
    }

    /// True when a feature kind of a tile switches on a capability
    /// (`big-top`, `pyramid`, `flight`, `crop-circle`).
    #[must_use]
    pub fn switches_on(&self, kind: KindId, capability: &str) -> bool {
        let Some(k) = self.kinds.get(usize::from(kind.0)) else {
            return false;
        };
        match capability {
            "big-top" => k.circus,
            "pyramid" => k.acrobats.is_some(),
            "flight" => k.flier.is_some(),
            "crop-circle" => k.crop.is_some(),
            _ => false,
        }
    }

    /// How a game log names a feature of a tile placed with `rotation`: a slot as
    /// seen on the board (`N`, `NNE`, ...), or the kind of a feature with no
    /// slot (a spot, a field inside the tile).
    #[must_use]
    pub fn feature_name(&self, kind: KindId, rotation: u8, feature: u8) -> &str {
        let f = &self.kinds[usize::from(kind.0)].features[usize::from(feature)];
        match f.name_slot {
            Some(slot) => slot.rotated(rotation).name(),
            None => &self.vocab.kinds[usize::from(f.kind)].id,
        }
    }

    /// The feature a game log's name refers to on a tile placed with `rotation`:
    /// a slot, or a kind (its first feature with no slot, else its first feature).
    #[must_use]
    pub fn feature_named(&self, kind: KindId, rotation: u8, name: &str) -> Option<u8> {
        let k = &self.kinds[usize::from(kind.0)];
        if let Some(slot) = Slot::parse(name) {
            let f = k.slot_feature[slot.rotated(4 - rotation % 4).index()];
            return (f != NONE).then_some(f);
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

    /// True when a feature of a tile kind holds its acrobat pyramid.
    #[must_use]
    pub fn is_pyramid(&self, kind: KindId, feature: u8) -> bool {
        self.pyramid_of(kind) == Some(feature)
    }

    /// The feature of a tile kind that holds its acrobat pyramid.
    #[must_use]
    pub fn pyramid_of(&self, kind: KindId) -> Option<u8> {
        self.kinds.get(usize::from(kind.0))?.acrobats
    }
}

/// The rule parameters the declarations give (`city.tile.complete` is the
/// `tile.complete` value of the kind `city`); `rules` blocks override them.
fn defaults(vocabulary: &wire::Vocabulary) -> std::collections::BTreeMap<String, i64> {
    let mut out = std::collections::BTreeMap::new();
    for k in &vocabulary.kinds {
        for (name, &value) in k.score.iter().flat_map(|s| &s.params) {
            out.insert(format!("{}.{name}", k.id), value);
        }
    }
    for a in &vocabulary.attributes {
        for (name, m) in &a.params {
            let value = match *m {
                wire::Modifier::Set(v) | wire::Modifier::Add(v) => v,
            };
            out.insert(format!("{}.{name}", a.id), value);
        }
    }
    out
}

/// The goods attributes that tiles in play carry.
fn goods_in_play(tiles: &[&wire::Tile], vocabulary: &wire::Vocabulary, vocab: &Vocab) -> u64 {
    let mut out = 0u64;
    for a in &vocabulary.attributes {
        if !a.capabilities.iter().any(|c| c == capability::GOODS) {
            continue;
        }
        let used = tiles
            .iter()
            .any(|t| t.features.iter().any(|f| f.attributes.contains_key(&a.id)));
        if let (true, Some(i)) = (used, vocab.attribute(&a.id)) {
            out |= 1 << i;
        }
    }
    out
}

fn too_many(what: &str) -> SetupError {
    SetupError(format!("too many {what} for the engine"))
}
