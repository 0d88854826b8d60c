//! Plain-text rendering helpers: aligned columns.

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
    out
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
