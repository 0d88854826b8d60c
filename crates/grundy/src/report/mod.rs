//! Reports: the answer of each question the command line asks, as plain serde-serialisable
//! values.
//!
//! What: one type per kind of answer, grouped by job in submodules and re-exported here (every
//! path is `grundy::report::X`):
//! - positions (`position.rs`): [`ValueReport`] for a position's value and winning moves,
//!   [`MovesReport`], [`SumReport`], [`WtiaReport`], [`ExplainReport`], with builders that ask
//!   a position for everything the answer holds;
//! - sequences and tables (`sequence.rs`): [`SeqReport`] (its values a list or a view that
//!   streams them) and [`TableReport`] with each row's form ([`RowFormReport`]);
//! - digraphs (`graph.rs`): [`GraphReport`], [`PawnsReport`], [`StateGameReport`],
//!   [`FunctionsReport`];
//! - the game list (`list.rs`): [`ListReport`];
//! - censuses of families of heap games (`census.rs`): [`CensusRow`], [`CensusEntry`] (a line of
//!   a census file, CSV or JSON lines with a checksum each), [`CensusSummary`], [`CensusReport`].
//! - misère play (`misere.rs`): [`GenusSeqReport`] (`seq --misere`), [`MisereExplainReport`]
//!   with its [`GenusDerivation`] (`explain --misere`), and
//!   [`SumReport::of_misere`].
//!
//! This module holds what they share: every winning move, whatever the command, has one shape,
//! [`MoveReport`] (`component`, `move`, `position`), and every count has one JSON rule,
//! [`Natural`].
//!
//! Why: the command line renders a report as text or serialises it as JSON from the same value,
//! and other front ends (a Python package, a web explorer) serialise the same types, so every
//! front end speaks the same JSON. docs/json.md documents it key by key.
//!
//! Numbers: JSON readers that store numbers as IEEE doubles (JavaScript, many others) read
//! integers above 2^53 inexactly, so a nimber, heap or count above 2^53 is written as a decimal
//! string ([`Natural`], and [`Nimber`](crate::nimber::Nimber)'s own serialisation); smaller ones
//! are JSON numbers.
//!
//! Cost: the types themselves are plain data; a builder costs what its questions cost (one
//! solve of the position, plus one per option for [`MovesReport`] and [`ExplainReport`]).

mod census;
mod graph;
mod list;
mod misere;
mod position;
mod sequence;

pub use census::{
    CSV_HEADER, CSV_HEADER_QUOTIENT, CensusEntry, CensusReport, CensusRow, CensusSummary, Format as CensusFormat,
    Status as CensusStatus, read_entries as read_census_entries, write_entries as write_census_entries,
    write_entries_headed as write_census_entries_headed,
};
pub use graph::{FunctionKind, FunctionsReport, GraphReport, PawnsReport, StateGameReport, StrategyStep, VertexReport};
pub use list::{GameListing, GameSummary, ListReport};
pub use misere::{
    GammaStep, GenusDerivation, GenusOption, GenusRow, GenusSeqReport, HeapClass, MisereExplainReport, QuotientReport,
    QuotientSum,
};
pub use position::{
    ComponentReport, ExplainComponent, ExplainReport, MoveValue, MovesReport, OptionReport, SumReport, TestReport,
    ValueReport, WComponent, WtiaReport, drawing_moves, winning_moves,
};
pub use sequence::{RowFormReport, SeqReport, TableCell, TableReport, TableValues};

use crate::position::Played;
use serde::{Serialize, Serializer};

pub use crate::nimber::{JSON_EXACT, serialize_natural};

/// A natural number in JSON: a number up to 2^53, a decimal string above (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Natural(pub u64);

impl Serialize for Natural {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        serialize_natural(&self.0, s)
    }
}

/// One move: the `component` it is made in (1-based, in a sum or winner-takes-all sum; `None`
/// for a single position), its label in the game's notation, and the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// The summand the move is made in (1-based), for `sum` and `wtia`; `None` otherwise.
    pub component: Option<usize>,
    /// The move in the game's notation, e.g. `10 → 9`.
    #[serde(rename = "move")]
    pub label: String,
    /// The whole position after the move.
    pub position: String,
}

impl MoveReport {
    /// A move of a single position.
    pub fn of(m: &Played) -> MoveReport {
        MoveReport {
            component: None,
            label: m.label.clone(),
            position: m.next.text(),
        }
    }

    /// A move of a [`Sum`](crate::position::Sum): the same, with the component it is made in.
    pub fn of_sum(m: &Played) -> MoveReport {
        MoveReport {
            component: m.component,
            ..MoveReport::of(m)
        }
    }
}

/// One turn of play against the computer (the web explorer's `play`): the position's value
/// report, whose winning moves are the hints, and the computer's move from it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayReport {
    /// The position's value report.
    pub value: ValueReport,
    /// The computer's move, or null when no move is left.
    #[serde(rename = "move")]
    pub chosen: Option<MoveReport>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::Nimber;

    #[test]
    fn naturals_above_2_53_are_strings() {
        assert_eq!(serde_json::to_string(&Natural(JSON_EXACT)).unwrap(), "9007199254740992");
        assert_eq!(
            serde_json::to_string(&Natural(JSON_EXACT + 1)).unwrap(),
            "\"9007199254740993\""
        );
        assert_eq!(
            serde_json::to_string(&Nimber(u64::MAX)).unwrap(),
            "\"18446744073709551615\""
        );
    }
}
