//! The figure action of a turn: a figure on a feature of the tile just placed,
//! an acrobat on a pyramid nearby, a flight, scoring a completed pyramid — or
//! nothing. [`Game::legal_meeple_actions`] lists them; [`Game::apply`] checks
//! and performs one.

use super::game::{illegal, Game, IllegalMove, Spot, Standing};
use super::FigureId;
use crate::kinds::FeatureKind;

/// A figure action for the tile just placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeepleAction {
    /// No figure this turn.
    Pass,
    /// A figure from supply on an unoccupied road, city, cloister or field of
    /// the tile just placed (`feature` is its id within the tile).
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
}

/// Where a flying figure lands on the tile the flight reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Landing {
    /// An unfinished road, city or cloister (its id within the tile).
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
            if !claimable(feature.kind) {
                continue;
            }
            let root = self.features.root(placed.first_node + u32::from(f));
            if self.features.occupants(root) > 0 {
                continue;
            }
            for figure in (0..figures).map(figure_id) {
                if self.supply(player, figure) > 0 {
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
                    if self.pyramid_room(x, y) {
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
        let placed = self.board.placed[self.current as usize];
        let kind = &self.rules.kinds[usize::from(placed.kind.0)];
        let Some(f) = kind.features.get(usize::from(feature)) else {
            return illegal(format!("the tile has no feature #{feature}"));
        };
        if !claimable(f.kind) {
            return illegal(format!(
                "no figure may stand on a {} (only on a road, city, cloister or field)",
                f.kind
            ));
        }
        let node = placed.first_node + u32::from(feature);
        let root = self.features.root(node);
        let there = self.features.occupants(root);
        if there > 0 {
            return illegal(format!(
                "the {} already holds {there} figure{} (counting the whole {} across the board)",
                f.kind,
                if there == 1 { "" } else { "s" },
                f.kind
            ));
        }
        self.stand(figure, self.current, Spot::Node(node));
        Ok(())
    }

    fn place_acrobat(&mut self, figure: FigureId, x: i32, y: i32) -> Result<(), IllegalMove> {
        self.check_supply(figure)?;
        if !self.rules.figures[usize::from(figure.0)].acrobat {
            return illegal(format!(
                "a {} can't be an acrobat",
                self.rules.figure_id(figure)
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
        match spot {
            Spot::Node(n) => self.features.add_occupant(n, 1),
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
        match s.spot {
            Spot::Node(n) => self.features.add_occupant(n, -1),
            Spot::Acrobats => self.pyramid[s.tile as usize] -= 1,
        }
        s
    }
}

/// The feature kinds a figure may be placed on.
pub(super) fn claimable(kind: FeatureKind) -> bool {
    matches!(
        kind,
        FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister | FeatureKind::Field
    )
}

fn figure_id(i: usize) -> FigureId {
    FigureId(u8::try_from(i).unwrap_or(u8::MAX))
}
