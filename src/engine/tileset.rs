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
use super::{FigureId, KindId, TokenId};
use crate::emit::wire::{self, Feature, TileSet};
use crate::geometry::{Dir, Side, Slot};
use crate::kinds::{CropType, FeatureKind};

/// No feature at a slot.
pub(super) const NONE: u8 = u8::MAX;

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

/// One tile kind, ready for play.
#[derive(Debug)]
pub(super) struct Kind {
    pub id: String,
    pub count: u32,
    /// Side codes (1 city, 2 road, 3 field) of the unrotated tile, N E S W.
    pub edges: [u8; 4],
    /// For each rotation, the placement signatures (see `board`) it fits.
    pub matches: [[u8; 15]; 4],
    /// The feature at each slot of the unrotated tile, or [`NONE`].
    pub slot_feature: [u8; 12],
    pub features: Vec<KFeature>,
    pub circus: bool,
    /// For a circus tile: the expansion (index in play) whose tokens it draws.
    pub pool: Option<usize>,
    /// For a flying machine: the die it rolls (index into `Ruleset::dice`).
    pub die: Option<usize>,
    pub cloister: bool,
    pub acrobats: Option<u8>,
    pub flier: Option<Dir>,
    pub crop: Option<CropType>,
    /// A circus or acrobat tile, counted by the ringmaster bonus.
    pub bonus_tile: bool,
}

/// One feature of a tile kind.
#[derive(Debug)]
pub(super) struct KFeature {
    pub kind: FeatureKind,
    /// Open sides it brings to its feature (roads and cities).
    pub sides: u8,
    pub pennants: u32,
    /// For a field: the tile's cities it touches.
    pub cities: Vec<u8>,
    /// The slot that names it in game logs (unrotated), none for centre features.
    pub name_slot: Option<Slot>,
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

/// The side code of an edge letter.
fn side_code(letter: u8) -> Option<u8> {
    match letter {
        b'C' => Some(1),
        b'R' => Some(2),
        b'F' => Some(3),
        _ => None,
    }
}

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
            let order = supplies::preference(&exps, e);
            if kind.circus {
                kind.pool = order.iter().copied().find(|&x| !exps[x].tokens.is_empty());
                if kind.pool.is_none() {
                    return Err(SetupError(format!(
                        "tile `{}` has a circus space but no expansion in play has tokens for the big top",
                        tile.id
                    )));
                }
            }
            if kind.flier.is_some() {
                let first_die = |x: usize| {
                    let before: usize = exps[..x].iter().map(|e| e.dice.len()).sum();
                    (!exps[x].dice.is_empty()).then_some(before)
                };
                kind.die = order.iter().find_map(|&x| first_die(x));
                if kind.die.is_none() {
                    return Err(SetupError(format!(
                        "tile `{}` has a flying machine but no expansion in play has a die",
                        tile.id
                    )));
                }
            }
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

fn prepare_tile(tile: &wire::Tile) -> Result<Kind, SetupError> {
    let bad = |why: String| SetupError(format!("tile `{}`: {why}", tile.id));
    let letters = tile.edges.as_bytes();
    if letters.len() != 4 {
        return Err(bad(format!("edges `{}` is not four letters", tile.edges)));
    }
    let mut edges = [0u8; 4];
    for (e, &l) in edges.iter_mut().zip(letters) {
        *e = side_code(l).ok_or_else(|| bad(format!("edges `{}`: not C, R or F", tile.edges)))?;
    }
    if tile.features.len() >= usize::from(NONE) {
        return Err(bad("too many features".into()));
    }
    let mut slot_feature = [NONE; 12];
    for (i, f) in tile.features.iter().enumerate() {
        for slot in f.slots() {
            let cell = &mut slot_feature[slot.index()];
            if *cell != NONE {
                return Err(bad(format!("slot {slot} belongs to two features")));
            }
            // In range: checked against NONE above.
            *cell = u8::try_from(i).unwrap_or(NONE);
        }
    }
    check_sides(&edges, &slot_feature, tile).map_err(bad)?;
    let mut features = Vec::with_capacity(tile.features.len());
    let (mut circus, mut acrobats, mut flier, mut crop) = (false, None, None, None);
    for (i, f) in tile.features.iter().enumerate() {
        let index = u8::try_from(i).unwrap_or(NONE);
        let once = |seen: bool, what: &str| {
            if seen {
                Err(bad(format!(
                    "two {what} features; the engine supports one per tile"
                )))
            } else {
                Ok(())
            }
        };
        match f {
            Feature::Circus { .. } => circus = true,
            Feature::Acrobats { .. } => {
                once(acrobats.is_some(), "acrobats")?;
                acrobats = Some(index);
            }
            Feature::Flier { direction, .. } => {
                once(flier.is_some(), "flier")?;
                flier = Some(*direction);
            }
            Feature::CropCircle { crop_type, .. } => {
                once(crop.is_some(), "crop-circle")?;
                crop = Some(*crop_type);
            }
            _ => {}
        }
        features.push(prepare_feature(tile, f).map_err(&bad)?);
    }
    let mut matches = [[0u8; 15]; 4];
    for (rotation, row) in matches.iter_mut().enumerate() {
        let rotated = rotated_edges(&edges, rotation);
        for (m, sig) in row.iter_mut().enumerate() {
            let mask = m + 1;
            *sig = (0..4)
                .filter(|s| mask & (1 << s) != 0)
                .map(|s| rotated[s] << (2 * s))
                .sum();
        }
    }
    Ok(Kind {
        id: tile.id.clone(),
        count: tile.count,
        edges,
        matches,
        slot_feature,
        features,
        circus,
        pool: None,
        die: None,
        cloister: tile
            .features
            .iter()
            .any(|f| f.kind() == FeatureKind::Cloister),
        acrobats,
        flier,
        crop,
        bonus_tile: circus || acrobats.is_some(),
    })
}

/// Side codes after `rotation` clockwise quarter turns, indexed by board side.
pub(super) fn rotated_edges(edges: &[u8; 4], rotation: usize) -> [u8; 4] {
    let mut out = [0; 4];
    for (s, e) in out.iter_mut().enumerate() {
        *e = edges[(s + 4 - rotation % 4) % 4];
    }
    out
}

/// Every side's slots agree with its letter: a city side is one city over all
/// three slots, a road side has a road in the middle and no city or road at
/// the corners, a field side has neither.
fn check_sides(edges: &[u8; 4], slot_feature: &[u8; 12], tile: &wire::Tile) -> Result<(), String> {
    let kind_at = |slot: usize| {
        let f = slot_feature[slot];
        (f != NONE).then(|| tile.features[usize::from(f)].kind())
    };
    for side in Side::ALL {
        let [a, m, b] = side.slots().map(Slot::index);
        let linear =
            |k: Option<FeatureKind>| matches!(k, Some(FeatureKind::City | FeatureKind::Road));
        let ok = match edges[side.index()] {
            1 => {
                kind_at(m) == Some(FeatureKind::City)
                    && slot_feature[a] == slot_feature[m]
                    && slot_feature[b] == slot_feature[m]
            }
            2 => {
                kind_at(m) == Some(FeatureKind::Road) && !linear(kind_at(a)) && !linear(kind_at(b))
            }
            _ => !linear(kind_at(a)) && !linear(kind_at(m)) && !linear(kind_at(b)),
        };
        if !ok {
            return Err(format!(
                "side {side} (`{}`) does not agree with the features at its slots",
                char::from(tile.edges.as_bytes()[side.index()])
            ));
        }
    }
    Ok(())
}

fn prepare_feature(tile: &wire::Tile, f: &Feature) -> Result<KFeature, String> {
    let slots = f.slots();
    let middles = slots.iter().filter(|s| s.is_middle()).count();
    let sides = u8::try_from(middles).unwrap_or(0);
    let name_slot = slots
        .iter()
        .find(|s| s.is_middle())
        .or_else(|| slots.first())
        .copied();
    let kind = f.kind();
    if kind.is_centre() != slots.is_empty() {
        return Err(format!("a {kind} feature with slots {slots:?}"));
    }
    let mut out = KFeature {
        kind,
        sides: if matches!(kind, FeatureKind::City | FeatureKind::Road) {
            sides
        } else {
            0
        },
        pennants: 0,
        cities: Vec::new(),
        name_slot,
    };
    match f {
        Feature::City { pennants, .. } => out.pennants = *pennants,
        Feature::Field { cities, .. } => {
            for &c in cities {
                let is_city = tile.features.get(c).map(Feature::kind) == Some(FeatureKind::City);
                if !is_city {
                    return Err(format!("a field touches feature #{c}, which is not a city"));
                }
                out.cities
                    .push(u8::try_from(c).map_err(|_| "feature id out of range")?);
            }
        }
        _ => {}
    }
    Ok(out)
}
