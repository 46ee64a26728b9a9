//! Acrobat pyramids (`capability pyramid` on a kind: acrobat spaces). Its
//! features take no figure the normal way; instead an acrobat-capable figure
//! (`acrobat: true`, one the kind's `occupy` admits) joins the pyramid of the
//! tile just placed or of one of the 8 around it, while it has room. Instead
//! of placing a figure, a player may score a complete pyramid anywhere: each
//! acrobat in it scores `acrobat.points` for its owner and returns, and a new
//! pyramid may start there. At game end every acrobat still standing scores
//! for its owner, whatever its pyramid.
//!
//! Hooks: `prepare_vocab` (the kind's features take no figure the normal
//! way), `prepare_kind`, `parameters`, `tile_put`, `offer` (joining a
//! pyramid; scoring a complete one), `act`, `final_last`.

use super::module::{hooks, Capability, Host, Module, Offer, On, Setup};
use crate::emit::wire;
use crate::engine::core::figures::figure_id;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError, Spot, MAX_PLAYERS};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::ids::{FigureId, KindId};
use crate::engine::moves::Flights;
use crate::engine::moves::{illegal, with_article, IllegalMove, MeepleAction};

/// The capability.
pub const NAME: &str = "pyramid";

/// The tag of a figure standing in a pyramid ([`Spot::Off`]).
pub const SPOT: u8 = 0;

/// The acrobat tiles, who may join their pyramids, and what they score.
#[derive(Debug)]
pub struct PyramidTable {
    /// For each kind: the feature holding its pyramid.
    feature: Vec<Option<u8>>,
    /// For each vocabulary kind with the capability: the figures that may
    /// join its pyramid (else 0).
    joins: Vec<u32>,
    /// The figures that may be acrobats at all.
    acrobats: u32,
    /// `acrobat.points`.
    points: i64,
    /// `acrobat.pyramid`: acrobats that complete a pyramid.
    full: u32,
}

impl PyramidTable {
    /// The feature of a tile kind that holds its pyramid.
    pub(in crate::engine) fn feature(&self, kind: KindId) -> Option<u8> {
        self.feature.get(usize::from(kind.0)).copied().flatten()
    }

    /// Acrobats that complete a pyramid.
    pub(in crate::engine) fn full(&self) -> u32 {
        self.full
    }

    /// Points per acrobat.
    pub(in crate::engine) fn points(&self) -> i64 {
        self.points
    }

    /// True when a figure may be an acrobat.
    pub(in crate::engine) fn is_acrobat(&self, figure: FigureId) -> bool {
        self.acrobats & (1 << figure.0) != 0
    }
}

/// The pyramids on the board.
#[derive(Clone, Debug)]
pub struct Pyramid {
    /// The placed tiles with acrobat spaces, in the order placed, and the
    /// acrobats in each one's pyramid.
    tiles: Vec<(u32, u32)>,
}

impl Pyramid {
    /// The acrobats in the pyramid of placed tile `tile` (0 without one).
    pub(in crate::engine) fn acrobats_on(&self, tile: u32) -> u32 {
        self.tiles
            .iter()
            .find(|&&(t, _)| t == tile)
            .map_or(0, |&(_, n)| n)
    }
}

impl Module for Pyramid {
    type Table = PyramidTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "acrobat spaces: figures stack into a pyramid that scores when complete",
        parameters: &[
            (
                "acrobat.points",
                "points per acrobat when a pyramid is scored, and at game end",
            ),
            ("acrobat.pyramid", "acrobats that complete a pyramid"),
        ],
    };
    const HOOKS: u64 = hooks![
        prepare_vocab,
        prepare_kind,
        parameters,
        tile_put,
        offer,
        act,
        final_last
    ];
    const PREVIEWED: bool = true;

    fn prepare_vocab(_: &Setup<'_>, _: &[FigureDef], vocab: &mut Vocab) {
        for k in &mut vocab.kinds {
            if k.has(NAME) {
                k.admits = 0;
            }
        }
    }

    fn table(
        s: &Setup<'_>,
        figures: &[FigureDef],
        vocab: &Vocab,
    ) -> Result<PyramidTable, SetupError> {
        let mut acrobats = 0u32;
        for (i, (def, wire)) in figures.iter().zip(s.figures).enumerate() {
            if wire.acrobat && def.follower_piece() {
                acrobats |= 1 << i;
            }
        }
        let joins = vocab
            .kinds
            .iter()
            .map(|k| if k.has(NAME) { k.occupy & acrobats } else { 0 })
            .collect();
        Ok(PyramidTable {
            feature: Vec::new(),
            joins,
            acrobats,
            points: 0,
            full: 0,
        })
    }

    fn prepare_kind(
        table: &mut PyramidTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let found = s.sole_feature(tile, NAME, "acrobats features")?;
        table.feature.push(found.map(|(i, _)| i));
        Ok(())
    }

    fn parameters(table: &mut PyramidTable, params: &mut Params) -> Result<(), SetupError> {
        table.points = params.require("acrobat.points", true);
        let pyramid = params.require("acrobat.pyramid", true);
        table.full = match u32::try_from(pyramid) {
            Ok(n) if n >= 1 => n,
            // A missing parameter is reported with the others.
            _ if params.get("acrobat.pyramid").is_none() => 0,
            _ => {
                return Err(SetupError(format!(
                    "rule parameter `acrobat.pyramid` must be at least 1, not {pyramid}"
                )))
            }
        };
        Ok(())
    }

    fn new(_: &PyramidTable, _: usize) -> Pyramid {
        Pyramid { tiles: Vec::new() }
    }

    fn copy_from(&mut self, other: &Pyramid) {
        self.tiles.clone_from(&other.tiles);
    }

    fn tile_put<X: Host>(&mut self, t: &PyramidTable, game: &mut Game<'_, X>, tile: u32) {
        if t.feature(game.board.placed[tile as usize].kind).is_some() {
            self.tiles.push((tile, 0));
        }
    }

    fn offer<X: Host>(
        &self,
        t: &PyramidTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        _: Flights,
        offer: Offer,
    ) {
        match offer {
            Offer::Figures => {
                // The pyramids with room on the tile or around it, in the
                // order of the 3×3 square (row by row), found once.
                let placed = game.board.placed[game.current as usize];
                let mut near = [(0i32, 0i32); 9];
                let mut n = 0;
                for &(tile, acrobats) in &self.tiles {
                    let p = game.board.placed[tile as usize];
                    let (dx, dy) = (p.x - placed.x, p.y - placed.y);
                    if dx.abs() <= 1 && dy.abs() <= 1 && acrobats < t.full {
                        near[n] = (p.x, p.y);
                        n += 1;
                    }
                }
                if n == 0 {
                    return;
                }
                near[..n].sort_unstable_by_key(|&(x, y)| (y, x));
                for figure in (0..game.rules.figures.len()).map(figure_id) {
                    if !t.is_acrobat(figure) || game.supply(game.active, figure) == 0 {
                        continue;
                    }
                    for &(x, y) in &near[..n] {
                        if admits(t, game, x, y, figure) {
                            out.push(MeepleAction::Acrobat { figure, x, y });
                        }
                    }
                }
            }
            Offer::Instead => {
                for &(tile, acrobats) in &self.tiles {
                    if acrobats >= t.full {
                        let p = game.board.placed[tile as usize];
                        out.push(MeepleAction::ScorePyramid { x: p.x, y: p.y });
                    }
                }
            }
        }
    }

    fn act<X: Host>(
        &mut self,
        t: &PyramidTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> Option<Result<(), IllegalMove>> {
        match *action {
            MeepleAction::Acrobat { figure, x, y } => {
                Some(self.place_acrobat(t, game, figure, x, y))
            }
            MeepleAction::ScorePyramid { x, y } => Some(self.score_at(t, game, x, y)),
            _ => None,
        }
    }

    fn final_last<X: Host>(&mut self, t: &PyramidTable, game: &mut Game<'_, X>) {
        for i in 0..self.tiles.len() {
            let tile = self.tiles[i].0;
            game.scoring_at(tile);
            let at = game.board.placed[tile as usize];
            let counts = self.take_acrobats(game, tile);
            for (player, &acrobats) in counts.iter().enumerate().take(game.players) {
                game.award(Event {
                    turn: None,
                    player,
                    points: i64::from(acrobats).saturating_mul(t.points),
                    source: Source::Acrobats,
                    reason: Reason::AcrobatsAtEnd {
                        acrobats,
                        x: at.x,
                        y: at.y,
                    },
                });
            }
        }
    }
}

impl Pyramid {
    /// The acrobats in the pyramid of placed tile `tile`.
    pub(in crate::engine) fn acrobats(&self, tile: u32) -> Option<u32> {
        self.tiles.iter().find(|p| p.0 == tile).map(|p| p.1)
    }

    /// The placed tiles with acrobat spaces and the acrobats in each pyramid.
    pub(in crate::engine) fn tiles(&self) -> &[(u32, u32)] {
        &self.tiles
    }

    /// True when the tile at (x, y) has a pyramid with room for an acrobat.
    pub(in crate::engine) fn room<X: Host>(
        &self,
        t: &PyramidTable,
        game: &Game<'_, X>,
        x: i32,
        y: i32,
    ) -> bool {
        let Some(tile) = game.board.tile_at(x, y) else {
            return false;
        };
        self.acrobats(tile).is_some_and(|n| n < t.full)
    }

    /// Counts a figure just stood in the pyramid of placed tile `tile`
    /// (`Spot::Off(SPOT)`): a flier's landing.
    pub(in crate::engine) fn arrived(&mut self, tile: u32) {
        if let Some(p) = self.tiles.iter_mut().find(|p| p.0 == tile) {
            p.1 += 1;
        }
    }

    /// Counts a figure taken from the pyramid of placed tile `tile` (a
    /// tower's capture).
    pub(in crate::engine) fn left(&mut self, tile: u32) {
        if let Some(p) = self.tiles.iter_mut().find(|p| p.0 == tile) {
            p.1 = p.1.saturating_sub(1);
        }
    }

    fn place_acrobat<X: Host>(
        &mut self,
        t: &PyramidTable,
        game: &mut Game<'_, X>,
        figure: FigureId,
        x: i32,
        y: i32,
    ) -> Result<(), IllegalMove> {
        game.check_supply(figure)?;
        if !t.is_acrobat(figure) {
            return illegal(format!(
                "{} can't be an acrobat",
                with_article(game.rules.figure_id(figure))
            ));
        }
        let placed = game.board.placed[game.current as usize];
        if x.abs_diff(placed.x) > 1 || y.abs_diff(placed.y) > 1 {
            return illegal(format!(
                "({x}, {y}) is not the tile just placed nor one of the 8 around it"
            ));
        }
        let Some(tile) = game.board.tile_at(x, y) else {
            return illegal(format!("no tile at ({x}, {y})"));
        };
        if !self.room(t, game, x, y) {
            if self.acrobats(tile).is_none() {
                return illegal(format!("the tile at ({x}, {y}) has no acrobat spaces"));
            }
            return illegal(format!("the pyramid at ({x}, {y}) is complete"));
        }
        if !admits(t, game, x, y, figure) {
            return illegal(format!(
                "{} may not join the pyramid at ({x}, {y})",
                with_article(game.rules.figure_id(figure))
            ));
        }
        game.stand(figure, tile, Spot::Off(SPOT));
        self.arrived(tile);
        Ok(())
    }

    /// Checks and scores the complete pyramid at (x, y).
    fn score_at<X: Host>(
        &mut self,
        t: &PyramidTable,
        game: &mut Game<'_, X>,
        x: i32,
        y: i32,
    ) -> Result<(), IllegalMove> {
        let Some(tile) = game.board.tile_at(x, y) else {
            return illegal(format!("no tile at ({x}, {y})"));
        };
        let Some(have) = self.acrobats(tile) else {
            return illegal(format!("the tile at ({x}, {y}) has no acrobat spaces"));
        };
        let full = t.full;
        if have < full {
            return illegal(format!(
                "the pyramid at ({x}, {y}) has {have} acrobat{} of {full}: only a complete pyramid can be scored",
                if have == 1 { "" } else { "s" }
            ));
        }
        let counts = self.take_acrobats(game, tile);
        let turn = game.event_turn();
        for (player, &acrobats) in counts.iter().enumerate().take(game.players) {
            game.award(Event {
                turn,
                player,
                points: i64::from(acrobats).saturating_mul(t.points),
                source: Source::Acrobats,
                reason: Reason::Pyramid { acrobats, x, y },
            });
        }
        Ok(())
    }

    /// Returns every acrobat of a tile's pyramid to supply; counts per player.
    fn take_acrobats<X: Host>(&mut self, game: &mut Game<'_, X>, tile: u32) -> [u32; MAX_PLAYERS] {
        let mut counts = [0u32; MAX_PLAYERS];
        let mut i = game.standing.len();
        while i > 0 {
            i -= 1;
            let s = game.standing[i];
            if s.spot == Spot::Off(SPOT) && s.tile == tile {
                game.return_figure(i);
                counts[usize::from(s.player)] += 1;
            }
        }
        if let Some(p) = self.tiles.iter_mut().find(|p| p.0 == tile) {
            p.1 = 0;
        }
        counts
    }
}

/// True when the pyramid kind of the tile at (x, y) admits a figure.
pub fn admits<X: Host>(
    t: &PyramidTable,
    game: &Game<'_, X>,
    x: i32,
    y: i32,
    figure: FigureId,
) -> bool {
    let Some(tile) = game.board.tile_at(x, y) else {
        return false;
    };
    let id = game.board.placed[tile as usize].kind;
    let kind = &game.rules.kinds[usize::from(id.0)];
    t.feature(id).is_some_and(|f| {
        let k = kind.features[usize::from(f)].kind;
        t.joins
            .get(usize::from(k))
            .is_some_and(|m| m & (1 << figure.0) != 0)
    })
}
