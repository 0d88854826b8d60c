//! Running library work from Python: the settings of a call, the mapping of the library's errors
//! to Python exceptions, and a runner that computes on a worker thread while the calling thread
//! waits with the GIL released and answers Ctrl-C.
//!
//! Why a worker thread: a long computation must not hold the GIL (other Python threads keep
//! running) and must stop on Ctrl-C within a second. The calling thread waits for the result in
//! slices of [`SLICE`], calling `check_signals` between them; on KeyboardInterrupt it cancels the
//! computation's [`Cancel`] token (the engines stop at their next checkpoint) and joins the
//! worker. Positions of the library are `Rc`-based (not `Send`), so only plain data (spec
//! strings, numbers) crosses to the worker, which builds its positions itself.
//!
//! Cost: one thread per call (tens of microseconds), negligible beside the work.

use grundy::control::{Cancel, Control};
use grundy::error::Error;
use grundy::memory::MemoryBudget;
use grundy::settings::Settings;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

pyo3::create_exception!(
    _grundy,
    LimitError,
    pyo3::exceptions::PyRuntimeError,
    "A limit was reached: the state limit (max_states) or the memory limit (max_memory). The input was fine; raise the limit to go on."
);

/// How long the waiting thread sleeps before it looks for Ctrl-C again.
pub const SLICE: Duration = Duration::from_millis(50);

/// The limits a Python call may set: `max_states` (positions a search may keep) and
/// `max_memory` (a size such as `"8G"`; the default is the command line's: half the machine's
/// memory, or less under a control group).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Most positions kept by a search; `None`: the library's default.
    pub max_states: Option<u64>,
    /// The memory budget as the command line writes it (`512M`, `8G`); `None`: the default.
    pub max_memory: Option<String>,
}

impl Limits {
    /// The library's settings for these limits, with `cancel` as the token.
    pub fn settings(&self, cancel: &Cancel) -> grundy::Result<Settings> {
        let mut settings = Settings::default();
        if let Some(n) = self.max_states {
            let n = usize::try_from(n).map_err(|_| Error::Input(format!("max_states {n} is too large")))?;
            settings.max_states = n;
            settings.max_table_states = n;
        }
        let memory = match &self.max_memory {
            Some(size) => grundy::memory::parse_size(size).map_err(|e| e.named("max_memory"))?,
            None => grundy::memory::default_limit(),
        };
        settings.control = Control::new()
            .with_cancel(cancel.clone())
            .with_memory(MemoryBudget::new(memory));
        Ok(settings)
    }
}

/// The Python exception of a library error: `ValueError` with the command line's message for
/// bad input, [`LimitError`] for a limit (the message names the keyword arguments `max_states=`
/// and `max_memory=` where the command line names its options), `KeyboardInterrupt` for a
/// cancelled computation.
pub fn to_py(e: Error) -> PyErr {
    match e {
        Error::Interrupted => pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"),
        // The library's message with the keyword argument that raises the limit.
        e if e.is_limit() => LimitError::new_err(match (e.limit(), &e) {
            // The share of the address-space limit (`ulimit -v`): max_memory= cannot raise it.
            (Some(grundy::error::Limit::Memory), Error::MemoryLimit(bytes))
                if grundy::memory::is_address_space_share(*bytes) =>
            {
                format!("{e} (7/8 of the process's address-space limit, `ulimit -v`)")
            }
            (Some(grundy::error::Limit::Memory), _) => {
                format!("{e}; raise it with max_memory=, e.g. max_memory=\"8G\"")
            }
            _ => format!("{e}; raise it with max_states="),
        }),
        e => PyValueError::new_err(e.to_string()),
    }
}

/// Run `work` with the settings of `limits` on a worker thread, the GIL released; Ctrl-C in the
/// calling thread cancels it (see the module docs).
pub fn run<T, F>(py: Python<'_>, limits: &Limits, work: F) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce(Settings) -> grundy::Result<T> + Send + 'static,
{
    let cancel = Cancel::new();
    let settings = limits.settings(&cancel).map_err(to_py)?;
    let (tx, rx) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("grundy".into())
        .spawn(move || {
            let _ = tx.send(work(settings));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a worker thread: {e}")))?;
    let mut rx = rx;
    loop {
        // The receiver is moved in and out: it is `Send` but not `Sync`.
        let (got, back) = py.detach(move || (rx.recv_timeout(SLICE), rx));
        rx = back;
        match got {
            Ok(result) => {
                let _ = py.detach(|| worker.join());
                return result.map_err(to_py);
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    cancel.cancel();
                    let _ = py.detach(|| worker.join());
                    return Err(interrupt);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                let _ = py.detach(|| worker.join());
                return Err(PyRuntimeError::new_err(
                    "the computation stopped without an answer (a bug: please report it)",
                ));
            }
        }
    }
}
