//! Start sets: Spiel Doch's two tiles start the game together (its rules: the
//! base start tile is taken out and both Spiel Doch tiles laid; JCloisterZone
//! lays the two cities' tile at the origin and the road junction east of it,
//! turned a quarter anticlockwise, which is the first legal placement in
//! reading order). The edition's garden twin stands in for the junction.

use tileforge::emit::wire::TileSet;
use tileforge::engine::random::{player_names, RandomPlayer};
use tileforge::engine::{replay, Game, Ruleset};

fn compile(named: &[(&str, String)]) -> Result<TileSet, String> {
    let mut sources = tileforge::diag::SourceMap::new();
    let ids: Vec<_> = named
        .iter()
        .map(|(name, text)| sources.add((*name).to_string(), text.clone()))
        .collect();
    let compiled = tileforge::compile::compile(&sources, &ids);
    compiled
        .checked
        .map(|c| tileforge::emit::tileset(&c))
        .ok_or_else(|| tileforge::diag::render_all(&sources, &compiled.diagnostics, false))
}

fn shipped(files: &[&str]) -> TileSet {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let named: Vec<_> = files
        .iter()
        .map(|f| {
            (
                *f,
                std::fs::read_to_string(root.join(f)).expect("a shipped set"),
            )
        })
        .collect();
    compile(&named).unwrap_or_else(|e| panic!("{e}"))
}

/// The start layout as (tile, x, y, rotation).
fn layout(game: &Game<'_>) -> Vec<(String, i32, i32, u8)> {
    game.start_layout()
        .into_iter()
        .map(|(k, p)| (game.rules().kind_id(k).to_string(), p.x, p.y, p.rotation))
        .collect()
}

#[test]
fn spiel_doch_starts_on_both_its_tiles_and_the_base_start_stays_in_the_box() {
    let set = shipped(&["tilesets/base.tiles", "tilesets/spiel-doch.tiles"]);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let game = Game::new(&rules, 2).expect("a game starts");
    assert_eq!(
        layout(&game),
        [
            ("spiel-doch/CC".to_string(), 0, 0, 0),
            ("spiel-doch/RRR".to_string(), 1, 0, 3),
        ]
    );
    assert_eq!(game.tiles_placed(), 2);
    let kind = |id: &str| rules.kind(id).expect("in play");
    assert_eq!(game.remaining(kind("spiel-doch/CC")), 0);
    assert_eq!(game.remaining(kind("spiel-doch/RRR")), 0);
    // base/D x4, one of them the base start copy: it stays in the box.
    assert_eq!(game.remaining(kind("base/D")), 3);
    assert_eq!(game.turn(), 0);
}

#[test]
fn spiel_doch_games_replay_from_their_logs() {
    let set = shipped(&["tilesets/base.tiles", "tilesets/spiel-doch.tiles"]);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    for seed in 0..20 {
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &player_names(2))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(game.tiles_placed() > 2, "seed {seed}");
        let again = replay(&rules, &log).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(again.scores(), game.scores(), "seed {seed}");
        assert_eq!(layout(&again), layout(&game), "seed {seed}");
    }
}

#[test]
fn the_second_edition_starts_on_the_garden_twin() {
    let set = shipped(&[
        "tilesets/base.tiles",
        "tilesets/spiel-doch.tiles",
        "tilesets/spiel-doch-edition-2.tiles",
    ]);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let game = Game::new(&rules, 2).expect("a game starts");
    assert_eq!(
        layout(&game),
        [
            ("spiel-doch/CC".to_string(), 0, 0, 0),
            ("spiel-doch-edition-2/RRRG".to_string(), 1, 0, 3),
        ]
    );
}

#[test]
fn a_start_tile_that_cannot_be_laid_beside_the_other_is_a_clear_error() {
    let text = "expansion demo {}\n\nfigure meeple \"Meeple\" { per-player 7 }\n\ntile A x1 start { city N E S W }\ntile B x1 start { road N S }\ntile C x2 { city N S }\n";
    let set = compile(&[("demo.tiles", text.to_string())]).expect("it compiles");
    let rules = Ruleset::new(&set, None).expect("the set plays");
    let err = Game::new(&rules, 2).err().expect("no game");
    assert_eq!(
        err.0,
        "the start tile `demo/B` cannot be laid beside `demo/A`"
    );
}

#[test]
fn a_spiel_doch_game_exports_both_start_tiles_to_jcz_and_imports_back() {
    let set = shipped(&["tilesets/base.tiles", "tilesets/spiel-doch.tiles"]);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let (game, log) = RandomPlayer::new(3)
        .play_logged(&rules, &player_names(2))
        .expect("a game");
    let save = tileforge::jcz_game::export(&set, &rules, &log).expect("it exports");
    let start: Vec<_> = save
        .setup
        .start
        .iter()
        .map(|s| (s.tile.as_str(), s.x, s.y, s.rotation))
        .collect();
    // JCloisterZone's own Spiel Doch start: SD/CC at the origin, SD/RRR east, 270°.
    assert_eq!(start, [("SD/CC", 0, 0, 0), ("SD/RRR", 1, 0, 270)]);
    let back = tileforge::jcz_game::import(&set, &rules, &save).expect("it imports");
    let again = replay(&rules, &back).expect("it replays");
    assert_eq!(again.scores(), game.scores());
}

#[test]
fn with_the_wind_roses_the_compass_rose_starts_and_spiel_doch_is_shuffled_in() {
    let set = shipped(&[
        "tilesets/base.tiles",
        "tilesets/spiel-doch.tiles",
        "tilesets/wind-roses.tiles",
    ]);
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let game = Game::new(&rules, 2).expect("a game starts");
    assert_eq!(layout(&game), [("wind-roses/CFR".to_string(), 0, 0, 0)]);
    let kind = |id: &str| rules.kind(id).expect("in play");
    assert_eq!(game.remaining(kind("spiel-doch/CC")), 1);
    assert_eq!(game.remaining(kind("spiel-doch/RRR")), 1);
    assert_eq!(game.remaining(kind("base/D")), 3);
}

/// A start set with a layout (`start at X Y [turn N]`): each tile on its
/// square, turned as written, relative to the first; not at its first legal
/// placement (that would put `B` west of `A`, unturned).
const LAID_OUT: &str = r#"expansion laid-out "Laid out" {
    requires base
}
tile A x1 start { city N; road E W }
tile B x1 start at 1 0 turn 1 { road N S }
tile C x1 start at 0 1 turn 2 { city N }
tile D x2 { road N S }
"#;

#[test]
fn a_start_layout_lays_each_tile_on_its_square_and_turned() {
    let base = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tilesets/base.tiles"),
    )
    .expect("base");
    let set = compile(&[
        ("base.tiles", base),
        ("laid-out.tiles", LAID_OUT.to_string()),
    ])
    .unwrap_or_else(|e| panic!("{e}"));
    let b = set.tiles.iter().find(|t| t.id == "laid-out/B").expect("B");
    assert_eq!(
        b.start_at,
        Some(tileforge::emit::wire::StartAt {
            x: 1,
            y: 0,
            rotation: 1
        })
    );
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let game = Game::new(&rules, 2).expect("a game starts");
    assert_eq!(
        layout(&game),
        [
            ("laid-out/A".to_string(), 0, 0, 0),
            ("laid-out/B".to_string(), 1, 0, 1),
            ("laid-out/C".to_string(), 0, 1, 2),
        ]
    );
    for seed in 0..10 {
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &player_names(2))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let again = replay(&rules, &log).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(again.scores(), game.scores(), "seed {seed}");
        assert_eq!(layout(&again), layout(&game), "seed {seed}");
    }
}

/// Walls (`partial` regions, side letter `X`): two tiles whose inner sides
/// are part wall, part field, laid as a start set; later tiles go only
/// against their outer sides, and games replay.
const WALLED: &str = r#"expansion walled "Walled" {
    requires base
}
tile A x1 start { road W; wall E ESE SSE S SSW }
tile B x1 start at 1 0 { road E; wall W WSW SSW S SSE }
"#;

#[test]
fn a_walled_start_set_is_laid_and_its_walls_meet_only_each_other() {
    let base = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tilesets/base.tiles"),
    )
    .expect("base");
    let set = compile(&[("base.tiles", base), ("walled.tiles", WALLED.to_string())])
        .unwrap_or_else(|e| panic!("{e}"));
    let a = set.tiles.iter().find(|t| t.id == "walled/A").expect("A");
    assert_eq!(a.edges, "FXXR");
    let rules = Ruleset::new(&set, None).expect("the sets play");
    let game = Game::new(&rules, 2).expect("a game starts");
    assert_eq!(
        layout(&game),
        [
            ("walled/A".to_string(), 0, 0, 0),
            ("walled/B".to_string(), 1, 0, 0),
        ]
    );
    for seed in 0..10 {
        let (game, log) = RandomPlayer::new(seed)
            .play_logged(&rules, &player_names(2))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        // Nothing lies south of the walls: only a wall side meets a wall side.
        assert!(game.tile_at(0, 1).is_none(), "seed {seed}");
        assert!(game.tile_at(1, 1).is_none(), "seed {seed}");
        let again = replay(&rules, &log).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(again.scores(), game.scores(), "seed {seed}");
    }
}
