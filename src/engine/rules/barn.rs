//! The barn (`capability barn` on a figure): instead of a follower, a player
//! may put a barn on a corner of the tile just placed where four tiles meet
//! and each of them shows a field at that corner (so the four are one
//! field), unless that field already holds a barn. The farmers already in
//! it are scored in the turn's scoring as at game end (the field's own
//! values: 3 a completed city) and go home; the barn then occupies the
//! field, so no follower is placed there. A tile that later joins a field
//! holding farmers to a barn's field scores those farmers at once,
//! `barn.joined` (1) per completed city, and sends them home. At game end
//! the players with the most barns in a field score `barn.final` (4) per
//! completed city. The barn is no follower and counts in no majority of
//! farmers; a companion (a pig) goes home with its farmer, and the
//! `scored` hook hears of the farmers' scoring (a ringmaster's bonus).
//!
//! Hooks: `offer` and `act` (a barn on a corner), `parameters`,
//! `after_scoring` (the farmers a barn takes), `final_first` (the barns).

use super::module::{hooks, Capability, Host, Module, Offer, On, Setup};
use crate::emit::wire::Shape;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::NONE;
use crate::engine::core::vocab::{Scoring, Vocab};
use crate::engine::core::{Game, Ruleset, Scored, SetupError, Spot, Standing, MAX_PLAYERS};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::ids::{FeatureKindId, FigureId};
use crate::engine::moves::{illegal, with_article, Flights, IllegalMove, MeepleAction};
use crate::geometry::Slot;

/// The capability.
pub const NAME: &str = "barn";

/// The corners of a tile as seen on the board, clockwise from the north-west.
pub const CORNERS: [&str; 4] = ["NW", "NE", "SE", "SW"];

/// The two board slots on either side of each corner.
const CORNER_SLOTS: [[usize; 2]; 4] = [[11, 0], [2, 3], [5, 6], [8, 9]];

/// The three other squares at each corner: their offset and their corner
/// that meets it.
const AROUND: [[(i32, i32, usize); 3]; 4] = [
    [(-1, 0, 1), (-1, -1, 2), (0, -1, 3)],
    [(0, -1, 2), (1, -1, 3), (1, 0, 0)],
    [(1, 0, 3), (1, 1, 0), (0, 1, 1)],
    [(0, 1, 0), (-1, 1, 1), (-1, 0, 2)],
];

/// Which figures are barns, and what they score.
#[derive(Debug)]
pub struct BarnTable {
    /// One bit per `FigureId`.
    barns: u32,
    /// `barn.joined`: per completed neighbour, for farmers joining a barn.
    joined: i64,
    /// `barn.final`: per completed neighbour, for the barns at game end.
    last: i64,
}

/// The barn placed this turn (its field node), whose farmers score in full.
#[derive(Clone, Debug)]
pub struct Barn {
    placed: Option<u32>,
}

impl BarnTable {
    /// True when `figure` is a barn.
    pub(super) fn is_barn(&self, figure: FigureId) -> bool {
        self.barns & (1 << figure.0) != 0
    }
}

impl Module for Barn {
    type Table = BarnTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Figure,
        meaning: "a figure put on a corner where four fields meet: the field's farmers score and go home; the barns score per completed city at game end",
        parameters: &[
            (
                "barn.joined",
                "points per completed neighbour for the farmers of a field a tile joins to a barn's",
            ),
            (
                "barn.final",
                "points per completed neighbour for the most barns in a field at game end",
            ),
        ],
    };
    const HOOKS: u64 = hooks![parameters, offer, act, after_scoring, final_first];

    fn table(_: &Setup<'_>, figures: &[FigureDef], _: &Vocab) -> Result<BarnTable, SetupError> {
        let barns = (0..figures.len())
            .filter(|&i| figures[i].has(NAME))
            .fold(0u32, |m, i| m | 1 << i);
        Ok(BarnTable {
            barns,
            joined: 0,
            last: 0,
        })
    }

    fn parameters(table: &mut BarnTable, params: &mut Params) -> Result<(), SetupError> {
        table.joined = params.require("barn.joined", true);
        table.last = params.require("barn.final", true);
        Ok(())
    }

    fn new(_: &BarnTable, _: usize) -> Barn {
        Barn { placed: None }
    }

    fn offer<X: Host>(
        &self,
        t: &BarnTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        _: Flights,
        offer: Offer,
    ) {
        // A barn stands on a corner, not on the tile, and is no follower: a
        // rule keeping figures off the tile (the volcano's dragon) leaves
        // its corners to barns (The Princess & the Dragon's clarifications).
        if offer != Offer::Figures {
            return;
        }
        for figure in (0..32u8).filter(|&f| t.barns & (1 << f) != 0).map(FigureId) {
            if game.supply(game.active, figure) == 0 {
                continue;
            }
            for corner in 0..4u8 {
                if let Ok(node) = game.barn_corner(usize::from(corner)) {
                    if !game.holds_barn(t, game.features.root(node)) {
                        out.push(MeepleAction::Barn { figure, corner });
                    }
                }
            }
        }
    }

    fn act<X: Host>(
        &mut self,
        t: &BarnTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> Option<Result<(), IllegalMove>> {
        let MeepleAction::Barn { figure, corner } = *action else {
            return None;
        };
        Some(game.place_barn(t, figure, corner).map(|node| {
            self.placed = Some(node);
        }))
    }

    fn after_scoring<X: Host>(&mut self, t: &BarnTable, game: &mut Game<'_, X>) {
        let fresh = self.placed.take();
        let rules = game.rules;
        let placed = game.board.placed[game.current as usize];
        let kind = &rules.kinds[usize::from(placed.kind.0)];
        for (f, feature) in (0u32..).zip(&kind.features) {
            if feature.shape != Shape::Face {
                continue;
            }
            let root = game.features.find(placed.first_node + f);
            if !game.holds_barn(t, root) || !game.holds_farmers(t, root) {
                continue;
            }
            let full = fresh.is_some_and(|n| game.features.find(n) == root);
            game.score_farmers(t, root, full);
        }
    }

    fn final_first<X: Host>(&mut self, t: &BarnTable, game: &mut Game<'_, X>) {
        while let Some(node) = game.standing.iter().find_map(|s| match s.spot {
            Spot::Node(n) if t.barns & (1 << s.figure.0) != 0 => Some(n),
            _ => None,
        }) {
            let root = game.features.find(node);
            game.score_barns(t, root);
        }
    }
}

/// The farm values of feature kind `k`, and the kind, for a farm-scored one.
fn farm_of<T>(rules: &Ruleset<T>, k: u8) -> Option<(&[i64], FeatureKindId)> {
    match &rules.vocab.kinds[usize::from(k)].scoring {
        Scoring::Farm { per } => Some((per.as_slice(), FeatureKindId(k))),
        _ => None,
    }
}

impl<T> Ruleset<T> {
    /// The first figure with `capability barn`.
    #[must_use]
    pub fn barn(&self) -> Option<FigureId> {
        let i = self.figures.iter().position(|f| f.has(NAME))?;
        u8::try_from(i).ok().map(FigureId)
    }
}

impl<X: Host> Game<'_, X> {
    /// The field node of the tile just placed at board corner `corner` when
    /// four fields meet there; else why not (worded only when asked: the
    /// offer asks every corner every turn).
    fn barn_corner(&self, corner: usize) -> Result<u32, CornerMiss> {
        let placed = self.board.placed[self.current as usize];
        let Some(f) = self.corner_field(self.current, corner) else {
            return Err(CornerMiss::NoField);
        };
        for &(dx, dy, theirs) in &AROUND[corner] {
            let (x, y) = (placed.x + dx, placed.y + dy);
            let Some(other) = self.board.tile_at(x, y) else {
                return Err(CornerMiss::Empty(x, y));
            };
            if self.corner_field(other, theirs).is_none() {
                return Err(CornerMiss::NoFieldThere(x, y));
            }
        }
        Ok(placed.first_node + u32::from(f))
    }

    /// The farm-scored face of placed tile `tile` at its board corner
    /// `corner` (both slots beside the corner on it).
    fn corner_field(&self, tile: u32, corner: usize) -> Option<u8> {
        let placed = self.board.placed[tile as usize];
        let kind = &self.rules.kinds[usize::from(placed.kind.0)];
        let [a, b] = CORNER_SLOTS[corner].map(|s| {
            kind.slot_feature[Slot::from_index(s).rotated(4 - placed.rotation % 4).index()]
        });
        if a != b || a == NONE {
            return None;
        }
        let feature = &kind.features[usize::from(a)];
        let rule = &self.rules.vocab.kinds[usize::from(feature.kind)];
        (feature.shape == Shape::Face && matches!(rule.scoring, Scoring::Farm { .. })).then_some(a)
    }

    /// True when a barn stands on the feature of `root`.
    fn holds_barn(&self, t: &BarnTable, root: u32) -> bool {
        self.standing.iter().any(|s| match s.spot {
            Spot::Node(n) => t.barns & (1 << s.figure.0) != 0 && self.features.root(n) == root,
            Spot::Off(_) => false,
        })
    }

    /// True when a figure other than a barn stands on the feature of `root`.
    fn holds_farmers(&self, t: &BarnTable, root: u32) -> bool {
        self.standing.iter().any(|s| match s.spot {
            Spot::Node(n) => t.barns & (1 << s.figure.0) == 0 && self.features.root(n) == root,
            Spot::Off(_) => false,
        })
    }

    /// Checks and performs a barn on a corner of the tile just placed;
    /// returns its node.
    fn place_barn(
        &mut self,
        t: &BarnTable,
        figure: FigureId,
        corner: u8,
    ) -> Result<u32, IllegalMove> {
        let Some(def) = self.rules.figures.get(usize::from(figure.0)) else {
            return illegal("no such figure");
        };
        if t.barns & (1 << figure.0) == 0 {
            return illegal(format!(
                "only a barn goes on a corner, not {}",
                with_article(&def.id)
            ));
        }
        self.check_supply(figure)?;
        let Some(&name) = CORNERS.get(usize::from(corner)) else {
            return illegal("a tile has four corners, NW, NE, SE and SW");
        };
        let node = self.barn_corner(usize::from(corner)).map_err(|why| {
            IllegalMove(format!(
                "a barn goes where four fields meet: {}",
                why.describe(name)
            ))
        })?;
        if self.holds_barn(t, self.features.root(node)) {
            return illegal(format!(
                "the field at the {name} corner already holds a barn"
            ));
        }
        self.stand(figure, self.current, Spot::Node(node));
        Ok(node)
    }

    /// Scores the farmers on a barn's field and sends them (and their
    /// companions, but for one that stands alone) home: in full (the field's values) when the barn was
    /// placed this turn, else `barn.joined` per completed neighbour.
    fn score_farmers(&mut self, t: &BarnTable, root: u32, full: bool) {
        let rules = self.rules;
        let Some((per, kind)) = farm_of(rules, self.features.kind(root)) else {
            return;
        };
        let n = self.neighbours(root, per);
        let points = if full {
            n.done_points
        } else {
            i64::from(n.done).saturating_mul(t.joined)
        };
        let mut strength = [0u32; MAX_PLAYERS];
        let mut returned = Vec::new();
        let mut i = self.standing.len();
        while i > 0 {
            i -= 1;
            let s = self.standing[i];
            let Spot::Node(m) = s.spot else { continue };
            let def = &rules.figures[usize::from(s.figure.0)];
            // A companion that stands alone (a shepherd) is not the
            // farmers': the barn leaves it where it is.
            let alone = def.companion && def.alone;
            if t.barns & (1 << s.figure.0) != 0 || alone || self.features.find(m) != root {
                continue;
            }
            let s = self.return_figure(i);
            let def = &rules.figures[usize::from(s.figure.0)];
            if !def.companion {
                let w = self.figure_weight(Some(root), s.figure);
                let weight = &mut strength[usize::from(s.player)];
                *weight = weight.saturating_add(w);
            }
            returned.push(s);
        }
        self.award_majority(root, &strength, &returned, |player, turn, shared| Event {
            turn,
            player,
            points,
            source: Source::Field,
            reason: Reason::Farm {
                kind,
                neighbours: n.done,
                shared,
            },
        });
    }

    /// Final scoring of a barn's field: the most barns there score
    /// `barn.final` per completed neighbour; the barns go home.
    fn score_barns(&mut self, t: &BarnTable, root: u32) {
        let mut count = [0u32; MAX_PLAYERS];
        let mut returned = Vec::new();
        let mut i = self.standing.len();
        while i > 0 {
            i -= 1;
            let s = self.standing[i];
            let Spot::Node(m) = s.spot else { continue };
            if t.barns & (1 << s.figure.0) == 0 || self.features.find(m) != root {
                continue;
            }
            let s = self.return_figure(i);
            count[usize::from(s.player)] += 1;
            returned.push(s);
        }
        let Some((per, kind)) = farm_of(self.rules, self.features.kind(root)) else {
            return;
        };
        let n = self.neighbours(root, per);
        let best = count.iter().copied().max().unwrap_or(0);
        if best == 0 {
            return;
        }
        self.scoring_at(self.features.first_tile(root));
        let points = i64::from(n.done).saturating_mul(t.last);
        self.award_majority(root, &count, &returned, |player, turn, _| Event {
            turn,
            player,
            points,
            source: Source::Field,
            reason: Reason::Barn {
                kind,
                neighbours: n.done,
            },
        });
    }

    /// Awards `line` to each player of the greatest weight in the field of
    /// `root` (none when no one weighs anything), then lets the modules
    /// hear of the field's scoring (a castle counts one more for it).
    fn award_majority(
        &mut self,
        root: u32,
        weights: &[u32; MAX_PLAYERS],
        returned: &[Standing],
        line: impl Fn(usize, Option<u32>, bool) -> Event,
    ) {
        let best = weights.iter().copied().max().unwrap_or(0);
        let (mut winners, mut event) = (0u32, None);
        if best > 0 {
            let shared = weights.iter().filter(|&&c| c == best).count() > 1;
            let turn = self.event_turn();
            for (player, &w) in weights.iter().enumerate().take(self.players) {
                if w == best {
                    winners |= 1 << player;
                    let e = line(player, turn, shared);
                    event = Some(e);
                    self.award(e);
                }
            }
        }
        let scored = Scored {
            root,
            winners,
            event,
            returned,
        };
        X::scored(self, &scored);
    }
}

/// Why four fields do not meet at a corner of the tile just placed.
enum CornerMiss {
    /// The tile itself shows no field there.
    NoField,
    /// The square (x, y) at the corner is empty.
    Empty(i32, i32),
    /// The tile at (x, y) shows no field there.
    NoFieldThere(i32, i32),
}

impl CornerMiss {
    /// The reason in words, for the corner named `corner`.
    fn describe(&self, corner: &str) -> String {
        match *self {
            CornerMiss::NoField => {
                format!("the tile just placed shows no field at its {corner} corner")
            }
            CornerMiss::Empty(x, y) => {
                format!("four tiles must meet at the {corner} corner, and ({x}, {y}) is empty")
            }
            CornerMiss::NoFieldThere(x, y) => format!(
                "the tile at ({x}, {y}) shows no field at the {corner} corner of the tile just placed"
            ),
        }
    }
}
