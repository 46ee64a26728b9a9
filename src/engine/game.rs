//! The state of one game and the move protocol. A turn is up to three moves,
//! in this order: a tile ([`Move::Place`] or [`Move::Discard`]), then a figure
//! action ([`Move::Figure`], which also runs the scoring), then, after a
//! crop-circle tile, the crop circle's action ([`Move::Crop`]). [`Game::phase`]
//! says which one is expected. Every move is validated before it changes
//! anything, so an illegal move leaves the game as it was.

use std::fmt;

use super::board::Board;
use super::events::{Event, Score};
use super::features::Features;
use super::tileset::Ruleset;
use super::{CropMove, FigureId, KindId, MeepleAction, TokenId};

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 16;

/// What the game expects next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A tile: [`Move::Place`] or [`Move::Discard`].
    Tile,
    /// The figure action for the tile just placed: [`Move::Figure`].
    Figure,
    /// The crop circle's action: [`Move::Crop`].
    Crop,
    /// Final scoring is done.
    Over,
}

/// Where a tile goes: x grows east, y grows south; clockwise quarter turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placement {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Clockwise quarter turns, 0–3.
    pub rotation: u8,
}

/// One move of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// Place the drawn tile; `token` is the animal token put under the big top
    /// when the tile has a circus space (while tokens remain).
    Place {
        /// The tile drawn.
        tile: KindId,
        /// Where it goes.
        placement: Placement,
        /// The animal token, for a circus tile.
        token: Option<TokenId>,
    },
    /// The drawn tile fits nowhere and leaves the game; the same player draws again.
    Discard {
        /// The tile drawn.
        tile: KindId,
    },
    /// The figure action for the tile just placed.
    Figure(MeepleAction),
    /// The crop circle's action and every player's response.
    Crop(CropMove),
    /// Declines the builder's second turn that is due: the next player's
    /// tile comes next.
    EndTurn,
}

/// Why a move is not allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub String);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for IllegalMove {}

/// Shorthand for an illegal-move result.
pub(super) fn illegal<T>(why: impl Into<String>) -> Result<T, IllegalMove> {
    Err(IllegalMove(why.into()))
}

/// A noun with its indefinite article: `a city`, `an abbot`.
pub(super) fn with_article(noun: &str) -> String {
    let vowel = noun.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

/// A figure on the board.
#[derive(Clone, Copy, Debug)]
pub(super) struct Standing {
    pub player: u8,
    pub figure: FigureId,
    /// The placed tile it stands on.
    pub tile: u32,
    pub spot: Spot,
}

/// Where on its tile a figure stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Spot {
    /// On a feature node.
    Node(u32),
    /// In the tile's acrobat pyramid.
    Acrobats,
}

/// The builder's second turn (see `builder.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bonus {
    /// Nothing pending.
    None,
    /// The tile of this (normal) turn extended a feature with the active
    /// player's builder: a second turn follows this one.
    Earned,
    /// Between turns: the active player may take the second turn.
    Due,
    /// The second turn is being played; it earns no third.
    Playing,
}

/// The big top and the face-down token under it.
#[derive(Clone, Copy, Debug)]
pub(super) struct BigTop {
    pub tile: u32,
    pub token: Option<TokenId>,
}

/// One game in progress.
pub struct Game<'r> {
    pub(super) rules: &'r Ruleset,
    pub(super) players: usize,
    pub(super) board: Board,
    pub(super) features: Features,
    /// Figures in supply, `player * figures + figure`.
    pub(super) supply: Vec<u32>,
    pub(super) standing: Vec<Standing>,
    /// Acrobats in the pyramid of each placed tile.
    pub(super) pyramid: Vec<u32>,
    /// Placed tiles with acrobat spaces.
    pub(super) acrobat_tiles: Vec<u32>,
    pub(super) bigtop: Option<BigTop>,
    pub(super) tokens_left: Vec<u32>,
    /// The token of the circus tile placed this turn.
    pub(super) pending_token: Option<TokenId>,
    /// Copies left of each tile kind.
    pub(super) remaining: Vec<u32>,
    /// Copies left of each draw stage (see `draw`).
    pub(super) stage_left: [u32; super::draw::STAGES],
    /// For each placed tile with a river: the side (board) where it met the
    /// river already placed, or [`super::river::SOURCE`] (see `river`).
    pub(super) river_entry: Vec<u8>,
    /// The builder's second turn.
    pub(super) bonus: Bonus,
    /// Second turns taken so far.
    pub(super) second_turns: u32,
    /// Goods tokens taken, `player * attributes + attribute`.
    pub(super) goods: Vec<u64>,
    /// The tile that last gave each player each good (same indexing).
    pub(super) goods_tile: Vec<u32>,
    /// Every goods token taken, by turn.
    pub(super) goods_taken: Vec<super::GoodsTaken>,
    pub(super) scores: Vec<Score>,
    pub(super) events: Vec<Event>,
    /// For each event, the placed tile it happened at (see [`Game::event_tiles`]).
    pub(super) event_tiles: Vec<u32>,
    /// In final scoring, the tile of what is being scored.
    pub(super) scoring_at: Option<u32>,
    /// Tile moves so far (the 1-based number of the current turn entry).
    pub(super) turn: u32,
    pub(super) active: usize,
    pub(super) phase: Phase,
    /// The tile placed this turn.
    pub(super) current: u32,
    /// Ringmasters whose feature final scoring scored: their bonus comes last.
    pub(super) final_ringmasters: Vec<(usize, u32)>,
    /// Scratch: units of each counted attribute of the feature being scored.
    pub(super) units: Vec<u64>,
    /// Scratch marks for counting distinct tiles and features.
    pub(super) seen_tiles: Vec<u32>,
    pub(super) seen_nodes: Vec<u32>,
    pub(super) generation: u32,
}

impl<'r> Game<'r> {
    /// A new game for `players` players, the tile set's start tile at (0, 0),
    /// unrotated.
    ///
    /// # Errors
    /// No start tile, or a player count outside 1..=[`MAX_PLAYERS`].
    pub fn new(rules: &'r Ruleset, players: usize) -> Result<Game<'r>, IllegalMove> {
        let Some(start) = rules.start else {
            return illegal("the tile set marks no start tile");
        };
        Game::with_start(
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
        rules: &'r Ruleset,
        players: usize,
        start: KindId,
        at: Placement,
    ) -> Result<Game<'r>, IllegalMove> {
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
            pyramid: Vec::with_capacity(tiles),
            acrobat_tiles: Vec::new(),
            bigtop: None,
            tokens_left: rules.tokens.iter().map(|t| t.count).collect(),
            pending_token: None,
            remaining: rules.kinds.iter().map(|k| k.count).collect(),
            stage_left: [0; super::draw::STAGES],
            river_entry: Vec::new(),
            bonus: Bonus::None,
            second_turns: 0,
            goods: vec![0; players * rules.vocab.attributes.len()],
            goods_tile: vec![0; players * rules.vocab.attributes.len()],
            goods_taken: Vec::new(),
            scores: vec![Score::default(); players],
            events: Vec::with_capacity(64),
            event_tiles: Vec::with_capacity(64),
            scoring_at: None,
            turn: 0,
            active: 0,
            phase: Phase::Tile,
            current: 0,
            final_ringmasters: Vec::new(),
            units: vec![0; rules.vocab.attributes.len()],
            seen_tiles: Vec::new(),
            seen_nodes: Vec::new(),
            generation: 0,
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
        Ok(game)
    }

    /// Applies one move.
    ///
    /// # Errors
    /// The move is not the one the phase expects, or the rules forbid it; the
    /// game is then unchanged.
    pub fn apply(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        match (self.phase, mv) {
            (
                Phase::Tile,
                Move::Place {
                    tile,
                    placement,
                    token,
                },
            ) => self.place(*tile, *placement, *token),
            (Phase::Tile, Move::Discard { tile }) => self.discard(*tile),
            (Phase::Figure, Move::Figure(action)) => {
                self.act(action)?;
                self.score_turn();
                Ok(())
            }
            (Phase::Crop, Move::Crop(crop)) => self.crop(crop),
            (Phase::Tile, Move::EndTurn) => self.decline_second_turn(),
            (Phase::Over, _) => illegal("the game is over"),
            (phase, _) => illegal(format!("{} expected here", phase_wants(phase))),
        }
    }

    /// Ends the turn: the next player's tile comes next, unless the tile
    /// earned the active player the builder's second turn.
    pub(super) fn end_turn(&mut self) {
        self.phase = Phase::Tile;
        if self.bonus == Bonus::Earned {
            self.bonus = Bonus::Due;
            return;
        }
        self.bonus = Bonus::None;
        self.active = (self.active + 1) % self.players;
    }

    /// What the game expects next.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The ruleset the game is played with.
    #[must_use]
    pub fn rules(&self) -> &'r Ruleset {
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

    /// Copies of an animal token not yet drawn.
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
        (
            p.kind,
            Placement {
                x: p.x,
                y: p.y,
                rotation: p.rotation,
            },
        )
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

    /// Where the big top stands, if a circus tile was placed.
    #[must_use]
    pub fn big_top(&self) -> Option<(i32, i32)> {
        let b = self.bigtop?;
        let p = &self.board.placed[b.tile as usize];
        Some((p.x, p.y))
    }

    pub(super) fn supply_mut(&mut self, player: usize, figure: FigureId) -> &mut u32 {
        let i = player * self.rules.figures.len() + usize::from(figure.0);
        &mut self.supply[i]
    }

    /// Adds points and records why, and where.
    pub(super) fn award(&mut self, event: Event) {
        if event.points != 0 {
            self.scores[event.player].add(event.source, event.points);
            self.events.push(event);
            self.event_tiles
                .push(self.scoring_at.unwrap_or(self.current));
        }
    }

    /// In final scoring, records the tile of what is scored next.
    pub(super) fn scoring_at(&mut self, tile: u32) {
        if self.phase == Phase::Over {
            self.scoring_at = Some(tile);
        }
    }

    /// Where each event of [`Game::events`] happened: during play, the tile
    /// placed that turn (it completed the feature, or brought the big top or
    /// the pyramid); in final scoring, the first-placed tile of the scored
    /// feature, or the tile of the big top, the acrobats or the ringmaster.
    pub fn event_tiles(&self) -> impl Iterator<Item = (KindId, Placement)> + '_ {
        self.event_tiles.iter().map(|&t| {
            let p = self.board.placed[t as usize];
            (
                p.kind,
                Placement {
                    x: p.x,
                    y: p.y,
                    rotation: p.rotation,
                },
            )
        })
    }

    /// The turn number for events: `None` during final scoring.
    pub(super) fn event_turn(&self) -> Option<u32> {
        (self.phase != Phase::Over && self.phase != Phase::Tile).then_some(self.turn)
    }

    /// Starts a new generation of scratch marks, sized for the board.
    pub(super) fn fresh_marks(&mut self) -> u32 {
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

fn phase_wants(phase: Phase) -> &'static str {
    match phase {
        Phase::Tile => "a tile (placement or discard, or declining a second turn) is",
        Phase::Figure => "the figure action for the tile just placed is",
        Phase::Crop => "the crop circle's action is",
        Phase::Over => "nothing is",
    }
}
