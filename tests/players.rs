//! Players (`tileforge::players`): random seats play exactly the engine's
//! random player's games; every move of every kind of seat replays from its
//! log to the same scores, with all four shipped sets, with the river, Inns &
//! Cathedrals and Traders & Builders test sets (every new decision taken by a
//! greedy or Monte Carlo seat) and with a fan's own kinds
//! (examples/lakeside.tiles); greedy takes a completed city's points;
//! the same seed and seats give the same summary on one and two threads; the
//! command line takes `--seats`.

mod common;

use std::path::PathBuf;

use common::{scratch, stderr, tileforge};
use tileforge::engine::log::GameLog;
use tileforge::engine::random::{player_names, RandomPlayer};
use tileforge::engine::{replay, Ruleset, Source};
use tileforge::players::{self, Seat, Seats};
use tileforge::sim::{simulate, Options, Summary};

fn rules(paths: &[PathBuf], expansions: Option<&[String]>) -> Ruleset {
    let (_, compiled) = common::compile_files(paths);
    let set = tileforge::emit::tileset(compiled.checked.as_ref().expect("the set checks"));
    Ruleset::new(&set, expansions).expect("the set plays")
}

fn base() -> Ruleset {
    rules(&[PathBuf::from("tilesets/base.tiles")], None)
}

fn seats(list: &str) -> Seats {
    Seats::parse(list, None).expect("seats")
}

/// Base with the engine tests' river, forked river, figures (abbot, large
/// meeple), Inns & Cathedrals and Traders & Builders sets.
fn wave_paths() -> Vec<PathBuf> {
    [
        "tilesets/base.tiles",
        "tests/engine/fan/figures.tiles",
        "tests/engine/fan/inns-cathedrals.tiles",
        "tests/engine/fan/traders.tiles",
        "tests/engine/fan/river.tiles",
        "tests/engine/fan/river-fork.tiles",
    ]
    .iter()
    .map(PathBuf::from)
    .collect()
}

#[test]
fn random_seats_play_the_engine_random_players_games() {
    let shipped = rules(&common::shipped(), None);
    // The wave's sets: river tiles drawn first, second turns, goods.
    let wave = rules(&wave_paths(), None);
    for (seed, all) in (0..8)
        .map(|s| (s, &shipped))
        .chain((8..14).map(|s| (s, &wave)))
    {
        let names = player_names(2 + usize::try_from(seed % 3).unwrap_or(0));
        let list = vec![Seat::Random; names.len()];
        let (_, expected) = RandomPlayer::new(seed)
            .play_logged(all, &names)
            .expect("plays");
        let (_, mut log) = players::play_logged(all, &list, &names, seed).expect("plays");
        assert_eq!(
            log.seats.take(),
            Some(vec!["random".to_string(); names.len()])
        );
        assert_eq!(log, expected, "seed {seed}");
    }
}

/// Plays with these seats, writes the log as JSON, reads it back and
/// replays it: every move must be legal and the scores the same. Returns the
/// log and each scoring event as (player, reason in words).
fn replays(
    rules_for: &dyn Fn(Option<&[String]>) -> Ruleset,
    list: &[Seat],
    seed: u64,
) -> (GameLog, Vec<(usize, String)>) {
    let played = rules_for(None);
    let names = player_names(list.len());
    let (game, log) = players::play_logged(&played, list, &names, seed).expect("plays");
    let text = log.to_json();
    let back = GameLog::from_json(&text).expect("reads back");
    let again = rules_for(back.expansions.as_deref());
    let replayed = replay(&again, &back).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
    assert_eq!(replayed.scores(), game.scores(), "seed {seed}");
    assert_eq!(replayed.events(), game.events(), "seed {seed}");
    let events = game
        .events()
        .iter()
        .map(|e| (e.player, e.describe(&played)))
        .collect();
    (back, events)
}

#[test]
fn every_move_of_every_seat_replays_with_all_four_sets() {
    let shipped = common::shipped();
    let rules_for = |e: Option<&[String]>| rules(&shipped, e);
    let mut used = [false; 4]; // flight, acrobat or pyramid, crop, token
    for (seed, list) in [
        (1, "greedy,mcts:2,random"),
        (2, "mcts:1:greedy,greedy"),
        (3, "greedy,greedy"),
        (4, "random,greedy,greedy,mcts:2"),
    ] {
        let list = seats(list);
        let (log, _) = replays(&rules_for, list.as_slice(), seed);
        assert_eq!(log.seats, Some(list.names()));
        for (i, t) in log.turns.iter().enumerate() {
            // Only the turns of greedy and Monte Carlo seats (no discards
            // in the shipped sets, so turn i is player i mod n's).
            if list.as_slice()[i % list.len()] == Seat::Random {
                continue;
            }
            used[0] |= t.flight.is_some();
            used[1] |= t.acrobat.is_some() || t.score_pyramid.is_some();
            used[2] |= t.crop.is_some();
            used[3] |= t.token.is_some();
        }
    }
    assert_eq!(used, [true; 4], "flight, acrobat, crop circle, token");
}

/// The player of each turn of a log: the next player after a turn, the same
/// one after a discard or for a builder's second turn.
fn players_of(log: &GameLog) -> Vec<usize> {
    let n = log.players.len();
    let mut who = Vec::with_capacity(log.turns.len());
    let mut p = 0;
    for (i, t) in log.turns.iter().enumerate() {
        if i > 0 && !log.turns[i - 1].discard && !t.second_turn {
            p = (p + 1) % n;
        }
        who.push(p);
    }
    who
}

#[test]
fn every_move_of_every_seat_replays_with_the_river_inns_and_traders() {
    // The river (drawn first, forked), the abbot and gardens, the large
    // meeple, inns and cathedrals, goods, the builder and the pig: greedy and
    // Monte Carlo seats take every new decision, and every move replays.
    let paths = wave_paths();
    let rules_for = |e: Option<&[String]>| rules(&paths, e);
    // recall, builder, pig, second turn, large meeple, goods
    let mut used = [false; 6];
    for (seed, list) in [
        (1, "greedy,greedy"),
        (2, "greedy,mcts:2,random"),
        (3, "mcts:1:greedy,greedy"),
        (4, "greedy,greedy,greedy"),
        (5, "greedy,random"),
        (6, "greedy,greedy"),
    ] {
        let list = seats(list);
        let (log, _) = replays(&rules_for, list.as_slice(), seed);
        let river = log.turns.iter().position(|t| !t.tile.starts_with("river-"));
        if let Some(first_other) = river {
            assert!(
                log.turns[first_other..]
                    .iter()
                    .all(|t| !t.tile.starts_with("river-")),
                "seed {seed}: a river tile after another tile"
            );
        }
        for (t, &p) in log.turns.iter().zip(&players_of(&log)) {
            if list.as_slice()[p] == Seat::Random {
                continue;
            }
            let figure = t.meeple.as_ref().map(|m| m.figure.as_str());
            used[0] |= t.recall.is_some();
            used[1] |= figure == Some("builder");
            used[2] |= figure == Some("pig");
            used[3] |= t.second_turn;
            used[4] |= figure == Some("large-meeple");
            used[5] |= t.goods.is_some();
        }
    }
    assert_eq!(
        used, [true; 6],
        "recall, builder, pig, second turn, large meeple, goods"
    );
}

#[test]
fn greedy_and_monte_carlo_seats_build_towers_capture_and_pay_ransoms() {
    // The Tower with the big top and the flier: greedy and Monte Carlo
    // seats place floors, capture, close towers and pay ransoms, and every
    // move replays.
    let paths: Vec<PathBuf> = [
        "tilesets/base.tiles",
        "tilesets/the-tower.tiles",
        "tilesets/under-the-big-top.tiles",
        "tilesets/the-flier.tiles",
    ]
    .map(PathBuf::from)
    .to_vec();
    let rules_for = |e: Option<&[String]>| rules(&paths, e);
    // floor, capture, follower on a tower, ransom
    let mut used = [false; 4];
    for (seed, list) in [
        (1, "greedy,greedy"),
        (2, "greedy,mcts:2,random"),
        (3, "mcts:1:greedy,greedy"),
        (4, "greedy,greedy,greedy"),
        (5, "greedy,random"),
        (6, "greedy,greedy"),
        (7, "greedy,greedy,greedy,greedy"),
    ] {
        let list = seats(list);
        let (log, _) = replays(&rules_for, list.as_slice(), seed);
        for (t, &p) in log.turns.iter().zip(&players_of(&log)) {
            // Greedy values a ransom against a tied-up follower's cost and
            // seldom pays one (3 points to an opponent is a 6-point swing
            // between two players): any seat's ransom replays.
            used[3] |= t.ransom.is_some();
            if list.as_slice()[p] == Seat::Random {
                continue;
            }
            used[0] |= t.tower.is_some();
            used[1] |= t.tower.as_ref().is_some_and(|t| t.capture.is_some());
            used[2] |= t.tower_follower.is_some();
        }
    }
    assert_eq!(
        used, [true; 4],
        "floor, capture, follower on a tower, ransom"
    );
}

#[test]
fn greedy_and_monte_carlo_seats_move_the_fairy_use_portals_and_the_princess() {
    // The Princess & the Dragon: greedy and Monte Carlo seats make its
    // decisions (the fairy, a portal, the dragon's steps), and every move
    // replays.
    let paths: Vec<PathBuf> = ["tilesets/base.tiles", "tilesets/princess-and-dragon.tiles"]
        .map(PathBuf::from)
        .to_vec();
    let rules_for = |e: Option<&[String]>| rules(&paths, e);
    // fairy, portal, dragon
    let mut used = [false; 3];
    for (seed, list) in [
        (1, "greedy,greedy"),
        (2, "greedy,mcts:2,random"),
        (3, "mcts:1:greedy,greedy"),
        (4, "greedy,greedy,greedy"),
    ] {
        let list = seats(list);
        let (log, _) = replays(&rules_for, list.as_slice(), seed);
        for (t, &p) in log.turns.iter().zip(&players_of(&log)) {
            used[2] |= t.dragon.is_some();
            if list.as_slice()[p] == Seat::Random {
                continue;
            }
            used[0] |= t.fairy.is_some();
            used[1] |= t.portal.is_some();
        }
    }
    assert_eq!(used, [true; 3], "fairy, portal, dragon");
}

#[test]
fn a_fans_own_kinds_play_with_greedy_and_monte_carlo_seats() {
    // Lakeside declares a canal (a path kind), a pond (a neighbourhood spot)
    // and a market (an attribute): the seats know none of them by name.
    let paths = [
        PathBuf::from("tilesets/base.tiles"),
        PathBuf::from("examples/lakeside.tiles"),
    ];
    let rules_for = |e: Option<&[String]>| rules(&paths, e);
    let mut fan_points = 0;
    for (seed, list) in [
        (1, "greedy,mcts:2"),
        (2, "mcts:2:greedy,greedy"),
        (3, "greedy,greedy"),
    ] {
        let list = seats(list);
        let (log, events) = replays(&rules_for, list.as_slice(), seed);
        assert_eq!(
            log.expansions.as_deref(),
            Some(&["base".to_string(), "lakeside".to_string()][..])
        );
        fan_points += events
            .iter()
            .filter(|(_, why)| why.contains("canal") || why.contains("pond"))
            .count();
    }
    assert!(fan_points > 0, "no seat scored a canal or a pond");
}

#[test]
fn greedy_takes_a_completed_citys_points() {
    let rules = base();
    // Red's knight on a city open to the north (base/F turned a quarter,
    // with a pennant); blue builds a road elsewhere; red draws base/E,
    // whose single city side closes it: 3 tiles and a pennant, 8 points.
    let log = GameLog::from_json(
        r#"{ "format": "tileforge.game", "version": 1, "expansions": ["base"],
             "players": ["red", "blue"], "finished": false, "turns": [
          { "tile": "base/F", "x": 0, "y": -1, "rotation": 1,
            "meeple": { "figure": "meeple", "feature": "N" } },
          { "tile": "base/U", "x": 1, "y": 0, "rotation": 0 } ] }"#,
    )
    .expect("a log");
    let game = replay(&rules, &log).expect("replays");
    let e = rules.kind("base/E").expect("base/E");
    for seed in 0..4 {
        let (at, action) = players::choose(&game, e, Seat::Greedy, seed).expect("a move");
        let mut after = game.clone();
        after
            .apply(&tileforge::engine::Move::Place {
                tile: e,
                placement: at,
                token: None,
            })
            .expect("legal placement");
        after
            .apply(&tileforge::engine::Move::Figure(action))
            .expect("legal action");
        assert_eq!(
            after.scores()[0].get(Source::City),
            8,
            "seed {seed}: {at:?}"
        );
    }
}

fn on_threads(threads: usize, rules: &Ruleset, options: &Options) -> Summary {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a pool")
        .install(|| simulate(rules, options).expect("simulates"))
}

#[test]
fn the_same_seed_and_seats_give_the_same_summary_on_one_and_two_threads() {
    let rules = base();
    // 66 games are two chunks, so two threads really split them.
    let options = Options {
        seats: seats("greedy,random"),
        ..Options::random(66, 2, 9)
    };
    let one = on_threads(1, &rules, &options);
    let two = on_threads(2, &rules, &options);
    assert_eq!(one.to_json(), two.to_json());
    let kinds: Vec<&str> = one.seat_kinds.iter().map(|k| k.player.as_str()).collect();
    assert_eq!(kinds, ["greedy", "random"]);
    assert!(one.seat_kinds[0].win_share > 0.9, "{}", one.to_text());
}

#[test]
fn a_monte_carlo_game_is_the_same_on_any_thread() {
    let rules = base();
    let list = seats("mcts:3,greedy");
    let names = player_names(2);
    let play = || {
        players::play_logged(&rules, list.as_slice(), &names, 5)
            .expect("plays")
            .1
    };
    let here = play();
    let there = std::thread::scope(|s| s.spawn(play).join().expect("the thread plays"));
    assert_eq!(here, there);
    let other = players::play_logged(&rules, list.as_slice(), &names, 6)
        .expect("plays")
        .1;
    assert_ne!(here, other, "the seed must matter");
}

#[test]
fn play_and_simulate_take_seats_and_the_log_names_them() {
    let dir = scratch("players-cli");
    let log = dir.join("game.json");
    let out = tileforge(&[
        "play",
        "tilesets/base.tiles",
        "--seats",
        "greedy,random",
        "--seed",
        "3",
        "-o",
        log.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&log).expect("the log");
    assert!(text.contains(r#""seats": ["greedy","random"]"#), "{text}");
    let built = dir.join("out");
    let out = tileforge(&[
        "build",
        "tilesets/base.tiles",
        "-o",
        built.to_str().expect("utf-8"),
        "--no-render",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let set = built.join("tileset.json");
    let out = tileforge(&[
        "score",
        log.to_str().expect("utf-8"),
        "--tileset",
        set.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for bad in [["--seats", "smart"], ["--seats", "greedy,random,random"]] {
        let out = tileforge(&[
            "simulate",
            "tilesets/base.tiles",
            "--players",
            "2",
            bad[0],
            bad[1],
        ]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("--seats"), "{}", stderr(&out));
    }
}

/// A 64-bit FNV-1a hash of a text, to keep a game log's fingerprint.
fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn greedy_and_monte_carlo_games_keep_their_golden_logs() {
    // The fingerprint of each game's log, as the greedy seat played them
    // valuing every placement on a copy of the game (before `Preview`): a
    // faster evaluation must choose exactly the same moves.
    let lakeside = [
        PathBuf::from("tilesets/base.tiles"),
        PathBuf::from("examples/lakeside.tiles"),
    ];
    let sets: [(&str, Ruleset); 3] = [
        ("base", base()),
        ("all", rules(&common::shipped(), None)),
        ("lakeside", rules(&lakeside, None)),
    ];
    let mut text = String::new();
    for (set, list, seeds) in [
        ("base", "greedy,greedy", 0..16),
        ("base", "greedy,greedy,greedy", 0..3),
        ("base", "mcts:4,greedy", 0..2),
        ("all", "greedy,greedy", 0..8),
        ("all", "greedy,greedy,greedy,greedy", 0..2),
        ("all", "mcts:4:greedy,greedy", 0..1),
        ("lakeside", "greedy,greedy", 0..4),
    ] {
        let rules = &sets.iter().find(|s| s.0 == set).expect("a set").1;
        let list = seats(list);
        let names = player_names(list.len());
        for seed in seeds {
            let (_, log) =
                players::play_logged(rules, list.as_slice(), &names, seed).expect("plays");
            let hash = fingerprint(&log.to_json());
            text.push_str(&format!(
                "{set} {} {seed} {hash:016x}\n",
                list.names().join(",")
            ));
        }
    }
    let golden = PathBuf::from("tests/golden/players/greedy-logs.txt");
    if let Some(diff) = common::check_golden(&golden, &text) {
        panic!("{diff}");
    }
}

#[test]
fn greedy_and_monte_carlo_seats_play_the_labyrinth_and_replay() {
    // The labyrinth adds no move: its shared road is a figure placement the
    // seats find among the others; their games replay.
    let paths: Vec<PathBuf> = ["tilesets/base.tiles", "tilesets/labyrinth.tiles"]
        .map(PathBuf::from)
        .to_vec();
    let rules_for = |e: Option<&[String]>| rules(&paths, e);
    let mut labyrinth = 0;
    for (seed, list) in [(1, "greedy,greedy"), (2, "greedy,mcts:2,random")] {
        let list = seats(list);
        let (log, _) = replays(&rules_for, list.as_slice(), seed);
        labyrinth += log
            .turns
            .iter()
            .filter(|t| t.tile == "labyrinth/Rrrr")
            .count();
    }
    assert!(labyrinth > 0, "the labyrinth was never drawn");
}

#[test]
fn greedy_and_monte_carlo_seats_play_the_festival_and_replay() {
    // A festival tile offers taking one's own figure back instead of a
    // figure: the seats weigh it with the other actions; the games replay.
    let paths: Vec<PathBuf> = ["tilesets/base.tiles", "tilesets/the-festival.tiles"]
        .map(PathBuf::from)
        .to_vec();
    let rules_for = |e: Option<&[String]>| rules(&paths, e);
    let mut festivals = 0;
    for (seed, list) in [(1, "greedy,greedy"), (2, "greedy,mcts:2,random")] {
        let list = seats(list);
        let (log, _) = replays(&rules_for, list.as_slice(), seed);
        festivals += log
            .turns
            .iter()
            .filter(|t| t.tile.starts_with("the-festival/"))
            .count();
    }
    assert!(festivals > 0, "no festival tile was drawn");
}

#[test]
fn greedy_and_monte_carlo_seats_play_the_watchtowers_and_replay() {
    // The towers add no decision; the seats value placements with them.
    let paths: Vec<PathBuf> = ["tilesets/base.tiles", "tilesets/watchtowers.tiles"]
        .map(PathBuf::from)
        .to_vec();
    let rules_for = |e: Option<&[String]>| rules(&paths, e);
    let mut towers = 0;
    for (seed, list) in [(1, "greedy,greedy"), (2, "greedy,mcts:2,random")] {
        let list = seats(list);
        let (_, events) = replays(&rules_for, list.as_slice(), seed);
        towers += events
            .iter()
            .filter(|(_, why)| why.contains("watchtower"))
            .count();
    }
    assert!(towers > 0, "no seat scored a watchtower");
}

#[test]
fn greedy_and_monte_carlo_seats_move_the_mage_and_the_witch() {
    // Mage & Witch: greedy and Monte Carlo seats move the mage and the
    // witch, and every move replays.
    let paths: Vec<PathBuf> = ["tilesets/base.tiles", "tilesets/mage-and-witch.tiles"]
        .map(PathBuf::from)
        .to_vec();
    let rules_for = |e: Option<&[String]>| rules(&paths, e);
    // mage, witch
    let mut used = [false; 2];
    for (seed, list) in [
        (1, "greedy,greedy"),
        (2, "greedy,mcts:2,random"),
        (3, "mcts:1:greedy,greedy"),
    ] {
        let list = seats(list);
        let (log, _) = replays(&rules_for, list.as_slice(), seed);
        for (t, &p) in log.turns.iter().zip(&players_of(&log)) {
            if list.as_slice()[p] == Seat::Random {
                continue;
            }
            if let Some(m) = &t.magic {
                used[usize::from(m.figure == "witch")] = true;
            }
        }
    }
    assert_eq!(used, [true; 2], "mage, witch");
}

#[test]
fn greedy_and_monte_carlo_seats_move_wagons() {
    // Abbey & Mayor: greedy and Monte Carlo seats move a wagon home from a
    // scored feature, and every move replays.
    let paths: Vec<PathBuf> = ["tilesets/base.tiles", "tilesets/abbey-and-mayor.tiles"]
        .map(PathBuf::from)
        .to_vec();
    let rules_for = |e: Option<&[String]>| rules(&paths, e);
    let mut moved = 0;
    for (seed, list) in [
        (1, "greedy,greedy"),
        (2, "greedy,mcts:2,random"),
        (3, "mcts:1:greedy,greedy"),
    ] {
        let list = seats(list);
        let (log, _) = replays(&rules_for, list.as_slice(), seed);
        for (t, &p) in log.turns.iter().zip(&players_of(&log)) {
            if list.as_slice()[p] == Seat::Random {
                continue;
            }
            moved += t.wagon.iter().flatten().filter(|w| w.is_some()).count();
        }
    }
    assert!(moved > 0, "no greedy or Monte Carlo seat moved a wagon");
}

#[test]
fn greedy_and_monte_carlo_seats_place_tiles_by_a_bridge() {
    // Bridges, Castles & Bazaars: greedy and Monte Carlo seats put tiles
    // where only the bridge they then place makes them fit, and every move
    // replays.
    use tileforge::engine::replay::{replay_observed, Step};
    use tileforge::engine::MeepleAction;
    let paths: Vec<PathBuf> = [
        "tilesets/base.tiles",
        "tilesets/bridges-castles-and-bazaars.tiles",
    ]
    .map(PathBuf::from)
    .to_vec();
    let rules_for = |e: Option<&[String]>| rules(&paths, e);
    let played = rules_for(None);
    let mut forced = 0;
    for (seed, list) in [
        (1, "greedy,greedy"),
        (2, "greedy,mcts:2,random"),
        (3, "mcts:1:greedy,greedy"),
    ] {
        let list = seats(list);
        let (log, _) = replays(&rules_for, list.as_slice(), seed);
        let players = players_of(&log);
        replay_observed(&played, &log, &mut |i, step, game| {
            if !matches!(step, Step::Placed) || list.as_slice()[players[i]] == Seat::Random {
                return;
            }
            if !game.legal_meeple_actions().contains(&MeepleAction::Pass) {
                forced += 1;
            }
        })
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    assert!(
        forced > 0,
        "no greedy or Monte Carlo seat placed a tile by a bridge"
    );
}

#[test]
fn greedy_and_monte_carlo_seats_place_and_move_ferries() {
    // The Ferries: greedy and Monte Carlo seats put a ferry on every lake
    // they place and move ferries, and every move replays.
    let paths: Vec<PathBuf> = ["tilesets/base.tiles", "tilesets/ferries.tiles"]
        .map(PathBuf::from)
        .to_vec();
    let rules_for = |e: Option<&[String]>| rules(&paths, e);
    // placed, moved
    let mut used = [false; 2];
    for (seed, list) in [
        (1, "greedy,greedy"),
        (2, "greedy,mcts:2,random"),
        (3, "mcts:1:greedy,greedy"),
    ] {
        let list = seats(list);
        let (log, _) = replays(&rules_for, list.as_slice(), seed);
        for (t, &p) in log.turns.iter().zip(&players_of(&log)) {
            if list.as_slice()[p] == Seat::Random {
                continue;
            }
            let Some(f) = &t.ferry else { continue };
            let lake = t.tile.starts_with("ferries/");
            used[0] |= lake;
            used[1] |= f.len() > usize::from(lake);
        }
    }
    assert_eq!(used, [true; 2], "placed, moved");
}

#[test]
fn greedy_and_monte_carlo_seats_play_the_vodyanoy_and_replay() {
    // Around a Vodyanoy followers are trapped; the seats weigh freeing one
    // with the other actions; the games replay.
    let paths: Vec<PathBuf> = ["tilesets/base.tiles", "tests/engine/fan/vodyanoy.tiles"]
        .map(PathBuf::from)
        .to_vec();
    let rules_for = |e: Option<&[String]>| rules(&paths, e);
    let mut drawn = 0;
    for (seed, list) in [(1, "greedy,greedy"), (2, "greedy,mcts:2,random")] {
        let list = seats(list);
        let (log, _) = replays(&rules_for, list.as_slice(), seed);
        drawn += log
            .turns
            .iter()
            .filter(|t| t.tile.starts_with("vodyanoy/"))
            .count();
    }
    assert!(drawn > 0, "the Vodyanoy was never drawn");
}

#[test]
fn greedy_and_monte_carlo_seats_play_solovei_razboynik_and_replay() {
    // Russian Promos (2016): the Razboynik traps the follower nearest his
    // tree, the Vodyanoy those around it; the seats free them or not, and
    // the games replay.
    let paths: Vec<PathBuf> = ["tilesets/base.tiles", "tilesets/russian-promos-2016.tiles"]
        .map(PathBuf::from)
        .to_vec();
    let rules_for = |e: Option<&[String]>| rules(&paths, e);
    let mut drawn = 0;
    for (seed, list) in [(3, "greedy,greedy"), (4, "greedy,mcts:2,random")] {
        let list = seats(list);
        let (log, _) = replays(&rules_for, list.as_slice(), seed);
        drawn += log
            .turns
            .iter()
            .filter(|t| t.tile == "russian-promos-2016/SR")
            .count();
    }
    assert_eq!(drawn, 2, "the Razboynik is drawn once a game");
}
