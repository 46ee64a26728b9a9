//! Acrobat pyramids: scoring a completed pyramid instead of placing a figure
//! (each acrobat scores for its owner and returns; a new pyramid may start
//! there), and taking acrobats off a pyramid.

use super::events::{Event, Reason, Source};
use super::game::{illegal, Game, IllegalMove, Spot, MAX_PLAYERS};

impl Game<'_> {
    /// Checks and scores the completed pyramid at (x, y).
    pub(super) fn score_pyramid_at(&mut self, x: i32, y: i32) -> Result<(), IllegalMove> {
        let Some(t) = self.board.tile_at(x, y) else {
            return illegal(format!("no tile at ({x}, {y})"));
        };
        let kind = self.board.placed[t as usize].kind;
        if self.rules.kinds[usize::from(kind.0)].acrobats.is_none() {
            return illegal(format!("the tile at ({x}, {y}) has no acrobat spaces"));
        }
        let full = self.rules.params.acrobat_pyramid;
        let have = self.pyramid[t as usize];
        if have < full {
            return illegal(format!(
                "the pyramid at ({x}, {y}) has {have} acrobat{} of {full}: only a complete pyramid can be scored",
                if have == 1 { "" } else { "s" }
            ));
        }
        let counts = self.take_acrobats(t);
        let turn = self.event_turn();
        for (player, &acrobats) in counts.iter().enumerate().take(self.players) {
            self.award(Event {
                turn,
                player,
                points: i64::from(acrobats).saturating_mul(self.rules.params.acrobat_points),
                source: Source::Acrobats,
                reason: Reason::Pyramid { acrobats, x, y },
            });
        }
        Ok(())
    }

    /// Returns every acrobat of a tile's pyramid to supply; counts per player.
    pub(super) fn take_acrobats(&mut self, tile: u32) -> [u32; MAX_PLAYERS] {
        let mut counts = [0u32; MAX_PLAYERS];
        let mut i = self.standing.len();
        while i > 0 {
            i -= 1;
            let s = self.standing[i];
            if s.spot == Spot::Acrobats && s.tile == tile {
                self.return_figure(i);
                counts[usize::from(s.player)] += 1;
            }
        }
        counts
    }
}
