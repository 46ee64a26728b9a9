//! The pig (`capability pig`, a companion figure placed by `companion.rs`
//! beside its owner's farmer): when its field is scored, each majority player
//! with a pig on it scores `pig.bonus` more per completed neighbour the field
//! counts (a city) — once per player, however many pigs they have there. The
//! pig counts for nothing in the majority.

use super::events::{Event, Reason, Source};
use super::game::Game;

impl Game<'_> {
    /// The pig bonus of a scored field: `pigs` and `winners` are player bits.
    pub(super) fn pig_bonus(&mut self, pigs: u32, winners: u32, neighbours: u32) {
        let turn = self.event_turn();
        let each = self.rules.params.pig_bonus;
        for player in 0..self.players {
            if pigs & winners & (1 << player) != 0 {
                self.award(Event {
                    turn,
                    player,
                    points: i64::from(neighbours).saturating_mul(each),
                    source: Source::Field,
                    reason: Reason::Pig { neighbours },
                });
            }
        }
    }
}
