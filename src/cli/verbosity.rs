//! How much a command says on standard error besides its diagnostics and
//! errors, from the global `-q`/`--quiet` and `-v`/`--verbose` flags, and
//! whether text may be coloured (`--color`, `NO_COLOR`).
//!
//! Quiet drops the summary lines ("ok: ...", "wrote ..."), notes and progress
//! bars: what is left are diagnostics, warnings and errors, and the output a
//! command exists for (on stdout, or the files it writes). Verbose adds notes
//! on where the inputs came from (which required expansions were taken from
//! a local file or from the embedded standard library).

use std::sync::atomic::{AtomicI8, Ordering};

/// Quiet (-1), normal (0) or verbose (1 or more).
static LEVEL: AtomicI8 = AtomicI8::new(0);

/// Sets the level from the flags (quiet wins).
pub fn set(quiet: bool, verbose: u8) {
    let level = if quiet {
        -1
    } else {
        i8::try_from(verbose).unwrap_or(i8::MAX)
    };
    LEVEL.store(level, Ordering::Relaxed);
}

/// True under `-q`.
pub fn quiet() -> bool {
    LEVEL.load(Ordering::Relaxed) < 0
}

/// True under `-v`.
pub fn verbose() -> bool {
    LEVEL.load(Ordering::Relaxed) > 0
}

/// Prints a status line (a summary, a note) on stderr unless quiet.
pub fn status(line: &str) {
    if !quiet() {
        eprintln!("{}", super::output::printable(line));
    }
}

/// Prints a note on stderr under `-v` only.
pub fn note(line: &str) {
    if verbose() {
        eprintln!("note: {}", super::output::printable(line));
    }
}

/// Whether to colour text: `--color always` and `never` decide; `auto`
/// colours a terminal unless `NO_COLOR` is set to anything but the empty
/// string (<https://no-color.org>).
pub fn colour(choice: super::input::Colour, terminal: bool, no_color: Option<&str>) -> bool {
    use super::input::Colour;
    match choice {
        Colour::Always => true,
        Colour::Never => false,
        Colour::Auto => terminal && no_color.is_none_or(str::is_empty),
    }
}

/// [`colour`] for standard error and this process's environment.
pub fn colour_stderr(choice: super::input::Colour) -> bool {
    use std::io::IsTerminal;
    let no_color = std::env::var("NO_COLOR").ok();
    colour(choice, std::io::stderr().is_terminal(), no_color.as_deref())
}

#[cfg(test)]
mod tests {
    use super::colour;
    use crate::cli::input::Colour;

    #[test]
    fn no_color_turns_auto_off_on_a_terminal_only() {
        assert!(colour(Colour::Auto, true, None));
        assert!(colour(Colour::Auto, true, Some("")));
        assert!(!colour(Colour::Auto, true, Some("1")));
        assert!(!colour(Colour::Auto, false, None));
        assert!(colour(Colour::Always, true, Some("1")));
        assert!(!colour(Colour::Never, true, None));
    }
}
