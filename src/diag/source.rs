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

/// The source files of one run: names and text, addressed by [`FileId`].
#[derive(Debug, Default)]
pub struct SourceMap {
    files: Vec<(String, String)>,
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
        self.files.push((name.into(), text.into()));
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
            .map_or("<unknown>", |(n, _)| n.as_str())
    }

    /// A file's text.
    #[must_use]
    pub fn text(&self, file: FileId) -> &str {
        if file == FileId::PRELUDE {
            return crate::prelude::TEXT;
        }
        self.files
            .get(file.0 as usize)
            .map_or("", |(_, t)| t.as_str())
    }

    /// All file ids in order.
    pub fn ids(&self) -> impl Iterator<Item = FileId> + '_ {
        (0..self.files.len()).map(|i| FileId(u32::try_from(i).unwrap_or(u32::MAX)))
    }

    /// 1-based line and column of a byte offset.
    #[must_use]
    pub fn line_col(&self, file: FileId, offset: usize) -> (usize, usize) {
        let text = self.text(file);
        let offset = offset.min(text.len());
        let before = &text[..floor_char_boundary(text, offset)];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}
