//! The search engines' threads: one thread with a large stack for a deep recursion
//! ([`big_stack`]), and rayon pools whose drop waits until their threads have exited
//! ([`Pool`]).
//!
//! Why: a search recurses as deep as the longest game, so it runs on a thread whose stack is
//! large (address space only: pages are touched on use). Under an address-space limit
//! (`ulimit -v`) such a thread may not start; that is an error the caller reports, never a
//! panic. A rayon `ThreadPool` dropped does not wait for its threads, so a computation stopped
//! by Ctrl-C and at once asked again (a notebook's retry) found the old threads' stacks still
//! mapped and could not start its own under the same limit: a [`Pool`] waits for its threads
//! (at most [`EXIT_WAIT`]) before it is gone.
//!
//! Cost: a thread start per call of [`big_stack`] (tens of microseconds); a pool's drop waits
//! for its idle threads to wake and exit (microseconds).

use crate::error::{Error, Result};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// The longest a [`Pool`]'s drop waits for its threads to exit (they are idle by then: every
/// job of a pool ends before the call that started it returns).
pub const EXIT_WAIT: Duration = Duration::from_secs(10);

/// A stack size as text for messages (`1 GiB`, `256 MiB`).
fn size_text(bytes: usize) -> String {
    if bytes >= 1 << 30 && bytes.is_multiple_of(1 << 30) {
        format!("{} GiB", bytes >> 30)
    } else {
        format!("{} MiB", bytes >> 20)
    }
}

/// The error of a search thread that could not start: the stack's size and the system's reason.
fn cannot_start(stack: usize, e: std::io::Error) -> Error {
    Error::Unsupported(format!(
        "cannot start a search thread with a stack of {} of address space ({e}); an address-space limit (ulimit -v) may be too low",
        size_text(stack)
    ))
}

/// Run `f` on a new thread with a stack of `stack` bytes and wait for it; a thread that cannot
/// start is an error, a panic in `f` goes on in the caller.
pub fn big_stack<R: Send>(stack: usize, f: impl FnOnce() -> Result<R> + Send) -> Result<R> {
    std::thread::scope(|s| {
        let thread = std::thread::Builder::new()
            .stack_size(stack)
            .spawn_scoped(s, f)
            .map_err(|e| cannot_start(stack, e))?;
        thread.join().unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

/// A rayon pool whose drop waits (at most [`EXIT_WAIT`]) until its threads have exited.
pub struct Pool {
    /// The pool; `None` only while dropping.
    pool: Option<rayon::ThreadPool>,
    /// The threads not yet exited, and a signal at each exit.
    running: Arc<(Mutex<usize>, Condvar)>,
}

impl Pool {
    /// A pool of `threads` threads named `name-i`, each with a stack of `stack` bytes.
    pub fn new(threads: usize, stack: usize, name: &'static str) -> Result<Pool> {
        let running = Arc::new((Mutex::new(threads), Condvar::new()));
        let on_exit = Arc::clone(&running);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .stack_size(stack)
            .thread_name(move |i| format!("{name}-{i}"))
            .exit_handler(move |_| {
                let (count, exited) = &*on_exit;
                *count.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
                exited.notify_all();
            })
            .build()
            .map_err(|e| cannot_start(stack, std::io::Error::other(e.to_string())))?;
        Ok(Pool {
            pool: Some(pool),
            running,
        })
    }

    /// The rayon pool.
    pub fn rayon(&self) -> &rayon::ThreadPool {
        self.pool.as_ref().expect("a pool is only taken when dropped")
    }
}

impl std::ops::Deref for Pool {
    type Target = rayon::ThreadPool;

    fn deref(&self) -> &rayon::ThreadPool {
        self.rayon()
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        drop(self.pool.take());
        let (count, exited) = &*self.running;
        let guard = count.lock().unwrap_or_else(|e| e.into_inner());
        let _ = exited.wait_timeout_while(guard, EXIT_WAIT, |left| *left > 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_pool_has_no_threads_left() {
        for _ in 0..20 {
            let pool = Pool::new(2, 1 << 20, "pool-test").unwrap();
            let running = Arc::clone(&pool.running);
            let sum: u64 = pool.install(|| {
                use rayon::prelude::*;
                (0..1000u64).into_par_iter().sum()
            });
            assert_eq!(sum, 499_500);
            drop(pool);
            // Every thread ran its exit handler before the drop returned (a rayon pool alone
            // returns at once, its threads still winding down).
            assert_eq!(*running.0.lock().unwrap(), 0);
        }
    }

    #[test]
    fn a_thread_that_cannot_start_is_an_error() {
        // No system gives a stack of half the address space.
        let r = big_stack(usize::MAX / 2, || Ok(1));
        let message = r.unwrap_err().to_string();
        assert!(message.contains("cannot start a search thread"), "{message}");
        assert_eq!(big_stack(1 << 20, || Ok(7)).unwrap(), 7);
    }
}
