//! Control of long computations from outside: a cancellation token ([`Cancel`]), a progress
//! observer ([`Observer`] receiving [`Event`]s) and a memory budget
//! ([`crate::memory::MemoryBudget`]), bundled in one [`Control`] that travels inside
//! [`crate::settings::Settings`] to every engine.
//!
//! Why: the library never prints and never ends the process. An engine asks
//! [`Control::check`] at its checkpoints and returns [`Error::Interrupted`] or
//! [`Error::MemoryLimit`] (with the partial result where it has one); it reports how far it got
//! with [`Control::progress`] and informational lines with [`Control::message`]. Before a big
//! allocation it asks [`Control::reserve`] (or sizes its table from [`Control::headroom`]), so
//! a table that cannot fit in the budget is refused instead of allocated. What to do
//! with these (progress bars, a log, nothing) is the embedding program's choice.
//!
//! Cost: a check is one or two relaxed atomic loads; an event is one virtual call, and engines
//! send progress events only every few thousand steps. The default [`Control`] is never
//! cancelled, has no budget and no observer.

use crate::error::{Error, Result};
use crate::memory::MemoryBudget;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A cancellation token: cheap to clone, every clone sees the same flag. A front end keeps one
/// clone in its Ctrl-C handler and calls [`Cancel::cancel`]; engines stop at their next
/// checkpoint with [`Error::Interrupted`].
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A token that is not cancelled.
    pub fn new() -> Self {
        Self::default()
    }

    /// Ask every computation holding this token to stop at its next checkpoint.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// The flag behind the token: storing `true` in it cancels, as [`Cancel::cancel`] does.
    /// For a signal handler, which may do no more than store to an atomic (a front end
    /// registers it for Ctrl-C without a thread of its own).
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }

    /// Whether [`Cancel::cancel`] was called on this token or a clone of it.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Something an engine reports while it works (more kinds may come: match with a `_` arm).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event {
    /// `done` units of `phase` are finished, out of `total` when it is known in advance.
    Progress {
        /// What is counted, in words (`"heaps"`, `"positions"`).
        phase: &'static str,
        /// Units finished so far.
        done: u64,
        /// Units in all, when known.
        total: Option<u64>,
    },
    /// The phase is over (finished or stopped): a progress display for it can go.
    Finished {
        /// The phase named by the earlier [`Event::Progress`] events.
        phase: &'static str,
    },
    /// A line of information, such as `table file cram.tbl: 1200 nimbers read`, or the output
    /// of a Rhai script's `print` and `debug`.
    Message(String),
    /// Values finished so far, in order: g(`first`), g(`first` + 1), ... (the take-and-break
    /// sequence engine sends each run of heaps once, as it goes, when the control asks for them
    /// with [`Control::with_values`]), so a front end can write a sequence while it is computed.
    Values {
        /// The heap of the first value.
        first: u64,
        /// The values of heaps `first..first + values.len()`.
        values: Vec<u64>,
    },
}

/// Receives the [`Event`]s of a computation. Closures `Fn(&Event) + Send + Sync` are observers.
pub trait Observer: Send + Sync {
    /// Called for each event, on the thread of the computation (keep it quick).
    fn event(&self, event: &Event);
}

impl<F: Fn(&Event) + Send + Sync> Observer for F {
    fn event(&self, event: &Event) {
        self(event)
    }
}

/// The cancellation token, the progress observer and the memory budget of a computation.
/// Clones share all three.
#[derive(Clone, Default)]
pub struct Control {
    cancel: Cancel,
    observer: Option<Arc<dyn Observer>>,
    memory: Option<MemoryBudget>,
    /// Whether the observer wants the computed values themselves ([`Event::Values`]).
    values: bool,
}

impl fmt::Debug for Control {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Control")
            .field("cancel", &self.cancel)
            .field("observer", &self.observer.is_some())
            .field("memory", &self.memory)
            .field("values", &self.values)
            .finish()
    }
}

impl Control {
    /// Never cancelled, no observer, no memory budget (the same as `Control::default()`).
    pub fn new() -> Self {
        Self::default()
    }

    /// The same control with `cancel` as its token.
    pub fn with_cancel(mut self, cancel: Cancel) -> Self {
        self.cancel = cancel;
        self
    }

    /// The same control with `observer` receiving its events.
    pub fn with_observer(mut self, observer: impl Observer + 'static) -> Self {
        self.observer = Some(Arc::new(observer));
        self
    }

    /// The same control, whose observer also wants the values a sequence engine computes, as
    /// it goes ([`Event::Values`]). Without it no engine builds them: a run resumed after 8·10^9
    /// heaps spent 1 min 48 s sending its stored values to an observer that only drew progress.
    pub fn with_values(mut self) -> Self {
        self.values = true;
        self
    }

    /// The same control with `budget` as its memory budget.
    pub fn with_memory(mut self, budget: MemoryBudget) -> Self {
        self.memory = Some(budget);
        self
    }

    /// The same token and budget without the observer (for inner computations whose progress
    /// would only clutter the outer one's).
    pub fn quiet(&self) -> Self {
        Control {
            cancel: self.cancel.clone(),
            observer: None,
            memory: self.memory.clone(),
            values: false,
        }
    }

    /// The cancellation token.
    pub fn cancel_token(&self) -> &Cancel {
        &self.cancel
    }

    /// The memory budget, if any.
    pub fn memory(&self) -> Option<&MemoryBudget> {
        self.memory.as_ref()
    }

    /// Why the computation must stop now, if it must: [`Error::Interrupted`] once cancelled,
    /// [`Error::MemoryLimit`] once the process went above the memory budget.
    pub fn stop(&self) -> Option<Error> {
        if self.cancel.is_cancelled() {
            return Some(Error::Interrupted);
        }
        match &self.memory {
            Some(budget) if budget.exceeded() => Some(Error::MemoryLimit(budget.limit())),
            _ => None,
        }
    }

    /// `Err` with the reason of [`Control::stop`], if the computation must stop.
    pub fn check(&self) -> Result<()> {
        match self.stop() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Bytes that may still be allocated under the memory budget (see
    /// [`MemoryBudget::headroom`]); `None` without a budget.
    pub fn headroom(&self) -> Option<u64> {
        self.memory.as_ref().and_then(MemoryBudget::headroom)
    }

    /// Account an allocation of `bytes` against the memory budget before making it:
    /// [`Error::MemoryLimit`] when it does not fit (see [`MemoryBudget::reserve`]); always `Ok`
    /// without a budget. Engines call it for their big allocations (tables, sequences,
    /// sieves), so a request that cannot fit is refused at once instead of overshooting.
    pub fn reserve(&self, bytes: u64) -> Result<()> {
        match &self.memory {
            Some(budget) => budget.reserve(bytes),
            None => Ok(()),
        }
    }

    /// Whether an observer listens (engines may skip building events otherwise).
    pub fn observed(&self) -> bool {
        self.observer.is_some()
    }

    /// Whether an observer listens and wants the computed values ([`Control::with_values`]).
    pub fn wants_values(&self) -> bool {
        self.values && self.observer.is_some()
    }

    /// Send an event to the observer, if any.
    pub fn send(&self, event: Event) {
        if let Some(o) = &self.observer {
            o.event(&event);
        }
    }

    /// Report `done` units of `phase` finished, out of `total` if known.
    pub fn progress(&self, phase: &'static str, done: u64, total: Option<u64>) {
        if self.observer.is_some() {
            self.send(Event::Progress { phase, done, total });
        }
    }

    /// Report the end of `phase`.
    pub fn finished(&self, phase: &'static str) {
        if self.observer.is_some() {
            self.send(Event::Finished { phase });
        }
    }

    /// Report a line of information.
    pub fn message(&self, text: impl Into<String>) {
        if self.observer.is_some() {
            self.send(Event::Message(text.into()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn clones_share_the_token() {
        let control = Control::new();
        assert!(control.check().is_ok());
        let token = control.cancel_token().clone();
        let inner = control.quiet();
        token.cancel();
        assert_eq!(control.check(), Err(Error::Interrupted));
        assert_eq!(inner.stop(), Some(Error::Interrupted));
    }

    #[test]
    fn events_reach_the_observer_and_quiet_drops_them() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = seen.clone();
        let control = Control::new().with_observer(move |e: &Event| sink.lock().unwrap().push(e.clone()));
        control.progress("heaps", 5, Some(10));
        control.message("hello");
        control.quiet().message("dropped");
        control.finished("heaps");
        assert_eq!(
            *seen.lock().unwrap(),
            vec![
                Event::Progress {
                    phase: "heaps",
                    done: 5,
                    total: Some(10)
                },
                Event::Message("hello".into()),
                Event::Finished { phase: "heaps" },
            ]
        );
    }

    #[test]
    fn a_cancelled_sequence_returns_the_values_so_far_and_reports_progress() {
        use crate::games::grundy_game::GrundyGame;
        use crate::solve::heap_sequence::{sequence, sequence_until};
        use crate::solve::take_break::Options;
        let events = Arc::new(Mutex::new(Vec::new()));
        let cancel = Cancel::new();
        let (sink, token) = (events.clone(), cancel.clone());
        let control = Control::new()
            .with_cancel(cancel.clone())
            .with_observer(move |e: &Event| {
                if let Event::Progress { done, .. } = e
                    && *done >= 3 * 4096
                {
                    token.cancel();
                }
                sink.lock().unwrap().push(e.clone());
            });
        let to = 4_000_000;
        let options = Options {
            stop_when_proved: false,
            control,
            ..Options::default()
        };
        let seq = sequence_until(&GrundyGame, to, options.clone()).unwrap();
        assert_eq!(seq.stopped, Some(Error::Interrupted));
        assert!(seq.to + 1 >= 3 * 4096 && seq.to < 1 << 20, "stopped at {}", seq.to);
        let reference = sequence(&GrundyGame, seq.to, Options::default()).unwrap();
        assert!((0..=seq.to).all(|n| seq.get(n) == reference.get(n)));
        let events = events.lock().unwrap().clone();
        let progress: Vec<(u64, Option<u64>)> = events
            .iter()
            .filter_map(|e| match e {
                Event::Progress { phase, done, total } if *phase == "heaps" => Some((*done, *total)),
                _ => None,
            })
            .collect();
        assert!(progress.len() >= 3, "{events:?}");
        assert!(progress.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(progress.iter().all(|&(_, total)| total == Some(to + 1)));
        assert_eq!(events.last(), Some(&Event::Finished { phase: "heaps" }));
        // `sequence` gives the reason as the error; cancelled before any heap, so does
        // `sequence_until`.
        assert_eq!(
            sequence(&GrundyGame, to, options.clone()).unwrap_err(),
            Error::Interrupted
        );
        assert_eq!(
            sequence_until(&GrundyGame, to, options).unwrap_err(),
            Error::Interrupted
        );
    }

    #[test]
    fn a_cancelled_solver_stops_with_interrupted() {
        let settings = crate::settings::Settings::default();
        settings.control.cancel_token().cancel();
        let mut solver = settings.solver(crate::games::wythoff::Wythoff);
        assert_eq!(solver.nimber(&(400, 400)), Err(Error::Interrupted));
    }
}
