//! The abbot (`capability abbot`): instead of a figure action, a player may
//! take back one of their abbots standing anywhere on the board and score its
//! feature at once as if the game ended — a cloister or garden: 1 for it and
//! 1 for each tile around it. The player scores the whole value, whoever else
//! stands there (a flier may have brought a second figure); only the abbot
//! returns. The tile just placed may not hold it: an abbot placed this turn
//! can't be taken back this turn (the action replaces the placement).

use super::events::{Event, Reason};
use super::game::{illegal, Game, IllegalMove, Spot};
use super::FigureId;

impl Game<'_> {
    /// The active player's abbots that may be taken back: (figure, x, y).
    pub(super) fn recall_options(&self, out: &mut Vec<super::MeepleAction>) {
        for s in &self.standing {
            if usize::from(s.player) != self.active
                || !self.rules.figures[usize::from(s.figure.0)].abbot
                || !matches!(s.spot, Spot::Node(_))
            {
                continue;
            }
            let p = self.board.placed[s.tile as usize];
            out.push(super::MeepleAction::Recall {
                figure: s.figure,
                x: p.x,
                y: p.y,
            });
        }
    }

    /// Checks and performs taking an abbot back.
    pub(super) fn recall(&mut self, figure: FigureId, x: i32, y: i32) -> Result<(), IllegalMove> {
        let Some(def) = self.rules.figures.get(usize::from(figure.0)) else {
            return illegal("no such figure");
        };
        if !def.abbot {
            return illegal(format!(
                "only an abbot can be taken back, not {}",
                super::game::with_article(&def.id)
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
