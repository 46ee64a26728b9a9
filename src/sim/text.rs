//! The simulation report as text: a heading, then one section per question
//! (points, seats, game length, discards, flights, big top), each a
//! [`Table`] or a line. Sections that don't apply to the set are left out.

use crate::words::s as plural;
use std::fmt::Write;

use super::summary::{Distribution, Summary};
use crate::stats::Table;

/// Renders a summary for a terminal.
#[must_use]
pub fn render(s: &Summary) -> String {
    let mut out = heading(s);
    points(&mut out, s);
    seats(&mut out, s);
    seat_kinds(&mut out, s);
    length(&mut out, s);
    discards(&mut out, s);
    by_draw(&mut out, s);
    flights(&mut out, s);
    big_top(&mut out, s);
    super::designer::text(&mut out, &s.designer);
    out
}

/// `10000 games, 2 players, seed 0: base, the-flier (79 tiles drawn per game)`;
/// the seats follow the player count unless all are random.
pub fn heading(s: &Summary) -> String {
    let played_by: Vec<&str> = s.seats.iter().map(|x| x.player.as_str()).collect();
    let seats = if played_by.iter().all(|p| *p == "random") {
        String::new()
    } else {
        format!(" ({})", played_by.join(", "))
    };
    format!(
        "{} game{}, {} player{}{seats}, seed {}: {} ({} tiles drawn per game)\n",
        thousands(s.games),
        plural(s.games),
        s.players,
        plural(s.players as u64),
        s.seed,
        s.expansions.join(", "),
        s.tiles_drawn
    )
}

fn points(out: &mut String, s: &Summary) {
    out.push_str("\nPoints per player and game, by source\n\n");
    let mut t = Table::new(&["source", "mean", "sd", "min", "p10", "median", "p90", "max"]);
    let mut silent = Vec::new();
    let columns = s.points.columns.iter().map(|(n, d)| (n.as_str(), d));
    for (name, d) in columns.chain([("total", &s.points.total)]) {
        if name != "total" && !d.scored() {
            silent.push(name);
            continue;
        }
        t.row(vec![
            name.to_string(),
            fixed(d.mean, 2),
            fixed(d.sd, 2),
            d.min.to_string(),
            d.p10.to_string(),
            d.median.to_string(),
            d.p90.to_string(),
            d.max.to_string(),
        ]);
    }
    out.push_str(&t.render());
    if !silent.is_empty() {
        let _ = writeln!(out, "(no points from {} in any game)", silent.join(", "));
    }
}

fn seats(out: &mut String, s: &Summary) {
    out.push_str("\nSeats in turn order\n\n");
    let mut t = Table::new(&[
        "seat",
        "player",
        "played by",
        "mean",
        "sd",
        "wins alone",
        "win share",
    ]);
    for seat in &s.seats {
        t.row(vec![
            seat.seat.to_string(),
            seat.name.clone(),
            seat.player.clone(),
            fixed(seat.mean.total, 2),
            fixed(seat.sd, 2),
            seat.wins.to_string(),
            percent(seat.win_share),
        ]);
    }
    out.push_str(&t.render());
    if s.players > 1 {
        let f = &s.first_player;
        let _ = writeln!(
            out,
            "First-player advantage: {:+.2} points (seat 1's mean minus the other seats'), \
             win share {} (fair: {})",
            f.points,
            percent(f.win_share),
            percent(f.fair_share)
        );
    }
}

/// Each kind of player's seats together, when more than one kind played.
fn seat_kinds(out: &mut String, s: &Summary) {
    if s.seat_kinds.len() < 2 {
        return;
    }
    out.push_str("\nBy kind of player (mean points per seat and game)\n\n");
    let mut head = vec!["played by", "seats"];
    let sources: Vec<&str> = s.points.names().filter(|n| s.scored(n)).collect();
    head.extend(sources.iter().copied());
    head.extend(["total", "sd", "win share", "fair share"]);
    let mut t = Table::new(&head);
    for k in &s.seat_kinds {
        let mut row = vec![
            k.player.clone(),
            k.seats
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(","),
        ];
        row.extend(
            sources
                .iter()
                .map(|n| fixed(k.mean.get(n).copied().unwrap_or(0.0), 2)),
        );
        row.extend([
            fixed(k.mean.total, 2),
            fixed(k.sd, 2),
            percent(k.win_share),
            percent(k.fair_share),
        ]);
        t.row(row);
    }
    out.push_str(&t.render());
}

fn length(out: &mut String, s: &Summary) {
    let d = &s.game_length;
    let _ = writeln!(
        out,
        "\nGame length: {} turns per game (min {}, max {}; a turn places a tile)",
        fixed(d.mean, 2),
        d.min,
        d.max
    );
}

fn discards(out: &mut String, s: &Summary) {
    let d = &s.discards;
    let _ = writeln!(
        out,
        "\nDiscarded tiles: {} per game (sd {}, max {}); {} of the games had one or more",
        small(d.per_game.mean, 3),
        small(d.per_game.sd, 3),
        d.per_game.max,
        percent(ratio(d.games_with_discard, s.games)),
    );
    let mut kinds: Vec<_> = d.by_kind.iter().filter(|k| k.discarded > 0).collect();
    if kinds.is_empty() {
        return;
    }
    kinds.sort_by(|a, b| b.rate.total_cmp(&a.rate).then(a.tile.cmp(&b.tile)));
    out.push('\n');
    let mut t = Table::new(&["tile", "copies", "discarded", "per game", "rate"]);
    for k in &kinds {
        t.row(vec![
            k.tile.clone(),
            k.copies.to_string(),
            k.discarded.to_string(),
            small(k.per_game, 4),
            percent(k.rate),
        ]);
    }
    out.push_str(&t.render());
    let never = d.by_kind.len() - kinds.len();
    if never > 0 {
        let _ = writeln!(out, "({never} other tile kinds were never discarded)");
    }
}

/// The chance that the k-th tile drawn fits nowhere, in ten stretches of the
/// game: the mean over the stretch, and its worst draw.
fn by_draw(out: &mut String, s: &Summary) {
    let draws = &s.discards.by_draw;
    if s.discards.per_game.max == 0 || draws.is_empty() {
        return;
    }
    out.push_str("\nChance that the k-th tile drawn is unplaceable\n\n");
    let mut t = Table::new(&["draws", "mean", "highest", "at draw"]);
    let stretch = draws.len().div_ceil(10);
    for part in draws.chunks(stretch) {
        let (first, last) = (part[0].draw, part[part.len() - 1].draw);
        #[allow(clippy::cast_precision_loss)]
        let mean = part.iter().map(|d| d.probability).sum::<f64>() / part.len() as f64;
        let worst = part
            .iter()
            .max_by(|a, b| {
                a.probability
                    .total_cmp(&b.probability)
                    .then(b.draw.cmp(&a.draw))
            })
            .unwrap_or(&part[0]);
        let at = if worst.discarded == 0 {
            "-".to_string()
        } else {
            worst.draw.to_string()
        };
        let span = if first == last {
            first.to_string()
        } else {
            format!("{first}-{last}")
        };
        t.row(vec![span, percent(mean), percent(worst.probability), at]);
    }
    out.push_str(&t.render());
}

fn flights(out: &mut String, s: &Summary) {
    let f = &s.flights;
    if f.total == 0 {
        return;
    }
    let _ = writeln!(
        out,
        "\nFlights: {} per game; {} land on something\n",
        small(f.per_game, 3),
        percent(f.landing_rate)
    );
    let mut t = Table::new(&["roll", "flights", "landed", "landing rate"]);
    for r in &f.by_roll {
        t.row(vec![
            r.roll.to_string(),
            r.flights.to_string(),
            r.landed.to_string(),
            percent(r.landing_rate),
        ]);
    }
    out.push_str(&t.render());
}

fn big_top(out: &mut String, s: &Summary) {
    let d: &Distribution = &s.big_top.scorings_per_game;
    if d.max == 0 {
        return;
    }
    let _ = writeln!(
        out,
        "\nBig top scorings per game: {} (sd {}, min {}, max {})",
        fixed(d.mean, 2),
        fixed(d.sd, 2),
        d.min,
        d.max
    );
}

/// A number with `digits` decimals.
pub fn fixed(x: f64, digits: usize) -> String {
    format!("{x:.digits$}")
}

/// A share as a percentage, with more decimals when small (two significant
/// digits at least): `52.3%`, `7.0%`, `0.76%`, `0.0044%`; `0%` for nothing.
pub fn percent(share: f64) -> String {
    let p = share * 100.0;
    if p == 0.0 {
        return "0%".to_string();
    }
    let digits = if p.abs() >= 1.0 { 1 } else { decimals(p, 2) };
    format!("{p:.digits$}%")
}

/// A number with at least `min` decimals and at least two significant digits.
pub fn small(x: f64, min: usize) -> String {
    let digits = decimals(x, min);
    format!("{x:.digits$}")
}

/// Decimals showing two significant digits of `x`, at least `min`, at most 8.
fn decimals(x: f64, min: usize) -> usize {
    if x == 0.0 || !x.is_finite() {
        return min;
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let needed = (1.0 - x.abs().log10().floor()).clamp(0.0, 8.0) as usize;
    needed.max(min)
}

/// `100,000`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[allow(clippy::cast_precision_loss)]
fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

#[cfg(test)]
mod tests {
    use super::{percent, small, thousands};

    #[test]
    fn small_numbers_keep_two_significant_digits() {
        assert_eq!(percent(0.523), "52.3%");
        assert_eq!(percent(0.07), "7.0%");
        assert_eq!(percent(0.0076), "0.76%");
        assert_eq!(percent(0.000_044), "0.0044%");
        assert_eq!(percent(0.0), "0%");
        assert_eq!(small(0.000_03, 4), "0.000030");
        assert_eq!(small(0.0066, 4), "0.0066");
        assert_eq!(small(1.5, 3), "1.500");
        assert_eq!(thousands(100_000), "100,000");
        assert_eq!(thousands(999), "999");
    }
}
