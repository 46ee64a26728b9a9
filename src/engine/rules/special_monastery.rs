//! Special monasteries (`capability special-monastery` on an attribute of a
//! cloister; the Monasteries mini expansions). Whoever places the tile may
//! put a follower on the monastery as a monk, the ordinary way (a cloister),
//! or as its abbot ([`FigureAction::AsAbbot`]). An abbot stands beside the
//! cloister (a place of the module's own on the tile, not the cloister
//! feature), so the cloister's completion leaves it there. At game end each
//! monastery's abbots score for their majority (followers' strength, ties in
//! full): `special-monastery.tile` (1) for the monastery and
//! `special-monastery.row` (1) for each tile in the unbroken lines of tiles
//! running north, east, south and west from it (an empty square ends a
//! line); then they go home.
//!
//! Hooks: `parameters`, `offer` (the abbot beside the core's placements),
//! `act`, `final_first`.

use super::module::{hooks, Capability, Host, Module, Offer, On, Setup};
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError, Spot, MAX_PLAYERS};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::ids::FigureId;
use crate::engine::moves::{illegal, with_article, Flights, IllegalMove, MeepleAction};

/// The capability.
pub const NAME: &str = "special-monastery";

/// The tag of an abbot's place on its tile (`Spot::Off`).
pub const SPOT: u8 = 5;

/// Which attributes make a monastery special, and what an abbot scores.
#[derive(Debug)]
pub struct SpecialMonasteryTable {
    /// One bit per vocabulary attribute.
    special: u64,
    /// `special-monastery.tile`.
    tile: i64,
    /// `special-monastery.row`.
    row: i64,
}

/// Abbots stand on the board like other figures: no state of its own.
#[derive(Clone, Debug)]
pub struct SpecialMonastery;

impl Module for SpecialMonastery {
    type Table = SpecialMonasteryTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Attribute,
        meaning: "a special monastery: a follower may stand on it as its abbot, scoring at game end for the lines of tiles running out from it",
        parameters: &[
            (
                "special-monastery.tile",
                "an abbot's points for its monastery itself, at game end",
            ),
            (
                "special-monastery.row",
                "an abbot's points per tile in the unbroken lines north, east, south and west of its monastery",
            ),
        ],
    };
    const HOOKS: u64 = hooks![parameters, offer, act, final_first];

    fn table(
        s: &Setup<'_>,
        _: &[FigureDef],
        vocab: &Vocab,
    ) -> Result<SpecialMonasteryTable, SetupError> {
        let mut special = 0u64;
        for a in &s.vocabulary().attributes {
            if a.capabilities.iter().any(|c| c == NAME) {
                if let Some(i) = vocab.attribute(&a.id) {
                    special |= 1 << i;
                }
            }
        }
        Ok(SpecialMonasteryTable {
            special,
            tile: 0,
            row: 0,
        })
    }

    fn parameters(
        table: &mut SpecialMonasteryTable,
        params: &mut Params,
    ) -> Result<(), SetupError> {
        table.tile = params.require("special-monastery.tile", true);
        table.row = params.require("special-monastery.row", true);
        Ok(())
    }

    fn new(_: &SpecialMonasteryTable, _: usize) -> SpecialMonastery {
        SpecialMonastery
    }

    fn offer<X: Host>(
        &self,
        t: &SpecialMonasteryTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        _: Flights,
        offer: Offer,
    ) {
        // The phantom's second action stands only as a monk (its log entry
        // has no abbot).
        if offer != Offer::Figures {
            return;
        }
        let placed = game.board.placed[game.current as usize];
        let kind = &game.rules.kinds[usize::from(placed.kind.0)];
        // Most tiles hold no special monastery: seen before the rest.
        if kind.features.iter().all(|f| f.attributes & t.special == 0)
            || game.phantom_due()
            || X::blocks_figures(game, game.current)
        {
            return;
        }
        for (f, feature) in (0u8..).zip(&kind.features) {
            if feature.attributes & t.special == 0 {
                continue;
            }
            if game.abbot_refused(t, f, None).is_some() {
                continue;
            }
            for figure in (0..game.rules.figures.len()).filter_map(|i| u8::try_from(i).ok()) {
                let figure = FigureId(figure);
                // A kind the monastery does not admit is refused (no words
                // made for it here).
                if figure.0 < 32
                    && feature.admits & (1 << figure.0) != 0
                    && game.abbot_refused(t, f, Some(figure)).is_none()
                {
                    out.push(MeepleAction::AsAbbot { figure, feature: f });
                }
            }
        }
    }

    fn act<X: Host>(
        &mut self,
        t: &SpecialMonasteryTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> Option<Result<(), IllegalMove>> {
        let MeepleAction::AsAbbot { figure, feature } = *action else {
            return None;
        };
        if let Some(why) = game.abbot_refused(t, feature, Some(figure)) {
            return Some(illegal(why));
        }
        if X::blocks_figures(game, game.current) {
            return Some(illegal(
                "no figure may be placed on this tile: a rule in play keeps figures off it",
            ));
        }
        game.stand(figure, game.current, Spot::Off(SPOT));
        Some(Ok(()))
    }

    fn final_first<X: Host>(&mut self, t: &SpecialMonasteryTable, game: &mut Game<'_, X>) {
        while let Some(tile) = game.standing.iter().find_map(|s| match s.spot {
            Spot::Off(SPOT) => Some(s.tile),
            _ => None,
        }) {
            game.score_abbots(t, tile);
        }
    }
}

impl<X: Host> Game<'_, X> {
    /// Why `figure` may not stand as abbot on feature `f` of the tile just
    /// placed (`None` for the figure: only the feature is checked).
    fn abbot_refused(
        &self,
        t: &SpecialMonasteryTable,
        f: u8,
        figure: Option<FigureId>,
    ) -> Option<String> {
        let placed = self.board.placed[self.current as usize];
        let kind = &self.rules.kinds[usize::from(placed.kind.0)];
        let Some(feature) = kind.features.get(usize::from(f)) else {
            return Some(format!("the tile has no feature #{f}"));
        };
        if feature.attributes & t.special == 0 {
            return Some("only a special monastery takes an abbot".into());
        }
        let node = placed.first_node + u32::from(f);
        let taken = self.features.occupants(self.features.root(node)) > 0
            || self
                .standing
                .iter()
                .any(|s| s.tile == self.current && s.spot == Spot::Off(SPOT));
        if taken {
            return Some("the monastery is occupied already".into());
        }
        let figure = figure?;
        let Some(def) = self.rules.figures.get(usize::from(figure.0)) else {
            return Some("no such figure".into());
        };
        if def.companion || !def.follower_piece() || feature.admits & (1 << figure.0) == 0 {
            return Some(format!(
                "{} may not stand on the monastery as its abbot",
                with_article(&def.id)
            ));
        }
        if self.supply(self.active, figure) == 0 {
            return Some(format!("the player has no {} left in supply", def.id));
        }
        None
    }

    /// The unbroken line of tiles from (x, y) one way, the square itself
    /// left out.
    fn line(&self, x: i32, y: i32, dx: i32, dy: i32) -> u32 {
        let mut n = 0u32;
        let (mut cx, mut cy) = (x + dx, y + dy);
        while self.board.tile_at(cx, cy).is_some() {
            n += 1;
            cx += dx;
            cy += dy;
        }
        n
    }

    /// Scores the abbots on placed tile `tile` for their majority and sends
    /// them home.
    fn score_abbots(&mut self, t: &SpecialMonasteryTable, tile: u32) {
        let at = self.board.placed[tile as usize];
        let tiles = self.line(at.x, at.y, 0, -1)
            + self.line(at.x, at.y, 1, 0)
            + self.line(at.x, at.y, 0, 1)
            + self.line(at.x, at.y, -1, 0);
        let points = t
            .tile
            .saturating_add(i64::from(tiles).saturating_mul(t.row));
        let mut strength = [0u32; MAX_PLAYERS];
        let mut i = self.standing.len();
        while i > 0 {
            i -= 1;
            let s = self.standing[i];
            if s.tile != tile || s.spot != Spot::Off(SPOT) {
                continue;
            }
            let def = &self.rules.figures[usize::from(s.figure.0)];
            let weight = &mut strength[usize::from(s.player)];
            *weight = weight.saturating_add(def.strength);
            self.return_figure(i);
        }
        let best = strength.iter().copied().max().unwrap_or(0);
        if best == 0 {
            return;
        }
        self.scoring_at(tile);
        let turn = self.event_turn();
        for (player, &s) in strength.iter().enumerate().take(self.players) {
            if s == best {
                self.award(Event {
                    turn,
                    player,
                    points,
                    source: Source::Cloister,
                    reason: Reason::SpecialMonastery {
                        tiles,
                        x: at.x,
                        y: at.y,
                    },
                });
            }
        }
    }
}
