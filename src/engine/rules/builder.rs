//! The builder (`capability builder` on a figure): a companion (the core's
//! `companions` places it beside its owner's follower on a road or city —
//! a network-scored region or path, or the kinds its `stands-on` names). When
//! a player's normal turn places a tile that extends a feature holding their
//! builder, a second turn follows at once: they draw and play another tile
//! (figure action, scoring and all). The second turn earns no third. The
//! builder need not still stand there when the first turn ends (its feature
//! may have been completed and scored). The player may decline the second
//! turn ([`Move::EndTurn`]).
//!
//! Hooks: `prepare_figures` and `prepare_vocab` (a companion, and where),
//! `tile_move` (a second turn starts), `placed` (one is earned),
//! `keeps_turn`, `apply` (declining), `expected`.

use super::module::{hooks, Capability, Host, Module, On, Setup, Then};
use crate::emit::wire::Shape;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::{KindRule, Scoring, Vocab};
use crate::engine::core::{Game, SetupError, Spot};
use crate::engine::moves::{illegal, IllegalMove, Move, Phase};

/// The capability.
pub const NAME: &str = "builder";

/// Which figures are builders.
#[derive(Debug)]
pub struct BuilderTable {
    /// One bit per `FigureId`.
    builders: u32,
}

impl BuilderTable {
    /// True when a figure is a builder.
    pub(in crate::engine) fn is_builder(&self, figure: crate::engine::ids::FigureId) -> bool {
        self.builders & (1 << figure.0) != 0
    }
}

/// The builder's second turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bonus {
    /// Nothing pending.
    None,
    /// The tile of this (normal) turn extended a feature with the active
    /// player's builder: a second turn follows this one.
    Earned,
    /// Between turns: the active player may take the second turn.
    Due,
    /// The second turn is being played; it earns no third.
    Playing,
}

/// The second turn's progress.
#[derive(Clone, Debug)]
pub struct Builder {
    bonus: Bonus,
    /// Second turns taken so far.
    second_turns: u32,
}

/// Marks the figures with `capability` as companions.
pub fn make_companions(capability: &str, figures: &mut [FigureDef]) {
    for f in figures.iter_mut().filter(|f| f.has(capability)) {
        f.companion = true;
    }
}

/// Lets the playing figures with `capability` stand beside a follower on
/// the kinds their `stands-on` names, or, without one, on the kinds
/// `default_on` accepts.
pub fn place_companions(
    capability: &str,
    figures: &[FigureDef],
    vocab: &mut Vocab,
    default_on: impl Fn(&KindRule) -> bool,
) {
    for k in &mut vocab.kinds {
        for (i, f) in figures.iter().enumerate() {
            if !f.has(capability) || !f.plays {
                continue;
            }
            let here = if f.stands_on.is_empty() {
                default_on(k)
            } else {
                f.stands_on.contains(&k.id)
            };
            if here {
                k.companions |= 1 << i;
            }
        }
    }
}

impl Module for Builder {
    type Table = BuilderTable;
    /// The preview lists builders beside the player's followers and counts the
    /// builders standing when the turn ends (the second turn changes no value).
    const PREVIEWED: bool = true;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Figure,
        meaning: "a figure beside its owner's follower on a road or city: extending that feature with a tile gives a second turn",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![
        prepare_figures,
        prepare_vocab,
        tile_move,
        placed,
        keeps_turn,
        apply,
        expected
    ];

    fn prepare_figures(_: &Setup<'_>, figures: &mut [FigureDef]) {
        make_companions(NAME, figures);
    }

    fn prepare_vocab(_: &Setup<'_>, figures: &[FigureDef], vocab: &mut Vocab) {
        place_companions(NAME, figures, vocab, |k| {
            matches!(k.scoring, Scoring::Network { .. })
                && matches!(k.shape, Shape::Region | Shape::Path)
        });
    }

    fn table(_: &Setup<'_>, figures: &[FigureDef], _: &Vocab) -> Result<BuilderTable, SetupError> {
        let builders = (0..figures.len())
            .filter(|&i| figures[i].has(NAME))
            .fold(0u32, |m, i| m | 1 << i);
        Ok(BuilderTable { builders })
    }

    fn new(_: &BuilderTable, _: usize) -> Builder {
        Builder {
            bonus: Bonus::None,
            second_turns: 0,
        }
    }

    fn tile_move<X: Host>(&mut self, _: &BuilderTable, _: &mut Game<'_, X>) {
        if self.bonus == Bonus::Due {
            self.bonus = Bonus::Playing;
            self.second_turns += 1;
        }
    }

    fn placed<X: Host>(&mut self, t: &BuilderTable, game: &mut Game<'_, X>) {
        if self.bonus == Bonus::None && extends_own_builder(t, game) {
            self.bonus = Bonus::Earned;
        }
    }

    fn keeps_turn<X: Host>(&mut self, _: &BuilderTable, _: &mut Game<'_, X>) -> bool {
        if self.bonus == Bonus::Earned {
            self.bonus = Bonus::Due;
            return true;
        }
        self.bonus = Bonus::None;
        false
    }

    fn apply<X: Host>(
        &mut self,
        _: &BuilderTable,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        if (game.phase, mv) != (Phase::Tile, &Move::EndTurn) {
            return None;
        }
        if self.bonus != Bonus::Due {
            return Some(illegal(
                "no second turn is due, so there is none to decline",
            ));
        }
        self.bonus = Bonus::None;
        Some(Ok(Some(Then::EndTurn)))
    }

    fn expected(phase: Phase) -> Option<&'static str> {
        (phase == Phase::Tile).then_some("declining a second turn")
    }
}

/// True when the tile just placed extends a feature that holds a builder of
/// the active player.
fn extends_own_builder<X: Host>(t: &BuilderTable, game: &mut Game<'_, X>) -> bool {
    // One pass over the figures standing, then one `find` per builder of
    // the active player and network.
    let active = game.active;
    // Usually every builder of the player is in supply: nothing to scan.
    let standing = (0..game.rules.figures.len()).any(|f| {
        let figure = crate::engine::ids::FigureId(u8::try_from(f).unwrap_or(u8::MAX));
        t.is_builder(figure) && game.supply(active, figure) < game.rules.figures[f].per_player
    });
    if !standing {
        return false;
    }
    let placed = game.board.placed[game.current as usize];
    let kind = &game.rules.kinds[usize::from(placed.kind.0)];
    for i in 0..game.standing.len() {
        let s = game.standing[i];
        let Spot::Node(node) = s.spot else { continue };
        if usize::from(s.player) != active || t.builders & (1 << s.figure.0) == 0 {
            continue;
        }
        let root = game.features.find(node);
        for &f in &kind.networks {
            if game.features.find(placed.first_node + u32::from(f)) == root {
                return true;
            }
        }
    }
    false
}

impl<X: Host> Game<'_, X> {
    /// True between turns when the active player may take the builder's
    /// second turn (or decline it with [`Move::EndTurn`]).
    #[must_use]
    pub fn second_turn_due(&self) -> bool {
        self.x
            .module::<Builder>()
            .is_some_and(|b| b.bonus == Bonus::Due)
    }

    /// True during a builder's second turn.
    #[must_use]
    pub fn in_second_turn(&self) -> bool {
        self.x
            .module::<Builder>()
            .is_some_and(|b| b.bonus == Bonus::Playing)
    }

    /// Second turns taken so far.
    #[must_use]
    pub fn second_turns(&self) -> u32 {
        self.x.module::<Builder>().map_or(0, |b| b.second_turns)
    }
}
