//! `grundy table GAME ARGS...`: the values of a two-parameter family as the thesis tabulates
//! them. One or two of the game's arguments are ranges `A..B` (inclusive): `grundy table welter 3
//! 1..16` is the thesis's row g(3,n); `grundy table lattice 0..8 0..8` its 9×9 table; a range
//! may follow a prefix (`grundy table cram 3x3..10`: the boards 3x3 to 3x10). Each cell
//! is the position built from the words as `grundy value` would build it; a cell that is not a
//! position (two pawns on one square) is blank. `--boolean` prints the Boolean function of ch.9
//! instead: B = 1 when some option has B = 0, else 0, i.e. B = 0 exactly at the P-positions, read
//! off the values. Each row gets its eventual arithmetic-periodic form ([`grundy::solve::periodicity`]),
//! proved when the game has a proved row law (Welter, no-overtaking, lattice, Chop).
//!
//! The table is computed by [`grundy::table`]; text, CSV and JSON are rendered here from its
//! [`TableReport`] (CSV shows only the cells, so its report is built without the rows' forms).

use super::render::columns;
use grundy::error::Result;
use grundy::report::{Natural, RowFormReport, TableCell, TableReport, TableValues};
use grundy::settings::Settings;

/// The printed cell: the value (B as 0 or 1), blank where the words are not a position, `D` at
/// a draw of the Boolean function.
fn shown(cell: &TableCell) -> String {
    match cell {
        TableCell::Value(v) => v.to_string(),
        TableCell::Blank => String::new(),
        TableCell::Draw => "D".into(),
    }
}

fn pattern_line(name: &str, p: Option<&RowFormReport>, last: u64) -> String {
    match p {
        Some(p) => format!("{}\n    {}\n", p.formula, p.reason),
        None => format!("{name}: no arithmetic-periodic form seen for n ≤ {last}\n"),
    }
}

pub fn run(words: &[String], json: bool, csv: bool, boolean: bool, settings: Settings) -> Result<String> {
    let report = grundy::query::table::report(words, boolean, !csv || json, &settings)?;
    if json {
        return super::position::json_line(&report);
    }
    if csv {
        return Ok(csv_text(&report));
    }
    Ok(text(&report))
}

/// The parameters of the columns (two ranges) or of the one range.
fn columns_of(r: &TableReport) -> &[Natural] {
    r.columns.as_deref().or(r.n.as_deref()).unwrap_or_default()
}

/// `--csv`: the cells, with the parameters as the first row and column (two ranges) or as the
/// first column (one range).
fn csv_text(r: &TableReport) -> String {
    let mut out = String::new();
    match (&r.values, &r.rows) {
        (TableValues::Grid(grid), Some(rows)) => {
            let head: Vec<String> = columns_of(r).iter().map(|c| c.0.to_string()).collect();
            out.push_str(&format!(",{}\n", head.join(",")));
            for (p, row) in rows.iter().zip(grid) {
                let cells: Vec<String> = row.iter().map(shown).collect();
                out.push_str(&format!("{},{}\n", p.0, cells.join(",")));
            }
        }
        (TableValues::Row(row), _) => {
            out.push_str(&format!("n,{}\n", r.function));
            for (n, c) in columns_of(r).iter().zip(row) {
                out.push_str(&format!("{},{}\n", n.0, shown(c)));
            }
        }
        (TableValues::Grid(_), None) => unreachable!("a grid has row parameters"),
    }
    out
}

/// The text: the title, the cells aligned, and each row's form (or that none was seen).
fn text(r: &TableReport) -> String {
    let cols = columns_of(r);
    let last = cols.last().map_or(0, |c| c.0);
    let mut out = format!("{}\n", r.table);
    match (&r.values, &r.rows) {
        (TableValues::Grid(cells), Some(rows)) => {
            let mut grid = vec![
                std::iter::once(r.function.clone())
                    .chain(cols.iter().map(|c| c.0.to_string()))
                    .collect::<Vec<_>>(),
            ];
            for (p, row) in rows.iter().zip(cells) {
                grid.push(std::iter::once(p.0.to_string()).chain(row.iter().map(shown)).collect());
            }
            out.push_str(&right_aligned(&grid));
            out.push_str("\nrows:\n");
            let forms = r.patterns.as_deref().unwrap_or_default();
            for (ri, name) in r.names.iter().enumerate() {
                out.push_str(&pattern_line(name, forms.get(ri).and_then(Option::as_ref), last));
            }
        }
        (TableValues::Row(cells), _) => {
            let name = r.names.first().map_or("", String::as_str);
            let mut rows = vec![vec!["n".to_string(), name.to_string()]];
            for (n, c) in cols.iter().zip(cells) {
                rows.push(vec![n.0.to_string(), shown(c)]);
            }
            out.push_str(&columns(&rows));
            out.push_str(&pattern_line(name, r.pattern.as_ref().and_then(Option::as_ref), last));
        }
        (TableValues::Grid(_), None) => unreachable!("a grid has row parameters"),
    }
    out
}
/// Columns aligned to the right (numbers), two spaces apart.
fn right_aligned(rows: &[Vec<String>]) -> String {
    let widths = super::render::column_widths(rows);
    let mut out = String::new();
    for r in rows {
        let cells: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(c, s)| format!("{}{s}", " ".repeat(widths[c] - s.chars().count())))
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}
