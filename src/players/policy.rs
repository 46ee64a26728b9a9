//! The decisions a seat makes ([`Policy`]), what chance decides (tiles,
//! tokens, die rolls: [`Chance`]), and the random policy, which draws from
//! the same generator as chance exactly as `engine::random` does.

use crate::engine::rng::Rng;
use crate::engine::{
    BazaarAsk, BazaarStep, CropAction, CropResponse, Escape, FigureId, Flights, FlockDue, Game,
    KindId, Landing, MeepleAction, Placement, Ruleset, TokenId,
};

/// The decisions of one seat. `rng` is the game's shared generator: the
/// random policy draws from it, the others use their own.
pub(crate) trait Policy<'r> {
    /// Where the drawn tile goes (it fits somewhere).
    fn place(&mut self, game: &Game<'r>, tile: KindId, rng: &mut Rng) -> Placement;
    /// The figure action for the tile just placed; a flight is a decision
    /// (`Fly` with roll 0 and no landing), the die is rolled after it.
    fn figure(&mut self, game: &Game<'r>, rng: &mut Rng) -> MeepleAction;
    /// Where a flying figure lands (`options` is not empty).
    fn landing(
        &mut self,
        game: &Game<'r>,
        figure: FigureId,
        roll: u32,
        options: &[Landing],
        rng: &mut Rng,
    ) -> Landing;
    /// Whether the active player plays an abbey they hold instead of drawing,
    /// and into which hole (`options`: every hole, not empty); `None` draws.
    /// Uniform over the holes and drawing, as the random player does.
    fn abbey(
        &mut self,
        _game: &Game<'r>,
        options: &[Placement],
        rng: &mut Rng,
    ) -> Option<Placement> {
        options.get(rng.below(options.len() + 1)).copied()
    }
    /// Whether the active player takes the builder's second turn that is
    /// due (`false` declines it: the next player's tile comes next). Taken
    /// unless a seat says better; nothing is drawn from `rng`, as the
    /// engine's random player takes every second turn.
    fn second_turn(&mut self, _game: &Game<'r>, _rng: &mut Rng) -> bool {
        true
    }
    /// The crop circle's action, for the active player.
    fn crop_action(&mut self, game: &Game<'r>, rng: &mut Rng) -> CropAction;
    /// The flock decision due (a shepherd's field extended): true gathers
    /// the flock, false draws a token. Uniform unless a seat says better.
    fn gather(&mut self, _game: &Game<'r>, _due: &FlockDue, rng: &mut Rng) -> bool {
        rng.below(2) == 0
    }
    /// The ransom the active player pays before their tile, if any, among
    /// `options` (holder, figure; not empty).
    fn ransom(
        &mut self,
        game: &Game<'r>,
        options: &[(u8, FigureId)],
        rng: &mut Rng,
    ) -> Option<(u8, FigureId)>;
    /// The follower the active player lets escape a besieged city at the
    /// end of the turn, if any, among `options` (not empty).
    fn escape(&mut self, game: &Game<'r>, options: &[Escape], rng: &mut Rng) -> Option<Escape>;
    /// The square `player` chooses for the dragon's next step among
    /// `options` (not empty).
    fn dragon_step(
        &mut self,
        game: &Game<'r>,
        player: usize,
        options: &[(i32, i32)],
        rng: &mut Rng,
    ) -> (i32, i32);
    /// The square whose tile takes the second gold bar, among `options` (not
    /// empty).
    fn gold(&mut self, game: &Game<'r>, options: &[(i32, i32)], rng: &mut Rng) -> (i32, i32);
    /// Whether `player` builds a castle on the small city offered now;
    /// `prospect` is [`Game::castle_prospect`]: the city's points now, and
    /// the most a feature unfinished in the castle's fief would be worth.
    fn castle(
        &mut self,
        game: &Game<'r>,
        player: usize,
        prospect: (i64, i64),
        rng: &mut Rng,
    ) -> bool;
    /// A step of the bazaar's auction for the player `ask` names (a tile
    /// and bid, a raise or pass, buy or sell; never its tiles).
    fn bazaar(&mut self, game: &Game<'r>, ask: &BazaarAsk, rng: &mut Rng) -> BazaarStep;
    /// `player`'s response to the crop circle; `None` passes (or has nothing
    /// to remove).
    fn crop_response(
        &mut self,
        game: &Game<'r>,
        player: usize,
        action: CropAction,
        options: &[CropResponse],
        rng: &mut Rng,
    ) -> Option<CropResponse>;
    /// The mage's or the witch's move due, among `options` (not empty).
    /// Uniform unless a seat says better.
    fn magic(
        &mut self,
        _game: &Game<'r>,
        options: &[crate::engine::MagicChoice],
        rng: &mut Rng,
    ) -> crate::engine::MagicChoice {
        options[rng.below(options.len())]
    }
    /// The move of the wagon `due` among its `options` (not empty), or
    /// `None` to stay home. Uniform over the options and home unless a
    /// seat says better.
    fn wagon(
        &mut self,
        _game: &Game<'r>,
        _due: &crate::engine::WagonDue,
        options: &[(i32, i32, u8)],
        rng: &mut Rng,
    ) -> Option<(i32, i32, u8)> {
        options.get(rng.below(options.len() + 1)).copied()
    }
    /// Whether the active player puts a follower (one of `figures`, those
    /// in supply) into the city of Carcassonne, into which quarter, and
    /// where the Count goes. Uniform as the random player.
    fn count_in(
        &mut self,
        game: &Game<'r>,
        figures: &[FigureId],
        rng: &mut Rng,
    ) -> Option<crate::engine::CountIn> {
        let at = game.count_city().map_or(0, |(at, _)| at);
        crate::engine::random::random_count_in(figures, at, rng)
    }
    /// `player`'s next move out of the city of Carcassonne among `options`
    /// (possibly empty), or `None`: no more. Uniform over the options and
    /// stopping unless a seat says better.
    fn count_out(
        &mut self,
        _game: &Game<'r>,
        _player: usize,
        options: &[crate::engine::CountOut],
        rng: &mut Rng,
    ) -> Option<crate::engine::CountOut> {
        options.get(rng.below(options.len() + 1)).copied()
    }
    /// The ferry decision due, among `options` (not empty): a ferry placed,
    /// a ferry moved, or (`None`) no more moves. Uniform unless a seat says
    /// better.
    fn ferry(
        &mut self,
        _game: &Game<'r>,
        options: &[crate::engine::FerryChoice],
        rng: &mut Rng,
    ) -> crate::engine::FerryChoice {
        options[rng.below(options.len())]
    }
}

/// The token stack of each tile kind, computed once.
#[derive(Clone, Debug)]
pub(crate) struct TokenPools {
    pools: Vec<Vec<TokenId>>,
}

impl TokenPools {
    pub fn new(rules: &Ruleset) -> TokenPools {
        let pools = (0..rules.kind_count())
            .map(|k| rules.tokens_for(KindId(u16::try_from(k).unwrap_or(u16::MAX))))
            .collect();
        TokenPools { pools }
    }

    fn pool(&self, tile: KindId) -> &[TokenId] {
        self.pools
            .get(usize::from(tile.0))
            .map_or(&[], Vec::as_slice)
    }

    /// A token drawn from the tile's stack (none for a tile without a circus
    /// or an empty stack); consumes nothing from `rng` when there is none.
    pub fn draw(&self, game: &Game<'_>, tile: KindId, rng: &mut Rng) -> Option<TokenId> {
        let pool = self.pool(tile);
        let total: u64 = pool.iter().map(|&t| u64::from(game.tokens_left(t))).sum();
        let mut k = rng.below(usize::try_from(total).unwrap_or(usize::MAX)) as u64;
        for &t in pool {
            let left = u64::from(game.tokens_left(t));
            if k < left {
                return Some(t);
            }
            k -= left;
        }
        None
    }

    /// Some token the tile may take, for trying a placement on a copy.
    pub fn any(&self, game: &Game<'_>, tile: KindId) -> Option<TokenId> {
        self.pool(tile)
            .iter()
            .copied()
            .find(|&t| game.tokens_left(t) > 0)
    }
}

/// Chance: the generator, the token stacks, and scratch space.
#[derive(Clone, Debug)]
pub(crate) struct Chance {
    pub rng: Rng,
    pub tokens: TokenPools,
}

impl Chance {
    pub fn new(rules: &Ruleset, seed: u64) -> Chance {
        Chance {
            rng: Rng::new(seed),
            tokens: TokenPools::new(rules),
        }
    }

    /// A token drawn uniformly from the shepherd's bag (copies counted).
    pub fn sheep(&mut self, due: &FlockDue) -> Option<TokenId> {
        crate::engine::random::draw_sheep(due, &mut self.rng)
    }

    /// A roll of the die of the tile just placed.
    pub fn roll(&mut self, game: &Game<'_>) -> u32 {
        let die = game.rules().die(game.current_tile().0);
        die.get(self.rng.below(die.len())).copied().unwrap_or(0)
    }
}

/// Uniform among the legal options, drawing from the game's generator.
#[derive(Debug, Default)]
pub(crate) struct RandomPolicy {
    actions: Vec<MeepleAction>,
    placements: Vec<Placement>,
}

impl<'r> Policy<'r> for RandomPolicy {
    fn place(&mut self, game: &Game<'r>, tile: KindId, rng: &mut Rng) -> Placement {
        game.choose_placement(tile, &mut self.placements, |count| rng.below(count))
            .unwrap_or(Placement {
                x: 0,
                y: 0,
                rotation: 0,
            })
    }

    fn figure(&mut self, game: &Game<'r>, rng: &mut Rng) -> MeepleAction {
        self.actions.clear();
        game.meeple_actions_into(&mut self.actions, Flights::Decisions);
        self.actions
            .get(rng.below(self.actions.len()))
            .copied()
            .unwrap_or(MeepleAction::Pass)
    }

    fn landing(
        &mut self,
        _: &Game<'r>,
        _: FigureId,
        _: u32,
        options: &[Landing],
        rng: &mut Rng,
    ) -> Landing {
        options[rng.below(options.len())]
    }

    fn ransom(
        &mut self,
        _: &Game<'r>,
        options: &[(u8, FigureId)],
        rng: &mut Rng,
    ) -> Option<(u8, FigureId)> {
        options.get(rng.below(options.len() + 1)).copied()
    }

    fn dragon_step(
        &mut self,
        _: &Game<'r>,
        _: usize,
        options: &[(i32, i32)],
        rng: &mut Rng,
    ) -> (i32, i32) {
        options[rng.below(options.len())]
    }

    fn escape(&mut self, _: &Game<'r>, options: &[Escape], rng: &mut Rng) -> Option<Escape> {
        options.get(rng.below(options.len() + 1)).copied()
    }
    fn gold(&mut self, _: &Game<'r>, options: &[(i32, i32)], rng: &mut Rng) -> (i32, i32) {
        options[rng.below(options.len())]
    }
    fn castle(&mut self, _: &Game<'r>, _: usize, _: (i64, i64), rng: &mut Rng) -> bool {
        rng.below(2) == 1
    }

    fn bazaar(&mut self, _: &Game<'r>, ask: &BazaarAsk, rng: &mut Rng) -> BazaarStep {
        crate::engine::random::random_bazaar_step(ask, rng)
    }

    fn crop_action(&mut self, _: &Game<'r>, rng: &mut Rng) -> CropAction {
        if rng.below(2) == 0 {
            CropAction::Add
        } else {
            CropAction::Remove
        }
    }

    fn crop_response(
        &mut self,
        _: &Game<'r>,
        _: usize,
        action: CropAction,
        options: &[CropResponse],
        rng: &mut Rng,
    ) -> Option<CropResponse> {
        let choices = options.len() + usize::from(action == CropAction::Add || options.is_empty());
        options.get(rng.below(choices)).copied()
    }
}
