//! `tileforge fmt [--check] PATH...`: rewrites `.tiles` files in the canonical
//! layout (`crate::fmt`), or with `--check` lists those that are not.

use std::io::IsTerminal;
use std::path::PathBuf;

use super::input::tiles_files;
use super::Failure;
use crate::diag::{render_all, SourceMap};
use crate::fmt::{format, FmtError};

/// Arguments of `fmt`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `.tiles` files, or directories of them; `-` formats standard input to standard output.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Change nothing: list the files that are not formatted, exit 1 if any.
    #[arg(long)]
    check: bool,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let files = tiles_files(&args.paths)?;
    let mut sources = SourceMap::new();
    let mut failed = false;
    for path in &files {
        let name = super::read::display_name(path);
        let text = super::read::read_text(path, super::read::MAX_SOURCE)?;
        let id = sources.add(name.clone(), text);
        let text = sources.text(id);
        let formatted = match format(id, text) {
            Ok(formatted) => formatted,
            Err(FmtError::Syntax(diagnostics)) => {
                let colour = std::io::stderr().is_terminal();
                eprint!("{}", render_all(&sources, &diagnostics, colour));
                eprintln!("{name}: not formatted: fix its syntax errors first");
                failed = true;
                continue;
            }
            Err(FmtError::Changed) => {
                return Err(Failure::Usage(format!(
                    "{name}: the canonical layout would parse differently (a statement \
                     starting with a top-level keyword on a line of its own? see \
                     docs/language.md, Layout); the file is left as it is"
                )))
            }
        };
        if super::read::is_stdin(path) {
            if args.check {
                failed |= formatted != text;
            } else {
                super::output::stdout(&formatted)?;
            }
        } else if formatted != text {
            if args.check {
                println!("{name}");
                failed = true;
            } else {
                super::output::rewrite_atomic(path, formatted.as_bytes())?;
            }
        }
    }
    if failed {
        Err(Failure::Input)
    } else {
        Ok(())
    }
}
