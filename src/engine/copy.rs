//! Copying a game: `Clone`, and [`Clone::clone_from`] reusing the target's
//! buffers, so players that search (greedy, Monte Carlo) try moves on a copy
//! without allocating per candidate.

use super::game::Game;

impl Clone for Game<'_> {
    fn clone(&self) -> Self {
        let mut copy = Game::empty_like(self);
        copy.clone_from(self);
        copy
    }

    fn clone_from(&mut self, other: &Self) {
        // Destructured so that a new field can't be forgotten here.
        let Game {
            rules,
            players,
            board,
            features,
            supply,
            standing,
            pyramid,
            acrobat_tiles,
            bigtop,
            tokens_left,
            pending_token,
            remaining,
            scores,
            events,
            turn,
            active,
            phase,
            current,
            final_ringmasters,
            seen_tiles: _,
            seen_nodes: _,
            generation: _,
        } = other;
        self.rules = rules;
        self.players = *players;
        self.board.copy_from(board);
        self.features.copy_from(features);
        self.supply.clone_from(supply);
        self.standing.clone_from(standing);
        self.pyramid.clone_from(pyramid);
        self.acrobat_tiles.clone_from(acrobat_tiles);
        self.bigtop = *bigtop;
        self.tokens_left.clone_from(tokens_left);
        self.pending_token = *pending_token;
        self.remaining.clone_from(remaining);
        self.scores.clone_from(scores);
        self.events.clone_from(events);
        self.turn = *turn;
        self.active = *active;
        self.phase = *phase;
        self.current = *current;
        self.final_ringmasters.clone_from(final_ringmasters);
        // The scratch marks stay: each copy's generation counter only grows,
        // so its old marks never equal a fresh one.
    }
}

impl<'r> Game<'r> {
    /// An empty shell with `other`'s ruleset, to copy into.
    fn empty_like(other: &Game<'r>) -> Game<'r> {
        Game {
            rules: other.rules,
            players: other.players,
            board: super::board::Board::new(0),
            features: super::features::Features::with_capacity(0),
            supply: Vec::new(),
            standing: Vec::new(),
            pyramid: Vec::new(),
            acrobat_tiles: Vec::new(),
            bigtop: None,
            tokens_left: Vec::new(),
            pending_token: None,
            remaining: Vec::new(),
            scores: Vec::new(),
            events: Vec::new(),
            turn: 0,
            active: 0,
            phase: other.phase,
            current: 0,
            final_ringmasters: Vec::new(),
            seen_tiles: Vec::new(),
            seen_nodes: Vec::new(),
            generation: 0,
        }
    }
}
