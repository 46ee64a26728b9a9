//! The builder (`capability builder`, a companion figure: `companion.rs`
//! places it). When a player's normal turn places a tile that extends a road
//! or city holding their builder, a second turn follows at once: they draw
//! and play another tile (figure action, scoring and all). The second turn
//! earns no third. The builder need not still stand there when the first
//! turn ends (its feature may have been completed and scored). The player may
//! decline the second turn ([`super::Move::EndTurn`]).

use super::game::{illegal, Bonus, Game, IllegalMove, Spot};
use super::supplies::Companion;

impl Game<'_> {
    /// True when the tile just placed extends a feature that holds a builder
    /// of the active player.
    pub(super) fn extends_own_builder(&mut self) -> bool {
        if !self.rules.any_builder {
            return false;
        }
        // The active player's builders first (usually none): one pass over
        // the figures standing, then one `find` per builder and network.
        let active = self.active;
        let rules = self.rules;
        let placed = self.board.placed[self.current as usize];
        let kind = &rules.kinds[usize::from(placed.kind.0)];
        for i in 0..self.standing.len() {
            let s = self.standing[i];
            let Spot::Node(node) = s.spot else { continue };
            if usize::from(s.player) != active
                || rules.figures[usize::from(s.figure.0)].companion != Some(Companion::Builder)
            {
                continue;
            }
            let root = self.features.find(node);
            for &f in &kind.networks {
                if self.features.find(placed.first_node + u32::from(f)) == root {
                    return true;
                }
            }
        }
        false
    }

    /// A tile move while the second turn is due starts it.
    pub(super) fn start_second_turn(&mut self) {
        if self.bonus == Bonus::Due {
            self.bonus = Bonus::Playing;
            self.second_turns += 1;
        }
    }

    /// Declines the second turn that is due.
    pub(super) fn decline_second_turn(&mut self) -> Result<(), IllegalMove> {
        if self.bonus != Bonus::Due {
            return illegal("no second turn is due, so there is none to decline");
        }
        self.bonus = Bonus::None;
        self.end_turn();
        Ok(())
    }

    /// True between turns when the active player may take the builder's
    /// second turn (or decline it with [`super::Move::EndTurn`]).
    #[must_use]
    pub fn second_turn_due(&self) -> bool {
        self.bonus == Bonus::Due
    }

    /// True during a builder's second turn.
    #[must_use]
    pub fn in_second_turn(&self) -> bool {
        self.bonus == Bonus::Playing
    }

    /// Second turns taken so far.
    #[must_use]
    pub fn second_turns(&self) -> u32 {
        self.second_turns
    }
}
