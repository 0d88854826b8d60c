//! Plain-text rendering helpers: aligned columns.

use grundy::Error;

/// The components of a sum as numbered aligned rows: `#i  GAME POSITION  VALUE`, the last
/// column as each caller words it (`value 3`, `w = SP`).
pub fn numbered_components<'a>(rows: impl Iterator<Item = (&'a str, &'a str, String)>) -> String {
    let rows: Vec<Vec<String>> = rows
        .enumerate()
        .map(|(i, (game, position, value))| vec![format!("#{}", i + 1), format!("{game} {position}"), value])
        .collect();
    columns(&rows)
}

/// Render rows as left-aligned columns separated by two spaces (trailing spaces trimmed).
pub fn columns(rows: &[Vec<String>]) -> String {
    let widths = column_widths(rows);
    let mut out = String::new();
    for r in rows {
        push_row(&mut out, r, &widths);
    }
    out
}

/// [`columns`] appended to `out`, for tables of millions of rows (every move of a heap of
/// 10^8): stops with [`Error::Interrupted`] soon after a Ctrl-C instead of formatting on, and
/// writes in place (a copy of hundreds of megabytes takes a second).
pub fn push_columns_until_interrupted(out: &mut String, rows: &[Vec<String>]) -> Result<(), Error> {
    let widths = column_widths(rows);
    for (i, r) in rows.iter().enumerate() {
        if i % 4096 == 4095 && super::progress::interrupted() {
            return Err(Error::Interrupted);
        }
        push_row(out, r, &widths);
    }
    Ok(())
}

/// One row of [`columns`] with its line end.
fn push_row(out: &mut String, r: &[String], widths: &[usize]) {
    let mut line = String::from("  ");
    for (c, cell) in r.iter().enumerate() {
        line.push_str(cell);
        if c + 1 < r.len() {
            line.push_str(&" ".repeat(widths[c] - cell.chars().count() + 2));
        }
    }
    out.push_str(line.trim_end());
    out.push('\n');
}

/// The width (in characters) of each column of `rows`.
pub fn column_widths(rows: &[Vec<String>]) -> Vec<usize> {
    let n = rows.iter().map(Vec::len).max().unwrap_or(0);
    (0..n)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect()
}
