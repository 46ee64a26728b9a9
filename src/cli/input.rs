//! Reads the `.tiles` inputs named on the command line into a source map, and
//! compiles them, printing diagnostics the way the user asked.

pub(super) use crate::words::s as plural;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::ValueEnum;

use super::Failure;
use crate::compile::{compile, Compiled};
use crate::diag::{render_all, render_json, Code, FileId, SourceMap};

/// How diagnostics are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// rustc-style text on stderr.
    #[default]
    Text,
    /// A JSON array on stdout, for editors.
    Json,
    /// Text for the commands that play (`play`, `simulate`, `score`): W0603
    /// (rules the engine lacks) and W0602 (twin tiles) are counted but not
    /// shown, since the expansions they concern are left out of the game and
    /// the note on the expansions chosen says so (`selection.rs`).
    #[value(skip)]
    Play,
    /// Text for the commands that build and draw (`build`, `render`,
    /// `export`): W0603 is counted but not shown, since rules the engine
    /// lacks change nothing they write.
    #[value(skip)]
    Build,
}

impl Format {
    /// Whether a diagnostic is printed in this format (all are counted).
    fn shows(self, code: Code) -> bool {
        match self {
            Format::Text | Format::Json => true,
            Format::Play => !matches!(code, Code::MissingCapability | Code::IdenticalTiles),
            Format::Build => code != Code::MissingCapability,
        }
    }

    /// What the summary line says of the diagnostics not shown.
    fn hidden_note(self) -> &'static str {
        match self {
            Format::Play => "on rules the engine lacks and twin tiles",
            _ => "on rules the engine lacks",
        }
    }
}

/// When to colour text diagnostics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Colour {
    /// When stderr is a terminal.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// The `.tiles` files a path names: the file itself, or a directory's `.tiles`
/// files (not recursive), sorted by name; `-` is standard input.
pub fn tiles_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Failure> {
    files_with_extension(paths, "tiles", true)
}

/// The files the paths name: each file itself, or a directory's files ending
/// in `.EXTENSION` (not recursive), sorted by name; `-` (standard input) is
/// kept as it is when `stdin` allows it.
pub fn files_with_extension(
    paths: &[PathBuf],
    extension: &str,
    stdin: bool,
) -> Result<Vec<PathBuf>, Failure> {
    let mut out = Vec::new();
    for path in paths {
        if stdin && super::read::is_stdin(path) {
            out.push(path.clone());
            continue;
        }
        let meta = std::fs::metadata(path).map_err(|e| Failure::io(path.display(), &e))?;
        if meta.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|e| Failure::io(path.display(), &e))?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == extension) && p.is_file())
                .collect();
            if found.is_empty() {
                return Err(Failure::Usage(format!(
                    "{}: the directory holds no .{extension} files",
                    path.display()
                )));
            }
            found.sort();
            out.extend(found);
        } else {
            out.push(path.clone());
        }
    }
    out.dedup();
    Ok(out)
}

/// Reads files into a source map (see [`super::read`]). A compiled
/// `tileset.json` among them is refused with a word on what to run instead.
pub fn read_sources(files: &[PathBuf]) -> Result<(SourceMap, Vec<FileId>), Failure> {
    let mut sources = SourceMap::new();
    let mut ids = Vec::new();
    let mut total = 0;
    let mut seen = Vec::new();
    for path in files {
        // One file named twice (`a.tiles ./a.tiles`, a link) is read once.
        if let Some(meta) = (!super::read::is_stdin(path))
            .then(|| std::fs::metadata(path).ok())
            .flatten()
        {
            use std::os::unix::fs::MetadataExt;
            if seen.contains(&(meta.dev(), meta.ino())) {
                continue;
            }
            seen.push((meta.dev(), meta.ino()));
        }
        let text = super::read::read_text(path, super::read::MAX_SOURCE)?;
        total += text.len() as u64;
        if total > super::read::MAX_SOURCE {
            return Err(Failure::Usage(format!(
                "the .tiles inputs together are larger than {} MiB, the most read in one run",
                super::read::MAX_SOURCE >> 20
            )));
        }
        if looks_compiled(path, &text) {
            return Err(Failure::Usage(format!(
                "{}: this looks like a compiled tile set (tileset.json), not `.tiles` \
                 source; `check`, `build`, `render` and `stats` read the `.tiles` files it \
                 was built from (e.g. `tileforge render tilesets -o DIR`), while `play`, \
                 `simulate` and `score --tileset` take a tileset.json",
                super::read::display_name(path)
            )));
        }
        ids.push(sources.add(super::read::display_name(path), text));
    }
    Ok((sources, ids))
}

/// A `.json` file, or text that opens with `{` where `.tiles` opens with a keyword.
fn looks_compiled(path: &Path, text: &str) -> bool {
    path.extension().is_some_and(|e| e == "json") || text.trim_start().starts_with('{')
}

/// Compiles the inputs and prints their diagnostics; fails with `Input` on errors.
pub fn compile_inputs(
    paths: &[PathBuf],
    format: Format,
    colour: Colour,
    timings: bool,
) -> Result<(SourceMap, Compiled), Failure> {
    let started = Instant::now();
    let files = tiles_files(paths)?;
    let (mut sources, inputs) = read_sources(&files)?;
    let ids = super::requires::with_required(&mut sources, &inputs, &files)?;
    let read = started.elapsed();
    let compiled = compile(&sources, &ids);
    match format {
        Format::Json => {
            let json = render_json(&sources, &compiled.diagnostics);
            super::output::stdout(&format!("{json}\n"))?;
        }
        Format::Text | Format::Play | Format::Build => {
            let colour = super::verbosity::colour_stderr(colour);
            let shown: Vec<_> = compiled
                .diagnostics
                .iter()
                .filter(|d| format.shows(d.code))
                .cloned()
                .collect();
            eprint!("{}", render_all(&sources, &shown, colour));
            let errors = compiled.diagnostics.iter().filter(|d| d.is_error()).count();
            let warnings = shown.len() - errors;
            let hidden = compiled.diagnostics.len() - shown.len();
            let tiles = compiled.checked.as_ref().map_or(0, |c| c.ir().tiles.len());
            let added = ids.len() - inputs.len();
            super::verbosity::status(&format!(
                "{}: {} file{}{}, {tiles} tile kind{}, {errors} error{}, {warnings} warning{}{}",
                if errors == 0 { "ok" } else { "failed" },
                inputs.len(),
                plural(inputs.len()),
                if added == 0 {
                    String::new()
                } else {
                    format!(" (+{added} required)")
                },
                plural(tiles),
                plural(errors),
                plural(warnings),
                if hidden == 0 {
                    String::new()
                } else {
                    format!(
                        " ({hidden} {} not shown: `tileforge check` shows them)",
                        format.hidden_note()
                    )
                }
            ));
        }
    }
    if timings {
        let t = &compiled.timings;
        eprintln!(
            "timings: read {:.2} ms, parse {:.2} ms, lower {:.2} ms, check {:.2} ms",
            ms(read),
            ms(t.parse),
            ms(t.lower),
            ms(t.check)
        );
    }
    if compiled.has_errors() {
        return Err(Failure::Input);
    }
    Ok((sources, compiled))
}

/// Milliseconds, for `--timings`.
pub fn ms(d: std::time::Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
