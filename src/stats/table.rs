//! Plain-text tables for terminal reports: a header, aligned columns, numbers
//! right-aligned, text left-aligned.

/// A table being built row by row.
#[derive(Debug, Default)]
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column headings.
    #[must_use]
    pub fn new(header: &[&str]) -> Table {
        Table {
            header: header.iter().map(|h| (*h).to_string()).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row; missing cells are empty.
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// The table as text, one line per row, ending in a newline.
    #[must_use]
    pub fn render(&self) -> String {
        let columns = self
            .header
            .len()
            .max(self.rows.iter().map(Vec::len).max().unwrap_or(0));
        let cell = |row: &[String], c: usize| row.get(c).map_or("", String::as_str).to_string();
        let mut widths = vec![0usize; columns];
        for row in std::iter::once(&self.header).chain(&self.rows) {
            for (c, width) in widths.iter_mut().enumerate() {
                *width = (*width).max(cell(row, c).chars().count());
            }
        }
        let numeric: Vec<bool> = (0..columns)
            .map(|c| {
                self.rows.iter().all(|r| {
                    let v = cell(r, c);
                    v.is_empty()
                        || v.chars()
                            .all(|ch| ch.is_ascii_digit() || ".-+%/×".contains(ch))
                })
            })
            .collect();
        let mut out = String::new();
        for row in std::iter::once(&self.header).chain(&self.rows) {
            let mut line = String::new();
            for c in 0..columns {
                let v = cell(row, c);
                let pad = widths[c] - v.chars().count();
                if c > 0 {
                    line.push_str("  ");
                }
                if numeric[c] && c > 0 {
                    line.push_str(&" ".repeat(pad));
                    line.push_str(&v);
                } else {
                    line.push_str(&v);
                    line.push_str(&" ".repeat(pad));
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Table;

    #[test]
    fn columns_align_and_numbers_go_right() {
        let mut t = Table::new(&["name", "n"]);
        t.row(vec!["a".into(), "5".into()]);
        t.row(vec!["longer".into(), "12".into()]);
        assert_eq!(t.render(), "name     n\na        5\nlonger  12\n");
    }
}
