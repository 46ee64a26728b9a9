//! Copying a game: `Clone`, and [`Clone::clone_from`] reusing the target's
//! buffers, so players that search (greedy, Monte Carlo) try moves on a copy
//! without allocating per candidate.

use super::core::board::Board;
use super::core::features::Features;
use super::core::tables::STAGES;
use super::core::Rules;
use super::Game;

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
            tokens_left,
            remaining,
            stage_left,
            face_down,
            scores,
            events,
            event_tiles,
            scoring_at,
            event_features,
            log,
            scoring_feature,
            turn,
            active,
            player_turn,
            phase,
            current,
            units: _,
            returned: _,
            seen_tiles: _,
            seen_nodes: _,
            generation: _,
            x,
        } = other;
        self.rules = rules;
        self.players = *players;
        self.board.copy_from(board);
        self.features.copy_from(features);
        self.supply.clone_from(supply);
        self.standing.clone_from(standing);
        self.tokens_left.clone_from(tokens_left);
        self.remaining.clone_from(remaining);
        self.stage_left = *stage_left;
        self.face_down = *face_down;
        self.scores.clone_from(scores);
        // The log only grows: copied from the same original, unchanged
        // since, this copy's log starts with all of it.
        if self.log.since(log).is_some() && self.events.len() >= events.len() {
            self.events.truncate(events.len());
            self.event_tiles.truncate(event_tiles.len());
            self.event_features.truncate(event_features.len());
        } else {
            self.events.clone_from(events);
            self.event_tiles.clone_from(event_tiles);
            self.event_features.clone_from(event_features);
        }
        self.log.copied(log);
        self.scoring_at = *scoring_at;
        self.scoring_feature = *scoring_feature;
        self.turn = *turn;
        self.active = *active;
        self.player_turn = *player_turn;
        self.phase = *phase;
        self.current = *current;
        self.x.copy_from(x);
        // `units` is scratch sized by the vocabulary (the same ruleset's).
        if self.units.len() != other.units.len() {
            self.units.clone_from(&other.units);
        }
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
            board: Board::new(0, 0, [0; 4]),
            features: Features::with_capacity(0),
            supply: Vec::new(),
            standing: Vec::new(),
            tokens_left: Vec::new(),
            remaining: Vec::new(),
            stage_left: [0; STAGES],
            face_down: 0,
            scores: Vec::new(),
            events: Vec::new(),
            event_tiles: Vec::new(),
            scoring_at: None,
            event_features: Vec::new(),
            log: super::core::journal::Journal::new(),
            scoring_feature: None,
            turn: 0,
            active: 0,
            player_turn: 0,
            phase: other.phase,
            current: 0,
            units: Vec::new(),
            returned: Vec::new(),
            seen_tiles: Vec::new(),
            seen_nodes: Vec::new(),
            generation: 0,
            x: other.x.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::game::{Game, Ruleset};
    use crate::engine::ids::KindId;
    use crate::engine::moves::{Flights, Move, Phase};
    use crate::engine::rng::Rng;

    fn shipped() -> Ruleset {
        let mut text = String::new();
        for name in ["base", "crop-circles-2", "the-flier", "under-the-big-top"] {
            let path = format!("{}/tilesets/{name}.tiles", env!("CARGO_MANIFEST_DIR"));
            text.push_str(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}")));
            text.push('\n');
        }
        let compiled = crate::compile::compile_str(&text).unwrap_or_else(|e| panic!("{e}"));
        Ruleset::new(&crate::emit::tileset(&compiled), None).unwrap_or_else(|e| panic!("{e}"))
    }

    /// One random turn (tile, figure action; a crop circle passes or
    /// removes what it must), or `false` when no drawn tile fits.
    fn random_turn(game: &mut Game<'_>, rng: &mut Rng) -> bool {
        let kinds: Vec<KindId> = (0..game.rules().kind_count())
            .map(|k| KindId(u16::try_from(k).unwrap_or(0)))
            .filter(|&k| game.remaining(k) > 0 && game.placement_count(k) > 0)
            .collect();
        if kinds.is_empty() {
            return false;
        }
        let tile = kinds[rng.below(kinds.len())];
        let at = game
            .nth_placement(tile, rng.below(game.placement_count(tile)))
            .unwrap_or_else(|| panic!("a placement"));
        let token = game
            .rules()
            .tokens_for(tile)
            .into_iter()
            .find(|&t| game.tokens_left(t) > 0);
        let place = Move::Place {
            tile,
            placement: at,
            token,
        };
        game.apply(&place).unwrap_or_else(|e| panic!("{e}"));
        let mut actions = Vec::new();
        game.meeple_actions_into(&mut actions, Flights::Skip);
        let action = actions[rng.below(actions.len())];
        game.apply(&Move::Figure(action))
            .unwrap_or_else(|e| panic!("{e}"));
        if game.phase() == Phase::Crop {
            let action = crate::engine::CropAction::Remove;
            let responses = game
                .crop_order()
                .into_iter()
                .map(|p| game.crop_options(p, action).first().copied())
                .collect();
            let crop = crate::engine::moves::CropMove { action, responses };
            game.apply(&Move::Crop(crop))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        true
    }

    fn same(a: &Game<'_>, b: &Game<'_>) -> bool {
        a.board.same_as(&b.board)
            && a.features.same_as(&b.features)
            && a.scores == b.scores
            && a.events == b.events
            && a.event_tiles == b.event_tiles
            && a.event_features == b.event_features
            && a.supply == b.supply
            && a.standing.len() == b.standing.len()
            && a.remaining == b.remaining
            && a.tokens_left == b.tokens_left
            && (a.turn, a.active, a.phase, a.current) == (b.turn, b.active, b.phase, b.current)
    }

    #[test]
    fn a_copy_restored_from_its_original_equals_a_full_copy() {
        let rules = shipped();
        let mut rng = Rng::new(5);
        let mut restored = 0;
        for _ in 0..6 {
            let mut game = Game::new(&rules, 3).unwrap_or_else(|e| panic!("{e}"));
            let mut scratch = game.clone();
            while random_turn(&mut game, &mut rng) {
                // Try a few futures on the copy, restoring it each time.
                for _ in 0..3 {
                    scratch.clone_from(&game);
                    assert!(same(&scratch, &game), "after restoring");
                    for _ in 0..1 + rng.below(4) {
                        if !random_turn(&mut scratch, &mut rng) {
                            break;
                        }
                    }
                    restored += 1;
                }
            }
            scratch.clone_from(&game);
            assert!(same(&scratch, &game));
        }
        assert!(restored > 1000, "{restored}");
    }

    /// A player's pattern: a position restored from the game for each try,
    /// and a second copy restored from that position for each follow-up
    /// (the position changed between two of them, the game did not).
    #[test]
    fn a_copy_of_a_restored_copy_equals_it() {
        let rules = shipped();
        let mut rng = Rng::new(11);
        let mut checked = 0;
        for _ in 0..4 {
            let mut game = Game::new(&rules, 2).unwrap_or_else(|e| panic!("{e}"));
            let mut position = game.clone();
            let mut tried = game.clone();
            while random_turn(&mut game, &mut rng) {
                for _ in 0..3 {
                    position.clone_from(&game);
                    if !random_turn(&mut position, &mut rng) {
                        break;
                    }
                    for _ in 0..2 {
                        tried.clone_from(&position);
                        assert!(same(&tried, &position), "a copy of the position");
                        for _ in 0..1 + rng.below(3) {
                            if !random_turn(&mut tried, &mut rng) {
                                break;
                            }
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }
}
