//! The random player: plays whole games choosing uniformly among the legal
//! moves with a seeded [`Rng`], so a seed always gives the same game. It draws
//! tiles uniformly from the bag, animal tokens uniformly from the stack, rolls
//! the die, and can write the game log of what it played.
//!
//! Each decision is uniform over its options: a placement among every
//! (position, rotation); a figure action among those of
//! [`Game::meeple_actions_into`] with one entry per figure that may fly (then
//! the die, then a landing); the crop action between add and remove, then each
//! response among the player's options (plus passing, for add); an abbey
//! held, before the draw, among the holes and drawing.

use super::log::FerryLog;
use super::log::MagicLog;
use super::log::{
    AcrobatLog, BarnLog, BazaarLog, BazaarRoundLog, BridgeLog, CaptureLog, CropActionLog, CropLog,
    CropResponseLog, FeatureLog, FlightLog, FlockLog, GameLog, MeepleLog, PosLog, RansomLog,
    RecallLog, SecondActionLog, TowerLog, TunnelLog, TurnLog,
};
use super::log::{CountLog, CountOutLog};
use super::rng::Rng;
use super::FigureId;
use super::{
    BazaarAsk, BazaarStep, CountIn, CountOut, CropAction, CropMove, Flights, Game, KindId, Landing,
    MeepleAction, Move, Placement, Ruleset, TokenId,
};

/// The most tiles a random game draws.
pub const MAX_BAG: usize = 100_000;

// A log holds every tile a game draws.
const _: () = assert!(MAX_BAG == super::log::MAX_TURNS);

/// Player names used by random games, in turn order.
pub const COLOURS: [&str; 8] = [
    "red", "blue", "green", "yellow", "black", "grey", "pink", "purple",
];

/// How many tiles are not yet drawn, counted without filling a bag (a box
/// of 3 × 10⁹ copies is refused before gigabytes are allocated for it).
#[must_use]
pub fn tiles_in_box(game: &Game<'_>) -> usize {
    (0..game.rules().kind_count())
        .map(|k| game.remaining(KindId(u16::try_from(k).unwrap_or(u16::MAX))) as usize)
        .fold(0usize, usize::saturating_add)
}

/// Puts every tile not yet drawn into `bag` (emptied first), the latest draw
/// stage first and in kind order within a stage, so that the tiles that may
/// be drawn now are its last entries (all of them without groups).
pub fn fill_staged_bag(game: &Game<'_>, bag: &mut Vec<KindId>) {
    let rules = game.rules();
    bag.clear();
    for stage in (0..super::core::tables::STAGES).rev() {
        let stage = u8::try_from(stage).unwrap_or(u8::MAX);
        for k in 0..rules.kind_count() {
            let kind = KindId(u16::try_from(k).unwrap_or(u16::MAX));
            if rules.stage(kind) == stage {
                bag.extend(std::iter::repeat_n(kind, game.remaining(kind) as usize));
            }
        }
    }
    // Tiles a bazaar drew are out of the bag until they are played.
    for k in game.bazaar_set_aside() {
        if let Some(i) = bag.iter().position(|&b| b == k) {
            bag.remove(i);
        }
    }
}

/// Draws `n` tiles for a bazaar from a bag filled by [`fill_staged_bag`],
/// as [`draw_tile_index`] draws (no dragon tile while they wait for a
/// volcano).
pub fn draw_bazaar(game: &Game<'_>, bag: &mut Vec<KindId>, n: usize, rng: &mut Rng) -> Vec<KindId> {
    (0..n.min(bag.len()))
        .map(|_| bag.swap_remove(draw_tile_index(game, bag, rng)))
        .collect()
}

/// A random step of the bazaar's auction for `ask` (not its tiles): a tile
/// and an opening bid of 0 to 2; a pass or a raise by 1 or 2; buy or sell.
pub fn random_bazaar_step(ask: &BazaarAsk, rng: &mut Rng) -> BazaarStep {
    match ask {
        BazaarAsk::Select { tiles, .. } => BazaarStep::Select {
            tile: tiles[rng.below(tiles.len())].0,
            bid: rng.below(3) as i64,
        },
        BazaarAsk::Bid { price, .. } => match rng.below(3) {
            0 => BazaarStep::Bid(None),
            r => BazaarStep::Bid(Some(price + r as i64)),
        },
        BazaarAsk::Sell { .. } | BazaarAsk::Tiles(_) => BazaarStep::Sell(rng.below(2) == 1),
    }
}

/// Writes a step of the bazaar's auction into the turn's log entry.
pub fn record_bazaar(game: &Game<'_>, step: &BazaarStep, entry: &mut TurnLog) {
    let log = entry.bazaar.get_or_insert_with(BazaarLog::default);
    match step {
        BazaarStep::Tiles(tiles) => {
            log.tiles = tiles
                .iter()
                .map(|&k| game.rules().kind_id(k).to_string())
                .collect();
        }
        &BazaarStep::Select { tile, bid } => log.rounds.push(BazaarRoundLog {
            tile,
            bid,
            raises: Vec::new(),
            sell: None,
        }),
        &BazaarStep::Bid(b) => {
            if let Some(r) = log.rounds.last_mut() {
                r.raises.push(b);
            }
        }
        &BazaarStep::Sell(s) => {
            if let Some(r) = log.rounds.last_mut() {
                r.sell = Some(s);
            }
        }
    }
}

/// The index in a bag filled by [`fill_staged_bag`] (and drawn from with
/// `swap_remove`) of a tile drawn uniformly among those that may be drawn
/// now: the last entries, of the earliest stage left. Draws one number from
/// `rng`, as a draw from the whole bag would when nothing is grouped.
///
/// # Panics
/// `bag` is empty.
pub fn draw_index(rules: &Ruleset, bag: &[KindId], rng: &mut Rng) -> usize {
    let len = bag.len();
    let stage = rules.stage(bag[len - 1]);
    if rules.stage(bag[0]) == stage {
        return rng.below(len);
    }
    let n = bag
        .iter()
        .rev()
        .take_while(|&&k| rules.stage(k) == stage)
        .count();
    len - n + rng.below(n)
}

/// The index in `bag` of the next tile drawn in `game`: [`draw_index`],
/// except that while the dragon tiles wait for a volcano
/// ([`Game::dragon_tiles_wait`]) the draw is uniform over the other tiles
/// of the stage (all of them when only dragon tiles are left there).
pub fn draw_tile_index(game: &Game<'_>, bag: &[KindId], rng: &mut Rng) -> usize {
    let rules = game.rules();
    if !game.dragon_tiles_wait() {
        return draw_index(rules, bag, rng);
    }
    // Drawn again while a dragon tile comes (uniform over the others); a
    // stage of dragon tiles alone, after a few tries, gives one of them.
    for _ in 0..REDRAWS {
        let i = draw_index(rules, bag, rng);
        if !game.shows_dragon(bag[i]) {
            return i;
        }
    }
    let len = bag.len();
    let stage = rules.stage(bag[len - 1]);
    let start = len
        - bag
            .iter()
            .rev()
            .take_while(|&&k| rules.stage(k) == stage)
            .count();
    let open = |k: KindId| !game.shows_dragon(k);
    let n = bag[start..].iter().filter(|&&k| open(k)).count();
    if n == 0 {
        return draw_index(rules, bag, rng);
    }
    let r = rng.below(n);
    bag[start..]
        .iter()
        .enumerate()
        .filter(|&(_, &k)| open(k))
        .nth(r)
        .map_or(len - 1, |(i, _)| start + i)
}

/// Draws tried before [`draw_tile_index`] counts the tiles that may come.
const REDRAWS: usize = 16;

/// Writes into a turn's log entry the goods tokens its player took (the
/// turn just played), as the log's `goods` check.
/// The player of a final-round abbey turn, for its log entry: once no tile
/// is left to draw, the players who pass make no entry, so the one who
/// plays is named (docs/game-log.md, the final round).
#[must_use]
pub fn final_abbey(game: &Game<'_>, abbey: bool) -> Option<usize> {
    (abbey && game.bag_is_empty()).then(|| game.active_player())
}

pub(crate) fn record_goods(game: &Game<'_>, entry: &mut TurnLog) {
    let taken = super::replay::goods_of_turn(game, game.turn());
    if !taken.is_empty() {
        let rules = game.rules();
        entry.goods = Some(
            taken
                .iter()
                .map(|&(g, n)| (rules.attribute_name(g).to_string(), n))
                .collect(),
        );
    }
}

/// A seeded random player with reusable scratch space.
#[derive(Debug)]
pub struct RandomPlayer {
    rng: Rng,
    bag: Vec<KindId>,
    actions: Vec<MeepleAction>,
    placements: Vec<Placement>,
    /// The last game's moves out of the city before final scoring.
    count_final: Vec<CountOutLog>,
}

impl RandomPlayer {
    /// A player whose choices follow from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Rng::new(seed),
            bag: Vec::new(),
            actions: Vec::new(),
            placements: Vec::new(),
            count_final: Vec::new(),
        }
    }

    /// Plays one whole game (final scoring included) for `players` players.
    ///
    /// # Errors
    /// The ruleset has no start tile, or the player count is out of range.
    pub fn play<'r>(
        &mut self,
        rules: &'r Ruleset,
        players: usize,
    ) -> Result<Game<'r>, super::IllegalMove> {
        self.play_with(rules, players, None, |_| {})
    }

    /// Plays one whole game and returns it with its log.
    ///
    /// # Errors
    /// As [`RandomPlayer::play`].
    pub fn play_logged<'r>(
        &mut self,
        rules: &'r Ruleset,
        names: &[String],
    ) -> Result<(Game<'r>, GameLog), super::IllegalMove> {
        let mut turns = Vec::new();
        let game = self.play_with(rules, names.len(), Some(&mut turns), |_| {})?;
        let mut log = GameLog::finished_game(rules, names, turns);
        if !self.count_final.is_empty() {
            log.count_final = Some(std::mem::take(&mut self.count_final));
        }
        Ok((game, log))
    }

    /// Plays one game, calling `after_move` after every move and once more
    /// after final scoring (for checks that must hold throughout a game).
    ///
    /// # Errors
    /// As [`RandomPlayer::play`].
    pub fn play_with<'r>(
        &mut self,
        rules: &'r Ruleset,
        players: usize,
        log: Option<&mut Vec<TurnLog>>,
        mut after_move: impl FnMut(&Game<'r>),
    ) -> Result<Game<'r>, super::IllegalMove> {
        let game = self.play_observed(rules, players, log, |game, _| after_move(game))?;
        after_move(&game);
        Ok(game)
    }

    /// Plays one whole game (final scoring included), calling `on_move` with
    /// the game and the move just applied after every move. The move tells
    /// what the state alone doesn't: which tile was discarded, the die roll of
    /// a flight and whether it landed. Statistics over many games read it
    /// (`crate::sim`); the choices, and so the game, are the same as
    /// [`RandomPlayer::play`]'s for the same seed.
    ///
    /// # Errors
    /// As [`RandomPlayer::play`].
    pub fn play_observed<'r>(
        &mut self,
        rules: &'r Ruleset,
        players: usize,
        mut log: Option<&mut Vec<TurnLog>>,
        mut on_move: impl FnMut(&Game<'r>, &Move),
    ) -> Result<Game<'r>, super::IllegalMove> {
        let mut game = Game::new(rules, players)?;
        let copies = tiles_in_box(&game);
        if copies > MAX_BAG {
            return Err(super::IllegalMove(format!(
                "the box holds {copies} tiles; a random game takes at most {MAX_BAG}"
            )));
        }
        fill_staged_bag(&game, &mut self.bag);
        loop {
            // An abbey instead of drawing: uniform over the holes and drawing.
            let abbey = self.choose_abbey(&game);
            let tile = match (abbey, game.bazaar_tile()) {
                (Some((kind, _)), _) => kind,
                (None, Some(held)) => held,
                (None, None) if self.bag.len() <= game.face_down() as usize => {
                    // The active player passes the final round of abbeys,
                    // if one is on; else play ends.
                    game.end_play()?;
                    if game.phase() == super::Phase::Tile {
                        continue;
                    }
                    break;
                }
                (None, None) => {
                    let i = draw_tile_index(&game, &self.bag, &mut self.rng);
                    self.bag.swap_remove(i)
                }
            };
            // A builder's second turn is always taken.
            let second = game.second_turn_due();
            let mut entry = log.as_ref().map(|_| TurnLog {
                tile: rules.kind_id(tile).to_string(),
                second_turn: second,
                player: final_abbey(&game, abbey.is_some()),
                ..TurnLog::default()
            });
            let ransoms = game.ransom_options();
            // Chance is drawn only when a ransom may be paid (base games unchanged).
            let pick = if ransoms.is_empty() {
                None
            } else {
                ransoms.get(self.rng.below(ransoms.len() + 1)).copied()
            };
            if let Some((holder, figure)) = pick {
                let ransom = Move::Ransom { holder, figure };
                game.apply(&ransom)?;
                on_move(&game, &ransom);
                if let Some(e) = entry.as_mut() {
                    e.ransom = Some(ransom_log(&game, holder, figure));
                }
            }
            let (at, token) = if let Some((_, at)) = abbey {
                let place = Move::Abbey(at);
                game.apply(&place)?;
                on_move(&game, &place);
                (at, None)
            } else {
                let rng = &mut self.rng;
                let chosen = game.choose_placement(tile, &mut self.placements, |count| {
                    if count == 0 {
                        0
                    } else {
                        rng.below(count)
                    }
                });
                let Some(at) = chosen else {
                    let discard = Move::Discard { tile };
                    game.apply(&discard)?;
                    on_move(&game, &discard);
                    if let (Some(log), Some(mut e)) = (log.as_deref_mut(), entry) {
                        e.discard = true;
                        log.push(e);
                    }
                    continue;
                };
                let token = self.draw_token(&game, tile);
                let place = Move::Place {
                    tile,
                    placement: at,
                    token,
                };
                game.apply(&place)?;
                on_move(&game, &place);
                (at, token)
            };
            let action = self.choose_action(&game);
            if let Some(e) = entry.as_mut() {
                e.x = Some(at.x);
                e.y = Some(at.y);
                e.rotation = Some(at.rotation);
                e.token = token.map(|t| rules.token_id(t).to_string());
                record_action(&game, action, e);
            }
            let figure = Move::Figure(action);
            game.apply(&figure)?;
            on_move(&game, &figure);
            while game.phase() == super::Phase::Figure {
                // A second figure action (the phantom's).
                let action = self.choose_action(&game);
                if let Some(e) = entry.as_mut() {
                    record_action(&game, action, e);
                }
                let figure = Move::Figure(action);
                game.apply(&figure)?;
                on_move(&game, &figure);
            }
            // The second gold bar, then the decisions due before scoring in
            // registry order (the magic move, the castles, the ferries, the
            // moves out of the city), then the scoring's flocks.
            if game.phase() == super::Phase::Gold {
                let options = game.gold_squares();
                let (x, y) = options[self.rng.below(options.len())];
                if let Some(e) = entry.as_mut() {
                    e.gold = Some([x, y]);
                }
                let gold = Move::Gold { x, y };
                game.apply(&gold)?;
                on_move(&game, &gold);
            }
            while game.phase() == super::Phase::Magic {
                let options = game.magic_choices();
                let (witch, to) = options[self.rng.below(options.len())];
                if let Some(e) = entry.as_mut() {
                    e.magic = Some(magic_log(&game, witch, to));
                }
                let magic = Move::Magic { witch, to };
                game.apply(&magic)?;
                on_move(&game, &magic);
            }
            while game.phase() == super::Phase::Castle {
                let build = self.rng.below(2) == 1;
                if let Some(e) = entry.as_mut() {
                    e.castle.get_or_insert_with(Vec::new).push(build);
                }
                let castle = Move::Castle(build);
                game.apply(&castle)?;
                on_move(&game, &castle);
            }
            while game.phase() == super::Phase::Ferry {
                let options = game.ferry_choices();
                let choice = options[self.rng.below(options.len())];
                if let (Some(e), Some(log)) = (entry.as_mut(), ferry_log(&game, choice)) {
                    e.ferry.get_or_insert_with(Vec::new).push(log);
                }
                let ferry = Move::Ferry(choice);
                game.apply(&ferry)?;
                on_move(&game, &ferry);
            }
            let moves = self.count_out(&mut game, &mut on_move)?;
            if let (Some(e), false) = (entry.as_mut(), moves.is_empty()) {
                e.count_out = Some(moves);
            }
            // The flocks fall due in the turn's scoring, after a goldmine's
            // second bar and the castles.
            while let Some(due) = game.flock_due() {
                let gather = !due.fresh && self.rng.below(2) == 0;
                let draw = if gather {
                    None
                } else {
                    draw_sheep(&due, &mut self.rng)
                };
                if let Some(e) = entry.as_mut() {
                    e.flock
                        .get_or_insert_with(Vec::new)
                        .push(flock_log(&game, draw));
                }
                let flock = Move::Flock { draw };
                game.apply(&flock)?;
                on_move(&game, &flock);
            }
            // The wagons the scoring sent home (part of the scoring, before
            // the crop circle and the dragon): uniform over their features
            // and staying home.
            while let Some((due, options)) = game.wagon_due() {
                let to = options.get(self.rng.below(options.len() + 1)).copied();
                if let Some(e) = entry.as_mut() {
                    e.wagon
                        .get_or_insert_with(Vec::new)
                        .push(wagon_log(&game, due.figure, to));
                }
                let wagon = Move::Wagon(to);
                game.apply(&wagon)?;
                on_move(&game, &wagon);
            }
            if game.phase() == super::Phase::Crop {
                let crop = self.choose_crop(&game);
                if let Some(e) = entry.as_mut() {
                    e.crop = Some(crop_log(&game, &crop));
                }
                let crop = Move::Crop(crop);
                game.apply(&crop)?;
                on_move(&game, &crop);
            }
            if game.phase() == super::Phase::Dragon {
                let mut steps = Vec::new();
                loop {
                    let options = game.dragon_steps(&steps);
                    if options.is_empty() {
                        break;
                    }
                    steps.push(options[self.rng.below(options.len())]);
                }
                if let Some(e) = entry.as_mut() {
                    e.dragon = Some(dragon_log(&steps));
                }
                let dragon = Move::Dragon(steps);
                game.apply(&dragon)?;
                on_move(&game, &dragon);
            }
            if game.phase() == super::Phase::Escape {
                let options = game.escape_options();
                let pick = options.get(self.rng.below(options.len() + 1)).copied();
                if let (Some(e), Some(p)) = (entry.as_mut(), pick) {
                    e.escape = Some(escape_log(&game, p));
                }
                let escape = Move::Escape(pick);
                game.apply(&escape)?;
                on_move(&game, &escape);
            }
            while let Some(ask) = game.bazaar_ask() {
                let step = match ask {
                    BazaarAsk::Tiles(n) => {
                        BazaarStep::Tiles(draw_bazaar(&game, &mut self.bag, n, &mut self.rng))
                    }
                    ask => random_bazaar_step(&ask, &mut self.rng),
                };
                if let Some(e) = entry.as_mut() {
                    record_bazaar(&game, &step, e);
                }
                let bazaar = Move::Bazaar(step);
                game.apply(&bazaar)?;
                on_move(&game, &bazaar);
            }
            if game.phase() == super::Phase::CountIn {
                let at = game.count_city().map_or(0, |(at, _)| at);
                let pick = random_count_in(&game.count_in_figures(), at, &mut self.rng);
                if let (Some(e), Some(c)) = (entry.as_mut(), pick) {
                    e.count = Some(count_log(&game, c));
                }
                let count = Move::CountIn(pick);
                game.apply(&count)?;
                on_move(&game, &count);
            }
            if let Some(e) = entry.as_mut() {
                record_goods(&game, e);
            }
            if let (Some(log), Some(e)) = (log.as_deref_mut(), entry) {
                log.push(e);
            }
        }
        self.count_final = self.count_out(&mut game, &mut on_move)?;
        if game.phase() != super::Phase::Over {
            game.final_scores()?;
        }
        Ok(game)
    }

    /// The moves out of the city of Carcassonne while they are due: uniform
    /// over the moves open and moving no more. Returns their log entries.
    fn count_out<'r>(
        &mut self,
        game: &mut Game<'r>,
        on_move: &mut impl FnMut(&Game<'r>, &Move),
    ) -> Result<Vec<CountOutLog>, super::IllegalMove> {
        let mut out = Vec::new();
        while let Some((player, options)) = game.count_out_due() {
            let pick = options.get(self.rng.below(options.len() + 1)).copied();
            if let Some(m) = pick {
                out.push(count_out_log(game, player, m));
            }
            let mv = Move::CountOut(pick);
            game.apply(&mv)?;
            on_move(game, &mv);
        }
        Ok(out)
    }

    /// An abbey the active player plays instead of drawing, with its hole:
    /// uniform over the holes and drawing (no draw from the generator when
    /// there is no hole, no abbey held, or a bazaar tile is due).
    fn choose_abbey(&mut self, game: &Game<'_>) -> Option<(KindId, Placement)> {
        let kind = game.abbey_tile()?;
        if game.bazaar_tile().is_some() {
            return None;
        }
        let holes = game.abbey_placements();
        if holes.is_empty() {
            return None;
        }
        holes
            .get(self.rng.below(holes.len() + 1))
            .map(|&at| (kind, at))
    }

    fn draw_token(&mut self, game: &Game<'_>, tile: KindId) -> Option<TokenId> {
        let pool = game.rules().tokens_for(tile);
        let total: u64 = pool.iter().map(|&t| u64::from(game.tokens_left(t))).sum();
        let mut k = self.rng.below(usize::try_from(total).unwrap_or(usize::MAX)) as u64;
        for t in pool {
            let left = u64::from(game.tokens_left(t));
            if k < left {
                return Some(t);
            }
            k -= left;
        }
        None
    }

    fn choose_action(&mut self, game: &Game<'_>) -> MeepleAction {
        self.actions.clear();
        game.meeple_actions_into(&mut self.actions, Flights::Decisions);
        let pick = self.actions[self.rng.below(self.actions.len())];
        let MeepleAction::Fly { figure, .. } = pick else {
            return pick;
        };
        let die = game.rules().die(game.current_tile().0);
        let roll = die[self.rng.below(die.len())];
        let landings = game
            .flight_landings(figure, roll)
            .map(|(_, l)| l)
            .unwrap_or_default();
        let landing = (!landings.is_empty()).then(|| landings[self.rng.below(landings.len())]);
        MeepleAction::Fly {
            figure,
            roll,
            landing,
        }
    }

    fn choose_crop(&mut self, game: &Game<'_>) -> CropMove {
        let action = if self.rng.below(2) == 0 {
            CropAction::Add
        } else {
            CropAction::Remove
        };
        let responses = game
            .crop_order()
            .into_iter()
            .map(|player| {
                let options = game.crop_options(player, action);
                let choices =
                    options.len() + usize::from(action == CropAction::Add || options.is_empty());
                options.get(self.rng.below(choices)).copied()
            })
            .collect();
        CropMove { action, responses }
    }
}

/// Plays one random game: a convenience for [`RandomPlayer::play`].
///
/// # Errors
/// As [`RandomPlayer::play`].
pub fn play<'r>(
    rules: &'r Ruleset,
    players: usize,
    seed: u64,
) -> Result<Game<'r>, super::IllegalMove> {
    RandomPlayer::new(seed).play(rules, players)
}

/// Names for `players` players: the colours, then `player9`, ...
#[must_use]
pub fn player_names(players: usize) -> Vec<String> {
    (0..players)
        .map(|i| {
            COLOURS
                .get(i)
                .map_or_else(|| format!("player{}", i + 1), |c| (*c).to_string())
        })
        .collect()
}

/// Writes a figure action into a turn's log entry (the tile, position and
/// rotation already set); `game` is the game the action was chosen in.
pub fn record_action(game: &Game<'_>, action: MeepleAction, e: &mut TurnLog) {
    if game.phantom_due() {
        // A declined phantom is no entry: the log says only what was done.
        if action == MeepleAction::Pass {
            return;
        }
        let mut second = TurnLog {
            tile: e.tile.clone(),
            rotation: e.rotation,
            ..TurnLog::default()
        };
        record_first_action(game, action, &mut second);
        e.phantom = Some(SecondActionLog {
            meeple: second.meeple,
            acrobat: second.acrobat,
            flight: second.flight,
            portal: second.portal,
        });
        return;
    }
    record_first_action(game, action, e);
}

/// Writes the turn's first figure action into its log entry.
fn record_first_action(game: &Game<'_>, action: MeepleAction, e: &mut TurnLog) {
    let rules = game.rules();
    let (kind, rotation) = (rules.kind(&e.tile), e.rotation.unwrap_or(0));
    match action {
        MeepleAction::Pass => {}
        MeepleAction::Place { figure, feature } => {
            if let Some(kind) = kind {
                e.meeple = Some(MeepleLog {
                    figure: rules.figure_id(figure).to_string(),
                    feature: rules.feature_name(kind, rotation, feature),
                });
            }
        }
        MeepleAction::Acrobat { figure, x, y } => {
            e.acrobat = Some(AcrobatLog {
                x,
                y,
                figure: Some(rules.figure_id(figure).to_string()),
            });
        }
        MeepleAction::ScorePyramid { x, y } => e.score_pyramid = Some(PosLog { x, y }),
        MeepleAction::Recall { figure, x, y } => {
            e.recall = Some(RecallLog {
                x,
                y,
                figure: Some(rules.figure_id(figure).to_string()),
            });
        }
        MeepleAction::TowerFloor { x, y, capture } => {
            let capture = capture.and_then(|c| {
                let (kind, r) = game.tile_at(c.x, c.y)?;
                Some(CaptureLog {
                    x: c.x,
                    y: c.y,
                    feature: rules.feature_name(kind, r, c.feature).to_string(),
                    player: usize::from(c.player),
                    figure: Some(rules.figure_id(c.figure).to_string()),
                })
            });
            e.tower = Some(TowerLog { x, y, capture });
        }
        MeepleAction::Tunnel {
            x,
            y,
            feature,
            pair,
        } => {
            if let Some((kind, r)) = game.tile_at(x, y) {
                e.tunnel = Some(TunnelLog {
                    x,
                    y,
                    feature: rules.feature_name(kind, r, feature),
                    pair: Some(u32::from(pair) + 1),
                });
            }
        }
        MeepleAction::Bridge { x, y, axis } => {
            e.bridge = Some(BridgeLog {
                x,
                y,
                axis: crate::engine::core::ruleset::way_name(crate::geometry::Side::from_index(
                    usize::from(axis % 2),
                )),
            });
        }
        MeepleAction::Barn { figure, corner } => {
            e.barn = Some(BarnLog {
                corner: crate::engine::rules::barn::CORNERS[usize::from(corner % 4)].to_string(),
                figure: Some(rules.figure_id(figure).to_string()),
            });
        }
        MeepleAction::Fairy(b) => {
            e.fairy = game.tile_at(b.x, b.y).map(|(kind, r)| FeatureLog {
                x: b.x,
                y: b.y,
                feature: rules.feature_name(kind, r, b.feature),
                figure: Some(rules.figure_id(b.figure).to_string()),
            });
        }
        MeepleAction::Portal {
            figure,
            x,
            y,
            landing,
        } => {
            e.portal = game.tile_at(x, y).and_then(|(kind, r)| {
                let f = match landing {
                    Landing::Acrobats => rules.pyramid_of(kind)?,
                    Landing::Feature(f) => f,
                };
                Some(FeatureLog {
                    x,
                    y,
                    feature: rules.feature_name(kind, r, f),
                    figure: Some(rules.figure_id(figure).to_string()),
                })
            });
        }
        MeepleAction::Vodyanoy(figure) => {
            e.vodyanoy = Some(rules.figure_id(figure).to_string());
        }
        MeepleAction::Festival(b) => {
            e.festival = game.tile_at(b.x, b.y).map(|(kind, r)| FeatureLog {
                x: b.x,
                y: b.y,
                feature: rules.feature_name(kind, r, b.feature),
                figure: Some(rules.figure_id(b.figure).to_string()),
            });
        }
        MeepleAction::Princess(c) => {
            e.princess = game.tile_at(c.x, c.y).map(|(kind, r)| CaptureLog {
                x: c.x,
                y: c.y,
                feature: rules.feature_name(kind, r, c.feature),
                player: usize::from(c.player),
                figure: Some(rules.figure_id(c.figure).to_string()),
            });
        }
        MeepleAction::AsAbbot { figure, feature } => {
            if let Some(kind) = kind {
                e.as_abbot = Some(MeepleLog {
                    figure: rules.figure_id(figure).to_string(),
                    feature: rules.feature_name(kind, rotation, feature),
                });
            }
        }
        MeepleAction::TowerFollower { figure, x, y } => {
            e.tower_follower = Some(RecallLog {
                x,
                y,
                figure: Some(rules.figure_id(figure).to_string()),
            });
        }
        MeepleAction::Fly {
            figure,
            roll,
            landing,
        } => {
            let feature = landing.and_then(|l| {
                let ((x, y), _) = game.flight_landings(figure, roll)?;
                let (target, r) = game.tile_at(x, y)?;
                let f = match l {
                    Landing::Acrobats => rules.pyramid_of(target)?,
                    Landing::Feature(f) => f,
                };
                Some(rules.feature_name(target, r, f))
            });
            e.flight = Some(FlightLog {
                figure: Some(rules.figure_id(figure).to_string()),
                roll,
                feature,
            });
        }
    }
}

/// The log entry of a follower's escape from a besieged city.
#[must_use]
pub fn escape_log(game: &Game<'_>, e: super::Escape) -> CropResponseLog {
    let rules = game.rules();
    let feature = game
        .tile_at(e.x, e.y)
        .map(|(kind, r)| rules.feature_name(kind, r, e.feature))
        .unwrap_or_default();
    CropResponseLog {
        x: e.x,
        y: e.y,
        feature,
        figure: Some(rules.figure_id(e.figure).to_string()),
    }
}

/// The log entry of the mage's or the witch's move chosen in `game`.
#[must_use]
pub fn magic_log(game: &Game<'_>, witch: bool, to: Option<(i32, i32, u8)>) -> MagicLog {
    let figure = super::rules::mage_and_witch::FIGURES[usize::from(witch)].to_string();
    let Some((x, y, f)) = to else {
        return MagicLog {
            figure,
            x: None,
            y: None,
            feature: None,
        };
    };
    let feature = game
        .tile_at(x, y)
        .map(|(kind, r)| game.rules().feature_name(kind, r, f));
    MagicLog {
        figure,
        x: Some(x),
        y: Some(y),
        feature,
    }
}

/// The log entry of a wagon's move chosen in `game`: the feature, or
/// `None` (home).
#[must_use]
pub fn wagon_log(
    game: &Game<'_>,
    figure: FigureId,
    to: Option<(i32, i32, u8)>,
) -> Option<FeatureLog> {
    let (x, y, f) = to?;
    let (kind, r) = game.tile_at(x, y)?;
    Some(FeatureLog {
        x,
        y,
        feature: game.rules().feature_name(kind, r, f),
        figure: Some(game.rules().figure_id(figure).to_string()),
    })
}

/// The log entry of the dragon's steps.
#[must_use]
pub fn dragon_log(steps: &[(i32, i32)]) -> Vec<[i32; 2]> {
    steps.iter().map(|&(x, y)| [x, y]).collect()
}

/// The log entry of a ransom paid in `game`.
#[must_use]
pub fn ransom_log(game: &Game<'_>, holder: u8, figure: super::FigureId) -> RansomLog {
    RansomLog {
        holder: usize::from(holder),
        figure: Some(game.rules().figure_id(figure).to_string()),
    }
}

/// The log entry of a crop-circle move chosen in `game`.
#[must_use]
pub fn crop_log(game: &Game<'_>, crop: &CropMove) -> CropLog {
    let rules = game.rules();
    CropLog {
        action: match crop.action {
            CropAction::Add => CropActionLog::Add,
            CropAction::Remove => CropActionLog::Remove,
        },
        responses: crop
            .responses
            .iter()
            .map(|r| {
                let r = r.as_ref()?;
                let (kind, rotation) = game.tile_at(r.x, r.y)?;
                Some(CropResponseLog {
                    x: r.x,
                    y: r.y,
                    feature: rules.feature_name(kind, rotation, r.feature),
                    figure: Some(rules.figure_id(r.figure).to_string()),
                })
            })
            .collect(),
    }
}

/// A flock decision's log entry: the token drawn, or `gather`.
#[must_use]
pub fn flock_log(game: &Game<'_>, draw: Option<TokenId>) -> FlockLog {
    FlockLog {
        draw: draw.map(|t| game.rules().token_id(t).to_string()),
        gather: draw.is_none(),
    }
}

/// A token drawn uniformly from the shepherd's bag (each copy left equally
/// likely); `None` when the bag is empty.
pub fn draw_sheep(due: &super::FlockDue, rng: &mut Rng) -> Option<TokenId> {
    let total: usize = due.bag.iter().map(|&(_, _, n)| n as usize).sum();
    if total == 0 {
        return None;
    }
    let mut k = rng.below(total);
    for &(t, _, n) in &due.bag {
        if k < n as usize {
            return Some(t);
        }
        k -= n as usize;
    }
    None
}

/// The log entry of a ferry placed or moved (none for no more moves).
#[must_use]
pub fn ferry_log(game: &Game<'_>, choice: Option<(i32, i32, u8, u8)>) -> Option<FerryLog> {
    let (x, y, a, b) = choice?;
    let (kind, r) = game.tile_at(x, y)?;
    let name = |f| game.rules().feature_name(kind, r, f);
    Some(FerryLog {
        x,
        y,
        ends: [name(a), name(b)],
    })
}

/// A random decision to put a follower into the city of Carcassonne:
/// uniform over not entering and each follower kind × quarter × the
/// Count's move (staying, or one of the three quarters he is not in; `at`
/// is his quarter).
pub fn random_count_in(figures: &[FigureId], at: u8, rng: &mut Rng) -> Option<CountIn> {
    let n = figures.len() * 16;
    let k = rng.below(n + 1);
    if k == n {
        return None;
    }
    let to = k % 4;
    let count_to = (to > 0)
        .then(|| (0..4u8).filter(|&q| q != at).nth(to - 1))
        .flatten();
    Some(CountIn {
        figure: figures[k / 16],
        quarter: u8::try_from(k % 16 / 4).unwrap_or(0),
        count_to,
    })
}

/// The log entry of a follower put into the city of Carcassonne.
#[must_use]
pub fn count_log(game: &Game<'_>, c: CountIn) -> CountLog {
    let name = |q: u8| super::QUARTERS[usize::from(q) % 4].to_string();
    CountLog {
        quarter: name(c.quarter),
        follower: Some(game.rules().figure_id(c.figure).to_string()),
        move_count_to: c.count_to.map(name),
    }
}

/// The log entry of a follower moved out of the city of Carcassonne.
#[must_use]
pub fn count_out_log(game: &Game<'_>, player: usize, m: CountOut) -> CountOutLog {
    let feature = game
        .tile_at(m.x, m.y)
        .map(|(kind, r)| game.rules().feature_name(kind, r, m.feature))
        .unwrap_or_default();
    CountOutLog {
        player,
        quarter: super::QUARTERS[usize::from(m.quarter) % 4].to_string(),
        x: m.x,
        y: m.y,
        feature,
        figure: Some(game.rules().figure_id(m.figure).to_string()),
    }
}
