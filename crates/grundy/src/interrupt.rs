//! Ctrl-C: a process-wide flag that long computations poll, so they stop cleanly with an error
//! instead of being killed mid-write. A front end calls [`request`] from its signal handler.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Ask every long computation to stop at its next checkpoint (a front end calls this from its
/// Ctrl-C handler).
pub fn request() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Whether Ctrl-C was pressed, or the process went above its memory limit (see
/// [`crate::memory`]): either way, long computations stop at their next checkpoint.
pub fn requested() -> bool {
    INTERRUPTED.load(Ordering::Relaxed) || crate::memory::exceeded()
}
