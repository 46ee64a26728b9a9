//! Replaying a game log: names in the log become engine ids, each turn becomes
//! the moves of the protocol, and the first illegal move stops the replay with
//! an error naming the turn, the move and the reason.

use super::log::FeatureLog;
use super::log::FerryLog;
use super::log::MagicLog;
use super::log::{BazaarLog, CropActionLog, CropResponseLog, FlockLog, GameLog, TurnLog};
use super::{
    BazaarAsk, BazaarStep, Beside, Capture, CropAction, CropMove, CropResponse, Escape, FigureId,
    Game, KindId, Landing, MeepleAction, Move, Phase, Placement, Ruleset,
};
use std::fmt;

/// Why a replay stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The 1-based turn (entry of `turns`); `None` for the setup.
    pub turn: Option<usize>,
    /// The move, in words (`base/E at (0, -1) rotation 2, meeple on S`).
    pub doing: String,
    /// Why it is illegal.
    pub why: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.turn {
            Some(t) => write!(f, "turn {t} ({}): {}", self.doing, self.why),
            None => write!(f, "setup ({}): {}", self.doing, self.why),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Replays a log with a ruleset prepared for its expansions
/// (`Ruleset::new(set, log.expansions.as_deref())`); applies final scoring when
/// the log says the game is finished.
///
/// # Errors
/// The first move the rules don't allow, or a name the ruleset doesn't know.
pub fn replay<'r>(rules: &'r Ruleset, log: &GameLog) -> Result<Game<'r>, ReplayError> {
    replay_observed(rules, log, &mut |_, _, _| {})
}

/// Where a replay stands when [`replay_observed`] shows the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The entry's tile was placed; its figure action comes next.
    Placed,
    /// The entry's figure action was made (a pass included); the phantom's
    /// second action comes next when one is due.
    Acted,
    /// The entry's escape from a besieged city is due (shown before it is
    /// made or declined).
    Escape,
    /// A wagon's move is due (shown before each: [`Game::wagon_due`] names
    /// whose wagon it is).
    Wagon,
    /// A small city is offered a castle (shown before each decision, the
    /// entry's `castle` answers in order).
    Castle,
    /// A ferry decision is due (shown before each: the entry's `ferry` items
    /// answer in order; one shown after the last item is answered "no more
    /// moves").
    Ferry,
    /// A flock decision is due (shown before each: the entry's `flock`
    /// items answer in order).
    Flock,
    /// The entry was applied in full.
    Done,
}

/// [`replay`], showing the game to `observe` after each entry's tile is
/// placed and after the entry is done (with the entry's 0-based index), so
/// that a translator can read what the rules offered and what changed.
///
/// # Errors
/// As [`replay`].
pub fn replay_observed<'r>(
    rules: &'r Ruleset,
    log: &GameLog,
    observe: &mut dyn FnMut(usize, Step, &Game<'r>),
) -> Result<Game<'r>, ReplayError> {
    let setup = |why: String| ReplayError {
        turn: None,
        doing: "players and start tile".into(),
        why,
    };
    if log.players.is_empty() {
        return Err(setup("the log names no player".into()));
    }
    let mut game = match &log.start {
        None => Game::new(rules, log.players.len()),
        Some(s) => {
            let kind = tile_kind(rules, &s.tile).map_err(setup)?;
            let at = Placement {
                x: s.x,
                y: s.y,
                rotation: s.rotation,
            };
            Game::with_start(rules, log.players.len(), kind, at)
        }
    }
    .map_err(|e| setup(e.0))?;
    for (i, turn) in log.turns.iter().enumerate() {
        let fail = |why: String| ReplayError {
            turn: Some(i + 1),
            doing: describe(turn),
            why,
        };
        play_turn(&mut game, turn, &log.players, &mut |step, g: &Game<'r>| {
            observe(i, step, g);
        })
        .map_err(fail)?;
        observe(i, Step::Done, &game);
    }
    // `count_final` is read only when the game is finished.
    if log.finished {
        finish(&mut game, log)?;
    }
    Ok(game)
}

/// Ends play and scores finally, with the log's moves before final
/// scoring (`count_final`: followers out of the city of Carcassonne).
///
/// # Errors
/// A move the rules don't allow, or a name the ruleset doesn't know.
pub fn finish(game: &mut Game<'_>, log: &GameLog) -> Result<(), ReplayError> {
    let fail = |why: String| ReplayError {
        turn: None,
        doing: "the moves before final scoring".into(),
        why,
    };
    // The players the log names for no final-round abbey pass.
    game.end_play().map_err(|e| fail(e.0))?;
    while game.phase() == Phase::Tile {
        game.end_play().map_err(|e| fail(e.0))?;
    }
    count_out(game, log.count_final.as_deref()).map_err(&fail)?;
    if game.phase() != Phase::Over {
        game.final_scores().map_err(|e| fail(e.0))?;
    }
    Ok(())
}

/// Once no tile is left to draw, an abbey turn that names a player other
/// than the one to move: each player before it in the final round passes.
fn final_round_passes(game: &mut Game<'_>, player: usize, names: &[String]) -> Result<(), String> {
    if !game.bag_is_empty() || player >= names.len() {
        return Ok(());
    }
    while game.active_player() != player && game.phase() == Phase::Tile {
        game.end_play().map_err(|e| e.0)?;
    }
    if game.phase() != Phase::Tile {
        return Err(format!(
            "player {player}'s chance in the final round of abbeys has gone by: the round goes once round the table, from the player after the one who drew the last tile up to that player"
        ));
    }
    Ok(())
}

/// The quarter of the city of Carcassonne a log names.
fn quarter(name: &str) -> Result<u8, String> {
    super::QUARTERS
        .iter()
        .position(|q| *q == name)
        .and_then(|i| u8::try_from(i).ok())
        .ok_or_else(|| {
            format!(
                "no quarter `{name}` in the city of Carcassonne: {}",
                super::QUARTERS.join(", ")
            )
        })
}

/// The moves out of the city while they are due: each logged move when its
/// player decides, passes for the others; a move left over is refused.
fn count_out(game: &mut Game<'_>, log: Option<&[super::log::CountOutLog]>) -> Result<(), String> {
    let mut moves = log.unwrap_or(&[]).iter().peekable();
    while let Some((player, _)) = game.count_out_due() {
        let mv = match moves.peek() {
            Some(m) if m.player == player => {
                let m = moves.next().ok_or("no move")?;
                let quarter = quarter(&m.quarter)?;
                let figure = figure(game.rules(), m.figure.as_deref())?;
                let feature = board_feature(game, m.x, m.y, &m.feature, "for the follower")?;
                Some(super::CountOut {
                    quarter,
                    figure,
                    x: m.x,
                    y: m.y,
                    feature,
                })
            }
            _ => None,
        };
        game.apply(&Move::CountOut(mv))
            .map_err(|e| format!("`count_out`: player {player}: {}", e.0))?;
    }
    if let Some(m) = moves.next() {
        return Err(format!(
            "`count_out`: player {}'s move from the {} is not due: no follower of theirs may leave that quarter for a feature scored now, or their turn to move has passed (players move from the one after the active player round to the active one; before final scoring, from the one whose turn comes next)",
            m.player, m.quarter
        ));
    }
    Ok(())
}

/// The follower put into the city after the turn's scoring, when one may be
/// (none in the log: none is); a `count` entry when none may be is refused.
fn count_in(game: &mut Game<'_>, log: Option<&super::log::CountLog>) -> Result<(), String> {
    let due = game.phase() == Phase::CountIn;
    let Some(c) = log else {
        if due {
            game.apply(&Move::CountIn(None)).map_err(|e| e.0)?;
        }
        return Ok(());
    };
    if !due {
        return Err("`count`: a follower enters the city of Carcassonne only when the player's tile scored points for an opponent and none for the player (with a follower in supply)".into());
    }
    let quarter = quarter(&c.quarter)?;
    let count_to = c.move_count_to.as_deref().map(self::quarter).transpose()?;
    let figure = figure(game.rules(), c.follower.as_deref())?;
    game.apply(&Move::CountIn(Some(super::CountIn {
        quarter,
        figure,
        count_to,
    })))
    .map_err(|e| format!("`count`: {}", e.0))
}

/// Applies one entry of a log to a game in progress (what [`replay`] does for
/// each entry), for programs that build a log as they read another format.
///
/// # Errors
/// The first move of the entry the rules don't allow, or an unknown name.
pub fn play_entry(game: &mut Game<'_>, turn: &TurnLog, names: &[String]) -> Result<(), String> {
    play_turn(game, turn, names, &mut |_, _| {})
}

/// [`play_entry`], showing the game to `observe` at each [`Step`] within
/// the entry (its tile placed, an escape due, each castle offer).
///
/// # Errors
/// As [`play_entry`].
pub fn play_entry_observed<'r>(
    game: &mut Game<'r>,
    turn: &TurnLog,
    names: &[String],
    observe: &mut dyn FnMut(Step, &Game<'r>),
) -> Result<(), String> {
    play_turn(game, turn, names, observe)
}

fn tile_kind(rules: &Ruleset, id: &str) -> Result<KindId, String> {
    rules.kind(id).ok_or_else(|| {
        format!(
            "unknown tile `{id}` (not in the expansions in play: {})",
            rules.expansions().join(", ")
        )
    })
}

fn figure(rules: &Ruleset, id: Option<&str>) -> Result<FigureId, String> {
    let id = id.unwrap_or("meeple");
    rules
        .figure(id)
        .ok_or_else(|| format!("unknown figure `{id}`"))
}

fn play_turn<'r>(
    game: &mut Game<'r>,
    turn: &TurnLog,
    names: &[String],
    placed: &mut dyn FnMut(Step, &Game<'r>),
) -> Result<(), String> {
    let rules = game.rules();
    let kind = tile_kind(rules, &turn.tile)?;
    second_turn(game, turn.second_turn)?;
    if let Some(r) = &turn.ransom {
        let figure = figure(rules, r.figure.as_deref())?;
        let holder = u8::try_from(r.holder)
            .map_err(|_| format!("no player {} holds prisoners", r.holder))?;
        game.apply(&Move::Ransom { holder, figure })
            .map_err(|e| e.0)?;
    }
    if let Some(p) = turn.player {
        if game.abbey_tile() == Some(kind) {
            final_round_passes(game, p, names)?;
        }
        let active = game.active_player();
        if p != active {
            let name = |i: usize| names.get(i).map_or("?", String::as_str);
            return Err(format!(
                "the log says player {p} ({}) but it is player {active}'s ({}) turn",
                name(p),
                name(active)
            ));
        }
    }
    let actions = [
        turn.meeple.is_some(),
        turn.acrobat.is_some(),
        turn.flight.is_some(),
        turn.score_pyramid.is_some(),
        turn.recall.is_some(),
        turn.tower.is_some(),
        turn.tower_follower.is_some(),
        turn.barn.is_some(),
        turn.fairy.is_some(),
        turn.portal.is_some(),
        turn.princess.is_some(),
        turn.festival.is_some(),
        turn.as_abbot.is_some(),
        turn.vodyanoy.is_some(),
    ];
    if actions.iter().filter(|&&a| a).count() > 1 {
        return Err(
            "a turn takes at most one of meeple, acrobat, flight, score_pyramid, recall, tower, tower_follower, barn, fairy, portal, princess, festival, as_abbot, vodyanoy".into(),
        );
    }
    if turn.discard {
        let extra = actions.contains(&true)
            || turn.goods.is_some()
            || turn.x.is_some()
            || turn.y.is_some()
            || turn.rotation.is_some()
            || turn.token.is_some()
            || turn.crop.is_some()
            || turn.flock.is_some()
            || turn.castle.is_some()
            || turn.bazaar.is_some()
            || turn.magic.is_some()
            || turn.wagon.is_some()
            || turn.count.is_some()
            || turn.count_out.is_some();
        if extra {
            return Err(
                "a discarded tile has no position, figure, token, goods or crop action".into(),
            );
        }
        return game.apply(&Move::Discard { tile: kind }).map_err(|e| e.0);
    }
    let (Some(x), Some(y)) = (turn.x, turn.y) else {
        return Err("a placed tile needs `x` and `y` (or `discard: true`)".into());
    };
    let rotation = turn.rotation.unwrap_or(0);
    let token = match &turn.token {
        None => None,
        Some(t) => Some(
            rules
                .token(t)
                .ok_or_else(|| format!("unknown animal token `{t}`"))?,
        ),
    };
    let placement = Placement { x, y, rotation };
    if game.abbey_tile() == Some(kind) {
        // A held abbey, played instead of drawing.
        if token.is_some() {
            return Err("an abbey takes no animal token".into());
        }
        game.apply(&Move::Abbey(placement)).map_err(|e| e.0)?;
    } else {
        game.apply(&Move::Place {
            tile: kind,
            placement,
            token,
        })
        .map_err(|e| e.0)?;
    }
    placed(Step::Placed, game);
    // The bridge first: a tile placed by a bridge needs it before any
    // other figure action.
    if let Some(b) = &turn.bridge {
        let axis = match crate::engine::core::ruleset::parse_way(&b.axis) {
            Some(side) => u8::try_from(side.index() % 2).unwrap_or(0),
            None => {
                return Err(format!(
                    "the bridge: `{}` is no axis (`N-S` or `E-W`)",
                    b.axis
                ))
            }
        };
        let bridge = MeepleAction::Bridge {
            x: b.x,
            y: b.y,
            axis,
        };
        game.apply(&Move::Figure(bridge))
            .map_err(|e| format!("the bridge: {e}"))?;
    }
    if let Some(t) = &turn.tunnel {
        let Some((target, r)) = game.tile_at(t.x, t.y) else {
            return Err(format!(
                "no tile at ({}, {}) for the tunnel token",
                t.x, t.y
            ));
        };
        let pair = t.pair.unwrap_or(1);
        let pair = pair
            .checked_sub(1)
            .and_then(|p| u8::try_from(p).ok())
            .ok_or_else(|| format!("no tunnel pair {pair}: pairs count from 1"))?;
        let tunnel = MeepleAction::Tunnel {
            x: t.x,
            y: t.y,
            feature: feature_on(rules, target, r, &t.feature)?,
            pair,
        };
        game.apply(&Move::Figure(tunnel))
            .map_err(|e| format!("the tunnel token: {e}"))?;
    }
    let action = meeple_action(game, kind, rotation, turn)?;
    let number = game.turn();
    game.apply(&Move::Figure(action)).map_err(|e| e.0)?;
    placed(Step::Acted, game);
    second_action(game, kind, turn)?;
    match (turn.gold, game.phase()) {
        (None, Phase::Gold) => {
            return Err(
                "the tile has a goldmine: the log must give `gold`, the square for the second bar"
                    .into(),
            )
        }
        (Some(_), phase) if phase != Phase::Gold => {
            return Err(
                "`gold` is only for a goldmine tile with more than one tile around it".into(),
            )
        }
        (Some([x, y]), _) => game.apply(&Move::Gold { x, y }).map_err(|e| e.0)?,
        (None, _) => {}
    }
    // The decisions due before scoring, in registry order: the mage's or
    // the witch's move, the castles, the ferries, the moves out of the city.
    magic(game, turn.magic.as_ref())?;
    castles(game, turn.castle.as_deref(), placed)?;
    ferry(game, turn.ferry.as_deref(), placed)?;
    count_out(game, turn.count_out.as_deref())?;
    // The flocks fall due in the turn's scoring: after a goldmine's second
    // bar and the castles offered before it.
    flock(game, turn.flock.as_deref(), placed)?;
    // A wagon's move is part of the turn's scoring: before the crop
    // circle, the dragon, an escape and the bazaar.
    wagons(game, turn.wagon.as_deref(), placed)?;
    match (&turn.crop, game.phase()) {
        (None, Phase::Crop) => {
            return Err("the tile has a crop circle: the log must give `crop`".into())
        }
        (Some(_), phase) if phase != Phase::Crop => {
            return Err("`crop` is only for a tile with a crop circle".into())
        }
        (Some(crop), _) => {
            let crop = crop_move(game, crop)?;
            game.apply(&Move::Crop(crop)).map_err(|e| e.0)?;
        }
        (None, _) => {}
    }
    match (&turn.dragon, game.phase()) {
        (None, Phase::Dragon) => {
            return Err("the tile shows the dragon: the log must give `dragon`, its steps".into())
        }
        (Some(_), phase) if phase != Phase::Dragon => {
            return Err(
                "`dragon` is only for a tile showing the dragon once a volcano placed it".into(),
            )
        }
        (Some(steps), _) => {
            let steps = steps.iter().map(|&[x, y]| (x, y)).collect();
            game.apply(&Move::Dragon(steps)).map_err(|e| e.0)?;
        }
        (None, _) => {}
    }
    if game.phase() == Phase::Escape {
        placed(Step::Escape, game);
    }
    escape(game, turn.escape.as_ref())?;
    bazaar(game, turn.bazaar.as_ref())?;
    count_in(game, turn.count.as_ref())?;
    check_goods(game, number, turn.goods.as_ref())
}

/// The bazaar's auction after a bazaar tile, round by round.
fn bazaar(game: &mut Game<'_>, log: Option<&BazaarLog>) -> Result<(), String> {
    let due = game.phase() == Phase::Bazaar;
    let log = match (log, due) {
        (None, false) => return Ok(()),
        (None, true) => {
            return Err("the tile has a bazaar: the log must give `bazaar`, its tiles and rounds".into())
        }
        (Some(_), false) => return Err(
            "`bazaar` is only for a bazaar tile placed while no bazaar's tiles are still held (and the bag holds a tile per player)".into(),
        ),
        (Some(log), true) => log,
    };
    let rules = game.rules();
    let tiles = log
        .tiles
        .iter()
        .map(|t| tile_kind(rules, t))
        .collect::<Result<Vec<_>, _>>()?;
    let step = |game: &mut Game<'_>, s: BazaarStep| {
        game.apply(&Move::Bazaar(s))
            .map_err(|e| format!("the bazaar: {}", e.0))
    };
    step(game, BazaarStep::Tiles(tiles))?;
    for (n, round) in log.rounds.iter().enumerate() {
        if game.phase() != Phase::Bazaar {
            return Err(format!(
                "`bazaar` gives {} but every tile had its owner after {n}",
                crate::words::count(log.rounds.len(), "round")
            ));
        }
        step(
            game,
            BazaarStep::Select {
                tile: round.tile,
                bid: round.bid,
            },
        )?;
        for &raise in &round.raises {
            step(game, BazaarStep::Bid(raise))?;
        }
        match (game.bazaar_ask(), round.sell) {
            (Some(BazaarAsk::Sell { .. }), Some(sell)) => step(game, BazaarStep::Sell(sell))?,
            (Some(BazaarAsk::Sell { .. }), None) => {
                return Err(format!(
                    "bazaar round {}: the chooser was outbid and must buy or sell (`sell`)",
                    n + 1
                ))
            }
            (Some(BazaarAsk::Bid { player, .. }), _) => {
                return Err(format!(
                    "bazaar round {}: player {player} has not bid or passed (`raises` is short)",
                    n + 1
                ))
            }
            (_, Some(_)) => {
                return Err(format!(
                    "bazaar round {}: `sell` is only for a chooser who was outbid",
                    n + 1
                ))
            }
            _ => {}
        }
    }
    if game.phase() == Phase::Bazaar {
        return Err(format!(
            "`bazaar` gives {} round{}: tiles are left without an owner",
            log.rounds.len(),
            if log.rounds.len() == 1 { "" } else { "s" }
        ));
    }
    Ok(())
}

/// The escape from a besieged city when one may be made (none in the log
/// stays); an `escape` entry when none may be made is refused.
fn escape(game: &mut Game<'_>, escape: Option<&CropResponseLog>) -> Result<(), String> {
    let due = game.phase() == Phase::Escape;
    let Some(e) = escape else {
        if due {
            game.apply(&Move::Escape(None)).map_err(|e| e.0)?;
        }
        return Ok(());
    };
    if !due {
        return Err("`escape` is only for a player with a follower in a besieged city with a cloister on or next to one of its besieged tiles, at the end of their turn".into());
    }
    let rules = game.rules();
    let Some((kind, rotation)) = game.tile_at(e.x, e.y) else {
        return Err(format!("escape: no tile at ({}, {})", e.x, e.y));
    };
    let feature = feature_on(rules, kind, rotation, &e.feature)?;
    let figure = figure(rules, e.figure.as_deref())?;
    game.apply(&Move::Escape(Some(Escape {
        x: e.x,
        y: e.y,
        feature,
        figure,
    })))
    .map_err(|e| e.0)
}

/// The phantom's figure action when one is due (none in the log passes);
/// a `phantom` entry when none is due is refused.
fn second_action(game: &mut Game<'_>, kind: KindId, turn: &TurnLog) -> Result<(), String> {
    let due = game.phase() == Phase::Figure;
    let Some(p) = &turn.phantom else {
        if due {
            game.apply(&Move::Figure(MeepleAction::Pass))
                .map_err(|e| e.0)?;
        }
        return Ok(());
    };
    if !due {
        return Err("`phantom` is a second figure action, due only after a figure action that put another of the player's figures somewhere, with their phantom in supply".into());
    }
    let given = [
        p.meeple.is_some(),
        p.acrobat.is_some(),
        p.flight.is_some(),
        p.portal.is_some(),
    ];
    if given.iter().filter(|&&g| g).count() > 1 {
        return Err("`phantom` takes at most one of meeple, acrobat, flight, portal".into());
    }
    let second = p.as_turn(turn);
    let action = meeple_action(game, kind, turn.rotation.unwrap_or(0), &second)?;
    game.apply(&Move::Figure(action))
        .map_err(|e| format!("the phantom's action: {}", e.0))
}

/// The flock decisions due (the shepherd's), as the entry's `flock` lists them.
fn flock<'r>(
    game: &mut Game<'r>,
    logged: Option<&[FlockLog]>,
    observe: &mut dyn FnMut(Step, &Game<'r>),
) -> Result<(), String> {
    let logged = logged.unwrap_or_default();
    let mut steps = logged.iter();
    while game.phase() == Phase::Flock {
        observe(Step::Flock, game);
        let Some(step) = steps.next() else {
            return Err(if logged.is_empty() {
                "a flock decision is due (a shepherd placed, or its field extended): the log must give `flock`".into()
            } else {
                format!(
                    "`flock` gives {} decision{}, but another is due",
                    logged.len(),
                    if logged.len() == 1 { "" } else { "s" }
                )
            });
        };
        let draw = match (&step.draw, step.gather) {
            (Some(_), true) | (None, false) => {
                return Err("a flock decision is either `draw` (a token) or `gather: true`".into())
            }
            (Some(t), false) => Some(
                game.rules()
                    .token(t)
                    .ok_or_else(|| format!("unknown token `{t}`"))?,
            ),
            (None, true) => None,
        };
        game.apply(&Move::Flock { draw })
            .map_err(|e| format!("the flock: {}", e.0))?;
    }
    if steps.next().is_some() {
        return Err("`flock` gives more decisions than are due: one for a shepherd placed this turn, one for each field with the player's shepherd the tile extended".into());
    }
    Ok(())
}
/// The ferry placed on the tile's lake, then the ferries moved, while a
/// ferry decision is due (no entry left: no more moves).
fn ferry<'r>(
    game: &mut Game<'r>,
    log: Option<&[FerryLog]>,
    observe: &mut dyn FnMut(Step, &Game<'r>),
) -> Result<(), String> {
    let mut entries = log.unwrap_or(&[]).iter();
    while game.phase() == Phase::Ferry {
        observe(Step::Ferry, game);
        let choice = match entries.next() {
            None => None,
            Some(f) => {
                let a = board_feature(game, f.x, f.y, &f.ends[0], "for the ferry")?;
                let b = board_feature(game, f.x, f.y, &f.ends[1], "for the ferry")?;
                Some((f.x, f.y, a, b))
            }
        };
        game.apply(&Move::Ferry(choice))
            .map_err(|e| format!("`ferry`: {}", e.0))?;
    }
    if entries.next().is_some() {
        return Err("`ferry` gives more ferries than are placed or may be moved this turn".into());
    }
    Ok(())
}

/// The mage's or the witch's move, when one is due.
fn magic(game: &mut Game<'_>, log: Option<&MagicLog>) -> Result<(), String> {
    let due = game.phase() == Phase::Magic;
    let m = match (log, due) {
        (None, false) => return Ok(()),
        (None, true) => return Err(
            "the mage or the witch moves (a magic tile, or the mage's feature joined to the witch's): the log must give `magic`".into(),
        ),
        (Some(_), false) => return Err(
            "`magic` is only for a magic tile or a tile that joins the mage's feature to the witch's".into(),
        ),
        (Some(m), true) => m,
    };
    let witch = match m.figure.as_str() {
        "mage" => false,
        "witch" => true,
        other => {
            return Err(format!(
                "`magic` moves the `mage` or the `witch`, not `{other}`"
            ))
        }
    };
    let to = match (m.x, m.y, &m.feature) {
        (None, None, None) => None,
        (Some(x), Some(y), Some(f)) => Some((
            x,
            y,
            board_feature(game, x, y, f, &format!("for the {}", m.figure))?,
        )),
        _ => {
            return Err(
                "`magic` gives `x`, `y` and `feature` together, or none of them (set aside)".into(),
            )
        }
    };
    game.apply(&Move::Magic { witch, to })
        .map_err(|e| format!("`magic`: {}", e.0))
}

/// The wagons' moves, one per wagon due (none given: every wagon stays home).
fn wagons<'r>(
    game: &mut Game<'r>,
    given: Option<&[Option<FeatureLog>]>,
    placed: &mut dyn FnMut(Step, &Game<'r>),
) -> Result<(), String> {
    let mut answers = given.unwrap_or(&[]).iter();
    let mut due = 0;
    while let Some((wagon, _)) = game.wagon_due() {
        placed(Step::Wagon, game);
        let to = match (given, answers.next()) {
            (None, _) | (Some(_), Some(None)) => None,
            (Some(_), Some(Some(f))) => Some((
                match f.figure.as_deref() {
                    Some(id) if id != game.rules().figure_id(wagon.figure) => {
                        return Err(format!(
                            "`wagon` moves player {}'s {}, not a `{id}`",
                            wagon.player,
                            game.rules().figure_id(wagon.figure)
                        ))
                    }
                    _ => f.x,
                },
                f.y,
                board_feature(game, f.x, f.y, &f.feature, "for the wagon")?,
            )),
            (Some(g), None) => {
                return Err(format!(
                    "`wagon` gives {} decision{} but more wagons are due (player {}'s, home from ({}, {}))",
                    g.len(),
                    if g.len() == 1 { "" } else { "s" },
                    wagon.player,
                    wagon.x,
                    wagon.y
                ))
            }
        };
        due += 1;
        game.apply(&Move::Wagon(to))
            .map_err(|e| format!("`wagon`: {}", e.0))?;
    }
    match given {
        Some(g) if g.len() > due => Err(format!(
            "`wagon` gives {} decision{} but {due} wagon{} due (a wagon its feature's scoring sent home, with an unoccupied unfinished feature on its tile or one around)",
            g.len(),
            if g.len() == 1 { "" } else { "s" },
            if due == 1 { " is" } else { "s are" }
        )),
        _ => Ok(()),
    }
}

/// The castle decisions, one per small city offered (none given: no castle).
fn castles<'r>(
    game: &mut Game<'r>,
    given: Option<&[bool]>,
    shown: &mut dyn FnMut(Step, &Game<'r>),
) -> Result<(), String> {
    let mut answers = given.unwrap_or(&[]).iter();
    let mut offered = 0;
    while game.phase() == Phase::Castle {
        shown(Step::Castle, game);
        let build = match (given, answers.next()) {
            (None, _) => false,
            (Some(_), Some(&b)) => b,
            (Some(g), None) => {
                return Err(format!(
                    "`castle` gives {} decision{} but more small cities are offered a castle",
                    g.len(),
                    if g.len() == 1 { "" } else { "s" }
                ))
            }
        };
        offered += 1;
        game.apply(&Move::Castle(build)).map_err(|e| e.0)?;
    }
    match given {
        Some(g) if g.len() > offered => Err(format!(
            "`castle` gives {} decision{} but {offered} small cit{} offered a castle (a completed city of two castle bases, one follower, its owner with a castle left)",
            g.len(),
            if g.len() == 1 { "" } else { "s" },
            if offered == 1 { "y is" } else { "ies are" }
        )),
        _ => Ok(()),
    }
}

/// Takes or declines the builder's second turn as the entry says.
fn second_turn(game: &mut Game<'_>, marked: bool) -> Result<(), String> {
    match (game.second_turn_due(), marked) {
        (true, true) | (false, false) => Ok(()),
        (true, false) => game.apply(&Move::EndTurn).map_err(|e| e.0),
        (false, true) if game.in_second_turn() => Err(
            "`second_turn` marks only the entry that starts the second turn (this one continues it after a discard)".into(),
        ),
        (false, true) => Err(
            "no second turn is due: the player's previous tile extended no road or city with their builder (or that was a second turn already)".into(),
        ),
    }
}

/// Compares the goods the log says the player took with the engine's.
fn check_goods(
    game: &Game<'_>,
    turn: u32,
    logged: Option<&std::collections::BTreeMap<String, u64>>,
) -> Result<(), String> {
    let Some(logged) = logged else {
        return Ok(());
    };
    let rules = game.rules();
    let taken = goods_of_turn(game, turn);
    let names: std::collections::BTreeMap<String, u64> = taken
        .iter()
        .map(|&(g, n)| (rules.attribute_name(g).to_string(), n))
        .collect();
    if &names == logged {
        return Ok(());
    }
    let show = |m: &std::collections::BTreeMap<String, u64>| {
        if m.is_empty() {
            "none".to_string()
        } else {
            m.iter()
                .map(|(k, v)| format!("{v} {k}"))
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    Err(format!(
        "the log says the player took goods {} but the rules give {}",
        show(logged),
        show(&names)
    ))
}

/// The goods the active player took on a turn: (good, tokens).
pub(crate) fn goods_of_turn(game: &Game<'_>, turn: u32) -> Vec<(u8, u64)> {
    game.goods_taken()
        .iter()
        .filter(|g| g.turn == turn)
        .map(|g| (g.good, g.tokens))
        .collect()
}

fn feature_on(rules: &Ruleset, kind: KindId, rotation: u8, name: &str) -> Result<u8, String> {
    rules.feature_named(kind, rotation, name).ok_or_else(|| {
        format!(
            "{} has no feature `{name}` (a slot as seen on the board, or a centre feature's kind)",
            rules.kind_id(kind)
        )
    })
}

fn meeple_action(
    game: &Game<'_>,
    kind: KindId,
    rotation: u8,
    turn: &TurnLog,
) -> Result<MeepleAction, String> {
    let rules = game.rules();
    if let Some(m) = &turn.meeple {
        let figure = figure(rules, Some(&m.figure))?;
        let feature = feature_on(rules, kind, rotation, &m.feature)?;
        return Ok(MeepleAction::Place { figure, feature });
    }
    if let Some(m) = &turn.as_abbot {
        let figure = figure(rules, Some(&m.figure))?;
        let feature = feature_on(rules, kind, rotation, &m.feature)?;
        return Ok(MeepleAction::AsAbbot { figure, feature });
    }
    if let Some(a) = &turn.acrobat {
        let figure = figure(rules, a.figure.as_deref())?;
        return Ok(MeepleAction::Acrobat {
            figure,
            x: a.x,
            y: a.y,
        });
    }
    if let Some(p) = &turn.score_pyramid {
        return Ok(MeepleAction::ScorePyramid { x: p.x, y: p.y });
    }
    if let Some(f) = &turn.fairy {
        return Ok(MeepleAction::Fairy(Beside {
            x: f.x,
            y: f.y,
            figure: figure(rules, f.figure.as_deref())?,
            feature: board_feature(game, f.x, f.y, &f.feature, "for the fairy")?,
        }));
    }
    if let Some(p) = &turn.portal {
        let f = board_feature(game, p.x, p.y, &p.feature, "to reach through the portal")?;
        let target = game.tile_at(p.x, p.y).map(|(k, _)| k);
        let landing = if target.is_some_and(|k| rules.is_pyramid(k, f)) {
            Landing::Acrobats
        } else {
            Landing::Feature(f)
        };
        return Ok(MeepleAction::Portal {
            figure: figure(rules, p.figure.as_deref())?,
            x: p.x,
            y: p.y,
            landing,
        });
    }
    if let Some(v) = &turn.vodyanoy {
        return Ok(MeepleAction::Vodyanoy(figure(rules, Some(v))?));
    }
    if let Some(f) = &turn.festival {
        return Ok(MeepleAction::Festival(Beside {
            x: f.x,
            y: f.y,
            figure: figure(rules, f.figure.as_deref())?,
            feature: board_feature(game, f.x, f.y, &f.feature, "to take back")?,
        }));
    }
    if let Some(c) = &turn.princess {
        return Ok(MeepleAction::Princess(capture(
            game,
            c,
            "for the princess",
        )?));
    }
    if let Some(t) = &turn.tower {
        let capture = match &t.capture {
            None => None,
            Some(c) => Some(capture(game, c, "to capture from")?),
        };
        return Ok(MeepleAction::TowerFloor {
            x: t.x,
            y: t.y,
            capture,
        });
    }
    if let Some(t) = &turn.tower_follower {
        return Ok(MeepleAction::TowerFollower {
            figure: figure(rules, t.figure.as_deref())?,
            x: t.x,
            y: t.y,
        });
    }
    if let Some(b) = &turn.barn {
        let figure = match &b.figure {
            Some(id) => figure(rules, Some(id))?,
            None => rules
                .barn()
                .ok_or_else(|| "the tile set has no figure with `capability barn`".to_string())?,
        };
        let corner = crate::engine::rules::barn::CORNERS
            .iter()
            .position(|c| *c == b.corner)
            .ok_or_else(|| format!("no corner `{}`: NW, NE, SE or SW", b.corner))?;
        return Ok(MeepleAction::Barn {
            figure,
            corner: u8::try_from(corner).unwrap_or(0),
        });
    }
    if let Some(r) = &turn.recall {
        let figure = match &r.figure {
            Some(id) => figure(rules, Some(id))?,
            None => rules.abbot().ok_or_else(|| {
                "the tile set has no figure with `capability abbot` to take back".to_string()
            })?,
        };
        return Ok(MeepleAction::Recall {
            figure,
            x: r.x,
            y: r.y,
        });
    }
    let Some(f) = &turn.flight else {
        return Ok(MeepleAction::Pass);
    };
    let figure = figure(rules, f.figure.as_deref())?;
    let landing = match &f.feature {
        None => None,
        Some(name) => {
            let Some(((x, y), _)) = game.flight_landings(figure, f.roll) else {
                return Err("the tile has no flying machine".into());
            };
            let Some((target, target_rotation)) = game.tile_at(x, y) else {
                return Err(format!(
                    "the flight reaches ({x}, {y}), where no tile lies: `feature` must be null"
                ));
            };
            let f = feature_on(rules, target, target_rotation, name)?;
            Some(if rules.is_pyramid(target, f) {
                Landing::Acrobats
            } else {
                Landing::Feature(f)
            })
        }
    };
    Ok(MeepleAction::Fly {
        figure,
        roll: f.roll,
        landing,
    })
}

/// The feature named `name` on the board tile at (x, y).
fn board_feature(game: &Game<'_>, x: i32, y: i32, name: &str, what: &str) -> Result<u8, String> {
    let Some((target, r)) = game.tile_at(x, y) else {
        return Err(format!("no tile at ({x}, {y}) {what}"));
    };
    feature_on(game.rules(), target, r, name)
}

/// A follower on the board a log names (a capture, the princess's knight).
fn capture(game: &Game<'_>, c: &super::log::CaptureLog, what: &str) -> Result<Capture, String> {
    let player = u8::try_from(c.player).map_err(|_| format!("no player {}", c.player))?;
    Ok(Capture {
        x: c.x,
        y: c.y,
        player,
        figure: figure(game.rules(), c.figure.as_deref())?,
        feature: board_feature(game, c.x, c.y, &c.feature, what)?,
    })
}

fn crop_move(game: &Game<'_>, crop: &super::log::CropLog) -> Result<CropMove, String> {
    let rules = game.rules();
    let action = match crop.action {
        CropActionLog::Add => CropAction::Add,
        CropActionLog::Remove => CropAction::Remove,
    };
    let order = game.crop_order();
    let mut responses = Vec::with_capacity(crop.responses.len());
    for (i, r) in crop.responses.iter().enumerate() {
        let Some(r) = r else {
            responses.push(None);
            continue;
        };
        let Some((kind, rotation)) = game.tile_at(r.x, r.y) else {
            return Err(format!(
                "crop response {}: no tile at ({}, {})",
                i + 1,
                r.x,
                r.y
            ));
        };
        let feature = feature_on(rules, kind, rotation, &r.feature)?;
        let figure = match (&r.figure, action) {
            (Some(id), _) => figure(rules, Some(id))?,
            (None, CropAction::Add) => figure(rules, None)?,
            (None, CropAction::Remove) => {
                let player = order.get(i).copied().unwrap_or(0);
                let mut kinds: Vec<FigureId> = game
                    .crop_options(player, action)
                    .iter()
                    .filter(|o| (o.x, o.y, o.feature) == (r.x, r.y, feature))
                    .map(|o| o.figure)
                    .collect();
                kinds.dedup();
                match kinds.as_slice() {
                    [one] => *one,
                    [] => figure(rules, None)?,
                    _ => {
                        return Err(format!(
                            "crop response {}: the player has several kinds of figure there; name one with `figure`",
                            i + 1
                        ))
                    }
                }
            }
        };
        responses.push(Some(CropResponse {
            x: r.x,
            y: r.y,
            feature,
            figure,
        }));
    }
    Ok(CropMove { action, responses })
}

/// A turn in words, for errors.
fn describe(turn: &TurnLog) -> String {
    let mut s = turn.tile.clone();
    if turn.discard {
        s.push_str(" discarded");
    }
    if let (Some(x), Some(y)) = (turn.x, turn.y) {
        s.push_str(&format!(
            " at ({x}, {y}) rotation {}",
            turn.rotation.unwrap_or(0)
        ));
    }
    if let Some(t) = &turn.token {
        s.push_str(&format!(", token {t}"));
    }
    if let Some(m) = &turn.meeple {
        s.push_str(&format!(", {} on {}", m.figure, m.feature));
    }
    if let Some(a) = &turn.acrobat {
        s.push_str(&format!(", acrobat on ({}, {})", a.x, a.y));
    }
    if let Some(f) = &turn.flight {
        let to = f.feature.as_deref().unwrap_or("nothing");
        s.push_str(&format!(", flight rolling {} onto {to}", f.roll));
    }
    if let Some(p) = &turn.score_pyramid {
        s.push_str(&format!(", scoring the pyramid at ({}, {})", p.x, p.y));
    }
    if let Some(r) = &turn.recall {
        s.push_str(&format!(
            ", taking the {} back from ({}, {})",
            r.figure.as_deref().unwrap_or("abbot"),
            r.x,
            r.y
        ));
    }
    if let Some(c) = &turn.castle {
        let words: Vec<&str> = c
            .iter()
            .map(|&b| if b { "built" } else { "declined" })
            .collect();
        s.push_str(&format!(", castle {}", words.join(" then ")));
    }
    if turn.second_turn {
        s.push_str(", second turn");
    }
    if let Some(r) = &turn.ransom {
        s.push_str(&format!(
            ", ransom to player {} for a {}",
            r.holder,
            r.figure.as_deref().unwrap_or("meeple")
        ));
    }
    if let Some(t) = &turn.tower {
        s.push_str(&format!(", tower floor at ({}, {})", t.x, t.y));
        if let Some(c) = &t.capture {
            s.push_str(&format!(
                " capturing player {}'s {} on {} at ({}, {})",
                c.player,
                c.figure.as_deref().unwrap_or("meeple"),
                c.feature,
                c.x,
                c.y
            ));
        }
    }
    if let Some(m) = &turn.as_abbot {
        s.push_str(&format!(", {} as abbot on {}", m.figure, m.feature));
    }
    if let Some(t) = &turn.tower_follower {
        s.push_str(&format!(
            ", {} on the tower at ({}, {})",
            t.figure.as_deref().unwrap_or("meeple"),
            t.x,
            t.y
        ));
    }
    if let Some(t) = &turn.tunnel {
        s.push_str(&format!(
            ", tunnel token {} on {} at ({}, {})",
            t.pair.unwrap_or(1),
            t.feature,
            t.x,
            t.y
        ));
    }
    if let Some(b) = &turn.bridge {
        s.push_str(&format!(", bridge {} at ({}, {})", b.axis, b.x, b.y));
    }
    if let Some(b) = &turn.barn {
        s.push_str(&format!(
            ", {} on the {} corner",
            b.figure.as_deref().unwrap_or("barn"),
            b.corner
        ));
    }
    if let Some(f) = &turn.fairy {
        s.push_str(&format!(
            ", the fairy beside the {} on {} at ({}, {})",
            f.figure.as_deref().unwrap_or("meeple"),
            f.feature,
            f.x,
            f.y
        ));
    }
    if let Some(p) = &turn.portal {
        s.push_str(&format!(
            ", {} through the portal onto {} at ({}, {})",
            p.figure.as_deref().unwrap_or("meeple"),
            p.feature,
            p.x,
            p.y
        ));
    }
    if let Some(p) = &turn.phantom {
        if let Some(m) = &p.meeple {
            s.push_str(&format!(", then {} on {}", m.figure, m.feature));
        }
        if let Some(a) = &p.acrobat {
            s.push_str(&format!(", then acrobat on ({}, {})", a.x, a.y));
        }
        if let Some(f) = &p.flight {
            let to = f.feature.as_deref().unwrap_or("nothing");
            s.push_str(&format!(", then flight rolling {} onto {to}", f.roll));
        }
        if let Some(p) = &p.portal {
            s.push_str(&format!(
                ", then {} through the portal onto {} at ({}, {})",
                p.figure.as_deref().unwrap_or("meeple"),
                p.feature,
                p.x,
                p.y
            ));
        }
    }
    if let Some(v) = &turn.vodyanoy {
        s.push_str(&format!(", freeing a trapped {v}"));
    }
    if let Some(f) = &turn.festival {
        s.push_str(&format!(
            ", the festival taking back the {} on {} at ({}, {})",
            f.figure.as_deref().unwrap_or("meeple"),
            f.feature,
            f.x,
            f.y
        ));
    }
    if let Some(c) = &turn.princess {
        s.push_str(&format!(
            ", the princess sending player {}'s {} on {} at ({}, {}) home",
            c.player,
            c.figure.as_deref().unwrap_or("meeple"),
            c.feature,
            c.x,
            c.y
        ));
    }
    if let Some(d) = &turn.dragon {
        s.push_str(&format!(
            ", dragon moving {}",
            crate::words::count(d.len(), "square")
        ));
    }
    if let Some(e) = &turn.escape {
        s.push_str(&format!(
            ", {} escaping from {} at ({}, {})",
            e.figure.as_deref().unwrap_or("meeple"),
            e.feature,
            e.x,
            e.y
        ));
    }
    if let Some(c) = &turn.count_out {
        for m in c {
            s.push_str(&format!(
                ", player {}'s {} from the {} onto {} at ({}, {})",
                m.player,
                m.figure.as_deref().unwrap_or("meeple"),
                m.quarter,
                m.feature,
                m.x,
                m.y
            ));
        }
    }
    if let Some(c) = &turn.count {
        s.push_str(&format!(
            ", {} into the {}",
            c.follower.as_deref().unwrap_or("meeple"),
            c.quarter
        ));
        if let Some(to) = &c.move_count_to {
            s.push_str(&format!(", the Count to the {to}"));
        }
    }
    if let Some(c) = &turn.crop {
        let action = match c.action {
            CropActionLog::Add => "add",
            CropActionLog::Remove => "remove",
        };
        s.push_str(&format!(", crop circle {action}"));
    }
    s
}
