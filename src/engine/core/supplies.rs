//! What the expansions in play bring besides tiles — figures, token stacks and
//! dice — and the order of preference in which a tile looks for a stack or a
//! die ([`preference`]): its own expansion's, then those it requires, then
//! any in play. Rule modules read tokens and dice by where they come from,
//! never by name.

use super::error::SetupError;
use crate::emit::wire::{self, TileSet};

/// A figure each player receives.
#[derive(Debug)]
pub struct FigureDef {
    pub id: String,
    pub per_player: u32,
    /// Its weight in majorities.
    pub strength: u32,
    /// Admitted where a kind says `occupy follower`.
    pub follower: bool,
    /// The only kinds it may stand on (empty: wherever a kind admits it).
    pub stands_on: Vec<String>,
    /// A player's figure that normal placement may put on the board: neither
    /// neutral nor a supply piece (their rules are capabilities still to come).
    pub plays: bool,
    /// Stands beside its owner's follower rather than on a feature of its own
    /// (a rule module makes it one): never placed the normal way, never
    /// counted in majorities.
    pub companion: bool,
    /// A companion that needs no follower beside it and stays when they
    /// leave (a rule module makes it one).
    pub alone: bool,
    /// Its weight in majorities is a rule module's, asked each time a
    /// feature it stands on is scored ([`Rules::strength`](super::Rules::strength)).
    pub ruled_strength: bool,
    /// Its declared capabilities.
    pub capabilities: Vec<String>,
}

impl FigureDef {
    /// A follower in the rules' sense: it stands on a feature and counts for
    /// majorities (not a companion, neutral or supply piece).
    pub fn follower_piece(&self) -> bool {
        self.plays && !self.companion
    }

    /// True when the figure declares `capability`.
    pub fn has(&self, capability: &str) -> bool {
        self.capabilities.iter().any(|c| c == capability)
    }
}

/// A kind of token.
#[derive(Debug)]
pub struct TokenDef {
    pub id: String,
    pub value: i64,
    pub count: u32,
    /// Index (among the expansions in play) of the expansion that brings it.
    pub expansion: usize,
}

/// The expansions in play, in tile-set order: the named ones (all when `None`),
/// each with what it requires.
pub fn choose<'s>(
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
            let hint = crate::diag::did_you_mean(w, &all)
                .map(|s| format!("; did you mean `{s}`?"))
                .unwrap_or_default();
            return Err(SetupError(format!(
                "unknown expansion `{w}`{hint} (the tile set has: {})",
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
pub fn figures(exps: &[&wire::Expansion]) -> Result<Vec<FigureDef>, SetupError> {
    let mut out: Vec<FigureDef> = Vec::new();
    for f in exps.iter().flat_map(|e| &e.figures) {
        if out.iter().any(|g| g.id == f.id) {
            return Err(SetupError(format!("figure `{}` is declared twice", f.id)));
        }
        out.push(FigureDef {
            id: f.id.clone(),
            per_player: f.per_player,
            strength: f.strength,
            follower: f.follower,
            stands_on: f.stands_on.clone(),
            plays: !f.neutral && !f.supply,
            companion: false,
            alone: false,
            ruled_strength: false,
            capabilities: f.capabilities.clone(),
        });
    }
    if out.len() > 32 {
        return Err(SetupError("too many figure kinds for the engine".into()));
    }
    if out.iter().all(|f| f.per_player == 0 || !f.plays) {
        return Err(SetupError(
            "the tile set gives the players no figures (declare one: `figure NAME`)".into(),
        ));
    }
    Ok(out)
}

/// Every token of the expansions in play, with the expansion it belongs to.
pub fn tokens(exps: &[&wire::Expansion]) -> Result<Vec<TokenDef>, SetupError> {
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
pub fn preference(exps: &[&wire::Expansion], from: usize) -> Vec<usize> {
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
