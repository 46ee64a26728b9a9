//! The shepherd (`capability shepherd` on a figure) and its bag of sheep and
//! wolf tokens (the token stack of the shepherd's expansion; a token worth
//! 0 is a wolf). Instead of a follower, a player may put their shepherd on a
//! field of the tile just placed — beside farmers or not, but never on a
//! field that holds a shepherd already — and draws a token at once. Later,
//! whenever the player's tile extends a field holding their shepherd, they
//! either grow the flock (draw a token) or gather it: every player with a
//! shepherd on that field scores the sheep of all its flocks, and the
//! shepherds and tokens go home. A wolf scatters the field's flocks: its
//! shepherds go home with nothing, every token of it back into the bag.
//! The shepherd weighs nothing in majorities and scores nothing at game end.
//!
//! Each draw is a move (`Move::Flock`, the token drawn named): the seats'
//! table draws it from the bag with the game's generator, and the log
//! records it, so a replay draws the same. The decisions fall due after the
//! figure action and what the tile completed, before any other module's.
//!
//! Hooks: `prepare_figures` and `prepare_vocab` (a companion that stands
//! alone, on fields), `check_action` and `narrow` (one shepherd a field),
//! `before_scoring` (the turn's flocks), `pending`, `apply`, `expected`.

use super::builder::{make_companions, place_companions};
use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::vocab::{Scoring, Vocab};
use crate::engine::core::{Game, SetupError, Spot};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::ids::{FigureId, TokenId};
use crate::engine::moves::{illegal, FigureAction, IllegalMove, MeepleAction, Move, Phase};

use super::module::Then;

/// The capability.
pub const NAME: &str = "shepherd";

/// Which figures are shepherds, and whose tokens fill the bag.
#[derive(Debug)]
pub struct ShepherdTable {
    /// One bit per `FigureId`.
    shepherds: u32,
    /// The expansion (index in play) whose tokens are the bag.
    pool: usize,
}

impl ShepherdTable {
    fn is_shepherd(&self, figure: FigureId) -> bool {
        self.shepherds & (1 << figure.0) != 0
    }
}

/// One shepherd's flock: the tokens drawn beside it.
#[derive(Clone, Debug)]
struct Flock {
    player: u8,
    /// The node the shepherd stands on.
    node: u32,
    tokens: Vec<TokenId>,
}

/// A flock decision of this turn: the shepherd's node, and whether it was
/// just placed (it must draw).
#[derive(Clone, Copy, Debug)]
struct Due {
    node: u32,
    fresh: bool,
}

/// The flocks on the board and the decisions due this turn.
#[derive(Clone, Debug)]
pub struct Shepherds {
    flocks: Vec<Flock>,
    due: Vec<Due>,
    /// Tokens drawn, wolves drawn and flocks gathered so far.
    pub(in crate::engine) draws: u32,
    pub(in crate::engine) wolves: u32,
    pub(in crate::engine) gathered: u32,
    /// A buffer the turn's look at the tile's fields reuses (no state).
    roots: Vec<u32>,
}

impl Module for Shepherds {
    type Table = ShepherdTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Figure,
        meaning: "a figure on a field, alone or beside farmers: extending its field, its owner draws a sheep or wolf token or gathers the flock for its sheep",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![
        prepare_figures,
        prepare_vocab,
        check_action,
        narrow,
        before_scoring,
        pending,
        apply,
        expected
    ];

    fn prepare_figures(_: &Setup<'_>, figures: &mut [FigureDef]) {
        make_companions(NAME, figures);
        for f in figures.iter_mut().filter(|f| f.has(NAME)) {
            f.alone = true;
        }
    }

    fn prepare_vocab(_: &Setup<'_>, figures: &[FigureDef], vocab: &mut Vocab) {
        place_companions(NAME, figures, vocab, |k| {
            matches!(k.scoring, Scoring::Farm { .. })
        });
    }

    fn table(s: &Setup<'_>, figures: &[FigureDef], _: &Vocab) -> Result<ShepherdTable, SetupError> {
        let shepherds = (0..figures.len())
            .filter(|&i| figures[i].has(NAME))
            .fold(0u32, |m, i| m | 1 << i);
        let pool = s
            .expansions
            .iter()
            .position(|e| {
                !e.tokens.is_empty()
                    && e.figures
                        .iter()
                        .any(|f| f.capabilities.iter().any(|c| c == NAME))
            })
            .ok_or_else(|| {
                SetupError(
                    "a shepherd's expansion must bring the bag's tokens (sheep, and wolves worth 0)"
                        .into(),
                )
            })?;
        Ok(ShepherdTable { shepherds, pool })
    }

    fn new(_: &ShepherdTable, _: usize) -> Shepherds {
        Shepherds {
            flocks: Vec::new(),
            due: Vec::new(),
            draws: 0,
            wolves: 0,
            gathered: 0,
            roots: Vec::new(),
        }
    }

    fn check_action<X: Host>(
        &self,
        t: &ShepherdTable,
        game: &Game<'_, X>,
        action: &MeepleAction,
    ) -> Result<(), IllegalMove> {
        if let FigureAction::Place { figure, feature } = *action {
            if t.is_shepherd(figure) && shepherd_on_field(t, game, feature) {
                return illegal("the field already holds a shepherd (counting the whole field across the board)");
            }
        }
        Ok(())
    }

    fn narrow<X: Host>(
        &self,
        t: &ShepherdTable,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        from: usize,
    ) {
        let mut i = from;
        while i < out.len() {
            match out[i] {
                FigureAction::Place { figure, feature }
                    if t.is_shepherd(figure) && shepherd_on_field(t, game, feature) =>
                {
                    out.remove(i);
                }
                _ => i += 1,
            }
        }
    }

    fn before_scoring<X: Host>(&mut self, t: &ShepherdTable, game: &mut Game<'_, X>) {
        self.forget_lost(t, game);
        self.due.clear();
        let active = game.active;
        // A shepherd placed this turn draws at once.
        for s in &game.standing {
            let Spot::Node(node) = s.spot else { continue };
            if usize::from(s.player) == active
                && t.is_shepherd(s.figure)
                && !self.flocks.iter().any(|f| f.node == node)
            {
                self.flocks.push(Flock {
                    player: s.player,
                    node,
                    tokens: Vec::new(),
                });
                self.due.push(Due { node, fresh: true });
            }
        }
        // The fields the tile extended with the player's older shepherds.
        let older = self
            .flocks
            .iter()
            .any(|f| usize::from(f.player) == active && !self.due.iter().any(|d| d.node == f.node));
        if !older {
            return;
        }
        let placed = game.board.placed[game.current as usize];
        let pieces = game.rules.kinds[usize::from(placed.kind.0)].features.len();
        let mut roots = std::mem::take(&mut self.roots);
        roots.clear();
        roots.extend((0..pieces).map(|f| {
            game.features
                .root(placed.first_node + u32::try_from(f).unwrap_or(0))
        }));
        for d in &self.due {
            roots.retain(|&r| r != game.features.root(d.node));
        }
        for f in &self.flocks {
            let root = game.features.root(f.node);
            if usize::from(f.player) == active && roots.contains(&root) {
                roots.retain(|&r| r != root);
                self.due.push(Due {
                    node: f.node,
                    fresh: false,
                });
            }
        }
        roots.clear();
        self.roots = roots;
    }

    fn pending<X: Host>(&self, _: &ShepherdTable, _: &Game<'_, X>) -> Option<Phase> {
        (!self.due.is_empty()).then_some(Phase::Flock)
    }

    fn apply<X: Host>(
        &mut self,
        t: &ShepherdTable,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        let (Phase::Flock, Move::Flock { draw }) = (game.phase, mv) else {
            return None;
        };
        Some(self.decide(t, game, *draw).map(|()| {
            if !self.due.is_empty() {
                return None;
            }
            // This module is out of the registry while it applies: the
            // next module's pending decision, if any, comes next.
            match X::pending(game) {
                Some(phase) => {
                    game.phase = phase;
                    None
                }
                None => Some(Then::EndTurn),
            }
        }))
    }

    fn expected(phase: Phase) -> Option<&'static str> {
        (phase == Phase::Flock).then_some("the flock's decision (a token drawn, or gather)")
    }
}

/// True when the field of `feature` on the tile just placed holds a shepherd.
fn shepherd_on_field<X: Host>(t: &ShepherdTable, game: &Game<'_, X>, feature: u8) -> bool {
    let placed = game.board.placed[game.current as usize];
    let root = game.features.root(placed.first_node + u32::from(feature));
    game.standing.iter().any(|s| match s.spot {
        Spot::Node(n) => t.is_shepherd(s.figure) && game.features.root(n) == root,
        Spot::Off(_) => false,
    })
}

/// The bag's tokens (the pool's kinds) and the value of each.
fn pool<X: Host>(t: &ShepherdTable, game: &Game<'_, X>) -> impl Iterator<Item = (TokenId, i64)> {
    let tokens: Vec<(TokenId, i64)> = game
        .rules
        .tokens
        .iter()
        .enumerate()
        .filter(|(_, d)| d.expansion == t.pool)
        .map(|(i, d)| (TokenId(u8::try_from(i).unwrap_or(u8::MAX)), d.value))
        .collect();
    tokens.into_iter()
}

impl Shepherds {
    /// Forgets the flocks whose shepherd left the board some other way (the
    /// dragon ate it): their tokens go back into the bag.
    fn forget_lost<X: Host>(&mut self, t: &ShepherdTable, game: &mut Game<'_, X>) {
        let mut i = 0;
        while i < self.flocks.len() {
            let f = &self.flocks[i];
            let there = game.standing.iter().any(|s| {
                s.spot == Spot::Node(f.node) && s.player == f.player && t.is_shepherd(s.figure)
            });
            if there {
                i += 1;
            } else {
                let f = self.flocks.swap_remove(i);
                for tok in f.tokens {
                    game.tokens_left[usize::from(tok.0)] += 1;
                }
            }
        }
    }

    /// Grows (`draw`, the token drawn) or gathers (`None`) the first flock due.
    fn decide<X: Host>(
        &mut self,
        t: &ShepherdTable,
        game: &mut Game<'_, X>,
        draw: Option<TokenId>,
    ) -> Result<(), IllegalMove> {
        let Some(&due) = self.due.first() else {
            return illegal("no flock decision is due");
        };
        let root = game.features.root(due.node);
        match draw {
            None if due.fresh => {
                return illegal(
                    "a shepherd just placed draws a token at once: its flock can't be gathered yet",
                )
            }
            None => self.gather(t, game, root),
            Some(token) => {
                let Some((_, value)) = pool(t, game).find(|&(id, _)| id == token) else {
                    return illegal(format!(
                        "`{}` is not one of the shepherd's tokens",
                        game.rules.token_id(token)
                    ));
                };
                if game.tokens_left(token) == 0 {
                    return illegal(format!(
                        "no `{}` token is left in the bag",
                        game.rules.token_id(token)
                    ));
                }
                self.draws += 1;
                game.tokens_left[usize::from(token.0)] -= 1;
                if value == 0 {
                    // The wolf: the field's flocks scatter; it goes back too.
                    self.wolves += 1;
                    game.tokens_left[usize::from(token.0)] += 1;
                    self.send_home(t, game, root);
                } else if let Some(f) = self.flocks.iter_mut().find(|f| f.node == due.node) {
                    f.tokens.push(token);
                }
            }
        }
        self.due.remove(0);
        // A decision on a field settles any other due there.
        let alive: Vec<u32> = self.flocks.iter().map(|f| f.node).collect();
        self.due.retain(|d| alive.contains(&d.node));
        Ok(())
    }

    /// Every player with a shepherd on the field of `root` scores all its
    /// sheep; the shepherds and tokens go home.
    fn gather<X: Host>(&mut self, t: &ShepherdTable, game: &mut Game<'_, X>, root: u32) {
        let values: Vec<(TokenId, i64)> = pool(t, game).collect();
        let value = |tok: TokenId| {
            values
                .iter()
                .find(|&&(id, _)| id == tok)
                .map_or(0, |&(_, v)| v)
        };
        let mut sheep = 0i64;
        let mut tokens = 0u32;
        let mut players = 0u32;
        for f in &self.flocks {
            if game.features.root(f.node) == root {
                players |= 1 << f.player;
                for &tok in &f.tokens {
                    sheep = sheep.saturating_add(value(tok));
                    tokens += 1;
                }
            }
        }
        self.gathered += 1;
        let turn = game.event_turn();
        for player in 0..game.players {
            if players & (1 << player) != 0 {
                game.award(Event {
                    turn,
                    player,
                    points: sheep,
                    source: Source::Field,
                    reason: Reason::Flock {
                        sheep: u32::try_from(sheep).unwrap_or(u32::MAX),
                        tokens,
                    },
                });
            }
        }
        self.send_home(t, game, root);
    }

    /// The shepherds on the field of `root` go home; their tokens go back
    /// into the bag.
    fn send_home<X: Host>(&mut self, t: &ShepherdTable, game: &mut Game<'_, X>, root: u32) {
        let mut i = 0;
        while i < self.flocks.len() {
            if game.features.root(self.flocks[i].node) == root {
                let f = self.flocks.swap_remove(i);
                for tok in f.tokens {
                    game.tokens_left[usize::from(tok.0)] += 1;
                }
            } else {
                i += 1;
            }
        }
        let mut i = game.standing.len();
        while i > 0 {
            i -= 1;
            let s = game.standing[i];
            if let Spot::Node(n) = s.spot {
                if t.is_shepherd(s.figure) && game.features.root(n) == root {
                    game.return_figure(i);
                }
            }
        }
    }
}

/// A flock decision due: true when the shepherd was just placed (it must
/// draw); the bag's tokens with the copies left of each.
pub struct FlockDue {
    /// The shepherd was placed this turn: it draws, no choice.
    pub fresh: bool,
    /// The sheep on the flocks of the field now.
    pub sheep: i64,
    /// The bag: each token, its value (0: a wolf) and copies left.
    pub bag: Vec<(TokenId, i64, u32)>,
}

impl Game<'_, super::InPlay> {
    /// The flock decision due now, if any.
    #[must_use]
    #[inline]
    pub fn flock_due(&self) -> Option<FlockDue> {
        if self.phase != Phase::Flock {
            return None;
        }
        self.flock_due_now()
    }

    /// [`Game::flock_due`] once the flock's phase is on.
    #[inline(never)]
    fn flock_due_now(&self) -> Option<FlockDue> {
        let m = self.x.module::<Shepherds>()?;
        let t = super::InPlay::table::<Shepherds>(&self.rules.ext)?;
        let due = m.due.first()?;
        let root = self.features.root(due.node);
        let values: Vec<(TokenId, i64)> = pool(t, self).collect();
        let sheep = m
            .flocks
            .iter()
            .filter(|f| self.features.root(f.node) == root)
            .flat_map(|f| f.tokens.iter())
            .map(|&tok| values.iter().find(|v| v.0 == tok).map_or(0, |v| v.1))
            .sum();
        let bag = values
            .iter()
            .map(|&(id, v)| (id, v, self.tokens_left(id)))
            .collect();
        Some(FlockDue {
            fresh: due.fresh,
            sheep,
            bag,
        })
    }

    /// Sheep tokens drawn, wolves drawn and flocks gathered so far.
    #[must_use]
    pub fn flock_counts(&self) -> (u32, u32, u32) {
        if !self.x.any {
            return (0, 0, 0);
        }
        self.x
            .module::<Shepherds>()
            .map_or((0, 0, 0), |m| (m.draws, m.wolves, m.gathered))
    }
}
