//! The mage and the witch (`capability mage-and-witch` on a kind: the magic
//! symbol). Two neutral figures, off the board at first. After the figure
//! action of a turn whose tile shows the symbol, before anything is scored,
//! the active player moves the mage or the witch (either, from the board or
//! from aside) onto an unfinished feature of a kind scored as a network
//! (a road, a city), anywhere on the board, never onto the feature either
//! magic figure stands on (a figure on the board moves to another feature).
//! When no such feature is left, both on the board: the player sets one
//! aside; one on the board: it is set aside, no decision. A tile that joins
//! the mage's feature to the witch's makes the same move due, magic symbol
//! or not.
//!
//! When a feature is scored (during play or at game end) with the mage on
//! it, each player who scores it gets `mage.tile` (1) more per tile of it;
//! with the witch, each loses half its points, rounded down (keeping half,
//! rounded up). Both are lines of their own in the feature's column. A
//! feature completed during play sends its magic figures aside, scored or
//! not (no follower on it).
//!
//! Hooks: `prepare_kind`, `parameters`, `placed` (the symbol),
//! `due_before_scoring` (the move), `apply`, `expected`, `scored` (the
//! points), `after_scoring` (completed features' figures aside).

use super::module::{hooks, Capability, Host, Module, On, Setup, Then};
use crate::emit::wire;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::{Scoring, Vocab};
use crate::engine::core::{Game, Scored, SetupError, Spot};
use crate::engine::events::{Event, Reason};
use crate::engine::moves::{illegal, IllegalMove, Move, Phase};

/// The capability.
pub const NAME: &str = "mage-and-witch";

/// The magic figures' names, mage first, as logs write them.
pub const FIGURES: [&str; 2] = ["mage", "witch"];

/// Which tile kinds show the magic symbol, and the mage's points.
#[derive(Debug)]
pub struct MagicTable {
    /// For each kind: it shows the symbol.
    symbol: Vec<bool>,
    /// `mage.tile`.
    per_tile: i64,
}

/// One choice of the magic move: the witch (else the mage) to a feature
/// (column, row, feature id), or set aside (`None`).
pub type MagicChoice = (bool, Option<(i32, i32, u8)>);

/// Where the mage and the witch stand.
#[derive(Clone, Debug)]
pub struct MageAndWitch {
    /// The feature node each stands on (mage, witch), or aside.
    at: [Option<u32>; 2],
    /// The turn's tile shows the symbol.
    symbol: bool,
    /// The move is due.
    due: bool,
}

impl Module for MageAndWitch {
    type Table = MagicTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "the magic symbol: before scoring, the mage or the witch moves onto an unfinished road or city (never the other's); the mage adds points per tile to the feature's score, the witch halves it",
        parameters: &[(
            "mage.tile",
            "points per tile the mage adds to the feature it stands on when scored",
        )],
    };
    const HOOKS: u64 = hooks![
        prepare_kind,
        parameters,
        placed,
        due_before_scoring,
        apply,
        expected,
        scored,
        after_scoring
    ];

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<MagicTable, SetupError> {
        Ok(MagicTable {
            symbol: Vec::new(),
            per_tile: 0,
        })
    }

    fn prepare_kind(
        table: &mut MagicTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let has = tile.features.iter().any(|f| s.kind_has(&f.kind, NAME));
        table.symbol.push(has);
        Ok(())
    }

    fn parameters(table: &mut MagicTable, params: &mut Params) -> Result<(), SetupError> {
        table.per_tile = params.require("mage.tile", true);
        Ok(())
    }

    fn new(_: &MagicTable, _: usize) -> MageAndWitch {
        MageAndWitch {
            at: [None; 2],
            symbol: false,
            due: false,
        }
    }

    fn placed<X: Host>(&mut self, t: &MagicTable, game: &mut Game<'_, X>) {
        let kind = game.board.placed[game.current as usize].kind;
        self.symbol = t.symbol.get(usize::from(kind.0)).copied().unwrap_or(false);
    }

    fn due_before_scoring<X: Host>(
        &mut self,
        _: &MagicTable,
        game: &mut Game<'_, X>,
    ) -> Option<Phase> {
        let symbol = std::mem::replace(&mut self.symbol, false);
        let roots = self.roots(game);
        let joined = matches!(roots, [Some(a), Some(b)] if a == b);
        if !symbol && !joined {
            return None;
        }
        if !self.has_target(game) {
            if self.at.iter().all(Option::is_some) {
                self.due = true;
                return Some(Phase::Magic);
            }
            self.at = [None; 2];
            return None;
        }
        self.due = true;
        Some(Phase::Magic)
    }

    fn apply<X: Host>(
        &mut self,
        _: &MagicTable,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        let Move::Magic { witch, to } = *mv else {
            return None;
        };
        if game.phase != Phase::Magic || !self.due {
            return None;
        }
        if let Err(e) = self.magic_move(game, witch, to) {
            return Some(Err(e));
        }
        self.due = false;
        // A decision due before scoring from a module after this one (a
        // castle) comes next; this module is out of the registry meanwhile.
        Some(Ok(match X::due_before_scoring(game) {
            Some(phase) => {
                game.phase = phase;
                None
            }
            None => Some(Then::Score),
        }))
    }

    fn expected(phase: Phase) -> Option<&'static str> {
        (phase == Phase::Magic).then_some("the mage's or the witch's move")
    }

    fn scored<X: Host>(&mut self, t: &MagicTable, game: &mut Game<'_, X>, scored: &Scored<'_>) {
        let Some(e) = scored.event else {
            return;
        };
        let Reason::Network { tiles, .. } = e.reason else {
            return;
        };
        for (i, at) in self.at.into_iter().enumerate() {
            let Some(n) = at else {
                continue;
            };
            if game.features.find(n) != scored.root {
                continue;
            }
            let witch = i == 1;
            let points = if witch {
                -(e.points / 2)
            } else {
                i64::from(tiles).saturating_mul(t.per_tile)
            };
            let turn = game.event_turn();
            for player in (0..game.players).filter(|p| scored.winners & (1 << p) != 0) {
                game.award(Event {
                    turn,
                    player,
                    points,
                    source: e.source,
                    reason: Reason::Magic { witch, tiles },
                });
            }
        }
    }

    fn after_scoring<X: Host>(&mut self, _: &MagicTable, game: &mut Game<'_, X>) {
        for at in &mut self.at {
            if at.is_some_and(|n| game.features.open(game.features.root(n)) == 0) {
                *at = None;
            }
        }
    }
}

impl MageAndWitch {
    /// The features (roots) the mage and the witch stand on.
    fn roots<X: Host>(&self, game: &Game<'_, X>) -> [Option<u32>; 2] {
        self.at.map(|n| n.map(|n| game.features.root(n)))
    }

    /// True when feature `root` may take a magic figure: unfinished, of a
    /// kind scored as a network, neither magic figure on it.
    fn target<X: Host>(&self, game: &Game<'_, X>, root: u32) -> bool {
        free_network(game, root, self.roots(game))
    }

    /// Every feature (root) a magic figure may move to.
    fn targets<'g, X: Host>(&'g self, game: &'g Game<'_, X>) -> impl Iterator<Item = u32> + 'g {
        let taken = self.roots(game);
        (0..game.features.len())
            .filter(move |&n| game.features.is_root(n) && free_network(game, n, taken))
    }

    fn has_target<X: Host>(&self, game: &Game<'_, X>) -> bool {
        self.targets(game).next().is_some()
    }

    /// Every choice the move due offers.
    fn choices<X: Host>(&self, game: &Game<'_, X>) -> Vec<MagicChoice> {
        if !self.due {
            return Vec::new();
        }
        let places: Vec<(i32, i32, u8)> = self
            .targets(game)
            .map(|root| {
                let p = game.board.placed[game.features.tile(root) as usize];
                (p.x, p.y, game.features.feature(root))
            })
            .collect();
        if places.is_empty() {
            return vec![(false, None), (true, None)];
        }
        let mut out = Vec::with_capacity(places.len() * 2);
        for witch in [false, true] {
            out.extend(places.iter().map(|&p| (witch, Some(p))));
        }
        out
    }

    /// Checks and performs the move.
    fn magic_move<X: Host>(
        &mut self,
        game: &mut Game<'_, X>,
        witch: bool,
        to: Option<(i32, i32, u8)>,
    ) -> Result<(), IllegalMove> {
        let who = FIGURES[usize::from(witch)];
        let has_target = self.has_target(game);
        let Some((x, y, feature)) = to else {
            if has_target {
                return illegal(format!(
                    "the {who} is set aside only when no unfinished road or city is free of the mage and the witch; one is, so a magic figure moves there"
                ));
            }
            self.at[usize::from(witch)] = None;
            return Ok(());
        };
        if !has_target {
            return illegal(format!(
                "no unfinished road or city is free of the mage and the witch: the {who} can't move there, one of them is set aside"
            ));
        }
        let Some(tile) = game.board.tile_at(x, y) else {
            return illegal(format!("no tile at ({x}, {y}) for the {who}"));
        };
        let p = game.board.placed[tile as usize];
        let count = game.rules.kinds[usize::from(p.kind.0)].features.len();
        if usize::from(feature) >= count {
            return illegal(format!("the tile at ({x}, {y}) has no feature {feature}"));
        }
        let node = p.first_node + u32::from(feature);
        let root = game.features.find(node);
        if !self.target(game, root) {
            return illegal(format!(
                "the {who} moves onto an unfinished road or city that neither the mage nor the witch stands on; that feature at ({x}, {y}) is not one"
            ));
        }
        self.at[usize::from(witch)] = Some(node);
        Ok(())
    }
}

impl Game<'_, super::InPlay> {
    /// The choices of the mage's or witch's move due (empty when none is).
    #[must_use]
    pub fn magic_choices(&self) -> Vec<MagicChoice> {
        self.x
            .module::<MageAndWitch>()
            .map_or_else(Vec::new, |m| m.choices(self))
    }

    /// Where the mage and the witch stand: column, row and feature id of a
    /// piece of their feature, or aside.
    #[must_use]
    pub fn magic_at(&self) -> [Option<(i32, i32, u8)>; 2] {
        let Some(m) = self.x.module::<MageAndWitch>() else {
            return [None; 2];
        };
        m.at.map(|n| {
            n.map(|n| {
                let p = self.board.placed[self.features.tile(n) as usize];
                (p.x, p.y, self.features.feature(n))
            })
        })
    }

    /// How much the magic choice `c` is worth to `player`, roughly: the
    /// tiles of the features it changes, counted for the player when they
    /// hold the most followers there and against them when another does
    /// (the mage adds, the witch takes off).
    #[must_use]
    pub fn magic_value(&self, player: usize, c: MagicChoice) -> i64 {
        let (witch, to) = c;
        let sign = |root: u32| -> i64 {
            let mut by = [0u32; crate::engine::core::MAX_PLAYERS];
            for s in &self.standing {
                if let Spot::Node(n) = s.spot {
                    if self.features.root(n) == root {
                        by[usize::from(s.player)] += 1;
                    }
                }
            }
            let best = by.iter().copied().max().unwrap_or(0);
            if best == 0 {
                0
            } else if by[player] == best {
                1
            } else {
                -1
            }
        };
        let size = |root: u32| -> i64 {
            let mut pieces = 1i64;
            let mut m = self.features.next(root);
            while m != root {
                pieces += 1;
                m = self.features.next(m);
            }
            pieces
        };
        let worth = |root: u32| -> i64 {
            let v = sign(root) * size(root);
            if witch {
                -v
            } else {
                v
            }
        };
        let from = self.magic_at()[usize::from(witch)]
            .and_then(|(x, y, f)| self.node_at(x, y, f))
            .map(|n| self.features.root(n));
        let to = to
            .and_then(|(x, y, f)| self.node_at(x, y, f))
            .map(|n| self.features.root(n));
        to.map_or(0, worth) - from.map_or(0, worth)
    }

    /// The feature node of feature `f` of the tile at (x, y).
    fn node_at(&self, x: i32, y: i32, f: u8) -> Option<u32> {
        let t = self.board.tile_at(x, y)?;
        Some(self.board.placed[t as usize].first_node + u32::from(f))
    }
}

/// True when feature `root` is unfinished, of a kind scored as a network,
/// and holds neither magic figure (`taken`: their roots).
fn free_network<X: Host>(game: &Game<'_, X>, root: u32, taken: [Option<u32>; 2]) -> bool {
    game.features.open(root) > 0
        && matches!(
            game.rules.vocab.kinds[usize::from(game.features.kind(root))].scoring,
            Scoring::Network { .. }
        )
        && !taken.contains(&Some(root))
}
