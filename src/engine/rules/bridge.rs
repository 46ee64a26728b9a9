//! Bridges (`capability bridge` on a supply figure, the bridge, whose
//! `stands-on` names the one kind a bridge is a piece of: the road). Each
//! player has the figure's `per-player` bridges with up to four players, one
//! fewer with five or more (see [`bridges_for`]). Once a turn, after placing
//! a tile and before the figure action, the player may put one of them
//! across the tile just placed or a tile next to it, straight from the
//! middle of one side to the middle of the opposite one, where both sides
//! show only field (faces); a tile holds one bridge at most. An end facing a
//! placed tile must meet a road of it; a bridge on a neighbour must have an
//! end facing the tile just placed. The bridge is a road piece of its tile
//! (an *added way* of the kind, prepared once here, which this module
//! activates and joins to the roads at its ends); the fields under it stay
//! as they were. Its ends show a road to the empty squares they face, so a
//! tile placed there later must continue the road, and joins it. A follower
//! may go on the bridge of the tile just placed in that turn's figure
//! action, as on any road of it.
//!
//! Placed by a bridge: a tile may also go where its sides do not fit, when
//! the bridge placed in the same turn makes them fit (`widen`): fields of
//! the new tile meeting neighbours' roads on the two ends of one of its
//! ways, joined by a bridge across it; or one road side of the new tile
//! meeting a neighbour's field side, continued by a bridge across that
//! neighbour. The player needs a bridge left, and the turn's figure action
//! must then be a bridge that makes the tile fit (the other actions follow
//! it). Such placements do not forbid a discard (the rules let a player
//! discard a tile that fits only with a bridge).
//!
//! Interplay: no bridge on an acrobat tile whose pyramid holds acrobats,
//! and no acrobat joins a pyramid whose tile holds a bridge, through a
//! portal neither (`pyramid`, read
//! through the host).
//!
//! Hooks: `table` (the road kind, the count), `prepare_kind` (each kind's
//! ways, and the sides a bridge may make fit), `widens` (a bridge left in
//! the player's supply), `widen` (a placement only a bridge makes fit), `placed` (its bridge is due), `tile_move`, `tile_put` (a tile meeting a bridge's end joins it),
//! `offer` and `act` (a bridge), `check_action` and `narrow` (no follower on
//! a way without a bridge; no acrobat under a bridge; the bridge a tile
//! placed by a bridge needs, first), `another_action` (the
//! figure action follows), `after_scoring` (the road a bridge completed,
//! or an abbey's wall ended at a bridge's end),
//! `relink` (a rebuilt road keeps its bridges).

use super::module::{hooks, Capability, Host, Module, Offer, On, Setup};
use super::pyramid::Pyramid;
use crate::emit::wire::{self, Shape};
use crate::engine::core::board::SIDE_STEP;
use crate::engine::core::ruleset::way_name;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::{rotated_edges, KFeature, Kind, NONE};
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError};
use crate::engine::ids::KindId;
use crate::engine::moves::{
    illegal, FigureAction, Flights, IllegalMove, Landing, MeepleAction, Placement,
};
use crate::geometry::Side;

/// The capability.
pub const NAME: &str = "bridge";

/// Bridges each player receives: the declared count with up to four
/// players, one fewer with five or more (the published 3, and 2 with five
/// or six players).
#[must_use]
pub fn bridges_for(declared: u32, players: usize) -> u32 {
    if players <= 4 {
        declared
    } else {
        declared.saturating_sub(1)
    }
}

/// The road kind, its edge letter, and each tile kind's ways.
#[derive(Debug)]
pub struct BridgeTable {
    /// Vocabulary index of the kind a bridge is a piece of.
    kind: u8,
    /// Its edge letter.
    letter: u8,
    /// Bridges per player as declared.
    per_player: u32,
    /// The edge letters of face kinds (a side showing only field).
    faces: Vec<u8>,
    /// For each tile kind: the way from north to south and the way from east
    /// to west of the unrotated tile (feature ids), where both sides show
    /// only faces.
    ways: Vec<[u8; 2]>,
}

/// A bridge on the board.
#[derive(Clone, Copy, Debug)]
struct Placed {
    /// Its placed tile.
    tile: u32,
    /// The way's feature id within the tile.
    feature: u8,
    /// The board sides of its ends (N E S W = 0..3).
    ends: [u8; 2],
}

/// Why a bridge may not go somewhere (see [`Bridges::words`]).
#[derive(Clone, Copy, Debug)]
enum Why {
    Axis,
    NoTile,
    NotNear,
    HasBridge,
    Acrobats,
    NotFields,
    /// The end on this board side faces a placed tile showing no road.
    NoRoad(u8),
}

/// The bridges on the board and in supply.
#[derive(Clone, Debug)]
pub struct Bridges {
    left: Vec<u32>,
    bridges: Vec<Placed>,
    /// A bridge went down this turn.
    placed: bool,
    /// The board sides where the tile just placed fits only by the bridge
    /// still due this turn (bits N E S W; 0: none is due).
    forced: u8,
    /// Bridges' ways the tile just placed ended with no road (an abbey's
    /// wall): scored after the turn's scoring when that completed them.
    ended: Vec<u32>,
}

impl Module for Bridges {
    type Table = BridgeTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Figure,
        meaning: "a bridge: after placing a tile, a road piece put straight across it or a tile next to it, between two sides showing only field; a tile may go where only that bridge makes it fit",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![
        prepare_kind,
        widen,
        widens,
        tile_move,
        placed,
        tile_put,
        offer,
        act,
        check_action,
        narrow,
        another_action,
        after_scoring,
        relink
    ];

    fn in_play(s: &Setup<'_>) -> bool {
        // Bridges are supply pieces: declared, they are in play.
        s.figures_declare(NAME)
    }

    fn table(
        s: &Setup<'_>,
        figures: &[FigureDef],
        vocab: &Vocab,
    ) -> Result<BridgeTable, SetupError> {
        let Some(f) = figures.iter().find(|f| f.has(NAME)) else {
            return Err(SetupError(format!("no figure declares `{NAME}`")));
        };
        let [on] = f.stands_on.as_slice() else {
            return Err(SetupError(format!(
                "figure `{}`: a `{NAME}` piece names the one kind bridges are pieces of with `stands-on`",
                f.id
            )));
        };
        let Some(kind) = vocab.kind(on) else {
            return Err(SetupError(format!(
                "figure `{}`: no kind `{on}` in the vocabulary",
                f.id
            )));
        };
        if vocab.kinds[usize::from(kind)].shape != Shape::Path {
            return Err(SetupError(format!(
                "figure `{}`: a bridge is a piece of a path kind, not of `{on}`",
                f.id
            )));
        }
        let letter = s
            .vocabulary()
            .kind(on)
            .and_then(|k| k.edge.as_deref())
            .and_then(|e| e.as_bytes().first().copied())
            .ok_or_else(|| {
                SetupError(format!(
                    "kind `{on}` has no edge letter for a bridge's ends"
                ))
            })?;
        let faces = s
            .vocabulary()
            .kinds
            .iter()
            .filter(|k| k.shape == Shape::Face)
            .filter_map(|k| {
                k.edge
                    .as_deref()
                    .and_then(|e| e.as_bytes().first().copied())
            })
            .collect();
        Ok(BridgeTable {
            kind,
            letter,
            per_player: f.per_player,
            faces,
            ways: Vec::new(),
        })
    }

    fn prepare_kind(
        table: &mut BridgeTable,
        _: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        kind: &mut Kind,
        vocab: &Vocab,
    ) -> Result<(), SetupError> {
        let faces = |side: Side| {
            side.slots().iter().all(|s| {
                let k = kind.slot_kind[s.index()];
                k != NONE && vocab.kinds[usize::from(k)].shape == Shape::Face
            })
        };
        let mut ways = [NONE; 2];
        for (axis, from) in [Side::N, Side::E].into_iter().enumerate() {
            if !faces(from) || !faces(from.opposite()) {
                continue;
            }
            let id = u8::try_from(kind.features.len())
                .ok()
                .filter(|&i| i < NONE)
                .ok_or_else(|| SetupError(format!("tile `{}`: too many features", tile.id)))?;
            // Not among the kind's networks: an inert way looks complete
            // (no open side) to whatever reads what a tile completed.
            kind.features
                .push(KFeature::added_way(table.kind, from, vocab));
            ways[axis] = id;
            // Placed by a bridge across it: its two ends may meet roads.
            for side in [from, from.opposite()] {
                kind.widens.push((side_index(side), table.letter));
            }
        }
        // Placed by a bridge across a neighbour: a road side may meet a
        // field side.
        for side in Side::ALL {
            if kind.slot_kind[side.middle().index()] == table.kind {
                for &f in &table.faces {
                    kind.widens.push((side_index(side), f));
                }
            }
        }
        table.ways.push(ways);
        Ok(())
    }

    fn new(t: &BridgeTable, players: usize) -> Bridges {
        Bridges {
            left: vec![bridges_for(t.per_player, players); players],
            bridges: Vec::new(),
            placed: false,
            forced: 0,
            ended: Vec::new(),
        }
    }

    fn copy_from(&mut self, other: &Bridges) {
        self.left.clone_from(&other.left);
        self.bridges.clone_from(&other.bridges);
        self.placed = other.placed;
        self.forced = other.forced;
        self.ended.clone_from(&other.ended);
    }

    fn widens<X: Host>(&self, _: &BridgeTable, game: &Game<'_, X>, _: KindId) -> bool {
        self.left[game.active] > 0
    }

    fn widen<X: Host>(
        &self,
        t: &BridgeTable,
        game: &Game<'_, X>,
        tile: KindId,
        at: Placement,
    ) -> bool {
        if self.left[game.active] == 0 {
            return false;
        }
        // What the neighbours show the empty square: its signature (a
        // bridge's end shows a road there already).
        let sig = game.board.signature(at.x, at.y);
        let sides = &game.rules.sides;
        let k = &game.rules.kinds[usize::from(tile.0)];
        let edges = rotated_edges(&k.edges, usize::from(at.rotation));
        let mut misfits = 0u8;
        for side in 0..4u8 {
            let theirs = sides.digit(sig, usize::from(side));
            if theirs != 0 && !sides.meets(edges[usize::from(side)], theirs) {
                misfits |= 1 << side;
            }
        }
        misfits != 0 && self.mendable(t, game, tile, at, misfits)
    }

    fn tile_move<X: Host>(&mut self, _: &BridgeTable, _: &mut Game<'_, X>) {
        self.placed = false;
        self.forced = 0;
        self.ended.clear();
    }

    fn placed<X: Host>(&mut self, t: &BridgeTable, game: &mut Game<'_, X>) {
        let p = game.board.placed[game.current as usize];
        self.forced = self.misfits(t, game, p.kind, p.rotation, p.x, p.y);
    }

    fn tile_put<X: Host>(&mut self, t: &BridgeTable, game: &mut Game<'_, X>, tile: u32) {
        if self.bridges.is_empty() {
            return;
        }
        let p = game.board.placed[tile as usize];
        for side in 0..4u8 {
            let (dx, dy) = SIDE_STEP[usize::from(side)];
            let Some(u) = game.board.tile_at(p.x + dx, p.y + dy) else {
                continue;
            };
            let facing = (side + 2) % 4;
            let Some(b) = self
                .bridges
                .iter()
                .find(|b| b.tile == u && b.ends.contains(&facing))
            else {
                continue;
            };
            let way = game.board.placed[u as usize].first_node + u32::from(b.feature);
            match road_at(t, game, tile, side) {
                // The core ended that road at the field under the bridge's
                // end: it continues over the bridge instead.
                Some(n) => {
                    game.features.open_more(n, 1);
                    game.features.join(way, n, true);
                }
                // Only an abbey's wall, which fits anything, meets a
                // bridge's end without a road: it ends the road there.
                None => {
                    game.features.close(way);
                    self.ended.push(way);
                }
            }
        }
    }

    fn offer<X: Host>(
        &self,
        t: &BridgeTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        _: Flights,
        offer: Offer,
    ) {
        if offer != Offer::Figures || self.placed || self.left[game.active] == 0 {
            return;
        }
        let p = game.board.placed[game.current as usize];
        for (dx, dy) in [(0, 0), (0, -1), (1, 0), (0, 1), (-1, 0)] {
            let (x, y) = (p.x + dx, p.y + dy);
            for axis in 0..2 {
                if self.check(t, game, x, y, axis).is_ok() {
                    out.push(MeepleAction::Bridge { x, y, axis });
                }
            }
        }
    }

    fn act<X: Host>(
        &mut self,
        t: &BridgeTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> Option<Result<(), IllegalMove>> {
        let MeepleAction::Bridge { x, y, axis } = *action else {
            return None;
        };
        Some(self.place(t, game, x, y, axis))
    }

    fn check_action<X: Host>(
        &self,
        t: &BridgeTable,
        game: &Game<'_, X>,
        action: &MeepleAction,
    ) -> Result<(), IllegalMove> {
        if self.forced != 0 && !self.mends(t, game, action) {
            let p = game.board.placed[game.current as usize];
            let sides: Vec<&str> = (0..4u8)
                .filter(|s| self.forced & (1 << s) != 0)
                .map(side_word)
                .collect();
            return illegal(format!(
                "the tile at ({}, {}) fits only by a bridge (its {} side{}): the turn's figure action must be a bridge that makes it fit",
                p.x,
                p.y,
                sides.join(" and "),
                if sides.len() == 1 { "" } else { "s" }
            ));
        }
        match *action {
            FigureAction::Place { feature, .. } if self.bare_way(t, game, feature) => {
                let p = game.board.placed[game.current as usize];
                illegal(format!(
                    "no bridge runs {} across the tile just placed",
                    game.rules.feature_name(p.kind, p.rotation, feature)
                ))
            }
            FigureAction::Acrobat { x, y, .. }
            | FigureAction::Portal {
                x,
                y,
                landing: Landing::Acrobats,
                ..
            } if self.bridge_at(game, x, y).is_some() => illegal(format!(
                "no acrobat joins the pyramid at ({x}, {y}): its tile holds a bridge"
            )),
            _ => Ok(()),
        }
    }

    fn narrow<X: Host>(
        &self,
        t: &BridgeTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        from: usize,
    ) {
        // Kept actions move up in place, in order.
        let mut kept = from;
        for i in from..out.len() {
            let keep = if self.forced != 0 {
                // Only a bridge that makes the tile fit.
                self.mends(t, game, &out[i])
            } else {
                !match out[i] {
                    FigureAction::Place { feature, .. } => self.bare_way(t, game, feature),
                    FigureAction::Acrobat { x, y, .. }
                    | FigureAction::Portal {
                        x,
                        y,
                        landing: Landing::Acrobats,
                        ..
                    } => self.bridge_at(game, x, y).is_some(),
                    _ => false,
                }
            };
            if keep {
                // Nothing dropped yet: nothing to move.
                if kept != i {
                    out[kept] = out[i];
                }
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    fn another_action<X: Host>(
        &mut self,
        _: &BridgeTable,
        _: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> bool {
        matches!(action, MeepleAction::Bridge { .. })
    }

    fn after_scoring<X: Host>(&mut self, _: &BridgeTable, game: &mut Game<'_, X>) {
        // The roads over bridges an abbey's wall ended this turn.
        for way in std::mem::take(&mut self.ended) {
            let root = game.features.find(way);
            if game.features.open(root) == 0 && game.features.occupants(root) > 0 {
                game.score_feature(root);
            }
        }
        // The road a bridge placed this turn completed (none: its ends face
        // empty squares or continue roads the tile's own scoring saw).
        let Some(b) = self.bridges.last().filter(|_| self.placed) else {
            return;
        };
        let way = game.board.placed[b.tile as usize].first_node + u32::from(b.feature);
        let root = game.features.find(way);
        if game.features.open(root) == 0 && game.features.occupants(root) > 0 {
            game.score_feature(root);
        }
    }

    fn relink<X: Host>(&mut self, t: &BridgeTable, game: &mut Game<'_, X>, members: &[u32]) {
        for i in 0..self.bridges.len() {
            let b = self.bridges[i];
            let way = game.board.placed[b.tile as usize].first_node + u32::from(b.feature);
            if members.contains(&way) {
                link(t, game, b, way);
            }
        }
    }
}

impl Bridges {
    /// The ways over bridges whose road this turn may have completed apart
    /// from the tile's own features: the bridge placed this turn, and those
    /// an abbey's wall ended (nodes; their roads are scored after the turn's
    /// scoring, [`Module::after_scoring`] above).
    pub(super) fn turn_ways<X: Host>(&self, game: &Game<'_, X>) -> Vec<u32> {
        let mut out = self.ended.clone();
        if let Some(b) = self.bridges.last().filter(|_| self.placed) {
            out.push(game.board.placed[b.tile as usize].first_node + u32::from(b.feature));
        }
        out
    }

    /// The board sides (N E S W = 0..3) of the ends of the bridge that is
    /// feature `feature` of placed tile `tile`, if it is one.
    pub(super) fn ends_of(&self, tile: u32, feature: u8) -> Option<[u8; 2]> {
        self.bridges
            .iter()
            .find(|b| b.tile == tile && b.feature == feature)
            .map(|b| b.ends)
    }
}

impl Bridges {
    /// The road pieces a bridge joins to node `n` across a side, which
    /// [`Game::side_neighbours`] does not see (the way is on no slot of its
    /// kind): the roads at its ends when `n` is a bridge's way, the way when
    /// `n` is a road at one of its ends. For rules that follow a road piece
    /// by piece (the ferries').
    pub(super) fn beyond<X: Host>(&self, game: &Game<'_, X>, n: u32, out: &mut Vec<u32>) {
        let Some(t) = X::table::<Bridges>(&game.rules.ext) else {
            return;
        };
        for b in &self.bridges {
            let p = game.board.placed[b.tile as usize];
            let way = p.first_node + u32::from(b.feature);
            for &side in &b.ends {
                let (dx, dy) = SIDE_STEP[usize::from(side)];
                let Some(u) = game.board.tile_at(p.x + dx, p.y + dy) else {
                    continue;
                };
                let Some(road) = road_at(t, game, u, (side + 2) % 4) else {
                    continue;
                };
                if n == way {
                    out.push(road);
                } else if n == road {
                    out.push(way);
                }
            }
        }
    }
}

/// The road piece of placed tile `tile` at the middle of its board side
/// `side`, as a node (none: no road there).
fn road_at<X: Host>(t: &BridgeTable, game: &Game<'_, X>, tile: u32, side: u8) -> Option<u32> {
    let p = game.board.placed[tile as usize];
    let kind = &game.rules.kinds[usize::from(p.kind.0)];
    let slot = Side::from_index(usize::from(side))
        .middle()
        .rotated(4 - p.rotation)
        .index();
    let f = kind.slot_feature[slot];
    (f != NONE && kind.slot_kind[slot] == t.kind).then(|| p.first_node + u32::from(f))
}

/// Opens a bridge's way and joins it to the roads its ends meet (each of
/// which the core ended at the field under that end).
fn link<X: Host>(t: &BridgeTable, game: &mut Game<'_, X>, b: Placed, way: u32) {
    game.features.open_more(way, 2);
    let p = game.board.placed[b.tile as usize];
    for &side in &b.ends {
        let (dx, dy) = SIDE_STEP[usize::from(side)];
        let Some(u) = game.board.tile_at(p.x + dx, p.y + dy) else {
            continue;
        };
        match road_at(t, game, u, (side + 2) % 4) {
            Some(n) => {
                game.features.open_more(n, 1);
                game.features.join(way, n, true);
            }
            None => game.features.close(way),
        }
    }
}

impl Bridges {
    /// The bridge on the tile at (x, y), if any.
    fn bridge_at<X: Host>(&self, game: &Game<'_, X>, x: i32, y: i32) -> Option<&Placed> {
        if self.bridges.is_empty() {
            return None;
        }
        let tile = game.board.tile_at(x, y)?;
        self.bridges.iter().find(|b| b.tile == tile)
    }

    /// Whether a bridge lies on `feature` (an added way) of placed tile
    /// `tile`: until one does, the way is no road of the tile.
    pub(super) fn bridged(&self, tile: u32, feature: u8) -> bool {
        self.bridges
            .iter()
            .any(|b| b.tile == tile && b.feature == feature)
    }

    /// True when `feature` of the tile just placed is a way without a
    /// bridge on it.
    fn bare_way<X: Host>(&self, t: &BridgeTable, game: &Game<'_, X>, feature: u8) -> bool {
        let kind = game.board.placed[game.current as usize].kind;
        let ways = t.ways[usize::from(kind.0)];
        if feature == NONE || !ways.contains(&feature) {
            return false;
        }
        !self
            .bridges
            .iter()
            .any(|b| b.tile == game.current && b.feature == feature)
    }

    /// Checks a bridge across the tile at (x, y) along `axis` (0 north–south,
    /// 1 east–west, as seen on the board): its way and its ends' sides. A
    /// refusal is a code, worded by [`Bridges::words`] only when reported
    /// (the offer tries ten bridges a turn).
    fn check<X: Host>(
        &self,
        t: &BridgeTable,
        game: &Game<'_, X>,
        x: i32,
        y: i32,
        axis: u8,
    ) -> Result<Placed, Why> {
        if axis > 1 {
            return Err(Why::Axis);
        }
        let Some(tile) = game.board.tile_at(x, y) else {
            return Err(Why::NoTile);
        };
        let p = game.board.placed[tile as usize];
        let here = game.board.placed[game.current as usize];
        let ends = [axis, axis + 2];
        let faces_here = ends.iter().any(|&s| {
            let (dx, dy) = SIDE_STEP[usize::from(s)];
            (p.x + dx, p.y + dy) == (here.x, here.y)
        });
        if tile != game.current && !faces_here {
            return Err(Why::NotNear);
        }
        if self.bridges.iter().any(|b| b.tile == tile) {
            return Err(Why::HasBridge);
        }
        if let Some(pyramid) = game.x.module::<Pyramid>() {
            if pyramid.acrobats_on(tile) > 0 {
                return Err(Why::Acrobats);
            }
        }
        // The unrotated tile's axis: a quarter turn swaps them.
        let unrotated = usize::from((axis + p.rotation) % 2);
        let feature = t.ways[usize::from(p.kind.0)][unrotated];
        if feature == NONE {
            return Err(Why::NotFields);
        }
        for &side in &ends {
            let (dx, dy) = SIDE_STEP[usize::from(side)];
            let Some(u) = game.board.tile_at(p.x + dx, p.y + dy) else {
                continue;
            };
            if road_at(t, game, u, (side + 2) % 4).is_none() {
                return Err(Why::NoRoad(side));
            }
        }
        Ok(Placed {
            tile,
            feature,
            ends,
        })
    }

    /// A refusal of a bridge at (x, y) along `axis` in words.
    fn words<X: Host>(
        t: &BridgeTable,
        game: &Game<'_, X>,
        why: Why,
        x: i32,
        y: i32,
        axis: u8,
    ) -> IllegalMove {
        let name = way_name(Side::from_index(usize::from(axis % 2)));
        IllegalMove(match why {
            Why::Axis => "a bridge runs north–south or east–west".into(),
            Why::NoTile => format!("no tile at ({x}, {y})"),
            Why::NotNear => format!(
                "a bridge goes on the tile just placed, or on a tile next to it with an end facing it; a bridge {name} at ({x}, {y}) does not"
            ),
            Why::HasBridge => format!("the tile at ({x}, {y}) holds a bridge already"),
            Why::Acrobats => format!(
                "the pyramid of the tile at ({x}, {y}) holds acrobats: no bridge goes on it"
            ),
            Why::NotFields => format!(
                "a bridge {name} at ({x}, {y}) must end on two sides showing only field"
            ),
            Why::NoRoad(side) => {
                let (dx, dy) = SIDE_STEP[usize::from(side)];
                format!(
                    "the bridge's {} end faces the tile at ({}, {}), which shows no {} there",
                    side_word(side),
                    x + dx,
                    y + dy,
                    game.rules.vocab.kinds[usize::from(t.kind)].id
                )
            }
        })
    }

    /// Checks and performs a bridge across the tile at (x, y).
    fn place<X: Host>(
        &mut self,
        t: &BridgeTable,
        game: &mut Game<'_, X>,
        x: i32,
        y: i32,
        axis: u8,
    ) -> Result<(), IllegalMove> {
        if self.placed {
            return illegal("a player puts down one bridge a turn");
        }
        if self.left[game.active] == 0 {
            return illegal("the player has no bridge left");
        }
        let b = self
            .check(t, game, x, y, axis)
            .map_err(|why| Self::words(t, game, why, x, y, axis))?;
        let p = game.board.placed[b.tile as usize];
        let way = p.first_node + u32::from(b.feature);
        link(t, game, b, way);
        // Its ends show a road to the empty squares they face.
        let road = game.rules.sides.code(t.letter).unwrap_or(0);
        let kind = &game.rules.kinds[usize::from(p.kind.0)];
        let edges = rotated_edges(&kind.edges, usize::from(p.rotation));
        for &side in &b.ends {
            let s = usize::from(side);
            game.board.reshow(p.x, p.y, s, edges[s], road);
        }
        self.bridges.push(b);
        self.left[game.active] -= 1;
        self.placed = true;
        self.forced = 0;
        Ok(())
    }

    /// The code placed tile `u` shows on its board side `side`: the road
    /// where a bridge of it ends, else its side's.
    fn shown<X: Host>(&self, t: &BridgeTable, game: &Game<'_, X>, u: u32, side: u8) -> u8 {
        if self
            .bridges
            .iter()
            .any(|b| b.tile == u && b.ends.contains(&side))
        {
            return game.rules.sides.code(t.letter).unwrap_or(0);
        }
        let p = game.board.placed[u as usize];
        let kind = &game.rules.kinds[usize::from(p.kind.0)];
        rotated_edges(&kind.edges, usize::from(p.rotation))[usize::from(side)]
    }

    /// The board sides (bits N E S W) where a tile of `kind` turned
    /// `rotation` at (x, y) does not fit the tiles around it.
    fn misfits<X: Host>(
        &self,
        t: &BridgeTable,
        game: &Game<'_, X>,
        kind: KindId,
        rotation: u8,
        x: i32,
        y: i32,
    ) -> u8 {
        let k = &game.rules.kinds[usize::from(kind.0)];
        let edges = rotated_edges(&k.edges, usize::from(rotation));
        let mut out = 0;
        for side in 0..4u8 {
            let (dx, dy) = SIDE_STEP[usize::from(side)];
            let Some(u) = game.board.tile_at(x + dx, y + dy) else {
                continue;
            };
            let theirs = self.shown(t, game, u, (side + 2) % 4);
            if !game.rules.sides.meets(edges[usize::from(side)], theirs) {
                out |= 1 << side;
            }
        }
        out
    }

    /// True when one bridge would make a tile placed at `at`, not fitting
    /// on the board sides `misfits`, fit: a bridge across it whose ends
    /// take every misfit side and meet a road wherever they face a tile, or
    /// a bridge across the one neighbour its road side meets at a field.
    fn mendable<X: Host>(
        &self,
        t: &BridgeTable,
        game: &Game<'_, X>,
        tile: KindId,
        at: Placement,
        misfits: u8,
    ) -> bool {
        let ways = t.ways[usize::from(tile.0)];
        for axis in 0..2u8 {
            let ends = [axis, axis + 2];
            if misfits & !(1 << axis | 1 << (axis + 2)) != 0
                || ways[usize::from((axis + at.rotation) % 2)] == NONE
            {
                continue;
            }
            let roads = ends.iter().all(|&side| {
                let (dx, dy) = SIDE_STEP[usize::from(side)];
                game.board
                    .tile_at(at.x + dx, at.y + dy)
                    .is_none_or(|u| road_at(t, game, u, (side + 2) % 4).is_some())
            });
            if roads {
                return true;
            }
        }
        if misfits.count_ones() != 1 {
            return false;
        }
        let side = u8::try_from(misfits.trailing_zeros()).unwrap_or(0);
        let kind = &game.rules.kinds[usize::from(tile.0)];
        let slot = Side::from_index(usize::from(side))
            .middle()
            .rotated(4 - at.rotation)
            .index();
        if kind.slot_kind[slot] != t.kind {
            return false;
        }
        let (dx, dy) = SIDE_STEP[usize::from(side)];
        let Some(u) = game.board.tile_at(at.x + dx, at.y + dy) else {
            return false;
        };
        let p = game.board.placed[u as usize];
        if self.bridges.iter().any(|b| b.tile == u) {
            return false;
        }
        if let Some(pyramid) = game.x.module::<Pyramid>() {
            if pyramid.acrobats_on(u) > 0 {
                return false;
            }
        }
        if t.ways[usize::from(p.kind.0)][usize::from((side + p.rotation) % 2)] == NONE {
            return false;
        }
        // Its far end: a road there, or an empty square.
        game.board
            .tile_at(p.x + dx, p.y + dy)
            .is_none_or(|v| road_at(t, game, v, (side + 2) % 4).is_some())
    }

    /// True when `action` is a bridge that makes the tile just placed fit
    /// (its ends take every side it misfits on, or it lies across the one
    /// neighbour met at a field).
    fn mends<X: Host>(&self, t: &BridgeTable, game: &Game<'_, X>, action: &MeepleAction) -> bool {
        let MeepleAction::Bridge { x, y, axis } = *action else {
            return false;
        };
        if self.left[game.active] == 0 {
            return false;
        }
        let Ok(b) = self.check(t, game, x, y, axis) else {
            return false;
        };
        let ends = 1u8 << b.ends[0] | 1 << b.ends[1];
        if b.tile == game.current {
            return self.forced & !ends == 0;
        }
        let here = game.board.placed[game.current as usize];
        let p = game.board.placed[b.tile as usize];
        (0..4u8).any(|side| {
            let (dx, dy) = SIDE_STEP[usize::from(side)];
            self.forced == 1 << side && (here.x + dx, here.y + dy) == (p.x, p.y)
        })
    }
}

impl Game<'_, super::InPlay> {
    /// The tile just placed fits only by a bridge (some side misfits until
    /// the turn's bridge mends it).
    #[must_use]
    pub fn bridge_needed(&self) -> bool {
        self.x.module::<Bridges>().is_some_and(|m| m.forced != 0)
    }
}

fn side_index(side: Side) -> u8 {
    u8::try_from(side.index()).unwrap_or(0)
}

fn side_word(side: u8) -> &'static str {
    ["north", "east", "south", "west"][usize::from(side % 4)]
}
