//! The command line: clap definitions, and one module per subcommand. This is
//! the only module that touches files, the terminal or the process exit code.

mod build;
mod check;
mod cleanup;
mod conventions;
mod export;
mod fmt;
mod import;
mod input;
mod jcz_game;
mod lsp;
mod new;
mod output;
mod play;
mod progress;
mod read;
mod render;
mod requires;
mod score;
mod selection;
mod serve;
mod simulate;
mod staging;
mod stats;
mod temp;
mod tileset;
mod verbosity;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Compile, check, render and play Carcassonne tile sets written in `.tiles`.
#[derive(Debug, Parser)]
#[command(name = "tileforge", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Print only diagnostics, errors and the command's output: no summary lines, notes or progress bars.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    quiet: bool,
    /// Print notes too: where each required expansion was read from.
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    verbose: u8,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Parse and check tile sets; print every diagnostic (exit 1 on any error).
    Check(check::Args),
    /// Check tile sets, then write DIR/tileset.json and the PNG images under DIR/png.
    Build(build::Args),
    /// Check tile sets, then draw their tiles as PNG images (and contact sheets).
    Render(render::Args),
    /// Report the distribution of a tile set: totals, side patterns, what fits each side.
    Stats(stats::Args),
    /// Play one game with the seeded random player and write its game log.
    Play(play::Args),
    /// Replay a game log and print the scores by source and every scoring event.
    Score(score::Args),
    /// Play many seeded random games and report discards, points by source, seats, flights.
    Simulate(simulate::Args),
    /// Export tile sets for play-testing: a print-and-play PDF, a JCloisterZone add-on.
    Export(export::Args),
    /// Import tile sets from another program's files as `.tiles` drafts (`import jcz`).
    Import(import::Args),
    /// Serve a live preview page on 127.0.0.1: tiles, sheets, diagnostics, stats, redrawn on save.
    ///
    /// Prints the page's address (http://127.0.0.1:PORT/) on stdout and one
    /// line per compile on stderr. The page shows the checker's diagnostics
    /// as the terminal does, every tile's picture (click one for its derived
    /// features and fields and its JSON), the contact sheets and `stats`; it
    /// redraws itself within a moment of a file being saved. A set with
    /// errors shows its diagnostics and no pictures. Only this machine can
    /// reach it; it serves only what it compiled. Ctrl-C stops it. See
    /// docs/serve.md.
    Serve(serve::Args),
    /// Rewrite `.tiles` files in the one canonical layout (`--check`: only list those that differ).
    Fmt(fmt::Args),
    /// Run the language server on standard input and output (for editors; docs/editors.md).
    Lsp(lsp::Args),
    /// Print the JSON Schema of tileset.json.
    Schema,
    /// Print the standard prelude: every kind, attribute and symbol declared in `.tiles`.
    Prelude,
    /// Start a fan expansion: NAME/NAME.tiles (requires the base game) and NAME/README.md.
    New(new::Args),
    /// Explain a diagnostic code (`tileforge explain E0202`), or list every code.
    Explain(conventions::ExplainArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(conventions::CompletionsArgs),
    /// Print the manual page (roff) of tileforge and its subcommands.
    Man,
}

/// Why a command failed, which decides the exit code.
#[derive(Debug)]
pub enum Failure {
    /// The input has errors (exit 1); they were already printed.
    Input,
    /// Bad usage or an I/O problem (exit 2), with a one-line message.
    Usage(String),
}

impl Failure {
    fn io(context: impl std::fmt::Display, error: &std::io::Error) -> Failure {
        Failure::Usage(format!("{context}: {error}"))
    }
}

/// Runs the command line and returns the process exit code.
#[must_use]
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    verbosity::set(cli.quiet, cli.verbose);
    let result = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Build(args) => build::run(&args),
        Command::Stats(args) => stats::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Score(args) => score::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Simulate(args) => simulate::run(&args),
        Command::Export(args) => export::run(&args),
        Command::Import(args) => import::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Fmt(args) => fmt::run(&args),
        Command::Lsp(args) => lsp::run(&args),
        Command::Schema => output::stdout(&crate::emit::schema()),
        Command::Prelude => output::stdout(crate::prelude::TEXT),
        Command::New(args) => new::run(&args),
        Command::Explain(args) => conventions::explain(&args),
        Command::Completions(args) => conventions::completions(&args),
        Command::Man => conventions::man(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input) => ExitCode::from(1),
        Err(Failure::Usage(message)) => {
            eprintln!("error: {}", output::printable(&message));
            ExitCode::from(2)
        }
    }
}
