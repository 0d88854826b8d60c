//! The games of a census, run in parallel: a local rayon pool of `jobs` threads takes the games
//! one at a time (one task a game, since their costs differ by orders of magnitude), and each
//! finished row is handed, on the calling thread, to the caller's `on_row` (which writes it
//! out at once, so an interruption loses only the games in flight).
//!
//! Every worker runs under one [`Control`]: the same cancellation token (Ctrl-C stops the games
//! in flight at their next checkpoint; they are not reported) and the same memory budget (the
//! engines account their tables against the process's budget, so the workers share it). A game
//! stopped by the memory budget stops the census: no new game starts, the games in flight
//! end, and the error is returned after their rows. Progress: `"games"` events (games done out
//! of the family or shard's total) from the calling thread.
//!
//! Cost: the games' own; the pool adds one channel message per game.

use super::family::Member;
use super::row::{RowOptions, heap_game_row};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::report::CensusRow;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

/// How a census runs.
#[derive(Clone, Debug)]
pub struct CensusOptions {
    /// How each game runs.
    pub row: RowOptions,
    /// Worker threads: 0 = all cores.
    pub jobs: usize,
    /// The region database file of a census of Cram boards (`--table FILE`), read when it
    /// exists and written after every board ([`super::boards`]); `None`: kept in memory only.
    pub table: Option<std::path::PathBuf>,
}

impl CensusOptions {
    /// [`RowOptions::up_to`] on `jobs` threads (0: all cores), no region database file.
    pub fn up_to(to: u64, jobs: usize) -> Self {
        CensusOptions {
            row: RowOptions::up_to(to),
            jobs,
            table: None,
        }
    }
}

/// The number of threads `jobs` asks for (0: the machine's cores).
pub fn threads(jobs: usize) -> usize {
    if jobs > 0 {
        jobs
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// Run `pending` heap games (not done yet) and give each finished row to `on_row` with its
/// member, in the order they finish ([`super::run_games`] sends a census of boards elsewhere).
/// `done_before` games of `total` were done earlier (progress counts them). Returns the first
/// error: cancellation ([`Error::Interrupted`]), the memory budget, or one of `on_row`; rows
/// finished before it have been given to `on_row`.
pub(super) fn run_heap_games(
    pending: &[Member],
    options: &CensusOptions,
    control: &Control,
    done_before: u64,
    total: u64,
    mut on_row: impl FnMut(&Member, CensusRow) -> Result<()>,
) -> Result<()> {
    if options.table.is_some() {
        return Err(Error::Input(
            "a region database file is for a census of Cram boards (cram:R), not of heap games".into(),
        ));
    }
    super::row::check_to(options.row.to)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads(options.jobs))
        .thread_name(|i| format!("census-{i}"))
        .build()
        .map_err(|e| Error::Unsupported(format!("cannot start the census threads: {e}")))?;
    let halt = AtomicBool::new(false);
    let worker_control = control.quiet();
    let mut first_error: Option<Error> = None;
    let mut done = done_before;
    control.progress("games", done, Some(total));
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, Result<CensusRow>)>();
        let halt = &halt;
        let worker_control = &worker_control;
        let row_options = &options.row;
        let pool = &pool;
        scope.spawn(move || {
            pool.install(|| {
                pending
                    .par_iter()
                    .enumerate()
                    .with_max_len(1)
                    .for_each_with(tx, |tx, (i, member)| {
                        if halt.load(Ordering::Relaxed) || worker_control.stop().is_some() {
                            return;
                        }
                        let row = heap_game_row(&member.code, row_options, worker_control);
                        let _ = tx.send((i, row));
                    })
            })
        });
        for (i, row) in rx {
            let member = &pending[i];
            let result = row.and_then(|mut row| {
                if !member.also.is_empty() {
                    row.also = Some(member.also.join(" "));
                }
                on_row(member, row)
            });
            match result {
                Ok(()) => {
                    done += 1;
                    control.progress("games", done, Some(total));
                }
                Err(e) => {
                    halt.store(true, Ordering::Relaxed);
                    if first_error.is_none() {
                        first_error = Some(e);
                    }
                }
            }
        }
    });
    control.finished("games");
    match first_error {
        Some(e) => Err(e),
        None => control.check(),
    }
}
