//! A census of a whole family of heap games: every code of `octal:3` (or `octal4:K`, `hex:K`,
//! `subtraction:M`, a list of codes) computed up to heap N, each proved periodic or left open,
//! in parallel on a local pool of threads.
//!
//! - [`family`]: the families, their order, the rules that list one game once (trailing zeros,
//!   no moves), and `--shard I/N`.
//! - [`row`]: one heap game → one [`CensusRow`](crate::report::CensusRow) by the take-and-break engine with its Guy–Smith
//!   proofs; [`game_row`] (a heap game's or a board's row) is the unit a cluster maps over.
//! - [`run`]: the games on a rayon pool of `jobs` threads, sharing the cancellation token and
//!   the memory budget of one [`Control`]; rows handed back as they finish.
//! - [`same`]: proved games with the same value sequence, grouped after the run.
//! - [`boards`]: the census of Cram boards (`cram:R`), board after board on one region
//!   database.
//! - [`sequence_family`]: the census of a family by n (`GAME:grid 3x{n}`), member after
//!   member on one engine of the game's own sequence.
//!
//! Why here: the census is the research use of the sequence engine (the published tables of
//! octal games come from runs like this); the front ends (command line, Python) only present
//! rows and write files (the line formats live in [`crate::report`]).
//!
//! Cost: the sum of the games' costs, divided by the threads (games are independent); memory:
//! one game's values per thread (1–2 bytes a heap).

pub mod boards;
pub mod family;
pub mod row;
pub mod run;
pub mod same;
pub mod sequence_family;
#[cfg(test)]
mod tests;

pub use family::{Family, Member, Shard};
pub use row::{DEFAULT_QUOTIENT_STATES, DEFAULT_QUOTIENT_TO, RowOptions};
pub use run::{CensusOptions, threads};
pub use same::same_sequence;

use crate::control::Control;
use crate::error::Result;
use crate::report::{CensusEntry, CensusStatus, CensusSummary};

/// The row of one code (any spelling `Code::parse` accepts: `0.137`, `.07`, `4.07`, `0.f8`,
/// `kayles`) computed up to heap `to` ([`row::heap_game_row`]), or of a board of a board family
/// (`3x16`: its nimber, searched cold, [`boards::board_row`]): plain data in, plain data out,
/// so a front end can map it over threads, processes or a cluster. `control` can cancel it
/// (then [`crate::Error::Interrupted`]; the memory budget: [`crate::Error::MemoryLimit`]): a
/// row is whole or not at all.
pub fn game_row(code: &str, options: &RowOptions, control: &Control) -> Result<crate::report::CensusRow> {
    let board = code
        .split_once('x')
        .is_some_and(|(r, c)| r.parse::<u32>().is_ok() && c.parse::<u32>().is_ok());
    if !board {
        return row::heap_game_row(code, options, control);
    }
    if options.quotient_to.is_some() {
        return Err(no_quotient_for_boards());
    }
    boards::board_row(code, options.to, control)
}

/// The row of the member `code` of `family` computed alone ([`game_row`], or for a family by n
/// [`sequence_family::member_row`], which needs the family to know n): the unit a cluster maps
/// over a family's members.
pub fn member_row(
    family: &Family,
    code: &str,
    options: &CensusOptions,
    control: &Control,
) -> Result<crate::report::CensusRow> {
    if family.needs_to() {
        return sequence_family::member_row(family, code, options, control);
    }
    game_row(code, &options.row, control)
}

/// The refusal of a misère quotient column in a census of boards.
fn no_quotient_for_boards() -> crate::Error {
    crate::Error::Input(
        "the misère quotient column is for heap games (octal codes), not for a census of Cram boards".into(),
    )
}

/// Run `pending` (games of `family` not done yet) and give each finished row to `on_row` with
/// its member: heap games in parallel ([`run`]), the boards of a `cram:R` family in order on one
/// region database ([`boards`]), the members of a family by n in order on one engine
/// ([`sequence_family`]). `done_before` games of `total` were done earlier (progress counts
/// them). Returns the first error: cancellation ([`crate::Error::Interrupted`]), the memory
/// budget, or one of `on_row`; rows finished before it have been given to `on_row`.
pub fn run_games(
    family: &Family,
    pending: &[Member],
    options: &CensusOptions,
    control: &Control,
    done_before: u64,
    total: u64,
    on_row: impl FnMut(&Member, crate::report::CensusRow) -> Result<()>,
) -> Result<()> {
    if family.needs_to() {
        return sequence_family::run_sequence(family, pending, options, control, done_before, total, on_row);
    }
    let boards = pending.first().is_some_and(|m| boards::board_size(&m.code).is_some());
    if !boards {
        return run::run_heap_games(pending, options, control, done_before, total, on_row);
    }
    if options.row.quotient_to.is_some() {
        return Err(no_quotient_for_boards());
    }
    boards::run_boards(pending, options, control, done_before, on_row)
}

/// The whole census of `family` (its `shard`) in memory: every entry, in family order.
/// (The command line writes rows as they finish instead, to resume; see `grundy census`.)
pub fn census(family: &Family, shard: Shard, options: &CensusOptions, control: &Control) -> Result<Vec<CensusEntry>> {
    let members: Vec<Member> = family.members_up_to(options.row.to)?;
    let of = members.len() as u64;
    let label = family.label();
    let pending: Vec<Member> = members.into_iter().filter(|m| shard.holds(m.index)).collect();
    let mut entries = Vec::with_capacity(pending.len());
    run_games(family, &pending, options, control, 0, pending.len() as u64, |m, row| {
        entries.push(CensusEntry {
            family: label.clone(),
            index: m.index,
            of,
            row,
        });
        Ok(())
    })?;
    entries.sort_by_key(|e| e.index);
    Ok(entries)
}

/// How many slowest games a summary lists.
pub const SLOWEST: usize = 5;

/// The counts of `entries` (in family order): by status, the open codes, the slowest games,
/// the groups of games with one sequence.
pub fn summarize(family: &str, entries: &[CensusEntry]) -> CensusSummary {
    let proved = entries.iter().filter(|e| e.row.status == CensusStatus::Proved).count() as u64;
    let open_codes: Vec<String> = entries
        .iter()
        .filter(|e| e.row.status == CensusStatus::Open)
        .map(|e| e.row.code.clone())
        .collect();
    let mut slowest: Vec<(String, f64)> = entries.iter().map(|e| (e.row.code.clone(), e.row.seconds)).collect();
    slowest.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    slowest.truncate(SLOWEST);
    let asked = entries.iter().any(|e| e.row.quotient_to.is_some());
    let quotient_growing: Vec<(String, Option<u64>)> = entries
        .iter()
        .filter(|e| e.row.quotient_growing())
        .map(|e| (e.row.code.clone(), e.row.quotient_reached))
        .collect();
    let quotient_reached = asked.then(|| {
        let reached = entries
            .iter()
            .filter(|e| e.row.quotient_to.is_some() && !e.row.quotient_growing());
        let all = reached.clone().filter(|e| e.row.quotient_period.is_some()).count();
        (reached.count() as u64, all as u64)
    });
    CensusSummary {
        family: family.to_string(),
        quotient_reached,
        quotient_growing,
        games: entries.len() as u64,
        proved,
        open: open_codes.len() as u64,
        open_codes,
        slowest,
        same_sequence: same_sequence(entries),
        seconds: entries.iter().map(|e| e.row.seconds).sum(),
    }
}
