//! Castles (`capability castle` on a supply figure, the castle token, whose
//! `stands-on` names the one kind castles are built on: the city). Each
//! player has castles by the number of players (3 for up to 4 players, 2
//! beyond; see [`castles_for`]). When a tile completes a small city — two
//! pieces on two tiles, each a castle base (a piece of the kind with one
//! side, without the `no-castle` attribute) — held by one follower whose
//! owner has a castle left, that owner decides, after the figure actions and
//! before anything scores, whether to build a castle there. A castle's city
//! does not score; its follower stays as the castle's lord, off the city, on
//! its tile. In a later turn, the first completed feature (a scored region,
//! path or neighbourhood spot, occupied or not) with a piece on one of the
//! castle's six tiles (its own two and the two beside each, across its
//! length) scores for the lord as much as that feature is worth; the lord
//! then goes home. A lord whose weight is ruled weighs what it would off any
//! feature: a mayor lord wins nothing (a castle is no city, it has no
//! pennants), yet its castle is used up and the mayor goes home. Of two completed at once, the lord takes the most valuable
//! one. A castle that scores is a completed feature for the castles whose
//! fiefs hold one of its tiles, which score as much in turn. At game end
//! lords go home with nothing.
//!
//! Interplay: a lord stands on its castle's tile, so the big top counts it,
//! and lords leave only after the last circus scoring (`big-top` scores in
//! `final_first`, lords go in `final_last`). A pyramid is no feature for a
//! castle (it is not network- or neighbourhood-scored). The fairy beside a
//! knight who becomes a lord stays beside the lord, and gives its bonus
//! when the castle scores. A castle that scores hands out the gold bars
//! on its fief to its lord's owner (`gold`). A field scores each
//! castle it touches `castle.farm-bonus` (1) more than a completed city.
//!
//! Hooks: `prepare_kind` (castle bases), `due_before_scoring` (the small
//! cities offered), `apply` (the owner's decision), `expected`,
//! `after_scoring` (fiefs scored), `scored` (a field's castles),
//! `final_last` (lords go home).

use super::module::{hooks, Capability, Host, Module, On, Setup, Then};
use crate::emit::wire::{self, Shape};
use crate::engine::core::game::Standing;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::{Scoring, Vocab};
use crate::engine::core::{Game, Scored, SetupError, Spot};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::ids::{FeatureKindId, FigureId};
use crate::engine::moves::{illegal, IllegalMove, Move, Phase};

/// The capability.
pub const NAME: &str = "castle";

/// The tag of a castle lord's place on its tile (`Spot::Off`).
pub const SPOT: u8 = 1;

/// The attribute that keeps a castle off a city piece.
pub const NO_CASTLE: &str = "no-castle";

/// Castles each player receives: 3 with up to 4 players, 2 with more (the
/// published rules give 2 to 6 players; beyond, 2 as well).
#[must_use]
pub fn castles_for(players: usize) -> u32 {
    if players <= 4 {
        3
    } else {
        2
    }
}

/// The kind castles are built on, and each tile kind's castle bases.
#[derive(Debug)]
pub struct CastleTable {
    /// Vocabulary index of the kind castles stand on.
    kind: u8,
    /// Bit of the `no-castle` attribute (0 when it is not declared).
    no_castle: u64,
    /// For each tile kind: bit `f` when feature `f` is a castle base.
    bases: Vec<u64>,
    /// `castle.farm-bonus`: what a field's farmers score for each castle
    /// it touches beyond a completed city's points.
    farm_bonus: i64,
}

/// A castle on the board.
#[derive(Clone, Copy, Debug)]
struct Castle {
    /// The city it was built on (a root).
    root: u32,
    /// Its two placed tiles.
    tiles: [u32; 2],
    /// Its owner.
    owner: u8,
    /// The lord's figure and tile, while it stands there.
    lord: Option<(FigureId, u32)>,
}

/// Castles in supply, castles built, the small cities offered this turn.
#[derive(Clone, Debug)]
pub struct Castles {
    tokens: Vec<u32>,
    castles: Vec<Castle>,
    /// The small cities waiting for their owner's decision: (root, owner).
    offers: Vec<(u32, u8)>,
}

impl Module for Castles {
    type Table = CastleTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Figure,
        meaning: "a castle token: a completed two-tile city with one follower may become a castle, whose lord scores the first feature completed in its fief of six tiles",
        parameters: &[(
            "castle.farm-bonus",
            "points a field's farmers score for each castle it touches, beyond a completed city's",
        )],
    };
    const HOOKS: u64 = hooks![
        prepare_kind,
        parameters,
        due_before_scoring,
        apply,
        expected,
        after_scoring,
        scored,
        final_last
    ];

    fn in_play(s: &Setup<'_>) -> bool {
        // Castle tokens are supply pieces: declared, they are in play.
        s.figures_declare(NAME)
    }

    fn table(
        _: &Setup<'_>,
        figures: &[FigureDef],
        vocab: &Vocab,
    ) -> Result<CastleTable, SetupError> {
        let mut kind = None;
        for f in figures.iter().filter(|f| f.has(NAME)) {
            let [on] = f.stands_on.as_slice() else {
                return Err(SetupError(format!(
                    "figure `{}`: a `{NAME}` token names the one kind castles are built on with `stands-on`",
                    f.id
                )));
            };
            let Some(k) = vocab.kind(on) else {
                return Err(SetupError(format!(
                    "figure `{}`: no kind `{on}` in the vocabulary",
                    f.id
                )));
            };
            kind = Some(k);
        }
        let Some(kind) = kind else {
            return Err(SetupError(format!("no figure declares `{NAME}`")));
        };
        if !matches!(
            vocab.kinds[usize::from(kind)].scoring,
            Scoring::Network { .. }
        ) {
            return Err(SetupError(format!(
                "castles stand on a network-scored kind, not `{}`",
                vocab.kinds[usize::from(kind)].id
            )));
        }
        let no_castle = vocab
            .attribute(NO_CASTLE)
            .and_then(|a| 1u64.checked_shl(u32::from(a)))
            .unwrap_or(0);
        Ok(CastleTable {
            kind,
            no_castle,
            bases: Vec::new(),
            farm_bonus: 0,
        })
    }

    fn parameters(table: &mut CastleTable, params: &mut Params) -> Result<(), SetupError> {
        table.farm_bonus = params.require("castle.farm-bonus", true);
        Ok(())
    }

    fn prepare_kind(
        table: &mut CastleTable,
        _: &Setup<'_>,
        _: &wire::Tile,
        _: usize,
        kind: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let mut bases = 0u64;
        for (f, feature) in kind.features.iter().enumerate().take(64) {
            if feature.kind == table.kind
                && feature.shape == Shape::Region
                && feature.sides == 1
                && feature.attributes & table.no_castle == 0
            {
                bases |= 1 << f;
            }
        }
        table.bases.push(bases);
        Ok(())
    }

    fn new(_: &CastleTable, players: usize) -> Castles {
        Castles {
            tokens: vec![castles_for(players); players],
            castles: Vec::new(),
            offers: Vec::new(),
        }
    }

    fn copy_from(&mut self, other: &Castles) {
        self.tokens.clone_from(&other.tokens);
        self.castles.clone_from(&other.castles);
        self.offers.clone_from(&other.offers);
    }

    fn due_before_scoring<X: Host>(
        &mut self,
        t: &CastleTable,
        game: &mut Game<'_, X>,
    ) -> Option<Phase> {
        self.offers.clear();
        if self.tokens.iter().all(|&n| n == 0) {
            return None;
        }
        let placed = game.board.placed[game.current as usize];
        let kind = &game.rules.kinds[usize::from(placed.kind.0)];
        let bases = t.bases[usize::from(placed.kind.0)];
        for &f in &kind.networks {
            if f >= 64 || bases & (1 << f) == 0 {
                continue;
            }
            let root = game.features.find(placed.first_node + u32::from(f));
            if game.features.open(root) != 0 || self.offers.iter().any(|&(r, _)| r == root) {
                continue;
            }
            if !small_city(t, game, root) {
                continue;
            }
            let on = followers_on(game, root);
            let [one] = on.as_slice() else {
                continue;
            };
            let owner = game.standing[*one].player;
            if self.tokens[usize::from(owner)] > 0 {
                self.offers.push((root, owner));
            }
        }
        let (active, players) = (game.active, game.players);
        self.offers
            .sort_by_key(|&(_, p)| (usize::from(p) + players - active) % players);
        (!self.offers.is_empty()).then_some(Phase::Castle)
    }

    fn apply<X: Host>(
        &mut self,
        _: &CastleTable,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        let Move::Castle(build) = *mv else {
            return None;
        };
        if game.phase != Phase::Castle {
            return None;
        }
        let Some(&(root, owner)) = self.offers.first() else {
            return Some(illegal("no small city waits for a castle"));
        };
        if build {
            self.build(game, root, owner);
        }
        self.offers.remove(0);
        let tokens = &self.tokens;
        self.offers.retain(|&(_, p)| tokens[usize::from(p)] > 0);
        Some(Ok(self.offers.is_empty().then_some(Then::Score)))
    }

    fn expected(phase: Phase) -> Option<&'static str> {
        (phase == Phase::Castle).then_some("the castle decision for the small city completed")
    }

    fn after_scoring<X: Host>(&mut self, _: &CastleTable, game: &mut Game<'_, X>) {
        if !self.castles.iter().any(|c| c.lord.is_some()) {
            return;
        }
        let done = self.completed(game);
        // (castle index, points) of the castles scored in the last round.
        let mut round: Vec<(usize, i64)> = Vec::new();
        for i in 0..self.castles.len() {
            let c = self.castles[i];
            if c.lord.is_none() || c.tiles.contains(&game.current) {
                continue;
            }
            let fief = fief(game, c.tiles);
            let best = done
                .iter()
                .filter(|d| d.tiles.iter().any(|p| fief.contains(p)))
                .max_by_key(|d| d.points);
            if let Some(d) = best {
                self.score(game, i, d.points, Some(d.kind));
                round.push((i, d.points));
            }
        }
        while !round.is_empty() {
            let scored = std::mem::take(&mut round);
            for i in 0..self.castles.len() {
                let c = self.castles[i];
                if c.lord.is_none() {
                    continue;
                }
                let fief = fief(game, c.tiles);
                let best = scored
                    .iter()
                    .filter(|&&(j, _)| {
                        self.castles[j]
                            .tiles
                            .iter()
                            .any(|&t| fief.contains(&at(game, t)))
                    })
                    .map(|&(_, p)| p)
                    .max();
                if let Some(points) = best {
                    self.score(game, i, points, None);
                    round.push((i, points));
                }
            }
        }
    }

    /// A field scored: each castle it touches is worth one point more to
    /// its farmers than the completed city it was (4 instead of 3).
    fn scored<X: Host>(&mut self, t: &CastleTable, game: &mut Game<'_, X>, scored: &Scored<'_>) {
        // A field's scoring: its farmers' or, at game end, its barns'.
        let Some(Event {
            reason: Reason::Farm { .. } | Reason::Barn { .. },
            ..
        }) = scored.event
        else {
            return;
        };
        if self.castles.is_empty() || t.farm_bonus == 0 {
            return;
        }
        let Some(Spot::Node(node)) = scored.returned.first().map(|s| s.spot) else {
            return;
        };
        let castles = self.touching(game, node);
        if castles == 0 {
            return;
        }
        let turn = game.event_turn();
        for player in 0..game.players {
            if scored.winners & (1 << player) == 0 {
                continue;
            }
            game.award(Event {
                turn,
                player,
                points: i64::from(castles).saturating_mul(t.farm_bonus),
                source: Source::Field,
                reason: Reason::CastleFarm { castles },
            });
        }
    }

    fn final_last<X: Host>(&mut self, _: &CastleTable, game: &mut Game<'_, X>) {
        let mut i = game.standing.len();
        while i > 0 {
            i -= 1;
            if game.standing[i].spot == Spot::Off(SPOT) {
                game.return_figure(i);
            }
        }
        for c in &mut self.castles {
            c.lord = None;
        }
    }
}

/// A feature completed this turn: its points and the squares of its tiles.
struct Done {
    points: i64,
    kind: FeatureKindId,
    tiles: Vec<(i32, i32)>,
}

/// The square of placed tile `t`.
fn at<X: Host>(game: &Game<'_, X>, t: u32) -> (i32, i32) {
    let p = game.board.placed[t as usize];
    (p.x, p.y)
}

/// The six squares of a castle's fief: its two tiles and the two beside
/// each, across the castle's length.
fn fief<X: Host>(game: &Game<'_, X>, tiles: [u32; 2]) -> [(i32, i32); 6] {
    let (a, b) = (at(game, tiles[0]), at(game, tiles[1]));
    if a.0 == b.0 {
        [
            a,
            b,
            (a.0 - 1, a.1),
            (a.0 + 1, a.1),
            (b.0 - 1, b.1),
            (b.0 + 1, b.1),
        ]
    } else {
        [
            a,
            b,
            (a.0, a.1 - 1),
            (a.0, a.1 + 1),
            (b.0, b.1 - 1),
            (b.0, b.1 + 1),
        ]
    }
}

/// True when node `n` is a castle base piece.
fn base<X: Host>(t: &CastleTable, game: &Game<'_, X>, n: u32) -> bool {
    let kind = game.board.placed[game.features.tile(n) as usize].kind;
    let f = game.features.feature(n);
    f < 64 && t.bases[usize::from(kind.0)] & (1 << f) != 0
}

/// True when the feature `root` is a small city: two castle bases on two
/// tiles.
fn small_city<X: Host>(t: &CastleTable, game: &Game<'_, X>, root: u32) -> bool {
    let other = game.features.next(root);
    other != root
        && game.features.next(other) == root
        && game.features.tile(root) != game.features.tile(other)
        && base(t, game, root)
        && base(t, game, other)
}

/// The indices in the standing list of the followers (not companions) on
/// the feature `root`.
fn followers_on<X: Host>(game: &mut Game<'_, X>, root: u32) -> Vec<usize> {
    let mut found = Vec::new();
    for i in 0..game.standing.len() {
        let s = game.standing[i];
        let Spot::Node(n) = s.spot else { continue };
        if !game.rules.figures[usize::from(s.figure.0)].follower_piece()
            || game.rules.figures[usize::from(s.figure.0)].companion
        {
            continue;
        }
        if game.features.find(n) == root {
            found.push(i);
        }
    }
    found
}

impl Castles {
    /// The castles the face of `node` (a field) touches, each once.
    fn touching<X: Host>(&self, game: &mut Game<'_, X>, node: u32) -> u32 {
        let roots: Vec<u32> = self
            .castles
            .iter()
            .map(|c| game.features.find(c.root))
            .collect();
        let root = game.features.find(node);
        let mut seen: Vec<u32> = Vec::new();
        let mut m = root;
        loop {
            let placed = game.board.placed[game.features.tile(m) as usize];
            let kind = &game.rules.kinds[usize::from(placed.kind.0)];
            let face = &kind.features[usize::from(game.features.feature(m))];
            for &c in &face.touching {
                let other = game.features.find(placed.first_node + u32::from(c));
                if roots.contains(&other) && !seen.contains(&other) {
                    seen.push(other);
                }
            }
            m = game.features.next(m);
            if m == root {
                return u32::try_from(seen.len()).unwrap_or(u32::MAX);
            }
        }
    }

    /// Whether the city `root` was made a castle.
    pub(super) fn is_castle(&self, root: u32) -> bool {
        self.castles.iter().any(|c| c.root == root)
    }

    /// Builds a castle on the small city `root` for `owner`: its follower
    /// becomes the lord, off the city, on the same tile.
    fn build<X: Host>(&mut self, game: &mut Game<'_, X>, root: u32, owner: u8) {
        let Some(&i) = followers_on(game, root).first() else {
            return;
        };
        self.tokens[usize::from(owner)] -= 1;
        let s = game.take_off(i);
        game.standing.push(Standing {
            spot: Spot::Off(SPOT),
            ..s
        });
        // The same follower, on the same tile: the fairy stays beside it.
        if let Some(f) = game.x.module_mut::<super::fairy::Fairy>() {
            f.follow(s.tile, s.spot, Spot::Off(SPOT), s.player, s.figure);
        }
        game.release_companions(usize::from(owner), root);
        let other = game.features.next(root);
        let mut tiles = [game.features.tile(root), game.features.tile(other)];
        tiles.sort_unstable();
        self.castles.push(Castle {
            root,
            tiles,
            owner,
            lord: Some((s.figure, s.tile)),
        });
    }

    /// The scored features this turn's tile completed (a castle's city
    /// excepted): its regions and paths, and the neighbourhood spots whose
    /// square it filled.
    fn completed<X: Host>(&self, game: &mut Game<'_, X>) -> Vec<Done> {
        let mut done: Vec<Done> = Vec::new();
        let rules = game.rules;
        let placed = game.board.placed[game.current as usize];
        let mut roots: Vec<u32> = Vec::new();
        let nodes = super::turn_nodes::completed_by_turn(game);
        for node in nodes {
            let root = game.features.find(node);
            if game.features.open(root) != 0
                || game.features.shape(root) == Shape::Face
                || roots.contains(&root)
                || self.castles.iter().any(|c| c.root == root)
            {
                continue;
            }
            roots.push(root);
            let Some((points, _, _)) = game.feature_value(root, false) else {
                continue;
            };
            let mut tiles = Vec::new();
            let mut m = root;
            loop {
                tiles.push(at(game, game.features.tile(m)));
                m = game.features.next(m);
                if m == root {
                    break;
                }
            }
            done.push(Done {
                points,
                kind: FeatureKindId(game.features.kind(root)),
                tiles,
            });
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
                for (f, feature) in (0u32..).zip(&k.features) {
                    let spot = &rules.vocab.kinds[usize::from(feature.kind)];
                    if !matches!(spot.scoring, Scoring::Neighbourhood { .. }) {
                        continue;
                    }
                    let node = p.first_node + f;
                    if let Some((points, _, _)) = game.feature_value(node, false) {
                        done.push(Done {
                            points,
                            kind: FeatureKindId(feature.kind),
                            tiles: vec![(x, y)],
                        });
                    }
                }
            }
        }
        done
    }

    /// Castle `i` scores `points` for its lord, who goes home. A lord that
    /// weighs nothing off a feature (a mayor: a castle has no pennants)
    /// wins nothing, and its castle is used up all the same.
    fn score<X: Host>(
        &mut self,
        game: &mut Game<'_, X>,
        i: usize,
        points: i64,
        kind: Option<FeatureKindId>,
    ) {
        let c = self.castles[i];
        let Some((figure, tile)) = c.lord else {
            return;
        };
        self.castles[i].lord = None;
        let lord = game.standing.iter().position(|s| {
            s.spot == Spot::Off(SPOT) && s.tile == tile && s.figure == figure && s.player == c.owner
        });
        // A lord taken off its castle by some other rule scores nothing.
        let Some(j) = lord else {
            return;
        };
        let (x, y) = at(game, c.tiles[0]);
        let weighs = game.figure_weight(None, figure) > 0;
        if weighs {
            game.award(Event {
                turn: game.event_turn(),
                player: usize::from(c.owner),
                points,
                source: Source::Castle,
                reason: Reason::Castle { kind, x, y },
            });
        }
        let s = game.standing[j];
        super::fairy::Fairy::lord_scored(game, &s);
        if weighs {
            super::gold::Gold::castle_scored(game, usize::from(c.owner), &fief(game, c.tiles));
        }
        game.return_figure(j);
    }

    /// The small city waiting for a decision: its owner and its first piece
    /// (tile, feature).
    fn offer<X: Host>(&self, game: &Game<'_, X>) -> Option<(usize, u32, u8)> {
        let &(root, owner) = self.offers.first()?;
        Some((
            usize::from(owner),
            game.features.tile(root),
            game.features.feature(root),
        ))
    }
}

impl Game<'_, super::InPlay> {
    /// The small city whose owner decides now whether to build a castle:
    /// the owner, and the square of one of its tiles.
    #[must_use]
    pub fn castle_offer(&self) -> Option<(usize, i32, i32)> {
        if self.phase != Phase::Castle {
            return None;
        }
        let (owner, tile, _) = self.x.module::<Castles>()?.offer(self)?;
        let (x, y) = at(self, tile);
        Some((owner, x, y))
    }

    /// The two pieces of the small city offered a castle now: each one's
    /// square and feature (its index among the tile's features).
    #[must_use]
    pub fn castle_offer_pieces(&self) -> Vec<(i32, i32, u8)> {
        if self.phase != Phase::Castle {
            return Vec::new();
        }
        let Some(&(root, _)) = self.x.module::<Castles>().and_then(|m| m.offers.first()) else {
            return Vec::new();
        };
        [root, self.features.next(root)]
            .into_iter()
            .map(|n| {
                let (x, y) = at(self, self.features.tile(n));
                (x, y, self.features.feature(n))
            })
            .collect()
    }

    /// What a castle on the small city offered now would give up and might
    /// win: the city's points now, and the most an unfinished feature with
    /// a piece in the castle's fief would be worth completed.
    #[must_use]
    pub fn castle_prospect(&mut self) -> (i64, i64) {
        let Some(&(root, _)) = self.x.module::<Castles>().and_then(|m| m.offers.first()) else {
            return (0, 0);
        };
        let now = self.feature_value(root, false).map_or(0, |v| v.0);
        let other = self.features.next(root);
        let fief = fief(self, [self.features.tile(root), self.features.tile(other)]);
        let mut best = 0;
        for (x, y) in fief {
            let Some(t) = self.board.tile_at(x, y) else {
                continue;
            };
            let p = self.board.placed[t as usize];
            let features = self.rules.kinds[usize::from(p.kind.0)].features.len();
            for f in 0..u32::try_from(features).unwrap_or(0) {
                let r = self.features.find(p.first_node + f);
                let open = match self.features.shape(r) {
                    Shape::Face => false,
                    Shape::Spot => self.board.around(x, y) < 8,
                    _ => self.features.open(r) > 0,
                };
                if open {
                    let v = self.feature_value_as(r, false, true).map_or(0, |v| v.0);
                    best = best.max(v);
                }
            }
        }
        (now, best)
    }

    /// Castles built so far.
    #[must_use]
    pub fn castles_built(&self) -> u32 {
        self.x
            .module::<Castles>()
            .map_or(0, |m| u32::try_from(m.castles.len()).unwrap_or(u32::MAX))
    }

    /// A player's castles in supply.
    #[must_use]
    pub fn castle_tokens(&self, player: usize) -> u32 {
        self.x
            .module::<Castles>()
            .and_then(|m| m.tokens.get(player).copied())
            .unwrap_or(0)
    }
}
