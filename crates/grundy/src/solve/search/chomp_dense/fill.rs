//! The fill of a dense Chomp table, on one thread or several.
//!
//! What: the nimber of every shape of the box, each the mex of its options' nimbers. Every
//! option has a smaller rank, so one thread fills the table in rank order. Several threads
//! take the units ([`super::geometry`]) in order, one unit at a time, each unit in sub-rank
//! order: an option of a shape of unit u with sub-rank q lies in unit u (smaller sub-rank) or
//! in an earlier unit at a sub-rank ≤ q (eating in one of the key's rows cuts the key, and the
//! later rows only shrink). So a unit may compute sub-ranks below q once every earlier unit
//! has finished or passed q: each unit publishes how far it got (one atomic per unit, after
//! every chunk of [`CHUNK`] shapes), and a thread waits (yielding its core) while the nearest
//! unfinished earlier unit is behind. As that unit itself only got there once its own earlier
//! units had, the nearest one stands for all. The values do not depend on the number of
//! threads or on their timing: each is the mex of values that are final when read.
//!
//! A shape whose transpose fits in the box has the transpose's nimber: when the transpose has
//! the smaller rank and is already filled, its value is copied instead of computing a mex
//! (nearly half the shapes of a square box).
//!
//! Cost per shape: with the rows taken from the top down, the rank of "eat square (i, j)" is
//! the shape's rank less a running sum per column, so an option costs one table read (most
//! reads are near the shape's own rank: eating in the upper rows changes only the small
//! terms of the rank) and one bit of the mex's set. Memory: the cells only, plus one atomic per
//! unit. Cells are atomics read and written with relaxed ordering (plain loads and stores on
//! common hardware); the ordering between threads comes from the units' progress
//! (release/acquire).

use super::geometry::{Geometry, next_shape};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, AtomicU64, Ordering::*};

/// Shapes between two progress marks of a unit (and two polls of the caller), by default.
pub const CHUNK: u64 = 1 << 12;

/// A unit's progress once it is complete.
const DONE: u64 = u64::MAX;

/// A nimber cell of the dense table, shared between the threads.
pub trait Cell: Sync + Send {
    /// A zero cell.
    fn zero() -> Self;
    /// The value.
    fn get(&self) -> usize;
    /// Store a value (it fits: the caller chose the cell width for the box).
    fn set(&self, v: usize);
}

impl Cell for AtomicU8 {
    fn zero() -> Self {
        AtomicU8::new(0)
    }
    #[inline]
    fn get(&self) -> usize {
        self.load(Relaxed) as usize
    }
    #[inline]
    fn set(&self, v: usize) {
        self.store(v as u8, Relaxed)
    }
}

impl Cell for AtomicU16 {
    fn zero() -> Self {
        AtomicU16::new(0)
    }
    #[inline]
    fn get(&self) -> usize {
        self.load(Relaxed) as usize
    }
    #[inline]
    fn set(&self, v: usize) {
        self.store(v as u16, Relaxed)
    }
}

/// Why a fill stopped early: the caller's poll said so.
#[derive(Debug)]
pub struct Stopped;

/// What the threads of one fill share.
struct Shared<'a, T> {
    g: &'a Geometry,
    cells: &'a [T],
    /// Per unit: how many of its shapes (in sub-rank order) are filled, or [`DONE`].
    progress: Vec<AtomicU64>,
    /// The next unit nobody has taken.
    next: AtomicU64,
    /// Shapes filled, over all threads.
    done: AtomicU64,
    /// Set when the fill must stop (the poll said so): every thread returns.
    stop: AtomicBool,
    /// Shapes between two progress marks.
    chunk: u64,
    /// Times a thread found an earlier unit behind and yielded its core.
    waits: AtomicU64,
}

/// Fill `cells` (one per shape of the box, in rank order) with the nimbers on `threads`
/// threads, each unit publishing its progress every `chunk` shapes ([`CHUNK`]). `poll(done)` is called by the calling thread after each of its chunks and while
/// it waits, with the number of shapes filled so far; when it returns false every thread stops
/// and the fill returns [`Stopped`] (the cells are then partly filled). On success, the number
/// of times a thread had to wait for an earlier unit (0 on one thread).
pub fn fill<T: Cell>(
    g: &Geometry,
    cells: &[T],
    threads: usize,
    chunk: u64,
    poll: &mut dyn FnMut(u64) -> bool,
) -> Result<u64, Stopped> {
    let shared = Shared {
        g,
        cells,
        progress: (0..g.units()).map(|_| AtomicU64::new(0)).collect(),
        next: AtomicU64::new(0),
        done: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        chunk: chunk.max(1),
        waits: AtomicU64::new(0),
    };
    let shared = &shared;
    std::thread::scope(|scope| {
        for _ in 1..threads.max(1) {
            scope.spawn(move || shared.work(&mut |_| true));
        }
        shared.work(poll);
    });
    if shared.stop.load(Relaxed) {
        return Err(Stopped);
    }
    Ok(shared.waits.load(Relaxed))
}

impl<T: Cell> Shared<'_, T> {
    /// One thread: take units until none is left (or the fill stops).
    fn work(&self, poll: &mut dyn FnMut(u64) -> bool) {
        let g = self.g;
        let (rows, k) = (g.rows, g.key_rows);
        let mut l = vec![0usize; rows];
        let mut d = vec![0u64; g.cols + 1];
        let mut heights = vec![0usize; g.cols + 1];
        let mut seen = vec![0u64; (rows * g.cols) / 64 + 1];
        let transposable = |l: &[usize], h: usize| l[0] <= rows && h <= g.cols;
        loop {
            let u = self.next.fetch_add(1, Relaxed) as usize;
            if u >= g.units() || self.stop.load(Relaxed) {
                return;
            }
            for (slot, x) in l.iter_mut().zip(g.key(u)) {
                *slot = x;
            }
            l[k..].fill(0);
            let bound = if k == 0 { g.cols } else { l[k - 1] };
            let (base, len) = (g.base(u), g.unit_len(u));
            // Earlier units [clear, u) are known to be complete.
            let mut clear = u;
            let mut q = 0u64;
            while q < len {
                let end = (q + self.chunk).min(len);
                if !self.wait(&mut clear, end, poll) {
                    return;
                }
                for sub in q..end {
                    let rank = base + sub;
                    let h = l.iter().take_while(|&&x| x > 0).count();
                    let mut value = None;
                    if h > 0 && transposable(&l, h) {
                        value = self.transposed(&l, h, rank, u, &mut heights);
                    }
                    let v = match value {
                        Some(v) => v,
                        None => self.mex(&l, h, rank, &mut d, &mut seen),
                    };
                    self.cells[rank as usize].set(v);
                    if sub + 1 < len {
                        next_shape(&mut l[k..], bound);
                    }
                }
                self.progress[u].store(if end == len { DONE } else { end }, Release);
                let total = self.done.fetch_add(end - q, Relaxed) + (end - q);
                if !poll(total) {
                    self.stop.store(true, Relaxed);
                    return;
                }
                q = end;
            }
        }
    }

    /// Wait until every unit before `clear` has finished or passed sub-rank `end` (false: the
    /// fill stops). `clear` is lowered past the units found complete.
    fn wait(&self, clear: &mut usize, end: u64, poll: &mut dyn FnMut(u64) -> bool) -> bool {
        let mut spins = 0u32;
        loop {
            if self.stop.load(Relaxed) {
                return false;
            }
            while *clear > 0 && self.progress[*clear - 1].load(Acquire) == DONE {
                *clear -= 1;
            }
            if *clear == 0 || self.progress[*clear - 1].load(Acquire) >= end {
                return true;
            }
            spins += 1;
            self.waits.fetch_add(1, Relaxed);
            if spins.is_multiple_of(64) && !poll(self.done.load(Relaxed)) {
                self.stop.store(true, Relaxed);
                return false;
            }
            std::thread::yield_now();
        }
    }

    /// The nimber of the transpose of shape `l` (of `h` rows, rank `rank`, in unit `u`) when it
    /// has a smaller rank and is filled already.
    #[inline]
    fn transposed(&self, l: &[usize], h: usize, rank: u64, u: usize, heights: &mut [usize]) -> Option<usize> {
        let g = self.g;
        // Column heights: column j has the rows whose length exceeds j.
        for i in 0..h {
            let below = l.get(i + 1).copied().unwrap_or(0);
            heights[below..l[i]].fill(i + 1);
        }
        let width = l[0];
        let rt: u64 = (0..width).map(|j| g.term(j, heights[j])).sum();
        if rt >= rank {
            return None;
        }
        let ut = g.unit_of(|i| if i < width { heights[i] } else { 0 });
        let filled = ut == u || {
            let p = self.progress[ut].load(Acquire);
            p == DONE || p > rt - g.base(ut)
        };
        filled.then(|| self.cells[rt as usize].get())
    }

    /// The mex of the options of shape `l` (`h` rows, rank `rank`).
    #[inline]
    fn mex(&self, l: &[usize], h: usize, rank: u64, d: &mut [u64], seen: &mut [u64]) -> usize {
        let g = self.g;
        seen.fill(0);
        if h == 0 {
            return 0;
        }
        d[..l[0]].fill(0);
        // Eat square (i, j): rows i.. are cut to j squares. From the top row down, d[j] sums
        // what the cut takes off the rank in rows i and above.
        for i in (0..h).rev() {
            let row = g.term_row(i);
            let here = row[l[i]];
            for (dj, t) in d[..l[i]].iter_mut().zip(row) {
                *dj += here - t;
            }
            let first = usize::from(i == 0);
            for &dj in &d[first..l[i]] {
                let v = self.cells[(rank - dj) as usize].get();
                seen[v >> 6] |= 1 << (v & 63);
            }
        }
        let mut g = 0;
        for (w, &bits) in seen.iter().enumerate() {
            if bits != u64::MAX {
                g = w * 64 + bits.trailing_ones() as usize;
                break;
            }
        }
        g
    }
}
