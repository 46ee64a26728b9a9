//! The neighbours of the farms holding figures in one position, kept for its
//! copies (`crate::players`' greedy seat values hundreds of copies a turn,
//! each a move applied to the same position). A farm's neighbours — its
//! completed and all counted neighbours — take a walk over every piece of
//! the farm; on a copy they are what they were in the position unless the
//! copy wrote the farm's root or the root of a feature it touches, which the
//! copy's journal tells (`Features::written_since`): merging, splitting,
//! opening or closing a feature writes its root, and a piece changes
//! feature only through a root. [`Game::outlooks_memo`] reads them from here
//! then, and walks the farm otherwise; the numbers are the same either way.

use super::core::features::Features;
use super::core::scoring::Neighbours;
use super::core::vocab::Scoring;
use super::core::Spot;
use super::Game;

/// The farms of one position ([`FarmMemo::remember`]).
#[derive(Debug, Default)]
pub struct FarmMemo {
    /// The stamp of the features remembered (`None`: nothing).
    of: Option<(u64, u64)>,
    /// Per farm: its root, its neighbours and the span of the roots its
    /// faces touch in `touched`.
    farms: Vec<(u32, Neighbours, (usize, usize))>,
    touched: Vec<u32>,
    /// Scratch marks over nodes: written by the copy (`dirty`), touched by
    /// the farm walked (`seen`).
    marks: Vec<u32>,
    generation: u32,
}

impl FarmMemo {
    /// Remembers the farms holding figures in `game` (nothing to do while
    /// its features stay as remembered).
    pub fn remember(&mut self, game: &Game<'_>) {
        let stamp = game.features.stamp();
        if self.of == Some(stamp) {
            return;
        }
        self.of = Some(stamp);
        self.farms.clear();
        self.touched.clear();
        let rules = game.rules;
        for s in &game.standing {
            let Spot::Node(n) = s.spot else {
                continue;
            };
            let root = game.features.root(n);
            let Scoring::Farm { per } =
                &rules.vocab.kinds[usize::from(game.features.kind(root))].scoring
            else {
                continue;
            };
            if self.farms.iter().any(|f| f.0 == root) {
                continue;
            }
            let start = self.touched.len();
            let n = self.walk(game, root, per);
            self.farms.push((root, n, (start, self.touched.len())));
        }
    }

    /// The neighbours of the farm `root` as [`Game::neighbours`] counts
    /// them, with every root its faces touch listed in `touched`.
    fn walk(&mut self, game: &Game<'_>, root: u32, per: &[i64]) -> Neighbours {
        let rules = game.rules;
        let f = &game.features;
        let mark = self.fresh(f);
        let mut n = Neighbours::default();
        let mut m = root;
        loop {
            let placed = game.board.placed[f.tile(m) as usize];
            let kind = &rules.kinds[usize::from(placed.kind.0)];
            let face = &kind.features[usize::from(f.feature(m))];
            for &c in &face.touching {
                let other = f.root(placed.first_node + u32::from(c));
                if self.marks[other as usize] == mark {
                    continue;
                }
                self.marks[other as usize] = mark;
                self.touched.push(other);
                let value = per.get(usize::from(f.kind(other))).copied().unwrap_or(0);
                if value != 0 {
                    n.all += 1;
                    n.all_points = n.all_points.saturating_add(value);
                    if f.open(other) == 0 {
                        n.done += 1;
                        n.done_points = n.done_points.saturating_add(value);
                    }
                }
            }
            m = f.next(m);
            if m == root {
                return n;
            }
        }
    }

    /// Starts a generation of marks sized for `f`.
    fn fresh(&mut self, f: &Features) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.marks.fill(0);
            self.generation = 1;
        }
        if self.marks.len() < f.len() as usize {
            self.marks.resize(f.len() as usize, 0);
        }
        self.generation
    }

    /// Marks the nodes `game` (a copy of the position remembered, or of a
    /// copy of it) may have written; `false` when it is no such copy.
    fn mark_written(&mut self, game: &Game<'_>) -> bool {
        let Some(of) = self.of else {
            return false;
        };
        let Some(lists) = game.features.written_since(of) else {
            return false;
        };
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.marks.fill(0);
            self.generation = 1;
        }
        let mark = self.generation;
        for &i in lists.iter().flat_map(|l| l.iter()) {
            if let Some(m) = self.marks.get_mut(i as usize) {
                *m = mark;
            }
        }
        true
    }

    /// The remembered neighbours of the farm `root`, if neither it nor a
    /// root its faces touched is marked written.
    fn unchanged(&self, root: u32) -> Option<Neighbours> {
        let written = |n: u32| self.marks.get(n as usize) == Some(&self.generation);
        let &(_, n, (start, end)) = self.farms.iter().find(|f| f.0 == root)?;
        let clean = !written(root) && !self.touched[start..end].iter().any(|&c| written(c));
        clean.then_some(n)
    }
}

impl Game<'_> {
    /// [`Game::outlooks_into`], a farm's neighbours read from `memo` when
    /// this game is a copy of its position that left them as they were.
    pub fn outlooks_memo(&mut self, out: &mut Vec<super::Outlook>, memo: &mut FarmMemo) {
        if !memo.mark_written(self) {
            self.outlooks_into(out);
            return;
        }
        self.outlooks_with(out, |root| memo.unchanged(root));
    }
}
