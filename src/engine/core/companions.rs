//! Companion figures (a rule module makes a figure one): instead of placing
//! a follower, a player may put one on a feature of the tile just placed
//! whose kind takes it and that already holds one of the player's own
//! followers, anywhere along it. A companion counts for nothing in
//! majorities; it returns with the feature's followers when the feature is
//! scored, or as soon as its owner has no follower left on the feature.

use super::game::Rules;
use super::game::{Game, Spot};
use crate::engine::ids::FigureId;
use crate::engine::moves::{illegal, with_article, IllegalMove};

impl<X: Rules> Game<'_, X> {
    /// True when `player` has a follower on the feature of `root` (a piece
    /// that plays but is no follower is none).
    pub(in crate::engine) fn has_follower_on(&self, player: usize, root: u32) -> bool {
        self.standing.iter().any(|s| match s.spot {
            Spot::Node(n) => {
                let def = &self.rules.figures[usize::from(s.figure.0)];
                usize::from(s.player) == player
                    && def.follower_piece()
                    && def.follower
                    && self.features.root(n) == root
            }
            Spot::Off(_) => false,
        })
    }

    /// Checks and performs placing a companion on a feature of the tile just
    /// placed.
    pub(in crate::engine) fn place_companion(
        &mut self,
        figure: FigureId,
        feature: u8,
    ) -> Result<(), IllegalMove> {
        let placed = self.board.placed[self.current as usize];
        let kind = &self.rules.kinds[usize::from(placed.kind.0)];
        let Some(f) = kind.features.get(usize::from(feature)) else {
            return illegal(format!("the tile has no feature #{feature}"));
        };
        let who = with_article(self.rules.figure_id(figure));
        let name = &self.rules.vocab.kinds[usize::from(f.kind)].id;
        if f.companions & (1 << figure.0) == 0 {
            return illegal(format!("{who} may not stand on {}", with_article(name)));
        }
        let node = placed.first_node + u32::from(feature);
        let root = self.features.root(node);
        let alone = self.rules.figures[usize::from(figure.0)].alone;
        if !alone && !self.has_follower_on(self.active, root) {
            return illegal(format!(
                "{who} stands only beside one of its owner's followers, and the {name} holds none of the player's"
            ));
        }
        self.stand(figure, self.current, Spot::Node(node));
        Ok(())
    }

    /// Returns `player`'s companions on the feature of `root` when the player
    /// has no follower left there.
    pub(in crate::engine) fn release_companions(&mut self, player: usize, root: u32) {
        if !self.rules.any_companion || self.has_follower_on(player, root) {
            return;
        }
        let mut i = self.standing.len();
        while i > 0 {
            i -= 1;
            let s = self.standing[i];
            let Spot::Node(n) = s.spot else { continue };
            if usize::from(s.player) == player
                && self.rules.figures[usize::from(s.figure.0)].companion
                && !self.rules.figures[usize::from(s.figure.0)].alone
                && self.features.root(n) == root
            {
                self.return_figure(i);
            }
        }
    }
}
