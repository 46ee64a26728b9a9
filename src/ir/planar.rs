//! The planar-map core: from what occupies the border and what is joined in the
//! middle, find what crosses and derive the fields.
//!
//! Model. The tile is a disk. Cities and roads touch the border at their slots;
//! dead ends, the village and centre features lie inside. Features joined to each
//! other (a dead end and what it ends at, a centre feature and what it touches, the
//! sides of one city) form a *barrier*: a connected set touching the border at
//! some slots. Fields are the faces of the disk minus all barriers.
//!
//! Two facts make this exact and small:
//! - Two disjoint connected barriers whose border slots interleave (a b a b around
//!   the border) must cross; the planar map forbids it.
//! - By Janiszewski's theorem, two border arcs lie in the same face exactly when
//!   no single barrier separates them (has border slots on both ways round).
//!
//! A field touches a city exactly when one of its arcs ends against the city's
//! slots (cities take whole sides, so a city run always ends against a corner slot).

use crate::geometry::Slot;

const N: usize = Slot::COUNT;

/// A tile reduced to what the derivation needs.
#[derive(Clone, Debug, Default)]
pub struct PlanarMap {
    /// The city or road occupying each slot.
    pub occupant: [Option<usize>; N],
    /// Which features are cities.
    pub is_city: Vec<bool>,
    /// Joins inside the tile: dead end ↔ target, centre feature ↔ touched feature.
    /// Node `is_city.len()` is the village.
    pub joins: Vec<(usize, usize)>,
}

/// A connected set of joined features and the border slots it touches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Barrier {
    /// Its features (the village, if in it, is `is_city.len()`).
    pub features: Vec<usize>,
    /// Slot indices it touches, ascending.
    pub touch: Vec<usize>,
}

/// A derived field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Face {
    /// Slot indices, ascending.
    pub slots: Vec<usize>,
    /// Cities it touches, ascending.
    pub cities: Vec<usize>,
}

impl PlanarMap {
    fn node_count(&self) -> usize {
        self.is_city.len() + 1
    }

    /// The barriers: connected components of joined features that touch the border.
    #[must_use]
    pub fn barriers(&self) -> Vec<Barrier> {
        let mut uf = UnionFind::new(self.node_count());
        for &(a, b) in &self.joins {
            uf.union(a, b);
        }
        let mut by_root: Vec<Option<usize>> = vec![None; self.node_count()];
        let mut out: Vec<Barrier> = Vec::new();
        for slot in 0..N {
            let Some(f) = self.occupant[slot] else {
                continue;
            };
            let root = uf.find(f);
            let index = *by_root[root].get_or_insert_with(|| {
                out.push(Barrier {
                    features: Vec::new(),
                    touch: Vec::new(),
                });
                out.len() - 1
            });
            out[index].touch.push(slot);
        }
        for node in 0..self.node_count() {
            if let Some(index) = by_root[uf.find(node)] {
                out[index].features.push(node);
            }
        }
        out
    }

    /// Pairs of barriers (indices) whose border slots interleave, so they cross.
    #[must_use]
    pub fn crossings(barriers: &[Barrier]) -> Vec<(usize, usize)> {
        let mut owner = [usize::MAX; N];
        for (i, b) in barriers.iter().enumerate() {
            for &s in &b.touch {
                owner[s] = i;
            }
        }
        let mut out = Vec::new();
        for a in 0..barriers.len() {
            for b in a + 1..barriers.len() {
                // Walk the border and count changes between a and b.
                let seq: Vec<usize> = owner
                    .iter()
                    .copied()
                    .filter(|&o| o == a || o == b)
                    .collect();
                let changes = (0..seq.len())
                    .filter(|&i| seq[i] != seq[(i + 1) % seq.len()])
                    .count();
                if changes >= 4 {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// Maximal runs of free slots, clockwise; each run's slots in walk order.
    #[must_use]
    pub fn arcs(&self) -> Vec<Vec<usize>> {
        let Some(first_taken) = (0..N).find(|&s| self.occupant[s].is_some()) else {
            return vec![(0..N).collect()];
        };
        let mut arcs = Vec::new();
        let mut current = Vec::new();
        for step in 1..=N {
            let slot = (first_taken + step) % N;
            if self.occupant[slot].is_some() {
                if !current.is_empty() {
                    arcs.push(std::mem::take(&mut current));
                }
            } else {
                current.push(slot);
            }
        }
        arcs
    }

    /// The index of a barrier that has border slots both ways round between two
    /// free slots, if any.
    #[must_use]
    pub fn separator(barriers: &[Barrier], p: usize, q: usize) -> Option<usize> {
        barriers.iter().position(|b| {
            let between = b
                .touch
                .iter()
                .filter(|&&t| in_open_interval(p, q, t))
                .count();
            between != 0 && between != b.touch.len()
        })
    }

    /// The cities whose slots a free slot lies directly against.
    fn cities_beside(&self, slot: usize) -> impl Iterator<Item = usize> + '_ {
        [(slot + N - 1) % N, (slot + 1) % N]
            .into_iter()
            .filter_map(|s| self.occupant[s])
            .filter(|&f| self.is_city[f])
    }

    /// The derived fields, ordered by their first slot.
    #[must_use]
    pub fn faces(&self, barriers: &[Barrier]) -> Vec<Face> {
        let arcs = self.arcs();
        let mut uf = UnionFind::new(arcs.len());
        for a in 0..arcs.len() {
            for b in a + 1..arcs.len() {
                if Self::separator(barriers, arcs[a][0], arcs[b][0]).is_none() {
                    uf.union(a, b);
                }
            }
        }
        let mut faces: Vec<Face> = Vec::new();
        let mut face_of_root = vec![usize::MAX; arcs.len()];
        for (i, arc) in arcs.iter().enumerate() {
            let root = uf.find(i);
            if face_of_root[root] == usize::MAX {
                face_of_root[root] = faces.len();
                faces.push(Face {
                    slots: Vec::new(),
                    cities: Vec::new(),
                });
            }
            let face = &mut faces[face_of_root[root]];
            face.slots.extend(arc);
            if let (Some(&first), Some(&last)) = (arc.first(), arc.last()) {
                face.cities.extend(self.cities_beside(first));
                face.cities.extend(self.cities_beside(last));
            }
        }
        for face in &mut faces {
            face.slots.sort_unstable();
            face.cities.sort_unstable();
            face.cities.dedup();
        }
        faces.sort_by_key(|f| f.slots.first().copied());
        faces
    }

    /// Checks declared fields against the derived faces. `declared[i]` holds the
    /// slots field `i` lists. On success returns each field's completed slots
    /// (a free middle slot between two slots of one field joins it) and the cities
    /// its slots lie against.
    ///
    /// # Errors
    /// The first contradictions found, as [`FieldError`]s.
    pub fn prove_fields(
        &self,
        barriers: &[Barrier],
        declared: &[Vec<usize>],
    ) -> Result<Vec<Face>, Vec<FieldError>> {
        let mut errors = Vec::new();
        let mut owner: [Option<usize>; N] = [None; N];
        for (field, slots) in declared.iter().enumerate() {
            for (position, &slot) in slots.iter().enumerate() {
                if let Some(feature) = self.occupant[slot] {
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
        for slot in (1..N).step_by(3) {
            let (before, after) = (owner[slot - 1], owner[slot + 1]);
            if owner[slot].is_none()
                && self.occupant[slot].is_none()
                && before.is_some()
                && before == after
            {
                owner[slot] = before;
            }
        }
        let missing: Vec<usize> = (0..N)
            .filter(|&s| self.occupant[s].is_none() && owner[s].is_none())
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
                    if let Some(barrier) = Self::separator(barriers, first, other) {
                        errors.push(FieldError::Crosses {
                            field,
                            barrier,
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
                let mut cities: Vec<usize> =
                    slots.iter().flat_map(|&s| self.cities_beside(s)).collect();
                cities.sort_unstable();
                cities.dedup();
                Face { slots, cities }
            })
            .collect())
    }
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
        /// The city or road there.
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

/// True when `t` lies strictly between `p` and `q` walking clockwise from `p`.
fn in_open_interval(p: usize, q: usize, t: usize) -> bool {
    let dist = |x: usize| (x + N - p) % N;
    dist(t) > 0 && dist(t) < dist(q)
}

/// True when two disjoint slot sets alternate a b a b around the border.
fn interleave(a: &[usize], b: &[usize]) -> bool {
    let mut seq = Vec::new();
    for slot in 0..N {
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

    /// A map from `(feature, is_city, slots)` and joins; the village is `features`.
    fn map(features: &[(bool, &[usize])], joins: &[(usize, usize)]) -> PlanarMap {
        let mut m = PlanarMap {
            is_city: features.iter().map(|f| f.0).collect(),
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

    #[test]
    fn a_lone_dead_end_cuts_nothing() {
        let m = map(&[(true, &[0, 1, 2]), (false, &[7])], &[(1, 2)]);
        let faces = m.faces(&m.barriers());
        assert_eq!(faces.len(), 1);
        assert_eq!(faces[0].cities, [0]);
    }

    #[test]
    fn three_dead_ends_at_the_village_make_three_fields() {
        let m = map(
            &[(false, &[4]), (false, &[7]), (false, &[10])],
            &[(0, 3), (1, 3), (2, 3)],
        );
        let slots: Vec<_> = m
            .faces(&m.barriers())
            .into_iter()
            .map(|f| f.slots)
            .collect();
        assert_eq!(slots, [vec![0, 1, 2, 3, 11], vec![5, 6], vec![8, 9]]);
    }

    #[test]
    fn a_road_across_a_through_city_crosses_it() {
        let m = map(&[(true, &[0, 1, 2, 6, 7, 8]), (false, &[4, 10])], &[]);
        assert_eq!(PlanarMap::crossings(&m.barriers()), [(0, 1)]);
    }

    #[test]
    fn declared_fields_that_alternate_are_rejected() {
        let m = map(&[], &[]);
        let declared = vec![vec![0, 6], vec![3, 9], vec![1, 2, 4, 5, 7, 8, 10, 11]];
        let errors = m.prove_fields(&m.barriers(), &declared).unwrap_err();
        assert!(errors.contains(&FieldError::Interleave {
            first: 0,
            second: 1
        }));
    }
}
