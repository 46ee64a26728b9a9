//! Diagnostics: spans into source files, errors and warnings with stable codes,
//! and the one place that renders them (rustc style, via codespan-reporting).

mod code;
mod excerpt;
pub mod explain;
mod limit;
mod render;
mod source;
mod suggest;

pub use code::Code;
pub use limit::{limit, Omitted, MAX_PER_FILE};
pub use render::{render_all, render_json};
pub use source::{FileId, SourceMap, Span};
pub use suggest::did_you_mean;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Something worth knowing; the input is still accepted.
    Warning,
    /// The input is rejected.
    Error,
}

/// A labelled span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What is there (may be empty).
    pub message: String,
}

/// One error or warning, with everything needed to render it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code; also decides the severity.
    pub code: Code,
    /// One-line message.
    pub message: String,
    /// The primary span and its label.
    pub primary: Label,
    /// Further labelled spans ("first defined here").
    pub secondary: Vec<Label>,
    /// A suggestion, if one helps.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with a primary span and an empty label.
    #[must_use]
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            message: message.into(),
            primary: Label {
                span,
                message: String::new(),
            },
            secondary: Vec::new(),
            help: None,
        }
    }

    /// Sets the primary label.
    #[must_use]
    pub fn label(mut self, message: impl Into<String>) -> Diagnostic {
        self.primary.message = message.into();
        self
    }

    /// Adds a secondary labelled span.
    #[must_use]
    pub fn with(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.secondary.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// Adds a help line.
    #[must_use]
    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// The severity, fixed by the code.
    #[must_use]
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }

    /// True for errors.
    #[must_use]
    pub fn is_error(&self) -> bool {
        self.severity() == Severity::Error
    }
}

/// Sorts diagnostics by file and position, errors before warnings at a tie,
/// so output is stable whatever order the passes found them in.
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by_key(|d| {
        (
            d.primary.span.file,
            d.primary.span.start,
            std::cmp::Reverse(d.severity()),
            d.code,
        )
    });
}
