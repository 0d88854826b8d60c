//! `grundy.solve(position, options)`: the value of a position of any game written in Python,
//! `options(p)` giving the options of a hashable position p. An option that is a `grundy.Sum`
//! (a tuple subclass) is the disjunctive sum of its parts, each a position of the game.
//!
//! How, in three steps:
//! 1. Exploration: every position reachable from the start (through options and the parts of
//!    sums) gets an id (a Python dict from position to id) and its options are asked exactly
//!    once (memoised); each option is kept as the list of its parts' ids. The state limit bounds
//!    the number of positions.
//! 2. Peeling (Kahn 1962): a position whose options' parts are all valued gets the mex of its
//!    options' values, an option's value being the nim-sum of its parts' (Sprague–Grundy).
//!    Positions that cannot reach a cycle are all valued so; if the start is, that is the answer.
//! 3. Otherwise the game is loopy and the start's value is its generalized Sprague–Grundy value
//!    γ (Smith 1966; Fraenkel and Yesha 1986), computed by [`Digraph::loopy_values_with`] on the
//!    graph of the sums reachable from the start. A vertex of that graph is a sum: the sorted
//!    multiset of its parts not valued in step 2, and one Nim heap for the nim-sum h of its valued
//!    parts (a position with a finite value is equivalent to a Nim heap of that value in any sum,
//!    Smith's theorem γ(G + H) = γ(G) ⊕ γ(H)). Its followers: a move in one part, or h → h' < h.
//!    A value ∞(K) (a draw unless 0 ∈ K) is reported, never a hang.
//!
//! Cost: one call of `options` per position reachable (steps 1), linear time in the options for
//! step 2, and for step 3 the size of the sum graph (bounded by the state limit) times the
//! number of stages (at most one more than the largest finite value). The memory limit is
//! watched throughout (a budget sampled every 50 ms, looked at every [`SIGNAL_EVERY`] positions
//! and every 65536 options of one position). The GIL is held while
//! exploring (the callbacks need it; Ctrl-C is seen inside them and checked every
//! [`SIGNAL_EVERY`] positions); step 3 runs on a worker thread without it.

use crate::run::{Limits, run, to_py};
use grundy::control::{Cancel, Control};
use grundy::error::Error;
use grundy::nimber::{MexScratch, Nimber};
use grundy::solve::digraph::Digraph;
use grundy::value::Value;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use rustc_hash::FxHashMap;

/// Positions between two explicit looks for Ctrl-C.
pub const SIGNAL_EVERY: usize = 1024;

/// The default state limit of a Python game (positions asked for their options).
pub const DEFAULT_MAX_STATES: u64 = 10_000_000;

/// The explored game: per position id, its options as lists of part ids.
struct Explored<'py> {
    ids: Bound<'py, PyDict>,
    positions: Vec<Bound<'py, PyAny>>,
    options: Vec<Vec<Vec<u32>>>,
    /// The start's options as Python returned them.
    start_options: Vec<Bound<'py, PyAny>>,
}

impl<'py> Explored<'py> {
    /// The id of `p`, a new one if it is new (then it waits in `todo` to be expanded).
    fn intern(&mut self, p: &Bound<'py, PyAny>, todo: &mut Vec<u32>, max: usize) -> PyResult<u32> {
        if let Some(id) = self.ids.get_item(p)? {
            return id.extract();
        }
        if self.positions.len() >= max {
            return Err(to_py(Error::StateLimit(max)));
        }
        let id = self.positions.len() as u32;
        self.ids.set_item(p, id)?;
        self.positions.push(p.clone());
        self.options.push(Vec::new());
        todo.push(id);
        Ok(id)
    }
}

/// Step 1: every position reachable from `start`, each asked for its options once.
fn explore<'py>(
    py: Python<'py>,
    start: &Bound<'py, PyAny>,
    options: &Bound<'py, PyAny>,
    sum_type: &Bound<'py, PyType>,
    max: usize,
    control: &Control,
) -> PyResult<Explored<'py>> {
    let mut g = Explored {
        ids: PyDict::new(py),
        positions: Vec::new(),
        options: Vec::new(),
        start_options: Vec::new(),
    };
    let mut todo = Vec::new();
    g.intern(start, &mut todo, max)?;
    let mut expanded = 0usize;
    while let Some(id) = todo.pop() {
        expanded += 1;
        if expanded.is_multiple_of(SIGNAL_EVERY) {
            py.check_signals()?;
            control.check().map_err(to_py)?;
        }
        let p = g.positions[id as usize].clone();
        let answer = options.call1((p.clone(),))?;
        let items = answer.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "options({}) must return an iterable of options",
                p.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })?;
        let mut list = Vec::new();
        for item in items {
            if list.len() % crate::callable::OPTIONS_CHECK_EVERY == crate::callable::OPTIONS_CHECK_EVERY - 1 {
                py.check_signals()?;
                control.check().map_err(to_py)?;
            }
            let item = item?;
            let parts = if item.is_instance(sum_type)? {
                let mut parts = Vec::new();
                for part in item.try_iter()? {
                    parts.push(g.intern(&part?, &mut todo, max)?);
                }
                parts
            } else {
                vec![g.intern(&item, &mut todo, max)?]
            };
            list.push(parts);
            if id == 0 {
                g.start_options.push(item);
            }
        }
        g.options[id as usize] = list;
    }
    Ok(g)
}

/// Step 2: the values of the positions that cannot reach a cycle (`None` for the others).
fn peel(options: &[Vec<Vec<u32>>]) -> Vec<Option<Nimber>> {
    let n = options.len();
    let mut pending = vec![0u32; n];
    let mut waiting: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (p, opts) in options.iter().enumerate() {
        for &c in opts.iter().flatten() {
            pending[p] += 1;
            waiting[c as usize].push(p as u32);
        }
    }
    let mut value: Vec<Option<Nimber>> = vec![None; n];
    let mut queue: Vec<u32> = (0..n as u32).filter(|&p| pending[p as usize] == 0).collect();
    let mut scratch = MexScratch::default();
    let mut found = Vec::new();
    while let Some(p) = queue.pop() {
        found.clear();
        for parts in &options[p as usize] {
            found.push(parts.iter().fold(Nimber::ZERO, |a, &c| {
                a ^ value[c as usize].expect("every part is valued")
            }));
        }
        value[p as usize] = Some(scratch.mex(&found));
        for &w in &waiting[p as usize] {
            pending[w as usize] -= 1;
            if pending[w as usize] == 0 {
                queue.push(w);
            }
        }
    }
    value
}

/// A vertex of the sum graph: the parts not valued by [`peel`] (sorted) and the Nim heap of the
/// nim-sum of the valued ones.
type SumVertex = (Vec<u32>, u64);

/// The vertex of an option with these parts.
fn vertex_of(parts: &[u32], value: &[Option<Nimber>], rest: &[u32], heap: u64) -> SumVertex {
    let mut open: Vec<u32> = rest.to_vec();
    let mut h = heap;
    for &c in parts {
        match value[c as usize] {
            Some(v) => h ^= v.0,
            None => open.push(c),
        }
    }
    open.sort_unstable();
    (open, h)
}

/// Step 3's graph: its number of vertices, its arcs, and the vertex of each of the start's
/// options.
type SumGraph = (usize, Vec<(u32, u32)>, Vec<u32>);

/// Step 3's graph: every sum reachable from the start (vertex 0), its arcs, and the vertex of
/// each of the start's options.
fn sum_graph(options: &[Vec<Vec<u32>>], value: &[Option<Nimber>], max: usize) -> grundy::Result<SumGraph> {
    let mut ids: FxHashMap<SumVertex, u32> = FxHashMap::default();
    let mut vertices: Vec<SumVertex> = Vec::new();
    let mut arcs: Vec<(u32, u32)> = Vec::new();
    let mut intern = |v: SumVertex, vertices: &mut Vec<SumVertex>| -> grundy::Result<u32> {
        if let Some(&id) = ids.get(&v) {
            return Ok(id);
        }
        if vertices.len() >= max {
            return Err(Error::StateLimit(max));
        }
        let id = vertices.len() as u32;
        ids.insert(v.clone(), id);
        vertices.push(v);
        Ok(id)
    };
    intern((vec![0], 0), &mut vertices)?;
    let mut start_options = Vec::new();
    let mut next = 0usize;
    while next < vertices.len() {
        let (open, heap) = vertices[next].clone();
        let mut followers = Vec::new();
        for (i, &c) in open.iter().enumerate() {
            if i > 0 && open[i - 1] == c {
                continue; // the same part twice: the same moves
            }
            let rest: Vec<u32> = open[..i].iter().chain(&open[i + 1..]).copied().collect();
            for parts in &options[c as usize] {
                let w = intern(vertex_of(parts, value, &rest, heap), &mut vertices)?;
                followers.push(w);
                if next == 0 {
                    start_options.push(w);
                }
            }
        }
        for h in 0..heap {
            followers.push(intern((open.clone(), h), &mut vertices)?);
        }
        followers.sort_unstable();
        followers.dedup();
        arcs.extend(followers.into_iter().map(|w| (next as u32, w)));
        next += 1;
    }
    Ok((vertices.len(), arcs, start_options))
}

/// A value as Python sees it: the nimber (`None` for ∞) and the escape set K of an ∞(K).
fn plain(v: &Value) -> (Option<u64>, Vec<u64>) {
    match v {
        Value::Finite(n) => (Some(n.0), vec![]),
        Value::Infinite { escapes } => (None, escapes.iter().map(|e| e.0).collect()),
    }
}

/// The start's value as (nimber or `None`, escapes, outcome code), and each option's as (nimber
/// or `None`, escapes, what the move to it does: `"win"`, `"draw"` or `""`, the library's
/// [`Value::move_kind`]).
fn classified(start: &Value, options: &[Value]) -> (Valued, Vec<Classified>) {
    let (v, k) = plain(start);
    let options = options
        .iter()
        .map(|o| {
            let (ov, ok) = plain(o);
            (ov, ok, start.move_kind(o).code())
        })
        .collect();
    ((v, k, start.outcome().code()), options)
}

/// A value crossing to Python: nimber or `None` for ∞, escapes, outcome code.
type Valued = (Option<u64>, Vec<u64>, &'static str);
/// An option's value crossing to Python, with the kind of the move to it.
type Classified = (Option<u64>, Vec<u64>, &'static str);

/// The answer of [`solve_game`]: the start's value, its options as given, and each option's
/// value, each value as (nimber or `None` for ∞, escape set), and the number of positions.
type Solved<'py> = (Valued, Vec<Bound<'py, PyAny>>, Vec<Classified>, usize);

/// The value of `position` in the game `options` (see the module docs); `sum_type` is the class
/// that marks an option as a sum (`grundy.Sum`).
#[pyfunction]
#[pyo3(signature = (position, options, sum_type, max_states=None, max_memory=None))]
pub fn solve_game<'py>(
    py: Python<'py>,
    position: Bound<'py, PyAny>,
    options: Bound<'py, PyAny>,
    sum_type: Bound<'py, PyType>,
    max_states: Option<u64>,
    max_memory: Option<String>,
) -> PyResult<Solved<'py>> {
    if !options.is_callable() {
        return Err(PyTypeError::new_err("options must be a callable options(position)"));
    }
    let max = usize::try_from(max_states.unwrap_or(DEFAULT_MAX_STATES)).unwrap_or(usize::MAX);
    // The exploration holds the GIL (Ctrl-C is Python's signal check); the memory limit is
    // watched by the budget of these settings.
    let explore_limits = Limits {
        max_states,
        max_memory: max_memory.clone(),
    };
    let control = explore_limits.settings(&Cancel::new()).map_err(to_py)?.control;
    let g = explore(py, &position, &options, &sum_type, max, &control)?;
    let value = peel(&g.options);
    let count = g.positions.len();
    if let Some(v) = value[0] {
        let option_values: Vec<Value> = g.options[0]
            .iter()
            .map(|parts| {
                Value::Finite(
                    parts
                        .iter()
                        .fold(Nimber::ZERO, |a, &c| a ^ value[c as usize].expect("valued")),
                )
            })
            .collect();
        let (start, options) = classified(&Value::Finite(v), &option_values);
        return Ok((start, g.start_options, options, count));
    }
    let options_table = g.options;
    let limits = Limits {
        max_states: Some(max as u64),
        max_memory,
    };
    let (start, option_values) = run(py, &limits, move |settings| {
        let (n, arcs, start_options) = sum_graph(&options_table, &value, max)?;
        let graph = Digraph::unnamed(n, &arcs)?;
        let labels = graph.loopy_values_with(&settings.control)?;
        let options: Vec<Value> = start_options.iter().map(|&w| graph.value_of(&labels, w)).collect();
        Ok(classified(&graph.value_of(&labels, 0), &options))
    })?;
    Ok((start, g.start_options, option_values, count))
}
