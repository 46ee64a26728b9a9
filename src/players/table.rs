//! The table: plays games move by move. Chance draws the tiles from the bag,
//! the tokens and the die rolls; the seat of the player to move decides the
//! rest (the `Policy` of its seat). `run` plays from any phase to the end, so Monte Carlo
//! rollouts use it too.

use super::greedy::Greedy;
use super::mcts::Mcts;
use super::policy::{Chance, Policy, RandomPolicy};
use super::{seat_seed, Seat};
use crate::engine::log::CountOutLog;
use crate::engine::log::{GameLog, TurnLog};
use crate::engine::random::wagon_log;
use crate::engine::random::{count_log, count_out_log};
use crate::engine::random::{
    crop_log, dragon_log, draw_bazaar, draw_tile_index, escape_log, ferry_log, fill_staged_bag,
    flock_log, magic_log, ransom_log, record_action, record_bazaar, record_goods, tiles_in_box,
    MAX_BAG,
};
use crate::engine::rng::Rng;
use crate::engine::{
    BazaarAsk, BazaarStep, CropAction, CropMove, CropResponse, Escape, FigureId, FlockDue, Game,
    IllegalMove, KindId, Landing, MeepleAction, Move, Phase, Placement, Ruleset,
};

/// A seat at the table, with its own state.
enum Player<'r> {
    Random(RandomPolicy),
    Greedy(Box<Greedy<'r>>),
    Mcts(Box<Mcts<'r>>),
}

impl<'r> Player<'r> {
    fn new(rules: &'r Ruleset, seat: Seat, seed: u64) -> Player<'r> {
        match seat {
            Seat::Random => Player::Random(RandomPolicy::default()),
            Seat::Greedy => Player::Greedy(Box::new(Greedy::new(rules, seed))),
            Seat::Mcts {
                iterations,
                rollout,
            } => Player::Mcts(Box::new(Mcts::new(rules, iterations, rollout, seed))),
        }
    }

    fn policy(&mut self) -> &mut dyn Policy<'r> {
        match self {
            Player::Random(p) => p,
            Player::Greedy(p) => p.as_mut(),
            Player::Mcts(p) => p.as_mut(),
        }
    }
}

impl<'r> Policy<'r> for Player<'r> {
    fn place(&mut self, game: &Game<'r>, tile: KindId, rng: &mut Rng) -> Placement {
        self.policy().place(game, tile, rng)
    }

    fn figure(&mut self, game: &Game<'r>, rng: &mut Rng) -> MeepleAction {
        self.policy().figure(game, rng)
    }

    fn landing(
        &mut self,
        game: &Game<'r>,
        figure: FigureId,
        roll: u32,
        options: &[Landing],
        rng: &mut Rng,
    ) -> Landing {
        self.policy().landing(game, figure, roll, options, rng)
    }

    fn crop_action(&mut self, game: &Game<'r>, rng: &mut Rng) -> CropAction {
        self.policy().crop_action(game, rng)
    }

    fn abbey(
        &mut self,
        game: &Game<'r>,
        options: &[Placement],
        rng: &mut Rng,
    ) -> Option<Placement> {
        self.policy().abbey(game, options, rng)
    }

    fn gather(&mut self, game: &Game<'r>, due: &FlockDue, rng: &mut Rng) -> bool {
        self.policy().gather(game, due, rng)
    }

    fn second_turn(&mut self, game: &Game<'r>, rng: &mut Rng) -> bool {
        self.policy().second_turn(game, rng)
    }

    fn ransom(
        &mut self,
        game: &Game<'r>,
        options: &[(u8, FigureId)],
        rng: &mut Rng,
    ) -> Option<(u8, FigureId)> {
        self.policy().ransom(game, options, rng)
    }

    fn castle(
        &mut self,
        game: &Game<'r>,
        player: usize,
        prospect: (i64, i64),
        rng: &mut Rng,
    ) -> bool {
        self.policy().castle(game, player, prospect, rng)
    }

    fn bazaar(&mut self, game: &Game<'r>, ask: &BazaarAsk, rng: &mut Rng) -> BazaarStep {
        self.policy().bazaar(game, ask, rng)
    }

    fn dragon_step(
        &mut self,
        game: &Game<'r>,
        player: usize,
        options: &[(i32, i32)],
        rng: &mut Rng,
    ) -> (i32, i32) {
        self.policy().dragon_step(game, player, options, rng)
    }

    fn escape(&mut self, game: &Game<'r>, options: &[Escape], rng: &mut Rng) -> Option<Escape> {
        self.policy().escape(game, options, rng)
    }
    fn gold(&mut self, game: &Game<'r>, options: &[(i32, i32)], rng: &mut Rng) -> (i32, i32) {
        self.policy().gold(game, options, rng)
    }

    fn magic(
        &mut self,
        game: &Game<'r>,
        options: &[crate::engine::MagicChoice],
        rng: &mut Rng,
    ) -> crate::engine::MagicChoice {
        self.policy().magic(game, options, rng)
    }

    fn wagon(
        &mut self,
        game: &Game<'r>,
        due: &crate::engine::WagonDue,
        options: &[(i32, i32, u8)],
        rng: &mut Rng,
    ) -> Option<(i32, i32, u8)> {
        self.policy().wagon(game, due, options, rng)
    }

    fn crop_response(
        &mut self,
        game: &Game<'r>,
        player: usize,
        action: CropAction,
        options: &[CropResponse],
        rng: &mut Rng,
    ) -> Option<CropResponse> {
        self.policy()
            .crop_response(game, player, action, options, rng)
    }

    fn count_in(
        &mut self,
        game: &Game<'r>,
        figures: &[FigureId],
        rng: &mut Rng,
    ) -> Option<crate::engine::CountIn> {
        self.policy().count_in(game, figures, rng)
    }

    fn count_out(
        &mut self,
        game: &Game<'r>,
        player: usize,
        options: &[crate::engine::CountOut],
        rng: &mut Rng,
    ) -> Option<crate::engine::CountOut> {
        self.policy().count_out(game, player, options, rng)
    }
}

/// Plays one whole game (final scoring included) with these seats, one per
/// player, calling `on_move` after every move; appends the turns to `log`
/// when given. The same seed and seats give the same game.
///
/// # Errors
/// The ruleset has no start tile, the seat count is out of range, or the box
/// holds more than [`MAX_BAG`] tiles.
pub fn play<'r>(
    rules: &'r Ruleset,
    seats: &[Seat],
    seed: u64,
    log: Option<&mut Vec<TurnLog>>,
    final_log: Option<&mut Vec<CountOutLog>>,
    mut on_move: impl FnMut(&Game<'r>, &Move),
) -> Result<Game<'r>, IllegalMove> {
    let mut game = Game::new(rules, seats.len())?;
    let copies = tiles_in_box(&game);
    if copies > MAX_BAG {
        return Err(IllegalMove(format!(
            "the box holds {copies} tiles; a game takes at most {MAX_BAG}"
        )));
    }
    let mut bag = Vec::with_capacity(copies);
    fill_bag(&game, &mut bag);
    let mut chance = Chance::new(rules, seed);
    if seats.iter().all(|&s| s == Seat::Random) {
        // One random policy plays every seat, without dynamic dispatch.
        let mut random = [RandomPolicy::default()];
        run(
            &mut game,
            &mut bag,
            &mut chance,
            &mut random,
            log,
            final_log,
            &mut on_move,
        )?;
        return Ok(game);
    }
    let mut players: Vec<Player<'r>> = seats
        .iter()
        .enumerate()
        .map(|(i, &seat)| Player::new(rules, seat, seat_seed(seed, i)))
        .collect();
    run(
        &mut game,
        &mut bag,
        &mut chance,
        &mut players,
        log,
        final_log,
        &mut on_move,
    )?;
    Ok(game)
}

/// Plays one whole game and returns it with its log, which names the seats.
///
/// # Errors
/// As [`play`].
pub fn play_logged<'r>(
    rules: &'r Ruleset,
    seats: &[Seat],
    names: &[String],
    seed: u64,
) -> Result<(Game<'r>, GameLog), IllegalMove> {
    let mut turns = Vec::new();
    let mut count_final = Vec::new();
    let game = play(
        rules,
        seats,
        seed,
        Some(&mut turns),
        Some(&mut count_final),
        |_, _| {},
    )?;
    let mut log = GameLog::finished_game(rules, names, turns);
    if !count_final.is_empty() {
        log.count_final = Some(count_final);
    }
    log.seats = Some(seats.iter().map(ToString::to_string).collect());
    Ok((game, log))
}

/// Puts every tile not yet drawn into `bag` (emptied first): the latest draw
/// stage first, so that the tiles drawable now are its last entries.
pub(crate) fn fill_bag(game: &Game<'_>, bag: &mut Vec<KindId>) {
    fill_staged_bag(game, bag);
}

/// Plays from the current phase to the end of the game: tiles are drawn
/// uniformly from `bag` (the tiles not yet drawn, filled by [`fill_bag`])
/// among those of the earliest draw stage left, and `seats[p % len]`
/// decides for player `p` (one seat plays everyone in rollouts).
pub(crate) fn run<'r, P: Policy<'r>>(
    game: &mut Game<'r>,
    bag: &mut Vec<KindId>,
    chance: &mut Chance,
    seats: &mut [P],
    mut log: Option<&mut Vec<TurnLog>>,
    mut final_log: Option<&mut Vec<CountOutLog>>,
    on_move: &mut impl FnMut(&Game<'r>, &Move),
) -> Result<(), IllegalMove> {
    let mut entry: Option<TurnLog> = None;
    loop {
        match game.phase() {
            Phase::Over => break,
            Phase::Tile => {
                if let (Some(log), Some(mut e)) = (log.as_deref_mut(), entry.take()) {
                    record_goods(game, &mut e);
                    log.push(e);
                }
                // A builder's second turn due may be declined.
                if game.second_turn_due() && bag.len() > game.face_down() as usize {
                    let who = game.active_player() % seats.len();
                    if !seats[who].second_turn(game, &mut chance.rng) {
                        game.apply(&Move::EndTurn)?;
                        on_move(game, &Move::EndTurn);
                        continue;
                    }
                }
                // An abbey held may be played instead of drawing.
                let abbey = match (game.abbey_tile(), game.bazaar_tile()) {
                    (Some(kind), None) => {
                        let holes = game.abbey_placements();
                        let who = game.active_player() % seats.len();
                        (!holes.is_empty())
                            .then(|| seats[who].abbey(game, &holes, &mut chance.rng))
                            .flatten()
                            .map(|at| (kind, at))
                    }
                    _ => None,
                };
                let tile = match (abbey, game.bazaar_tile()) {
                    (Some((kind, _)), _) => kind,
                    (None, Some(held)) => held,
                    (None, None) if bag.len() <= game.face_down() as usize => {
                        // Decisions due before final scoring follow.
                        game.end_play()?;
                        continue;
                    }
                    (None, None) => bag.swap_remove(draw_tile_index(game, bag, &mut chance.rng)),
                };
                if log.is_some() {
                    entry = Some(TurnLog {
                        tile: game.rules().kind_id(tile).to_string(),
                        second_turn: game.second_turn_due(),
                        player: crate::engine::random::final_abbey(game, abbey.is_some()),
                        ..TurnLog::default()
                    });
                }
                let ransoms = game.ransom_options();
                if !ransoms.is_empty() {
                    let who = game.active_player() % seats.len();
                    if let Some((holder, figure)) =
                        seats[who].ransom(game, &ransoms, &mut chance.rng)
                    {
                        let ransom = Move::Ransom { holder, figure };
                        game.apply(&ransom)?;
                        on_move(game, &ransom);
                        if let Some(e) = entry.as_mut() {
                            e.ransom = Some(ransom_log(game, holder, figure));
                        }
                    }
                }
                if let Some((_, at)) = abbey {
                    let place = Move::Abbey(at);
                    game.apply(&place)?;
                    on_move(game, &place);
                    if let Some(e) = entry.as_mut() {
                        e.x = Some(at.x);
                        e.y = Some(at.y);
                        e.rotation = Some(at.rotation);
                    }
                    continue;
                }
                if !game.can_place(tile) {
                    let discard = Move::Discard { tile };
                    game.apply(&discard)?;
                    on_move(game, &discard);
                    if let Some(e) = entry.as_mut() {
                        e.discard = true;
                    }
                    continue;
                }
                let who = game.active_player() % seats.len();
                let at = seats[who].place(game, tile, &mut chance.rng);
                let token = chance.tokens.draw(game, tile, &mut chance.rng);
                let place = Move::Place {
                    tile,
                    placement: at,
                    token,
                };
                game.apply(&place)?;
                on_move(game, &place);
                if let Some(e) = entry.as_mut() {
                    e.x = Some(at.x);
                    e.y = Some(at.y);
                    e.rotation = Some(at.rotation);
                    e.token = token.map(|t| game.rules().token_id(t).to_string());
                }
            }
            Phase::Figure => {
                let who = game.active_player() % seats.len();
                let action = decide_figure(game, chance, &mut seats[who]);
                if let Some(e) = entry.as_mut() {
                    record_action(game, action, e);
                }
                let figure = Move::Figure(action);
                game.apply(&figure)?;
                on_move(game, &figure);
            }
            Phase::Dragon => {
                let n = seats.len();
                let mut steps = Vec::new();
                loop {
                    let options = game.dragon_steps(&steps);
                    if options.is_empty() {
                        break;
                    }
                    let player = game.dragon_chooser(steps.len());
                    let step =
                        seats[player % n].dragon_step(game, player, &options, &mut chance.rng);
                    steps.push(step);
                }
                if let Some(e) = entry.as_mut() {
                    e.dragon = Some(dragon_log(&steps));
                }
                let dragon = Move::Dragon(steps);
                game.apply(&dragon)?;
                on_move(game, &dragon);
            }
            Phase::Escape => {
                let options = game.escape_options();
                let who = game.active_player() % seats.len();
                let pick = seats[who].escape(game, &options, &mut chance.rng);
                if let (Some(e), Some(p)) = (entry.as_mut(), pick) {
                    e.escape = Some(escape_log(game, p));
                }
                let escape = Move::Escape(pick);
                game.apply(&escape)?;
                on_move(game, &escape);
            }
            Phase::Flock => {
                let Some(due) = game.flock_due() else {
                    return Err(IllegalMove(
                        "a flock decision is due but none is listed".into(),
                    ));
                };
                let who = game.active_player() % seats.len();
                let gather = !due.fresh && seats[who].gather(game, &due, &mut chance.rng);
                let draw = if gather { None } else { chance.sheep(&due) };
                if let Some(e) = entry.as_mut() {
                    e.flock
                        .get_or_insert_with(Vec::new)
                        .push(flock_log(game, draw));
                }
                let flock = Move::Flock { draw };
                game.apply(&flock)?;
                on_move(game, &flock);
            }
            Phase::Gold => {
                let who = game.active_player() % seats.len();
                let options = game.gold_squares();
                let (x, y) = seats[who].gold(game, &options, &mut chance.rng);
                if let Some(e) = entry.as_mut() {
                    e.gold = Some([x, y]);
                }
                let gold = Move::Gold { x, y };
                game.apply(&gold)?;
                on_move(game, &gold);
            }
            Phase::Bazaar => {
                let Some(ask) = game.bazaar_ask() else {
                    return Err(IllegalMove("the bazaar asks nothing".into()));
                };
                let step = match &ask {
                    BazaarAsk::Tiles(n) => {
                        BazaarStep::Tiles(draw_bazaar(game, bag, *n, &mut chance.rng))
                    }
                    BazaarAsk::Select { player, .. }
                    | BazaarAsk::Bid { player, .. }
                    | BazaarAsk::Sell { player, .. } => {
                        let n = seats.len();
                        seats[*player % n].bazaar(game, &ask, &mut chance.rng)
                    }
                };
                if let Some(e) = entry.as_mut() {
                    record_bazaar(game, &step, e);
                }
                let bazaar = Move::Bazaar(step);
                game.apply(&bazaar)?;
                on_move(game, &bazaar);
            }
            Phase::Castle => {
                let n = seats.len();
                let player = game.castle_offer().map_or(0, |(p, _, _)| p);
                let prospect = game.castle_prospect();
                let build = seats[player % n].castle(game, player, prospect, &mut chance.rng);
                if let Some(e) = entry.as_mut() {
                    e.castle.get_or_insert_with(Vec::new).push(build);
                }
                let castle = Move::Castle(build);
                game.apply(&castle)?;
                on_move(game, &castle);
            }
            Phase::Magic => {
                let who = game.active_player() % seats.len();
                let options = game.magic_choices();
                let (witch, to) = seats[who].magic(game, &options, &mut chance.rng);
                if let Some(e) = entry.as_mut() {
                    e.magic = Some(magic_log(game, witch, to));
                }
                let magic = Move::Magic { witch, to };
                game.apply(&magic)?;
                on_move(game, &magic);
            }
            Phase::Wagon => {
                let Some((due, options)) = game.wagon_due() else {
                    return Err(IllegalMove("no wagon waits to move".into()));
                };
                let n = seats.len();
                let to = seats[due.player % n].wagon(game, &due, &options, &mut chance.rng);
                if let Some(e) = entry.as_mut() {
                    e.wagon
                        .get_or_insert_with(Vec::new)
                        .push(wagon_log(game, due.figure, to));
                }
                let wagon = Move::Wagon(to);
                game.apply(&wagon)?;
                on_move(game, &wagon);
            }
            Phase::Ferry => {
                let who = game.active_player() % seats.len();
                let options = game.ferry_choices();
                let choice = seats[who].ferry(game, &options, &mut chance.rng);
                if let (Some(e), Some(log)) = (entry.as_mut(), ferry_log(game, choice)) {
                    e.ferry.get_or_insert_with(Vec::new).push(log);
                }
                let ferry = Move::Ferry(choice);
                game.apply(&ferry)?;
                on_move(game, &ferry);
            }
            Phase::CountIn => {
                let who = game.active_player() % seats.len();
                let figures = game.count_in_figures();
                let pick = seats[who].count_in(game, &figures, &mut chance.rng);
                if let (Some(e), Some(c)) = (entry.as_mut(), pick) {
                    e.count = Some(count_log(game, c));
                }
                let count = Move::CountIn(pick);
                game.apply(&count)?;
                on_move(game, &count);
            }
            Phase::CountOut => {
                let Some((player, options)) = game.count_out_due() else {
                    return Err(IllegalMove("no follower waits to leave the city".into()));
                };
                let n = seats.len();
                let pick = seats[player % n].count_out(game, player, &options, &mut chance.rng);
                if let Some(m) = pick {
                    let line = count_out_log(game, player, m);
                    match (entry.as_mut(), final_log.as_deref_mut()) {
                        (Some(e), _) => e.count_out.get_or_insert_with(Vec::new).push(line),
                        (None, Some(f)) => f.push(line),
                        (None, None) => {}
                    }
                }
                let mv = Move::CountOut(pick);
                game.apply(&mv)?;
                on_move(game, &mv);
            }
            Phase::Crop => {
                let crop = decide_crop(game, chance, seats);
                if let Some(e) = entry.as_mut() {
                    e.crop = Some(crop_log(game, &crop));
                }
                let crop = Move::Crop(crop);
                game.apply(&crop)?;
                on_move(game, &crop);
            }
        }
    }
    if let (Some(log), Some(mut e)) = (log, entry) {
        record_goods(game, &mut e);
        log.push(e);
    }
    Ok(())
}

/// The seat's figure action; for a flight, the die roll and the landing.
pub(crate) fn decide_figure<'r, P: Policy<'r>>(
    game: &Game<'r>,
    chance: &mut Chance,
    seat: &mut P,
) -> MeepleAction {
    let action = seat.figure(game, &mut chance.rng);
    let MeepleAction::Fly { figure, .. } = action else {
        return action;
    };
    let roll = chance.roll(game);
    let landings = game
        .flight_landings(figure, roll)
        .map(|(_, l)| l)
        .unwrap_or_default();
    let landing = (!landings.is_empty())
        .then(|| seat.landing(game, figure, roll, &landings, &mut chance.rng));
    MeepleAction::Fly {
        figure,
        roll,
        landing,
    }
}

/// The active seat's crop action, then every player's response from their
/// own seat.
pub(crate) fn decide_crop<'r, P: Policy<'r>>(
    game: &Game<'r>,
    chance: &mut Chance,
    seats: &mut [P],
) -> CropMove {
    let n = seats.len();
    let action = seats[game.active_player() % n].crop_action(game, &mut chance.rng);
    let responses = game
        .crop_order()
        .into_iter()
        .map(|player| {
            let options = game.crop_options(player, action);
            seats[player % n].crop_response(game, player, action, &options, &mut chance.rng)
        })
        .collect();
    CropMove { action, responses }
}

/// The move `seat` makes with `tile` drawn in `game` (a game between turns):
/// where the tile goes and the figure action after it (a flight as the
/// decision to fly, roll 0). For tools and tests that ask one decision.
///
/// # Errors
/// The game does not expect a tile, or the tile fits nowhere.
pub fn choose<'r>(
    game: &Game<'r>,
    tile: KindId,
    seat: Seat,
    seed: u64,
) -> Result<(Placement, MeepleAction), IllegalMove> {
    if game.phase() != Phase::Tile || !game.can_place(tile) {
        return Err(IllegalMove(
            "a seat chooses a move for a drawn tile that fits, between turns".into(),
        ));
    }
    let mut player = Player::new(game.rules(), seat, seed);
    let mut rng = Rng::new(seed);
    let at = player.place(game, tile, &mut rng);
    let mut after = game.clone();
    let token = super::policy::TokenPools::new(game.rules()).any(game, tile);
    after.apply(&Move::Place {
        tile,
        placement: at,
        token,
    })?;
    Ok((at, player.figure(&after, &mut rng)))
}
