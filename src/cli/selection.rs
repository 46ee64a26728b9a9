//! Which expansions of a tile set `play`, `simulate` and `score` play when
//! none are named. `tilesets/` ships every published expansion, most of them
//! with rules the engine does not have yet (W0603), and the editions (garden
//! twins standing in for tiles of the first printing), which are a choice of
//! box, not an addition. So by default a game plays every expansion the
//! engine can play (with everything it requires), leaves out the editions,
//! and says in one line on standard error what it left out and why. Naming
//! expansions (`--expansions base,the-tower`) plays exactly those, and an
//! expansion whose rules the engine lacks is then an error naming the
//! missing capability (the engine's own refusal).

use crate::emit::wire::{Expansion, TileSet};
use crate::engine::Ruleset;

/// The expansions to play: `explicit` when given, else the default choice
/// (`None` when that is every expansion of the set, as before). The note
/// on what was left out goes to standard error: one short line with the
/// counts, or with `verbose` every expansion left out and why.
pub fn expansions(set: &TileSet, explicit: &[String], verbose: bool) -> Option<Vec<String>> {
    if !explicit.is_empty() {
        return Some(explicit.to_vec());
    }
    let (chosen, note) = default_choice(set, verbose);
    if let Some(note) = note {
        super::verbosity::status(&note);
    }
    chosen
}

/// The default choice and the note explaining it (short, or with `verbose`
/// the full list); `(None, None)` when every expansion plays.
pub fn default_choice(set: &TileSet, verbose: bool) -> (Option<Vec<String>>, Option<String>) {
    let mut lacking: Vec<String> = Vec::new();
    let (editions, others): (Vec<&Expansion>, Vec<&Expansion>) =
        set.expansions.iter().partition(|e| is_edition(set, e));
    let editions: Vec<String> = editions.iter().map(|e| e.id.clone()).collect();
    let mut playable: Vec<String> = others.iter().map(|e| e.id.clone()).collect();
    if editions.is_empty() && Ruleset::new(set, None).is_ok() {
        return (None, None);
    }
    // Usually every expansion but the editions plays, all together: one
    // ruleset tells. Else each is tried with what it requires, to name what
    // the engine lacks.
    if playable.is_empty() || Ruleset::new(set, Some(&playable)).is_err() {
        playable.clear();
        for e in others {
            match Ruleset::new(set, Some(&closure(set, e))) {
                Ok(_) => playable.push(e.id.clone()),
                Err(err) => lacking.push(format!("{} ({})", e.id, short(&err.0))),
            }
        }
        if lacking.is_empty() && editions.is_empty() {
            return (None, None);
        }
        // Nothing playable: play everything, so that the engine's refusal
        // names what is missing.
        if playable.is_empty() || Ruleset::new(set, Some(&playable)).is_err() {
            return (None, None);
        }
    }
    if !verbose {
        let mut parts = Vec::new();
        if !lacking.is_empty() {
            parts.push(format!("{} whose rules the engine lacks", lacking.len()));
        }
        if !editions.is_empty() {
            parts.push(format!(
                "{} edition{}",
                editions.len(),
                if editions.len() == 1 { "" } else { "s" }
            ));
        }
        let note = format!(
            "note: playing {} of {} expansions; left out {} (-v lists them)",
            playable.len(),
            set.expansions.len(),
            parts.join(" and ")
        );
        return (Some(playable), Some(note));
    }
    let mut parts = Vec::new();
    if !lacking.is_empty() {
        parts.push(format!(
            "{} whose rules the engine lacks: {}",
            lacking.len(),
            lacking.join(", ")
        ));
    }
    if !editions.is_empty() {
        parts.push(format!(
            "{} edition{} (another printing's tiles; name one with --expansions): {}",
            editions.len(),
            if editions.len() == 1 { "" } else { "s" },
            editions.join(", ")
        ));
    }
    let note = format!(
        "note: playing {} of {} expansions ({}); left out {}",
        playable.len(),
        set.expansions.len(),
        playable.join(", "),
        parts.join("; ")
    );
    (Some(playable), Some(note))
}

/// An edition: an expansion every tile of which stands in for another
/// expansion's tile (`replaces`), like the garden twins of the abbot edition.
fn is_edition(set: &TileSet, e: &Expansion) -> bool {
    let mut tiles = set.tiles.iter().filter(|t| t.expansion == e.id).peekable();
    tiles.peek().is_some() && tiles.all(|t| t.replaces.is_some())
}

/// The expansion and everything it requires, transitively, in the set's order.
fn closure(set: &TileSet, e: &Expansion) -> Vec<String> {
    let mut wanted = vec![e.id.clone()];
    let mut i = 0;
    while i < wanted.len() {
        if let Some(x) = set.expansions.iter().find(|x| x.id == wanted[i]) {
            for r in &x.requires {
                if !wanted.contains(r) {
                    wanted.push(r.clone());
                }
            }
        }
        i += 1;
    }
    set.expansions
        .iter()
        .map(|x| x.id.clone())
        .filter(|id| wanted.contains(id))
        .chain(
            wanted
                .iter()
                .filter(|w| !set.expansions.iter().any(|x| &x.id == *w))
                .cloned(),
        )
        .collect()
}

/// The engine's refusal, shortened to the capability it names when it names one.
fn short(message: &str) -> String {
    if let Some(rest) = message.split("has no `").nth(1) {
        if let Some(name) = rest.split('`').next() {
            return format!("no `{name}` rules");
        }
    }
    message.to_string()
}
