//! The differential runner: plays seeded random games with our engine,
//! exports each as a JCloisterZone save, has JCZ's own engine (the
//! `jcz-oracle` harness, docs/jcz-games.md) replay and score it, and reports
//! how many games both engines score alike, with every disagreement: JCZ's
//! error, or both engines' points by source side by side. A developer tool:
//! CI has no JCZ, so it is not part of `cargo test`.
//!
//! ```sh
//! cargo build --release --example jcz_differential
//! target/release/examples/jcz_differential --oracle $JCZ_BUILD/jcz-oracle \
//!     --tileset out/tileset.json --expansions base,river --players 2-6 \
//!     --games 200 --seed 1 --jobs 2 [--out DIR] [--verbose] [--jcz-readings]
//! ```
//!
//! `--jcz-readings` plays the check settings of docs/jcz-games.md: JCZ's
//! river look-ahead, its dragon eating tower tops and its fields on four
//! tiles, applied to the tile set as it is read.
//!
//! Game `i` is played by seed `SEED + i` with `2 + i mod (MAX - MIN + 1)`...
//! players from the range; `--out DIR` keeps the log and the save of each
//! disagreeing game (`seed-N.json`, `seed-N.jcz`), and the log of each game
//! the export refused. The summary's last line is
//! `agreed A of N`.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;
use tileforge::emit::wire::TileSet;
use tileforge::engine::random::{player_names, RandomPlayer};
use tileforge::engine::{report, Event, Reason, Ruleset, Score, Source};

struct Options {
    oracle: PathBuf,
    tileset: PathBuf,
    expansions: Vec<String>,
    players: (usize, usize),
    games: u64,
    seed: u64,
    jobs: usize,
    out: Option<PathBuf>,
    verbose: bool,
    jcz_readings: bool,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        oracle: PathBuf::from("jcz-oracle"),
        tileset: PathBuf::from("out/tileset.json"),
        expansions: vec!["base".into()],
        players: (2, 2),
        games: 10,
        seed: 1,
        jobs: 1,
        out: None,
        verbose: false,
        jcz_readings: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{a} needs a value"));
        match a.as_str() {
            "--oracle" => o.oracle = value()?.into(),
            "--tileset" => o.tileset = value()?.into(),
            "--expansions" => o.expansions = value()?.split(',').map(str::to_string).collect(),
            "--players" => {
                let v = value()?;
                let (lo, hi) = v.split_once('-').unwrap_or((&v, &v));
                o.players = (
                    lo.parse().map_err(|_| "bad --players")?,
                    hi.parse().map_err(|_| "bad --players")?,
                );
            }
            "--games" => o.games = value()?.parse().map_err(|_| "bad --games")?,
            "--seed" => o.seed = value()?.parse().map_err(|_| "bad --seed")?,
            "--jobs" => o.jobs = value()?.parse().map_err(|_| "bad --jobs")?,
            "--out" => o.out = Some(value()?.into()),
            "--verbose" => o.verbose = true,
            "--jcz-readings" => o.jcz_readings = true,
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(o)
}

/// `--jcz-readings`: the tile set as JCZ plays it where docs/rules.md reads
/// the published rules otherwise (the check settings of docs/jcz-games.md):
/// the river's look-ahead and the dragon eating tower tops switched on, and
/// JCZ's fields on four tiles (two fields merged into one, or a field that
/// touches both cities). A tile or expansion the set lacks is left alone.
fn jcz_readings(set: &mut Value) -> Result<(), String> {
    for e in set["expansions"].as_array_mut().into_iter().flatten() {
        let rule = match e["id"].as_str() {
            Some("river") => "river.look-ahead",
            Some("the-tower") => "dragon.eats-tower-tops",
            _ => continue,
        };
        if let Some(rules) = e["rules"].as_object_mut() {
            rules.insert(rule.to_string(), Value::from(1));
        }
    }
    for t in set["tiles"].as_array_mut().into_iter().flatten() {
        let merges: &[(&str, &str)] = match t["id"].as_str() {
            Some("river-2/CIcI") => &[("NNW", "SSW"), ("NNE", "SSE")],
            Some("princess-and-dragon/CRcr.d") => &[("NNW", "NNE"), ("SSE", "SSW")],
            Some("abbey-and-mayor/CRcr+") => &[("SSE", "SSW")],
            Some("abbey-and-mayor/CCc+") => {
                let field = field_with(t, "S").ok_or("abbey-and-mayor/CCc+: no field at S")?;
                t["features"][field]["touching"] = serde_json::json!([0, 1]);
                continue;
            }
            _ => continue,
        };
        for &(a, b) in merges {
            let id = t["id"].as_str().unwrap_or("?").to_string();
            let (Some(fa), Some(fb)) = (field_with(t, a), field_with(t, b)) else {
                return Err(format!("{id}: no field at {a} or {b}"));
            };
            if fa == fb {
                continue;
            }
            let features = t["features"].as_array_mut().ok_or("features")?;
            let moved = features[fb]["slots"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            if let Some(slots) = features[fa]["slots"].as_array_mut() {
                slots.extend(moved);
            }
            features.remove(fb);
        }
    }
    Ok(())
}

/// The index of the tile's field holding `slot`.
fn field_with(tile: &Value, slot: &str) -> Option<usize> {
    tile["features"].as_array()?.iter().position(|f| {
        f["kind"] == "field"
            && f["slots"]
                .as_array()
                .is_some_and(|s| s.iter().any(|x| x == slot))
    })
}

/// One game's outcome.
enum Outcome {
    Agreed,
    /// The export refused the game (why).
    Refused(String),
    /// JCZ stopped at a message (why), or scored differently (the table).
    Disagreed {
        class: String,
        detail: String,
    },
}

/// Points by player and source, JCZ's feature names mapped to our sources.
fn jcz_by_source(result: &Value) -> BTreeMap<(usize, String), i64> {
    let mut out = BTreeMap::new();
    for e in result["scoreEvents"].as_array().into_iter().flatten() {
        let player = e["player"].as_u64().unwrap_or(0) as usize;
        let mut feature = e["feature"].as_str().unwrap_or("?").to_string();
        if feature == "watchtower" {
            // JCZ books a tower's points apart; ours count with the road or
            // city whose completion scored it (its pointer).
            feature = e["ptr"]["feature"]
                .as_str()
                .unwrap_or("?")
                .to_ascii_lowercase();
        }
        let source = match feature.as_str() {
            "monastery" | "garden" | "shrine" | "special-monastery" | "church" | "yaga-hut"
            | "vodyanoy" => "cloister",
            "bigtop" => "circus",
            // Gold bars score in our goods column.
            "trade-goods" | "tradegoods" | "gold" => "goods",
            // King & Robber's titles: ours score in the column of the kind
            // they follow.
            "king" => "city",
            "robber" => "road",
            other => other,
        };
        *out.entry((player, source.to_string())).or_default() += e["points"].as_i64().unwrap_or(0);
    }
    out
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let text = std::fs::read_to_string(&o.tileset).unwrap_or_else(|e| {
        eprintln!("error: {}: {e}", o.tileset.display());
        std::process::exit(2)
    });
    let mut value: Value = serde_json::from_str(&text).unwrap_or_else(|e| {
        eprintln!("error: {}: {e}", o.tileset.display());
        std::process::exit(2)
    });
    if o.jcz_readings {
        if let Err(e) = jcz_readings(&mut value) {
            eprintln!("error: --jcz-readings: {e}");
            std::process::exit(2);
        }
    }
    let set: TileSet = serde_json::from_value(value).unwrap_or_else(|e| {
        eprintln!("error: {}: {e}", o.tileset.display());
        std::process::exit(2)
    });
    let rules = Ruleset::new(&set, Some(&o.expansions)).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2)
    });
    if let Some(dir) = &o.out {
        let _ = std::fs::create_dir_all(dir);
    }
    let jobs = o.jobs.max(1);
    let outcomes: Vec<(u64, Outcome)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..jobs)
            .map(|j| {
                let (o, set, rules) = (&o, &set, &rules);
                s.spawn(move || worker(o, set, rules, j, jobs))
            })
            .collect();
        let mut all: Vec<(u64, Outcome)> = handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect();
        all.sort_by_key(|(seed, _)| *seed);
        all
    });
    let mut classes: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    let mut agreed = 0;
    for (seed, outcome) in &outcomes {
        match outcome {
            Outcome::Agreed => agreed += 1,
            Outcome::Refused(why) => classes
                .entry(format!("export refused: {why}"))
                .or_default()
                .push(*seed),
            Outcome::Disagreed { class, detail } => {
                if o.verbose {
                    println!("seed {seed}: {class}\n{detail}");
                }
                classes.entry(class.clone()).or_default().push(*seed);
            }
        }
    }
    for (class, seeds) in &classes {
        let shown: Vec<String> = seeds.iter().take(8).map(u64::to_string).collect();
        println!("{:5}  {class}  (seeds {})", seeds.len(), shown.join(" "));
    }
    println!(
        "{}: agreed {agreed} of {}",
        o.expansions.join(","),
        outcomes.len()
    );
}

fn worker(
    o: &Options,
    set: &TileSet,
    rules: &Ruleset,
    job: usize,
    jobs: usize,
) -> Vec<(u64, Outcome)> {
    let mut child = Command::new(&o.oracle)
        .arg("--serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| {
            eprintln!("error: cannot start {}: {e}", o.oracle.display());
            std::process::exit(2)
        });
    let mut stdin = child.stdin.take().expect("piped");
    let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
    let span = o.players.1.saturating_sub(o.players.0) + 1;
    let mut out = Vec::new();
    for i in (0..o.games).filter(|i| (*i as usize) % jobs == job) {
        let seed = o.seed + i;
        let players = o.players.0 + (i as usize) % span;
        let names = player_names(players);
        let (game, log) = match RandomPlayer::new(seed).play_logged(rules, &names) {
            Ok(g) => g,
            Err(e) => {
                out.push((seed, Outcome::Refused(format!("our engine: {}", e.0))));
                continue;
            }
        };
        let save = match tileforge::jcz_game::export(set, rules, &log) {
            Ok(s) => s,
            Err(e) => {
                // Drop the turn (`turn 12: `), which varies from game to game.
                let why = e
                    .strip_prefix("turn ")
                    .and_then(|r| r.split_once(": "))
                    .map_or(e.as_str(), |(_, w)| w);
                let why = why.split(" (the export knows").next().unwrap_or(why);
                let why = why.to_string();
                if let Some(dir) = &o.out {
                    // The log, to see why.
                    let _ = std::fs::write(dir.join(format!("seed-{seed}.json")), log.to_json());
                }
                out.push((seed, Outcome::Refused(why)));
                continue;
            }
        };
        let line = serde_json::to_string(&save).unwrap_or_default();
        if writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .is_err()
        {
            eprintln!("error: the oracle stopped");
            break;
        }
        let mut answer = String::new();
        if stdout.read_line(&mut answer).unwrap_or(0) == 0 {
            eprintln!("error: the oracle stopped");
            break;
        }
        let result: Value = serde_json::from_str(&answer).unwrap_or(Value::Null);
        let ours = report::report(&game, &names);
        let outcome = compare(&result, &ours, game.scores(), &flocks(game.events()));
        if let (Outcome::Disagreed { .. }, Some(dir)) = (&outcome, &o.out) {
            let _ = std::fs::write(dir.join(format!("seed-{seed}.json")), log.to_json());
            let _ = std::fs::write(dir.join(format!("seed-{seed}.jcz")), save.to_json());
        }
        out.push((seed, outcome));
    }
    drop(stdin);
    let _ = child.wait();
    out
}

/// Each player's points from gathered flocks, which ours book in the field
/// column and JCZ's apart (`flock`): compared apart, so that a flock JCZ
/// gathers and ours does not shows as such.
fn flocks(events: &[Event]) -> Vec<i64> {
    let mut out = Vec::new();
    for e in events {
        if matches!(e.reason, Reason::Flock { .. }) {
            if out.len() <= e.player {
                out.resize(e.player + 1, 0);
            }
            out[e.player] += e.points;
        }
    }
    out
}

fn compare(
    result: &Value,
    ours: &report::ScoreReport,
    scores: &[Score],
    flocks: &[i64],
) -> Outcome {
    if let Some(err) = result.get("error").filter(|e| !e.is_null()) {
        let msg = err["message"].as_str().unwrap_or("?");
        // Numbers and ids in the message vary from game to game.
        let class: String = msg
            .split_whitespace()
            .map(|w| {
                if w.chars().any(|c| c.is_ascii_digit()) {
                    "#"
                } else {
                    w
                }
            })
            .collect::<Vec<_>>()
            .join(" ");
        return Outcome::Disagreed {
            class: format!("JCZ error: {class}"),
            detail: format!("  at message {}: {msg}", err["messageIndex"]),
        };
    }
    let theirs = jcz_by_source(result);
    let mut differ = Vec::new();
    let mut lines = String::new();
    for (p, score) in ours.players.iter().enumerate() {
        let jtotal = result["players"][p]["points"].as_i64().unwrap_or(i64::MIN);
        // JCZ files points by the shape of what scored, as the engine's
        // sources do (a garden under cloister), not by the set's own kinds.
        let b = scores.get(p).copied().unwrap_or_default();
        let sources = [
            Source::Road,
            Source::City,
            Source::Cloister,
            Source::Field,
            Source::Circus,
            Source::Acrobats,
            Source::Ringmaster,
            Source::Goods,
            Source::WindRose,
        ]
        .map(|s| (s.name(), b.get(s)));
        let flock = flocks.get(p).copied().unwrap_or(0);
        let sources = sources
            .into_iter()
            .map(|(name, pts)| (name, if name == "field" { pts - flock } else { pts }))
            .chain(std::iter::once(("flock", flock)));
        let before = differ.len();
        let mut row = format!(
            "  {:8} total {:4} | JCZ {:4} |",
            score.name, score.total, jtotal
        );
        for (src, pts) in sources {
            let j = theirs.get(&(p, src.to_string())).copied().unwrap_or(0);
            if j != pts {
                differ.push(src);
                row.push_str(&format!(" {src} {pts} vs {j}"));
            }
        }
        if jtotal != score.total || differ.len() > before {
            lines.push_str(&row);
            lines.push('\n');
        }
        if jtotal != score.total && differ.is_empty() {
            differ.push("total");
        }
    }
    if differ.is_empty() {
        return Outcome::Agreed;
    }
    differ.sort_unstable();
    differ.dedup();
    Outcome::Disagreed {
        class: format!("scores differ: {}", differ.join(", ")),
        detail: lines,
    }
}
