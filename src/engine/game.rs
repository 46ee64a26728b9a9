//! The game and the prepared tile set as users see them: the core's types
//! with the registry's rule modules, and what the rule modules add to them
//! that needs the registry (the figure actions they offer; the dice, token
//! stacks, pyramids and goods of a ruleset).

use super::core;
use super::rules::{self, big_top, flight, goods, module::Host, pyramid, InPlay};
use super::{Flights, KindId, MeepleAction, TokenId};

/// One game in progress (see the core's [`core::Game`] for the state and the
/// turn's phases).
pub type Game<'r> = core::Game<'r, InPlay>;

/// A tile set prepared for play: the tile kinds of the chosen expansions with
/// their rotations precomputed, the vocabulary with its rule values, figures,
/// tokens, dice and what the rule modules in play prepared.
pub type Ruleset = core::Ruleset<rules::Tables>;

impl Game<'_> {
    /// Every legal figure action for the tile just placed (flights listed for
    /// every die face; a program that plays should roll the die and choose among
    /// [`Game::flight_landings`] instead). Empty outside the figure phase.
    #[must_use]
    pub fn legal_meeple_actions(&self) -> Vec<MeepleAction> {
        let mut out = Vec::new();
        self.meeple_actions_into(&mut out, Flights::All);
        out
    }

    /// Appends the legal figure actions to `out` (no allocation once `out` has
    /// room), listing flights as `flights` says: passing, a figure on a
    /// feature of the tile, then what the rule modules in play offer (figures
    /// put elsewhere, then actions instead of a figure).
    pub fn meeple_actions_into(&self, out: &mut Vec<MeepleAction>, flights: Flights) {
        if self.phase != super::Phase::Figure {
            return;
        }
        let from = out.len();
        out.push(MeepleAction::Pass);
        self.figure_placements_into(out);
        InPlay::offer(self, out, flights, from);
    }
}

impl Ruleset {
    /// The faces of the die a tile kind's flying machine rolls (empty for a
    /// tile without one).
    #[must_use]
    pub fn die(&self, kind: KindId) -> &[u32] {
        flight::die_of(self, InPlay::table::<flight::Flight>(&self.ext), kind)
    }

    /// The tokens a circus tile of this kind may take, in declaration order
    /// (empty for a tile without a circus).
    #[must_use]
    pub fn tokens_for(&self, kind: KindId) -> Vec<TokenId> {
        let pool = InPlay::table::<big_top::BigTop>(&self.ext).and_then(|t| t.pool(kind));
        if pool.is_none() {
            return Vec::new();
        }
        big_top::tokens_for(self, pool)
    }

    /// True when the attribute is a good (`capability goods`) on tiles in play.
    #[must_use]
    pub fn is_good(&self, attribute: u8) -> bool {
        InPlay::table::<goods::Goods>(&self.ext).is_some_and(|t| t.is_good(attribute))
    }

    /// True when a feature of a tile kind is of a kind that switches on
    /// `capability` (`big-top`, `pyramid`, `flight`, `crop-circle`, `river`).
    #[must_use]
    pub fn switches_on(&self, kind: KindId, capability: &str) -> bool {
        self.kinds.get(usize::from(kind.0)).is_some_and(|k| {
            k.features
                .iter()
                .any(|f| self.vocab.kinds[usize::from(f.kind)].has(capability))
        })
    }

    /// True when a feature of a tile kind holds its acrobat pyramid.
    #[must_use]
    pub fn is_pyramid(&self, kind: KindId, feature: u8) -> bool {
        self.pyramid_of(kind) == Some(feature)
    }

    /// The feature of a tile kind that holds its acrobat pyramid.
    #[must_use]
    pub fn pyramid_of(&self, kind: KindId) -> Option<u8> {
        InPlay::table::<pyramid::Pyramid>(&self.ext)?.feature(kind)
    }
}
