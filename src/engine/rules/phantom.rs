//! The phantom (`capability phantom` on a figure): a follower each player may
//! place as a second follower in the same turn. After a figure action that
//! puts one of the player's other figures somewhere from supply (on the tile,
//! onto a pyramid, in flight), the player, while their phantom is in supply,
//! takes a second figure action with the phantom alone, by the normal rules
//! (an unoccupied feature of the tile, a pyramid, a flight), or passes; then
//! what the tile completed is scored. A phantom placed as the turn's only
//! follower is the turn's figure action like any other. The flying machine
//! is a feature: when the first figure flew, the phantom may not fly too
//! (the publisher's clarification, The Flier, 5/2013). The magic portal
//! sends one follower a turn: after a first follower went through it, the
//! phantom may not; after a first follower placed otherwise, the phantom may
//! (the licensed app's clarification, 2014, and JCloisterZone alike). An
//! action taken instead of placing a figure (scoring a pyramid, taking an
//! abbot back, the princess, the fairy) gives no second action.
//!
//! Hooks: `check_action` (the second action is the phantom's), `another_action`
//! (it is due), `narrow` (only the phantom's actions are listed for it).

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError};
use crate::engine::ids::FigureId;
use crate::engine::moves::{illegal, with_article, IllegalMove, MeepleAction};

/// The capability.
pub const NAME: &str = "phantom";

/// Which figures are phantoms.
#[derive(Debug)]
pub struct PhantomTable {
    /// One bit per `FigureId`.
    phantoms: u32,
}

impl PhantomTable {
    fn is_phantom(&self, figure: FigureId) -> bool {
        self.phantoms & (1 << figure.0) != 0
    }
}

/// The second figure action of the turn, while it is due.
#[derive(Clone, Debug, Default)]
pub struct Phantom {
    /// The phantom's action is due (the turn's first action was taken).
    due: bool,
    /// The first action was a flight.
    flew: bool,
    /// The first action went through the magic portal.
    portal: bool,
}

impl Module for Phantom {
    type Table = PhantomTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Figure,
        meaning: "a second follower: after placing another figure, its owner may place it too in the same turn",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![check_action, another_action, narrow];

    fn table(_: &Setup<'_>, figures: &[FigureDef], _: &Vocab) -> Result<PhantomTable, SetupError> {
        let phantoms = (0..figures.len())
            .filter(|&i| figures[i].has(NAME))
            .fold(0u32, |m, i| m | 1 << i);
        Ok(PhantomTable { phantoms })
    }

    fn new(_: &PhantomTable, _: usize) -> Phantom {
        Phantom::default()
    }

    fn check_action<X: Host>(
        &self,
        t: &PhantomTable,
        game: &Game<'_, X>,
        action: &MeepleAction,
    ) -> Result<(), IllegalMove> {
        if !self.due {
            return Ok(());
        }
        match *action {
            MeepleAction::Pass => Ok(()),
            MeepleAction::Fly { .. } if self.flew => illegal(
                "the flying machine was used by the turn's first figure: the phantom may not fly too",
            ),
            MeepleAction::Portal { .. } if self.portal => illegal(
                "the magic portal sent the turn's first follower: only one follower a turn goes through it",
            ),
            MeepleAction::Place { figure, .. }
            | MeepleAction::Acrobat { figure, .. }
            | MeepleAction::Fly { figure, .. }
            | MeepleAction::Portal { figure, .. } => {
                if t.is_phantom(figure) {
                    Ok(())
                } else {
                    illegal(format!(
                        "the turn's second figure action is the phantom's, not {}'s",
                        with_article(game.rules.figure_id(figure))
                    ))
                }
            }
            _ => illegal("the turn's second figure action places the phantom or passes"),
        }
    }

    fn another_action<X: Host>(
        &mut self,
        t: &PhantomTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> bool {
        if self.due {
            *self = Phantom::default();
            return false;
        }
        let (MeepleAction::Place { figure, .. }
        | MeepleAction::Acrobat { figure, .. }
        | MeepleAction::Fly { figure, .. }
        | MeepleAction::Portal { figure, .. }) = *action
        else {
            return false;
        };
        if t.is_phantom(figure) || phantom_in_supply(t, game).is_none() {
            return false;
        }
        self.due = true;
        self.flew = matches!(action, MeepleAction::Fly { .. });
        self.portal = matches!(action, MeepleAction::Portal { .. });
        true
    }

    fn narrow<X: Host>(
        &self,
        t: &PhantomTable,
        _: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        from: usize,
    ) {
        if !self.due {
            return;
        }
        let (flew, portal) = (self.flew, self.portal);
        let mut i = from;
        while i < out.len() {
            let keep = match out[i] {
                MeepleAction::Pass => true,
                MeepleAction::Fly { .. } if flew => false,
                MeepleAction::Portal { .. } if portal => false,
                MeepleAction::Place { figure, .. }
                | MeepleAction::Acrobat { figure, .. }
                | MeepleAction::Fly { figure, .. }
                | MeepleAction::Portal { figure, .. } => t.is_phantom(figure),
                _ => false,
            };
            if keep {
                i += 1;
            } else {
                out.remove(i);
            }
        }
    }
}

/// A phantom of the active player's in supply.
fn phantom_in_supply<X: Host>(t: &PhantomTable, game: &Game<'_, X>) -> Option<FigureId> {
    (0..game.rules.figures.len())
        .filter_map(|i| u8::try_from(i).ok().map(FigureId))
        .find(|&f| t.is_phantom(f) && game.supply(game.active, f) > 0)
}

impl<X: Host> Game<'_, X> {
    /// True while the turn's second figure action (the phantom's) is due.
    #[must_use]
    pub fn phantom_due(&self) -> bool {
        self.x.module::<Phantom>().is_some_and(|p| p.due)
    }
}
