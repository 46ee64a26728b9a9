//! The vocabulary as the engine plays it, read once from the wire declarations:
//! each kind's shape, scoring template with the values the rules give it and
//! the figures that may stand on it; each attribute's per-unit values and
//! modifiers. Nothing here knows a kind by name: a fan's canal is read exactly
//! as the prelude's road. Rule modules adjust who may stand where (see
//! `crate::engine::rules`) before the tiles are prepared.

use std::collections::{BTreeMap, BTreeSet};

use super::error::SetupError;
use super::supplies::FigureDef;
use crate::emit::wire::{self, Shape};
use crate::engine::events::Source;

/// Index of a value pair: complete, then unfinished.
pub const COMPLETE: usize = 0;
/// Index of a value pair: unfinished (at game end).
pub const UNFINISHED: usize = 1;

/// The most attributes a game may use (one bit each in a feature's mask).
pub const MAX_ATTRIBUTES: usize = 64;

/// The most feature kinds (the prelude's and declared ones) the engine plays.
pub const MAX_KINDS: usize = 250;

/// The kinds and attributes of a set, indexed like `wire::Vocabulary`.
#[derive(Debug)]
pub struct Vocab {
    pub kinds: Vec<KindRule>,
    pub attributes: Vec<AttributeRule>,
    /// The counted attributes, one bit each.
    pub counted: u64,
}

/// One declared kind.
#[derive(Debug)]
pub struct KindRule {
    pub id: String,
    pub shape: Shape,
    pub scoring: Scoring,
    /// Figures that normal placement may put on it, one bit per `FigureId`:
    /// the followers its `occupy` names (as a rule module may change it).
    pub admits: u32,
    /// The followers its `occupy` names, whatever a module changes.
    pub occupy: u32,
    /// Companion figures that may stand beside their owner's follower on it
    /// (the modules that make companions say where).
    pub companions: u32,
    /// The capabilities it switches on, as declared.
    pub capabilities: Vec<String>,
    /// The score column its points go to.
    pub source: Source,
    /// The first counted attribute that may be written on it: the units its
    /// scoring events report.
    pub units: Option<u8>,
}

impl KindRule {
    /// True when the kind declares `capability`.
    pub fn has(&self, capability: &str) -> bool {
        self.capabilities.iter().any(|c| c == capability)
    }

    /// A region or path: its sides close when they meet.
    pub fn linear(&self) -> bool {
        matches!(self.shape, Shape::Region | Shape::Path)
    }
}

/// A kind's scoring template with its values.
#[derive(Debug)]
pub enum Scoring {
    /// Not scored: figures on it return at game end with nothing.
    None,
    /// Points per tile, complete and unfinished; complete when no side is open.
    Network { tile: [i64; 2] },
    /// The 3×3 square around the spot: `complete` when full, else `tile` per
    /// tile at game end.
    Neighbourhood { complete: i64, tile: i64 },
    /// Points per completed neighbour, by kind index (0: not counted).
    Farm { per: Vec<i64> },
}

/// What an attribute's scoring depends on: the expansions in play, and the
/// rule parameters their `rules` blocks give.
#[derive(Debug)]
pub struct InPlay<'s> {
    /// The expansions in play.
    pub expansions: Vec<&'s str>,
    /// Every parameter a `rules` block in play gives, by full name.
    pub given: BTreeSet<String>,
}

/// One declared attribute.
#[derive(Debug)]
pub struct AttributeRule {
    pub id: String,
    /// It carries units.
    pub counted: bool,
    /// Points per unit, complete and unfinished (counted attributes).
    pub unit: [i64; 2],
    /// What it changes on a feature that has it.
    pub modifiers: Vec<Modifier>,
}

/// One change an attribute makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modifier {
    pub target: Target,
    /// Replaces the value (else adds to it).
    pub set: bool,
    pub value: i64,
}

/// The value a modifier changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The per-tile value, complete or unfinished ([`COMPLETE`], [`UNFINISHED`]).
    Tile(usize),
    /// The per-unit value of a counted attribute (its index), complete or unfinished.
    Unit(u8, usize),
}

impl Vocab {
    /// Reads the vocabulary. `used` says which kinds the tiles in play use
    /// (only their parameters are required); `rules` holds every parameter by
    /// full name, declared values overridden by `rules` blocks; parameters that
    /// are needed but missing are added to `missing`.
    pub fn new(
        vocabulary: &wire::Vocabulary,
        in_play: &InPlay<'_>,
        used: &[bool],
        rules: &BTreeMap<String, i64>,
        figures: &[FigureDef],
        missing: &mut Vec<String>,
    ) -> Result<Vocab, SetupError> {
        if vocabulary.attributes.len() > MAX_ATTRIBUTES || vocabulary.kinds.len() > MAX_KINDS {
            return Err(SetupError(format!(
                "the vocabulary declares {} feature kinds and {} attributes; the engine plays \
                 at most {MAX_KINDS} kinds and {MAX_ATTRIBUTES} attributes",
                vocabulary.kinds.len(),
                vocabulary.attributes.len()
            )));
        }
        let attributes = vocabulary
            .attributes
            .iter()
            .map(|a| attribute(a, in_play, vocabulary, rules))
            .collect::<Result<Vec<_>, _>>()?;
        let kinds = vocabulary
            .kinds
            .iter()
            .zip(used)
            .map(|(k, &used)| {
                let mut need = |name: String| {
                    if used {
                        missing.push(name);
                    }
                };
                kind(k, vocabulary, rules, figures, &mut need)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let counted = (0..attributes.len())
            .filter(|&a| attributes[a].counted)
            .fold(0u64, |m, a| m | 1 << a);
        Ok(Vocab {
            kinds,
            attributes,
            counted,
        })
    }

    /// The index of a kind.
    pub fn kind(&self, id: &str) -> Option<u8> {
        let i = self.kinds.iter().position(|k| k.id == id)?;
        u8::try_from(i).ok()
    }

    /// The index of an attribute.
    pub fn attribute(&self, id: &str) -> Option<u8> {
        let i = self.attributes.iter().position(|a| a.id == id)?;
        u8::try_from(i).ok()
    }
}

fn kind(
    k: &wire::Kind,
    vocabulary: &wire::Vocabulary,
    rules: &BTreeMap<String, i64>,
    figures: &[FigureDef],
    need: &mut impl FnMut(String),
) -> Result<KindRule, SetupError> {
    let get = |name: &str| rules.get(&format!("{}.{name}", k.id)).copied();
    let template = k.score.as_ref().map(|s| s.template.as_str());
    let fits = match (template, k.shape) {
        (None, _)
        | (Some("network"), Shape::Region | Shape::Path)
        | (Some("farm"), Shape::Face)
        | (Some("neighbourhood"), Shape::Spot) => true,
        (Some("network" | "farm" | "neighbourhood"), _) => false,
        (Some(t), _) => {
            return Err(SetupError(format!(
                "kind `{}`: the engine has no `{t}` scoring template",
                k.id
            )))
        }
    };
    if !fits {
        return Err(SetupError(format!(
            "kind `{}`: a {:?} kind is not scored by `{}`",
            k.id,
            k.shape,
            template.unwrap_or_default()
        )));
    }
    let scoring = match template {
        Some("network") => {
            let tile = get("tile");
            let complete = get("tile.complete").or(tile);
            let unfinished = get("tile.incomplete").or(tile);
            match (complete, unfinished) {
                (Some(c), Some(u)) => Scoring::Network { tile: [c, u] },
                (None, None) => {
                    need(format!("{}.tile", k.id));
                    Scoring::Network { tile: [0, 0] }
                }
                (c, u) => {
                    if c.is_none() {
                        need(format!("{}.tile.complete", k.id));
                    }
                    if u.is_none() {
                        need(format!("{}.tile.incomplete", k.id));
                    }
                    Scoring::Network {
                        tile: [c.unwrap_or(0), u.unwrap_or(0)],
                    }
                }
            }
        }
        Some("neighbourhood") => {
            let mut value = |name: &str| {
                get(name).unwrap_or_else(|| {
                    need(format!("{}.{name}", k.id));
                    0
                })
            };
            Scoring::Neighbourhood {
                complete: value("complete"),
                tile: value("tile.incomplete"),
            }
        }
        Some("farm") => Scoring::Farm {
            per: vocabulary
                .kinds
                .iter()
                .map(|other| get(&other.id).unwrap_or(0))
                .collect(),
        },
        _ => Scoring::None,
    };
    let occupy = |f: &FigureDef| {
        f.follower_piece()
            && (f.follower && k.occupy.iter().any(|o| o == "follower") || k.occupy.contains(&f.id))
            && (f.stands_on.is_empty() || f.stands_on.contains(&k.id))
    };
    let occupy = figures
        .iter()
        .enumerate()
        .filter(|(_, f)| occupy(f))
        .fold(0u32, |m, (i, _)| m | 1 << i);
    let units = vocabulary
        .attributes
        .iter()
        .position(|a| a.counted && a.on.contains(&k.id))
        .and_then(|i| u8::try_from(i).ok());
    Ok(KindRule {
        id: k.id.clone(),
        shape: k.shape,
        scoring,
        admits: occupy,
        occupy,
        companions: 0,
        capabilities: k.capabilities.clone(),
        source: match k.shape {
            Shape::Region => Source::City,
            Shape::Path => Source::Road,
            Shape::Spot => Source::Cloister,
            Shape::Face => Source::Field,
        },
        units,
    })
}

/// One attribute's rule. An attribute `scored-with` expansions none of which
/// is in play keeps only the parameters a `rules` block in play gives.
fn attribute(
    a: &wire::Attribute,
    in_play: &InPlay<'_>,
    vocabulary: &wire::Vocabulary,
    rules: &BTreeMap<String, i64>,
) -> Result<AttributeRule, SetupError> {
    let scores = a.scored_with.is_empty()
        || a.scored_with
            .iter()
            .any(|e| in_play.expansions.contains(&e.as_str()));
    let mut unit = [0, 0];
    let mut modifiers = Vec::new();
    for (name, m) in a
        .params
        .iter()
        .filter(|(name, _)| scores || in_play.given.contains(&format!("{}.{name}", a.id)))
    {
        let (set, declared) = match *m {
            wire::Modifier::Set(v) => (true, v),
            wire::Modifier::Add(v) => (false, v),
        };
        let value = rules
            .get(&format!("{}.{name}", a.id))
            .copied()
            .unwrap_or(declared);
        let mut change = |target| {
            modifiers.push(Modifier { target, set, value });
        };
        match name.as_str() {
            "complete" if a.counted => unit[COMPLETE] = value,
            "incomplete" if a.counted => unit[UNFINISHED] = value,
            "tile" => {
                change(Target::Tile(COMPLETE));
                change(Target::Tile(UNFINISHED));
            }
            "tile.complete" => change(Target::Tile(COMPLETE)),
            "tile.incomplete" => change(Target::Tile(UNFINISHED)),
            other => {
                let counted = |id: &str| {
                    vocabulary
                        .attributes
                        .iter()
                        .position(|b| b.counted && b.id == id)
                        .and_then(|i| u8::try_from(i).ok())
                };
                let target = match other.rsplit_once('.') {
                    Some((b, "complete")) => counted(b).map(|b| Target::Unit(b, COMPLETE)),
                    Some((b, "incomplete")) => counted(b).map(|b| Target::Unit(b, UNFINISHED)),
                    _ => None,
                };
                let Some(target) = target else {
                    return Err(SetupError(format!(
                        "attribute `{}`: the engine does not know the parameter `{other}`",
                        a.id
                    )));
                };
                change(target);
            }
        }
    }
    Ok(AttributeRule {
        id: a.id.clone(),
        counted: a.counted,
        unit,
        modifiers,
    })
}
