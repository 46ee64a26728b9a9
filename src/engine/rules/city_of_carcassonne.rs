//! The Count of Carcassonne (`capability city-of-carcassonne` on a spot kind, the city's
//! quarters on the start set's middle tile). The city of Carcassonne has four
//! quarters, each serving features of one shape and template: the castle
//! regions scored as networks (cities), the blacksmith paths scored as
//! networks (roads), the cathedral spots scored by their neighbourhood
//! (cloisters), the market faces scored as farms (fields). The Count, the
//! module's own piece, starts in the castle.
//!
//! - **Into the city.** When the scorings of features during a tile's turn
//!   gave points to some opponent and none to the active player, that player
//!   may put one follower (a figure declared a follower, not a companion,
//!   neutral or supply piece) from supply into a quarter of their choice, and
//!   then move the Count to another quarter (`Move::CountIn`, the last
//!   decision of the turn). A builder's second tile is judged on its own.
//! - **Out of the city.** Before the features a tile completed are scored
//!   (after every other decision due before scoring), the players, from the
//!   one after the active player round to the active player, each move any
//!   number of their followers from the matching quarters onto those
//!   features, one at a time (`Move::CountOut`, `None` ends the player's
//!   moves); a follower goes onto any piece of the feature whose kind admits
//!   it, on a tile no rule keeps figures off. Nothing leaves the quarter the
//!   Count stands in. A player with nothing to move is skipped.
//! - **Before final scoring**, the same moves, one round from the player
//!   whose turn would come next, onto the fields (`count.final-any` 0: from
//!   the market only, the 2nd edition) or also onto the unfinished roads,
//!   cities and cloisters (1: from any quarter, the 1st edition; the
//!   default of the set). Followers still in the city then go home with
//!   nothing.
//!
//! Followers in the city are held by the module: neither in supply nor on
//! the board.
//!
//! Hooks: `parameters`, `tile_move` (a tile's scorings begin),
//! `due_before_scoring` (the moves out), `scored` (who scored),
//! `pending` (the move in), `apply`, `expected`, `due_before_final` (the
//! moves out before final scoring), `final_last` (followers left go home).

use super::module::{hooks, Capability, Host, Module, On, Setup, Then};
use crate::emit::wire::Shape;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::{Scoring, Vocab};
use crate::engine::core::{Game, Scored, SetupError, Spot};
use crate::engine::ids::FigureId;
use crate::engine::moves::{illegal, with_article, CountIn, CountOut, IllegalMove, Move, Phase};

/// The capability.
pub const NAME: &str = "city-of-carcassonne";

/// The quarters, by index: what game logs write.
pub const QUARTERS: [&str; 4] = ["castle", "market", "blacksmith", "cathedral"];
const CASTLE: u8 = 0;
const MARKET: u8 = 1;
const BLACKSMITH: u8 = 2;
const CATHEDRAL: u8 = 3;

/// What each quarter serves, for messages.
const SERVES: [&str; 4] = [
    "a region scored as a network (a city)",
    "a field",
    "a path scored as a network (a road)",
    "a spot scored by its neighbourhood (a cloister)",
];

/// The followers, and the rule for the final moves.
#[derive(Debug)]
pub struct CountTable {
    /// Figures that may enter the city, one bit per `FigureId`.
    followers: u32,
    /// `count.final-any`: before final scoring, followers leave any quarter
    /// (else the market only).
    final_any: bool,
}

/// A follower in the city: its owner, its figure and its quarter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resident {
    /// Its owner.
    pub player: u8,
    /// Its figure.
    pub figure: FigureId,
    /// Its quarter (an index of [`QUARTERS`]).
    pub quarter: u8,
}

/// The city's followers and the Count, and the decisions due.
#[derive(Clone, Debug)]
pub struct Count {
    /// Followers in the city, in the order they entered.
    city: Vec<Resident>,
    /// The Count's quarter.
    at: u8,
    /// This tile's scorings gave points to an opponent of the active player.
    others: bool,
    /// This tile's scorings gave points to the active player.
    own: bool,
    /// The features the moves out go to (roots), with their quarter.
    targets: Vec<(u32, u8)>,
    /// The players still to move followers out, the one deciding first.
    deciding: Vec<u8>,
    /// The moves out are the ones before final scoring.
    ending: bool,
}

impl Module for Count {
    type Table = CountTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "the city of Carcassonne's quarters: a player whose tile scored only for opponents puts a follower into a quarter and may move the Count; followers leave the matching quarter (not the Count's) for a feature about to be scored, and before final scoring",
        parameters: &[(
            "count.final-any",
            "before final scoring, followers leave any quarter (1, the 1st edition) or the market only (0, the 2nd)",
        )],
    };
    const HOOKS: u64 = hooks![
        parameters,
        tile_move,
        due_before_scoring,
        scored,
        pending,
        apply,
        expected,
        due_before_final,
        final_last
    ];

    fn table(_: &Setup<'_>, figures: &[FigureDef], _: &Vocab) -> Result<CountTable, SetupError> {
        let followers = (0..figures.len().min(32))
            .filter(|&i| figures[i].follower_piece())
            .fold(0u32, |m, i| m | 1 << i);
        Ok(CountTable {
            followers,
            final_any: true,
        })
    }

    fn parameters(table: &mut CountTable, params: &mut Params) -> Result<(), SetupError> {
        let any = params.require("count.final-any", true);
        if !(0..=1).contains(&any) {
            return Err(SetupError(format!(
                "rule parameter `count.final-any` is 0 (the market only) or 1 (any quarter), not {any}"
            )));
        }
        table.final_any = any == 1;
        Ok(())
    }

    fn new(_: &CountTable, _: usize) -> Count {
        Count {
            city: Vec::new(),
            at: CASTLE,
            others: false,
            own: false,
            targets: Vec::new(),
            deciding: Vec::new(),
            ending: false,
        }
    }

    fn copy_from(&mut self, other: &Self) {
        self.city.clone_from(&other.city);
        self.at = other.at;
        self.others = other.others;
        self.own = other.own;
        self.targets.clone_from(&other.targets);
        self.deciding.clone_from(&other.deciding);
        self.ending = other.ending;
    }

    fn tile_move<X: Host>(&mut self, _: &CountTable, _: &mut Game<'_, X>) {
        self.others = false;
        self.own = false;
    }

    fn due_before_scoring<X: Host>(
        &mut self,
        t: &CountTable,
        game: &mut Game<'_, X>,
    ) -> Option<Phase> {
        self.targets.clear();
        self.deciding.clear();
        if self.city.iter().all(|r| r.quarter == self.at) {
            return None;
        }
        completed_now(game, &mut self.targets);
        if self.targets.is_empty() {
            return None;
        }
        let (active, players) = (game.active, game.players);
        self.deciding = (1..=players)
            .map(|i| u8::try_from((active + i) % players).unwrap_or(0))
            .collect();
        self.skip_idle(t, game);
        (!self.deciding.is_empty()).then_some(Phase::CountOut)
    }

    fn scored<X: Host>(&mut self, _: &CountTable, game: &mut Game<'_, X>, scored: &Scored<'_>) {
        if game.phase == Phase::Over || scored.event.is_none_or(|e| e.points <= 0) {
            return;
        }
        let me = 1u32 << game.active;
        self.own |= scored.winners & me != 0;
        self.others |= scored.winners & !me != 0;
    }

    fn pending<X: Host>(&self, t: &CountTable, game: &Game<'_, X>) -> Option<Phase> {
        (self.others && !self.own && self.may_enter(t, game)).then_some(Phase::CountIn)
    }

    fn apply<X: Host>(
        &mut self,
        t: &CountTable,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        match (game.phase, mv) {
            (Phase::CountIn, Move::CountIn(c)) => Some(self.enter(t, game, *c)),
            (Phase::CountOut, Move::CountOut(c)) => Some(self.leave(t, game, *c)),
            _ => None,
        }
    }

    fn expected(phase: Phase) -> Option<&'static str> {
        match phase {
            Phase::CountIn => Some("the decision to put a follower into the city of Carcassonne"),
            Phase::CountOut => Some("a follower's move out of the city of Carcassonne"),
            _ => None,
        }
    }

    fn due_before_final<X: Host>(
        &mut self,
        t: &CountTable,
        game: &mut Game<'_, X>,
    ) -> Option<Phase> {
        self.targets.clear();
        self.deciding.clear();
        if self.city.iter().all(|r| r.quarter == self.at) {
            return None;
        }
        final_targets(game, t.final_any, &mut self.targets);
        let (active, players) = (game.active, game.players);
        self.deciding = (0..players)
            .map(|i| u8::try_from((active + i) % players).unwrap_or(0))
            .collect();
        self.skip_idle(t, game);
        self.ending = !self.deciding.is_empty();
        self.ending.then_some(Phase::CountOut)
    }

    fn final_last<X: Host>(&mut self, _: &CountTable, game: &mut Game<'_, X>) {
        for r in self.city.drain(..) {
            *game.supply_mut(usize::from(r.player), r.figure) += 1;
        }
        self.targets.clear();
        self.deciding.clear();
        self.ending = false;
    }
}

impl Count {
    /// True when the active player has a follower in supply to put in.
    fn may_enter<X: Host>(&self, t: &CountTable, game: &Game<'_, X>) -> bool {
        (0..game.rules.figures.len().min(32)).any(|f| {
            t.followers & (1 << f) != 0
                && game.supply(game.active, FigureId(u8::try_from(f).unwrap_or(0))) > 0
        })
    }

    fn enter<X: Host>(
        &mut self,
        t: &CountTable,
        game: &mut Game<'_, X>,
        c: Option<CountIn>,
    ) -> Result<Option<Then>, IllegalMove> {
        if let Some(c) = c {
            let player = game.active;
            let name = game.rules.figure_id(c.figure).to_string();
            if usize::from(c.quarter) >= QUARTERS.len() {
                return illegal(format!("no quarter {}", c.quarter));
            }
            if c.figure.0 >= 32 || t.followers & (1 << c.figure.0) == 0 {
                return illegal(format!(
                    "only a follower enters the city of Carcassonne, not {}",
                    with_article(&name)
                ));
            }
            if game.supply(player, c.figure) == 0 {
                return illegal(format!("player {player} has no {name} left in supply"));
            }
            if let Some(to) = c.count_to {
                if usize::from(to) >= QUARTERS.len() {
                    return illegal(format!("no quarter {to}"));
                }
                if to == self.at {
                    return illegal(format!(
                        "the Count stands in the {} already: he moves to another quarter, or stays",
                        QUARTERS[usize::from(to)]
                    ));
                }
            }
            *game.supply_mut(player, c.figure) -= 1;
            self.city.push(Resident {
                player: u8::try_from(player).unwrap_or(u8::MAX),
                figure: c.figure,
                quarter: c.quarter,
            });
            if let Some(to) = c.count_to {
                self.at = to;
            }
        }
        self.others = false;
        Ok(Some(Then::Decided))
    }

    fn leave<X: Host>(
        &mut self,
        t: &CountTable,
        game: &mut Game<'_, X>,
        c: Option<CountOut>,
    ) -> Result<Option<Then>, IllegalMove> {
        let Some(&player) = self.deciding.first() else {
            return illegal("no player moves followers out of the city now");
        };
        match c {
            None => {
                self.deciding.remove(0);
            }
            Some(c) => {
                let node = self.check_out(game, player, &c)?;
                let Some(i) = self.city.iter().position(|r| {
                    r.player == player && r.figure == c.figure && r.quarter == c.quarter
                }) else {
                    return illegal("no such follower in the city");
                };
                self.city.remove(i);
                let tile = game.features.tile(node);
                *game.supply_mut(usize::from(player), c.figure) += 1;
                game.stand_for(usize::from(player), c.figure, tile, Spot::Node(node));
            }
        }
        self.skip_idle(t, game);
        if !self.deciding.is_empty() {
            return Ok(None);
        }
        self.targets.clear();
        if self.ending {
            self.ending = false;
            return Ok(Some(Then::Final));
        }
        Ok(Some(Then::Score))
    }

    /// Checks a move out for `player`; the feature node it goes to.
    fn check_out<X: Host>(
        &self,
        game: &Game<'_, X>,
        player: u8,
        c: &CountOut,
    ) -> Result<u32, IllegalMove> {
        let Some(&quarter) = QUARTERS.get(usize::from(c.quarter)) else {
            return illegal(format!("no quarter {}", c.quarter));
        };
        let name = game.rules.figure_id(c.figure);
        if c.quarter == self.at {
            return illegal(format!(
                "the Count stands in the {quarter}: no follower leaves it"
            ));
        }
        if !self
            .city
            .iter()
            .any(|r| r.player == player && r.figure == c.figure && r.quarter == c.quarter)
        {
            return illegal(format!(
                "player {player} has no {name} in the {quarter} (the one deciding now)"
            ));
        }
        let Some(tile) = game.board.tile_at(c.x, c.y) else {
            return illegal(format!("no tile at ({}, {})", c.x, c.y));
        };
        let p = game.board.placed[tile as usize];
        let kind = &game.rules.kinds[usize::from(p.kind.0)];
        let Some(piece) = kind.features.get(usize::from(c.feature)) else {
            return illegal(format!(
                "the tile at ({}, {}) has no such feature",
                c.x, c.y
            ));
        };
        let feature = game.rules.feature_name(p.kind, p.rotation, c.feature);
        let node = p.first_node + u32::from(c.feature);
        let root = game.features.root(node);
        let Some(&(_, wanted)) = self.targets.iter().find(|&&(r, _)| r == root) else {
            return illegal(if self.ending {
                format!(
                    "the {feature} of the tile at ({}, {}) is not a feature followers may join from the city before final scoring",
                    c.x, c.y
                )
            } else {
                format!(
                    "the {feature} of the tile at ({}, {}) is not scored this turn",
                    c.x, c.y
                )
            });
        };
        if wanted != c.quarter {
            return illegal(format!(
                "a follower from the {quarter} goes onto {}; the {feature} of the tile at ({}, {}) takes followers from the {}",
                SERVES[usize::from(c.quarter)],
                c.x,
                c.y,
                QUARTERS[usize::from(wanted)]
            ));
        }
        if c.figure.0 >= 32 || piece.admits & (1 << c.figure.0) == 0 {
            return illegal(format!(
                "{} may not stand on the {feature} of the tile at ({}, {})",
                with_article(name),
                c.x,
                c.y
            ));
        }
        if X::blocks_figures(game, tile) {
            return illegal(format!(
                "no figure may stand on the tile at ({}, {})",
                c.x, c.y
            ));
        }
        Ok(node)
    }

    /// Drops the players at the head of `deciding` with nothing to move.
    fn skip_idle<X: Host>(&mut self, _: &CountTable, game: &Game<'_, X>) {
        while let Some(&p) = self.deciding.first() {
            if self.has_move(game, p) {
                return;
            }
            self.deciding.remove(0);
        }
    }

    fn has_move<X: Host>(&self, game: &Game<'_, X>, player: u8) -> bool {
        self.city.iter().any(|r| {
            r.player == player
                && r.quarter != self.at
                && self
                    .targets
                    .iter()
                    .any(|&(root, q)| q == r.quarter && stand_on(game, root, r.figure).is_some())
        })
    }

    /// The moves out open to the player deciding now: one per follower kind
    /// in a quarter and feature (on the piece [`stand_on`] finds).
    fn options<X: Host>(&self, game: &Game<'_, X>) -> Vec<CountOut> {
        let mut out = Vec::new();
        let Some(&player) = self.deciding.first() else {
            return out;
        };
        let mut kinds: Vec<(u8, FigureId)> = Vec::new();
        for r in &self.city {
            if r.player == player && r.quarter != self.at && !kinds.contains(&(r.quarter, r.figure))
            {
                kinds.push((r.quarter, r.figure));
            }
        }
        for (quarter, figure) in kinds {
            for &(root, q) in &self.targets {
                if q != quarter {
                    continue;
                }
                if let Some(node) = stand_on(game, root, figure) {
                    let p = game.board.placed[game.features.tile(node) as usize];
                    out.push(CountOut {
                        quarter,
                        figure,
                        x: p.x,
                        y: p.y,
                        feature: game.features.feature(node),
                    });
                }
            }
        }
        out
    }
}

/// The quarter a feature (any node of it) takes followers from.
fn quarter_of<X: Host>(game: &Game<'_, X>, node: u32) -> Option<u8> {
    let kind = &game.rules.vocab.kinds[usize::from(game.features.kind(node))];
    match (game.features.shape(node), &kind.scoring) {
        (Shape::Region, Scoring::Network { .. }) => Some(CASTLE),
        (Shape::Path, Scoring::Network { .. }) => Some(BLACKSMITH),
        (Shape::Spot, Scoring::Neighbourhood { .. }) => Some(CATHEDRAL),
        (Shape::Face, Scoring::Farm { .. }) => Some(MARKET),
        _ => None,
    }
}

/// A piece of feature `root` that `figure` may stand on, on a tile no rule
/// keeps figures off: the first placed, by walking the feature's pieces.
fn stand_on<X: Host>(game: &Game<'_, X>, root: u32, figure: FigureId) -> Option<u32> {
    if figure.0 >= 32 {
        return None;
    }
    let mut n = root;
    loop {
        let tile = game.features.tile(n);
        let p = game.board.placed[tile as usize];
        let piece = &game.rules.kinds[usize::from(p.kind.0)].features
            [usize::from(game.features.feature(n))];
        if piece.admits & (1 << figure.0) != 0 && !X::blocks_figures(game, tile) {
            return Some(n);
        }
        n = game.features.next(n);
        if n == root {
            return None;
        }
    }
}

/// The features the tile just placed completed that the core scores next
/// (its paths and regions with no open side, the neighbourhood spots whose
/// square it filled), with their quarter.
fn completed_now<X: Host>(game: &Game<'_, X>, out: &mut Vec<(u32, u8)>) {
    let rules = game.rules;
    let placed = game.board.placed[game.current as usize];
    let kind = &rules.kinds[usize::from(placed.kind.0)];
    for &f in &kind.networks {
        let root = game.features.root(placed.first_node + u32::from(f));
        if game.features.open(root) == 0 && !out.iter().any(|&(r, _)| r == root) {
            if let Some(q) = quarter_of(game, root) {
                out.push((root, q));
            }
        }
    }
    for dy in -1..=1 {
        for dx in -1..=1 {
            let (x, y) = (placed.x + dx, placed.y + dy);
            if game.board.around(x, y) < 8 {
                continue;
            }
            let Some(t) = game.board.tile_at(x, y) else {
                continue;
            };
            let p = game.board.placed[t as usize];
            let k = &rules.kinds[usize::from(p.kind.0)];
            if !k.neighbourhood {
                continue;
            }
            for f in 0..k.features.len() {
                let node = p.first_node + u32::try_from(f).unwrap_or(0);
                if quarter_of(game, node) == Some(CATHEDRAL) {
                    out.push((game.features.root(node), CATHEDRAL));
                }
            }
        }
    }
}

/// The features followers may join from the city before final scoring:
/// every field, and with `any` every unfinished road, city and cloister.
fn final_targets<X: Host>(game: &Game<'_, X>, any: bool, out: &mut Vec<(u32, u8)>) {
    let mut seen = vec![false; game.features.len() as usize];
    for n in 0..game.features.len() {
        let root = game.features.root(n);
        if std::mem::replace(&mut seen[root as usize], true) {
            continue;
        }
        let Some(q) = quarter_of(game, root) else {
            continue;
        };
        let open = match q {
            MARKET => true,
            CATHEDRAL => {
                let p = game.board.placed[game.features.tile(root) as usize];
                game.board.around(p.x, p.y) < 8
            }
            _ => game.features.open(root) > 0,
        };
        if open && (any || q == MARKET) {
            out.push((root, q));
        }
    }
}

impl Game<'_, super::InPlay> {
    /// The player moving followers out of the city now and the moves open
    /// to them (besides `None`, no more); `None` when no such move is due.
    #[must_use]
    pub fn count_out_due(&self) -> Option<(usize, Vec<CountOut>)> {
        if self.phase != Phase::CountOut {
            return None;
        }
        let m = self.x.module::<Count>()?;
        let player = *m.deciding.first()?;
        Some((usize::from(player), m.options(self)))
    }

    /// The followers the active player may put into the city now (figures
    /// with one in supply); empty when no such decision is due.
    #[must_use]
    pub fn count_in_figures(&self) -> Vec<FigureId> {
        let Some(t) = super::InPlay::table::<Count>(&self.rules.ext) else {
            return Vec::new();
        };
        if self.phase != Phase::CountIn {
            return Vec::new();
        }
        (0..self.rules.figures.len().min(32))
            .map(|f| FigureId(u8::try_from(f).unwrap_or(0)))
            .filter(|&f| t.followers & (1 << f.0) != 0 && self.supply(self.active, f) > 0)
            .collect()
    }

    /// The city of Carcassonne: the Count's quarter and the followers in
    /// the quarters; `None` without the Count in play.
    #[must_use]
    pub fn count_city(&self) -> Option<(u8, &[Resident])> {
        let m = self.x.module::<Count>()?;
        Some((m.at, &m.city))
    }

    /// A player's followers of one kind in the city.
    #[must_use]
    pub fn in_city(&self, player: usize, figure: FigureId) -> u32 {
        self.count_city().map_or(0, |(_, city)| {
            let n = city
                .iter()
                .filter(|r| usize::from(r.player) == player && r.figure == figure)
                .count();
            u32::try_from(n).unwrap_or(u32::MAX)
        })
    }

    /// What moving one of `player`'s figures of weight `weight` onto
    /// feature `f` of the tile at (x, y) gains them, roughly: the feature's
    /// pieces when it makes them (one of) its majority, else 0.
    #[must_use]
    pub fn count_gain(&self, player: usize, x: i32, y: i32, f: u8, weight: u32) -> i64 {
        let Some(t) = self.board.tile_at(x, y) else {
            return 0;
        };
        let root = self
            .features
            .root(self.board.placed[t as usize].first_node + u32::from(f));
        let mut strength = vec![0u32; self.players];
        for s in &self.standing {
            let Spot::Node(n) = s.spot else { continue };
            let def = &self.rules.figures[usize::from(s.figure.0)];
            if !def.companion && self.features.root(n) == root {
                strength[usize::from(s.player)] += def.strength;
            }
        }
        let mine = strength[player];
        let best_other = (0..self.players)
            .filter(|&p| p != player)
            .map(|p| strength[p])
            .max()
            .unwrap_or(0);
        let winning = mine > 0 && mine >= best_other;
        if winning || mine + weight < best_other {
            return 0;
        }
        self.wagon_value(x, y, f)
    }
}
