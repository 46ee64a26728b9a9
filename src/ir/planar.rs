//! The planar-map core: from what occupies the border and what is joined inside,
//! find what crosses and derive the fields with the regions each one touches.
//!
//! Model. The tile is a disk. Its border has 24 *positions*: the 12 slots
//! (position `2s`) and the 12 points between neighbouring slots (position
//! `2s + 1`, after slot `s`; the four after `NNE`, `ESE`, `SSW` and `WNW` are the
//! corners). Regions and paths occupy slots; a region may also *reach* a corner.
//! Dead ends, the village and spots lie inside. Features joined to each other (a
//! dead end and what it ends at, a spot and what it touches) form a *barrier*: a
//! connected set touching the border at some positions. The point between two
//! slots of one barrier belongs to it too; the point between two different
//! barriers is free, so a field squeezes between two cities that meet at a
//! corner without joining.
//!
//! Three facts make this exact and small:
//! - Two disjoint barriers whose positions interleave (a b a b around the
//!   border) must cross; that is an error unless one of them is marked to cross
//!   (a bridge over, a tunnel under), and then they cut the disk as one *wall*.
//! - By Janiszewski's theorem, two free runs of the border lie in the same face
//!   exactly when no single wall has positions both ways round between them.
//! - Between two consecutive positions of a wall lies a pocket, bounded by the
//!   wall's inner path from one position's feature to the other's; the face in
//!   that pocket touches every region on that path. That is how a field touches
//!   a city inside the tile (between two city gates, or all four cities of a
//!   four-city tile from a centre that has no border slot of its own).

use std::collections::VecDeque;

/// Border positions: slots and the points between them.
pub const POSITIONS: usize = 24;
const SLOTS: usize = 12;

/// The position of the corner named by an arrow direction (`NE`, `SE`, `SW`,
/// `NW`), if it is a corner.
#[must_use]
pub fn corner_position(name: &str) -> Option<usize> {
    match name {
        "NE" => Some(5),
        "SE" => Some(11),
        "SW" => Some(17),
        "NW" => Some(23),
        _ => None,
    }
}

/// A tile reduced to what the derivation needs. A region may also reach a
/// free side's middle slot (position `2 × slot`), which then belongs to no field. Node `features` (one past the
/// last feature) is the village where dead ends without a target meet.
#[derive(Clone, Debug, Default)]
pub struct PlanarMap {
    /// The region or path occupying each slot.
    pub occupant: [Option<usize>; SLOTS],
    /// Which features are regions (the features a field can touch).
    pub is_region: Vec<bool>,
    /// Joins inside the tile: dead end ↔ target, spot ↔ touched feature.
    pub joins: Vec<(usize, usize)>,
    /// Regions reaching a corner: feature and corner position.
    pub reaches: Vec<(usize, usize)>,
    /// Features marked to cross others (`over`, `under`).
    pub crossers: Vec<bool>,
}

/// A connected set of joined features and the border positions it touches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Barrier {
    /// Its features (the village, if in it, is the node past the features).
    pub features: Vec<usize>,
    /// Positions it touches, ascending.
    pub touch: Vec<usize>,
}

/// A derived field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Face {
    /// Slot indices, ascending (empty for a field inside the tile).
    pub slots: Vec<usize>,
    /// Regions it touches, ascending.
    pub regions: Vec<usize>,
}

/// Two barriers that cross, and whether a mark allows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crossing {
    /// One barrier (index into the barrier list).
    pub first: usize,
    /// The other.
    pub second: usize,
    /// The marked feature that makes it legal, if any.
    pub by: Option<usize>,
    /// The feature it crosses (for the graph and messages).
    pub crossed: usize,
}

/// The border as the derivation sees it, once barriers are known.
struct Border {
    /// The barrier owning each position, if any.
    owner: [Option<usize>; POSITIONS],
    /// The feature at each owned position.
    feature: [usize; POSITIONS],
}

impl PlanarMap {
    fn village(&self) -> usize {
        self.is_region.len()
    }

    fn node_count(&self) -> usize {
        self.is_region.len() + 1
    }

    fn components(&self) -> UnionFind {
        let mut uf = UnionFind::new(self.node_count());
        for &(a, b) in &self.joins {
            uf.union(a, b);
        }
        uf
    }

    /// The barriers: connected components of joined features that touch the border.
    #[must_use]
    pub fn barriers(&self) -> Vec<Barrier> {
        let mut uf = self.components();
        let mut by_root: Vec<Option<usize>> = vec![None; self.node_count()];
        let mut out: Vec<Barrier> = Vec::new();
        let mut index_of = |root: usize, out: &mut Vec<Barrier>| {
            *by_root[root].get_or_insert_with(|| {
                out.push(Barrier {
                    features: Vec::new(),
                    touch: Vec::new(),
                });
                out.len() - 1
            })
        };
        let mut slot_barrier = [None; SLOTS];
        for (slot, (occupant, barrier)) in self.occupant.iter().zip(&mut slot_barrier).enumerate() {
            if let Some(f) = *occupant {
                let b = index_of(uf.find(f), &mut out);
                *barrier = Some(b);
                out[b].touch.push(2 * slot);
            }
        }
        for (slot, &here) in slot_barrier.iter().enumerate() {
            let next = slot_barrier[(slot + 1) % SLOTS];
            if let (Some(a), Some(b)) = (here, next) {
                if a == b {
                    out[a].touch.push(2 * slot + 1);
                }
            }
        }
        for &(f, position) in &self.reaches {
            let b = index_of(uf.find(f), &mut out);
            out[b].touch.push(position);
        }
        for b in &mut out {
            b.touch.sort_unstable();
            b.touch.dedup();
        }
        for node in 0..self.node_count() {
            if let Some(index) = by_root[uf.find(node)] {
                out[index].features.push(node);
            }
        }
        out
    }

    /// Pairs of barriers whose positions interleave, so they cross; `by` names
    /// the marked feature that allows it.
    #[must_use]
    pub fn crossings(&self, barriers: &[Barrier]) -> Vec<Crossing> {
        let border = self.border(barriers);
        let mut out = Vec::new();
        for a in 0..barriers.len() {
            for b in a + 1..barriers.len() {
                let seq: Vec<usize> = border
                    .owner
                    .iter()
                    .filter_map(|&o| o.filter(|&o| o == a || o == b))
                    .collect();
                let changes = (0..seq.len())
                    .filter(|&i| seq[i] != seq[(i + 1) % seq.len()])
                    .count();
                if changes < 4 {
                    continue;
                }
                let marked = |x: usize| {
                    barriers[x]
                        .features
                        .iter()
                        .copied()
                        .find(|&f| self.crossers.get(f).copied().unwrap_or(false))
                };
                let first_on_border = |x: usize| {
                    (0..POSITIONS)
                        .find(|&p| border.owner[p] == Some(x))
                        .map_or(0, |p| border.feature[p])
                };
                let (by, crossed) = match (marked(a), marked(b)) {
                    (Some(f), _) => (Some(f), first_on_border(b)),
                    (None, Some(f)) => (Some(f), first_on_border(a)),
                    (None, None) => (None, first_on_border(b)),
                };
                out.push(Crossing {
                    first: a,
                    second: b,
                    by,
                    crossed,
                });
            }
        }
        out
    }

    fn border(&self, barriers: &[Barrier]) -> Border {
        let mut border = Border {
            owner: [None; POSITIONS],
            feature: [0; POSITIONS],
        };
        for (i, b) in barriers.iter().enumerate() {
            for &p in &b.touch {
                border.owner[p] = Some(i);
            }
        }
        for p in 0..POSITIONS {
            if border.owner[p].is_none() {
                continue;
            }
            border.feature[p] = match self.reaches.iter().find(|&&(_, at)| at == p) {
                Some(&(f, _)) => f,
                None => self.occupant[p / 2].unwrap_or(0),
            };
        }
        border
    }

    /// The derived fields, ordered by their first slot (fields inside the tile
    /// last). `crossings` are the legal crossings: their barriers cut the disk as
    /// one wall.
    #[must_use]
    pub fn faces(&self, barriers: &[Barrier], crossings: &[Crossing]) -> Vec<Face> {
        let border = self.border(barriers);
        let walls = Walls::new(barriers, crossings);
        let arcs = arcs(&border.owner);
        let mut uf = UnionFind::new(arcs.len());
        for a in 0..arcs.len() {
            for b in a + 1..arcs.len() {
                if walls.separator(arcs[a][0], arcs[b][0]).is_none() {
                    uf.union(a, b);
                }
            }
        }
        let mut faces: Vec<Face> = Vec::new();
        let mut face_of_root = vec![usize::MAX; arcs.len()];
        let mut face_at = [usize::MAX; POSITIONS];
        for (i, arc) in arcs.iter().enumerate() {
            let root = uf.find(i);
            if face_of_root[root] == usize::MAX {
                face_of_root[root] = faces.len();
                faces.push(Face {
                    slots: Vec::new(),
                    regions: Vec::new(),
                });
            }
            let face = face_of_root[root];
            for &p in arc {
                face_at[p] = face;
                if p % 2 == 0 {
                    faces[face].slots.push(p / 2);
                }
            }
        }
        let graph = self.join_graph(crossings);
        for wall in &walls.touch {
            for (k, &from) in wall.iter().enumerate() {
                let to = wall[(k + 1) % wall.len()];
                let Some(free) = first_free_between(&border.owner, from, to) else {
                    continue;
                };
                let face = face_at[free];
                let path = graph.path(border.feature[from], border.feature[to]);
                faces[face].regions.extend(
                    path.into_iter()
                        .filter(|&f| self.is_region.get(f).copied().unwrap_or(false)),
                );
            }
        }
        for face in &mut faces {
            face.slots.sort_unstable();
            face.regions.sort_unstable();
            face.regions.dedup();
        }
        faces.sort_by_key(|f| f.slots.first().copied().unwrap_or(usize::MAX));
        faces
    }

    /// Joins plus one edge per crossing, as adjacency lists.
    fn join_graph(&self, crossings: &[Crossing]) -> JoinGraph {
        let mut adjacent = vec![Vec::new(); self.node_count()];
        let mut edge = |a: usize, b: usize| {
            if a < adjacent.len() && b < adjacent.len() {
                adjacent[a].push(b);
                adjacent[b].push(a);
            }
        };
        for &(a, b) in &self.joins {
            edge(a, b);
        }
        for c in crossings {
            if let Some(by) = c.by {
                edge(by, c.crossed);
            }
        }
        JoinGraph { adjacent }
    }

    /// Checks declared fields against the barriers. `declared[i]` holds the slots
    /// field `i` lists. On success returns each field's completed slots (a free
    /// middle slot between two slots of one field joins it) and the regions its
    /// slots lie against.
    ///
    /// # Errors
    /// The contradictions found, as [`FieldError`]s.
    pub fn prove_fields(
        &self,
        barriers: &[Barrier],
        crossings: &[Crossing],
        declared: &[Vec<usize>],
    ) -> Result<Vec<Face>, Vec<FieldError>> {
        let border = self.border(barriers);
        let walls = Walls::new(barriers, crossings);
        let mut errors = Vec::new();
        let mut owner: [Option<usize>; SLOTS] = [None; SLOTS];
        let taken = |slot: usize| self.occupant[slot].or_else(|| self.reacher(2 * slot));
        for (field, slots) in declared.iter().enumerate() {
            for (position, &slot) in slots.iter().enumerate() {
                if let Some(feature) = taken(slot) {
                    errors.push(FieldError::OnFeature {
                        field,
                        position,
                        feature,
                    });
                } else if let Some(first) = owner[slot] {
                    errors.push(FieldError::Twice {
                        field,
                        position,
                        first,
                    });
                } else {
                    owner[slot] = Some(field);
                }
            }
        }
        for slot in (1..SLOTS).step_by(3) {
            let (before, after) = (owner[slot - 1], owner[slot + 1]);
            if owner[slot].is_none() && taken(slot).is_none() && before.is_some() && before == after
            {
                owner[slot] = before;
            }
        }
        let missing: Vec<usize> = (0..SLOTS)
            .filter(|&s| taken(s).is_none() && owner[s].is_none())
            .collect();
        if !missing.is_empty() {
            errors.push(FieldError::Missing { slots: missing });
        }
        let mut fields: Vec<Vec<usize>> = vec![Vec::new(); declared.len()];
        for (slot, field) in owner.iter().enumerate() {
            if let Some(f) = field {
                fields[*f].push(slot);
            }
        }
        for (field, slots) in fields.iter().enumerate() {
            if let Some((&first, rest)) = slots.split_first() {
                for &other in rest {
                    if let Some(wall) = walls.separator(2 * first, 2 * other) {
                        errors.push(FieldError::Crosses {
                            field,
                            barrier: walls.first_barrier[wall],
                            slot: other,
                        });
                        break;
                    }
                }
            }
        }
        for a in 0..fields.len() {
            for b in a + 1..fields.len() {
                if interleave(&fields[a], &fields[b]) {
                    errors.push(FieldError::Interleave {
                        first: a,
                        second: b,
                    });
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(fields
            .into_iter()
            .map(|slots| {
                let mut regions: Vec<usize> = slots
                    .iter()
                    .flat_map(|&s| self.regions_beside(&border, s))
                    .collect();
                regions.sort_unstable();
                regions.dedup();
                Face { slots, regions }
            })
            .collect())
    }

    /// The regions a free slot lies against along the border (past free points).
    fn regions_beside(&self, border: &Border, slot: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for step in [1, POSITIONS - 1] {
            let mut p = (2 * slot + step) % POSITIONS;
            for _ in 0..2 {
                if border.owner[p].is_some() {
                    let f = border.feature[p];
                    if self.is_region.get(f).copied().unwrap_or(false) {
                        out.push(f);
                    }
                    break;
                }
                if p.is_multiple_of(2) {
                    break;
                }
                p = (p + step) % POSITIONS;
            }
        }
        out
    }

    /// The region reaching a border position, if any.
    fn reacher(&self, position: usize) -> Option<usize> {
        self.reaches
            .iter()
            .find(|&&(_, at)| at == position)
            .map(|&(f, _)| f)
    }

    /// The node of the village.
    #[must_use]
    pub fn village_node(&self) -> usize {
        self.village()
    }
}

/// Barriers merged along legal crossings: what actually cuts the disk.
struct Walls {
    /// Positions of each wall, ascending.
    touch: Vec<Vec<usize>>,
    /// One barrier of each wall, to name it.
    first_barrier: Vec<usize>,
}

impl Walls {
    fn new(barriers: &[Barrier], crossings: &[Crossing]) -> Walls {
        let mut uf = UnionFind::new(barriers.len());
        for c in crossings.iter().filter(|c| c.by.is_some()) {
            uf.union(c.first, c.second);
        }
        let mut index = vec![usize::MAX; barriers.len()];
        let mut walls = Walls {
            touch: Vec::new(),
            first_barrier: Vec::new(),
        };
        for (i, b) in barriers.iter().enumerate() {
            if b.touch.is_empty() {
                continue;
            }
            let root = uf.find(i);
            if index[root] == usize::MAX {
                index[root] = walls.touch.len();
                walls.touch.push(Vec::new());
                walls.first_barrier.push(i);
            }
            walls.touch[index[root]].extend(&b.touch);
        }
        for t in &mut walls.touch {
            t.sort_unstable();
            t.dedup();
        }
        walls
    }

    /// The index of a wall with positions both ways round between two free
    /// positions, if any.
    fn separator(&self, p: usize, q: usize) -> Option<usize> {
        self.touch.iter().position(|touch| {
            let between = touch.iter().filter(|&&t| in_open_interval(p, q, t)).count();
            between != 0 && between != touch.len()
        })
    }
}

/// Adjacency lists of the joins inside a tile.
struct JoinGraph {
    adjacent: Vec<Vec<usize>>,
}

impl JoinGraph {
    /// The nodes of a shortest path from `a` to `b` (both included), or just the
    /// two ends when they are not connected.
    fn path(&self, a: usize, b: usize) -> Vec<usize> {
        if a == b || a >= self.adjacent.len() || b >= self.adjacent.len() {
            return vec![a, b];
        }
        let mut previous = vec![usize::MAX; self.adjacent.len()];
        previous[a] = a;
        let mut queue = VecDeque::from([a]);
        while let Some(node) = queue.pop_front() {
            if node == b {
                break;
            }
            for &next in &self.adjacent[node] {
                if previous[next] == usize::MAX {
                    previous[next] = node;
                    queue.push_back(next);
                }
            }
        }
        if previous[b] == usize::MAX {
            return vec![a, b];
        }
        let mut out = vec![b];
        let mut node = b;
        while node != a {
            node = previous[node];
            out.push(node);
        }
        out
    }
}

/// Maximal runs of free positions, clockwise; each run's positions in walk order.
fn arcs(owner: &[Option<usize>; POSITIONS]) -> Vec<Vec<usize>> {
    let Some(first_taken) = (0..POSITIONS).find(|&p| owner[p].is_some()) else {
        return vec![(0..POSITIONS).collect()];
    };
    let mut arcs = Vec::new();
    let mut current = Vec::new();
    for step in 1..=POSITIONS {
        let p = (first_taken + step) % POSITIONS;
        if owner[p].is_some() {
            if !current.is_empty() {
                arcs.push(std::mem::take(&mut current));
            }
        } else {
            current.push(p);
        }
    }
    arcs
}

/// A free position of the pocket strictly between `from` and `to` walking
/// clockwise: one right beside either end when there is one (that one lies
/// against the wall), else the first free one.
fn first_free_between(owner: &[Option<usize>; POSITIONS], from: usize, to: usize) -> Option<usize> {
    let after = (from + 1) % POSITIONS;
    let before = (to + POSITIONS - 1) % POSITIONS;
    if after == to {
        return None;
    }
    for p in [after, before] {
        if owner[p].is_none() {
            return Some(p);
        }
    }
    let mut p = after;
    while p != to {
        if owner[p].is_none() {
            return Some(p);
        }
        p = (p + 1) % POSITIONS;
    }
    None
}

/// True when `t` lies strictly between `p` and `q` walking clockwise from `p`.
fn in_open_interval(p: usize, q: usize, t: usize) -> bool {
    let dist = |x: usize| (x + POSITIONS - p) % POSITIONS;
    dist(t) > 0 && dist(t) < dist(q)
}

/// True when two disjoint slot sets alternate a b a b around the border.
fn interleave(a: &[usize], b: &[usize]) -> bool {
    let mut seq = Vec::new();
    for slot in 0..SLOTS {
        if a.contains(&slot) {
            seq.push(0);
        } else if b.contains(&slot) {
            seq.push(1);
        }
    }
    (0..seq.len())
        .filter(|&i| seq[i] != seq[(i + 1) % seq.len()])
        .count()
        >= 4
}

/// What is wrong with declared fields; indices are into the declared list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldError {
    /// Slot `position` of `field` is occupied by `feature`.
    OnFeature {
        /// The field.
        field: usize,
        /// Which of its listed slots.
        position: usize,
        /// The region or path there.
        feature: usize,
    },
    /// Slot `position` of `field` is also in `first`.
    Twice {
        /// The field.
        field: usize,
        /// Which of its listed slots.
        position: usize,
        /// The field that listed it first.
        first: usize,
    },
    /// Free slots no field covers.
    Missing {
        /// Slot indices.
        slots: Vec<usize>,
    },
    /// `field` has slots on both sides of `barrier`, e.g. `slot`.
    Crosses {
        /// The field.
        field: usize,
        /// The barrier in the way.
        barrier: usize,
        /// A slot of the field beyond it.
        slot: usize,
    },
    /// Two fields' slots alternate around the border: they would cross.
    Interleave {
        /// One field.
        first: usize,
        /// The other.
        second: usize,
    },
}

/// A minimal union-find.
struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n).collect(),
        }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra.max(rb)] = ra.min(rb);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A map from `(is_region, slots)` per feature and joins; the village is
    /// node `features.len()`.
    fn map(features: &[(bool, &[usize])], joins: &[(usize, usize)]) -> PlanarMap {
        let mut m = PlanarMap {
            is_region: features.iter().map(|f| f.0).collect(),
            crossers: vec![false; features.len()],
            ..PlanarMap::default()
        };
        for (i, (_, slots)) in features.iter().enumerate() {
            for &s in *slots {
                m.occupant[s] = Some(i);
            }
        }
        m.joins = joins.to_vec();
        m
    }

    fn faces(m: &PlanarMap) -> Vec<Face> {
        let barriers = m.barriers();
        let crossings = m.crossings(&barriers);
        m.faces(&barriers, &crossings)
    }

    #[test]
    fn a_lone_dead_end_cuts_nothing() {
        let m = map(&[(true, &[0, 1, 2]), (false, &[7])], &[(1, 2)]);
        let faces = faces(&m);
        assert_eq!(faces.len(), 1);
        assert_eq!(faces[0].regions, [0]);
    }

    #[test]
    fn three_dead_ends_at_the_village_make_three_fields() {
        let m = map(
            &[(false, &[4]), (false, &[7]), (false, &[10])],
            &[(0, 3), (1, 3), (2, 3)],
        );
        let slots: Vec<_> = faces(&m).into_iter().map(|f| f.slots).collect();
        assert_eq!(slots, [vec![0, 1, 2, 3, 11], vec![5, 6], vec![8, 9]]);
    }

    #[test]
    fn a_road_across_a_through_city_crosses_it() {
        let m = map(&[(true, &[0, 1, 2, 6, 7, 8]), (false, &[4, 10])], &[]);
        let crossings = m.crossings(&m.barriers());
        assert_eq!(crossings.len(), 1);
        assert_eq!(crossings[0].by, None);
    }

    #[test]
    fn four_separate_cities_enclose_one_field_touching_all() {
        let m = map(
            &[
                (true, &[0, 1, 2]),
                (true, &[3, 4, 5]),
                (true, &[6, 7, 8]),
                (true, &[9, 10, 11]),
            ],
            &[],
        );
        let faces = faces(&m);
        assert_eq!(faces.len(), 1);
        assert!(faces[0].slots.is_empty());
        assert_eq!(faces[0].regions, [0, 1, 2, 3]);
    }

    #[test]
    fn the_field_between_two_city_gates_touches_the_city() {
        // city N W; road E -> city; road S -> city
        let m = map(
            &[(true, &[0, 1, 2, 9, 10, 11]), (false, &[4]), (false, &[7])],
            &[(1, 0), (2, 0)],
        );
        let faces = faces(&m);
        assert_eq!(faces.len(), 3);
        assert!(faces.iter().all(|f| f.regions == [0]));
    }

    #[test]
    fn a_marked_crossing_cuts_four_quadrants() {
        let mut m = map(&[(false, &[1, 7]), (false, &[4, 10])], &[]);
        m.crossers[1] = true;
        let barriers = m.barriers();
        let crossings = m.crossings(&barriers);
        assert_eq!(crossings.len(), 1);
        assert_eq!(crossings[0].by, Some(1));
        assert_eq!(m.faces(&barriers, &crossings).len(), 4);
    }

    #[test]
    fn a_region_reaching_a_corner_splits_the_field() {
        // city N W reaching SE
        let mut m = map(&[(true, &[0, 1, 2, 9, 10, 11])], &[]);
        m.reaches.push((0, corner_position("SE").unwrap_or(0)));
        let slots: Vec<_> = faces(&m).into_iter().map(|f| f.slots).collect();
        assert_eq!(slots, [vec![3, 4, 5], vec![6, 7, 8]]);
    }

    #[test]
    fn declared_fields_that_alternate_are_rejected() {
        let m = map(&[], &[]);
        let declared = vec![vec![0, 6], vec![3, 9], vec![1, 2, 4, 5, 7, 8, 10, 11]];
        let barriers = m.barriers();
        let errors = m.prove_fields(&barriers, &[], &declared).unwrap_err();
        assert!(errors.contains(&FieldError::Interleave {
            first: 0,
            second: 1
        }));
    }
}
