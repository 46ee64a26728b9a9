//! The greedy player: tries every placement of the drawn tile and every
//! figure action after it, and takes the one with the best value
//! (`players::eval`); equal values are split by its own seeded generator.
//!
//! A placement is valued from the engine's [`Preview`] when it can be
//! (`previewed.rs`: the same values, without placing the tile); otherwise
//! it is applied once to a copy of the game. Passing is scored by
//! applying it; a figure on a feature that the tile leaves unfinished scores
//! the same this turn, so its value is passing's plus the feature's estimate
//! minus the figure's cost, with no second copy. Every other action (a
//! figure on a feature completed now, a builder or pig, an acrobat, a
//! flight, scoring a pyramid, taking an abbot back) is applied to a second
//! copy, and so is every action of a turn
//! whose passing scored a circus (a figure placed now could count there).
//! A flight is worth the mean over the die's faces of the best landing.
//!
//! An abbey held is played into the hole whose best figure action is worth
//! the most, when that beats what the turn is worth without it: during
//! play, the best move with a tile drawn (the mean over a few tiles drawn
//! from what is left); in the final round, passing.

use super::eval::{on_board, Evaluator};
use super::policy::{Policy, TokenPools};
use super::previewed::Previewed;
use crate::engine::rng::Rng;
use crate::engine::{
    BazaarAsk, BazaarStep, CropAction, CropMove, CropResponse, Escape, FigureId, Flights, FlockDue,
    Game, KindId, Landing, MeepleAction, Move, Placement, Ruleset, Source,
};

/// Values closer than this are equal.
const EPSILON: f64 = 1e-9;

/// Tiles drawn, each from what is left, for the worth of drawing instead
/// of playing an abbey.
const DRAW_SAMPLES: usize = 3;

/// The greedy player and its scratch space.
pub(crate) struct Greedy<'r> {
    rng: Rng,
    tokens: TokenPools,
    eval: Evaluator,
    placed: Option<Game<'r>>,
    tried: Option<Game<'r>>,
    previewed: Previewed,
    /// Placements are valued from the preview when it can (`false`: always
    /// on a copy, for tests that compare the two).
    use_preview: bool,
    actions: Vec<MeepleAction>,
    values: Vec<(MeepleAction, f64)>,
    derived: Vec<(MeepleAction, f64)>,
    /// The legal placements of the drawn tile.
    placements: Vec<Placement>,
    /// Placements of a tile that lies alike in several rotations, valued
    /// from the preview, so that a rotation lying as one of these at the
    /// same square takes its values (`Ruleset::same_turn`).
    turned: Vec<Turned>,
    turned_values: Vec<(MeepleAction, f64)>,
    /// The move chosen by `place`, whose action `figure` plays.
    chosen: Option<(Placement, MeepleAction)>,
}

#[cfg(test)]
impl Greedy<'_> {
    /// Values every placement on a copy, never from the preview.
    pub fn on_copies(mut self) -> Self {
        self.use_preview = false;
        self
    }
}

/// A placement valued from the preview, for the rotations lying alike.
#[derive(Clone, Copy, Debug)]
struct Turned {
    x: i32,
    y: i32,
    rotation: u8,
    /// Its values' span in `Greedy::turned_values`.
    start: usize,
    end: usize,
    /// The values do not hang on the order of the tile's features
    /// (`Previewed::order_free`): they hold with the features renamed.
    order_free: bool,
}

/// True when a renaming of features ([`Ruleset::turn_features`]) leaves
/// each as it is.
fn is_identity(renaming: &[u8]) -> bool {
    renaming
        .iter()
        .enumerate()
        .all(|(f, &g)| usize::from(g) == f)
}

/// The actions of one rotation's preview values as those of the rotation
/// lying alike: each figure's feature renamed, and the actions in the order
/// that rotation's preview gives them (`Previewed::action_values`: those
/// valued exactly, passing, the others, each part by feature and then
/// figure, as its options come).
fn rename_actions(values: &mut [(MeepleAction, f64)], renaming: &[u8]) {
    if is_identity(renaming) {
        return;
    }
    for (action, _) in values.iter_mut() {
        if let MeepleAction::Place { feature, .. } = action {
            *feature = renaming
                .get(usize::from(*feature))
                .copied()
                .unwrap_or(*feature);
        }
    }
    let feature = |&(a, _): &(MeepleAction, f64)| match a {
        MeepleAction::Place { feature, .. } => feature,
        _ => u8::MAX,
    };
    let pass = values
        .iter()
        .position(|&(a, _)| a == MeepleAction::Pass)
        .unwrap_or(values.len());
    let (exact, rest) = values.split_at_mut(pass);
    exact.sort_by_key(feature);
    if let Some((_, derived)) = rest.split_first_mut() {
        derived.sort_by_key(feature);
    }
}

/// Best-so-far with ties split at random (reservoir sampling).
struct Best<T> {
    item: Option<T>,
    value: f64,
    ties: usize,
}

impl<T> Best<T> {
    fn new() -> Best<T> {
        Best {
            item: None,
            value: f64::NEG_INFINITY,
            ties: 0,
        }
    }

    fn offer(&mut self, item: T, value: f64, rng: &mut Rng) {
        if value > self.value + EPSILON {
            (self.item, self.value, self.ties) = (Some(item), value, 1);
        } else if value >= self.value - EPSILON {
            self.ties += 1;
            if rng.below(self.ties) == 0 {
                self.item = Some(item);
            }
        }
    }
}

/// The figure count whose cost values a follower a tower threatens.
const FREE_FIGURES_AND_ONE: usize = 5;

/// Tiles still to draw, the one drawn now included.
pub(crate) fn tiles_left(game: &Game<'_>) -> u32 {
    (0..game.rules().kind_count())
        .map(|k| game.remaining(KindId(u16::try_from(k).unwrap_or(u16::MAX))))
        .sum::<u32>()
        .saturating_sub(game.face_down())
}

impl<'r> Greedy<'r> {
    pub fn new(rules: &'r Ruleset, seed: u64) -> Greedy<'r> {
        let total = rules.kind_count();
        let tiles: u32 = (0..total)
            .map(|k| rules.kind_count_of(KindId(u16::try_from(k).unwrap_or(u16::MAX))))
            .sum();
        Greedy {
            rng: Rng::new(seed),
            tokens: TokenPools::new(rules),
            eval: Evaluator::new(tiles.saturating_sub(1)),
            placed: None,
            tried: None,
            previewed: Previewed::default(),
            use_preview: true,
            actions: Vec::with_capacity(32),
            values: Vec::with_capacity(32),
            derived: Vec::with_capacity(8),
            placements: Vec::with_capacity(64),
            turned: Vec::with_capacity(64),
            turned_values: Vec::with_capacity(256),
            chosen: None,
        }
    }

    /// The best placement and figure action for `tile`.
    pub fn best_move(&mut self, game: &Game<'r>, tile: KindId) -> (Placement, MeepleAction) {
        self.best_valued(game, tile).item.unwrap_or((
            Placement {
                x: 0,
                y: 0,
                rotation: 0,
            },
            MeepleAction::Pass,
        ))
    }

    /// The best placement and figure action for `tile`, with its value.
    fn best_valued(&mut self, game: &Game<'r>, tile: KindId) -> Best<(Placement, MeepleAction)> {
        let mut best = Best::new();
        let left = tiles_left(game).saturating_sub(1);
        let mut values = std::mem::take(&mut self.values);
        let mut placements = std::mem::take(&mut self.placements);
        placements.clear();
        game.placements_into(tile, &mut placements);
        let rules = game.rules();
        let alike = (1..4).any(|r| rules.same_turn(tile, r) != r);
        self.turned.clear();
        self.turned_values.clear();
        for &at in &placements {
            values.clear();
            let first = rules.same_turn(tile, at.rotation);
            let earlier = self
                .turned
                .iter()
                .find(|t| (t.x, t.y, t.rotation) == (at.x, at.y, first))
                .filter(|_| first != at.rotation)
                .copied();
            let renaming = rules.turn_features(tile, at.rotation);
            match earlier {
                // The same tile at the same square, its features renamed:
                // the same preview with the renamed features' actions.
                Some(t) if t.order_free || is_identity(renaming) => {
                    values.extend_from_slice(&self.turned_values[t.start..t.end]);
                    rename_actions(&mut values, renaming);
                }
                _ => {
                    let previewed = self.action_values(game, tile, at, left, &mut values);
                    if previewed && alike && first == at.rotation {
                        let start = self.turned_values.len();
                        self.turned_values.extend_from_slice(&values);
                        self.turned.push(Turned {
                            x: at.x,
                            y: at.y,
                            rotation: at.rotation,
                            start,
                            end: self.turned_values.len(),
                            order_free: self.previewed.order_free(),
                        });
                    }
                }
            }
            for &(action, v) in &values {
                best.offer((at, action), v, &mut self.rng);
            }
        }
        self.values = values;
        self.placements = placements;
        best
    }

    /// What the turn is worth with a tile drawn (instead of an abbey, or
    /// of passing a second turn): the mean, over a few tiles drawn from
    /// those left, of the best move's value (a tile that fits nowhere: the
    /// board as it is); and the board as it is, valued with `left` tiles.
    fn draw_value(&mut self, game: &Game<'r>, me: usize, left: u32) -> (f64, f64) {
        let kinds: Vec<(KindId, u32)> = (0..game.rules().kind_count())
            .filter_map(|k| {
                let kind = KindId(u16::try_from(k).ok()?);
                (game.drawable(kind) && game.remaining(kind) > 0)
                    .then(|| (kind, game.remaining(kind)))
            })
            .collect();
        let total: u32 = kinds.iter().map(|&(_, n)| n).sum();
        let now = copy_into(&mut self.tried, game);
        let keep = self.eval.value(now, me, left);
        if total == 0 {
            return (keep, keep);
        }
        let mut sum = 0.0;
        for _ in 0..DRAW_SAMPLES {
            let mut k = self.rng.below(total as usize) as u32;
            let tile = kinds
                .iter()
                .find(|&&(_, n)| {
                    let here = k < n;
                    k = k.saturating_sub(n);
                    here
                })
                .map_or(kinds[0].0, |&(t, _)| t);
            let v = self.best_valued(game, tile).value;
            sum += if v.is_finite() { v } else { keep };
        }
        #[allow(clippy::cast_precision_loss)]
        let mean = sum / DRAW_SAMPLES as f64;
        (mean, keep)
    }

    /// Appends the value of every figure action after placing `tile` at
    /// `at`, with `left` tiles still to draw after it; `true` when they
    /// were read from the preview (the same for a rotation lying alike,
    /// `Ruleset::same_turn`), `false` when valued on a copy.
    pub fn action_values(
        &mut self,
        game: &Game<'r>,
        tile: KindId,
        at: Placement,
        left: u32,
        out: &mut Vec<(MeepleAction, f64)>,
    ) -> bool {
        let token = self.tokens.any(game, tile);
        if self.use_preview
            && token.is_none()
            && game.preview_legal(&mut self.previewed.preview, tile, at)
        {
            self.previewed.action_values(&self.eval, game, left, out);
            return true;
        }
        // The copies valued for this placement share `game`'s farms.
        self.eval.remember(game);
        let placed = copy_into(&mut self.placed, game);
        if placed
            .apply(&Move::Place {
                tile,
                placement: at,
                token,
            })
            .is_err()
        {
            return false;
        }
        let me = game.active_player();
        self.actions.clear();
        placed.meeple_actions_into(&mut self.actions, Flights::Decisions);
        // Actions valued on a second copy, and those derived from passing.
        let first = out.len();
        let mut derived = std::mem::take(&mut self.derived);
        derived.clear();
        for &action in &self.actions {
            match action {
                MeepleAction::Pass => {}
                // A companion adds no strength: valued on a copy.
                MeepleAction::Place { figure, .. } if placed.rules().is_companion(figure) => {
                    out.push((action, f64::NAN));
                }
                MeepleAction::Place { feature, .. } => {
                    match placed.outlook_at(at.x, at.y, feature) {
                        Some(o) if !o.scored_now => {
                            derived.push((action, Evaluator::estimate(&o, left)));
                        }
                        _ => out.push((action, f64::NAN)),
                    }
                }
                _ => out.push((action, f64::NAN)),
            }
        }
        let figures_after = on_board(placed, me) + 1;
        let cost = self.eval.figure_cost(figures_after, left);
        for entry in out.iter_mut().skip(first) {
            entry.1 = self.exact(entry.0, me, left);
        }
        if !self.actions.contains(&MeepleAction::Pass) {
            // A rule asks for one action first (the bridge a tile placed by
            // a bridge needs): no pass, nothing derived from it.
            self.derived = derived;
            return false;
        }
        let placed = self.placed.as_mut().expect("copied above");
        let before = placed.events().len();
        let _ = placed.apply(&Move::Figure(MeepleAction::Pass));
        finish_figure_phase(placed);
        let circus = placed.events()[before..]
            .iter()
            .any(|e| e.source == Source::Circus);
        let pass = self.eval.value(placed, me, left);
        out.push((MeepleAction::Pass, pass));
        if circus && !derived.is_empty() {
            // A figure placed now could count for the circus: be exact.
            copy_into(&mut self.placed, game)
                .apply(&Move::Place {
                    tile,
                    placement: at,
                    token,
                })
                .ok();
            for &(action, _) in &derived {
                let v = self.exact(action, me, left);
                out.push((action, v));
            }
        } else {
            out.extend(derived.iter().map(|&(a, est)| (a, pass + est - cost)));
        }
        self.derived = derived;
        false
    }

    /// The value of an action applied to a copy of `self.placed`; a flight
    /// decision is the mean over the die of the best landing.
    fn exact(&mut self, action: MeepleAction, me: usize, left: u32) -> f64 {
        let placed = self.placed.as_ref().expect("placed");
        if let MeepleAction::Fly { figure, .. } = action {
            let die = placed.rules().die(placed.current_tile().0);
            if die.is_empty() {
                return f64::NEG_INFINITY;
            }
            let mut total = 0.0;
            for &roll in die {
                total += self.best_landing(figure, roll, me, left).1;
            }
            #[allow(clippy::cast_precision_loss)]
            return total / die.len() as f64;
        }
        // A follower on a tower protects the player's followers a floor there
        // could capture: each worth a tied-up figure's cost.
        let protects = match action {
            MeepleAction::TowerFollower { x, y, .. } => placed.followers_in_reach(x, y, me),
            _ => 0,
        };
        let tried = copy_into(&mut self.tried, placed);
        if tried.apply(&Move::Figure(action)).is_err() {
            return f64::NEG_INFINITY;
        }
        finish_figure_phase(tried);
        let protection = f64::from(protects) * self.eval.figure_cost(FREE_FIGURES_AND_ONE, left);
        self.eval.value(tried, me, left) + protection
    }

    /// The best landing of a flight from `self.placed` and its value.
    fn best_landing(
        &mut self,
        figure: FigureId,
        roll: u32,
        me: usize,
        left: u32,
    ) -> (Option<Landing>, f64) {
        let placed = self.placed.as_ref().expect("placed");
        let landings = placed
            .flight_landings(figure, roll)
            .map(|(_, l)| l)
            .unwrap_or_default();
        let options: Vec<Option<Landing>> = if landings.is_empty() {
            vec![None]
        } else {
            landings.into_iter().map(Some).collect()
        };
        let mut best = Best::new();
        for landing in options {
            let placed = self.placed.as_ref().expect("placed");
            let tried = copy_into(&mut self.tried, placed);
            let fly = MeepleAction::Fly {
                figure,
                roll,
                landing,
            };
            let v = if tried.apply(&Move::Figure(fly)).is_ok() {
                finish_figure_phase(tried);
                self.eval.value(tried, me, left)
            } else {
                f64::NEG_INFINITY
            };
            best.offer(landing, v, &mut self.rng);
        }
        (best.item.flatten(), best.value)
    }

    /// The value to `player` of a crop move applied to a copy of `game`.
    fn crop_value(&mut self, game: &Game<'r>, crop: CropMove, player: usize) -> f64 {
        let left = tiles_left(game);
        let tried = copy_into(&mut self.tried, game);
        if tried.apply(&Move::Crop(crop)).is_err() {
            return f64::NEG_INFINITY;
        }
        self.eval.value(tried, player, left)
    }

    /// The responses if every player answers for themselves greedily.
    fn crop_responses(&mut self, game: &Game<'r>, action: CropAction) -> Vec<Option<CropResponse>> {
        game.crop_order()
            .into_iter()
            .map(|player| {
                let options = game.crop_options(player, action);
                self.best_response(game, player, action, &options)
            })
            .collect()
    }

    fn best_response(
        &mut self,
        game: &Game<'r>,
        player: usize,
        action: CropAction,
        options: &[CropResponse],
    ) -> Option<CropResponse> {
        let mut choices: Vec<Option<CropResponse>> = options.iter().copied().map(Some).collect();
        if action == CropAction::Add || options.is_empty() {
            choices.push(None);
        }
        // The others' responses as the rules force them, to value this one.
        let order = game.crop_order();
        let others: Vec<Option<CropResponse>> = order
            .iter()
            .map(|&p| match action {
                CropAction::Add => None,
                CropAction::Remove => game.crop_options(p, action).first().copied(),
            })
            .collect();
        let mut best = Best::new();
        for choice in choices {
            let mut responses = others.clone();
            if let Some(i) = order.iter().position(|&p| p == player) {
                responses[i] = choice;
            }
            let v = self.crop_value(game, CropMove { action, responses }, player);
            best.offer(choice, v, &mut self.rng);
        }
        best.item.flatten()
    }
}

/// Copies `game` into a scratch slot (allocating only the first time).
fn copy_into<'a, 'r>(slot: &'a mut Option<Game<'r>>, game: &Game<'r>) -> &'a mut Game<'r> {
    match slot {
        Some(g) => {
            g.clone_from(game);
            g
        }
        None => slot.insert(game.clone()),
    }
}

impl<'r> Policy<'r> for Greedy<'r> {
    fn place(&mut self, game: &Game<'r>, tile: KindId, _: &mut Rng) -> Placement {
        let (at, action) = self.best_move(game, tile);
        self.chosen = Some((at, action));
        at
    }

    fn figure(&mut self, game: &Game<'r>, _: &mut Rng) -> MeepleAction {
        let at = game.current_tile().1;
        match self.chosen.take() {
            Some((chosen, action)) if chosen == at => action,
            _ => {
                // Not chosen by `place` (a caller that placed for us): value
                // the actions of the board as it is.
                let mut values = Vec::new();
                let me = game.active_player();
                let left = tiles_left(game);
                self.actions.clear();
                game.meeple_actions_into(&mut self.actions, Flights::Decisions);
                copy_into(&mut self.placed, game);
                for action in self.actions.clone() {
                    values.push((action, self.exact(action, me, left)));
                }
                let mut best = Best::new();
                for (a, v) in values {
                    best.offer(a, v, &mut self.rng);
                }
                best.item.unwrap_or(MeepleAction::Pass)
            }
        }
    }

    fn landing(
        &mut self,
        game: &Game<'r>,
        figure: FigureId,
        roll: u32,
        options: &[Landing],
        _: &mut Rng,
    ) -> Landing {
        copy_into(&mut self.placed, game);
        let me = game.active_player();
        let left = tiles_left(game);
        self.best_landing(figure, roll, me, left)
            .0
            .unwrap_or(options[0])
    }

    fn bazaar(&mut self, game: &Game<'r>, ask: &BazaarAsk, _: &mut Rng) -> BazaarStep {
        match ask {
            // The tile that fits the most places, at no cost; no raise; and
            // the points of a sale rather than paying for a tile.
            BazaarAsk::Select { tiles, .. } => {
                let best = tiles
                    .iter()
                    .max_by_key(|&&(i, k)| (game.placement_count(k), std::cmp::Reverse(i)))
                    .map_or(0, |&(i, _)| i);
                BazaarStep::Select { tile: best, bid: 0 }
            }
            BazaarAsk::Bid { .. } => BazaarStep::Bid(None),
            BazaarAsk::Sell { price, .. } => BazaarStep::Sell(*price > 0),
            BazaarAsk::Tiles(_) => BazaarStep::Tiles(Vec::new()),
        }
    }

    fn castle(&mut self, _: &Game<'r>, _: usize, prospect: (i64, i64), _: &mut Rng) -> bool {
        // A castle when a feature of its fief may one day be worth more
        // than the city scores now.
        prospect.1 > prospect.0
    }

    fn dragon_step(
        &mut self,
        game: &Game<'r>,
        player: usize,
        options: &[(i32, i32)],
        _: &mut Rng,
    ) -> (i32, i32) {
        // The square where the dragon eats the most of the others' figures
        // and the fewest of the player's own (each own figure weighs as
        // much as all the others' together).
        let n = game.players().max(2) as i64 - 1;
        let mut best = (i64::MIN, options[0]);
        for &(x, y) in options {
            let worth: i64 = game
                .figures_on_tile(x, y)
                .map(|p| if p == player { -n } else { 1 })
                .sum();
            if worth > best.0 {
                best = (worth, (x, y));
            }
        }
        best.1
    }

    fn magic(
        &mut self,
        game: &Game<'r>,
        options: &[crate::engine::MagicChoice],
        _: &mut Rng,
    ) -> crate::engine::MagicChoice {
        // The mage where the player leads, the witch where another does,
        // on the largest feature; the first among equals.
        let me = game.active_player();
        let mut best = (i64::MIN, options[0]);
        for &c in options {
            let worth = game.magic_value(me, c);
            if worth > best.0 {
                best = (worth, c);
            }
        }
        best.1
    }

    fn wagon(
        &mut self,
        game: &Game<'r>,
        _: &crate::engine::WagonDue,
        options: &[(i32, i32, u8)],
        _: &mut Rng,
    ) -> Option<(i32, i32, u8)> {
        // A follower on the board beats one at home: the largest feature
        // offered; the first among equals.
        let mut best: Option<(i64, (i32, i32, u8))> = None;
        for &(x, y, f) in options {
            let worth = game.wagon_value(x, y, f);
            if best.is_none_or(|(b, _)| worth > b) {
                best = Some((worth, (x, y, f)));
            }
        }
        best.map(|(_, o)| o)
    }

    fn count_in(
        &mut self,
        game: &Game<'r>,
        figures: &[FigureId],
        _: &mut Rng,
    ) -> Option<crate::engine::CountIn> {
        // Always in, with the kind most in supply (the first among equals),
        // into the castle (cities score most), or the blacksmith when the
        // Count stands in the castle; the Count goes where the opponents
        // have the most followers, if anywhere else.
        let me = game.active_player();
        let (at, city) = game.count_city()?;
        let mut figure = *figures.first()?;
        for &f in figures {
            if game.supply(me, f) > game.supply(me, figure) {
                figure = f;
            }
        }
        let quarter = if at == 0 { 2 } else { 0 };
        let mut best = (0usize, None);
        for q in (0..4u8).filter(|&q| q != at && q != quarter) {
            let n = city
                .iter()
                .filter(|r| r.quarter == q && usize::from(r.player) != me)
                .count();
            if n > best.0 {
                best = (n, Some(q));
            }
        }
        Some(crate::engine::CountIn {
            quarter,
            figure,
            count_to: best.1,
        })
    }

    fn count_out(
        &mut self,
        game: &Game<'r>,
        player: usize,
        options: &[crate::engine::CountOut],
        _: &mut Rng,
    ) -> Option<crate::engine::CountOut> {
        // Out onto the largest feature the follower makes the player (one
        // of) its majority; none such: stay.
        let mut best: Option<(i64, crate::engine::CountOut)> = None;
        for &o in options {
            let worth = game.count_gain(player, o.x, o.y, o.feature, 1);
            if worth > 0 && best.is_none_or(|(b, _)| worth > b) {
                best = Some((worth, o));
            }
        }
        best.map(|(_, o)| o)
    }

    fn gold(&mut self, game: &Game<'r>, options: &[(i32, i32)], _: &mut Rng) -> (i32, i32) {
        // The tile where the player's own figures most outnumber the others'
        // (bars go to who scores its features); the first among equals.
        let me = game.active_player();
        let mut best = (i64::MIN, options[0]);
        for &(x, y) in options {
            let worth: i64 = game
                .figures_on_tile(x, y)
                .map(|p| if p == me { 1 } else { -1 })
                .sum();
            if worth > best.0 {
                best = (worth, (x, y));
            }
        }
        best.1
    }

    fn abbey(&mut self, game: &Game<'r>, options: &[Placement], _: &mut Rng) -> Option<Placement> {
        let kind = game.abbey_tile()?;
        let me = game.active_player();
        let left = tiles_left(game);
        let mut best = Best::new();
        let without = if game.bag_is_empty() {
            let now = copy_into(&mut self.tried, game);
            self.eval.value(now, me, left)
        } else {
            self.draw_value(game, me, left.saturating_sub(1)).0
        };
        best.offer(None, without, &mut self.rng);
        for &at in options {
            let placed = copy_into(&mut self.placed, game);
            if placed.apply(&Move::Abbey(at)).is_err() {
                continue;
            }
            debug_assert_eq!(placed.current_tile().0, kind);
            self.actions.clear();
            placed.meeple_actions_into(&mut self.actions, Flights::Decisions);
            for action in self.actions.clone() {
                let v = self.exact(action, me, left);
                best.offer(Some(at), v, &mut self.rng);
            }
        }
        best.item.flatten()
    }

    fn second_turn(&mut self, game: &Game<'r>, _: &mut Rng) -> bool {
        // Taken when a tile drawn now is worth, on average, at least the
        // position as it stands with the turn passed on. Both are valued
        // with one tile fewer to draw (the next player draws one either
        // way): valued with the bag as it is, declining looks better merely
        // because the open features' chances shrink with the bag.
        let me = game.active_player();
        let left = tiles_left(game).saturating_sub(1);
        let (take, keep) = self.draw_value(game, me, left);
        take >= keep - EPSILON
    }

    fn ransom(
        &mut self,
        game: &Game<'r>,
        options: &[(u8, FigureId)],
        _: &mut Rng,
    ) -> Option<(u8, FigureId)> {
        // Each ransom valued on a copy against paying none.
        let me = game.active_player();
        let left = tiles_left(game);
        let mut best = Best::new();
        let now = copy_into(&mut self.tried, game);
        let keep = self.eval.value(now, me, left);
        best.offer(None, keep, &mut self.rng);
        for &(holder, figure) in options {
            let tried = copy_into(&mut self.tried, game);
            if tried.apply(&Move::Ransom { holder, figure }).is_ok() {
                let v = self.eval.value(tried, me, left);
                best.offer(Some((holder, figure)), v, &mut self.rng);
            }
        }
        best.item.flatten()
    }

    fn escape(&mut self, game: &Game<'r>, options: &[Escape], _: &mut Rng) -> Option<Escape> {
        // Each escape valued on a copy against staying.
        let me = game.active_player();
        let left = tiles_left(game);
        let mut best = Best::new();
        let now = copy_into(&mut self.tried, game);
        let stay = self.eval.value(now, me, left);
        best.offer(None, stay, &mut self.rng);
        for &e in options {
            let tried = copy_into(&mut self.tried, game);
            if tried.apply(&Move::Escape(Some(e))).is_ok() {
                let v = self.eval.value(tried, me, left);
                best.offer(Some(e), v, &mut self.rng);
            }
        }
        best.item.flatten()
    }
    fn gather(&mut self, game: &Game<'r>, due: &FlockDue, _: &mut Rng) -> bool {
        // Gather when a draw is expected to lose more (a wolf's share of
        // the bag times the flock) than it adds (the bag's sheep per token),
        // or when the game is about to end (a flock left scores nothing).
        let (mut tokens, mut wolves, mut sheep) = (0i64, 0i64, 0i64);
        for &(_, value, left) in &due.bag {
            tokens += i64::from(left);
            if value == 0 {
                wolves += i64::from(left);
            } else {
                sheep = sheep.saturating_add(value.saturating_mul(i64::from(left)));
            }
        }
        tokens == 0
            || wolves.saturating_mul(due.sheep) > sheep
            || tiles_left(game) <= game.players() as u32
    }

    fn crop_action(&mut self, game: &Game<'r>, _: &mut Rng) -> CropAction {
        let me = game.active_player();
        let mut best = Best::new();
        for action in [CropAction::Add, CropAction::Remove] {
            let responses = self.crop_responses(game, action);
            let v = self.crop_value(game, CropMove { action, responses }, me);
            best.offer(action, v, &mut self.rng);
        }
        best.item.unwrap_or(CropAction::Add)
    }

    fn crop_response(
        &mut self,
        game: &Game<'r>,
        player: usize,
        action: CropAction,
        options: &[CropResponse],
        _: &mut Rng,
    ) -> Option<CropResponse> {
        self.best_response(game, player, action, options)
    }
}

#[cfg(test)]
#[path = "greedy_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "choices_tests.rs"]
mod choices_tests;

/// Passes a second figure action still due (the phantom's), moves a magic
/// figure and places a second gold bar still due, so that what the tile completed is scored
/// before the game is valued.
fn finish_figure_phase(game: &mut Game<'_>) {
    if game.phase() == crate::engine::Phase::Figure {
        let _ = game.apply(&Move::Figure(MeepleAction::Pass));
    }
    // The magic figure's move, the best by its rough value.
    if game.phase() == crate::engine::Phase::Magic {
        let me = game.active_player();
        let best = game
            .magic_choices()
            .into_iter()
            .max_by_key(|&c| game.magic_value(me, c));
        if let Some((witch, to)) = best {
            let _ = game.apply(&Move::Magic { witch, to });
        }
    }
    // The ferry: on the first pair of road ends offered; none moved.
    while game.phase() == crate::engine::Phase::Ferry {
        let first = game.ferry_choices().first().copied().flatten();
        if game.apply(&Move::Ferry(first)).is_err() {
            break;
        }
    }
    // The second gold bar, on the first tile offered.
    if game.phase() == crate::engine::Phase::Gold {
        if let Some(&(x, y)) = game.gold_squares().first() {
            let _ = game.apply(&Move::Gold { x, y });
        }
    }
}
