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
//! The final round: once no tile is left to draw, each player still
//! holding an abbey may play it, once round the table, from the player
//! after the one who played the last tile drawn to that player. Ending play
//! ([`Game::end_play`]) is the active player's pass: the module then hands
//! the turn to the next player in the round who holds an abbey (while a
//! hole is left), and final scoring waits until the round is over.
//!
//! Hooks: `prepare_kind` (the abbey tile, marked constrained), `refusal`
//! (only a hole), `tile_move` (who drew the last tile), `tile_put` (the
//! board's holes, kept as tiles go down, so that a turn with none costs
//! nothing), `apply` (the abbey move, in the tile phase), `after_scoring`
//! (what its walls completed), `due_before_final` (the final round).

use super::module::{hooks, Capability, Host, Module, On, Refusal, Setup, Then};
use crate::emit::wire::{self, Shape};
use crate::engine::core::board::SIDE_STEP;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::{Kind, NONE};
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError};
use crate::engine::ids::KindId;
use crate::engine::moves::{illegal, IllegalMove, Move, Phase, Placement};
use crate::geometry::Slot;
use std::sync::OnceLock;

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
    /// Each signature's index in the abbey's `fits` (`u32::MAX`: none), made
    /// on first use: the engine's placement order without its full scan.
    fit_of: OnceLock<Box<[u32]>>,
}

/// The abbeys each player still holds.
#[derive(Clone, Debug)]
pub struct Abbey {
    held: Vec<u32>,
    /// The abbey placed this turn, until its walls' completions are scored.
    placed: Option<u32>,
    /// The board's holes (empty squares with a tile on each side), in the
    /// order they appeared.
    holes: Vec<(i32, i32)>,
    /// The player who placed or discarded the last tile drawn.
    last_drawn: Option<usize>,
    /// Where the final round stands.
    round: Round,
}

/// The final round of abbeys, after the last tile drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Round {
    /// Tiles are still drawn (or no one has passed yet).
    Play,
    /// Play has ended; the round goes on up to player `last` (the one who
    /// played the last tile drawn).
    Open { last: usize },
    /// Every player has had their chance.
    Over,
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
    const HOOKS: u64 = hooks![
        prepare_kind,
        tile_move,
        tile_put,
        refusal,
        apply,
        after_scoring,
        due_before_final
    ];
    // On a turn with a drawn tile the module does nothing.
    const PREVIEWED: bool = true;

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<AbbeyTable, SetupError> {
        Ok(AbbeyTable {
            kind: None,
            per_player: 0,
            seen: 0,
            fit_of: OnceLock::new(),
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
            holes: Vec::new(),
            last_drawn: None,
            round: Round::Play,
        }
    }

    // Called for drawn tiles only: while the abbey module places its own
    // tile, it is out of the registry.
    fn tile_move<X: Host>(&mut self, _: &AbbeyTable, game: &mut Game<'_, X>) {
        self.last_drawn = Some(game.active);
    }

    fn tile_put<X: Host>(&mut self, _: &AbbeyTable, game: &mut Game<'_, X>, tile: u32) {
        let p = game.board.placed[tile as usize];
        self.holes.retain(|&h| h != (p.x, p.y));
        for (dx, dy) in SIDE_STEP {
            let (Some(x), Some(y)) = (p.x.checked_add(dx), p.y.checked_add(dy)) else {
                continue;
            };
            // Four tiles beside it are four of the eight around it: a square
            // with fewer around is no hole, and its sides are not looked at.
            if game.board.tile_at(x, y).is_none()
                && game.board.around(x, y) >= 4
                && surrounded(game, x, y)
                && !self.holes.contains(&(x, y))
            {
                self.holes.push((x, y));
            }
        }
    }

    #[inline]
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
        if self.round == Round::Over {
            return Some(illegal(
                "the final round of abbeys is over: each player has had their chance",
            ));
        }
        if self.waits(game) {
            return Some(illegal(format!(
                "player {player} drew the last tile: their abbey comes last, at the end of the final round"
            )));
        }
        if self.round == Round::Play && game.bag_is_empty() {
            self.round = Round::Open {
                last: self.last_player(game),
            };
        }
        if let Err(e) = game.place_held(kind, at) {
            return Some(Err(e));
        }
        self.held[player] -= 1;
        self.placed = Some(game.current);
        self.holes.retain(|&h| h != (at.x, at.y));
        if self.round == (Round::Open { last: player }) {
            self.round = Round::Over;
        }
        Some(Ok(None))
    }

    /// The active player passes in the final round (or play has just
    /// ended): the turn goes to the next player of the round who holds an
    /// abbey while a hole is left; after the round, the player after the
    /// one who drew the last tile is to move, as when play ends without it.
    fn due_before_final<X: Host>(
        &mut self,
        _: &AbbeyTable,
        game: &mut Game<'_, X>,
    ) -> Option<Phase> {
        let players = game.players;
        let mut p = game.active;
        let (last, left) = match self.round {
            Round::Over => return None,
            Round::Open { last } => (last, (last + players - p) % players),
            // The player who drew the last tile and still has the turn (a
            // discard, a builder's turn) comes last.
            Round::Play if self.waits(game) => (p, players),
            Round::Play => {
                let last = self.last_player(game);
                (last, (last + players - p) % players)
            }
        };
        for _ in 0..left {
            if self.holes.is_empty() {
                break;
            }
            p = (p + 1) % players;
            if self.held.get(p).copied().unwrap_or(0) > 0 {
                self.round = Round::Open { last };
                game.pass_turn_to(p);
                return Some(Phase::Tile);
            }
        }
        self.round = Round::Over;
        game.pass_turn_to((last + 1) % players);
        None
    }

    fn after_scoring<X: Host>(&mut self, _: &AbbeyTable, game: &mut Game<'_, X>) {
        let walls = self.wall_nodes(game);
        if self.placed.take().is_none() {
            return;
        }
        for node in walls {
            let root = game.features.find(node);
            let linear = matches!(game.features.shape(root), Shape::Path | Shape::Region);
            if linear && game.features.open(root) == 0 && game.features.occupants(root) > 0 {
                game.score_feature(root);
            }
        }
    }
}

impl Abbey {
    /// The pieces the abbey placed this turn touches with its walls (nodes
    /// on the tiles around it, facing it; fields among them): the roads and
    /// cities its walls may have completed, no features of the abbey's own.
    pub(super) fn wall_nodes<X: Host>(&self, game: &Game<'_, X>) -> Vec<u32> {
        let Some(tile) = self.placed else {
            return Vec::new();
        };
        let here = game.board.placed[tile as usize];
        let mut out = Vec::new();
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
                out.push(other.first_node + u32::from(f));
            }
        }
        out
    }

    /// True when the player to move drew the last tile, before the final
    /// round has begun: their chance comes at its end.
    fn waits<X: Host>(&self, game: &Game<'_, X>) -> bool {
        self.round == Round::Play && game.bag_is_empty() && self.last_drawn == Some(game.active)
    }

    /// The player who played the last tile drawn (the one before the active
    /// player when no tile was drawn).
    fn last_player<X: Host>(&self, game: &Game<'_, X>) -> usize {
        self.last_drawn
            .unwrap_or((game.active + game.players - 1) % game.players)
    }
}

/// True when all four squares beside `at` hold tiles.
fn hole<X: Host>(game: &Game<'_, X>, at: Placement) -> bool {
    surrounded(game, at.x, at.y)
}

/// True when all four squares beside (x, y) hold tiles.
fn surrounded<X: Host>(game: &Game<'_, X>, x: i32, y: i32) -> bool {
    SIDE_STEP.iter().all(|&(dx, dy)| {
        matches!((x.checked_add(dx), y.checked_add(dy)), (Some(a), Some(b)) if game.board.tile_at(a, b).is_some())
    })
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
        let (Some(abbey), Some(table)) =
            (self.x.module::<Abbey>(), X::table::<Abbey>(&self.rules.ext))
        else {
            return out;
        };
        if abbey.round == Round::Over || abbey.waits(self) {
            return out;
        }
        if !abbey.holes.is_empty() {
            self.hole_placements(kind, table, &abbey.holes, &mut out);
        }
        debug_assert_eq!(out, {
            let mut all = Vec::new();
            self.placements_into(kind, &mut all);
            all
        });
        out
    }

    /// The abbey's placements into `holes`, in the order of the full scan
    /// (`placements_into`: fit by fit, rotation by rotation, then the
    /// square's place in its signature's bucket), without visiting every fit.
    fn hole_placements(
        &self,
        kind: KindId,
        table: &AbbeyTable,
        holes: &[(i32, i32)],
        out: &mut Vec<Placement>,
    ) {
        let fits = &self.rules.kinds[usize::from(kind.0)].fits;
        let fit_of = table.fit_of.get_or_init(|| {
            let size = fits
                .iter()
                .map(|f| usize::from(f.sig) + 1)
                .max()
                .unwrap_or(0);
            let mut index = vec![u32::MAX; size];
            for (i, f) in fits.iter().enumerate() {
                index[usize::from(f.sig)] = u32::try_from(i).unwrap_or(u32::MAX);
            }
            index.into_boxed_slice()
        });
        let mut keyed = Vec::with_capacity(holes.len() * 4);
        for &(x, y) in holes {
            let sig = self.board.signature(x, y);
            let Some(&i) = fit_of.get(usize::from(sig)) else {
                continue;
            };
            let Some(fit) = fits.get(i as usize) else {
                continue;
            };
            let Some(rank) = self.board.bucket(sig).iter().position(|&h| h == (x, y)) else {
                continue;
            };
            for k in 0..usize::from(fit.count) {
                let rotation = fit.rotation(k);
                keyed.push(((i, k, rank), Placement { x, y, rotation }));
            }
        }
        keyed.sort_unstable_by_key(|&(key, _)| key);
        out.extend(
            keyed
                .into_iter()
                .map(|(_, at)| at)
                .filter(|&at| X::refusal(self, kind, at).is_none()),
        );
    }
}
