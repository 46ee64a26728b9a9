//! The magic portal (`capability portal` on a kind). A player who places a
//! tile with a portal may put a follower from supply, instead of on that
//! tile, on any unoccupied, unfinished feature of another tile on the
//! board that admits it: a road or city with an open side, a cloister whose
//! square is not full, a field, any such kind. Not a tile on which no figure
//! may stand (the dragon's, `volcano`), and only followers: companions (a
//! builder, a pig) go beside their owner's follower on the tile placed. An
//! acrobat-capable figure may also go into any pyramid with room on the
//! board (`pyramid`, read through the host; those around the tile are the
//! pyramid's own action).
//!
//! Hooks: `prepare_kind`, `offer` (the follower's places), `act`.

use super::module::{hooks, Capability, Host, Module, Offer, On, Setup};
use super::pyramid::{self, Pyramid};
use crate::emit::wire::{self, Shape};
use crate::engine::core::figures::figure_id;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::{Scoring, Vocab};
use crate::engine::core::{Game, SetupError, Spot};
use crate::engine::ids::FigureId;
use crate::engine::moves::{illegal, with_article, Flights, IllegalMove, Landing, MeepleAction};

/// The capability.
pub const NAME: &str = "portal";

/// Which tile kinds have a portal.
#[derive(Debug)]
pub struct PortalTable {
    portal: Vec<bool>,
}

/// The portal keeps no state of its own.
#[derive(Clone, Debug)]
pub struct Portal;

impl Module for Portal {
    type Table = PortalTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a magic portal: the player who places it may put a follower on any unoccupied, unfinished feature of the board instead",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![prepare_kind, offer, act];

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<PortalTable, SetupError> {
        Ok(PortalTable { portal: Vec::new() })
    }

    fn prepare_kind(
        table: &mut PortalTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let has = tile.features.iter().any(|f| s.kind_has(&f.kind, NAME));
        table.portal.push(has);
        Ok(())
    }

    fn new(_: &PortalTable, _: usize) -> Portal {
        Portal
    }

    fn offer<X: Host>(
        &self,
        t: &PortalTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        _: Flights,
        offer: Offer,
    ) {
        if offer != Offer::Figures || !has_portal(t, game) {
            return;
        }
        for figure in (0..game.rules.figures.len()).map(figure_id) {
            if !game.rules.figures[usize::from(figure.0)].follower_piece()
                || game.supply(game.active, figure) == 0
            {
                continue;
            }
            for tile in 0..game.board.placed.len() {
                let tile = u32::try_from(tile).unwrap_or(u32::MAX);
                if tile == game.current || X::blocks_figures(game, tile) {
                    continue;
                }
                let p = game.board.placed[tile as usize];
                let features = game.rules.kinds[usize::from(p.kind.0)].features.len();
                for f in 0..u8::try_from(features).unwrap_or(u8::MAX) {
                    if open_for(game, tile, f, figure) {
                        out.push(MeepleAction::Portal {
                            figure,
                            x: p.x,
                            y: p.y,
                            landing: Landing::Feature(f),
                        });
                    }
                }
                if pyramid_for(game, tile, figure) {
                    out.push(MeepleAction::Portal {
                        figure,
                        x: p.x,
                        y: p.y,
                        landing: Landing::Acrobats,
                    });
                }
            }
        }
    }

    fn act<X: Host>(
        &mut self,
        t: &PortalTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> Option<Result<(), IllegalMove>> {
        let MeepleAction::Portal {
            figure,
            x,
            y,
            landing,
        } = *action
        else {
            return None;
        };
        Some(through(t, game, figure, x, y, landing))
    }
}

/// True when the tile just placed has a portal.
fn has_portal<X: Host>(t: &PortalTable, game: &Game<'_, X>) -> bool {
    let Some(p) = game.board.placed.get(game.current as usize) else {
        return false;
    };
    t.portal
        .get(usize::from(p.kind.0))
        .copied()
        .unwrap_or(false)
}

/// True when feature `f` of placed tile `tile` is unoccupied, unfinished
/// and admits `figure`.
fn open_for<X: Host>(game: &Game<'_, X>, tile: u32, f: u8, figure: FigureId) -> bool {
    let p = game.board.placed[tile as usize];
    let feature = &game.rules.kinds[usize::from(p.kind.0)].features[usize::from(f)];
    if feature.admits & (1 << figure.0) == 0 {
        return false;
    }
    let node = p.first_node + u32::from(f);
    let root = game.features.root(node);
    if game.features.occupants(root) > 0 {
        return false;
    }
    let rule = &game.rules.vocab.kinds[usize::from(feature.kind)];
    if rule.linear() {
        game.features.open(root) > 0
    } else if let Scoring::Neighbourhood { .. } = rule.scoring {
        game.board.around(p.x, p.y) < 8
    } else {
        rule.shape == Shape::Face || rule.shape == Shape::Spot
    }
}

/// True when `figure` may go through the portal into the pyramid of placed
/// tile `tile`: one with room, beyond the tiles around the tile just placed.
fn pyramid_for<X: Host>(game: &Game<'_, X>, tile: u32, figure: FigureId) -> bool {
    let (Some(p), Some(t)) = (
        game.x.module::<Pyramid>(),
        X::table::<Pyramid>(&game.rules.ext),
    ) else {
        return false;
    };
    let at = game.board.placed[tile as usize];
    let here = game.board.placed[game.current as usize];
    let near = at.x.abs_diff(here.x) <= 1 && at.y.abs_diff(here.y) <= 1;
    !near
        && t.is_acrobat(figure)
        && p.room(t, game, at.x, at.y)
        && pyramid::admits(t, game, at.x, at.y, figure)
}

/// Checks and performs a follower through the portal.
fn through<X: Host>(
    t: &PortalTable,
    game: &mut Game<'_, X>,
    figure: FigureId,
    x: i32,
    y: i32,
    landing: Landing,
) -> Result<(), IllegalMove> {
    if !has_portal(t, game) {
        return illegal("the tile just placed has no magic portal");
    }
    game.check_supply(figure)?;
    let who = with_article(game.rules.figure_id(figure));
    if !game.rules.figures[usize::from(figure.0)].follower_piece() {
        return illegal(format!(
            "{who} is not a follower: only followers go through the portal"
        ));
    }
    let Some(tile) = game.board.tile_at(x, y) else {
        return illegal(format!("no tile at ({x}, {y})"));
    };
    if tile == game.current {
        return illegal(
            "the portal leads to another tile: a follower on the tile just placed is placed the ordinary way (`meeple`)",
        );
    }
    if X::blocks_figures(game, tile) {
        return illegal(format!(
            "no figure may be placed on the tile at ({x}, {y}): a rule in play keeps figures off it"
        ));
    }
    match landing {
        Landing::Feature(f) => {
            let p = game.board.placed[tile as usize];
            let features = game.rules.kinds[usize::from(p.kind.0)].features.len();
            if usize::from(f) >= features || !open_for(game, tile, f, figure) {
                return illegal(format!(
                    "{who} can't go there: through the portal only onto an unoccupied, unfinished feature that admits it"
                ));
            }
            game.stand(figure, tile, Spot::Node(p.first_node + u32::from(f)));
        }
        Landing::Acrobats => {
            if !pyramid_for(game, tile, figure) {
                return illegal(format!(
                    "{who} can't join the pyramid at ({x}, {y}) through the portal: it needs an acrobat and room, and one around the tile just placed is joined the ordinary way (`acrobat`)"
                ));
            }
            game.stand(figure, tile, Spot::Off(pyramid::SPOT));
            if let Some(p) = game.x.module_mut::<Pyramid>() {
                p.arrived(tile);
            }
        }
    }
    Ok(())
}
