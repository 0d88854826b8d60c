//! Tables of two-parameter families (`grundy table`), as the thesis tabulates them: one or two
//! of the game's arguments are ranges `A..B` (inclusive), `welter 3 1..16` is the row g(3,n),
//! `lattice 0..8 0..8` a 9×9 table; a range may follow a prefix, `cram 3x3..10` being the boards
//! 3x3 to 3x10 (no row law applies to a prefixed range). Each cell is the position built from the words as
//! [`crate::games::build`] builds it; a cell that is not a position (two pawns on one square) is
//! blank. With `boolean`, the Boolean function of ch.9: B = 0 exactly at the P-positions, read
//! off the values. Each row gets its eventual arithmetic-periodic form
//! ([`crate::solve::periodicity`]), proved when the game has a proved row law.
//!
//! Why here: every front end (the command line, the web explorer) asks for the same
//! [`TableReport`] and renders it its own way.
//!
//! Cost: one value per cell (closed formulas: microseconds; a game with a whole-grid method:
//! one table; other games: one search per cell), plus, for each row's form, the cells past the
//! table that a proved row law asks for (at most 4096 per row).

use crate::error::{Error, Result};
use crate::games;
use crate::report::{Natural, RowFormReport, TableCell, TableReport, TableValues};
use crate::settings::Settings;
use crate::solve::periodicity::{self, Periodicity, RowPattern};
use crate::value::Value;

/// Most cells in one table.
pub const MAX_CELLS: u64 = 1_000_000;

/// One word of the game's arguments: a fixed word or a range, the range's numbers written after
/// a fixed prefix (`3x3..10`: the boards `3x3` to `3x10`; the prefix is empty for `1..16`).
#[derive(Clone, Debug)]
enum Arg {
    Fixed(String),
    Range(u64, u64, String),
}

/// `A..B`, or `PA..B` / `PA..PB` with a prefix P that does not end in a digit (`3x3..10`).
fn parse_range(word: &str) -> Result<Option<(u64, u64, String)>> {
    let Some((a, b)) = word.split_once("..") else {
        return Ok(None);
    };
    let digits = a.len() - a.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let prefix = if digits > 0 && digits < a.len() {
        a[..a.len() - digits].trim_start_matches('=')
    } else {
        ""
    };
    let (a, b) = match prefix {
        "" => (a, b),
        p => (&a[a.len() - digits..], b.strip_prefix(p).unwrap_or(b)),
    };
    let num = |s: &str| crate::games::heap::parse_natural(s.trim_start_matches('='), "range end");
    let (a, b) = (num(a)?, num(b)?);
    if a > b {
        return Err(Error::Input(format!(
            "range {word} is empty: write A..B with A ≤ B (both ends included)"
        )));
    }
    Ok(Some((a, b, prefix.to_string())))
}

/// A cell: its value, or blank when the words are not a position.
type Cell = Option<Value>;

struct Table {
    game: String,
    args: Vec<Arg>,
    /// Indices into `args` of the ranges (one or two).
    ranges: Vec<usize>,
    rows: Vec<u64>,
    cols: Vec<u64>,
    cells: Vec<Vec<Cell>>,
}

impl Table {
    fn words(&self, r: u64, c: u64) -> Vec<String> {
        let mut out = vec![self.game.clone()];
        for (i, a) in self.args.iter().enumerate() {
            out.push(match a {
                Arg::Fixed(w) => w.clone(),
                Arg::Range(_, _, prefix) => {
                    let v = if self.ranges.len() == 2 && i == self.ranges[0] {
                        r
                    } else {
                        c
                    };
                    format!("{prefix}{v}")
                }
            });
        }
        out
    }

    /// The left-hand side of a row's form, e.g. `g(3,n)`, and the fixed numbers of the row.
    fn row_name(&self, letter: &str, r: u64) -> (String, Option<Vec<u64>>) {
        let mut parts = Vec::new();
        let mut fixed = Vec::new();
        let mut numeric = true;
        let varying = *self.ranges.last().expect("at least one range");
        let mut flag: Option<String> = None;
        for (i, a) in self.args.iter().enumerate() {
            let w = match a {
                Arg::Range(_, _, prefix) if i == varying => format!("{prefix}n"),
                Arg::Range(_, _, prefix) => format!("{prefix}{r}"),
                Arg::Fixed(w) => w.clone(),
            };
            // A prefixed range (`3x3..10`) is no number: no law of numbers applies.
            if matches!(a, Arg::Range(_, _, prefix) if !prefix.is_empty()) {
                numeric = false;
            }
            // A flag (`--set 1,2,3`) labels the word after it: `set={1,2,3}`.
            if let Some(name) = w.strip_prefix("--") {
                flag = Some(name.to_string());
                numeric = false;
                continue;
            }
            let w = match flag.take() {
                Some(name) if w.contains(',') => format!("{name}={{{w}}}"),
                Some(name) => format!("{name}={w}"),
                None => w,
            };
            if i != varying {
                match w.parse::<u64>() {
                    Ok(v) => fixed.push(v),
                    Err(_) => numeric = false,
                }
            }
            parts.push(w);
        }
        (format!("{letter}({})", parts.join(",")), numeric.then_some(fixed))
    }
}

/// The proved law of a row, when the game's registry entry has one.
fn law(game: &str, fixed: &[u64]) -> Option<Periodicity> {
    (games::find(game).ok()?.caps.row_law?)(fixed)
}

fn compute(game: String, args: Vec<Arg>, settings: &Settings) -> Result<Table> {
    let ranges: Vec<usize> = args
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a, Arg::Range(..)))
        .map(|(i, _)| i)
        .collect();
    // Count the cells before listing them: a range such as 0..2^64−1 must be refused, not
    // collected (u128: the width b − a + 1 of a u64 range may be 2^64).
    let width = |i: usize| match args[i] {
        Arg::Range(a, b, _) => u128::from(b) - u128::from(a) + 1,
        Arg::Fixed(_) => 1,
    };
    let cells_count: u128 = ranges.iter().fold(1u128, |n, &i| n.saturating_mul(width(i)));
    if ranges.len() <= 2 && cells_count > u128::from(MAX_CELLS) {
        return Err(Error::Input(format!(
            "the table has {cells_count} cells: at most {MAX_CELLS} are accepted"
        )));
    }
    let span = |i: usize| match args[i] {
        Arg::Range(a, b, _) => (a..=b).collect::<Vec<u64>>(),
        Arg::Fixed(_) => unreachable!(),
    };
    let (rows, cols) = match ranges.len() {
        1 => (vec![0], span(ranges[0])),
        2 => (span(ranges[0]), span(ranges[1])),
        _ => {
            return Err(Error::Input(
                "table needs one or two ranges A..B among the game's arguments, e.g. `grundy table welter 3 1..16` or `grundy table lattice 0..8 0..8`".into(),
            ));
        }
    };
    let cells_count = rows.len() as u64 * cols.len() as u64;
    if cells_count > MAX_CELLS {
        return Err(Error::Input(format!(
            "the table has {cells_count} cells: at most {MAX_CELLS} are accepted"
        )));
    }
    let mut table = Table {
        game,
        args,
        ranges,
        rows,
        cols,
        cells: Vec::new(),
    };
    if let Ok(entry) = games::find(&table.game)
        && let Some(grid) = entry.caps.grid
        && table.args.len() == 2
        && table
            .args
            .iter()
            .all(|a| !matches!(a, Arg::Range(_, _, prefix) if !prefix.is_empty()))
    {
        table.cells = grid_cells(&table, grid, &settings.control)?;
        return Ok(table);
    }
    let mut first_error = None;
    let mut any = false;
    for &r in &table.rows {
        let mut row = Vec::with_capacity(table.cols.len());
        for &c in &table.cols {
            settings.control.check()?;
            let cell = match games::build(&table.words(r, c), settings) {
                Ok(p) => Some(p.value()?),
                Err(Error::Input(m)) => {
                    first_error.get_or_insert(m);
                    None
                }
                Err(e) => return Err(e),
            };
            any |= cell.is_some();
            row.push(cell);
        }
        table.cells.push(row);
    }
    if !any {
        return Err(Error::Input(format!(
            "no cell of the table is a position: {}",
            first_error.unwrap_or_default()
        )));
    }
    Ok(table)
}

/// A game whose position is two numbers and that computes its whole grid at once (Wythoff: one
/// mex table; the generic search per cell would repeat work).
fn grid_cells(t: &Table, grid: games::GridFn, control: &crate::control::Control) -> Result<Vec<Vec<Cell>>> {
    let coord = |i: usize, r: u64, c: u64| -> Result<u64> {
        match &t.args[i] {
            Arg::Fixed(w) => crate::games::heap::parse_natural(w, "coordinate"),
            Arg::Range(..) if t.ranges.len() == 2 && i == t.ranges[0] => Ok(r),
            Arg::Range(..) => Ok(c),
        }
    };
    let mut maxx = 0;
    let mut maxy = 0;
    for &r in &t.rows {
        for &c in &t.cols {
            maxx = maxx.max(coord(0, r, c)?);
            maxy = maxy.max(coord(1, r, c)?);
        }
    }
    let g = grid(maxx, maxy, control)?;
    let mut out = Vec::new();
    for &r in &t.rows {
        let mut row = Vec::new();
        for &c in &t.cols {
            let (x, y) = (coord(0, r, c)?, coord(1, r, c)?);
            row.push(Some(Value::Finite(crate::nimber::Nimber(g[x as usize][y as usize]))));
        }
        out.push(row);
    }
    Ok(out)
}

/// A cell as the report holds it: the value, or B (1 for N, 0 for P; a draw has no B).
fn report_cell(cell: &Cell, boolean: bool) -> TableCell {
    match cell {
        None => TableCell::Blank,
        Some(v) if boolean => match numeric(cell, true) {
            Some(b) => TableCell::Value(Value::Finite(crate::nimber::Nimber(b))),
            None => {
                debug_assert_eq!(v.outcome(), crate::outcome::Outcome::Draw);
                TableCell::Draw
            }
        },
        Some(v) => TableCell::Value(v.clone()),
    }
}

/// The number a row's pattern works on (finite values; B as 0/1).
fn numeric(cell: &Cell, boolean: bool) -> Option<u64> {
    let v = cell.as_ref()?;
    if boolean {
        match v.outcome() {
            crate::outcome::Outcome::P => Some(0),
            crate::outcome::Outcome::N => Some(1),
            crate::outcome::Outcome::Draw => None,
        }
    } else {
        v.finite().map(|n| n.0)
    }
}

/// The law `seq` proves for a row of a heap game whose varying parameter is a heap (the last
/// argument): the row is the game's heap sequence, so its proved periodicity (Guy–Smith, or the
/// window rule of a subtraction set) is a law of the row. With other heaps fixed before it
/// (`subtraction --set 1,2,3 3 n`), the row is g(n) ⊕ c for the constant c of the fixed heaps
/// (heaps are a sum), so a proved plain period (saltus 0) carries over. `None` when the game
/// has no heap sequence or nothing is proved.
fn heap_law(t: &Table, ri: usize, settings: &Settings) -> Result<Option<Periodicity>> {
    let varying = *t.ranges.last().expect("at least one range");
    if varying + 1 != t.args.len() || matches!(&t.args[varying], Arg::Range(_, _, prefix) if !prefix.is_empty()) {
        return Ok(None);
    }
    let Some(make) = games::find(&t.game).ok().and_then(|e| e.heap_rules) else {
        return Ok(None);
    };
    let last = *t.cols.last().expect("non-empty range");
    let words = t.words(t.rows[ri], last);
    let rest = &words[1..words.len() - 1];
    // The rules' own words first, then the fixed heaps (natural numbers): the longest run of
    // trailing numbers the rules do not take as their own.
    let mut found = None;
    for fixed in 0..=rest.len() {
        let (own, heaps) = rest.split_at(rest.len() - fixed);
        if !heaps.iter().all(|w| w.parse::<u64>().is_ok()) {
            break;
        }
        if let Ok(rules) = make(&t.game, own, last) {
            found = Some((rules, fixed));
            break;
        }
    }
    let Some((rules, fixed)) = found else {
        return Ok(None);
    };
    // Each row's sequence is short: cancellable, but without progress of its own.
    let options = crate::solve::take_break::Options {
        control: settings.control.quiet(),
        jobs: settings.jobs,
        ..Default::default()
    };
    let proved = match crate::solve::heap_sequence::sequence(rules.as_ref(), last, options) {
        Ok(seq) => seq.period.filter(|p| p.proved()),
        Err(e @ (Error::Interrupted | Error::MemoryLimit(_))) => return Err(e),
        Err(_) => None,
    };
    Ok(match proved {
        Some(p) if fixed > 0 && p.saltus == 0 => Some(Periodicity::law(
            p.preperiod,
            p.period,
            0,
            format!(
                "the heap sequence's period ({}), the fixed heaps adding a constant nim-sum",
                p.statement()
            ),
        )),
        Some(_) if fixed > 0 => None,
        other => other,
    })
}

/// Cells beyond the table computed for a row with a proved law, at most (the law's period can
/// be huge for huge fixed numbers; then the table's own cells must do).
const MAX_EXTRA_CELLS: u64 = 4096;

/// A row's closed form. With a proved shift law (e.g. from Welter's function) the row is
/// followed past the table's last column, far enough for the form to be seen and proved
/// (law.from + 4 periods + 8); the form then says how far it was checked.
fn row_pattern(t: &Table, ri: usize, boolean: bool, settings: &Settings) -> Result<(String, Option<RowPattern>)> {
    let letter = if boolean { "B" } else { "g" };
    let (name, fixed) = t.row_name(letter, t.rows[ri]);
    let law = match fixed.and_then(|f| law(&t.game, &f)) {
        Some(law) => Some(law),
        None => heap_law(t, ri, settings)?,
    };
    let first = t.cols[0];
    let mut cells: Vec<Cell> = t.cells[ri].clone();
    if let Some(law) = &law {
        let last = *t.cols.last().expect("non-empty range");
        let want = law
            .period
            .checked_mul(4)
            .and_then(|p| p.checked_add(8))
            .and_then(|p| law.preperiod.max(first).checked_add(p));
        if let Some(want) = want.filter(|&w| w > last && w - last <= MAX_EXTRA_CELLS) {
            for c in last + 1..=want {
                settings.control.check()?;
                cells.push(match games::build(&t.words(t.rows[ri], c), settings) {
                    Ok(p) => Some(p.value()?),
                    Err(Error::Input(_)) => None,
                    Err(e) => return Err(e),
                });
            }
        }
    }
    let values: Vec<Option<u64>> = cells.iter().map(|c| numeric(c, false)).collect();
    let value_pattern = periodicity::row_pattern(first, &values, law.as_ref());
    if !boolean {
        return Ok((name, value_pattern));
    }
    // The Boolean row B = [g ≠ 0]: seen on the cells; proved when the values are proved to
    // follow lines of positive slope that stay above 0 from where the Boolean form starts.
    let bits: Vec<Option<u64>> = cells.iter().map(|c| numeric(c, true)).collect();
    let mut b = periodicity::row_pattern(first, &bits, None);
    if let (Some(bp), Some(vp)) = (&mut b, &value_pattern) {
        periodicity::rows::prove_nonzero_row(bp, vp, &name);
    }
    Ok((name, b))
}

fn row_form(name: &str, p: &Option<RowPattern>) -> Option<RowFormReport> {
    p.as_ref().map(|p| RowFormReport {
        name: name.to_string(),
        from: Natural(p.periodicity.preperiod),
        period: Natural(p.periodicity.period),
        saltus: Natural(p.periodicity.saltus),
        formula: periodicity::describe(p, name, "n"),
        also: p.also.iter().map(|&n| Natural(n)).collect(),
        checked_to: Natural(p.checked_to),
        proved: p.periodicity.proved(),
        reason: p.periodicity.reason.clone(),
    })
}

/// The report of a computed table: its cells (as B with `--boolean`), each row's name and, if
/// `forms`, each row's form (`--csv` shows only the cells and does not compute the forms).
fn report_of(t: &Table, boolean: bool, forms: bool, settings: &Settings) -> Result<TableReport> {
    let two = t.ranges.len() == 2;
    let letter = if boolean { "B" } else { "g" };
    let title = {
        let mut w = t.words(0, 0);
        for &i in &t.ranges {
            if let Arg::Range(a, b, prefix) = &t.args[i] {
                w[i + 1] = format!("{prefix}{a}..{b}");
            }
        }
        w.join(" ")
    };
    let naturals = |v: &[u64]| v.iter().map(|&n| Natural(n)).collect::<Vec<_>>();
    let mut patterns: Option<Vec<Option<RowFormReport>>> = if forms {
        Some(
            (0..t.rows.len())
                .map(|ri| row_pattern(t, ri, boolean, settings).map(|(n, p)| row_form(&n, &p)))
                .collect::<Result<_>>()?,
        )
    } else {
        None
    };
    let row = |r: &[Cell]| r.iter().map(|c| report_cell(c, boolean)).collect::<Vec<_>>();
    Ok(TableReport {
        columns: two.then(|| naturals(&t.cols)),
        function: letter.into(),
        game: t.game.clone(),
        n: (!two).then(|| naturals(&t.cols)),
        pattern: if two {
            None
        } else {
            patterns.as_mut().map(|p| p.swap_remove(0))
        },
        patterns: if two { patterns } else { None },
        rows: two.then(|| naturals(&t.rows)),
        table: title,
        values: if two {
            TableValues::Grid(t.cells.iter().map(|r| row(r)).collect())
        } else {
            TableValues::Row(row(&t.cells[0]))
        },
        names: t.rows.iter().map(|&r| t.row_name(letter, r).0).collect(),
    })
}

/// The table of `words` (the game's name, then its arguments with one or two ranges `A..B`):
/// its cells (B with `boolean`) and, if `forms`, each row's eventual form.
pub fn report(words: &[String], boolean: bool, forms: bool, settings: &Settings) -> Result<TableReport> {
    let Some((name, rest)) = words.split_first() else {
        return Err(Error::Input(
            "table needs a game and its arguments with one or two ranges, e.g. `grundy table welter 3 1..16`".into(),
        ));
    };
    let entry = games::find(name)?;
    let args: Vec<Arg> = rest
        .iter()
        .map(|w| Ok(parse_range(w)?.map_or_else(|| Arg::Fixed(w.clone()), |(a, b, prefix)| Arg::Range(a, b, prefix))))
        .collect::<Result<_>>()?;
    // A game claimed by its word (an octal code such as `0.137`) keeps that word: the
    // entry's name alone would lose the code.
    let lower = name.to_ascii_lowercase();
    let named = entry.name == lower || entry.aliases.contains(&lower.as_str());
    let game = if named { entry.name.to_string() } else { name.clone() };
    let t = compute(game, args, settings)?;
    report_of(&t, boolean, forms, settings)
}
