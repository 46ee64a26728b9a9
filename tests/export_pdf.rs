//! `export pdf`: the page plan places every copy of every tile once, the PDF
//! has the planned pages at the paper's size with one picture per tile kind
//! placed once per copy, and the command fails cleanly.

mod common;

use std::path::Path;

use common::{compile_files, scratch, shipped, stderr, tileforge};
use tileforge::emit;
use tileforge::export::pdf::{self, layout, Options, Page, Paper};

fn set() -> emit::wire::TileSet {
    let (_, compiled) = compile_files(&shipped());
    emit::tileset(&compiled.checked.expect("the shipped sets compile"))
}

fn count(haystack: &[u8], needle: &str) -> usize {
    haystack
        .windows(needle.len())
        .filter(|w| *w == needle.as_bytes())
        .count()
}

#[test]
fn every_copy_of_every_tile_is_placed_once() {
    let set = set();
    for paper in [Paper::A4, Paper::Letter] {
        // Small pictures keep the test quick; the plan is checked at 45 mm below.
        let options = Options {
            paper,
            dpi: 72,
            tile_mm: 20.0,
            backs: true,
            ..Options::default()
        };
        let document = pdf::pdf(&set, &options).expect("exports");
        let mut placed = vec![0u32; set.tiles.len()];
        let (mut fronts, mut backs, mut covers) = (0, 0, 0);
        for page in &document.pages {
            match page {
                Page::Fronts { cells, .. } => {
                    fronts += 1;
                    for &(tile, _, _) in cells {
                        placed[tile] += 1;
                    }
                }
                Page::Backs { .. } => backs += 1,
                Page::Cover { .. } => covers += 1,
            }
        }
        let counts: Vec<u32> = set.tiles.iter().map(|t| t.count).collect();
        assert_eq!(placed, counts, "{paper:?}");
        assert_eq!(fronts, backs, "a page of backs behind every page of fronts");
        assert_eq!(covers, set.expansions.len());
        // At the real size, 72 tiles of the base game: 24 a page on A4 (4 x 6),
        // 20 on Letter (4 x 5).
        let real = Options {
            paper,
            ..Options::default()
        };
        let grid = layout::Grid::new(paper, 45.0).expect("fits");
        let per_page = if paper == Paper::A4 { 24 } else { 20 };
        let base_fronts = layout::plan(&set, &real, &grid)
            .iter()
            .filter(|p| matches!(p, Page::Fronts { expansion: 0, .. }))
            .count();
        assert_eq!(base_fronts, 72usize.div_ceil(per_page));

        let bytes = &document.bytes;
        assert!(bytes.starts_with(b"%PDF-"));
        assert_eq!(
            count(bytes, "/Type /Page\n") + count(bytes, "/Type /Page "),
            document.pages.len()
        );
        let media = if paper == Paper::A4 {
            "/MediaBox [0 0 595.2756 841.8898]"
        } else {
            "/MediaBox [0 0 612 792]"
        };
        assert_eq!(count(bytes, media), document.pages.len(), "{paper:?}");
        assert_eq!(count(bytes, "/Subtype /Image"), set.tiles.len());
        // Each copy on a fronts page and each kind on a cover is one `Do`.
        let draws = set.tiles.len() + counts.iter().map(|&c| c as usize).sum::<usize>();
        assert_eq!(count(bytes, " Do\nQ"), draws);
    }
}

#[test]
fn a_chosen_expansion_alone_and_bad_options_are_refused() {
    let set = set();
    let options = Options {
        dpi: 72,
        tile_mm: 20.0,
        expansions: Some(vec!["the-flier".to_string()]),
        ..Options::default()
    };
    let document = pdf::pdf(&set, &options).expect("exports");
    assert!(document
        .pages
        .iter()
        .all(|p| !matches!(p, Page::Fronts { expansion, .. } if set.expansions[*expansion].id != "the-flier")));
    let quick = Options {
        dpi: 72,
        ..Options::default()
    };
    let tiny = Options {
        tile_mm: 5.0,
        ..quick.clone()
    };
    let huge = Options {
        tile_mm: 190.0,
        ..quick.clone()
    };
    let blurry = Options {
        dpi: 10,
        ..quick.clone()
    };
    let unknown = Options {
        expansions: Some(vec!["nope".into()]),
        ..quick.clone()
    };
    for bad in [tiny, huge, blurry, unknown] {
        assert!(pdf::pdf(&set, &bad).is_err(), "{bad:?}");
    }
}

#[test]
fn the_command_writes_the_file_or_fails_with_one_line() {
    let dir = scratch("export-pdf");
    let out = dir.join("fair.pdf");
    let run = tileforge(&[
        "export",
        "pdf",
        "tilesets/base.tiles",
        "examples/fairground.tiles",
        "--dpi",
        "72",
        "--size",
        "25",
        "--paper",
        "letter",
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert!(std::fs::read(&out).expect("written").starts_with(b"%PDF-"));
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(Result::ok)
        .filter(|e| e.file_name() != "fair.pdf")
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");

    let missing = tileforge(&["export", "pdf", "tilesets", "-o", "no/such/dir/x.pdf"]);
    assert_eq!(missing.status.code(), Some(2));
    let text = stderr(&missing);
    assert_eq!(
        text.lines().filter(|l| l.starts_with("error")).count(),
        1,
        "{text}"
    );

    let unknown = tileforge(&[
        "export",
        "pdf",
        "tilesets",
        "--expansions",
        "nope",
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("unknown expansion `nope`"));

    let broken = tileforge(&[
        "export",
        "pdf",
        "tests/ui/E0201-side-taken.tiles",
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(broken.status.code(), Some(1));
    assert!(Path::new(&out).exists(), "the earlier file is untouched");
}
