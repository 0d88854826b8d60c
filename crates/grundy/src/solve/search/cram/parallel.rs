//! The Cram engine on several threads: one [`CramSearch`] per thread, all on one
//! [`SharedTable`], so that every fact one thread proves serves the others.
//!
//! What: a question about one board (its nimber, "g = k") is asked of every thread at once;
//! the first answer is the answer (they cannot differ: each is proved), and the other threads
//! stop at their next poll. The threads split the work near the root as in ABDADA (J.-C.
//! Weill, "The ABDADA distributed minimax search algorithm", 1996): a thread marks the regions
//! it is deciding in the top [`SPLIT_DEPTH`] levels of its recursion, and a thread that meets
//! a marked region among its options leaves it for last, takes the next one, and usually finds
//! the marked one answered in the table when it comes back. The nimber of a board of one
//! region starts staggered: one thread tests "g = k" for k = 0, 1, 2, … while the others test
//! the values just above its k, so the searches for an option of value k and of value k + 1 run
//! side by side (`CramSearch::staggered_nimber_here`). A list of boards (the options of
//! the start, for the winning moves) is shared out instead: each thread takes the next board
//! not yet taken, and a thread left without one joins a board still being decided (the first
//! answer ends it for both). The nimber of the start and the list can be asked at once
//! ([`ParallelCram::nimber_and_zero_options`]): one thread on the nimber, the others on the
//! list, the nimber handed out as soon as it is known. Results are kept by index, so the
//! output does not depend on the number of threads or on who finished first.
//!
//! Why: the nimber search is one deep AND/OR tree, so the threads share its table rather than
//! split it statically; the winning-move pass is a list of independent proofs, which needs no
//! fact of the nimber search (so it need not wait for it).
//!
//! Cost: every 32 nodes one or two relaxed loads (the stop flags) and, in the top levels,
//! one atomic store and load per region marked or looked up. The single-threaded engine
//! (`--jobs 1`) has no team and pays none of it.

use super::{CramConfig, CramSearch, CramStats, Opt};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::solve::search::packed_table::FactStore;
use crate::solve::search::shared_table::{SharedHandle, SharedTable};
use crate::solve::search::table::TableStats;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// A nimber or answer not known yet (in [`Job`]).
const NOT_KNOWN: u8 = u8::MAX;

/// Several questions asked of the threads at once: the nimber of a board (optional) and, for
/// each board of a list, whether it has value `k` (see [`ParallelCram::nimber_and_zero_options`]).
struct Job<'a> {
    /// The board whose nimber is asked, if any.
    cells: Option<u64>,
    /// Its nimber once known.
    nimber: AtomicU8,
    /// Set when the nimber is known: the other threads searching it stop.
    nimber_done: Arc<AtomicBool>,
    /// Called once, as soon as the nimber is known.
    on_nimber: &'a (dyn Fn(u8) + Sync),
    boards: &'a [u64],
    k: u8,
    /// The next board not yet taken.
    next: AtomicUsize,
    /// Per board: 0 no, 1 yes, [`NOT_KNOWN`].
    answers: Vec<AtomicU8>,
    /// Per board: set once it is answered (the other threads deciding it stop).
    board_done: Vec<Arc<AtomicBool>>,
    finished: AtomicU64,
    done: &'a (dyn Fn(u64) + Sync),
    /// Set when a thread failed: every thread stops.
    stop: &'a AtomicBool,
}

impl Job<'_> {
    fn nimber_known(&self) -> Option<u8> {
        Some(self.nimber.load(Relaxed)).filter(|&v| v != NOT_KNOWN)
    }

    /// Whether nothing more is needed from the boards: the nimber is 0, so no option has
    /// value 0.
    fn boards_moot(&self) -> bool {
        self.cells.is_some() && self.k == 0 && self.nimber_known() == Some(0)
    }

    /// One thread's part: the nimber first when `first`, then boards in turn, then help.
    fn work(&self, w: &mut CramSearch<SharedHandle>, first: bool) -> Result<()> {
        if first && let Some(cells) = self.cells {
            self.try_nimber(w, cells)?;
        }
        loop {
            if self.stop.load(Relaxed) || self.boards_moot() {
                return Ok(());
            }
            let i = self.next.fetch_add(1, Relaxed);
            if i < self.boards.len() {
                self.try_board(w, i)?;
                continue;
            }
            if let Some(cells) = self.cells
                && self.nimber_known().is_none()
            {
                self.try_nimber(w, cells)?;
                continue;
            }
            match self.board_done.iter().position(|d| !d.load(Relaxed)) {
                Some(i) => self.try_board(w, i)?,
                None => return Ok(()),
            }
        }
    }

    /// Search the nimber (stopped when another thread finds it first).
    fn try_nimber(&self, w: &mut CramSearch<SharedHandle>, cells: u64) -> Result<()> {
        set_watch(w, &self.nimber_done);
        match w.nimber_here(cells) {
            Ok(v) => {
                if self.nimber.compare_exchange(NOT_KNOWN, v, Relaxed, Relaxed).is_ok() {
                    if v == 0 && self.k == 0 {
                        // Nothing more to decide: stop the threads deciding boards.
                        for d in &self.board_done {
                            d.store(true, Relaxed);
                        }
                    }
                    self.nimber_done.store(true, Relaxed);
                    (self.on_nimber)(v);
                }
                Ok(())
            }
            Err(Error::Interrupted) if self.nimber_done.load(Relaxed) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Decide board `i` (stopped when another thread decides it first).
    fn try_board(&self, w: &mut CramSearch<SharedHandle>, i: usize) -> Result<()> {
        set_watch(w, &self.board_done[i]);
        match w.has_value_here(self.boards[i], self.k) {
            Ok(yes) => {
                if self.answers[i]
                    .compare_exchange(NOT_KNOWN, yes as u8, Relaxed, Relaxed)
                    .is_ok()
                {
                    self.board_done[i].store(true, Relaxed);
                    (self.done)(self.finished.fetch_add(1, Relaxed) + 1);
                }
                Ok(())
            }
            Err(Error::Interrupted) if self.board_done[i].load(Relaxed) => Ok(()),
            Err(e) => Err(e),
        }
    }
}

/// Make `w` stop when `flag` is set (besides the team's stop flag).
fn set_watch(w: &mut CramSearch<SharedHandle>, flag: &Arc<AtomicBool>) {
    if let Some(team) = &mut w.team {
        team.watch = Some(Arc::clone(flag));
    }
}

/// Regions in the top levels of a thread's recursion are marked while it decides them.
pub const SPLIT_DEPTH: u32 = 12;

/// Slots of the table of marked regions.
const BUSY_SLOTS: usize = 1 << 12;

/// What the threads of one parallel search share besides the table.
pub(crate) struct Team {
    /// Set once the question is answered (or failed): the others stop.
    stop: Arc<AtomicBool>,
    /// Regions being decided now, one per slot (hashed; a collision only loses a mark).
    busy: Arc<Vec<AtomicU64>>,
    /// Nodes of every thread, for the progress events.
    nodes: Arc<AtomicU64>,
    /// This thread's current question, when several questions are asked at once
    /// ([`ParallelCram::nimber_and_zero_options`]): set once another thread answered it.
    watch: Option<Arc<AtomicBool>>,
}

impl Team {
    /// [`Error::Interrupted`] once another thread answered.
    pub(crate) fn check(&self) -> Result<()> {
        if self.stop.load(Relaxed) || self.watch.as_ref().is_some_and(|w| w.load(Relaxed)) {
            return Err(Error::Interrupted);
        }
        Ok(())
    }
}

#[inline]
fn busy_slot(x: u64) -> usize {
    (x.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 52) as usize & (BUSY_SLOTS - 1)
}

impl<T: FactStore> CramSearch<T> {
    /// Mark region `x` as being decided (in the top levels of a parallel search); whether it
    /// was marked.
    #[inline]
    pub(super) fn mark_busy(&self, x: u64) -> bool {
        match &self.team {
            Some(team) if self.depth < SPLIT_DEPTH => {
                team.busy[busy_slot(x)].store(x, Relaxed);
                true
            }
            _ => false,
        }
    }

    /// Remove the mark of region `x` (unless another region took its slot).
    #[inline]
    pub(super) fn unmark_busy(&self, x: u64) {
        if let Some(team) = &self.team {
            let _ = team.busy[busy_slot(x)].compare_exchange(x, 0, Relaxed, Relaxed);
        }
    }

    /// Whether another thread is deciding the largest region of option `o` now.
    #[inline]
    pub(super) fn option_busy(&self, o: Opt) -> bool {
        match &self.team {
            Some(team) if self.depth < SPLIT_DEPTH => {
                let parts = &self.arena[o.start as usize..(o.start + o.len) as usize];
                let largest = parts.iter().copied().max_by_key(|r| r.count_ones()).unwrap_or(0);
                largest != 0 && team.busy[busy_slot(largest)].load(Relaxed) == largest
            }
            _ => false,
        }
    }

    /// Add this thread's nodes since the last call to the team's count; the team's count
    /// (or this engine's own count when alone).
    pub(super) fn team_nodes(&self, new: u64) -> u64 {
        match &self.team {
            Some(team) => team.nodes.fetch_add(new, Relaxed) + new,
            None => self.stats.nodes,
        }
    }
}

/// A thread's engine on cache lines of its own: each engine writes its counters at every node,
/// and engines side by side in one vector shared lines (the next engine's layout, read at
/// every node), which cost the other thread a cache miss each time ("false sharing").
#[repr(align(128))]
struct Padded<T>(T);

impl<T> std::ops::Deref for Padded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Padded<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

/// What the threads of a staggered start share ([`ParallelCram::nimber`]).
struct Stagger {
    /// The value the lead is testing.
    front: AtomicU8,
    /// Per thread: the value it is testing ([`NOT_KNOWN`] between tests).
    testing: Vec<AtomicU8>,
    /// Per thread: raised when another thread settled the test it is on (it stops that test).
    moot: Vec<Arc<AtomicBool>>,
}

impl Stagger {
    fn new(jobs: usize) -> Stagger {
        Stagger {
            front: AtomicU8::new(0),
            testing: (0..jobs).map(|_| AtomicU8::new(NOT_KNOWN)).collect(),
            moot: (0..jobs).map(|_| Arc::new(AtomicBool::new(false))).collect(),
        }
    }

    /// Thread `me` settled "g = k" (no): stop the other threads testing k.
    fn settled(&self, me: usize, k: u8) {
        for (i, t) in self.testing.iter().enumerate() {
            if i != me && t.load(Relaxed) == k {
                self.moot[i].store(true, Relaxed);
            }
        }
    }
}

impl CramSearch<SharedHandle> {
    /// The nimber of the board `cells`, as thread `me` of a team (thread 0 leads): when the
    /// board is one large region, the lead tests "g = k" for k = 0, 1, 2, … and records in
    /// `front` the k it is testing; the other threads test one value ahead of it (the lead's
    /// k + 1) and upwards. A test "g = k" that fails either finds an option of value k (a fact
    /// the lead needs when it reaches k) or proves the nimber exactly (the least value no
    /// option has, below k), which ends the search. A thread still testing a k that another
    /// thread settled stops that test and goes on (the fact is in the table). A helper past
    /// the bound (k above the number of options, where a test fails at once and proves
    /// nothing) joins the lead's test instead. Otherwise (no region, several, or a small one)
    /// as [`CramSearch::nimber_here`].
    ///
    /// Why: the tests of successive k at the start are independent searches, and the search
    /// for an option of value k (an OR over the options) splits badly between threads, where
    /// two such searches side by side do not: 5×7 on two threads 220 → 152 ms, 5×8 1.07 →
    /// 1.00 s, 4×7 −2 %, 5×6 +7 % (docs/performance-notes.md, "Cram 4×7 (session 12)").
    fn staggered_nimber_here(&mut self, cells: u64, me: usize, stagger: &Stagger) -> Result<u8> {
        self.reset();
        let (start, len) = self.push_regions(self.internal(cells));
        let one = self.arena[start..start + len]
            .first()
            .copied()
            .filter(|x| len == 1 && x.count_ones() > self.config.small);
        self.arena.truncate(start);
        let Some(x) = one else {
            return self.nimber_here(cells);
        };
        let options = self.option_count(x);
        let moot = &stagger.moot[me];
        set_watch(self, moot);
        let answer = (|| {
            let mut k = 0u8;
            loop {
                let known = self.known(x);
                if let Some(v) = known.value() {
                    return Ok(v);
                }
                if me == 0 {
                    stagger.front.store(k, Relaxed);
                } else {
                    let at = stagger.front.load(Relaxed);
                    k = k.max(at.saturating_add(1));
                    if k as u32 > options {
                        k = at;
                    }
                }
                if !known.excludes(k) {
                    moot.store(false, Relaxed);
                    stagger.testing[me].store(k, Relaxed);
                    let r = self.region_has_value(x, k);
                    stagger.testing[me].store(NOT_KNOWN, Relaxed);
                    match r {
                        Ok(true) => return Ok(k),
                        Ok(false) => stagger.settled(me, k),
                        // Another thread settled k: its fact is in the table.
                        Err(Error::Interrupted) if moot.load(Relaxed) => {
                            self.reset();
                            continue;
                        }
                        Err(e) => return Err(e),
                    }
                }
                k = k
                    .checked_add(1)
                    .ok_or_else(|| Error::Unsupported("a nimber above 255".into()))?;
            }
        })();
        if let Some(team) = &mut self.team {
            team.watch = None;
        }
        answer
    }
}

/// The Cram engine on `jobs` threads (see the module doc).
pub struct ParallelCram {
    workers: Vec<Padded<CramSearch<SharedHandle>>>,
    table: Arc<SharedTable>,
    pool: crate::solve::threads::Pool,
    stop: Arc<AtomicBool>,
}

impl ParallelCram {
    /// An engine for boards with `width` columns on `jobs` threads (at least 1), its table
    /// capped at `config.table_entries`; every thread polls `control`.
    pub fn new(width: u32, config: CramConfig, jobs: usize, control: &Control) -> Result<ParallelCram> {
        ParallelCram::with_stride(width, width, config, jobs, control)
    }

    /// An engine for boards of `width` × `height` cells on `jobs` threads, kept at
    /// [`super::internal_stride`] (as [`CramSearch::for_board`]).
    pub fn for_board(
        width: u32,
        height: u32,
        config: CramConfig,
        jobs: usize,
        control: &Control,
    ) -> Result<ParallelCram> {
        ParallelCram::with_stride(width, super::internal_stride(width, height), config, jobs, control)
    }

    fn with_stride(
        width: u32,
        stride: u32,
        config: CramConfig,
        jobs: usize,
        control: &Control,
    ) -> Result<ParallelCram> {
        let jobs = jobs.max(1);
        let table = SharedTable::new(config.table_entries);
        let stop = Arc::new(AtomicBool::new(false));
        let nodes = Arc::new(AtomicU64::new(0));
        let busy: Arc<Vec<AtomicU64>> = Arc::new((0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect());
        // Each thread's own small-region table: a sixteenth of the cap, shared out.
        let small = CramConfig {
            table_entries: config.table_entries / jobs,
            ..config
        };
        let workers = (0..jobs)
            .map(|_| {
                let mut w = CramSearch::with_layout(width, stride, small, table.handle());
                w.config = config;
                w.control = control.clone();
                w.team = Some(Team {
                    stop: Arc::clone(&stop),
                    busy: Arc::clone(&busy),
                    nodes: Arc::clone(&nodes),
                    watch: None,
                });
                Padded(w)
            })
            .collect();
        let pool = crate::solve::threads::Pool::new(jobs, super::super::SEARCH_STACK, "cram-search")?;
        Ok(ParallelCram {
            workers,
            table,
            pool,
            stop,
        })
    }

    /// The number of threads.
    pub fn jobs(&self) -> usize {
        self.workers.len()
    }

    /// Ask every thread `question` (with the thread's index); the first answer (see the module doc).
    fn race<R: Send>(
        &mut self,
        question: impl Fn(usize, &mut CramSearch<SharedHandle>) -> Result<R> + Sync,
    ) -> Result<R> {
        self.stop.store(false, Relaxed);
        let stop = &self.stop;
        let question = &question;
        let mut answers: Vec<Option<Result<R>>> = self.workers.iter().map(|_| None).collect();
        self.pool.scope(|s| {
            for (i, (w, slot)) in self.workers.iter_mut().zip(answers.iter_mut()).enumerate() {
                s.spawn(move |_| {
                    let r = question(i, w);
                    stop.store(true, Relaxed);
                    *slot = Some(r);
                });
            }
        });
        self.stop.store(false, Relaxed);
        let mut first_err = None;
        for r in answers.into_iter().flatten() {
            match r {
                Ok(v) => return Ok(v),
                // A thread stopped because another one failed reports Interrupted: keep the
                // first real failure.
                Err(e) => {
                    if first_err.is_none() || matches!(first_err, Some(Error::Interrupted)) {
                        first_err = Some(e);
                    }
                }
            }
        }
        Err(first_err.unwrap_or(Error::Interrupted))
    }

    /// The nimber of the board whose empty cells are `cells`.
    pub fn nimber(&mut self, cells: u64) -> Result<u8> {
        let stagger = Stagger::new(self.workers.len());
        self.race(|i, w| w.staggered_nimber_here(cells, i, &stagger))
    }

    /// Whether the board whose empty cells are `cells` has nimber `k`.
    pub fn has_value(&mut self, cells: u64, k: u8) -> Result<bool> {
        self.race(|_, w| w.has_value_here(cells, k))
    }

    /// For each board of `boards`, whether it has nimber `k`, in the order given; the threads
    /// take the boards in turn, and a thread left without a board joins one still being
    /// decided. `done(n)` is called as boards are decided (for progress).
    pub fn boards_with_value(&mut self, boards: &[u64], k: u8, done: &(dyn Fn(u64) + Sync)) -> Result<Vec<bool>> {
        let (_, answers) = self.run(None, boards, k, &|_| {}, done)?;
        Ok(answers)
    }

    /// The nimber of the board `cells` and, for each board of `options` (its options), whether
    /// it has value 0, asked at once: one thread starts on the nimber, the others take the
    /// options in turn; `on_nimber(v)` is called as soon as the nimber is known (before the
    /// options are all decided), and then every thread takes options. A thread left without an
    /// option helps with the nimber (if not known yet), else joins an option still being
    /// decided. When the nimber is 0 no option has value 0 and the options are not asked
    /// further. The answers are proofs: they do not depend on the number of threads.
    pub fn nimber_and_zero_options(
        &mut self,
        cells: u64,
        options: &[u64],
        on_nimber: &(dyn Fn(u8) + Sync),
        done: &(dyn Fn(u64) + Sync),
    ) -> Result<(u8, Vec<bool>)> {
        let (v, answers) = self.run(Some(cells), options, 0, on_nimber, done)?;
        Ok((v.expect("the nimber is known when no thread failed"), answers))
    }

    /// The work of [`ParallelCram::boards_with_value`] and
    /// [`ParallelCram::nimber_and_zero_options`].
    fn run(
        &mut self,
        cells: Option<u64>,
        boards: &[u64],
        k: u8,
        on_nimber: &(dyn Fn(u8) + Sync),
        done: &(dyn Fn(u64) + Sync),
    ) -> Result<(Option<u8>, Vec<bool>)> {
        self.stop.store(false, Relaxed);
        let job = Job {
            cells,
            nimber: AtomicU8::new(NOT_KNOWN),
            nimber_done: Arc::new(AtomicBool::new(false)),
            on_nimber,
            boards,
            k,
            next: AtomicUsize::new(0),
            answers: boards.iter().map(|_| AtomicU8::new(NOT_KNOWN)).collect(),
            board_done: boards.iter().map(|_| Arc::new(AtomicBool::new(false))).collect(),
            finished: AtomicU64::new(0),
            done,
            stop: &self.stop,
        };
        let mut errors: Vec<Option<Error>> = self.workers.iter().map(|_| None).collect();
        let job = &job;
        self.pool.scope(|s| {
            for (i, (w, err)) in self.workers.iter_mut().zip(errors.iter_mut()).enumerate() {
                s.spawn(move |_| {
                    if let Err(e) = job.work(w, i == 0) {
                        job.stop.store(true, Relaxed);
                        *err = Some(e);
                    }
                    if let Some(team) = &mut w.team {
                        team.watch = None;
                    }
                });
            }
        });
        self.stop.store(false, Relaxed);
        let mut first_err = None;
        for e in errors.into_iter().flatten() {
            if first_err.is_none() || matches!(first_err, Some(Error::Interrupted)) {
                first_err = Some(e);
            }
        }
        if let Some(e) = first_err {
            return Err(e);
        }
        let nimber = job.nimber_known();
        if cells.is_some() && k == 0 && nimber == Some(0) {
            return Ok((nimber, vec![false; boards.len()]));
        }
        Ok((nimber, job.answers.iter().map(|a| a.load(Relaxed) == 1).collect()))
    }
    /// The nodes of each thread so far (how evenly the work was shared).
    pub fn thread_nodes(&self) -> Vec<u64> {
        self.workers.iter().map(|w| w.own_stats().nodes).collect()
    }

    /// The counters of every thread added up, with the shared table's.
    pub fn stats(&self) -> CramStats {
        let mut s = CramStats::default();
        let mut small = TableStats::default();
        for w in &self.workers {
            let ws = w.own_stats();
            s.nodes += ws.nodes;
            s.symmetric += ws.symmetric;
            s.bound_cuts += ws.bound_cuts;
            s.cutoffs += ws.cutoffs;
            s.wasted_high += ws.wasted_high;
            s.wasted_tests += ws.wasted_tests;
            s.budget_stops += ws.budget_stops;
            s.budget_nodes += ws.budget_nodes;
            let t = w.small_table.stats();
            small.lookups += t.lookups;
            small.hits += t.hits;
            small.stores += t.stores;
            small.replaced += t.replaced;
            small.entries += t.entries;
            small.capacity += t.capacity;
        }
        let mut t = self.table.stats();
        for w in &self.workers {
            let own = w.table.unflushed();
            t.lookups += own.lookups;
            t.hits += own.hits;
            t.stores += own.stores;
            t.replaced += own.replaced;
        }
        s.table = TableStats {
            lookups: t.lookups + small.lookups,
            hits: t.hits + small.hits,
            stores: t.stores + small.stores,
            replaced: t.replaced + small.replaced,
            entries: t.entries + small.entries,
            capacity: t.capacity + small.capacity,
        };
        s
    }

    /// Write every proved nimber to `path` (see [`CramSearch::save`]).
    pub fn save(&mut self, path: &std::path::Path) -> Result<usize> {
        self.workers[0].save(path)
    }

    /// Read a region database (see [`CramSearch::load`]) into the shared table.
    pub fn load(&mut self, path: &std::path::Path, cols: u32, rows: u32) -> Result<usize> {
        self.workers[0].load(path, cols, rows)
    }

    /// Every proved nimber as database records (see [`CramSearch::regions`]).
    pub fn regions(&self) -> Vec<(super::regions::RegionKey, u8)> {
        self.workers[0].regions()
    }

    /// Save the region database every so often during the searches ([`Autosave`]), from the
    /// first thread (which sees the shared table and the records read); `None` stops it.
    pub fn set_autosave(&mut self, plan: Option<super::Autosave>) {
        self.workers[0].autosave = plan;
    }

    /// The [`Autosave`](super::Autosave) and the saves it made so far, if there is one.
    pub fn autosave(&self) -> Option<&super::Autosave> {
        self.workers[0].autosave.as_ref()
    }

    /// Put database records into the shared table (see [`CramSearch::add_regions`]).
    pub fn add_regions(&mut self, records: &[(super::regions::RegionKey, u8)], cols: u32, rows: u32) -> usize {
        self.workers[0].add_regions(records, cols, rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settled_test_stops_only_the_threads_testing_that_value() {
        let s = Stagger::new(4);
        s.testing[1].store(5, Relaxed);
        s.testing[2].store(4, Relaxed);
        s.testing[3].store(5, Relaxed);
        // Thread 3 settled 5: thread 1 stops, thread 2 (on 4) goes on, and so does thread 3.
        s.settled(3, 5);
        let moot: Vec<bool> = s.moot.iter().map(|m| m.load(Relaxed)).collect();
        assert_eq!(moot, [false, true, false, false]);
    }
}
