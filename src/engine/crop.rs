//! Crop circles (`capability crop-circle`). After a normal turn with a
//! crop-circle tile the active player chooses an action for the kind the
//! circle's variant names (`city`, `road`, `field`, or any declared kind):
//! - add: each player may put one figure from supply that the kind admits on a
//!   feature of that kind that already holds one of their figures (on any tile
//!   that feature crosses);
//! - remove: each player must take back one of their figures standing on a
//!   feature of that kind, if they have one.
//!
//! Players act in turn order from the left of the active player, who acts last.

use super::game::{illegal, Game, IllegalMove, Spot};
use super::FigureId;

/// The two crop-circle actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CropAction {
    /// Each player may add a figure to a feature where they have one.
    Add,
    /// Each player must remove a figure from a feature of the type.
    Remove,
}

/// One player's response: a figure put on, or taken from, the feature of the
/// tile at (x, y).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CropResponse {
    /// Column of the tile.
    pub x: i32,
    /// Row of the tile.
    pub y: i32,
    /// The feature's id within that tile.
    pub feature: u8,
    /// The figure added or removed.
    pub figure: FigureId,
}

/// The crop circle's action and the responses, one per player in acting order
/// (left of the active player first); `None` passes (add) or has nothing to
/// remove (remove).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CropMove {
    /// The action chosen.
    pub action: CropAction,
    /// One response per player, in acting order.
    pub responses: Vec<Option<CropResponse>>,
}

impl Game<'_> {
    /// The players in the order they respond to the crop circle.
    #[must_use]
    pub fn crop_order(&self) -> Vec<usize> {
        (1..=self.players)
            .map(|i| (self.active + i) % self.players)
            .collect()
    }

    /// The feature kind (vocabulary index) the pending crop circle acts on.
    fn crop_kind(&self) -> Option<u8> {
        if self.phase != super::Phase::Crop {
            return None;
        }
        let placed = self.board.placed.get(self.current as usize)?;
        self.rules.kinds[usize::from(placed.kind.0)].crop
    }

    /// The name of the pending crop circle's kind, for messages.
    fn crop_kind_name(&self) -> &str {
        self.crop_kind()
            .map_or("feature", |k| &self.rules.vocab.kinds[usize::from(k)].id)
    }

    /// A player's possible responses to a crop-circle action (besides passing,
    /// which `Add` always allows and `Remove` allows only when this is empty).
    /// Empty outside the crop phase.
    #[must_use]
    pub fn crop_options(&self, player: usize, action: CropAction) -> Vec<CropResponse> {
        let mut out = Vec::new();
        let Some(kind) = self.crop_kind() else {
            return out;
        };
        match action {
            CropAction::Add => {
                let mut roots: Vec<u32> = Vec::new();
                for s in self.standing.iter().filter(|s| {
                    usize::from(s.player) == player
                        && self.rules.figures[usize::from(s.figure.0)].follower_piece()
                }) {
                    if let Spot::Node(n) = s.spot {
                        let r = self.features.root(n);
                        if self.features.kind(n) == kind && !roots.contains(&r) {
                            roots.push(r);
                        }
                    }
                }
                let admits = self.rules.vocab.kinds[usize::from(kind)].admits;
                for root in roots {
                    let mut m = root;
                    loop {
                        for figure in self.figure_ids() {
                            if admits & (1 << figure.0) != 0 && self.supply(player, figure) > 0 {
                                out.push(self.response(m, figure));
                            }
                        }
                        m = self.features.next(m);
                        if m == root {
                            break;
                        }
                    }
                }
            }
            CropAction::Remove => {
                for s in self.standing.iter().filter(|s| {
                    usize::from(s.player) == player
                        && self.rules.figures[usize::from(s.figure.0)].follower_piece()
                }) {
                    if let Spot::Node(n) = s.spot {
                        let r = self.response(n, s.figure);
                        if self.features.kind(n) == kind && !out.contains(&r) {
                            out.push(r);
                        }
                    }
                }
            }
        }
        out
    }

    fn figure_ids(&self) -> impl Iterator<Item = FigureId> {
        (0..self.rules.figures.len()).map(|i| FigureId(u8::try_from(i).unwrap_or(u8::MAX)))
    }

    fn response(&self, node: u32, figure: FigureId) -> CropResponse {
        let p = self.board.placed[self.features.tile(node) as usize];
        CropResponse {
            x: p.x,
            y: p.y,
            feature: self.features.feature(node),
            figure,
        }
    }

    /// Checks every response against the board, then performs them all. The
    /// players' responses can't interfere: each moves only their own figures.
    pub(super) fn crop(&mut self, crop: &CropMove) -> Result<(), IllegalMove> {
        if crop.responses.len() != self.players {
            return illegal(format!(
                "the crop circle needs one response per player ({}), not {}",
                self.players,
                crop.responses.len()
            ));
        }
        let order = self.crop_order();
        for (&player, response) in order.iter().zip(&crop.responses) {
            let options = self.crop_options(player, crop.action);
            let who = format!("player {player} ({})", ordinal(player, &order));
            match response {
                None if crop.action == CropAction::Remove && !options.is_empty() => {
                    return illegal(format!(
                        "{who} has a figure on a {} and must remove one",
                        self.crop_kind_name()
                    ))
                }
                Some(r) if !options.contains(r) => {
                    return illegal(format!(
                        "{who}: {}",
                        self.crop_refusal(player, crop.action, r)
                    ))
                }
                _ => {}
            }
        }
        for (&player, response) in order.iter().zip(&crop.responses) {
            let Some(r) = response else { continue };
            let Some(t) = self.board.tile_at(r.x, r.y) else {
                continue;
            };
            let node = self.board.placed[t as usize].first_node + u32::from(r.feature);
            match crop.action {
                CropAction::Add => self.stand_for(player, r.figure, t, Spot::Node(node)),
                CropAction::Remove => {
                    let found = self.standing.iter().position(|s| {
                        usize::from(s.player) == player
                            && s.figure == r.figure
                            && s.spot == Spot::Node(node)
                    });
                    if let Some(i) = found {
                        self.return_figure(i);
                        let root = self.features.find(node);
                        self.release_companions(player, root);
                    }
                }
            }
        }
        self.end_turn();
        Ok(())
    }

    fn crop_refusal(&self, player: usize, action: CropAction, r: &CropResponse) -> String {
        let kind = self.crop_kind_name();
        let Some(t) = self.board.tile_at(r.x, r.y) else {
            return format!("no tile at ({}, {})", r.x, r.y);
        };
        let p = self.board.placed[t as usize];
        if usize::from(r.feature) >= self.rules.kinds[usize::from(p.kind.0)].features.len() {
            return format!("the tile at ({}, {}) has no such feature", r.x, r.y);
        }
        let node = p.first_node + u32::from(r.feature);
        let there = &self.rules.vocab.kinds[usize::from(self.features.kind(node))];
        if Some(self.features.kind(node)) != self.crop_kind() {
            return format!("the crop circle acts on a {kind}, not a {}", there.id);
        }
        match action {
            CropAction::Add if self.supply(player, r.figure) == 0 => {
                format!("no {} left in supply", self.rules.figure_id(r.figure))
            }
            CropAction::Add if there.admits & (1 << r.figure.0) == 0 => {
                format!(
                    "{} may not stand on a {kind}",
                    super::game::with_article(self.rules.figure_id(r.figure))
                )
            }
            CropAction::Add => format!("the {kind} holds none of the player's figures"),
            CropAction::Remove => format!(
                "no {} of the player's stands on that {kind} at ({}, {})",
                self.rules.figure_id(r.figure),
                r.x,
                r.y
            ),
        }
    }
}

fn ordinal(player: usize, order: &[usize]) -> String {
    let i = order.iter().position(|&p| p == player).unwrap_or(0) + 1;
    let suffix = match i {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{i}{suffix} to respond")
}
