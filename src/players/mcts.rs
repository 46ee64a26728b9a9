//! The Monte Carlo player: UCT (UCB1 over the moves, exploration constant
//! [`EXPLORE`]) over the drawn tile's moves — placement and figure action
//! together — with N iterations per move. Each iteration copies the game,
//! samples what the player can't see (the face-down token under the big top,
//! the token, the die roll, and the order of the tiles still in the bag: a
//! tile is drawn uniformly from what is left, so every iteration plays a
//! different bag), applies the move and lets the rollout player play every
//! seat to the end. The reward is 0.7 for a win (0.35 a tie) plus
//! 0.3 × (0.5 + margin / 60, clamped to 0..1), the margin being the player's
//! score minus the best other score. The most visited move is played.
//!
//! The tree stops at the root: the next tile is hidden and differs between
//! iterations, so a second level (each reply to each tile kind) would see a
//! handful of visits per node at these budgets. Moves are ordered by the
//! greedy value and widened progressively: after `i` iterations the best
//! `2 + i^0.4` of them ([`WIDEN`]) are open to selection. The constants were
//! tuned against greedy over 800 games (docs/players.md): exploration 0.4 and
//! widening `i^0.4` won 80% where 0.7 and `√i` won 73%. The landing of a flight, the
//! crop-circle decisions and the abbey are the greedy player's.

use super::greedy::Greedy;
use super::policy::{Chance, Policy, RandomPolicy};
use super::table::{fill_bag, run};
use super::Rollout;
use crate::engine::rng::Rng;
use crate::engine::{
    BazaarAsk, BazaarStep, CropAction, CropResponse, Escape, FigureId, FlockDue, Game, KindId,
    Landing, MeepleAction, Move, Placement, Ruleset, Score,
};

/// The UCB1 exploration constant (rewards lie in 0..1).
pub const EXPLORE: f64 = 0.4;

/// Progressive widening: after `i` iterations the best `2 + i^WIDEN` moves
/// (by greedy value) are open to selection.
pub const WIDEN: f64 = 0.4;

/// One candidate move at the root.
#[derive(Clone, Copy, Debug)]
struct Child {
    at: Placement,
    action: MeepleAction,
    prior: f64,
    visits: u32,
    reward: f64,
}

impl Child {
    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / f64::from(self.visits)
        }
    }
}

/// The Monte Carlo player and its scratch space.
pub(crate) struct Mcts<'r> {
    iterations: u32,
    rollout: Rollout,
    greedy: Greedy<'r>,
    rollout_greedy: Greedy<'r>,
    random: RandomPolicy,
    chance: Chance,
    scratch: Option<Game<'r>>,
    bag: Vec<KindId>,
    children: Vec<Child>,
    values: Vec<(MeepleAction, f64)>,
    chosen: Option<(Placement, MeepleAction)>,
}

impl<'r> Mcts<'r> {
    pub fn new(rules: &'r Ruleset, iterations: u32, rollout: Rollout, seed: u64) -> Mcts<'r> {
        let mut seeds = Rng::new(seed);
        Mcts {
            iterations,
            rollout,
            greedy: Greedy::new(rules, seeds.next_u64()),
            rollout_greedy: Greedy::new(rules, seeds.next_u64()),
            random: RandomPolicy::default(),
            chance: Chance::new(rules, seeds.next_u64()),
            scratch: None,
            bag: Vec::with_capacity(128),
            children: Vec::with_capacity(256),
            values: Vec::with_capacity(32),
            chosen: None,
        }
    }

    /// Every move for `tile`, best greedy value first.
    fn candidates(&mut self, game: &Game<'r>, tile: KindId) {
        self.children.clear();
        let left = super::greedy::tiles_left(game).saturating_sub(1);
        for i in 0..game.placement_count(tile) {
            let Some(at) = game.nth_placement(tile, i) else {
                continue;
            };
            self.values.clear();
            self.greedy
                .action_values(game, tile, at, left, &mut self.values);
            for &(action, prior) in &self.values {
                self.children.push(Child {
                    at,
                    action,
                    prior,
                    visits: 0,
                    reward: 0.0,
                });
            }
        }
        self.children.sort_by(|a, b| b.prior.total_cmp(&a.prior));
    }

    /// The child UCB1 selects among the first `open`.
    fn select(&self, open: usize, total: u32) -> usize {
        let open = &self.children[..open];
        if let Some(i) = open.iter().position(|c| c.visits == 0) {
            return i;
        }
        let log_total = f64::from(total.max(1)).ln();
        let mut best = (0, f64::NEG_INFINITY);
        for (i, c) in open.iter().enumerate() {
            let ucb = c.mean() + EXPLORE * (log_total / f64::from(c.visits)).sqrt();
            if ucb > best.1 {
                best = (i, ucb);
            }
        }
        best.0
    }

    /// One iteration: the child's move on a sampled copy, played out.
    fn simulate(&mut self, game: &Game<'r>, tile: KindId, child: usize) -> f64 {
        let me = game.active_player();
        let Child { at, action, .. } = self.children[child];
        let Mcts {
            rollout,
            rollout_greedy,
            random,
            chance,
            scratch,
            bag,
            ..
        } = self;
        let g = match scratch {
            Some(g) => {
                g.clone_from(game);
                g
            }
            None => scratch.insert(game.clone()),
        };
        g.redraw_hidden_token(&mut chance.rng);
        let token = chance.tokens.draw(g, tile, &mut chance.rng);
        if g.apply(&Move::Place {
            tile,
            placement: at,
            token,
        })
        .is_err()
        {
            return 0.0;
        }
        let action = match action {
            MeepleAction::Fly { figure, .. } => {
                let roll = chance.roll(g);
                let landings = g
                    .flight_landings(figure, roll)
                    .map(|(_, l)| l)
                    .unwrap_or_default();
                let landing = (!landings.is_empty()).then(|| match rollout {
                    Rollout::Random => random.landing(g, figure, roll, &landings, &mut chance.rng),
                    Rollout::Greedy => {
                        rollout_greedy.landing(g, figure, roll, &landings, &mut chance.rng)
                    }
                });
                MeepleAction::Fly {
                    figure,
                    roll,
                    landing,
                }
            }
            other => other,
        };
        if g.apply(&Move::Figure(action)).is_err() {
            return 0.0;
        }
        fill_bag(g, bag);
        let done = match rollout {
            Rollout::Random => run(
                g,
                bag,
                chance,
                std::slice::from_mut(random),
                None,
                None,
                &mut |_, _| {},
            ),
            Rollout::Greedy => run(
                g,
                bag,
                chance,
                std::slice::from_mut(rollout_greedy),
                None,
                None,
                &mut |_, _| {},
            ),
        };
        if done.is_err() {
            return 0.0;
        }
        reward(g.scores(), me)
    }
}

/// The reward of a finished game to `me`: mostly winning, partly the margin.
fn reward(scores: &[Score], me: usize) -> f64 {
    let mine = scores.get(me).map_or(0, Score::total);
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(p, _)| p != me)
        .map(|(_, s)| s.total())
        .max()
        .unwrap_or(0);
    let margin = mine - best_other;
    let win = match margin.signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    };
    #[allow(clippy::cast_precision_loss)]
    let margin = (margin as f64 / 60.0).clamp(-0.5, 0.5);
    0.7 * win + 0.3 * (0.5 + margin)
}

impl<'r> Policy<'r> for Mcts<'r> {
    fn place(&mut self, game: &Game<'r>, tile: KindId, _: &mut Rng) -> Placement {
        self.candidates(game, tile);
        if self.children.len() > 1 {
            for i in 0..self.iterations {
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let open = ((2.0 + f64::from(i).powf(WIDEN)) as usize).min(self.children.len());
                let child = self.select(open, i);
                let r = self.simulate(game, tile, child);
                let c = &mut self.children[child];
                c.visits += 1;
                c.reward += r;
            }
        }
        let mut best: Option<Child> = None;
        for c in &self.children {
            let better = best.is_none_or(|b| {
                c.visits > b.visits || (c.visits == b.visits && c.mean() > b.mean())
            });
            if better {
                best = Some(*c);
            }
        }
        let (at, action) = best.map_or(
            (
                Placement {
                    x: 0,
                    y: 0,
                    rotation: 0,
                },
                MeepleAction::Pass,
            ),
            |c| (c.at, c.action),
        );
        self.chosen = Some((at, action));
        at
    }

    fn figure(&mut self, game: &Game<'r>, rng: &mut Rng) -> MeepleAction {
        match self.chosen.take() {
            Some((at, action)) if at == game.current_tile().1 => action,
            _ => self.greedy.figure(game, rng),
        }
    }

    fn landing(
        &mut self,
        game: &Game<'r>,
        figure: FigureId,
        roll: u32,
        options: &[Landing],
        rng: &mut Rng,
    ) -> Landing {
        self.greedy.landing(game, figure, roll, options, rng)
    }

    fn crop_action(&mut self, game: &Game<'r>, rng: &mut Rng) -> CropAction {
        self.greedy.crop_action(game, rng)
    }

    fn gather(&mut self, game: &Game<'r>, due: &FlockDue, rng: &mut Rng) -> bool {
        self.greedy.gather(game, due, rng)
    }

    fn dragon_step(
        &mut self,
        game: &Game<'r>,
        player: usize,
        options: &[(i32, i32)],
        rng: &mut Rng,
    ) -> (i32, i32) {
        self.greedy.dragon_step(game, player, options, rng)
    }

    fn gold(&mut self, game: &Game<'r>, options: &[(i32, i32)], rng: &mut Rng) -> (i32, i32) {
        self.greedy.gold(game, options, rng)
    }

    fn magic(
        &mut self,
        game: &Game<'r>,
        options: &[crate::engine::MagicChoice],
        rng: &mut Rng,
    ) -> crate::engine::MagicChoice {
        self.greedy.magic(game, options, rng)
    }

    fn wagon(
        &mut self,
        game: &Game<'r>,
        due: &crate::engine::WagonDue,
        options: &[(i32, i32, u8)],
        rng: &mut Rng,
    ) -> Option<(i32, i32, u8)> {
        self.greedy.wagon(game, due, options, rng)
    }
    fn bazaar(&mut self, game: &Game<'r>, ask: &BazaarAsk, rng: &mut Rng) -> BazaarStep {
        self.greedy.bazaar(game, ask, rng)
    }

    fn count_in(
        &mut self,
        game: &Game<'r>,
        figures: &[FigureId],
        rng: &mut Rng,
    ) -> Option<crate::engine::CountIn> {
        self.greedy.count_in(game, figures, rng)
    }

    fn count_out(
        &mut self,
        game: &Game<'r>,
        player: usize,
        options: &[crate::engine::CountOut],
        rng: &mut Rng,
    ) -> Option<crate::engine::CountOut> {
        self.greedy.count_out(game, player, options, rng)
    }

    fn castle(
        &mut self,
        game: &Game<'r>,
        player: usize,
        prospect: (i64, i64),
        rng: &mut Rng,
    ) -> bool {
        self.greedy.castle(game, player, prospect, rng)
    }

    fn abbey(
        &mut self,
        game: &Game<'r>,
        options: &[Placement],
        rng: &mut Rng,
    ) -> Option<Placement> {
        self.greedy.abbey(game, options, rng)
    }

    fn second_turn(&mut self, game: &Game<'r>, rng: &mut Rng) -> bool {
        self.greedy.second_turn(game, rng)
    }

    fn ransom(
        &mut self,
        game: &Game<'r>,
        options: &[(u8, FigureId)],
        rng: &mut Rng,
    ) -> Option<(u8, FigureId)> {
        self.greedy.ransom(game, options, rng)
    }

    fn escape(&mut self, game: &Game<'r>, options: &[Escape], rng: &mut Rng) -> Option<Escape> {
        self.greedy.escape(game, options, rng)
    }

    fn crop_response(
        &mut self,
        game: &Game<'r>,
        player: usize,
        action: CropAction,
        options: &[CropResponse],
        rng: &mut Rng,
    ) -> Option<CropResponse> {
        self.greedy
            .crop_response(game, player, action, options, rng)
    }
}
