//! `tileforge lsp`: the language server on standard input and output
//! (`crate::lsp`); editors start it (docs/editors.md).

use super::Failure;

/// Arguments of `lsp` (none; `--stdio`, which some clients pass, is accepted).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Talk over standard input and output (the only way; accepted for clients that pass it).
    #[arg(long)]
    stdio: bool,
}

pub fn run(_args: &Args) -> Result<(), Failure> {
    crate::lsp::run_stdio().map_err(|e| Failure::Usage(format!("lsp: {e}")))
}
