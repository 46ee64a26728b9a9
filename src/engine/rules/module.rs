//! What a rule module is: a [`Capability`] (the name `.tiles` writes, what it
//! switches on, its parameters) and a [`Module`] — its tables, prepared once
//! per tile set, its state, kept per game, and the hooks of the turn it takes
//! part in (every hook does nothing unless the module says otherwise). The
//! registry (`super`) calls the hooks of the modules in play, in registry
//! order; a module reads another's state or tables through [`Host`].

use crate::emit::wire;
use crate::engine::core::params::Params;
use crate::engine::core::supplies::FigureDef;
use crate::engine::core::tables::Kind;
use crate::engine::core::vocab::Vocab;
use crate::engine::core::{Game, Rules, Scored, SetupError, Standing};
use crate::engine::ids::{FigureId, KindId, TokenId};
use crate::engine::moves::Flights;
use crate::engine::moves::{IllegalMove, MeepleAction, Move, Phase, Placement};

/// What a capability's name is written on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum On {
    /// A kind (`kind circus { capability big-top }`).
    Kind,
    /// An attribute.
    Attribute,
    /// A figure.
    Figure,
}

impl On {
    /// The declaration's name, for messages.
    #[must_use]
    pub fn noun(self) -> &'static str {
        match self {
            On::Kind => "kind",
            On::Attribute => "attribute",
            On::Figure => "figure",
        }
    }
}

/// A capability the engine implements.
#[derive(Clone, Copy, Debug)]
pub struct Capability {
    /// The name declarations use.
    pub name: &'static str,
    /// What declares it.
    pub on: On,
    /// What the engine does with it.
    pub meaning: &'static str,
    /// Rule parameters it reads: name and meaning.
    pub parameters: &'static [(&'static str, &'static str)],
}

/// Why a module refuses a placement: a code its module puts into words only
/// when the refusal is reported.
#[derive(Clone, Copy, Debug)]
pub struct Refusal {
    /// The module's own code.
    pub code: u16,
    /// Words for a code.
    pub describe: fn(u16) -> String,
}

/// Which of a module's figure actions [`Module::offer`] lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// Actions that put a figure somewhere (after the core's placements).
    Figures,
    /// Actions taken instead of placing a figure.
    Instead,
}

/// What the core does after a module's own move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Then {
    /// The turn ends.
    EndTurn,
    /// The module's decision is made: the decisions due from the modules
    /// after it in the registry follow, then the turn ends.
    Decided,
    /// What the tile completed is scored (the turn goes on as after its
    /// figure action).
    /// The turn's scoring goes on (after a decision due before it).
    Score,
    /// The decisions due before final scoring are made: those of the
    /// modules after it in the registry follow, then final scoring.
    Final,
}

/// What a module's setup reads: the tile set and the expansions in play.
pub struct Setup<'s> {
    /// The whole tile set.
    pub set: &'s wire::TileSet,
    /// The expansions in play, in tile-set order.
    pub expansions: &'s [&'s wire::Expansion],
    /// The tiles of the expansions in play.
    pub tiles: &'s [&'s wire::Tile],
    /// The figures of the expansions in play, in order.
    pub figures: &'s [&'s wire::Figure],
}

impl Setup<'_> {
    /// The vocabulary.
    #[must_use]
    pub fn vocabulary(&self) -> &wire::Vocabulary {
        &self.set.vocabulary
    }

    /// True when some tile in play has a feature of a kind with `capability`.
    #[must_use]
    pub fn kinds_use(&self, capability: &str) -> bool {
        let v = self.vocabulary();
        self.tiles.iter().any(|t| {
            t.features.iter().any(|f| {
                v.kind(&f.kind)
                    .is_some_and(|k| k.capabilities.iter().any(|c| c == capability))
            })
        })
    }

    /// True when some tile in play carries an attribute with `capability`
    /// that acts: one `scored-with` expansions acts only with one of them in
    /// play.
    #[must_use]
    pub fn attributes_use(&self, capability: &str) -> bool {
        let v = self.vocabulary();
        let acts = |a: &wire::Attribute| {
            a.scored_with.is_empty()
                || a.scored_with
                    .iter()
                    .any(|e| self.expansions.iter().any(|x| x.id == *e))
        };
        self.tiles.iter().any(|t| {
            t.features.iter().any(|f| {
                f.attributes.keys().any(|a| {
                    v.attribute(a)
                        .is_some_and(|a| acts(a) && a.capabilities.iter().any(|c| c == capability))
                })
            })
        })
    }

    /// True when some figure in play declares `capability`, neutral ones and
    /// those no player places included.
    #[must_use]
    pub fn figures_declare(&self, capability: &str) -> bool {
        self.figures
            .iter()
            .any(|f| f.capabilities.iter().any(|c| c == capability))
    }

    /// True when some figure in play that players place has `capability`.
    #[must_use]
    pub fn figures_use(&self, capability: &str) -> bool {
        self.figures
            .iter()
            .any(|f| !f.neutral && !f.supply && f.capabilities.iter().any(|c| c == capability))
    }

    /// True when a wire kind declares `capability`.
    #[must_use]
    pub fn kind_has(&self, kind: &str, capability: &str) -> bool {
        self.vocabulary()
            .kind(kind)
            .is_some_and(|k| k.capabilities.iter().any(|c| c == capability))
    }

    /// The one feature of `tile` whose kind declares `capability`, with its
    /// index, or none; two are refused naming `what` ("tower foundations").
    pub fn sole_feature<'t>(
        &self,
        tile: &'t wire::Tile,
        capability: &str,
        what: &str,
    ) -> Result<Option<(u8, &'t wire::Feature)>, SetupError> {
        let mut found = None;
        for (i, f) in tile.features.iter().enumerate() {
            if !self.kind_has(&f.kind, capability) {
                continue;
            }
            if found.is_some() {
                return Err(SetupError(format!(
                    "tile `{}`: two {what}; the engine supports one per tile",
                    tile.id
                )));
            }
            found = u8::try_from(i).ok().map(|i| (i, f));
        }
        Ok(found)
    }
}

/// The modules' tables and states as the registry holds them: a module
/// reaches another's (its interplay) through these.
pub trait Host: Rules {
    /// The state of module `M`, when it is in play.
    fn module<M: Module>(&self) -> Option<&M>;
    /// The state of module `M`, to change, when it is in play.
    fn module_mut<M: Module>(&mut self) -> Option<&mut M>;
    /// The tables of module `M`, when it is in play.
    fn table<M: Module>(tables: &Self::Tables) -> Option<&M::Table>;
}

/// The hooks of the engine's `Module` trait a rule module may implement, one
/// bit each, for its `HOOKS` (written with `hooks!`). Each constant is the
/// bit of the method of the same name.
#[allow(non_upper_case_globals, missing_docs)]
pub mod hook {
    pub const prepare_figures: u64 = 1 << 0;
    pub const prepare_vocab: u64 = 1 << 1;
    pub const prepare_kind: u64 = 1 << 2;
    pub const parameters: u64 = 1 << 3;
    pub const refusal: u64 = 1 << 4;
    pub const check_drawn: u64 = 1 << 5;
    pub const check_placing: u64 = 1 << 6;
    pub const tile_move: u64 = 1 << 7;
    pub const placing: u64 = 1 << 8;
    pub const tile_put: u64 = 1 << 9;
    pub const placed: u64 = 1 << 10;
    pub const blocks_figures: u64 = 1 << 11;
    pub const shares: u64 = 1 << 12;
    pub const offer: u64 = 1 << 13;
    pub const act: u64 = 1 << 14;
    pub const check_action: u64 = 1 << 15;
    pub const another_action: u64 = 1 << 16;
    pub const narrow: u64 = 1 << 17;
    pub const break_ties: u64 = 1 << 18;
    pub const strength: u64 = 1 << 19;
    pub const due_before_scoring: u64 = 1 << 20;
    pub const before_scoring: u64 = 1 << 21;
    pub const scored: u64 = 1 << 22;
    pub const after_scoring: u64 = 1 << 23;
    pub const pending: u64 = 1 << 24;
    pub const keeps_turn: u64 = 1 << 25;
    pub const apply: u64 = 1 << 26;
    pub const expected: u64 = 1 << 27;
    pub const final_first: u64 = 1 << 28;
    pub const final_last: u64 = 1 << 29;
    pub const relink: u64 = 1 << 30;
    pub const due_before_final: u64 = 1 << 31;
    pub const widen: u64 = 1 << 32;
    pub const turn_scored: u64 = 1 << 33;
    pub const widens: u64 = 1 << 34;
    /// The hooks' names, bit `i` at index `i`.
    pub const NAMES: &[&str] = &[
        "prepare_figures",
        "prepare_vocab",
        "prepare_kind",
        "parameters",
        "refusal",
        "check_drawn",
        "check_placing",
        "tile_move",
        "placing",
        "tile_put",
        "placed",
        "blocks_figures",
        "shares",
        "offer",
        "act",
        "check_action",
        "another_action",
        "narrow",
        "break_ties",
        "strength",
        "due_before_scoring",
        "before_scoring",
        "scored",
        "after_scoring",
        "pending",
        "keeps_turn",
        "apply",
        "expected",
        "final_first",
        "final_last",
        "relink",
        "due_before_final",
        "widen",
        "turn_scored",
        "widens",
    ];
}

/// The bits of the hooks a module implements, for [`Module::HOOKS`]:
/// `hooks![tile_put, refusal]`.
macro_rules! hooks {
    ($($hook:ident),* $(,)?) => {
        0 $(| $crate::engine::rules::module::hook::$hook)*
    };
}
pub(in crate::engine) use hooks;

/// A rule module. Every hook has a default that does nothing; the core's
/// phases call them through the registry, with the module's tables.
#[allow(unused_variables)]
pub trait Module: Sized + Clone + std::fmt::Debug + 'static {
    /// What the module prepares once per tile set.
    type Table: std::fmt::Debug + 'static;
    /// Its capability.
    const CAPABILITY: Capability;
    /// True when the placement preview (`engine/preview.rs`, the greedy
    /// seat's fast path) models everything the module does on a turn whose
    /// tile none of its kinds lies on. A module that acts elsewhere (figure
    /// actions anywhere, companions, a second action) leaves it false: in a
    /// game with it in play, placements are valued on board copies instead.
    const PREVIEWED: bool = false;
    /// The hooks the module implements ([`hooks!`]): the registry calls
    /// only these, so that a game with many modules in play pays nothing
    /// for the hooks each leaves at its default. Left at its default, every
    /// hook is called. `tests/engine_layers.rs` checks the list against the
    /// module's `impl Module`.
    const HOOKS: u64 = u64::MAX;

    /// True when the set in play uses the capability (a declaration of the
    /// right sort with it is in play).
    fn in_play(s: &Setup<'_>) -> bool {
        let name = Self::CAPABILITY.name;
        match Self::CAPABILITY.on {
            On::Kind => s.kinds_use(name),
            On::Attribute => s.attributes_use(name),
            On::Figure => s.figures_use(name),
        }
    }
    /// Adjusts the figures before the vocabulary is read (a companion).
    fn prepare_figures(s: &Setup<'_>, figures: &mut [FigureDef]) {}
    /// Adjusts who may stand where before the tiles are prepared.
    fn prepare_vocab(s: &Setup<'_>, figures: &[FigureDef], vocab: &mut Vocab) {}
    /// Its tables, before the tiles.
    ///
    /// # Errors
    /// The set gives the module what it can't play.
    fn table(
        s: &Setup<'_>,
        figures: &[FigureDef],
        vocab: &Vocab,
    ) -> Result<Self::Table, SetupError>;
    /// Reads one tile in play (kinds are prepared in order; `kind` may be
    /// marked `constrained`); `expansion` is its expansion's index in play.
    ///
    /// # Errors
    /// The tile gives the module what it can't play.
    fn prepare_kind(
        table: &mut Self::Table,
        s: &Setup<'_>,
        tile: &wire::Tile,
        expansion: usize,
        kind: &mut Kind,
        vocab: &Vocab,
    ) -> Result<(), SetupError> {
        Ok(())
    }
    /// Reads the module's rule parameters (missing ones are gathered).
    ///
    /// # Errors
    /// A parameter out of range.
    fn parameters(table: &mut Self::Table, params: &mut Params) -> Result<(), SetupError> {
        Ok(())
    }

    /// Its state for a new game.
    fn new(table: &Self::Table, players: usize) -> Self;
    /// Copies another game's state, reusing buffers.
    fn copy_from(&mut self, other: &Self) {
        self.clone_from(other);
    }

    /// See [`Rules::refusal`].
    fn refusal<X: Host>(
        &self,
        t: &Self::Table,
        game: &Game<'_, X>,
        tile: KindId,
        at: Placement,
    ) -> Option<Refusal> {
        None
    }
    /// True when the tile may go at `at`, where its sides do not fit, by
    /// what the module adds in the same turn; see [`Rules::widen`]. Asked
    /// only for the signatures the kind's `widens` (set in `prepare_kind`)
    /// make it fit.
    fn widen<X: Host>(
        &self,
        t: &Self::Table,
        game: &Game<'_, X>,
        tile: KindId,
        at: Placement,
    ) -> bool {
        false
    }
    /// False when [`Module::widen`] would refuse every square for `tile`
    /// now (asked once per listing, before `widen` square by square); a
    /// module that declares `widen` and not `widens` is asked every time.
    fn widens<X: Host>(&self, t: &Self::Table, game: &Game<'_, X>, tile: KindId) -> bool {
        true
    }
    /// See [`Rules::check_drawn`].
    ///
    /// # Errors
    /// The module fixed another tile for the active player.
    fn check_drawn<X: Host>(
        &self,
        t: &Self::Table,
        game: &Game<'_, X>,
        tile: KindId,
    ) -> Result<bool, IllegalMove> {
        Ok(false)
    }
    /// See [`Rules::check_placing`].
    ///
    /// # Errors
    /// The module refuses what comes with the tile.
    fn check_placing<X: Host>(
        &self,
        t: &Self::Table,
        game: &Game<'_, X>,
        tile: KindId,
        token: Option<TokenId>,
    ) -> Result<(), IllegalMove> {
        Ok(())
    }
    /// See [`Rules::tile_move`].
    fn tile_move<X: Host>(&mut self, t: &Self::Table, game: &mut Game<'_, X>) {}
    /// See [`Rules::placing`].
    fn placing<X: Host>(
        &mut self,
        t: &Self::Table,
        game: &mut Game<'_, X>,
        tile: KindId,
        token: Option<TokenId>,
    ) {
    }
    /// See [`Rules::tile_put`].
    fn tile_put<X: Host>(&mut self, t: &Self::Table, game: &mut Game<'_, X>, tile: u32) {}
    /// See [`Rules::placed`].
    fn placed<X: Host>(&mut self, t: &Self::Table, game: &mut Game<'_, X>) {}
    /// True when no figure may be placed on placed tile `tile`; see
    /// [`Rules::blocks_figures`].
    fn blocks_figures<X: Host>(&self, t: &Self::Table, game: &Game<'_, X>, tile: u32) -> bool {
        false
    }
    /// True when a figure may stand on feature node `node` of the tile just
    /// placed though its feature is occupied; see [`Rules::shares`].
    fn shares<X: Host>(&self, t: &Self::Table, game: &Game<'_, X>, node: u32) -> bool {
        false
    }
    /// Lists the module's figure actions of one sort.
    fn offer<X: Host>(
        &self,
        t: &Self::Table,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        flights: Flights,
        offer: Offer,
    ) {
    }
    /// Checks and performs one of the module's figure actions; `None` when
    /// the action is not the module's.
    fn act<X: Host>(
        &mut self,
        t: &Self::Table,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> Option<Result<(), IllegalMove>> {
        None
    }
    /// See [`Rules::check_action`].
    ///
    /// # Errors
    /// The module refuses the action in this turn.
    fn check_action<X: Host>(
        &self,
        t: &Self::Table,
        game: &Game<'_, X>,
        action: &MeepleAction,
    ) -> Result<(), IllegalMove> {
        Ok(())
    }
    /// See [`Rules::another_action`].
    fn another_action<X: Host>(
        &mut self,
        t: &Self::Table,
        game: &mut Game<'_, X>,
        action: &MeepleAction,
    ) -> bool {
        false
    }
    /// Narrows the figure actions listed, `out[from..]` (after every
    /// module's offer).
    fn narrow<X: Host>(
        &self,
        t: &Self::Table,
        game: &Game<'_, X>,
        out: &mut Vec<MeepleAction>,
        from: usize,
    ) {
    }
    /// See [`Rules::break_ties`].
    fn break_ties<X: Host>(
        &mut self,
        t: &Self::Table,
        game: &mut Game<'_, X>,
        returned: &[Standing],
        strength: &mut [u32],
    ) {
    }
    /// See [`Rules::strength`]: `None` when the figure is not the module's.
    fn strength<X: Host>(
        &mut self,
        t: &Self::Table,
        game: &mut Game<'_, X>,
        root: Option<u32>,
        figure: FigureId,
    ) -> Option<u32> {
        None
    }
    /// See [`Rules::due_before_scoring`].
    fn due_before_scoring<X: Host>(
        &mut self,
        t: &Self::Table,
        game: &mut Game<'_, X>,
    ) -> Option<Phase> {
        None
    }
    /// See [`Rules::before_scoring`].
    fn before_scoring<X: Host>(&mut self, t: &Self::Table, game: &mut Game<'_, X>) {}
    /// See [`Rules::scored`].
    fn scored<X: Host>(&mut self, t: &Self::Table, game: &mut Game<'_, X>, scored: &Scored<'_>) {}
    /// See [`Rules::after_scoring`].
    fn after_scoring<X: Host>(&mut self, t: &Self::Table, game: &mut Game<'_, X>) {}
    /// See [`Rules::turn_scored`].
    fn turn_scored<X: Host>(&mut self, t: &Self::Table, game: &mut Game<'_, X>) {}
    /// See [`Rules::pending`].
    fn pending<X: Host>(&self, t: &Self::Table, game: &Game<'_, X>) -> Option<Phase> {
        None
    }
    /// See [`Rules::keeps_turn`].
    fn keeps_turn<X: Host>(&mut self, t: &Self::Table, game: &mut Game<'_, X>) -> bool {
        false
    }
    /// Checks and performs one of the module's own moves; `None` when the
    /// move is not the module's.
    fn apply<X: Host>(
        &mut self,
        t: &Self::Table,
        game: &mut Game<'_, X>,
        mv: &Move,
    ) -> Option<Result<Option<Then>, IllegalMove>> {
        None
    }
    /// See [`Rules::expected`].
    fn expected(phase: Phase) -> Option<&'static str> {
        None
    }
    /// See [`Rules::final_first`].
    fn final_first<X: Host>(&mut self, t: &Self::Table, game: &mut Game<'_, X>) {}
    /// See [`Rules::final_last`].
    fn final_last<X: Host>(&mut self, t: &Self::Table, game: &mut Game<'_, X>) {}
    /// See [`Rules::relink`].
    fn relink<X: Host>(&mut self, t: &Self::Table, game: &mut Game<'_, X>, members: &[u32]) {}
    /// See [`Rules::due_before_final`].
    fn due_before_final<X: Host>(
        &mut self,
        t: &Self::Table,
        game: &mut Game<'_, X>,
    ) -> Option<Phase> {
        None
    }
}
