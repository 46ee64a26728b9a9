//! `tileforge import jcz` on small files of our own in JCloisterZone's format
//! (`tests/import/good/`, covering every element and attribute the importer
//! reads): the drafts match reviewed goldens and compile; hostile or broken
//! files (`tests/import/bad/`, and files made here) fail with exit 1, a message
//! naming the file and element, and nothing written. The sets curated from
//! JCZ's own files (`tilesets/`) are tested in `tests/expansions.rs`.

mod common;

use std::path::{Path, PathBuf};

use common::{check_golden, compile_files, scratch, stderr, tileforge, tiles_in};
use tileforge::diag::{render_all, Code};
use tileforge::import::{jcz, Input};

fn good_inputs() -> Vec<Input> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("tests/import/good")
        .expect("tests/import/good")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "xml"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| Input {
            name: p.file_name().expect("name").to_string_lossy().into_owned(),
            text: std::fs::read_to_string(p).expect("readable"),
        })
        .collect()
}

#[test]
fn the_drafts_match_their_goldens() {
    let imported = jcz(&good_inputs()).expect("the fixtures import");
    let dir = Path::new("tests/import/expected");
    let mut failures = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for (stem, text) in &imported.files {
        let name = format!("{stem}.tiles");
        if let Some(diff) = check_golden(&dir.join(&name), text) {
            failures.push(diff);
        }
        names.push(name);
    }
    names.sort();
    let mut goldens: Vec<String> = tiles_in(dir)
        .iter()
        .map(|p| p.file_name().expect("name").to_string_lossy().into_owned())
        .collect();
    goldens.sort();
    assert_eq!(names, goldens, "one golden per imported expansion");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_drafts_compile_with_capability_warnings_only() {
    let (sources, compiled) = compile_files(&tiles_in(Path::new("tests/import/expected")));
    let unexpected: Vec<_> = compiled
        .diagnostics
        .iter()
        .filter(|d| d.is_error() || d.code != Code::MissingCapability)
        .cloned()
        .collect();
    assert!(
        unexpected.is_empty(),
        "{}",
        render_all(&sources, &unexpected, false)
    );
    let checked = compiled.checked.expect("checked");
    assert_eq!(
        checked.ir().tiles.len(),
        48,
        "every fixture tile is written"
    );
}

#[test]
fn fields_come_from_the_search_and_differences_are_reported() {
    let imported = jcz(&good_inputs()).expect("the fixtures import");
    assert_eq!(imported.tiles, 48);
    // Two crossing cities make four corner fields where the XML lists two (as
    // JCZ's King & Robber tile does); the quarter of the Count has no field in
    // JCZ. Every other tile's derived fields and contacts equal its XML's.
    let differing: Vec<&str> = imported
        .differences
        .iter()
        .map(|d| d.jcz_id.as_str())
        .collect();
    assert_eq!(differing, ["MO/crossed", "MO/quarter"]);
    assert_eq!(imported.exact, 46);
    let motley = &imported
        .files
        .iter()
        .find(|(id, _)| id == "motley")
        .expect("motley")
        .1;
    // Readings the search had to find: a dead end at a city, one alone, a
    // wall into a corner, a centre spot touching a city, a bridge, a tunnel,
    // a road brushing a city, a wall down to a side's middle.
    for line in [
        "road S E touching N",
        "city N reaching S no-castle",
        "road S -> N",
        "road N -> alone",
        "city N reaching SE no-castle",
        "circus touching N",
        "road N S under tunnel",
        "city N S over",
    ] {
        assert!(motley.contains(line), "motley.tiles lacks `{line}`");
    }
    let river2 = &imported
        .files
        .iter()
        .find(|(id, _)| id == "river-2")
        .expect("river-2")
        .1;
    assert!(river2.contains("river W -> E"), "a river ending at a city");
}

/// Runs `import jcz` on one bad file: exit 1, the message names the file
/// and says `what`, and the output directory is not created.
fn rejects(path: &Path, what: &str) {
    let dir = scratch(&format!(
        "import-bad-{}",
        path.file_stem().expect("stem").to_string_lossy()
    ));
    let out_dir = dir.join("out");
    let out = tileforge(&[
        "import",
        "jcz",
        path.to_str().expect("utf-8 path"),
        "-o",
        out_dir.to_str().expect("utf-8 path"),
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{}: {err}", path.display());
    assert!(
        err.contains(&path.display().to_string()) && err.contains(what),
        "{}: expected the file and `{what}` in: {err}",
        path.display()
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        !out_dir.exists(),
        "nothing is written for {}",
        path.display()
    );
    let left: Vec<_> = std::fs::read_dir(&dir).expect("scratch").collect();
    assert!(
        left.is_empty(),
        "leftovers for {}: {left:?}",
        path.display()
    );
}

#[test]
fn broken_and_hostile_files_are_refused_with_exit_1() {
    let cases = [
        ("truncated.xml", "never closed"),
        (
            "unknown-element.xml",
            ":6: unknown element <moat> in <tile>",
        ),
        (
            "unknown-attribute.xml",
            ":5: <road> has an unknown attribute `colour`",
        ),
        ("entities.xml", ":2: <!DOCTYPE> is refused"),
        ("external-entity.xml", ":2: <!DOCTYPE> is refused"),
        ("path-id.xml", "\"../../escape\" is not a tile id"),
        (
            "set-path.xml",
            "<tile-set> id \"../../escape\" cannot name an expansion",
        ),
        ("bad-side.xml", "<city> names \"NE\""),
        (
            "missing-ref.xml",
            "counts tile \"X/b\", which no file defines",
        ),
        ("bad-count.xml", "<ref> has count=\"-3\""),
        ("wrong-root.xml", "the root element is <html>"),
    ];
    for (file, what) in cases {
        rejects(&Path::new("tests/import/bad").join(file), what);
    }
}

#[test]
fn a_huge_file_is_refused_before_it_is_read() {
    let dir = scratch("import-huge");
    let path = dir.join("huge.xml");
    let mut text = String::from("<defs><tiles>");
    let tile = "<tile id=\"H/a\"><city>N</city></tile>";
    while text.len() < 100 << 20 {
        text.push_str(tile);
    }
    text.push_str("</tiles></defs>");
    std::fs::write(&path, &text).expect("written");
    drop(text);
    let out_dir = dir.join("out");
    let out = tileforge(&[
        "import",
        "jcz",
        path.to_str().expect("utf-8"),
        "-o",
        out_dir.to_str().expect("utf-8"),
    ]);
    let err = stderr(&out);
    std::fs::remove_file(&path).expect("removed");
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("huge.xml") && err.contains("bytes"), "{err}");
    assert!(!out_dir.exists());
}

#[test]
fn text_that_is_not_utf8_is_refused() {
    let dir = scratch("import-latin1");
    let path = dir.join("latin1.xml");
    std::fs::write(&path, b"<defs><tiles><tile id=\"X/\xe9\"/></tiles></defs>").expect("written");
    let out = tileforge(&[
        "import",
        "jcz",
        path.to_str().expect("utf-8"),
        "-o",
        dir.join("out").to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("not UTF-8"), "{}", stderr(&out));
}

#[test]
fn import_writes_drafts_beside_other_files_and_strict_fails_on_differences() {
    let dir = scratch("import-good");
    std::fs::write(dir.join("keep.txt"), "mine").expect("written");
    let out = tileforge(&[
        "import",
        "jcz",
        "tests/import/good",
        "-o",
        dir.to_str().expect("utf-8"),
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("motley/quarter (MO/quarter)"), "{err}");
    assert!(
        err.contains("48 tile kinds, 46 with JCZ's fields exactly"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("keep.txt")).expect("kept"),
        "mine"
    );
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.contains(&"motley.tiles".to_string()), "{names:?}");
    assert!(
        names
            .iter()
            .all(|n| n.ends_with(".tiles") || n == "keep.txt"),
        "no temporary leftovers: {names:?}"
    );
    let strict = tileforge(&[
        "import",
        "jcz",
        "tests/import/good",
        "-o",
        dir.join("again").to_str().expect("utf-8"),
        "--strict",
        "--quiet",
    ]);
    assert_eq!(strict.status.code(), Some(1));
    assert!(
        !stderr(&strict).contains("warning:"),
        "--quiet prints the summary only"
    );
}

#[test]
fn help_explains_the_importer() {
    let out = tileforge(&["import", "jcz", "--help"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    for part in [
        "Fields are never copied",
        "--strict",
        "edition-2",
        "-o, --output",
    ] {
        assert!(text.contains(part), "help lacks `{part}`:\n{text}");
    }
}

/// A one-tile expansion whose `<tile>` carries `attrs` and whose city carries
/// `city_attrs`.
fn one_tile(attrs: &str, city_attrs: &str) -> String {
    format!(
        "<defs><tiles><tile id=\"HO/a\" {attrs}><city {city_attrs}>N</city>\
         <field city=\"N\">EL ER SL SR WL WR</field></tile></tiles>\
         <sets><tile-set id=\"hostile:1\"><ref count=\"1\" tile=\"HO/a\"/></tile-set></sets></defs>"
    )
}

#[test]
fn attribute_text_cannot_put_statements_into_a_draft() {
    let dir = scratch("import-inject");
    let xml = dir.join("in.xml");
    let out_dir = dir.join("out");
    let run = |text: &str| {
        std::fs::write(&xml, text).expect("written");
        tileforge(&[
            "import",
            "jcz",
            xml.to_str().expect("utf-8"),
            "-o",
            out_dir.to_str().expect("utf-8"),
        ])
    };
    // A `max` must be a count: text, or three million digits, is refused.
    for max in [
        "1&#10;rules { city.score 99 }".to_string(),
        "9".repeat(3_000_000 / 2),
    ] {
        let out = run(&one_tile(&format!("max=\"{max}\""), ""));
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("expected a count"),
            "{}",
            stderr(&out)
        );
        assert!(stderr(&out).len() < 1000, "the value is not copied whole");
    }
    // A city's `multi-edge` must be a side: text with statements is refused.
    let out = run(&one_tile(
        "max=\"2\"",
        "multi-edge=\"E&#10;rules { city.score 99 }&#13;&#10;tile evil { road N S }\"",
    ));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("expected a side"), "{}", stderr(&out));
    // A `max` becomes a comment that holds nothing but the count.
    let out = run(&one_tile("max=\"2\"", ""));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let draft = std::fs::read_to_string(out_dir.join("hostile.tiles")).expect("the draft");
    assert!(draft.contains("at most 2 in play"), "{draft}");
}

#[test]
fn two_tile_sets_that_name_one_draft_are_refused() {
    let dir = scratch("import-collide");
    let xml = dir.join("in.xml");
    std::fs::write(
        &xml,
        "<defs><tiles><tile id=\"FO/a\"><city>N</city><field city=\"N\">EL ER SL SR WL WR</field></tile>\
         <tile id=\"FO/b\"><road>N S</road><field>NL SR</field><field>NR SL</field></tile></tiles>\
         <sets><tile-set id=\"foo:1\"><ref count=\"1\" tile=\"FO/a\"/></tile-set>\
         <tile-set id=\"foo:2\"><ref count=\"2\" tile=\"FO/a\"/></tile-set>\
         <tile-set id=\"foo-edition-2:1\"><ref count=\"1\" tile=\"FO/b\"/></tile-set></sets></defs>",
    )
    .expect("written");
    let out_dir = dir.join("out");
    let out = tileforge(&[
        "import",
        "jcz",
        xml.to_str().expect("utf-8"),
        "-o",
        out_dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("both become expansion `foo-edition-2`"),
        "{}",
        stderr(&out)
    );
    assert!(!out_dir.exists());
    // An edition counting more copies than the first is no panic.
    let text = std::fs::read_to_string(&xml).expect("reads");
    let cut = text
        .find("<tile-set id=\"foo-edition-2:1\">")
        .expect("there");
    let end = text[cut..].find("</tile-set>").expect("closed") + cut + "</tile-set>".len();
    std::fs::write(&xml, format!("{}{}", &text[..cut], &text[end..])).expect("written");
    let out = tileforge(&[
        "import",
        "jcz",
        xml.to_str().expect("utf-8"),
        "-o",
        out_dir.to_str().expect("utf-8"),
    ]);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}
