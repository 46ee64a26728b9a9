//! Preparing a wire tile set for play: [`Ruleset::new`]. Everything the hot
//! path needs is computed here once — side codes and placement signatures for
//! the four rotations, the feature at each slot, the vocabulary's values and
//! who may stand where, edition edits on the box — and the rule modules in
//! play prepare their own tables (`crate::engine::rules`). The tile set is
//! validated first, so the engine can index freely.
//!
//! This module, `validate` and the modules' setup are the only ones that read
//! [`crate::emit::wire`] types.

use std::collections::{BTreeMap, HashMap};

use super::core::params::Params;
use super::core::sides::Sides;
use super::core::supplies;
use super::core::tables::prepare_tile;
use super::core::vocab::{InPlay, Vocab};
use super::core::{draw, edition};
use super::rules::module::Setup;
use super::rules::{self, Tables};
use super::{KindId, Ruleset, SetupError};
use crate::emit::wire::{self, TileSet};

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
        let ids: Vec<&str> = exps.iter().map(|e| e.id.as_str()).collect();
        rules::check(&tiles, &set.vocabulary, &wire_figures, &ids)?;
        let setup = Setup {
            set,
            expansions: &exps,
            tiles: &tiles,
            figures: &wire_figures,
        };
        let mut figures = supplies::figures(&exps)?;
        let in_play = Tables::prepare_figures(&setup, &mut figures);
        let mut values = defaults(&set.vocabulary);
        for e in &exps {
            values.extend(e.rules.iter().map(|(k, v)| (k.clone(), *v)));
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
        let attribute_rules = InPlay {
            expansions: exps.iter().map(|e| e.id.as_str()).collect(),
            given: exps.iter().flat_map(|e| e.rules.keys()).cloned().collect(),
        };
        let mut vocab = Vocab::new(
            &set.vocabulary,
            &attribute_rules,
            &used,
            &values,
            &figures,
            &mut missing,
        )?;
        let mut params = Params::new(values);
        for m in missing {
            params.missing(m);
        }
        let mut tables = Tables::new(&setup, &in_play, &figures, &mut vocab)?;
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
            kind.stage = draw::stage(tile, &set.vocabulary);
            tables.prepare_kind(&setup, tile, e, &mut kind, &vocab)?;
            super::core::tables::widen_fits(&mut kind, &sides);
            kinds.push(kind);
        }
        edition::apply(&mut kinds, &by_id, &tiles, &exps)?;
        kinds.iter_mut().for_each(super::core::turns::find_turns);
        let start = draw::start_tile(&tiles, &kinds, &exps);
        let start_set = super::core::start_set::companions(&tiles, &kinds, start);
        let start_sets = super::core::start_set::members(&tiles);
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
        tables.parameters(&mut params)?;
        params.check()?;
        Ok(Ruleset {
            any_companion: figures.iter().any(|f| f.plays && f.companion),
            kinds,
            by_id,
            vocab,
            sides,
            figures,
            tokens,
            dice,
            start,
            start_set,
            start_sets,
            expansions: exps.iter().map(|e| e.id.clone()).collect(),
            ext: tables,
        })
    }

    /// The capabilities whose rule modules the set in play switches on, in
    /// registry order.
    #[must_use]
    pub fn capabilities_in_play(&self) -> Vec<&'static str> {
        self.ext.in_play()
    }
}

/// The rule parameters the declarations give (`city.tile.complete` is the
/// `tile.complete` value of the kind `city`); `rules` blocks override them.
fn defaults(vocabulary: &wire::Vocabulary) -> BTreeMap<String, i64> {
    let mut out = BTreeMap::new();
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

fn too_many(what: &str) -> SetupError {
    SetupError(format!("too many {what} for the engine"))
}
