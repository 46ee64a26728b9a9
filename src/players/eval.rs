//! The value of a position to a player, as the greedy player and the Monte
//! Carlo player's move ordering read it:
//!
//! ```text
//!  value(p) = score(p) + Σ estimate(feature) − cost(figures of p on the board)
//!  value of a move to p = value(p) − mean of value(q) over the other players q
//! ```
//!
//! - `estimate` of a feature [`Outlook`] that `p` would score (most figures,
//!   ties included): `now + (complete − now) × chance`, where `now` is what it
//!   scores at game end as it stands, `complete` what it would score completed
//!   as it stands (a field: every city it touches completed), and
//!   `chance = 0.75^missing × min(1, tiles left / (3 × missing))`, `missing`
//!   being the open sides, empty squares or unfinished cities. A feature
//!   others would score is worth nothing to `p`. An acrobat is worth what it
//!   scores at game end (`acrobat.points`).
//!   A pig on a field `p` would score adds its bonus the same way (now, and
//!   were every city the field touches completed). A builder on the board is
//!   worth [`SECOND_TURN`] points scaled by the share of tiles still to draw
//!   (the chance of the second turn it may bring).
//! - `cost`: a follower on the board is one less to play. The k-th follower a
//!   player has on the board costs `2 + max(0, k − 4)` points, scaled by the
//!   share of the tiles still to draw: tying up a fifth, sixth, seventh
//!   figure costs more, and nothing is tied up once the bag is empty.
//!   Builders and pigs cost nothing (they tie up no follower).
//!
//! Points already scored count in full, so a move that completes a city for
//! its owner is worth the city's points, minus what completing it gives the
//! others.

use crate::engine::{FarmMemo, Game, Outlook};

/// The weight of a completion's extra points per missing piece.
const CHANCE_PER_MISSING: f64 = 0.75;
/// The tiles left per missing piece below which completion gets unlikely.
const TILES_PER_MISSING: f64 = 3.0;
/// The cost of a figure tied up, at the start of the game.
const FIGURE_COST: f64 = 2.0;
/// Figures on the board before each further one costs a point more.
const FREE_FIGURES: usize = 4;
/// What a builder standing on the board is worth at the start of the game:
/// about what a turn scores (a second turn it may bring).
pub const SECOND_TURN: f64 = 2.0;

/// What the evaluation needs to know besides the game: the share of tiles
/// still to draw, and scratch space.
#[derive(Debug, Default)]
pub struct Evaluator {
    outlooks: Vec<Outlook>,
    /// The farms of the position whose copies are valued ([`Evaluator::remember`]).
    farms: FarmMemo,
    /// Tiles still in the bag at the start, for the share left.
    total_tiles: u32,
}

impl Evaluator {
    /// An evaluator for games whose bag held `total_tiles` tiles.
    #[must_use]
    pub fn new(total_tiles: u32) -> Evaluator {
        Evaluator {
            outlooks: Vec::with_capacity(32),
            farms: FarmMemo::default(),
            total_tiles: total_tiles.max(1),
        }
    }

    /// The chance a feature missing `missing` pieces is completed with
    /// `tiles_left` tiles still to draw.
    #[must_use]
    pub fn chance(missing: u32, tiles_left: u32) -> f64 {
        if missing == 0 {
            return 1.0;
        }
        let m = f64::from(missing);
        CHANCE_PER_MISSING.powi(i32::try_from(missing).unwrap_or(i32::MAX))
            * (f64::from(tiles_left) / (TILES_PER_MISSING * m)).min(1.0)
    }

    /// What a feature is worth to a player who would score it.
    #[must_use]
    pub fn estimate(outlook: &Outlook, tiles_left: u32) -> f64 {
        #[allow(clippy::cast_precision_loss)]
        let (now, complete) = (outlook.now as f64, outlook.complete as f64);
        now + (complete - now).max(0.0) * Evaluator::chance(outlook.missing, tiles_left)
    }

    /// What a pig adds to a field its owner would score: its bonus now, and
    /// more were the field's cities completed.
    #[must_use]
    pub fn pig_estimate(outlook: &Outlook, tiles_left: u32) -> f64 {
        #[allow(clippy::cast_precision_loss)]
        let (now, complete) = (outlook.pig_now as f64, outlook.pig_complete as f64);
        now + (complete - now).max(0.0) * Evaluator::chance(outlook.missing, tiles_left)
    }

    /// The share of the game's tiles still to draw.
    fn share(&self, tiles_left: u32) -> f64 {
        (f64::from(tiles_left) / f64::from(self.total_tiles)).min(1.0)
    }

    /// What `n` builders standing on the board are worth.
    #[must_use]
    pub fn builders_worth(&self, n: u32, tiles_left: u32) -> f64 {
        f64::from(n) * SECOND_TURN * self.share(tiles_left)
    }

    /// The cost of the `k`-th figure (1-based) a player has on the board.
    #[must_use]
    pub fn figure_cost(&self, k: usize, tiles_left: u32) -> f64 {
        #[allow(clippy::cast_precision_loss)]
        let step = k.saturating_sub(FREE_FIGURES) as f64;
        (FIGURE_COST + step) * f64::from(tiles_left) / f64::from(self.total_tiles)
    }

    /// Keeps what `game`'s copies valued next can take from it (the
    /// neighbours of its farms holding figures); the values are the same.
    pub fn remember(&mut self, game: &Game<'_>) {
        self.farms.remember(game);
    }

    /// The value of the position to `player` against the others' mean;
    /// `tiles_left` is the number of tiles still to draw.
    pub fn value(&mut self, game: &mut Game<'_>, player: usize, tiles_left: u32) -> f64 {
        let players = game.players();
        let mut values = [0.0f64; crate::engine::MAX_PLAYERS];
        self.outlooks.clear();
        game.outlooks_memo(&mut self.outlooks, &mut self.farms);
        for (p, v) in values.iter_mut().enumerate().take(players) {
            // Goods count as the majorities they would win now.
            let score = game.scores()[p]
                .total()
                .saturating_add(game.goods_worth(p, &[]));
            let acrobats = game.acrobats_worth(p);
            let on_board = on_board(game, p);
            // A pig's bonus is summed right after its field's estimate.
            let estimates = self
                .outlooks
                .iter()
                .filter(|o| o.scores_for(p))
                .flat_map(|o| {
                    let pig =
                        (o.pigs & (1 << p) != 0).then(|| Evaluator::pig_estimate(o, tiles_left));
                    std::iter::once(Evaluator::estimate(o, tiles_left)).chain(pig)
                });
            let builders = self.builders_worth(game.builders_standing(p), tiles_left);
            *v = self.player_value(score, acrobats, estimates, builders, on_board, tiles_left);
        }
        relative(&values[..players], player)
    }

    /// `value(p)` from its parts: `p`'s score, what its acrobats score at
    /// game end, the estimates of the features `p` would score (in the
    /// order [`Game::outlooks_into`] gives them: sums of floats depend on
    /// it) and its figures on the board.
    #[must_use]
    pub fn player_value(
        &self,
        score: i64,
        acrobats: i64,
        estimates: impl Iterator<Item = f64>,
        builders: f64,
        on_board: usize,
        tiles_left: u32,
    ) -> f64 {
        #[allow(clippy::cast_precision_loss)]
        let mut potential = acrobats as f64;
        for estimate in estimates {
            potential += estimate;
        }
        Evaluator::total(
            score,
            potential,
            builders,
            self.figures_cost(on_board, tiles_left),
        )
    }

    /// The cost of `on_board` figures a player has on the board (what
    /// [`Evaluator::player_value`] takes off).
    #[must_use]
    pub fn figures_cost(&self, on_board: usize, tiles_left: u32) -> f64 {
        (1..=on_board)
            .map(|k| self.figure_cost(k, tiles_left))
            .sum()
    }

    /// `value(p)` from its sums: `p`'s score, its acrobats' worth plus the
    /// estimates (summed in [`Evaluator::player_value`]'s order), its
    /// builders' worth and its figures' cost ([`Evaluator::figures_cost`]).
    #[must_use]
    pub fn total(score: i64, potential: f64, builders: f64, cost: f64) -> f64 {
        #[allow(clippy::cast_precision_loss)]
        let score = score as f64;
        score + (potential + builders) - cost
    }
}

/// The player's followers on the board or held prisoner by a tower
/// (companions tie up none).
#[must_use]
pub fn on_board(game: &Game<'_>, player: usize) -> usize {
    let standing: usize = (0..game.rules().figure_count())
        .map(|f| crate::engine::FigureId(u8::try_from(f).unwrap_or(u8::MAX)))
        .filter(|&f| !game.rules().is_companion(f))
        .map(|f| game.on_board(player, f) as usize)
        .sum();
    // Followers held prisoner are tied up as well.
    let held = game
        .prisoners()
        .iter()
        .filter(|p| usize::from(p.owner) == player)
        .count();
    standing + held
}

/// A player's value minus the mean of the others'.
#[must_use]
pub fn relative(values: &[f64], player: usize) -> f64 {
    let mine = values.get(player).copied().unwrap_or(0.0);
    if values.len() < 2 {
        return mine;
    }
    let others: f64 = values.iter().sum::<f64>() - mine;
    #[allow(clippy::cast_precision_loss)]
    let n = (values.len() - 1) as f64;
    mine - others / n
}

#[cfg(test)]
mod tests {
    use super::Evaluator;

    #[test]
    fn completion_gets_less_likely_with_more_missing_and_fewer_tiles() {
        assert!((Evaluator::chance(0, 0) - 1.0).abs() < 1e-12);
        assert!(Evaluator::chance(1, 60) > Evaluator::chance(2, 60));
        assert!(Evaluator::chance(2, 60) > Evaluator::chance(2, 3));
        assert!(Evaluator::chance(3, 0).abs() < 1e-12);
    }

    #[test]
    fn tied_up_figures_cost_more_as_they_run_out_and_nothing_at_the_end() {
        let e = Evaluator::new(71);
        assert!(e.figure_cost(6, 71) > e.figure_cost(2, 71));
        assert!(e.figure_cost(2, 71) > e.figure_cost(2, 10));
        assert!(e.figure_cost(7, 0).abs() < 1e-12);
    }
}
