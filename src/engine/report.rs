//! The score output of `tileforge score`: per-player totals by column (the
//! set's own kinds and the other sources, [`Columns`]) and the event list, as
//! JSON (`docs/game-log.md`) or as a text table.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::{Columns, Game};

/// The value of [`ScoreReport::format`].
pub const FORMAT: &str = "tileforge.score";
/// The score report's format version: 2 since `by_source` is keyed by the
/// set's own columns ([`Columns`]).
pub const VERSION: u32 = 2;

/// Scores of a game, explained.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreReport {
    /// Always `"tileforge.score"`.
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// Every player, in turn order.
    pub players: Vec<PlayerScore>,
    /// Every scoring event, in order.
    pub events: Vec<EventLine>,
}

/// One player's score.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerScore {
    /// The player's name.
    pub name: String,
    /// All points.
    pub total: i64,
    /// Points by column ([`Columns`]): every kind in play that can score,
    /// then the other sources some player scored from, in column order.
    pub by_source: BySource,
}

/// Points by column, in column order (a JSON object keyed by column name);
/// `stats` keeps its counts by name in it too ([`crate::stats::Counts`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BySource(pub Vec<(String, i64)>);

impl BySource {
    /// The points of the column with this name (0 when not listed).
    #[must_use]
    pub fn get(&self, name: &str) -> i64 {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map_or(0, |&(_, v)| v)
    }
}

impl Serialize for BySource {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for BySource {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<BySource, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = BySource;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("points by column name")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<BySource, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = a.next_entry::<String, i64>()? {
                    out.push((k, v));
                }
                Ok(BySource(out))
            }
        }
        d.deserialize_map(Visit)
    }
}

/// One scoring event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventLine {
    /// The 1-based turn, `null` in final scoring.
    pub turn: Option<u32>,
    /// The player's name.
    pub player: String,
    /// Points.
    pub points: i64,
    /// Its column ([`Columns`]): the scored kind's name (`city`, `mere`), or
    /// a source's (`circus`, `goods`, ...).
    pub source: String,
    /// Why, in words.
    pub reason: String,
    /// Where: the tile placed that turn, or in final scoring the
    /// first-placed tile of what was scored ([`Game::event_tiles`]).
    pub tile: String,
    /// Its column.
    pub x: i32,
    /// Its row.
    pub y: i32,
}

/// The report of a game whose players have these names.
#[must_use]
pub fn report(game: &Game<'_>, names: &[String]) -> ScoreReport {
    let columns = Columns::new(game.rules());
    let name = |p: usize| {
        names
            .get(p)
            .cloned()
            .unwrap_or_else(|| format!("player{}", p + 1))
    };
    let n = columns.len();
    let scores = game.scores();
    let mut points = vec![0i64; scores.len() * n];
    columns.add(game.events(), &mut points);
    let shown: Vec<usize> = (0..n)
        .filter(|&c| columns.always(c) || points.iter().skip(c).step_by(n).any(|&v| v != 0))
        .collect();
    let players = scores
        .iter()
        .enumerate()
        .map(|(p, s)| PlayerScore {
            name: name(p),
            total: s.total(),
            by_source: BySource(
                shown
                    .iter()
                    .map(|&c| (columns.name(c).to_string(), points[p * n + c]))
                    .collect(),
            ),
        })
        .collect();
    let events = game
        .events()
        .iter()
        .zip(game.event_tiles())
        .map(|(e, (kind, at))| EventLine {
            turn: e.turn,
            player: name(e.player),
            points: e.points,
            source: columns.name(columns.of(e)).to_string(),
            reason: e.describe(game.rules()),
            tile: game.rules().kind_id(kind).to_string(),
            x: at.x,
            y: at.y,
        })
        .collect();
    ScoreReport {
        format: FORMAT.to_string(),
        version: VERSION,
        players,
        events,
    }
}

impl ScoreReport {
    /// Pretty JSON, ending in a newline.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }

    /// The table by column ([`PlayerScore::by_source`]: the kinds in play,
    /// and the other sources only when some player scored from them, so a
    /// game without a capability shows no column of zeros), then the events.
    #[must_use]
    pub fn to_text(&self) -> String {
        let columns: Vec<&str> = self
            .players
            .first()
            .map(|p| p.by_source.0.iter().map(|(n, _)| n.as_str()).collect())
            .unwrap_or_default();
        let width = self
            .players
            .iter()
            .map(|p| p.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        let mut out = format!("{:<width$}", "player");
        let w = |s: &str| s.chars().count().max(10);
        for &s in &columns {
            let _ = write!(out, " {s:>0$}", w(s));
        }
        out.push_str("      total\n");
        for p in &self.players {
            let _ = write!(out, "{:<width$}", p.name);
            for &s in &columns {
                let _ = write!(out, " {:>1$}", p.by_source.get(s), w(s));
            }
            let _ = writeln!(out, " {:>10}", p.total);
        }
        out.push_str("\nevents:\n");
        if self.events.is_empty() {
            out.push_str("  (none)\n");
        }
        for e in &self.events {
            let turn = e
                .turn
                .map_or_else(|| "final".to_string(), |t| format!("turn {t}"));
            let _ = writeln!(
                out,
                "  {turn:<9} {:<width$} {:>+5}  {:<10} {}  [{} at ({}, {})]",
                e.player, e.points, e.source, e.reason, e.tile, e.x, e.y
            );
        }
        out
    }
}
