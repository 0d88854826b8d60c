//! Ctrl-C: a process-wide flag that long computations poll, so they stop cleanly with an error
//! instead of being killed mid-write. [`install`] is called once by the command line.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Install the handler of Ctrl-C (SIGINT) and of SIGTERM and SIGHUP, which are treated alike
/// so that `kill` or a closed terminal also saves what can be saved (idempotent; a failure to install is ignored: the default
/// behaviour, termination, is then kept).
pub fn install() {
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
}

/// Whether Ctrl-C was pressed, or the process went above its memory limit (see
/// [`crate::memory`]): either way, long computations stop at their next checkpoint.
pub fn requested() -> bool {
    INTERRUPTED.load(Ordering::Relaxed) || crate::memory::exceeded()
}
