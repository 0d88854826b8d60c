//! Running one request's computation: off the request threads (`spawn_blocking`, at most
//! [`ServerLimits::jobs`] at once), under the request's limits on states, memory and time, with
//! file access confined to the texts the request sent ([`grundy::files::sandboxed`]), and
//! cancelled ([`grundy::control::Cancel`]) when the time is up or the client goes away (axum
//! drops the handler's future, and with it the guard that cancels).
//!
//! When every slot is taken, a request is answered at once with 503 (`kind: "busy"`) and a
//! `Retry-After` header, never left waiting: a waiting request would hold its connection for its
//! whole time limit and then fail anyway. A slot is freed only when the blocking task itself
//! returns (the slot's permit lives inside it), not when the answer is sent, so a computation
//! that is slow to notice its cancellation keeps its slot and the server never runs more than
//! [`ServerLimits::jobs`] computations. [`Jobs::running`] counts them (`GET /api/status`).
//!
//! Why: a position may take minutes or all the memory; the server must keep answering others.
//! Cost: one blocking-pool thread per running request; one memory watcher for the whole server
//! (a thread that reads the resident size every 50 ms).

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use grundy::control::{Cancel, Control};
use grundy::error::{Error, Limit};
use grundy::memory::MemoryBudget;
use grundy::settings::Settings;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// The limits every request runs under (a request may ask for lower ones, never higher).
#[derive(Clone, Debug)]
pub struct ServerLimits {
    /// Most positions one request's searches keep (the library's state limit).
    pub max_states: usize,
    /// The process's resident memory above which a request's computation stops (bytes).
    pub max_memory: u64,
    /// Longest time one request may compute.
    pub max_time: Duration,
    /// Most computations running at once; further requests are answered 503 (busy) at once.
    pub jobs: usize,
}

impl ServerLimits {
    /// The default number of computations at once: one per core
    /// ([`std::thread::available_parallelism`], 2 when it cannot be read), since each is one
    /// busy thread.
    pub fn default_jobs() -> usize {
        std::thread::available_parallelism().map_or(2, |n| n.get())
    }
}

impl Default for ServerLimits {
    /// 2,000,000 states, the library's default memory limit, 20 s, one computation per core.
    fn default() -> Self {
        ServerLimits {
            max_states: 2_000_000,
            max_memory: grundy::memory::default_limit(),
            max_time: Duration::from_secs(20),
            jobs: ServerLimits::default_jobs(),
        }
    }
}

/// Seconds a busy answer asks the client to wait before retrying (`Retry-After`).
const RETRY_AFTER_SECS: u64 = 1;

/// The server's state: its limits, the slots for running computations, the memory budget they
/// share and how many are running.
pub struct Jobs {
    limits: ServerLimits,
    slots: Arc<Semaphore>,
    memory: MemoryBudget,
    running: Arc<AtomicUsize>,
    /// The most any computation ran past its deadline so far, in microseconds.
    overrun: Arc<AtomicU64>,
}

/// Counts a computation as running from its creation to its drop (at the end of its blocking
/// task, also when it panics).
struct Running(Arc<AtomicUsize>);

impl Running {
    fn start(count: &Arc<AtomicUsize>) -> Running {
        count.fetch_add(1, Ordering::SeqCst);
        Running(Arc::clone(count))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// What a request may ask of the limits (lower than the server's).
#[derive(Clone, Copy, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Asked {
    /// A lower state limit.
    pub max_states: Option<u64>,
    /// A shorter time limit, in milliseconds.
    pub max_millis: Option<u64>,
}

/// An error answer: the status and `{"error": message, "kind": ...}`.
pub struct Failure {
    status: StatusCode,
    kind: &'static str,
    message: String,
}

impl Failure {
    /// Bad input (400), with the command line's message.
    pub fn input(message: impl Into<String>) -> Failure {
        Failure {
            status: StatusCode::BAD_REQUEST,
            kind: "input",
            message: message.into(),
        }
    }

    /// A library error: its message, and for a limit how the API raises it (the request's
    /// `max_states` field up to the server's limit; the memory limit is the server's own).
    fn of(e: &Error, limits: &ServerLimits) -> Failure {
        let (status, kind) = match e {
            e if e.is_limit() => (StatusCode::UNPROCESSABLE_ENTITY, "limit"),
            Error::Interrupted => (StatusCode::SERVICE_UNAVAILABLE, "interrupted"),
            _ => (StatusCode::BAD_REQUEST, "input"),
        };
        Failure {
            status,
            kind,
            message: match e.limit() {
                Some(Limit::States) => format!(
                    "{e}; raise it with the request's \"max_states\" field (the server allows at most {})",
                    limits.max_states
                ),
                Some(Limit::Memory) => format!("{e}, the server's memory limit; ask for a smaller computation"),
                None => e.to_string(),
            },
        }
    }
}

impl IntoResponse for Failure {
    /// The JSON body with the status; a 503 (busy, time, interrupted) also says when to retry
    /// (`Retry-After`).
    fn into_response(self) -> Response {
        #[derive(Serialize)]
        struct Body<'a> {
            error: &'a str,
            kind: &'a str,
        }
        let body = Body {
            error: &self.message,
            kind: self.kind,
        };
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            let retry = [(axum::http::header::RETRY_AFTER, RETRY_AFTER_SECS.to_string())];
            return (self.status, retry, Json(body)).into_response();
        }
        (self.status, Json(body)).into_response()
    }
}

/// Cancels the computation when dropped before it finished (the client went away).
struct CancelOnDrop(Option<Cancel>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(c) = self.0.take() {
            c.cancel();
        }
    }
}

impl Jobs {
    /// The state of a server with `limits`.
    pub fn new(limits: ServerLimits) -> Jobs {
        let slots = Arc::new(Semaphore::new(limits.jobs.max(1)));
        let memory = MemoryBudget::new(limits.max_memory);
        // The budget's flag, once raised, stays raised; a server goes on after a request that
        // went over the limit was stopped, so the flag is lowered again (`set_limit` clears it)
        // once it has been up a second (every running computation has seen it and stopped) and
        // the resident size is back under the limit. (The flag may also be raised by the
        // address-space limit; then it comes back at the next sample, once a second at most.)
        memory.set_watchdog(|budget, resident| {
            if resident <= budget.limit() && budget.exceeded_for().is_some_and(|t| t >= Duration::from_secs(1)) {
                budget.set_limit(budget.limit());
            }
        });
        Jobs {
            limits,
            slots,
            memory,
            running: Arc::new(AtomicUsize::new(0)),
            overrun: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The longest any computation went on past its deadline (the time limit) before it
    /// returned, since the server started.
    pub fn max_overrun(&self) -> Duration {
        Duration::from_micros(self.overrun.load(Ordering::SeqCst))
    }

    /// Computations running now (their blocking tasks not yet returned).
    pub fn running(&self) -> usize {
        self.running.load(Ordering::SeqCst)
    }

    /// The server's limits.
    pub fn limits(&self) -> &ServerLimits {
        &self.limits
    }

    /// Run `job` with the request's settings and files; its answer as JSON, or the failure.
    pub async fn run<T, F>(&self, asked: Asked, files: HashMap<String, String>, job: F) -> Response
    where
        T: Serialize + Send + 'static,
        F: FnOnce(&Settings) -> grundy::Result<T> + Send + 'static,
    {
        let start = Instant::now();
        let time = match asked.max_millis {
            Some(ms) => self.limits.max_time.min(Duration::from_millis(ms)),
            None => self.limits.max_time,
        };
        let max_states = match asked.max_states {
            Some(n) => self.limits.max_states.min(usize::try_from(n).unwrap_or(usize::MAX)),
            None => self.limits.max_states,
        };
        let too_long = || Failure {
            status: StatusCode::SERVICE_UNAVAILABLE,
            kind: "time",
            message: format!(
                "the time limit of {} ms was reached; ask a smaller question",
                time.as_millis()
            ),
        };
        let Ok(slot) = self.slots.clone().try_acquire_owned() else {
            return Failure {
                status: StatusCode::SERVICE_UNAVAILABLE,
                kind: "busy",
                message: format!(
                    "the server is busy: all {} computation slots are taken; retry in a moment",
                    self.limits.jobs.max(1)
                ),
            }
            .into_response();
        };
        let running = Running::start(&self.running);
        let cancel = Cancel::new();
        let mut guard = CancelOnDrop(Some(cancel.clone()));
        let control = Control::new()
            .with_cancel(cancel.clone())
            .with_memory(self.memory.clone());
        let settings = Settings {
            max_states,
            max_table_states: max_states,
            control,
            ..Settings::default()
        };
        let deadline = start + time;
        let overrun = Arc::clone(&self.overrun);
        let task = tokio::task::spawn_blocking(move || {
            // Both dropped when the computation really ended, not when the answer was sent.
            let _slot = slot;
            let _running = running;
            let answer = grundy::files::sandboxed(files, || job(&settings));
            let late = Instant::now().saturating_duration_since(deadline);
            overrun.fetch_max(u64::try_from(late.as_micros()).unwrap_or(u64::MAX), Ordering::SeqCst);
            let answer = answer?;
            serde_json::to_value(answer).map_err(|e| Error::Unsupported(format!("cannot write the JSON report: {e}")))
        });
        let left = time.saturating_sub(start.elapsed());
        let answer = match tokio::time::timeout(left, task).await {
            Err(_) => return too_long().into_response(), // the guard cancels the computation
            Ok(Err(_)) => {
                guard.0 = None;
                return Failure {
                    status: StatusCode::INTERNAL_SERVER_ERROR,
                    kind: "internal",
                    message: "the computation failed unexpectedly (a bug: please report it)".into(),
                }
                .into_response();
            }
            Ok(Ok(answer)) => answer,
        };
        guard.0 = None;
        match answer {
            Ok(v) => Json(v).into_response(),
            Err(e) => Failure::of(&e, &self.limits).into_response(),
        }
    }
}
