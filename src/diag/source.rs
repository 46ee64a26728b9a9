//! Source files and byte spans into them.

/// Identifies a file in a [`SourceMap`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

impl FileId {
    /// The embedded standard prelude, known to every [`SourceMap`].
    pub const PRELUDE: FileId = FileId(u32::MAX);
}

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// The file.
    pub file: FileId,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span in `file` from `start` to `end`.
    #[must_use]
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span { file, start, end }
    }

    /// The smallest span covering both.
    #[must_use]
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// The source files of one run: names and text, addressed by [`FileId`], each
/// with the byte offsets of its line starts so that a position costs a binary
/// search, not a rescan of the file.
#[derive(Debug, Default)]
pub struct SourceMap {
    files: Vec<(String, String, Vec<usize>)>,
}

impl SourceMap {
    /// An empty map.
    #[must_use]
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Adds a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let id = FileId(u32::try_from(self.files.len()).unwrap_or(u32::MAX));
        let text = text.into();
        let starts = line_starts(&text);
        self.files.push((name.into(), text, starts));
        id
    }

    /// A file's name.
    #[must_use]
    pub fn name(&self, file: FileId) -> &str {
        if file == FileId::PRELUDE {
            return crate::prelude::NAME;
        }
        self.files
            .get(file.0 as usize)
            .map_or("<unknown>", |(n, _, _)| n.as_str())
    }

    /// A file's text.
    #[must_use]
    pub fn text(&self, file: FileId) -> &str {
        if file == FileId::PRELUDE {
            return crate::prelude::TEXT;
        }
        self.files
            .get(file.0 as usize)
            .map_or("", |(_, t, _)| t.as_str())
    }

    /// All file ids in order.
    pub fn ids(&self) -> impl Iterator<Item = FileId> + '_ {
        (0..self.files.len()).map(|i| FileId(u32::try_from(i).unwrap_or(u32::MAX)))
    }

    /// 0-based index of the line holding a byte offset (the last line for an
    /// offset past the end).
    #[must_use]
    pub fn line_index(&self, file: FileId, offset: usize) -> usize {
        let starts = self.starts(file);
        starts.partition_point(|&s| s <= offset).saturating_sub(1)
    }

    /// The byte range of a line, without its line break; empty past the end.
    #[must_use]
    pub fn line_range(&self, file: FileId, line: usize) -> std::ops::Range<usize> {
        let text = self.text(file);
        let starts = self.starts(file);
        let Some(&start) = starts.get(line) else {
            return text.len()..text.len();
        };
        let end = starts.get(line + 1).map_or(text.len(), |&next| next - 1);
        let end = if text[start..end].ends_with('\r') {
            end - 1
        } else {
            end
        };
        start..end
    }

    /// Number of lines of a file (an empty file has one).
    #[must_use]
    pub fn line_count(&self, file: FileId) -> usize {
        self.starts(file).len()
    }

    /// 1-based line and column (in characters) of a byte offset.
    #[must_use]
    pub fn line_col(&self, file: FileId, offset: usize) -> (usize, usize) {
        let text = self.text(file);
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.line_index(file, offset);
        let start = self
            .starts(file)
            .get(line)
            .copied()
            .unwrap_or(0)
            .min(offset);
        (line + 1, text[start..offset].chars().count() + 1)
    }

    fn starts(&self, file: FileId) -> &[usize] {
        if file == FileId::PRELUDE {
            static PRELUDE: std::sync::OnceLock<Vec<usize>> = std::sync::OnceLock::new();
            return PRELUDE.get_or_init(|| line_starts(crate::prelude::TEXT));
        }
        self.files
            .get(file.0 as usize)
            .map_or(&[0][..], |(_, _, s)| s.as_slice())
    }
}

/// Byte offsets where lines start: 0, then one past every `\n`.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

/// The largest character boundary at or before `offset`.
pub(super) fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::SourceMap;

    #[test]
    fn positions_come_from_the_line_index() {
        let mut sources = SourceMap::new();
        let file = sources.add("t", "ab\r\nçd\n\nx");
        assert_eq!(sources.line_count(file), 4);
        assert_eq!(sources.line_col(file, 0), (1, 1));
        assert_eq!(sources.line_col(file, 4), (2, 1));
        // `ç` is two bytes, one column.
        assert_eq!(sources.line_col(file, 6), (2, 2));
        assert_eq!(sources.line_col(file, 8), (3, 1));
        assert_eq!(sources.line_col(file, 9), (4, 1));
        assert_eq!(sources.line_col(file, 99), (4, 2));
        assert_eq!(sources.line_range(file, 0), 0..2);
        assert_eq!(sources.line_range(file, 1), 4..7);
        assert_eq!(sources.line_range(file, 2), 8..8);
        assert_eq!(sources.line_range(file, 3), 9..10);
        assert_eq!(sources.line_range(file, 4), 10..10);
    }
}
