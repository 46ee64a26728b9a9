//! The festival (`capability festival` on a kind, a spot). A player who
//! places a tile with a festival may, instead of any other figure action,
//! take one of their own figures back from the board to supply: any figure
//! of theirs standing on a feature anywhere (a follower, a companion such as
//! the builder or the pig, an abbot), never another player's nor a neutral
//! one. Nothing is scored for it; a companion whose owner takes back their
//! last follower on its feature goes home with it (the core's companions).
//! No figure stands on the festival itself (its kind admits none).
//!
//! Hooks: `prepare_kind` (the festival tiles), `offer` (instead of a
//! figure), `act`.

use super::module::{hooks, Capability, Host, Module, Offer, On, Setup};
use crate::emit::wire;
use crate::engine::core::game::Standing;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError, Spot};
use crate::engine::moves::{illegal, Beside, Flights, IllegalMove, MeepleAction};

/// The capability.
pub const NAME: &str = "festival";

/// Which tile kinds have a festival, by kind index.
#[derive(Debug)]
pub struct FestivalTable {
    festive: Vec<bool>,
}

/// Figures taken back so far.
#[derive(Clone, Debug)]
pub struct Festival {
    returned: u32,
}

impl Module for Festival {
    type Table = FestivalTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a festival: instead of a figure, whoever places its tile takes one of their own figures back from the board, without scoring",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![prepare_kind, offer, act];

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<FestivalTable, SetupError> {
        Ok(FestivalTable {
            festive: Vec::new(),
        })
    }

    fn prepare_kind(
        table: &mut FestivalTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let festive = tile.features.iter().any(|f| s.kind_has(&f.kind, NAME));
        table.festive.push(festive);
        Ok(())
    }

    fn new(_: &FestivalTable, _: usize) -> Festival {
        Festival { returned: 0 }
    }

    fn offer<X: Host>(
        &self,
        t: &FestivalTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        _: Flights,
        offer: Offer,
    ) {
        if offer != Offer::Instead || !festive(t, game) {
            return;
        }
        let from = out.len();
        for s in &game.standing {
            if let Some(b) = own(game, s) {
                let action = MeepleAction::Festival(b);
                if !out[from..].contains(&action) {
                    out.push(action);
                }
            }
        }
    }

    fn act<X: Host>(
        &mut self,
        t: &FestivalTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> Option<Result<(), IllegalMove>> {
        let MeepleAction::Festival(b) = *action else {
            return None;
        };
        let done = take_back(t, game, b);
        self.returned += u32::from(done.is_ok());
        Some(done)
    }
}

/// True when the tile just placed has a festival.
fn festive<X: Host>(t: &FestivalTable, game: &Game<'_, X>) -> bool {
    game.board
        .placed
        .get(game.current as usize)
        .is_some_and(|p| t.festive.get(usize::from(p.kind.0)).copied() == Some(true))
}

/// Standing figure `s` as one the active player may take back.
fn own<X: Host>(game: &Game<'_, X>, s: &Standing) -> Option<Beside> {
    let Spot::Node(n) = s.spot else {
        return None;
    };
    if usize::from(s.player) != game.active || !game.rules.figures[usize::from(s.figure.0)].plays {
        return None;
    }
    let p = game.board.placed[s.tile as usize];
    Some(Beside {
        x: p.x,
        y: p.y,
        figure: s.figure,
        feature: u8::try_from(n - p.first_node).ok()?,
    })
}

/// Checks and performs the festival's action.
fn take_back<X: Host>(
    t: &FestivalTable,
    game: &mut Game<'_, X>,
    b: Beside,
) -> Result<(), IllegalMove> {
    if !festive(t, game) {
        return illegal("only a player who places a festival tile may take a figure back");
    }
    let found = game
        .standing
        .iter()
        .position(|s| own(game, s).is_some_and(|o| o == b));
    let Some(index) = found else {
        return illegal(format!(
            "the player has no {} of their own on that feature at ({}, {}) to take back",
            game.rules.figure_id(b.figure),
            b.x,
            b.y
        ));
    };
    let s = game.return_figure(index);
    if let Spot::Node(n) = s.spot {
        if !game.rules.figures[usize::from(s.figure.0)].companion {
            let root = game.features.find(n);
            game.release_companions(usize::from(s.player), root);
        }
    }
    Ok(())
}

impl Game<'_, super::InPlay> {
    /// Figures taken back at festivals so far.
    #[must_use]
    pub fn festival_returns(&self) -> u32 {
        if !self.x.any {
            return 0;
        }
        self.x.module::<Festival>().map_or(0, |f| f.returned)
    }
}
