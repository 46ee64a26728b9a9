//! `tileforge simulate PATH... --games N --players P --seats LIST --seed S`:
//! many seeded games (random seats unless `--seats` says otherwise),
//! summarised as text or JSON, optionally compared with a baseline set
//! (`--baseline`), drawn as PNG charts (`--charts DIR`), and kept as game logs
//! (`--save-games DIR`). A progress bar shows on stderr when it is a terminal;
//! `--timings` prints the games' wall and CPU time, and games a CPU-second.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use super::input::Colour;
use super::output::{create_dir, write_atomic};
use super::Failure;
use crate::engine::log::GameLog;
use crate::engine::Ruleset;
use crate::sim::{self, charts, Observer, Options, Summary};

/// The most worker threads `--threads` may ask for: more than any machine
/// this runs on has cores, few enough to start in a moment.
const MAX_THREADS: usize = 256;

/// Arguments of `simulate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `.tiles` files or directories of them, compiled together; or one
    /// compiled `tileset.json`.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Players per game (default: the number of `--seats`, else 2).
    #[arg(long)]
    players: Option<usize>,
    /// Who plays each seat, in turn order: `random`, `greedy`, `mcts:N` or
    /// `mcts:N:greedy`, comma-separated; one alone plays every seat.
    #[arg(long, value_name = "LIST")]
    seats: Option<String>,
    /// The random seed: the same seed gives the same numbers, on any number of threads.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Play only these expansions of PATH (comma-separated); default: every
    /// expansion the engine can play, editions left out.
    #[arg(long, value_delimiter = ',')]
    expansions: Vec<String>,
    /// Also simulate this set (e.g. without the expansion) with the same seeds
    /// and print what changes.
    #[arg(long, num_args = 1.., value_name = "PATH")]
    baseline: Vec<PathBuf>,
    /// Print the summary as JSON (see docs/simulate.md).
    #[arg(long)]
    json: bool,
    /// Write PNG charts into this directory.
    #[arg(long, value_name = "DIR")]
    charts: Option<PathBuf>,
    /// Write every game's log into this directory (game-000001.json, ...),
    /// replayable with `tileforge score`.
    #[arg(long, value_name = "DIR")]
    save_games: Option<PathBuf>,
    /// Worker threads (default: one per core; at most 256).
    #[arg(long)]
    threads: Option<usize>,
    /// When to colour diagnostics.
    #[arg(long, value_enum, default_value_t)]
    color: Colour,
    /// Print on stderr how long loading and the games took, in wall time and
    /// in CPU time (user + system, every thread), and games a CPU-second.
    #[arg(long)]
    timings: bool,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let options = options(args)?;
    let loading = Clock::start();
    let candidate = ruleset(
        &args.paths,
        &args.expansions,
        args.color,
        super::verbosity::verbose(),
    )?;
    let baseline = if args.baseline.is_empty() {
        None
    } else {
        Some(ruleset(
            &args.baseline,
            &[],
            args.color,
            super::verbosity::verbose(),
        )?)
    };
    if let Some(dir) = &args.save_games {
        create_dir(dir)?;
    }
    if let Some(dir) = &args.charts {
        create_dir(dir)?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| Failure::Usage(format!("cannot start worker threads: {e}")))?;
    let runs = u64::from(baseline.is_some()) + 1;
    let loaded = loading.read();
    let playing = Clock::start();
    let progress = Progress::new(
        options.games.saturating_mul(runs),
        args.save_games.as_deref(),
    );
    let result = pool.install(|| -> Result<_, Failure> {
        let base = match &baseline {
            Some(rules) => {
                let plain = Options {
                    keep_logs: false,
                    ..options
                };
                Some(simulate(rules, &plain, &progress)?)
            }
            None => None,
        };
        Ok((base, simulate(&candidate, &options, &progress)?))
    });
    progress.finish();
    let played = playing.read();
    let (base, summary) = result?;
    if args.timings {
        eprintln!(
            "{}",
            timings(loaded, played, options.games.saturating_mul(runs))
        );
    }
    if let Some(dir) = &args.charts {
        for chart in charts::charts(&summary, base.as_ref()).map_err(Failure::Usage)? {
            write_atomic(&dir.join(chart.file), &chart.png)?;
        }
    }
    let out = match base {
        Some(base) => {
            let comparison = sim::compare(base, summary);
            if args.json {
                comparison.to_json()
            } else {
                comparison.to_text()
            }
        }
        None if args.json => summary.to_json(),
        None => summary.to_text(),
    };
    super::output::stdout(&out)?;
    Ok(())
}

fn options(args: &Args) -> Result<Options, Failure> {
    if args.games == 0 {
        return Err(Failure::Usage("--games must be at least 1".into()));
    }
    let seats = super::play::seats(args.seats.as_deref(), args.players)?;
    match args.threads {
        Some(0) => return Err(Failure::Usage("--threads must be at least 1".into())),
        Some(n) if n > MAX_THREADS => {
            return Err(Failure::Usage(format!(
                "--threads must be at most {MAX_THREADS}, not {n}"
            )))
        }
        _ => {}
    }
    Ok(Options {
        games: args.games,
        players: seats.len(),
        seed: args.seed,
        keep_logs: args.save_games.is_some(),
        seats,
    })
}

/// Compiles `.tiles` inputs, or reads one `tileset.json`, and prepares the
/// expansions chosen (`super::selection`) for play.
fn ruleset(
    paths: &[PathBuf],
    expansions: &[String],
    colour: Colour,
    verbose: bool,
) -> Result<Ruleset, Failure> {
    let set = super::tileset::load(paths, colour)?;
    let chosen = super::selection::expansions(&set, expansions, verbose);
    super::tileset::ruleset(&set, chosen.as_deref(), &super::tileset::set_name(paths))
}

fn simulate(rules: &Ruleset, options: &Options, progress: &Progress) -> Result<Summary, Failure> {
    sim::simulate_with(rules, options, progress).map_err(|e| match e {
        sim::SimError::Observer(m) => Failure::Usage(m),
        other => Failure::Usage(other.to_string()),
    })
}

/// Wall and CPU time since a start.
struct Clock {
    wall: std::time::Instant,
    cpu: Option<cpu_time::ProcessTime>,
}

/// What a [`Clock`] read: wall and CPU time (none where the system has no
/// process CPU clock).
#[derive(Debug, Clone, Copy)]
struct Spent {
    wall: Duration,
    cpu: Option<Duration>,
}

impl Clock {
    fn start() -> Clock {
        Clock {
            wall: std::time::Instant::now(),
            cpu: cpu_time::ProcessTime::try_now().ok(),
        }
    }

    fn read(&self) -> Spent {
        Spent {
            wall: self.wall.elapsed(),
            cpu: self.cpu.and_then(|t| t.try_elapsed().ok()),
        }
    }
}

/// The `--timings` line: loading, then the games with their rate per
/// CPU-second (the figure that does not depend on the thread count).
fn timings(loaded: Spent, played: Spent, games: u64) -> String {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let cpu = |s: Spent| {
        s.cpu
            .map_or(String::from("unknown"), |d| format!("{:.1} ms", ms(d)))
    };
    #[allow(clippy::cast_precision_loss)]
    let rate = played
        .cpu
        .filter(|d| !d.is_zero())
        .map_or(String::new(), |d| {
            format!(", {:.0} games a CPU-second", games as f64 / d.as_secs_f64())
        });
    format!(
        "timings: load {:.1} ms wall ({} CPU); {games} game{} {:.1} ms wall ({} CPU){rate}",
        ms(loaded.wall),
        cpu(loaded),
        super::input::plural(usize::try_from(games).unwrap_or(usize::MAX)),
        ms(played.wall),
        cpu(played),
    )
}

/// The progress bar (only on a terminal) and the directory for game logs.
struct Progress<'a> {
    bar: Option<ProgressBar>,
    save: Option<&'a Path>,
}

impl<'a> Progress<'a> {
    fn new(games: u64, save: Option<&'a Path>) -> Progress<'a> {
        let bar = (std::io::stderr().is_terminal() && !super::verbosity::quiet()).then(|| {
            let bar = ProgressBar::new(games);
            if let Ok(style) =
                ProgressStyle::with_template("{bar:30} {human_pos}/{human_len} games, {eta} left")
            {
                bar.set_style(style);
            }
            bar
        });
        Progress { bar, save }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Observer for Progress<'_> {
    fn games_done(&self, n: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(n);
        }
    }

    fn game_log(&self, index: u64, log: &GameLog) -> Result<(), String> {
        let Some(dir) = self.save else {
            return Ok(());
        };
        let path = dir.join(format!("game-{:06}.json", index + 1));
        write_atomic(&path, log.to_json().as_bytes()).map_err(|f| match f {
            Failure::Usage(m) => m,
            Failure::Input => format!("cannot write {}", path.display()),
        })
    }
}
