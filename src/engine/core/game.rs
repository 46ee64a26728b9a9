//! The state of one game — the board, the features, the figures standing and
//! in supply, the tiles left, the score sheet and whose turn it is — plus
//! `x`, the state of the rule modules in play, which the core only carries;
//! and the hooks through which the modules take part ([`Rules`]). The turn's
//! phases are in `turn`.

use super::board::Board;
use super::features::Features;
use super::journal::Journal;
use super::ruleset::Ruleset;
use super::tables::STAGES;
use crate::engine::events::{Event, Score};
use crate::engine::ids::{FigureId, KindId, TokenId};
use crate::engine::moves::{illegal, FigureAction, IllegalMove, Move, Phase, Placement};

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 16;

/// No feature: an event no feature's template scored (see [`Game::event_parts`]).
const NO_FEATURE: u32 = u32::MAX;

/// What the core tells the `scored` hook about a feature it just scored.
#[derive(Clone, Copy, Debug)]
pub struct Scored<'a> {
    /// The feature (its root node).
    pub root: u32,
    /// The players who scored it, as bits (none: nobody held it, or its kind
    /// is not scored).
    pub winners: u32,
    /// The line each winner got, if it was worth anything.
    pub event: Option<Event>,
    /// The figures that went home from it, in the order they were taken.
    pub returned: &'a [Standing],
}

/// The hooks of a turn. Every hook has a point of the turn where the core
/// calls it; the registry of rule modules implements them all (each by
/// calling the modules in play that take part). Hooks receive the whole game:
/// the core's state and, in `game.x`, the modules'.
pub trait Rules: Sized {
    /// What the modules add to the prepared tile set.
    type Tables;
    /// Why a module refuses a placement that fits (a value, worded only when
    /// reported: placements are tried by the thousand).
    type Refusal: Copy;

    /// The modules' state for a new game.
    fn new(tables: &Self::Tables, players: usize) -> Self;
    /// Copies `other`'s state into `self`, reusing buffers.
    fn copy_from(&mut self, other: &Self);

    /// May this tile go here? Asked only for kinds a module marks
    /// `constrained`, for placements that fit the sides.
    fn refusal(game: &Game<'_, Self>, tile: KindId, at: Placement) -> Option<Self::Refusal>;
    /// A refusal in words.
    fn describe_refusal(refusal: Self::Refusal) -> String;
    /// May this tile go here though its sides do not fit, by what a module
    /// adds in the same turn? Asked only for a kind's widened signatures
    /// (`Kind::wide`), for placements no refusal forbids.
    fn widen(game: &Game<'_, Self>, tile: KindId, at: Placement) -> bool;
    /// False when no module could widen a placement of this tile now (the
    /// widened signatures are then not listed at all).
    fn widens(game: &Game<'_, Self>, tile: KindId) -> bool;
    /// Checks the tile drawn for a placement or discard: a module may have
    /// fixed which tile the active player plays now. True when a module set
    /// this tile aside for the player earlier: it is not drawn from the bag
    /// now (so the bag's face-down tiles do not stop it).
    ///
    /// # Errors
    /// The modules refuse it.
    fn check_drawn(game: &Game<'_, Self>, tile: KindId) -> Result<bool, IllegalMove>;
    /// Checks what a placement brings besides the tile (a token).
    ///
    /// # Errors
    /// The modules refuse it.
    fn check_placing(
        game: &Game<'_, Self>,
        tile: KindId,
        token: Option<TokenId>,
    ) -> Result<(), IllegalMove>;
    /// A tile move (placement or discard) begins; `turn` is already counted.
    fn tile_move(game: &mut Game<'_, Self>);
    /// The drawn tile is about to be placed with `token`.
    fn placing(game: &mut Game<'_, Self>, tile: KindId, token: Option<TokenId>);
    /// A tile was put on the board (the start tile too), as placed tile `t`.
    fn tile_put(game: &mut Game<'_, Self>, t: u32);
    /// The turn's tile is placed.
    fn placed(game: &mut Game<'_, Self>);
    /// Figure action: true when a module keeps every figure off placed tile
    /// `tile` (the core then offers and allows none there).
    fn blocks_figures(game: &Game<'_, Self>, tile: u32) -> bool;
    /// Figure action: true when a module lets a figure stand on feature node
    /// `node` of the tile just placed though its feature already holds
    /// figures (the core then offers and allows it as if unoccupied).
    fn shares(game: &Game<'_, Self>, node: u32) -> bool;
    /// Checks and performs a module's figure action.
    ///
    /// # Errors
    /// The module refuses it, or no module has it.
    fn act(game: &mut Game<'_, Self>, action: &FigureAction) -> Result<(), IllegalMove>;
    /// Checks a figure action before it is taken (the core's or a module's).
    ///
    /// # Errors
    /// A module refuses it in this turn.
    fn check_action(game: &Game<'_, Self>, action: &FigureAction) -> Result<(), IllegalMove>;
    /// After a figure action, before scoring: true when a module gives the
    /// player another figure action for the same tile.
    fn another_action(game: &mut Game<'_, Self>, action: &FigureAction) -> bool;

    /// A feature is scored and several players share the most strength
    /// (`strength`, by player); a module may lower the strength of some of
    /// them to break the tie. `returned` are the figures that stood on it.
    fn break_ties(game: &mut Game<'_, Self>, returned: &[Standing], strength: &mut [u32]);
    /// The weight in the majority of a figure whose strength is ruled
    /// (`ruled_strength`) on the feature `root` being scored, or, with
    /// `None`, on a place that is no feature (a module's own scoring place).
    fn strength(game: &mut Game<'_, Self>, root: Option<u32>, figure: FigureId) -> u32;
    /// After the figure actions, before anything is scored: a decision a
    /// module makes due first (its phase; its move then lets scoring go on).
    fn due_before_scoring(game: &mut Game<'_, Self>) -> Option<Phase>;
    /// Before the features the tile completed are scored.
    fn before_scoring(game: &mut Game<'_, Self>);
    /// A feature was scored (its figures are home).
    fn scored(game: &mut Game<'_, Self>, scored: &Scored<'_>);
    /// After the features the tile completed are scored.
    fn after_scoring(game: &mut Game<'_, Self>);
    /// After every module's `after_scoring`: the turn's scoring is over.
    fn turn_scored(game: &mut Game<'_, Self>);
    /// A decision a module makes due before the turn ends (its phase).
    fn pending(game: &Game<'_, Self>) -> Option<Phase>;
    /// The turn ends: true when the active player plays again.
    fn keeps_turn(game: &mut Game<'_, Self>) -> bool;
    /// Checks and performs a module's own move (not a tile or figure action).
    /// `None`: no module takes this move in this phase.
    fn apply(game: &mut Game<'_, Self>, mv: &Move) -> Option<Result<(), IllegalMove>>;
    /// What the modules add to the moves a phase expects, for messages.
    fn expected(phase: Phase) -> Option<&'static str>;

    /// Play ends (no tile left to draw), before final scoring: a decision
    /// a module makes due first (its phase; its last move scores finally).
    fn due_before_final(game: &mut Game<'_, Self>) -> Option<Phase>;
    /// Final scoring, before the features.
    fn final_first(game: &mut Game<'_, Self>);
    /// Final scoring, after the features.
    fn final_last(game: &mut Game<'_, Self>);
    /// A feature is being rebuilt (`Game::rebuild`): its pieces `members`
    /// are joined across the board's sides again; the modules join them
    /// where their own connections are and add the open ends they made.
    fn relink(game: &mut Game<'_, Self>, members: &[u32]);
}

/// A figure on the board.
#[derive(Clone, Copy, Debug)]
pub struct Standing {
    /// Its owner.
    pub player: u8,
    /// Its kind.
    pub figure: FigureId,
    /// The placed tile it stands on.
    pub tile: u32,
    /// Where on that tile.
    pub spot: Spot,
}

/// Where on its tile a figure stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// On a feature node.
    Node(u32),
    /// On a place a rule module keeps on the tile, not a feature (the module's
    /// tag): its figures count on the tile but hold no feature.
    Off(u8),
}

/// One game in progress; `X` is the rule modules' state (see [`Rules`]).
pub struct Game<'r, X: Rules> {
    pub(in crate::engine) rules: &'r Ruleset<X::Tables>,
    pub(in crate::engine) players: usize,
    pub(in crate::engine) board: Board,
    pub(in crate::engine) features: Features,
    /// Figures in supply, `player * figures + figure`.
    pub(in crate::engine) supply: Vec<u32>,
    pub(in crate::engine) standing: Vec<Standing>,
    /// Tokens left of each kind.
    pub(in crate::engine) tokens_left: Vec<u32>,
    /// Copies left of each tile kind.
    pub(in crate::engine) remaining: Vec<u32>,
    /// Copies left of each draw stage (see `draw`).
    pub(in crate::engine) stage_left: [u32; STAGES],
    /// Copies left that a rule laid face down (under another tile): the
    /// last ones of the bag, never drawn ([`Game::face_down`]).
    pub(in crate::engine) face_down: u32,
    pub(in crate::engine) scores: Vec<Score>,
    pub(in crate::engine) events: Vec<Event>,
    /// For each event, the placed tile it happened at (see [`Game::event_tiles`]).
    pub(in crate::engine) event_tiles: Vec<u32>,
    /// In final scoring, the tile of what is being scored.
    pub(in crate::engine) scoring_at: Option<u32>,
    /// For each event, a piece of the feature its template scored, or
    /// [`NO_FEATURE`] (see [`Game::event_parts`]).
    pub(in crate::engine) event_features: Vec<u32>,
    /// The change record of the event log (`events`, `event_tiles`,
    /// `event_features`, which only grow): a copy made from an unchanged
    /// original truncates its own log instead of copying every event again.
    pub(in crate::engine) log: Journal,
    /// While a feature's own points are awarded: a piece of it.
    pub(in crate::engine) scoring_feature: Option<u32>,
    /// Tile moves so far (the 1-based number of the current turn entry).
    pub(in crate::engine) turn: u32,
    pub(in crate::engine) active: usize,
    /// Player turns begun so far: a new one each time the turn passes to a
    /// player ([`Game::pass_turn_to`]); a turn a module lets the player
    /// keep (`Rules::keeps_turn`) and a discard's redraw belong to the turn
    /// they continue.
    pub(in crate::engine) player_turn: u32,
    pub(in crate::engine) phase: Phase,
    /// The tile placed this turn.
    pub(in crate::engine) current: u32,
    /// Scratch: units of each counted attribute of the feature being scored.
    pub(in crate::engine) units: Vec<u64>,
    /// Scratch: the figures a scored feature sent home, in the order taken.
    pub(in crate::engine) returned: Vec<Standing>,
    /// Scratch marks for counting distinct tiles and features.
    pub(in crate::engine) seen_tiles: Vec<u32>,
    pub(in crate::engine) seen_nodes: Vec<u32>,
    pub(in crate::engine) generation: u32,
    /// The rule modules in play and their state.
    pub(in crate::engine) x: X,
}

impl<'r, X: Rules> Game<'r, X> {
    /// A new game for `players` players, the tile set's start tile at (0, 0),
    /// unrotated.
    ///
    /// # Errors
    /// No start tile, or a player count outside 1..=[`MAX_PLAYERS`].
    pub fn new(rules: &'r Ruleset<X::Tables>, players: usize) -> Result<Self, IllegalMove> {
        let Some(start) = rules.start else {
            return illegal("the tile set marks no start tile");
        };
        Self::with_start(
            rules,
            players,
            start,
            Placement {
                x: 0,
                y: 0,
                rotation: 0,
            },
        )
    }

    /// A new game with a chosen start tile and placement.
    ///
    /// # Errors
    /// A bad player count, a start tile with no copy, a rotation above 3, or
    /// coordinates beyond ±1,000,000.
    pub fn with_start(
        rules: &'r Ruleset<X::Tables>,
        players: usize,
        start: KindId,
        at: Placement,
    ) -> Result<Self, IllegalMove> {
        if !(1..=MAX_PLAYERS).contains(&players) {
            return illegal(format!(
                "a game has 1 to {MAX_PLAYERS} players, not {players}"
            ));
        }
        if at.rotation > 3 || at.x.unsigned_abs() > 1_000_000 || at.y.unsigned_abs() > 1_000_000 {
            return illegal(
                "the start tile's rotation must be 0–3 and its coordinates within ±1000000",
            );
        }
        // A capacity hint only: the box may claim absurd counts.
        let tiles = rules
            .kinds
            .iter()
            .map(|k| k.count as usize)
            .fold(0usize, usize::saturating_add)
            .min(4096);
        let supply = (0..players)
            .flat_map(|_| rules.figures.iter().map(|f| f.per_player))
            .collect();
        let mut game = Game {
            rules,
            players,
            board: Board::new(tiles, rules.sides.buckets(), rules.sides.pow()),
            features: Features::with_capacity(tiles * 8),
            supply,
            standing: Vec::with_capacity(players * 8),
            tokens_left: rules.tokens.iter().map(|t| t.count).collect(),
            remaining: rules.kinds.iter().map(|k| k.count).collect(),
            stage_left: [0; STAGES],
            face_down: 0,
            scores: vec![Score::default(); players],
            events: Vec::with_capacity(64),
            event_tiles: Vec::with_capacity(64),
            scoring_at: None,
            event_features: Vec::with_capacity(64),
            log: Journal::new(),
            scoring_feature: None,
            turn: 0,
            active: 0,
            player_turn: 0,
            phase: Phase::Tile,
            current: 0,
            units: vec![0; rules.vocab.attributes.len()],
            returned: Vec::new(),
            seen_tiles: Vec::new(),
            seen_nodes: Vec::new(),
            generation: 0,
            x: X::new(&rules.ext, players),
        };
        if game
            .remaining
            .get(usize::from(start.0))
            .copied()
            .unwrap_or(0)
            == 0
        {
            return illegal(format!(
                "the start tile `{}` has no copy",
                rules.kind_id(start)
            ));
        }
        game.set_aside_starts(start);
        game.count_stages();
        game.put_tile(start, at);
        game.lay_start_set(start)?;
        Ok(game)
    }

    /// What the game expects next.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The ruleset the game is played with.
    #[must_use]
    pub fn rules(&self) -> &'r Ruleset<X::Tables> {
        self.rules
    }

    /// Number of players.
    #[must_use]
    pub fn players(&self) -> usize {
        self.players
    }

    /// The player whose turn it is.
    #[must_use]
    pub fn active_player(&self) -> usize {
        self.active
    }

    /// Tile moves made so far (placements and discards, the start tile excluded).
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Each player's score so far, by source.
    #[must_use]
    pub fn scores(&self) -> &[Score] {
        &self.scores
    }

    /// Every scoring event so far, in order.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Copies of a tile kind not yet drawn.
    #[must_use]
    pub fn remaining(&self, kind: KindId) -> u32 {
        self.remaining
            .get(usize::from(kind.0))
            .copied()
            .unwrap_or(0)
    }

    /// Copies not yet drawn that a rule laid face down under other tiles
    /// (by a module's rule): which ones is never revealed, so they are the bag's last
    /// tiles — the game ends when no other copy is left.
    #[must_use]
    pub fn face_down(&self) -> u32 {
        self.face_down
    }

    /// True when no tile is left to draw: play has reached its end (the
    /// copies left, if any, lie face down).
    #[must_use]
    pub fn bag_is_empty(&self) -> bool {
        self.stage_left.iter().sum::<u32>() <= self.face_down
    }

    /// Lays one copy not yet drawn face down, if any is left.
    pub(in crate::engine) fn lay_face_down(&mut self) {
        let left: u32 = self.stage_left.iter().sum();
        if left > self.face_down {
            self.face_down += 1;
        }
    }

    /// Copies of a token not yet drawn.
    #[must_use]
    pub fn tokens_left(&self, token: TokenId) -> u32 {
        self.tokens_left
            .get(usize::from(token.0))
            .copied()
            .unwrap_or(0)
    }

    /// A player's figures of a kind in supply.
    #[must_use]
    pub fn supply(&self, player: usize, figure: FigureId) -> u32 {
        self.supply
            .get(player * self.rules.figures.len() + usize::from(figure.0))
            .copied()
            .unwrap_or(0)
    }

    /// A player's figures of a kind on the board.
    #[must_use]
    pub fn on_board(&self, player: usize, figure: FigureId) -> u32 {
        let n = self
            .standing
            .iter()
            .filter(|s| usize::from(s.player) == player && s.figure == figure)
            .count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// The tile at a square: its kind and rotation.
    #[must_use]
    pub fn tile_at(&self, x: i32, y: i32) -> Option<(KindId, u8)> {
        let t = self.board.tile_at(x, y)?;
        let p = &self.board.placed[t as usize];
        Some((p.kind, p.rotation))
    }

    /// Number of tiles on the board.
    #[must_use]
    pub fn tiles_placed(&self) -> usize {
        self.board.placed.len()
    }

    /// The tile placed this turn (or last turn, between turns): kind and position.
    #[must_use]
    pub fn current_tile(&self) -> (KindId, Placement) {
        let p = self.board.placed[self.current as usize];
        (p.kind, p.placement())
    }

    /// The kind of every tile on the board, the start tile first, in the
    /// order they were placed.
    pub fn placed_kinds(&self) -> impl Iterator<Item = KindId> + '_ {
        self.board.placed.iter().map(|p| p.kind)
    }

    /// Number of open positions (empty squares next to a tile).
    #[must_use]
    pub fn open_positions(&self) -> usize {
        self.board.open_count()
    }

    /// Where each event of [`Game::events`] happened: during play, the tile
    /// placed that turn (it completed the feature, or brought what scored);
    /// in final scoring, the first-placed tile of the scored feature, or the
    /// tile of what a rule module scored.
    pub fn event_tiles(&self) -> impl Iterator<Item = (KindId, Placement)> + '_ {
        self.event_tiles.iter().map(|&t| {
            let p = self.board.placed[t as usize];
            (p.kind, p.placement())
        })
    }

    /// The tiles event `event` of [`Game::events`] is shared among, into
    /// `out` (cleared first): each tile's index in placement order (0 the
    /// start tile) and kind, once per distinct tile, in placement order. For
    /// the points a feature's template scored (a city, a road, a field, a
    /// cloister), every tile of that feature as the board stands now; for any
    /// other event, its tile ([`Game::event_tiles`]) alone.
    pub fn event_parts(&self, event: usize, out: &mut Vec<(u32, KindId)>) {
        out.clear();
        let Some(&node) = self.event_features.get(event) else {
            return;
        };
        let kind = |t: u32| self.board.placed[t as usize].kind;
        if node == NO_FEATURE || node >= self.features.len() {
            if let Some(&t) = self.event_tiles.get(event) {
                out.push((t, kind(t)));
            }
            return;
        }
        let mut m = node;
        loop {
            let t = self.features.tile(m);
            out.push((t, kind(t)));
            m = self.features.next(m);
            if m == node {
                break;
            }
        }
        out.sort_unstable_by_key(|&(t, _)| t);
        out.dedup_by_key(|&mut (t, _)| t);
    }

    pub(in crate::engine) fn supply_mut(&mut self, player: usize, figure: FigureId) -> &mut u32 {
        let i = player * self.rules.figures.len() + usize::from(figure.0);
        &mut self.supply[i]
    }

    /// Adds points and records why, and where.
    pub(in crate::engine) fn award(&mut self, event: Event) {
        if event.points != 0 {
            self.scores[event.player].add(event.source, event.points);
            self.events.push(event);
            self.event_tiles
                .push(self.scoring_at.unwrap_or(self.current));
            self.event_features
                .push(self.scoring_feature.unwrap_or(NO_FEATURE));
            self.log.touch_elsewhere();
        }
    }

    /// In final scoring, records the tile of what is scored next.
    pub(in crate::engine) fn scoring_at(&mut self, tile: u32) {
        if self.phase == Phase::Over {
            self.scoring_at = Some(tile);
        }
    }

    /// The turn number for events: `None` during final scoring.
    pub(in crate::engine) fn event_turn(&self) -> Option<u32> {
        (self.phase != Phase::Over && self.phase != Phase::Tile).then_some(self.turn)
    }

    /// Starts a new generation of scratch marks, sized for the board.
    pub(in crate::engine) fn fresh_marks(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.seen_tiles.fill(0);
            self.seen_nodes.fill(0);
            self.generation = 1;
        }
        self.seen_tiles.resize(self.board.placed.len(), 0);
        self.seen_nodes.resize(self.features.len() as usize, 0);
        self.generation
    }
}
