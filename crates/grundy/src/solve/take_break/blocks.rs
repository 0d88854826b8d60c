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
//! each heap that reaches into its block and the sparse search (BENCHMARKS.md: the measured
//! speed-ups).

use super::State;
use super::sparse::mark_rare_splits;
use super::values::{Cell, Store};
use rayon::prelude::*;

/// Heaps per block: the splits that reach into the block (a ≤ m − start) stay sequential, so a
/// block is short; one pool call per block costs a few microseconds, well below a block's work.
pub(super) const BLOCK: usize = 128;

/// The block method starts at this heap (below, a heap's work is too small to share; at least
/// [`BLOCK`], so that a split reaches into the block from one side only).
pub(super) const FROM: usize = 1 << 12;

impl State<'_> {
    /// Mark, for each heap of `start..end`, the splits whose parts are all below `start`, in
    /// `self.far` (one table per heap); returns the width of a table (a power of two above
    /// every value of a heap below `start`, so above every xor of two of them).
    pub(super) fn far_block<S: Store>(&mut self, g: &S, start: usize, end: usize) -> usize {
        let width = (self.max as usize + 1).next_power_of_two();
        // The plain byte kernel reads the mirrored copy of heaps below `start`.
        let kernel = !self.sparse
            && self.max < 64
            && match g.cells().and_then(S::Cell::bytes) {
                Some(bytes) => self.mirror(bytes, start),
                None => false,
            };
        let mut far = std::mem::take(&mut self.far);
        let mut stops = std::mem::take(&mut self.far_stop);
        far.clear();
        far.resize((end - start) * width, 0);
        stops.clear();
        stops.resize(end - start, 0);
        let this = &*self;
        let pool = this.pool.as_ref().expect("the block method has a pool");
        pool.install(|| {
            far.par_chunks_mut(width)
                .zip(stops.par_iter_mut())
                .enumerate()
                .with_min_len(4)
                .for_each(|(k, (table, stop))| {
                    let n = start + k;
                    if this.sparse {
                        this.far_sparse(g, start, n, table);
                        *stop = this.far_search(g, n, start, table);
                    } else {
                        this.far_plain(g, start, n, table, kernel);
                    }
                })
        });
        self.far = far;
        self.far_stop = stops;
        width
    }

    /// The sparse method's splits of heap n with a rare part r < start and m − r < start.
    fn far_sparse<S: Store>(&self, g: &S, start: usize, n: usize, table: &mut [u8]) {
        for &i in &self.splits {
            if n < i + 2 {
                continue;
            }
            let m = n - i;
            // r > m − start, r < m (the rare list holds heaps below `start` only).
            let lo = (m + 1).saturating_sub(start);
            let from = self.rare.partition_point(|&(r, _)| (r as usize) < lo);
            mark_rare_splits(table, &self.rare[from..], g, m, self.rules.unequal);
        }
    }

    /// The plain method's splits a + (m − a) of heap n with a > m − start.
    fn far_plain<S: Store>(&self, g: &S, start: usize, n: usize, table: &mut [u8], kernel: bool) {
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
