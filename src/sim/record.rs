//! One game, counted: plays it with its seats ([`players::play`]; random
//! seats play exactly as the engine's random player) and adds what happened
//! to a [`Tally`]. The moves reported after each is applied tell which tile was discarded at which
//! draw, each flight's roll and landing, and each circus tile placed while the
//! big top stands; the finished game gives the scores.

use super::accumulate::{Tally, WIN};
use crate::engine::log::{GameLog, TurnLog};
use crate::engine::{Columns, IllegalMove, KindId, MeepleAction, Move, Ruleset};
use crate::players::{self, Seat};

/// What the counting needs to know about the ruleset, computed once.
#[derive(Debug)]
pub struct Table {
    /// Tile kinds with a circus space (`capability big-top`).
    circus: Vec<bool>,
    /// The score columns.
    pub columns: Columns,
}

impl Table {
    /// The table of a ruleset.
    #[must_use]
    pub fn new(rules: &Ruleset) -> Table {
        let circus = (0..rules.kind_count())
            .map(|k| rules.switches_on(KindId(u16::try_from(k).unwrap_or(u16::MAX)), "big-top"))
            .collect();
        Table {
            circus,
            columns: Columns::new(rules),
        }
    }
}

/// Plays the game with this seed and counts it; returns its log when `names`
/// are given (one per player).
pub fn play(
    rules: &Ruleset,
    table: &Table,
    seats: &[Seat],
    seed: u64,
    names: Option<&[String]>,
    tally: &mut Tally,
) -> Result<Option<GameLog>, IllegalMove> {
    let mut turns: Vec<TurnLog> = Vec::new();
    let mut count_final = Vec::new();
    let (mut discards, mut flights, mut big_top) = (0i64, 0i64, 0i64);
    let game = players::play(
        rules,
        seats,
        seed,
        names.map(|_| &mut turns),
        names.map(|_| &mut count_final),
        |game, mv| match mv {
            Move::Discard { tile } => {
                discards += 1;
                tally.discard(usize::from(tile.0), game.turn() as usize);
            }
            Move::Place { tile, .. } => {
                // The big top still stands where it stood: this circus scores it.
                if table.circus[usize::from(tile.0)] && game.big_top().is_some() {
                    big_top += 1;
                }
            }
            Move::Figure(MeepleAction::Fly { roll, landing, .. }) => {
                flights += 1;
                let f = tally.flights.entry(*roll).or_default();
                f.flights += 1;
                f.landed += u64::from(landing.is_some());
            }
            Move::Crop(crop) => super::designer::crop(crop, tally),
            Move::Figure(_)
            | Move::EndTurn
            | Move::Ransom { .. }
            | Move::Dragon(_)
            | Move::Escape(_) => {}
            Move::Flock { .. } => {}
            Move::Gold { .. } => {}
            Move::Castle(_) | Move::Bazaar(_) => {}
            Move::Abbey(_) => {}
            Move::Magic { .. } => {}
            Move::Wagon(_) => {}
            Move::Ferry(_) => {}
            Move::CountIn(_) | Move::CountOut(_) => {}
        },
    )?;
    if game.big_top().is_some() {
        big_top += 1; // scored once more at game end
    }
    tally.games += 1;
    tally.draws.add(i64::from(game.turn()));
    tally.discards.add(discards);
    tally
        .turns
        .add(i64::try_from(game.tiles_placed()).unwrap_or(i64::MAX) - 1);
    tally.flights_per_game.add(flights);
    tally.big_top.add(big_top);
    count_scores(&game, &table.columns, tally);
    super::designer::count(&game, tally);
    tally.sources.count(&game);
    Ok(names.map(|names| {
        let mut log = GameLog::finished_game(rules, names, turns);
        log.seats = Some(seats.iter().map(ToString::to_string).collect());
        if !count_final.is_empty() {
            log.count_final = Some(count_final);
        }
        log
    }))
}

fn count_scores(game: &crate::engine::Game<'_>, columns: &Columns, tally: &mut Tally) {
    let scores = game.scores();
    let n = columns.len();
    let mut points = vec![0i64; scores.len() * n];
    columns.add(game.events(), &mut points);
    let best = scores.iter().map(crate::engine::Score::total).max();
    let winners = scores.iter().filter(|s| Some(s.total()) == best).count() as u64;
    for (p, (score, seat)) in scores.iter().zip(&mut tally.seats).enumerate() {
        for (c, &v) in points[p * n..(p + 1) * n].iter().enumerate() {
            // Most columns are 0 in most games: the histograms count only
            // the other values, and the summary adds the zeros back
            // (`Tally::column`).
            if v != 0 {
                tally.points[c].add(v);
            }
            seat.points[c].add(v);
        }
        let total = score.total();
        tally.points[n].add(total);
        seat.points[n].add(total);
        if Some(total) == best {
            seat.wins += u64::from(winners == 1);
            seat.win_share += WIN / winners.max(1);
        }
    }
}
