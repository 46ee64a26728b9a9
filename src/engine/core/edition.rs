//! Edition edits on the box: an expansion in play that `remove`s copies of a
//! tile takes them out (every copy when it names no count), and a tile of an
//! expansion in play that `replaces` another takes the place of as many of
//! that tile's copies as it has (a garden twin), and of its start copies:
//! a tile replacing a single start tile starts the game instead (a start
//! set finds its stand-ins itself, see `start_set`). Edits of an expansion
//! that is not in play change nothing.

use std::collections::HashMap;

use super::error::SetupError;
use super::tables::Kind;
use crate::emit::wire;
use crate::engine::ids::KindId;

/// Applies the edits of the expansions in play to the copies of `kinds`
/// (indexed by `by_id`); `tiles` are the wire tiles in play, in kind order.
pub fn apply(
    kinds: &mut [Kind],
    by_id: &HashMap<String, KindId>,
    tiles: &[&wire::Tile],
    exps: &[&wire::Expansion],
) -> Result<(), SetupError> {
    let target = |id: &str, by: &str| {
        by_id
            .get(id)
            .map(|k| usize::from(k.0))
            .ok_or_else(|| SetupError(format!("{by} edits `{id}`, which is not in play")))
    };
    for e in exps {
        for r in &e.removes {
            let k = target(&r.tile, &format!("expansion `{}`", e.id))?;
            let count = &mut kinds[k].count;
            *count = r.count.map_or(0, |n| count.saturating_sub(n));
        }
    }
    for tile in tiles {
        if let Some(replaced) = &tile.replaces {
            let k = target(replaced, &format!("tile `{}`", tile.id))?;
            let count = &mut kinds[k].count;
            *count = count.saturating_sub(tile.count);
            // A tile standing in for a start tile starts in its place (a
            // second printing's own start tile).
            let Some(&me) = by_id.get(&tile.id) else {
                continue;
            };
            if tiles
                .get(k)
                .is_some_and(|t| super::start_set::in_a_set(tiles, t))
            {
                continue;
            }
            let moved = kinds[k].start_copies.min(tile.count);
            if moved > 0 {
                kinds[k].start_copies -= moved;
                let mine = &mut kinds[usize::from(me.0)].start_copies;
                *mine = (*mine).max(moved);
            }
        }
    }
    Ok(())
}
