//! The greedy player's values of a placement's figure actions read from the
//! engine's [`Preview`] instead of applying the placement to a copy: the same
//! numbers, bit for bit, as `greedy.rs` computes on a copy (the same
//! estimates summed in the same order, the same scores and figures), so the
//! greedy player chooses the same moves either way.
//!
//! - passing: the turn's end as previewed (points scored, figures returned,
//!   the features then holding figures), valued as `eval` values a game; a
//!   placement that changes no feature holding figures leaves the position's
//!   value as it is, computed once per board (unless it completes a network
//!   holding goods, which changes the majorities);
//! - a figure on a feature the tile completes: the same, with that feature
//!   scored for its owner and the figure back in supply;
//! - a figure on any other feature: passing's value plus the feature's
//!   estimate minus the figure's cost, as on a copy;
//! - a builder or pig beside the player's follower: the turn's end with it
//!   standing there (a builder counts among those standing, a pig adds its
//!   bonus to the field).

use super::eval::{on_board, relative, Evaluator};
use crate::engine::{Game, MeepleAction, Outlook, Preview, MAX_PLAYERS};

/// The preview and what the greedy player keeps while the board stands.
#[derive(Debug, Default)]
pub(super) struct Previewed {
    pub preview: Preview,
    /// The value of a placement that changes nothing held: (board, tiles
    /// left, active player, value).
    unchanged: Option<(u64, u32, usize, f64)>,
    /// Per outlook at the turn's end, its term.
    terms: Vec<Term>,
    /// The terms of the features held as the board stands: (board, tiles
    /// left, terms).
    held_terms: (u64, u32, Vec<Term>),
    /// What each player's value starts from as the board stands.
    players: PerBoard,
}

/// Per player, what does not change while the board stands: figures on the
/// board, score and acrobats' worth; and the cost of k figures on the board
/// with the tiles left.
#[derive(Debug, Default)]
struct PerBoard {
    /// (board, tiles left) described, `None` before the first.
    key: Option<(u64, u32)>,
    figures: [usize; MAX_PLAYERS],
    scores: [i64; MAX_PLAYERS],
    /// What each player's goods would score as the stocks stand.
    goods: [i64; MAX_PLAYERS],
    acrobats: [i64; MAX_PLAYERS],
    /// `costs[k]`: [`Evaluator::figures_cost`] of k figures.
    costs: Vec<f64>,
}

impl PerBoard {
    fn refresh(&mut self, eval: &Evaluator, game: &Game<'_>, board: u64, left: u32) {
        if self.key == Some((board, left)) {
            return;
        }
        self.key = Some((board, left));
        let mut most = 0;
        for p in 0..game.players() {
            self.figures[p] = on_board(game, p);
            self.scores[p] = game.scores()[p].total();
            self.goods[p] = game.goods_worth(p, &[]);
            self.acrobats[p] = game.acrobats_worth(p);
            most = most.max(self.figures[p]);
        }
        self.costs.clear();
        self.costs
            .extend((0..=most + 1).map(|k| eval.figures_cost(k, left)));
    }
}

impl Previewed {
    /// Appends the value of every figure action of the placement just
    /// previewed on `game` (`Game::preview` returned `true`), in the order
    /// `Greedy::action_values` gives them: actions valued exactly, passing,
    /// then the others; `left` tiles are still to draw after it.
    pub fn action_values(
        &mut self,
        eval: &Evaluator,
        game: &Game<'_>,
        left: u32,
        out: &mut Vec<(MeepleAction, f64)>,
    ) {
        let me = game.active_player();
        self.players.refresh(eval, game, self.preview.board(), left);
        let figures = self.players.figures;
        let options = self.preview.options().count();
        let rules = game.rules();
        for i in 0..options {
            let (figure, feature, outlook) = self.preview.options().nth(i).expect("an option");
            if outlook.scored_now || rules.is_companion(figure) {
                let v = self.turn_value(eval, game, Some(i), &figures, left);
                out.push((MeepleAction::Place { figure, feature }, v));
            }
        }
        let pass = self.pass_value(eval, game, &figures, left);
        out.push((MeepleAction::Pass, pass));
        let cost = eval.figure_cost(figures[me] + 1, left);
        for (figure, feature, outlook) in self.preview.options() {
            if !outlook.scored_now && !rules.is_companion(figure) {
                let v = pass + Evaluator::estimate(outlook, left) - cost;
                out.push((MeepleAction::Place { figure, feature }, v));
            }
        }
    }

    /// True when the values of the placement just previewed do not hang on
    /// the order of the tile's features, so they hold for a rotation lying
    /// alike with its features renamed (`Ruleset::same_turn`): at most one
    /// feature is scored in any of its turns (the order of scoring, which
    /// follows the tile's features, reorders the standing figures and so
    /// the sums of estimates), and no goods are taken.
    pub fn order_free(&self) -> bool {
        let own = self.preview.options().any(|(_, _, o)| o.scored_now);
        self.preview.scored().len() + usize::from(own) <= 1 && self.preview.goods_taken().is_empty()
    }

    /// Passing's value, kept for the board when nothing held changes.
    fn pass_value(
        &mut self,
        eval: &Evaluator,
        game: &Game<'_>,
        figures: &[usize; MAX_PLAYERS],
        left: u32,
    ) -> f64 {
        if !self.preview.gone().is_empty() || !self.preview.goods_taken().is_empty() {
            return self.turn_value(eval, game, None, figures, left);
        }
        let key = (self.preview.board(), left, game.active_player());
        match self.unchanged {
            Some((board, l, me, v)) if (board, l, me) == key => v,
            _ => {
                let v = self.turn_value(eval, game, None, figures, left);
                self.unchanged = Some((key.0, key.1, key.2, v));
                v
            }
        }
    }

    /// The value to the active player of the position when the turn ends,
    /// after passing or putting option `on`'s figure; `figures` are each
    /// player's figures on the board before the turn.
    fn turn_value(
        &mut self,
        eval: &Evaluator,
        game: &Game<'_>,
        on: Option<usize>,
        figures: &[usize; MAX_PLAYERS],
        left: u32,
    ) -> f64 {
        let me = game.active_player();
        let players = game.players();
        let board = self.preview.board();
        let (known, known_left, held) = &mut self.held_terms;
        if (*known, *known_left) != (board, left) || held.is_empty() {
            held.clear();
            held.extend(self.preview.held().iter().map(|o| term(o, players, left)));
            (*known, *known_left) = (board, left);
        }
        let (points, returned) = self.preview.end_of_turn(on, me);
        // A pig put now: its field's term with the pig.
        let pig = on.and_then(|i| self.preview.pig_source(i));
        self.terms.clear();
        let after = self.preview.after();
        for &source in self.preview.end_sources() {
            let t = match held.get(source as usize) {
                Some(&t) if Some(source) != pig => t,
                Some(_) => unreachable!("a pig's field is changed by the placement"),
                None if Some(source) == pig => {
                    let mut outlook = after[source as usize - held.len()];
                    outlook.pigs |= 1 << me;
                    term(&outlook, players, left)
                }
                None => term(&after[source as usize - held.len()], players, left),
            };
            self.terms.push(t);
        }
        let builders = *self.preview.builders_after();
        let mut values = [0.0f64; MAX_PLAYERS];
        let base = &self.players;
        for (p, v) in values.iter_mut().enumerate().take(players) {
            // Goods as the majorities they would win after the turn's tokens.
            let goods = match self.preview.goods_taken() {
                [] => base.goods[p],
                taken => game.goods_worth(p, taken),
            };
            let score = base.scores[p]
                .saturating_add(goods)
                .saturating_add(points[p]);
            let on_board = figures[p] - returned[p] as usize;
            // As `Evaluator::player_value` sums them: acrobats, then each
            // estimate in order, a pig's bonus right after its field's.
            #[allow(clippy::cast_precision_loss)]
            let mut potential = base.acrobats[p] as f64;
            for t in &self.terms {
                if t.mask >> p & 1 != 0 {
                    potential += t.estimate;
                    if t.pigs >> p & 1 != 0 {
                        potential += t.pig;
                    }
                }
            }
            let builders = eval.builders_worth(builders[p], left);
            let cost = match base.costs.get(on_board) {
                Some(&c) => c,
                None => eval.figures_cost(on_board, left),
            };
            *v = Evaluator::total(score, potential, builders, cost);
        }
        relative(&values[..players], me)
    }
}

/// What an outlook adds to the values of the players it scores for.
#[derive(Clone, Copy, Debug)]
struct Term {
    /// The players it scores for (bits).
    mask: u32,
    estimate: f64,
    /// Those of them with a pig on it (bits), and the pig's estimate.
    pigs: u32,
    pig: f64,
}

/// The players an outlook scores for and what it is worth to them.
fn term(outlook: &Outlook, players: usize, left: u32) -> Term {
    // Players beyond `players` have no strength: the best is among these.
    let best = outlook.strength[..players]
        .iter()
        .copied()
        .max()
        .unwrap_or(0);
    let mut mask = 0u32;
    if best > 0 {
        for p in 0..players {
            mask |= u32::from(outlook.strength[p] == best) << p;
        }
    }
    let pigs = outlook.pigs & mask;
    Term {
        mask,
        estimate: Evaluator::estimate(outlook, left),
        pigs,
        pig: if pigs == 0 {
            0.0
        } else {
            Evaluator::pig_estimate(outlook, left)
        },
    }
}
