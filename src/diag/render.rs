//! Renders diagnostics: rustc-style text (codespan-reporting) or JSON for editors.

use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor::Buffer};

use super::{Diagnostic, Severity, SourceMap};

/// Renders diagnostics as rustc-style text, with or without ANSI colours.
#[must_use]
pub fn render_all(sources: &SourceMap, diagnostics: &[Diagnostic], colour: bool) -> String {
    let mut files = SimpleFiles::new();
    for id in sources.ids() {
        files.add(sources.name(id).to_string(), sources.text(id).to_string());
    }
    // The prelude is the file after the map's own, when a diagnostic points there.
    let prelude = files.add(
        sources.name(super::FileId::PRELUDE).to_string(),
        sources.text(super::FileId::PRELUDE).to_string(),
    );
    let index = |file: super::FileId| {
        if file == super::FileId::PRELUDE {
            prelude
        } else {
            file.0 as usize
        }
    };
    let mut buffer = if colour {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    let config = term::Config::default();
    for d in diagnostics {
        let file = index(d.primary.span.file);
        let primary = cs::Label::primary(file, clamp(sources, d.primary.span))
            .with_message(d.primary.message.clone());
        let mut labels = vec![primary];
        labels.extend(d.secondary.iter().map(|l| {
            cs::Label::secondary(index(l.span.file), clamp(sources, l.span))
                .with_message(l.message.clone())
        }));
        let base = match d.severity() {
            Severity::Error => cs::Diagnostic::error(),
            Severity::Warning => cs::Diagnostic::warning(),
        };
        let mut out = base
            .with_code(d.code.as_str())
            .with_message(&d.message)
            .with_labels(labels);
        if let Some(help) = &d.help {
            out = out.with_notes(vec![format!("help: {help}")]);
        }
        // Rendering only fails on a span outside its file, which `clamp` rules out.
        let _ = term::emit_to_write_style(&mut buffer, &config, &files, &out);
    }
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
}

/// Keeps a span inside its file and on character boundaries.
fn clamp(sources: &SourceMap, span: super::Span) -> std::ops::Range<usize> {
    let text = sources.text(span.file);
    let mut start = span.start.min(text.len());
    let mut end = span.end.clamp(start, text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    while !text.is_char_boundary(end) {
        end += 1;
    }
    start..end
}

/// Renders diagnostics as a JSON array for editors: one object per diagnostic
/// with code, severity, message, file, 1-based line/column, byte range, labels, help.
#[must_use]
pub fn render_json(sources: &SourceMap, diagnostics: &[Diagnostic]) -> String {
    let label = |l: &super::Label| {
        let (line, column) = sources.line_col(l.span.file, l.span.start);
        serde_json::json!({
            "file": sources.name(l.span.file),
            "start": l.span.start,
            "end": l.span.end,
            "line": line,
            "column": column,
            "message": l.message,
        })
    };
    let items: Vec<_> = diagnostics
        .iter()
        .map(|d| {
            let mut v = label(&d.primary);
            v["code"] = d.code.as_str().into();
            v["severity"] = match d.severity() {
                Severity::Error => "error",
                Severity::Warning => "warning",
            }
            .into();
            v["message"] = d.message.clone().into();
            v["label"] = d.primary.message.clone().into();
            v["secondary"] = d.secondary.iter().map(label).collect::<Vec<_>>().into();
            v["help"] = d.help.clone().into();
            v
        })
        .collect();
    serde_json::to_string_pretty(&items).unwrap_or_else(|_| "[]".to_string())
}
