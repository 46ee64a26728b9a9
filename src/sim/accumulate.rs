//! Streaming statistics over many games. Everything accumulated is an integer
//! (counts, sums, sums of squares, exact histograms, min/max), so merging two
//! partial results is exact, associative and commutative: however the games
//! are split between threads and in whatever order the parts are merged, the
//! totals are the same bits. Floating point appears only when a [`Tally`] is
//! turned into a summary. Memory depends on the tile set (kinds, tiles per
//! game, the range of scores), never on the number of games.

use std::collections::BTreeMap;

use super::designer::{CropTally, KindTally};
use super::wide::U256;

/// One win shared by `k` players gives each `WIN / k`: the least common
/// multiple of 1..=16 (the most players a game may have), so shares stay
/// integers.
pub const WIN: u64 = 720_720;

/// An exact histogram of integer values: each value seen and how often.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Histogram {
    counts: BTreeMap<i64, u64>,
}

impl Histogram {
    /// Counts one value.
    pub fn add(&mut self, value: i64) {
        self.add_n(value, 1);
    }

    /// Counts a value `n` times (nothing when `n` is 0).
    pub fn add_n(&mut self, value: i64, n: u64) {
        if n > 0 {
            *self.counts.entry(value).or_insert(0) += n;
        }
    }

    /// Adds another histogram's counts.
    pub fn merge(&mut self, other: &Histogram) {
        for (&v, &n) in &other.counts {
            *self.counts.entry(v).or_insert(0) += n;
        }
    }

    /// Values counted.
    #[must_use]
    pub fn count(&self) -> u64 {
        self.counts.values().sum()
    }

    /// The sum of the values.
    #[must_use]
    pub fn sum(&self) -> i128 {
        self.counts
            .iter()
            .map(|(&v, &n)| i128::from(v).saturating_mul(i128::from(n)))
            .fold(0, i128::saturating_add)
    }

    /// The values and their counts, smallest value first.
    pub fn iter(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        self.counts.iter().map(|(&v, &n)| (v, n))
    }

    /// The moments of the values.
    #[must_use]
    pub fn moments(&self) -> Moments {
        let mut m = Moments::default();
        for (v, n) in self.iter() {
            m.add_n(v, n);
        }
        m
    }

    /// The smallest value `v` with at least a fraction `q` of the values at
    /// or below it (nearest rank); 0 when empty.
    #[must_use]
    pub fn quantile(&self, q: f64) -> i64 {
        let total = self.count();
        #[allow(
            clippy::cast_precision_loss,
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss
        )]
        let rank = ((q * total as f64).ceil() as u64).clamp(1, total.max(1));
        let mut seen = 0;
        for (v, n) in self.iter() {
            seen += n;
            if seen >= rank {
                return v;
            }
        }
        0
    }
}

/// Count, sum, sum of squares, least and greatest of integer values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moments {
    /// Values counted.
    pub n: u64,
    /// Their sum.
    pub sum: i128,
    /// The sum of their squares, exact whatever the values.
    pub sum_sq: U256,
    /// The least (`i64::MAX` when empty).
    pub min: i64,
    /// The greatest (`i64::MIN` when empty).
    pub max: i64,
}

impl Default for Moments {
    fn default() -> Moments {
        Moments {
            n: 0,
            sum: 0,
            sum_sq: U256::default(),
            min: i64::MAX,
            max: i64::MIN,
        }
    }
}

impl Moments {
    /// Counts one value.
    pub fn add(&mut self, value: i64) {
        self.add_n(value, 1);
    }

    /// Counts a value `n` times.
    pub fn add_n(&mut self, value: i64, n: u64) {
        if n == 0 {
            return;
        }
        let v = i128::from(value);
        let magnitude = u128::from(value.unsigned_abs());
        self.n += n;
        self.sum = self.sum.saturating_add(v.saturating_mul(i128::from(n)));
        self.sum_sq = self
            .sum_sq
            .plus(U256::product(magnitude * magnitude, u128::from(n)));
        self.min = self.min.min(value);
        self.max = self.max.max(value);
    }

    /// Adds another part's values.
    pub fn merge(&mut self, other: &Moments) {
        self.n += other.n;
        self.sum = self.sum.saturating_add(other.sum);
        self.sum_sq = self.sum_sq.plus(other.sum_sq);
        self.min = self.min.min(other.min);
        self.max = self.max.max(other.max);
    }

    /// The mean (0 when empty).
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum as f64 / self.n as f64
        }
    }

    /// The sample standard deviation (0 below two values). The numerator
    /// `n·Σx² − (Σx)²` is computed exactly in 256-bit integers.
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn sd(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let sum = self.sum.unsigned_abs();
        let numerator = self
            .sum_sq
            .times(self.n)
            .saturating_sub(U256::product(sum, sum));
        let n = self.n as f64;
        (numerator.to_f64() / (n * (n - 1.0))).sqrt()
    }

    /// The least value, 0 when empty.
    #[must_use]
    pub fn min_or_zero(&self) -> i64 {
        if self.n == 0 {
            0
        } else {
            self.min
        }
    }

    /// The greatest value, 0 when empty.
    #[must_use]
    pub fn max_or_zero(&self) -> i64 {
        if self.n == 0 {
            0
        } else {
            self.max
        }
    }
}

/// One seat in turn order: its points and its wins.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seat {
    /// Points per game by column ([`crate::engine::Columns`]), then the total.
    pub points: Vec<Moments>,
    /// Games this seat won alone.
    pub wins: u64,
    /// Games won, ties shared, in units of 1/[`WIN`] of a game.
    pub win_share: u64,
}

impl Seat {
    /// Nothing counted yet, with `columns` score columns.
    #[must_use]
    pub fn new(columns: usize) -> Seat {
        Seat {
            points: vec![Moments::default(); columns + 1],
            ..Seat::default()
        }
    }
}

/// Flights for one die face.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flights {
    /// Figures that flew with this roll.
    pub flights: u64,
    /// Of those, the ones that landed on something.
    pub landed: u64,
}

/// The statistics of some games of one ruleset and player count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Tiles drawn per game, discards included, the start tile excluded.
    pub draws: Moments,
    /// Tiles discarded per game.
    pub discards: Histogram,
    /// Discards of each tile kind (indexed by `KindId`).
    pub discards_by_kind: Vec<u64>,
    /// Discards at each draw: entry `k - 1` counts the games whose `k`-th
    /// tile drawn fitted nowhere.
    pub discards_by_draw: Vec<u64>,
    /// Tiles placed per game, the start tile excluded: the game's length in turns.
    pub turns: Histogram,
    /// Points per player and game, by column ([`crate::engine::Columns`])
    /// then the total. A column's histogram leaves out its zeros (a
    /// player-game without points there): the total's counts every
    /// player-game, and [`Tally::column`] adds the missing zeros back.
    pub points: Vec<Histogram>,
    /// Each seat in turn order.
    pub seats: Vec<Seat>,
    /// Flights by die roll.
    pub flights: BTreeMap<u32, Flights>,
    /// Flights per game.
    pub flights_per_game: Moments,
    /// Times per game the circus under the big top was scored.
    pub big_top: Histogram,
    /// Each tile kind: copies placed, points credited (indexed by `KindId`).
    pub kinds: Vec<KindTally>,
    /// Crop circles' actions and responses.
    pub crop: CropTally,
    /// Points by feature kind and attribute, pigs, goods, abbots, second turns.
    pub sources: super::sources::SourcesTally,
}

impl Tally {
    /// Nothing counted yet, for a ruleset with `kinds` tile kinds and
    /// `columns` score columns.
    #[must_use]
    pub fn new(kinds: usize, players: usize, columns: usize) -> Tally {
        Tally {
            games: 0,
            draws: Moments::default(),
            discards: Histogram::default(),
            discards_by_kind: vec![0; kinds],
            discards_by_draw: Vec::new(),
            turns: Histogram::default(),
            points: vec![Histogram::default(); columns + 1],
            seats: vec![Seat::new(columns); players],
            flights: BTreeMap::new(),
            flights_per_game: Moments::default(),
            big_top: Histogram::default(),
            kinds: vec![KindTally::default(); kinds],
            crop: CropTally::default(),
            sources: super::sources::SourcesTally::default(),
        }
    }

    /// Adds another part's games (same ruleset and player count).
    #[must_use]
    pub fn merged(mut self, other: &Tally) -> Tally {
        self.games += other.games;
        self.draws.merge(&other.draws);
        self.discards.merge(&other.discards);
        add_counts(&mut self.discards_by_kind, &other.discards_by_kind);
        add_counts(&mut self.discards_by_draw, &other.discards_by_draw);
        self.turns.merge(&other.turns);
        for (mine, theirs) in self.points.iter_mut().zip(&other.points) {
            mine.merge(theirs);
        }
        for (mine, theirs) in self.seats.iter_mut().zip(&other.seats) {
            for (m, t) in mine.points.iter_mut().zip(&theirs.points) {
                m.merge(t);
            }
            mine.wins += theirs.wins;
            mine.win_share += theirs.win_share;
        }
        for (&roll, f) in &other.flights {
            let mine = self.flights.entry(roll).or_default();
            mine.flights += f.flights;
            mine.landed += f.landed;
        }
        self.flights_per_game.merge(&other.flights_per_game);
        self.big_top.merge(&other.big_top);
        for (mine, theirs) in self.kinds.iter_mut().zip(&other.kinds) {
            mine.placed += theirs.placed;
            mine.points = mine.points.saturating_add(theirs.points);
            mine.share = mine.share.saturating_add(theirs.share);
        }
        self.crop.merge(&other.crop);
        self.sources.merge(&other.sources);
        self
    }

    /// The histogram of column `c` (the total's for `c` = the columns),
    /// its zeros included: one value per player-game.
    #[must_use]
    pub fn column(&self, c: usize) -> Histogram {
        let mut h = self.points.get(c).cloned().unwrap_or_default();
        let all = self.points.last().map_or(0, Histogram::count);
        h.add_n(0, all.saturating_sub(h.count()));
        h
    }

    /// Counts a discard of `kind` at the `draw`-th tile drawn (1-based).
    pub fn discard(&mut self, kind: usize, draw: usize) {
        if let Some(n) = self.discards_by_kind.get_mut(kind) {
            *n += 1;
        }
        let i = draw.saturating_sub(1);
        if self.discards_by_draw.len() <= i {
            self.discards_by_draw.resize(i + 1, 0);
        }
        self.discards_by_draw[i] += 1;
    }
}

fn add_counts(mine: &mut Vec<u64>, theirs: &[u64]) {
    if mine.len() < theirs.len() {
        mine.resize(theirs.len(), 0);
    }
    for (m, t) in mine.iter_mut().zip(theirs) {
        *m += t;
    }
}

#[cfg(test)]
mod tests {
    use super::{Histogram, Moments};

    #[test]
    fn moments_match_the_textbook_formulas() {
        let mut m = Moments::default();
        for v in [2, 4, 4, 4, 5, 5, 7, 9] {
            m.add(v);
        }
        assert_eq!((m.n, m.sum, m.min, m.max), (8, 40, 2, 9));
        assert!((m.mean() - 5.0).abs() < 1e-12);
        // Sample variance 32 / 7.
        assert!((m.sd() - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        assert_eq!(Moments::default().sd(), 0.0);
    }

    #[test]
    fn huge_scores_keep_their_spread() {
        // Sums of squares far beyond i128: the spread must not read 0.
        let mut m = Moments::default();
        for _ in 0..1000 {
            m.add(1_000_000_000_000_000_000);
            m.add(3_000_000_000_000_000_000);
        }
        m.add_n(i64::MAX, 3);
        m.add_n(i64::MIN, 3);
        let mut plain = Moments::default();
        for _ in 0..1000 {
            plain.add(1);
            plain.add(3);
        }
        let mut big = Moments::default();
        for _ in 0..1000 {
            big.add(1_000_000_000_000_000_000);
            big.add(3_000_000_000_000_000_000);
        }
        let ratio = big.sd() / plain.sd();
        assert!((ratio / 1e18 - 1.0).abs() < 1e-9, "{ratio}");
        assert!(m.sd() > big.sd(), "{} vs {}", m.sd(), big.sd());
    }

    #[test]
    fn merging_parts_in_any_order_gives_the_whole() {
        let values = [3, -1, 8, 8, 0, 12, 5, 5, 5, 40];
        let mut whole = Histogram::default();
        values.iter().for_each(|&v| whole.add(v));
        let (mut a, mut b) = (Histogram::default(), Histogram::default());
        values[..4].iter().for_each(|&v| a.add(v));
        values[4..].iter().for_each(|&v| b.add(v));
        let mut ab = a.clone();
        ab.merge(&b);
        b.merge(&a);
        assert_eq!(ab, whole);
        assert_eq!(b, whole);
        assert_eq!(whole.moments(), {
            let mut m = Moments::default();
            values.iter().for_each(|&v| m.add(v));
            m
        });
    }

    #[test]
    fn quantiles_use_the_nearest_rank() {
        let mut h = Histogram::default();
        (1..=10).for_each(|v| h.add(v));
        assert_eq!(h.quantile(0.5), 5);
        assert_eq!(h.quantile(0.1), 1);
        assert_eq!(h.quantile(0.9), 9);
        assert_eq!(h.quantile(1.0), 10);
        assert_eq!(Histogram::default().quantile(0.5), 0);
    }
}
