//! Gold (`capability gold` on a kind: the goldmine). A tile with a goldmine
//! puts a gold bar on itself and one on a tile of the 8 around it, which its
//! player chooses (set at once when only one tile is there). When a feature
//! completed during a turn is scored, the bars on its tiles (a cloister's:
//! its 3×3 square) go to the players who scored it (a field scored during
//! play, by a barn, is not completed and wins none): starting with the
//! active player and in turn order, each such player takes one bar at a
//! time until none is left. A player takes from the tile the most of the
//! scoring players may take from (the earliest placed among equals),
//! JCloisterZone's reading of the players' choice. Bars on features no one
//! scores stay. At game end a player's bars are worth 1 each (1-3 bars),
//! 2 (4-6), 3 (7-9) or 4 (10 or more), in the goods column.
//!
//! The rules have the bar placed before the figure action; the two
//! decisions are the same player's and neither changes the other, so the
//! engine asks for the bar after the figure action (and the phantom's),
//! before scoring. A bridge is no figure action of its own here: the
//! figure action that follows it comes first (the bridge gives it, after
//! this module in the registry).
//!
//! Hooks: `prepare_kind`, `placed` (the tile's own bar; the second is due),
//! `another_action` (the gold phase), `apply` (the second bar, then the
//! scoring), `expected`, `before_scoring`, `scored`, `turn_scored` (the
//! bars of what was completed, once every module's `after_scoring` has
//! scored what it completes: an abbey's walls, a castle), `final_last`
//! (their points).

use super::module::{hooks, Capability, Host, Module, On, Setup, Then};
use crate::emit::wire::{self, Shape};
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, Scored, SetupError};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::moves::{illegal, IllegalMove, MeepleAction, Move, Phase};

/// The capability.
pub const NAME: &str = "gold";

/// Which tile kinds have a goldmine.
#[derive(Debug)]
pub struct GoldTable {
    /// For each kind: it has a goldmine.
    mine: Vec<bool>,
}

/// The bars on the board and in the players' hands.
#[derive(Clone, Debug)]
pub struct Gold {
    /// Bars on the board: (placed tile, bars), in the order the tiles were
    /// first given one.
    bars: Vec<(u32, u32)>,
    /// Each player's bars.
    held: Vec<u32>,
    /// The tile that last gave each player a bar.
    last_tile: Vec<u32>,
    /// The second bar of the turn's tile is still to be placed.
    due: bool,
    /// The scoring of the turn is under way: completed features claim bars.
    scoring: bool,
    /// Claims of the features scored this turn: (placed tile, players as bits).
    claims: Vec<(u32, u32)>,
}

impl Module for Gold {
    type Table = GoldTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a goldmine: gold bars go on its tile and one around it; completed features hand them out; at game end each bar is worth 1 to 4 by how many a player holds",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![
        prepare_kind,
        placed,
        another_action,
        apply,
        expected,
        before_scoring,
        scored,
        turn_scored,
        final_last
    ];

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<GoldTable, SetupError> {
        Ok(GoldTable { mine: Vec::new() })
    }

    fn prepare_kind(
        table: &mut GoldTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let has = tile.features.iter().any(|f| s.kind_has(&f.kind, NAME));
        table.mine.push(has);
        Ok(())
    }

    fn new(_: &GoldTable, players: usize) -> Gold {
        Gold {
            bars: Vec::new(),
            held: vec![0; players],
            last_tile: vec![0; players],
            due: false,
            scoring: false,
            claims: Vec::new(),
        }
    }

    fn placed<X: Host>(&mut self, t: &GoldTable, game: &mut Game<'_, X>) {
        let kind = game.board.placed[game.current as usize].kind;
        if !t.mine.get(usize::from(kind.0)).copied().unwrap_or(false) {
            return;
        }
        self.add(game.current);
        let around = game.gold_squares();
        match around.as_slice() {
            [] => {}
            [only] => {
                if let Some(tile) = game.board.tile_at(only.0, only.1) {
                    self.add(tile);
                }
            }
            _ => self.due = true,
        }
    }

    fn another_action<X: Host>(
        &mut self,
        _: &GoldTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> bool {
        // The phantom's action (a module before this one) comes first; so
        // does the figure action after a bridge.
        if !self.due || game.phantom_due() || matches!(action, MeepleAction::Bridge { .. }) {
            return false;
        }
        game.phase = Phase::Gold;
        true
    }

    fn apply<X: Host>(
        &mut self,
        _: &GoldTable,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        let (Phase::Gold, &Move::Gold { x, y }) = (game.phase, mv) else {
            return None;
        };
        let options = game.gold_squares();
        let Some(tile) = options
            .contains(&(x, y))
            .then(|| game.board.tile_at(x, y))
            .flatten()
        else {
            let here = game.board.placed[game.current as usize];
            return Some(illegal(format!(
                "the second gold bar goes on a tile around the goldmine at ({}, {}); ({x}, {y}) is not one",
                here.x, here.y
            )));
        };
        self.add(tile);
        self.due = false;
        game.phase = Phase::Figure;
        Some(Ok(Some(Then::Score)))
    }

    fn expected(phase: Phase) -> Option<&'static str> {
        (phase == Phase::Gold).then_some("the tile for the second gold bar")
    }

    fn before_scoring<X: Host>(&mut self, _: &GoldTable, _: &mut Game<'_, X>) {
        self.scoring = !self.bars.is_empty();
        self.claims.clear();
    }

    fn scored<X: Host>(&mut self, _: &GoldTable, game: &mut Game<'_, X>, scored: &Scored<'_>) {
        if !self.scoring || scored.winners == 0 {
            return;
        }
        let root = scored.root;
        // A field is never completed: one scored during play (a barn's) wins
        // no gold.
        if game.features.shape(root) == Shape::Face {
            return;
        }
        if game.features.shape(root) == Shape::Spot {
            let at = game.board.placed[game.features.tile(root) as usize];
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if let Some(tile) = game.board.tile_at(at.x + dx, at.y + dy) {
                        self.claim(tile, scored.winners);
                    }
                }
            }
            return;
        }
        let mut m = root;
        loop {
            self.claim(game.features.tile(m), scored.winners);
            m = game.features.next(m);
            if m == root {
                break;
            }
        }
    }

    fn turn_scored<X: Host>(&mut self, _: &GoldTable, game: &mut Game<'_, X>) {
        self.scoring = false;
        if self.claims.is_empty() {
            return;
        }
        let players = game.players;
        let mut player = game.active;
        let mut idle = 0;
        // Round the table until a whole round hands out nothing.
        while idle < players {
            let bit = 1u32 << player;
            let pick = self
                .claims
                .iter()
                .filter(|c| c.1 & bit != 0 && self.on(c.0) > 0)
                .max_by(|a, b| a.1.count_ones().cmp(&b.1.count_ones()).then(b.0.cmp(&a.0)))
                .map(|c| c.0);
            match pick {
                Some(tile) => {
                    self.take(tile);
                    self.held[player] += 1;
                    self.last_tile[player] = tile;
                    idle = 0;
                }
                None => idle += 1,
            }
            player = (player + 1) % players;
        }
        self.claims.clear();
    }

    fn final_last<X: Host>(&mut self, _: &GoldTable, game: &mut Game<'_, X>) {
        for player in 0..game.players {
            let bars = self.held[player];
            if bars == 0 {
                continue;
            }
            game.scoring_at = Some(self.last_tile[player]);
            game.award(Event {
                turn: None,
                player,
                points: i64::from(bars) * i64::from(bar_value(bars)),
                source: Source::Goods,
                reason: Reason::Gold { bars },
            });
        }
    }
}

/// What each bar is worth to a player holding `bars`.
fn bar_value(bars: u32) -> u32 {
    match bars {
        0..=3 => 1,
        4..=6 => 2,
        7..=9 => 3,
        _ => 4,
    }
}

impl Gold {
    fn add(&mut self, tile: u32) {
        match self.bars.iter_mut().find(|b| b.0 == tile) {
            Some(b) => b.1 += 1,
            None => self.bars.push((tile, 1)),
        }
    }

    fn take(&mut self, tile: u32) {
        if let Some(b) = self.bars.iter_mut().find(|b| b.0 == tile) {
            b.1 -= 1;
        }
        self.bars.retain(|b| b.1 > 0);
    }

    /// A castle scored for its lord's owner `player`: like a cloister's
    /// square, the castle's fief (`squares`) claims its bars
    /// (JCloisterZone's reading; the rules name no castle).
    pub(super) fn castle_scored<X: Host>(
        game: &mut Game<'_, X>,
        player: usize,
        squares: &[(i32, i32)],
    ) {
        let tiles: Vec<u32> = squares
            .iter()
            .filter_map(|&(x, y)| game.board.tile_at(x, y))
            .collect();
        let Some(g) = game.x.module_mut::<Gold>().filter(|g| g.scoring) else {
            return;
        };
        for tile in tiles {
            g.claim(tile, 1 << player);
        }
    }

    /// Bars on a tile.
    fn on(&self, tile: u32) -> u32 {
        self.bars.iter().find(|b| b.0 == tile).map_or(0, |b| b.1)
    }

    fn claim(&mut self, tile: u32, players: u32) {
        if self.on(tile) == 0 {
            return;
        }
        match self.claims.iter_mut().find(|c| c.0 == tile) {
            Some(c) => c.1 |= players,
            None => self.claims.push((tile, players)),
        }
    }
}

impl<X: Host> Game<'_, X> {
    /// The squares around the tile just placed that hold a tile: where its
    /// second gold bar may go.
    #[must_use]
    pub fn gold_squares(&self) -> Vec<(i32, i32)> {
        let here = self.board.placed[self.current as usize];
        let mut out = Vec::new();
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (x, y) = (here.x + dx, here.y + dy);
                if (dx, dy) != (0, 0) && self.board.tile_at(x, y).is_some() {
                    out.push((x, y));
                }
            }
        }
        out
    }

    /// The gold bars a player holds.
    #[must_use]
    pub fn gold_held(&self, player: usize) -> u32 {
        self.x
            .module::<Gold>()
            .and_then(|g| g.held.get(player).copied())
            .unwrap_or(0)
    }

    /// The gold bars on the tile at a square.
    #[must_use]
    pub fn gold_at(&self, x: i32, y: i32) -> u32 {
        match (self.x.module::<Gold>(), self.board.tile_at(x, y)) {
            (Some(g), Some(tile)) => g.on(tile),
            _ => 0,
        }
    }
}
