//! Solovei Razboynik (`capability razboynik` on a spot kind), the robber
//! in his tree by the road. The road passes the tree as one road (the tile's
//! own features: the tree is a spot no figure stands on). The road, or
//! roads, of his tile are his: each time something happens on them, he traps
//! the follower nearest his tile along the road (all of them when several
//! are equally near), taking it off the board. It happens when:
//!
//! - his tile is placed, or a tile placed later extends his road (joining
//!   another road to it included): checked after the tile is placed;
//! - a follower comes to his road: checked after the figure action (and
//!   whatever a module decides before scoring: a tunnel or a ferry that
//!   joins an occupied road to his), before anything is scored, so a
//!   follower placed on his road never scores it. A follower that comes
//!   after scoring (a wagon's move) is seen when the next tile is placed.
//!
//! Nearness is counted in tiles along the road from his tile: a step across
//! a tile side or through a built tunnel is one, a ferry's crossing of its
//! lake none (its two ends lie on one tile). A stretch joined by some other
//! rule's connection counts as farther than all the rest.
//!
//! Only followers are trapped (not the builder, the pig or other companions,
//! nor neutral figures); a companion whose owner loses their last follower
//! on its feature goes home with it (the core's companions).
//!
//! The trap is the Vodyanoy's: the Vodyanoy module (before this one in the
//! registry) holds the followers this one traps (`Vodyanoy::hold`), so both
//! traps share one notion of a trapped follower: counted neither in supply
//! nor on the board, freed by its owner instead of a figure action (the
//! Vodyanoy's figure action, one follower, any turn), and each still
//! trapped at game end scoring `vodyanoy.trapped` (-2), booked as a line of
//! its own for this tile. Why one trap, not two: the published rules give
//! both the same freeing and the same cost, a player frees "a trapped
//! follower" whichever trap holds it, and a follower on the tree next to a
//! Vodyanoy would pass to the Vodyanoy (the tile's author's clarification)
//! without changing anything either rule counts. So a set with the
//! razboynik needs the Vodyanoy's rules in play (a kind with `vodyanoy`);
//! Russian Promos (2016) has both tiles, and a set with the razboynik alone
//! is refused at setup.
//!
//! Hooks: `placed` (a new tree, a road extended, followers come since),
//! `before_scoring` (followers placed on the road), `after_scoring`
//! (followers scored home are forgotten).

use std::collections::VecDeque;

use super::ferry::Ferry;
use super::module::{hooks, Capability, Host, Module, On, Setup};
use super::tunnel::Tunnel;
use super::vodyanoy::{self, Captive, Vodyanoy};
use crate::emit::wire::Shape;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError, Spot};

/// The capability.
pub const NAME: &str = "razboynik";

/// Which kinds are the razboynik's tree.
#[derive(Debug)]
pub struct RazboynikTable {
    /// One bit per vocabulary kind.
    trees: u64,
}

/// A placed tree.
#[derive(Clone, Copy, Debug)]
struct Tree {
    /// Its placed tile.
    tile: u32,
    /// Its kind.
    kind: u8,
    /// Followers on its roads when last looked at.
    seen: u32,
}

/// The trees on the board.
#[derive(Clone, Debug)]
pub struct Razboynik {
    trees: Vec<Tree>,
    /// Followers trapped so far.
    caught: u32,
}

impl Module for Razboynik {
    type Table = RazboynikTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "Solovei Razboynik: the follower nearest his tile along its road is trapped when a tile extends the road or a follower comes to it (held as the Vodyanoy's: freed instead of a figure action, `vodyanoy.trapped` each at game end)",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![placed, before_scoring, after_scoring];

    fn table(s: &Setup<'_>, _: &[FigureDef], vocab: &Vocab) -> Result<RazboynikTable, SetupError> {
        if !s.kinds_use(vodyanoy::NAME) {
            return Err(SetupError(format!(
                "the `{NAME}` rules keep their trapped followers with the Vodyanoy's: a set with `{NAME}` needs a kind with `{}` in play",
                vodyanoy::NAME
            )));
        }
        let mut trees = 0u64;
        for k in &s.vocabulary().kinds {
            if k.capabilities.iter().any(|c| c == NAME) {
                if let Some(i) = vocab.kind(&k.id) {
                    trees |= 1 << i;
                }
            }
        }
        Ok(RazboynikTable { trees })
    }

    fn new(_: &RazboynikTable, _: usize) -> Razboynik {
        Razboynik {
            trees: Vec::new(),
            caught: 0,
        }
    }

    fn placed<X: Host>(&mut self, t: &RazboynikTable, game: &mut Game<'_, X>) {
        let tile = game.current;
        let p = game.board.placed[tile as usize];
        let k = &game.rules.kinds[usize::from(p.kind.0)];
        if let Some(f) = k.features.iter().find(|f| t.trees & (1 << f.kind) != 0) {
            self.trees.push(Tree {
                tile,
                kind: f.kind,
                seen: 0,
            });
        }
        for i in 0..self.trees.len() {
            let tree = self.trees[i];
            let extended = Roads::of(game, tree.tile).meets(&Roads::of(game, tile));
            let mut now = followers_on(game, tree.tile);
            if now > 0 && (extended || now > tree.seen) {
                self.trap_nearest(game, i);
                now = followers_on(game, tree.tile);
            }
            self.trees[i].seen = now;
        }
    }

    fn before_scoring<X: Host>(&mut self, _: &RazboynikTable, game: &mut Game<'_, X>) {
        for i in 0..self.trees.len() {
            let mut now = followers_on(game, self.trees[i].tile);
            if now > self.trees[i].seen {
                self.trap_nearest(game, i);
                now = followers_on(game, self.trees[i].tile);
            }
            self.trees[i].seen = now;
        }
    }

    fn after_scoring<X: Host>(&mut self, _: &RazboynikTable, game: &mut Game<'_, X>) {
        for i in 0..self.trees.len() {
            self.trees[i].seen = followers_on(game, self.trees[i].tile);
        }
    }
}

/// The roots of the roads (path-shaped features) of a placed tile, without
/// repeats (no allocation: this is asked every turn once a tree is down).
#[derive(Clone, Copy)]
struct Roads {
    len: usize,
    roots: [u32; 12],
}

impl Roads {
    /// The roads of placed tile `tile`.
    fn of<X: Host>(game: &Game<'_, X>, tile: u32) -> Roads {
        let p = game.board.placed[tile as usize];
        let k = &game.rules.kinds[usize::from(p.kind.0)];
        let mut out = Roads {
            len: 0,
            roots: [0; 12],
        };
        for (i, f) in (0u32..).zip(&k.features) {
            if f.shape != Shape::Path {
                continue;
            }
            let r = game.features.root(p.first_node + i);
            if !out.contains(r) && out.len < out.roots.len() {
                out.roots[out.len] = r;
                out.len += 1;
            }
        }
        out
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn contains(&self, root: u32) -> bool {
        self.roots[..self.len].contains(&root)
    }

    /// True when the two share a road.
    fn meets(&self, other: &Roads) -> bool {
        self.roots[..self.len].iter().any(|&r| other.contains(r))
    }
}

/// True when figure kind `figure` is a follower (no companion or neutral
/// figure, no barn or shepherd: `follower no`).
fn follower<X: Host>(game: &Game<'_, X>, figure: crate::engine::ids::FigureId) -> bool {
    let def = &game.rules.figures[usize::from(figure.0)];
    def.follower_piece() && def.follower
}

/// The followers standing on the roads of placed tile `tile`.
fn followers_on<X: Host>(game: &Game<'_, X>, tile: u32) -> u32 {
    let mine = Roads::of(game, tile);
    // The networks count their figures: most turns nobody is on his road.
    if mine.roots[..mine.len]
        .iter()
        .all(|&r| game.features.occupants(r) == 0)
    {
        return 0;
    }
    let n = game
        .standing
        .iter()
        .filter(|s| {
            let Spot::Node(n) = s.spot else { return false };
            game.features.shape(n) == Shape::Path
                && follower(game, s.figure)
                && mine.contains(game.features.root(n))
        })
        .count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// How far each piece of the roads of placed tile `tile` lies from it,
/// in tiles along the road: (node, distance).
fn distances<X: Host>(game: &Game<'_, X>, tile: u32) -> Vec<(u32, u32)> {
    let p = game.board.placed[tile as usize];
    let k = &game.rules.kinds[usize::from(p.kind.0)];
    let mine = Roads::of(game, tile);
    let mut dist: Vec<(u32, u32)> = (0u32..)
        .zip(&k.features)
        .filter(|(_, f)| f.shape == Shape::Path)
        .map(|(i, _)| (p.first_node + i, 0))
        .collect();
    // Breadth first, a step of none before a step of one (0-1 search).
    let mut queue: VecDeque<(u32, u32)> = dist.iter().copied().collect();
    let settle = |dist: &mut Vec<(u32, u32)>,
                  queue: &mut VecDeque<(u32, u32)>,
                  m: u32,
                  d: u32,
                  free: bool| {
        if !mine.contains(game.features.root(m)) {
            return;
        }
        match dist.iter_mut().find(|(n, _)| *n == m) {
            Some((_, old)) if *old <= d => return,
            Some((_, old)) => *old = d,
            None => dist.push((m, d)),
        }
        if free {
            queue.push_front((m, d));
        } else {
            queue.push_back((m, d));
        }
    };
    let mut next = Vec::new();
    while let Some((n, d)) = queue.pop_front() {
        if dist.iter().any(|&(m, e)| m == n && e < d) {
            continue;
        }
        if let Some(m) = game.x.module::<Ferry>().and_then(|f| f.across(game, n)) {
            settle(&mut dist, &mut queue, m, d, true);
        }
        next.clear();
        game.side_neighbours(n, &mut next);
        // A bridge's way is a road piece across its tile's sides.
        if let Some(b) = game.x.module::<super::bridge::Bridges>() {
            b.beyond(game, n, &mut next);
        }
        if let Some(m) = game.x.module::<Tunnel>().and_then(|t| t.through(n)) {
            next.push(m);
        }
        for &m in &next {
            settle(&mut dist, &mut queue, m, d + 1, false);
        }
    }
    dist
}

impl Razboynik {
    /// Traps the followers nearest tree `i`'s tile on its roads.
    fn trap_nearest<X: Host>(&mut self, game: &mut Game<'_, X>, i: usize) {
        let tree = self.trees[i];
        let mine = Roads::of(game, tree.tile);
        if mine.is_empty() || game.x.module::<Vodyanoy>().is_none() {
            return;
        }
        let dist = distances(game, tree.tile);
        let far = dist.iter().map(|&(_, d)| d).max().unwrap_or(0) + 1;
        let how_far = |n: u32| dist.iter().find(|&&(m, _)| m == n).map_or(far, |&(_, d)| d);
        let mut nearest: Option<u32> = None;
        for s in &game.standing {
            let Spot::Node(n) = s.spot else { continue };
            if follower(game, s.figure) && mine.contains(game.features.root(n)) {
                let d = how_far(n);
                nearest = Some(nearest.map_or(d, |e| e.min(d)));
            }
        }
        let Some(nearest) = nearest else { return };
        let mut j = game.standing.len();
        while j > 0 {
            j -= 1;
            let s = game.standing[j];
            let Spot::Node(n) = s.spot else { continue };
            if !follower(game, s.figure) || !mine.contains(game.features.root(n)) {
                continue;
            }
            if how_far(n) != nearest {
                continue;
            }
            let root = game.features.find(n);
            game.take_off(j);
            game.release_companions(usize::from(s.player), root);
            if let Some(v) = game.x.module_mut::<Vodyanoy>() {
                v.hold(Captive {
                    player: s.player,
                    figure: s.figure,
                    tile: tree.tile,
                    kind: tree.kind,
                });
            }
            self.caught += 1;
            // Companions sent home shift the list: start again from its end.
            j = j.min(game.standing.len());
        }
    }
}

impl Game<'_, super::InPlay> {
    /// Followers trapped by Solovei Razboynik so far.
    #[must_use]
    pub fn razboynik_caught(&self) -> u32 {
        if !self.x.any {
            return 0;
        }
        self.x.module::<Razboynik>().map_or(0, |r| r.caught)
    }
}
