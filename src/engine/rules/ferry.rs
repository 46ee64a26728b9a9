//! The ferry (`capability ferry` on a kind, a spot): a lake in the middle
//! of its tile, where the tile's roads end. After the figure action of a
//! tile with a lake, its player puts a ferry on the lake joining two of its
//! road ends into one road (the other ends stay closed at the lake). Then,
//! along every road of the tile just placed, the first ferry on another
//! lake in each direction (a ferry the road reaches before any other) may be
//! moved once this turn to join another pair of its lake's road ends (a
//! road is followed over bridges and through tunnels, `bridge`, `tunnel`); the
//! roads it joined split, the ends it joins now meet. After each move the
//! ferries reachable are looked for again; the player stops when they like.
//! Everything is decided before scoring: the tile's completed features are
//! scored as the ferries left them, then each road at a moved ferry's lake
//! that is complete and holds figures (docs/rules.md, "The Ferries").
//!
//! Hooks: `prepare_kind` (the lakes' road ends), `tile_move`,
//! `due_before_scoring` (the ferry to place, the ferries to move), `apply`
//! (a ferry placed or moved, or no more moves), `expected`, `relink` (a
//! rebuilt road keeps its ferries), `after_scoring` (the roads a move
//! completed).

use super::bridge::Bridges;
use super::module::{hooks, Capability, Host, Module, On, Setup, Then};
use super::tunnel::Tunnel;
use crate::emit::wire::{self, Shape};
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError};
use crate::engine::moves::{illegal, IllegalMove, Move, Phase};

/// The capability.
pub const NAME: &str = "ferry";

/// A ferry move or placement: column, row, the two road ends (feature ids).
pub type FerryChoice = Option<(i32, i32, u8, u8)>;

/// For each tile kind (`KindId` order): the road ends at its lake, empty
/// when it has none.
#[derive(Debug, Default)]
pub struct FerryTable {
    ends: Vec<Vec<u8>>,
}

/// What is due this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Due {
    Nothing,
    /// The ferry on the lake of the tile just placed.
    Place,
    /// Ferries may be moved.
    Move,
}

/// The ferries on the board and this turn's moves.
#[derive(Clone, Debug)]
pub struct Ferry {
    /// Each ferry: the placed tile of its lake and the two road ends
    /// (feature ids) it joins.
    ferries: Vec<(u32, u8, u8)>,
    /// Placed tiles whose ferry was moved this turn.
    moved: Vec<u32>,
    due: Due,
    /// Scratch: the pieces of a rebuilt road.
    members: Vec<u32>,
}

impl Module for Ferry {
    type Table = FerryTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a lake with a ferry: the ferry joins two of the roads ending at it; a tile extending a road may move the first ferry along it each way",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![
        prepare_kind,
        tile_move,
        due_before_scoring,
        apply,
        expected,
        relink,
        after_scoring
    ];

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<FerryTable, SetupError> {
        Ok(FerryTable::default())
    }

    fn prepare_kind(
        table: &mut FerryTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        kind: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let lake = s.sole_feature(tile, NAME, "ferry lakes")?.is_some();
        let ends: Vec<u8> = if lake {
            (0u8..)
                .zip(&kind.features)
                .filter(|(_, f)| f.shape == Shape::Path)
                .map(|(i, _)| i)
                .collect()
        } else {
            Vec::new()
        };
        if lake && ends.len() < 2 {
            return Err(SetupError(format!(
                "tile `{}`: a ferry lake needs two roads ending at it",
                tile.id
            )));
        }
        table.ends.push(ends);
        Ok(())
    }

    fn new(_: &FerryTable, _: usize) -> Ferry {
        Ferry {
            ferries: Vec::new(),
            moved: Vec::new(),
            due: Due::Nothing,
            members: Vec::new(),
        }
    }

    fn tile_move<X: Host>(&mut self, _: &FerryTable, _: &mut Game<'_, X>) {
        self.moved.clear();
        self.due = Due::Nothing;
    }

    fn due_before_scoring<X: Host>(
        &mut self,
        t: &FerryTable,
        game: &mut Game<'_, X>,
    ) -> Option<Phase> {
        let current = game.current;
        let lake = !ends(t, game, current).is_empty();
        let placed = self.ferries.iter().any(|f| f.0 == current);
        self.due = if lake && !placed {
            Due::Place
        } else if self.movable(game).is_empty() {
            Due::Nothing
        } else {
            Due::Move
        };
        (self.due != Due::Nothing).then_some(Phase::Ferry)
    }

    fn apply<X: Host>(
        &mut self,
        t: &FerryTable,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        let Move::Ferry(choice) = *mv else {
            return None;
        };
        if game.phase != Phase::Ferry || self.due == Due::Nothing {
            return None;
        }
        if let Err(e) = self.ferry_move(t, game, choice) {
            return Some(Err(e));
        }
        if choice.is_some() && !self.movable(game).is_empty() {
            self.due = Due::Move;
            return Some(Ok(None));
        }
        self.due = Due::Nothing;
        Some(Ok(Some(Then::Score)))
    }

    fn expected(phase: Phase) -> Option<&'static str> {
        (phase == Phase::Ferry).then_some("a ferry placed on the lake, or a ferry moved (or none)")
    }

    fn relink<X: Host>(&mut self, _: &FerryTable, game: &mut Game<'_, X>, members: &[u32]) {
        self.link(game, members);
    }

    fn after_scoring<X: Host>(&mut self, t: &FerryTable, game: &mut Game<'_, X>) {
        for i in 0..self.moved.len() {
            let tile = self.moved[i];
            let first = game.board.placed[tile as usize].first_node;
            for &e in ends(t, game, tile) {
                let root = game.features.find(first + u32::from(e));
                if game.features.open(root) == 0 && game.features.occupants(root) > 0 {
                    game.score_feature(root);
                }
            }
        }
    }
}

/// The road ends at the lake of placed tile `tile` (none without a lake).
fn ends<'t, X: Host>(t: &'t FerryTable, game: &Game<'_, X>, tile: u32) -> &'t [u8] {
    let kind = game.board.placed[tile as usize].kind;
    t.ends.get(usize::from(kind.0)).map_or(&[], Vec::as_slice)
}

impl Ferry {
    /// Appends the road ends at the lakes of the ferries moved this turn
    /// (nodes): the roads a move may have completed.
    pub(super) fn moved_ends_into<X: Host>(&self, game: &Game<'_, X>, out: &mut Vec<u32>) {
        let Some(t) = X::table::<Ferry>(&game.rules.ext) else {
            return;
        };
        for &tile in &self.moved {
            let first = game.board.placed[tile as usize].first_node;
            out.extend(ends(t, game, tile).iter().map(|&e| first + u32::from(e)));
        }
    }

    /// The road end a ferry joins node `n` to, on its lake's tile (another
    /// module follows a road through it: the razboynik).
    pub(super) fn across<X: Host>(&self, game: &Game<'_, X>, n: u32) -> Option<u32> {
        let (tile, a, b) = self.ferries[self.at(game, n)?];
        let first = game.board.placed[tile as usize].first_node;
        let f = game.features.feature(n);
        Some(first + u32::from(if f == a { b } else { a }))
    }

    /// Joins the road ends of every ferry whose both ends are among
    /// `members` (a rebuilt road).
    fn link<X: Host>(&self, game: &mut Game<'_, X>, members: &[u32]) {
        for &(tile, a, b) in &self.ferries {
            let first = game.board.placed[tile as usize].first_node;
            let (a, b) = (first + u32::from(a), first + u32::from(b));
            if members.contains(&a) && members.contains(&b) {
                game.features.join(a, b, false);
            }
        }
    }

    /// The ferry joining node `n` to another, on its tile: its index.
    fn at<X: Host>(&self, game: &Game<'_, X>, n: u32) -> Option<usize> {
        let tile = game.features.tile(n);
        let f = game.features.feature(n);
        self.ferries
            .iter()
            .position(|&(t, a, b)| t == tile && (a == f || b == f))
    }

    /// The placed tiles whose ferry may be moved: the first ferry on each
    /// road of the tile just placed, each way, not on that tile and not
    /// moved this turn.
    fn movable<X: Host>(&self, game: &Game<'_, X>) -> Vec<u32> {
        let current = game.current;
        let p = game.board.placed[current as usize];
        let rules = game.rules;
        let kind = &rules.kinds[usize::from(p.kind.0)];
        let roads = || {
            (0u8..)
                .zip(&kind.features)
                .filter(|(_, f)| f.shape == Shape::Path)
                .map(|(i, _)| p.first_node + u32::from(i))
        };
        // Only a road holding another lake's ferry is followed. The tile's
        // road roots are found once (a tile has few roads; beyond eight the
        // rest are found per ferry).
        let mut mine = [u32::MAX; 8];
        for (slot, n) in mine.iter_mut().zip(roads()) {
            *slot = game.features.root(n);
        }
        let many = roads().nth(mine.len()).is_some();
        let reaches = self.ferries.iter().any(|&(tile, a, _)| {
            tile != current && {
                let first = game.board.placed[tile as usize].first_node;
                let root = game.features.root(first + u32::from(a));
                mine.contains(&root) || many && roads().any(|n| game.features.root(n) == root)
            }
        });
        if !reaches {
            return Vec::new();
        }
        let mut queue: Vec<u32> = roads().collect();
        let mut seen = queue.clone();
        let mut found = Vec::new();
        let mut next = Vec::new();
        while let Some(n) = queue.pop() {
            let ferry = self.at(game, n);
            if let Some(i) = ferry {
                let (tile, a, b) = self.ferries[i];
                if tile != current {
                    // The first ferry this way: it stops the search.
                    if !self.moved.contains(&tile) && !found.contains(&tile) {
                        found.push(tile);
                    }
                    continue;
                }
                let first = game.board.placed[tile as usize].first_node;
                let f = game.features.feature(n);
                next.push(first + u32::from(if f == a { b } else { a }));
            }
            game.side_neighbours(n, &mut next);
            // A road goes on over a bridge and through a tunnel.
            if let Some(b) = game.x.module::<Bridges>() {
                b.beyond(game, n, &mut next);
            }
            if let Some(m) = game.x.module::<Tunnel>().and_then(|t| t.through(n)) {
                next.push(m);
            }
            for m in next.drain(..) {
                if !seen.contains(&m) {
                    seen.push(m);
                    queue.push(m);
                }
            }
        }
        found
    }

    /// The choices of the ferry decision due (empty when none is).
    fn choices<X: Host>(&self, t: &FerryTable, game: &Game<'_, X>) -> Vec<FerryChoice> {
        let pairs = |tile: u32, except: Option<(u8, u8)>, out: &mut Vec<FerryChoice>| {
            let p = game.board.placed[tile as usize];
            let e = ends(t, game, tile);
            for (i, &a) in e.iter().enumerate() {
                for &b in &e[i + 1..] {
                    if except != Some((a, b)) {
                        out.push(Some((p.x, p.y, a, b)));
                    }
                }
            }
        };
        let mut out = Vec::new();
        match self.due {
            Due::Nothing => {}
            Due::Place => pairs(game.current, None, &mut out),
            Due::Move => {
                out.push(None);
                for tile in self.movable(game) {
                    let now = self
                        .ferries
                        .iter()
                        .find(|f| f.0 == tile)
                        .map(|f| (f.1, f.2));
                    pairs(tile, now, &mut out);
                }
            }
        }
        out
    }

    /// Checks and performs a ferry placed or moved (or no more moves).
    fn ferry_move<X: Host>(
        &mut self,
        t: &FerryTable,
        game: &mut Game<'_, X>,
        choice: FerryChoice,
    ) -> Result<(), IllegalMove> {
        let Some((x, y, a, b)) = choice else {
            if self.due == Due::Place {
                return illegal("a ferry must be placed on the lake of the tile just placed");
            }
            return Ok(());
        };
        let (a, b) = (a.min(b), a.max(b));
        let Some(tile) = game.board.tile_at(x, y) else {
            return illegal(format!("no tile at ({x}, {y})"));
        };
        let e = ends(t, game, tile);
        if e.is_empty() {
            return illegal(format!("the tile at ({x}, {y}) has no ferry lake"));
        }
        if a == b || !e.contains(&a) || !e.contains(&b) {
            return illegal(format!(
                "a ferry joins two different roads ending at the lake of the tile at ({x}, {y})"
            ));
        }
        let first = game.board.placed[tile as usize].first_node;
        let (na, nb) = (first + u32::from(a), first + u32::from(b));
        if self.due == Due::Place {
            if tile != game.current {
                return illegal(
                    "the new ferry goes on the lake of the tile just placed, before any is moved",
                );
            }
            self.ferries.push((tile, a, b));
            game.features.join(na, nb, false);
            return Ok(());
        }
        if !self.movable(game).contains(&tile) {
            return illegal(format!(
                "the ferry at ({x}, {y}) may not be moved: only the first ferry each way along a road of the tile just placed, once a turn"
            ));
        }
        let Some(i) = self.ferries.iter().position(|f| f.0 == tile) else {
            return illegal(format!("no ferry on the lake at ({x}, {y})"));
        };
        let (_, oa, ob) = self.ferries[i];
        if (oa, ob) == (a, b) {
            return illegal(format!(
                "the ferry at ({x}, {y}) joins those roads already: a move joins another pair"
            ));
        }
        self.ferries[i] = (tile, a, b);
        self.moved.push(tile);
        let mut members = std::mem::take(&mut self.members);
        game.rebuild(first + u32::from(oa), &mut members);
        // This module is out of the registry during its move: its own
        // ferries are joined here.
        self.link(game, &members);
        self.members = members;
        game.features.join(na, nb, false);
        Ok(())
    }
}

impl Game<'_, super::InPlay> {
    /// The choices of the ferry decision due: a pair of road ends for the
    /// new ferry, or (`None` first) no more moves and every move allowed.
    #[must_use]
    pub fn ferry_choices(&self) -> Vec<FerryChoice> {
        let (Some(m), Some(t)) = (
            self.x.module::<Ferry>(),
            super::InPlay::table::<Ferry>(&self.rules.ext),
        ) else {
            return Vec::new();
        };
        m.choices(t, self)
    }
}
