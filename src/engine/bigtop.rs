//! The big top. The first circus tile gets the big top over a face-down
//! animal token. Each later circus tile, after the features it completed were
//! scored, triggers the circus where the big top stands: every player scores the
//! token's value for each of their figures (any kind, any role) on that tile and
//! the 8 around it; the figures stay; the token leaves the game, and the big top
//! moves to the new circus over the new token. At game end the big top's circus
//! is scored once more, first.
//!
//! When the tokens run out, a later circus gets the big top with no token under
//! it, and scoring that circus awards nothing.

use super::events::{Event, Reason, Source};
use super::game::{illegal, BigTop, Game, IllegalMove, MAX_PLAYERS};
use super::{KindId, TokenId};

impl Game<'_> {
    /// A circus tile needs a token while any is left; other tiles take none.
    pub(super) fn check_token(
        &self,
        tile: KindId,
        token: Option<TokenId>,
    ) -> Result<(), IllegalMove> {
        let circus = self.rules.kinds[usize::from(tile.0)].circus;
        let left: u32 = self.tokens_left.iter().sum();
        match token {
            None if circus && left > 0 => illegal(
                "the tile has a circus space: name the animal token put under the big top (`token`)",
            ),
            None => Ok(()),
            Some(_) if !circus => illegal("a token goes only under the big top, on a circus tile"),
            Some(t) => match self.tokens_left.get(usize::from(t.0)) {
                None => illegal("no such token"),
                Some(0) => illegal(format!(
                    "no {} token is left to draw (the box holds {})",
                    self.rules.token_id(t),
                    self.rules.tokens[usize::from(t.0)].count
                )),
                Some(_) => Ok(()),
            },
        }
    }

    /// A circus tile was placed (after the features it completed were scored).
    pub(super) fn circus_placed(&mut self) {
        if self.bigtop.is_some() {
            self.score_big_top();
        }
        self.bigtop = Some(BigTop {
            tile: self.current,
            token: self.pending_token.take(),
        });
    }

    /// Scores the circus under the big top; its figures stay where they are.
    pub(super) fn score_big_top(&mut self) {
        let Some(BigTop {
            tile,
            token: Some(token),
        }) = self.bigtop
        else {
            return;
        };
        let at = self.board.placed[tile as usize];
        let mut counts = [0u32; MAX_PLAYERS];
        for s in &self.standing {
            let p = self.board.placed[s.tile as usize];
            if (p.x - at.x).abs() <= 1 && (p.y - at.y).abs() <= 1 {
                counts[usize::from(s.player)] += 1;
            }
        }
        let value = self.rules.tokens[usize::from(token.0)].value;
        let turn = self.event_turn();
        for (player, &figures) in counts.iter().enumerate().take(self.players) {
            self.award(Event {
                turn,
                player,
                points: value * i64::from(figures),
                source: Source::Circus,
                reason: Reason::Circus {
                    token,
                    value,
                    figures,
                },
            });
        }
    }
}
