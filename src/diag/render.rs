//! Renders diagnostics: rustc-style text (codespan-reporting) or JSON for
//! editors. Both show at most [`MAX_PER_FILE`] diagnostics per file, then say
//! how many more there were; text snippets are clipped ([`excerpt`]).
//!
//! [`excerpt`]: super::excerpt

use codespan_reporting::diagnostic as cs;
use codespan_reporting::term::{self, termcolor::Buffer};

use super::excerpt::{clamp, Excerpt};
use super::limit::{limit, Omitted, MAX_PER_FILE};
use super::{Diagnostic, Severity, SourceMap};

/// Renders diagnostics as rustc-style text, with or without ANSI colours.
#[must_use]
pub fn render_all(sources: &SourceMap, diagnostics: &[Diagnostic], colour: bool) -> String {
    let mut buffer = if colour {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    let config = term::Config::default();
    let (shown, omitted) = limit(diagnostics);
    for d in shown {
        let spans: Vec<_> = std::iter::once(&d.primary)
            .chain(&d.secondary)
            .map(|l| l.span)
            .collect();
        let excerpt = Excerpt::new(sources, &spans);
        let label = |l: &super::Label, primary: bool| {
            let (file, range) = excerpt.place(l.span);
            let label = if primary {
                cs::Label::primary(file, range)
            } else {
                cs::Label::secondary(file, range)
            };
            label.with_message(l.message.clone())
        };
        let mut labels = vec![label(&d.primary, true)];
        labels.extend(d.secondary.iter().map(|l| label(l, false)));
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
        // Rendering only fails on a range outside its excerpt, which `place` rules out.
        let _ = term::emit_to_write_style(&mut buffer, &config, &excerpt, &out);
    }
    let mut text = String::from_utf8_lossy(buffer.as_slice()).into_owned();
    for o in &omitted {
        text.push_str(&format!(
            "note: {} in {} not shown (at most {MAX_PER_FILE} diagnostics per file)\n\n",
            o.counts(),
            sources.name(o.file)
        ));
    }
    text
}

/// Renders diagnostics as a JSON array for editors: one object per diagnostic
/// with code, severity, message, file, 1-based line/column, byte range, labels,
/// help; then, for each file with more than [`MAX_PER_FILE`], one object of
/// severity `note` saying how many were left out (`omitted_errors`,
/// `omitted_warnings`), placed at the first one left out.
#[must_use]
pub fn render_json(sources: &SourceMap, diagnostics: &[Diagnostic]) -> String {
    let label = |l: &super::Label| {
        let range = clamp(sources, l.span);
        let (line, column) = sources.line_col(l.span.file, range.start);
        serde_json::json!({
            "file": sources.name(l.span.file),
            "start": range.start,
            "end": range.end,
            "line": line,
            "column": column,
            "message": l.message,
        })
    };
    let (shown, omitted) = limit(diagnostics);
    let mut items: Vec<_> = shown
        .into_iter()
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
    items.extend(omitted.iter().map(|o: &Omitted| {
        let mut v = label(&super::Label {
            span: o.first,
            message: String::new(),
        });
        v["code"] = serde_json::Value::Null;
        v["severity"] = "note".into();
        v["message"] = format!(
            "{} not shown (at most {MAX_PER_FILE} diagnostics per file)",
            o.counts()
        )
        .into();
        v["label"] = "".into();
        v["secondary"] = serde_json::json!([]);
        v["help"] = serde_json::Value::Null;
        v["omitted_errors"] = o.errors.into();
        v["omitted_warnings"] = o.warnings.into();
        v
    }));
    serde_json::to_string_pretty(&items).unwrap_or_else(|_| "[]".to_string())
}
