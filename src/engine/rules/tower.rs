//! The Tower (`capability tower` on a kind: a tower foundation). Each player
//! has tower floors by the number of players (10, 9, 7, 6, 5 for 2 to 6
//! players, 5 beyond; see [`floors_for`]). Instead of placing a figure, a
//! player may put a floor on any foundation or open tower on the board, and
//! may then take one follower within the tower's reach prisoner: the
//! tower's height after the floor, in each of the four directions from the
//! tower's tile (that tile included), across empty squares and other towers.
//! A player's own follower goes straight back to supply. Or instead, a
//! player puts a follower from supply on top of any open tower (one with at
//! least a floor): it closes the tower for good, and stays there unless a
//! tower captures it. When two players each hold a prisoner of the other,
//! the two are exchanged at once (the earliest taken of each). Before their
//! tile, once a turn, a player may pay `tower.ransom` points to the player
//! who holds one of their followers and take it back. At game end the
//! prisoners go home and floors score nothing.
//!
//! Interplay: a follower on a tower stands on the tower's tile, so the big
//! top counts it; captured acrobats leave their pyramid (`pyramid`, read
//! through the host); a captured follower's companions leave with their
//! owner's last follower on the feature (the core's companions).
//!
//! Hooks: `prepare_kind`, `parameters`, `tile_put`, `offer` (instead of a
//! figure: floors and captures, a follower on a tower), `act`, `apply` (the
//! ransom, once a player turn), `expected`,
//! `final_last` (prisoners go home).

use super::module::{hooks, Capability, Host, Module, Offer, On, Setup, Then};
use super::pyramid::{self, Pyramid};
use crate::emit::wire;
use crate::engine::core::figures::figure_id;
use crate::engine::core::game::Standing;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, SetupError, Spot};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::ids::FigureId;
use crate::engine::moves::{
    illegal, with_article, Capture, Flights, IllegalMove, MeepleAction, Move, Phase,
};

/// The capability.
pub const NAME: &str = "tower";

/// Tower floors each player receives, by the number of players (the
/// published rules: 10, 9, 7, 6, 5 for 2 to 6; one player 10; more than 6
/// players 5).
#[must_use]
pub fn floors_for(players: usize) -> u32 {
    match players {
        0..=2 => 10,
        3 => 9,
        4 => 7,
        5 => 6,
        _ => 5,
    }
}

/// Which tiles have a foundation, and the ransom.
#[derive(Debug)]
pub struct TowerTable {
    /// For each kind: the feature that is its foundation.
    foundation: Vec<Option<u8>>,
    /// `tower.ransom`.
    ransom: i64,
}

/// One foundation on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tower {
    /// Its placed tile.
    tile: u32,
    /// Floors on it.
    height: u32,
    /// A follower was put on top: no more floors.
    closed: bool,
}

/// A follower held prisoner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prisoner {
    /// Who holds it.
    pub holder: u8,
    /// Its owner.
    pub owner: u8,
    /// Its figure.
    pub figure: FigureId,
}

/// The towers, the floors in supply, the prisoners.
#[derive(Clone, Debug)]
pub struct Towers {
    towers: Vec<Tower>,
    /// Floors in each player's supply.
    floors: Vec<u32>,
    /// Prisoners, in the order taken.
    prisoners: Vec<Prisoner>,
    /// The player turn ([`Game::player_turn`]) in which the active player
    /// paid a ransom (once a turn: a builder's second turn is part of it).
    ransomed_in: Option<u32>,
    /// Followers taken prisoner so far (own ones returned included).
    captures: u32,
}

impl TowerTable {
    /// The foundation feature of a tile kind.
    pub(in crate::engine) fn foundation_of(&self, kind: crate::engine::ids::KindId) -> Option<u8> {
        self.foundation.get(usize::from(kind.0)).copied().flatten()
    }
}

impl Module for Towers {
    type Table = TowerTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a tower foundation: floors placed instead of a figure capture a follower in the tower's reach; prisoners are exchanged or ransomed",
        parameters: &[(
            "tower.ransom",
            "points a player pays to take back a follower held prisoner",
        )],
    };
    const HOOKS: u64 = hooks![
        prepare_kind,
        parameters,
        tile_put,
        offer,
        act,
        apply,
        expected,
        final_last
    ];

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<TowerTable, SetupError> {
        Ok(TowerTable {
            foundation: Vec::new(),
            ransom: 0,
        })
    }

    fn prepare_kind(
        table: &mut TowerTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        _: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let found = s.sole_feature(tile, NAME, "tower foundations")?;
        table.foundation.push(found.map(|(i, _)| i));
        Ok(())
    }

    fn parameters(table: &mut TowerTable, params: &mut Params) -> Result<(), SetupError> {
        table.ransom = params.require("tower.ransom", true);
        if table.ransom < 0 {
            return Err(SetupError(format!(
                "rule parameter `tower.ransom` must not be negative, not {}",
                table.ransom
            )));
        }
        Ok(())
    }

    fn new(_: &TowerTable, players: usize) -> Towers {
        Towers {
            towers: Vec::new(),
            floors: vec![floors_for(players); players],
            prisoners: Vec::new(),
            ransomed_in: None,
            captures: 0,
        }
    }

    fn copy_from(&mut self, other: &Towers) {
        self.towers.clone_from(&other.towers);
        self.floors.clone_from(&other.floors);
        self.prisoners.clone_from(&other.prisoners);
        self.ransomed_in = other.ransomed_in;
        self.captures = other.captures;
    }

    fn tile_put<X: Host>(&mut self, t: &TowerTable, game: &mut Game<'_, X>, tile: u32) {
        let kind = game.board.placed[tile as usize].kind;
        if t.foundation
            .get(usize::from(kind.0))
            .copied()
            .flatten()
            .is_some()
        {
            self.towers.push(Tower {
                tile,
                height: 0,
                closed: false,
            });
        }
    }

    fn offer<X: Host>(
        &self,
        t: &TowerTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        _: Flights,
        offer: Offer,
    ) {
        if offer != Offer::Instead {
            return;
        }
        let active = game.active;
        if self.floors[active] > 0 {
            for tower in self.towers.iter().filter(|w| !w.closed) {
                let p = game.board.placed[tower.tile as usize];
                out.push(MeepleAction::TowerFloor {
                    x: p.x,
                    y: p.y,
                    capture: None,
                });
                for s in &game.standing {
                    if let Some(c) = capture_of(game, s, p.x, p.y, Some(tower.height + 1)) {
                        out.push(MeepleAction::TowerFloor {
                            x: p.x,
                            y: p.y,
                            capture: Some(c),
                        });
                    }
                }
            }
        }
        for figure in (0..game.rules.figures.len()).map(figure_id) {
            if !tops(game, figure) || game.supply(active, figure) == 0 {
                continue;
            }
            for tower in self.towers.iter().filter(|w| !w.closed && w.height > 0) {
                let p = game.board.placed[tower.tile as usize];
                out.push(MeepleAction::TowerFollower {
                    figure,
                    x: p.x,
                    y: p.y,
                });
            }
        }
        let _ = t;
    }

    fn act<X: Host>(
        &mut self,
        t: &TowerTable,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> Option<Result<(), IllegalMove>> {
        match *action {
            MeepleAction::TowerFloor { x, y, capture } => Some(self.floor(t, game, x, y, capture)),
            MeepleAction::TowerFollower { figure, x, y } => Some(self.top(t, game, figure, x, y)),
            _ => None,
        }
    }

    fn apply<X: Host>(
        &mut self,
        t: &TowerTable,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        let Move::Ransom { holder, figure } = *mv else {
            return None;
        };
        if game.phase != Phase::Tile {
            return None;
        }
        Some(self.ransom(t, game, holder, figure).map(|()| None))
    }

    fn expected(phase: Phase) -> Option<&'static str> {
        (phase == Phase::Tile).then_some("a ransom")
    }

    fn final_last<X: Host>(&mut self, _: &TowerTable, game: &mut Game<'_, X>) {
        for p in self.prisoners.drain(..) {
            *game.supply_mut(usize::from(p.owner), p.figure) += 1;
        }
    }
}

/// True when `figure` may be put on top of a tower: a follower that may
/// stand anywhere a kind admits it (not an abbot kept to cloisters).
fn tops<X: Host>(game: &Game<'_, X>, figure: FigureId) -> bool {
    let def = &game.rules.figures[usize::from(figure.0)];
    def.follower_piece() && def.follower && def.stands_on.is_empty()
}

/// The capture of standing figure `s` by a tower at (x, y) of height
/// `reach` (`None`: wherever it stands), when it is a follower in reach.
fn capture_of<X: Host>(
    game: &Game<'_, X>,
    s: &Standing,
    x: i32,
    y: i32,
    reach: Option<u32>,
) -> Option<Capture> {
    // A follower only: not a barn or a shepherd (`follower no`), which the
    // rules do not count as followers (JCloisterZone's capture alike).
    let def = &game.rules.figures[usize::from(s.figure.0)];
    if !def.follower_piece() || !def.follower {
        return None;
    }
    let p = game.board.placed[s.tile as usize];
    if let Some(reach) = reach {
        let in_reach =
            (p.x == x && p.y.abs_diff(y) <= reach) || (p.y == y && p.x.abs_diff(x) <= reach);
        if !in_reach {
            return None;
        }
    }
    let feature = match s.spot {
        Spot::Node(n) => u8::try_from(n - p.first_node).ok()?,
        Spot::Off(pyramid::SPOT) => pyramid_feature(game, s.tile)?,
        Spot::Off(_) => return None,
    };
    Some(Capture {
        x: p.x,
        y: p.y,
        player: s.player,
        figure: s.figure,
        feature,
    })
}

/// The feature holding the acrobat pyramid of placed tile `tile`.
fn pyramid_feature<X: Host>(game: &Game<'_, X>, tile: u32) -> Option<u8> {
    let kind = game.board.placed[tile as usize].kind;
    X::table::<Pyramid>(&game.rules.ext)?.feature(kind)
}

impl Towers {
    /// The followers held prisoner, in the order taken.
    #[must_use]
    pub fn prisoners(&self) -> &[Prisoner] {
        &self.prisoners
    }

    /// A player's floors in supply.
    #[must_use]
    pub fn floors(&self, player: usize) -> u32 {
        self.floors.get(player).copied().unwrap_or(0)
    }

    /// Followers taken prisoner so far.
    #[must_use]
    pub fn captures(&self) -> u32 {
        self.captures
    }

    /// The ransoms the active player may pay: (holder, figure), each once.
    pub fn ransoms<X: Host>(&self, t: &TowerTable, game: &Game<'_, X>) -> Vec<(u8, FigureId)> {
        let mut out: Vec<(u8, FigureId)> = Vec::new();
        if self.ransomed_in == Some(game.player_turn())
            || game.phase != Phase::Tile
            || game.scores[game.active].total() < t.ransom
        {
            return out;
        }
        for p in &self.prisoners {
            if usize::from(p.owner) == game.active && !out.contains(&(p.holder, p.figure)) {
                out.push((p.holder, p.figure));
            }
        }
        out
    }

    fn tower_at<X: Host>(&self, game: &Game<'_, X>, x: i32, y: i32) -> Result<usize, IllegalMove> {
        let Some(tile) = game.board.tile_at(x, y) else {
            return illegal(format!("no tile at ({x}, {y})"));
        };
        match self.towers.iter().position(|w| w.tile == tile) {
            Some(i) => Ok(i),
            None => illegal(format!("the tile at ({x}, {y}) has no tower foundation")),
        }
    }

    /// Checks and performs a floor on the tower at (x, y) and its capture.
    fn floor<X: Host>(
        &mut self,
        t: &TowerTable,
        game: &mut Game<'_, X>,
        x: i32,
        y: i32,
        capture: Option<Capture>,
    ) -> Result<(), IllegalMove> {
        let active = game.active;
        if self.floors[active] == 0 {
            return illegal("the player has no tower floor left");
        }
        let i = self.tower_at(game, x, y)?;
        if self.towers[i].closed {
            return illegal(format!(
                "the tower at ({x}, {y}) is closed: a follower stands on top"
            ));
        }
        let reach = self.towers[i].height + 1;
        let taken = match capture {
            None => None,
            Some(c) => Some(find_capture(game, c, x, y, reach)?),
        };
        self.floors[active] -= 1;
        self.towers[i].height = reach;
        if let Some(index) = taken {
            self.take_prisoner(t, game, index);
        }
        Ok(())
    }

    /// Takes the figure at `index` of the standing list prisoner for the
    /// active player, then exchanges prisoners if both now hold one.
    fn take_prisoner<X: Host>(&mut self, _: &TowerTable, game: &mut Game<'_, X>, index: usize) {
        let active = game.active;
        let s = game.standing[index];
        let owner = usize::from(s.player);
        self.captures += 1;
        let root = match s.spot {
            Spot::Node(n) => Some(game.features.find(n)),
            Spot::Off(_) => None,
        };
        if let Some(f) = game.x.module_mut::<super::fairy::Fairy>() {
            f.left(&s);
        }
        if owner == active {
            game.return_figure(index);
        } else {
            game.take_off(index);
            self.prisoners.push(Prisoner {
                holder: u8::try_from(active).unwrap_or(u8::MAX),
                owner: s.player,
                figure: s.figure,
            });
        }
        if s.spot == Spot::Off(pyramid::SPOT) {
            if let Some(p) = game.x.module_mut::<Pyramid>() {
                p.left(s.tile);
            }
        }
        if let Some(root) = root {
            game.release_companions(owner, root);
        }
        let top = self_foundation(game, s.tile)
            .map(|f| Spot::Node(game.board.placed[s.tile as usize].first_node + u32::from(f)));
        if top == Some(s.spot) {
            // The follower that closed a tower was taken: it is open again.
            self.reopen(s.tile);
        }
        if owner != active {
            self.exchange(game, active, owner);
        }
    }

    /// The follower on top of the tower on `tile` has left (captured by
    /// another tower, or eaten): the tower is open again.
    pub(super) fn reopen(&mut self, tile: u32) {
        if let Some(w) = self.towers.iter_mut().find(|w| w.tile == tile) {
            w.closed = false;
        }
    }

    /// Exchanges the earliest prisoner `a` holds of `b` with the earliest
    /// `b` holds of `a`, when both hold one.
    fn exchange<X: Host>(&mut self, game: &mut Game<'_, X>, a: usize, b: usize) {
        let held = |holder: usize, owner: usize| {
            move |p: &Prisoner| usize::from(p.holder) == holder && usize::from(p.owner) == owner
        };
        let (Some(i), Some(j)) = (
            self.prisoners.iter().position(held(a, b)),
            self.prisoners.iter().position(held(b, a)),
        ) else {
            return;
        };
        let (first, second) = (self.prisoners[i], self.prisoners[j]);
        self.prisoners.remove(i.max(j));
        self.prisoners.remove(i.min(j));
        for p in [first, second] {
            *game.supply_mut(usize::from(p.owner), p.figure) += 1;
        }
    }

    /// Checks and performs a follower on top of the tower at (x, y).
    fn top<X: Host>(
        &mut self,
        _: &TowerTable,
        game: &mut Game<'_, X>,
        figure: FigureId,
        x: i32,
        y: i32,
    ) -> Result<(), IllegalMove> {
        game.check_supply(figure)?;
        if !tops(game, figure) {
            return illegal(format!(
                "{} can't stand on a tower",
                with_article(game.rules.figure_id(figure))
            ));
        }
        let i = self.tower_at(game, x, y)?;
        let tower = self.towers[i];
        if tower.closed {
            return illegal(format!("the tower at ({x}, {y}) is closed already"));
        }
        if tower.height == 0 {
            return illegal(format!(
                "the foundation at ({x}, {y}) has no floor yet: only a tower can be closed"
            ));
        }
        let placed = game.board.placed[tower.tile as usize];
        let Some(f) = self_foundation(game, tower.tile) else {
            return illegal("the tower's tile has no foundation");
        };
        game.stand(
            figure,
            tower.tile,
            Spot::Node(placed.first_node + u32::from(f)),
        );
        self.towers[i].closed = true;
        Ok(())
    }

    /// Checks and performs the active player's ransom.
    fn ransom<X: Host>(
        &mut self,
        t: &TowerTable,
        game: &mut Game<'_, X>,
        holder: u8,
        figure: FigureId,
    ) -> Result<(), IllegalMove> {
        let active = game.active;
        if self.ransomed_in == Some(game.player_turn()) {
            return illegal("a ransom was paid this turn already (once a turn)");
        }
        if usize::from(holder) >= game.players || usize::from(holder) == active {
            return illegal(format!("player {holder} can't hold the player's prisoner"));
        }
        let Some(i) = self.prisoners.iter().position(|p| {
            p.holder == holder && usize::from(p.owner) == active && p.figure == figure
        }) else {
            return illegal(format!(
                "player {holder} holds no {} of the player's",
                game.rules.figure_id(figure)
            ));
        };
        let have = game.scores[active].total();
        if have < t.ransom {
            return illegal(format!(
                "the ransom is {} points and the player has {have}",
                t.ransom
            ));
        }
        self.prisoners.remove(i);
        self.ransomed_in = Some(game.player_turn());
        *game.supply_mut(active, figure) += 1;
        let turn = Some(game.turn + 1);
        game.award(Event {
            turn,
            player: active,
            points: -t.ransom,
            source: Source::Tower,
            reason: Reason::Ransom {
                figure,
                other: holder,
            },
        });
        game.award(Event {
            turn,
            player: usize::from(holder),
            points: t.ransom,
            source: Source::Tower,
            reason: Reason::Ransom {
                figure,
                other: u8::try_from(active).unwrap_or(u8::MAX),
            },
        });
        Ok(())
    }
}

/// The foundation feature of placed tile `tile`.
fn self_foundation<X: Host>(game: &Game<'_, X>, tile: u32) -> Option<u8> {
    let kind = game.board.placed[tile as usize].kind;
    X::table::<Towers>(&game.rules.ext)?
        .foundation
        .get(usize::from(kind.0))
        .copied()
        .flatten()
}

/// The index in the standing list of the follower a capture names, checked
/// to be in the reach of the tower at (x, y).
fn find_capture<X: Host>(
    game: &Game<'_, X>,
    c: Capture,
    x: i32,
    y: i32,
    reach: u32,
) -> Result<usize, IllegalMove> {
    let found = game
        .standing
        .iter()
        .position(|s| capture_of(game, s, x, y, None).is_some_and(|k| k == c));
    let Some(index) = found else {
        let def = &game.rules.figures[usize::from(c.figure.0)];
        if !def.follower {
            return illegal(format!(
                "a tower captures only followers, and a {} is none",
                game.rules.figure_id(c.figure)
            ));
        }
        return illegal(format!(
            "player {} has no {} on that feature at ({}, {}) to capture",
            c.player,
            game.rules.figure_id(c.figure),
            c.x,
            c.y
        ));
    };
    let (dx, dy) = (c.x.abs_diff(x), c.y.abs_diff(y));
    if (dx != 0 && dy != 0) || dx.max(dy) > reach {
        return illegal(format!(
            "({}, {}) is out of the tower's reach: {reach} square{} north, east, south or west of ({x}, {y})",
            c.x,
            c.y,
            if reach == 1 { "" } else { "s" }
        ));
    }
    Ok(index)
}

impl Game<'_, super::InPlay> {
    /// Followers towers took prisoner so far.
    #[must_use]
    pub fn tower_captures(&self) -> u32 {
        self.x.module::<Towers>().map_or(0, Towers::captures)
    }

    /// The followers held prisoner, in the order taken.
    #[must_use]
    pub fn prisoners(&self) -> &[Prisoner] {
        if !self.x.any {
            return &[];
        }
        self.x.module::<Towers>().map_or(&[], Towers::prisoners)
    }

    /// `player`'s followers that a floor on the tower at (x, y) could
    /// capture (none when there is no open tower there): what closing it
    /// protects.
    #[must_use]
    pub fn followers_in_reach(&self, x: i32, y: i32, player: usize) -> u32 {
        let Some(m) = self.x.module::<Towers>() else {
            return 0;
        };
        let Some(tile) = self.board.tile_at(x, y) else {
            return 0;
        };
        let Some(tower) = m.towers.iter().find(|w| w.tile == tile && !w.closed) else {
            return 0;
        };
        let n = self
            .standing
            .iter()
            .filter(|s| usize::from(s.player) == player)
            .filter(|s| capture_of(self, s, x, y, Some(tower.height + 1)).is_some())
            .count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// A player's tower floors in supply.
    #[must_use]
    pub fn tower_floors(&self, player: usize) -> u32 {
        self.x.module::<Towers>().map_or(0, |t| t.floors(player))
    }

    /// The ransoms the active player may pay now (before their tile): the
    /// holder and the figure of each, once.
    #[must_use]
    pub fn ransom_options(&self) -> Vec<(u8, FigureId)> {
        if !self.x.any {
            return Vec::new();
        }
        match (
            self.x.module::<Towers>(),
            super::InPlay::table::<Towers>(&self.rules.ext),
        ) {
            (Some(m), Some(t)) => m.ransoms(t, self),
            _ => Vec::new(),
        }
    }
}
