//! The abbot (`capability abbot` on a figure): instead of a figure action, a
//! player may take back one of their abbots standing anywhere on the board
//! and score its feature at once as if the game ended — a cloister or
//! garden: 1 for it and 1 for each tile around it. The player scores the
//! whole value, whoever else stands there (a flier may have brought a second
//! figure); only the abbot returns, with its owner's companions there if no
//! follower of theirs is left. The tile just placed may not hold it: an
//! abbot placed this turn can't be taken back this turn (the action replaces
//! the placement). Only an abbot whose feature is still incomplete may be
//! taken back: a feature the tile just placed completed counts as complete
//! (it is about to be scored), as it does for a flier's landing.
//!
//! Hooks: `offer` (instead of a figure), `act`.

use super::module::{hooks, Capability, Host, Module, Offer, On, Setup};
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, Ruleset, SetupError, Spot};
use crate::engine::events::{Event, Reason};
use crate::engine::ids::FigureId;
use crate::engine::moves::Flights;
use crate::engine::moves::{illegal, with_article, IllegalMove, MeepleAction};

/// The capability.
pub const NAME: &str = "abbot";

/// Which figures are abbots.
#[derive(Debug)]
pub struct AbbotTable {
    /// The abbot figures, one bit per `FigureId`.
    abbots: u32,
}

/// Abbots keep no state of their own: they stand on the board like others.
#[derive(Clone, Debug)]
pub struct Abbot;

impl Module for Abbot {
    type Table = AbbotTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Figure,
        meaning: "a figure its owner may take back instead of placing one, scoring its feature as at game end",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![offer, act];

    fn table(_: &Setup<'_>, figures: &[FigureDef], _: &Vocab) -> Result<AbbotTable, SetupError> {
        let abbots = (0..figures.len())
            .filter(|&i| figures[i].has(NAME))
            .fold(0u32, |m, i| m | 1 << i);
        Ok(AbbotTable { abbots })
    }

    fn new(_: &AbbotTable, _: usize) -> Abbot {
        Abbot
    }

    fn offer<X: Host>(
        &self,
        t: &AbbotTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        _: Flights,
        offer: Offer,
    ) {
        if offer == Offer::Instead {
            game.recall_options(t, out);
        }
    }

    fn act<X: Host>(
        &mut self,
        t: &AbbotTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> Option<Result<(), IllegalMove>> {
        let MeepleAction::Recall { figure, x, y } = *action else {
            return None;
        };
        Some(game.recall(t, figure, x, y))
    }
}

impl<T> Ruleset<T> {
    /// The first figure with `capability abbot`.
    #[must_use]
    pub fn abbot(&self) -> Option<FigureId> {
        let i = self.figures.iter().position(|f| f.has(NAME))?;
        u8::try_from(i).ok().map(FigureId)
    }
}

impl<X: Host> Game<'_, X> {
    /// The active player's abbots that may be taken back: (figure, x, y).
    fn recall_options(&self, t: &AbbotTable, out: &mut Vec<MeepleAction>) {
        for s in &self.standing {
            if usize::from(s.player) != self.active || t.abbots & (1 << s.figure.0) == 0 {
                continue;
            }
            let Spot::Node(node) = s.spot else { continue };
            if !self.unfinished(node) {
                continue;
            }
            let p = self.board.placed[s.tile as usize];
            out.push(MeepleAction::Recall {
                figure: s.figure,
                x: p.x,
                y: p.y,
            });
        }
    }

    /// Checks and performs taking an abbot back.
    fn recall(
        &mut self,
        t: &AbbotTable,
        figure: FigureId,
        x: i32,
        y: i32,
    ) -> Result<(), IllegalMove> {
        let Some(def) = self.rules.figures.get(usize::from(figure.0)) else {
            return illegal("no such figure");
        };
        if t.abbots & (1 << figure.0) == 0 {
            return illegal(format!(
                "only an abbot can be taken back, not {}",
                with_article(&def.id)
            ));
        }
        let Some(t) = self.board.tile_at(x, y) else {
            return illegal(format!("no tile at ({x}, {y})"));
        };
        let active = self.active;
        let Some(i) = self.standing.iter().position(|s| {
            usize::from(s.player) == active
                && s.figure == figure
                && s.tile == t
                && matches!(s.spot, Spot::Node(_))
        }) else {
            return illegal(format!(
                "the player has no {} at ({x}, {y})",
                self.rules.figure_id(figure)
            ));
        };
        let Spot::Node(node) = self.standing[i].spot else {
            return illegal("the abbot stands on no feature");
        };
        if !self.unfinished(node) {
            return illegal(format!(
                "the {} at ({x}, {y}) stands on a complete {}: it may be taken back only while its feature is incomplete",
                self.rules.figure_id(figure),
                self.rules.vocab.kinds[usize::from(self.features.kind(node))].id
            ));
        }
        let root = self.features.find(node);
        let value = self.feature_value(root, false);
        self.return_figure(i);
        self.release_companions(active, root);
        if let Some((points, source, reason)) = value {
            let (kind, tiles) = match reason {
                Reason::Network { kind, tiles, .. } | Reason::Neighbourhood { kind, tiles, .. } => {
                    (kind, tiles)
                }
                Reason::Farm {
                    kind, neighbours, ..
                } => (kind, neighbours),
                _ => return Ok(()),
            };
            let turn = self.event_turn();
            self.award(Event {
                turn,
                player: active,
                points,
                source,
                reason: Reason::Recall {
                    figure,
                    kind,
                    tiles,
                },
            });
        }
        Ok(())
    }
}
