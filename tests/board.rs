//! Board pictures (`tileforge score --png`): the engine's board view, the
//! picture drawn from it, and the command line.
//!
//! `tests/board/tiny.tiles` is a seven-tile set in which no tile has roads on
//! two opposite sides and cities on the other two. `dead-square.game.json`
//! places all of it so that the square (1, 0) needs exactly that tile: it is
//! dead even for the whole set. `stack.game.json` stops earlier: only a field
//! and a city cap are left, so the squares that need a road are dead for the
//! stack although the set has roads. A small golden image of the first one
//! lives beside them (`TILEFORGE_BLESS=1` rewrites it).

mod common;

use std::path::{Path, PathBuf};

use common::{compile_files, scratch, stderr, tileforge};
use tileforge::emit::wire::TileSet;
use tileforge::engine::log::GameLog;
use tileforge::engine::random::RandomPlayer;
use tileforge::engine::{replay, BoardView, FillBasis, Game, KindId, Phase, Ruleset, TileView};
use tileforge::render::board::{
    board_png, BoardPicture, Caption, PlayerLine, MAX_SIDE, PLAYER_COLOURS,
};
use tileforge::render::decode_png;
use tiny_skia::{ColorU8, Pixmap};

/// The colour of the cross on a dead square.
const DEAD_CROSS: ColorU8 = ColorU8::from_rgba(120, 0, 0, 255);
/// The golden image's tile size.
const GOLDEN_TILE: u32 = 40;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn compile(paths: &[PathBuf]) -> TileSet {
    let (_, compiled) = compile_files(paths);
    let checked = compiled.checked.expect("the tile set compiles");
    tileforge::emit::tileset(&checked)
}

fn tiny() -> TileSet {
    compile(&[root().join("tests/board/tiny.tiles")])
}

fn read_log(name: &str) -> GameLog {
    let path = root().join("tests/board").join(name);
    let text = std::fs::read_to_string(&path).expect("the log reads");
    GameLog::from_json(&text).expect("the log parses")
}

/// The board after the last turn, before final scoring (as `score --png`).
fn view_of(rules: &Ruleset, log: &GameLog) -> BoardView {
    let unfinished = GameLog {
        finished: false,
        ..log.clone()
    };
    replay(rules, &unfinished).expect("replays").board_view()
}

fn caption() -> Caption {
    Caption {
        title: "test".into(),
        players: vec![
            PlayerLine {
                name: "red".into(),
                score: 3,
            },
            PlayerLine {
                name: "blue".into(),
                score: 1,
            },
        ],
    }
}

fn picture(set: &TileSet, view: &BoardView, tile: u32) -> (BoardPicture, Pixmap) {
    let picture = board_png(set, view, &caption(), tile).expect("draws");
    let pixmap = decode_png(&picture.png).expect("decodes");
    (picture, pixmap)
}

/// Pixels of board square (x, y) within 24 of `colour` on every channel.
fn pixels_near(
    pixmap: &Pixmap,
    picture: &BoardPicture,
    (x, y): (i32, i32),
    colour: ColorU8,
) -> usize {
    let (left, top) = picture.grid.square(x, y).expect("the square is drawn");
    let t = picture.grid.tile_size;
    let mut n = 0;
    for py in top..top + t {
        for px in left..left + t {
            let Some(p) = pixmap.pixel(px, py) else {
                continue;
            };
            let p = p.demultiply();
            let close = |a: u8, b: u8| a.abs_diff(b) <= 24;
            if close(p.red(), colour.red())
                && close(p.green(), colour.green())
                && close(p.blue(), colour.blue())
            {
                n += 1;
            }
        }
    }
    n
}

fn open_square(view: &BoardView, x: i32, y: i32) -> bool {
    view.open
        .iter()
        .find(|o| (o.x, o.y) == (x, y))
        .map(|o| o.fillable)
        .unwrap_or_else(|| panic!("({x}, {y}) is not open"))
}

#[test]
fn a_square_no_tile_of_the_set_fits_is_dead_once_the_stack_is_empty() {
    let set = tiny();
    let log = read_log("dead-square.game.json");
    let rules = Ruleset::new(&set, None).expect("plays");
    let view = view_of(&rules, &log);
    assert_eq!(view.fill_basis, FillBasis::WholeSet);
    assert!(!open_square(&view, 1, 0), "roads N and S, cities E and W");
    let dead: Vec<_> = view.open.iter().filter(|o| !o.fillable).collect();
    assert_eq!(dead.len(), 1, "{dead:?}");
    assert!(open_square(&view, 0, -2), "a road fits under a road");
    let (picture, pixmap) = picture(&set, &view, 64);
    assert!(pixels_near(&pixmap, &picture, (1, 0), DEAD_CROSS) > 100);
    assert_eq!(pixels_near(&pixmap, &picture, (0, -2), DEAD_CROSS), 0);
    assert_eq!(pixels_near(&pixmap, &picture, (3, 0), DEAD_CROSS), 0);
}

#[test]
fn while_tiles_are_left_only_the_stack_counts() {
    let set = tiny();
    let log = read_log("stack.game.json");
    let rules = Ruleset::new(&set, None).expect("plays");
    let view = view_of(&rules, &log);
    assert_eq!(view.fill_basis, FillBasis::Stack { tiles: 2 });
    // A field and a city cap are left: nothing continues a road.
    for square in [(0, -2), (1, -2), (0, 2), (1, 2), (1, 0)] {
        assert!(!open_square(&view, square.0, square.1), "{square:?}");
    }
    assert!(open_square(&view, -1, 0), "the field fits beside a field");
    let (picture, pixmap) = picture(&set, &view, 48);
    assert!(pixels_near(&pixmap, &picture, (0, -2), DEAD_CROSS) > 40);
    assert_eq!(pixels_near(&pixmap, &picture, (-1, 0), DEAD_CROSS), 0);
}

#[test]
fn figures_stand_in_their_players_colours_before_final_scoring() {
    let set = tiny();
    let log = read_log("dead-square.game.json");
    let rules = Ruleset::new(&set, None).expect("plays");
    let view = view_of(&rules, &log);
    assert_eq!(view.figures.len(), 3, "{:?}", view.figures);
    let (picture, pixmap) = picture(&set, &view, 64);
    let (red, blue) = (PLAYER_COLOURS[0], PLAYER_COLOURS[1]);
    // Red's highwayman at (0, -1), blue's farmer at (1, -1), blue's knight at (2, 0).
    assert!(pixels_near(&pixmap, &picture, (0, -1), red) > 60);
    assert!(pixels_near(&pixmap, &picture, (1, -1), blue) > 60);
    assert!(pixels_near(&pixmap, &picture, (2, 0), blue) > 60);
    for empty in [(2, -1), (0, 1), (1, 1)] {
        assert_eq!(pixels_near(&pixmap, &picture, empty, red), 0, "{empty:?}");
        assert_eq!(pixels_near(&pixmap, &picture, empty, blue), 0, "{empty:?}");
    }
}

#[test]
fn the_picture_covers_the_tiles_and_the_open_squares_around_them() {
    let set = tiny();
    let rules = Ruleset::new(&set, None).expect("plays");
    let view = view_of(&rules, &read_log("dead-square.game.json"));
    let (picture, pixmap) = picture(&set, &view, 50);
    let g = picture.grid;
    // Tiles span x 0..=2 and y -1..=1; one open square more on every side.
    assert_eq!((g.min_x, g.min_y, g.cols, g.rows), (-1, -2, 5, 5));
    assert_eq!(g.tile_size, 50);
    assert_eq!(
        (pixmap.width(), pixmap.height()),
        (picture.width, picture.height)
    );
    assert!(picture.width >= g.left + 5 * 50 && picture.width < g.left + 5 * 50 + 400);
    assert!(picture.height > g.top + 5 * 50 + 40, "room for the legend");
    assert_eq!(g.square(-2, 0), None);
}

#[test]
fn the_same_board_gives_the_same_bytes_whatever_the_thread_count() {
    let set = compile(&common::shipped());
    let rules = Ruleset::new(&set, None).expect("plays");
    let (game, _) = RandomPlayer::new(3)
        .play_logged(&rules, &["red".to_string(), "blue".to_string()])
        .expect("plays");
    let view = game.board_view();
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        pool.install(|| board_png(&set, &view, &caption(), 32).expect("draws").png)
    };
    let one = run(1);
    assert_eq!(one, run(3), "1 thread and 3 threads differ");
    assert_eq!(one, run(1), "two runs differ");
}

#[test]
fn a_large_board_gets_smaller_tiles_and_a_huge_one_is_refused() {
    let set = tiny();
    let row = |n: i32| BoardView {
        players: 1,
        tiles: (0..n)
            .map(|x| TileView {
                tile: "tiny/B".into(),
                x,
                y: 0,
                rotation: 0,
            })
            .collect(),
        figures: Vec::new(),
        big_top: None,
        open: Vec::new(),
        fill_basis: FillBasis::WholeSet,
    };
    let picture = board_png(&set, &row(200), &Caption::default(), 96).expect("draws");
    assert!(picture.grid.tile_size < 96, "{:?}", picture.grid);
    assert!(picture.width <= MAX_SIDE, "{}", picture.width);
    let error = board_png(&set, &row(2000), &Caption::default(), 96).expect_err("too large");
    assert!(error.to_string().contains("2000 × 1 squares"), "{error}");
}

#[test]
fn a_tile_the_set_does_not_have_is_named() {
    let view = BoardView {
        players: 1,
        tiles: vec![TileView {
            tile: "tiny/Q".into(),
            x: 0,
            y: 0,
            rotation: 0,
        }],
        figures: Vec::new(),
        big_top: None,
        open: Vec::new(),
        fill_basis: FillBasis::WholeSet,
    };
    let error = board_png(&tiny(), &view, &Caption::default(), 32).expect_err("unknown tile");
    assert!(error.to_string().contains("tiny/Q"), "{error}");
}

/// Every open square is an empty square next to a tile, and it is fillable
/// exactly when some tile of the basis has a legal placement there.
fn check_open_squares(game: &Game<'_>, rules: &Ruleset) {
    let view = game.board_view();
    let kinds: Vec<KindId> = (0..rules.kind_count())
        .map(|k| KindId(u16::try_from(k).expect("few kinds")))
        .collect();
    let usable: Vec<KindId> = match view.fill_basis {
        FillBasis::Stack { tiles } => {
            let left: u32 = kinds.iter().map(|&k| game.remaining(k)).sum();
            assert_eq!(left, tiles);
            kinds
                .iter()
                .copied()
                .filter(|&k| game.remaining(k) > 0)
                .collect()
        }
        FillBasis::WholeSet => kinds.clone(),
    };
    let mut fits = std::collections::BTreeSet::new();
    for &k in &usable {
        fits.extend(game.legal_placements(k).iter().map(|p| (p.x, p.y)));
    }
    let mut expected_open = std::collections::BTreeSet::new();
    for t in &view.tiles {
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let (x, y) = (t.x + dx, t.y + dy);
            if game.tile_at(x, y).is_none() {
                expected_open.insert((y, x));
            }
        }
    }
    let open: Vec<(i32, i32)> = view.open.iter().map(|o| (o.y, o.x)).collect();
    assert_eq!(open, expected_open.into_iter().collect::<Vec<_>>());
    for o in &view.open {
        assert_eq!(o.fillable, fits.contains(&(o.x, o.y)), "({}, {})", o.x, o.y);
    }
}

#[test]
fn open_squares_agree_with_legal_placements_throughout_random_games() {
    let set = compile(&common::shipped());
    let rules = Ruleset::new(&set, None).expect("plays");
    let mut checked = 0;
    for seed in 0..3 {
        let mut moves = 0;
        let game = RandomPlayer::new(seed)
            .play_with(&rules, 3, None, |game| {
                moves += 1;
                if game.phase() == Phase::Tile && moves % 9 == 0 {
                    check_open_squares(game, &rules);
                    checked += 1;
                }
            })
            .expect("plays");
        // The finished game: the stack is empty, the whole set counts.
        assert_eq!(game.board_view().fill_basis, FillBasis::WholeSet);
        check_open_squares(&game, &rules);
    }
    assert!(checked > 30, "{checked}");
}

// Golden image, compared with a tolerance (anti-aliasing, float rounding).

const TOLERANCE: u8 = 16;
const OUTLIERS: usize = 24;

fn differing_pixels(expected: &Pixmap, actual: &Pixmap) -> usize {
    if (expected.width(), expected.height()) != (actual.width(), actual.height()) {
        return usize::MAX;
    }
    expected
        .pixels()
        .iter()
        .zip(actual.pixels())
        .filter(|(e, a)| {
            let (e, a) = (e.demultiply(), a.demultiply());
            e.red().abs_diff(a.red()) > TOLERANCE
                || e.green().abs_diff(a.green()) > TOLERANCE
                || e.blue().abs_diff(a.blue()) > TOLERANCE
        })
        .count()
}

#[test]
fn the_dead_square_board_matches_its_golden_image() {
    let set = tiny();
    let rules = Ruleset::new(&set, None).expect("plays");
    let view = view_of(&rules, &read_log("dead-square.game.json"));
    let (picture, actual) = picture(&set, &view, GOLDEN_TILE);
    let golden = root().join("tests/board/dead-square.png");
    if common::blessing() {
        std::fs::write(&golden, &picture.png).expect("write the golden");
        return;
    }
    let bytes = std::fs::read(&golden).expect("the golden exists (TILEFORGE_BLESS=1 writes it)");
    assert!(bytes.len() <= 30_000, "keep the golden small");
    let expected = decode_png(&bytes).expect("the golden decodes");
    let bad = differing_pixels(&expected, &actual);
    if bad > OUTLIERS {
        let out = scratch("board-golden").join("dead-square.actual.png");
        std::fs::write(&out, &picture.png).expect("write the actual image");
        panic!(
            "{bad} pixels differ from {}; actual: {}",
            golden.display(),
            out.display()
        );
    }
}

// The command line.

/// Compiles the tiny set into `dir/tileset.json`.
fn build_tiny(dir: &Path) -> PathBuf {
    let out = tileforge(&[
        "build",
        "tests/board/tiny.tiles",
        "-o",
        dir.to_str().expect("utf-8 path"),
        "--no-render",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    dir.join("tileset.json")
}

fn score_png(tileset: &Path, game: &str, png: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "score",
        game,
        "--tileset",
        tileset.to_str().expect("utf-8 path"),
        "--png",
        png.to_str().expect("utf-8 path"),
    ];
    args.extend_from_slice(extra);
    tileforge(&args)
}

#[test]
fn score_writes_the_board_picture_and_still_prints_json() {
    let dir = scratch("board-cli-ok");
    let tileset = build_tiny(&dir);
    let png = dir.join("board.png");
    let out = score_png(
        &tileset,
        "tests/board/dead-square.game.json",
        &png,
        &["--json", "--tile-size", "40"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("wrote"), "{}", stderr(&out));
    let report: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("stdout is the JSON report");
    assert_eq!(report["players"][0]["total"], 3);
    let first = std::fs::read(&png).expect("the picture exists");
    assert_eq!(first.get(..8), Some(&b"\x89PNG\r\n\x1a\n"[..]));
    let again = score_png(
        &tileset,
        "tests/board/dead-square.game.json",
        &png,
        &["--tile-size", "40"],
    );
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert_eq!(
        std::fs::read(&png).expect("rewritten"),
        first,
        "same log, same bytes"
    );
}

#[test]
fn a_log_that_does_not_replay_leaves_no_picture() {
    let dir = scratch("board-cli-illegal");
    let tileset = build_tiny(&dir);
    let log = dir.join("bad.game.json");
    let text = std::fs::read_to_string("tests/board/dead-square.game.json").expect("reads");
    std::fs::write(
        &log,
        text.replace("\"x\": 2, \"y\": 0", "\"x\": 5, \"y\": 5"),
    )
    .expect("write the bad log");
    let png = dir.join("board.png");
    let out = score_png(&tileset, log.to_str().expect("utf-8"), &png, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("turn 6"), "{}", stderr(&out));
    assert!(!png.exists());
}

#[test]
fn an_unwritable_picture_is_an_io_error_and_leaves_nothing_behind() {
    let dir = scratch("board-cli-io");
    let tileset = build_tiny(&dir);
    let png = dir.join("missing-dir").join("board.png");
    let out = score_png(&tileset, "tests/board/dead-square.game.json", &png, &[]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot write"), "{}", stderr(&out));
    let left: Vec<_> = std::fs::read_dir(&dir)
        .expect("lists")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(left, vec![std::ffi::OsString::from("tileset.json")]);
}

#[test]
fn a_tile_size_out_of_range_is_a_usage_error() {
    let dir = scratch("board-cli-size");
    let tileset = build_tiny(&dir);
    let png = dir.join("board.png");
    let out = score_png(
        &tileset,
        "tests/board/dead-square.game.json",
        &png,
        &["--tile-size", "8"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!png.exists());
}
