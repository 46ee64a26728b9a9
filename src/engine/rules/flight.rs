//! Flights from a flying machine (`capability flight` on a kind with a
//! direction). Instead of placing a follower on the tile, a player may fly
//! one: the die of the machine's expansion (else of one it requires, else any
//! in play) is rolled, and the figure flies that many tiles along the arrow,
//! which turns with the tile. On a tile it must land on an unfinished feature
//! whose kind admits it — a road, city, cloister, any such kind, occupied or
//! not; a feature the tile just placed completed counts as finished; never a
//! face (a field) — or, an acrobat-capable figure, on a pyramid with room
//! (asked of `pyramid`). With no tile or no such feature it returns to supply.
//!
//! Hooks: `prepare_kind` (the arrow and the die), `offer`, `act`.

use super::module::{hooks, Capability, Host, Module, Offer, On, Setup};
use super::pyramid::{self, Pyramid};
use crate::emit::wire::{self, Shape};
use crate::engine::core::supplies::{preference, FigureDef};
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, Ruleset, SetupError, Spot};
use crate::engine::ids::{FigureId, KindId};
use crate::engine::moves::{illegal, with_article, IllegalMove, Landing, MeepleAction};
use crate::engine::moves::{Flights, Phase};
use crate::geometry::Dir;

/// The capability.
pub const NAME: &str = "flight";

/// Each flying machine's arrow and die.
#[derive(Debug)]
pub struct FlightTable {
    /// For each kind with a flying machine: its arrow (unrotated) and its die
    /// (index into the ruleset's dice).
    machine: Vec<Option<(Dir, usize)>>,
}

impl FlightTable {
    /// The die a kind's flying machine rolls.
    pub(in crate::engine) fn die(&self, kind: KindId) -> Option<usize> {
        self.machine
            .get(usize::from(kind.0))
            .copied()
            .flatten()
            .map(|m| m.1)
    }

    fn arrow(&self, kind: KindId) -> Option<Dir> {
        self.machine
            .get(usize::from(kind.0))
            .copied()
            .flatten()
            .map(|m| m.0)
    }
}

/// Flights keep no state between turns.
#[derive(Clone, Debug)]
pub struct Flight;

impl Module for Flight {
    type Table = FlightTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a flying machine: a figure flies along the arrow as far as the die says",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![prepare_kind, offer, act];
    const PREVIEWED: bool = true;

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<FlightTable, SetupError> {
        Ok(FlightTable {
            machine: Vec::new(),
        })
    }

    fn prepare_kind(
        table: &mut FlightTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        expansion: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let bad = |why: String| SetupError(format!("tile `{}`: {why}", tile.id));
        let arrow = match s.sole_feature(tile, NAME, "flier features")? {
            None => None,
            Some((_, f)) => Some(
                f.direction
                    .ok_or_else(|| bad(format!("the {} has no direction to fly along", f.kind)))?,
            ),
        };
        let machine = match arrow {
            None => None,
            Some(arrow) => {
                let exps = s.expansions;
                // Dice are numbered in tile-set order across the expansions in play.
                let first_die = |x: usize| {
                    let before: usize = exps[..x].iter().map(|e| e.dice.len()).sum();
                    (!exps[x].dice.is_empty()).then_some(before)
                };
                let Some(die) = preference(exps, expansion).into_iter().find_map(first_die) else {
                    return Err(SetupError(format!(
                        "tile `{}` has a flying machine but no expansion in play has a die",
                        tile.id
                    )));
                };
                Some((arrow, die))
            }
        };
        table.machine.push(machine);
        Ok(())
    }

    fn new(_: &FlightTable, _: usize) -> Flight {
        Flight
    }

    fn offer<X: Host>(
        &self,
        t: &FlightTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        flights: Flights,
        offer: Offer,
    ) {
        let kind = game.board.placed[game.current as usize].kind;
        if offer == Offer::Figures && flights != Flights::Skip && t.arrow(kind).is_some() {
            flights_into(t, game, out, flights == Flights::Decisions);
        }
    }

    fn act<X: Host>(
        &mut self,
        t: &FlightTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> Option<Result<(), IllegalMove>> {
        let MeepleAction::Fly {
            figure,
            roll,
            landing,
        } = *action
        else {
            return None;
        };
        Some(fly(t, game, figure, roll, landing))
    }
}

/// The faces of the die a kind's flying machine rolls (none without one).
pub fn die_of<'r, T>(
    rules: &'r Ruleset<T>,
    table: Option<&FlightTable>,
    kind: KindId,
) -> &'r [u32] {
    table
        .and_then(|t| t.die(kind))
        .map_or(&[], |d| rules.dice[d].as_slice())
}

impl<X: Host> Game<'_, X> {
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
        let t = X::table::<Flight>(&self.rules.ext)?;
        let mut out = Vec::new();
        let at = landings_into(t, self, figure, roll, &mut out)?;
        Some((at, out))
    }
}

/// Appends the landing options to `out`; returns the landing square.
fn landings_into<X: Host>(
    t: &FlightTable,
    game: &Game<'_, X>,
    figure: FigureId,
    roll: u32,
    out: &mut Vec<Landing>,
) -> Option<(i32, i32)> {
    if game.phase != Phase::Figure {
        return None;
    }
    let placed = game.board.placed.get(game.current as usize)?;
    let (dx, dy) = t.arrow(placed.kind)?.rotated(placed.rotation).step();
    let roll = i32::try_from(roll).ok()?;
    let x = placed.x.checked_add(dx.checked_mul(roll)?)?;
    let y = placed.y.checked_add(dy.checked_mul(roll)?)?;
    let Some(tile) = game.board.tile_at(x, y) else {
        return Some((x, y));
    };
    // No figure lands where none may be placed (the dragon's tile).
    if X::blocks_figures(game, tile) {
        return Some((x, y));
    }
    let target = game.board.placed[tile as usize];
    let target_kind = &game.rules.kinds[usize::from(target.kind.0)];
    for (f, feature) in (0u8..).zip(&target_kind.features) {
        let rule = &game.rules.vocab.kinds[usize::from(feature.kind)];
        if rule.shape == Shape::Face || feature.admits & (1 << figure.0) == 0 {
            continue;
        }
        let node = target.first_node + u32::from(f);
        if game.unfinished(node) {
            out.push(Landing::Feature(f));
        }
    }
    if onto_pyramid(game, figure, x, y) {
        out.push(Landing::Acrobats);
    }
    Some((x, y))
}

/// True when a flier may land in the pyramid at (x, y).
fn onto_pyramid<X: Host>(game: &Game<'_, X>, figure: FigureId, x: i32, y: i32) -> bool {
    let (Some(p), Some(t)) = (
        game.x.module::<Pyramid>(),
        X::table::<Pyramid>(&game.rules.ext),
    ) else {
        return false;
    };
    t.is_acrobat(figure) && p.room(t, game, x, y) && pyramid::admits(t, game, x, y, figure)
}

/// Lists flights: every face and landing, or one decision per figure.
fn flights_into<X: Host>(
    t: &FlightTable,
    game: &Game<'_, X>,
    out: &mut Vec<MeepleAction>,
    decisions_only: bool,
) {
    let figures = game.rules.figures.len();
    let mut faces: Vec<u32> = Vec::new();
    if !decisions_only {
        let kind = game.board.placed[game.current as usize].kind;
        faces.extend_from_slice(die_of(game.rules, Some(t), kind));
        faces.sort_unstable();
        faces.dedup();
    }
    let mut landings = Vec::new();
    for i in 0..figures {
        let figure = FigureId(u8::try_from(i).unwrap_or(u8::MAX));
        if !flies(&game.rules.figures[i]) || game.supply(game.active, figure) == 0 {
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
            if landings_into(t, game, figure, roll, &mut landings).is_none() {
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

/// Whether a figure may fly: a follower (not a companion, nor a barn or a
/// shepherd, which stand on a feature but are no followers: `follower no`).
fn flies(def: &crate::engine::core::supplies::FigureDef) -> bool {
    def.follower_piece() && def.follower
}

/// Checks and performs a flight.
fn fly<X: Host>(
    t: &FlightTable,
    game: &mut Game<'_, X>,
    figure: FigureId,
    roll: u32,
    landing: Option<Landing>,
) -> Result<(), IllegalMove> {
    game.check_supply(figure)?;
    if !flies(&game.rules.figures[usize::from(figure.0)]) {
        return illegal(format!(
            "{} can't fly: only followers fly",
            with_article(game.rules.figure_id(figure))
        ));
    }
    let kind = game.board.placed[game.current as usize].kind;
    let die = die_of(game.rules, Some(t), kind);
    if !die.is_empty() && !die.contains(&roll) {
        return illegal(format!(
            "{roll} is not a face of the die ({})",
            die.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
        ));
    }
    let mut options = Vec::new();
    let Some((x, y)) = landings_into(t, game, figure, roll, &mut options) else {
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
            let acrobat = X::table::<Pyramid>(&game.rules.ext).is_some_and(|p| p.is_acrobat(figure));
            let why = match game.board.tile_at(x, y) {
                None => format!("the flight reaches ({x}, {y}), where no tile lies"),
                Some(tile) if X::blocks_figures(game, tile) => format!(
                    "the flight reaches ({x}, {y}), a tile no figure may be placed on (the dragon's, say)"
                ),
                Some(_) if options.is_empty() => format!(
                    "the flight reaches ({x}, {y}), where nothing can be landed on (only finished features, fields or a full pyramid)"
                ),
                Some(_) => format!(
                    "the figure can't land there: at ({x}, {y}) only an unfinished feature that admits it (not a field){} can be landed on",
                    if acrobat { ", or a pyramid with room," } else { "" }
                ),
            };
            illegal(why)
        }
        Some(l) => {
            let Some(tile) = game.board.tile_at(x, y) else {
                return illegal(format!("no tile at ({x}, {y})"));
            };
            match l {
                Landing::Feature(f) => {
                    let node = game.board.placed[tile as usize].first_node + u32::from(f);
                    game.stand(figure, tile, Spot::Node(node));
                }
                Landing::Acrobats => {
                    game.stand(figure, tile, Spot::Off(pyramid::SPOT));
                    if let Some(p) = game.x.module_mut::<Pyramid>() {
                        p.arrived(tile);
                    }
                }
            }
            Ok(())
        }
    }
}
