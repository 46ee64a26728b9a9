//! The king and the robber (`capability king-and-robber` on a neutral figure
//! whose `stands-on` names one kind: the king's `city`, the robber's `road`).
//! Each is a title, not a figure on the board. The player who places the tile
//! that completes the first feature of its kind takes the title; later, a
//! player whose tile completes a feature of that kind with more tiles than
//! any other completed on the board takes it (a feature of equal size does
//! not; on the board, since a ferry's move may split or join roads),
//! whoever owns the feature and whether or not anyone stands on it. At game
//! end its holder scores `king-and-robber.points` for every completed feature
//! of its kind on the board, in that kind's score column. Kinds the figure's
//! `stands-on` names after the first count too, at game end, each completed
//! feature of them as one of the title's kind (the Count's walls: the city of
//! Carcassonne is a completed city for the king). A small city made a castle
//! is none: it takes no title and counts nothing.
//!
//! Hooks: `parameters`, `before_scoring` (what the tile completed),
//! `final_last` (the titles' points).

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError};
use crate::engine::events::{Event, Reason};
use crate::engine::ids::{FeatureKindId, FigureId};

/// The capability.
pub const NAME: &str = "king-and-robber";

/// One title: its figure and the kind it follows.
#[derive(Debug, Clone)]
struct Title {
    figure: FigureId,
    kind: u8,
    /// Kinds whose completed features count as the title's kind at game end.
    also: Vec<u8>,
}

/// The titles in play and their points.
#[derive(Debug)]
pub struct TitlesTable {
    titles: Vec<Title>,
    /// `king-and-robber.points`.
    points: i64,
}

/// Who holds each title (in table order), and what it follows.
#[derive(Clone, Debug)]
pub struct KingAndRobber {
    holders: Vec<Holder>,
    /// Scratch: the roots the turn completed (kept from turn to turn).
    turn: Vec<u32>,
}

#[derive(Clone, Debug, Default)]
struct Holder {
    /// The holder, once a feature of the kind was completed.
    player: Option<u8>,
    /// Tiles of the largest completed feature of the kind.
    largest: u32,
    /// The placed tile that completed the largest one.
    tile: u32,
    /// A node of each feature of the kind completed so far: read back
    /// through [`on_board`] (a ferry's move may have split or joined them;
    /// both parts of a split keep a lake's road end, which the turn
    /// records as completed).
    done: Vec<u32>,
}

impl Module for KingAndRobber {
    type Table = TitlesTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Figure,
        meaning: "a title (the king, the robber) for whoever completed the largest feature of its kind so far; its holder scores per completed feature of the kind at game end",
        parameters: &[(
            "king-and-robber.points",
            "points at game end to a title's holder per completed feature of its kind",
        )],
    };
    const HOOKS: u64 = hooks![parameters, before_scoring, final_last];
    const PREVIEWED: bool = true;

    fn in_play(s: &Setup<'_>) -> bool {
        // The titles are neutral figures: declared, they are in play.
        s.figures_declare(NAME)
    }

    fn table(
        _: &Setup<'_>,
        figures: &[FigureDef],
        vocab: &Vocab,
    ) -> Result<TitlesTable, SetupError> {
        let mut titles = Vec::new();
        for (i, f) in figures.iter().enumerate() {
            if !f.has(NAME) {
                continue;
            }
            if f.stands_on.is_empty() {
                return Err(SetupError(format!(
                    "figure `{}`: a `{NAME}` title names the kind it follows with `stands-on`",
                    f.id
                )));
            }
            let mut kinds = Vec::new();
            for kind in &f.stands_on {
                // A kind no tile in play has counts nothing: the vocabulary
                // may leave it out.
                match vocab.kind(kind) {
                    Some(k) => kinds.push(k),
                    None if kinds.is_empty() => {
                        return Err(SetupError(format!(
                            "figure `{}`: no kind `{kind}` in the vocabulary",
                            f.id
                        )))
                    }
                    None => {}
                }
            }
            titles.push(Title {
                figure: FigureId(u8::try_from(i).unwrap_or(u8::MAX)),
                kind: kinds[0],
                also: kinds.split_off(1),
            });
        }
        Ok(TitlesTable { titles, points: 0 })
    }

    fn parameters(table: &mut TitlesTable, params: &mut Params) -> Result<(), SetupError> {
        table.points = params.require("king-and-robber.points", true);
        Ok(())
    }

    fn new(t: &TitlesTable, _: usize) -> KingAndRobber {
        KingAndRobber {
            holders: vec![Holder::default(); t.titles.len()],
            turn: Vec::new(),
        }
    }

    fn before_scoring<X: Host>(&mut self, t: &TitlesTable, game: &mut Game<'_, X>) {
        self.completed(t, game);
    }

    fn final_last<X: Host>(&mut self, t: &TitlesTable, game: &mut Game<'_, X>) {
        for (title, h) in t.titles.iter().zip(&self.holders) {
            let Some(player) = h.player else { continue };
            // Counted on the board as it ends: a ferry's move may have split
            // a completed road in two, or joined two.
            let mut done = h.done.clone();
            on_board(game, title.kind, &mut done);
            let completed = u32::try_from(done.len())
                .unwrap_or(u32::MAX)
                .saturating_add(completed_on_board(game, &title.also));
            game.scoring_at = Some(h.tile);
            let source = game.rules.vocab.kinds[usize::from(title.kind)].source;
            game.award(Event {
                turn: None,
                player: usize::from(player),
                points: i64::from(completed).saturating_mul(t.points),
                source,
                reason: Reason::Title {
                    figure: title.figure,
                    kind: FeatureKindId(title.kind),
                    features: completed,
                },
            });
        }
    }
}

/// The completed features of these kinds on the board, each counted once.
fn completed_on_board<X: Host>(game: &mut Game<'_, X>, kinds: &[u8]) -> u32 {
    u32::try_from(completed_roots(game, kinds).len()).unwrap_or(u32::MAX)
}

/// The roots of the completed features of these kinds on the board, each
/// once: every piece of them on a placed tile (scored or not: the walls are
/// not, nor a bridge's way no bridge was put on, a piece on no slot), a
/// small city made a castle left out.
fn completed_roots<X: Host>(game: &mut Game<'_, X>, kinds: &[u8]) -> Vec<u32> {
    let mut roots: Vec<u32> = Vec::new();
    if kinds.is_empty() {
        return roots;
    }
    let rules = game.rules;
    let bridges = game.x.module::<super::bridge::Bridges>();
    for (tile, placed) in (0u32..).zip(&game.board.placed) {
        let kind = &rules.kinds[usize::from(placed.kind.0)];
        let pieces = (0u8..).zip(&kind.features).filter(|&(f, piece)| {
            kinds.contains(&piece.kind)
                && (kind.slot_feature.contains(&f)
                    || bridges.is_some_and(|b| b.ends_of(tile, f).is_some()))
        });
        for (f, _) in pieces {
            let root = game.features.find(placed.first_node + u32::from(f));
            if kinds.contains(&game.features.kind(root))
                && game.features.open(root) == 0
                && !roots.contains(&root)
            {
                roots.push(root);
            }
        }
    }
    let castles = game.x.module::<super::castle::Castles>();
    roots.retain(|&r| !castles.is_some_and(|c| c.is_castle(r)));
    roots
}

impl KingAndRobber {
    /// The features of the titles' kinds the tile just placed completed: one
    /// larger than every other completed feature of its kind on the board
    /// takes the title (on the board: a ferry's move may have split the
    /// largest one since it was completed).
    fn completed<X: Host>(&mut self, t: &TitlesTable, game: &mut Game<'_, X>) {
        let mut done = std::mem::take(&mut self.turn);
        super::turn_nodes::completed_by_turn_into(game, &mut done);
        // Each node becomes its completed root, once; a small city made a
        // castle is no completed city (docs/rules.md).
        let castles = game.x.module::<super::castle::Castles>();
        let mut kept = 0;
        for i in 0..done.len() {
            let root = game.features.find(done[i]);
            if game.features.open(root) == 0
                && !castles.is_some_and(|c| c.is_castle(root))
                && !done[..kept].contains(&root)
            {
                done[kept] = root;
                kept += 1;
            }
        }
        done.truncate(kept);
        for (title, spec) in t.titles.iter().enumerate() {
            let kind = spec.kind;
            let mine = |r: &u32| game.features.kind(*r) == kind;
            if !done.iter().any(mine) {
                continue;
            }
            // The other completed features of the kind on the board.
            let h = &mut self.holders[title];
            on_board(game, kind, &mut h.done);
            h.done
                .retain(|r| !(game.features.kind(*r) == kind && done.contains(r)));
            let mut best = 0;
            for &r in &done {
                if game.features.kind(r) == kind {
                    best = best.max(game.survey(r).0);
                }
            }
            // Another as large keeps the title where it is; a feature has
            // no more tiles than pieces, so most need no survey.
            let blocked = h
                .done
                .iter()
                .any(|&r| game.features.pieces(r) >= best && game.survey(r).0 >= best);
            if best > 0 && !blocked {
                h.largest = best;
                h.player = u8::try_from(game.active).ok();
                h.tile = game.current;
            }
            h.done.extend(
                done.iter()
                    .copied()
                    .filter(|&r| game.features.kind(r) == kind),
            );
        }
        self.turn = done;
    }
}

/// Turns the nodes of features completed so far into the roots of the
/// completed features of `kind` on the board now, each once (a small city
/// made a castle left out).
fn on_board<X: Host>(game: &mut Game<'_, X>, kind: u8, done: &mut Vec<u32>) {
    // Roots change only where completed features were joined or split (a
    // ferry's move): only then may two have become one. The list's order
    // means nothing.
    let mut moved = false;
    for r in done.iter_mut() {
        let root = game.features.find(*r);
        moved |= root != *r;
        *r = root;
    }
    if moved {
        done.sort_unstable();
        done.dedup();
    }
    let castles = game.x.module::<super::castle::Castles>();
    done.retain(|&r| {
        game.features.kind(r) == kind
            && game.features.open(r) == 0
            && !castles.is_some_and(|c| c.is_castle(r))
    });
}

impl<X: Host> Game<'_, X> {
    /// The holder of each title in play: (title figure, holder, tiles of the
    /// largest completed feature of its kind).
    #[must_use]
    pub fn titles(&self) -> Vec<(FigureId, Option<usize>, u32)> {
        let (Some(m), Some(t)) = (
            self.x.module::<KingAndRobber>(),
            X::table::<KingAndRobber>(&self.rules.ext),
        ) else {
            return Vec::new();
        };
        t.titles
            .iter()
            .zip(&m.holders)
            .map(|(title, h)| (title.figure, h.player.map(usize::from), h.largest))
            .collect()
    }
}
