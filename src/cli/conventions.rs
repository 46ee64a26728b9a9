//! The commands every command-line tool is expected to have: `explain CODE`
//! (a diagnostic code's explanation, from docs/diagnostics.md), `completions
//! SHELL` (clap_complete) and `man` (clap_mangen).

use clap::CommandFactory;

use super::{output, Cli, Failure};
use crate::diag::explain;
use crate::diag::Code;

/// Arguments of `explain`.
#[derive(Debug, clap::Args)]
pub struct ExplainArgs {
    /// A diagnostic code such as E0202 (any case); without one, every code is listed.
    code: Option<String>,
}

/// Arguments of `completions`.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    shell: clap_complete::Shell,
}

pub fn explain(args: &ExplainArgs) -> Result<(), Failure> {
    let Some(text) = &args.code else {
        let list: String = Code::ALL
            .iter()
            .map(|c| format!("{c}  {}\n", c.title()))
            .collect();
        return output::stdout(&list);
    };
    match explain::parse(text) {
        Some(code) => output::stdout(&explain::explain(code)),
        None => {
            let codes: Vec<String> = Code::ALL
                .iter()
                .map(|c| c.as_str().to_ascii_lowercase())
                .collect();
            let codes: Vec<&str> = codes.iter().map(String::as_str).collect();
            let hint = crate::diag::did_you_mean(text.trim(), &codes)
                .map(|c| format!(" (did you mean {}?)", c.to_ascii_uppercase()))
                .unwrap_or_default();
            Err(Failure::Usage(format!(
                "`{text}` is not a diagnostic code{hint}; `tileforge explain` lists them"
            )))
        }
    }
}

pub fn completions(args: &CompletionsArgs) -> Result<(), Failure> {
    let mut bytes = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "tileforge", &mut bytes);
    output::stdout(&String::from_utf8_lossy(&bytes))
}

pub fn man() -> Result<(), Failure> {
    let mut bytes = Vec::new();
    let command = Cli::command();
    clap_mangen::Man::new(command.clone())
        .render(&mut bytes)
        .map_err(|e| Failure::io("man page", &e))?;
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("tileforge-{}", sub.get_name());
        let sub = sub.clone().display_name(name);
        clap_mangen::Man::new(sub)
            .render(&mut bytes)
            .map_err(|e| Failure::io("man page", &e))?;
    }
    output::stdout(&String::from_utf8_lossy(&bytes))
}
