//! The draw order of groups (`group NAME { draw first|mixed|last }`): each tile
//! kind gets a *stage*, its group's rank (first 0, mixed or no group 1, last
//! 2) times three, plus 0 for a tile marked `first` (drawn first of its
//! group), 1 for the others, 2 for one marked `last` (drawn last of it).
//! A tile may be drawn only while no tile of a lower stage is left, so a
//! group drawn first comes first, its `first` tile first of it and its
//! `last` tile last of it, then everything
//! else. The start tile is the first tile marked `start` in a group with a
//! copy left, else the ungrouped one whose expansion requires the others'
//! (an expansion's own start tile replaces the base game's), else the first
//! tile marked `start`. The start tile replaces the others: when it begins
//! the game, the copies marked `start` of every other ungrouped tile stay in
//! the box (a group's own start tile replaces the game's, which goes back in
//! the box).

use super::game::Game;
use super::game::Rules;
use super::tables::{Kind, STAGES};
use crate::emit::wire;
use crate::engine::ids::KindId;
use crate::engine::moves::{illegal, IllegalMove};

/// A wire tile's stage.
pub fn stage(tile: &wire::Tile, vocabulary: &wire::Vocabulary) -> u8 {
    let rank = tile
        .group
        .as_deref()
        .and_then(|g| vocabulary.groups.iter().find(|x| x.id == g))
        .map_or(1, |g| match g.draw.as_str() {
            "first" => 0,
            "last" => 2,
            _ => 1,
        });
    rank * 3 + 1 + u8::from(tile.last) - u8::from(tile.first)
}

/// The start tile: the first grouped `start` tile with a copy left, else the
/// first ungrouped one whose expansion requires (directly or through others)
/// the expansion of every other ungrouped one with a copy left (a start set
/// yields to a single start tile: see `start_set`), else the first of a
/// start set with a fixed layout, else the first `start` tile with a copy left.
pub fn start_tile(
    tiles: &[&wire::Tile],
    kinds: &[Kind],
    expansions: &[&wire::Expansion],
) -> Option<KindId> {
    let starts = || {
        tiles
            .iter()
            .zip(kinds)
            .enumerate()
            .filter(|(_, (_, k))| k.start_copies > 0 && k.count > 0)
    };
    let requires = |a: &str, b: &str| {
        let mut todo = vec![a];
        let mut seen: Vec<&str> = Vec::new();
        while let Some(e) = todo.pop() {
            if seen.contains(&e) {
                continue;
            }
            seen.push(e);
            if let Some(x) = expansions.iter().find(|x| x.id == e) {
                if x.requires.iter().any(|r| r == b) {
                    return true;
                }
                todo.extend(x.requires.iter().map(String::as_str));
            }
        }
        false
    };
    let in_a_set = |t: &wire::Tile| super::start_set::in_a_set(tiles, t);
    // A start set with a fixed layout (the Count's city) starts before one
    // without.
    let laid_out = |t: &wire::Tile| {
        in_a_set(t)
            && tiles
                .iter()
                .any(|o| o.expansion == t.expansion && o.start > 0 && o.start_at.is_some())
    };
    let replaces_all = |t: &wire::Tile| {
        starts()
            .filter(|(_, (o, _))| o.group.is_none() && o.expansion != t.expansion)
            .filter(|(_, (o, _))| {
                in_a_set(t) || !in_a_set(o) || requires(&o.expansion, &t.expansion)
            })
            .all(|(_, (o, _))| requires(&t.expansion, &o.expansion))
    };
    let (i, _) = starts()
        .find(|(_, (t, _))| t.group.is_some())
        .or_else(|| starts().find(|(_, (t, _))| replaces_all(t)))
        .or_else(|| starts().find(|(_, (t, _))| laid_out(t)))
        .or_else(|| starts().next())?;
    u16::try_from(i).ok().map(KindId)
}

impl<X: Rules> Game<'_, X> {
    /// Copies left of each stage, from the copies left of each kind.
    pub(in crate::engine) fn count_stages(&mut self) {
        self.stage_left = [0; STAGES];
        for (k, &n) in self.rules.kinds.iter().zip(&self.remaining) {
            let s = &mut self.stage_left[usize::from(k.stage)];
            *s = s.saturating_add(n);
        }
    }

    /// Takes the start copies of the other ungrouped start tiles out of the
    /// bag: the start tile replaces them.
    pub(in crate::engine) fn set_aside_starts(&mut self, start: KindId) {
        if !self.replaces_starts(start) {
            return;
        }
        let rules = self.rules;
        for (i, (k, left)) in rules.kinds.iter().zip(&mut self.remaining).enumerate() {
            if i != usize::from(start.0)
                && !k.grouped
                && k.start_copies > 0
                && !rules.start_sets.iter().any(|c| usize::from(c.0) == i)
            {
                *left = left.saturating_sub(k.start_copies);
            }
        }
    }

    /// The start copies of `tile` that stay in the box because another
    /// start tile began the game.
    pub(in crate::engine) fn set_aside_of(&self, tile: KindId) -> u32 {
        let start = self.board.placed.first().map(|p| p.kind);
        let k = &self.rules.kinds[usize::from(tile.0)];
        match start {
            Some(_) if self.in_start_set(tile) => 0,
            Some(s) if s != tile && !k.grouped && self.replaces_starts(s) => k.start_copies,
            _ => 0,
        }
    }

    /// True when `start` beginning the game keeps the other start tiles in
    /// the box: a group's tile, or a tile marked `start` (a game begun on
    /// another tile leaves them in the bag).
    fn replaces_starts(&self, start: KindId) -> bool {
        let k = &self.rules.kinds[usize::from(start.0)];
        k.grouped || k.start_copies > 0
    }

    /// Takes one copy of a kind out of the bag.
    pub(in crate::engine) fn take_copy(&mut self, tile: KindId) {
        self.remaining[usize::from(tile.0)] -= 1;
        let stage = usize::from(self.rules.kinds[usize::from(tile.0)].stage);
        self.stage_left[stage] = self.stage_left[stage].saturating_sub(1);
    }

    /// True when a tile of this kind may be drawn now: a copy is left and no
    /// tile of an earlier stage is.
    #[must_use]
    pub fn drawable(&self, tile: KindId) -> bool {
        self.check_order(tile).is_ok() && self.remaining(tile) > 0
    }

    /// Refuses a tile while tiles of an earlier stage are left.
    pub(in crate::engine) fn check_order(&self, tile: KindId) -> Result<(), IllegalMove> {
        let Some(kind) = self.rules.kinds.get(usize::from(tile.0)) else {
            return illegal("no such tile kind");
        };
        let stage = usize::from(kind.stage);
        let before: u32 = self.stage_left[..stage].iter().sum();
        if before == 0 {
            return Ok(());
        }
        let first = self
            .rules
            .kinds
            .iter()
            .zip(&self.remaining)
            .position(|(k, &n)| n > 0 && usize::from(k.stage) < stage)
            .map_or("?", |i| self.rules.kinds[i].id.as_str());
        illegal(format!(
            "{} can't be drawn yet: {before} tile{} drawn before it {} still in the bag (e.g. {first})",
            kind.id,
            if before == 1 { "" } else { "s" },
            if before == 1 { "is" } else { "are" },
        ))
    }
}
