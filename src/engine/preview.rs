//! A placement previewed without placing it, for players that value every
//! placement of the drawn tile (`crate::players`' greedy seat): which
//! features holding figures it would change and how they would then stand,
//! which it would complete and score, and where a figure could then go —
//! each as an [`Outlook`] read from the kinds' templates exactly as
//! [`Game::outlooks_into`] reads them on the placed board — and, through
//! [`Preview::turn_end`], the turn's end: points, figures returned, and the
//! outlooks in the order the standing figures would then give them (scoring
//! takes figures back as `Game::score_feature` does, reordering the list).
//!
//! The features the tile joins are found through its sides as placing joins
//! them (`placement.rs`), on a small union-find of the tile's pieces and the
//! neighbours' features. Each neighbour feature's pieces are surveyed once
//! (distinct tiles, attributes, units, the features a face touches) and kept
//! while the feature set and the turn are unchanged, so a preview costs a
//! few dozen steps. A placement whose turn a capability could enter is not
//! previewed (the caller applies it on a copy instead): a tile with a
//! circus, crop circle, flying machine or pyramid; a pyramid with room
//! around the square or a complete one anywhere (acrobat actions); a
//! completion that would score a figure earning a bonus (a ringmaster);
//! nor is one the preview does not model: a neighbourhood spot met through
//! a side or made of more than one piece, a complete feature of the tile
//! that the turn would not score.
use super::core::tables::{Kind, NONE};
use super::core::value::{neighbourhood_points, network_points};
use super::core::vocab::{KindRule, Scoring};
use super::core::{Spot, MAX_PLAYERS};
use super::rules::builder::Builder;
use super::rules::goods::{Goods, GoodsTable};
use super::rules::module::Host;
use super::rules::pig::{Pig, PigTable};
use super::rules::pyramid::{Pyramid, PyramidTable};
use super::rules::InPlay;
use super::search::Outlook;
use super::{FigureId, Game, KindId, Placement};
use crate::geometry::Slot;

/// A group of the preview's union-find is marked by this bit in a key.
const GROUP: u32 = 1 << 31;

/// Previews of placements on one board, with what they share.
#[derive(Debug, Default)]
pub struct Preview {
    /// The feature set and turn the caches below describe
    /// (`Features::stamp`; a figure never moves without a feature write,
    /// and the turn tells a discard apart).
    stamp: Option<((u64, u64), u32)>,
    /// Counts the boards described so far (`Preview::board`).
    boards: u64,
    /// Features holding figures as the board stands.
    held: Vec<Outlook>,
    /// The summary of each held feature.
    held_summary: Vec<u32>,
    /// Summary → its index in `held` (`NONE32`: not held).
    held_of: Vec<u32>,
    /// (root, held farm touching it), sorted: the held farms whose
    /// neighbours a placement meeting that root changes.
    farm_touch: Vec<(u32, u32)>,
    /// Per held feature: the preview that met a neighbour of it (farms).
    held_touched: Vec<u32>,
    /// The held spots and farms, in `held`'s order: those a placement may
    /// change without meeting them through a side.
    watched: Vec<Watched>,
    /// Per standing figure, the held feature it stands on (`NONE32`: an
    /// acrobat).
    standing_held: Vec<u32>,
    /// Per standing figure: a builder (its second turn is valued).
    standing_builder: Vec<bool>,
    /// Per standing figure, its player.
    standing_owner: Vec<usize>,
    /// Builders of each player standing as the board stands, and when the
    /// turn previewed last ends ([`Preview::builders_after`]).
    builders_before: [u32; MAX_PLAYERS],
    builders_after: [u32; MAX_PLAYERS],
    /// What a pig adds per completed neighbour of its field (0: no pigs).
    pig_bonus: i64,
    /// The board holds what the preview does not model (a companion without
    /// its owner's follower, a companion that is neither builder nor pig).
    unmodelled: bool,
    summaries: Vec<Summary>,
    /// Node → summary index + 1 (0: none yet).
    summary_of: Vec<u32>,
    /// Arenas the summaries point into.
    tiles: Vec<u32>,
    units: Vec<(u8, u64)>,
    touches: Vec<u32>,
    /// Scratch marks over tiles and nodes.
    tile_marks: Vec<u32>,
    node_marks: Vec<u32>,
    generation: u32,
    unit_sum: Vec<u64>,
    keys: Vec<(u32, u8, bool)>,
    /// Counts the previews, to tell `node_item`'s entries of this one.
    previews: u32,
    /// Board node → (the preview that met it, its item there).
    node_item: Vec<(u32, u32)>,
    /// The board features met by the sides of squares previewed on this
    /// board (`contacts_board`), per square (`Board::square_index`): (board,
    /// the span of `contacts`); `contact_span`: the current square's.
    contacts: Vec<Contact>,
    contacts_board: u64,
    square_contacts: Vec<(u64, u32, u32)>,
    contact_span: (u32, u32),
    // The last placement previewed.
    items: Vec<Item>,
    /// Per held feature: met through a side (reset through `gone`).
    handled: Vec<bool>,
    /// What becomes of each held feature (reset through `gone`).
    fate: Vec<Fate>,
    gone: Vec<usize>,
    after: Vec<Outlook>,
    scored: Vec<Outlook>,
    /// When each scored feature is scored (`order_key`).
    scored_key: Vec<u32>,
    /// (figure, feature, group, the figure has strength, a companion).
    options: Vec<(FigureId, u8, usize, bool, Companion)>,
    groups: Vec<Outlook>,
    /// What becomes of the held features each group joins (`Kept`: none).
    group_fate: Vec<Fate>,
    /// Per group: its points are worked out (it holds figures or the
    /// player could put one there); else its outlook tells only whether it
    /// is complete.
    group_valued: Vec<bool>,
    /// When each group would be scored, were a figure on it (`NONE32`: never
    /// this turn).
    group_key: Vec<u32>,
    /// The root items of the valued farm groups, in increasing order.
    farms: Vec<u32>,
    // Scratch for `turn_end`.
    order: Vec<u32>,
    sequence: Vec<(u32, u32)>,
    seen: Vec<bool>,
    end: Vec<Outlook>,
    end_sources: Vec<u32>,
    /// The goods tokens the active player takes this turn (good, tokens):
    /// those of the networks the placement completes.
    goods: Vec<(u8, u64)>,
}

/// What a placement does to a feature holding figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fate {
    /// Unchanged: `held[h]` still holds.
    Kept,
    /// Changed: `after[a]`.
    After(u32),
    /// Completed and scored this turn: `scored[s]`.
    Scored(u32),
}

/// A figure option's companion role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Companion {
    /// A follower.
    No,
    /// A builder beside the player's follower.
    Builder,
    /// A pig beside the player's farmer.
    Pig,
}

/// "None" in the preview's u32 indices.
const NONE32: u32 = u32::MAX;

/// The order in which the engine scores features during a turn
/// (`Game::score_turn`): the tile's networks by their place in
/// `Kind::networks`, then neighbourhood spots square by square (rows from
/// the north, each from the west) and feature by feature.
fn network_key(position: usize) -> u32 {
    as_u32(position)
}

fn spot_key(dx: i32, dy: i32, feature: u8) -> u32 {
    let square = u32::try_from((dy + 1) * 3 + (dx + 1)).unwrap_or(0);
    1 << 16 | square << 8 | u32::from(feature)
}

/// What the turn of a previewed placement leaves ([`Preview::turn_end`]).
#[derive(Clone, Copy, Debug)]
pub struct TurnEnd<'p> {
    /// Points each player scores this turn.
    pub points: [i64; MAX_PLAYERS],
    /// Figures of each player that return to supply this turn (a figure
    /// placed this turn not counted).
    pub returned: [u32; MAX_PLAYERS],
    /// The features holding figures when the turn ends, in the order
    /// [`Game::outlooks_into`] would give them.
    pub outlooks: &'p [Outlook],
    /// Where each of `outlooks` comes from: `h` for [`Preview::held`]`[h]`
    /// unchanged, `held().len() + a` for [`Preview::after`]`[a]`.
    pub sources: &'p [u32],
}

/// What a feature of the board is made of, surveyed once.
#[derive(Clone, Copy, Debug)]
struct Summary {
    root: u32,
    kind: u8,
    /// Its distinct tiles, units and (a face) touched roots, in the arenas.
    tiles: (u32, u32),
    units: (u32, u32),
    touches: (u32, u32),
    present: u64,
}

/// One element of a preview's union-find: a piece of the new tile, or a
/// feature of the board it meets.
#[derive(Clone, Copy, Debug)]
struct Item {
    parent: u32,
    /// The board feature's summary, or `NEW` for a piece of the new tile.
    summary: u32,
    /// Open sides it brings (after the closures at this placement).
    open: i32,
    /// A group's root item: the group's index in `Preview::groups`
    /// (`NONE32`: none).
    group: u32,
    /// A group's root item: the open sides of the whole group.
    group_open: i32,
    /// A group's root item: its first item; any item: the next item of the
    /// same group, in increasing order (`NONE32`: none).
    first: u32,
    next: u32,
}

/// An item that is a piece of the new tile.
const NEW: u32 = u32::MAX;

/// A held feature a placement may change without meeting it through a side:
/// a farm (its `held` index), or a spot on the tile at (x, y).
#[derive(Clone, Copy, Debug)]
struct Watched {
    held: u32,
    farm: bool,
    x: i32,
    y: i32,
}

/// A board feature a side of a square meets, at one slot.
#[derive(Clone, Copy, Debug)]
struct Contact {
    /// The slot of the square (unrotated, 0..12).
    slot: u8,
    /// The kind and closing of the neighbour's slot facing it.
    kind: u8,
    closes: bool,
    /// The feature's root, summary and open sides.
    root: u32,
    summary: u32,
    open: i32,
    /// Its entries in `Preview::farm_touch`.
    touch: (u32, u32),
}

impl Preview {
    /// The features holding figures as the board stands, in the order
    /// [`Game::outlooks_into`] gives them.
    #[must_use]
    pub fn held(&self) -> &[Outlook] {
        &self.held
    }

    /// The goods tokens (good, tokens) the active player would take this
    /// turn: those of every network the placement completes.
    #[must_use]
    pub fn goods_taken(&self) -> &[(u8, u64)] {
        &self.goods
    }

    /// Changes whenever [`Preview::held`] may have: what a caller learnt
    /// from `held` holds while this stays the same.
    #[must_use]
    pub fn board(&self) -> u64 {
        self.boards
    }

    /// Indices into [`Preview::held`] of the features the placement changes
    /// or scores: their outlooks no longer hold.
    #[must_use]
    pub fn gone(&self) -> &[usize] {
        &self.gone
    }

    /// The features holding figures that the placement changes, as they
    /// would stand after it (merged ones once).
    #[must_use]
    pub fn after(&self) -> &[Outlook] {
        &self.after
    }

    /// The features the placement completes and scores this turn, with the
    /// figures that return: each majority player scores `now`.
    #[must_use]
    pub fn scored(&self) -> &[Outlook] {
        &self.scored
    }

    /// Each figure the active player could put on a feature of the placed
    /// tile — `(figure, feature, outlook)`, in the order of
    /// [`Game::meeple_actions_into`] — and that feature's outlook with no
    /// figure on it (`scored_now`: the figure would score it this turn); a
    /// companion's (a builder or pig beside the player's follower) with the
    /// figures already there.
    pub fn options(&self) -> impl Iterator<Item = (FigureId, u8, &Outlook)> + '_ {
        self.options
            .iter()
            .map(|&(figure, feature, g, _, _)| (figure, feature, &self.groups[g]))
    }

    /// For a pig's option, where its field comes from among the features
    /// holding figures at the turn's end (as [`Preview::end_sources`]).
    #[must_use]
    pub fn pig_source(&self, option: usize) -> Option<u32> {
        let &(_, _, g, _, companion) = self.options.get(option)?;
        match (companion, self.group_fate[g]) {
            (Companion::Pig, Fate::After(a)) => Some(as_u32(self.held.len()) + a),
            _ => None,
        }
    }

    /// After [`Preview::end_of_turn`]: each player's builders standing when
    /// the turn ends.
    #[must_use]
    pub fn builders_after(&self) -> &[u32; MAX_PLAYERS] {
        &self.builders_after
    }

    /// How the turn ends after passing (`on` is `None`) or after putting
    /// the figure of option `on` ([`Preview::options`]) on its feature: the
    /// points scored, the figures returned, and the features then holding
    /// figures in [`Game::outlooks_into`]'s order — the order of the
    /// standing figures, which scoring reorders as the engine does (each
    /// feature scored in turn, its figures taken back from the last).
    /// `player` is the active player (who would own the figure).
    ///
    /// # Panics
    /// `on` is not an option's index.
    pub fn turn_end(&mut self, on: Option<usize>, player: usize) -> TurnEnd<'_> {
        let (points, returned) = self.end_of_turn(on, player);
        let pig = on.and_then(|i| self.pig_source(i));
        self.end.clear();
        for &c in &self.end_sources {
            let mut outlook = if (c as usize) < self.held.len() {
                self.held[c as usize]
            } else {
                self.after[c as usize - self.held.len()]
            };
            if pig == Some(c) {
                outlook.pigs |= 1 << player;
            }
            self.end.push(outlook);
        }
        TurnEnd {
            points,
            returned,
            outlooks: &self.end,
            sources: &self.end_sources,
        }
    }

    /// [`Preview::turn_end`] without copying the outlooks: the points scored
    /// and figures returned; [`Preview::end_sources`] then tells where the
    /// features holding figures come from.
    ///
    /// # Panics
    /// `on` is not an option's index.
    #[inline(never)]
    pub fn end_of_turn(
        &mut self,
        on: Option<usize>,
        player: usize,
    ) -> ([i64; MAX_PLAYERS], [u32; MAX_PLAYERS]) {
        let mut points = [0i64; MAX_PLAYERS];
        let mut returned = [0u32; MAX_PLAYERS];
        let (kept, changed) = (self.held.len(), self.after.len());
        let code = |fate: Fate, h: usize| match fate {
            Fate::Kept => as_u32(h),
            Fate::After(a) => as_u32(kept) + a,
            Fate::Scored(s) => as_u32(kept + changed) + s,
        };
        let scored_from = as_u32(kept + changed);
        self.builders_after = self.builders_before;
        if on.is_none() && self.scored.is_empty() {
            // Passing and nothing scored: the standing figures keep their
            // order, each feature listed at its first figure.
            self.seen.clear();
            self.seen.resize(kept + changed, false);
            self.end_sources.clear();
            for &h in &self.standing_held {
                if h == NONE32 {
                    continue;
                }
                let c = code(self.fate[h as usize], h as usize);
                if !self.seen[c as usize] {
                    self.seen[c as usize] = true;
                    self.end_sources.push(c);
                }
            }
            return (points, returned);
        }
        self.order.clear();
        for (i, &h) in self.standing_held.iter().enumerate() {
            let c = if h == NONE32 {
                NONE32
            } else {
                code(self.fate[h as usize], h as usize)
            };
            if self.standing_builder[i] && c != NONE32 && c >= scored_from {
                self.builders_after[self.standing_owner[i]] -= 1;
            }
            self.order.push(c);
        }
        self.sequence.clear();
        for (s, o) in self.scored.iter().enumerate() {
            self.sequence
                .push((self.scored_key[s], as_u32(kept + changed + s)));
            let best = o.strength.iter().copied().max().unwrap_or(0);
            for p in 0..MAX_PLAYERS {
                returned[p] += u32::from(o.figures[p]);
                // `Outlook::scores_for`, the best strength found once.
                if best > 0 && o.strength[p] == best {
                    points[p] = points[p].saturating_add(o.now);
                }
            }
        }
        if let Some(i) = on {
            let (_, _, g, strong, companion) = self.options[i];
            if companion == Companion::No {
                let own = as_u32(kept + changed + self.scored.len());
                self.order.push(own);
                self.sequence.push((self.group_key[g], own));
                if strong {
                    points[player] = points[player].saturating_add(self.groups[g].now);
                }
            } else {
                // Beside the player's follower: its feature's code, scored
                // (and back at once) with it or standing on.
                let c = match self.group_fate[g] {
                    Fate::After(a) => as_u32(kept) + a,
                    Fate::Scored(s) => scored_from + s,
                    Fate::Kept => NONE32,
                };
                self.order.push(c);
                if companion == Companion::Builder && c < scored_from {
                    self.builders_after[player] += 1;
                }
            }
        }
        self.sequence.sort_unstable();
        for &(_, c) in &self.sequence {
            let mut i = self.order.len();
            while i > 0 {
                i -= 1;
                if self.order[i] == c {
                    self.order.swap_remove(i);
                }
            }
        }
        self.seen.clear();
        self.seen.resize(kept + changed, false);
        self.end_sources.clear();
        for &c in &self.order {
            let c = c as usize;
            if c >= kept + changed || self.seen[c] {
                continue;
            }
            self.seen[c] = true;
            self.end_sources.push(as_u32(c));
        }
        (points, returned)
    }

    /// After [`Preview::end_of_turn`]: where each feature holding figures
    /// when the turn ends comes from, in [`Game::outlooks_into`]'s order (as
    /// `TurnEnd::sources`).
    #[must_use]
    pub fn end_sources(&self) -> &[u32] {
        &self.end_sources
    }

    /// Starts a preview: `node_item` entries of earlier ones no longer count.
    fn next_preview(&mut self) {
        self.previews = self.previews.wrapping_add(1);
        if self.previews == 0 {
            self.node_item.fill((0, 0));
            self.held_touched.fill(0);
            self.previews = 1;
        }
    }

    /// The item a board root is in the current preview, if it met it.
    fn met(&self, root: u32) -> Option<usize> {
        match self.node_item.get(root as usize) {
            Some(&(at, item)) if at == self.previews => Some(item as usize),
            _ => None,
        }
    }

    /// The item of a board feature met through a side ([`Contact`]), added
    /// on first meeting.
    fn item_of_contact(&mut self, c: &Contact) -> usize {
        if let Some(i) = self.met(c.root) {
            return i;
        }
        let item = as_u32(self.items.len());
        self.node_item[c.root as usize] = (self.previews, item);
        for &(_, h) in &self.farm_touch[c.touch.0 as usize..c.touch.1 as usize] {
            self.held_touched[h as usize] = self.previews;
        }
        self.items.push(Item {
            parent: item,
            summary: c.summary,
            open: c.open,
            group: NONE32,
            group_open: 0,
            first: NONE32,
            next: NONE32,
        });
        self.items.len() - 1
    }

    /// The items of the group whose root item is `g`, in increasing order.
    fn members(&self, g: usize) -> Members<'_> {
        Members {
            items: &self.items,
            at: self.items[g].first,
        }
    }

    fn fresh_marks(&mut self, tiles: usize, nodes: usize) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.tile_marks.fill(0);
            self.node_marks.fill(0);
            self.generation = 1;
        }
        if self.tile_marks.len() < tiles {
            self.tile_marks.resize(tiles, 0);
        }
        if self.node_marks.len() < nodes {
            self.node_marks.resize(nodes, 0);
        }
        self.generation
    }
}

impl Game<'_> {
    /// Previews placing `tile` at `at` into `preview` (which keeps what it
    /// learnt about the board for the next preview on the same board).
    /// Returns `false`, leaving the results empty, when the placement is
    /// illegal or a capability could enter its turn (see the module notes).
    pub fn preview(&self, preview: &mut Preview, tile: KindId, at: Placement) -> bool {
        self.preview_fitting(preview, tile, at, false)
    }

    /// [`Game::preview`] of a placement known to fit (one of
    /// [`Game::placements_into`]'s for this board): the same, without
    /// checking the fit again.
    pub fn preview_legal(&self, preview: &mut Preview, tile: KindId, at: Placement) -> bool {
        debug_assert!(self.check_fit(tile, at).is_ok(), "{at:?} does not fit");
        self.preview_fitting(preview, tile, at, true)
    }

    fn preview_fitting(
        &self,
        preview: &mut Preview,
        tile: KindId,
        at: Placement,
        fits: bool,
    ) -> bool {
        // Only the features the last preview changed have a fate to forget.
        for &h in &preview.gone {
            preview.fate[h] = Fate::Kept;
            preview.handled[h] = false;
        }
        preview.gone.clear();
        preview.after.clear();
        preview.scored.clear();
        preview.scored_key.clear();
        preview.options.clear();
        preview.groups.clear();
        preview.group_key.clear();
        preview.group_valued.clear();
        preview.group_fate.clear();
        preview.farms.clear();
        preview.goods.clear();
        if !self.previewable(tile, at, fits) {
            return false;
        }
        self.refresh(preview);
        if preview.unmodelled {
            return false;
        }
        preview.next_preview();
        self.join_pieces(preview, tile, at);
        self.value_groups(preview, tile, at)
    }

    /// The placement is legal and no capability can enter its turn.
    #[inline(never)]
    fn previewable(&self, tile: KindId, at: Placement, fits: bool) -> bool {
        let Some(kind) = self.rules.kinds.get(usize::from(tile.0)) else {
            return false;
        };
        // A tile a capability's kind lies on (a circus, crop circle, flying
        // machine, pyramid, river) is not previewed.
        if kind.switches {
            return false;
        }
        // Nor is any placement while a module the preview does not model is
        // in play (`Module::PREVIEWED`).
        let ext = &self.rules.ext;
        if ext.unpreviewed() {
            return false;
        }
        // Goods are summed over the networks completed, not over spots.
        if InPlay::table::<Goods>(ext).is_some_and(GoodsTable::on_spots) {
            return false;
        }
        if let (Some(p), Some(t)) = (self.x.module::<Pyramid>(), InPlay::table::<Pyramid>(ext)) {
            if self.pyramid_near(p, t, at) {
                return false;
            }
        }
        self.phase == super::Phase::Tile
            && self.remaining(tile) > 0
            && (fits || self.check_fit(tile, at).is_ok())
    }

    /// True when a pyramid has room around the square, or one is complete.
    fn pyramid_near(&self, p: &Pyramid, t: &PyramidTable, at: Placement) -> bool {
        p.tiles().iter().any(|&(tile, acrobats)| {
            let q = self.board.placed[tile as usize];
            let near = q.x.abs_diff(at.x) <= 1 && q.y.abs_diff(at.y) <= 1;
            near || acrobats >= t.full()
        })
    }

    /// Forgets the summaries when the feature set changed, and values the
    /// features holding figures.
    #[inline(never)]
    fn refresh(&self, p: &mut Preview) {
        let stamp = (self.features.stamp(), self.turn);
        if p.stamp == Some(stamp) {
            return;
        }
        p.stamp = Some(stamp);
        p.boards += 1;
        p.summaries.clear();
        p.tiles.clear();
        p.units.clear();
        p.touches.clear();
        p.summary_of.clear();
        p.summary_of.resize(self.features.len() as usize, 0);
        p.node_item.clear();
        p.node_item.resize(self.features.len() as usize, (0, 0));
        p.unit_sum.clear();
        p.unit_sum.resize(self.rules.vocab.attributes.len(), 0);
        p.held.clear();
        p.held_summary.clear();
        p.standing_held.clear();
        p.standing_builder.clear();
        p.standing_owner.clear();
        p.builders_before = [0; MAX_PLAYERS];
        let ext = &self.rules.ext;
        let (builder, pig) = (InPlay::table::<Builder>(ext), InPlay::table::<Pig>(ext));
        p.pig_bonus = pig.map_or(0, PigTable::bonus);
        p.unmodelled = false;
        for i in 0..self.standing.len() {
            let s = self.standing[i];
            let is_builder = builder.is_some_and(|t| t.is_builder(s.figure));
            let owner = usize::from(s.player);
            p.standing_builder.push(is_builder);
            p.standing_owner.push(owner);
            if is_builder {
                p.builders_before[owner] += 1;
            }
            let companion = self.rules.figures[usize::from(s.figure.0)].companion;
            if companion && !is_builder && !pig.is_some_and(|t| t.is_pig(s.figure)) {
                p.unmodelled = true;
            }
            let Spot::Node(n) = s.spot else {
                p.standing_held.push(NONE32);
                continue;
            };
            let s = self.summary(p, self.features.root(n));
            let at = match p.held_summary.iter().position(|&h| h == s) {
                Some(at) => at,
                None => {
                    let outlook = self.summary_outlook(p, s);
                    p.held.push(outlook);
                    p.held_summary.push(s);
                    p.held.len() - 1
                }
            };
            p.standing_held.push(as_u32(at));
            self.count_figure(i, &mut p.held[at]);
        }
        // A companion stands beside its owner's follower (else it is
        // released as the engine releases it: not modelled).
        for i in 0..self.standing.len() {
            let s = self.standing[i];
            let h = p.standing_held[i];
            if self.rules.figures[usize::from(s.figure.0)].companion
                && (h == NONE32 || p.held[h as usize].figures[usize::from(s.player)] == 0)
            {
                p.unmodelled = true;
            }
        }
        p.held_of.clear();
        p.held_of.resize(p.summaries.len(), NONE32);
        p.farm_touch.clear();
        p.watched.clear();
        for (h, &s) in p.held_summary.iter().enumerate() {
            p.held_of[s as usize] = as_u32(h);
            let summary = p.summaries[s as usize];
            let rule = &self.rules.vocab.kinds[usize::from(summary.kind)];
            match rule.scoring {
                Scoring::Farm { .. } => {
                    p.watched.push(Watched {
                        held: as_u32(h),
                        farm: true,
                        x: 0,
                        y: 0,
                    });
                    for t in span(summary.touches) {
                        p.farm_touch.push((p.touches[t], as_u32(h)));
                    }
                }
                Scoring::Neighbourhood { .. } => {
                    let spot = self.board.placed[self.features.tile(summary.root) as usize];
                    p.watched.push(Watched {
                        held: as_u32(h),
                        farm: false,
                        x: spot.x,
                        y: spot.y,
                    });
                }
                Scoring::None | Scoring::Network { .. } => {}
            }
        }
        p.farm_touch.sort_unstable();
        p.held_touched.clear();
        p.held_touched.resize(p.held.len(), 0);
        p.handled.clear();
        p.handled.resize(p.held.len(), false);
        p.fate.clear();
        p.fate.resize(p.held.len(), Fate::Kept);
    }

    /// The summary of a board feature (a root), surveyed on first use.
    #[inline(never)]
    fn summary(&self, p: &mut Preview, root: u32) -> u32 {
        let known = p.summary_of[root as usize];
        if known != 0 {
            return known - 1;
        }
        let rules = self.rules;
        let mark = p.fresh_marks(self.board.placed.len(), self.features.len() as usize);
        let start = (p.tiles.len(), p.units.len(), p.touches.len());
        let mut present = 0u64;
        // Some piece carries units (else no attribute's sum is to gather).
        let mut counted = false;
        let mut m = root;
        loop {
            let t = self.features.tile(m);
            if p.tile_marks[t as usize] != mark {
                p.tile_marks[t as usize] = mark;
                p.tiles.push(t);
            }
            let placed = self.board.placed[t as usize];
            let piece = &rules.kinds[usize::from(placed.kind.0)].features
                [usize::from(self.features.feature(m))];
            if self.features.rich(m) {
                present |= piece.attributes;
                counted |= !piece.units.is_empty();
                for &(a, n) in &piece.units {
                    p.unit_sum[usize::from(a)] += u64::from(n);
                }
            }
            for &c in &piece.touching {
                let other = self.features.root(placed.first_node + u32::from(c));
                if p.node_marks[other as usize] != mark {
                    p.node_marks[other as usize] = mark;
                    p.touches.push(other);
                }
            }
            m = self.features.next(m);
            if m == root {
                break;
            }
        }
        // Every attribute of the vocabulary is scanned only when some
        // piece counted units (most features carry none).
        if counted {
            for (a, u) in (0u8..).zip(p.unit_sum.iter_mut()) {
                if *u != 0 {
                    p.units.push((a, *u));
                    *u = 0;
                }
            }
        }
        let span = |from: usize, to: usize| (as_u32(from), as_u32(to - from));
        p.summaries.push(Summary {
            root,
            kind: self.features.kind(root),
            tiles: span(start.0, p.tiles.len()),
            units: span(start.1, p.units.len()),
            touches: span(start.2, p.touches.len()),
            present,
        });
        let index = as_u32(p.summaries.len() - 1);
        p.summary_of[root as usize] = index + 1;
        index
    }

    /// The outlook of a board feature as it stands.
    #[inline(never)]
    fn summary_outlook(&self, p: &mut Preview, s: u32) -> Outlook {
        let summary = p.summaries[s as usize];
        let rule = &self.rules.vocab.kinds[usize::from(summary.kind)];
        let mut outlook = Outlook::empty(rule.source, summary.root);
        match &rule.scoring {
            Scoring::None => {}
            Scoring::Network { tile } => {
                let tiles = summary.tiles.1;
                let units = units_of(p, &[s], None);
                let open = self.features.open(summary.root);
                network_outlook(
                    &mut outlook,
                    tile,
                    open,
                    tiles,
                    summary.present,
                    units,
                    self,
                );
                clear_units(p, &[s], None);
            }
            Scoring::Neighbourhood { complete, tile } => {
                let at = self.board.placed[self.features.tile(summary.root) as usize];
                let around = self.board.around(at.x, at.y);
                let units = units_of(p, &[s], None);
                let values = (*complete, *tile);
                spot_outlook(&mut outlook, values, around, summary.present, units, self);
                clear_units(p, &[s], None);
            }
            Scoring::Farm { per } => {
                p.keys.clear();
                for i in span(summary.touches) {
                    let r = p.touches[i];
                    p.keys
                        .push((r, self.features.kind(r), self.features.open(r) == 0));
                }
                farm_outlook(&mut outlook, per, &mut p.keys, p.pig_bonus);
            }
        }
        outlook
    }

    /// Builds the union-find of the new tile's pieces and the board features
    /// they meet, with the open sides each brings.
    #[inline(never)]
    fn join_pieces(&self, p: &mut Preview, tile: KindId, at: Placement) {
        let rules = self.rules;
        let kind = &rules.kinds[usize::from(tile.0)];
        p.items.clear();
        for (i, f) in kind.features.iter().enumerate() {
            p.items.push(Item {
                parent: as_u32(i),
                summary: NEW,
                open: i32::from(f.sides),
                group: NONE32,
                group_open: 0,
                first: NONE32,
                next: NONE32,
            });
        }
        self.contacts(p, at);
        for c in p.contact_span.0..p.contact_span.1 {
            let contact = p.contacts[c as usize];
            let i = (usize::from(contact.slot) + 12 - 3 * usize::from(at.rotation % 4)) % 12;
            let ours = kind.slot_feature[i];
            if ours == NONE {
                continue;
            }
            let a = usize::from(ours);
            let b = p.item_of_contact(&contact);
            if kind.slot_kind[i] == contact.kind {
                union(&mut p.items, a, b);
            }
            // Each piece closes its own side at its closing slot (the
            // middle, or a shared side's end); two kinds whose letters
            // match end at each other.
            if kind.slot_closes[i] {
                p.items[a].open -= 1;
            }
            if contact.closes {
                p.items[b].open -= 1;
            }
        }
        // Every item to its root (roots no longer change), the group's open
        // sides summed, and its members linked in increasing order.
        for i in (0..p.items.len()).rev() {
            let r = find(&mut p.items, i);
            let item = p.items[i];
            p.items[i].parent = as_u32(r);
            p.items[i].next = p.items[r].first;
            p.items[r].first = as_u32(i);
            p.items[r].group_open += item.open;
        }
    }

    /// The board features the sides of the square `at` meet, slot by slot
    /// (the same for every rotation of the tile there), listed once per
    /// board and square.
    fn contacts(&self, p: &mut Preview, at: Placement) {
        let square = self.board.square_index(at.x, at.y);
        if let Some(&(board, start, end)) = square.and_then(|i| p.square_contacts.get(i)) {
            if board == p.boards {
                p.contact_span = (start, end);
                return;
            }
        }
        if p.contacts_board != p.boards {
            p.contacts_board = p.boards;
            p.contacts.clear();
        }
        let start = as_u32(p.contacts.len());
        let rules = self.rules;
        for (side, &(dx, dy)) in super::core::board::SIDE_STEP.iter().enumerate() {
            let (Some(nx), Some(ny)) = (at.x.checked_add(dx), at.y.checked_add(dy)) else {
                continue;
            };
            let Some(u) = self.board.tile_at(nx, ny) else {
                continue;
            };
            let other = self.board.placed[u as usize];
            let other_kind = &rules.kinds[usize::from(other.kind.0)];
            for k in 3 * side..3 * side + 3 {
                let j = Slot::from_index(k)
                    .facing()
                    .rotated(4 - other.rotation)
                    .index();
                let theirs = other_kind.slot_feature[j];
                if theirs == NONE {
                    continue;
                }
                let root = self.features.root(other.first_node + u32::from(theirs));
                let (first, last) = match (p.farm_touch.first(), p.farm_touch.last()) {
                    (Some(&(lo, _)), Some(&(hi, _))) if (lo..=hi).contains(&root) => {
                        let first = p.farm_touch.partition_point(|&(r, _)| r < root);
                        let n = p.farm_touch[first..].partition_point(|&(r, _)| r == root);
                        (first, first + n)
                    }
                    _ => (0, 0),
                };
                let summary = self.summary(p, root);
                p.contacts.push(Contact {
                    slot: u8::try_from(k).unwrap_or(0),
                    kind: other_kind.slot_kind[j],
                    closes: other_kind.slot_closes[j],
                    root,
                    summary,
                    open: self.features.open(root),
                    touch: (as_u32(first), as_u32(last)),
                });
            }
        }
        let end = as_u32(p.contacts.len());
        p.contact_span = (start, end);
        if let Some(i) = square {
            if p.square_contacts.len() <= i {
                p.square_contacts.resize(i + 1, (0, 0, 0));
            }
            p.square_contacts[i] = (p.boards, start, end);
        }
    }

    /// Values every group of the union-find and every held feature the
    /// placement changes; `false` when a completion would score a bonus.
    #[inline(never)]
    fn value_groups(&self, p: &mut Preview, tile: KindId, at: Placement) -> bool {
        let rules = self.rules;
        let kind = &rules.kinds[usize::from(tile.0)];
        // The figures the active player could put on a piece of the tile.
        let mut placeable = 0u32;
        for i in 0..rules.figures.len().min(32) {
            let figure = FigureId(u8::try_from(i).unwrap_or(u8::MAX));
            if self.supply(self.active, figure) > 0 {
                placeable |= 1 << i;
            }
        }
        let goods = InPlay::table::<Goods>(&rules.ext);
        for g in 0..p.items.len() {
            if p.items[g].parent as usize != g {
                continue;
            }
            let (mut open, mut summaries, mut new) = (0i32, [0u32; 16], [0u8; 16]);
            let (mut ns, mut nn) = (0, 0);
            for i in p.members(g) {
                let item = &p.items[i];
                open += item.open;
                if item.summary == NEW {
                    if nn == new.len() {
                        return false;
                    }
                    new[nn] = u8::try_from(i).unwrap_or(u8::MAX);
                    nn += 1;
                } else {
                    if ns == summaries.len() {
                        return false;
                    }
                    summaries[ns] = item.summary;
                    ns += 1;
                }
            }
            let (summaries, new) = (&summaries[..ns], &new[..nn]);
            let k = match (new.first(), summaries.first()) {
                (Some(&f), _) => kind.features[usize::from(f)].kind,
                (None, Some(&s)) => p.summaries[s as usize].kind,
                (None, None) => continue,
            };
            let rule = &rules.vocab.kinds[usize::from(k)];
            if let (0, Some(t), Scoring::Network { .. }) = (open, goods, &rule.scoring) {
                take_goods(p, t, summaries, kind, new);
            }
            let root = summaries
                .first()
                .map_or(GROUP, |&s| p.summaries[s as usize].root);
            // Built in place: an outlook is too large to copy around.
            p.groups.push(Outlook::empty(rule.source, root));
            let gi = p.groups.len() - 1;
            let first_gone = p.gone.len();
            for &s in summaries {
                let h = p.held_of.get(s as usize).copied().unwrap_or(NONE32);
                if h != NONE32 {
                    let h = h as usize;
                    p.handled[h] = true;
                    p.gone.push(h);
                    add_figures(&mut p.groups[gi], &p.held[h]);
                }
            }
            // A group's points are read only when figures stand on it or the
            // player could put one there (an option); otherwise only whether
            // it is complete (`scored_now`) is.
            let valued = p.groups[gi].has_figures()
                || new
                    .iter()
                    .any(|&f| kind.features[usize::from(f)].admits & placeable != 0);
            // When the engine would score this group this turn, were a
            // figure on it (`NONE32`: not this turn).
            let mut key = NONE32;
            match &rule.scoring {
                Scoring::None => {}
                Scoring::Network { .. } if !valued => {
                    unvalued(&mut p.groups[gi], u32::try_from(open.max(0)).unwrap_or(0));
                    let first = kind.networks.iter().position(|f| new.contains(f));
                    if let (0, Some(first)) = (open, first) {
                        key = network_key(first);
                    }
                }
                Scoring::Network { tile } => {
                    let mut tiles = u32::from(!new.is_empty());
                    let mut present = 0u64;
                    if let [s] = summaries {
                        // One feature's tiles are distinct already.
                        let summary = p.summaries[*s as usize];
                        present |= summary.present;
                        tiles += summary.tiles.1;
                    } else if !summaries.is_empty() {
                        let mark = p.fresh_marks(self.board.placed.len() + 1, 0);
                        for &s in summaries {
                            let summary = p.summaries[s as usize];
                            present |= summary.present;
                            for i in span(summary.tiles) {
                                let t = p.tiles[i] as usize;
                                if p.tile_marks[t] != mark {
                                    p.tile_marks[t] = mark;
                                    tiles += 1;
                                }
                            }
                        }
                    }
                    for &f in new {
                        present |= kind.features[usize::from(f)].attributes;
                    }
                    let counted = summaries
                        .iter()
                        .any(|&s| p.summaries[s as usize].units.1 > 0)
                        || new
                            .iter()
                            .any(|&f| !kind.features[usize::from(f)].units.is_empty());
                    if counted {
                        units_of(p, summaries, Some((kind, new)));
                        let (outlook, units) = (&mut p.groups[gi], &p.unit_sum);
                        network_outlook(outlook, tile, open, tiles, present, units, self);
                        clear_units(p, summaries, Some((kind, new)));
                    } else {
                        network_outlook(&mut p.groups[gi], tile, open, tiles, present, &[], self);
                    }
                    // The engine scores the tile's networks (`score_turn`).
                    let first = kind.networks.iter().position(|f| new.contains(f));
                    if let (0, Some(first)) = (open, first) {
                        key = network_key(first);
                    }
                }
                Scoring::Neighbourhood { complete, tile } => {
                    // A spot is one piece: the new tile's own, or a board spot
                    // met through a side (then its square gains this tile).
                    let (around, present) = match (new.first(), summaries.first()) {
                        (Some(&f), _) => {
                            let piece = &kind.features[usize::from(f)];
                            (self.board.around(at.x, at.y), piece.attributes)
                        }
                        // A board spot met through a side: not previewed.
                        (None, _) => return false,
                    };
                    if !valued {
                        unvalued(&mut p.groups[gi], 8 - u32::from(around).min(8));
                        if let (true, [f]) = (around >= 8, new) {
                            key = spot_key(0, 0, *f);
                        }
                    } else {
                        units_of(p, summaries, Some((kind, new)));
                        let values = (*complete, *tile);
                        let (outlook, sums) = (&mut p.groups[gi], &p.unit_sum);
                        spot_outlook(outlook, values, around, present, sums, self);
                        clear_units(p, summaries, Some((kind, new)));
                        if let (true, [f]) = (around >= 8, new) {
                            key = spot_key(0, 0, *f);
                        }
                    }
                }
                // Valued below, once every network group's sides are known.
                Scoring::Farm { .. } => {}
            }
            let held = p.groups[gi].has_figures();
            p.group_valued.push(valued);
            p.group_key.push(key);
            p.group_fate.push(Fate::Kept);
            p.items[g].group = as_u32(gi);
            if valued && matches!(rule.scoring, Scoring::Farm { .. }) {
                p.farms.push(as_u32(g));
            }
            let fate = if key != NONE32 && held {
                if p.groups[gi].bonus {
                    return false;
                }
                p.scored.push(p.groups[gi]);
                p.scored_key.push(key);
                Fate::Scored(as_u32(p.scored.len() - 1))
            } else if held {
                p.after.push(p.groups[gi]);
                Fate::After(as_u32(p.after.len() - 1))
            } else {
                continue;
            };
            p.group_fate[gi] = fate;
            for i in first_gone..p.gone.len() {
                p.fate[p.gone[i]] = fate;
            }
        }
        // Faces: what they touch, mapped through the groups.
        for w in 0..p.farms.len() {
            let g = p.farms[w] as usize;
            let gi = p.items[g].group as usize;
            let Scoring::Farm { per } =
                &rules.vocab.kinds[usize::from(self.group_kind(p, g, kind))].scoring
            else {
                continue;
            };
            let mut keys = std::mem::take(&mut p.keys);
            keys.clear();
            for i in p.members(g) {
                if p.items[i].summary == NEW {
                    for &c in &kind.features[i].touching {
                        keys.push(self.key_of(p, GROUP | u32::from(c), kind));
                    }
                } else {
                    let summary = &p.summaries[p.items[i].summary as usize];
                    for t in span(summary.touches) {
                        keys.push(self.key_of(p, p.touches[t], kind));
                    }
                }
            }
            farm_outlook(&mut p.groups[gi], per, &mut keys, p.pig_bonus);
            p.keys = keys;
            let outlook = &p.groups[gi];
            if outlook.has_figures() {
                if let Some(a) = p.after.iter_mut().find(|o| o.root == outlook.root) {
                    *a = *outlook;
                }
            }
        }
        // Held features met through no side: spots around, farms whose
        // neighbours changed.
        for w in 0..p.watched.len() {
            let watched = p.watched[w];
            let h = watched.held as usize;
            let skip = if watched.farm {
                // It touches no board feature the placement meets.
                p.held_touched[h] != p.previews
            } else {
                watched.x.abs_diff(at.x) > 1 || watched.y.abs_diff(at.y) > 1
            };
            if skip || p.handled[h] {
                continue;
            }
            let s = p.held_summary[h];
            let summary = p.summaries[s as usize];
            let rule: &KindRule = &rules.vocab.kinds[usize::from(summary.kind)];
            match &rule.scoring {
                Scoring::Neighbourhood { complete, tile } => {
                    let spot = self.board.placed[self.features.tile(summary.root) as usize];
                    if spot.x.abs_diff(at.x) > 1 || spot.y.abs_diff(at.y) > 1 {
                        continue;
                    }
                    let mut outlook = p.held[h];
                    // A spot is one node, scored as one (`score_turn`).
                    if summary.tiles.1 != 1 || self.features.next(summary.root) != summary.root {
                        return false;
                    }
                    let around = self.board.around(spot.x, spot.y) + 1;
                    let units = units_of(p, &[s], None);
                    let values = (*complete, *tile);
                    spot_outlook(&mut outlook, values, around, summary.present, units, self);
                    clear_units(p, &[s], None);
                    p.gone.push(h);
                    p.fate[h] = if around >= 8 {
                        if outlook.bonus {
                            return false;
                        }
                        let feature = self.features.feature(summary.root);
                        p.scored.push(outlook);
                        p.scored_key
                            .push(spot_key(spot.x - at.x, spot.y - at.y, feature));
                        Fate::Scored(as_u32(p.scored.len() - 1))
                    } else {
                        p.after.push(outlook);
                        Fate::After(as_u32(p.after.len() - 1))
                    };
                }
                Scoring::Farm { per } => {
                    // It touches a board feature the placement meets.
                    if p.held_touched[h] != p.previews {
                        continue;
                    }
                    let mut outlook = p.held[h];
                    p.keys.clear();
                    for t in span(summary.touches) {
                        let key = self.key_of(p, p.touches[t], kind);
                        p.keys.push(key);
                    }
                    farm_outlook(&mut outlook, per, &mut p.keys, p.pig_bonus);
                    p.gone.push(h);
                    p.after.push(outlook);
                    p.fate[h] = Fate::After(as_u32(p.after.len() - 1));
                }
                Scoring::None | Scoring::Network { .. } => {}
            }
        }
        // Where the active player's figures could go
        // (`Game::figure_placements_into`).
        let me = self.active;
        for (f, piece) in (0u8..).zip(&kind.features) {
            let group = p.items[p.items[usize::from(f)].parent as usize].group;
            if (piece.admits == 0 && piece.companions == 0) || group == NONE32 {
                continue;
            }
            let gi = group as usize;
            let group = &p.groups[gi];
            if group.has_figures() {
                // Occupied: a companion beside the player's own follower.
                if piece.companions != 0 && group.figures[me] > 0 {
                    let builder = InPlay::table::<Builder>(&rules.ext);
                    for i in 0..rules.figures.len() {
                        let figure = FigureId(u8::try_from(i).unwrap_or(u8::MAX));
                        if piece.companions & (1 << i) == 0 || self.supply(me, figure) == 0 {
                            continue;
                        }
                        let role = if builder.is_some_and(|t| t.is_builder(figure)) {
                            Companion::Builder
                        } else {
                            Companion::Pig
                        };
                        p.options.push((figure, f, gi, false, role));
                    }
                }
                continue;
            }
            if piece.admits == 0 {
                continue;
            }
            let completes = p.group_key[gi] != NONE32;
            // A figure that would be scored at once must be scored so.
            if group.scored_now != completes {
                return false;
            }
            // The figures it admits that the player has in supply, in order.
            let mut open = piece.admits & placeable;
            while open != 0 {
                let i = open.trailing_zeros() as usize;
                open &= open - 1;
                let def = &self.rules.figures[i];
                let figure = FigureId(u8::try_from(i).unwrap_or(u8::MAX));
                if completes && self.is_ringmaster(figure) {
                    return false;
                }
                p.options
                    .push((figure, f, gi, def.strength > 0, Companion::No));
            }
        }
        true
    }

    /// The kind of a group (any of its items').
    fn group_kind(&self, p: &Preview, g: usize, kind: &Kind) -> u8 {
        let item = p.items[g];
        if item.summary == NEW {
            kind.features[g].kind
        } else {
            p.summaries[item.summary as usize].kind
        }
    }

    /// What a face counts of a neighbour after the placement: (identity,
    /// kind, completed). `r` is a board root, or `GROUP | piece` for a piece
    /// of the new tile; a board root the placement met stands for its group.
    #[inline(never)]
    fn key_of(&self, p: &Preview, r: u32, kind: &Kind) -> (u32, u8, bool) {
        let item = if r & GROUP != 0 {
            Some((r & !GROUP) as usize)
        } else {
            p.met(r)
        };
        match item {
            Some(i) => {
                let g = p.items[i].parent as usize;
                let open = p.items[g].group_open;
                (GROUP | as_u32(g), self.group_kind(p, g, kind), open == 0)
            }
            None => (r, self.features.kind(r), self.features.open(r) == 0),
        }
    }
}

/// A network's outlook from its parts.
#[inline(never)]
fn network_outlook(
    outlook: &mut Outlook,
    tile: &[i64; 2],
    open: i32,
    tiles: u32,
    present: u64,
    units: &[u64],
    game: &Game<'_>,
) {
    use super::core::vocab::{COMPLETE, UNFINISHED};
    let attributes = &game.rules.vocab.attributes;
    let missing = u32::try_from(open.max(0)).unwrap_or(0);
    let state = if open == 0 { COMPLETE } else { UNFINISHED };
    outlook.now = network_points(tile, state, tiles, present, units, attributes);
    outlook.complete = if missing == 0 {
        outlook.now
    } else {
        network_points(tile, COMPLETE, tiles, present, units, attributes)
    };
    outlook.missing = missing;
    outlook.scored_now = missing == 0;
}

/// A group no figure stands on or could go to: only what it misses, and
/// whether it is complete (its points are never read).
fn unvalued(outlook: &mut Outlook, missing: u32) {
    outlook.missing = missing;
    outlook.scored_now = missing == 0;
}

/// A neighbourhood spot's outlook with `around` tiles around it.
#[inline(never)]
fn spot_outlook(
    outlook: &mut Outlook,
    values: (i64, i64),
    around: u8,
    present: u64,
    units: &[u64],
    game: &Game<'_>,
) {
    let attributes = &game.rules.vocab.attributes;
    let tiles = 1 + u32::from(around);
    let missing = 8 - u32::from(around).min(8);
    outlook.now = neighbourhood_points(values, tiles, tiles == 9, present, units, attributes);
    outlook.complete = if missing == 0 {
        outlook.now
    } else {
        neighbourhood_points(values, tiles, true, present, units, attributes)
    };
    outlook.missing = missing;
    outlook.scored_now = missing == 0;
}

/// A farm's outlook from the neighbours it touches: (identity, kind,
/// completed), duplicates allowed (sorted away here).
fn farm_outlook(outlook: &mut Outlook, per: &[i64], keys: &mut Vec<(u32, u8, bool)>, pig: i64) {
    keys.sort_unstable_by_key(|k| k.0);
    keys.dedup_by_key(|k| k.0);
    let (mut done, mut all, mut done_points, mut all_points) = (0u32, 0u32, 0i64, 0i64);
    for &(_, kind, complete) in keys.iter() {
        let value = per.get(usize::from(kind)).copied().unwrap_or(0);
        if value == 0 {
            continue;
        }
        all += 1;
        all_points = all_points.saturating_add(value);
        if complete {
            done += 1;
            done_points = done_points.saturating_add(value);
        }
    }
    outlook.now = done_points;
    outlook.complete = all_points;
    outlook.missing = all - done;
    outlook.scored_now = false;
    outlook.pig_now = i64::from(done).saturating_mul(pig);
    outlook.pig_complete = i64::from(all).saturating_mul(pig);
}

/// The new pieces' units and some summaries' units, summed into the scratch
/// vector (cleared again by [`clear_units`]).
fn units_of<'p>(p: &'p mut Preview, summaries: &[u32], pieces: Option<Pieces<'_>>) -> &'p [u64] {
    for &s in summaries {
        for i in span(p.summaries[s as usize].units) {
            let (a, n) = p.units[i];
            p.unit_sum[usize::from(a)] += n;
        }
    }
    if let Some((kind, new)) = pieces {
        for &f in new {
            for &(a, n) in &kind.features[usize::from(f)].units {
                p.unit_sum[usize::from(a)] += u64::from(n);
            }
        }
    }
    &p.unit_sum
}

fn clear_units(p: &mut Preview, summaries: &[u32], pieces: Option<Pieces<'_>>) {
    for &s in summaries {
        for i in span(p.summaries[s as usize].units) {
            p.unit_sum[usize::from(p.units[i].0)] = 0;
        }
    }
    if let Some((kind, new)) = pieces {
        for &f in new {
            for &(a, _) in &kind.features[usize::from(f)].units {
                p.unit_sum[usize::from(a)] = 0;
            }
        }
    }
}

/// Adds the goods of a completed group (board features and new pieces) to
/// what the active player takes.
fn take_goods(p: &mut Preview, t: &GoodsTable, summaries: &[u32], kind: &Kind, new: &[u8]) {
    let mut add = |good: u8, n: u64| {
        if !t.is_good(good) {
            return;
        }
        match p.goods.iter_mut().find(|g| g.0 == good) {
            Some(g) => g.1 = g.1.saturating_add(n),
            None => p.goods.push((good, n)),
        }
    };
    for &s in summaries {
        for i in span(p.summaries[s as usize].units) {
            let (a, n) = p.units[i];
            add(a, n);
        }
    }
    for &f in new {
        for &(a, n) in &kind.features[usize::from(f)].units {
            add(a, u64::from(n));
        }
    }
}

/// Pieces of the new tile: its kind and their feature ids.
type Pieces<'k> = (&'k Kind, &'k [u8]);

/// Adds the figures of a held feature to a group's majority.
fn add_figures(to: &mut Outlook, from: &Outlook) {
    for p in 0..MAX_PLAYERS {
        to.strength[p] = to.strength[p].saturating_add(from.strength[p]);
        to.figures[p] = to.figures[p].saturating_add(from.figures[p]);
    }
    to.bonus |= from.bonus;
    to.pigs |= from.pigs;
}

/// The items of one group ([`Preview::members`]).
struct Members<'p> {
    items: &'p [Item],
    at: u32,
}

impl Iterator for Members<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.at == NONE32 {
            return None;
        }
        let i = self.at as usize;
        self.at = self.items[i].next;
        Some(i)
    }
}

fn find(items: &mut [Item], mut i: usize) -> usize {
    while items[i].parent as usize != i {
        let p = items[i].parent as usize;
        items[i].parent = items[p].parent;
        i = p;
    }
    i
}

fn union(items: &mut [Item], a: usize, b: usize) {
    let (ra, rb) = (find(items, a), find(items, b));
    if ra != rb {
        items[rb].parent = as_u32(ra);
    }
}

fn span((start, len): (u32, u32)) -> std::ops::Range<usize> {
    start as usize..(start + len) as usize
}

fn as_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Ruleset;
    use crate::engine::moves::{Flights, MeepleAction, Move, Phase};
    use crate::engine::random::RandomPlayer;

    fn rules(files: &[&str]) -> Ruleset {
        let mut sources = crate::diag::SourceMap::new();
        let ids: Vec<_> = files
            .iter()
            .map(|f| {
                let path = format!("{}/{f}", env!("CARGO_MANIFEST_DIR"));
                let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
                sources.add(*f, text)
            })
            .collect();
        let checked = crate::compile::compile(&sources, &ids)
            .checked
            .expect("compiles");
        Ruleset::new(&crate::emit::tileset(&checked), None).unwrap_or_else(|e| panic!("{e}"))
    }

    /// An outlook without its identity, to compare.
    type Key = (
        usize,
        i64,
        i64,
        u32,
        bool,
        [u32; MAX_PLAYERS],
        [u8; MAX_PLAYERS],
        (u32, i64, i64),
    );

    fn key(o: &Outlook) -> Key {
        let source = o.source as usize;
        (
            source,
            o.now,
            o.complete,
            o.missing,
            o.scored_now,
            o.strength,
            o.figures,
            (o.pigs, o.pig_now, o.pig_complete),
        )
    }

    fn sorted(list: impl Iterator<Item = Outlook>) -> Vec<Key> {
        let mut v: Vec<_> = list.map(|o| key(&o)).collect();
        v.sort_unstable();
        v
    }

    /// Every preview of every placement of a few drawn tiles, through random
    /// games, against placing the tile on a copy: the features holding
    /// figures, what is scored, and where a figure could go.
    fn previews_match_placing(rules: &Ruleset, games: u64) -> usize {
        let mut checked = 0;
        let mut preview = Preview::default();
        for seed in 0..games {
            RandomPlayer::new(seed)
                .play_with(rules, 3, None, |game| {
                    if game.phase() != Phase::Tile {
                        return;
                    }
                    let mut now = game.clone();
                    let mut held = Vec::new();
                    now.outlooks_into(&mut held);
                    for k in (usize::try_from(seed % 3).unwrap_or(0)..rules.kind_count()).step_by(3)
                    {
                        let tile = KindId(u16::try_from(k).unwrap_or(0));
                        for n in 0..game.placement_count(tile) {
                            let Some(at) = game.nth_placement(tile, n) else {
                                continue;
                            };
                            if !game.preview(&mut preview, tile, at) {
                                continue;
                            }
                            let previewed: Vec<_> = preview.held().iter().map(key).collect();
                            let exact: Vec<_> = held.iter().map(key).collect();
                            assert_eq!(previewed, exact);
                            check_one(game, &mut preview, tile, at);
                            checked += 1;
                        }
                    }
                })
                .unwrap_or_else(|e| panic!("{e}"));
        }
        checked
    }

    fn check_one(game: &Game<'_>, preview: &mut Preview, tile: KindId, at: Placement) {
        let mut placed = game.clone();
        placed
            .apply(&Move::Place {
                tile,
                placement: at,
                token: None,
            })
            .unwrap_or_else(|e| panic!("{e}"));
        let mut actions = Vec::new();
        placed.meeple_actions_into(&mut actions, Flights::Decisions);
        let places: Vec<(FigureId, u8)> = actions
            .iter()
            .filter_map(|a| match *a {
                MeepleAction::Place { figure, feature } => Some((figure, feature)),
                _ => None,
            })
            .collect();
        assert_eq!(actions.len(), places.len() + 1, "{at:?}: only figures");
        let options: Vec<(FigureId, u8)> = preview.options().map(|(f, x, _)| (f, x)).collect();
        assert_eq!(options, places, "{at:?}");
        let mut completing = Vec::new();
        for (i, (figure, feature, outlook)) in preview.options().enumerate() {
            let exact = placed.outlook_at(at.x, at.y, feature).expect("an outlook");
            assert_eq!(key(outlook), key(&exact), "{at:?} feature {feature}");
            if outlook.scored_now || game.rules().is_companion(figure) {
                completing.push(i);
            }
        }
        let kept = (0..preview.held().len())
            .filter(|h| !preview.gone().contains(h))
            .map(|h| preview.held()[h]);
        let changed = sorted(kept.chain(preview.after().iter().copied()));
        let me = game.active_player();
        for on in std::iter::once(None).chain(completing.into_iter().map(Some)) {
            let action = on.map_or(MeepleAction::Pass, |i| {
                let (figure, feature) = places[i];
                MeepleAction::Place { figure, feature }
            });
            let mut after = placed.clone();
            after
                .apply(&Move::Figure(action))
                .unwrap_or_else(|e| panic!("{e}"));
            let end = preview.turn_end(on, me);
            for p in 0..game.players() {
                let gained = after.scores()[p].total() - game.scores()[p].total();
                assert_eq!(gained, end.points[p], "{at:?} {action:?}: points of {p}");
                let figures = |g: &Game<'_>| -> u32 {
                    (0..g.rules().figure_count())
                        .map(|f| FigureId(u8::try_from(f).unwrap_or(0)))
                        .filter(|&f| !g.rules().is_companion(f))
                        .map(|f| g.on_board(p, f))
                        .sum()
                };
                let left = figures(game) - end.returned[p];
                assert_eq!(figures(&after), left, "{at:?} {action:?}: figures of {p}");
            }
            let builders = *preview.builders_after();
            for (p, &n) in builders.iter().enumerate().take(game.players()) {
                assert_eq!(
                    n,
                    after.builders_standing(p),
                    "{at:?} {action:?}: builders of {p}"
                );
            }
            let end = preview.turn_end(on, me);
            let mut exact = Vec::new();
            after.outlooks_into(&mut exact);
            let previewed: Vec<_> = end.outlooks.iter().map(key).collect();
            let exact: Vec<_> = exact.iter().map(key).collect();
            assert_eq!(
                previewed, exact,
                "{at:?} {action:?}: features held, in order"
            );
            if on.is_none() {
                assert_eq!(changed, sorted(end.outlooks.iter().copied()));
            }
        }
    }

    #[test]
    fn symmetric_tiles_list_the_rotations_that_lie_alike() {
        let base = rules(&["tilesets/base.tiles"]);
        let turns = |id: &str| -> ([u8; 4], Vec<Vec<u8>>) {
            let k: KindId = base.kind(id).expect("a kind");
            let same = std::array::from_fn(|r| base.same_turn(k, u8::try_from(r).unwrap_or(0)));
            let maps = (0..4u8)
                .map(|r| base.turn_features(k, r).to_vec())
                .collect();
            (same, maps)
        };
        // A cloister in a field: every rotation the same tile.
        assert_eq!(turns("base/B").0, [0, 0, 0, 0]);
        // A straight road: half a turn swaps its two fields.
        let (same, maps) = turns("base/U");
        assert_eq!(same, [0, 1, 0, 1]);
        assert!(maps[2]
            .iter()
            .enumerate()
            .any(|(f, &g)| usize::from(g) != f));
        // A city cap and a road: no two rotations alike.
        assert_eq!(turns("base/D").0, [0, 1, 2, 3]);
    }

    #[test]
    fn a_preview_sees_what_placing_the_tile_does() {
        let base = rules(&["tilesets/base.tiles"]);
        assert!(previews_match_placing(&base, 3) > 3000);
        let lakeside = rules(&["tilesets/base.tiles", "examples/lakeside.tiles"]);
        assert!(previews_match_placing(&lakeside, 2) > 2000);
        let all = rules(&[
            "tilesets/base.tiles",
            "tilesets/under-the-big-top.tiles",
            "tilesets/the-flier.tiles",
            "tilesets/crop-circles-2.tiles",
        ]);
        assert!(previews_match_placing(&all, 2) > 1000);
        let roses = rules(&["tilesets/base.tiles", "tilesets/wind-roses.tiles"]);
        assert!(previews_match_placing(&roses, 2) > 1000);
        // Builders, pigs and goods.
        let traders = rules(&[
            "tilesets/base.tiles",
            "tilesets/inns-and-cathedrals.tiles",
            "tilesets/traders-and-builders.tiles",
        ]);
        assert!(previews_match_placing(&traders, 3) > 3000);
    }
}
