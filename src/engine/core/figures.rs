//! Figures on the board and in supply: the core's figure actions — a figure
//! from supply on an unoccupied feature of the tile just placed whose kind
//! admits it, or a companion beside the player's follower — and moving
//! figures between supply and the board, keeping each feature's count of
//! the figures on it.

use super::game::Rules;
use super::game::{Game, Spot, Standing};
use crate::engine::ids::FigureId;
use crate::engine::moves::{illegal, with_article, FigureAction, IllegalMove, Phase};

impl<X: Rules> Game<'_, X> {
    /// Appends the core's figure placements for the tile just placed: each
    /// figure in supply on each unoccupied feature that admits it, and each
    /// companion beside the player's own follower.
    pub(in crate::engine) fn figure_placements_into(&self, out: &mut Vec<FigureAction>) {
        if X::blocks_figures(self, self.current) {
            return;
        }
        let placed = self.board.placed[self.current as usize];
        let kind = &self.rules.kinds[usize::from(placed.kind.0)];
        let player = self.active;
        // The figures the player has in supply, one bit each (ids beyond
        // the masks' 32 bits are admitted by no kind).
        let figures = self.rules.figures.len().min(32);
        let in_supply = (0..figures)
            .filter(|&i| self.supply(player, figure_id(i)) > 0)
            .fold(0u32, |m, i| m | 1 << i);
        for (f, feature) in (0u8..).zip(&kind.features) {
            let (admits, companions) = (feature.admits & in_supply, feature.companions & in_supply);
            if admits == 0 && companions == 0 {
                continue;
            }
            let node = placed.first_node + u32::from(f);
            let root = self.features.root(node);
            let occupied = self.features.occupants(root) > 0;
            if companions != 0 {
                let beside = occupied && self.has_follower_on(player, root);
                for figure in bits(companions) {
                    if beside || self.rules.figures[usize::from(figure.0)].alone {
                        out.push(FigureAction::Place { figure, feature: f });
                    }
                }
            }
            if admits == 0 || occupied && !X::shares(self, node) {
                continue;
            }
            for figure in bits(admits) {
                out.push(FigureAction::Place { figure, feature: f });
            }
        }
    }

    /// Whether an unoccupied feature of the tile just placed admits `figure`
    /// now, were one in the active player's supply (the supply itself is not
    /// read; what rule modules narrow is not either).
    #[must_use]
    pub fn tile_admits(&self, figure: FigureId) -> bool {
        if self.phase != Phase::Figure || X::blocks_figures(self, self.current) {
            return false;
        }
        let placed = self.board.placed[self.current as usize];
        let kind = &self.rules.kinds[usize::from(placed.kind.0)];
        (0u32..).zip(&kind.features).any(|(f, feature)| {
            let node = placed.first_node + f;
            feature.admits & (1 << figure.0) != 0
                && (self.features.occupants(self.features.root(node)) == 0 || X::shares(self, node))
        })
    }

    /// Checks that the active player has a figure of a kind in supply.
    pub(in crate::engine) fn check_supply(&self, figure: FigureId) -> Result<(), IllegalMove> {
        let Some(def) = self.rules.figures.get(usize::from(figure.0)) else {
            return illegal("no such figure");
        };
        if self.supply(self.active, figure) == 0 {
            return illegal(format!("the player has no {} left in supply", def.id));
        }
        Ok(())
    }

    pub(in crate::engine) fn place_figure(
        &mut self,
        figure: FigureId,
        feature: u8,
    ) -> Result<(), IllegalMove> {
        self.check_supply(figure)?;
        if X::blocks_figures(self, self.current) {
            return illegal(
                "no figure may be placed on this tile: a rule in play keeps figures off it",
            );
        }
        if self.rules.figures[usize::from(figure.0)].companion {
            return self.place_companion(figure, feature);
        }
        let placed = self.board.placed[self.current as usize];
        let kind = &self.rules.kinds[usize::from(placed.kind.0)];
        let Some(f) = kind.features.get(usize::from(feature)) else {
            return illegal(format!("the tile has no feature #{feature}"));
        };
        let name = &self.rules.vocab.kinds[usize::from(f.kind)].id;
        if f.admits & (1 << figure.0) == 0 {
            let who = with_article(self.rules.figure_id(figure));
            return illegal(if !self.rules.figures[usize::from(figure.0)].plays {
                format!(
                    "{who} is neutral or a supply piece: normal placement never puts it on the board"
                )
            } else if f.admits == 0 {
                format!("no figure may stand on {}", with_article(name))
            } else {
                format!("{who} may not stand on {}", with_article(name))
            });
        }
        let node = placed.first_node + u32::from(feature);
        let root = self.features.root(node);
        let there = self.features.occupants(root);
        if there > 0 && !X::shares(self, node) {
            return illegal(format!(
                "the {name} already holds {there} figure{} (counting the whole {name} across the board)",
                if there == 1 { "" } else { "s" },
            ));
        }
        self.stand(figure, self.current, Spot::Node(node));
        Ok(())
    }

    /// Moves a figure of the active player from supply to the board.
    pub(in crate::engine) fn stand(&mut self, figure: FigureId, tile: u32, spot: Spot) {
        self.stand_for(self.active, figure, tile, spot);
    }

    /// Moves a player's figure from supply to the board.
    pub(in crate::engine) fn stand_for(
        &mut self,
        player: usize,
        figure: FigureId,
        tile: u32,
        spot: Spot,
    ) {
        *self.supply_mut(player, figure) -= 1;
        if let Spot::Node(n) = spot {
            if !self.rules.figures[usize::from(figure.0)].companion {
                self.features.add_occupant(n, 1);
            }
        }
        self.standing.push(Standing {
            player: u8::try_from(player).unwrap_or(u8::MAX),
            figure,
            tile,
            spot,
        });
    }

    /// Takes the figure at `index` of the standing list back to supply.
    pub(in crate::engine) fn return_figure(&mut self, index: usize) -> Standing {
        let s = self.take_off(index);
        *self.supply_mut(usize::from(s.player), s.figure) += 1;
        s
    }

    /// Takes the figure at `index` of the standing list off the board, to
    /// neither supply nor anywhere the core knows (a module holds it).
    pub(in crate::engine) fn take_off(&mut self, index: usize) -> Standing {
        let s = self.standing.swap_remove(index);
        if let Spot::Node(n) = s.spot {
            if !self.rules.figures[usize::from(s.figure.0)].companion {
                self.features.add_occupant(n, -1);
            }
        }
        s
    }
}

/// The figures of a mask's set bits, lowest id first.
fn bits(mut mask: u32) -> impl Iterator<Item = FigureId> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros();
            mask &= mask - 1;
            figure_id(i as usize)
        })
    })
}

pub fn figure_id(i: usize) -> FigureId {
    FigureId(u8::try_from(i).unwrap_or(u8::MAX))
}
