//! The turn's phases and the hooks rule modules plug into. A turn is up to
//! three moves, in this order: a tile ([`Move::Place`] or [`Move::Discard`]),
//! then a figure action ([`Move::Figure`], which also runs the scoring, unless
//! a module gives another figure action first), then any decision a rule
//! module makes due (a module's own move). Every move is
//! validated before it changes anything, so an illegal move leaves the game
//! as it was.
//!
//! The hooks ([`Rules`], in `game`) are implemented once, by the registry of
//! rule modules (`crate::engine::rules`), which calls the modules in play in
//! registry order; the core calls the hooks and never knows which module
//! answers.

use super::game::{Game, Rules, Spot};
use crate::emit::wire::Shape;
use crate::engine::events::Score;
use crate::engine::ids::{KindId, TokenId};
use crate::engine::moves::{illegal, FigureAction, IllegalMove, Move, Phase, Placement};

/// The order final scoring takes shapes in.
const FINAL_ORDER: [Shape; 4] = [Shape::Path, Shape::Region, Shape::Spot, Shape::Face];

impl<X: Rules> Game<'_, X> {
    /// Applies one move.
    ///
    /// # Errors
    /// The move is not the one the phase expects, or the rules forbid it; the
    /// game is then unchanged.
    pub fn apply(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        match (self.phase, mv) {
            (
                Phase::Tile,
                Move::Place {
                    tile,
                    placement,
                    token,
                },
            ) => self.place(*tile, *placement, *token),
            (Phase::Tile, Move::Discard { tile }) => self.discard(*tile),
            (Phase::Figure, Move::Figure(action)) => {
                X::check_action(self, action)?;
                self.act(action)?;
                if X::another_action(self, action) {
                    return Ok(());
                }
                if let Some(phase) = X::due_before_scoring(self) {
                    self.phase = phase;
                    return Ok(());
                }
                self.score_turn();
                Ok(())
            }
            (Phase::Over, _) => illegal("the game is over"),
            (phase, mv) => X::apply(self, mv)
                .unwrap_or_else(|| illegal(format!("{} expected here", phase_wants::<X>(phase)))),
        }
    }

    /// Places the drawn tile (the turn's first move).
    fn place(
        &mut self,
        tile: KindId,
        at: Placement,
        token: Option<TokenId>,
    ) -> Result<(), IllegalMove> {
        self.check_drawable(tile)?;
        self.check_fit(tile, at)?;
        X::check_placing(self, tile, token)?;
        self.turn += 1;
        X::tile_move(self);
        X::placing(self, tile, token);
        self.current = self.put_tile(tile, at);
        X::placed(self);
        self.phase = Phase::Figure;
        Ok(())
    }

    /// Places a tile the active player holds (a `held` tile) instead of one
    /// drawn: a module's move, which has checked the player holds one and
    /// the square is allowed. The copy is counted into the bag and taken at
    /// once, so the bag's counts are unchanged.
    pub(in crate::engine) fn place_held(
        &mut self,
        tile: KindId,
        at: Placement,
    ) -> Result<(), IllegalMove> {
        self.check_fit(tile, at)?;
        self.turn += 1;
        X::tile_move(self);
        X::placing(self, tile, None);
        let stage = usize::from(self.rules.kinds[usize::from(tile.0)].stage);
        self.remaining[usize::from(tile.0)] += 1;
        self.stage_left[stage] += 1;
        self.current = self.put_tile(tile, at);
        X::placed(self);
        self.phase = Phase::Figure;
        Ok(())
    }

    /// Discards a drawn tile that fits nowhere.
    fn discard(&mut self, tile: KindId) -> Result<(), IllegalMove> {
        self.check_drawable(tile)?;
        // Placements a module widens do not forbid a discard.
        let fits = self.count_placements(tile, false);
        if fits > 0 {
            let p = self.first_by_sides(tile).unwrap_or(Placement {
                x: 0,
                y: 0,
                rotation: 0,
            });
            return illegal(format!(
                "the tile fits the board ({fits} placement{}, e.g. ({}, {}) rotation {}), so it can't be discarded",
                if fits == 1 { "" } else { "s" },
                p.x,
                p.y,
                p.rotation
            ));
        }
        self.turn += 1;
        X::tile_move(self);
        self.take_copy(tile);
        Ok(())
    }

    /// Checks and performs a figure action: the core's own, or a module's.
    fn act(&mut self, action: &FigureAction) -> Result<(), IllegalMove> {
        match *action {
            FigureAction::Pass => Ok(()),
            FigureAction::Place { figure, feature } => self.place_figure(figure, feature),
            _ => X::act(self, action),
        }
    }

    /// The scoring of the turn (after its figure action): what the tile
    /// completed — its paths, then regions, then the neighbourhood spots whose
    /// square it filled — between the modules' `before_scoring` and
    /// `after_scoring` (which may score more), then `turn_scored`; then a
    /// module's pending decision, or the turn ends.
    pub(in crate::engine) fn score_turn(&mut self) {
        X::before_scoring(self);
        self.score_completed();
        X::after_scoring(self);
        X::turn_scored(self);
        match X::pending(self) {
            Some(phase) => self.phase = phase,
            None => self.end_turn(),
        }
    }

    /// Ends the turn: the next player's tile comes next, unless a module
    /// gives the active player another.
    pub(in crate::engine) fn end_turn(&mut self) {
        self.phase = Phase::Tile;
        if X::keeps_turn(self) {
            return;
        }
        self.pass_turn_to((self.active + 1) % self.players);
    }

    /// The turn passes to `player`: a new player turn begins
    /// ([`Game::player_turn`]).
    pub(in crate::engine) fn pass_turn_to(&mut self, player: usize) {
        self.active = player;
        self.player_turn = self.player_turn.wrapping_add(1);
    }

    /// Counts the player turns begun: it changes when the turn passes to a
    /// player, not for a turn a module lets the player keep or a discard's
    /// redraw, so
    /// what a rule grants "once a turn" or "at the start of a turn" keys on
    /// it.
    #[must_use]
    pub fn player_turn(&self) -> u32 {
        self.player_turn
    }

    /// Play ends (between turns, no tile left to draw): a decision a module
    /// makes due before final scoring comes first (the game is then in its
    /// phase, and the module's last move scores finally), else final
    /// scoring follows at once. [`Game::final_scores`] called between turns
    /// instead skips those decisions, as if every player declined them.
    ///
    /// # Errors
    /// A turn is half done.
    pub fn end_play(&mut self) -> Result<(), IllegalMove> {
        match self.phase {
            Phase::Over => return Ok(()),
            Phase::Tile => {}
            _ => return illegal("play ends only between turns"),
        }
        match X::due_before_final(self) {
            Some(phase) => self.phase = phase,
            None => {
                self.final_scores()?;
            }
        }
        Ok(())
    }

    /// Final scoring (once, between turns): the modules' first lines, then
    /// every feature that still holds figures, by shape — paths, regions,
    /// spots, then faces — then the modules' last lines. Returns every
    /// player's score.
    ///
    /// # Errors
    /// A turn is half done (its figure action or a module's decision is
    /// still due).
    pub fn final_scores(&mut self) -> Result<&[Score], IllegalMove> {
        match self.phase {
            Phase::Over => return Ok(&self.scores),
            Phase::Tile => {}
            _ => return illegal("final scoring must wait for the end of the turn"),
        }
        self.phase = Phase::Over;
        X::final_first(self);
        for wanted in FINAL_ORDER {
            while let Some(node) = self.standing.iter().find_map(|s| match s.spot {
                Spot::Node(n) if self.features.shape(n) == wanted => Some(n),
                _ => None,
            }) {
                let root = self.features.find(node);
                self.score_feature(root);
            }
        }
        X::final_last(self);
        Ok(&self.scores)
    }
}

/// What a phase expects, for messages.
fn phase_wants<X: Rules>(phase: Phase) -> String {
    match (phase, X::expected(phase)) {
        (Phase::Tile, extra) => format!(
            "a tile (placement or discard{}) is",
            extra.map(|e| format!(", or {e}")).unwrap_or_default()
        ),
        (Phase::Figure, _) => "the figure action for the tile just placed is".into(),
        (Phase::Over, _) => "nothing is".into(),
        (_, Some(what)) => format!("{what} is"),
        (_, None) => "another move is".into(),
    }
}
