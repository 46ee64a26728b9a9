//! The big top (`capability big-top` on a kind: a circus space). The first
//! circus tile gets the big top over a face-down token. Each later circus
//! tile, after the features it completed were scored, triggers the circus
//! where the big top stands: every player scores the token's value for each
//! of their followers (any kind, any role; not companions) on that tile and
//! the 8 around it; the figures stay; the token leaves the game, and the big
//! top moves to the new circus over the new token. At game end the big top's
//! circus is scored once more, first.
//!
//! A circus tile draws from the tokens of its own expansion, else of the first
//! expansion it requires (breadth first) that has tokens, else of the first
//! expansion in play that has any: so Under the Big Top's circuses get its
//! animals, and a fan expansion's circus its own prizes, in the same game.
//! When the tokens run out, a later circus gets the big top with no token
//! under it, and scoring that circus awards nothing.
//!
//! Hooks: `prepare_kind` (circus tiles and their stacks), `check_placing`
//! (the token named with the tile), `placing` (it is taken), `after_scoring`
//! (the circus), `final_first` (the last circus).

use super::module::{hooks, Capability, Host, Module, On, Setup};
use crate::emit::wire;
use crate::engine::core::supplies::{preference, FigureDef};
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, Ruleset, SetupError, MAX_PLAYERS};
use crate::engine::events::{Event, Reason, Source};
use crate::engine::ids::{KindId, TokenId};
use crate::engine::moves::{illegal, IllegalMove};

/// The capability.
pub const NAME: &str = "big-top";

/// Which tiles are circus tiles, and where each draws its token.
#[derive(Debug)]
pub struct BigTopTable {
    /// For each kind: the expansion (index in play) whose tokens it draws,
    /// when it has a circus space.
    pool: Vec<Option<usize>>,
}

impl BigTopTable {
    /// For a circus tile, the expansion (index in play) whose tokens it draws.
    pub(in crate::engine) fn pool(&self, kind: KindId) -> Option<usize> {
        self.pool.get(usize::from(kind.0)).copied().flatten()
    }
}

/// Where the big top stands, and the token under it.
#[derive(Clone, Debug)]
pub struct BigTop {
    /// The placed tile under the big top, and its face-down token.
    pub(in crate::engine) top: Option<(u32, Option<TokenId>)>,
    /// The token named with the tile placed this turn.
    pending: Option<TokenId>,
}

impl Module for BigTop {
    type Table = BigTopTable;
    const CAPABILITY: Capability = Capability {
        name: NAME,
        on: On::Kind,
        meaning: "a circus space: the big top moves there and scores the figures around it",
        parameters: &[],
    };
    const HOOKS: u64 = hooks![
        prepare_kind,
        check_placing,
        placing,
        after_scoring,
        final_first
    ];
    const PREVIEWED: bool = true;

    fn table(_: &Setup<'_>, _: &[FigureDef], _: &Vocab) -> Result<BigTopTable, SetupError> {
        Ok(BigTopTable { pool: Vec::new() })
    }

    fn prepare_kind(
        table: &mut BigTopTable,
        s: &Setup<'_>,
        tile: &wire::Tile,
        expansion: usize,
        _: &mut Kind,
        _: &Vocab,
    ) -> Result<(), SetupError> {
        let circus = tile.features.iter().any(|f| s.kind_has(&f.kind, NAME));
        let pool = if circus {
            let exps = s.expansions;
            let found = preference(exps, expansion)
                .into_iter()
                .find(|&x| !exps[x].tokens.is_empty());
            if found.is_none() {
                return Err(SetupError(format!(
                    "tile `{}` has a circus space but no expansion in play has tokens for the big top",
                    tile.id
                )));
            }
            found
        } else {
            None
        };
        table.pool.push(pool);
        Ok(())
    }

    fn new(_: &BigTopTable, _: usize) -> BigTop {
        BigTop {
            top: None,
            pending: None,
        }
    }

    fn check_placing<X: Host>(
        &self,
        t: &BigTopTable,
        game: &Game<'_, X>,
        tile: KindId,
        token: Option<TokenId>,
    ) -> Result<(), IllegalMove> {
        let rules = game.rules;
        let pool = t.pool(tile);
        let in_pool = |t: TokenId| {
            pool.is_some() && rules.tokens.get(usize::from(t.0)).map(|d| d.expansion) == pool
        };
        let left: u64 = (0..game.tokens_left.len())
            .filter(|&t| in_pool(TokenId(u8::try_from(t).unwrap_or(u8::MAX))))
            .map(|t| u64::from(game.tokens_left[t]))
            .sum();
        let circus = pool.is_some();
        match token {
            None if circus && left > 0 => illegal(
                "the tile has a circus space: name the token put under the big top (`token`)",
            ),
            None => Ok(()),
            Some(_) if !circus => illegal("a token goes only under the big top, on a circus tile"),
            Some(t) if !in_pool(t) => illegal(format!(
                "a {} token does not go under this circus (it takes: {})",
                rules.token_id(t),
                tokens_for(rules, pool)
                    .iter()
                    .map(|&t| rules.token_id(t))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            Some(t) if game.tokens_left[usize::from(t.0)] == 0 => illegal(format!(
                "no {} token is left to draw (the box holds {})",
                rules.token_id(t),
                rules.tokens[usize::from(t.0)].count
            )),
            Some(_) => Ok(()),
        }
    }

    fn placing<X: Host>(
        &mut self,
        _: &BigTopTable,
        game: &mut Game<'_, X>,
        _: KindId,
        token: Option<TokenId>,
    ) {
        if let Some(t) = token {
            game.tokens_left[usize::from(t.0)] -= 1;
        }
        self.pending = token;
    }

    fn after_scoring<X: Host>(&mut self, t: &BigTopTable, game: &mut Game<'_, X>) {
        let kind = game.board.placed[game.current as usize].kind;
        if t.pool(kind).is_none() {
            return;
        }
        if self.top.is_some() {
            self.score(game);
        }
        self.top = Some((game.current, self.pending.take()));
    }

    fn final_first<X: Host>(&mut self, _: &BigTopTable, game: &mut Game<'_, X>) {
        self.score(game);
    }
}

/// The tokens of a pool, in declaration order.
pub fn tokens_for<T>(rules: &Ruleset<T>, pool: Option<usize>) -> Vec<TokenId> {
    (0..rules.tokens.len())
        .filter(|&t| Some(rules.tokens[t].expansion) == pool)
        .filter_map(|t| u8::try_from(t).ok().map(TokenId))
        .collect()
}

impl BigTop {
    /// Scores the circus under the big top; its figures stay where they are.
    fn score<X: Host>(&self, game: &mut Game<'_, X>) {
        let Some((tile, Some(token))) = self.top else {
            return;
        };
        game.scoring_at(tile);
        let at = game.board.placed[tile as usize];
        let mut counts = [0u32; MAX_PLAYERS];
        for s in &game.standing {
            // Followers only: a barn is none (docs/rules.md).
            let def = &game.rules.figures[usize::from(s.figure.0)];
            if !(def.follower_piece() && def.follower) {
                continue;
            }
            let p = game.board.placed[s.tile as usize];
            if (p.x - at.x).abs() <= 1 && (p.y - at.y).abs() <= 1 {
                counts[usize::from(s.player)] += 1;
            }
        }
        let value = game.rules.tokens[usize::from(token.0)].value;
        let turn = game.event_turn();
        for (player, &figures) in counts.iter().enumerate().take(game.players) {
            game.award(Event {
                turn,
                player,
                points: value.saturating_mul(i64::from(figures)),
                source: Source::Circus,
                reason: Reason::Circus {
                    token,
                    value,
                    figures,
                },
            });
        }
    }
}

impl<X: Host> Game<'_, X> {
    /// Where the big top stands, if a circus tile was placed.
    #[must_use]
    pub fn big_top(&self) -> Option<(i32, i32)> {
        let (tile, _) = self.x.module::<BigTop>()?.top?;
        let p = &self.board.placed[tile as usize];
        Some((p.x, p.y))
    }
}
