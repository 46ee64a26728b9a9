//! The lines one diagnostic shows, clipped, as a codespan-reporting file set:
//! only the lines its labels touch (with the context codespan wants), each cut
//! to a window around the labels. A diagnostic on a 40 KB line prints about a
//! hundred characters of it, and a label spanning a million lines costs a few.

use std::collections::BTreeMap;
use std::ops::Range;

use codespan_reporting::files::{Error, Files};

use super::source::floor_char_boundary;
use super::{FileId, SourceMap, Span};

/// Characters of a source line shown at most.
pub const LINE_WINDOW: usize = 120;
/// Characters kept before the first label of a clipped line.
const LEAD: usize = 40;
/// Marks text cut from a line.
const ELLIPSIS: &str = "…";
/// Lines after the start of a multi-line label that codespan shows
/// (`Config::start_context_lines`).
const START_CONTEXT: usize = 3;

/// One line of an excerpt: a clipped source line, or a placeholder standing
/// for lines left out (never shown; codespan draws `·` there).
struct Line {
    /// 1-based line number in the source file.
    number: usize,
    /// Its range in the excerpt text, line break included.
    range: Range<usize>,
    /// The source bytes it shows.
    shown: Range<usize>,
    /// Bytes of the leading ellipsis (0 when the line starts unclipped).
    prefix: usize,
}

/// The excerpt of one source file.
struct View {
    file: FileId,
    text: String,
    lines: Vec<Line>,
    /// Source line index → excerpt line index.
    by_source: BTreeMap<usize, usize>,
}

/// The clipped excerpts of every file one diagnostic's labels point into.
pub struct Excerpt<'s> {
    sources: &'s SourceMap,
    views: Vec<View>,
}

impl<'s> Excerpt<'s> {
    /// The excerpt showing `spans` (clamped to their files).
    pub fn new(sources: &'s SourceMap, spans: &[Span]) -> Excerpt<'s> {
        let mut files: Vec<FileId> = spans.iter().map(|s| s.file).collect();
        files.sort_unstable();
        files.dedup();
        let views = files
            .into_iter()
            .map(|file| {
                let spans: Vec<Range<usize>> = spans
                    .iter()
                    .filter(|s| s.file == file)
                    .map(|&s| clamp(sources, s))
                    .collect();
                view(sources, file, &spans)
            })
            .collect();
        Excerpt { sources, views }
    }

    /// The excerpt file id and range that stand for a source span.
    pub fn place(&self, span: Span) -> (usize, Range<usize>) {
        let Some(id) = self.views.iter().position(|v| v.file == span.file) else {
            return (0, 0..0);
        };
        let view = &self.views[id];
        let range = clamp(self.sources, span);
        let at = |offset: usize| {
            let line = self.sources.line_index(view.file, offset);
            view.by_source.get(&line).map_or(0, |&i| {
                let l = &view.lines[i];
                let inside = offset.clamp(l.shown.start, l.shown.end);
                l.range.start + l.prefix + (inside - l.shown.start)
            })
        };
        let (start, end) = (at(range.start), at(range.end));
        (id, start..end.max(start))
    }

    fn view(&self, id: usize) -> Result<&View, Error> {
        self.views.get(id).ok_or(Error::FileMissing)
    }
}

impl<'a> Files<'a> for Excerpt<'_> {
    type FileId = usize;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: usize) -> Result<&'a str, Error> {
        Ok(self.sources.name(self.view(id)?.file))
    }

    fn source(&'a self, id: usize) -> Result<&'a str, Error> {
        Ok(&self.view(id)?.text)
    }

    fn line_index(&'a self, id: usize, byte_index: usize) -> Result<usize, Error> {
        let lines = &self.view(id)?.lines;
        Ok(lines
            .partition_point(|l| l.range.start <= byte_index)
            .saturating_sub(1))
    }

    fn line_number(&'a self, id: usize, line_index: usize) -> Result<usize, Error> {
        Ok(self.line(id, line_index)?.number)
    }

    fn column_number(
        &'a self,
        id: usize,
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, Error> {
        // The column in the source line, not in the clipped one.
        let view = self.view(id)?;
        let line = self.line(id, line_index)?;
        let into = byte_index.saturating_sub(line.range.start + line.prefix);
        let offset = (line.shown.start + into).min(line.shown.end);
        Ok(self.sources.line_col(view.file, offset).1)
    }

    fn line_range(&'a self, id: usize, line_index: usize) -> Result<Range<usize>, Error> {
        Ok(self.line(id, line_index)?.range.clone())
    }
}

impl Excerpt<'_> {
    fn line(&self, id: usize, index: usize) -> Result<&Line, Error> {
        let view = self.view(id)?;
        view.lines.get(index).ok_or(Error::LineTooLarge {
            given: index,
            max: view.lines.len().saturating_sub(1),
        })
    }
}

/// Builds the excerpt of one file for some spans in it.
fn view(sources: &SourceMap, file: FileId, spans: &[Range<usize>]) -> View {
    // Source lines to show, each with the offsets that must stay visible.
    let mut wanted: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for span in spans {
        let first = sources.line_index(file, span.start);
        let last = sources.line_index(file, span.end);
        wanted.entry(first).or_default().push(span.start);
        wanted.entry(last).or_default().push(span.end);
        if last > first {
            for line in (first + 1..last).take(START_CONTEXT).chain([last - 1]) {
                wanted.entry(line).or_default();
            }
        }
    }
    // codespan prints a single line between two shown ones instead of a break.
    let between: Vec<usize> = wanted
        .keys()
        .zip(wanted.keys().skip(1))
        .filter(|(&a, &b)| b == a + 2)
        .map(|(&a, _)| a + 1)
        .collect();
    for line in between {
        wanted.entry(line).or_default();
    }
    let text = sources.text(file);
    let mut view = View {
        file,
        text: String::new(),
        lines: Vec::new(),
        by_source: BTreeMap::new(),
    };
    let mut previous: Option<usize> = None;
    for (&line, offsets) in &wanted {
        if previous.is_some_and(|p| line > p + 1) {
            // Two placeholders: codespan draws a break for a gap of two lines.
            for _ in 0..2 {
                let at = view.text.len();
                view.text.push('\n');
                view.lines.push(Line {
                    number: line,
                    range: at..at + 1,
                    shown: 0..0,
                    prefix: 0,
                });
            }
        }
        previous = Some(line);
        let full = sources.line_range(file, line);
        let shown = window(text, full.clone(), offsets);
        let at = view.text.len();
        let prefix = if shown.start > full.start {
            view.text.push_str(ELLIPSIS);
            ELLIPSIS.len()
        } else {
            0
        };
        push_visible(&mut view.text, &text[shown.clone()]);
        if shown.end < full.end {
            view.text.push_str(ELLIPSIS);
        }
        view.text.push('\n');
        view.by_source.insert(line, view.lines.len());
        view.lines.push(Line {
            number: line + 1,
            range: at..view.text.len(),
            shown,
            prefix,
        });
    }
    view
}

/// Appends source text as it may reach a terminal: a control character
/// (ESC would start an escape sequence) or a bidirectional override
/// (U+202E shows the line reversed) becomes `?`s of the same length in
/// bytes, so every offset into the excerpt stays where it was.
fn push_visible(out: &mut String, text: &str) {
    for c in text.chars() {
        let hidden = (c.is_control() && c != '\t')
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if hidden {
            out.extend(std::iter::repeat_n('?', c.len_utf8()));
        } else {
            out.push(c);
        }
    }
}

/// The part of a line to show: all of it when short, else [`LINE_WINDOW`]
/// characters starting a little before the first offset that must be seen.
fn window(text: &str, line: Range<usize>, offsets: &[usize]) -> Range<usize> {
    let body = &text[line.clone()];
    if body.len() <= LINE_WINDOW || body.chars().nth(LINE_WINDOW).is_none() {
        return line;
    }
    let first = offsets
        .iter()
        .map(|&o| o.clamp(line.start, line.end))
        .min()
        .unwrap_or(line.start);
    let start = text[line.start..first]
        .char_indices()
        .rev()
        .nth(LEAD - 1)
        .map_or(line.start, |(i, _)| line.start + i);
    let end = text[start..line.end]
        .char_indices()
        .nth(LINE_WINDOW)
        .map_or(line.end, |(i, _)| start + i);
    start..end
}

/// Keeps a span inside its file and on character boundaries.
pub fn clamp(sources: &SourceMap, span: Span) -> Range<usize> {
    let text = sources.text(span.file);
    let start = floor_char_boundary(text, span.start.min(text.len()));
    let mut end = span.end.clamp(start, text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn excerpt_of(text: &str, spans: &[(usize, usize)]) -> (String, Vec<Range<usize>>) {
        let mut sources = SourceMap::new();
        let file = sources.add("t.tiles", text);
        let spans: Vec<Span> = spans.iter().map(|&(a, b)| Span::new(file, a, b)).collect();
        let excerpt = Excerpt::new(&sources, &spans);
        let placed = spans.iter().map(|&s| excerpt.place(s).1).collect();
        (excerpt.views[0].text.clone(), placed)
    }

    #[test]
    fn a_short_line_is_shown_whole() {
        let (text, placed) = excerpt_of("tile a {\n  city Q\n}\n", &[(16, 17)]);
        assert_eq!(text, "  city Q\n");
        assert_eq!(&text[placed[0].clone()], "Q");
    }

    #[test]
    fn a_long_line_is_cut_around_the_label() {
        let line = format!("{}BAD{}", "x".repeat(5000), "y".repeat(5000));
        let (text, placed) = excerpt_of(&line, &[(5000, 5003)]);
        assert!(text.chars().count() <= LINE_WINDOW + 3, "{}", text.len());
        assert!(text.starts_with(ELLIPSIS) && text.ends_with("…\n"));
        assert_eq!(&text[placed[0].clone()], "BAD");
    }

    #[test]
    fn a_long_label_is_cut_at_the_window() {
        let line = "z".repeat(100_000);
        let (text, placed) = excerpt_of(&line, &[(10, 90_000)]);
        assert!(text.len() < 400);
        assert!(placed[0].end <= text.len());
    }

    #[test]
    fn lines_between_far_labels_are_left_out() {
        let text: String = (0..100_000).map(|i| format!("line {i}\n")).collect();
        let end = text.len() - 2;
        let (shown, _) = excerpt_of(&text, &[(0, end)]);
        assert!(shown.lines().count() < 10, "{shown}");
        assert!(shown.contains("line 99999"));
    }

    #[test]
    fn column_numbers_are_those_of_the_source() {
        let mut sources = SourceMap::new();
        let line = format!("{}é{}", "a".repeat(3000), "b".repeat(3000));
        let file = sources.add("t.tiles", line);
        let span = Span::new(file, 3000, 3002);
        let excerpt = Excerpt::new(&sources, &[span]);
        let (id, range) = excerpt.place(span);
        let line_index = excerpt.line_index(id, range.start).unwrap();
        assert_eq!(excerpt.line_number(id, line_index).unwrap(), 1);
        assert_eq!(
            excerpt.column_number(id, line_index, range.start).unwrap(),
            3001
        );
    }
}
