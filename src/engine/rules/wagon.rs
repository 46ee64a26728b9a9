//! The wagon (`capability wagon` on a figure, which `stands-on road city
//! cloister`): a follower like any other while it stands (it weighs 1, the
//! big top counts it, as a flier it lands where its `stands-on` lets it).
//! When a feature it stands on is scored during play, it goes home with the
//! others, and then its owner may move it from supply back onto the board:
//! onto a feature it may stand on, on the tile it stood on or one of the
//! eight tiles around it, that no figure occupies (counting the whole
//! feature across the board) and that is unfinished (a road or city with an
//! open side, a cloister without its eight neighbours). Several wagons home
//! in one scoring decide one at a time, in turn order from the active
//! player; each sees the moves made before it. A wagon with no such feature
//! stays home, no decision. Final scoring moves no wagon.
//!
//! `wagon.by-road` 1 plays the first edition's reading instead: the wagon
//! moves only onto a feature joined to the scored one where a road ends —
//! a road ending at the scored city or cloister, the city, cloister or
//! other roads of a crossing where the scored road ends — or a cloister
//! inside the scored city (a spot touching it), on any of its tiles,
//! wherever the wagon stood; 0 (the default) the current rules above.
//!
//! Hooks: `prepare_kind` (each kind's road links), `parameters`,
//! `before_scoring` (a new scoring), `scored` (the wagons home),
//! `pending`, `apply` (the move), `expected`.

use super::module::{hooks, Capability, Host, Module, On, Setup, Then};
use crate::emit::wire::{self, Shape};
use crate::engine::core::board::SIDE_STEP;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, Scored, SetupError, Spot};
use crate::engine::ids::FigureId;
use crate::engine::moves::{illegal, IllegalMove, Move, Phase};
use crate::geometry::Slot;

/// The capability.
pub const NAME: &str = "wagon";

/// Which figures are wagons.
#[derive(Debug)]
pub struct WagonTable {
    /// One bit per `FigureId`.
    wagons: u32,
    /// `wagon.by-road`: the first edition's movement, along the roads.
    by_road: bool,
    /// For each tile kind: the pairs of its features joined where a road
    /// ends (a dead end at a feature, two dead ends at the village, a spot
    /// touching a feature), each pair both ways.
    links: Vec<Vec<(u8, u8)>>,
}

/// A wagon sent home by this turn's scoring: its owner, its figure and the
/// column and row of the tile it stood on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WagonDue {
    /// Its owner.
    pub player: usize,
    /// Its figure.
    pub figure: FigureId,
    /// Column of the tile it stood on.
    pub x: i32,
    /// Row of the tile it stood on.
    pub y: i32,
    /// A node of the feature scored.
    pub from: u32,
}

/// Where a wagon may go: column, row and feature id within the tile.
pub type WagonTarget = (i32, i32, u8);

/// The wagons still to decide this turn, in turn order.
#[derive(Clone, Debug)]
pub struct Wagon {
    due: Vec<WagonDue>,
}

impl Module for Wagon {
    type Table = WagonTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Figure,
        meaning: "a follower that, when its feature is scored during play, may move from home onto an unoccupied unfinished feature on its tile or one of the eight around",
        parameters: &[(
            "wagon.by-road",
            "0 (the default): the wagon moves onto a feature on its tile or one of the eight around; 1 (the first edition): only onto one joined to the scored feature where a road ends",
        )],
    };
    const HOOKS: u64 = hooks![
        prepare_kind,
        parameters,
        before_scoring,
        scored,
        pending,
        apply,
        expected
    ];

    fn table(_: &Setup<'_>, figures: &[FigureDef], _: &Vocab) -> Result<WagonTable, SetupError> {
        let wagons = (0..figures.len())
            .filter(|&i| figures[i].has(NAME))
            .fold(0u32, |m, i| m | 1 << i);
        Ok(WagonTable {
            wagons,
            by_road: false,
            links: Vec::new(),
        })
    }

    fn prepare_kind(
        table: &mut WagonTable,
        _: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        vocab: &Vocab,
    ) -> Result<(), SetupError> {
        let id = |i: usize| u8::try_from(i).ok();
        let mut links = Vec::new();
        let mut village = Vec::new();
        for (i, f) in tile.features.iter().enumerate() {
            let Some(a) = id(i) else { continue };
            for end in &f.ends {
                match *end {
                    wire::End::Feature { feature } => {
                        if let Some(b) = id(feature) {
                            links.extend([(a, b), (b, a)]);
                        }
                    }
                    wire::End::Village => village.push(a),
                    wire::End::Alone => {}
                }
            }
            // A spot's `touching` joins it (a cloister in a city); a
            // face's touching is no road.
            let spot = vocab
                .kind(&f.kind)
                .is_some_and(|k| vocab.kinds[usize::from(k)].shape == Shape::Spot);
            if spot {
                for &g in &f.touching {
                    if let Some(b) = id(g) {
                        links.extend([(a, b), (b, a)]);
                    }
                }
            }
        }
        for &a in &village {
            for &b in &village {
                if a != b {
                    links.push((a, b));
                }
            }
        }
        table.links.push(links);
        Ok(())
    }

    fn parameters(table: &mut WagonTable, params: &mut Params) -> Result<(), SetupError> {
        let by_road = params.require("wagon.by-road", false);
        if !(0..=1).contains(&by_road) {
            return Err(SetupError(format!(
                "rule parameter `wagon.by-road` is 0 (the current rules) or 1 (the first edition's, along the roads), not {by_road}"
            )));
        }
        table.by_road = by_road == 1;
        Ok(())
    }

    fn new(_: &WagonTable, _: usize) -> Wagon {
        Wagon { due: Vec::new() }
    }

    fn copy_from(&mut self, other: &Self) {
        self.due.clone_from(&other.due);
    }

    fn before_scoring<X: Host>(&mut self, _: &WagonTable, _: &mut Game<'_, X>) {
        self.due.clear();
    }

    fn scored<X: Host>(&mut self, t: &WagonTable, game: &mut Game<'_, X>, scored: &Scored<'_>) {
        if game.phase == Phase::Over {
            return;
        }
        for s in scored.returned {
            if t.wagons & (1 << s.figure.0) == 0 {
                continue;
            }
            let p = game.board.placed[s.tile as usize];
            self.due.push(WagonDue {
                player: usize::from(s.player),
                figure: s.figure,
                x: p.x,
                y: p.y,
                from: scored.root,
            });
        }
        let (active, players) = (game.active, game.players);
        self.due
            .sort_by_key(|d| (d.player + players - active) % players);
    }

    // Whether a wagon home has somewhere to go is asked only when its
    // decision comes, after every module's after-scoring work (an abbey's
    // walls joined, a castle built), though the wagon decides first.
    fn pending<X: Host>(&self, t: &WagonTable, game: &Game<'_, X>) -> Option<Phase> {
        self.due
            .iter()
            .any(|d| !targets(t, game, d).is_empty())
            .then_some(Phase::Wagon)
    }

    fn apply<X: Host>(
        &mut self,
        t: &WagonTable,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        let (Phase::Wagon, &Move::Wagon(to)) = (game.phase, mv) else {
            return None;
        };
        // Wagons with no place to go stay home without a decision.
        let mut due = std::mem::take(&mut self.due);
        due.retain(|d| !targets(t, game, d).is_empty());
        self.due = due;
        let Some(&due) = self.due.first() else {
            return Some(illegal("no wagon waits to move"));
        };
        if let Some((x, y, feature)) = to {
            let options = targets(t, game, &due);
            if !options.contains(&(x, y, feature)) {
                let name = game.board.tile_at(x, y).map_or_else(
                    || format!("#{feature}"),
                    |t| {
                        let p = game.board.placed[t as usize];
                        let count = game.rules.kinds[usize::from(p.kind.0)].features.len();
                        if usize::from(feature) < count {
                            game.rules.feature_name(p.kind, p.rotation, feature)
                        } else {
                            format!("#{feature}")
                        }
                    },
                );
                let range = if t.by_road {
                    "joined to the scored feature where a road ends (`wagon.by-road`)"
                } else {
                    "on that tile or one of the eight around it"
                };
                return Some(illegal(format!(
                    "player {}'s wagon, home from the tile at ({}, {}), moves only onto an unoccupied, unfinished feature it may stand on, {range}; the {name} of the tile at ({x}, {y}) is not one",
                    due.player, due.x, due.y
                )));
            }
            let Some(tile) = game.board.tile_at(x, y) else {
                return Some(illegal(format!("no tile at ({x}, {y})")));
            };
            let node = game.board.placed[tile as usize].first_node + u32::from(feature);
            game.stand_for(due.player, due.figure, tile, Spot::Node(node));
        }
        self.due.remove(0);
        // Wagons sent no place left to go stay home without a decision.
        let mut due = std::mem::take(&mut self.due);
        due.retain(|d| !targets(t, game, d).is_empty());
        self.due = due;
        Some(Ok(self.due.is_empty().then_some(Then::Decided)))
    }

    fn expected(phase: Phase) -> Option<&'static str> {
        (phase == Phase::Wagon).then_some("the wagon's move (a feature, or home)")
    }
}

/// True when feature node `node` (on placed tile `tile` at (x, y)) is one
/// a wagon home may move onto: it admits the wagon, no figure occupies its
/// feature, and the feature is unfinished.
fn open_for<X: Host>(game: &Game<'_, X>, due: &WagonDue, node: u32, x: i32, y: i32) -> bool {
    let tile = game.features.tile(node);
    let p = game.board.placed[tile as usize];
    let kind = &game.rules.kinds[usize::from(p.kind.0)];
    let f = usize::from(game.features.feature(node));
    if kind.features[f].admits & (1 << due.figure.0) == 0 || X::blocks_figures(game, tile) {
        return false;
    }
    let root = game.features.root(node);
    if game.features.occupants(root) > 0 {
        return false;
    }
    match game.features.shape(root) {
        Shape::Face => false,
        Shape::Spot => game.board.around(x, y) < 8,
        _ => game.features.open(root) > 0,
    }
}

/// The features a wagon home may move onto, by the first edition's
/// reading: every piece of each feature joined to the scored one where a
/// road ends, unoccupied and unfinished.
fn targets_by_road<X: Host>(
    t: &WagonTable,
    game: &Game<'_, X>,
    due: &WagonDue,
) -> Vec<WagonTarget> {
    let mut out = Vec::new();
    let root = game.features.root(due.from);
    let mut joined: Vec<u32> = Vec::new();
    let abbey = game.abbey_tile();
    let mut m = root;
    loop {
        let p = game.board.placed[game.features.tile(m) as usize];
        let f = game.features.feature(m);
        for &(a, b) in t
            .links
            .get(usize::from(p.kind.0))
            .map_or(&[][..], Vec::as_slice)
        {
            if a != f {
                continue;
            }
            let other = game.features.root(p.first_node + u32::from(b));
            if other != root && !joined.contains(&other) {
                joined.push(other);
            }
        }
        // An abbey's wall ends the piece where it touches it: the abbey's
        // cloister is joined to the scored feature there.
        if let Some(abbey) = abbey {
            let kind = &game.rules.kinds[usize::from(p.kind.0)];
            // The board sides the piece reaches: its slots', or a bridge's ends.
            let mut sides: Vec<usize> = (0..12)
                .filter(|&j| kind.slot_feature[j] == f)
                .map(|j| Slot::from_index(j).rotated(p.rotation).side().index())
                .collect();
            if let Some(ends) = game
                .x
                .module::<super::bridge::Bridges>()
                .and_then(|b| b.ends_of(game.features.tile(m), f))
            {
                sides.extend(ends.iter().map(|&e| usize::from(e)));
            }
            for side in sides {
                let (dx, dy) = SIDE_STEP[side];
                let Some(u) = game.board.tile_at(p.x + dx, p.y + dy) else {
                    continue;
                };
                let q = game.board.placed[u as usize];
                if q.kind != abbey {
                    continue;
                }
                for (c, piece) in (0u8..).zip(&game.rules.kinds[usize::from(abbey.0)].features) {
                    let other = game.features.root(q.first_node + u32::from(c));
                    if piece.admits & (1 << due.figure.0) != 0
                        && game.features.shape(other) == Shape::Spot
                        && !joined.contains(&other)
                    {
                        joined.push(other);
                    }
                }
            }
        }
        m = game.features.next(m);
        if m == root {
            break;
        }
    }
    for other in joined {
        let mut n = other;
        loop {
            let p = game.board.placed[game.features.tile(n) as usize];
            if open_for(game, due, n, p.x, p.y) {
                out.push((p.x, p.y, game.features.feature(n)));
            }
            n = game.features.next(n);
            if n == other {
                break;
            }
        }
    }
    out
}

/// The features a wagon home may move onto: (column, row, feature id) on
/// its tile and the eight around, unoccupied and unfinished (or, with
/// `wagon.by-road`, [`targets_by_road`]).
fn targets<X: Host>(t: &WagonTable, game: &Game<'_, X>, due: &WagonDue) -> Vec<WagonTarget> {
    let mut out = Vec::new();
    if game.supply(due.player, due.figure) == 0 {
        return out;
    }
    if t.by_road {
        return targets_by_road(t, game, due);
    }
    for dy in -1..=1 {
        for dx in -1..=1 {
            let (x, y) = (due.x + dx, due.y + dy);
            let Some(tile) = game.board.tile_at(x, y) else {
                continue;
            };
            if X::blocks_figures(game, tile) {
                continue;
            }
            let p = game.board.placed[tile as usize];
            let kind = &game.rules.kinds[usize::from(p.kind.0)];
            for (f, feature) in (0u8..).zip(&kind.features) {
                if feature.admits & (1 << due.figure.0) == 0 {
                    continue;
                }
                let node = p.first_node + u32::from(f);
                let root = game.features.root(node);
                if game.features.occupants(root) > 0 {
                    continue;
                }
                let open = match game.features.shape(root) {
                    Shape::Face => false,
                    Shape::Spot => game.board.around(x, y) < 8,
                    _ => game.features.open(root) > 0,
                };
                if open {
                    out.push((x, y, f));
                }
            }
        }
    }
    out
}

impl Game<'_, super::InPlay> {
    /// The wagon to decide now (its owner, figure and the tile it stood on)
    /// and the features it may move onto; `None` when no wagon move is due.
    #[must_use]
    pub fn wagon_due(&self) -> Option<(WagonDue, Vec<WagonTarget>)> {
        if self.phase != Phase::Wagon {
            return None;
        }
        let t = super::InPlay::table::<Wagon>(&self.rules.ext)?;
        self.x
            .module::<Wagon>()?
            .due
            .iter()
            .map(|d| (*d, targets(t, self, d)))
            .find(|(_, options)| !options.is_empty())
    }

    /// A rough worth of feature `f` of the tile at (`x`, `y`) to a wagon:
    /// the pieces of the feature across the board (0 without a tile).
    #[must_use]
    pub fn wagon_value(&self, x: i32, y: i32, f: u8) -> i64 {
        let Some(t) = self.board.tile_at(x, y) else {
            return 0;
        };
        let root = self
            .features
            .root(self.board.placed[t as usize].first_node + u32::from(f));
        let mut pieces = 1i64;
        let mut m = self.features.next(root);
        while m != root {
            pieces += 1;
            m = self.features.next(m);
        }
        pieces
    }
}
