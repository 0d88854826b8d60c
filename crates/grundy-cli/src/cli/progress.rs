//! What the library reports, shown on the terminal; and the two things only a program may do:
//! catch Ctrl-C and end the process.
//!
//! - [`control`]: the [`Control`] every command passes to the library: the process's
//!   cancellation token (cancelled by the Ctrl-C handler, [`install_interrupt_handler`]), its
//!   memory budget ([`set_memory_limit`]) and an observer that draws progress events as
//!   indicatif bars on stderr (only when stderr is a terminal: rate and ETA when the total is
//!   known, a spinner otherwise) and writes messages as lines on stderr.
//! - The last resort against memory: the library stops at its next checkpoint once above the
//!   budget; a computation still 50% above the limit half a second later, or still above it
//!   after [`GRACE`], is ended here with the error and exit code 3 (a computation that allocates
//!   between checkpoints must not take the machine).
//!
//! Cost: one event is a mutex and, on a terminal, a bar update (indicatif redraws at most 20
//! times a second); the memory watcher wakes every 50 ms.

use grundy::control::{Cancel, Control, Event, Observer};
use grundy::memory::MemoryBudget;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// How long a computation above the memory limit may take to stop before the process ends.
pub const GRACE: Duration = Duration::from_secs(3);

/// The exit code of a reached limit (`--max-states`, `--max-memory`).
pub const LIMIT_EXIT: i32 = 3;

/// The process's cancellation token.
fn cancel() -> &'static Cancel {
    static CANCEL: OnceLock<Cancel> = OnceLock::new();
    CANCEL.get_or_init(Cancel::new)
}

/// The process's memory budget (no limit until [`set_memory_limit`]), with its last-resort
/// watcher.
fn budget() -> &'static MemoryBudget {
    static BUDGET: OnceLock<MemoryBudget> = OnceLock::new();
    BUDGET.get_or_init(|| {
        let budget = MemoryBudget::new(0);
        let watched = budget.clone();
        let _ = std::thread::Builder::new()
            .name("memory-last-resort".into())
            .spawn(move || last_resort(&watched));
        budget
    })
}

/// The terminal observer, shared so that [`clear`] can reach its bar.
fn terminal() -> &'static Arc<Terminal> {
    static TERMINAL: OnceLock<Arc<Terminal>> = OnceLock::new();
    TERMINAL.get_or_init(|| {
        Arc::new(Terminal {
            draw: std::io::stderr().is_terminal(),
            bar: Mutex::new(None),
        })
    })
}

/// Ctrl-C, SIGTERM and SIGHUP alike cancel the token, so that `kill` or a closed terminal also
/// saves what can be saved; a failure to install keeps the default behaviour (termination).
pub fn install_interrupt_handler() {
    let token = cancel().clone();
    let _ = ctrlc::set_handler(move || token.cancel());
}

/// Whether Ctrl-C was pressed (for loops of the command line itself, such as `play`).
pub fn interrupted() -> bool {
    cancel().is_cancelled()
}

/// Set the memory limit of the process (bytes).
pub fn set_memory_limit(bytes: u64) {
    budget().set_limit(bytes);
}

/// The control every command passes to the library: the Ctrl-C token, the memory budget and
/// the terminal observer.
pub fn control() -> Control {
    let observer = terminal().clone();
    Control::new()
        .with_cancel(cancel().clone())
        .with_memory(budget().clone())
        .with_observer(move |e: &Event| observer.event(e))
}

/// Remove a progress bar still drawn (before the answer or an error is written).
pub fn clear() {
    if let Some((_, bar)) = terminal().bar.lock().unwrap_or_else(|e| e.into_inner()).take() {
        bar.finish_and_clear();
    }
}

/// The observer: one bar at a time (engines report one phase at a time).
struct Terminal {
    /// Whether stderr is a terminal: bars are drawn only then.
    draw: bool,
    bar: Mutex<Option<(&'static str, ProgressBar)>>,
}

impl Observer for Terminal {
    fn event(&self, event: &Event) {
        let mut slot = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        match event {
            Event::Progress { phase, done, total } => {
                if !self.draw {
                    return;
                }
                if slot
                    .as_ref()
                    .is_some_and(|(p, bar)| p != phase || bar.length() != *total)
                    && let Some((_, old)) = slot.take()
                {
                    old.finish_and_clear();
                }
                let (_, bar) = slot.get_or_insert_with(|| (*phase, new_bar(phase, *total)));
                bar.set_position(*done);
            }
            Event::Finished { phase } => {
                if slot.as_ref().is_some_and(|(p, _)| p == phase)
                    && let Some((_, bar)) = slot.take()
                {
                    bar.finish_and_clear();
                }
            }
            Event::Message(text) => match slot.as_ref() {
                Some((_, bar)) => bar.suspend(|| eprintln!("{text}")),
                None => eprintln!("{text}"),
            },
            _ => {}
        }
    }
}

/// A bar for `phase`: with a total, the fraction, rate and ETA; without, a spinner with the
/// count and rate.
fn new_bar(phase: &str, total: Option<u64>) -> ProgressBar {
    let (bar, template) = match total {
        Some(total) => (
            ProgressBar::new(total),
            "{spinner} {prefix} {human_pos}/{human_len} [{bar:40}] {percent}% {per_sec:0} eta {eta}",
        ),
        None => (
            ProgressBar::new_spinner(),
            "{spinner} {prefix} {human_pos} {per_sec:0} {elapsed}",
        ),
    };
    bar.set_style(
        ProgressStyle::with_template(template)
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar.set_prefix(phase.to_string());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Watch the budget; end the process when a computation does not stop in time (see the module
/// doc).
fn last_resort(budget: &MemoryBudget) {
    loop {
        std::thread::sleep(Duration::from_millis(50));
        let Some(since) = budget.exceeded_for() else { continue };
        let Some(rss) = grundy::memory::resident() else { return };
        let limit = budget.limit();
        let hard = rss > limit.saturating_add(limit / 2) && since > Duration::from_millis(500);
        let late = since > GRACE && rss > limit;
        if hard || late {
            clear();
            let e = budget.error();
            eprintln!("grundy: {e}{}", super::limit_hint(&e));
            std::process::exit(LIMIT_EXIT);
        }
    }
}
