//! The census of a family by n (`GAME:grid 3x{n}`, `GAME:petersen {n},2` for a graph game): the
//! positions n = 0…N of a game's own sequence ([`crate::games::Capabilities::sequence`]), one
//! row each, run in order on one engine.
//!
//! What: one [`CensusRow`] a member: its code (`grid 3x16`, the words `grundy value GAME` takes),
//! proved, n as `largest_heap` and the value as `largest_value` (a position is one value: no
//! period). Rows go through the census machinery like any game's (`--out` with its checksums,
//! resume, `--shard`, `merge`, the Python/Dask path through [`member_row`]).
//!
//! Why in order on one engine and not in parallel: the game's sequence keeps what it learnt
//! from one n for the next (the graph engine's component table: the 3×n grid falls apart into
//! pieces of smaller grids), so the members of a shard share it; the game's own engine uses
//! the threads it is given within a position. Why not the sequence alone: a census row is
//! written as each value is found, so a run of hours stopped at any point resumes at the first
//! member not in its file.
//!
//! Cost: the game's sequence over the pending n (less, for the pieces shared between them);
//! a row per value.

use super::family::{Family, Member, sequence_words};
use super::run::CensusOptions;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::report::{CensusRow, CensusStatus};
use std::time::Instant;

/// The row of member n: its code, n as `largest_heap`, its value as `largest_value`, proved,
/// `seconds` since `since`.
fn member_row_of(code: &str, n: u64, value: u64, to: u64, since: Instant) -> CensusRow {
    CensusRow {
        largest_heap: n,
        largest_value: value,
        seconds: since.elapsed().as_secs_f64(),
        ..CensusRow::empty(code, to, CensusStatus::Proved)
    }
}

/// The game's sequence function and the words it takes, for a family by n.
fn sequence_of(family: &Family) -> Result<(crate::games::SequenceFn, Vec<String>)> {
    let Family::Sequence { game, family: words } = family else {
        return Err(Error::Input(format!("{} is not a family by n", family.label())));
    };
    let entry = crate::games::find(game)?;
    let values = entry
        .caps
        .sequence
        .ok_or_else(|| Error::Input(format!("{game} has no sequence of its own")))?;
    Ok((values, sequence_words(words)))
}

/// Refusals shared by a whole census and one row: the misère quotient and a region database
/// file belong to other families.
fn check_options(options: &CensusOptions) -> Result<()> {
    if options.row.quotient_to.is_some() {
        return Err(Error::Input(
            "the misère quotient column is for heap games (octal codes), not for a family by n".into(),
        ));
    }
    if options.table.is_some() {
        return Err(Error::Input(
            "a region database file is for a census of Cram boards (cram:R), not for a family by n".into(),
        ));
    }
    Ok(())
}

/// Run the members `pending` of `family` (in order) on one engine of its game, as
/// [`super::run_games`] runs games: each row to `on_row` as its value is found, progress over
/// `total` games of which `done_before` were done. Stopped (Ctrl-C, the memory budget), the
/// rows found are kept and the error returned.
pub fn run_sequence(
    family: &Family,
    pending: &[Member],
    options: &CensusOptions,
    control: &Control,
    done_before: u64,
    total: u64,
    mut on_row: impl FnMut(&Member, CensusRow) -> Result<()>,
) -> Result<()> {
    check_options(options)?;
    let (values, words) = sequence_of(family)?;
    let ns: Vec<u64> = pending.iter().map(|m| m.index).collect();
    let mut done = done_before;
    let mut since = Instant::now();
    control.progress("games", done, Some(total));
    let quiet = control.quiet();
    let mut next = pending.iter();
    values(&words, crate::games::Asked::Only(&ns), &quiet, &mut |n, value| {
        let member = next
            .next()
            .filter(|m| m.index == n)
            .ok_or_else(|| Error::Unsupported(format!("the sequence gave n = {n} out of the order asked")))?;
        let row = member_row_of(&member.code, n, value.0, options.row.to, since);
        on_row(member, row)?;
        since = Instant::now();
        done += 1;
        control.progress("games", done, Some(total));
        Ok(())
    })?;
    control.finished("games");
    control.check()
}

/// The row of one member (`code`, as [`Family::members_up_to`] writes it) of a family by n,
/// computed alone on an engine of its own: the unit a cluster maps over the members (the
/// census on one machine runs them in order on one engine instead).
pub fn member_row(family: &Family, code: &str, options: &CensusOptions, control: &Control) -> Result<CensusRow> {
    check_options(options)?;
    let (values, words) = sequence_of(family)?;
    let member = family
        .members_up_to(options.row.to)?
        .into_iter()
        .find(|m| m.code == code)
        .ok_or_else(|| {
            Error::Input(format!(
                "`{code}` is not a member of {} up to {}",
                family.label(),
                options.row.to
            ))
        })?;
    let since = Instant::now();
    let mut row = None;
    values(
        &words,
        crate::games::Asked::Only(&[member.index]),
        &control.quiet(),
        &mut |n, value| {
            row = Some(member_row_of(code, n, value.0, options.row.to, since));
            Ok(())
        },
    )?;
    row.ok_or_else(|| Error::Unsupported(format!("the sequence gave no value for `{code}`")))
}
