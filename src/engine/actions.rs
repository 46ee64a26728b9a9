//! The figure action of a turn: a figure on a feature of the tile just placed
//! (a companion beside the player's follower), an acrobat on a pyramid nearby,
//! a flight, scoring a completed pyramid, taking an abbot back — or nothing. [`Game::legal_meeple_actions`] lists them; [`Game::apply`] checks
//! and performs one.

use super::game::{illegal, with_article, Game, IllegalMove, Spot, Standing};
use super::FigureId;

/// A figure action for the tile just placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeepleAction {
    /// No figure this turn.
    Pass,
    /// A figure from supply on an unoccupied feature of the tile just placed
    /// whose kind admits it (`feature` is its id within the tile).
    Place {
        /// The figure.
        figure: FigureId,
        /// The feature's id within the tile.
        feature: u8,
    },
    /// An acrobat-capable figure onto the pyramid of the acrobat tile at
    /// (x, y): the tile just placed or one of the 8 around it.
    Acrobat {
        /// The figure.
        figure: FigureId,
        /// Column of the acrobat tile.
        x: i32,
        /// Row of the acrobat tile.
        y: i32,
    },
    /// A figure flies from the flying machine of the tile just placed: the die
    /// showed `roll`; it lands on `landing`, or returns to supply (`None`) when
    /// nothing there can be landed on. See [`Game::flight_landings`].
    Fly {
        /// The figure.
        figure: FigureId,
        /// The die roll (a face of the die).
        roll: u32,
        /// Where it lands.
        landing: Option<Landing>,
    },
    /// Score the completed pyramid of the acrobat tile at (x, y).
    ScorePyramid {
        /// Column of the acrobat tile.
        x: i32,
        /// Row of the acrobat tile.
        y: i32,
    },
    /// Take back the player's abbot (a figure with `capability abbot`)
    /// standing on the tile at (x, y), scoring its feature as at game end.
    Recall {
        /// The abbot figure.
        figure: FigureId,
        /// Column of its tile.
        x: i32,
        /// Row of its tile.
        y: i32,
    },
}

/// Where a flying figure lands on the tile the flight reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Landing {
    /// An unfinished feature that admits the figure, not a field (its id
    /// within the tile).
    Feature(u8),
    /// The tile's acrobat pyramid (acrobat-capable figures only).
    Acrobats,
}

/// Whether [`Game::meeple_actions_into`] lists flights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flights {
    /// Every flight: each figure × each die face × each landing.
    All,
    /// One `Fly` per figure that may fly, with roll 0 and no landing: the
    /// decision to fly, before the die is rolled.
    Decisions,
    /// None.
    Skip,
}

impl Game<'_> {
    /// Every legal figure action for the tile just placed (flights listed for
    /// every die face; a program that plays should roll the die and choose among
    /// [`Game::flight_landings`] instead). Empty outside the figure phase.
    #[must_use]
    pub fn legal_meeple_actions(&self) -> Vec<MeepleAction> {
        let mut out = Vec::new();
        self.meeple_actions_into(&mut out, Flights::All);
        out
    }

    /// Appends the legal figure actions to `out` (no allocation once `out` has
    /// room), listing flights as `flights` says.
    pub fn meeple_actions_into(&self, out: &mut Vec<MeepleAction>, flights: Flights) {
        if self.phase != super::Phase::Figure {
            return;
        }
        out.push(MeepleAction::Pass);
        let placed = self.board.placed[self.current as usize];
        let kind = &self.rules.kinds[usize::from(placed.kind.0)];
        let player = self.active;
        let figures = self.rules.figures.len();
        for (f, feature) in (0u8..).zip(&kind.features) {
            if feature.admits == 0 && feature.companions == 0 {
                continue;
            }
            let root = self.features.root(placed.first_node + u32::from(f));
            if self.features.occupants(root) > 0 {
                if feature.companions != 0 && self.has_follower_on(player, root) {
                    for figure in (0..figures).map(figure_id) {
                        if feature.companions & (1 << figure.0) != 0
                            && self.supply(player, figure) > 0
                        {
                            out.push(MeepleAction::Place { figure, feature: f });
                        }
                    }
                }
                continue;
            }
            for figure in (0..figures).map(figure_id) {
                if feature.admits & (1 << figure.0) != 0 && self.supply(player, figure) > 0 {
                    out.push(MeepleAction::Place { figure, feature: f });
                }
            }
        }
        let acrobats = if self.rules.any_acrobats { figures } else { 0 };
        for figure in (0..acrobats).map(figure_id) {
            if !self.rules.figures[usize::from(figure.0)].acrobat
                || self.supply(player, figure) == 0
            {
                continue;
            }
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let (x, y) = (placed.x + dx, placed.y + dy);
                    if self.pyramid_room(x, y) && self.pyramid_admits(x, y, figure) {
                        out.push(MeepleAction::Acrobat { figure, x, y });
                    }
                }
            }
        }
        if kind.flier.is_some() && flights != Flights::Skip {
            self.flights_into(out, flights == Flights::Decisions);
        }
        let full = self.rules.params.acrobat_pyramid;
        for &t in &self.acrobat_tiles {
            if self.pyramid[t as usize] >= full {
                let p = self.board.placed[t as usize];
                out.push(MeepleAction::ScorePyramid { x: p.x, y: p.y });
            }
        }
        if self.rules.any_abbot {
            self.recall_options(out);
        }
    }

    /// True when the tile at (x, y) has a pyramid with room for an acrobat.
    pub(super) fn pyramid_room(&self, x: i32, y: i32) -> bool {
        let Some(t) = self.board.tile_at(x, y) else {
            return false;
        };
        let kind = self.board.placed[t as usize].kind;
        self.rules.kinds[usize::from(kind.0)].acrobats.is_some()
            && self.pyramid[t as usize] < self.rules.params.acrobat_pyramid
    }

    /// True when the pyramid kind of the tile at (x, y) admits a figure.
    pub(super) fn pyramid_admits(&self, x: i32, y: i32, figure: FigureId) -> bool {
        let Some(t) = self.board.tile_at(x, y) else {
            return false;
        };
        let kind = &self.rules.kinds[usize::from(self.board.placed[t as usize].kind.0)];
        kind.acrobats.is_some_and(|f| {
            let k = kind.features[usize::from(f)].kind;
            self.rules.vocab.kinds[usize::from(k)].acrobats & (1 << figure.0) != 0
        })
    }

    /// Checks and performs a figure action (phase 2 of a turn).
    pub(super) fn act(&mut self, action: &MeepleAction) -> Result<(), IllegalMove> {
        match *action {
            MeepleAction::Pass => Ok(()),
            MeepleAction::Place { figure, feature } => self.place_figure(figure, feature),
            MeepleAction::Acrobat { figure, x, y } => self.place_acrobat(figure, x, y),
            MeepleAction::Fly {
                figure,
                roll,
                landing,
            } => self.fly(figure, roll, landing),
            MeepleAction::ScorePyramid { x, y } => self.score_pyramid_at(x, y),
            MeepleAction::Recall { figure, x, y } => self.recall(figure, x, y),
        }
    }

    /// Checks that the active player has a figure of a kind in supply.
    pub(super) fn check_supply(&self, figure: FigureId) -> Result<(), IllegalMove> {
        let Some(def) = self.rules.figures.get(usize::from(figure.0)) else {
            return illegal("no such figure");
        };
        if self.supply(self.active, figure) == 0 {
            return illegal(format!("the player has no {} left in supply", def.id));
        }
        Ok(())
    }

    fn place_figure(&mut self, figure: FigureId, feature: u8) -> Result<(), IllegalMove> {
        self.check_supply(figure)?;
        if self.rules.figures[usize::from(figure.0)]
            .companion
            .is_some()
        {
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
        if there > 0 {
            return illegal(format!(
                "the {name} already holds {there} figure{} (counting the whole {name} across the board)",
                if there == 1 { "" } else { "s" },
            ));
        }
        self.stand(figure, self.current, Spot::Node(node));
        Ok(())
    }

    fn place_acrobat(&mut self, figure: FigureId, x: i32, y: i32) -> Result<(), IllegalMove> {
        self.check_supply(figure)?;
        if !self.rules.figures[usize::from(figure.0)].acrobat {
            return illegal(format!(
                "{} can't be an acrobat",
                with_article(self.rules.figure_id(figure))
            ));
        }
        let placed = self.board.placed[self.current as usize];
        if x.abs_diff(placed.x) > 1 || y.abs_diff(placed.y) > 1 {
            return illegal(format!(
                "({x}, {y}) is not the tile just placed nor one of the 8 around it"
            ));
        }
        let Some(t) = self.board.tile_at(x, y) else {
            return illegal(format!("no tile at ({x}, {y})"));
        };
        if !self.pyramid_room(x, y) {
            let kind = self.board.placed[t as usize].kind;
            if self.rules.kinds[usize::from(kind.0)].acrobats.is_none() {
                return illegal(format!("the tile at ({x}, {y}) has no acrobat spaces"));
            }
            return illegal(format!("the pyramid at ({x}, {y}) is complete"));
        }
        if !self.pyramid_admits(x, y, figure) {
            return illegal(format!(
                "{} may not join the pyramid at ({x}, {y})",
                with_article(self.rules.figure_id(figure))
            ));
        }
        self.stand(figure, t, Spot::Acrobats);
        Ok(())
    }

    /// Moves a figure of the active player from supply to the board.
    pub(super) fn stand(&mut self, figure: FigureId, tile: u32, spot: Spot) {
        self.stand_for(self.active, figure, tile, spot);
    }

    /// Moves a player's figure from supply to the board.
    pub(super) fn stand_for(&mut self, player: usize, figure: FigureId, tile: u32, spot: Spot) {
        *self.supply_mut(player, figure) -= 1;
        let counts = self.rules.figures[usize::from(figure.0)]
            .companion
            .is_none();
        match spot {
            Spot::Node(n) if counts => self.features.add_occupant(n, 1),
            Spot::Node(_) => {}
            Spot::Acrobats => self.pyramid[tile as usize] += 1,
        }
        self.standing.push(Standing {
            player: u8::try_from(player).unwrap_or(u8::MAX),
            figure,
            tile,
            spot,
        });
    }

    /// Takes the figure at `index` of the standing list back to supply.
    pub(super) fn return_figure(&mut self, index: usize) -> Standing {
        let s = self.standing.swap_remove(index);
        *self.supply_mut(usize::from(s.player), s.figure) += 1;
        let counts = self.rules.figures[usize::from(s.figure.0)]
            .companion
            .is_none();
        match s.spot {
            Spot::Node(n) if counts => self.features.add_occupant(n, -1),
            Spot::Node(_) => {}
            Spot::Acrobats => self.pyramid[s.tile as usize] -= 1,
        }
        s
    }
}

fn figure_id(i: usize) -> FigureId {
    FigureId(u8::try_from(i).unwrap_or(u8::MAX))
}
