//! Compare mode: the same number of games, with the same seeds, of a baseline
//! set and of a candidate (the baseline plus an expansion, say), and what
//! changed. Each change of a mean or a share carries an approximate 95%
//! margin (1.96 standard errors of the difference, the two runs taken as
//! independent samples), so an author can tell an effect from noise.

use std::collections::BTreeMap;

use serde::Serialize;

use super::summary::{round6, Distribution, Summary};
use super::text::{fixed, heading, percent};
use crate::stats::Table;

/// A baseline and a candidate summary and their differences.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The set without the expansion.
    pub baseline: Summary,
    /// The set with it.
    pub candidate: Summary,
    /// Headline figures side by side.
    pub changes: Vec<Change>,
    /// Tile kinds discarded in either run: their discard rates.
    pub discard_rates: Vec<KindChange>,
}

/// One figure in both runs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Change {
    /// What is measured, e.g. `points.road`, `discards.per_game`.
    pub metric: String,
    /// Its value in the baseline run.
    pub baseline: f64,
    /// Its value in the candidate run.
    pub candidate: f64,
    /// candidate − baseline.
    pub change: f64,
    /// Half-width of an approximate 95% interval of the change, when known.
    pub margin: Option<f64>,
}

/// A tile kind's discard rate in both runs (`null`: not in that set).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KindChange {
    /// Full tile id.
    pub tile: String,
    /// Rate in the baseline run.
    pub baseline: Option<f64>,
    /// Rate in the candidate run.
    pub candidate: Option<f64>,
}

impl Change {
    /// True when the change is larger than its margin.
    #[must_use]
    pub fn clear(&self) -> bool {
        self.margin.is_some_and(|m| self.change.abs() > m)
    }
}

/// Compares two summaries.
#[must_use]
pub fn compare(baseline: Summary, candidate: Summary) -> Comparison {
    let (b, c) = (&baseline, &candidate);
    let mut changes = Vec::new();
    // The columns scored in either run (the candidate's new ones after the
    // baseline's), then the total; a column a run lacks counts as zeros.
    let mut names: Vec<&str> = b.points.names().filter(|n| b.scored(n)).collect();
    for n in c.points.names().filter(|n| c.scored(n)) {
        if !names.contains(&n) {
            names.push(n);
        }
    }
    names.push("total");
    for name in names {
        let zeros = |s: &Summary| Distribution::zeros(s.games * s.players as u64);
        let (zb, zc) = (zeros(b), zeros(c));
        changes.push(of_means(
            format!("points.{name}"),
            b.points.get(name).unwrap_or(&zb),
            c.points.get(name).unwrap_or(&zc),
        ));
    }
    if b.players > 1 {
        changes.push(plain(
            "first_player.points",
            b.first_player.points,
            c.first_player.points,
        ));
        changes.push(of_shares(
            "first_player.win_share",
            (b.first_player.win_share, b.games),
            (c.first_player.win_share, c.games),
        ));
    }
    // Per turn as well as per game: a change of distribution also changes
    // how many turns a game lasts.
    let rate = |s: &Summary, name: &str| {
        s.designer
            .points_per_turn
            .iter()
            .find(|r| r.source == name)
            .map_or(0.0, |r| r.per_player_turn)
    };
    let mut names: Vec<&str> = Vec::new();
    for r in b
        .designer
        .points_per_turn
        .iter()
        .chain(&c.designer.points_per_turn)
    {
        if !names.contains(&r.source.as_str()) {
            names.push(&r.source);
        }
    }
    // The total last, as in each run's list.
    names.retain(|n| *n != "total");
    names.push("total");
    for name in names {
        let (rb, rc) = (rate(b, name), rate(c, name));
        if name == "total" || rb != 0.0 || rc != 0.0 {
            changes.push(plain(&format!("points_per_turn.{name}"), rb, rc));
        }
    }
    changes.push(of_means("game_length", &b.game_length, &c.game_length));
    changes.push(of_means(
        "discards.per_game",
        &b.discards.per_game,
        &c.discards.per_game,
    ));
    changes.push(of_shares(
        "discards.games_with_discard",
        (share(b.discards.games_with_discard, b.games), b.games),
        (share(c.discards.games_with_discard, c.games), c.games),
    ));
    if b.flights.total + c.flights.total > 0 {
        changes.push(plain(
            "flights.per_game",
            b.flights.per_game,
            c.flights.per_game,
        ));
        changes.push(of_shares(
            "flights.landing_rate",
            (b.flights.landing_rate, b.flights.total),
            (c.flights.landing_rate, c.flights.total),
        ));
    }
    if b.big_top.scorings_per_game.max + c.big_top.scorings_per_game.max > 0 {
        changes.push(of_means(
            "big_top.scorings_per_game",
            &b.big_top.scorings_per_game,
            &c.big_top.scorings_per_game,
        ));
    }
    let discard_rates = kind_changes(b, c);
    Comparison {
        baseline,
        candidate,
        changes,
        discard_rates,
    }
}

fn kind_changes(b: &Summary, c: &Summary) -> Vec<KindChange> {
    let mut rates: BTreeMap<&str, (Option<f64>, Option<f64>, usize)> = BTreeMap::new();
    let order = b.discards.by_kind.len();
    for (i, k) in b.discards.by_kind.iter().enumerate() {
        rates.entry(&k.tile).or_insert((None, None, i)).0 = Some(k.rate);
    }
    for (i, k) in c.discards.by_kind.iter().enumerate() {
        rates.entry(&k.tile).or_insert((None, None, order + i)).1 = Some(k.rate);
    }
    let mut out: Vec<(usize, KindChange)> = rates
        .into_iter()
        .filter(|(_, (x, y, _))| x.unwrap_or(0.0) > 0.0 || y.unwrap_or(0.0) > 0.0)
        .map(|(tile, (baseline, candidate, i))| {
            (
                i,
                KindChange {
                    tile: tile.to_string(),
                    baseline,
                    candidate,
                },
            )
        })
        .collect();
    out.sort_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, k)| k).collect()
}

fn plain(metric: &str, baseline: f64, candidate: f64) -> Change {
    Change {
        metric: metric.to_string(),
        baseline,
        candidate,
        change: round6(candidate - baseline),
        margin: None,
    }
}

/// Means of two samples; margin from their standard errors.
#[allow(clippy::cast_precision_loss)]
fn of_means(metric: impl Into<String>, b: &Distribution, c: &Distribution) -> Change {
    let se = |d: &Distribution| {
        if d.count == 0 {
            0.0
        } else {
            d.sd * d.sd / d.count as f64
        }
    };
    Change {
        metric: metric.into(),
        baseline: b.mean,
        candidate: c.mean,
        change: round6(c.mean - b.mean),
        margin: Some(round6(1.96 * (se(b) + se(c)).sqrt())),
    }
}

/// Two proportions out of `n` trials each; binomial margin.
#[allow(clippy::cast_precision_loss)]
fn of_shares(metric: &str, (pb, nb): (f64, u64), (pc, nc): (f64, u64)) -> Change {
    let var = |p: f64, n: u64| {
        if n == 0 {
            0.0
        } else {
            p * (1.0 - p) / n as f64
        }
    };
    Change {
        metric: metric.to_string(),
        baseline: pb,
        candidate: pc,
        change: round6(pc - pb),
        margin: Some(round6(1.96 * (var(pb, nb) + var(pc, nc)).sqrt())),
    }
}

#[allow(clippy::cast_precision_loss)]
fn share(a: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        round6(a as f64 / n as f64)
    }
}

impl Comparison {
    /// Pretty JSON, ending in a newline.
    #[must_use]
    pub fn to_json(&self) -> String {
        crate::emit::to_json(self)
    }

    /// The differences as text tables.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::from("baseline:  ");
        out.push_str(&heading(&self.baseline));
        out.push_str("candidate: ");
        out.push_str(&heading(&self.candidate));
        out.push_str("\nWhat changes (* = beyond the 95% margin of chance)\n\n");
        let mut t = Table::new(&["metric", "baseline", "candidate", "change", "±95%", ""]);
        for c in &self.changes {
            let as_share = c.metric.ends_with("share")
                || c.metric.ends_with("rate")
                || c.metric.ends_with("with_discard");
            let show = |x: f64| {
                if as_share {
                    percent(x)
                } else {
                    fixed(x, 3)
                }
            };
            let signed = |x: f64| {
                let s = show(x);
                if x > 0.0 {
                    format!("+{s}")
                } else {
                    s
                }
            };
            t.row(vec![
                c.metric.clone(),
                show(c.baseline),
                show(c.candidate),
                signed(c.change),
                c.margin.map_or_else(String::new, show),
                if c.clear() { "*" } else { "" }.to_string(),
            ]);
        }
        out.push_str(&t.render());
        out.push_str("\npoints.*: mean per player and game; points_per_turn.*: per player and turn (tile placed); game_length: turns per game\n");
        if self.discard_rates.is_empty() {
            out.push_str("\nNo tile was discarded in either run.\n");
            return out;
        }
        out.push_str("\nDiscard rate by tile kind (share of its drawn copies)\n\n");
        let mut t = Table::new(&["tile", "baseline", "candidate"]);
        let cell = |r: Option<f64>| r.map_or_else(|| "-".to_string(), percent);
        for k in &self.discard_rates {
            t.row(vec![k.tile.clone(), cell(k.baseline), cell(k.candidate)]);
        }
        out.push_str(&t.render());
        out
    }
}
