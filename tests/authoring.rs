//! The tools for tile authors on the command line: `new` (a scaffold that
//! compiles clean and plays), the embedded standard library (a fan file that
//! `requires base` compiles alone; a local file of the same id wins),
//! `explain`, `completions`, `man`, `-q`/`-v` on every command and
//! `NO_COLOR`.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use clap::CommandFactory;
use common::{scratch, stderr, tileforge};
use tileforge::diag::Code;

/// Runs the binary in `dir`.
fn tileforge_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tileforge"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn new_makes_a_fan_expansion_that_compiles_clean_and_plays() {
    let dir = scratch("new-scaffold");
    let out = tileforge_in(&dir, &["new", "lantern-fair"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let fan = dir.join("lantern-fair");
    let text = std::fs::read_to_string(fan.join("lantern-fair.tiles")).expect("the .tiles file");
    assert!(
        text.contains("expansion lantern-fair \"Lantern Fair\""),
        "{text}"
    );
    assert!(text.contains("requires base"), "{text}");
    let readme = std::fs::read_to_string(fan.join("README.md")).expect("the README");
    for command in ["check", "serve", "play", "export jcz", "export pdf"] {
        assert!(
            readme.contains(&format!("tileforge {command} lantern-fair.tiles")),
            "the README lacks `{command}`:\n{readme}"
        );
    }

    let check = tileforge_in(&fan, &["check", "lantern-fair.tiles"]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    assert!(
        stderr(&check).contains("ok: 1 file (+1 required), 27 tile kinds, 0 errors, 0 warnings"),
        "{}",
        stderr(&check)
    );
    let play = tileforge_in(&fan, &["play", "lantern-fair.tiles", "--seed", "3"]);
    assert_eq!(play.status.code(), Some(0), "{}", stderr(&play));
    let log: serde_json::Value = serde_json::from_slice(&play.stdout).expect("a game log");
    assert_eq!(log["finished"], true, "{}", stderr(&play));
    let jca = fan.join("lantern-fair.jca");
    let export = tileforge_in(
        &fan,
        &[
            "export",
            "jcz",
            "lantern-fair.tiles",
            "-o",
            "lantern-fair.jca",
        ],
    );
    assert_eq!(export.status.code(), Some(0), "{}", stderr(&export));
    assert!(
        stderr(&export).contains("lantern-fair (3 tile kinds)"),
        "only the fan expansion is exported, base is referenced: {}",
        stderr(&export)
    );
    assert!(jca.is_file());
}

#[test]
fn new_refuses_a_bad_id_and_an_existing_folder() {
    let dir = scratch("new-refusals");
    for bad in ["Fan", "9lives", "base", "fan.png"] {
        let out = tileforge_in(&dir, &["new", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", stderr(&out));
        assert!(!dir.join(bad).exists(), "{bad} was created");
    }
    std::fs::create_dir(dir.join("taken")).expect("a folder");
    let out = tileforge_in(&dir, &["new", "taken"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("exists already"), "{}", stderr(&out));
}

#[test]
fn the_embedded_sets_are_the_shipped_files() {
    let on_disk: Vec<String> = ["tilesets", "tilesets/extra"]
        .iter()
        .flat_map(|d| common::tiles_in(Path::new(d)))
        .map(|p| p.display().to_string())
        .collect();
    let embedded: Vec<String> = tileforge::stdlib::SETS
        .iter()
        .map(|s| s.path.to_string())
        .collect();
    assert_eq!(embedded, on_disk, "src/stdlib.rs lists every shipped file");
    for set in tileforge::stdlib::SETS {
        assert_eq!(
            std::fs::read_to_string(set.path).expect("shipped file"),
            set.text
        );
        let header = tileforge::syntax::parse_header(tileforge::diag::FileId(0), set.text)
            .expect("a header");
        assert_eq!(
            header.id.text, set.id,
            "{}: the id is the file's stem",
            set.path
        );
    }
}

#[test]
fn a_fan_file_compiles_alone_with_what_it_requires_embedded() {
    let dir = scratch("stdlib-alone");
    // Requires base and river-2, which requires river: three sets added.
    std::fs::write(
        dir.join("fan.tiles"),
        "expansion fan \"Fan\" {\n    requires base\n    requires river-2\n}\n\n\
         /// A chapel.\ntile chapel x1 {\n    cloister\n    road W\n}\n",
    )
    .expect("write");
    let out = tileforge_in(&dir, &["-v", "check", "fan.tiles"]);
    let text = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("ok: 1 file (+3 required)"), "{text}");
    for id in ["base", "river", "river-2"] {
        assert!(
            text.contains(&format!("note: `{id}` (required by "))
                && text.contains(&format!("the embedded tilesets/{id}.tiles")),
            "{id}: {text}"
        );
    }
    assert!(!text.contains("W0503"), "{text}");
    // Without -v, no note.
    let out = tileforge_in(&dir, &["check", "fan.tiles"]);
    assert!(!stderr(&out).contains("note:"), "{}", stderr(&out));
    // An id shipped nowhere is still W0503.
    std::fs::write(
        dir.join("lonely.tiles"),
        "expansion lonely \"Lonely\" {\n    requires nowhere\n}\n\ntile chapel x1 { cloister }\n",
    )
    .expect("write");
    let out = tileforge_in(&dir, &["check", "lonely.tiles"]);
    assert!(stderr(&out).contains("warning[W0503]"), "{}", stderr(&out));
}

#[test]
fn a_local_file_of_the_same_id_overrides_the_embedded_one() {
    let dir = scratch("stdlib-local");
    std::fs::write(
        dir.join("fan.tiles"),
        "expansion fan \"Fan\" {\n    requires base\n}\n\ntile chapel x1 {\n    cloister\n    road W\n}\n",
    )
    .expect("write");
    // A local base of one tile kind: the run has 2 kinds, not 25.
    std::fs::write(
        dir.join("base.tiles"),
        "expansion base \"Local base\" {\n}\n\nfigure meeple \"Meeple\" {\n    per-player 7\n}\n\n\
         tile D x4 start {\n    city N\n    road E W\n}\n",
    )
    .expect("write");
    let out = tileforge_in(&dir, &["-v", "check", "fan.tiles"]);
    let text = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("ok: 1 file (+1 required), 2 tile kinds"),
        "{text}"
    );
    assert!(
        text.contains(
            "`base` (required by fan.tiles) is read from ./base.tiles, not from the embedded"
        ),
        "{text}"
    );
    // An input that defines the id wins over both.
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("tilesets/base.tiles");
    let out = tileforge_in(
        &dir,
        &["-v", "check", shipped.to_str().expect("utf-8"), "fan.tiles"],
    );
    let text = stderr(&out);
    assert!(text.contains("ok: 2 files, 25 tile kinds"), "{text}");
    assert!(!text.contains("note:"), "{text}");
}

#[test]
fn explain_prints_every_code_from_the_docs() {
    for &code in Code::ALL {
        let out = tileforge(&["explain", &code.as_str().to_ascii_lowercase()]);
        assert_eq!(out.status.code(), Some(0), "{code}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(
            text.starts_with(&format!("{code} (")) && text.contains(code.title()),
            "{code}: {text}"
        );
        assert!(
            text.lines().count() > 2,
            "{code} has no explanation: {text}"
        );
    }
    let list = stdout(&tileforge(&["explain"]));
    assert_eq!(list.lines().count(), Code::ALL.len(), "{list}");
    let out = tileforge(&["explain", "E0299"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("not a diagnostic code"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn completions_and_man_page() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = tileforge(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(
            text.contains("tileforge") && text.contains("explain"),
            "{shell}: {text}"
        );
    }
    let out = tileforge(&["man"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let page = stdout(&out);
    assert!(page.contains(".TH tileforge 1"), "{page}");
    assert!(
        page.contains(".TH tileforge-check 1"),
        "every subcommand has its page"
    );
    assert!(page.contains("\\-\\-quiet"), "{page}");
}

/// Every subcommand, nested ones too, by its path of names.
fn subcommands(command: &clap::Command, path: &[String], out: &mut Vec<Vec<String>>) {
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let mut p = path.to_vec();
        p.push(sub.get_name().to_string());
        if sub.has_subcommands() {
            subcommands(sub, &p, out);
        } else {
            out.push(p);
        }
    }
}

#[test]
fn every_command_takes_quiet_and_verbose() {
    let mut command = tileforge::cli::Cli::command();
    command.build();
    let mut all = Vec::new();
    subcommands(&command, &[], &mut all);
    assert!(all.len() > 15, "{all:?}");
    for path in &all {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        for flag in ["-q", "-v", "--quiet", "--verbose"] {
            args.push(flag);
            args.push("--help");
            let out = tileforge(&args);
            assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
            args.truncate(path.len());
        }
    }
    let out = tileforge(&["check", "-q", "-v", "tilesets/base.tiles"]);
    assert_eq!(out.status.code(), Some(2), "-q and -v conflict");
}

#[test]
fn quiet_keeps_diagnostics_and_drops_summaries() {
    let dir = scratch("quiet");
    let fan = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/fairground.tiles");
    let fan = fan.to_str().expect("utf-8");
    let out = tileforge(&["check", "-q", fan]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "", "nothing to say on success");
    let out = tileforge(&[
        "check",
        "--quiet",
        "--color",
        "never",
        "tests/ui/E0202-road-on-city-side.tiles",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("error[E0202]"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("failed:"), "{}", stderr(&out));
    let built = dir.join("out");
    let out = tileforge(&["build", fan, "-o", built.to_str().expect("utf-8"), "-q"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    assert!(built.join("tileset.json").is_file());
    let out = tileforge(&["play", "-q", fan, "--seed", "1"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "", "no summary, no note on what was left out");
    assert!(!out.stdout.is_empty(), "the game log is the output");
    // Without -q the same commands say what they did.
    let out = tileforge(&["play", fan, "--seed", "1"]);
    assert!(
        stderr(&out).contains("seed 1, 2 players"),
        "{}",
        stderr(&out)
    );
}

/// Runs a command on a pseudo-terminal (util-linux `script`), with the given
/// environment variable set or unset; None when `script` is missing.
fn on_terminal(command: &str, no_color: Option<&str>) -> Option<String> {
    let mut script = Command::new("script");
    script.args(["-qec", command, "/dev/null"]);
    script.env_remove("NO_COLOR");
    if let Some(v) = no_color {
        script.env("NO_COLOR", v);
    }
    let out = script.output().ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn no_color_turns_colour_off_on_a_terminal() {
    let bin = env!("CARGO_BIN_EXE_tileforge");
    let command = format!("{bin} check tests/ui/E0202-road-on-city-side.tiles");
    let Some(coloured) = on_terminal(&command, None) else {
        eprintln!("skipped: no `script` to give the command a terminal");
        return;
    };
    assert!(coloured.contains("error[E0202]"), "{coloured}");
    assert!(
        coloured.contains('\u{1b}'),
        "a terminal gets colour: {coloured:?}"
    );
    let plain = on_terminal(&command, Some("1")).expect("script ran once");
    assert!(plain.contains("error[E0202]"), "{plain}");
    assert!(!plain.contains('\u{1b}'), "NO_COLOR=1 gets none: {plain:?}");
    let forced = on_terminal(&format!("{command} --color always"), Some("1")).expect("script");
    assert!(forced.contains('\u{1b}'), "--color always wins: {forced:?}");
}
