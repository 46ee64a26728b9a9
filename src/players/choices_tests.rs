//! The decisions seats value rather than assume: goods counted as the
//! majorities they would win, and the builder's second turn, which a seat may
//! decline (the table then passes the turn on, and the log replays).

use crate::engine::events::Source;
use crate::engine::log::GameLog;
use crate::engine::rng::Rng;
use crate::engine::{
    BazaarAsk, BazaarStep, CropAction, CropResponse, Escape, FigureId, Game, KindId, Landing,
    MeepleAction, Phase, Placement, Ruleset,
};
use crate::players::policy::{Chance, Policy, RandomPolicy};
use crate::players::table::{fill_bag, run};
use crate::players::{self, Seat};

fn traders() -> Ruleset {
    super::tests::rules(&[
        "tilesets/base.tiles",
        "tilesets/inns-and-cathedrals.tiles",
        "tilesets/traders-and-builders.tiles",
    ])
}

#[test]
fn goods_are_worth_what_final_scoring_gives_them() {
    let rules = traders();
    let seats = [Seat::Random, Seat::Random, Seat::Random];
    let mut scored = 0;
    for seed in 0..20 {
        // What the stocks are worth after the last move of play.
        let mut worth = [0i64; 3];
        let game = players::play(&rules, &seats, seed, None, None, |game, _| {
            if game.phase() != Phase::Over {
                for (p, w) in worth.iter_mut().enumerate() {
                    *w = game.goods_worth(p, &[]);
                }
            }
        })
        .unwrap_or_else(|e| panic!("{e}"));
        for (p, &w) in worth.iter().enumerate() {
            assert_eq!(w, game.scores()[p].get(Source::Goods), "seed {seed}");
            scored += usize::from(w > 0);
        }
        // Once scored, goods are worth nothing more.
        assert_eq!(game.goods_worth(0, &[]), 0);
    }
    assert!(scored > 10, "{scored} players scored goods");
}

#[test]
fn goods_taken_tie_a_majority_or_take_it_over() {
    let rules = traders();
    let seats = [Seat::Random, Seat::Random];
    // A position before a tile in which the active player trails in a good.
    let mut found = None;
    for seed in 0..20 {
        players::play(&rules, &seats, seed, None, None, |game, _| {
            if found.is_some() || game.phase() != Phase::Tile {
                return;
            }
            let me = game.active_player();
            let trails = (0..64u8).find(|&g| game.goods(1 - me, g) > game.goods(me, g));
            if let Some(good) = trails {
                found = Some((game.clone(), good));
            }
        })
        .unwrap_or_else(|e| panic!("{e}"));
        if found.is_some() {
            break;
        }
    }
    let (game, good) = found.expect("a player trailing in some good");
    let me = game.active_player();
    let other = 1 - me;
    let lead = game.goods(other, good) - game.goods(me, good);
    let worth = |p: usize, taken: u64| game.goods_worth(p, &[(good, taken)]);
    // As many as the leader tie: both score the good.
    let most = worth(me, lead) - worth(me, 0);
    assert!(most > 0, "a tie scores the good");
    assert_eq!(
        worth(other, lead),
        worth(other, 0),
        "the leader keeps it on a tie"
    );
    // One more takes it over.
    assert_eq!(worth(me, lead + 1), worth(me, 0) + most);
    assert_eq!(worth(other, lead + 1), worth(other, 0) - most);
    // Fewer win nothing.
    assert_eq!(worth(me, lead - 1), worth(me, 0));
}

/// A random seat that declines every second turn.
#[derive(Default)]
struct Decliner {
    random: RandomPolicy,
    declined: usize,
}

impl<'r> Policy<'r> for Decliner {
    fn place(&mut self, game: &Game<'r>, tile: KindId, rng: &mut Rng) -> Placement {
        self.random.place(game, tile, rng)
    }
    fn figure(&mut self, game: &Game<'r>, rng: &mut Rng) -> MeepleAction {
        self.random.figure(game, rng)
    }
    fn landing(
        &mut self,
        game: &Game<'r>,
        figure: FigureId,
        roll: u32,
        options: &[Landing],
        rng: &mut Rng,
    ) -> Landing {
        self.random.landing(game, figure, roll, options, rng)
    }
    fn second_turn(&mut self, _: &Game<'r>, _: &mut Rng) -> bool {
        self.declined += 1;
        false
    }
    fn crop_action(&mut self, game: &Game<'r>, rng: &mut Rng) -> CropAction {
        self.random.crop_action(game, rng)
    }
    fn ransom(
        &mut self,
        game: &Game<'r>,
        options: &[(u8, FigureId)],
        rng: &mut Rng,
    ) -> Option<(u8, FigureId)> {
        self.random.ransom(game, options, rng)
    }
    fn escape(&mut self, game: &Game<'r>, options: &[Escape], rng: &mut Rng) -> Option<Escape> {
        self.random.escape(game, options, rng)
    }
    fn dragon_step(
        &mut self,
        game: &Game<'r>,
        player: usize,
        options: &[(i32, i32)],
        rng: &mut Rng,
    ) -> (i32, i32) {
        self.random.dragon_step(game, player, options, rng)
    }
    fn gold(&mut self, game: &Game<'r>, options: &[(i32, i32)], rng: &mut Rng) -> (i32, i32) {
        self.random.gold(game, options, rng)
    }
    fn castle(
        &mut self,
        game: &Game<'r>,
        player: usize,
        prospect: (i64, i64),
        rng: &mut Rng,
    ) -> bool {
        self.random.castle(game, player, prospect, rng)
    }
    fn bazaar(&mut self, game: &Game<'r>, ask: &BazaarAsk, rng: &mut Rng) -> BazaarStep {
        self.random.bazaar(game, ask, rng)
    }
    fn crop_response(
        &mut self,
        game: &Game<'r>,
        player: usize,
        action: CropAction,
        options: &[CropResponse],
        rng: &mut Rng,
    ) -> Option<CropResponse> {
        self.random
            .crop_response(game, player, action, options, rng)
    }
}

#[test]
fn a_declined_second_turn_passes_the_turn_and_replays() {
    let rules = traders();
    let mut declined = 0;
    for seed in 0..10 {
        let mut game = Game::new(&rules, 2).expect("a game");
        let mut bag = Vec::new();
        fill_bag(&game, &mut bag);
        let mut chance = Chance::new(&rules, seed);
        let mut seats = [Decliner::default()];
        let mut turns = Vec::new();
        run(
            &mut game,
            &mut bag,
            &mut chance,
            &mut seats,
            Some(&mut turns),
            None,
            &mut |_, _| {},
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(
            turns.iter().all(|t| !t.second_turn),
            "seed {seed}: a second turn taken"
        );
        let names = ["red".to_string(), "blue".to_string()];
        let log = GameLog::finished_game(&rules, &names, turns);
        let replayed = crate::engine::replay::replay(&rules, &log)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed.scores(), game.scores(), "seed {seed}");
        declined += seats[0].declined;
    }
    assert!(declined > 5, "{declined} second turns declined");
}
