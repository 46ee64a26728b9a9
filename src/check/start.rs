//! At most one tile kind is marked `start` among the ungrouped tiles, and at most
//! one in each group (E0106): a group's start tile (the river's spring) starts
//! the game instead of the other one when that group is in play. Only one
//! group may have one: with two in play no rule says whose starts the game.
//! An ungrouped start tile of an expansion that requires another's (The Wind
//! Roses' compass rose, which requires the base game) replaces that one: two
//! ungrouped start tiles are refused only when neither's expansion requires
//! the other's, directly or through others. Ungrouped start tiles of one
//! expansion are its start set (Spiel Doch's two tiles): they start the game
//! together, the first laid as the start tile, the others beside it; a start
//! set yields to another expansion's single start tile (its rules make it an
//! alternative start; JCloisterZone starts on the compass rose when both are
//! in play), so only two start sets of unrelated expansions are refused; a
//! start set with a fixed layout (`start at`, the Count's city) starts before
//! one without, so only two laid-out sets (or two without) are refused.

use crate::diag::{Code, Diagnostic};
use crate::ir::TileSet;

pub fn check(set: &TileSet, out: &mut Vec<Diagnostic>) {
    let mut group_starts = set
        .tiles
        .iter()
        .filter(|t| t.start > 0 && t.group.is_some());
    if let Some(first) = group_starts.next() {
        for other in group_starts.filter(|t| t.group != first.group) {
            let name = |t: &crate::ir::Tile| {
                t.group
                    .map_or("", |g| set.vocabulary.groups[g].id.as_str())
                    .to_string()
            };
            out.push(
                Diagnostic::new(
                    Code::StartTile,
                    other.span,
                    format!(
                        "`{}` starts group `{}`, and group `{}` has a start tile already",
                        other.name,
                        name(other),
                        name(first)
                    ),
                )
                .label("a second group's start tile")
                .with(first.span, "this group's start tile")
                .help("one group starts the game: keep `start` in one group"),
            );
        }
    }
    let groups = std::iter::once(None).chain((0..set.vocabulary.groups.len()).map(Some));
    for group in groups {
        let starts: Vec<_> = set
            .tiles
            .iter()
            .filter(|t| t.start > 0 && t.group == group)
            .collect();
        for (j, &other) in starts.iter().enumerate().skip(1) {
            let related = |e: &crate::ir::Tile| {
                group.is_none()
                    && (e.expansion == other.expansion
                        || in_a_set(&starts, e) != in_a_set(&starts, other)
                        || laid_out(&starts, e) != laid_out(&starts, other)
                        || requires(set, other.expansion, e.expansion)
                        || requires(set, e.expansion, other.expansion))
            };
            let Some(&first) = starts[..j].iter().find(|e| !related(e)) else {
                continue;
            };
            let within = group.map_or(String::new(), |g| {
                format!(" of group `{}`", set.vocabulary.groups[g].id)
            });
            out.push(
                Diagnostic::new(
                    Code::StartTile,
                    other.span,
                    format!("`{}` is a second start tile{within}", other.name),
                )
                .label("marked `start` here")
                .with(first.span, "the start tile is already this one")
                .help("a game has one start tile: keep `start` on one tile"),
            );
        }
    }
}

/// True when `tile` is one of several start tiles of its expansion (a start
/// set, which yields to another expansion's single start tile).
fn in_a_set(starts: &[&crate::ir::Tile], tile: &crate::ir::Tile) -> bool {
    starts
        .iter()
        .filter(|t| t.expansion == tile.expansion)
        .count()
        > 1
}

/// True when `tile`'s start set has a fixed layout (`start at`): a whole
/// picture such as the city of Carcassonne, which starts the game before a
/// start set without one (that one is then shuffled in).
fn laid_out(starts: &[&crate::ir::Tile], tile: &crate::ir::Tile) -> bool {
    in_a_set(starts, tile)
        && starts
            .iter()
            .any(|t| t.expansion == tile.expansion && t.start_at.is_some())
}

/// True when expansion `a` requires expansion `b`, directly or through others.
pub fn requires(set: &TileSet, a: usize, b: usize) -> bool {
    let mut seen = vec![false; set.expansions.len()];
    let mut todo = vec![a];
    while let Some(e) = todo.pop() {
        if std::mem::replace(&mut seen[e], true) {
            continue;
        }
        for (id, _) in &set.expansions[e].requires {
            if let Some(i) = set.expansions.iter().position(|x| &x.id == id) {
                if i == b {
                    return true;
                }
                todo.push(i);
            }
        }
    }
    false
}
