//! A plain-text table with aligned columns.

/// How a column is aligned.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Text starts at the column's left edge.
    Left,
    /// Text ends at the column's right edge (numbers).
    Right,
}

/// Rows of cells under a header, printed with every column as wide as its widest cell.
pub struct Table {
    header: Vec<(String, Align)>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column titles and alignments.
    pub fn new(header: &[(&str, Align)]) -> Table {
        Table {
            header: header.iter().map(|&(t, a)| (t.to_string(), a)).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row; missing cells are left empty, extra cells are dropped.
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// The table as text: header, a rule, then the rows, each line ending in `\n`.
    pub fn render(&self) -> String {
        let widths: Vec<usize> = (0..self.header.len())
            .map(|i| {
                self.rows
                    .iter()
                    .map(|r| cell(r, i).chars().count())
                    .chain([self.header[i].0.chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: Vec<&str>| {
            let parts: Vec<String> = cells
                .iter()
                .zip(&self.header)
                .zip(&widths)
                .map(|((text, (_, align)), &w)| match align {
                    Align::Left => format!("{text:<w$}"),
                    Align::Right => format!("{text:>w$}"),
                })
                .collect();
            format!("{}\n", parts.join("  ").trim_end())
        };
        let mut out = line(self.header.iter().map(|(t, _)| t.as_str()).collect());
        let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
        out.push_str(&format!("{}\n", rule.join("  ")));
        for row in &self.rows {
            out.push_str(&line((0..widths.len()).map(|i| cell(row, i)).collect()));
        }
        out
    }
}

/// Cell `i` of `row`, or "" past its end.
fn cell(row: &[String], i: usize) -> &str {
    row.get(i).map(String::as_str).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligns_columns() {
        let mut t = Table::new(&[("name", Align::Left), ("n", Align::Right)]);
        t.row(vec!["a".into(), "100".into()]);
        t.row(vec!["bbbbbb".into(), "2".into()]);
        assert_eq!(
            t.render(),
            "name      n\n------  ---\na       100\nbbbbbb    2\n"
        );
    }
}
