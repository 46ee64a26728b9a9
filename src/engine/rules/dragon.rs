//! The dragon's moves (`capability dragon` on a kind: the dragon symbol).
//! After a turn whose tile shows the symbol is complete (tile, figure,
//! scoring), and once the dragon is on the board (`volcano`), the dragon
//! moves `dragon.moves` squares (6), one at a time, to a tile north, east,
//! south or west of it, never onto a tile it has stood on during this move
//! (its starting tile included); the active player chooses the first step,
//! the next player the second, and so on around the table. It stops early
//! when no step is left. Every figure on a tile it enters goes home (eaten):
//! followers, builders, pigs, acrobats, farmers; a follower on top of a
//! tower is out of its reach, and so is a castle's lord (BCB: a knight on a
//! castle cannot be attacked by the dragon); it never enters the fairy's
//! tile (`fairy`).
//! A player's builder or pig elsewhere on a
//! feature whose last follower of theirs was eaten goes home too. A dragon
//! tile placed before any volcano does not move the dragon.
//!
//! Hooks: `prepare_kind`, `parameters`, `placed` (a move falls due),
//! `pending` (the dragon's move), `apply` (its steps), `expected`.

use super::barn::Barn;
use super::castle;
use super::fairy::Fairy;
use super::module::{hooks, Capability, Host, Module, On, Setup, Then};
use super::pyramid::{self, Pyramid};
use super::tower::Towers;
use super::volcano::Volcano;
use crate::emit::wire;
use crate::engine::core::board::Placed;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError, Spot};
use crate::engine::moves::{illegal, IllegalMove, Move, Phase};

/// The capability.
pub const NAME: &str = "dragon";

/// Which tile kinds show the dragon, and how far it moves.
#[derive(Debug)]
pub struct DragonTable {
    /// For each kind: it shows the dragon symbol.
    symbol: Vec<bool>,
    /// `dragon.moves`.
    moves: u32,
    /// `dragon.eats-tower-tops` 1: a follower on top of a tower is eaten too.
    eats_tops: bool,
}

/// A move falling due, and what the dragon ate.
#[derive(Clone, Debug)]
pub struct Dragon {
    /// The turn's tile showed the symbol with the dragon on the board.
    due: bool,
    /// Figures eaten so far.
    eaten: u32,
}

impl Module for Dragon {
    type Table = DragonTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "the dragon symbol: after the turn the dragon moves, the players choosing a step each in turn, eating the figures on the tiles it enters",
        parameters: &[
            ("dragon.moves", "squares the dragon moves after a dragon tile"),
            (
                "dragon.eats-tower-tops",
                "0 (the default): a follower on top of a tower is out of the dragon's reach; 1 (JCloisterZone's): the dragon eats it too",
            ),
        ],
    };
    const HOOKS: u64 = hooks![prepare_kind, parameters, placed, pending, apply, expected];
    const PREVIEWED: bool = true;

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<DragonTable, SetupError> {
        Ok(DragonTable {
            symbol: Vec::new(),
            moves: 0,
            eats_tops: false,
        })
    }

    fn prepare_kind(
        table: &mut DragonTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let has = tile.features.iter().any(|f| s.kind_has(&f.kind, NAME));
        table.symbol.push(has);
        Ok(())
    }

    fn parameters(table: &mut DragonTable, params: &mut Params) -> Result<(), SetupError> {
        let moves = params.require("dragon.moves", true);
        table.moves = u32::try_from(moves).map_err(|_| {
            SetupError(format!(
                "rule parameter `dragon.moves` must not be negative, not {moves}"
            ))
        })?;
        let tops = params.require("dragon.eats-tower-tops", false);
        if !(0..=1).contains(&tops) {
            return Err(SetupError(format!(
                "rule parameter `dragon.eats-tower-tops` is 0 (the tower keeps its follower safe) or 1 (JCloisterZone's: the dragon eats it), not {tops}"
            )));
        }
        table.eats_tops = tops == 1;
        Ok(())
    }

    fn new(_: &DragonTable, _: usize) -> Dragon {
        Dragon {
            due: false,
            eaten: 0,
        }
    }

    fn placed<X: Host>(&mut self, t: &DragonTable, game: &mut Game<'_, X>) {
        let kind = game.board.placed[game.current as usize].kind;
        let on_board = game
            .x
            .module::<Volcano>()
            .is_some_and(|v| v.dragon.is_some());
        self.due = on_board && t.symbol.get(usize::from(kind.0)).copied().unwrap_or(false);
    }

    fn pending<X: Host>(&self, _: &DragonTable, _: &Game<'_, X>) -> Option<Phase> {
        self.due.then_some(Phase::Dragon)
    }

    fn apply<X: Host>(
        &mut self,
        t: &DragonTable,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        match (game.phase, mv) {
            (Phase::Dragon, Move::Dragon(steps)) => {
                Some(self.fly(t, game, steps).map(|()| Some(Then::Decided)))
            }
            _ => None,
        }
    }

    fn expected(phase: Phase) -> Option<&'static str> {
        (phase == Phase::Dragon).then_some("the dragon's move")
    }
}

/// The squares the dragon may step to from the last of `path` (or from
/// where it stands): tiles north, east, south or west, none of `path` and
/// not its starting tile, nor the fairy's (`fairy`, read through the host).
fn steps_from<X: Host>(game: &Game<'_, X>, path: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let Some(start) = game.x.module::<Volcano>().and_then(|v| v.dragon).map(|t| {
        (
            game.board.placed[t as usize].x,
            game.board.placed[t as usize].y,
        )
    }) else {
        return Vec::new();
    };
    let (x, y) = path.last().copied().unwrap_or(start);
    let fairy = game.x.module::<Fairy>().and_then(Fairy::tile);
    [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]
        .into_iter()
        .filter(|&(sx, sy)| {
            let tile = game.board.tile_at(sx, sy);
            tile.is_some() && tile != fairy && (sx, sy) != start && !path.contains(&(sx, sy))
        })
        .collect()
}

impl Dragon {
    /// Checks and performs the dragon's whole move.
    fn fly<X: Host>(
        &mut self,
        t: &DragonTable,
        game: &mut Game<'_, X>,
        steps: &[(i32, i32)],
    ) -> Result<(), IllegalMove> {
        let mut path: Vec<(i32, i32)> = Vec::with_capacity(steps.len());
        for (i, &step) in steps.iter().enumerate() {
            if i as u32 >= t.moves {
                return illegal(format!(
                    "the dragon moves {} squares, not {}",
                    t.moves,
                    steps.len()
                ));
            }
            if !steps_from(game, &path).contains(&step) {
                return illegal(format!(
                    "step {} to ({}, {}): the dragon moves to a tile north, east, south or west of it that it has not stood on during this move{}",
                    i + 1,
                    step.0,
                    step.1,
                    if game.x.module::<Fairy>().is_some() {
                        ", and never onto the fairy's"
                    } else {
                        ""
                    }
                ));
            }
            path.push(step);
        }
        let left = steps_from(game, &path).len();
        if (path.len() as u32) < t.moves && left > 0 {
            return illegal(format!(
                "the dragon moves {} squares while it can: {} given, and it can go on",
                t.moves,
                path.len()
            ));
        }
        self.due = false;
        for &(x, y) in &path {
            if let Some(tile) = game.board.tile_at(x, y) {
                self.eat(game, tile);
                if let Some(v) = game.x.module_mut::<Volcano>() {
                    v.dragon = Some(tile);
                }
            }
        }
        Ok(())
    }

    /// Sends home every figure on placed tile `tile` but a follower on top
    /// of a tower or a castle's lord, then the companions left without their owner's follower.
    fn eat<X: Host>(&mut self, game: &mut Game<'_, X>, tile: u32) {
        let placed = game.board.placed[tile as usize];
        let tower_top = tower_top(game, placed);
        let safe = !X::table::<Dragon>(&game.rules.ext).is_some_and(|t| t.eats_tops);
        let mut roots: Vec<(usize, u32)> = Vec::new();
        let mut i = game.standing.len();
        while i > 0 {
            i -= 1;
            let s = game.standing[i];
            if s.tile != tile || (safe && Some(s.spot) == tower_top) {
                continue;
            }
            // A castle's lord is out of the dragon's reach.
            if s.spot == Spot::Off(castle::SPOT) {
                continue;
            }
            // A barn stands where four tiles meet, on none of them alone.
            if X::table::<Barn>(&game.rules.ext).is_some_and(|b| b.is_barn(s.figure)) {
                continue;
            }
            game.return_figure(i);
            self.eaten += 1;
            if Some(s.spot) == tower_top {
                // `dragon.eats-tower-tops` 1: the tower is open again.
                if let Some(w) = game.x.module_mut::<Towers>() {
                    w.reopen(tile);
                }
            }
            match s.spot {
                Spot::Node(n) => roots.push((usize::from(s.player), game.features.find(n))),
                Spot::Off(pyramid::SPOT) => {
                    if let Some(p) = game.x.module_mut::<Pyramid>() {
                        p.left(tile);
                    }
                }
                Spot::Off(_) => {}
            }
        }
        for (player, root) in roots {
            game.release_companions(player, root);
        }
    }
}

/// The spot of a follower on top of a tower on `placed`, out of the
/// dragon's reach (none without a tower, or with `dragon.eats-tower-tops` 1).
fn safe_tower_top<X: Host>(game: &Game<'_, X>, placed: Placed) -> Option<Spot> {
    if X::table::<Dragon>(&game.rules.ext).is_some_and(|t| t.eats_tops) {
        return None;
    }
    tower_top(game, placed)
}

/// The spot on top of the tower foundation of `placed`, if it has one.
fn tower_top<X: Host>(game: &Game<'_, X>, placed: Placed) -> Option<Spot> {
    X::table::<Towers>(&game.rules.ext)
        .and_then(|t| t.foundation_of(placed.kind))
        .map(|f| Spot::Node(placed.first_node + u32::from(f)))
}

impl Game<'_, super::InPlay> {
    /// Where the dragon may step next, after the steps `path` of the move
    /// due (empty when no move is due or none is left).
    #[must_use]
    pub fn dragon_steps(&self, path: &[(i32, i32)]) -> Vec<(i32, i32)> {
        let (Some(m), Some(t)) = (
            self.x.module::<Dragon>(),
            super::InPlay::table::<Dragon>(&self.rules.ext),
        ) else {
            return Vec::new();
        };
        if !m.due || self.phase != Phase::Dragon || path.len() as u32 >= t.moves {
            return Vec::new();
        }
        steps_from(self, path)
    }

    /// The player who chooses step `i` (0-based) of the dragon's move: the
    /// active player first, then around the table.
    #[must_use]
    pub fn dragon_chooser(&self, i: usize) -> usize {
        (self.active + i) % self.players
    }

    /// The owners of the figures the dragon would eat on the tile at (x, y),
    /// one entry a figure.
    pub fn figures_on_tile(&self, x: i32, y: i32) -> impl Iterator<Item = usize> + '_ {
        let tile = self.board.tile_at(x, y);
        let top = tile.and_then(|t| safe_tower_top(self, self.board.placed[t as usize]));
        let barns = super::InPlay::table::<Barn>(&self.rules.ext);
        self.standing
            .iter()
            .filter(move |s| {
                Some(s.tile) == tile
                    && Some(s.spot) != top
                    && !barns.is_some_and(|b| b.is_barn(s.figure))
            })
            .map(|s| usize::from(s.player))
    }

    /// True while the dragon tiles wait in the bag: no volcano is down yet
    /// and one is still to draw. The published rules set a dragon tile
    /// drawn before the volcano aside and shuffle it back once a volcano is
    /// down; drawing among the other tiles meanwhile deals the same odds.
    #[must_use]
    pub fn dragon_tiles_wait(&self) -> bool {
        if !self.x.any || self.dragon_at().is_some() {
            return false;
        }
        let (Some(_), Some(v)) = (
            super::InPlay::table::<Dragon>(&self.rules.ext),
            super::InPlay::table::<Volcano>(&self.rules.ext),
        ) else {
            return false;
        };
        v.volcano_kinds()
            .iter()
            .any(|&k| self.remaining.get(k).is_some_and(|&n| n > 0))
    }

    /// True when tile kind `kind` shows the dragon (and waits while
    /// [`Game::dragon_tiles_wait`]).
    #[must_use]
    pub fn shows_dragon(&self, kind: crate::engine::ids::KindId) -> bool {
        super::InPlay::table::<Dragon>(&self.rules.ext)
            .and_then(|t| t.symbol.get(usize::from(kind.0)).copied())
            .unwrap_or(false)
    }

    /// Figures the dragon ate so far.
    #[must_use]
    pub fn dragon_eaten(&self) -> u32 {
        if !self.x.any {
            return 0;
        }
        self.x.module::<Dragon>().map_or(0, |d| d.eaten)
    }
}
