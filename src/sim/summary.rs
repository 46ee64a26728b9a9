//! The result of a simulation, ready to print or serialise: every figure
//! derived from a [`Tally`]. The JSON field names are a contract, documented
//! in `docs/simulate.md`. Floating-point numbers are rounded to 6 decimals so
//! the JSON reads well and stays byte-identical between runs.

use serde::Serialize;

use super::accumulate::{Histogram, Moments, Seat, Tally, WIN};
use super::Options;
use crate::engine::random::player_names;
use crate::engine::{Columns, KindId, Ruleset};

/// The value of [`Summary::format`].
pub const FORMAT: &str = "tileforge.simulation";
/// The summary's format version: 2 since the points are keyed by the set's
/// own columns ([`Columns`]: `mere`, `garden`) and only those in play.
pub const VERSION: u32 = 2;

/// What many random games of one tile set showed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Always `"tileforge.simulation"`.
    pub format: &'static str,
    /// Always [`VERSION`].
    pub version: u32,
    /// The expansions in play.
    pub expansions: Vec<String>,
    /// Games played.
    pub games: u64,
    /// Players per game.
    pub players: usize,
    /// The run's seed.
    pub seed: u64,
    /// Tiles drawn per game: every tile of the box but the start tile.
    pub tiles_drawn: i64,
    /// Points per player and game, by source and in total.
    pub points: PointsBySource,
    /// Each seat in turn order.
    pub seats: Vec<SeatSummary>,
    /// Each kind of seat (`random`, `greedy`, `mcts:400`), in order of
    /// first seat.
    pub seat_kinds: Vec<SeatKindSummary>,
    /// The first seat against the others.
    pub first_player: FirstPlayer,
    /// Tiles placed per game (the start tile excluded): the number of turns.
    pub game_length: Distribution,
    /// Tiles that fitted nowhere.
    pub discards: Discards,
    /// Flights from flying machines.
    pub flights: FlightSummary,
    /// Big top scorings.
    pub big_top: BigTop,
    /// Points per turn, per tile kind, and crop circles (`sim::designer`).
    pub designer: super::designer::Designer,
}

/// A distribution of integer values.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Distribution {
    /// Values (games, or player-games).
    pub count: u64,
    /// Their sum.
    pub sum: i64,
    /// Mean.
    pub mean: f64,
    /// Sample standard deviation.
    pub sd: f64,
    /// Least.
    pub min: i64,
    /// 10th percentile (nearest rank).
    pub p10: i64,
    /// Median (nearest rank).
    pub median: i64,
    /// 90th percentile (nearest rank).
    pub p90: i64,
    /// Greatest.
    pub max: i64,
    /// Every value seen and how often: `[value, count]`, smallest first.
    pub histogram: Vec<[i64; 2]>,
}

/// A value for each score column shown, then for the total: a JSON object
/// keyed by column name (`road`, `mere`, `circus`, ..., `total`).
#[derive(Clone, Debug, PartialEq)]
pub struct ByColumn<T> {
    /// Each column shown, in column order ([`Columns`]): its name and value.
    pub columns: Vec<(String, T)>,
    /// All points.
    pub total: T,
}

impl<T> ByColumn<T> {
    /// The value of a column (`total` too), when shown.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&T> {
        if name == "total" {
            return Some(&self.total);
        }
        self.columns.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// The columns' names, in order, the total left out.
    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.columns.iter().map(|(n, _)| n.as_str())
    }
}

impl<T: Serialize> Serialize for ByColumn<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.columns.len() + 1))?;
        for (k, v) in &self.columns {
            m.serialize_entry(k, v)?;
        }
        m.serialize_entry("total", &self.total)?;
        m.end()
    }
}

/// A distribution for each column of points, and of the total.
pub type PointsBySource = ByColumn<Distribution>;

/// Mean points by column, and in total.
pub type MeansBySource = ByColumn<f64>;

/// One seat in turn order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatSummary {
    /// 1 for the first player.
    pub seat: usize,
    /// The name the random player gives it (`red`, `blue`, ...).
    pub name: String,
    /// Who played it: `random`, `greedy`, `mcts:400`, ...
    pub player: String,
    /// Mean points by source and in total.
    pub mean: MeansBySource,
    /// Standard deviation of the total.
    pub sd: f64,
    /// Games won alone.
    pub wins: u64,
    /// Share of the games won, a tie between k players counting 1/k each.
    pub win_share: f64,
}

/// The seats one kind of player played, together.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatKindSummary {
    /// `random`, `greedy`, `mcts:400`, ...
    pub player: String,
    /// The seats it played (1 for the first player).
    pub seats: Vec<usize>,
    /// Mean points per seat and game, by source and in total.
    pub mean: MeansBySource,
    /// Standard deviation of a seat's total.
    pub sd: f64,
    /// Share of the games won by one of these seats (ties shared).
    pub win_share: f64,
    /// The share its seats would win if all players were equal:
    /// seats / players.
    pub fair_share: f64,
}

/// How the first seat does against the others.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirstPlayer {
    /// Seat 1's mean total minus the mean of the other seats' mean totals.
    pub points: f64,
    /// Seat 1's share of the wins.
    pub win_share: f64,
    /// The share a fair game would give: 1 / players.
    pub fair_share: f64,
}

/// Discarded tiles.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Discards {
    /// Discards per game.
    pub per_game: Distribution,
    /// Games with at least one discard.
    pub games_with_discard: u64,
    /// Every tile kind in play, in tile-set order.
    pub by_kind: Vec<KindDiscards>,
    /// For each draw k = 1, 2, ...: how often the k-th tile drawn fitted nowhere.
    pub by_draw: Vec<DrawDiscards>,
}

/// Discards of one tile kind.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KindDiscards {
    /// Full tile id.
    pub tile: String,
    /// Copies drawn per game (the start copy excluded).
    pub copies: u32,
    /// Copies discarded over all games.
    pub discarded: u64,
    /// Copies discarded per game.
    pub per_game: f64,
    /// Share of its drawn copies discarded: discarded / (games × copies).
    pub rate: f64,
}

/// Discards at one draw.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrawDiscards {
    /// 1 for the first tile drawn after the start tile.
    pub draw: usize,
    /// Games whose k-th tile fitted nowhere.
    pub discarded: u64,
    /// discarded / games: the probability that the k-th tile is unplaceable.
    pub probability: f64,
}

/// Flights.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FlightSummary {
    /// Flights over all games.
    pub total: u64,
    /// Flights per game.
    pub per_game: f64,
    /// Landed flights over all flights (0 without flights).
    pub landing_rate: f64,
    /// Per die face value, smallest first.
    pub by_roll: Vec<RollFlights>,
}

/// Flights with one roll of the die.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RollFlights {
    /// The roll.
    pub roll: u32,
    /// Flights with this roll.
    pub flights: u64,
    /// Of those, the ones that landed on something.
    pub landed: u64,
    /// landed / flights.
    pub landing_rate: f64,
}

/// The big top.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BigTop {
    /// Times per game the circus under the big top was scored: each circus
    /// tile placed while the big top stands, and once at game end.
    pub scorings_per_game: Distribution,
}

/// Rounds to 6 decimals.
#[must_use]
pub fn round6(x: f64) -> f64 {
    if x.is_finite() {
        (x * 1e6).round() / 1e6
    } else {
        0.0
    }
}

#[allow(clippy::cast_precision_loss)]
fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        round6(a as f64 / b as f64)
    }
}

fn clamp64(v: i128) -> i64 {
    i64::try_from(v).unwrap_or(if v < 0 { i64::MIN } else { i64::MAX })
}

impl Distribution {
    /// True when some value is not 0.
    #[must_use]
    pub fn scored(&self) -> bool {
        self.min != 0 || self.max != 0
    }

    /// `count` values, all 0.
    #[must_use]
    pub fn zeros(count: u64) -> Distribution {
        let mut h = Histogram::default();
        h.add_n(0, count);
        Distribution::of(&h)
    }

    /// The distribution of a histogram.
    #[must_use]
    pub fn of(h: &Histogram) -> Distribution {
        let m = h.moments();
        Distribution {
            count: m.n,
            sum: clamp64(m.sum),
            mean: round6(m.mean()),
            sd: round6(m.sd()),
            min: m.min_or_zero(),
            p10: h.quantile(0.1),
            median: h.quantile(0.5),
            p90: h.quantile(0.9),
            max: m.max_or_zero(),
            histogram: h.iter().map(|(v, n)| [v, clamp64(i128::from(n))]).collect(),
        }
    }
}

/// The columns a summary shows: every kind in play, and the other sources
/// some game scored from; with their names.
fn shown(columns: &Columns, tally: &Tally) -> Vec<(usize, String)> {
    (0..columns.len())
        .filter(|&c| {
            columns.always(c)
                || tally
                    .points
                    .get(c)
                    .is_some_and(|h| h.iter().any(|(v, _)| v != 0))
        })
        .map(|c| (c, columns.name(c).to_string()))
        .collect()
}

fn means(shown: &[(usize, String)], m: &[Moments]) -> MeansBySource {
    let f = |c: usize| m.get(c).map_or(0.0, |m| round6(m.mean()));
    ByColumn {
        columns: shown.iter().map(|(c, n)| (n.clone(), f(*c))).collect(),
        total: f(m.len().saturating_sub(1)),
    }
}

impl Summary {
    /// Summarises a tally of games of `rules` played with `options`.
    #[must_use]
    pub fn new(rules: &Ruleset, options: &Options, tally: &Tally) -> Summary {
        let games = tally.games;
        let shown = shown(&Columns::new(rules), tally);
        let d = |c: usize| Distribution::of(&tally.column(c));
        let points = ByColumn {
            columns: shown.iter().map(|(c, n)| (n.clone(), d(*c))).collect(),
            total: d(tally.points.len().saturating_sub(1)),
        };
        let names = player_names(options.players);
        let seats: Vec<SeatSummary> = tally
            .seats
            .iter()
            .zip(names)
            .enumerate()
            .map(|(i, (s, name))| SeatSummary {
                seat: i + 1,
                name,
                player: options
                    .seat_list()
                    .get(i)
                    .map_or_else(String::new, ToString::to_string),
                mean: means(&shown, &s.points),
                sd: round6(s.points.last().map_or(0.0, Moments::sd)),
                wins: s.wins,
                win_share: ratio(s.win_share, games.saturating_mul(WIN)),
            })
            .collect();
        Summary {
            format: FORMAT,
            version: VERSION,
            expansions: rules.expansions().to_vec(),
            games,
            players: options.players,
            seed: options.seed,
            tiles_drawn: tally.draws.max_or_zero(),
            points,
            first_player: first_player(&seats),
            seat_kinds: seat_kinds(options, tally, &shown),
            seats,
            game_length: Distribution::of(&tally.turns),
            discards: discards(rules, tally),
            flights: flights(tally),
            big_top: BigTop {
                scorings_per_game: Distribution::of(&tally.big_top),
            },
            designer: super::designer::summary(rules, options.players, tally, &shown),
        }
    }

    /// Pretty JSON, ending in a newline.
    #[must_use]
    pub fn to_json(&self) -> String {
        crate::emit::to_json(self)
    }

    /// The report as text tables.
    #[must_use]
    pub fn to_text(&self) -> String {
        super::text::render(self)
    }

    /// True when some game scored points from the column with this name.
    #[must_use]
    pub fn scored(&self, name: &str) -> bool {
        self.points.get(name).is_some_and(Distribution::scored)
    }
}

/// The seats of each kind of player merged, kinds in order of first seat.
#[allow(clippy::cast_precision_loss)]
fn seat_kinds(options: &Options, tally: &Tally, shown: &[(usize, String)]) -> Vec<SeatKindSummary> {
    let list = options.seat_list();
    let mut kinds: Vec<(crate::players::Seat, Vec<usize>)> = Vec::new();
    for (i, seat) in list.iter().enumerate() {
        match kinds.iter_mut().find(|(k, _)| k == seat) {
            Some((_, seats)) => seats.push(i),
            None => kinds.push((*seat, vec![i])),
        }
    }
    kinds
        .into_iter()
        .map(|(kind, seats)| {
            let mut merged = Seat::new(tally.points.len().saturating_sub(1));
            for &i in &seats {
                if let Some(s) = tally.seats.get(i) {
                    for (m, p) in merged.points.iter_mut().zip(&s.points) {
                        m.merge(p);
                    }
                    merged.win_share += s.win_share;
                }
            }
            SeatKindSummary {
                player: kind.to_string(),
                fair_share: round6(seats.len() as f64 / list.len().max(1) as f64),
                seats: seats.iter().map(|i| i + 1).collect(),
                mean: means(shown, &merged.points),
                sd: round6(merged.points.last().map_or(0.0, Moments::sd)),
                win_share: ratio(merged.win_share, tally.games.saturating_mul(WIN)),
            }
        })
        .collect()
}

#[allow(clippy::cast_precision_loss)]
fn first_player(seats: &[SeatSummary]) -> FirstPlayer {
    let fair_share = round6(1.0 / seats.len().max(1) as f64);
    let Some((first, others)) = seats.split_first() else {
        return FirstPlayer {
            points: 0.0,
            win_share: 0.0,
            fair_share,
        };
    };
    let others_mean = if others.is_empty() {
        first.mean.total
    } else {
        others.iter().map(|s| s.mean.total).sum::<f64>() / others.len() as f64
    };
    FirstPlayer {
        points: round6(first.mean.total - others_mean),
        win_share: first.win_share,
        fair_share,
    }
}

#[allow(clippy::cast_precision_loss)]
fn discards(rules: &Ruleset, tally: &Tally) -> Discards {
    let games = tally.games;
    let start = rules.start();
    let by_kind = (0..rules.kind_count())
        .map(|k| {
            let kind = KindId(u16::try_from(k).unwrap_or(u16::MAX));
            let copies = rules
                .kind_count_of(kind)
                .saturating_sub(u32::from(Some(kind) == start));
            let discarded = tally.discards_by_kind.get(k).copied().unwrap_or(0);
            KindDiscards {
                tile: rules.kind_id(kind).to_string(),
                copies,
                discarded,
                per_game: ratio(discarded, games),
                rate: ratio(discarded, games.saturating_mul(u64::from(copies))),
            }
        })
        .collect();
    let draws = usize::try_from(tally.draws.max_or_zero()).unwrap_or(0);
    let by_draw = (0..draws.max(tally.discards_by_draw.len()))
        .map(|i| {
            let discarded = tally.discards_by_draw.get(i).copied().unwrap_or(0);
            DrawDiscards {
                draw: i + 1,
                discarded,
                probability: ratio(discarded, games),
            }
        })
        .collect();
    let no_discard = tally
        .discards
        .iter()
        .find(|&(v, _)| v == 0)
        .map_or(0, |(_, n)| n);
    Discards {
        per_game: Distribution::of(&tally.discards),
        games_with_discard: games - no_discard,
        by_kind,
        by_draw,
    }
}

fn flights(tally: &Tally) -> FlightSummary {
    let total: u64 = tally.flights.values().map(|f| f.flights).sum();
    let landed: u64 = tally.flights.values().map(|f| f.landed).sum();
    FlightSummary {
        total,
        per_game: ratio(total, tally.games),
        landing_rate: ratio(landed, total),
        by_roll: tally
            .flights
            .iter()
            .map(|(&roll, f)| RollFlights {
                roll,
                flights: f.flights,
                landed: f.landed,
                landing_rate: ratio(f.landed, f.flights),
            })
            .collect(),
    }
}
