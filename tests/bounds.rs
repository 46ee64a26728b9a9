//! Inputs at and past the documented limits: every command ends with exit 0,
//! 1 or 2 and a message, never an abort, within bounded memory and time.
//! Each input is generated here, at run time. The measured figures are in the
//! README's limits.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{scratch, stderr};

/// Runs tileforge with an address-space cap of `mib` MiB (an allocation past
/// it fails, so "allocates gigabytes first" fails the test instead of
/// straining the machine) and a deadline; returns the exit code (`None`:
/// killed or aborted) and standard error.
fn run_capped(args: &[&str], mib: u64, seconds: u64) -> (Option<i32>, String) {
    let script = format!("ulimit -v {} && exec \"$0\" \"$@\"", mib * 1024);
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_tileforge"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        if let Some(status) = child.try_wait().expect("waits") {
            let mut text = String::new();
            if let Some(mut err) = child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut err, &mut text);
            }
            return (status.code(), text);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return (None, format!("killed after {seconds} s"));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A playable set with a start tile and `kinds` kinds of `copies` copies.
fn huge_box(kinds: usize, copies: u64) -> String {
    let mut text = String::from(
        "expansion e \"E\" {}\nfigure meeple \"Meeple\" { per-player 7 }\ntile s start { road E W }\n",
    );
    let shapes = ["road N S", "road E S", "city N", "city N E", "road N E"];
    for k in 0..kinds {
        text.push_str(&format!(
            "tile k{k} x{copies} {{ {} }}\n",
            shapes[k % shapes.len()]
        ));
    }
    text
}

#[test]
fn a_box_of_billions_is_refused_before_it_is_filled() {
    let dir = scratch("bounds-box");
    let file = dir.join("box.tiles");
    std::fs::write(&file, huge_box(3, 1_000_000_000)).expect("writes");
    let path = file.to_str().expect("utf-8");
    let game = dir.join("game.json");
    let game = game.to_str().expect("utf-8");
    for args in [
        vec!["play", path, "-o", game],
        vec!["play", path, "--seats", "greedy,random", "-o", game],
        vec!["simulate", path, "--games", "2"],
    ] {
        let (code, text) = run_capped(&args, 1024, 60);
        assert_eq!(code, Some(2), "{args:?}: {text}");
        assert!(
            text.contains("the box holds 3000000000 tiles") && text.contains("at most 100000"),
            "{args:?}: {text}"
        );
    }
}

#[test]
fn a_print_of_billions_of_copies_is_refused_before_it_is_laid_out() {
    let dir = scratch("bounds-pdf");
    let file = dir.join("box.tiles");
    std::fs::write(&file, huge_box(1, 1_000_000_000)).expect("writes");
    let pdf = dir.join("box.pdf");
    let (code, text) = run_capped(
        &[
            "export",
            "pdf",
            file.to_str().expect("utf-8"),
            "--dpi",
            "72",
            "-o",
            pdf.to_str().expect("utf-8"),
        ],
        1024,
        60,
    );
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("1000000001 copies") && text.contains("at most 100000"),
        "{text}"
    );
    assert!(!pdf.exists());
}

#[test]
fn a_print_at_the_copy_limit_is_written() {
    let dir = scratch("bounds-pdf-limit");
    let file = dir.join("box.tiles");
    std::fs::write(&file, huge_box(1, 99_999)).expect("writes");
    let pdf = dir.join("box.pdf");
    let out = common::tileforge(&[
        "export",
        "pdf",
        file.to_str().expect("utf-8"),
        "--dpi",
        "72",
        "-o",
        pdf.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("100000 tiles"), "{}", stderr(&out));
}

/// `n` kinds a fan declared, each on its own tile (about 77 bytes a kind).
fn fan_kinds(n: usize) -> String {
    let mut text = String::from(
        "expansion e \"E\" {}\nfigure meeple \"Meeple\" { per-player 7 }\ntile s start { road E W }\n",
    );
    for i in 0..n {
        text.push_str(&format!(
            "kind fan{i} spot \"Fan {i}\" {{}}\ntile t{i} {{ fan{i}; road N S }}\n"
        ));
    }
    text
}

#[test]
fn stats_of_thousands_of_declared_kinds_end_in_time() {
    let dir = scratch("bounds-stats");
    let file = dir.join("fans.tiles");
    std::fs::write(&file, fan_kinds(1500)).expect("writes");
    // Cubic before (kinds × kinds × kinds): some 13 minutes unoptimised.
    let (code, text) = run_capped(&["stats", file.to_str().expect("utf-8")], 1024, 60);
    assert_eq!(code, Some(0), "{text}");
}

/// A game log of `turns` straight roads laid east of the start.
fn long_log(turns: usize) -> String {
    let mut text =
        String::from("{\n\"format\": \"tileforge.game\",\n\"version\": 1,\n\"players\": [\"red\",\"blue\"],\n\"turns\": [\n");
    for i in 1..=turns {
        if i > 1 {
            text.push_str(",\n");
        }
        text.push_str(&format!(
            "{{\"tile\":\"e/r\",\"x\":{i},\"y\":0,\"rotation\":0}}"
        ));
    }
    text.push_str("\n]\n}\n");
    text
}

#[test]
fn a_million_turn_log_is_refused_at_the_turn_limit() {
    let dir = scratch("bounds-log");
    let tiles = dir.join("line.tiles");
    std::fs::write(
        &tiles,
        "expansion e \"E\" {}\nfigure meeple \"Meeple\" { per-player 7 }\n\
         tile s start { road E W }\ntile r x1000000 { road E W }\n",
    )
    .expect("writes");
    let log = dir.join("line.json");
    std::fs::write(&log, long_log(1_000_000)).expect("writes");
    let (code, text) = run_capped(
        &[
            "score",
            log.to_str().expect("utf-8"),
            "--tileset",
            tiles.to_str().expect("utf-8"),
        ],
        1024,
        60,
    );
    let _ = std::fs::remove_file(&log);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("more than 100000 turns"),
        "{}",
        &text[text.len().saturating_sub(400)..]
    );
}

#[test]
fn an_ends_at_list_of_fifty_thousand_names_gives_short_messages() {
    let dir = scratch("bounds-ends-at");
    let file = dir.join("lanes.tiles");
    let path = file.to_str().expect("utf-8");
    let lane = |names: &str| {
        format!(
            "expansion e \"E\" {{}}\nkind k spot \"K\" {{}}\n\
             kind lane path \"Lane\" {{ edge L; ends-at {names} }}\n\
             tile a start {{ lane E W }}\ntile b {{ lane E }}\n"
        )
    };
    // Fifty thousand repetitions of a declared name: the dead end in the
    // field is refused in one short line, not a 150 KB one.
    std::fs::write(&file, lane(&vec!["k"; 50_000].join(" "))).expect("writes");
    let (code, text) = run_capped(&["check", path], 1024, 60);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("error[E0210]: a lane may only end at: k\n"),
        "{text}"
    );
    assert!(text.lines().all(|l| l.len() < 200), "{text}");
    // Of an undeclared one: one error, not fifty thousand.
    std::fs::write(&file, lane(&vec!["u"; 50_000].join(" "))).expect("writes");
    let (code, text) = run_capped(&["check", path], 1024, 60);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(text.matches("no kind `u` is declared").count(), 1, "{text}");
    // Fifty thousand different declared names: the list is cut after eight
    // and the rest counted.
    let names: Vec<String> = (0..50_000).map(|i| format!("k{i}")).collect();
    let mut text = lane(&names.join(" "));
    for i in 0..50_000 {
        text.push_str(&format!("kind k{i} spot \"K{i}\" {{}}\n"));
    }
    std::fs::write(&file, text).expect("writes");
    let (code, text) = run_capped(&["check", path], 1024, 60);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains(" and 49992 more"), "{text}");
    assert!(text.lines().all(|l| l.len() < 200), "{text}");
}
