//! `tileforge stats PATH...`: the static distribution report.

use std::path::PathBuf;

use super::input::{compile_inputs, Colour, Format};
use super::Failure;

/// Arguments of `stats`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `.tiles` files, or directories of them, taken together as one set.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Print the report as JSON on stdout instead of text tables.
    #[arg(long)]
    json: bool,
    /// When to colour diagnostics.
    #[arg(long, value_enum, default_value_t)]
    color: Colour,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let (_, compiled) = compile_inputs(&args.paths, Format::Text, args.color, false)?;
    let Some(checked) = compiled.checked else {
        return Err(Failure::Input);
    };
    let report = crate::stats::report(&checked);
    if args.json {
        super::output::stdout(&crate::emit::to_json(&report))?;
    } else {
        super::output::stdout(&crate::stats::render_text(&report))?;
    }
    Ok(())
}
