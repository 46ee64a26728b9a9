//! `tileforge render` and the images of `tileforge build`, through the binary.

mod common;

use std::path::Path;

use common::{scratch, stderr, tileforge};
use tileforge::render::decode_png;

/// Every file under `dir`, relative to it, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d)
            .expect("read dir")
            .filter_map(Result::ok)
        {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(rel) = path.strip_prefix(dir) {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

fn width_of(path: &Path) -> u32 {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    decode_png(&bytes).expect("a PNG").width()
}

#[test]
fn render_one_tile_turned_at_a_size() {
    let dir = scratch("render-cli-one");
    let out = tileforge(&[
        "render",
        "tilesets",
        "-o",
        dir.to_str().expect("utf-8"),
        "--tile",
        "D",
        "--size",
        "40",
        "--rotation",
        "90",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(files(&dir), ["base/D.png"]);
    assert_eq!(width_of(&dir.join("base/D.png")), 40);
    assert!(
        stderr(&out).contains("1 tile image, 0 sheets"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn render_every_tile_and_the_sheets() {
    let dir = scratch("render-cli-all");
    // The four core sets: rendering every expansion is timed, not tested.
    let out = tileforge(&[
        "render",
        "tilesets/base.tiles",
        "tilesets/crop-circles-2.tiles",
        "tilesets/the-flier.tiles",
        "tilesets/under-the-big-top.tiles",
        "-o",
        dir.to_str().expect("utf-8"),
        "--size",
        "24",
        "--sheet",
        "--sheet-size",
        "32",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = files(&dir);
    assert_eq!(written.len(), 54 + 4, "{written:?}");
    for sheet in ["base", "under-the-big-top", "the-flier", "crop-circles-2"] {
        assert!(
            written.contains(&format!("{sheet}.sheet.png")),
            "{written:?}"
        );
    }
    assert!(written.contains(&"the-flier/RFr.NS.o.png".to_string()));
    assert!(written.iter().all(|f| !f.contains(".tmp")), "{written:?}");
}

#[test]
fn an_unknown_tile_is_a_usage_error_with_a_suggestion() {
    let dir = scratch("render-cli-unknown");
    let out = tileforge(&[
        "render",
        "tilesets",
        "-o",
        dir.to_str().expect("utf-8"),
        "--tile",
        "base/DD",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no tile `base/DD` in the set; did you mean `base/D`?"),
        "{}",
        stderr(&out)
    );
    assert!(files(&dir).is_empty());
}

#[test]
fn an_unknown_bare_name_is_compared_with_names() {
    let dir = scratch("render-cli-unknown-name");
    let out = tileforge(&[
        "render",
        "examples/lakeside.tiles",
        "-o",
        dir.to_str().expect("utf-8"),
        "--tile",
        "canal-bnd",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no tile `canal-bnd` in the set; did you mean `canal-bend`?"),
        "{}",
        stderr(&out)
    );
    assert!(files(&dir).is_empty());
}

#[test]
fn a_rotation_is_a_quarter_turn() {
    let out = tileforge(&["render", "tilesets", "-o", "unused", "--rotation", "45"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("0, 90, 180 or 270"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_set_with_errors_is_not_rendered() {
    let dir = scratch("render-cli-errors");
    let out = tileforge(&[
        "render",
        "tests/ui/E0203-crossing-features.tiles",
        "-o",
        dir.to_str().expect("utf-8"),
        "--sheet",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(files(&dir).is_empty());
}

#[test]
fn build_writes_pngs_unless_told_not_to() {
    let dir = scratch("render-cli-build");
    let out = tileforge(&[
        "build",
        "tilesets/the-flier.tiles",
        "tilesets/base.tiles",
        "-o",
        dir.to_str().expect("utf-8"),
        "--timings",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = files(&dir);
    assert_eq!(written.len(), 1 + 24 + 8 + 2, "{written:?}");
    assert!(written.contains(&"png/base.sheet.png".to_string()));
    assert!(written.contains(&"png/the-flier/F.d.png".to_string()));
    assert_eq!(width_of(&dir.join("png/base/A.png")), 256);
    assert!(stderr(&out).contains("timings: render"), "{}", stderr(&out));

    let bare = scratch("render-cli-build-bare");
    let out = tileforge(&[
        "build",
        "tilesets/base.tiles",
        "-o",
        bare.to_str().expect("utf-8"),
        "--no-render",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(files(&bare), ["tileset.json"]);
}

#[test]
fn ids_that_differ_only_in_case_get_distinct_image_files() {
    let dir = scratch("render-case");
    let out = tileforge(&[
        "render",
        "tilesets/base.tiles",
        "tests/vocabulary/hard.tiles",
        "--tile",
        "hard/CCCC",
        "--tile",
        "hard/CCcc",
        "--size",
        "16",
        "-o",
        dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Both survive on a case-insensitive file system: the later one is suffixed.
    assert!(dir.join("hard/CCCC.png").is_file());
    assert!(dir.join("hard/CCcc~2.png").is_file());
}

#[test]
fn render_writes_webp_and_jpeg_of_the_same_picture() {
    use tileforge::render::{decode_as, Format};
    let dir = scratch("render-cli-formats");
    let run = |format: &str| {
        let out = tileforge(&[
            "render",
            "tilesets/base.tiles",
            "-o",
            dir.join(format).to_str().expect("utf-8"),
            "--tile",
            "base/S",
            "--size",
            "64",
            "--sheet-size",
            "32",
            "--format",
            format,
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    };
    for format in ["png", "webp", "jpeg"] {
        run(format);
    }
    assert_eq!(files(&dir.join("webp")), ["base/S.webp"]);
    assert_eq!(files(&dir.join("jpeg")), ["base/S.jpg"]);
    let read = |path: &str, format: Format| {
        let bytes = std::fs::read(dir.join(path)).expect("written");
        decode_as(&bytes, format).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let png = read("png/base/S.png", Format::Png);
    let webp = read("webp/base/S.webp", Format::Webp);
    let jpeg = read("jpeg/base/S.jpg", Format::Jpeg);
    // WebP is lossless: the same pixels as the PNG.
    assert_eq!(webp.data(), png.data());
    // JPEG is lossy: the same picture, near enough on average.
    assert_eq!((jpeg.width(), jpeg.height()), (64, 64));
    let error: u64 = jpeg
        .data()
        .iter()
        .zip(png.data())
        .map(|(a, b)| u64::from(a.abs_diff(*b)))
        .sum();
    let mean = error as f64 / png.data().len() as f64;
    assert!(mean < 4.0, "mean channel difference {mean}");
    // The sheet takes the format too.
    let sheet = tileforge(&[
        "render",
        "tilesets/base.tiles",
        "-o",
        dir.join("sheet").to_str().expect("utf-8"),
        "--size",
        "16",
        "--sheet",
        "--sheet-size",
        "16",
        "--format",
        "webp",
    ]);
    assert_eq!(sheet.status.code(), Some(0), "{}", stderr(&sheet));
    assert!(dir.join("sheet/base.sheet.webp").is_file());
    assert!(dir.join("sheet/base/A.webp").is_file());
}

#[test]
fn an_unknown_image_format_is_a_usage_error() {
    let dir = scratch("render-cli-bad-format");
    let out = tileforge(&[
        "render",
        "tilesets/base.tiles",
        "-o",
        dir.to_str().expect("utf-8"),
        "--format",
        "gif",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("png"), "{}", stderr(&out));
}
