//! The game-log format (`docs/game-log.md`): serde types that read a log
//! strictly (unknown fields are errors) and write one, a turn per line.

use serde::{Deserialize, Serialize};

/// The value of [`GameLog::format`].
pub const FORMAT: &str = "tileforge.game";
/// The game-log version this engine reads and writes.
pub const VERSION: u32 = 1;

/// The most turns a log holds: one per tile drawn, and no game draws more
/// tiles (the random player's bag holds at most as many). A million-turn log
/// took 1.4 GB to read and replay; this many take about 170 MB.
pub const MAX_TURNS: usize = 100_000;

/// Reads the turns, failing at the first past [`MAX_TURNS`].
fn bounded_turns<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<TurnLog>, D::Error> {
    struct Turns;
    impl<'de> serde::de::Visitor<'de> for Turns {
        type Value = Vec<TurnLog>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "a list of at most {MAX_TURNS} turns")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Self::Value, A::Error> {
            let mut turns = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
            while let Some(turn) = seq.next_element()? {
                if turns.len() == MAX_TURNS {
                    return Err(serde::de::Error::custom(format!(
                        "more than {MAX_TURNS} turns; a game draws at most {MAX_TURNS} tiles"
                    )));
                }
                turns.push(turn);
            }
            Ok(turns)
        }
    }
    d.deserialize_seq(Turns)
}

/// A whole game: who played, with which expansions, every choice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameLog {
    /// Always `"tileforge.game"`.
    pub format: String,
    /// Always 1.
    pub version: u32,
    /// The expansions in play; all of the tile set's when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expansions: Option<Vec<String>>,
    /// Player names, in turn order.
    pub players: Vec<String>,
    /// Who played each seat (`random`, `greedy`, `mcts:400`), in turn order;
    /// informative only, a replay does not read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<Vec<String>>,
    /// The start tile; the tile set's start tile at (0, 0), unrotated, when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<StartLog>,
    /// Every tile drawn, in order (at most [`MAX_TURNS`]: reading stops at
    /// the next one, before memory is spent on it).
    #[serde(deserialize_with = "bounded_turns")]
    pub turns: Vec<TurnLog>,
    /// Apply final scoring after the last turn (default true).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub finished: bool,
    /// Before final scoring: the followers moved out of the city of
    /// Carcassonne, in order (each player's moves in their turn; a player
    /// not named moves none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count_final: Option<Vec<CountOutLog>>,
}

impl GameLog {
    /// The log of a finished game that started from the set's start tile, with
    /// these players and turns: what the random player writes.
    #[must_use]
    pub fn finished_game(
        rules: &super::Ruleset,
        players: &[String],
        turns: Vec<TurnLog>,
    ) -> GameLog {
        GameLog {
            format: FORMAT.into(),
            version: VERSION,
            expansions: Some(rules.expansions().to_vec()),
            players: players.to_vec(),
            seats: None,
            start: None,
            turns,
            finished: true,
            count_final: None,
        }
    }
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The start tile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartLog {
    /// Full tile id.
    pub tile: String,
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Clockwise quarter turns.
    pub rotation: u8,
}

/// One tile drawn: where it went and what followed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnLog {
    /// Full tile id.
    pub tile: String,
    /// Column (absent on a discard).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<i32>,
    /// Row (absent on a discard).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub y: Option<i32>,
    /// Clockwise quarter turns (absent on a discard).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<u8>,
    /// The tile fits nowhere and leaves the game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub discard: bool,
    /// The animal token put under the big top (circus tiles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// A figure on a feature of this tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meeple: Option<MeepleLog>,
    /// An acrobat onto a pyramid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acrobat: Option<AcrobatLog>,
    /// A flight from the flying machine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flight: Option<FlightLog>,
    /// A completed pyramid scored instead of placing a figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score_pyramid: Option<PosLog>,
    /// The player's abbot taken back instead of placing a figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recall: Option<RecallLog>,
    /// The crop circle's action and the responses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crop: Option<CropLog>,
    /// Before the tile: the ransom paid for one of the player's followers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ransom: Option<RansomLog>,
    /// A tower floor on the tower at (x, y), and its capture.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tower: Option<TowerLog>,
    /// A follower on top of the tower at (x, y).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tower_follower: Option<RecallLog>,
    /// After the figure actions: each small city's owner builds a castle on
    /// it (`true`) or not, one entry per small city offered, in order.
    /// Without it, every small city offered scores as a city.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub castle: Option<Vec<bool>>,
    /// After a bazaar tile: the tiles drawn and the auction's rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bazaar: Option<BazaarLog>,
    /// Before the figure action: a tunnel token on an opening.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tunnel: Option<TunnelLog>,
    /// Before the figure action: a bridge across the tile at (x, y).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bridge: Option<BridgeLog>,
    /// A barn on a corner of this tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub barn: Option<BarnLog>,
    /// Instead of a figure: the fairy beside one of the player's followers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fairy: Option<FeatureLog>,
    /// Through the magic portal of this tile: a follower on a feature of
    /// another tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub portal: Option<FeatureLog>,
    /// Instead of a figure: the knight this tile's princess sends home.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub princess: Option<CaptureLog>,
    /// After a dragon tile: the squares the dragon steps to, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dragon: Option<Vec<[i32; 2]>>,
    /// At the end of the turn: the follower that escapes a besieged city
    /// (absent: none does).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub escape: Option<CropResponseLog>,
    /// The flock decisions due this turn (the shepherd's), in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flock: Option<Vec<FlockLog>>,
    /// After a goldmine tile with more than one tile around it: the square
    /// whose tile takes the second gold bar.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gold: Option<[i32; 2]>,
    /// This entry starts the builder's second turn (the same player draws
    /// again). Without it, a second turn that is due is declined.
    #[serde(default, skip_serializing_if = "is_false")]
    pub second_turn: bool,
    /// A check: the goods tokens the player took this turn, by good.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goods: Option<std::collections::BTreeMap<String, u64>>,
    /// The player (0-based), as a check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<usize>,
    /// A follower on a special monastery of this tile as its abbot, scored
    /// at game end (`feature` names the monastery).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_abbot: Option<MeepleLog>,
    /// The phantom's figure action, the turn's second (after a figure action
    /// that put another of the player's figures somewhere).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phantom: Option<SecondActionLog>,
    /// Instead of a figure (a festival tile): one of the player's own figures
    /// taken back to supply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub festival: Option<FeatureLog>,
    /// After the figure actions of a magic tile (or of a tile that joined
    /// the mage's feature to the witch's), before scoring: the magic
    /// figure's move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub magic: Option<MagicLog>,
    /// The wagons the turn's scoring sent home, in turn order from the
    /// active player (those with a feature to go to): each moves onto a
    /// feature, or (`null`) stays home. Without it, every wagon stays home.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wagon: Option<Vec<Option<FeatureLog>>>,
    /// After the figure actions, before scoring: the ferry put on the lake
    /// of this tile (first, when it has one), then each ferry moved, in
    /// order. Without more entries, no more ferries are moved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ferry: Option<Vec<FerryLog>>,
    /// Instead of a figure: one of the player's followers held by a
    /// Vodyanoy freed to supply (its figure kind, e.g. `meeple`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vodyanoy: Option<String>,
    /// Before the turn's scoring: the followers moved out of the city of
    /// Carcassonne onto the features about to be scored, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count_out: Option<Vec<CountOutLog>>,
    /// After the turn's scoring: the follower the active player puts into
    /// the city of Carcassonne (absent: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<CountLog>,
}

/// A follower put into the city of Carcassonne.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountLog {
    /// The quarter: `castle`, `market`, `blacksmith` or `cathedral`.
    pub quarter: String,
    /// The follower's figure (default `meeple`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follower: Option<String>,
    /// The Count's new quarter (absent: he stays).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_count_to: Option<String>,
}

/// A follower moved out of the city of Carcassonne by `player` (0-based)
/// from `quarter` onto `feature` of the tile at (x, y).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountOutLog {
    /// The player moving it.
    pub player: usize,
    /// The quarter it leaves.
    pub quarter: String,
    /// Column of the tile.
    pub x: i32,
    /// Row of the tile.
    pub y: i32,
    /// Slot name after rotation, or a centre kind.
    pub feature: String,
    /// The figure (default `meeple`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
}

/// A ferry on the lake of the tile at (x, y), joining two of its road ends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FerryLog {
    /// Column of the lake's tile.
    pub x: i32,
    /// Row of the lake's tile.
    pub y: i32,
    /// The two road ends it joins: their slot names after rotation.
    pub ends: [String; 2],
}

/// The mage's or the witch's move: onto `feature` of the tile at (x, y), or
/// set aside (no `x`, `y`, `feature`) when no feature is left for either.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MagicLog {
    /// `mage` or `witch`.
    pub figure: String,
    /// Column of the tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<i32>,
    /// Row of the tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub y: Option<i32>,
    /// Slot name after rotation, or a centre kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feature: Option<String>,
}

/// A bazaar's auction: the tiles drawn (one per player) and a round per
/// tile chosen (the last player takes the last tile without one).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BazaarLog {
    /// Full tile ids, in the order drawn.
    pub tiles: Vec<String>,
    /// The rounds, in order.
    pub rounds: Vec<BazaarRoundLog>,
}

/// One round of a bazaar's auction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BazaarRoundLog {
    /// The tile chosen: its index in `tiles`.
    pub tile: u8,
    /// The chooser's opening bid.
    pub bid: i64,
    /// Each other player without a tile, in turn order: a higher bid, or
    /// `null` to pass.
    #[serde(default)]
    pub raises: Vec<Option<i64>>,
    /// When outbid: the chooser sells the tile to the highest bidder
    /// (`true`) or buys it from them (`false`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sell: Option<bool>,
}

/// A second figure action of the turn (the phantom's): at most one of its
/// fields; none passes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecondActionLog {
    /// A figure on a feature of the tile just placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meeple: Option<MeepleLog>,
    /// A figure onto a pyramid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acrobat: Option<AcrobatLog>,
    /// A flight from the flying machine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flight: Option<FlightLog>,
    /// Through the magic portal of the tile just placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub portal: Option<FeatureLog>,
}

impl SecondActionLog {
    /// This action as the only figure action of `turn`'s tile (its square
    /// and rotation), for what reads a turn's first action.
    #[must_use]
    pub fn as_turn(&self, turn: &TurnLog) -> TurnLog {
        TurnLog {
            tile: turn.tile.clone(),
            x: turn.x,
            y: turn.y,
            rotation: turn.rotation,
            meeple: self.meeple.clone(),
            acrobat: self.acrobat.clone(),
            flight: self.flight.clone(),
            portal: self.portal.clone(),
            ..TurnLog::default()
        }
    }
}

/// A figure on a feature of the tile just placed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeepleLog {
    /// Figure id (`meeple`, `ringmaster`, ...).
    pub figure: String,
    /// A board slot name after rotation (`N`, `NNE`, ...) or a centre kind.
    pub feature: String,
}

/// An acrobat onto the pyramid of the tile at (x, y).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AcrobatLog {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// The figure (default `meeple`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
}

/// An abbot taken back from the tile at (x, y).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecallLog {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// The figure (default: the tile set's only figure with `capability abbot`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
}

/// A flock decision: the token drawn from the bag (`draw`), or `gather`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlockLog {
    /// The token drawn: the flock grows (a sheep) or scatters (a wolf).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<String>,
    /// The flock is gathered and scores its sheep.
    #[serde(default, skip_serializing_if = "is_false")]
    pub gather: bool,
}
/// A bridge across the tile at (x, y) along `axis`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BridgeLog {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Its two ends as seen on the board: `N-S` or `E-W`.
    pub axis: String,
}

/// A tunnel token on the opening `feature` of the tile at (x, y).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TunnelLog {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// The opening's road: a slot as seen on the board.
    pub feature: String,
    /// The player's pair of tokens, from 1 (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pair: Option<u32>,
}

/// A barn on a corner of the tile just placed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BarnLog {
    /// The corner as seen on the board: `NW`, `NE`, `SE` or `SW`.
    pub corner: String,
    /// The figure (default: the tile set's only figure with `capability barn`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
}

/// A ransom: the player holding the prisoner and its figure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RansomLog {
    /// The 0-based index of the player holding it.
    pub holder: usize,
    /// The figure (default `meeple`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
}

/// A tower floor and what it captures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TowerLog {
    /// Column of the tower.
    pub x: i32,
    /// Row of the tower.
    pub y: i32,
    /// The follower taken prisoner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture: Option<CaptureLog>,
}

/// A figure on a feature of the tile at (x, y): the fairy's follower, or
/// where a follower goes through a magic portal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeatureLog {
    /// Column of the tile.
    pub x: i32,
    /// Row of the tile.
    pub y: i32,
    /// Slot name after rotation, or a centre kind (`acrobats`).
    pub feature: String,
    /// The figure (default `meeple`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
}

/// A follower a tower captures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaptureLog {
    /// Column of its tile.
    pub x: i32,
    /// Row of its tile.
    pub y: i32,
    /// Slot name after rotation, or a centre kind (`acrobats`).
    pub feature: String,
    /// The 0-based index of its owner.
    pub player: usize,
    /// The figure (default `meeple`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
}

/// A tile position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PosLog {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
}

/// A flight.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlightLog {
    /// The figure that flies (default `meeple`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
    /// The die roll.
    pub roll: u32,
    /// Where it lands on the tile reached (slot name, centre kind, `acrobats`),
    /// or `null` when nothing there can be landed on.
    pub feature: Option<String>,
}

/// A crop circle's action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CropLog {
    /// `add` or `remove`.
    pub action: CropActionLog,
    /// One response per player, left of the active player first.
    pub responses: Vec<Option<CropResponseLog>>,
}

/// `add` or `remove`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CropActionLog {
    /// Each player may add a figure.
    Add,
    /// Each player must remove a figure.
    Remove,
}

/// A feature reference in a crop-circle response.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CropResponseLog {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Slot name after rotation of the tile at (x, y).
    pub feature: String,
    /// The figure added or removed (add: default `meeple`; remove: default the
    /// player's only figure kind on that feature).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
}

impl GameLog {
    /// Reads a log from JSON text.
    ///
    /// # Errors
    /// The text is not JSON, or not a game log (the message names the line).
    pub fn from_json(text: &str) -> Result<GameLog, String> {
        let log: GameLog =
            serde_json::from_str(text).map_err(|e| format!("not a game log: {e}"))?;
        if log.format != FORMAT || log.version != VERSION {
            return Err(format!(
                "not a game log this engine reads: format `{}` version {} (expected `{FORMAT}` version {VERSION})",
                log.format, log.version
            ));
        }
        Ok(log)
    }

    /// The log as JSON: the header fields on their own lines, one turn per line.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\n");
        out.push_str(&format!("  \"format\": {},\n", compact(&self.format)));
        out.push_str(&format!("  \"version\": {},\n", self.version));
        if let Some(e) = &self.expansions {
            out.push_str(&format!("  \"expansions\": {},\n", compact(e)));
        }
        out.push_str(&format!("  \"players\": {},\n", compact(&self.players)));
        if let Some(s) = &self.seats {
            out.push_str(&format!("  \"seats\": {},\n", compact(s)));
        }
        if let Some(s) = &self.start {
            out.push_str(&format!("  \"start\": {},\n", compact(s)));
        }
        out.push_str("  \"turns\": [");
        for (i, t) in self.turns.iter().enumerate() {
            out.push_str(if i == 0 { "\n    " } else { ",\n    " });
            out.push_str(&compact(t));
        }
        out.push_str(if self.turns.is_empty() {
            "],\n"
        } else {
            "\n  ],\n"
        });
        if let Some(c) = &self.count_final {
            out.push_str("  \"count_final\": [");
            for (i, m) in c.iter().enumerate() {
                out.push_str(if i == 0 { "\n    " } else { ",\n    " });
                out.push_str(&compact(m));
            }
            out.push_str(if c.is_empty() { "],\n" } else { "\n  ],\n" });
        }
        out.push_str(&format!("  \"finished\": {}\n}}\n", self.finished));
        out
    }
}

/// Compact JSON of a value (the log types always serialize).
fn compact<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_longer_than_the_bound_is_refused_while_read() {
        let turn = r#"{"tile":"base/E","discard":true},"#;
        let text = format!(
            r#"{{"format":"tileforge.game","version":1,"players":["a"],"turns":[{}{}]}}"#,
            turn.repeat(MAX_TURNS),
            r#"{"tile":"base/E","discard":true}"#
        );
        let err = GameLog::from_json(&text).expect_err("too long");
        assert!(err.contains("more than 100000 turns"), "{err}");
        let ok = format!(
            r#"{{"format":"tileforge.game","version":1,"players":["a"],"turns":[{}]}}"#,
            turn.repeat(3).trim_end_matches(',')
        );
        assert_eq!(GameLog::from_json(&ok).map(|l| l.turns.len()), Ok(3));
    }
}
