//! `tileforge serve PATH... [--port N]`: the live preview page (see
//! [`crate::serve`]). The inputs are read here, as every command reads them.

use std::path::PathBuf;

use super::Failure;
use crate::serve::{Input, Inputs, Server};

/// The port `serve` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7878;

/// Arguments of `serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `.tiles` files, or directories of them, compiled together as one set
    /// and compiled again whenever one is saved (a directory's `.tiles` files
    /// may come and go).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The port on 127.0.0.1 to serve the page on; 0 picks a free one (the
    /// address is printed either way).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_PORT)]
    port: u16,
}

/// The command line's inputs, read afresh for each compile.
struct Files {
    paths: Vec<PathBuf>,
}

impl Inputs for Files {
    fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    fn read(&self) -> Input {
        let message = |f: Failure| match f {
            Failure::Usage(m) => m,
            Failure::Input => "the inputs cannot be read".to_string(),
        };
        let files = super::input::tiles_files(&self.paths).map_err(message)?;
        super::input::read_sources(&files).map_err(message)
    }
}

pub fn run(args: &Args) -> Result<(), Failure> {
    if let Some(stdin) = args.paths.iter().find(|p| super::read::is_stdin(p)) {
        return Err(Failure::Usage(format!(
            "`serve` watches files, so it cannot read `{}` (standard input): name the files",
            stdin.display()
        )));
    }
    let files = Files {
        paths: args.paths.clone(),
    };
    let server = Server::bind(args.port, Box::new(files)).map_err(Failure::Usage)?;
    let url = server.url();
    // The address alone on stdout, for scripts; the rest on stderr.
    super::output::stdout(&format!("{url}\n"))?;
    eprintln!(
        "serving the preview of {} at {url} (127.0.0.1 only); it redraws when a file is saved{}. Ctrl-C stops.",
        plural_files(args.paths.len()),
        if server.polling() { " (polling: the system's file watcher is unavailable)" } else { "" }
    );
    server
        .run(|line| eprintln!("{}", super::output::printable(line)))
        .map_err(Failure::Usage)
}

fn plural_files(n: usize) -> String {
    if n == 1 {
        "1 path".to_string()
    } else {
        format!("{n} paths")
    }
}
