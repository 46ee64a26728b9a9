//! One document compiled with what it requires: the syntax trees, the
//! checked set and every diagnostic, and the diagnostics in the protocol's
//! terms (codes, help lines, related spans in other files).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use lsp_types::{DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Uri};

use super::position::{Encoding, Lines};
use super::uri;
use super::workspace::{self, Disk, MAX_SOURCE};
use crate::check::{check, Checked};
use crate::diag::{Diagnostic, FileId, Severity, SourceMap, Span};
use crate::ir::lower;
use crate::syntax::{self, ast};

/// At most this many diagnostics are published for a document.
pub const MAX_DIAGNOSTICS: usize = 100;

/// An open document, as the editor last sent it.
#[derive(Clone, Debug)]
pub struct Document {
    /// Its URI.
    pub uri: Uri,
    /// Its path, for a `file://` URI.
    pub path: Option<PathBuf>,
    /// The editor's version number.
    pub version: i32,
    /// The text.
    pub text: Arc<String>,
}

/// What compiling a document produced.
pub struct Analysis {
    /// The document's version.
    pub version: i32,
    /// Its text, as analysed.
    pub text: Arc<String>,
    /// Its line index.
    pub lines: Lines,
    /// The document and the files it requires.
    pub sources: SourceMap,
    /// The document's id in `sources`.
    pub doc: FileId,
    /// Where each file of `sources` is on disk.
    pub paths: HashMap<FileId, PathBuf>,
    /// The syntax trees, the document's first.
    pub asts: Vec<ast::File>,
    /// The checked set, when it compiled.
    pub checked: Option<Checked>,
    /// Every diagnostic, of every file.
    pub diagnostics: Vec<Diagnostic>,
    /// The expansion ids found around the document (for completing `requires`).
    pub available: Vec<String>,
    /// Too large to analyse.
    pub too_large: bool,
}

/// Compiles a document with the files it requires (found by
/// `workspace.rs`; an open document's text wins over its file on disk).
pub fn analyse(
    document: &Document,
    open: &HashMap<PathBuf, Arc<String>>,
    disk: &mut Disk,
    encoding: Encoding,
) -> Analysis {
    let text = document.text.clone();
    let mut sources = SourceMap::new();
    let name = document.path.as_ref().map_or_else(
        || document.uri.as_str().to_string(),
        |p| p.display().to_string(),
    );
    let too_large = text.len() > MAX_SOURCE;
    let doc = sources.add(
        name,
        if too_large {
            String::new()
        } else {
            text.to_string()
        },
    );
    let mut paths = HashMap::new();
    if let Some(p) = &document.path {
        paths.insert(doc, p.clone());
    }
    let mut available = Vec::new();
    let mut files = vec![doc];
    if !too_large {
        let own = workspace::header(&text);
        let mut found: HashMap<String, PathBuf> = HashMap::new();
        for dir in document
            .path
            .as_deref()
            .map(workspace::search_dirs)
            .unwrap_or_default()
        {
            for (path, header) in disk.directory(&dir) {
                let Some(id) = header.id else { continue };
                if Some(&path) != document.path.as_ref() && !found.contains_key(&id) {
                    available.push(id.clone());
                    found.insert(id, path);
                }
            }
        }
        let mut wanted = own.requires;
        let mut seen: Vec<String> = own.id.into_iter().collect();
        while let Some(id) = wanted.pop() {
            if seen.contains(&id) {
                continue;
            }
            seen.push(id.clone());
            let Some(path) = found.get(&id) else { continue };
            let text = match open.get(path) {
                Some(t) => Some(t.clone()),
                None => disk.read(path).map(|(t, _)| t),
            };
            let Some(text) = text else { continue };
            wanted.extend(workspace::header(&text).requires);
            let file = sources.add(path.display().to_string(), text.to_string());
            paths.insert(file, path.clone());
            files.push(file);
        }
        available.sort();
    }
    let mut diagnostics = Vec::new();
    let mut asts = Vec::with_capacity(files.len());
    for &file in &files {
        let (tree, mut d) = syntax::parse(file, sources.text(file));
        diagnostics.append(&mut d);
        asts.push(tree);
    }
    let mut lowered = lower(&asts);
    diagnostics.append(&mut lowered.diagnostics);
    lowered.diagnostics = diagnostics;
    let (checked, diagnostics) = check(lowered);
    Analysis {
        version: document.version,
        lines: Lines::new(&text, encoding),
        text,
        sources,
        doc,
        paths,
        asts,
        checked,
        diagnostics,
        available,
        too_large,
    }
}

impl Analysis {
    /// The URI of a file of the set (the prelude's copy for the prelude).
    #[must_use]
    pub fn uri_of(&self, file: FileId) -> Option<Uri> {
        if file == FileId::PRELUDE {
            return uri::prelude_path().and_then(|p| uri::from_path(&p));
        }
        self.paths.get(&file).and_then(|p| uri::from_path(p))
    }

    /// The text of a file of the set (the prelude's for the prelude).
    #[must_use]
    pub fn text_of(&self, file: FileId) -> &str {
        if file == self.doc {
            &self.text
        } else {
            self.sources.text(file)
        }
    }

    /// The location of a span in any file of the set.
    #[must_use]
    pub fn location(&self, span: Span, own: &Uri) -> Option<Location> {
        let uri = if span.file == self.doc {
            own.clone()
        } else {
            self.uri_of(span.file)?
        };
        let text = self.text_of(span.file);
        let range = if span.file == self.doc {
            self.lines.range(text, span.start, span.end)
        } else {
            Lines::new(text, self.lines_encoding()).range(text, span.start, span.end)
        };
        Some(Location::new(uri, range))
    }

    fn lines_encoding(&self) -> Encoding {
        self.lines.encoding()
    }

    /// The document's diagnostics in the protocol's terms: the first
    /// `MAX_DIAGNOSTICS`, then one saying how many more there are.
    #[must_use]
    pub fn lsp_diagnostics(&self, own: &Uri) -> Vec<lsp_types::Diagnostic> {
        if self.too_large {
            return vec![lsp_types::Diagnostic {
                range: self.lines.range(&self.text, 0, 0),
                severity: Some(DiagnosticSeverity::ERROR),
                source: Some("tileforge".into()),
                message: format!(
                    "this document is larger than {} MiB, the most tileforge reads; it is not checked",
                    MAX_SOURCE >> 20
                ),
                ..lsp_types::Diagnostic::default()
            }];
        }
        let mine: Vec<&Diagnostic> = self
            .diagnostics
            .iter()
            .filter(|d| d.primary.span.file == self.doc)
            .collect();
        let mut out: Vec<lsp_types::Diagnostic> = mine
            .iter()
            .take(MAX_DIAGNOSTICS)
            .map(|d| self.convert(d, own))
            .collect();
        if mine.len() > MAX_DIAGNOSTICS {
            let last = mine[MAX_DIAGNOSTICS - 1].primary.span;
            out.push(lsp_types::Diagnostic {
                range: self.lines.range(&self.text, last.start, last.end),
                severity: Some(DiagnosticSeverity::INFORMATION),
                source: Some("tileforge".into()),
                message: format!(
                    "{} more diagnostics not shown (`tileforge check` shows them all)",
                    mine.len() - MAX_DIAGNOSTICS
                ),
                ..lsp_types::Diagnostic::default()
            });
        }
        out
    }

    fn convert(&self, d: &Diagnostic, own: &Uri) -> lsp_types::Diagnostic {
        let span = d.primary.span;
        let mut message = d.message.clone();
        if !d.primary.message.is_empty() && d.primary.message != d.message {
            message.push_str(&format!(" ({})", d.primary.message));
        }
        if let Some(help) = &d.help {
            message.push_str(&format!("\nhelp: {help}"));
        }
        let related: Vec<DiagnosticRelatedInformation> = d
            .secondary
            .iter()
            .filter_map(|label| {
                Some(DiagnosticRelatedInformation {
                    location: self.location(label.span, own)?,
                    message: if label.message.is_empty() {
                        "see here".into()
                    } else {
                        label.message.clone()
                    },
                })
            })
            .collect();
        lsp_types::Diagnostic {
            range: self.lines.range(&self.text, span.start, span.end),
            severity: Some(match d.severity() {
                Severity::Error => DiagnosticSeverity::ERROR,
                Severity::Warning => DiagnosticSeverity::WARNING,
            }),
            code: Some(NumberOrString::String(d.code.as_str().to_string())),
            source: Some("tileforge".into()),
            message,
            related_information: (!related.is_empty()).then_some(related),
            ..lsp_types::Diagnostic::default()
        }
    }
}
