//! The block method: the heaps of a block computed with their work split over a pool of
//! `jobs` threads ([`super::Options::jobs`] ≠ 1).
//!
//! For the heaps n of a block `start..end` (at most [`BLOCK`] heaps), every split
//! a + (m − a) whose two parts are below `start` reads values already known. Those splits,
//! nearly all of a heap's work, are marked first for every heap of the block at once, heaps in
//! parallel, each into its own byte table (`far`): the plain method's splits with
//! a > m − start, the sparse method's splits with a rare part r and m − r < start. The heaps
//! are then finished one after the other on the calling thread, each from its table: the few
//! splits that reach into the block (a ≤ m − start, and the rare heaps found in the block), the
//! one-heap options, three-heap options, and the sparse method's search for a rare candidate.
//! The options are the same as with one thread, only the order in which they are marked
//! changes, so the values are identical whatever the thread count (tests).
//!
//! Cost: the same work as one thread, plus one byte table per heap (`next_power_of_two(max)`
//! bytes, cleared and copied) and one pool call per block; what stays sequential is the part of
//! each heap that reaches into its block and the sparse search (docs/performance-notes.md: the measured
//! speed-ups).
//!
//! **Pipeline** (the sparse method): the far tables of the next block are made beside the
//! sequential finishing of this one, from the values below this block's start (the next
//! block's boundary is then one block back, so its near part is up to two blocks long). The
//! far part reads a copy of what it needs of the state ([`FarCopy`](super::sparse::FarCopy): the rare heaps so far,
//! the kernels), and the finishing reads the values of its block from a buffer
//! ([`super::values::Tail`]) until both are done; then the block's values are appended. A
//! pipeline never crosses a checkpoint (where the mask may change), and a stop (a wider
//! storage, cancellation, memory) drops the pending tables. Its blocks run inside one call of
//! the pool from one look at progress and the clock to the next (4 096 heaps, 16 blocks;
//! `State::pipelined_blocks`), where a call a block woke the calling thread and put it to
//! sleep again each time: 6–8 % more heaps a second on two threads (session 38). The far
//! tables are made 8 heaps a task, so that the values g(m − r), …, g(m + 7 − r) each rare heap
//! r reads are one run ([`FarView::far_sparse_group`](super::sparse::FarView::far_sparse_group)).

use super::plain::{NARROW, mark_narrow};
use super::sparse::{FarView, Pending};
use super::values::{Cell, Cells, Store, Tail};
use super::{State, Stop};
use crate::solve::xor_pairs::ESCAPE;
use rayon::prelude::*;

/// Heaps per block: the splits that reach into the block (a ≤ m − start) stay sequential, so a
/// block is short; one pool call per block costs a few microseconds, well below a block's work.
pub(super) const BLOCK: usize = 128;

/// Heaps per block of the sparse method's pipeline: longer blocks leave the threads idle less
/// often at the end of a block, shorter ones leave fewer rare splits to the sequential part
/// (the rare r up to two blocks, marked heap by heap). Grundy's game to 3·10^6 on two threads:
/// 5.6 s with blocks of 128, 4.8 s with 256, 4.4 s with 512, 4.5 s with 1024 (session 11); but
/// past its last rare heap (48 399 022; 209 rare heaps below 1024, 114 below 512), on the
/// store of the run to 2^35 at 6·10^8 heaps, alternating 200 s each: 500–565 k heaps/s with
/// 128, 544–608 k with 256, 518–547 k with 512 (session 35).
pub(super) const PIPELINE: usize = 256;

/// The block method starts at this heap (below, a heap's work is too small to share; at least
/// [`BLOCK`], so that a split reaches into the block from one side only).
pub(super) const FROM: usize = 1 << 12;

// A pipelined block's near part (two blocks) stays below the middle of its heaps.
const _: () = assert!(BLOCK <= FROM && 2 * PIPELINE <= FROM);

impl State<'_> {
    /// The plain method's block: mark, for each heap of `start..end`, the splits whose parts
    /// are all below `start`, in `self.far` (one table per heap; the sparse method takes
    /// [`State::pipelined_block`]); returns the width of a table (a power of two above
    /// every value of a heap below `start`, so above every xor of two of them).
    pub(super) fn far_block<S: Store>(&mut self, g: &S, start: usize, end: usize) -> usize {
        // The plain byte kernel reads the mirrored copy of heaps below `start`.
        let kernel = self.max < 64
            && match g.cells().and_then(S::Cell::bytes) {
                Some(bytes) => self.mirror(bytes, start),
                None => false,
            };
        // Wider values below NARROW: the wide mirrored copy and tables of NARROW bytes
        // (`plain::mark_narrow`).
        let narrow = !kernel && (self.max as usize) < NARROW && g.cells().is_some() && self.mirror_wide(g, start);
        let width = if narrow { NARROW } else { self.width() };
        let mut far = std::mem::take(&mut self.far);
        far.clear();
        far.resize((end - start) * width, 0);
        let this = &*self;
        let pool = this.pool.as_ref().expect("the block method has a pool");
        pool.install(|| {
            far.par_chunks_mut(width)
                .enumerate()
                .with_min_len(4)
                .for_each(|(k, table)| this.far_plain(g, start, start + k, table, kernel, narrow))
        });
        self.far = far;
        width
    }

    /// What the far part of the sparse method reads of the state.
    pub(super) fn view(&self) -> FarView<'_> {
        FarView {
            splits: &self.splits,
            rare: &self.rare,
            kernels: self.kernels,
            mask: self.mask,
            twist: self.twist,
            unequal: self.rules.unequal,
        }
    }

    /// The width of a far table: a power of two above every value so far, so above every xor
    /// of two of them.
    fn width(&self) -> usize {
        (self.max as usize + 1).next_power_of_two()
    }

    /// The sparse method's blocks from heap `g.len()` on, inside one call of the pool, until
    /// the run must stop or look around: heap `limit` (a checkpoint, the end, the race's next
    /// window), heap `poll_at` (the caller's next look at progress and the clock), a save due
    /// by the heap count, a store that failed, a fault, or values to stream. In between, the
    /// caller's loop would have done nothing but call again, and each call entered the pool
    /// anew: the calling thread woke up and went to sleep once a block, about 4 000 times a
    /// second on two cores (docs/performance-notes.md, session 38).
    pub(super) fn pipelined_blocks<S: Store>(&mut self, g: &mut S, limit: usize, poll_at: usize) -> Option<Stop> {
        let pool = self.pool.take().expect("the block method has a pool");
        let stop = pool.install(|| {
            loop {
                if let Some(stop) = self.pipelined_block(g, limit) {
                    return Some(stop);
                }
                let n = g.len();
                if n >= limit
                    || n >= poll_at
                    || self.save_due(n, false)
                    || g.failure().is_some()
                    || self.fault.is_some()
                    || self.options.control.wants_values()
                {
                    return None;
                }
            }
        });
        self.pool = Some(pool);
        stop
    }

    /// The sparse method's next block, from heap `g.len()` (below `limit`), its far tables made
    /// now or by the last call, while the far tables of the block after it are made beside its
    /// finishing (see the module doc); on a thread of the pool (`pipelined_blocks`). Returns why
    /// the run stops, if it does.
    fn pipelined_block<S: Store>(&mut self, g: &mut S, limit: usize) -> Option<Stop> {
        let start = g.len();
        let max_before = self.max;
        let end = (start + PIPELINE).min(limit);
        let current = match self.pending.take() {
            Some(p) if p.heaps == (start..end) => p,
            _ => {
                let width = self.width();
                self.view().pending(&*g, start, start..end, width)
            }
        };
        let next = (end < limit).then(|| end..(end + PIPELINE).min(limit));
        let copy = next.as_ref().map(|_| self.view().copy());
        let width = self.width();
        let mut values = Vec::with_capacity(end - start);
        let shared: &S = g;
        let ((), pending) = rayon::join(
            || self.finish(shared, &current, &mut values),
            || {
                let (copy, heaps) = (copy.as_ref()?, next.clone()?);
                Some(copy.view().pending(shared, start, heaps, width))
            },
        );
        for (k, &v) in values.iter().enumerate() {
            if let Some(stop) = self.admit(g, v) {
                // The values from here on are dropped (they are computed again): so are the
                // rare heaps among them, their part in the largest value (a store saves it and
                // checks it against its values when resumed) and the tables made past them.
                let len = g.len();
                self.rare.retain(|&(r, _)| (r as usize) < len);
                self.max = values[..k].iter().copied().fold(max_before, u32::max);
                return Some(stop);
            }
            debug_assert_eq!(g.len(), start + k);
            g.push(v);
        }
        self.pending = pending;
        None
    }

    /// Finish the heaps of `block` in order from their far tables, their values into `values`
    /// (read back through [`Tail`] by the heaps after them), with the rare heaps and the largest
    /// value accounted as they come.
    fn finish<S: Cells>(&mut self, g: &S, block: &Pending, values: &mut Vec<u32>) {
        let Pending {
            heaps,
            boundary,
            tables,
            absent,
            width,
        } = block;
        let mut bytes = Vec::with_capacity(heaps.len());
        // Words only over `u16` storage (see `Tail::tail_words`).
        let wide = S::Cell::MAX == u32::from(u16::MAX);
        let mut words = Vec::with_capacity(if wide { heaps.len() } else { 0 });
        for (k, n) in heaps.clone().enumerate() {
            let table = &tables[k * width..(k + 1) * width];
            let tail = Tail {
                base: g,
                tail: values,
                tail_bytes: &bytes,
                tail_words: &words,
            };
            let v = self.sparse_value(&tail, n, Some((table, *boundary, absent[k])));
            self.accept(n, v);
            values.push(v);
            bytes.push(v.min(u32::from(ESCAPE)) as u8);
            if wide {
                words.push(v as u16);
            }
        }
    }

    /// The plain method's splits a + (m − a) of heap n with a > m − start.
    fn far_plain<S: Store>(&self, g: &S, start: usize, n: usize, table: &mut [u8], kernel: bool, narrow: bool) {
        let mask = table.len() - 1;
        for &i in &self.splits {
            if n < i + 2 {
                continue;
            }
            let m = n - i;
            let h = self.half(m);
            let lo = (m + 1).saturating_sub(start).max(1);
            if lo > h {
                continue;
            }
            if kernel && let Some(bytes) = g.cells().and_then(S::Cell::bytes) {
                let bound = if self.max < 16 {
                    16
                } else if self.max < 32 {
                    32
                } else {
                    64
                };
                // g(m − a) = rev[to − m + a].
                let to = self.to;
                let mut word = self
                    .kernels
                    .xor_bits(&bytes[lo..=h], &self.rev[to - m + lo..=to - m + h], bound);
                while word != 0 {
                    table[word.trailing_zeros() as usize & mask] = 1;
                    word &= word - 1;
                }
            } else if narrow && let Some(cells) = g.cells() {
                // g(m − a) = rev_wide[to − m + a].
                let to = self.to;
                mark_narrow(table, &cells[lo..=h], &self.rev_wide[to - m + lo..=to - m + h]);
            } else if let Some(cells) = g.cells() {
                let small = &cells[lo..=h];
                let large = &cells[m - h..=m - lo];
                for (x, y) in small.iter().zip(large.iter().rev()) {
                    let v: u32 = (*x).into() ^ (*y).into();
                    table[v as usize & mask] = 1;
                }
            } else {
                for a in lo..=h {
                    table[(g.at(a) ^ g.at(m - a)) as usize & mask] = 1;
                }
            }
        }
    }
}
