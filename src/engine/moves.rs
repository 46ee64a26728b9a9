//! The move protocol's nouns: what a game expects next ([`Phase`]), where a
//! tile goes ([`Placement`]), the moves ([`Move`]) with their figure actions
//! ([`FigureAction`]) and crop-circle moves ([`CropMove`]), and why a move is
//! refused ([`IllegalMove`]). Plain data: the core and the rule modules both
//! speak it; each module's own moves are listed here so that logs, replays
//! and seats can name them.

use std::fmt;

use super::ids::{FigureId, KindId, TokenId};

/// What the game expects next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A tile: [`Move::Place`] or [`Move::Discard`].
    Tile,
    /// The figure action for the tile just placed: [`Move::Figure`].
    Figure,
    /// The crop circle's action: [`Move::Crop`].
    Crop,
    /// Final scoring is done.
    Over,
    /// The dragon's move: [`Move::Dragon`].
    Dragon,
    /// The escape from a besieged city: [`Move::Escape`].
    Escape,
    /// A flock's decision (the shepherd's): [`Move::Flock`].
    Flock,
    /// The tile for the second gold bar: [`Move::Gold`].
    Gold,
    /// A small city's owner builds a castle there or not: [`Move::Castle`].
    Castle,
    /// The bazaar's auction, step by step: [`Move::Bazaar`].
    Bazaar,
    /// The mage's or the witch's move after a magic tile, before scoring:
    /// [`Move::Magic`].
    Magic,
    /// A wagon sent home by the turn's scoring moves or stays home:
    /// [`Move::Wagon`].
    Wagon,
    /// A ferry placed on the lake of the tile just placed, or ferries
    /// moved on the lakes the tile's roads lead to, before scoring:
    /// [`Move::Ferry`].
    Ferry,
    /// A player whose tile scored points for opponents and none for
    /// themselves may put a follower into a quarter of the city (and move
    /// the Count): [`Move::CountIn`].
    CountIn,
    /// Before features are scored (during play, or before final scoring),
    /// the players in turn move followers from the city's quarters onto
    /// them: [`Move::CountOut`].
    CountOut,
}

/// Where a tile goes: x grows east, y grows south; clockwise quarter turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placement {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Clockwise quarter turns, 0–3.
    pub rotation: u8,
}

/// One move of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// Place the drawn tile; `token` is the animal token put under the big top
    /// when the tile has a circus space (while tokens remain).
    Place {
        /// The tile drawn.
        tile: KindId,
        /// Where it goes.
        placement: Placement,
        /// The animal token, for a circus tile.
        token: Option<TokenId>,
    },
    /// The drawn tile fits nowhere and leaves the game; the same player draws again.
    Discard {
        /// The tile drawn.
        tile: KindId,
    },
    /// The figure action for the tile just placed.
    Figure(MeepleAction),
    /// The crop circle's action and every player's response.
    Crop(CropMove),
    /// Declines the builder's second turn that is due: the next player's
    /// tile comes next.
    EndTurn,
    /// Before the tile, the active player pays the ransom to `holder` for one
    /// of their own followers held prisoner there (a tower's capture): the
    /// follower returns to their supply.
    Ransom {
        /// The player holding the prisoner.
        holder: u8,
        /// The prisoner's figure.
        figure: FigureId,
    },
    /// The dragon's move after a dragon tile: the squares it steps to, in
    /// order, each chosen by the next player (the active player first).
    Dragon(Vec<(i32, i32)>),
    /// After the figure action, before scoring: the owner of the small city
    /// the tile completed (the first of [`Game::castle_offer`](super::Game::castle_offer))
    /// builds a castle on it (`true`) or lets it score (`false`).
    Castle(bool),
    /// One step of the bazaar's auction after a bazaar tile (see
    /// [`Game::bazaar_ask`](super::Game::bazaar_ask)).
    Bazaar(BazaarStep),
    /// The tile (a square around the goldmine just placed) that takes the
    /// second gold bar.
    Gold {
        /// Its column.
        x: i32,
        /// Its row.
        y: i32,
    },
    /// The flock decision due (the shepherd's): grow it with the token
    /// drawn from the bag (`Some`), or gather it for its sheep (`None`).
    Flock {
        /// The token drawn.
        draw: Option<TokenId>,
    },
    /// At the end of the turn, one of the active player's followers escapes
    /// a besieged city to supply, or (`None`) none does.
    Escape(Option<Escape>),
    /// Instead of drawing a tile, the active player plays an abbey they hold
    /// (see [`Game::abbey_placements`](super::Game::abbey_placements)); the
    /// figure action follows as for a drawn tile.
    Abbey(Placement),
    /// After a magic tile (or a tile that joined the mage's feature to the
    /// witch's), before scoring: the mage (`witch` false) or the witch moves
    /// to feature `to.2` of the tile at (`to.0`, `to.1`), or (`to` none) is
    /// set aside when no feature is left for either.
    Magic {
        /// The witch moves, not the mage.
        witch: bool,
        /// Where to: column, row, feature id within the tile.
        to: Option<(i32, i32, u8)>,
    },
    /// The wagon due (the first in turn order from the active player among
    /// those the turn's scoring sent home) moves to feature `.2` of the tile
    /// at (`.0`, `.1`), or (none) stays home.
    Wagon(Option<(i32, i32, u8)>),
    /// Before scoring: the ferry on the lake of the tile at (`0`, `1`) joins
    /// its road ends `2` and `3` (feature ids within the tile): placed on
    /// the lake of the tile just placed, or moved there from the two ends
    /// it joined; `None`: no more ferries are moved this turn.
    Ferry(Option<(i32, i32, u8, u8)>),
    /// After the turn's scoring: the active player puts a follower from
    /// supply into a quarter of the city (and may move the Count), or
    /// (`None`) does not.
    CountIn(Option<CountIn>),
    /// The player deciding now moves a follower from a quarter of the city
    /// onto a feature about to be scored, or (`None`) moves no more.
    CountOut(Option<CountOut>),
}

/// A follower put into the city: its figure, the quarter (an index of
/// `rules::city_of_carcassonne::QUARTERS`) and where the Count moves (none: he stays).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CountIn {
    /// The quarter.
    pub quarter: u8,
    /// The follower's figure.
    pub figure: FigureId,
    /// The Count's new quarter, another than his own; none: he stays.
    pub count_to: Option<u8>,
}

/// A follower moved out of the city: from `quarter`, onto feature `feature`
/// of the tile at (x, y).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CountOut {
    /// The quarter it leaves.
    pub quarter: u8,
    /// Its figure.
    pub figure: FigureId,
    /// Column of the tile.
    pub x: i32,
    /// Row of the tile.
    pub y: i32,
    /// The feature's id within that tile.
    pub feature: u8,
}

/// One step of a bazaar's auction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BazaarStep {
    /// The tiles drawn for the auction, one per player.
    Tiles(Vec<KindId>),
    /// The player choosing next picks a tile (its index among those drawn)
    /// and bids for it (0 or more points).
    Select {
        /// Index of the tile among those drawn.
        tile: u8,
        /// The opening bid.
        bid: i64,
    },
    /// The next bidder raises to this many points, or passes (`None`).
    Bid(Option<i64>),
    /// The chooser, outbid, sells the tile to the highest bidder (`true`:
    /// the bidder pays the chooser) or buys it (`false`: the chooser pays
    /// the bidder).
    Sell(bool),
}

/// A follower leaving a besieged city: the one of the active player's
/// figures of kind `figure` on feature `feature` of the tile at (x, y).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Escape {
    /// Column of its tile.
    pub x: i32,
    /// Row of its tile.
    pub y: i32,
    /// The feature's id within that tile.
    pub feature: u8,
    /// Its figure.
    pub figure: FigureId,
}

/// Why a move is not allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub String);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for IllegalMove {}

/// Shorthand for an illegal-move result.
pub(in crate::engine) fn illegal<T>(why: impl Into<String>) -> Result<T, IllegalMove> {
    Err(IllegalMove(why.into()))
}

/// A noun with its indefinite article: `a city`, `an abbot`.
pub(in crate::engine) fn with_article(noun: &str) -> String {
    let vowel = noun.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

/// A figure action for the tile just placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FigureAction {
    /// No figure this turn.
    Pass,
    /// A figure from supply on an unoccupied feature of the tile just placed
    /// whose kind admits it (`feature` is its id within the tile).
    Place {
        /// The figure.
        figure: FigureId,
        /// The feature's id within the tile.
        feature: u8,
    },
    /// An acrobat-capable figure onto the pyramid of the acrobat tile at
    /// (x, y): the tile just placed or one of the 8 around it.
    Acrobat {
        /// The figure.
        figure: FigureId,
        /// Column of the acrobat tile.
        x: i32,
        /// Row of the acrobat tile.
        y: i32,
    },
    /// A figure flies from the flying machine of the tile just placed: the die
    /// showed `roll`; it lands on `landing`, or returns to supply (`None`) when
    /// nothing there can be landed on. See [`Game::flight_landings`](super::Game::flight_landings).
    Fly {
        /// The figure.
        figure: FigureId,
        /// The die roll (a face of the die).
        roll: u32,
        /// Where it lands.
        landing: Option<Landing>,
    },
    /// Score the completed pyramid of the acrobat tile at (x, y).
    ScorePyramid {
        /// Column of the acrobat tile.
        x: i32,
        /// Row of the acrobat tile.
        y: i32,
    },
    /// Take back the player's abbot (a figure with `capability abbot`)
    /// standing on the tile at (x, y), scoring its feature as at game end.
    Recall {
        /// The abbot figure.
        figure: FigureId,
        /// Column of its tile.
        x: i32,
        /// Row of its tile.
        y: i32,
    },
    /// A tower floor from supply on the tower (or bare foundation) of the
    /// tile at (x, y), anywhere on the board, and the follower it captures
    /// within its reach, if any.
    TowerFloor {
        /// Column of the tower's tile.
        x: i32,
        /// Row of the tower's tile.
        y: i32,
        /// The follower taken prisoner.
        capture: Option<Capture>,
    },
    /// A barn (a figure with `capability barn`) from supply on corner
    /// `corner` of the tile just placed (0 NW, 1 NE, 2 SE, 3 SW, as seen on
    /// the board), where four fields meet.
    Barn {
        /// The figure.
        figure: FigureId,
        /// The corner, clockwise from the north-west.
        corner: u8,
    },
    /// A tunnel token of the player's pair `pair` (0-based) on the tunnel
    /// opening `feature` of the tile at (x, y), anywhere on the board; the
    /// turn's figure action follows.
    Tunnel {
        /// Column of the opening's tile.
        x: i32,
        /// Row of the opening's tile.
        y: i32,
        /// The opening (a road's feature id within that tile).
        feature: u8,
        /// The pair, 0-based.
        pair: u8,
    },
    /// A bridge (a supply piece with `capability bridge`) across the tile
    /// at (x, y), the tile just placed or one next to it, from the middle of
    /// side `from` (as seen on the board) to the opposite side's; the turn's
    /// figure action follows.
    Bridge {
        /// Column of the bridge's tile.
        x: i32,
        /// Row of the bridge's tile.
        y: i32,
        /// One end: 0 for north–south, 1 for east–west, as seen on the board.
        axis: u8,
    },
    /// A follower from supply on top of the open tower of the tile at (x, y),
    /// anywhere on the board: the tower is closed.
    TowerFollower {
        /// The figure.
        figure: FigureId,
        /// Column of the tower's tile.
        x: i32,
        /// Row of the tower's tile.
        y: i32,
    },
    /// Instead of a figure, the fairy beside one of the player's followers
    /// on the board.
    Fairy(Beside),
    /// Through the magic portal of the tile just placed: a follower from
    /// supply on an unoccupied, unfinished feature of another tile at
    /// (x, y), or into its acrobat pyramid.
    Portal {
        /// The figure.
        figure: FigureId,
        /// Column of the tile.
        x: i32,
        /// Row of the tile.
        y: i32,
        /// Where on it.
        landing: Landing,
    },
    /// Instead of a figure, the princess of the tile just placed sends a
    /// knight of her city home (any player's).
    Princess(Capture),
    /// Instead of a figure (a festival tile): one of the active player's own
    /// figures goes back to supply from the board, without scoring: the one
    /// of kind `figure` on feature `feature` of the tile at (x, y).
    Festival(Beside),
    /// A follower from supply on the special monastery `feature` of the tile
    /// just placed as its abbot (`capability special-monastery`): it stays
    /// until game end, off the cloister's own scoring.
    AsAbbot {
        /// The figure.
        figure: FigureId,
        /// The monastery's id within the tile.
        feature: u8,
    },
    /// Instead of a figure: one of the active player's followers held by a
    /// Vodyanoy, of kind `figure`, goes back to supply.
    Vodyanoy(FigureId),
}

/// The fairy moves beside one of the active player's followers, anywhere
/// on the board: the one of kind `figure` on feature `feature` of the tile
/// at (x, y) (an acrobat's: the tile's acrobat spaces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Beside {
    /// Column of its tile.
    pub x: i32,
    /// Row of its tile.
    pub y: i32,
    /// Its figure.
    pub figure: FigureId,
    /// Its feature, by id within its tile.
    pub feature: u8,
}

/// A follower a tower floor captures: the one of `player`'s figures of kind
/// `figure` on feature `feature` of the tile at (x, y).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Capture {
    /// Column of its tile.
    pub x: i32,
    /// Row of its tile.
    pub y: i32,
    /// Its owner.
    pub player: u8,
    /// Its figure.
    pub figure: FigureId,
    /// The feature it stands on, by id within its tile (an acrobat's: the
    /// tile's acrobat spaces).
    pub feature: u8,
}

/// The figure action's first name, kept for the programs that use it.
pub type MeepleAction = FigureAction;

/// Where a flying figure lands on the tile the flight reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Landing {
    /// An unfinished feature that admits the figure, not a field (its id
    /// within the tile).
    Feature(u8),
    /// The tile's acrobat pyramid (acrobat-capable figures only).
    Acrobats,
}

/// Whether [`Game::meeple_actions_into`](super::Game::meeple_actions_into) lists flights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flights {
    /// Every flight: each figure × each die face × each landing.
    All,
    /// One `Fly` per figure that may fly, with roll 0 and no landing: the
    /// decision to fly, before the die is rolled.
    Decisions,
    /// None.
    Skip,
}

/// The two crop-circle actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CropAction {
    /// Each player may add a figure to a feature where they have one.
    Add,
    /// Each player must remove a figure from a feature of the type.
    Remove,
}

/// One player's response: a figure put on, or taken from, the feature of the
/// tile at (x, y).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CropResponse {
    /// Column of the tile.
    pub x: i32,
    /// Row of the tile.
    pub y: i32,
    /// The feature's id within that tile.
    pub feature: u8,
    /// The figure added or removed.
    pub figure: FigureId,
}

/// The crop circle's action and the responses, one per player in acting order
/// (left of the active player first); `None` passes (add) or has nothing to
/// remove (remove).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CropMove {
    /// The action chosen.
    pub action: CropAction,
    /// One response per player, in acting order.
    pub responses: Vec<Option<CropResponse>>,
}
