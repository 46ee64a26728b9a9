//! Nothing half-written, nothing destroyed: outputs that are not regular
//! files are written through, `build` is all-or-nothing and an interrupted
//! run leaves no temporary file, ids always make writable file names, huge
//! sets give bounded contact sheets.

mod common;

use std::io::Read;
use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{scratch, stderr, tileforge};

fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .expect("lists")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp"))
        .collect()
}

#[test]
fn a_fifo_as_output_is_written_through_not_replaced() {
    let dir = scratch("output-fifo");
    let fifo = dir.join("log.fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo")
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            std::fs::File::open(&fifo)
                .and_then(|mut f| f.read_to_string(&mut text))
                .expect("reads the fifo");
            text
        })
    };
    let out = tileforge(&[
        "play",
        "tilesets/base.tiles",
        "--seed",
        "3",
        "-o",
        fifo.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let meta = std::fs::symlink_metadata(&fifo).expect("still there");
    assert!(meta.file_type().is_fifo(), "the FIFO was replaced");
    let log = reader.join().expect("reader");
    assert!(log.contains("\"format\": \"tileforge.game\""), "{log}");
    assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
}

#[test]
fn dev_null_stays_a_device() {
    let out = tileforge(&["play", "tilesets/base.tiles", "-o", "/dev/null"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let meta = std::fs::metadata("/dev/null").expect("exists");
    assert!(meta.file_type().is_char_device());
}

#[test]
fn a_symlinked_output_keeps_its_link() {
    let dir = scratch("output-symlink");
    let target = dir.join("real.json");
    std::fs::write(&target, "old").expect("writes");
    let link = dir.join("link.json");
    std::os::unix::fs::symlink(&target, &link).expect("links");
    let out = tileforge(&[
        "play",
        "tilesets/base.tiles",
        "-o",
        link.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::symlink_metadata(&link)
        .expect("link")
        .file_type()
        .is_symlink());
    let text = std::fs::read_to_string(&target).expect("reads");
    assert!(text.contains("tileforge.game"));
}

#[test]
fn build_is_all_or_nothing() {
    let dir = scratch("build-all-or-nothing");
    let out_dir = dir.join("out");
    std::fs::create_dir(&out_dir).expect("creates");
    // A file where the png directory goes: the build must fail before
    // anything reaches the output directory.
    std::fs::write(out_dir.join("png"), "in the way").expect("writes");
    let out = tileforge(&[
        "build",
        "tilesets/base.tiles",
        "-o",
        out_dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("in the way"), "{}", stderr(&out));
    assert!(!out_dir.join("tileset.json").exists());
    assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
    // Without the obstacle it builds, and a second build replaces the first.
    std::fs::remove_file(out_dir.join("png")).expect("removes");
    for _ in 0..2 {
        let out = tileforge(&[
            "build",
            "tilesets/base.tiles",
            "-o",
            out_dir.to_str().expect("utf-8"),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    assert!(out_dir.join("png/base/D.png").exists());
    assert!(out_dir.join("png/base.sheet.png").exists());
    assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
    assert!(leftovers(&out_dir).is_empty(), "{:?}", leftovers(&out_dir));
}

/// A set of `n` distinct tile kinds (roads and cities in many combinations).
fn many_kinds(n: usize) -> String {
    let mut text = String::from("expansion many \"Many\" {}\n");
    for i in 0..n {
        let pennants = i / 4;
        text.push_str(&format!(
            "tile t{i} {}{{ city N pennants {pennants}; road E W }}\n",
            if i == 0 { "start " } else { "" }
        ));
    }
    text
}

#[test]
fn an_interrupted_build_leaves_nothing() {
    let dir = scratch("build-interrupted");
    let file = dir.join("many.tiles");
    std::fs::write(&file, many_kinds(3000)).expect("writes");
    let out_dir = dir.join("out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tileforge"))
        .args(["build", file.to_str().expect("utf-8"), "-o"])
        .arg(&out_dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    // Wait until it writes images into its staging directory, then interrupt.
    let staging = |d: &Path| {
        std::fs::read_dir(d)
            .expect("lists")
            .filter_map(Result::ok)
            .find(|e| e.file_name().to_string_lossy().starts_with(".out.tmp-"))
            .map(|e| e.path())
    };
    let mut waited = 0;
    loop {
        let images = staging(&dir)
            .map(|s| s.join("png/many"))
            .filter(|p| std::fs::read_dir(p).is_ok_and(|mut e| e.next().is_some()));
        if images.is_some() {
            break;
        }
        assert!(
            child.try_wait().expect("polls").is_none(),
            "the build ended before it could be interrupted"
        );
        waited += 1;
        assert!(waited < 60_000, "no images after a minute");
        std::thread::sleep(Duration::from_millis(1));
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let out = child.wait_with_output().expect("ends");
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    assert!(!out_dir.exists(), "a partial tree was left");
    assert_eq!(staging(&dir), None, "the staging directory was left");
    assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
}

#[test]
fn ids_that_cannot_name_files_are_refused_by_the_checker() {
    let dir = scratch("long-ids");
    let file = dir.join("long.tiles");
    std::fs::write(
        &file,
        format!(
            "expansion a {{}}\ntile {} start {{ cloister }}\n",
            "T".repeat(250)
        ),
    )
    .expect("writes");
    let out_dir = dir.join("out");
    let out = tileforge(&[
        "build",
        "--color",
        "never",
        file.to_str().expect("utf-8"),
        "-o",
        out_dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("error[E0112]"), "{}", stderr(&out));
    assert!(!out_dir.exists());
}

#[test]
fn a_huge_set_gets_sheet_pages_and_a_long_name_is_cut() {
    let dir = scratch("sheet-pages");
    let file = dir.join("many.tiles");
    let name = "N".repeat(30_000);
    std::fs::write(
        &file,
        many_kinds(300).replace("\"Many\"", &format!("\"{name}\"")),
    )
    .expect("writes");
    let out_dir = dir.join("out");
    let out = tileforge(&[
        "render",
        file.to_str().expect("utf-8"),
        "--sheet",
        "--size",
        "16",
        "--sheet-size",
        "16",
        "-o",
        out_dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("300 tile images, 3 sheets"),
        "{}",
        stderr(&out)
    );
    for page in ["many.sheet.png", "many.sheet-2.png", "many.sheet-3.png"] {
        let bytes = std::fs::read(out_dir.join(page)).expect(page);
        let image = tileforge::render::decode_png(&bytes).expect("decodes");
        // 120 tiles of 16 px at most (14 × 9), whatever the length of the name.
        assert!(
            image.width() <= 320 && image.height() <= 320,
            "{page}: {} × {}",
            image.width(),
            image.height()
        );
    }
    assert!(!out_dir.join("many.sheet-4.png").exists());
}

/// Links planted at every name the old scheme (`.NAME.tmp-PID`) could pick
/// for the next few hundred processes.
fn plant_links(dir: &Path, name: &str, victim: &Path) {
    let from = std::process::id();
    for pid in from..from + 400 {
        let _ = std::os::unix::fs::symlink(victim, dir.join(format!(".{name}.tmp-{pid}")));
    }
}

#[test]
fn a_link_planted_at_a_temporary_name_is_never_followed() {
    let dir = scratch("planted-links");
    let victim = dir.join("victim");
    std::fs::write(&victim, "keep").expect("writes");
    plant_links(&dir, "game.json", &victim);
    let output = dir.join("game.json");
    let out = tileforge(&[
        "play",
        "tilesets/base.tiles",
        "-o",
        output.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&victim).expect("reads"), "keep");
    let meta = std::fs::symlink_metadata(&output).expect("written");
    assert!(meta.file_type().is_file(), "the output is not a plain file");
    let names: Vec<String> = leftovers(&dir)
        .into_iter()
        .filter(|n| !std::fs::symlink_metadata(dir.join(n)).is_ok_and(|m| m.is_symlink()))
        .collect();
    assert!(names.is_empty(), "{names:?}");
}

#[test]
fn an_output_that_is_an_input_is_refused() {
    let dir = scratch("output-is-input");
    let tiles = dir.join("in.tiles");
    std::fs::copy("tilesets/base.tiles", &tiles).expect("copies");
    let before = std::fs::read(&tiles).expect("reads");
    let path = tiles.to_str().expect("utf-8");
    let out = tileforge(&["export", "pdf", path, "--dpi", "72", "-o", path]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("it is the input"), "{}", stderr(&out));
    assert_eq!(std::fs::read(&tiles).expect("reads"), before);
    // Through a link, too.
    let link = dir.join("link.pdf");
    std::os::unix::fs::symlink(&tiles, &link).expect("links");
    let out = tileforge(&[
        "export",
        "pdf",
        path,
        "--dpi",
        "72",
        "-o",
        link.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(std::fs::read(&tiles).expect("reads"), before);

    // A game log given as the picture of its own score.
    let log = dir.join("log.json");
    let log_path = log.to_str().expect("utf-8");
    let out = tileforge(&["play", "tilesets/base.tiles", "--seed", "1", "-o", log_path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let log_before = std::fs::read(&log).expect("reads");
    let out = tileforge(&[
        "score",
        log_path,
        "--tileset",
        "tilesets/base.tiles",
        "--png",
        log_path,
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(std::fs::read(&log).expect("reads"), log_before);
}

#[test]
fn a_compiled_set_is_not_replaced_by_the_game_played_on_it() {
    let dir = scratch("play-over-tileset");
    let out_dir = dir.join("out");
    let out = tileforge(&[
        "build",
        "tilesets/base.tiles",
        "-o",
        out_dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json = out_dir.join("tileset.json");
    let before = std::fs::read(&json).expect("reads");
    let path = json.to_str().expect("utf-8");
    let out = tileforge(&["play", path, "-o", path]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(std::fs::read(&json).expect("reads"), before);
}

#[test]
fn export_jcz_writes_both_outputs_or_neither() {
    let dir = scratch("jcz-both-or-neither");
    let jca = dir.join("addon.jca");
    let sheet = dir.join("missing").join("sheet.png");
    let out = tileforge(&[
        "export",
        "jcz",
        "tilesets/base.tiles",
        "--shapes-sheet",
        sheet.to_str().expect("utf-8"),
        "-o",
        jca.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!jca.exists(), "the add-on was left behind");
    assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));

    let out = tileforge(&[
        "export",
        "jcz",
        "tilesets/base.tiles",
        "--shapes-sheet",
        jca.to_str().expect("utf-8"),
        "-o",
        jca.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("are one file"), "{}", stderr(&out));
    assert!(!jca.exists());
}

#[test]
fn one_file_named_twice_is_compiled_once() {
    let out = tileforge(&["check", "tilesets/base.tiles", "./tilesets/base.tiles"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("ok: 1 file,"), "{}", stderr(&out));
}

#[test]
fn ids_that_differ_in_case_or_by_a_suffix_get_distinct_images() {
    let dir = scratch("case-ids");
    let file = dir.join("case.tiles");
    std::fs::write(
        &file,
        "expansion e \"E\" {}\nfigure meeple \"Meeple\" { per-player 7 }\n\
         tile A start { road E W }\ntile a { road N S }\ntile \"a~2\" { city N }\n",
    )
    .expect("writes");
    let out_dir = dir.join("out");
    let out = tileforge(&[
        "build",
        file.to_str().expect("utf-8"),
        "-o",
        out_dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut names: Vec<String> = std::fs::read_dir(out_dir.join("png").join("e"))
        .expect("lists")
        .map(|e| {
            e.expect("entry")
                .file_name()
                .to_string_lossy()
                .to_lowercase()
        })
        .collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 3, "{names:?}");
    let jca = dir.join("case.jca");
    let out = tileforge(&[
        "export",
        "jcz",
        file.to_str().expect("utf-8"),
        "-o",
        jca.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// JCZ tile XML with `n` one-tile expansions: `n` drafts to write.
fn many_expansions(n: usize) -> String {
    let mut text = String::from(
        "<defs><tiles><tile id=\"MX/a\"><city>N</city>\
         <field city=\"N\">EL ER SL SR WL WR</field></tile></tiles><sets>",
    );
    for i in 0..n {
        text.push_str(&format!(
            "<tile-set id=\"mx{i}:1\"><ref count=\"1\" tile=\"MX/a\"/></tile-set>"
        ));
    }
    text.push_str("</sets></defs>");
    text
}

/// Runs `import jcz` into `out`, interrupts it once its temporary directory
/// appears in `base`; returns its exit code, or None when it finished before
/// the directory was seen.
fn interrupt_import(xml: &Path, out: &Path, base: &Path) -> Option<i32> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tileforge"))
        .args(["import", "jcz", xml.to_str().expect("utf-8"), "-o"])
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawns");
    let staged = |d: &Path| {
        std::fs::read_dir(d).is_ok_and(|entries| {
            entries.filter_map(Result::ok).any(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with(".tileforge-import")
            })
        })
    };
    loop {
        if staged(base) {
            break;
        }
        if child.try_wait().expect("polls").is_some() {
            return None;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    child.wait().expect("ends").code()
}

#[test]
fn an_interrupted_import_leaves_no_temporary_directory() {
    let dir = scratch("import-interrupted");
    let xml = dir.join("many.xml");
    std::fs::write(&xml, many_expansions(1500)).expect("writes");
    let imports = |d: &Path| -> Vec<String> {
        std::fs::read_dir(d)
            .expect("lists")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("tileforge-import"))
            .collect()
    };
    // `-o` that exists (the drafts are staged inside it) and one that does
    // not (staged in its parent).
    let existing = dir.join("existing");
    std::fs::create_dir_all(&existing).expect("dir");
    let missing = dir.join("missing");
    let mut interrupted = 0;
    for (out, base) in [(&existing, &existing), (&missing, &dir)] {
        // The write takes a moment only; try a few times to catch it.
        for _ in 0..5 {
            let _ = std::fs::remove_dir_all(&missing);
            match interrupt_import(&xml, out, base) {
                Some(130) => {
                    interrupted += 1;
                    assert!(imports(base).is_empty(), "{:?}", imports(base));
                    assert!(imports(&dir).is_empty(), "{:?}", imports(&dir));
                    break;
                }
                // Finished before the interrupt arrived: nothing may be left
                // either way.
                _ => assert!(imports(base).is_empty(), "{:?}", imports(base)),
            }
        }
    }
    assert_eq!(interrupted, 2, "the import was never caught writing");
}
