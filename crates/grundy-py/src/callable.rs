//! `grundy.sequence(options, to=N)` for a one-heap game written in Python: `options(n)` returns
//! the options of a heap of n, each an int (one heap) or a tuple of ints (a split into heaps,
//! valued by the nim-sum of their values). g(n) is the mex of the options' values, computed in
//! Rust from heap 0 up, one call of `options` per heap.
//!
//! Every heap of an option must be smaller than n (so the values can be computed in order and the
//! game is finite); anything else is a `ValueError` naming the heap. The period of the values is
//! only observed (the rules are opaque), unless the caller declares `window=m`: for n ≥ m the
//! options are the single heaps n − s for one fixed set of s ≤ m (a subtraction game). That
//! declaration is checked on every heap computed, and then the window rule of
//! [`grundy::solve::periodicity`] proves the period (a window of m values that repeats).
//!
//! Cost: one Python call per heap plus the conversion of its options, and O(k) for the mex of
//! k options. The time of each part is measured and returned (`callback`, `conversion`, `mex`)
//! so a caller can see where it goes. The GIL is held throughout (the callbacks need it);
//! Ctrl-C is seen inside the callbacks, and checked every [`SIGNAL_EVERY`] heaps besides.
//! `max_states` bounds the heaps (refused up front beyond it); `max_memory` bounds the values
//! (reserved up front) and the options of one heap (looked at every [`OPTIONS_CHECK_EVERY`], so
//! an endless iterator of options stops at the limit).

use crate::run::{Limits, to_py};
use grundy::control::{Cancel, Control};
use grundy::error::Error;
use grundy::nimber::{MexScratch, Nimber};
use grundy::report::SeqReport;
use grundy::solve::heap_sequence::Sequence;
use grundy::solve::periodicity::PeriodProof;
use numpy::PyArray1;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyTuple};
use std::time::{Duration, Instant};

/// Heaps between two explicit looks for Ctrl-C.
pub const SIGNAL_EVERY: u64 = 1024;

/// Options of one heap between two looks at the memory limit (an endless iterator of options
/// must stop at `max_memory`, not fill the machine).
pub const OPTIONS_CHECK_EVERY: usize = 1 << 16;

/// Bytes a heap's value costs here (one `Nimber`), for the memory limit.
const VALUE_BYTES: u64 = std::mem::size_of::<Nimber>() as u64;

/// Account `more` values or options about to be kept, and look at the memory limit.
fn account(control: &Control, more: usize) -> PyResult<()> {
    control.check().map_err(to_py)?;
    control.reserve(more as u64 * VALUE_BYTES).map_err(to_py)
}

/// Where the time of a callable sequence went, in seconds.
#[derive(Default)]
struct Timing {
    callback: Duration,
    conversion: Duration,
    mex: Duration,
}

/// One heap of an option: an int below `n`.
fn heap(item: &Bound<'_, PyAny>, n: u64) -> PyResult<u64> {
    let k: u64 = if item.is_instance_of::<PyInt>() {
        item.extract().map_err(|_| {
            PyValueError::new_err(format!(
                "options({n}) returned the heap {item}: heaps are natural numbers"
            ))
        })?
    } else {
        item.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "options({n}) returned {}: each option must be an int (one heap) or a tuple of ints (a split into heaps)",
                item.repr().map(|r| r.to_string()).unwrap_or_else(|_| "an object".into())
            ))
        })?
    };
    if k >= n {
        return Err(PyValueError::new_err(format!(
            "options({n}) returned the heap {k}: every heap of an option must be smaller than {n} (the values are computed from heap 0 up)"
        )));
    }
    Ok(k)
}

/// The value of one option of heap `n`, and, for the window check, its heap when it is one.
fn option_value(item: &Bound<'_, PyAny>, n: u64, g: &[Nimber]) -> PyResult<(Nimber, Option<u64>)> {
    if let Ok(parts) = item.cast::<PyTuple>() {
        let mut v = Nimber::ZERO;
        for part in parts.iter() {
            v ^= g[heap(&part, n)? as usize];
        }
        let single = if parts.len() == 1 {
            heap(&parts.get_item(0)?, n).ok()
        } else {
            None
        };
        return Ok((v, single));
    }
    let k = heap(item, n)?;
    Ok((g[k as usize], Some(k)))
}

/// What [`sequence_callable`] returns: the values, the `seq --json` document without its
/// values, and the seconds spent in the callbacks, in converting their answers and in the mexes.
type CallableSequence<'py> = (Bound<'py, PyArray1<u64>>, String, (f64, f64, f64));

/// The values g(0..=to) of the game `options`, the `seq --json` document without its values,
/// and the time spent in the callbacks, in converting their answers and in the mexes (seconds).
#[pyfunction]
#[pyo3(signature = (options, to, window=None, name=None, max_states=None, max_memory=None))]
pub fn sequence_callable<'py>(
    py: Python<'py>,
    options: Bound<'py, PyAny>,
    to: u64,
    window: Option<u64>,
    name: Option<String>,
    max_states: Option<u64>,
    max_memory: Option<String>,
) -> PyResult<CallableSequence<'py>> {
    if !options.is_callable() {
        return Err(PyTypeError::new_err(
            "the game must be a spec string or a callable options(n) returning the options of a heap of n",
        ));
    }
    let len = usize::try_from(to)
        .ok()
        .and_then(|t| t.checked_add(1))
        .filter(|&l| l <= 1 << 32)
        .ok_or_else(|| PyValueError::new_err(format!("to={to} is too large for a Python callable")))?;
    if window == Some(0) {
        return Err(PyValueError::new_err("window must be at least 1"));
    }
    // The limits: `max_states` bounds the heaps valued (each is a position), `max_memory` the
    // values and options kept (the GIL is held here, so Ctrl-C is Python's own signal check).
    let limits = Limits { max_states, max_memory };
    let control = limits.settings(&Cancel::new()).map_err(to_py)?.control;
    if let Some(max) = max_states
        && to >= max
    {
        return Err(to_py(Error::SequenceLimit(to, max as usize)));
    }
    account(&control, len)?;
    let mut g: Vec<Nimber> = Vec::with_capacity(len.min(1 << 20));
    let mut found: Vec<Nimber> = Vec::new();
    let mut scratch = MexScratch::default();
    let mut timing = Timing::default();
    // The subtraction set declared by `window`: the differences n − k of heap `window`.
    let mut differences: Option<Vec<u64>> = None;
    let mut seen: Vec<u64> = Vec::new();
    for n in 0..=to {
        if n % SIGNAL_EVERY == SIGNAL_EVERY - 1 {
            py.check_signals()?;
        }
        let start = Instant::now();
        let answer = options.call1((n,))?;
        let called = Instant::now();
        found.clear();
        seen.clear();
        let mut all_single = true;
        if let Ok(list) = answer.cast::<PyList>() {
            for item in list.iter() {
                let (v, single) = option_value(&item, n, &g)?;
                found.push(v);
                match single {
                    Some(k) => seen.push(n - k),
                    None => all_single = false,
                }
            }
        } else {
            let items = answer.try_iter().map_err(|_| {
                PyTypeError::new_err(format!(
                    "options({n}) returned {}: it must return an iterable of options",
                    answer.get_type().name().map(|t| t.to_string()).unwrap_or_default()
                ))
            })?;
            for item in items {
                if found.len() % OPTIONS_CHECK_EVERY == OPTIONS_CHECK_EVERY - 1 {
                    py.check_signals()?;
                    account(&control, found.len())?;
                }
                let (v, single) = option_value(&item?, n, &g)?;
                found.push(v);
                match single {
                    Some(k) => seen.push(n - k),
                    None => all_single = false,
                }
            }
        }
        let converted = Instant::now();
        if let Some(m) = window
            && n >= m
        {
            seen.sort_unstable();
            seen.dedup();
            if !all_single || seen.last().is_some_and(|&d| d > m) {
                return Err(PyValueError::new_err(format!(
                    "window={m} was declared, but options({n}) is not a set of single heaps n − s with s ≤ {m}"
                )));
            }
            match &differences {
                None => differences = Some(seen.clone()),
                Some(d) if *d != seen => {
                    return Err(PyValueError::new_err(format!(
                        "window={m} was declared, but options({n}) subtracts {seen:?} where options({m}) subtracts {d:?}: the rule must be the same for every n ≥ {m}"
                    )));
                }
                Some(_) => {}
            }
        }
        g.push(scratch.mex(&found));
        let done = Instant::now();
        timing.callback += called - start;
        timing.conversion += converted - called;
        timing.mex += done - converted;
    }
    let proof = match window {
        Some(length) => PeriodProof::Window { length },
        None => PeriodProof::None,
    };
    let seq = Sequence::from_values(g, &proof, "a Python callable options(n), mex in Rust").map_err(to_py)?;
    let game = name.unwrap_or_else(|| "options(n)".into());
    let meta = serde_json::to_string(&SeqReport::of(game, &seq, ()))
        .map_err(|e| PyValueError::new_err(format!("cannot write the report: {e}")))?;
    let values: Vec<u64> = (0..=seq.to).map(|n| seq.get(n)).collect();
    Ok((
        PyArray1::from_vec(py, values),
        meta,
        (
            timing.callback.as_secs_f64(),
            timing.conversion.as_secs_f64(),
            timing.mex.as_secs_f64(),
        ),
    ))
}
