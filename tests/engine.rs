//! Engine tests as data. Every `tests/engine/NAME.game.json` is a game log;
//! `tests/engine/NAME.expected.json` says what replaying it must give, worked
//! out by hand from the rules (the arithmetic is in its `why`):
//!
//! ```json
//! { "why": ["..."],
//!   "tilesets": ["tilesets/base.tiles"],          // optional; default: all of tilesets/
//!   "supply": { "red": { "meeple": 6 } },          // optional; after the last turn, before final scoring
//!   "scores": { "red": { "total": 13, "road": 5, "city": 8 } },   // sources left out are 0
//!   "events": [ { "turn": 3, "player": "red", "points": 8, "source": "city" } ],  // optional, exact
//!   "error": "turn 2 (...): ..." }                 // instead of scores: the replay must fail so
//! ```
//!
//! The engine only ever sees the wire types: the tile sets are compiled here
//! through the library, then emitted.
//!
//! The property tests play thousands of seeded random games and check that no
//! move panics, every figure is accounted for, scores never decrease, and a
//! game's log replays to the same scores.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use serde::Deserialize;
use tileforge::emit::wire::TileSet;
use tileforge::engine::log::GameLog;
use tileforge::engine::random::{player_names, RandomPlayer};
use tileforge::engine::{replay, Game, MeepleAction, Move, Ruleset, Source};

const SHIPPED: [&str; 4] = [
    "tilesets/base.tiles",
    "tilesets/under-the-big-top.tiles",
    "tilesets/the-flier.tiles",
    "tilesets/crop-circles-2.tiles",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Compiles `.tiles` files (paths relative to the crate) into wire types, once.
fn tileset(files: &[String]) -> TileSet {
    static CACHE: OnceLock<Mutex<HashMap<Vec<String>, TileSet>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut cache = cache
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    cache
        .entry(files.to_vec())
        .or_insert_with(|| {
            let mut sources = tileforge::diag::SourceMap::new();
            let ids: Vec<_> = files
                .iter()
                .map(|f| {
                    let text = std::fs::read_to_string(root().join(f))
                        .unwrap_or_else(|e| panic!("{f}: {e}"));
                    sources.add(f.clone(), text)
                })
                .collect();
            let compiled = tileforge::compile::compile(&sources, &ids);
            let checked = compiled.checked.unwrap_or_else(|| {
                panic!(
                    "{}",
                    tileforge::diag::render_all(&sources, &compiled.diagnostics, false)
                )
            });
            tileforge::emit::tileset(&checked)
        })
        .clone()
}

fn shipped() -> TileSet {
    tileset(&SHIPPED.map(String::from))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    why: Vec<String>,
    #[serde(default)]
    tilesets: Option<Vec<String>>,
    #[serde(default)]
    supply: BTreeMap<String, BTreeMap<String, u32>>,
    #[serde(default)]
    scores: Option<BTreeMap<String, BTreeMap<String, i64>>>,
    #[serde(default)]
    events: Option<Vec<ExpectedEvent>>,
    #[serde(default)]
    error: Option<String>,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct ExpectedEvent {
    turn: Option<u32>,
    player: String,
    points: i64,
    source: String,
}

/// Replays one case; returns what went wrong.
fn run_case(game_path: &Path) -> Result<(), String> {
    let name = game_path.display();
    let expected_path = PathBuf::from(
        game_path
            .to_string_lossy()
            .replace(".game.json", ".expected.json"),
    );
    let expected: Expected = serde_json::from_str(
        &std::fs::read_to_string(&expected_path)
            .map_err(|e| format!("{name}: no expected file: {e}"))?,
    )
    .map_err(|e| format!("{}: {e}", expected_path.display()))?;
    if expected.why.is_empty() {
        return Err(format!(
            "{name}: the expected file must explain its numbers in `why`"
        ));
    }
    let files = expected
        .tilesets
        .clone()
        .unwrap_or_else(|| SHIPPED.map(String::from).to_vec());
    let set = tileset(&files);
    let text = std::fs::read_to_string(game_path).map_err(|e| e.to_string())?;
    let outcome = (|| -> Result<(Ruleset, GameLog), String> {
        let log = GameLog::from_json(&text)?;
        let rules = Ruleset::new(&set, log.expansions.as_deref()).map_err(|e| e.to_string())?;
        Ok((rules, log))
    })();
    let (rules, mut log) = match (outcome, &expected.error) {
        (Err(e), Some(want)) if e.contains(want.as_str()) => return Ok(()),
        (Err(e), _) => return Err(format!("{name}: {e}")),
        (Ok(ok), _) => ok,
    };
    let finished = log.finished;
    log.finished = false;
    let mut game = match (replay(&rules, &log), &expected.error) {
        (Err(e), Some(want)) if e.to_string().contains(want.as_str()) => return Ok(()),
        (Err(e), Some(want)) => {
            return Err(format!("{name}: error\n  {e}\ndoes not contain\n  {want}"))
        }
        (Err(e), None) => return Err(format!("{name}: {e}")),
        (Ok(mut game), Some(want)) => {
            // The moves before final scoring may be the ones refused.
            let mut full = log.clone();
            full.finished = finished;
            return match tileforge::engine::replay::finish(&mut game, &full) {
                Err(e) if finished && e.to_string().contains(want.as_str()) => Ok(()),
                _ => Err(format!("{name}: replayed, but should fail with `{want}`")),
            };
        }
        (Ok(game), None) => game,
    };
    let player = |n: &str| {
        log.players
            .iter()
            .position(|p| p == n)
            .ok_or_else(|| format!("{name}: no player `{n}`"))
    };
    for (who, figures) in &expected.supply {
        let p = player(who)?;
        for (figure, &want) in figures {
            let f = rules
                .figure(figure)
                .ok_or_else(|| format!("{name}: no figure `{figure}`"))?;
            let got = game.supply(p, f);
            if got != want {
                return Err(format!(
                    "{name}: {who} has {got} {figure} in supply, expected {want}"
                ));
            }
        }
    }
    if finished {
        log.finished = true;
        tileforge::engine::replay::finish(&mut game, &log).map_err(|e| format!("{name}: {e}"))?;
    }
    check_scores(&name.to_string(), &game, &log, &expected)
}

fn check_scores(
    name: &str,
    game: &Game<'_>,
    log: &GameLog,
    expected: &Expected,
) -> Result<(), String> {
    let Some(scores) = &expected.scores else {
        return Err(format!(
            "{name}: the expected file gives neither scores nor error"
        ));
    };
    for (p, who) in log.players.iter().enumerate() {
        let score = game.scores()[p];
        let want = scores.get(who).cloned().unwrap_or_default();
        for key in want.keys() {
            if key != "total" && !Source::EVERY.iter().any(|s| s.name() == key) {
                return Err(format!("{name}: unknown source `{key}`"));
            }
        }
        let total = want.get("total").copied().unwrap_or(0);
        if score.total() != total {
            return Err(format!(
                "{name}: {who} scored {} in total, expected {total}\n{}",
                score.total(),
                dump(game, log)
            ));
        }
        for s in Source::EVERY {
            let w = want.get(s.name()).copied().unwrap_or(0);
            if score.get(s) != w {
                return Err(format!(
                    "{name}: {who} scored {} from {}, expected {w}\n{}",
                    score.get(s),
                    s.name(),
                    dump(game, log)
                ));
            }
        }
    }
    if let Some(events) = &expected.events {
        let got: Vec<ExpectedEvent> = game
            .events()
            .iter()
            .map(|e| ExpectedEvent {
                turn: e.turn,
                player: log.players[e.player].clone(),
                points: e.points,
                source: e.source.name().to_string(),
            })
            .collect();
        if &got != events {
            return Err(format!(
                "{name}: events differ\n  got:      {got:?}\n  expected: {events:?}"
            ));
        }
    }
    Ok(())
}

fn dump(game: &Game<'_>, log: &GameLog) -> String {
    tileforge::engine::report::report(game, &log.players).to_text()
}

#[test]
fn game_logs_score_as_worked_out_by_hand() {
    let dir = root().join("tests/engine");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/engine exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".game.json"))
        .collect();
    cases.sort();
    let failures: Vec<String> = cases.iter().filter_map(|c| run_case(c).err()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
    assert!(
        cases.len() >= 30,
        "expected the whole suite, found {} cases",
        cases.len()
    );
}

/// The figure actions a seat is offered after each entry's tile of the log
/// `tests/engine/NAME.game.json` (its expected file's tile sets), by entry.
fn offers_after_each_tile(name: &str) -> Vec<Vec<tileforge::engine::MeepleAction>> {
    let game_path = root().join(format!("tests/engine/{name}.game.json"));
    let expected: Expected = serde_json::from_str(
        &std::fs::read_to_string(root().join(format!("tests/engine/{name}.expected.json")))
            .expect("the expected file reads"),
    )
    .expect("the expected file parses");
    let set = tileset(&expected.tilesets.expect("the log names its tile sets"));
    let mut log = GameLog::from_json(&std::fs::read_to_string(game_path).expect("the log reads"))
        .expect("the log parses");
    log.finished = false;
    let rules = Ruleset::new(&set, log.expansions.as_deref()).expect("the sets play");
    let mut offers = vec![Vec::new(); log.turns.len()];
    replay::replay_observed(&rules, &log, &mut |i, step, game| {
        if step == replay::Step::Placed {
            offers[i] = game.legal_meeple_actions();
        }
    })
    .expect("the log replays");
    offers
}

/// The seats choose among the offered figure actions: an abbot whose garden
/// the turn's tile completes is not offered for recall (the refusal itself is
/// `err-abbot-recall-completed`), while it is two turns before.
#[test]
fn an_abbot_on_a_feature_the_tile_completes_is_not_offered_for_recall() {
    let offers = offers_after_each_tile("abbot-completed-by-tile");
    let recalls = |entry: usize| {
        offers[entry]
            .iter()
            .filter(|a| matches!(a, MeepleAction::Recall { x: 1, y: 0, .. }))
            .count()
    };
    assert_eq!(
        recalls(6),
        1,
        "turn 7: red's garden is open, the abbot may come back"
    );
    assert_eq!(
        recalls(8),
        0,
        "turn 9: the tile completes the garden; offered {:?}",
        offers[8]
    );
}

#[test]
fn every_expected_file_has_its_game() {
    for entry in std::fs::read_dir(root().join("tests/engine"))
        .expect("dir")
        .filter_map(Result::ok)
    {
        let path = entry.path().to_string_lossy().into_owned();
        if let Some(stem) = path.strip_suffix(".expected.json") {
            assert!(
                Path::new(&format!("{stem}.game.json")).exists(),
                "{path} has no game log"
            );
        }
    }
}

/// Checks that hold after every move of a random game.
struct Invariants {
    last: Vec<i64>,
    figures: Vec<(tileforge::engine::FigureId, u32)>,
}

impl Invariants {
    fn new(rules: &Ruleset) -> Invariants {
        let figures = (0..rules.figure_count())
            .map(|i| {
                let f = tileforge::engine::FigureId(u8::try_from(i).unwrap_or(0));
                (f, rules.figure_per_player(f))
            })
            .collect();
        Invariants {
            last: Vec::new(),
            figures,
        }
    }

    fn check(&mut self, game: &Game<'_>, seed: u64) {
        if self.last.len() != game.players() {
            self.last = vec![0; game.players()];
        }
        for p in 0..game.players() {
            let total = game.scores()[p].total();
            assert!(
                total >= self.last[p],
                "seed {seed}: player {p}'s score went down"
            );
            self.last[p] = total;
            for &(f, per_player) in &self.figures {
                assert_eq!(
                    game.supply(p, f) + game.on_board(p, f),
                    per_player,
                    "seed {seed}: player {p}'s figures are not all accounted for"
                );
            }
        }
    }
}

/// Game `seed`'s log reads back from its JSON unchanged, and replays to the
/// same scores and events.
fn assert_reads_back_and_replays(rules: &Ruleset, game: &Game<'_>, log: &GameLog, seed: u64) {
    let text = log.to_json();
    let back = GameLog::from_json(&text).expect("its own log reads back");
    assert_eq!(&back, log);
    let replayed = replay(rules, &back).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
    assert_eq!(replayed.scores(), game.scores(), "seed {seed}");
    assert_eq!(replayed.events(), game.events(), "seed {seed}");
}

fn random_games(rules: &Ruleset, games: u64, seed0: u64) {
    let mut inv = Invariants::new(rules);
    for seed in seed0..seed0 + games {
        let players = 1 + usize::try_from(seed % 5).unwrap_or(0);
        inv.last.clear();
        let game = RandomPlayer::new(seed)
            .play_with(rules, players, None, |g| inv.check(g, seed))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(game.phase(), tileforge::engine::Phase::Over);
        for p in 0..players {
            for &(f, per_player) in &inv.figures {
                assert_eq!(
                    game.supply(p, f),
                    per_player,
                    "seed {seed}: figures left on the board after final scoring"
                );
            }
        }
    }
}

#[test]
fn thousands_of_random_games_with_every_expansion_keep_the_invariants() {
    let set = shipped();
    let rules = Ruleset::new(&set, None).expect("the shipped sets play");
    random_games(&rules, 2000, 0);
}

#[test]
fn thousands_of_random_base_games_keep_the_invariants() {
    let set = shipped();
    let rules = Ruleset::new(&set, Some(&["base".to_string()])).expect("base plays");
    random_games(&rules, 2000, 10_000);
}

#[test]
fn a_random_game_replays_from_its_log_to_the_same_scores() {
    let set = shipped();
    let rules = Ruleset::new(&set, None).expect("the shipped sets play");
    for seed in 0..200 {
        let names = player_names(2 + usize::try_from(seed % 4).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        let text = log.to_json();
        let back = GameLog::from_json(&text).expect("its own log reads back");
        assert_eq!(back, log);
        let again = Ruleset::new(&set, back.expansions.as_deref()).expect("same expansions");
        let replayed = replay(&again, &back).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(replayed.scores(), game.scores(), "seed {seed}");
        assert_eq!(replayed.events(), game.events(), "seed {seed}");
    }
}

/// Base, both test rivers, Inns & Cathedrals, Traders & Builders, the abbot
/// and large meeple, Under the Big Top, The Flier and the crop circles.
fn wave() -> Vec<String> {
    [
        "tilesets/base.tiles",
        "tests/engine/fan/figures.tiles",
        "tests/engine/fan/inns-cathedrals.tiles",
        "tests/engine/fan/traders.tiles",
        "tests/engine/fan/river.tiles",
        "tests/engine/fan/river-fork.tiles",
        "tilesets/under-the-big-top.tiles",
        "tilesets/the-flier.tiles",
        "tilesets/crop-circles-2.tiles",
    ]
    .map(String::from)
    .to_vec()
}

#[test]
fn random_games_with_every_new_rule_keep_the_invariants_and_replay() {
    let set = tileset(&wave());
    let rules = Ruleset::new(&set, None).expect("the wave's sets play");
    random_games(&rules, 600, 70_000);
    let (mut recalls, mut second, mut goods) = (0, 0, 0);
    for seed in 0..150 {
        let names = player_names(2 + usize::try_from(seed % 5).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        // The river's tiles come first, its lake last of them.
        let river = |t: &str| t.starts_with("river-");
        let first_other = log.turns.iter().position(|t| !river(&t.tile));
        let last_river = log.turns.iter().rposition(|t| river(&t.tile));
        if let (Some(o), Some(r)) = (first_other, last_river) {
            assert!(r < o, "seed {seed}: a river tile after another tile");
        }
        if let Some(r) = last_river {
            assert_eq!(log.turns[r].tile, "river-b/lake-b", "seed {seed}");
        }
        recalls += log.turns.iter().filter(|t| t.recall.is_some()).count();
        second += log.turns.iter().filter(|t| t.second_turn).count();
        goods += log.turns.iter().filter(|t| t.goods.is_some()).count();
        assert_reads_back_and_replays(&rules, &game, &log, seed);
    }
    assert!(
        recalls > 0 && second > 0 && goods > 0,
        "{recalls} {second} {goods}"
    );
}

#[test]
fn river_two_lays_its_fork_right_after_the_spring() {
    let set = tileset(
        &[
            "tilesets/base.tiles",
            "tilesets/river.tiles",
            "tilesets/river-2.tiles",
        ]
        .map(String::from),
    );
    let rules = Ruleset::new(&set, None).expect("the rivers play");
    for seed in 0..60 {
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &player_names(2))
            .expect("plays");
        // The fork is `first` of the river group: the first tile drawn.
        assert_eq!(log.turns[0].tile, "river-2/III", "seed {seed}");
        let river = |t: &str| t.starts_with("river");
        let first_other = log.turns.iter().position(|t| !river(&t.tile));
        let last_river = log.turns.iter().rposition(|t| river(&t.tile));
        if let (Some(o), Some(r)) = (first_other, last_river) {
            assert!(r < o, "seed {seed}: a river tile after another tile");
        }
        assert_reads_back_and_replays(&rules, &game, &log, seed);
    }
}

#[test]
fn six_players_play_with_every_new_rule() {
    let set = tileset(&wave());
    let rules = Ruleset::new(&set, None).expect("plays");
    let names = player_names(6);
    for seed in 0..40 {
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        let replayed = replay(&rules, &log).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed.scores(), game.scores(), "seed {seed}");
        assert_eq!(game.scores().len(), 6);
    }
}

#[test]
fn a_seed_always_plays_the_same_game() {
    let set = shipped();
    let rules = Ruleset::new(&set, None).expect("plays");
    let names = player_names(3);
    let (_, a) = RandomPlayer::new(99)
        .play_logged(&rules, &names)
        .expect("plays");
    let (_, b) = RandomPlayer::new(99)
        .play_logged(&rules, &names)
        .expect("plays");
    let (_, c) = RandomPlayer::new(100)
        .play_logged(&rules, &names)
        .expect("plays");
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn fan_expansions_play_without_engine_changes() {
    for fan in [
        "examples/fairground.tiles",
        "examples/lakeside.tiles",
        "tests/engine/fan/fan.tiles",
        "tests/engine/fan/figures.tiles",
        "tests/engine/fan/inns-cathedrals.tiles",
        "tests/engine/fan/matching.tiles",
        "tests/engine/fan/edition.tiles",
        "tests/engine/fan/traders.tiles",
        "tests/engine/fan/river.tiles",
    ] {
        let set = tileset(&["tilesets/base.tiles".into(), fan.into()]);
        let rules = Ruleset::new(&set, None).unwrap_or_else(|e| panic!("{fan}: {e}"));
        random_games(&rules, 300, 50_000);
    }
}

#[test]
fn a_fan_kind_scores_in_random_games() {
    // Lakeside's canals, ponds and markets are scored in random games: their
    // events name the fan's kinds, in the columns of their shapes.
    let set = tileset(&[
        "tilesets/base.tiles".into(),
        "examples/lakeside.tiles".into(),
    ]);
    let rules = Ruleset::new(&set, None).expect("lakeside plays");
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let mut game = RandomPlayer::new(seed).play(&rules, 3).expect("plays");
        let events: Vec<_> = game.events().to_vec();
        for e in events {
            let text = e.describe(&rules);
            for word in ["canal", "pond", "market"] {
                if text.contains(word) {
                    seen.insert((word, e.source.name()));
                }
            }
        }
        assert!(game.final_scores().is_ok());
    }
    let seen: Vec<_> = seen.into_iter().collect();
    assert_eq!(
        seen,
        [("canal", "road"), ("market", "city"), ("pond", "cloister")],
        "every fan declaration scored, each in its shape's column"
    );
}

#[test]
fn editions_take_copies_out_of_the_box_when_their_expansion_is_in_play() {
    let set = tileset(&[
        "tilesets/base.tiles".into(),
        "tests/engine/fan/edition.tiles".into(),
    ]);
    let count = |rules: &Ruleset, id: &str| {
        rules.kind_count_of(rules.kind(id).unwrap_or_else(|| panic!("{id}")))
    };
    let base = Ruleset::new(&set, Some(&["base".to_string()])).expect("base plays");
    assert_eq!(
        ["base/U", "base/V", "base/X"].map(|t| count(&base, t)),
        [8, 9, 1]
    );
    let edited = Ruleset::new(&set, None).expect("the edition plays");
    assert_eq!(
        ["base/U", "base/V", "base/X", "edition/UC"].map(|t| count(&edited, t)),
        [6, 7, 0, 2],
        "UC x2 replaces two U; `remove base/V x2`; `remove base/X` takes every copy"
    );
    for seed in 0..20 {
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&edited, &player_names(2))
            .expect("plays");
        let drawn = |id: &str| log.turns.iter().filter(|t| t.tile == id).count();
        assert_eq!(drawn("base/X"), 0);
        assert_eq!(drawn("base/V"), 7);
        assert_eq!(drawn("base/U"), 6);
        assert_eq!(drawn("edition/UC"), 2);
        assert_eq!(log.turns.len(), 71 - 3 - 2 + 2, "{}", game.turn());
    }
}

#[test]
fn a_capability_the_engine_lacks_is_refused_with_one_line_naming_it() {
    let set = tileset(&[
        "tilesets/base.tiles".into(),
        "tests/engine/fan/vineyard.tiles".into(),
    ]);
    let wanted =
        "the engine has no `grove` rules: used by kind `grove` (tile `vineyard/vineyard-road`)";
    let e = Ruleset::new(&set, None).expect_err("groves need grove rules");
    assert_eq!(e.to_string(), wanted);
    // Not in play, not refused.
    assert!(Ruleset::new(&set, Some(&["base".to_string()])).is_ok());

    // A figure's capability, and a capability on the wrong sort of declaration.
    let mut figure = shipped();
    figure.expansions[0].figures[0].capabilities = vec!["grove".into()];
    let e = Ruleset::new(&figure, None).expect_err("grove");
    assert_eq!(
        e.to_string(),
        "the engine has no `grove` rules: used by figure `meeple`"
    );
    let mut misplaced = shipped();
    for kind in &mut misplaced.vocabulary.kinds {
        if kind.id == "cloister" {
            kind.capabilities.push("ringmaster".into());
        }
    }
    let e = Ruleset::new(&misplaced, None).expect_err("ringmaster is for figures");
    assert!(
        e.to_string()
            .starts_with("the engine's `ringmaster` rules are not for kind `cloister`"),
        "{e}"
    );

    // play, score and simulate refuse it alike: exit 1, one line.
    let dir = std::env::temp_dir().join(format!("tileforge-engine-volcano-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let json = dir.join("tileset.json");
    std::fs::write(&json, serde_json::to_string(&set).expect("serializes")).expect("writes");
    let game = dir.join("game.json");
    std::fs::write(
        &game,
        r#"{"format":"tileforge.game","version":1,"players":["red"],"turns":[]}"#,
    )
    .expect("writes");
    let json = json.to_string_lossy();
    let game = game.to_string_lossy();
    // Named in play or simulate, or played by a log that names no
    // expansions (all of the set's), the set is refused.
    for args in [
        vec![
            "play",
            "tilesets/base.tiles",
            "tests/engine/fan/vineyard.tiles",
            "--expansions",
            "base,vineyard",
        ],
        vec!["play", &json, "--expansions", "base,vineyard"],
        vec![
            "simulate",
            "tilesets/base.tiles",
            "tests/engine/fan/vineyard.tiles",
            "--games",
            "1",
            "--expansions",
            "base,vineyard",
        ],
        vec!["score", &game, "--tileset", &json],
    ] {
        let (code, out, err) = tileforge(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        let last = err.lines().last().unwrap_or_default();
        assert!(
            last.starts_with("error: ") && last.ends_with(wanted),
            "{args:?}: {err}"
        );
    }
    // Not named, it is left out of the game, and one line says so (with
    // `-v`, which it is and why).
    let (code, _, err) = tileforge(&[
        "play",
        "tilesets/base.tiles",
        "tests/engine/fan/vineyard.tiles",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("left out 1 whose rules the engine lacks (-v lists them)"),
        "{err}"
    );
    let (code, _, err) = tileforge(&[
        "play",
        "-v",
        "tilesets/base.tiles",
        "tests/engine/fan/vineyard.tiles",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("left out 1 whose rules the engine lacks: vineyard (no `grove` rules)"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn everything_together_plays() {
    let mut files: Vec<String> = SHIPPED.map(String::from).to_vec();
    files.extend(
        [
            "tilesets/extra/crop-circles-1.tiles",
            "examples/fairground.tiles",
            "tests/engine/fan/fan.tiles",
        ]
        .map(String::from),
    );
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("all sets play together");
    random_games(&rules, 300, 60_000);
}

/// Runs the real binary; returns (exit code, stdout, stderr).
fn tileforge(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tileforge"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A scratch directory with the shipped tile set compiled into it.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tileforge-engine-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let json = serde_json::to_string(&shipped()).expect("serializes");
    std::fs::write(dir.join("tileset.json"), json).expect("writes");
    dir
}

#[test]
fn cli_score_prints_the_table_and_the_events() {
    let dir = scratch("score");
    let set = dir.join("tileset.json");
    let set = set.to_string_lossy();
    let (code, out, err) = tileforge(&[
        "score",
        "tests/engine/bigtop-final.game.json",
        "--tileset",
        &set,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("player "), "{out}");
    assert!(
        out.contains("turn 6    red      +12  circus     big top: seal (4) × 3 figures around it"),
        "{out}"
    );
    let red = out
        .lines()
        .find(|l| l.starts_with("red "))
        .unwrap_or_default();
    assert!(red.trim_end().ends_with(" 21"), "{red}");
    let (code, out, err) = tileforge(&[
        "score",
        "tests/engine/bigtop-final.game.json",
        "--tileset",
        &set,
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: tileforge::engine::report::ScoreReport =
        serde_json::from_str(&out).expect("score JSON reads back strictly");
    assert_eq!(report.players[0].total, 21);
    assert_eq!(report.players[1].by_source.get("cloister"), 5);
    assert_eq!(report.events.last().map(|e| e.turn), Some(None));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn cli_score_stops_at_an_illegal_move_or_a_malformed_log_with_exit_1() {
    let dir = scratch("illegal");
    let set = dir.join("tileset.json");
    let set = set.to_string_lossy();
    let (code, out, err) = tileforge(&[
        "score",
        "tests/engine/err-occupied.game.json",
        "--tileset",
        &set,
    ]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(
        err.contains(
            "turn 2 (base/U at (1, 0) rotation 0, meeple on E): the road already holds 1 figure"
        ),
        "{err}"
    );
    for bad in [
        "",
        "{",
        "[]",
        "{\"format\": \"tileforge.game\"}",
        "{\"format\":\"x\",\"version\":1,\"players\":[],\"turns\":[]}",
    ] {
        let path = dir.join("bad.json");
        std::fs::write(&path, bad).expect("writes");
        let (code, _, err) = tileforge(&["score", &path.to_string_lossy(), "--tileset", &set]);
        assert_eq!(code, 1, "{bad:?}: {err}");
        assert!(
            err.starts_with("error: ") && !err.contains("panicked"),
            "{err}"
        );
    }
    let (code, _, err) = tileforge(&["score", "no-such-game.json", "--tileset", &set]);
    assert_eq!(code, 2, "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// The four core sets, as `--expansions` names them.
const CORE: &str = "base,under-the-big-top,the-flier,crop-circles-2";

#[test]
fn cli_play_writes_a_log_that_scores_back_to_its_summary() {
    let dir = scratch("play");
    let log = dir.join("game.json");
    let log = log.to_string_lossy();
    let (code, out, err) = tileforge(&[
        "play",
        "tilesets",
        "--expansions",
        CORE,
        "--seed",
        "5",
        "--players",
        "3",
        "-o",
        &log,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("seed 5, 3 players, "), "{out}");
    let (code, again, _) = tileforge(&[
        "play",
        "tilesets",
        "--expansions",
        CORE,
        "--seed",
        "5",
        "--players",
        "3",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        again,
        std::fs::read_to_string(dir.join("game.json")).expect("written"),
        "same seed, same log"
    );
    let set = dir.join("tileset.json");
    let (code, scored, err) =
        tileforge(&["score", &log, "--tileset", &set.to_string_lossy(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let report: tileforge::engine::report::ScoreReport =
        serde_json::from_str(&scored).expect("reads");
    let summary: Vec<String> = report
        .players
        .iter()
        .map(|p| format!("{} {}", p.name, p.total))
        .collect();
    assert!(out.contains(&summary.join(", ")), "{out} vs {summary:?}");
    let (code, _, err) = tileforge(&["play", "tilesets", "--players", "0"]);
    assert_eq!(code, 2, "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn malformed_or_absurd_tile_sets_are_errors_not_panics() {
    let base_only = |set: &mut TileSet| {
        set.expansions.retain(|e| e.id == "base");
        set.tiles.retain(|t| t.expansion == "base");
    };
    let mut broken = Vec::new();
    let mut set = shipped();
    set.tiles[0].edges = "CQFR".into();
    broken.push(("bad edge letter", set));
    let mut set = shipped();
    if let Some(field) = set.tiles[0].features.iter_mut().find(|f| f.kind == "field") {
        field.touching.push(1);
    }
    broken.push(("a field touching a road", set));
    let mut set = shipped();
    if let Some(road) = set.tiles[0].features.iter_mut().find(|f| f.kind == "road") {
        road.slots.push(tileforge::geometry::Slot::N);
    }
    broken.push(("a slot claimed twice, or a road at a side's corner", set));
    let mut set = shipped();
    set.expansions.retain(|e| e.id != "base");
    broken.push(("a missing required expansion", set));
    let mut set = shipped();
    base_only(&mut set);
    for kind in &mut set.vocabulary.kinds {
        if let Some(score) = &mut kind.score {
            score.params.remove("tile");
        }
    }
    broken.push(("a missing rule parameter", set));
    let mut set = shipped();
    set.version = 99;
    broken.push(("an unknown version", set));
    for (what, set) in &broken {
        assert!(Ruleset::new(set, None).is_err(), "{what} was accepted");
    }

    // Beyond what the `.tiles` language allows: refused when loaded.
    let mut set = shipped();
    base_only(&mut set);
    set.tiles[0].count = u32::MAX;
    let error = Ruleset::new(&set, None).expect_err("refused").to_string();
    assert!(error.contains("count is 4294967295"), "{error}");
    let mut set = shipped();
    base_only(&mut set);
    set.expansions[0].rules.insert("road.tile".into(), i64::MAX);
    assert!(Ruleset::new(&set, None).is_err(), "a rule of i64::MAX");

    // Absurd but within range: huge counts are refused by the random player,
    // huge values are scored in wide arithmetic.
    let mut set = shipped();
    base_only(&mut set);
    for t in &mut set.tiles {
        t.count = 1_000_000_000;
    }
    for kind in &mut set.vocabulary.kinds {
        for v in kind.score.iter_mut().flat_map(|s| s.params.values_mut()) {
            *v = 1_000_000_000;
        }
    }
    for a in &mut set.vocabulary.attributes {
        for m in a.params.values_mut() {
            *m = tileforge::emit::wire::Modifier::Set(1_000_000_000);
        }
    }
    let rules = Ruleset::new(&set, None).expect("well-formed");
    assert!(
        RandomPlayer::new(1).play(&rules, 2).is_err(),
        "a 24-billion-tile game is refused"
    );
    let text =
        std::fs::read_to_string(root().join("tests/engine/pennant-city.game.json")).expect("reads");
    let log = GameLog::from_json(&text).expect("reads");
    let mut game = replay(&rules, &log).expect("replays");
    let scores = game.final_scores().expect("over");
    // Red: 3 tiles and 1 pennant at 10^9 each; blue: 1 tile and 1 pennant.
    assert_eq!(scores[0].total(), 4_000_000_000);
    assert_eq!(scores[1].total(), 2_000_000_000);
}

/// Base, The Tower, Under the Big Top and The Flier.
fn tower_sets() -> Vec<String> {
    [
        "tilesets/base.tiles",
        "tilesets/the-tower.tiles",
        "tilesets/under-the-big-top.tiles",
        "tilesets/the-flier.tiles",
    ]
    .map(String::from)
    .to_vec()
}

#[test]
fn random_tower_games_account_for_every_prisoner_and_replay() {
    random_tower_games(&tower_sets(), 300, true);
}

#[test]
fn random_games_with_the_volcano_the_dragon_and_the_tower_replay() {
    let mut sets = tower_sets();
    sets.extend(["tilesets/river.tiles", "tests/engine/fan/dragon.tiles"].map(String::from));
    random_tower_games(&sets, 200, false);
}

#[test]
fn random_princess_and_dragon_games_use_every_decision_and_replay() {
    // The shipped Princess & the Dragon (fairy, portal, princess, volcano,
    // dragon) with the tower, the big top and the flier: random seats make
    // every new decision, and every game replays from its log.
    let mut sets = tower_sets();
    sets.push("tilesets/princess-and-dragon.tiles".into());
    let set = tileset(&sets);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let (mut fairy, mut portal, mut princess, mut dragon) = (0, 0, 0, 0);
    for seed in 0..150 {
        let names = player_names(2 + usize::try_from(seed % 5).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        fairy += log.turns.iter().filter(|t| t.fairy.is_some()).count();
        portal += log.turns.iter().filter(|t| t.portal.is_some()).count();
        princess += log.turns.iter().filter(|t| t.princess.is_some()).count();
        dragon += log.turns.iter().filter(|t| t.dragon.is_some()).count();
        // A dragon tile waits in the bag until a volcano is down (the rules
        // set one drawn earlier aside): none comes before the first volcano.
        let of_set = |t: &&tileforge::engine::log::TurnLog, end: &str| {
            t.tile.starts_with("princess-and-dragon/") && t.tile.ends_with(end)
        };
        let first_volcano = log.turns.iter().position(|t| of_set(&t, ".v"));
        let first_dragon = log.turns.iter().position(|t| of_set(&t, ".d"));
        if let (Some(v), Some(d)) = (first_volcano, first_dragon) {
            assert!(
                v < d,
                "seed {seed}: a dragon tile at turn {d} before the first volcano at {v}"
            );
        }
        assert_reads_back_and_replays(&rules, &game, &log, seed);
    }
    assert!(
        fairy > 0 && portal > 0 && princess > 0 && dragon > 0,
        "{fairy} {portal} {princess} {dragon}"
    );
}

fn random_tower_games(sets: &[String], games: u64, every_decision: bool) {
    let set = tileset(sets);
    let rules = Ruleset::new(&set, None).expect("the tower's sets play");
    let figures: Vec<_> = (0..rules.figure_count())
        .map(|i| tileforge::engine::FigureId(u8::try_from(i).unwrap_or(0)))
        .collect();
    let (mut captures, mut ransoms, mut tops, mut dragons) = (0, 0, 0, 0);
    for seed in 0..games {
        let players = 2 + usize::try_from(seed % 5).unwrap_or(0);
        let names = player_names(players);
        let mut last_sum = 0i64;
        let mut last = vec![0i64; players];
        let check = |g: &Game<'_>| {
            // Every figure is in supply, on the board or held prisoner.
            for p in 0..g.players() {
                for &f in &figures {
                    let held = g
                        .prisoners()
                        .iter()
                        .filter(|x| usize::from(x.owner) == p && x.figure == f)
                        .count();
                    assert_eq!(
                        g.supply(p, f) as usize + g.on_board(p, f) as usize + held,
                        rules.figure_per_player(f) as usize,
                        "seed {seed}: player {p}'s figures are not all accounted for"
                    );
                }
            }
            // A ransom moves points between players: their sum never falls,
            // and a player's score falls only by ransoms.
            let sum: i64 = g.scores().iter().map(tileforge::engine::Score::total).sum();
            assert!(sum >= last_sum, "seed {seed}: the scores' sum went down");
            last_sum = sum;
            for (p, s) in g.scores().iter().enumerate() {
                let without = s.total() - s.get(Source::Tower);
                assert!(without >= last[p], "seed {seed}: a score went down");
                last[p] = without;
            }
        };
        let mut check = check;
        let game = RandomPlayer::new(seed)
            .play_with(&rules, players, None, &mut check)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(
            game.prisoners().is_empty(),
            "seed {seed}: prisoners at the end"
        );
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        captures += log
            .turns
            .iter()
            .filter(|t| t.tower.as_ref().is_some_and(|t| t.capture.is_some()))
            .count();
        ransoms += log.turns.iter().filter(|t| t.ransom.is_some()).count();
        tops += log
            .turns
            .iter()
            .filter(|t| t.tower_follower.is_some())
            .count();
        dragons += log.turns.iter().filter(|t| t.dragon.is_some()).count();
        assert_reads_back_and_replays(&rules, &game, &log, seed);
    }
    assert!(
        captures > 0 && ransoms > 0 && tops > 0 && (every_decision || dragons > 0),
        "{captures} {ransoms} {tops} {dragons}"
    );
}

// ------------------------------------------- second wave, part 2 (issue 19)

/// The second wave's part 2 with the big top and the flier: the phantom,
/// King & Robber, the mayor, ...
fn wave_two_b() -> Vec<String> {
    [
        "tilesets/base.tiles",
        "tests/engine/fan/phantom.tiles",
        "tilesets/king-and-robber.tiles",
        "tests/engine/fan/mayor.tiles",
        "tilesets/under-the-big-top.tiles",
        "tilesets/the-flier.tiles",
    ]
    .map(String::from)
    .to_vec()
}

/// Random games keep the invariants, and their logs (every new decision in
/// them) replay to the same scores; `used` counts the turns of a log that
/// show a decision, which must be seen.
fn wave_two_b_games(files: &[String], used: fn(&tileforge::engine::log::TurnLog) -> bool) {
    let set = tileset(files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    random_games(&rules, 300, 90_000);
    let mut seen = 0;
    for seed in 0..100 {
        let names = player_names(2 + usize::try_from(seed % 5).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        seen += log.turns.iter().filter(|t| used(t)).count();
        assert_reads_back_and_replays(&rules, &game, &log, seed);
    }
    assert!(seen > 0, "no log shows the decision");
}

#[test]
fn random_games_with_the_phantom_replay() {
    wave_two_b_games(&wave_two_b(), |t| {
        t.phantom.as_ref().is_some_and(|p| p.meeple.is_some())
    });
}

/// Once the bag is empty, the players still holding an abbey play it in
/// one round from the player after the one who drew the last tile: random
/// games play such abbeys, some after a player passed, and replay.
#[test]
fn random_games_play_the_final_round_of_abbeys_and_replay() {
    let files = ["tilesets/base.tiles", "tilesets/abbey-and-mayor.tiles"].map(String::from);
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let abbey = "abbey-and-mayor/A";
    let (mut played, mut after_a_pass) = (0, 0);
    for seed in 0..400 {
        let players = 2 + usize::try_from(seed % 4).unwrap_or(0);
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &player_names(players))
            .expect("plays");
        // No builder here: the turns before the round go round the table.
        let (mut next, mut in_round) = (0, false);
        for t in &log.turns {
            match t.player {
                Some(p) => {
                    assert_eq!(t.tile, abbey, "seed {seed}: only abbeys name their player");
                    in_round = true;
                    played += 1;
                    after_a_pass += usize::from(p != next);
                    next = p;
                }
                None => assert!(!in_round, "seed {seed}: a turn after the bag emptied"),
            }
            next = (next + 1) % players;
        }
        assert_reads_back_and_replays(&rules, &game, &log, seed);
    }
    assert!(
        played > 0 && after_a_pass > 0,
        "{played} final abbeys, {after_a_pass} after a pass"
    );
}

// ------------------------------------------------- third wave (issue 20)

#[test]
fn random_games_with_the_goldmines_and_the_phantom_replay() {
    let files = [
        "tilesets/base.tiles",
        "tilesets/goldmines.tiles",
        "tests/engine/fan/phantom.tiles",
        "tilesets/the-flier.tiles",
    ]
    .map(String::from)
    .to_vec();
    wave_two_b_games(&files, |t| t.gold.is_some());
}

#[test]
fn random_games_with_besieged_cities_escape_and_replay() {
    let files = [
        "tilesets/base.tiles",
        "tests/engine/fan/traders.tiles",
        "tilesets/the-cathars.tiles",
        "tilesets/the-besiegers.tiles",
        "tilesets/crop-circles-2.tiles",
    ]
    .map(String::from);
    wave_two_b_games(&files, |t| t.escape.is_some());
}

#[test]
fn random_games_with_shrines_keep_the_invariants_and_replay() {
    let files = [
        "tilesets/base.tiles",
        "tilesets/cult-places.tiles",
        "tilesets/the-cathars.tiles",
    ]
    .map(String::from);
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    random_games(&rules, 300, 95_000);
}

#[test]
fn random_games_with_wind_roses_shrines_and_sieges_replay() {
    let files = [
        "tilesets/base.tiles",
        "tilesets/wind-roses.tiles",
        "tilesets/cult-places.tiles",
        "tilesets/the-besiegers.tiles",
        "tests/engine/fan/traders.tiles",
    ]
    .map(String::from);
    wave_two_b_games(&files, |t| t.escape.is_some());
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let mut roses = 0;
    for seed in 0..50 {
        let game = RandomPlayer::new(seed)
            .play(&rules, 2)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        roses += game
            .events()
            .iter()
            .filter(|e| e.source == Source::WindRose)
            .count();
    }
    assert!(roses > 0, "no wind rose scored in 50 games");
}

// ------------------------------------------- issue 20: every expansion plays

/// How many score events of random games (seeds `0..games`, 2 to 4
/// players) have a reason that `wanted` picks.
fn events_in_games(
    rules: &Ruleset,
    games: u64,
    wanted: impl Fn(&tileforge::engine::Reason) -> bool,
) -> usize {
    (0..games)
        .map(|seed| {
            let game = RandomPlayer::new(seed)
                .play(rules, 2 + usize::try_from(seed % 3).unwrap_or(0))
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            game.events().iter().filter(|e| wanted(&e.reason)).count()
        })
        .sum()
}

#[test]
fn random_games_with_the_labyrinth_share_its_road_and_replay() {
    let files = ["tilesets/base.tiles", "tilesets/labyrinth.tiles"].map(String::from);
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    random_games(&rules, 200, 120_000);
    let bonuses = events_in_games(&rules, 200, |r| {
        matches!(r, tileforge::engine::Reason::Labyrinth { .. })
    });
    assert!(bonuses > 0, "no labyrinth bonus in 200 games");
}

#[test]
fn random_games_with_the_festival_take_figures_back_and_replay() {
    let files = ["tilesets/base.tiles", "tilesets/the-festival.tiles"].map(String::from);
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    random_games(&rules, 200, 121_000);
    let mut taken = 0;
    for seed in 0..60 {
        let names = player_names(2 + usize::try_from(seed % 3).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        taken += log.turns.iter().filter(|t| t.festival.is_some()).count();
        let back = GameLog::from_json(&log.to_json()).expect("its own log reads back");
        let replayed = replay(&rules, &back).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed.scores(), game.scores(), "seed {seed}");
    }
    assert!(taken > 0, "no figure taken back at a festival in 60 games");
}

#[test]
fn random_games_with_the_watchtowers_score_towers_and_replay() {
    let files = ["tilesets/base.tiles", "tilesets/watchtowers.tiles"].map(String::from);
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    random_games(&rules, 200, 122_000);
    let towers = events_in_games(&rules, 100, |r| {
        matches!(r, tileforge::engine::Reason::Watchtower { .. })
    });
    assert!(towers > 0, "no watchtower scored in 100 games");
}

#[test]
fn random_games_with_abbeys_replay_and_every_seat_plays_them() {
    let files = ["tilesets/base.tiles", "tilesets/abbey-and-mayor.tiles"].map(String::from);
    wave_two_b_games(&files, |t| t.tile == "abbey-and-mayor/A");
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let seats = tileforge::players::Seats::parse("greedy,mcts:8", None).expect("seats");
    let mut abbeys = 0;
    for seed in 0..4 {
        let names = player_names(2);
        let (game, log) =
            tileforge::players::play_logged(&rules, seats.as_slice(), &names, seed).expect("plays");
        abbeys += log
            .turns
            .iter()
            .filter(|t| t.tile == "abbey-and-mayor/A")
            .count();
        let replayed = replay(&rules, &log).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed.scores(), game.scores(), "seed {seed}");
    }
    assert!(abbeys > 0, "no greedy or Monte Carlo seat played an abbey");
}

#[test]
fn random_darmstadt_games_score_its_bonuses_and_replay() {
    let files = ["tilesets/base.tiles", "tilesets/darmstadt.tiles"].map(String::from);
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    random_games(&rules, 300, 96_000);
    let (mut churches, mut darmstadtium) = (0, 0);
    for seed in 0..300 {
        let names = player_names(2 + usize::try_from(seed % 4).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        let replayed = replay(&rules, &log).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed.events(), game.events(), "seed {seed}");
        for e in game.events() {
            match e.reason {
                tileforge::engine::Reason::Church { .. } => churches += 1,
                tileforge::engine::Reason::Darmstadtium => darmstadtium += 1,
                _ => {}
            }
        }
    }
    assert!(churches > 0, "no church bonus in 300 games");
    assert!(darmstadtium > 0, "no Darmstadtium bonus in 300 games");
}

#[test]
fn random_games_with_shepherds_and_goldmines_replay() {
    // A goldmine's second bar is decided before the flocks fall due: the
    // replay takes `gold` before `flock`.
    let files = [
        "tilesets/base.tiles",
        "tilesets/hills-and-sheep.tiles",
        "tilesets/goldmines.tiles",
    ]
    .map(String::from);
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let mut both = 0;
    for seed in 0..200 {
        let names = player_names(2 + usize::try_from(seed % 3).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        both += log
            .turns
            .iter()
            .filter(|t| t.flock.is_some() && t.gold.is_some())
            .count();
        let replayed = replay(&rules, &log).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed.events(), game.events(), "seed {seed}");
    }
    assert!(
        both > 0,
        "no turn with a flock and a second bar in 200 games"
    );
}

#[test]
fn random_games_with_baba_yagas_hut_occupy_it_and_replay() {
    let files = ["tilesets/base.tiles", "tilesets/russian-promos-2013.tiles"].map(String::from);
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    random_games(&rules, 300, 96_000);
    let mut huts = 0;
    for seed in 0..60 {
        let names = player_names(2 + usize::try_from(seed % 3).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        huts += log
            .turns
            .iter()
            .filter(|t| t.meeple.as_ref().is_some_and(|m| m.feature == "yaga-hut"))
            .count();
        let replayed = replay(&rules, &log).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed.events(), game.events(), "seed {seed}");
    }
    assert!(huts > 0, "no follower on the hut in 60 games");
}

#[test]
fn random_games_with_special_monasteries_place_abbots_and_replay() {
    let files = ["tilesets/base.tiles", "tilesets/monasteries.tiles"].map(String::from);
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    random_games(&rules, 300, 97_000);
    let mut abbots = 0;
    for seed in 0..60 {
        let names = player_names(2 + usize::try_from(seed % 3).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        abbots += log.turns.iter().filter(|t| t.as_abbot.is_some()).count();
        let text = log.to_json();
        let back = GameLog::from_json(&text).expect("its own log reads back");
        let replayed = replay(&rules, &back).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed.events(), game.events(), "seed {seed}");
    }
    assert!(abbots > 0, "no abbot on a special monastery in 60 games");
}

#[test]
fn random_mage_and_witch_games_use_every_decision_and_replay() {
    // Mage & Witch (both printings): random seats move the mage and the
    // witch, set one aside when no feature is left, and every game replays.
    let set = tileset(&[
        "tilesets/base.tiles".into(),
        "tilesets/mage-and-witch.tiles".into(),
        "tilesets/mage-and-witch-edition-2.tiles".into(),
    ]);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let (mut mage, mut witch) = (0, 0);
    for seed in 0..120 {
        let names = player_names(2 + usize::try_from(seed % 5).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        for m in log.turns.iter().filter_map(|t| t.magic.as_ref()) {
            match m.figure.as_str() {
                "mage" => mage += 1,
                _ => witch += 1,
            }
        }
        assert_reads_back_and_replays(&rules, &game, &log, seed);
    }
    assert!(mage > 0 && witch > 0, "{mage} {witch}");
}

#[test]
fn random_abbey_and_mayor_games_move_wagons_and_replay() {
    // Abbey & Mayor: random seats move a wagon home from a scored feature
    // or keep it home, and every game replays to the same scores.
    let set = tileset(&[
        "tilesets/base.tiles".into(),
        "tilesets/abbey-and-mayor.tiles".into(),
    ]);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let (mut moved, mut home) = (0, 0);
    for seed in 0..80 {
        let names = player_names(2 + usize::try_from(seed % 5).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        for w in log.turns.iter().filter_map(|t| t.wagon.as_ref()).flatten() {
            if w.is_some() {
                moved += 1;
            } else {
                home += 1;
            }
        }
        assert_reads_back_and_replays(&rules, &game, &log, seed);
    }
    assert!(moved > 0 && home > 0, "{moved} {home}");
    // The wagon's reach under each reading: with `wagon.by-road` 0 (the
    // default) never beyond the eight tiles around; with 1 (the fan set)
    // along the roads, sometimes farther, and those games replay too.
    for (files, by_road) in [
        (vec![], false),
        (
            vec!["tests/engine/fan/wagon-by-road.tiles".to_string()],
            true,
        ),
    ] {
        let mut all = vec![
            "tilesets/base.tiles".to_string(),
            "tilesets/abbey-and-mayor.tiles".to_string(),
        ];
        all.extend(files);
        let set = tileset(&all);
        let rules = Ruleset::new(&set, None).expect("the sets play");
        let (mut near, mut far) = (0, 0);
        for seed in 0..60 {
            RandomPlayer::new(seed)
                .play_observed(&rules, 3, None, |game, _| {
                    let Some((due, options)) = game.wagon_due() else {
                        return;
                    };
                    for (x, y, _) in options {
                        if (x - due.x).abs() <= 1 && (y - due.y).abs() <= 1 {
                            near += 1;
                        } else {
                            far += 1;
                        }
                    }
                })
                .expect("plays");
            if by_road {
                let names = player_names(3);
                let (game, log) = RandomPlayer::new(seed)
                    .play_logged(&rules, &names)
                    .expect("plays");
                assert_reads_back_and_replays(&rules, &game, &log, seed);
            }
        }
        assert!(near > 0, "by road {by_road}: {near} {far}");
        assert_eq!(far > 0, by_road, "by road {by_road}: {near} {far}");
    }
}

#[test]
fn random_ferries_games_place_and_move_ferries_and_replay() {
    // The Ferries: random seats place a ferry on every lake and move the
    // ferries the tiles' roads reach (splitting roads); every game keeps
    // the invariants and replays.
    let set = tileset(&[
        "tilesets/base.tiles".into(),
        "tilesets/ferries.tiles".into(),
    ]);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    random_games(&rules, 300, 98_000);
    let (mut placed, mut moved) = (0, 0);
    for seed in 0..120 {
        let names = player_names(2 + usize::try_from(seed % 5).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        for t in &log.turns {
            let Some(f) = &t.ferry else { continue };
            let lake = t.tile.starts_with("ferries/");
            placed += usize::from(lake);
            moved += f.len() - usize::from(lake);
        }
        assert_reads_back_and_replays(&rules, &game, &log, seed);
    }
    assert!(placed > 100 && moved > 50, "{placed} {moved}");
}

#[test]
fn random_games_with_the_vodyanoy_trap_and_free_followers_and_replay() {
    let files = ["tilesets/base.tiles", "tests/engine/fan/vodyanoy.tiles"].map(String::from);
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    // Not `random_games`: its invariants want every figure in supply or on
    // the board and scores that never fall; trapped followers are neither,
    // and cost points at game end.
    let (mut caught, mut freed) = (0, 0);
    for seed in 0..60 {
        let names = player_names(2 + usize::try_from(seed % 3).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        caught += game.vodyanoy_counts().0;
        freed += log.turns.iter().filter(|t| t.vodyanoy.is_some()).count();
        let back = GameLog::from_json(&log.to_json()).expect("its own log reads back");
        let replayed = replay(&rules, &back).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed.scores(), game.scores(), "seed {seed}");
        for p in 0..game.players() {
            let meeple = rules.figure("meeple").expect("meeple");
            assert_eq!(game.supply(p, meeple), rules.figure_per_player(meeple));
        }
    }
    assert!(caught > 0, "no follower trapped in 60 games");
    assert!(freed > 0, "no follower freed in 60 games");
}

#[test]
fn random_games_of_russian_promos_2016_trap_free_and_replay() {
    // Both traps of the set: the Razboynik's (the nearest follower on his
    // road) and the Vodyanoy's, held together and freed by one action.
    let files = ["tilesets/base.tiles", "tilesets/russian-promos-2016.tiles"].map(String::from);
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let (mut by_tree, mut by_pond, mut freed) = (0, 0, 0);
    for seed in 0..80 {
        let names = player_names(2 + usize::try_from(seed % 4).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        by_tree += game.razboynik_caught();
        by_pond += game.vodyanoy_counts().0;
        freed += log.turns.iter().filter(|t| t.vodyanoy.is_some()).count();
        let back = GameLog::from_json(&log.to_json()).expect("its own log reads back");
        let replayed = replay(&rules, &back).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed.scores(), game.scores(), "seed {seed}");
        assert_eq!(replayed.events(), game.events(), "seed {seed}");
        // After final scoring every follower is home, the trapped ones too.
        for p in 0..game.players() {
            let meeple = rules.figure("meeple").expect("meeple");
            assert_eq!(game.supply(p, meeple), rules.figure_per_player(meeple));
        }
    }
    assert!(by_tree > 0, "the Razboynik trapped no follower in 80 games");
    assert!(by_pond > 0, "the Vodyanoy trapped no follower in 80 games");
    assert!(freed > 0, "no follower freed in 80 games");
}

#[test]
fn the_razboynik_without_the_vodyanoy_is_refused_naming_why() {
    // Its trap is the Vodyanoy's: a set with the tree alone cannot play.
    let files = [
        "tilesets/base.tiles",
        "tests/engine/fan/razboynik-alone.tiles",
    ]
    .map(String::from);
    let set = tileset(&files);
    let err = Ruleset::new(&set, None).expect_err("refused").to_string();
    assert!(
        err.contains("`razboynik`") && err.contains("`vodyanoy` in play"),
        "{err}"
    );
}

#[test]
fn random_games_with_bridges_place_them_and_replay() {
    // Bridges, Castles & Bazaars: random seats put bridges on the tiles
    // they place, followers on the bridges, and later tiles continue the
    // bridges' roads; every game replays from its log to the same scores.
    // Not `random_games`: bazaar bids make scores fall.
    let set = tileset(&[
        "tilesets/base.tiles".into(),
        "tilesets/bridges-castles-and-bazaars.tiles".into(),
    ]);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let (mut bridges, mut on_bridges) = (0, 0);
    for seed in 0..120 {
        let names = player_names(2 + usize::try_from(seed % 5).unwrap_or(0));
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &names)
            .expect("plays");
        bridges += log.turns.iter().filter(|t| t.bridge.is_some()).count();
        on_bridges += log
            .turns
            .iter()
            .filter(|t| t.meeple.as_ref().is_some_and(|m| m.feature.contains('-')))
            .count();
        // At most 3 bridges each (2 with five players): the replay refuses more.
        assert!(
            log.turns.iter().filter(|t| t.bridge.is_some()).count() <= 3 * names.len(),
            "seed {seed}"
        );
        assert_reads_back_and_replays(&rules, &game, &log, seed);
    }
    assert!(bridges > 200 && on_bridges > 10, "{bridges} {on_bridges}");
    // Tiles placed where only a bridge makes them fit: their figure action
    // offers nothing but the bridges that do (no pass), and the random
    // seats play such placements.
    let mut forced = 0;
    for seed in 0..60 {
        RandomPlayer::new(seed)
            .play_observed(&rules, 2, None, |game, mv| {
                if !matches!(mv, Move::Place { .. }) {
                    return;
                }
                let actions = game.legal_meeple_actions();
                if !actions.contains(&MeepleAction::Pass) {
                    assert!(
                        actions
                            .iter()
                            .all(|a| matches!(a, MeepleAction::Bridge { .. })),
                        "seed {seed}: {actions:?}"
                    );
                    assert!(!actions.is_empty(), "seed {seed}");
                    forced += 1;
                }
            })
            .expect("plays");
    }
    assert!(forced > 10, "{forced} placements by a bridge");
}

// ------------------------------------- The Count of Carcassonne (issue 20)

/// Random games with `files` (seeds `0..games`): with `strict`, every
/// figure is in supply, on the board or in the city of Carcassonne after
/// every move and all are home after final scoring (other sets hold
/// prisoners); each log reads back and replays.
/// Returns the followers put into the city, the moves out during play and
/// those before final scoring.
fn count_games(files: &[String], games: u64, strict: bool) -> (usize, usize, usize) {
    let set = tileset(files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let figures: Vec<_> = (0..rules.figure_count())
        .map(|i| tileforge::engine::FigureId(u8::try_from(i).unwrap_or(0)))
        .collect();
    let (mut entered, mut out, mut finals) = (0, 0, 0);
    for seed in 0..games {
        let players = 2 + usize::try_from(seed % 4).unwrap_or(0);
        let check = |g: &Game<'_>| {
            if !strict || g.phase() == tileforge::engine::Phase::Over {
                return;
            }
            for p in 0..g.players() {
                for &f in &figures {
                    assert_eq!(
                        g.supply(p, f) + g.on_board(p, f) + g.in_city(p, f),
                        rules.figure_per_player(f),
                        "seed {seed}: player {p}'s figures are not all accounted for"
                    );
                }
            }
        };
        let game = RandomPlayer::new(seed)
            .play_with(&rules, players, None, check)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for p in (0..players).filter(|_| strict) {
            for &f in &figures {
                assert_eq!(game.supply(p, f), rules.figure_per_player(f), "seed {seed}");
            }
        }
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &player_names(players))
            .expect("plays");
        entered += log.turns.iter().filter(|t| t.count.is_some()).count();
        out += log
            .turns
            .iter()
            .filter_map(|t| t.count_out.as_ref())
            .flatten()
            .count();
        finals += log.count_final.as_ref().map_or(0, Vec::len);
        assert_reads_back_and_replays(&rules, &game, &log, seed);
    }
    (entered, out, finals)
}

#[test]
fn random_games_with_the_count_of_carcassonne_enter_leave_and_replay() {
    let files = ["tilesets/base.tiles", "tilesets/count-of-carcassonne.tiles"].map(String::from);
    let (entered, out, finals) = count_games(&files, 150, true);
    assert!(entered > 0, "no follower entered the city in 150 games");
    assert!(
        out > 0,
        "no follower left the city during play in 150 games"
    );
    assert!(
        finals > 0,
        "no follower left the city before final scoring in 150 games"
    );
}

#[test]
fn random_games_with_every_expansion_and_the_count_replay() {
    let files: Vec<String> = common_sets();
    let (entered, _, _) = count_games(&files, 12, false);
    assert!(entered > 0, "no follower entered the city in 12 games");
}

/// Every `.tiles` file of `tilesets/`, relative to the crate.
fn common_sets() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join("tilesets"))
        .expect("tilesets/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "tiles"))
        .map(|p| {
            format!(
                "tilesets/{}",
                p.file_name().and_then(|n| n.to_str()).unwrap_or("")
            )
        })
        .collect();
    files.sort();
    files
}

#[test]
fn greedy_and_monte_carlo_seats_play_the_count_and_replay() {
    let files = ["tilesets/base.tiles", "tilesets/count-of-carcassonne.tiles"].map(String::from);
    let set = tileset(&files);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let seats = tileforge::players::Seats::parse("greedy,mcts:8,random", None).expect("seats");
    let mut decided = 0;
    for seed in 0..6 {
        let (game, log) =
            tileforge::players::play_logged(&rules, seats.as_slice(), &player_names(3), seed)
                .expect("plays");
        decided += log
            .turns
            .iter()
            .filter(|t| t.count.is_some() || t.count_out.is_some())
            .count()
            + log.count_final.as_ref().map_or(0, Vec::len);
        let replayed = replay(&rules, &log).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed.scores(), game.scores(), "seed {seed}");
        assert_eq!(replayed.events(), game.events(), "seed {seed}");
    }
    assert!(
        decided > 0,
        "no seat put a follower in or out of the city in 6 games"
    );
}
