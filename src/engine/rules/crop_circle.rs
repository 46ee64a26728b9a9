//! Crop circles (`capability crop-circle` on a kind whose variant names a
//! kind). After a normal turn with a crop-circle tile the active player
//! chooses an action for the kind the circle's variant names (`city`, `road`,
//! `field`, or any declared kind):
//! - add: each player may put one follower from supply that the kind admits
//!   on a feature of that kind that already holds one of their followers, on
//!   the same tile as that follower (the Crop Circles rules: next to it);
//! - remove: each player must take back one of their followers standing on a
//!   feature of that kind, if they have one.
//!
//! A follower here is one in the rules' sense: not a barn or a shepherd
//! (`follower no`), a builder or a pig.
//!
//! Players act in turn order from the left of the active player, who acts last.
//!
//! Hooks: `prepare_kind` (the variant), `pending` (the crop phase), `apply`
//! (the crop move, which ends the turn), `expected`.

use super::module::{hooks, Capability, Host, Module, On, Setup, Then};
use crate::emit::wire;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError, Spot};
use crate::engine::ids::{FigureId, KindId};
use crate::engine::moves::{illegal, with_article, IllegalMove, Move, Phase};
use crate::engine::moves::{CropAction, CropMove, CropResponse};

/// The capability.
pub const NAME: &str = "crop-circle";

/// The kind each crop circle acts on.
#[derive(Debug)]
pub struct CropTable {
    /// For each tile kind with a crop circle: the kind (vocabulary index)
    /// whose figures it moves.
    acts_on: Vec<Option<u8>>,
}

impl CropTable {
    fn acts_on(&self, kind: KindId) -> Option<u8> {
        self.acts_on.get(usize::from(kind.0)).copied().flatten()
    }
}

/// Crop circles keep no state between turns.
#[derive(Clone, Debug)]
pub struct CropCircle;

impl Module for CropCircle {
    type Table = CropTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a crop circle: every player adds or removes a follower of its type",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![prepare_kind, pending, apply, expected];
    const PREVIEWED: bool = true;

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<CropTable, SetupError> {
        Ok(CropTable {
            acts_on: Vec::new(),
        })
    }

    fn prepare_kind(
        table: &mut CropTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        vocab: &Vocab,
    ) -> Result<(), SetupError> {
        let bad = |why: String| SetupError(format!("tile `{}`: {why}", tile.id));
        let acts_on = match s.sole_feature(tile, NAME, "crop-circle features")? {
            None => None,
            Some((_, f)) => {
                let variant = f.variant.as_deref().unwrap_or_default();
                Some(vocab.kind(variant).ok_or_else(|| {
                    bad(format!(
                        "the {}'s variant `{variant}` names no kind of the set",
                        f.kind
                    ))
                })?)
            }
        };
        table.acts_on.push(acts_on);
        Ok(())
    }

    fn new(_: &CropTable, _: usize) -> CropCircle {
        CropCircle
    }

    fn pending<X: Host>(&self, t: &CropTable, game: &Game<'_, X>) -> Option<Phase> {
        let kind = game.board.placed[game.current as usize].kind;
        t.acts_on(kind).map(|_| Phase::Crop)
    }

    fn apply<X: Host>(
        &mut self,
        _: &CropTable,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        match (game.phase, mv) {
            (Phase::Crop, Move::Crop(crop)) => Some(game.crop(crop).map(|()| Some(Then::Decided))),
            _ => None,
        }
    }

    fn expected(phase: Phase) -> Option<&'static str> {
        (phase == Phase::Crop).then_some("the crop circle's action")
    }
}

impl<X: Host> Game<'_, X> {
    /// The players in the order they respond to the crop circle.
    #[must_use]
    pub fn crop_order(&self) -> Vec<usize> {
        (1..=self.players)
            .map(|i| (self.active + i) % self.players)
            .collect()
    }

    /// The feature kind (vocabulary index) the pending crop circle acts on.
    fn crop_kind(&self) -> Option<u8> {
        if self.phase != Phase::Crop {
            return None;
        }
        let placed = self.board.placed.get(self.current as usize)?;
        X::table::<CropCircle>(&self.rules.ext)?.acts_on(placed.kind)
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
                let admits = self.rules.vocab.kinds[usize::from(kind)].admits;
                for s in self
                    .standing
                    .iter()
                    .filter(|s| usize::from(s.player) == player && self.is_follower(s.figure))
                {
                    let Spot::Node(n) = s.spot else { continue };
                    if self.features.kind(n) != kind {
                        continue;
                    }
                    for figure in self.figure_ids() {
                        let r = self.response(n, figure);
                        if admits & (1 << figure.0) != 0
                            && self.is_follower(figure)
                            && self.supply(player, figure) > 0
                            && !out.contains(&r)
                        {
                            out.push(r);
                        }
                    }
                }
            }
            CropAction::Remove => {
                for s in self
                    .standing
                    .iter()
                    .filter(|s| usize::from(s.player) == player && self.is_follower(s.figure))
                {
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

    /// A follower the circle adds or removes: one that stands on a feature
    /// and counts for it, not a barn or a shepherd (`follower no`: no
    /// follower in the rules' sense) nor a builder or pig.
    fn is_follower(&self, figure: FigureId) -> bool {
        let def = &self.rules.figures[usize::from(figure.0)];
        def.follower_piece() && def.follower
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

    /// Checks every response against the board, then performs them all (the
    /// turn then ends). The players' responses can't interfere: each moves
    /// only their own figures.
    fn crop(&mut self, crop: &CropMove) -> Result<(), IllegalMove> {
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
            let who = || format!("player {player} ({})", ordinal(player, &order));
            match response {
                None if crop.action == CropAction::Remove && !options.is_empty() => {
                    return illegal(format!(
                        "{} has a follower on a {} and must remove one",
                        who(),
                        self.crop_kind_name()
                    ))
                }
                Some(r) if !options.contains(r) => {
                    return illegal(format!(
                        "{}: {}",
                        who(),
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
                    with_article(self.rules.figure_id(r.figure))
                )
            }
            CropAction::Add => format!(
                "the added figure goes next to one of the player's followers on a {kind}, on the same tile; none of theirs stands on that {kind} at ({}, {})",
                r.x, r.y
            ),
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
