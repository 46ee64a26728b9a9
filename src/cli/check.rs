//! `tileforge check PATH...`

use std::path::PathBuf;

use super::input::{compile_inputs, Colour, Format};
use super::Failure;

/// Arguments of `check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `.tiles` files, or directories of them, checked together as one set.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// How to print diagnostics: `text` (stderr) or `json` (stdout, for editors).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// When to colour text diagnostics.
    #[arg(long, value_enum, default_value_t)]
    color: Colour,
    /// Print how long each pass took.
    #[arg(long)]
    timings: bool,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    compile_inputs(&args.paths, args.format, args.color, args.timings).map(|_| ())
}
