//! `import jcz-game` never panics on a damaged save: seeded mutations of a
//! hand-made save and of exported random games (values replaced by hostile
//! ones, entries dropped, duplicated or swapped, text cut or spliced) go
//! through the save reader, the import and a replay of what it gives.
//! Deterministic: a fixed seed, no clock.

mod common;

use common::Rng;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use serde_json::Value;
use tileforge::emit::wire::TileSet;
use tileforge::engine::random::{player_names, RandomPlayer};
use tileforge::engine::{replay, Ruleset};
use tileforge::jcz_game::{self, Save};

/// Values a damaged or hostile save may hold where `old` was: mostly of the
/// same JSON type (so the reader gets past it to the import), else any.
fn hostile(rng: &mut Rng, old: &Value) -> Value {
    let pick = [
        Value::Null,
        Value::Bool(true),
        serde_json::json!(0),
        serde_json::json!(-1),
        serde_json::json!(1.5),
        serde_json::json!(u64::MAX),
        serde_json::json!(i64::MIN),
        serde_json::json!(1e300),
        serde_json::json!(""),
        serde_json::json!("BA/C"),
        serde_json::json!("BA/RCr"),
        serde_json::json!("R270"),
        serde_json::json!("R45"),
        serde_json::json!("0.small.1"),
        serde_json::json!("9.small.99"),
        serde_json::json!("N"),
        serde_json::json!("NWSE"),
        serde_json::json!("PLACE_TILE"),
        serde_json::json!("DEPLOY_MEEPLE"),
        serde_json::json!("PASS"),
        serde_json::json!("basic:1"),
        serde_json::json!("river:1"),
        serde_json::json!([0, -1]),
        serde_json::json!([2_147_483_647, -2_147_483_648]),
        serde_json::json!([]),
        serde_json::json!({}),
        serde_json::json!("\u{202e}\u{0}x"),
    ];
    let kind = |v: &Value| std::mem::discriminant(v);
    let alike: Vec<&Value> = pick.iter().filter(|p| kind(p) == kind(old)).collect();
    if alike.is_empty() || rng.below(4) == 0 {
        pick[rng.below(pick.len())].clone()
    } else {
        alike[rng.below(alike.len())].clone()
    }
}

/// Every value of `v`, depth first, as paths of indices/keys.
fn paths(v: &Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(at.clone());
    match v {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                at.push(Step::Index(i));
                paths(item, at, out);
                at.pop();
            }
        }
        Value::Object(map) => {
            for (k, item) in map {
                at.push(Step::Key(k.clone()));
                paths(item, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone)]
enum Step {
    Index(usize),
    Key(String),
}

fn at<'v>(v: &'v mut Value, path: &[Step]) -> Option<&'v mut Value> {
    path.iter().try_fold(v, |v, step| match step {
        Step::Index(i) => v.get_mut(*i),
        Step::Key(k) => v.get_mut(k.as_str()),
    })
}

/// One to four structural changes to a save.
fn mutate_value(rng: &mut Rng, save: &Value) -> Value {
    let mut v = save.clone();
    for _ in 0..=rng.below(4) {
        let mut all = Vec::new();
        paths(&v, &mut Vec::new(), &mut all);
        let path = all[rng.below(all.len())].clone();
        let choice = rng.below(5);
        let Some(target) = at(&mut v, &path) else {
            continue;
        };
        let replacement = hostile(rng, target);
        match (choice, target) {
            (0, Value::Array(items)) if !items.is_empty() => {
                let i = rng.below(items.len());
                items.remove(i);
            }
            (1, Value::Array(items)) if !items.is_empty() => {
                let i = rng.below(items.len());
                let copy = items[i].clone();
                items.insert(rng.below(items.len() + 1), copy);
            }
            (2, Value::Array(items)) if items.len() > 1 => {
                let (a, b) = (rng.below(items.len()), rng.below(items.len()));
                items.swap(a, b);
            }
            (3, Value::Object(map)) if !map.is_empty() => {
                let key = map.keys().nth(rng.below(map.len())).cloned();
                if let Some(key) = key {
                    map.remove(&key);
                }
            }
            (_, target) => *target = replacement,
        }
    }
    v
}

fn char_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A cut or a spliced piece of the text itself.
fn mutate_text(rng: &mut Rng, text: &str) -> String {
    let mut out = text.to_string();
    let a = char_boundary(&out, rng.below(out.len() + 1));
    let b = char_boundary(&out, a + rng.below(60));
    match rng.below(3) {
        0 => out.truncate(a),
        1 => out.replace_range(a..b, ""),
        _ => {
            let piece = out[a..b].to_string();
            let c = char_boundary(&out, rng.below(out.len() + 1));
            out.insert_str(c, &piece);
        }
    }
    out
}

/// The whole path of `import jcz-game`, then a replay of the log it gives;
/// errors are fine, a panic is not. Returns how far it got: 0 not a save,
/// 1 refused by the import, 2 imported.
fn import_and_replay(set: &TileSet, text: &str) -> usize {
    let Ok(save) = Save::from_json(text) else {
        return 0;
    };
    let Ok(expansions) = jcz_game::expansions(&save) else {
        return 1;
    };
    let Ok(rules) = Ruleset::new(set, Some(&expansions)) else {
        return 1;
    };
    match jcz_game::import(set, &rules, &save) {
        Ok(log) => {
            let _ = replay(&rules, &log);
            2
        }
        Err(_) => 1,
    }
}

fn tileset() -> TileSet {
    let files: Vec<PathBuf> = ["base", "river", "inns-and-cathedrals", "the-flier"]
        .iter()
        .map(|s| Path::new("tilesets").join(format!("{s}.tiles")))
        .collect();
    let (_, compiled) = common::compile_files(&files);
    tileforge::emit::tileset(&compiled.checked.expect("the sets compile"))
}

#[test]
fn mutated_saves_never_panic() {
    let set = tileset();
    let mut seeds =
        vec![std::fs::read_to_string("tests/jcz/city-road-cloister.jcz").expect("fixture")];
    for (i, config) in [&["base"][..], &["base", "river"], &["base", "the-flier"]]
        .iter()
        .enumerate()
    {
        let expansions: Vec<String> = config.iter().map(|s| (*s).to_string()).collect();
        let rules = Ruleset::new(&set, Some(&expansions)).expect("ruleset");
        let (_, log) = RandomPlayer::new(7 + i as u64)
            .play_logged(&rules, &player_names(2 + i))
            .expect("plays");
        seeds.push(
            jcz_game::export(&set, &rules, &log)
                .expect("exports")
                .to_json(),
        );
    }
    let values: Vec<Value> = seeds
        .iter()
        .map(|s| serde_json::from_str(s).expect("a save is JSON"))
        .collect();
    let mut rng = Rng(0x005E_ED22);
    let mut failures = Vec::new();
    let mut reached = [0usize; 3];
    for case in 0..600 {
        let which = rng.below(seeds.len());
        let text = if case % 4 == 3 {
            mutate_text(&mut rng, &seeds[which])
        } else {
            mutate_value(&mut rng, &values[which]).to_string()
        };
        match catch_unwind(AssertUnwindSafe(|| import_and_replay(&set, &text))) {
            Ok(stage) => reached[stage] += 1,
            Err(_) => failures.push(format!("case {case}: {}", &text[..text.len().min(400)])),
        }
    }
    println!("not a save / refused / imported: {reached:?}");
    // The mutations reach the import, and some of them get through it.
    assert!(reached[1] + reached[2] > 250, "{reached:?}");
    assert!(reached[2] >= 10, "{reached:?}");
    assert!(
        failures.is_empty(),
        "{} panics:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_most_negative_position_is_refused() {
    // Found by the fuzzing above: `abs` of i32::MIN overflowed (a panic in
    // debug builds, a square two billion away accepted in release ones).
    let set = tileset();
    let text = std::fs::read_to_string("tests/jcz/city-road-cloister.jcz")
        .expect("fixture")
        .replacen("\"position\": [0, -1]", "\"position\": [-2147483648, 0]", 1);
    let save = Save::from_json(&text).expect("still a save");
    let expansions = jcz_game::expansions(&save).expect("expansions");
    let rules = Ruleset::new(&set, Some(&expansions)).expect("ruleset");
    let err = jcz_game::import(&set, &rules, &save).expect_err("refused");
    assert!(err.contains("within ±1,000,000"), "{err}");
}
