//! Shrines (`capability challenge` on a spot kind: Cult Places, Heretics &
//! Shrines). A shrine plays as a cloister; the capability adds the challenge
//! between a shrine and a cloister (a centre spot kind scored by its
//! neighbourhood without the capability) on the 8 squares around it:
//! - a tile with a shrine may not go where it would neighbour two cloisters,
//!   nor next to a cloister that already neighbours a shrine; the same for a
//!   tile with a cloister and shrines;
//! - when one of the two is completed and scored during the game while the
//!   other is unfinished, the figures on the other go home with no points
//!   (whoever owns them: a player may challenge themself). When one tile
//!   completes both, both score.
//!
//! Hooks: `prepare_kind` (tiles with a shrine or a cloister are
//! constrained), `tile_put` (where the buildings stand), `refusal`,
//! `scored` (the loser goes home).

use super::module::{hooks, Capability, Host, Module, On, Refusal, Setup};
use crate::emit::wire;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, Scored, SetupError, Spot};
use crate::engine::events::Reason;
use crate::engine::ids::KindId;
use crate::engine::moves::{Phase, Placement};

/// The capability.
pub const NAME: &str = "challenge";

/// A tile's monastic building, if any.
const NONE: u8 = 0;
const SHRINE: u8 = 1;
const CLOISTER: u8 = 2;

/// Refusal codes.
const TWO_OPPOSITES: u16 = 0;
const TAKEN: u16 = 1;

fn describe(code: u16) -> String {
    match code {
        TWO_OPPOSITES => {
            "a shrine may not neighbour two cloisters, nor a cloister two shrines (diagonals count)"
                .into()
        }
        _ => "the building of the other sort next to it already neighbours one like this tile's, and a shrine may not neighbour two cloisters, nor a cloister two shrines".into(),
    }
}

/// Which kinds are shrines and cloisters, and each tile kind's building.
#[derive(Debug)]
pub struct ChallengeTable {
    /// By vocabulary kind: [`SHRINE`], [`CLOISTER`] or [`NONE`].
    kinds: Vec<u8>,
    /// By tile kind: its building and the feature it is.
    tiles: Vec<(u8, u8)>,
}

/// Challenges lost so far (for the sources of points), and where the
/// shrines and cloisters stand.
#[derive(Clone, Debug, Default)]
pub struct Challenge {
    lost: u32,
    /// The squares of the placed shrines (index [`SHRINE`]` - 1`) and
    /// cloisters (index [`CLOISTER`]` - 1`), in placement order. A
    /// placement's refusal reads these short lists instead of looking up
    /// the 8 squares around it (and theirs); the common case, a cloister
    /// while few shrines or none are out, reads almost nothing.
    buildings: [Vec<(i32, i32)>; 2],
    /// For each sort, a bit per square (x, y mod 32) set on the 9 squares
    /// around each building of it: a square whose bit is clear has none
    /// around, and its refusal reads no list.
    near: [[u64; 16]; 2],
}

/// The bit of a square in [`Challenge::near`]: word and mask.
fn near_bit(x: i32, y: i32) -> (usize, u64) {
    let i = ((x & 31) << 5 | (y & 31)) as usize;
    (i >> 6, 1 << (i & 63))
}

impl Challenge {
    /// The buildings of sort `b` on the 8 squares around (x, y).
    fn around_of(&self, x: i32, y: i32, b: u8) -> impl Iterator<Item = (i32, i32)> + '_ {
        self.buildings[usize::from(b - 1)]
            .iter()
            .copied()
            .filter(move |&(bx, by)| {
                (bx, by) != (x, y) && (bx - x).abs() <= 1 && (by - y).abs() <= 1
            })
    }
}

impl Module for Challenge {
    type Table = ChallengeTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a shrine: never next to two cloisters (nor a cloister next to two shrines); of a shrine and a cloister next to each other, the first completed sends the other's figures home without points",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![prepare_kind, refusal, tile_put, scored];

    fn table(s: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<ChallengeTable, SetupError> {
        let kinds = s
            .vocabulary()
            .kinds
            .iter()
            .map(|k| {
                let monastic = k.centre
                    && k.score
                        .as_ref()
                        .is_some_and(|sc| sc.template == "neighbourhood");
                match (monastic, k.capabilities.iter().any(|c| c == NAME)) {
                    (_, true) => SHRINE,
                    (true, false) => CLOISTER,
                    (false, false) => NONE,
                }
            })
            .collect();
        Ok(ChallengeTable {
            kinds,
            tiles: Vec::new(),
        })
    }

    fn prepare_kind(
        table: &mut ChallengeTable,
        _: &Setup<'_>,
        _: &wire::Tile,
        _: usize,
        kind: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let found = kind.features.iter().enumerate().find_map(|(i, f)| {
            let b = table
                .kinds
                .get(usize::from(f.kind))
                .copied()
                .unwrap_or(NONE);
            (b != NONE).then(|| (b, u8::try_from(i).unwrap_or(u8::MAX)))
        });
        kind.constrained |= found.is_some();
        table.tiles.push(found.unwrap_or((NONE, 0)));
        Ok(())
    }

    fn new(_: &ChallengeTable, _: usize) -> Challenge {
        Challenge::default()
    }

    #[inline]
    fn refusal<X: Host>(
        &self,
        t: &ChallengeTable,
        _: &Game<'_, X>,
        tile: KindId,
        at: Placement,
    ) -> Option<Refusal> {
        let (mine, _) = t.tiles[usize::from(tile.0)];
        if mine == NONE {
            return None;
        }
        let opposite = SHRINE + CLOISTER - mine;
        let (word, bit) = near_bit(at.x, at.y);
        if self.near[usize::from(opposite - 1)][word] & bit == 0 {
            return None;
        }
        let mut found = None;
        for (x, y) in self.around_of(at.x, at.y, opposite) {
            if found.is_some() {
                return Some(Refusal {
                    code: TWO_OPPOSITES,
                    describe,
                });
            }
            found = Some((x, y));
        }
        let (ox, oy) = found?;
        self.around_of(ox, oy, mine).next().map(|_| Refusal {
            code: TAKEN,
            describe,
        })
    }

    fn tile_put<X: Host>(&mut self, t: &ChallengeTable, game: &mut Game<'_, X>, tile: u32) {
        let p = game.board.placed[tile as usize];
        let (b, _) = t.tiles[usize::from(p.kind.0)];
        if b != NONE {
            self.buildings[usize::from(b - 1)].push((p.x, p.y));
            for (x, y) in around(p.x, p.y) {
                let (word, bit) = near_bit(x, y);
                self.near[usize::from(b - 1)][word] |= bit;
            }
        }
    }

    fn scored<X: Host>(&mut self, t: &ChallengeTable, game: &mut Game<'_, X>, scored: &Scored<'_>) {
        if game.phase == Phase::Over {
            return;
        }
        let Some(Reason::Neighbourhood { complete: true, .. }) = scored.event.map(|e| e.reason)
        else {
            return;
        };
        let Some(&first) = scored.returned.first() else {
            return;
        };
        let p = game.board.placed[first.tile as usize];
        let (mine, _) = t.tiles[usize::from(p.kind.0)];
        if mine == NONE {
            return;
        }
        let opposite = SHRINE + CLOISTER - mine;
        for (x, y) in around(p.x, p.y) {
            if game.building_at(t, x, y) != opposite || game.board.around(x, y) == 8 {
                continue;
            }
            let Some(i) = game.board.tile_at(x, y) else {
                continue;
            };
            let q = game.board.placed[i as usize];
            let node = q.first_node + u32::from(t.tiles[usize::from(q.kind.0)].1);
            let mut j = game.standing.len();
            let mut sent = false;
            while j > 0 {
                j -= 1;
                if game.standing[j].spot == Spot::Node(node) {
                    let s = game.return_figure(j);
                    let root = game.features.find(node);
                    game.release_companions(usize::from(s.player), root);
                    sent = true;
                }
            }
            self.lost += u32::from(sent);
        }
    }
}

/// The 8 squares around (x, y).
fn around(x: i32, y: i32) -> impl Iterator<Item = (i32, i32)> {
    (-1..=1)
        .flat_map(move |dy| (-1..=1).map(move |dx| (x + dx, y + dy)))
        .filter(move |&(a, b)| (a, b) != (x, y))
}

impl<X: Host> Game<'_, X> {
    fn building_at(&self, t: &ChallengeTable, x: i32, y: i32) -> u8 {
        self.board.tile_at(x, y).map_or(NONE, |i| {
            t.tiles[usize::from(self.board.placed[i as usize].kind.0)].0
        })
    }

    /// Shrine–cloister challenges lost so far (buildings whose figures went
    /// home without points).
    #[must_use]
    pub fn challenges_lost(&self) -> u32 {
        self.x.module::<Challenge>().map_or(0, |c| c.lost)
    }
}
