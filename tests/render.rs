//! Golden images: tiles that cover every shape, look and hard case of the
//! language — the shipped sets, the fan example `examples/lakeside.tiles` and
//! the renderer's test tiles `tests/render/vocabulary.tiles` — drawn at 96 px
//! and compared with the PNGs under `tests/render/` with a small per-pixel
//! tolerance. On a mismatch the expected, actual and diff images are written
//! to `target/render-diff/`. `TILEFORGE_BLESS=1 cargo test --test render`
//! rewrites the goldens.

use std::path::{Path, PathBuf};

use tileforge::compile::compile_str;
use tileforge::emit::wire::{End, TileSet};
use tileforge::render::{self, decode_png, Request};

use tiny_skia::Pixmap;

const SIZE: u32 = 96;
/// A channel may differ by this much (anti-aliasing, float rounding).
const TOLERANCE: u8 = 16;
/// Pixels allowed beyond the tolerance, per image.
const OUTLIERS: usize = 8;

/// (tile id, quarter turns): every kind, look and hard case.
const GOLDEN: &[(&str, u8)] = &[
    ("base/A", 0),                    // cloister, a dead end into it
    ("base/C", 0),                    // city on four sides, pennant
    ("base/D", 0),                    // cap and a straight road
    ("base/F", 0),                    // through-city, pennant
    ("base/I", 0),                    // two caps on adjacent sides
    ("base/L", 0),                    // three dead ends at a village, a cap
    ("base/N", 0),                    // corner city
    ("base/P", 1),                    // corner city and a curve, turned
    ("base/S", 0),                    // three-sided city, a road into its gate
    ("base/X", 0),                    // crossroads
    ("under-the-big-top/crrc.bt", 0), // circus against a corner city
    ("under-the-big-top/ccrf.bt", 0), // circus touching two caps
    ("under-the-big-top/cfcf.bt", 0), // circus between opposite caps
    ("under-the-big-top/rrrf.ac", 0), // acrobats, three dead ends
    ("the-flier/Rr.d", 0),            // flier beside a curve
    ("crop-circles-2/RRr", 0),        // crop circle (club) touching a road
    ("crop-circles-2/CFC", 0),        // crop circle (shield) between caps
    ("crop-circles-2/CFR", 0),        // crop circle (fork), one field
    ("crop-circles-2/CcCc", 0),       // two corner cities sharing one wall
    ("base/A", 1),                    // turned: the cloister stays upright
    ("vocab/spring", 0),              // river from its spring
    ("vocab/lake", 0),                // river into its lake
    ("vocab/river-bend", 0),          // river and road bending side by side
    ("vocab/bridge", 0),              // road over the river on a bridge
    ("vocab/tunnel", 1),              // road under a road, turned
    ("vocab/four-cities", 0),         // a field inside, touching four caps
    ("vocab/courtyard", 0),           // a field enclosed by one city
    ("vocab/cap-courtyard", 1),       // a courtyard in a cap, turned
    ("vocab/band-and-cap", 0),        // CCc: a field between band and cap
    ("vocab/crossing-cities", 0),     // a city over another, corner fields
    ("vocab/reaching", 0),            // a cap reaching into a corner
    ("vocab/garden-cloister", 0),     // two spots, a centre one and one aside
    ("vocab/wells", 0),               // a junction of three roads, a garden
    ("vocab/inn-cathedral", 0),       // inn by the road, cathedral, pennant
    ("vocab/goods", 0),               // wine, grain, cloth
    ("vocab/volcano", 0),             // volcano at a dead end
    ("vocab/dragon", 2),              // princess and dragon, turned
    ("vocab/tower-portal", 0),        // tower foundation and portal
    ("vocab/village-west", 0),        // a lone dead end's village in its field
    ("vocab/brushing", 0),            // a road bent along the city it touches
    ("vocab/reaching-side", 0),       // a wall down to a side's middle
    ("vocab/river-into-city", 0),     // a river ending at a city gate
    ("vocab/plain-defaults", 0),      // a kind and attribute with no style
    ("vocab/plain-arrow", 1),         // a plain spot's arrow and variant, turned
    ("vocab/under-label", 0),         // a lower road's badge out from under the city
    ("vocab/well", 0),                // a well where three roads meet
    ("vocab/maze", 0),                // the labyrinth where four roads meet
    ("vocab/tunnels", 1),             // tunnels across two roads, turned
    ("vocab/vineyard-band", 0),       // a vineyard stretched between two cities
    ("vocab/hill-gem", 0),            // a hill and a magic gem
    ("vocab/pigs", 0),                // a pig herd in a field
    ("vocab/quarter", 0),             // the Count's quarter inside its walls
    ("vocab/wall-gate", 0),           // a quarter's wall, a road out of its gate
    ("vocab/bazaar", 0),              // a bazaar below a city
    ("vocab/no-castle", 0),           // a cap no castle may be built on
    ("vocab/wind-rose", 1),           // a wind rose's arrow, turned
    ("vocab/compass-rose", 0),        // a compass rose by a curve
    ("vocab/yaga-hut", 0),            // Baba Yaga's hut
    ("vocab/vodyanoy", 0),            // the Vodyanoy's pond and a pig herd
    ("vocab/razboynik", 0),           // Solovei Razboynik's tree by a road
    ("lakeside/pond-gate", 0),        // a fan's spot and attribute
    ("lakeside/canal-bend", 0),       // a fan's path beside a road
    ("lakeside/canal-pond", 0),       // a fan's path into a fan's spot
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn shipped() -> tileforge::check::Checked {
    let text = ["base", "under-the-big-top", "the-flier", "crop-circles-2"]
        .map(|name| {
            let path = root().join("tilesets").join(format!("{name}.tiles"));
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        })
        .join("\n");
    match compile_str(&text) {
        Ok(checked) => checked,
        Err(diagnostics) => panic!("{diagnostics}"),
    }
}

/// The shipped sets with the fan example and the renderer's test tiles.
fn everything() -> TileSet {
    let mut text: Vec<String> = ["base", "under-the-big-top", "the-flier", "crop-circles-2"]
        .iter()
        .map(|name| root().join("tilesets").join(format!("{name}.tiles")))
        .chain([
            root().join("examples/lakeside.tiles"),
            root().join("tests/render/vocabulary.tiles"),
        ])
        .map(|path| {
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        })
        .collect();
    text.push(String::new());
    match compile_str(&text.join("\n")) {
        Ok(checked) => tileforge::emit::tileset(&checked),
        Err(diagnostics) => panic!("{diagnostics}"),
    }
}

fn golden_name(id: &str, turns: u8) -> String {
    let base = id.replace('/', "-");
    if turns == 0 {
        format!("{base}.png")
    } else {
        format!("{base}.r{turns}.png")
    }
}

/// Pixels whose largest channel difference exceeds the tolerance, and a diff
/// image (differences red over a faded copy of the actual image).
fn compare(expected: &Pixmap, actual: &Pixmap) -> (usize, Option<Pixmap>) {
    if expected.width() != actual.width() || expected.height() != actual.height() {
        return (usize::MAX, None);
    }
    let mut diff = actual.clone();
    let mut bad = 0;
    for ((e, a), d) in expected
        .pixels()
        .iter()
        .zip(actual.pixels())
        .zip(diff.pixels_mut())
    {
        let (e, a) = (e.demultiply(), a.demultiply());
        let delta = [
            e.red().abs_diff(a.red()),
            e.green().abs_diff(a.green()),
            e.blue().abs_diff(a.blue()),
        ]
        .into_iter()
        .max()
        .unwrap_or(0);
        let fade = |c: u8| 160 + c / 3;
        *d = if delta > TOLERANCE {
            bad += 1;
            tiny_skia::ColorU8::from_rgba(255, 0, 0, 255).premultiply()
        } else {
            tiny_skia::ColorU8::from_rgba(fade(a.red()), fade(a.green()), fade(a.blue()), 255)
                .premultiply()
        };
    }
    (bad, Some(diff))
}

fn diff_dir() -> PathBuf {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().unwrap_or(&tmp).join("render-diff")
}

fn save(dir: &Path, name: &str, pixmap: &Pixmap) {
    std::fs::create_dir_all(dir).expect("create target/render-diff");
    let png = render::encode_png(pixmap).expect("encodes");
    std::fs::write(dir.join(name), png).expect("write a diff image");
}

#[test]
fn golden_tiles_match() {
    let set = everything();
    let bless = std::env::var_os("TILEFORGE_BLESS").is_some_and(|v| v != "0");
    let mut failures = Vec::new();
    for &(id, turns) in GOLDEN {
        let tile = set
            .tiles
            .iter()
            .find(|t| t.id == id)
            .unwrap_or_else(|| panic!("no tile {id}"));
        let png = render::tile_png(tile, &set.vocabulary, turns, SIZE).expect("renders");
        let name = golden_name(id, turns);
        let path = root().join("tests/render").join(&name);
        if bless {
            std::fs::write(&path, &png).expect("write golden");
            continue;
        }
        let actual = decode_png(&png).expect("decodes");
        let stem = name.trim_end_matches(".png");
        let Ok(bytes) = std::fs::read(&path) else {
            save(&diff_dir(), &format!("{stem}.actual.png"), &actual);
            failures.push(format!("{name}: no golden (TILEFORGE_BLESS=1 writes it)"));
            continue;
        };
        let expected = decode_png(&bytes).expect("golden decodes");
        let (bad, diff) = compare(&expected, &actual);
        if bad > OUTLIERS {
            let dir = diff_dir();
            save(&dir, &format!("{stem}.expected.png"), &expected);
            save(&dir, &format!("{stem}.actual.png"), &actual);
            if let Some(diff) = diff {
                save(&dir, &format!("{stem}.diff.png"), &diff);
            }
            failures.push(format!(
                "{name}: {bad} pixels differ (see {})",
                dir.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "golden mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_comparison_notices_a_different_tile() {
    let set = tileforge::emit::tileset(&shipped());
    let draw = |id: &str| {
        let tile = set.tiles.iter().find(|t| t.id == id).expect("tile");
        render::tile_pixmap(tile, &set.vocabulary, 0, SIZE).expect("renders")
    };
    let (same, _) = compare(&draw("base/U"), &draw("base/U"));
    assert_eq!(same, 0);
    let (with_flier, _) = compare(&draw("base/U"), &draw("the-flier/RFr.WE.o"));
    assert!(with_flier > OUTLIERS, "{with_flier}");
    let (bad, _) = compare(&draw("base/H"), &draw("base/F"));
    assert!(bad > OUTLIERS, "{bad}");
}

#[test]
fn rendering_is_deterministic_whatever_the_thread_count() {
    let checked = shipped();
    let request = Request {
        size: 64,
        sheet_size: 48,
        ..Request::default()
    };
    let run = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        pool.install(|| render::render(&checked, &request).expect("renders"))
    };
    let one = run(1);
    assert_eq!(one.len(), 54 + 4);
    assert_eq!(one, run(3), "1 thread and 3 threads differ");
    assert_eq!(one, run(1), "two runs differ");
}

#[test]
fn a_tile_that_cannot_be_drawn_is_named_and_nothing_is_returned() {
    let mut set: TileSet = tileforge::emit::tileset(&shipped());
    let broken = set
        .tiles
        .iter_mut()
        .find(|t| t.id == "base/L")
        .expect("base/L");
    for f in &mut broken.features {
        if f.kind == "road" {
            f.ends = vec![End::Feature { feature: 99 }];
        }
    }
    let errors = render::render_set(
        &set,
        &Request {
            size: 32,
            sheet_size: 32,
            ..Request::default()
        },
    )
    .expect_err("base/L cannot be drawn");
    assert!(
        errors.iter().all(|e| e.item.contains("base/L")),
        "{errors:?}"
    );
    assert!(errors[0].to_string().contains("#99"), "{}", errors[0]);
}

#[test]
fn sizes_out_of_range_are_refused() {
    let set = tileforge::emit::tileset(&shipped());
    let tile = &set.tiles[0];
    assert!(render::tile_png(tile, &set.vocabulary, 0, 0).is_err());
    assert!(render::tile_png(tile, &set.vocabulary, 0, 100_000).is_err());
    assert!(render::sheet_png(&set, "base", 5000).is_err());
    let png = render::tile_png(tile, &set.vocabulary, 3, 16).expect("16 px is allowed");
    assert_eq!(decode_png(&png).expect("decodes").width(), 16);
}
