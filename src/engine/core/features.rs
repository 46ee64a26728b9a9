//! Features as they extend over the board: a union-find over feature *nodes*
//! (one node per feature of each placed tile). The root of a set carries what
//! the whole feature needs during play — open sides, figures — and the members
//! form a circular list, so a scored feature can visit its pieces (tiles,
//! attributes, units). Union is by size with path halving: near-constant time
//! per placement.

use super::journal::Journal;
use crate::emit::wire::Shape;

/// One node: a feature of one placed tile (32 bytes: indexing is a shift).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(32))]
struct Node {
    parent: u32,
    /// Next member of the same set (circular).
    next: u32,
    /// The placed tile it lies on.
    tile: u32,
    /// Root only: number of members.
    size: u32,
    /// Root only: open sides (regions, paths); 0 = complete.
    open: i32,
    /// Root only: figures standing on the feature.
    occupants: u32,
    /// Its kind (vocabulary index).
    kind: u8,
    /// Its kind's shape.
    shape: Shape,
    /// It carries attributes or units.
    rich: bool,
    /// The feature's id within its tile.
    feature: u8,
}

/// The union-find of feature nodes.
pub struct Features {
    nodes: Vec<Node>,
    /// The nodes written since this set was copied (`journal`).
    journal: Journal,
}

impl Features {
    /// An empty set sized for about `nodes` nodes.
    #[inline]
    pub fn with_capacity(nodes: usize) -> Features {
        Features {
            nodes: Vec::with_capacity(nodes),
            journal: Journal::new(),
        }
    }

    /// Copies `other` into `self`, reusing `self`'s buffer; when `self` was
    /// last copied from `other` as it still is, only the nodes written since
    /// are copied back.
    #[inline]
    pub fn copy_from(&mut self, other: &Features) {
        if let Some(lists) = self.journal.since_base(&other.journal) {
            self.nodes.truncate(other.nodes.len());
            let had = self.nodes.len();
            // Nodes the original added that this store never had.
            self.nodes.extend_from_slice(&other.nodes[had..]);
            for &i in lists.iter().flat_map(|l| l.iter()) {
                let i = i as usize;
                if i < had {
                    self.nodes[i] = other.nodes[i];
                }
            }
        } else {
            self.nodes.clone_from(&other.nodes);
        }
        self.journal.copied(&other.journal);
    }

    /// The nodes that may differ from those of the set whose stamp was
    /// `original` ([`Journal::written_since`]), appended ones included.
    #[inline]
    pub fn written_since(&self, original: (u64, u64)) -> Option<[&[u32]; 2]> {
        self.journal.written_since(original)
    }

    /// Equal stamps mean the same nodes (`journal`).
    #[inline]
    pub fn stamp(&self) -> (u64, u64) {
        self.journal.stamp()
    }

    /// True when two sets hold the same nodes (tests).
    #[cfg(test)]
    #[inline]
    pub fn same_as(&self, other: &Features) -> bool {
        self.nodes == other.nodes
    }

    /// Number of nodes.
    #[inline]
    pub fn len(&self) -> u32 {
        u32::try_from(self.nodes.len()).unwrap_or(u32::MAX)
    }

    /// Adds a node on its own.
    #[inline]
    pub fn push(&mut self, tile: u32, feature: u8, kind: u8, shape: Shape, open: u8, rich: bool) {
        let id = self.len();
        self.journal.touch(id as usize);
        self.nodes.push(Node {
            parent: id,
            next: id,
            tile,
            size: 1,
            open: i32::from(open),
            occupants: 0,
            kind,
            shape,
            rich,
            feature,
        });
    }

    /// The root of a node's set.
    #[inline]
    pub fn find(&mut self, mut n: u32) -> u32 {
        loop {
            let p = self.nodes[n as usize].parent;
            if p == n {
                return n;
            }
            let gp = self.nodes[p as usize].parent;
            if gp != p {
                self.journal.touch(n as usize);
                self.nodes[n as usize].parent = gp;
            }
            n = gp;
        }
    }

    /// The root of a node's set, without compressing paths.
    #[inline]
    pub fn root(&self, mut n: u32) -> u32 {
        loop {
            let p = self.nodes[n as usize].parent;
            if p == n {
                return n;
            }
            n = p;
        }
    }

    /// True when a node is its feature's root (no walk up its set).
    #[inline]
    pub fn is_root(&self, n: u32) -> bool {
        self.nodes[n as usize].parent == n
    }

    /// Joins the sets of two nodes across a shared edge; `closes` says the edge
    /// closes one open side of each (a road or city meeting itself).
    /// Always inlined: placing a tile's joins are the hot path, and the
    /// rules' other callers (rebuilds, a module's connections) would
    /// otherwise make it a call there.
    #[inline(always)]
    pub fn join(&mut self, a: u32, b: u32, closes: bool) {
        self.join_closing(a, b, if closes { 2 } else { 0 });
    }

    /// Joins the features of two nodes, closing `closed` of their open sides
    /// (one for each piece whose side meets the other there).
    #[inline(always)]
    pub fn join_closing(&mut self, a: u32, b: u32, closed: i32) {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        self.journal.touch(ra as usize);
        if ra == rb {
            self.nodes[ra as usize].open -= closed;
            return;
        }
        self.journal.touch(rb as usize);
        if self.nodes[ra as usize].size < self.nodes[rb as usize].size {
            std::mem::swap(&mut ra, &mut rb);
        }
        let small = self.nodes[rb as usize];
        let big = &mut self.nodes[ra as usize];
        big.size += small.size;
        big.open += small.open - closed;
        big.occupants += small.occupants;
        let next_a = big.next;
        big.next = small.next;
        self.nodes[rb as usize].next = next_a;
        self.nodes[rb as usize].parent = ra;
    }

    /// Closes one open side of a node's feature: it meets a feature of another
    /// kind across a side (a letter that `matches` another).
    #[inline]
    pub fn close(&mut self, n: u32) {
        let r = self.find(n);
        self.journal.touch(r as usize);
        self.nodes[r as usize].open -= 1;
    }

    /// Adds `by` open ends to a node's feature that are no sides of its tile
    /// (a rule module's ends); [`Features::join`] with `closes` closes them.
    #[inline]
    pub fn open_more(&mut self, n: u32, by: i32) {
        let r = self.find(n);
        self.journal.touch(r as usize);
        self.nodes[r as usize].open += by;
    }

    /// The kind of a node (vocabulary index).
    #[inline]
    pub fn kind(&self, n: u32) -> u8 {
        self.nodes[n as usize].kind
    }

    /// The shape of a node's kind.
    #[inline]
    pub fn shape(&self, n: u32) -> Shape {
        self.nodes[n as usize].shape
    }

    /// True when a node's piece carries attributes or units.
    #[inline]
    pub fn rich(&self, n: u32) -> bool {
        self.nodes[n as usize].rich
    }

    /// The placed tile a node lies on.
    #[inline]
    pub fn tile(&self, n: u32) -> u32 {
        self.nodes[n as usize].tile
    }

    /// The feature id of a node within its tile.
    #[inline]
    pub fn feature(&self, n: u32) -> u8 {
        self.nodes[n as usize].feature
    }

    /// The next member of a node's set (circular).
    #[inline]
    pub fn next(&self, n: u32) -> u32 {
        self.nodes[n as usize].next
    }

    /// The first-placed tile of a feature: the least tile along its ring.
    #[inline]
    pub fn first_tile(&self, root: u32) -> u32 {
        let mut first = self.nodes[root as usize].tile;
        let mut n = self.nodes[root as usize].next;
        while n != root {
            first = first.min(self.nodes[n as usize].tile);
            n = self.nodes[n as usize].next;
        }
        first
    }

    /// Pieces of the feature (a root): at least as many as its tiles.
    #[inline]
    pub fn pieces(&self, root: u32) -> u32 {
        self.nodes[root as usize].size
    }

    /// Open sides of the feature (a root).
    #[inline]
    pub fn open(&self, root: u32) -> i32 {
        self.nodes[root as usize].open
    }

    /// Figures on the feature (a root).
    #[inline]
    pub fn occupants(&self, root: u32) -> u32 {
        self.nodes[root as usize].occupants
    }

    /// Records a figure arriving on (`+1`) or leaving (`-1`) a node's feature.
    #[inline]
    pub fn add_occupant(&mut self, n: u32, delta: i32) {
        let r = self.find(n);
        self.journal.touch(r as usize);
        let o = &mut self.nodes[r as usize].occupants;
        *o = o.saturating_add_signed(delta);
    }

    /// Makes node `n` a set of its own again, with `open` open sides and no
    /// figures: the first step of rebuilding a feature (`Game::rebuild`).
    #[inline]
    pub fn reset(&mut self, n: u32, open: i32) {
        self.journal.touch(n as usize);
        let node = &mut self.nodes[n as usize];
        node.parent = n;
        node.next = n;
        node.size = 1;
        node.open = open;
        node.occupants = 0;
    }
}
