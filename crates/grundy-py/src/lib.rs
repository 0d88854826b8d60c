//! `grundy._grundy`: the compiled half of the `grundy` Python package (the pure-Python
//! `grundy/__init__.py` over it gives the documented API and its objects).
//!
//! What: the library's answers for Python callers. Games named by spec strings (the command
//! line's words, `"nim 10 12 5"`) are built through the registry and answered by the same
//! report builders as the command line ([`grundy::report`]); the reports cross to Python as the
//! command line's `--json` documents, so every front end speaks one JSON. Sequences and tables
//! cross as NumPy arrays. Games written in Python go through [`callable`] (one-heap games
//! `options(n)`) and [`solve`] (any game `options(p)`).
//!
//! Why this shape: the library never prints and never stops the process; here its typed errors
//! become Python exceptions and its cancellation token follows Ctrl-C ([`run`]). No game is
//! named here: games come from the registry.
//!
//! Cost: that of the computations; the crossing is one JSON document per report, one array copy
//! per sequence or table.

#![warn(missing_docs)]

mod callable;
mod census;
mod run;
mod solve;

use grundy::error::Error;
use grundy::game::Convention;
use grundy::games;
use grundy::query;
use grundy::report::{QuotientReport, SeqReport, TableCell, TableValues};
use grundy::settings::Settings;
use grundy::value::{MoveKind, Value};
use numpy::PyArray1;
use pyo3::prelude::*;
use run::{Limits, run};
use std::collections::HashMap;

/// A table cell whose words are not a position.
pub const BLANK: i64 = -1;
/// A table cell or graph vertex whose value is loopy (∞).
pub const LOOPY: i64 = -2;

/// A report as JSON text (the command line's `--json`).
fn json(report: &impl serde::Serialize) -> grundy::Result<String> {
    serde_json::to_string(report).map_err(|e| Error::Unsupported(format!("cannot write the JSON report: {e}")))
}

/// Files given as text (name → text): the spec's words may name them, and the library reads
/// only these while answering (as the web explorer's requests do, [`grundy::files::sandboxed`]).
/// `None`: the files on the disk.
type Files = Option<HashMap<String, String>>;

/// `f()`, reading the files `files` instead of the disk when given.
fn with_files<R>(files: Files, f: impl FnOnce() -> R) -> R {
    match files {
        Some(files) => grundy::files::sandboxed(files, f),
        None => f(),
    }
}

/// `value`: the command line's `value --json` document for `spec` (`value --misere --json`
/// when `misere`, `--no-moves` unless `moves`); `files`: texts the spec names as files (a graph given as edges);
/// `jobs`: the engine's threads (`--jobs`; `None`: every core).
#[pyfunction]
#[pyo3(signature = (spec, max_states=None, max_memory=None, misere=false, files=None, moves=true, jobs=None))]
#[allow(clippy::too_many_arguments)]
fn value_json(
    py: Python<'_>,
    spec: String,
    max_states: Option<u64>,
    max_memory: Option<String>,
    misere: bool,
    files: Files,
    moves: bool,
    jobs: Option<usize>,
) -> PyResult<String> {
    let limits = Limits { max_states, max_memory };
    run(py, &limits, move |settings| {
        let settings = with_jobs(settings, jobs);
        with_files(files, || {
            json(&query::value(
                &games::words(&spec),
                Convention::misere_if(misere),
                moves,
                &settings,
            )?)
        })
    })
}

/// `value --is K`: the command line's `value SPEC --is K --json` document, whether the value of
/// `spec` is `k` (by the game's own test where it has one: Cram asks the options only what the
/// test needs); `jobs` as in [`value_json`].
#[pyfunction]
#[pyo3(signature = (spec, k, max_states=None, max_memory=None, misere=false, jobs=None))]
fn has_value_json(
    py: Python<'_>,
    spec: String,
    k: u64,
    max_states: Option<u64>,
    max_memory: Option<String>,
    misere: bool,
    jobs: Option<usize>,
) -> PyResult<String> {
    let limits = Limits { max_states, max_memory };
    run(py, &limits, move |settings| {
        let settings = with_jobs(settings, jobs);
        json(&query::has_value(
            &games::words(&spec),
            Convention::misere_if(misere),
            grundy::nimber::Nimber(k),
            &settings,
        )?)
    })
}

/// `settings` with `jobs` threads when given (`--jobs`), else as they are (every core).
fn with_jobs(settings: Settings, jobs: Option<usize>) -> Settings {
    match jobs {
        Some(jobs) => Settings { jobs, ..settings },
        None => settings,
    }
}

/// `split`: the command line's `split GAME ARGS --json` document, the tasks of a position
/// (each class of equal options once, as the words of `value`), nothing valued.
#[pyfunction]
fn split_json(py: Python<'_>, spec: String) -> PyResult<String> {
    run(py, &Limits::default(), move |settings| {
        json(&query::split::split(&games::words(&spec), &settings)?)
    })
}

/// `split merge`: the region databases `parts` merged into `out` (refused when two parts
/// disagree on a region, or one is damaged); the command line's `split merge --json` document.
#[pyfunction]
fn merge_tables_json(py: Python<'_>, parts: Vec<String>, out: String) -> PyResult<String> {
    run(py, &Limits::default(), move |_| {
        let parts: Vec<std::path::PathBuf> = parts.iter().map(std::path::PathBuf::from).collect();
        json(&query::split::merge_tables(&parts, std::path::Path::new(&out))?)
    })
}

/// `quotient`: the command line's `quotient GAME --to N [--heaps ...] --json` document, the
/// misère quotient of the heap game `spec` restricted to heaps ≤ `to`, verified.
#[pyfunction]
#[pyo3(signature = (spec, to, heaps=None, max_states=None, max_memory=None))]
fn quotient_json(
    py: Python<'_>,
    spec: String,
    to: u64,
    heaps: Option<Vec<u64>>,
    max_states: Option<u64>,
    max_memory: Option<String>,
) -> PyResult<String> {
    let limits = Limits { max_states, max_memory };
    run(py, &limits, move |settings| {
        let report = QuotientReport::of(&games::words(&spec), to, heaps.as_deref(), &settings)?;
        // A run stopped by Ctrl-C or a limit keeps its proved heaps for the command line; here
        // the answer is whole or an exception, as for the other functions.
        match &report.cause {
            Some(cause) => Err(cause.clone()),
            None => json(&report),
        }
    })
}

/// `sequence(..., misere=True)`: the command line's `seq GAME --misere --to N --json`
/// document (each heap's misère value and genus).
#[pyfunction]
#[pyo3(signature = (spec, to, max_states=None, max_memory=None))]
fn genus_json(
    py: Python<'_>,
    spec: String,
    to: u64,
    max_states: Option<u64>,
    max_memory: Option<String>,
) -> PyResult<String> {
    let limits = Limits { max_states, max_memory };
    run(py, &limits, move |settings| {
        json(&query::seq::misere(&games::words(&spec), to, &settings)?)
    })
}

/// `sum`: the command line's `sum --json` document for the summands `specs` (`sum --misere
/// --json` when `misere`).
#[pyfunction]
#[pyo3(signature = (specs, max_states=None, max_memory=None, misere=false))]
fn sum_json(
    py: Python<'_>,
    specs: Vec<String>,
    max_states: Option<u64>,
    max_memory: Option<String>,
    misere: bool,
) -> PyResult<String> {
    let limits = Limits { max_states, max_memory };
    run(py, &limits, move |settings| {
        if specs.is_empty() {
            return grundy::error::input("sum needs games, e.g. grundy.sum('nim 3 4', 'grundy-game 8')");
        }
        json(&query::sum(&specs, Convention::misere_if(misere), &settings)?)
    })
}

/// `sequence` of a spec: the values g(0..=to) as a NumPy array and the `seq --json` document
/// without its values (`"values": null`).
#[pyfunction]
#[pyo3(signature = (spec, to, all=false, method=None, max_states=None, max_memory=None))]
fn sequence_spec<'py>(
    py: Python<'py>,
    spec: String,
    to: u64,
    all: bool,
    method: Option<String>,
    max_states: Option<u64>,
    max_memory: Option<String>,
) -> PyResult<(Bound<'py, PyArray1<u64>>, String)> {
    let limits = Limits { max_states, max_memory };
    let (values, meta) = run(py, &limits, move |settings| {
        let method = method.as_deref().map(str::parse).transpose()?.unwrap_or_default();
        let words = games::words(&spec);
        let seq = query::seq::whole(&words, to, method, all, &settings)?.sequence;
        // The values cross as one array of 8 bytes a heap: refused as a memory limit when it
        // cannot fit (a proved period makes huge `to` cheap to compute, not to list).
        let bytes = seq.to.saturating_add(1).saturating_mul(8);
        settings.control.reserve(bytes)?;
        let values: Vec<u64> = (0..=seq.to).map(|n| seq.get(n)).collect();
        let meta = json(&SeqReport::of(words.join(" "), &seq, ()))?;
        Ok((values, meta))
    })?;
    Ok((PyArray1::from_vec(py, values), meta))
}

/// `table`: the value of each spec (one cell each) as a flat NumPy array: the nimber, [`BLANK`]
/// where the words are not a position, [`LOOPY`] for ∞. Fails when no cell is a position.
#[pyfunction]
#[pyo3(signature = (specs, max_states=None, max_memory=None))]
fn table_cells<'py>(
    py: Python<'py>,
    specs: Vec<String>,
    max_states: Option<u64>,
    max_memory: Option<String>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let limits = Limits { max_states, max_memory };
    let cells = run(py, &limits, move |settings| {
        let mut first_error = None;
        let mut cells = Vec::with_capacity(specs.len());
        for spec in &specs {
            settings.control.check()?;
            let cell = match games::build(&games::words(spec), &settings) {
                Ok(p) => match p.value()? {
                    Value::Finite(v) => i64::try_from(v.0)
                        .map_err(|_| Error::Unsupported(format!("{spec}: the value {v} does not fit in int64")))?,
                    Value::Infinite { .. } => LOOPY,
                },
                Err(Error::Input(m)) => {
                    first_error.get_or_insert(m);
                    BLANK
                }
                Err(e) => return Err(e),
            };
            cells.push(cell);
        }
        if let Some(m) = first_error
            && cells.iter().all(|&c| c == BLANK)
        {
            return grundy::error::input(format!("no cell of the table is a position: {m}"));
        }
        Ok(cells)
    })?;
    Ok(PyArray1::from_vec(py, cells))
}

/// `table` through the library's table assembly ([`query::table::report`], as `grundy table`
/// and the web's `/api/table`): `words` are the game's words with one or two ranges `A..B`;
/// the cells row by row as a flat NumPy array, coded as in [`table_cells`]. Games with a
/// whole-grid method (Wythoff) compute the grid once instead of one search per cell.
#[pyfunction]
#[pyo3(signature = (words, max_states=None, max_memory=None))]
fn table_grid<'py>(
    py: Python<'py>,
    words: Vec<String>,
    max_states: Option<u64>,
    max_memory: Option<String>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let limits = Limits { max_states, max_memory };
    let cells = run(py, &limits, move |settings| {
        let report = query::table::report(&words, false, false, &settings)?;
        let rows = match report.values {
            TableValues::Row(row) => vec![row],
            TableValues::Grid(rows) => rows,
        };
        rows.into_iter()
            .flatten()
            .map(|cell| match cell {
                TableCell::Value(Value::Finite(v)) => i64::try_from(v.0).map_err(|_| {
                    Error::Unsupported(format!("{}: the value {v} does not fit in int64", words.join(" ")))
                }),
                TableCell::Value(Value::Infinite { .. }) | TableCell::Draw => Ok(LOOPY),
                TableCell::Blank => Ok(BLANK),
            })
            .collect::<grundy::Result<Vec<i64>>>()
    })?;
    Ok(PyArray1::from_vec(py, cells))
}

/// `graph`: the generalized Sprague–Grundy value of every vertex of the digraph with vertex
/// `names` and `arcs` (pairs of indices into `names`), checked as the command line checks a
/// JSON graph file (no self-loops, no repeated arcs). Per vertex: the nimber or [`LOOPY`], the
/// escape set K of an ∞(K), the outcome code, and the vertices (indices) its winning moves and
/// the moves that keep its draw lead to (the library's [`Value::move_kind`]).
#[pyfunction]
#[pyo3(signature = (names, arcs, max_states=None, max_memory=None))]
fn graph_values(
    py: Python<'_>,
    names: Vec<String>,
    arcs: Vec<(usize, usize)>,
    max_states: Option<u64>,
    max_memory: Option<String>,
) -> PyResult<Vec<VertexValue>> {
    let limits = Limits { max_states, max_memory };
    run(py, &limits, move |settings| {
        // Each vertex is a position the solver keeps.
        if names.len() > settings.max_states {
            return Err(Error::StateLimit(settings.max_states));
        }
        let named = |i: usize| {
            names
                .get(i)
                .cloned()
                .ok_or_else(|| Error::Input(format!("arc to vertex {i}, of {} vertices", names.len())))
        };
        let arcs_named = arcs
            .iter()
            .map(|&(u, v)| Ok(serde_json::json!([named(u)?, named(v)?])))
            .collect::<grundy::Result<Vec<_>>>()?;
        let doc = serde_json::json!({ "vertices": names, "arcs": arcs_named });
        let graph = games::graph::parse_json(&doc.to_string())?;
        let solved = games::graph::SolvedGraph::new("the graph", graph, &settings.control)?;
        let values: Vec<Value> = names
            .iter()
            .map(|name| Ok(solved.value(solved.vertex(name)?)))
            .collect::<grundy::Result<_>>()?;
        let mut kinds: Vec<(Vec<usize>, Vec<usize>)> = vec![(vec![], vec![]); names.len()];
        for &(u, w) in &arcs {
            match values[u].move_kind(&values[w]) {
                MoveKind::Winning => kinds[u].0.push(w),
                MoveKind::KeepsDraw => kinds[u].1.push(w),
                MoveKind::Other => {}
            }
        }
        Ok(values
            .iter()
            .zip(kinds)
            .map(|(v, (wins, draws))| {
                let (label, escapes) = match v {
                    Value::Finite(n) => (i64::try_from(n.0).unwrap_or(i64::MAX), vec![]),
                    Value::Infinite { escapes } => (LOOPY, escapes.iter().map(|e| e.0).collect()),
                };
                (label, escapes, v.outcome().code(), wins, draws)
            })
            .collect())
    })
}

/// A vertex's answer in [`graph_values`]: nimber or [`LOOPY`], escapes, outcome code, the
/// vertices of its winning moves, those of its moves that keep the draw.
type VertexValue = (i64, Vec<u64>, &'static str, Vec<usize>, Vec<usize>);

/// The engine of the `grundy` package (see `grundy/__init__.py` for the documented API).
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(value_json, m)?)?;
    m.add_function(wrap_pyfunction!(quotient_json, m)?)?;
    m.add_function(wrap_pyfunction!(has_value_json, m)?)?;
    m.add_function(wrap_pyfunction!(split_json, m)?)?;
    m.add_function(wrap_pyfunction!(merge_tables_json, m)?)?;
    m.add_function(wrap_pyfunction!(sum_json, m)?)?;
    m.add_function(wrap_pyfunction!(genus_json, m)?)?;
    m.add_function(wrap_pyfunction!(sequence_spec, m)?)?;
    m.add_function(wrap_pyfunction!(table_cells, m)?)?;
    m.add_function(wrap_pyfunction!(table_grid, m)?)?;
    m.add_function(wrap_pyfunction!(graph_values, m)?)?;
    m.add_function(wrap_pyfunction!(callable::sequence_callable, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve_game, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_json, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_members, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_row_json, m)?)?;
    m.add("LimitError", m.py().get_type::<run::LimitError>())?;
    m.add("BLANK", BLANK)?;
    m.add("LOOPY", LOOPY)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
