//! The `.jcz` save as serde types: what JCloisterZone's client writes when it
//! saves a game (setup with tile sets, elements and rules; players; every
//! message of the replay; the draw order). Reading is lenient about
//! bookkeeping fields JCZ adds (`created`, `clock`, ...) and strict about
//! size: the replay and the draw order hold at most [`MAX_ITEMS`] entries,
//! checked while reading, so a hostile file cannot make us allocate more.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// The most messages, or tiles in the draw order, a save may hold (a game of
/// every JCZ expansion has under 2,000 messages).
pub const MAX_ITEMS: usize = 100_000;

/// A whole save.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Save {
    /// The client version that wrote it.
    #[serde(default)]
    pub app_version: String,
    /// The game's id.
    #[serde(default)]
    pub game_id: String,
    /// Its name.
    #[serde(default)]
    pub name: String,
    /// The seed of JCZ's random numbers.
    #[serde(default)]
    pub initial_random: f64,
    /// A scenario's description and assertions (engine tests only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub test: Option<Value>,
    /// Tile sets, elements, rules, start tiles.
    pub setup: Setup,
    /// The players in turn order.
    #[serde(deserialize_with = "bounded")]
    pub players: Vec<SavePlayer>,
    /// Every message of the game, in order.
    #[serde(deserialize_with = "bounded")]
    pub replay: Vec<Message>,
    /// The forced draw order and the end.
    #[serde(default)]
    pub game_annotations: Annotations,
}

/// The game's setup.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// Tile-set id (`basic:1`) → copies.
    pub sets: BTreeMap<String, Value>,
    /// Element → count or `true`; a present key switches the element on.
    #[serde(default)]
    pub elements: BTreeMap<String, Value>,
    /// Rules differing from the client's defaults.
    #[serde(default)]
    pub rules: BTreeMap<String, Value>,
    /// Tiles on the board before the first turn.
    #[serde(default, deserialize_with = "bounded")]
    pub start: Vec<StartTile>,
    /// The clock setting (kept as found).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timer: Option<Value>,
}

/// A tile on the board before the first turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartTile {
    /// JCZ tile id (`BA/RCr`).
    pub tile: String,
    /// Column.
    pub x: i32,
    /// Row (growing south).
    pub y: i32,
    /// Clockwise, in degrees.
    #[serde(default)]
    pub rotation: i32,
}

/// A player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavePlayer {
    /// Name.
    pub name: String,
    /// The seat's slot in the client.
    #[serde(default)]
    pub slot: u32,
}

/// One message of the replay (`PLACE_TILE`, `DEPLOY_MEEPLE`, ...).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Message {
    /// The message type.
    #[serde(rename = "type")]
    pub kind: String,
    /// Its payload; read per type by the importer.
    #[serde(default)]
    pub payload: Value,
}

/// The draw order and where the game ends.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Annotations {
    /// Tile ids in the order drawn; `#END` ends the game.
    #[serde(default, deserialize_with = "bounded")]
    pub draw_order: Vec<String>,
    /// The game ends after this many drawn tiles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_turn: Option<u64>,
}

/// A sequence of at most [`MAX_ITEMS`] entries, refused as soon as it grows
/// past that while it is read.
fn bounded<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct Bounded<T>(std::marker::PhantomData<T>);
    impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Bounded<T> {
        type Value = Vec<T>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "a list of at most {MAX_ITEMS} entries")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut out = Vec::new();
            while let Some(item) = seq.next_element()? {
                if out.len() == MAX_ITEMS {
                    return Err(serde::de::Error::custom(format!(
                        "more than {MAX_ITEMS} entries: not a game JCloisterZone writes"
                    )));
                }
                out.push(item);
            }
            Ok(out)
        }
    }
    d.deserialize_seq(Bounded(std::marker::PhantomData))
}

impl Save {
    /// Reads a save from JSON text.
    ///
    /// # Errors
    /// Not JSON, not a save (the message names the line and column), or a
    /// list longer than [`MAX_ITEMS`].
    pub fn from_json(text: &str) -> Result<Save, String> {
        serde_json::from_str(text).map_err(|e| format!("not a JCloisterZone save: {e}"))
    }

    /// The save as pretty JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }
}
