//! Abbeys (`capability abbey` on a kind: the abbey's walls). The tile whose
//! sides are those walls is `held`: each player holds its count of copies
//! beside the bag. Instead of drawing a tile, a player may play one of
//! theirs into a hole, an empty square whose four sides all border tiles;
//! its walls fit against any side (`matches any`) and end every road, city
//! and field they touch, so what the abbey closes is scored that turn. The
//! tile's cloister takes a monk and scores as a cloister; the roads and
//! cities its walls complete on the tiles around it are scored in the
//! turn's scoring, after what the core scores on the abbey (its cloister,
//! cloisters around it), side by side from the north. A held abbey is
//! never drawn, so it can't be discarded; with no hole on the board, it
//! can't be played.
//!
//! Hooks: `prepare_kind` (the abbey tile, marked constrained), `refusal`
//! (only a hole), `apply` (the abbey move, in the tile phase),
//! `after_scoring` (what its walls completed).

use super::module::{Capability, Host, Module, On, Refusal, Setup, Then};
use crate::emit::wire::{self, Shape};
use crate::engine::core::board::SIDE_STEP;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::{Kind, NONE};
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError};
use crate::engine::ids::KindId;
use crate::engine::moves::{illegal, IllegalMove, Move, Phase, Placement};
use crate::geometry::Slot;

/// The capability.
pub const NAME: &str = "abbey";

/// The abbey tile and how many each player holds.
#[derive(Debug)]
pub struct AbbeyTable {
    /// The abbey's kind.
    kind: Option<KindId>,
    /// Copies each player holds (the tile's count).
    per_player: u32,
    /// Kinds prepared so far (the next one's index).
    seen: u16,
}

/// The abbeys each player still holds.
#[derive(Clone, Debug)]
pub struct Abbey {
    held: Vec<u32>,
    /// The abbey placed this turn, until its walls' completions are scored.
    placed: Option<u32>,
}

fn describe(_: u16) -> String {
    "an abbey goes only into a hole: an empty square with tiles on all four sides".into()
}

impl Module for Abbey {
    type Table = AbbeyTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "an abbey's walls: a `held` tile each player may play instead of drawing, into a hole bordered on all four sides; its walls end whatever they touch",
        parameters: &[],
    };
    // On a turn with a drawn tile the module does nothing.
    const PREVIEWED: bool = true;

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<AbbeyTable, SetupError> {
        Ok(AbbeyTable {
            kind: None,
            per_player: 0,
            seen: 0,
        })
    }

    fn prepare_kind(
        table: &mut AbbeyTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        kind: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let index = table.seen;
        table.seen += 1;
        if !tile.features.iter().any(|f| s.kind_has(&f.kind, NAME)) {
            return Ok(());
        }
        if !tile.held {
            return Err(SetupError(format!(
                "tile `{}`: an abbey is held by the players, never drawn: mark it `held`",
                tile.id
            )));
        }
        if table.kind.is_some() {
            return Err(SetupError(format!(
                "tile `{}`: a second abbey tile; the engine plays one",
                tile.id
            )));
        }
        table.kind = Some(KindId(index));
        table.per_player = tile.count;
        kind.constrained = true;
        Ok(())
    }

    fn new(table: &AbbeyTable, players: usize) -> Abbey {
        Abbey {
            held: vec![table.per_player; players],
            placed: None,
        }
    }

    fn refusal<X: Host>(
        &self,
        t: &AbbeyTable,
        game: &Game<'_, X>,
        tile: KindId,
        at: Placement,
    ) -> Option<Refusal> {
        (t.kind == Some(tile) && !hole(game, at)).then_some(Refusal { code: 0, describe })
    }

    fn apply<X: Host>(
        &mut self,
        t: &AbbeyTable,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        let (Phase::Tile, &Move::Abbey(at)) = (game.phase, mv) else {
            return None;
        };
        let kind = t.kind?;
        let player = game.active;
        if self.held.get(player).copied().unwrap_or(0) == 0 {
            return Some(illegal(format!(
                "player {player} holds no abbey (each holds {})",
                t.per_player
            )));
        }
        if game.board.tile_at(at.x, at.y).is_some() {
            return Some(illegal(format!(
                "({}, {}) already holds a tile",
                at.x, at.y
            )));
        }
        if !hole(game, at) {
            return Some(illegal(describe(0)));
        }
        if let Err(e) = game.place_held(kind, at) {
            return Some(Err(e));
        }
        self.held[player] -= 1;
        self.placed = Some(game.current);
        Some(Ok(None))
    }

    fn after_scoring<X: Host>(&mut self, _: &AbbeyTable, game: &mut Game<'_, X>) {
        let Some(tile) = self.placed.take() else {
            return;
        };
        let here = game.board.placed[tile as usize];
        for (side, &(dx, dy)) in SIDE_STEP.iter().enumerate() {
            let Some(u) = game.board.tile_at(here.x + dx, here.y + dy) else {
                continue;
            };
            let other = game.board.placed[u as usize];
            let kind = &game.rules.kinds[usize::from(other.kind.0)];
            for k in 3 * side..3 * side + 3 {
                let j = Slot::from_index(k).facing().rotated(4 - other.rotation);
                let f = kind.slot_feature[j.index()];
                if f == NONE {
                    continue;
                }
                let root = game.features.find(other.first_node + u32::from(f));
                let linear = matches!(game.features.shape(root), Shape::Path | Shape::Region);
                if linear && game.features.open(root) == 0 && game.features.occupants(root) > 0 {
                    game.score_feature(root);
                }
            }
        }
    }
}

/// True when all four squares beside `at` hold tiles.
fn hole<X: Host>(game: &Game<'_, X>, at: Placement) -> bool {
    [(0, -1), (1, 0), (0, 1), (-1, 0)]
        .iter()
        .all(|&(dx, dy)| game.board.tile_at(at.x + dx, at.y + dy).is_some())
}

impl<X: Host> Game<'_, X> {
    /// The abbey tile's kind, when abbeys are in play.
    #[must_use]
    pub fn abbey_tile(&self) -> Option<KindId> {
        X::table::<Abbey>(&self.rules.ext).and_then(|t| t.kind)
    }

    /// The abbeys a player still holds.
    #[must_use]
    pub fn abbeys_held(&self, player: usize) -> u32 {
        self.x
            .module::<Abbey>()
            .and_then(|a| a.held.get(player).copied())
            .unwrap_or(0)
    }

    /// Where the active player may play an abbey now instead of drawing
    /// (every hole on the board), in the engine's order; empty when they hold
    /// none or the game does not expect a tile.
    #[must_use]
    pub fn abbey_placements(&self) -> Vec<Placement> {
        let mut out = Vec::new();
        let Some(kind) = self.abbey_tile() else {
            return out;
        };
        if self.phase != Phase::Tile || self.abbeys_held(self.active) == 0 {
            return out;
        }
        self.placements_into(kind, &mut out);
        out
    }
}
