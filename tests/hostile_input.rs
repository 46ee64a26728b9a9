//! Inputs made by a hostile or careless user: bounded output for thousands of
//! errors on one long line, devices and oversized files refused, encodings,
//! a compiled tile set handed to the compiler, a broken `tileset.json` given
//! the same exit code by every command. Big inputs are generated here.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{scratch, stderr, tileforge};

/// One 40 KB line with 5,000 errors.
fn long_line_with_errors() -> String {
    format!(
        "expansion e {{}}\ntile a {{ {}}}\n",
        "road Q; ".repeat(5000)
    )
}

#[test]
fn thousands_of_errors_on_one_long_line_print_a_bounded_report() {
    let dir = scratch("hostile-long-line");
    let file = dir.join("long.tiles");
    std::fs::write(&file, long_line_with_errors()).expect("writes");
    let out = tileforge(&["check", "--color", "never", file.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    let text = stderr(&out);
    // 100 diagnostics of about 300 bytes each, not 5,000 copies of 40 KB.
    assert!(text.len() < 60_000, "{} bytes of diagnostics", text.len());
    assert_eq!(text.matches("error[E0206]").count(), 100);
    assert!(
        text.contains("note: 4900 more errors in ") && text.contains("not shown"),
        "{}",
        &text[text.len() - 300..]
    );
    assert!(
        text.contains("failed: 1 file, 0 tile kinds, 5000 errors"),
        "{text}"
    );
    assert!(text.lines().all(|l| l.chars().count() < 200), "a long line");
    // A clipped line keeps the source's line and column in its header, and
    // shows its label's text.
    assert!(
        text.contains("long.tiles:2:807\n"),
        "the 100th error's column"
    );
    assert!(text.contains("2 │ …"), "a line clipped on the left");
}

#[test]
fn json_diagnostics_stop_at_the_limit_with_a_count_of_the_rest() {
    let dir = scratch("hostile-json");
    let file = dir.join("long.tiles");
    std::fs::write(&file, long_line_with_errors()).expect("writes");
    let out = tileforge(&["check", "--format", "json", file.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let items = json.as_array().expect("an array");
    assert_eq!(items.len(), 101);
    let last = &items[100];
    assert_eq!(last["severity"], "note");
    assert_eq!(last["omitted_errors"], 4900);
    assert_eq!(last["omitted_warnings"], 0);
    assert_eq!(last["line"], 2);
    assert_eq!(items[99]["column"], 8 * 99 + 15);
}

#[test]
fn devices_fifos_and_directories_are_refused_without_reading() {
    let dir = scratch("hostile-devices");
    let fifo = dir.join("fifo.tiles");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    for path in ["/dev/zero", "/dev/urandom", fifo.to_str().expect("utf-8")] {
        let out = tileforge(&["check", path]);
        assert_eq!(out.status.code(), Some(2), "{path}");
        let text = stderr(&out);
        assert!(text.contains("not a regular file"), "{text}");
        assert_eq!(text.lines().count(), 1, "{text}");
    }
    let out = tileforge(&["score", "/dev/zero", "--tileset", "tilesets"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("not a regular file"),
        "{}",
        stderr(&out)
    );
}

/// Runs tileforge, killing it after `seconds` (then the exit code is `None`).
fn run_bounded(args: &[&str], seconds: u64) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tileforge"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    loop {
        if let Some(status) = child.try_wait().expect("waits") {
            let mut text = String::new();
            if let Some(mut err) = child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut err, &mut text);
            }
            return (status.code(), text);
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return (None, "killed: it did not finish".to_string());
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn import_refuses_fifos_and_devices_without_opening_them() {
    let dir = scratch("hostile-import-devices");
    let fifo = dir.join("f.xml");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let out = dir.join("out");
    let out = out.to_str().expect("utf-8");
    for path in [fifo.to_str().expect("utf-8"), "/dev/zero"] {
        let (code, text) = run_bounded(&["import", "jcz", path, "-o", out], 20);
        assert_eq!(code, Some(2), "{path}: {text}");
        assert!(text.contains("not a regular file"), "{text}");
    }
    // A FIFO among a directory's `.xml` files, too.
    let (code, text) = run_bounded(
        &["import", "jcz", dir.to_str().expect("utf-8"), "-o", out],
        20,
    );
    assert_eq!(code, Some(2), "{text}");
    assert!(!dir.join("out").exists());
}

#[test]
fn an_oversized_input_is_refused_before_it_is_read() {
    let dir = scratch("hostile-oversized");
    let file = dir.join("huge.tiles");
    // Sparse: no disk space used.
    std::fs::File::create(&file)
        .and_then(|f| f.set_len(5 << 20))
        .expect("creates");
    let out = tileforge(&["check", file.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("huge.tiles: larger than 4 MiB"),
        "{}",
        stderr(&out)
    );
    let json = dir.join("huge.json");
    std::fs::File::create(&json)
        .and_then(|f| f.set_len(65 << 20))
        .expect("creates");
    let out = tileforge(&["play", json.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("larger than 64 MiB"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn standard_input_is_read_when_the_path_is_a_dash() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tileforge"))
        .args(["check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    let text = std::fs::read("tilesets/base.tiles").expect("reads");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&text)
        .expect("writes");
    let out = child.wait_with_output().expect("finishes");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("ok: 1 file, 24 tile kinds"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn invalid_utf8_is_an_input_error_with_its_position_and_a_bom_is_skipped() {
    let dir = scratch("hostile-utf8");
    let bad = dir.join("bad.tiles");
    std::fs::write(&bad, b"expansion e {}\ntile a\xff { cloister }\n").expect("writes");
    let out = tileforge(&["check", bad.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    let text = stderr(&out);
    assert!(
        text.contains("bad.tiles:2:7: the text is not valid UTF-8 (byte 0xFF)"),
        "{text}"
    );
    let bom = dir.join("bom.tiles");
    let mut bytes = "\u{feff}".as_bytes().to_vec();
    bytes.extend_from_slice(b"expansion e {}\ntile a { cloister }\n");
    std::fs::write(&bom, bytes).expect("writes");
    let out = tileforge(&["check", bom.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // A game log that is not UTF-8 is an input error too.
    let log = dir.join("bad.game.json");
    std::fs::write(&log, b"{\n  \"format\": \"\xc3\x28\"\n}").expect("writes");
    let out = tileforge(&[
        "score",
        log.to_str().expect("utf-8"),
        "--tileset",
        "tilesets",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("bad.game.json:2:14"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_compiled_tile_set_given_to_the_compiler_says_what_to_run() {
    for command in ["render", "build"] {
        let dir = scratch(&format!("hostile-json-{command}"));
        let out = tileforge(&[
            command,
            "tests/golden/tileset.json",
            "-o",
            dir.to_str().expect("utf-8"),
        ]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let text = stderr(&out);
        assert!(
            text.contains("looks like a compiled tile set")
                && text.contains("tileforge render tilesets"),
            "{text}"
        );
        assert!(!text.contains("expected a statement"), "{text}");
    }
}

/// The golden tile set with one road's dead end pointing at feature #99.
fn broken_tileset(dir: &std::path::Path) -> std::path::PathBuf {
    let text = std::fs::read_to_string("tests/golden/tileset.json").expect("golden");
    let mut set: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let end = set["tiles"]
        .as_array_mut()
        .expect("tiles")
        .iter_mut()
        .flat_map(|t| t["features"].as_array_mut().expect("features").iter_mut())
        .filter_map(|f| f.get_mut("ends"))
        .find_map(|ends| ends.as_array_mut().and_then(|e| e.first_mut()))
        .expect("a dead end");
    *end = serde_json::json!({ "kind": "feature", "feature": 99 });
    let path = dir.join("broken.json");
    std::fs::write(&path, set.to_string()).expect("writes");
    path
}

#[test]
fn a_broken_tileset_json_is_an_input_error_in_every_command() {
    let dir = scratch("hostile-broken-set");
    let set = broken_tileset(&dir);
    let set = set.to_str().expect("utf-8");
    let log = "tests/engine/pennant-city.game.json";
    let runs: [&[&str]; 3] = [
        &["play", set],
        &["simulate", set, "--games", "1"],
        &["score", log, "--tileset", set],
    ];
    for args in runs {
        let out = tileforge(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("refers to feature #99, which the tile does not have"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    let not_json = dir.join("not.json");
    std::fs::write(&not_json, "{ \"format\": 1 }").expect("writes");
    let not_json = not_json.to_str().expect("utf-8");
    let runs: [&[&str]; 3] = [
        &["play", not_json],
        &["simulate", not_json, "--games", "1"],
        &["score", log, "--tileset", not_json],
    ];
    for args in runs {
        let out = tileforge(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("not a tile set"), "{}", stderr(&out));
    }
}

#[test]
fn score_reads_tiles_sources_like_play_and_simulate() {
    let out = tileforge(&[
        "score",
        "tests/engine/pennant-city.game.json",
        "--tileset",
        "tilesets/base.tiles",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["players"][0]["total"], 8);
    assert_eq!(json["players"][1]["total"], 2);
}

#[test]
fn an_out_of_range_number_is_one_accurate_error() {
    let dir = scratch("hostile-numbers");
    let file = dir.join("n.tiles");
    std::fs::write(
        &file,
        "expansion e {}\ntile a x-1000000001 { cloister }\ntile b x99999999999 { cloister }\n\
         die d { faces -1000000001 }\n",
    )
    .expect("writes");
    let out = tileforge(&["check", "--color", "never", file.to_str().expect("utf-8")]);
    let text = stderr(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(text.contains("`x99999999999` is too large"), "{text}");
    assert!(text.contains("`-1000000001` is too small"), "{text}");
    assert!(!text.contains("-1000000001` is too large"), "{text}");
    // Only the number errors, nothing cascading from them.
    let codes: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("error["))
        .map(|l| &l[6..11])
        .collect();
    assert!(
        codes.iter().all(|&c| c == "E0004" || c == "E0001"),
        "{text}"
    );
    assert!(!text.contains("E0104") && !text.contains("E0501"), "{text}");
}

#[test]
fn long_and_control_character_names_are_shortened_and_escaped() {
    let dir = scratch("hostile-names");
    let text = std::fs::read_to_string("tests/engine/pennant-city.game.json").expect("reads");
    let long = "L".repeat(1000);
    let log = text.replace(
        "[\"red\", \"blue\"]",
        &format!("[\"{long}\", \"\\u001b[31mblue\\u0007\"]"),
    );
    let path = dir.join("names.game.json");
    std::fs::write(&path, log).expect("writes");
    let png = dir.join("board.png");
    let out = tileforge(&[
        "score",
        path.to_str().expect("utf-8"),
        "--tileset",
        "tilesets/base.tiles",
        "--png",
        png.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let image = tileforge::render::decode_png(&std::fs::read(&png).expect("png")).expect("decodes");
    assert!(image.width() < 2000, "{}", image.width());
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        !table.contains('\u{1b}') && !table.contains('\u{7}'),
        "raw control characters"
    );
    assert!(table.contains("\\u{1b}[31mblue\\u{7}"), "{table}");
}

#[test]
fn a_set_without_a_start_tile_gets_one_exit_code_in_every_command() {
    let dir = scratch("hostile-no-start");
    let tiles = dir.join("nostart.tiles");
    std::fs::write(
        &tiles,
        "expansion e \"E\" {}\nfigure meeple \"Meeple\" { per-player 7 }\ntile r x3 { road E W }\n",
    )
    .expect("writes");
    let log = dir.join("log.json");
    std::fs::write(
        &log,
        "{\"format\": \"tileforge.game\", \"version\": 1, \"players\": [\"a\",\"b\"], \"turns\": []}",
    )
    .expect("writes");
    let tiles = tiles.to_str().expect("utf-8");
    let out_log = dir.join("out.json");
    for args in [
        vec!["play", tiles, "-o", out_log.to_str().expect("utf-8")],
        vec!["simulate", tiles, "--games", "1"],
        vec!["score", log.to_str().expect("utf-8"), "--tileset", tiles],
    ] {
        let out = tileforge(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("marks no start tile"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn over_the_engines_kind_limit_the_message_names_the_limit_not_the_first_file() {
    let dir = scratch("hostile-kind-limit");
    let mut fans = String::from("expansion fans \"Fans\" { requires base }\n");
    for i in 0..300 {
        fans.push_str(&format!(
            "kind fan{i} spot \"Fan {i}\" {{}}\ntile t{i} {{ fan{i}; road N S }}\n"
        ));
    }
    let file = dir.join("fans.tiles");
    std::fs::write(&file, fans).expect("writes");
    let out = tileforge(&[
        "play",
        "tilesets/base.tiles",
        file.to_str().expect("utf-8"),
        "-o",
        dir.join("game.json").to_str().expect("utf-8"),
    ]);
    let text = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("at most 250 kinds"), "{text}");
    assert!(!text.contains("error: tilesets/base.tiles"), "{text}");
}
