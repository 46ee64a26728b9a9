//! Seat kinds as the command line writes them: `random`, `greedy`,
//! `mcts:N` (N iterations per move, random rollouts) or `mcts:N:greedy`
//! (greedy rollouts), and [`Seats`], one per player.

use std::fmt;
use std::str::FromStr;

use crate::engine::MAX_PLAYERS;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// Uniform among the legal moves (the engine's random player).
    #[default]
    Random,
    /// The move with the best immediate value (`players::eval`).
    Greedy,
    /// Monte Carlo tree search.
    Mcts {
        /// Iterations (sampled games) per move.
        iterations: u32,
        /// Who plays the sampled games to their end.
        rollout: Rollout,
    },
}

/// The player of Monte Carlo rollouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rollout {
    /// Uniform random moves: fast.
    #[default]
    Random,
    /// Greedy moves: slower, closer to real play.
    Greedy,
}

/// A seat list the command line can't read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatError(pub String);

impl fmt::Display for SeatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SeatError {}

/// The most iterations per move `mcts:N` accepts.
pub const MAX_ITERATIONS: u32 = 1_000_000;

impl FromStr for Seat {
    type Err = SeatError;

    fn from_str(s: &str) -> Result<Seat, SeatError> {
        let bad = || {
            SeatError(format!(
                "unknown seat `{s}`: expected random, greedy, mcts:N or mcts:N:greedy"
            ))
        };
        let mut parts = s.trim().split(':');
        match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some("random"), None, ..) => Ok(Seat::Random),
            (Some("greedy"), None, ..) => Ok(Seat::Greedy),
            (Some("mcts"), Some(n), rollout, None) => {
                // Any run of digits is a count, in range or not (u64 holds
                // more than any count typed; longer ones are out of range).
                let iterations: u64 = if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) {
                    n.parse().unwrap_or(u64::MAX)
                } else {
                    return Err(bad());
                };
                let Some(iterations) = u32::try_from(iterations)
                    .ok()
                    .filter(|i| (1..=MAX_ITERATIONS).contains(i))
                else {
                    return Err(SeatError(format!(
                        "`{s}`: iterations must be 1 to {MAX_ITERATIONS}"
                    )));
                };
                let rollout = match rollout {
                    None | Some("random") => Rollout::Random,
                    Some("greedy") => Rollout::Greedy,
                    Some(_) => return Err(bad()),
                };
                Ok(Seat::Mcts {
                    iterations,
                    rollout,
                })
            }
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Random => f.write_str("random"),
            Seat::Greedy => f.write_str("greedy"),
            Seat::Mcts {
                iterations,
                rollout: Rollout::Random,
            } => write!(f, "mcts:{iterations}"),
            Seat::Mcts {
                iterations,
                rollout: Rollout::Greedy,
            } => write!(f, "mcts:{iterations}:greedy"),
        }
    }
}

/// One seat per player, in turn order (a `Copy` value: at most
/// [`MAX_PLAYERS`] seats).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seats {
    seats: [Seat; MAX_PLAYERS],
    players: usize,
}

impl Seats {
    /// `players` random seats.
    #[must_use]
    pub fn random(players: usize) -> Seats {
        Seats {
            seats: [Seat::Random; MAX_PLAYERS],
            players: players.min(MAX_PLAYERS),
        }
    }

    /// These seats, in turn order.
    ///
    /// # Errors
    /// No seat, or more than [`MAX_PLAYERS`].
    pub fn new(list: &[Seat]) -> Result<Seats, SeatError> {
        if list.is_empty() || list.len() > MAX_PLAYERS {
            return Err(SeatError(format!(
                "a game has 1 to {MAX_PLAYERS} seats, not {}",
                list.len()
            )));
        }
        let mut seats = [Seat::Random; MAX_PLAYERS];
        seats[..list.len()].copy_from_slice(list);
        Ok(Seats {
            seats,
            players: list.len(),
        })
    }

    /// Reads a comma-separated list (`greedy,random`, `mcts:400,greedy`);
    /// one seat alone fills all `players` seats. `players` is `None` when the
    /// list alone decides.
    ///
    /// # Errors
    /// An unknown seat, or a list whose length is neither 1 nor `players`.
    pub fn parse(list: &str, players: Option<usize>) -> Result<Seats, SeatError> {
        let parsed = list
            .split(',')
            .map(str::parse)
            .collect::<Result<Vec<Seat>, _>>()?;
        match (parsed.as_slice(), players) {
            ([one], Some(n)) => Seats::new(&vec![*one; n]),
            (_, Some(n)) if n != parsed.len() => Err(SeatError(format!(
                "{} for {}: give one seat per player, or one for all",
                crate::words::count(parsed.len(), "seat"),
                crate::words::count(n, "player")
            ))),
            _ => Seats::new(&parsed),
        }
    }

    /// The seats, in turn order.
    #[must_use]
    pub fn as_slice(&self) -> &[Seat] {
        &self.seats[..self.players]
    }

    /// Number of seats (players).
    #[must_use]
    pub fn len(&self) -> usize {
        self.players
    }

    /// True with no seat.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.players == 0
    }

    /// True when every seat is random.
    #[must_use]
    pub fn all_random(&self) -> bool {
        self.as_slice().iter().all(|s| *s == Seat::Random)
    }

    /// The seats as the command line writes them: `greedy,random`.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.as_slice().iter().map(ToString::to_string).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_read_and_print_the_same() {
        for s in ["random", "greedy", "mcts:400", "mcts:7:greedy"] {
            assert_eq!(s.parse::<Seat>().map(|s| s.to_string()), Ok(s.to_string()));
        }
        assert_eq!(
            "mcts:5:random".parse::<Seat>().map(|s| s.to_string()),
            Ok("mcts:5".into())
        );
        for bad in [
            "",
            "greed",
            "mcts",
            "mcts:0",
            "mcts:x",
            "mcts:5:smart",
            "greedy:3",
        ] {
            assert!(bad.parse::<Seat>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_count_out_of_range_gets_the_range_however_large() {
        for big in [
            "mcts:1000001",
            "mcts:4294967295",
            "mcts:4294967296",
            &format!("mcts:{}", "9".repeat(40)),
        ] {
            let err = big.parse::<Seat>().expect_err(big).to_string();
            assert!(
                err.contains("iterations must be 1 to 1000000"),
                "{big}: {err}"
            );
        }
        let err = "mcts:-3".parse::<Seat>().expect_err("negative").to_string();
        assert!(err.contains("unknown seat"), "{err}");
    }

    #[test]
    fn a_list_gives_one_seat_per_player_or_one_for_all() {
        let s = Seats::parse("greedy,random", None).map(|s| s.names());
        assert_eq!(s, Ok(vec!["greedy".to_string(), "random".to_string()]));
        let all = Seats::parse("greedy", Some(3)).map(|s| s.names());
        assert_eq!(all, Ok(vec!["greedy".to_string(); 3]));
        assert!(Seats::parse("greedy,random", Some(3)).is_err());
        assert!(Seats::parse("greedy,bogus", None).is_err());
    }
}
