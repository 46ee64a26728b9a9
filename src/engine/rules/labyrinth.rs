//! The labyrinth (`capability labyrinth` on an attribute of a road), in the
//! publisher's advanced variant. The labyrinth's road ends are one road, but
//! the labyrinth splits it for placement: a figure may stand on the
//! labyrinth tile just placed however many followers the roads it joins
//! hold, and on a road piece of the tile just placed whose stretch up to the
//! labyrinths (the road reached from it without crossing a labyrinth tile)
//! holds none, though the road beyond does. Completed, the road scores as a
//! road, and each majority player scores `labyrinth.bonus` (2) more per
//! follower on it, anyone's (a tie: each in full). Unfinished at game end it
//! is a plain road.
//!
//! Hooks: `parameters`, `shares`, `scored`.

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::engine::core::board::SIDE_STEP;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::NONE;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, Scored, SetupError, Spot};
use crate::engine::events::{Event, Reason, Source};
use crate::geometry::Slot;

/// The capability.
pub const NAME: &str = "labyrinth";

/// Which attributes are labyrinths, and the bonus.
#[derive(Debug)]
pub struct LabyrinthTable {
    /// One bit per vocabulary attribute.
    labyrinths: u64,
    /// `labyrinth.bonus`.
    bonus: i64,
}

/// Labyrinths keep no state of their own.
#[derive(Clone, Debug)]
pub struct Labyrinth;

impl Module for Labyrinth {
    type Table = LabyrinthTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Attribute,
        meaning: "a labyrinth on a road: it splits the road for placing followers; completed, the road's majority scores more per follower on it",
        parameters: &[(
            "labyrinth.bonus",
            "points more per follower on a completed road with a labyrinth, for each majority player",
        )],
    };
    const HOOKS: u64 = hooks![parameters, shares, scored];

    fn table(s: &Setup<'_>, _: &[FigureDef], vocab: &Vocab) -> Result<LabyrinthTable, SetupError> {
        let mut labyrinths = 0u64;
        for a in &s.vocabulary().attributes {
            if a.capabilities.iter().any(|c| c == NAME) {
                if let Some(i) = vocab.attribute(&a.id) {
                    labyrinths |= 1 << i;
                }
            }
        }
        Ok(LabyrinthTable {
            labyrinths,
            bonus: 0,
        })
    }

    fn parameters(table: &mut LabyrinthTable, params: &mut Params) -> Result<(), SetupError> {
        table.bonus = params.require("labyrinth.bonus", true);
        Ok(())
    }

    fn new(_: &LabyrinthTable, _: usize) -> Labyrinth {
        Labyrinth
    }

    fn shares<X: Host>(&self, t: &LabyrinthTable, game: &Game<'_, X>, node: u32) -> bool {
        if is_labyrinth(t, game, node) {
            return !held(game, node);
        }
        // A feature with no labyrinth is shared by nobody: one pass over its
        // pieces, before walking the stretch.
        let root = game.features.root(node);
        let mut m = root;
        loop {
            if is_labyrinth(t, game, m) {
                break;
            }
            m = game.features.next(m);
            if m == root {
                return false;
            }
        }
        let mut stretch = vec![node];
        let mut met = false;
        let mut i = 0;
        while let Some(&m) = stretch.get(i) {
            i += 1;
            if held(game, m) {
                return false;
            }
            for n in across(game, m) {
                if is_labyrinth(t, game, n) {
                    met = true;
                } else if !stretch.contains(&n) {
                    stretch.push(n);
                }
            }
        }
        met
    }

    fn scored<X: Host>(&mut self, t: &LabyrinthTable, game: &mut Game<'_, X>, scored: &Scored<'_>) {
        let Some(Event {
            reason:
                Reason::Network {
                    attributes,
                    complete: true,
                    ..
                },
            ..
        }) = scored.event
        else {
            return;
        };
        if attributes & t.labyrinths == 0 || t.bonus == 0 {
            return;
        }
        let figures = &game.rules.figures;
        let followers = scored
            .returned
            .iter()
            .filter(|s| figures[usize::from(s.figure.0)].follower_piece())
            .count();
        let followers = u32::try_from(followers).unwrap_or(u32::MAX);
        if followers == 0 {
            return;
        }
        let turn = game.event_turn();
        for player in 0..game.players {
            if scored.winners & (1 << player) != 0 {
                game.award(Event {
                    turn,
                    player,
                    points: i64::from(followers).saturating_mul(t.bonus),
                    source: Source::Road,
                    reason: Reason::Labyrinth { followers },
                });
            }
        }
    }
}

/// True when feature node `n` is a piece carrying a labyrinth.
fn is_labyrinth<X: Host>(t: &LabyrinthTable, game: &Game<'_, X>, n: u32) -> bool {
    let placed = game.board.placed[game.features.tile(n) as usize];
    let kind = &game.rules.kinds[usize::from(placed.kind.0)];
    kind.features[usize::from(game.features.feature(n))].attributes & t.labyrinths != 0
}

/// True when a figure that occupies features stands on node `n` itself.
fn held<X: Host>(game: &Game<'_, X>, n: u32) -> bool {
    game.standing
        .iter()
        .any(|s| s.spot == Spot::Node(n) && !game.rules.figures[usize::from(s.figure.0)].companion)
}

/// The feature nodes of the neighbouring tiles that node `n` joins across
/// its tile's sides (the joins the core makes when tiles meet).
fn across<X: Host>(game: &Game<'_, X>, n: u32) -> Vec<u32> {
    let rules = game.rules;
    let placed = game.board.placed[game.features.tile(n) as usize];
    let kind = &rules.kinds[usize::from(placed.kind.0)];
    let f = game.features.feature(n);
    let mut out = Vec::new();
    for i in 0..12 {
        if kind.slot_feature[i] != f {
            continue;
        }
        let slot = Slot::from_index(i).rotated(placed.rotation);
        let (dx, dy) = SIDE_STEP[slot.index() / 3];
        let Some(u) = game.board.tile_at(placed.x + dx, placed.y + dy) else {
            continue;
        };
        let other = game.board.placed[u as usize];
        let other_kind = &rules.kinds[usize::from(other.kind.0)];
        let j = slot.facing().rotated(4 - other.rotation).index();
        let theirs = other_kind.slot_feature[j];
        if theirs != NONE && other_kind.slot_kind[j] == kind.slot_kind[i] {
            out.push(other.first_node + u32::from(theirs));
        }
    }
    out
}
