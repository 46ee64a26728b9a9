//! Tile placement: the legal placements of a tile, whether one fits, and
//! putting a tile on the board (new feature nodes joined to the neighbours'
//! across every shared side). A kind that a rule module marks `constrained`
//! is also asked the module's [`Rules::refusal`] for every placement that
//! fits its sides; any other kind's placements are counted from the open
//! positions' signature buckets without visiting them. A kind with
//! signatures a module widens (`Kind::wide`: sides that fit only by what
//! the module adds in the same turn) has those placements too, each asked of
//! [`Rules::widen`]; a discard counts only the placements by the sides.

use super::board::SIDE_STEP;
use super::game::Game;
use super::game::Rules;
use super::game::Spot;
use super::tables::{rotated_edges, NONE};
use crate::engine::ids::KindId;
use crate::engine::moves::{illegal, with_article, IllegalMove, Placement};
use crate::geometry::{Side, Slot};

impl<X: Rules> Game<'_, X> {
    /// Every legal placement of a tile on the current board, sorted by row,
    /// column and rotation.
    #[must_use]
    pub fn legal_placements(&self, tile: KindId) -> Vec<Placement> {
        let mut out = Vec::with_capacity(self.placement_count(tile));
        self.each_placement(tile, true, |p| {
            out.push(p);
            true
        });
        out.sort_by_key(|p| (p.y, p.x, p.rotation));
        out
    }

    /// How many legal placements a tile has (0: it must be discarded). Costs the
    /// same however large the board is.
    #[must_use]
    pub fn placement_count(&self, tile: KindId) -> usize {
        self.count_placements(tile, true)
    }

    /// How many placements a tile has by its sides alone (none widened by
    /// a module): with none, it may be discarded.
    pub(in crate::engine) fn count_placements(&self, tile: KindId, wide: bool) -> usize {
        let Some(kind) = self.rules.kinds.get(usize::from(tile.0)) else {
            return 0;
        };
        if kind.constrained {
            let mut n = 0;
            self.each_placement(tile, wide, |_| {
                n += 1;
                true
            });
            return n;
        }
        let by_sides = kind
            .fits
            .iter()
            .map(|f| self.board.bucket(f.sig).len() * usize::from(f.count))
            .sum();
        if !wide || kind.wide.is_empty() {
            return by_sides;
        }
        let mut n = by_sides;
        self.each_widened(tile, |_| {
            n += 1;
            true
        });
        n
    }

    /// The legal placement `choose(count)` picks by its index in the
    /// engine's internal order (that of [`Game::nth_placement`]), `None` when
    /// that index is out of range. The same as `nth_placement(tile,
    /// choose(placement_count(tile)))`: a kind a module constrains is listed
    /// once into `scratch`, since counting its placements costs as much as
    /// listing them; any other is counted from the board's buckets and
    /// picked without listing, its widened placements (if any) listed once
    /// into `scratch`.
    pub fn choose_placement(
        &self,
        tile: KindId,
        scratch: &mut Vec<Placement>,
        choose: impl FnOnce(usize) -> usize,
    ) -> Option<Placement> {
        let kind = self.rules.kinds.get(usize::from(tile.0))?;
        if kind.constrained {
            scratch.clear();
            self.placements_into(tile, scratch);
            let n = choose(scratch.len());
            return scratch.get(n).copied();
        }
        if kind.wide.is_empty() {
            let n = choose(self.count_placements(tile, false));
            return self.nth_placement(tile, n);
        }
        // Widened placements cost a module's look each: list them once.
        let by_sides = self.count_placements(tile, false);
        scratch.clear();
        self.each_widened(tile, |p| {
            scratch.push(p);
            true
        });
        let n = choose(by_sides + scratch.len());
        match n.checked_sub(by_sides) {
            Some(w) => scratch.get(w).copied(),
            None => self.nth_placement(tile, n),
        }
    }

    /// True when the tile has a legal placement (else it must be discarded):
    /// [`Game::placement_count`] `> 0`, stopping at the first.
    #[must_use]
    pub fn can_place(&self, tile: KindId) -> bool {
        let Some(kind) = self.rules.kinds.get(usize::from(tile.0)) else {
            return false;
        };
        if kind.constrained {
            let mut any = false;
            self.each_placement(tile, true, |_| {
                any = true;
                false
            });
            return any;
        }
        if kind
            .fits
            .iter()
            .any(|f| !self.board.bucket(f.sig).is_empty())
        {
            return true;
        }
        let mut any = false;
        self.each_widened(tile, |_| {
            any = true;
            false
        });
        any
    }

    /// Every legal placement of a tile in the engine's internal order (that
    /// of [`Game::nth_placement`]), appended to `out`: one pass for players
    /// that try them all.
    pub fn placements_into(&self, tile: KindId, out: &mut Vec<Placement>) {
        self.each_placement(tile, true, |at| {
            out.push(at);
            true
        });
    }

    /// The `n`-th legal placement in the engine's internal order (for picking
    /// one at random after [`Game::placement_count`]).
    #[must_use]
    pub fn nth_placement(&self, tile: KindId, n: usize) -> Option<Placement> {
        let kind = self.rules.kinds.get(usize::from(tile.0))?;
        if kind.constrained {
            let (mut i, mut found) = (0, None);
            self.each_placement(tile, true, |p| {
                if i == n {
                    found = Some(p);
                }
                i += 1;
                found.is_none()
            });
            return found;
        }
        let mut n = n;
        for fit in kind.fits.iter() {
            let bucket = self.board.bucket(fit.sig);
            let here = bucket.len() * usize::from(fit.count);
            if n < here {
                let (x, y) = bucket[n % bucket.len()];
                let rotation = fit.rotation(n / bucket.len());
                return Some(Placement { x, y, rotation });
            }
            n -= here;
        }
        // Then the widened ones, visited in order.
        let (mut i, mut found) = (0, None);
        self.each_widened(tile, |p| {
            if i == n {
                found = Some(p);
            }
            i += 1;
            found.is_none()
        });
        found
    }

    /// The placements of a tile by its sides, then (`wide`) those a module
    /// widens, until `f` returns false.
    fn each_placement(&self, tile: KindId, wide: bool, mut f: impl FnMut(Placement) -> bool) {
        let Some(kind) = self.rules.kinds.get(usize::from(tile.0)) else {
            return;
        };
        let constrained = kind.constrained;
        for fit in kind.fits.iter() {
            let bucket = self.board.bucket(fit.sig);
            if bucket.is_empty() {
                continue;
            }
            for k in 0..usize::from(fit.count) {
                let rotation = fit.rotation(k);
                for &(x, y) in bucket {
                    let at = Placement { x, y, rotation };
                    if constrained && X::refusal(self, tile, at).is_some() {
                        continue;
                    }
                    if !f(at) {
                        return;
                    }
                }
            }
        }
        if wide {
            self.each_widened(tile, f);
        }
    }

    /// The placements of a tile a module widens (after those by its sides),
    /// until `f` returns false.
    fn each_widened(&self, tile: KindId, mut f: impl FnMut(Placement) -> bool) {
        let Some(kind) = self.rules.kinds.get(usize::from(tile.0)) else {
            return;
        };
        if kind.wide.is_empty() || !X::widens(self, tile) {
            return;
        }
        for fit in kind.wide.iter() {
            let bucket = self.board.bucket(fit.sig);
            if bucket.is_empty() {
                continue;
            }
            for k in 0..usize::from(fit.count) {
                let rotation = fit.rotation(k);
                for &(x, y) in bucket {
                    let at = Placement { x, y, rotation };
                    if kind.constrained && X::refusal(self, tile, at).is_some() {
                        continue;
                    }
                    if !X::widen(self, tile, at) {
                        continue;
                    }
                    if !f(at) {
                        return;
                    }
                }
            }
        }
    }

    /// The first placement of a tile by its sides alone, in the engine's
    /// internal order.
    pub(in crate::engine) fn first_by_sides(&self, tile: KindId) -> Option<Placement> {
        let mut first = None;
        self.each_placement(tile, false, |p| {
            first = Some(p);
            false
        });
        first
    }

    /// Every placement of a tile by its sides alone (none a module widens),
    /// in the order of [`Game::legal_placements`].
    pub(in crate::engine) fn placements_by_sides(&self, tile: KindId) -> Vec<Placement> {
        let mut out = Vec::new();
        self.each_placement(tile, false, |p| {
            out.push(p);
            true
        });
        out.sort_by_key(|p| (p.y, p.x, p.rotation));
        out
    }

    /// Why a tile can't go somewhere, or `Ok`.
    pub(in crate::engine) fn check_fit(
        &self,
        tile: KindId,
        at: Placement,
    ) -> Result<(), IllegalMove> {
        if at.rotation > 3 {
            return illegal(format!("rotation {} is not 0–3", at.rotation));
        }
        if let Some(t) = self.board.tile_at(at.x, at.y) {
            let other = self.board.placed[t as usize].kind;
            return illegal(format!(
                "({}, {}) already holds a tile ({})",
                at.x,
                at.y,
                self.rules.kind_id(other)
            ));
        }
        let sig = self.board.signature(at.x, at.y);
        if sig == 0 {
            return illegal(format!(
                "({}, {}) is not next to any placed tile",
                at.x, at.y
            ));
        }
        let kind = &self.rules.kinds[usize::from(tile.0)];
        let rotation = 1 << at.rotation;
        if kind
            .fits
            .iter()
            .any(|f| f.sig == sig && f.rotations & rotation != 0)
        {
            if kind.constrained {
                if let Some(why) = X::refusal(self, tile, at) {
                    return illegal(X::describe_refusal(why));
                }
            }
            return Ok(());
        }
        if kind
            .wide
            .iter()
            .any(|f| f.sig == sig && f.rotations & rotation != 0)
        {
            let refused = if kind.constrained {
                X::refusal(self, tile, at)
            } else {
                None
            };
            if let Some(why) = refused {
                return illegal(X::describe_refusal(why));
            }
            if X::widen(self, tile, at) {
                return Ok(());
            }
        }
        let edges = rotated_edges(&kind.edges, usize::from(at.rotation));
        let sides = &self.rules.sides;
        for side in Side::ALL {
            let need = sides.digit(sig, side.index());
            let have = edges[side.index()];
            if need != 0 && !sides.meets(have, need) {
                return illegal(format!(
                    "the tile does not fit: its {} side shows {} but meets {}",
                    side_word(side),
                    with_article(sides.name(have)),
                    with_article(sides.name(need))
                ));
            }
        }
        illegal("the tile does not fit")
    }

    pub(in crate::engine) fn check_drawable(&self, tile: KindId) -> Result<(), IllegalMove> {
        match self.remaining.get(usize::from(tile.0)) {
            None => illegal("no such tile kind"),
            Some(0) => {
                let aside = self.set_aside_of(tile);
                illegal(format!(
                    "no copy of {} is left to draw (the box holds {}{})",
                    self.rules.kind_id(tile),
                    self.rules.kind_count_of(tile),
                    if aside > 0 {
                        format!(
                            "; {aside} of them the start tile, which stays in the box when {} starts the game",
                            self.rules.kind_id(self.board.placed[0].kind)
                        )
                    } else {
                        String::new()
                    }
                ))
            }
            Some(_) => {
                let set_aside = X::check_drawn(self, tile)?;
                let left: u32 = self.stage_left.iter().sum();
                if left <= self.face_down && !set_aside {
                    return illegal(format!(
                        "the bag is empty: the {left} tile{} left lie{} face down under other tiles and {} never drawn",
                        if left == 1 { "" } else { "s" },
                        if left == 1 { "s" } else { "" },
                        if left == 1 { "is" } else { "are" },
                    ));
                }
                self.check_order(tile)
            }
        }
    }

    /// Puts a tile on the board and joins its features to the neighbours'.
    pub(in crate::engine) fn put_tile(&mut self, tile: KindId, at: Placement) -> u32 {
        let rules = self.rules;
        let kind = &rules.kinds[usize::from(tile.0)];
        self.take_copy(tile);
        let first = self.features.len();
        let edges = rotated_edges(&kind.edges, usize::from(at.rotation));
        let t = self
            .board
            .place(at.x, at.y, tile, at.rotation, edges, first);
        for (f, feature) in (0u8..).zip(&kind.features) {
            self.features.push(
                t,
                f,
                feature.kind,
                feature.shape,
                feature.sides,
                feature.rich,
            );
        }
        for (side, &(dx, dy)) in SIDE_STEP.iter().enumerate() {
            let Some(u) = self.board.tile_at(at.x + dx, at.y + dy) else {
                continue;
            };
            let other = self.board.placed[u as usize];
            let other_kind = &rules.kinds[usize::from(other.kind.0)];
            for k in 3 * side..3 * side + 3 {
                let slot = Slot::from_index(k);
                let i = slot.rotated(4 - at.rotation).index();
                let j = slot.facing().rotated(4 - other.rotation).index();
                let (ours, theirs) = (kind.slot_feature[i], other_kind.slot_feature[j]);
                if ours == NONE || theirs == NONE {
                    continue;
                }
                let a = first + u32::from(ours);
                let b = other.first_node + u32::from(theirs);
                if kind.slot_kind[i] == other_kind.slot_kind[j] {
                    // Each piece closes its own side, at its closing slot
                    // (the middle, or a shared side's end).
                    self.features.join_closing(
                        a,
                        b,
                        i32::from(kind.slot_closes[i]) + i32::from(other_kind.slot_closes[j]),
                    );
                } else {
                    // Two kinds whose letters match meet: each ends at the other.
                    if kind.slot_closes[i] {
                        self.features.close(a);
                    }
                    if other_kind.slot_closes[j] {
                        self.features.close(b);
                    }
                }
            }
        }
        X::tile_put(self, t);
        t
    }

    /// The pieces of the same kind that node `n` meets across its tile's
    /// sides, into `out` (a piece may appear once per slot it meets).
    pub(in crate::engine) fn side_neighbours(&self, n: u32, out: &mut Vec<u32>) {
        let rules = self.rules;
        let placed = self.board.placed[self.features.tile(n) as usize];
        let kind = &rules.kinds[usize::from(placed.kind.0)];
        let ours = self.features.feature(n);
        for (side, &(dx, dy)) in SIDE_STEP.iter().enumerate() {
            let Some(u) = self.board.tile_at(placed.x + dx, placed.y + dy) else {
                continue;
            };
            let other = self.board.placed[u as usize];
            let other_kind = &rules.kinds[usize::from(other.kind.0)];
            for k in 3 * side..3 * side + 3 {
                let slot = Slot::from_index(k);
                let i = slot.rotated(4 - placed.rotation).index();
                let j = slot.facing().rotated(4 - other.rotation).index();
                let theirs = other_kind.slot_feature[j];
                if kind.slot_feature[i] == ours
                    && theirs != NONE
                    && kind.slot_kind[i] == other_kind.slot_kind[j]
                {
                    out.push(other.first_node + u32::from(theirs));
                }
            }
        }
    }

    /// Rebuilds the feature of node `n` from its pieces, for a rule that
    /// changed a connection it made (features may then split): every piece
    /// on its own again with its own open sides, joined across the board's
    /// sides as when its tile was placed, then the modules' own connections
    /// among them ([`Rules::relink`]), then the figures standing on them
    /// counted again. `members` receives the pieces (nodes).
    pub(in crate::engine) fn rebuild(&mut self, n: u32, members: &mut Vec<u32>) {
        let rules = self.rules;
        members.clear();
        let mut m = n;
        loop {
            members.push(m);
            m = self.features.next(m);
            if m == n {
                break;
            }
        }
        for &m in members.iter() {
            let placed = self.board.placed[self.features.tile(m) as usize];
            let kind = &rules.kinds[usize::from(placed.kind.0)];
            let sides = kind.features[usize::from(self.features.feature(m))].sides;
            self.features.reset(m, i32::from(sides));
        }
        for &m in members.iter() {
            let placed = self.board.placed[self.features.tile(m) as usize];
            let kind = &rules.kinds[usize::from(placed.kind.0)];
            let ours = self.features.feature(m);
            for (side, &(dx, dy)) in SIDE_STEP.iter().enumerate() {
                let Some(u) = self.board.tile_at(placed.x + dx, placed.y + dy) else {
                    continue;
                };
                let other = self.board.placed[u as usize];
                let other_kind = &rules.kinds[usize::from(other.kind.0)];
                for k in 3 * side..3 * side + 3 {
                    let slot = Slot::from_index(k);
                    let i = slot.rotated(4 - placed.rotation).index();
                    let j = slot.facing().rotated(4 - other.rotation).index();
                    let theirs = other_kind.slot_feature[j];
                    if kind.slot_feature[i] != ours || theirs == NONE {
                        continue;
                    }
                    // Each piece closes its own side: the two pieces of a
                    // shared side close it once each, as `put_tile` did.
                    if kind.slot_kind[i] == other_kind.slot_kind[j] {
                        self.features
                            .join(m, other.first_node + u32::from(theirs), false);
                    }
                    if kind.slot_closes[i] {
                        self.features.close(m);
                    }
                }
            }
        }
        X::relink(self, members);
        for s in &self.standing {
            if let Spot::Node(at) = s.spot {
                if !rules.figures[usize::from(s.figure.0)].companion && members.contains(&at) {
                    self.features.add_occupant(at, 1);
                }
            }
        }
    }
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::N => "north",
        Side::E => "east",
        Side::S => "south",
        Side::W => "west",
    }
}
