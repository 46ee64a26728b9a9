//! Watchtowers (`capability watchtower` on a spot kind whose variant names
//! what the tower watches). When a turn completes a road or city (any path
//! or region: by the tile just placed, or an abbey's wall, a tunnel, a
//! ferry) and a follower stands on it on a watchtower tile, the tower
//! scores first, for that follower's owner: the tower's tile
//! and the eight around it are counted for the tower's variant, at
//! `watchtower.VARIANT` points each, then the feature scores as usual. The
//! variant names a kind (tiles of the nine with a feature of it: `road`,
//! `city`, `cloister`), an attribute (its units on the nine tiles: a city's
//! `pennant`s) or a figure (followers of anyone's on the nine: `meeple`).
//! Farmers and features scored at game end trigger no tower.
//!
//! Hooks: `table` (the figures' ids), `prepare_kind` (the towers),
//! `parameters`, `before_scoring`.

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::emit::wire::{self, Shape};
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError, Spot};
use crate::engine::events::{Event, Reason, Source};

/// The capability.
pub const NAME: &str = "watchtower";

/// What a tower counts on the nine tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Counts {
    /// Tiles with a feature of this kind (vocabulary index).
    Kind(u8),
    /// Units of this attribute (vocabulary index); a piece carrying it
    /// without units counts 1.
    Attribute(u8),
    /// Followers, anyone's.
    Followers,
}

/// The towers of each tile kind and their points.
#[derive(Debug)]
pub struct WatchtowerTable {
    /// The figures' ids, to read a variant naming one.
    figures: Vec<String>,
    /// By tile kind index: the tower's variant (an index into `variants`).
    towers: Vec<Option<u8>>,
    /// The variants in play: name, what it counts, points each.
    variants: Vec<(String, Counts, i64)>,
}

/// Watchtowers keep no state of their own.
#[derive(Clone, Debug)]
pub struct Watchtower;

impl Module for Watchtower {
    type Table = WatchtowerTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a watchtower: a road or city completed with a follower on the tower's tile scores first, for that follower, per thing of the tower's variant on the tile and the eight around it",
        parameters: &[
            ("watchtower.road", "points per tile with a road around a road tower"),
            ("watchtower.city", "points per tile with a city around a city tower"),
            ("watchtower.meeple", "points per follower around a meeple tower"),
            ("watchtower.pennant", "points per pennant around a pennant tower"),
            ("watchtower.cloister", "points per cloister around a cloister tower"),
        ],
    };
    const HOOKS: u64 = hooks![prepare_kind, parameters, before_scoring];

    fn table(
        _: &Setup<'_>,
        figures: &[FigureDef],
        _: &Vocab,
    ) -> Result<WatchtowerTable, SetupError> {
        Ok(WatchtowerTable {
            figures: figures.iter().map(|f| f.id.clone()).collect(),
            towers: Vec::new(),
            variants: Vec::new(),
        })
    }

    fn prepare_kind(
        table: &mut WatchtowerTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        vocab: &Vocab,
    ) -> Result<(), SetupError> {
        let mut tower = None;
        for f in tile.features.iter().filter(|f| s.kind_has(&f.kind, NAME)) {
            if tower.is_some() {
                return Err(SetupError(format!(
                    "tile `{}`: two watchtowers; the engine supports one per tile",
                    tile.id
                )));
            }
            let variant = f.variant.as_deref().unwrap_or_default();
            let counts = if let Some(k) = vocab.kind(variant) {
                Counts::Kind(k)
            } else if let Some(a) = vocab.attribute(variant) {
                Counts::Attribute(a)
            } else if table.figures.iter().any(|id| id == variant) {
                Counts::Followers
            } else {
                return Err(SetupError(format!(
                    "tile `{}`: the watchtower's variant `{variant}` names no kind, attribute or figure of the set",
                    tile.id
                )));
            };
            let i = match table.variants.iter().position(|v| v.0 == variant) {
                Some(i) => i,
                None => {
                    table.variants.push((variant.to_string(), counts, 0));
                    table.variants.len() - 1
                }
            };
            tower = u8::try_from(i).ok();
        }
        table.towers.push(tower);
        Ok(())
    }

    fn parameters(table: &mut WatchtowerTable, params: &mut Params) -> Result<(), SetupError> {
        for v in &mut table.variants {
            v.2 = params.require(&format!("watchtower.{}", v.0), true);
        }
        Ok(())
    }

    fn new(_: &WatchtowerTable, _: usize) -> Watchtower {
        Watchtower
    }

    fn before_scoring<X: Host>(&mut self, t: &WatchtowerTable, game: &mut Game<'_, X>) {
        let rules = game.rules;
        let turn = game.event_turn();
        let mut awards: Vec<Event> = Vec::new();
        // Every follower on a watchtower tile whose road or city is closed
        // now: completed this turn, whatever closed it (the tile, an abbey's
        // wall, a tunnel, a ferry), and scored in this turn's scoring.
        for s in &game.standing {
            let Spot::Node(n) = s.spot else { continue };
            if !rules.figures[usize::from(s.figure.0)].follower_piece() {
                continue;
            }
            let p = game.board.placed[s.tile as usize];
            let Some(v) = t.towers.get(usize::from(p.kind.0)).copied().flatten() else {
                continue;
            };
            let root = game.features.root(n);
            let shape = game.features.shape(root);
            if !matches!(shape, Shape::Path | Shape::Region)
                || game.features.open(root) != 0
                || game.features.occupants(root) == 0
            {
                continue;
            }
            let (_, counts, points) = &t.variants[usize::from(v)];
            let count = count(game, *counts, p.x, p.y);
            if count > 0 && *points != 0 {
                awards.push(Event {
                    turn,
                    player: usize::from(s.player),
                    points: i64::from(count).saturating_mul(*points),
                    source: if shape == Shape::Path {
                        Source::Road
                    } else {
                        Source::City
                    },
                    reason: Reason::Watchtower {
                        count,
                        x: p.x,
                        y: p.y,
                    },
                });
            }
        }
        for e in awards {
            game.award(e);
        }
    }
}

/// True when node `n` is a piece of a castle's city, which is no city any
/// more (Bridges, Castles & Bazaars): a tile showing only castle counts for
/// no city symbol.
fn in_castle<X: Host>(game: &Game<'_, X>, n: u32) -> bool {
    game.x
        .module::<super::castle::Castles>()
        .is_some_and(|c| c.is_castle(game.features.root(n)))
}

/// True when a bridge lies on way `feature` of placed tile `tile`: a way
/// no bridge was put on shows no road (Bridges, Castles & Bazaars).
fn bridged<X: Host>(game: &Game<'_, X>, tile: u32, feature: u32) -> bool {
    let feature = u8::try_from(feature).unwrap_or(u8::MAX);
    game.x
        .module::<super::bridge::Bridges>()
        .is_some_and(|b| b.bridged(tile, feature))
}

/// What a tower at (x, y) counts on its tile and the eight around it.
fn count<X: Host>(game: &Game<'_, X>, counts: Counts, x: i32, y: i32) -> u32 {
    let rules = game.rules;
    let mut n = 0u32;
    for dy in -1..=1 {
        for dx in -1..=1 {
            let Some(u) = game.board.tile_at(x + dx, y + dy) else {
                continue;
            };
            let placed = game.board.placed[u as usize];
            let kind = &rules.kinds[usize::from(placed.kind.0)];
            n = n.saturating_add(match counts {
                Counts::Kind(k) => u32::from((0u32..).zip(&kind.features).any(|(i, f)| {
                    f.kind == k
                        && !in_castle(game, placed.first_node + i)
                        && (f.way.is_none() || bridged(game, u, i))
                })),
                Counts::Attribute(a) => kind
                    .features
                    .iter()
                    .map(|f| {
                        f.units
                            .iter()
                            .find(|u| u.0 == a)
                            .map_or(u32::from(f.attributes & (1 << a) != 0), |u| u.1)
                    })
                    .fold(0u32, u32::saturating_add),
                Counts::Followers => {
                    let on = game
                        .standing
                        .iter()
                        .filter(|s| {
                            s.tile == u && rules.figures[usize::from(s.figure.0)].follower_piece()
                        })
                        .count();
                    u32::try_from(on).unwrap_or(u32::MAX)
                }
            });
        }
    }
    n
}
