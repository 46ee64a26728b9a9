//! The Princess & the Dragon in JCZ's messages: the fairy moved beside a
//! follower (`MOVE_NEUTRAL_FIGURE` of `fairy.1` to a meeple pointer), a
//! follower sent through the magic portal (`DEPLOY_MEEPLE` onto another
//! tile), the knight the princess sends home (`RETURN_MEEPLE`, source
//! `PRINCESS`) and the dragon's steps after a dragon tile
//! (`MOVE_NEUTRAL_FIGURE` of `dragon.1` to a position, one a player).
//! A child of the export (it reads the builder's tracked figures).

use serde_json::json;

use super::{message, pointers, Builder};
use crate::engine::log::TurnLog;
use crate::engine::{FigureSpot, Game};

impl Builder<'_> {
    /// The turn's figure action when it is the fairy, the portal or the
    /// princess: its messages, and `true`; `false` when it is none of them.
    pub(super) fn dragon_action(
        &mut self,
        game: &Game<'_>,
        player: usize,
        turn: &TurnLog,
    ) -> Result<bool, String> {
        if let Some(f) = &turn.fairy {
            let figure = f.figure.as_deref().unwrap_or("meeple");
            let t = self.find(game, player, figure, (f.x, f.y), &f.feature, "the fairy")?;
            let t = &self.tracked[t];
            self.fairy_beside = Some((player, figure.to_string(), t.n));
            let to = json!({ "featurePointer": t.pointer, "meepleId": Self::meeple_id(player, figure, t.n)? });
            self.replay.push(message(
                "MOVE_NEUTRAL_FIGURE",
                json!({ "figureId": "fairy.1", "to": to }),
            ));
        } else if let Some(p) = &turn.portal {
            let figure = p.figure.as_deref().unwrap_or("meeple");
            let (pointer, spot) = if p.feature == "acrobats" {
                if super::names::meeple_type(figure) != Some("small") {
                    return Err(format!("a {figure} as an acrobat through the portal: JCloisterZone does not allow it (it offers the acrobat space only to a meeple), so this game cannot be exported"));
                }
                (
                    pointers::pointer(p.x, p.y, "Acrobats", "I"),
                    FigureSpot::Acrobats,
                )
            } else {
                let spot = self.spot_of(game, p.x, p.y, &p.feature)?;
                let FigureSpot::Feature(f) = spot else {
                    return Err("the portal leads to no feature".into());
                };
                (self.feature_pointer(game, p.x, p.y, f)?, spot)
            };
            let n = self.deploy(player, figure, pointer.clone(), None, None)?;
            self.track(player, figure, n, (p.x, p.y, spot), pointer);
        } else if let Some(c) = &turn.princess {
            let figure = c.figure.as_deref().unwrap_or("meeple");
            let k = self.find(
                game,
                c.player,
                figure,
                (c.x, c.y),
                &c.feature,
                "the princess",
            )?;
            let t = self.tracked.remove(k);
            self.replay.push(message(
                "RETURN_MEEPLE",
                json!({ "pointer": { "featurePointer": t.pointer, "meepleId": Self::meeple_id(c.player, figure, t.n)? }, "source": "PRINCESS" }),
            ));
        } else {
            return Ok(false);
        }
        Ok(true)
    }

    /// The dragon's steps after a dragon tile: one `MOVE_NEUTRAL_FIGURE` a
    /// square (JCZ asks the turn player, then each next player).
    pub(super) fn dragon_steps(&mut self, turn: &TurnLog) {
        for [x, y] in turn.dragon.iter().flatten() {
            self.replay.push(message(
                "MOVE_NEUTRAL_FIGURE",
                json!({ "figureId": "dragon.1", "to": [x, y] }),
            ));
        }
    }

    /// The index of a tracked figure that `matches`: of two alike (the same
    /// player's same figure on one spot, as a crop circle's addition puts
    /// them), one the fairy is not beside, which our engine's fairy stays
    /// with.
    pub(super) fn pick(&self, matches: impl Fn(&super::Tracked) -> bool) -> Option<usize> {
        let fairy = |t: &super::Tracked| {
            self.fairy_beside
                .as_ref()
                .is_some_and(|(p, f, n)| (*p, f.as_str(), *n) == (t.player, t.figure.as_str(), t.n))
        };
        let mut first = None;
        for (i, t) in self.tracked.iter().enumerate() {
            if matches(t) {
                if !fairy(t) {
                    return Some(i);
                }
                first = first.or(Some(i));
            }
        }
        first
    }

    /// The index of the tracked `figure` of `player` on `feature` of the
    /// tile at `at`.
    fn find(
        &self,
        game: &Game<'_>,
        player: usize,
        figure: &str,
        at: (i32, i32),
        feature: &str,
        what: &str,
    ) -> Result<usize, String> {
        let spot = if feature == "acrobats" {
            FigureSpot::Acrobats
        } else {
            self.spot_of(game, at.0, at.1, feature)?
        };
        self.pick(|t| {
            t.player == player && t.figure == figure && (t.x, t.y, t.spot) == (at.0, at.1, spot)
        })
        .ok_or_else(|| {
            format!(
                "{what}: no {figure} of player {player} on `{feature}` at ({}, {})",
                at.0, at.1
            )
        })
    }
}
