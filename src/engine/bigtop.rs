//! The big top. The first circus tile gets the big top over a face-down
//! animal token. Each later circus tile, after the features it completed were
//! scored, triggers the circus where the big top stands: every player scores the
//! token's value for each of their followers (any kind, any role, abbots and
//! acrobats included; not builders or pigs) on that tile and
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
    /// A circus tile needs a token from its stack while any is left; other
    /// tiles take none.
    pub(super) fn check_token(
        &self,
        tile: KindId,
        token: Option<TokenId>,
    ) -> Result<(), IllegalMove> {
        let kind = &self.rules.kinds[usize::from(tile.0)];
        let in_pool = |t: TokenId| {
            kind.pool.is_some()
                && self.rules.tokens.get(usize::from(t.0)).map(|d| d.expansion) == kind.pool
        };
        let left: u64 = (0..self.tokens_left.len())
            .filter(|&t| in_pool(TokenId(u8::try_from(t).unwrap_or(u8::MAX))))
            .map(|t| u64::from(self.tokens_left[t]))
            .sum();
        match token {
            None if kind.circus && left > 0 => illegal(
                "the tile has a circus space: name the token put under the big top (`token`)",
            ),
            None => Ok(()),
            Some(_) if !kind.circus => {
                illegal("a token goes only under the big top, on a circus tile")
            }
            Some(t) if !in_pool(t) => illegal(format!(
                "a {} token does not go under this circus (it takes: {})",
                self.rules.token_id(t),
                self.rules
                    .tokens_for(tile)
                    .iter()
                    .map(|&t| self.rules.token_id(t))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            Some(t) if self.tokens_left[usize::from(t.0)] == 0 => illegal(format!(
                "no {} token is left to draw (the box holds {})",
                self.rules.token_id(t),
                self.rules.tokens[usize::from(t.0)].count
            )),
            Some(_) => Ok(()),
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
        self.scoring_at(tile);
        let at = self.board.placed[tile as usize];
        let mut counts = [0u32; MAX_PLAYERS];
        for s in &self.standing {
            if !self.rules.figures[usize::from(s.figure.0)].follower_piece() {
                continue;
            }
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
                points: value.saturating_mul(i64::from(figures)),
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
