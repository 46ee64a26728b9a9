//! What the expansions in play bring besides tiles — figures, token stacks and
//! dice — and which stack and die each tile uses.
//!
//! The engine has one use for tokens (the face-down token under the big top)
//! and one for dice (a flight), so it reads them by where they come from, not
//! by name: a circus tile draws from the tokens of its own expansion, else of
//! the first expansion it requires (breadth first) that has tokens, else of the
//! first expansion in play that has any; a flying machine rolls the first die
//! found the same way. So Under the Big Top's circuses get its animals, and a
//! fan expansion's circus its own prizes, in the same game.

use super::tables::Kind;
use super::tileset::SetupError;
use crate::emit::wire::{self, TileSet};

use super::capability::{ABBOT, BUILDER, PIG, RINGMASTER};

/// A figure each player receives.
#[derive(Debug)]
pub(super) struct FigureDef {
    pub id: String,
    pub per_player: u32,
    /// May join pyramids (where the acrobat kind admits it).
    pub acrobat: bool,
    /// Earns the ringmaster bonus (`capability ringmaster`).
    pub ringmaster: bool,
    /// Its weight in majorities.
    pub strength: u32,
    /// Admitted where a kind says `occupy follower`.
    pub follower: bool,
    /// The only kinds it may stand on (empty: wherever a kind admits it).
    pub stands_on: Vec<String>,
    /// A player's figure that normal placement may put on the board: neither
    /// neutral nor a supply piece (their rules are capabilities still to come).
    pub plays: bool,
    /// May be taken back instead of a figure action, scoring its feature
    /// (`capability abbot`).
    pub abbot: bool,
    /// Stands beside its owner's follower rather than on a feature of its own
    /// (`capability builder` or `pig`): never placed the normal way, never
    /// counted in majorities or by the big top, never flies.
    pub companion: Option<Companion>,
}

/// What a companion figure does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Companion {
    /// Extending its feature gives its owner a second turn.
    Builder,
    /// Its field scores more for its owner.
    Pig,
}

impl FigureDef {
    /// A follower in the rules' sense: it stands on a feature and counts for
    /// majorities and the big top (not a companion, neutral or supply piece).
    pub fn follower_piece(&self) -> bool {
        self.plays && self.companion.is_none()
    }
}

/// A kind of token.
#[derive(Debug)]
pub(super) struct TokenDef {
    pub id: String,
    pub value: i64,
    pub count: u32,
    /// Index (among the expansions in play) of the expansion that brings it.
    pub expansion: usize,
}

/// The expansions in play, in tile-set order: the named ones (all when `None`),
/// each with what it requires.
pub(super) fn choose<'s>(
    set: &'s TileSet,
    wanted: Option<&[String]>,
) -> Result<Vec<&'s wire::Expansion>, SetupError> {
    let all: Vec<String>;
    let wanted = match wanted {
        Some(w) => w,
        None => {
            all = set.expansions.iter().map(|e| e.id.clone()).collect();
            &all
        }
    };
    for w in wanted {
        if !set.expansions.iter().any(|e| &e.id == w) {
            let all: Vec<&str> = set.expansions.iter().map(|e| e.id.as_str()).collect();
            return Err(SetupError(format!(
                "unknown expansion `{w}` (the tile set has: {})",
                all.join(", ")
            )));
        }
    }
    let chosen: Vec<&wire::Expansion> = set
        .expansions
        .iter()
        .filter(|e| wanted.contains(&e.id))
        .collect();
    for e in &chosen {
        if let Some(missing) = e.requires.iter().find(|r| !wanted.contains(r)) {
            return Err(SetupError(format!(
                "expansion `{}` requires `{missing}`, which is not in play",
                e.id
            )));
        }
    }
    Ok(chosen)
}

/// Every figure of the expansions in play.
pub(super) fn figures(exps: &[&wire::Expansion]) -> Result<Vec<FigureDef>, SetupError> {
    let mut out: Vec<FigureDef> = Vec::new();
    for f in exps.iter().flat_map(|e| &e.figures) {
        if out.iter().any(|g| g.id == f.id) {
            return Err(SetupError(format!("figure `{}` is declared twice", f.id)));
        }
        let plays = !f.neutral && !f.supply;
        let has = |c: &str| f.capabilities.iter().any(|x| x == c);
        let companion = if has(BUILDER) {
            Some(Companion::Builder)
        } else if has(PIG) {
            Some(Companion::Pig)
        } else {
            None
        };
        out.push(FigureDef {
            id: f.id.clone(),
            per_player: f.per_player,
            acrobat: f.acrobat && plays && companion.is_none(),
            ringmaster: has(RINGMASTER),
            strength: f.strength,
            follower: f.follower,
            stands_on: f.stands_on.clone(),
            plays,
            abbot: has(ABBOT),
            companion,
        });
    }
    if out.len() > 32 {
        return Err(SetupError("too many figure kinds for the engine".into()));
    }
    if out.iter().all(|f| f.per_player == 0 || !f.plays) {
        return Err(SetupError(
            "the tile set gives the players no figures (declare `figure meeple`)".into(),
        ));
    }
    Ok(out)
}

/// Every token of the expansions in play, with the expansion it belongs to.
pub(super) fn tokens(exps: &[&wire::Expansion]) -> Result<Vec<TokenDef>, SetupError> {
    let mut out: Vec<TokenDef> = Vec::new();
    for (expansion, e) in exps.iter().enumerate() {
        for t in &e.tokens {
            if out.iter().any(|u| u.id == t.id) {
                return Err(SetupError(format!("token `{}` is declared twice", t.id)));
            }
            out.push(TokenDef {
                id: t.id.clone(),
                value: t.value,
                count: t.count,
                expansion,
            });
        }
    }
    if out.len() > 250 {
        return Err(SetupError("too many token kinds for the engine".into()));
    }
    Ok(out)
}

/// The expansions a tile of expansion `from` takes its tokens or die from, in
/// order of preference: itself, what it requires (breadth first), then every
/// expansion in play.
pub(super) fn preference(exps: &[&wire::Expansion], from: usize) -> Vec<usize> {
    let mut order = vec![from];
    let mut i = 0;
    while i < order.len() {
        for r in &exps[order[i]].requires {
            if let Some(j) = exps.iter().position(|e| &e.id == r) {
                if !order.contains(&j) {
                    order.push(j);
                }
            }
        }
        i += 1;
    }
    for j in 0..exps.len() {
        if !order.contains(&j) {
            order.push(j);
        }
    }
    order
}

/// Gives a circus tile its token stack and a flying machine its die.
pub(super) fn assign(
    kind: &mut Kind,
    tile: &str,
    exps: &[&wire::Expansion],
    from: usize,
) -> Result<(), SetupError> {
    let order = preference(exps, from);
    if kind.circus {
        kind.pool = order.iter().copied().find(|&x| !exps[x].tokens.is_empty());
        if kind.pool.is_none() {
            return Err(SetupError(format!(
                "tile `{tile}` has a circus space but no expansion in play has tokens for the big top"
            )));
        }
    }
    if kind.flier.is_some() {
        // Dice are numbered in tile-set order across the expansions in play.
        let first_die = |x: usize| {
            let before: usize = exps[..x].iter().map(|e| e.dice.len()).sum();
            (!exps[x].dice.is_empty()).then_some(before)
        };
        kind.die = order.iter().find_map(|&x| first_die(x));
        if kind.die.is_none() {
            return Err(SetupError(format!(
                "tile `{tile}` has a flying machine but no expansion in play has a die"
            )));
        }
    }
    Ok(())
}
