//! The fairy (`capability fairy` on a neutral figure: one on the board for
//! the whole game, not in any supply). Instead of placing a figure, a player
//! moves the fairy beside one of their own followers anywhere on the board
//! (not the one it is beside already). At the start of each of their turns
//! (the first tile move of the player's turn: a builder's second turn is
//! part of it, as a redraw after a discard is) the
//! player whose follower it is beside scores `fairy.turn` (1); when that
//! follower's feature is scored, during play or at game end, whatever the
//! majority, its owner scores `fairy.bonus` (3), and the fairy stays on the
//! tile, beside no one; a follower on a kind nothing scores (on top of a
//! tower) comes home at game end without it. The dragon never enters the fairy's tile (`dragon`
//! reads it), so nothing there is eaten. A knight the fairy is beside who
//! becomes a castle's lord keeps it; when the castle scores, its owner
//! scores `fairy.bonus` as for a feature (`castle` tells it).
//!
//! Interplay: beside an acrobat, the fairy is beside the whole pyramid: at
//! the start of a turn its player scores `fairy.turn` per acrobat of theirs
//! in it, and a pyramid, not a feature, gives no bonus.
//!
//! Hooks: `parameters`, `tile_move` (the turn's point), `offer` (instead of
//! a figure), `act`, `scored` (the bonus).

use super::module::{hooks, Capability, Host, Module, Offer, On, Setup};
use super::pyramid;
use crate::engine::core::game::Standing;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::{Scoring, Vocab};
use crate::engine::core::{Game, Scored, SetupError, Spot};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::ids::FigureId;
use crate::engine::moves::{illegal, Beside, Flights, IllegalMove, MeepleAction};

/// The capability.
pub const NAME: &str = "fairy";

/// The fairy's points.
#[derive(Debug)]
pub struct FairyTable {
    /// `fairy.turn`.
    turn: i64,
    /// `fairy.bonus`.
    bonus: i64,
}

/// Where the fairy stands: a placed tile, beside a player's figure there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct At {
    tile: u32,
    spot: Spot,
    player: u8,
    figure: FigureId,
    /// The follower is still there (its feature not scored since).
    beside: bool,
}

/// The fairy's place and the turn's point.
#[derive(Clone, Debug)]
pub struct Fairy {
    at: Option<At>,
    /// The player turn ([`Game::player_turn`]) whose point was counted: a
    /// builder's second turn and a redraw are part of the same turn.
    paid_in: Option<u32>,
    /// Points the fairy gave so far.
    points: i64,
}

impl Module for Fairy {
    type Table = FairyTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Figure,
        meaning: "the fairy: moved beside one's own follower instead of a figure; 1 point at the start of its player's turn, 3 when the follower's feature scores; the dragon never enters its tile",
        parameters: &[
            ("fairy.turn", "points at the start of a turn for a follower beside the fairy"),
            ("fairy.bonus", "points when the feature of the follower beside the fairy is scored"),
        ],
    };
    const HOOKS: u64 = hooks![parameters, tile_move, offer, act, scored];

    fn in_play(s: &Setup<'_>) -> bool {
        // The fairy is a neutral figure: declared, it is in play.
        s.figures_declare(NAME)
    }

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<FairyTable, SetupError> {
        Ok(FairyTable { turn: 0, bonus: 0 })
    }

    fn parameters(table: &mut FairyTable, params: &mut Params) -> Result<(), SetupError> {
        table.turn = params.require("fairy.turn", true);
        table.bonus = params.require("fairy.bonus", true);
        Ok(())
    }

    fn new(_: &FairyTable, _: usize) -> Fairy {
        Fairy {
            at: None,
            paid_in: None,
            points: 0,
        }
    }

    fn tile_move<X: Host>(&mut self, t: &FairyTable, game: &mut Game<'_, X>) {
        let turn = game.player_turn();
        if self.paid_in.replace(turn) == Some(turn) {
            return;
        }
        let Some(at) = self.at else {
            return;
        };
        let active = game.active;
        let followers = if at.spot == Spot::Off(pyramid::SPOT) {
            game.standing
                .iter()
                .filter(|s| s.tile == at.tile && s.spot == at.spot)
                .filter(|s| usize::from(s.player) == active)
                .count()
        } else {
            usize::from(
                at.beside && usize::from(at.player) == active && standing_index(game, at).is_some(),
            )
        };
        let followers = u32::try_from(followers).unwrap_or(u32::MAX);
        if followers == 0 || t.turn == 0 {
            return;
        }
        let points = i64::from(followers).saturating_mul(t.turn);
        self.points = self.points.saturating_add(points);
        // The event lies at the fairy's tile (no tile is placed yet).
        let was = game.scoring_at.replace(at.tile);
        game.award(Event {
            turn: Some(game.turn),
            player: active,
            points,
            source: Source::Fairy,
            reason: Reason::Fairy {
                bonus: false,
                followers,
            },
        });
        game.scoring_at = was;
    }

    fn offer<X: Host>(
        &self,
        _: &FairyTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        _: Flights,
        offer: Offer,
    ) {
        if offer != Offer::Instead {
            return;
        }
        let from = out.len();
        for s in &game.standing {
            // Others' figures never take the fairy: skipped before the look-up.
            if usize::from(s.player) != game.active {
                continue;
            }
            if let Some(b) = self.beside_of(game, s.tile, s.spot, s.player, s.figure) {
                // Two figures of one kind on one feature of a tile (acrobats,
                // a flier landing beside its own) offer the fairy once.
                let offered = out[from..]
                    .iter()
                    .any(|a| matches!(a, MeepleAction::Fairy(o) if *o == b));
                if !offered {
                    out.push(MeepleAction::Fairy(b));
                }
            }
        }
    }

    fn act<X: Host>(
        &mut self,
        _: &FairyTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> Option<Result<(), IllegalMove>> {
        let MeepleAction::Fairy(b) = *action else {
            return None;
        };
        Some(self.move_to(game, b))
    }

    fn scored<X: Host>(&mut self, t: &FairyTable, game: &mut Game<'_, X>, scored: &Scored<'_>) {
        let Some(at) = self
            .at
            .filter(|a| a.beside && matches!(a.spot, Spot::Node(_)))
        else {
            return;
        };
        let hit = scored.returned.iter().any(|s| {
            s.tile == at.tile && s.spot == at.spot && s.player == at.player && s.figure == at.figure
        });
        if !hit {
            return;
        }
        if let Some(a) = self.at.as_mut() {
            a.beside = false;
        }
        // A follower on a kind nothing scores (on top of a tower) comes home
        // at game end, unscored: no bonus.
        let kind = game.features.kind(scored.root);
        if matches!(
            game.rules.vocab.kinds[usize::from(kind)].scoring,
            Scoring::None
        ) {
            return;
        }
        if t.bonus == 0 {
            return;
        }
        self.points = self.points.saturating_add(t.bonus);
        let turn = game.event_turn();
        game.award(Event {
            turn,
            player: usize::from(at.player),
            points: t.bonus,
            source: Source::Fairy,
            reason: Reason::Fairy {
                bonus: true,
                followers: 1,
            },
        });
    }
}

/// The index in the standing list of the figure the fairy is beside.
fn standing_index<X: Host>(game: &Game<'_, X>, at: At) -> Option<usize> {
    game.standing.iter().position(|s| {
        s.tile == at.tile && s.spot == at.spot && s.player == at.player && s.figure == at.figure
    })
}

impl Fairy {
    /// The follower the fairy is beside moved to another spot of its tile
    /// (a knight that became a castle's lord): the fairy stays beside it.
    pub(super) fn follow(&mut self, tile: u32, from: Spot, to: Spot, player: u8, figure: FigureId) {
        if let Some(a) = self.at.as_mut() {
            if a.beside && (a.tile, a.spot, a.player, a.figure) == (tile, from, player, figure) {
                a.spot = to;
            }
        }
    }

    /// The follower the fairy is beside left the board other than by its
    /// feature's scoring (a tower took it prisoner): the fairy stays on the
    /// tile beside no one, so a follower put there later is not that one.
    pub(super) fn left(&mut self, s: &Standing) {
        if let Some(a) = self.at.as_mut() {
            if (a.tile, a.spot, a.player, a.figure) == (s.tile, s.spot, s.player, s.figure) {
                a.beside = false;
            }
        }
    }

    /// A castle scored for its lord `s`, who goes home: a lord the fairy is
    /// beside is a follower whose feature scored, so its owner scores
    /// `fairy.bonus` and the fairy stays on the tile, beside no one.
    pub(super) fn lord_scored<X: Host>(game: &mut Game<'_, X>, s: &Standing) {
        let Some(bonus) = X::table::<Fairy>(&game.rules.ext).map(|t| t.bonus) else {
            return;
        };
        let Some(f) = game.x.module_mut::<Fairy>() else {
            return;
        };
        let Some(at) = f.at.as_mut().filter(|a| {
            a.beside && (a.tile, a.spot, a.player, a.figure) == (s.tile, s.spot, s.player, s.figure)
        }) else {
            return;
        };
        at.beside = false;
        if bonus == 0 {
            return;
        }
        f.points = f.points.saturating_add(bonus);
        let turn = game.event_turn();
        game.award(Event {
            turn,
            player: usize::from(s.player),
            points: bonus,
            source: Source::Fairy,
            reason: Reason::Fairy {
                bonus: true,
                followers: 1,
            },
        });
    }

    /// The placed tile where the fairy stands.
    #[must_use]
    pub fn tile(&self) -> Option<u32> {
        self.at.map(|a| a.tile)
    }

    /// The fairy's points so far.
    #[must_use]
    pub fn points(&self) -> i64 {
        self.points
    }

    /// A figure on the board as a place for the fairy, when the active
    /// player may move it there: their follower, not the one it is beside.
    #[inline(always)]
    fn beside_of<X: Host>(
        &self,
        game: &Game<'_, X>,
        tile: u32,
        spot: Spot,
        player: u8,
        figure: FigureId,
    ) -> Option<Beside> {
        let def = &game.rules.figures[usize::from(figure.0)];
        // A follower: not a barn or a shepherd (`follower no`), which
        // stand on a feature but are no followers.
        if usize::from(player) != game.active || !def.follower_piece() || !def.follower {
            return None;
        }
        if let Some(at) = self.at {
            let same = at.tile == tile && at.spot == spot && at.player == player;
            if same && (at.figure == figure || spot == Spot::Off(pyramid::SPOT)) && at.beside {
                return None;
            }
        }
        let p = game.board.placed[tile as usize];
        let feature = match spot {
            Spot::Node(n) => u8::try_from(n - p.first_node).ok()?,
            Spot::Off(pyramid::SPOT) => {
                X::table::<pyramid::Pyramid>(&game.rules.ext)?.feature(p.kind)?
            }
            Spot::Off(_) => return None,
        };
        Some(Beside {
            x: p.x,
            y: p.y,
            figure,
            feature,
        })
    }

    /// Checks and performs the fairy's move beside a follower.
    fn move_to<X: Host>(&mut self, game: &mut Game<'_, X>, b: Beside) -> Result<(), IllegalMove> {
        let active = u8::try_from(game.active).unwrap_or(u8::MAX);
        let found = game
            .standing
            .iter()
            .find(|s| self.beside_of(game, s.tile, s.spot, s.player, s.figure) == Some(b));
        let Some(s) = found.copied() else {
            return illegal(format!(
                "the player has no {} on that feature at ({}, {}) for the fairy to join (only beside one of their own followers, not the one it is beside)",
                game.rules.figure_id(b.figure),
                b.x,
                b.y
            ));
        };
        self.at = Some(At {
            tile: s.tile,
            spot: s.spot,
            player: active,
            figure: s.figure,
            beside: true,
        });
        Ok(())
    }
}

impl Game<'_, super::InPlay> {
    /// Points the fairy gave so far.
    #[must_use]
    pub fn fairy_points(&self) -> i64 {
        if !self.x.any {
            return 0;
        }
        self.x.module::<Fairy>().map_or(0, Fairy::points)
    }

    /// Where the fairy stands, (x, y), once it is on the board.
    #[must_use]
    pub fn fairy_at(&self) -> Option<(i32, i32)> {
        let tile = self.x.module::<Fairy>()?.tile()?;
        let p = self.board.placed[tile as usize];
        Some((p.x, p.y))
    }
}
