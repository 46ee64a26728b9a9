//! Scoring events and score sheets. Every point awarded is an [`Event`]: who,
//! how many, from which [`Source`], and a compact [`Reason`] that is turned
//! into words only when someone asks ([`Event::describe`]).

use super::ids::{FeatureKindId, FigureId, KindId, TokenId};

/// Where points come from, as the score sheets add them up. A feature's
/// points go to the source of its shape, whatever its kind (a canal's to
/// `road`, a pond's to `cloister`); the event's [`Reason`] names the kind, and
/// the reports show the set's own columns ([`super::Columns`]: `canal`, `pond`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Source {
    /// Paths (roads).
    Road,
    /// Regions (cities).
    City,
    /// Spots (cloisters).
    Cloister,
    /// Faces (fields, at game end).
    Field,
    /// The big top's circus.
    Circus,
    /// Acrobat pyramids.
    Acrobats,
    /// Ringmaster bonuses.
    Ringmaster,
    /// The most goods tokens of a kind, at game end.
    Goods,
    /// Tower ransoms, paid (negative) and received. Not one of [`Source::ALL`],
    /// the summary tables' columns: a score report shows it when a player
    /// has any.
    Tower,
    /// Wind roses placed in their quarter. Shown, like [`Source::Tower`],
    /// only when a player has any.
    WindRose,
    /// Castles: the feature completed in a castle's fief, for its lord. Shown
    /// like [`Source::Tower`], only when a player has any.
    Castle,
    /// Bazaar payments, paid (negative) and received. Shown like
    /// [`Source::Tower`].
    Bazaar,
    /// The fairy's points: at the start of a turn, and when its follower's
    /// feature scores. Shown, like [`Source::Tower`], only when scored.
    Fairy,
}

impl Source {
    /// Every source, in table order.
    pub const ALL: [Source; 8] = [
        Source::Road,
        Source::City,
        Source::Cloister,
        Source::Field,
        Source::Circus,
        Source::Acrobats,
        Source::Ringmaster,
        Source::Goods,
    ];

    /// Every source, the summary tables' columns first, then those shown
    /// only when someone scored there ([`Source::Tower`]).
    pub const EVERY: [Source; 13] = [
        Source::Road,
        Source::City,
        Source::Cloister,
        Source::Field,
        Source::Circus,
        Source::Acrobats,
        Source::Ringmaster,
        Source::Goods,
        Source::Tower,
        Source::WindRose,
        Source::Castle,
        Source::Bazaar,
        Source::Fairy,
    ];
    /// The source's name (`road`, `city`, ...).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Source::Road => "road",
            Source::City => "city",
            Source::Cloister => "cloister",
            Source::Field => "field",
            Source::Circus => "circus",
            Source::Acrobats => "acrobats",
            Source::Ringmaster => "ringmaster",
            Source::Goods => "goods",
            Source::Tower => "tower",
            Source::WindRose => "wind-rose",
            Source::Castle => "castle",
            Source::Bazaar => "bazaar",
            Source::Fairy => "fairy",
        }
    }
}

/// Why points were awarded, with the numbers that explain them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A region or path scored by `network`: complete during play, unfinished
    /// at game end.
    Network {
        /// Its kind (`city`, `road`, `canal`, ...).
        kind: FeatureKindId,
        /// Distinct tiles.
        tiles: u32,
        /// Units of the kind's first counted attribute (a city's pennants).
        units: u64,
        /// The attributes without units on it (inn, cathedral, market), one
        /// bit per vocabulary index.
        attributes: u64,
        /// Completed (during play) or unfinished (game end).
        complete: bool,
        /// Another player tied for the majority.
        shared: bool,
    },
    /// A spot scored by `neighbourhood` (a cloister).
    Neighbourhood {
        /// Its kind.
        kind: FeatureKindId,
        /// Tiles in its 3×3 square (its own included).
        tiles: u32,
        /// Completed or unfinished.
        complete: bool,
        /// Another player tied for the majority.
        shared: bool,
    },
    /// A face scored by `farm` at game end (a field).
    Farm {
        /// Its kind.
        kind: FeatureKindId,
        /// Completed neighbours it counts.
        neighbours: u32,
        /// Another player tied for the majority.
        shared: bool,
    },
    /// The big top's circus: the token under it × the player's figures around.
    Circus {
        /// The revealed token.
        token: TokenId,
        /// Its value.
        value: i64,
        /// The player's figures on the 3×3 square.
        figures: u32,
    },
    /// A completed pyramid scored instead of placing a figure.
    Pyramid {
        /// The player's acrobats in it.
        acrobats: u32,
        /// Column of the acrobat tile.
        x: i32,
        /// Row of the acrobat tile.
        y: i32,
    },
    /// Acrobats still standing at game end.
    AcrobatsAtEnd {
        /// The player's acrobats in the pyramid.
        acrobats: u32,
        /// Column of the acrobat tile.
        x: i32,
        /// Row of the acrobat tile.
        y: i32,
    },
    /// An abbot taken back: its feature scored for its owner as at game end.
    Recall {
        /// The abbot figure.
        figure: FigureId,
        /// The kind of its feature (a cloister, a garden).
        kind: FeatureKindId,
        /// Tiles in its square (or of its feature).
        tiles: u32,
    },
    /// A pig's bonus on its owner's field.
    Pig {
        /// Completed neighbours the field counts.
        neighbours: u32,
    },
    /// A wind rose placed in the quarter its arrow names.
    WindRose {
        /// Column of its tile.
        x: i32,
        /// Row of its tile.
        y: i32,
    },
    /// A field's second count of the completed besieged cities it touches.
    Besieged {
        /// Completed besieged cities the field counts.
        cities: u32,
    },
    /// A field's extra point for each castle it touches (a castle is worth
    /// one more than a completed city to farmers).
    CastleFarm {
        /// Castles the field touches.
        castles: u32,
    },
    /// A pig herd's bonus on a field, for a majority farmer.
    PigHerd {
        /// Completed neighbours the field counts.
        neighbours: u32,
    },
    /// The fairy: `followers` points at the start of its owner's turn (one
    /// a follower beside it: an acrobat pyramid counts each), or the bonus
    /// when its follower's feature scored (`bonus`).
    Fairy {
        /// The follower's feature scored.
        bonus: bool,
        /// The player's followers beside the fairy.
        followers: u32,
    },
    /// The most goods tokens of one kind, at game end.
    Goods {
        /// The good (an attribute index).
        good: u8,
        /// The player's tokens of it.
        tokens: u64,
    },
    /// Gold bars held at game end (in the goods column).
    Gold {
        /// The player's bars.
        bars: u32,
    },
    /// A ransom for a follower a tower took prisoner: paid (negative points)
    /// or received.
    Ransom {
        /// The prisoner's figure.
        figure: FigureId,
        /// The other player: who received it, or who paid.
        other: u8,
    },
    /// The ringmaster bonus after its feature was scored.
    Ringmaster {
        /// Circus and acrobat tiles on the 3×3 square around it.
        tiles: u32,
        /// Column of the ringmaster's tile.
        x: i32,
        /// Row of the ringmaster's tile.
        y: i32,
    },
    /// A flock gathered: the sheep of every flock on the field.
    Flock {
        /// Sheep on its tokens.
        sheep: u32,
        /// Tokens.
        tokens: u32,
    },
    /// A completed cloister's vineyards: the vineyard tiles around it.
    Vineyard {
        /// Vineyard tiles among the 8 around the cloister.
        vineyards: u32,
        /// Column of the cloister's tile.
        x: i32,
        /// Row of the cloister's tile.
        y: i32,
    },
    /// A barn's field at game end: the most barns there score per completed
    /// neighbour.
    Barn {
        /// The field's kind.
        kind: FeatureKindId,
        /// Completed neighbours it counts.
        neighbours: u32,
    },
    /// A title held at game end (the king, the robber): its kind's
    /// completed features.
    Title {
        /// The title's figure.
        figure: FigureId,
        /// The kind it follows.
        kind: FeatureKindId,
        /// Completed features of that kind on the board.
        features: u32,
    },
    /// A castle's lord scores the feature completed in its fief: the points
    /// that feature is worth, completed.
    Castle {
        /// The completed feature's kind (none: another castle scored).
        kind: Option<FeatureKindId>,
        /// Column of the castle's first tile.
        x: i32,
        /// Row of the castle's first tile.
        y: i32,
    },
    /// A bazaar's auction: a payment for a tile (negative when paid).
    Bazaar {
        /// The tile.
        tile: KindId,
        /// The other player, who received or paid (none: paid to the bank).
        other: Option<u8>,
    },
    /// A completed road with a labyrinth: its majority's bonus per follower
    /// on it.
    Labyrinth {
        /// Followers on the road, anyone's.
        followers: u32,
    },
    /// A watchtower scored before the road or city completed with a
    /// follower on its tile: the things it counts around it.
    Watchtower {
        /// What it counted on its tile and the eight around it.
        count: u32,
        /// Column of its tile.
        x: i32,
        /// Row of its tile.
        y: i32,
    },
    /// The Darmstadtium in a completed city, for a majority player.
    Darmstadtium,
    /// A completed church: the most followers on its tile and the 8 around.
    Church {
        /// The player's followers there.
        followers: u32,
        /// Column of the church's tile.
        x: i32,
        /// Row of the church's tile.
        y: i32,
    },
    /// Baba Yaga's hut: at game end for the empty squares around it, or
    /// surrounded (no empty square).
    YagaHut {
        /// The hut's kind.
        kind: FeatureKindId,
        /// Empty squares among the 8 around it.
        empty: u8,
        /// Several players shared the majority.
        shared: bool,
    },
    /// A special monastery's abbot at game end: the monastery and the
    /// unbroken lines of tiles running out from it.
    SpecialMonastery {
        /// Tiles in the four lines.
        tiles: u32,
        /// Column of the monastery's tile.
        x: i32,
        /// Row of the monastery's tile.
        y: i32,
    },
    /// The mage on a scored feature (a point per tile), or the witch (half
    /// its points taken off, negative), in the feature's column.
    Magic {
        /// The witch, not the mage.
        witch: bool,
        /// The feature's distinct tiles.
        tiles: u32,
    },
    /// Followers still trapped by a Vodyanoy at game end (negative).
    Vodyanoy {
        /// The Vodyanoy's kind.
        kind: FeatureKindId,
        /// The player's followers it holds.
        followers: u32,
    },
}

/// Points awarded to one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// The 1-based turn (entry of the log's `turns`), `None` in final scoring.
    pub turn: Option<u32>,
    /// The player (index in turn order).
    pub player: usize,
    /// Points (never 0: nothing is recorded for 0 points).
    pub points: i64,
    /// The score column.
    pub source: Source,
    /// Why.
    pub reason: Reason,
}

/// One player's points by source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    by_source: [i64; 13],
}

impl Score {
    /// Points from one source.
    #[must_use]
    pub fn get(&self, source: Source) -> i64 {
        self.by_source[source as usize]
    }

    /// All points.
    #[must_use]
    pub fn total(&self) -> i64 {
        self.by_source.iter().fold(0, |a, &b| a.saturating_add(b))
    }

    pub(in crate::engine) fn add(&mut self, source: Source, points: i64) {
        let sum = &mut self.by_source[source as usize];
        *sum = sum.saturating_add(points);
    }
}
