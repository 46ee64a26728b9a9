//! Flights from a flying machine (`capability flight`). The arrow turns with
//! the tile; the figure flies `roll` tiles that way. On a tile it must land on
//! an unfinished feature whose kind admits it — a road, city, cloister, any
//! such kind, occupied or not; a feature the tile just placed completed counts
//! as finished; never a face (a field) — or, an acrobat-capable figure, on a
//! pyramid with room. With no tile or no such feature it returns to supply.

use super::actions::{Landing, MeepleAction};
use super::game::{illegal, Game, IllegalMove, Spot};
use super::vocab::Scoring;
use super::FigureId;
use crate::emit::wire::Shape;

impl Game<'_> {
    /// Where a figure flying `roll` tiles from the tile just placed may land:
    /// the landing square and the options there (empty: it returns to supply).
    /// `None` outside the figure phase, or when the tile just placed has no
    /// flying machine.
    #[must_use]
    pub fn flight_landings(
        &self,
        figure: FigureId,
        roll: u32,
    ) -> Option<((i32, i32), Vec<Landing>)> {
        let mut out = Vec::new();
        let at = self.landings_into(figure, roll, &mut out)?;
        Some((at, out))
    }

    /// Appends the landing options to `out`; returns the landing square.
    fn landings_into(
        &self,
        figure: FigureId,
        roll: u32,
        out: &mut Vec<Landing>,
    ) -> Option<(i32, i32)> {
        if self.phase != super::Phase::Figure {
            return None;
        }
        let placed = self.board.placed.get(self.current as usize)?;
        let kind = &self.rules.kinds[usize::from(placed.kind.0)];
        let (dx, dy) = kind.flier?.rotated(placed.rotation).step();
        let roll = i32::try_from(roll).ok()?;
        let x = placed.x.checked_add(dx.checked_mul(roll)?)?;
        let y = placed.y.checked_add(dy.checked_mul(roll)?)?;
        let Some(t) = self.board.tile_at(x, y) else {
            return Some((x, y));
        };
        let target = self.board.placed[t as usize];
        let target_kind = &self.rules.kinds[usize::from(target.kind.0)];
        for (f, feature) in (0u8..).zip(&target_kind.features) {
            let rule = &self.rules.vocab.kinds[usize::from(feature.kind)];
            if rule.shape == Shape::Face || feature.admits & (1 << figure.0) == 0 {
                continue;
            }
            let node = target.first_node + u32::from(f);
            let unfinished = if rule.linear() {
                self.features.open(self.features.root(node)) > 0
            } else if let Scoring::Neighbourhood { .. } = rule.scoring {
                self.board.around(x, y) < 8
            } else {
                true
            };
            if unfinished {
                out.push(Landing::Feature(f));
            }
        }
        let acrobat = self
            .rules
            .figures
            .get(usize::from(figure.0))
            .is_some_and(|f| f.acrobat);
        if acrobat && self.pyramid_room(x, y) && self.pyramid_admits(x, y, figure) {
            out.push(Landing::Acrobats);
        }
        Some((x, y))
    }

    /// Lists flights: every face and landing, or one decision per figure.
    pub(super) fn flights_into(&self, out: &mut Vec<MeepleAction>, decisions_only: bool) {
        let figures = self.rules.figures.len();
        let mut faces: Vec<u32> = Vec::new();
        if !decisions_only {
            let kind = self.board.placed[self.current as usize].kind;
            faces.extend_from_slice(self.rules.die(kind));
            faces.sort_unstable();
            faces.dedup();
        }
        let mut landings = Vec::new();
        for i in 0..figures {
            let figure = FigureId(u8::try_from(i).unwrap_or(u8::MAX));
            if !self.rules.figures[i].follower_piece() || self.supply(self.active, figure) == 0 {
                continue;
            }
            if decisions_only {
                out.push(MeepleAction::Fly {
                    figure,
                    roll: 0,
                    landing: None,
                });
                continue;
            }
            for &roll in &faces {
                landings.clear();
                if self.landings_into(figure, roll, &mut landings).is_none() {
                    continue;
                }
                if landings.is_empty() {
                    out.push(MeepleAction::Fly {
                        figure,
                        roll,
                        landing: None,
                    });
                }
                for &l in &landings {
                    out.push(MeepleAction::Fly {
                        figure,
                        roll,
                        landing: Some(l),
                    });
                }
            }
        }
    }

    /// Checks and performs a flight.
    pub(super) fn fly(
        &mut self,
        figure: FigureId,
        roll: u32,
        landing: Option<Landing>,
    ) -> Result<(), IllegalMove> {
        self.check_supply(figure)?;
        if !self.rules.figures[usize::from(figure.0)].follower_piece() {
            return illegal(format!(
                "{} can't fly: only followers fly",
                super::game::with_article(self.rules.figure_id(figure))
            ));
        }
        let die = self
            .rules
            .die(self.board.placed[self.current as usize].kind);
        if !die.is_empty() && !die.contains(&roll) {
            return illegal(format!(
                "{roll} is not a face of the die ({})",
                die.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
            ));
        }
        let mut options = Vec::new();
        let Some((x, y)) = self.landings_into(figure, roll, &mut options) else {
            return illegal("the tile just placed has no flying machine");
        };
        match landing {
            None if options.is_empty() => Ok(()),
            None => illegal(format!(
                "the flight reaches ({x}, {y}), which has {} place{} to land: the figure must land on one",
                options.len(),
                if options.len() == 1 { "" } else { "s" }
            )),
            Some(l) if !options.contains(&l) => {
                let why = match self.board.tile_at(x, y) {
                    None => format!("the flight reaches ({x}, {y}), where no tile lies"),
                    Some(_) if options.is_empty() => format!(
                        "the flight reaches ({x}, {y}), where nothing can be landed on (only finished features, fields or a full pyramid)"
                    ),
                    Some(_) => format!(
                        "the figure can't land there: at ({x}, {y}) only an unfinished feature that admits it (not a field){} can be landed on",
                        if self.rules.figures[usize::from(figure.0)].acrobat { ", or a pyramid with room," } else { "" }
                    ),
                };
                illegal(why)
            }
            Some(l) => {
                let Some(t) = self.board.tile_at(x, y) else {
                    return illegal(format!("no tile at ({x}, {y})"));
                };
                let spot = match l {
                    Landing::Feature(f) => {
                        Spot::Node(self.board.placed[t as usize].first_node + u32::from(f))
                    }
                    Landing::Acrobats => Spot::Acrobats,
                };
                self.stand(figure, t, spot);
                Ok(())
            }
        }
    }
}
