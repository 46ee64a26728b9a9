//! The rule modules, one per capability, and their registry. Each module is a
//! file of its own implementing `Module`: its capability (the name `.tiles`
//! writes on a kind, attribute or figure), its tables, its state and the hooks
//! of the turn it takes part in. The registry below lists them, once: from
//! that line come the [`REGISTRY`] of capabilities (which the compiler's
//! W0603, the engine's refusal and `docs/rules-engine.md` read), the modules'
//! tables in the ruleset, their state in a game, and [`InPlay`], which
//! implements the core's hooks by calling each module in play, in registry
//! order. A module that interplays with another reads it through `Host`
//! and comes after it.
//!
//! Adding a capability is adding its file and its line in `registry!`.
//!
//! Each hook tests inline whether any module is in play and keeps its loop
//! over the modules in an out-of-line `all`: a game with no module in play
//! pays one branch per hook, not a call. Inside the loop, a module whose
//! `HOOKS` leaves the hook out is skipped at compile time (neither its
//! state moved out and back nor its default called).

pub(in crate::engine) mod module;

pub(in crate::engine) mod abbey;
pub(in crate::engine) mod abbot;
pub(in crate::engine) mod barn;
pub(in crate::engine) mod bazaar;
pub(in crate::engine) mod big_top;
pub(in crate::engine) mod bridge;
pub(in crate::engine) mod builder;
pub(in crate::engine) mod castle;
pub(in crate::engine) mod challenge;
pub(in crate::engine) mod church;
pub(in crate::engine) mod city_of_carcassonne;
pub(in crate::engine) mod crop_circle;
pub(in crate::engine) mod darmstadtium;
pub(in crate::engine) mod dragon;
pub(in crate::engine) mod fairy;
pub(in crate::engine) mod ferry;
pub(in crate::engine) mod festival;
pub(in crate::engine) mod flight;
pub(in crate::engine) mod gold;
pub(in crate::engine) mod goods;
pub(in crate::engine) mod hill;
pub(in crate::engine) mod king_and_robber;
pub(in crate::engine) mod labyrinth;
pub(in crate::engine) mod mage_and_witch;
pub(in crate::engine) mod mayor;
pub(in crate::engine) mod phantom;
pub(in crate::engine) mod pig;
pub(in crate::engine) mod pig_herd;
pub(in crate::engine) mod portal;
pub(in crate::engine) mod princess;
pub(in crate::engine) mod pyramid;
pub(in crate::engine) mod razboynik;
pub(in crate::engine) mod ringmaster;
pub(in crate::engine) mod river;
pub(in crate::engine) mod shepherd;
pub(in crate::engine) mod siege;
pub(in crate::engine) mod special_monastery;
pub(in crate::engine) mod tower;
pub(in crate::engine) mod tunnel;
mod turn_nodes;
pub(in crate::engine) mod vineyard;
pub(in crate::engine) mod vodyanoy;
pub(in crate::engine) mod volcano;
pub(in crate::engine) mod wagon;
pub(in crate::engine) mod watchtower;
pub(in crate::engine) mod wind_rose;
pub(in crate::engine) mod yaga_hut;

use std::any::Any;

use crate::emit::wire;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, Rules, Scored, SetupError, Standing};
use crate::engine::ids::{FigureId, KindId, TokenId};
use crate::engine::moves::Flights;
use crate::engine::moves::{illegal, IllegalMove, MeepleAction, Move, Phase, Placement};
pub use module::{hook, Capability, On};
use module::{Host, Module, Offer, Refusal, Setup, Then};

/// Declares the modules, in the order they take part in every phase.
macro_rules! registry {
    ($($field:ident: $module:ty,)*) => {
        /// Every capability the engine implements, in registry order.
        pub const REGISTRY: &[Capability] = &[$(<$module as Module>::CAPABILITY,)*];

        /// The hooks each module of [`REGISTRY`] implements (bits of
        /// [`hook`], names in [`hook::NAMES`]), in registry order.
        pub const HOOKS: &[u64] = &[$(<$module as Module>::HOOKS,)*];

        /// What the modules in play prepared once per tile set.
        #[derive(Debug, Default)]
        pub struct Tables {
            $($field: Option<<$module as Module>::Table>,)*
        }

        /// The state of the rule modules in play, for one game.
        #[derive(Debug)]
        pub struct InPlay {
            /// Some module is in play (else every hook returns at once).
            any: bool,
            // Boxed: a hook that changes a module moves it out of the game
            // and back, and a pointer moves for nothing where the module's
            // state would be copied twice per hook.
            $($field: Option<Box<$module>>,)*
        }

        impl Tables {
            /// Prepares the tables of the modules the set uses, before its
            /// tiles: adjusts the figures, then (`vocab`) who stands where.
            pub(in crate::engine) fn prepare_figures(s: &Setup<'_>, figures: &mut [FigureDef]) -> Vec<bool> {
                let in_play = vec![$(<$module as Module>::in_play(s),)*];
                let mut i = 0;
                $(
                    if in_play[i] {
                        <$module as Module>::prepare_figures(s, figures);
                    }
                    i += 1;
                )*
                let _ = i;
                in_play
            }

            /// Lets the modules in play adjust the vocabulary, then makes
            /// their tables.
            pub(in crate::engine) fn new(
                s: &Setup<'_>,
                in_play: &[bool],
                figures: &[FigureDef],
                vocab: &mut Vocab,
            ) -> Result<Tables, SetupError> {
                let mut i = 0;
                $(
                    if in_play[i] {
                        <$module as Module>::prepare_vocab(s, figures, vocab);
                    }
                    i += 1;
                )*
                let mut tables = Tables::default();
                i = 0;
                $(
                    if in_play[i] {
                        tables.$field = Some(<$module as Module>::table(s, figures, vocab)?);
                    }
                    i += 1;
                )*
                let _ = i;
                Ok(tables)
            }

            /// Lets each module in play read one tile as it is prepared.
            pub(in crate::engine) fn prepare_kind(
                &mut self,
                s: &Setup<'_>,
                tile: &wire::Tile,
                expansion: usize,
                kind: &mut Kind,
                vocab: &Vocab,
            ) -> Result<(), SetupError> {
                $(
                    if let Some(t) = self.$field.as_mut() {
                        <$module as Module>::prepare_kind(t, s, tile, expansion, kind, vocab)?;
                    }
                )*
                Ok(())
            }

            /// True when a module in play is one the placement preview does
            /// not model ([`Module::PREVIEWED`]).
            pub(in crate::engine) fn unpreviewed(&self) -> bool {
                false $(|| (self.$field.is_some() && !<$module as Module>::PREVIEWED))*
            }

            /// Reads the parameters of the modules in play.
            pub(in crate::engine) fn parameters(&mut self, params: &mut Params) -> Result<(), SetupError> {
                $(
                    if let Some(t) = self.$field.as_mut() {
                        <$module as Module>::parameters(t, params)?;
                    }
                )*
                Ok(())
            }

            /// The capabilities of the modules in play, in registry order.
            pub(in crate::engine) fn in_play(&self) -> Vec<&'static str> {
                let mut out = Vec::new();
                $(
                    if self.$field.is_some() {
                        out.push(<$module as Module>::CAPABILITY.name);
                    }
                )*
                out
            }
        }

        impl Host for InPlay {
            fn module<M: Module>(&self) -> Option<&M> {
                $(
                    if let Some(m) = (&self.$field as &dyn Any).downcast_ref::<Option<Box<M>>>() {
                        return m.as_deref();
                    }
                )*
                None
            }

            fn module_mut<M: Module>(&mut self) -> Option<&mut M> {
                $(
                    if let Some(m) = (&mut self.$field as &mut dyn Any).downcast_mut::<Option<Box<M>>>() {
                        return m.as_deref_mut();
                    }
                )*
                None
            }

            fn table<M: Module>(tables: &Tables) -> Option<&M::Table> {
                $(
                    if let Some(t) = (&tables.$field as &dyn Any)
                        .downcast_ref::<Option<M::Table>>()
                    {
                        return t.as_ref();
                    }
                )*
                None
            }
        }

        impl Rules for InPlay {
            type Tables = Tables;
            type Refusal = Refusal;

            fn new(tables: &Tables, players: usize) -> InPlay {
                InPlay {
                    any: false $(|| tables.$field.is_some())*,
                    $($field: tables.$field.as_ref().map(|t| Box::new(<$module as Module>::new(t, players))),)*
                }
            }

            fn copy_from(&mut self, other: &InPlay) {
                self.any = other.any;
                $(
                    match (&mut self.$field, &other.$field) {
                        (Some(a), Some(b)) => Module::copy_from(&mut **a, b),
                        (a, b) => *a = b.clone(),
                    }
                )*
            }

            fn refusal(game: &Game<'_, InPlay>, tile: KindId, at: Placement) -> Option<Refusal> {
                let rules = game.rules;
                let tables = &rules.ext;
                $(
                    if <$module as Module>::HOOKS & module::hook::refusal != 0 {
                        if let (Some(m), Some(t)) = (&game.x.$field, &tables.$field) {
                            if let Some(r) = m.refusal(t, game, tile, at) {
                                return Some(r);
                            }
                        }
                    }
                )*
                None
            }

            fn describe_refusal(refusal: Refusal) -> String {
                (refusal.describe)(refusal.code)
            }

            fn widen(game: &Game<'_, InPlay>, tile: KindId, at: Placement) -> bool {
                let rules = game.rules;
                let tables = &rules.ext;
                $(
                    if <$module as Module>::HOOKS & module::hook::widen != 0 {
                        if let (Some(m), Some(t)) = (&game.x.$field, &tables.$field) {
                            if m.widen(t, game, tile, at) {
                                return true;
                            }
                        }
                    }
                )*
                false
            }

            fn widens(game: &Game<'_, InPlay>, tile: KindId) -> bool {
                let tables = &game.rules.ext;
                $(
                    if <$module as Module>::HOOKS & module::hook::widen != 0 {
                        if let (Some(m), Some(t)) = (&game.x.$field, &tables.$field) {
                            if <$module as Module>::HOOKS & module::hook::widens == 0
                                || m.widens(t, game, tile)
                            {
                                return true;
                            }
                        }
                    }
                )*
                false
            }

            #[inline]
            fn check_drawn(game: &Game<'_, InPlay>, tile: KindId) -> Result<bool, IllegalMove> {
                if !game.x.any {
                    return Ok(false);
                }
                #[inline(never)]
                fn all(game: &Game<'_, InPlay>, tile: KindId) -> Result<bool, IllegalMove> {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    let mut set_aside = false;
                    $(
                        if <$module as Module>::HOOKS & module::hook::check_drawn != 0 {
                            if let (Some(m), Some(t)) = (&game.x.$field, &tables.$field) {
                                set_aside |= m.check_drawn(t, game, tile)?;
                            }
                        }
                    )*
                    Ok(set_aside)
                }
                all(game, tile)
            }

            fn check_placing(
                game: &Game<'_, InPlay>,
                tile: KindId,
                token: Option<TokenId>,
            ) -> Result<(), IllegalMove> {
                let rules = game.rules;
                let tables = &rules.ext;
                $(
                    if <$module as Module>::HOOKS & module::hook::check_placing != 0 {
                        if let (Some(m), Some(t)) = (&game.x.$field, &tables.$field) {
                            m.check_placing(t, game, tile, token)?;
                        }
                    }
                )*
                // No module takes tokens with a tile: the core refuses one.
                Ok(())
            }

            #[inline]
            fn tile_move(game: &mut Game<'_, InPlay>) {
                if !game.x.any {
                    return;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>) {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::tile_move != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                m.tile_move(t, game);
                                game.x.$field = Some(m);
                            }
                        }
                    )*
                }
                all(game)
            }

            #[inline]
            fn placing(game: &mut Game<'_, InPlay>, tile: KindId, token: Option<TokenId>) {
                if !game.x.any {
                    return;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>, tile: KindId, token: Option<TokenId>) {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::placing != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                m.placing(t, game, tile, token);
                                game.x.$field = Some(m);
                            }
                        }
                    )*
                }
                all(game, tile, token)
            }

            #[inline]
            fn tile_put(game: &mut Game<'_, InPlay>, tile: u32) {
                if !game.x.any {
                    return;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>, tile: u32) {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::tile_put != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                m.tile_put(t, game, tile);
                                game.x.$field = Some(m);
                            }
                        }
                    )*
                }
                all(game, tile)
            }

            #[inline]
            fn placed(game: &mut Game<'_, InPlay>) {
                if !game.x.any {
                    return;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>) {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::placed != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                m.placed(t, game);
                                game.x.$field = Some(m);
                            }
                        }
                    )*
                }
                all(game)
            }

            #[inline]
            fn blocks_figures(game: &Game<'_, InPlay>, tile: u32) -> bool {
                if !game.x.any {
                    return false;
                }
                #[inline(never)]
                fn all(game: &Game<'_, InPlay>, tile: u32) -> bool {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::blocks_figures != 0 {
                            if let (Some(m), Some(t)) = (&game.x.$field, &tables.$field) {
                                if m.blocks_figures(t, game, tile) {
                                    return true;
                                }
                            }
                        }
                    )*
                    false
                }
                all(game, tile)
            }

            #[inline]
            fn shares(game: &Game<'_, InPlay>, node: u32) -> bool {
                if !game.x.any {
                    return false;
                }
                #[inline(never)]
                fn all(game: &Game<'_, InPlay>, node: u32) -> bool {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::shares != 0 {
                            if let (Some(m), Some(t)) = (&game.x.$field, &tables.$field) {
                                if m.shares(t, game, node) {
                                    return true;
                                }
                            }
                        }
                    )*
                    false
                }
                all(game, node)
            }

            fn act(game: &mut Game<'_, InPlay>, action: &MeepleAction) -> Result<(), IllegalMove> {
                let rules = game.rules;
                let tables = &rules.ext;
                $(
                    if <$module as Module>::HOOKS & module::hook::act != 0 {
                        if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                            let done = m.act(t, game, action);
                            game.x.$field = Some(m);
                            if let Some(result) = done {
                                return result;
                            }
                        }
                    }
                )*
                illegal(format!("no rule in play takes the figure action {action:?}"))
            }

            #[inline]
            fn check_action(game: &Game<'_, InPlay>, action: &MeepleAction) -> Result<(), IllegalMove> {
                if !game.x.any {
                    return Ok(());
                }
                #[inline(never)]
                fn all(game: &Game<'_, InPlay>, action: &MeepleAction) -> Result<(), IllegalMove> {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::check_action != 0 {
                            if let (Some(m), Some(t)) = (&game.x.$field, &tables.$field) {
                                m.check_action(t, game, action)?;
                            }
                        }
                    )*
                    Ok(())
                }
                all(game, action)
            }

            #[inline]
            fn another_action(game: &mut Game<'_, InPlay>, action: &MeepleAction) -> bool {
                if !game.x.any {
                    return false;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>, action: &MeepleAction) -> bool {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    // The first module in registry order that asks for another
                    // action has it; the others ask again after that action.
                    let mut again = false;
                    $(
                        if !again {
                            if <$module as Module>::HOOKS & module::hook::another_action != 0 {
                                if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                    again = m.another_action(t, game, action);
                                    game.x.$field = Some(m);
                                }
                            }
                        }
                    )*
                    again
                }
                all(game, action)
            }

            #[inline]
            fn break_ties(game: &mut Game<'_, InPlay>, returned: &[Standing], strength: &mut [u32]) {
                if !game.x.any {
                    return;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>, returned: &[Standing], strength: &mut [u32]) {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::break_ties != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                m.break_ties(t, game, returned, strength);
                                game.x.$field = Some(m);
                            }
                        }
                    )*
                }
                all(game, returned, strength)
            }

            fn strength(game: &mut Game<'_, InPlay>, root: Option<u32>, figure: FigureId) -> u32 {
                let rules = game.rules;
                let tables = &rules.ext;
                $(
                    if <$module as Module>::HOOKS & module::hook::strength != 0 {
                        if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                            let w = m.strength(t, game, root, figure);
                            game.x.$field = Some(m);
                            if let Some(w) = w {
                                return w;
                            }
                        }
                    }
                )*
                rules.figures[usize::from(figure.0)].strength
            }

            #[inline]
            fn due_before_scoring(game: &mut Game<'_, InPlay>) -> Option<Phase> {
                if !game.x.any {
                    return None;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>) -> Option<Phase> {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::due_before_scoring != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                let due = m.due_before_scoring(t, game);
                                game.x.$field = Some(m);
                                if due.is_some() {
                                    return due;
                                }
                            }
                        }
                    )*
                    None
                }
                all(game)
            }

            #[inline]
            fn before_scoring(game: &mut Game<'_, InPlay>) {
                if !game.x.any {
                    return;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>) {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::before_scoring != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                m.before_scoring(t, game);
                                game.x.$field = Some(m);
                            }
                        }
                    )*
                }
                all(game)
            }

            #[inline]
            fn scored(game: &mut Game<'_, InPlay>, scored: &Scored<'_>) {
                if !game.x.any {
                    return;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>, scored: &Scored<'_>) {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::scored != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                m.scored(t, game, scored);
                                game.x.$field = Some(m);
                            }
                        }
                    )*
                }
                all(game, scored)
            }

            #[inline]
            fn after_scoring(game: &mut Game<'_, InPlay>) {
                if !game.x.any {
                    return;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>) {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::after_scoring != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                m.after_scoring(t, game);
                                game.x.$field = Some(m);
                            }
                        }
                    )*
                }
                all(game)
            }

            #[inline]
            fn turn_scored(game: &mut Game<'_, InPlay>) {
                if !game.x.any {
                    return;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>) {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::turn_scored != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                m.turn_scored(t, game);
                                game.x.$field = Some(m);
                            }
                        }
                    )*
                }
                all(game)
            }

            #[inline]
            fn pending(game: &Game<'_, InPlay>) -> Option<Phase> {
                if !game.x.any {
                    return None;
                }
                #[inline(never)]
                fn all(game: &Game<'_, InPlay>) -> Option<Phase> {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::pending != 0 {
                            if let (Some(m), Some(t)) = (&game.x.$field, &tables.$field) {
                                if let Some(phase) = m.pending(t, game) {
                                    return Some(phase);
                                }
                            }
                        }
                    )*
                    None
                }
                all(game)
            }

            #[inline]
            fn keeps_turn(game: &mut Game<'_, InPlay>) -> bool {
                if !game.x.any {
                    return false;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>) -> bool {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    let mut keeps = false;
                    $(
                        if <$module as Module>::HOOKS & module::hook::keeps_turn != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                keeps |= m.keeps_turn(t, game);
                                game.x.$field = Some(m);
                            }
                        }
                    )*
                    keeps
                }
                all(game)
            }

            fn apply(game: &mut Game<'_, InPlay>, mv: &Move) -> Option<Result<(), IllegalMove>> {
                let rules = game.rules;
                let tables = &rules.ext;
                let mut i = 0usize;
                $(
                    if <$module as Module>::HOOKS & module::hook::apply != 0 {
                        if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                            let done = m.apply(t, game, mv);
                            game.x.$field = Some(m);
                            match done {
                                None => {}
                                Some(Err(e)) => return Some(Err(e)),
                                Some(Ok(then)) => {
                                    match then {
                                        Some(Then::EndTurn) => game.end_turn(),
                                        Some(Then::Decided) => match InPlay::pending_after(game, i) {
                                            Some(phase) => game.phase = phase,
                                            None => game.end_turn(),
                                        },
                                        // A decision due before scoring from a
                                        // module after this one comes first.
                                        Some(Then::Score) => match InPlay::due_after(game, i) {
                                            Some(phase) => game.phase = phase,
                                            None => game.score_turn(),
                                        },
                                        Some(Then::Final) => match InPlay::final_after(game, i) {
                                            Some(phase) => game.phase = phase,
                                            None => {
                                                game.phase = Phase::Tile;
                                                if let Err(e) = game.final_scores() {
                                                    return Some(Err(e));
                                                }
                                            }
                                        },
                                        None => {}
                                    }
                                    return Some(Ok(()));
                                }
                            }
                        }
                    }
                    i += 1;
                )*
                let _ = i;
                None
            }

            fn expected(phase: Phase) -> Option<&'static str> {
                $(
                    if let Some(what) = <$module as Module>::expected(phase) {
                        return Some(what);
                    }
                )*
                None
            }

            fn due_before_final(game: &mut Game<'_, InPlay>) -> Option<Phase> {
                InPlay::final_after(game, usize::MAX)
            }

            #[inline]
            fn final_first(game: &mut Game<'_, InPlay>) {
                if !game.x.any {
                    return;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>) {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::final_first != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                m.final_first(t, game);
                                game.x.$field = Some(m);
                            }
                        }
                    )*
                }
                all(game)
            }

            #[inline]
            fn final_last(game: &mut Game<'_, InPlay>) {
                if !game.x.any {
                    return;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>) {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::final_last != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                m.final_last(t, game);
                                game.x.$field = Some(m);
                            }
                        }
                    )*
                }
                all(game)
            }

            #[inline]
            fn relink(game: &mut Game<'_, InPlay>, members: &[u32]) {
                if !game.x.any {
                    return;
                }
                #[inline(never)]
                fn all(game: &mut Game<'_, InPlay>, members: &[u32]) {
                    let rules = game.rules;
                    let tables = &rules.ext;
                    $(
                        if <$module as Module>::HOOKS & module::hook::relink != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                m.relink(t, game, members);
                                game.x.$field = Some(m);
                            }
                        }
                    )*
                }
                all(game, members)
            }
        }

        impl InPlay {
            /// The decision due before scoring from a module after the
            /// `after`-th in the registry, once that one's is made.
            fn due_after(game: &mut Game<'_, InPlay>, after: usize) -> Option<Phase> {
                let rules = game.rules;
                let tables = &rules.ext;
                let mut i = 0usize;
                $(
                    if i > after {
                        if <$module as Module>::HOOKS & module::hook::due_before_scoring != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                let due = m.due_before_scoring(t, game);
                                game.x.$field = Some(m);
                                if due.is_some() {
                                    return due;
                                }
                            }
                        }
                    }
                    i += 1;
                )*
                let _ = i;
                None
            }

            /// The decision due before final scoring from a module after
            /// the `after`-th in the registry (`usize::MAX`: from the first).
            fn final_after(game: &mut Game<'_, InPlay>, after: usize) -> Option<Phase> {
                if !game.x.any {
                    return None;
                }
                let rules = game.rules;
                let tables = &rules.ext;
                let mut i = 0usize;
                $(
                    if after == usize::MAX || i > after {
                        if <$module as Module>::HOOKS & module::hook::due_before_final != 0 {
                            if let (Some(mut m), Some(t)) = (game.x.$field.take(), &tables.$field) {
                                let due = m.due_before_final(t, game);
                                game.x.$field = Some(m);
                                if due.is_some() {
                                    return due;
                                }
                            }
                        }
                    }
                    i += 1;
                )*
                let _ = i;
                None
            }

            /// The decision due from a module after the `after`-th in the
            /// registry, once that one's decision is made.
            fn pending_after(game: &Game<'_, InPlay>, after: usize) -> Option<Phase> {
                let rules = game.rules;
                let tables = &rules.ext;
                let mut i = 0usize;
                $(
                    if i > after {
                        if <$module as Module>::HOOKS & module::hook::pending != 0 {
                            if let (Some(m), Some(t)) = (&game.x.$field, &tables.$field) {
                                if let Some(phase) = m.pending(t, game) {
                                    return Some(phase);
                                }
                            }
                        }
                    }
                    i += 1;
                )*
                let _ = i;
                None
            }

            /// Appends the figure actions the modules in play offer, then
            /// lets them narrow the list from `from` on.
            pub(in crate::engine) fn offer(
                game: &Game<'_, InPlay>,
                out: &mut Vec<MeepleAction>,
                flights: Flights,
                from: usize,
            ) {
                if !game.x.any {
                    return;
                }
                let rules = game.rules;
                let tables = &rules.ext;
                for offer in [Offer::Figures, Offer::Instead] {
                    $(
                        if <$module as Module>::HOOKS & module::hook::offer != 0 {
                            if let (Some(m), Some(t)) = (&game.x.$field, &tables.$field) {
                                m.offer(t, game, out, flights, offer);
                            }
                        }
                    )*
                }
                $(
                    if <$module as Module>::HOOKS & module::hook::narrow != 0 {
                        if let (Some(m), Some(t)) = (&game.x.$field, &tables.$field) {
                            m.narrow(t, game, out, from);
                        }
                    }
                )*
            }
        }

        impl Clone for InPlay {
            fn clone(&self) -> InPlay {
                InPlay {
                    any: self.any,
                    $($field: self.$field.clone(),)*
                }
            }

            fn clone_from(&mut self, other: &InPlay) {
                Rules::copy_from(self, other);
            }
        }
    };
}

registry! {
    river: river::River,
    shepherd: shepherd::Shepherds,
    tunnel: tunnel::Tunnel,
    big_top: big_top::BigTop,
    pyramid: pyramid::Pyramid,
    flight: flight::Flight,
    // Before the crop circle and the dragon: a wagon's move is part of the
    // turn's scoring, which is over before they act.
    wagon: wagon::Wagon,
    crop_circle: crop_circle::CropCircle,
    abbot: abbot::Abbot,
    builder: builder::Builder,
    pig: pig::Pig,
    ringmaster: ringmaster::Ringmaster,
    goods: goods::Goods,
    phantom: phantom::Phantom,
    king_and_robber: king_and_robber::KingAndRobber,
    mayor: mayor::Mayor,
    barn: barn::Barn,
    tower: tower::Towers,
    volcano: volcano::Volcano,
    fairy: fairy::Fairy,
    dragon: dragon::Dragon,
    challenge: challenge::Challenge,
    siege: siege::Siege,
    wind_rose: wind_rose::WindRose,
    hill: hill::Hill,
    vineyard: vineyard::Vineyard,
    gold: gold::Gold,
    // Before the castle: its move asks the castle's decision due after it.
    mage_and_witch: mage_and_witch::MageAndWitch,
    castle: castle::Castles,
    bazaar: bazaar::Bazaar,
    portal: portal::Portal,
    princess: princess::Princess,
    pig_herd: pig_herd::PigHerd,
    labyrinth: labyrinth::Labyrinth,
    festival: festival::Festival,
    watchtower: watchtower::Watchtower,
    abbey: abbey::Abbey,
    darmstadtium: darmstadtium::Darmstadtium,
    church: church::Church,
    yaga_hut: yaga_hut::YagaHut,
    special_monastery: special_monastery::SpecialMonastery,
    ferry: ferry::Ferry,
    vodyanoy: vodyanoy::Vodyanoy,
    // After the Vodyanoy: it holds the followers the razboynik traps.
    razboynik: razboynik::Razboynik,
    // After the pyramid: no bridge over acrobats, no acrobat under a bridge.
    bridge: bridge::Bridges,
    // Last: its moves out of the city follow every decision due before
    // scoring (a castle built takes its city out of the scoring), and a
    // wagon sent home may enter the city.
    city_of_carcassonne: city_of_carcassonne::Count,
}

/// The capability a name stands for.
#[must_use]
pub fn capability(name: &str) -> Option<&'static Capability> {
    REGISTRY.iter().find(|c| c.name == name)
}

/// Refuses a set whose tiles or figures in play use a capability the engine
/// lacks, or one it has only for another sort of declaration. An attribute
/// `scored-with` expansions none of which is in play (`expansions`) is only
/// drawn: its capabilities are not asked for (a tunnel without The Tunnel).
///
/// # Errors
/// The first such use, named.
pub fn check(
    tiles: &[&wire::Tile],
    vocabulary: &wire::Vocabulary,
    figures: &[&wire::Figure],
    expansions: &[&str],
) -> Result<(), SetupError> {
    let refuse = |name: &str, user: String| {
        Err(SetupError(if capability(name).is_some() {
            format!("the engine's `{name}` rules are not for {user}")
        } else {
            format!("the engine has no `{name}` rules: used by {user}")
        }))
    };
    let fits = |name: &str, on: On| capability(name).is_some_and(|c| c.on == on);
    for tile in tiles {
        for f in &tile.features {
            if let Some(kind) = vocabulary.kind(&f.kind) {
                for c in &kind.capabilities {
                    if !fits(c, On::Kind) {
                        return refuse(c, format!("kind `{}` (tile `{}`)", kind.id, tile.id));
                    }
                }
            }
            for a in f.attributes.keys().filter_map(|a| vocabulary.attribute(a)) {
                let inert = !a.scored_with.is_empty()
                    && !a
                        .scored_with
                        .iter()
                        .any(|e| expansions.contains(&e.as_str()));
                for c in a.capabilities.iter().filter(|_| !inert) {
                    if !fits(c, On::Attribute) {
                        return refuse(c, format!("attribute `{}` (tile `{}`)", a.id, tile.id));
                    }
                }
            }
        }
    }
    for f in figures {
        for c in &f.capabilities {
            if !fits(c, On::Figure) {
                return refuse(c, format!("figure `{}`", f.id));
            }
        }
    }
    Ok(())
}
