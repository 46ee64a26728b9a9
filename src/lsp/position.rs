//! Byte offsets ↔ LSP positions (line, column), in the encoding the client
//! and server agreed on: UTF-8 bytes or UTF-16 code units (the default).

use lsp_types::{Position, Range};

/// How columns are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Bytes.
    Utf8,
    /// UTF-16 code units (the protocol's default).
    Utf16,
}

/// The line starts of one text.
#[derive(Clone, Debug)]
pub struct Lines {
    starts: Vec<usize>,
    encoding: Encoding,
}

impl Lines {
    /// The line index of `text`.
    #[must_use]
    pub fn new(text: &str, encoding: Encoding) -> Lines {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { starts, encoding }
    }

    /// The position of a byte offset (clamped to the text, and back to a
    /// character boundary).
    #[must_use]
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let column = match self.encoding {
            Encoding::Utf8 => offset - start,
            Encoding::Utf16 => text[start..offset].encode_utf16().count(),
        };
        Position::new(
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(column).unwrap_or(u32::MAX),
        )
    }

    /// The range of a byte span.
    #[must_use]
    pub fn range(&self, text: &str, start: usize, end: usize) -> Range {
        Range::new(self.position(text, start), self.position(text, end))
    }

    /// The byte offset of a position (a column past the line's end is its end;
    /// a line past the text's end is the end of the text).
    #[must_use]
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(position.line as usize + 1)
            .map_or(text.len(), |&next| next - 1);
        let line = &text[start..end];
        let wanted = position.character as usize;
        let mut units = 0;
        for (i, c) in line.char_indices() {
            if units >= wanted {
                return start + i;
            }
            units += match self.encoding {
                Encoding::Utf8 => c.len_utf8(),
                Encoding::Utf16 => c.len_utf16(),
            };
        }
        end
    }

    /// How columns are counted.
    #[must_use]
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The position just past the text's end.
    #[must_use]
    pub fn end(&self, text: &str) -> Position {
        self.position(text, text.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_columns_count_code_units() {
        let text = "// é😀\ntile A {}\n";
        let lines = Lines::new(text, Encoding::Utf16);
        let at = text.find('A').expect("A");
        assert_eq!(lines.position(text, at), Position::new(1, 5));
        assert_eq!(lines.offset(text, Position::new(1, 5)), at);
        // Past the end of a line, of the text.
        assert_eq!(lines.offset(text, Position::new(0, 99)), 9);
        assert_eq!(lines.offset(text, Position::new(9, 0)), text.len());
        // 😀 is two UTF-16 units after é (one).
        assert_eq!(lines.position(text, 9), Position::new(0, 6));
    }

    #[test]
    fn utf8_columns_count_bytes() {
        let text = "é A";
        let lines = Lines::new(text, Encoding::Utf8);
        assert_eq!(lines.position(text, 3), Position::new(0, 3));
        assert_eq!(lines.offset(text, Position::new(0, 1)), 2);
    }
}
