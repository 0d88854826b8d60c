//! The census of a family of heap games for Python (`grundy.census`): the whole census on a
//! local pool of threads, or the two pieces a cluster needs (the family's members, and one
//! game's row) so that Dask maps the games over its workers.
//!
//! What: thin wrappers of [`grundy::query::census`]: [`census_json`] runs
//! [`census::census`] (every game on `jobs` threads, one memory budget, Ctrl-C cancels);
//! [`census_members`] lists the family's games in the census's order, each once, by the
//! family's own rules ([`Family::members`]: trailing zeros, spellings of one code); and
//! [`census_row_json`] computes one game ([`census::game_row`]), plain data in and out, so a
//! cluster can ship it to a worker process. Rows cross as the library's JSON
//! ([`grundy::report::CensusEntry`], [`grundy::report::CensusRow`]), so the Python rows have
//! the command line's columns.
//!
//! Why here: a cluster run must give the same rows as the single-process census; taking the
//! members and the row from the library (not rewriting them in Python) makes that so by
//! construction. The cluster itself is Dask's (the Python side), not a home-made one.
//!
//! Cost: the games'; one JSON document per call.

use crate::json;
use crate::run::{Limits, run};
use grundy::query::census::{self, CensusOptions, Family, RowOptions, Shard};
use pyo3::prelude::*;

/// The family of a Python argument: one spec string as on the command line (`"octal:2"`,
/// `"subtraction:4"`, `"0.07,0.137"`), or a list of codes.
fn family(spec: Option<String>, codes: Option<Vec<String>>) -> grundy::Result<Family> {
    match (spec, codes) {
        (Some(spec), None) => Family::parse(&spec),
        (None, Some(codes)) => Family::list(codes),
        _ => grundy::error::input("a census needs one family: a spec such as 'octal:2' or a list of codes"),
    }
}

/// The share of `--shard I/N`, the whole family when `None`.
fn shard(text: Option<&str>) -> grundy::Result<Shard> {
    text.map_or(Ok(Shard::ALL), Shard::parse)
}

/// The whole census of a family (or its `shard`) up to heap `to`, on `jobs` threads (0: every
/// core): the JSON list of its entries in family order (the command line's rows). `table`: the
/// region database file of a census of Cram boards (`--table FILE`).
#[pyfunction]
#[pyo3(signature = (spec, codes, to, jobs=0, all=false, shard=None, max_memory=None, quotient_to=None, table=None))]
#[allow(clippy::too_many_arguments)]
pub fn census_json(
    py: Python<'_>,
    spec: Option<String>,
    codes: Option<Vec<String>>,
    to: u64,
    jobs: usize,
    all: bool,
    shard: Option<String>,
    max_memory: Option<String>,
    quotient_to: Option<u64>,
    table: Option<std::path::PathBuf>,
) -> PyResult<String> {
    let limits = Limits {
        max_states: None,
        max_memory,
    };
    run(py, &limits, move |settings| {
        let family = family(spec, codes)?;
        let share = self::shard(shard.as_deref())?;
        let options = CensusOptions {
            row: RowOptions {
                stop_when_proved: !all,
                quotient_to,
                ..RowOptions::up_to(to)
            },
            jobs,
            table,
        };
        json(&census::census(&family, share, &options, &settings.control)?)
    })
}

/// A game of a family as it crosses to Python: (index, canonical code, other spellings).
type MemberTuple = (u64, String, Vec<String>);

/// The games of a family (or its `shard`), in the census's order, each once: the family's
/// label, its number of games, and per game (index, canonical code, other spellings). With
/// `to`, the games a census to `to` runs: a family of boards (`cram:3`) has the boards of 1 to
/// `to` columns, a family of heap games every game.
#[pyfunction]
#[pyo3(signature = (spec, codes, shard=None, to=None))]
pub fn census_members(
    spec: Option<String>,
    codes: Option<Vec<String>>,
    shard: Option<String>,
    to: Option<u64>,
) -> PyResult<(String, u64, Vec<MemberTuple>)> {
    let answer = (|| {
        let family = family(spec, codes)?;
        let share = self::shard(shard.as_deref())?;
        let members = match to {
            Some(to) => family.members_up_to(to)?,
            None if family.needs_to() => {
                return grundy::error::input(format!(
                    "the members of {} are numbered by n without end: give to=N",
                    family.label()
                ));
            }
            None => family.members(),
        };
        let of = members.len() as u64;
        let mine = members
            .into_iter()
            .filter(|m| share.holds(m.index))
            .map(|m| (m.index, m.code, m.also))
            .collect();
        Ok((family.label(), of, mine))
    })();
    answer.map_err(crate::run::to_py)
}

/// One game's row up to heap `to` (`all`: every heap even once proved), or one board's
/// (`3x16`, searched cold), or with `family` (a spec) one member of that family (a family by n,
/// `node-kayles:grid 3x{n}`, needs it: its member `grid 3x7` is n = 7 of it), as JSON: the unit a
/// cluster maps over. Computed with the GIL released; Ctrl-C (in the main thread) cancels.
#[pyfunction]
#[pyo3(signature = (code, to, all=false, max_memory=None, quotient_to=None, family=None))]
pub fn census_row_json(
    py: Python<'_>,
    code: String,
    to: u64,
    all: bool,
    max_memory: Option<String>,
    quotient_to: Option<u64>,
    family: Option<String>,
) -> PyResult<String> {
    let limits = Limits {
        max_states: None,
        max_memory,
    };
    run(py, &limits, move |settings| {
        let options = RowOptions {
            stop_when_proved: !all,
            quotient_to,
            ..RowOptions::up_to(to)
        };
        match family {
            Some(spec) => {
                let options = CensusOptions {
                    row: options,
                    ..CensusOptions::up_to(to, 1)
                };
                json(&census::member_row(
                    &Family::parse(&spec)?,
                    &code,
                    &options,
                    &settings.control,
                )?)
            }
            None => json(&census::game_row(&code, &options, &settings.control)?),
        }
    })
}
