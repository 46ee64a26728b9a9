//! The siege (`capability siege` on a city attribute: the besieged cities of
//! The Cathars and The Besiegers). Three rules besides the attribute's own
//! values:
//! - a besieged city's complete values are read as a change from the plain
//!   city's (1 a tile where a city gives 2: one less), so that another
//!   attribute's value on the same city loses one too (with a cathedral a
//!   tile and a pennant score 2, not 3); its unfinished values still set;
//! - a field counts each completed besieged city it touches twice: its
//!   majority scores the city's farm value again (with a pig, the pig's
//!   bonus again too);
//! - at the end of their turn, after every other decision of the turn, a
//!   player with a follower in a besieged city may take one such follower
//!   back to supply when a cloister (a centre spot scored by its
//!   neighbourhood: a cloister, a shrine) lies on a besieged tile of that
//!   city or on one of the 8 squares around it: the escape, one follower a
//!   turn at most.
//!
//! Hooks: `prepare_vocab` (the complete values become changes),
//! `prepare_kind` (tiles with a cloister), `scored` (the field's second
//! count), `pending` and `apply` (the escape), `expected`.

use super::module::{hooks, Capability, Host, Module, On, Setup, Then};
use super::pig::Pig;
use crate::emit::wire;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::{Scoring, Target, Vocab, COMPLETE};
use crate::engine::core::{Game, Scored, SetupError, Spot};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::moves::{illegal, Escape, IllegalMove, Move, Phase};

/// The capability.
pub const NAME: &str = "siege";

/// The besieging attributes and the tiles with a cloister.
#[derive(Debug)]
pub struct SiegeTable {
    /// The attributes with the capability, one bit each.
    besieged: u64,
    /// The kinds (vocabulary index) an escape goes through.
    cloister_kinds: Vec<bool>,
    /// For each tile kind: it has a feature of such a kind.
    cloister_tiles: Vec<bool>,
    /// The kinds (vocabulary index) some piece of which is besieged: a
    /// follower on another kind has no siege to escape.
    besieged_kinds: Vec<bool>,
}

/// Escapes so far (for the sources of points).
#[derive(Clone, Debug, Default)]
pub struct Siege {
    escapes: u32,
}

impl Module for Siege {
    type Table = SiegeTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Attribute,
        meaning: "a besieged city: one point less a tile and a pennant complete (its values), counted twice by the fields, and a follower may escape it by a cloister next to a besieged tile",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![
        prepare_vocab,
        prepare_kind,
        scored,
        pending,
        apply,
        expected
    ];

    fn prepare_vocab(s: &Setup<'_>, _: &[FigureDef], vocab: &mut Vocab) {
        let v = s.vocabulary();
        for (i, a) in v.attributes.iter().enumerate() {
            if !a.capabilities.iter().any(|c| c == NAME) {
                continue;
            }
            let plain_tile = a.on.first().and_then(|k| vocab.kind(k)).and_then(|k| {
                match vocab.kinds[usize::from(k)].scoring {
                    Scoring::Network { tile } => Some(tile[COMPLETE]),
                    _ => None,
                }
            });
            let units: Vec<i64> = vocab.attributes.iter().map(|a| a.unit[COMPLETE]).collect();
            let Some(rule) = vocab.attributes.get_mut(i) else {
                continue;
            };
            for m in rule.modifiers.iter_mut().filter(|m| m.set) {
                let plain = match m.target {
                    Target::Tile(COMPLETE) => plain_tile,
                    Target::Unit(u, COMPLETE) => units.get(usize::from(u)).copied(),
                    _ => None,
                };
                if let Some(plain) = plain {
                    m.set = false;
                    m.value = m.value.saturating_sub(plain);
                }
            }
        }
    }

    fn table(s: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<SiegeTable, SetupError> {
        let v = s.vocabulary();
        let besieged = v
            .attributes
            .iter()
            .enumerate()
            .filter(|(_, a)| a.capabilities.iter().any(|c| c == NAME))
            .fold(0u64, |m, (i, _)| {
                m | 1u64.checked_shl(i as u32).unwrap_or(0)
            });
        let cloister_kinds = v
            .kinds
            .iter()
            .map(|k| {
                k.centre
                    && k.score
                        .as_ref()
                        .is_some_and(|sc| sc.template == "neighbourhood")
            })
            .collect();
        Ok(SiegeTable {
            besieged,
            besieged_kinds: vec![false; v.kinds.len()],
            cloister_kinds,
            cloister_tiles: Vec::new(),
        })
    }

    fn prepare_kind(
        table: &mut SiegeTable,
        _: &Setup<'_>,
        _: &wire::Tile,
        _: usize,
        kind: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let has = kind
            .features
            .iter()
            .any(|f| table.cloister_kinds.get(usize::from(f.kind)) == Some(&true));
        table.cloister_tiles.push(has);
        for f in &kind.features {
            if f.attributes & table.besieged != 0 {
                if let Some(b) = table.besieged_kinds.get_mut(usize::from(f.kind)) {
                    *b = true;
                }
            }
        }
        Ok(())
    }

    fn new(_: &SiegeTable, _: usize) -> Siege {
        Siege::default()
    }

    fn scored<X: Host>(&mut self, t: &SiegeTable, game: &mut Game<'_, X>, scored: &Scored<'_>) {
        let Some(Event {
            reason: Reason::Farm { kind, .. },
            ..
        }) = scored.event
        else {
            return;
        };
        let Some(Spot::Node(node)) = scored.returned.first().map(|s| s.spot) else {
            return;
        };
        let Scoring::Farm { per } = &game.rules.vocab.kinds[usize::from(kind.0)].scoring else {
            return;
        };
        let (cities, points) = game.besieged_neighbours(t, node, per);
        if cities == 0 {
            return;
        }
        let pig = X::table::<Pig>(&game.rules.ext);
        let turn = game.event_turn();
        for player in 0..game.players {
            if scored.winners & (1 << player) == 0 {
                continue;
            }
            let with_pig = pig.is_some_and(|p| {
                scored
                    .returned
                    .iter()
                    .any(|s| usize::from(s.player) == player && p.is_pig(s.figure))
            });
            let bonus = pig.filter(|_| with_pig).map_or(0, |p| p.bonus());
            game.award(Event {
                turn,
                player,
                points: points.saturating_add(i64::from(cities).saturating_mul(bonus)),
                source: Source::Field,
                reason: Reason::Besieged { cities },
            });
        }
    }

    fn pending<X: Host>(&self, t: &SiegeTable, game: &Game<'_, X>) -> Option<Phase> {
        (!game.escapes_for(t).is_empty()).then_some(Phase::Escape)
    }

    fn apply<X: Host>(
        &mut self,
        t: &SiegeTable,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        let (Phase::Escape, Move::Escape(escape)) = (game.phase, mv) else {
            return None;
        };
        let Some(e) = escape else {
            return Some(Ok(Some(Then::Decided)));
        };
        if !game.escapes_for(t).contains(e) {
            return Some(illegal(game.escape_refusal(t, e)));
        }
        let active = game.active;
        let found = game.standing.iter().position(|s| {
            let p = game.board.placed[s.tile as usize];
            usize::from(s.player) == active
                && s.figure == e.figure
                && (p.x, p.y) == (e.x, e.y)
                && s.spot == Spot::Node(p.first_node + u32::from(e.feature))
        });
        if let Some(i) = found {
            let s = game.return_figure(i);
            if let Spot::Node(n) = s.spot {
                let root = game.features.find(n);
                game.release_companions(active, root);
            }
            self.escapes += 1;
        }
        Some(Ok(Some(Then::Decided)))
    }

    fn expected(phase: Phase) -> Option<&'static str> {
        (phase == Phase::Escape).then_some("the escape from a besieged city (or staying)")
    }
}

impl<X: Host> Game<'_, X> {
    /// The active player's followers that may escape a besieged city now
    /// (none outside a game with the siege).
    #[must_use]
    pub fn escape_options(&self) -> Vec<Escape> {
        X::table::<Siege>(&self.rules.ext).map_or_else(Vec::new, |t| self.escapes_for(t))
    }

    /// Followers that escaped besieged cities so far.
    #[must_use]
    pub fn escapes(&self) -> u32 {
        self.x.module::<Siege>().map_or(0, |s| s.escapes)
    }

    fn escapes_for(&self, t: &SiegeTable) -> Vec<Escape> {
        let mut out = Vec::new();
        for s in &self.standing {
            if usize::from(s.player) != self.active
                || !self.rules.figures[usize::from(s.figure.0)].follower_piece()
            {
                continue;
            }
            let Spot::Node(n) = s.spot else { continue };
            let kind = usize::from(self.features.kind(n));
            if !t.besieged_kinds.get(kind).copied().unwrap_or(false) {
                continue;
            }
            let root = self.features.root(n);
            if !self.can_escape(t, root) {
                continue;
            }
            let p = self.board.placed[s.tile as usize];
            let e = Escape {
                x: p.x,
                y: p.y,
                feature: self.features.feature(n),
                figure: s.figure,
            };
            if !out.contains(&e) {
                out.push(e);
            }
        }
        out
    }

    /// True when the feature of `root` is besieged and a cloister lies on or
    /// around one of its besieged tiles.
    fn can_escape(&self, t: &SiegeTable, root: u32) -> bool {
        let mut m = root;
        loop {
            if self.features.rich(m) {
                let tile = self.features.tile(m);
                let p = self.board.placed[tile as usize];
                let piece = &self.rules.kinds[usize::from(p.kind.0)].features
                    [usize::from(self.features.feature(m))];
                if piece.attributes & t.besieged != 0 && self.cloister_near(t, p.x, p.y) {
                    return true;
                }
            }
            m = self.features.next(m);
            if m == root {
                return false;
            }
        }
    }

    fn cloister_near(&self, t: &SiegeTable, x: i32, y: i32) -> bool {
        (-1..=1).any(|dy| {
            (-1..=1).any(|dx| {
                self.board.tile_at(x + dx, y + dy).is_some_and(|i| {
                    let kind = self.board.placed[i as usize].kind;
                    t.cloister_tiles.get(usize::from(kind.0)) == Some(&true)
                })
            })
        })
    }

    /// True when the feature of `root` holds a besieging attribute.
    fn besieged(&self, t: &SiegeTable, root: u32) -> bool {
        let mut m = root;
        loop {
            if self.features.rich(m) {
                let p = self.board.placed[self.features.tile(m) as usize];
                let piece = &self.rules.kinds[usize::from(p.kind.0)].features
                    [usize::from(self.features.feature(m))];
                if piece.attributes & t.besieged != 0 {
                    return true;
                }
            }
            m = self.features.next(m);
            if m == root {
                return false;
            }
        }
    }

    /// The completed besieged neighbours the face of `node` counts (by
    /// `per`, the farm's values), each once, and their farm points.
    fn besieged_neighbours(&mut self, t: &SiegeTable, node: u32, per: &[i64]) -> (u32, i64) {
        let root = self.features.find(node);
        let mut seen: Vec<u32> = Vec::new();
        let (mut cities, mut points) = (0u32, 0i64);
        let mut m = root;
        loop {
            let placed = self.board.placed[self.features.tile(m) as usize];
            let kind = &self.rules.kinds[usize::from(placed.kind.0)];
            let face = &kind.features[usize::from(self.features.feature(m))];
            for &c in &face.touching {
                let other = self.features.find(placed.first_node + u32::from(c));
                let value = per
                    .get(usize::from(self.features.kind(other)))
                    .copied()
                    .unwrap_or(0);
                if value == 0 || seen.contains(&other) {
                    continue;
                }
                seen.push(other);
                if self.features.open(other) == 0 && self.besieged(t, other) {
                    cities += 1;
                    points = points.saturating_add(value);
                }
            }
            m = self.features.next(m);
            if m == root {
                return (cities, points);
            }
        }
    }

    /// Why an escape is refused.
    fn escape_refusal(&self, t: &SiegeTable, e: &Escape) -> String {
        let Some(i) = self.board.tile_at(e.x, e.y) else {
            return format!("no tile at ({}, {})", e.x, e.y);
        };
        let p = self.board.placed[i as usize];
        let kind = &self.rules.kinds[usize::from(p.kind.0)];
        if usize::from(e.feature) >= kind.features.len() {
            return format!("the tile at ({}, {}) has no such feature", e.x, e.y);
        }
        let node = p.first_node + u32::from(e.feature);
        let figure = self.rules.figure_id(e.figure);
        let mine = self.standing.iter().any(|s| {
            usize::from(s.player) == self.active
                && s.figure == e.figure
                && s.spot == Spot::Node(node)
        });
        if !mine {
            return format!(
                "no {figure} of the player's stands there at ({}, {})",
                e.x, e.y
            );
        }
        let root = self.features.root(node);
        if !self.besieged(t, root) {
            return format!(
                "the {figure} at ({}, {}) is not in a besieged city",
                e.x, e.y
            );
        }
        format!(
            "no cloister lies on or next to a besieged tile of the city of the {figure} at ({}, {}): it can't escape",
            e.x, e.y
        )
    }
}
