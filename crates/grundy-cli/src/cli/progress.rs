//! What the library reports, shown on the terminal; and the two things only a program may do:
//! catch Ctrl-C and end the process.
//!
//! - [`control`]: the [`Control`] every command passes to the library: the process's
//!   cancellation token (cancelled by the Ctrl-C handler, [`install_interrupt_handler`]), its
//!   memory budget ([`set_memory_limit`]) and an observer that draws progress events as
//!   indicatif bars on stderr (only when stderr is a terminal: rate and ETA when the total is
//!   known, a spinner otherwise) and writes messages as lines on stderr. When stderr is not a
//!   terminal (a log file, a batch job), a long phase gets a plain line instead, once a minute
//!   (`GRUNDY_PROGRESS_SECS` sets the interval; 0 writes every event, for tests):
//!   `progress: PHASE DONE[/TOTAL (P%)], RATE/s, ELAPSED[, eta ETA]`.
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
pub(crate) fn cancel() -> &'static Cancel {
    static CANCEL: OnceLock<Cancel> = OnceLock::new();
    CANCEL.get_or_init(Cancel::new)
}

/// The process's memory budget (no limit until [`set_memory_limit`]), with its last-resort
/// watcher.
fn budget() -> &'static MemoryBudget {
    static BUDGET: OnceLock<MemoryBudget> = OnceLock::new();
    BUDGET.get_or_init(|| {
        let budget = MemoryBudget::new(0);
        // On the budget's own watcher thread, after each sample (one thread, not two).
        budget.set_watchdog(last_resort);
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
            log: Mutex::new(None),
            log_every: log_interval(),
        })
    })
}

/// Ctrl-C, SIGTERM and SIGHUP alike cancel the token, so that `kill` or a closed terminal also
/// saves what can be saved; a failure to install keeps the default behaviour (termination).
/// The handler only sets the token's flag: no thread waits for the signal (threads idle
/// beside a short search still slow it: with this one and the memory last resort's gone, Cram
/// 4×7 on two threads went from a median of 14.4 to 12.5 ms).
pub fn install_interrupt_handler() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let flag = cancel().flag();
    for signal in [SIGINT, SIGTERM] {
        let _ = signal_hook::flag::register(signal, Arc::clone(&flag));
    }
    #[cfg(unix)]
    let _ = signal_hook::flag::register(signal_hook::consts::SIGHUP, flag);
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

/// How often a progress line is written when stderr is not a terminal: `GRUNDY_PROGRESS_SECS`
/// if it is a number of seconds, else a minute.
fn log_interval() -> Duration {
    std::env::var("GRUNDY_PROGRESS_SECS")
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map_or(Duration::from_secs(60), Duration::from_secs_f64)
}

/// The observer: one bar at a time (engines report one phase at a time).
struct Terminal {
    /// Whether stderr is a terminal: bars are drawn only then.
    draw: bool,
    bar: Mutex<Option<(&'static str, ProgressBar)>>,
    /// Without a terminal: the phase being logged, when it started and when its last line was
    /// written.
    log: Mutex<Option<LogState>>,
    /// Without a terminal: the interval between progress lines.
    log_every: Duration,
}

/// The phase a log line was last written for (see [`Terminal::log_line`]).
struct LogState {
    phase: &'static str,
    /// The count at the phase's first event (a resumed run starts above 0).
    first: u64,
    started: std::time::Instant,
    last: std::time::Instant,
}

impl Terminal {
    /// Without a terminal: a line for the progress of `phase` when `log_every` has passed
    /// since the phase started or since its last line.
    fn log_line(&self, phase: &'static str, done: u64, total: Option<u64>) {
        let now = std::time::Instant::now();
        let mut log = self.log.lock().unwrap_or_else(|e| e.into_inner());
        let state = match log.as_mut() {
            Some(s) if s.phase == phase => s,
            _ => log.insert(LogState {
                phase,
                first: done,
                started: now,
                last: now,
            }),
        };
        if now.duration_since(state.last) < self.log_every || done == state.first {
            return;
        }
        state.last = now;
        let elapsed = now.duration_since(state.started);
        eprintln!("{}", progress_line(phase, done, state.first, total, elapsed));
    }
}

/// `progress: PHASE DONE[/TOTAL (P%)], RATE/s, ELAPSED[, eta ETA]`: the rate is the mean since
/// the phase's first event (at count `first`), the ETA at that rate.
fn progress_line(phase: &str, done: u64, first: u64, total: Option<u64>, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        done.saturating_sub(first) as f64 / secs
    } else {
        0.0
    };
    let mut line = format!("progress: {phase} {done}");
    if let Some(total) = total {
        let pct = if total > 0 {
            100.0 * done as f64 / total as f64
        } else {
            100.0
        };
        line += &format!("/{total} ({pct:.1}%)");
    }
    line += &format!(", {}/s, {}", human_count(rate), human_time(secs));
    if let Some(total) = total
        && rate > 0.0
        && total > done
    {
        line += &format!(", eta {}", human_time((total - done) as f64 / rate));
    }
    line
}

/// A rate with three decimals and a k/M/G suffix (`992.324k`).
fn human_count(x: f64) -> String {
    match x {
        x if x >= 1e9 => format!("{:.3}G", x / 1e9),
        x if x >= 1e6 => format!("{:.3}M", x / 1e6),
        x if x >= 1e3 => format!("{:.3}k", x / 1e3),
        x => format!("{x:.1}"),
    }
}

/// Seconds as `1h02m03s`, `2m03s` or `3.4s`.
fn human_time(secs: f64) -> String {
    let whole = secs as u64;
    match whole {
        3600.. => format!("{}h{:02}m{:02}s", whole / 3600, whole / 60 % 60, whole % 60),
        60.. => format!("{}m{:02}s", whole / 60, whole % 60),
        _ => format!("{secs:.1}s"),
    }
}

impl Observer for Terminal {
    fn event(&self, event: &Event) {
        let mut slot = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        match event {
            Event::Progress { phase, done, total } => {
                if !self.draw {
                    drop(slot);
                    self.log_line(phase, *done, *total);
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
                if !self.draw {
                    let mut log = self.log.lock().unwrap_or_else(|e| e.into_inner());
                    if log.as_ref().is_some_and(|s| s.phase == *phase) {
                        *log = None;
                    }
                }
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

/// After each sample of the resident size `rss`: end the process when a computation does not
/// stop in time (see the module doc).
fn last_resort(budget: &MemoryBudget, rss: u64) {
    let Some(since) = budget.exceeded_for() else { return };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_line_gives_the_fraction_rate_and_eta() {
        let line = progress_line("heaps", 250, 0, Some(1000), Duration::from_secs(125));
        assert_eq!(line, "progress: heaps 250/1000 (25.0%), 2.0/s, 2m05s, eta 6m15s");
        let line = progress_line("nodes", 3_000_000, 0, None, Duration::from_secs(7200));
        assert_eq!(line, "progress: nodes 3000000, 416.7/s, 2h00m00s");
        // A resumed run: the rate counts only what this run did.
        let line = progress_line("heaps", 900, 800, Some(1000), Duration::from_secs(10));
        assert_eq!(line, "progress: heaps 900/1000 (90.0%), 10.0/s, 10.0s, eta 10.0s");
        assert_eq!(human_count(2.5e9), "2.500G");
        assert_eq!(human_time(3.25), "3.2s");
    }
}
