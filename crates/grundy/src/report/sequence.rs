//! Reports on sequences and tables: `seq` and `table`.
//!
//! What: [`SeqReport`], the values g(0..=to) of a one-heap game with their periodicity, and
//! [`TableReport`], a two-parameter family's values over one or two ranges with each row's
//! eventual arithmetic-periodic form ([`RowFormReport`]).
//!
//! Why here: the command line renders both as text, CSV or JSON from one value, and other
//! front ends serialise the same types. A sequence can be 10^8 values long, so the values of a
//! [`SeqReport`] are a type parameter: a `Vec<Natural>`, or a view that streams them from the
//! computed sequence without a copy. A table cell distinguishes a blank (not a position) from a
//! draw of the Boolean function ([`TableCell`]): both are null in JSON, the text tells them
//! apart.
//!
//! Cost: plain data; [`SeqReport::of`] copies the periodicity, not the values.

use super::Natural;
use crate::solve::heap_sequence::Sequence;
use crate::value::Value;
use serde::Serialize;

/// `seq`: the values g(0..=to) of a one-heap game and their periodicity. Keys are in sorted
/// order. `V` is the list of values: a `Vec<Natural>`, or a view that streams them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeqReport<V = Vec<Natural>> {
    /// The game as written (`grundy-game`, `subtraction --set 1,2,3`).
    pub game: String,
    /// How the values were computed.
    pub method: String,
    /// The period, if one was found.
    pub period: Option<Natural>,
    /// The preperiod, if a period was found.
    pub preperiod: Option<Natural>,
    /// Whether the period is proved.
    pub proved: bool,
    /// How the period was found or proved.
    pub reason: Option<String>,
    /// The saltus (0 for a pure period), if a period was found.
    pub saltus: Option<Natural>,
    /// g(0), g(1), ..., g(to).
    pub values: V,
    /// How many heaps (0, 1, ...) had their values computed one by one, the others being read
    /// off the proved period (text only: a sequence without a period is "not proved up to" the
    /// last of them).
    #[serde(skip)]
    pub computed: Natural,
}

impl<V> SeqReport<V> {
    /// The report of `seq`, the sequence of `game` (as written), with `values` for its values:
    /// a list, or a view that streams them from `seq`.
    pub fn of(game: impl Into<String>, seq: &Sequence, values: V) -> SeqReport<V> {
        let p = seq.period.as_ref();
        SeqReport {
            game: game.into(),
            method: seq.method.clone(),
            period: p.map(|p| Natural(p.period)),
            preperiod: p.map(|p| Natural(p.preperiod)),
            proved: p.is_some_and(|p| p.proved()),
            reason: p.map(|p| p.reason.clone()),
            saltus: p.map(|p| Natural(p.saltus)),
            values,
            computed: Natural(seq.computed_heaps()),
        }
    }
}

/// The eventual arithmetic-periodic form of one row of a [`TableReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RowFormReport {
    /// Cells (below `from`) where the same lines hold too.
    pub also: Vec<Natural>,
    /// The last n checked.
    pub checked_to: Natural,
    /// The form in words, e.g. `for n ≥ 4: g(3,n) = n if n mod 4 ∈ {1,2}; ...`.
    pub formula: String,
    /// n₀: the form holds for n ≥ n₀.
    pub from: Natural,
    /// The row's name, e.g. `g(3,n)`.
    pub name: String,
    /// The period.
    pub period: Natural,
    /// Whether the form is proved (by a row law of the game) or only seen.
    pub proved: bool,
    /// Why it holds, or how far it was checked.
    pub reason: String,
    /// The saltus: g(n + period) = g(n) + saltus.
    pub saltus: Natural,
}

/// One cell of a table: in JSON a value, or null where the words are not a position or, for
/// the Boolean function, at a draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum TableCell {
    /// The cell's value: g, or B as 0 (a P-position) or 1 (an N-position).
    Value(Value),
    /// The words are not a position (two pawns on one square): null, a blank in text.
    Blank,
    /// The Boolean function at a drawn position, where B is not defined: null, `D` in text.
    Draw,
}

/// A table's cells: one row (one range) or rows of columns (two ranges).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum TableValues {
    /// One range: g(n) for each n.
    Row(Vec<TableCell>),
    /// Two ranges: `values[row][column]`.
    Grid(Vec<Vec<TableCell>>),
}

/// `table`: a two-parameter family's values over one or two ranges, and each row's form.
/// Keys are in sorted order; `rows`, `columns` and `patterns` with two ranges, `n` and
/// `pattern` with one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableReport {
    /// Two ranges: the column parameters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<Vec<Natural>>,
    /// `g` (the values) or `B` (the Boolean function: 0 at P-positions, 1 elsewhere).
    pub function: String,
    /// The game's name.
    pub game: String,
    /// One range: its parameters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n: Option<Vec<Natural>>,
    /// One range: the row's form (null if none was seen).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pattern: Option<Option<RowFormReport>>,
    /// Two ranges: each row's form (null if none was seen).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub patterns: Option<Vec<Option<RowFormReport>>>,
    /// Two ranges: the row parameters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<Vec<Natural>>,
    /// The table as typed, ranges included (`welter 3 1..16`).
    pub table: String,
    /// The cells.
    pub values: TableValues,
    /// Each row's name, e.g. `g(3,n)` (text only: the JSON names a row in its form, and a row
    /// without a form by its place).
    #[serde(skip)]
    pub names: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::Nimber;

    #[test]
    fn blank_and_drawn_cells_are_null() {
        let row = TableValues::Row(vec![
            TableCell::Value(Value::Finite(Nimber(3))),
            TableCell::Blank,
            TableCell::Draw,
        ]);
        assert_eq!(serde_json::to_string(&row).unwrap(), "[3,null,null]");
    }
}
