//! The whole front half of the pipeline in one call: parse every file, lower,
//! check. Used by the CLI, the tests and the benchmarks.

use std::time::{Duration, Instant};

use crate::check::{check, Checked};
use crate::diag::{Diagnostic, FileId, SourceMap};
use crate::ir::lower;
use crate::syntax::parse;

/// What compiling produced.
#[derive(Debug)]
pub struct Compiled {
    /// The checked set, when there was no error.
    pub checked: Option<Checked>,
    /// Every diagnostic, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// How long each pass took.
    pub timings: Timings,
}

/// Time spent in each pass, for `--timings`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timings {
    /// Parsing all files.
    pub parse: Duration,
    /// Lowering (including field derivation).
    pub lower: Duration,
    /// Set-level checks.
    pub check: Duration,
}

impl Compiled {
    /// True when at least one diagnostic is an error.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Compiles the given files of `sources` together, as one tile set.
#[must_use]
pub fn compile(sources: &SourceMap, files: &[FileId]) -> Compiled {
    let mut timings = Timings::default();
    let started = Instant::now();
    let mut diagnostics = Vec::new();
    let mut asts = Vec::with_capacity(files.len());
    for &file in files {
        let (ast, mut d) = parse(file, sources.text(file));
        diagnostics.append(&mut d);
        asts.push(ast);
    }
    timings.parse = started.elapsed();
    let started = Instant::now();
    let mut lowered = lower(&asts);
    timings.lower = started.elapsed();
    diagnostics.append(&mut lowered.diagnostics);
    lowered.diagnostics = diagnostics;
    let started = Instant::now();
    let (checked, diagnostics) = check(lowered);
    timings.check = started.elapsed();
    Compiled {
        checked,
        diagnostics,
        timings,
    }
}

/// Compiles one text named `input.tiles`, for tests and examples.
///
/// # Errors
/// The rendered diagnostics when the text has an error.
pub fn compile_str(text: &str) -> Result<Checked, String> {
    let mut sources = SourceMap::new();
    let file = sources.add("input.tiles", text);
    let compiled = compile(&sources, &[file]);
    match compiled.checked {
        Some(checked) if !compiled.has_errors() => Ok(checked),
        _ => Err(crate::diag::render_all(
            &sources,
            &compiled.diagnostics,
            false,
        )),
    }
}
