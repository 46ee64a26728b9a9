//! The score output of `tileforge score`: per-player totals by source and the
//! event list, as JSON (`docs/game-log.md`) or as a text table.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::{Game, Source};

/// Scores of a game, explained.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreReport {
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
    /// Points by source.
    pub by_source: BySource,
}

/// Points by source.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct BySource {
    pub road: i64,
    pub city: i64,
    pub cloister: i64,
    pub field: i64,
    pub circus: i64,
    pub acrobats: i64,
    pub ringmaster: i64,
    pub goods: i64,
    /// Tower ransoms (left out when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tower: i64,
    /// Wind roses in their quarter (left out when 0).
    #[serde(default, skip_serializing_if = "is_zero", rename = "wind-rose")]
    pub wind_rose: i64,
    /// Castles (left out when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub castle: i64,
    /// Bazaar payments (left out when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bazaar: i64,
    /// The fairy's points (left out when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fairy: i64,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
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
    /// `road`, `city`, `cloister`, `field`, `circus`, `acrobats`, `ringmaster`
    /// or `goods`.
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
    let name = |p: usize| {
        names
            .get(p)
            .cloned()
            .unwrap_or_else(|| format!("player{}", p + 1))
    };
    let players = game
        .scores()
        .iter()
        .enumerate()
        .map(|(p, s)| PlayerScore {
            name: name(p),
            total: s.total(),
            by_source: BySource {
                road: s.get(Source::Road),
                city: s.get(Source::City),
                cloister: s.get(Source::Cloister),
                field: s.get(Source::Field),
                circus: s.get(Source::Circus),
                acrobats: s.get(Source::Acrobats),
                ringmaster: s.get(Source::Ringmaster),
                goods: s.get(Source::Goods),
                tower: s.get(Source::Tower),
                wind_rose: s.get(Source::WindRose),
                castle: s.get(Source::Castle),
                bazaar: s.get(Source::Bazaar),
                fairy: s.get(Source::Fairy),
            },
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
            source: e.source.name().to_string(),
            reason: e.describe(game.rules()),
            tile: game.rules().kind_id(kind).to_string(),
            x: at.x,
            y: at.y,
        })
        .collect();
    ScoreReport { players, events }
}

impl BySource {
    fn get(&self, source: Source) -> i64 {
        match source {
            Source::Road => self.road,
            Source::City => self.city,
            Source::Cloister => self.cloister,
            Source::Field => self.field,
            Source::Circus => self.circus,
            Source::Acrobats => self.acrobats,
            Source::Ringmaster => self.ringmaster,
            Source::Goods => self.goods,
            Source::Tower => self.tower,
            Source::WindRose => self.wind_rose,
            Source::Castle => self.castle,
            Source::Bazaar => self.bazaar,
            Source::Fairy => self.fairy,
        }
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

    /// The table by source, then the events. The four shapes' columns are
    /// always shown; a capability's column (circus, acrobats, ringmaster,
    /// goods) only when some player scored from it, so a game without those
    /// capabilities shows no columns of zeros.
    #[must_use]
    pub fn to_text(&self) -> String {
        let columns: Vec<Source> = Source::EVERY
            .into_iter()
            .enumerate()
            .filter(|&(i, s)| i < 4 || self.players.iter().any(|p| p.by_source.get(s) != 0))
            .map(|(_, s)| s)
            .collect();
        let width = self
            .players
            .iter()
            .map(|p| p.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        let mut out = format!("{:<width$}", "player");
        for &s in &columns {
            let _ = write!(out, " {:>10}", s.name());
        }
        out.push_str("      total\n");
        for p in &self.players {
            let _ = write!(out, "{:<width$}", p.name);
            for &s in &columns {
                let _ = write!(out, " {:>10}", p.by_source.get(s));
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
