//! The sparse space method of the take-and-break engine.
//!
//! Sources: Berlekamp, Conway and Guy, *Winning Ways*, ch. 4 "sparse space"; A. Flammenkamp's
//! octal game pages. Fix a bit mask R and call a value *rare* when
//! popcount(v & R) is even, *common* otherwise. Then common ⊕ common is rare and common ⊕ rare
//! is common, so a common value is the xor of a split only if one of the two heaps has a rare
//! value. When rare heaps are few, all options with a rare part are enumerated (O(#rare) per
//! heap); a rare candidate for the mex is looked for among the other splits, a search that
//! stops at the first hit and is exhaustive only when g(n) itself is rare. The result is exact
//! for every mask — the mask only decides the speed — so the mask is chosen from the values
//! computed so far (the one with the fewest rare heaps) and re-chosen at checkpoints.
//!
//! *Twist* (Flammenkamp's sparse space "in the domain"; P. Beling's ogs solvers split the
//! breaking moves by parity the same way): call heap a rare when popcount(g(a) & R) + a is
//! even. Two common heaps a + b = m then have xor parity m mod 2 under R, so for a split of m
//! only the values of that parity need a search, the others come from rare heaps alone. The
//! mask search tries both classifications; 4.07 (g(n) = (n − 1) mod 4) has no rare heap at all
//! with R = 1 and the twist. The rare candidates of a heap are looked for together among the
//! splits of two common heaps, 64 splits at a time by a vector test (file `hunt.rs`).
//!
//! **Mask search** ([`best_mask`]): every mask up to the values' bit length (16 bits at most),
//! from one Walsh–Hadamard transform of the value histogram per heap parity, O(B·2^B). 0.007's
//! values pass 1024 near heap 1.1·10^5 and its sparse space is the 11-bit mask 0b11110111000
//! (7% rare heaps to 3·10^5, none to speak of after 6·10^5); the direct count stopped at 10
//! bits and kept 12%.
//!
//! **Cost.** The splits with a rare part are nearly all of the work once the hunt is fast: one
//! load of g(m − r), one xor and one store per rare heap r and heap, about 1.5 cycles each,
//! bound by the loads (L2 at 10^6 heaps of `u16`). So the rare splits of up to 8 heaps are
//! marked together where the rules allow it ([`mark_rare_splits_batch`]: the values of the
//! heaps m, m + 1, … are neighbours): 0.007 to 10^6 on one thread 23.9 → 19.7 s of CPU
//! (docs/performance-notes.md, session 11). The batch's tables are indexed as arrays of 2^16
//! bytes (no bounds check) and the K cells of a rare heap are tested for escapes at once
//! ([`mark_run`]): Grundy's game on disk to 2·10^7 heaps 58.0 → 49.0 s of CPU, to 6·10^7
//! 200 → 177 s (session 30). Cells stored as bytes are read and tested as one word a rare heap
//! ([`mark_byte_run`]), 8 heaps a batch: 45.7 → 42.7 s to 2·10^7, and about 10 % on the run to
//! 2^35 at 1.2·10^10 heaps (session 33).

use super::State;
use super::hunt::{Front, Wanted, candidates, fronts, hunt};
use super::values::{Cell, Cells, Store};
use crate::solve::xor_pairs::Kernels;
use rayon::prelude::*;
use std::ops::Range;

impl State<'_> {
    /// g(n) by the sparse space method (exact for every mask; see the module doc). With
    /// `far` = (table, start, absent), the splits r + (m − r) with a rare r whose both parts
    /// are below `start` are already marked in `table` (the block method, `blocks.rs`), and so
    /// are the candidates below `absent` found among the splits below `start`; the others
    /// below `absent` have no split there ([`FarView::far_search`]).
    pub(super) fn sparse_value<S: Cells>(&mut self, g: &S, n: usize, far: Option<(&[u8], usize, u32)>) -> u32 {
        let bound = self.clear_bits();
        if let Some((table, _, _)) = far {
            self.seen[..table.len()].copy_from_slice(table);
        }
        self.mark_small_options(g, n);
        let unequal = self.rules.unequal;
        // One thread, heap after heap: the rare splits of heap n + j (j < BATCH) are marked beside
        // those of heap n (`mark_rare_splits_batch`), where the values g(m − r), …,
        // g(m + j − r) are neighbours, for every rare r whose part m + j − r is below n. The
        // rest, marked by heap n + j itself: the rare r < BATCH − i of a split removing i (their
        // part may be heap n or later) and the rare heaps found from heap n on. Either this
        // heap's were marked so, or this heap marks its own and the next ones'.
        let len = self.seen.len();
        let premarked = far.is_none() && self.next_heaps.contains(&n) && self.next_seen.len() == (BATCH - 1) * len;
        // A whole batch, or before a checkpoint at most 4 (the sizes `mark_rare_splits_batch`
        // is built for: 2, 3, 4 and BATCH).
        let batch = if far.is_none() && !premarked && self.splits.iter().all(|&i| n >= i + 2) {
            let room = self.next_checkpoint - n;
            if room >= BATCH { BATCH } else { room.min(4) }
        } else {
            1
        };
        if premarked {
            // Marked below the bound of an earlier heap, zero from there to this bound.
            let table = &self.next_seen[(n - self.next_heaps.start) * len..][..bound];
            for (s, t) in self.seen[..bound].iter_mut().zip(table) {
                *s |= *t;
            }
        } else {
            self.next_heaps = 0..0;
        }
        // The first heap of the batch and its length.
        let (first, width) = if premarked {
            (self.next_heaps.start - 1, self.next_heaps.len() + 1)
        } else {
            (n, batch)
        };
        if batch > 1 {
            if self.next_seen.len() != (BATCH - 1) * len {
                self.next_seen = vec![0; (BATCH - 1) * len];
            }
            for table in self.next_seen.chunks_exact_mut(len).take(batch - 1) {
                table[..bound].fill(0);
            }
            for si in 0..self.splits.len() {
                let i = self.splits[si];
                let m = n - i;
                let small = self
                    .rare
                    .partition_point(|&(r, _)| (r as usize) < batch.saturating_sub(i));
                let (seen, next, rare) = (&mut self.seen, &mut self.next_seen, &self.rare[small..]);
                match batch {
                    2 => mark_rare_splits_batch::<S, 2>(seen, next, rare, g, m, unequal),
                    3 => mark_rare_splits_batch::<S, 3>(seen, next, rare, g, m, unequal),
                    4 => mark_rare_splits_batch::<S, 4>(seen, next, rare, g, m, unequal),
                    _ => mark_rare_splits_batch::<S, BATCH>(seen, next, rare, g, m, unequal),
                }
            }
            self.next_heaps = n + 1..n + batch;
        }
        // Every split with a rare part (or what the batch left of them).
        for si in 0..self.splits.len() {
            let i = self.splits[si];
            if n < i + 2 {
                continue;
            }
            let m = n - i;
            if width > 1 {
                let small = self
                    .rare
                    .partition_point(|&(r, _)| (r as usize) < width.saturating_sub(i));
                let found = self.rare.partition_point(|&(r, _)| (r as usize) < first).max(small);
                mark_rare_splits(&mut self.seen, &self.rare[..small], g, m, unequal);
                mark_rare_splits(&mut self.seen, &self.rare[found..], g, m, unequal);
                continue;
            }
            match far {
                None => mark_rare_splits(&mut self.seen, &self.rare, g, m, unequal),
                Some((_, start, _)) => {
                    // Rare r ≤ m − start (the part m − r is in the block), and the rare heaps
                    // found in the block (r ≥ start); the others are in `table`.
                    let near = self.rare.partition_point(|&(r, _)| (r as usize) + start <= m);
                    let new = self.rare.partition_point(|&(r, _)| (r as usize) < start);
                    mark_rare_splits(&mut self.seen, &self.rare[..near], g, m, unequal);
                    mark_rare_splits(&mut self.seen, &self.rare[new..], g, m, unequal);
                }
            }
        }
        // The candidates: the splits of two common heaps, from a = 1 to the middle.
        fronts(&self.splits, unequal, self.twist, n, 0, &mut self.fronts);
        let (end, parities) = candidates(&self.seen, &self.fronts, self.mask, bound);
        let mut want = Wanted::new(&self.seen, end, self.mask, parities);
        if want.left() == 0 {
            return end;
        }
        let kernels = self.kernels;
        if let Some((_, start, absent)) = far
            && want.least(&self.seen).is_some_and(|v| v < absent)
        {
            // The candidates below `absent` have no split below `start`: only the splits
            // reaching into the block can give them.
            let mut near = self.fronts.clone();
            for f in &mut near {
                f.hi = f.hi.min(f.m.saturating_sub(start));
            }
            hunt(g, kernels, &mut near, &mut self.seen, &mut want);
            if let Some(v) = want.least(&self.seen)
                && v < absent
            {
                return v;
            }
        }
        hunt(g, kernels, &mut self.fronts, &mut self.seen, &mut want);
        want.least(&self.seen).unwrap_or(end)
    }
}

impl FarView<'_> {
    /// The block method's search, on heap n of a block starting at `start`: the candidates
    /// below the least value unmarked in `table` that two common heaps cannot give (`end`,
    /// which is returned) are looked for among the splits whose parts are both below `start`,
    /// and marked in `table` when found. Every value below `end` left unmarked has no split
    /// there. Reads a view of the state only, so heaps of a block run in parallel.
    /// `run` is scratch space for the fronts.
    pub(super) fn far_search<S: Cells>(
        &self,
        g: &S,
        n: usize,
        start: usize,
        table: &mut [u8],
        run: &mut Vec<Front>,
    ) -> u32 {
        fronts(self.splits, self.unequal, self.twist, n, start, run);
        let (end, parities) = candidates(table, run, self.mask, table.len());
        let mut want = Wanted::new(table, end, self.mask, parities);
        if want.left() > 0 {
            hunt(g, self.kernels, run, table, &mut want);
        }
        end
    }
}

/// seen[g(r) ⊕ g(m − r)] = 1 for every rare heap r < m (r ≠ m − r when `unequal`), `rare`
/// holding (r, g(r)) in increasing r. A free function over slices, not inlined, so that the
/// loop keeps everything in registers; it reads the cells directly when none of the heaps
/// m − r it reads has its value in an escape table (nearly always: such heaps are a handful).
/// Otherwise (an escaped heap in the window, or a window across pages of a store on disk) it
/// reads the cells run by run ([`Cells::piece`]), an escaped cell through [`Cells::at`]: for
/// Grundy's game on disk, whose rare heaps span 10^8 heaps, a value at a time was 1.7× the CPU
/// of memory.
#[inline(never)]
pub(super) fn mark_rare_splits<S: Cells>(seen: &mut [u8], rare: &[(u32, u32)], g: &S, m: usize, unequal: bool) {
    let mask = seen.len() - 1;
    let rare = &rare[..rare.partition_point(|&(r, _)| (r as usize) < m)];
    let (Some(&(first, _)), Some(&(last, _))) = (rare.first(), rare.last()) else {
        return;
    };
    let lo = m - last as usize;
    if let Some(g) = g.exact(lo, m - first as usize) {
        for &(r, x) in rare {
            let b = m - r as usize;
            if unequal && b == r as usize {
                continue;
            }
            let v: u32 = x ^ g[b - lo].into();
            seen[v as usize & mask] = 1;
        }
        return;
    }
    for piece in (Runs { g, m, rare }) {
        match piece {
            Piece::Alone(r, x) => {
                if !(unequal && m == 2 * r) {
                    seen[(x ^ g.at(m - r)) as usize & mask] = 1;
                }
            }
            Piece::Run(rare, start, cells, escape) => {
                for &(r, x) in rare {
                    let b = m - r as usize;
                    if unequal && b == r as usize {
                        continue;
                    }
                    let c: u32 = cells[b - start].into();
                    let y = if c >= escape { g.at(b) } else { c };
                    seen[(x ^ y) as usize & mask] = 1;
                }
            }
        }
    }
}

/// A stretch of the rare heaps of a split walk ([`Runs`]).
enum Piece<'a, C> {
    /// A rare heap r of value x whose part m − r lies in no run of cells (read through
    /// [`Cells::at`]).
    Alone(usize, u32),
    /// (rare, start, cells, escape): the rare heaps whose part m − r lies in `cells`, the run
    /// of the heaps from `start`; a cell at least `escape` stands for a value read through
    /// [`Cells::at`].
    Run(&'a [(u32, u32)], usize, &'a [C], u32),
}

/// The rare heaps r < m of the splits of heap m (r increasing, so the parts m − r decrease),
/// one run of the store after the other ([`Cells::piece`]): a store on disk gives one page a run,
/// where a value at a time was 1.7× the CPU of memory (Grundy's game, session 23).
struct Runs<'a, S: Cells> {
    g: &'a S,
    m: usize,
    rare: &'a [(u32, u32)],
}

impl<'a, S: Cells> Iterator for Runs<'a, S> {
    type Item = Piece<'a, S::Cell>;

    fn next(&mut self) -> Option<Self::Item> {
        let &(r0, x0) = self.rare.first()?;
        let Some((start, cells, escape)) = self.g.piece(self.m - r0 as usize) else {
            self.rare = &self.rare[1..];
            return Some(Piece::Alone(r0 as usize, x0));
        };
        // The run holds heap m − r0, so at least r0 is in it.
        let m = self.m;
        let (here, rest) = self
            .rare
            .split_at(self.rare.partition_point(|&(r, _)| r as usize + start <= m));
        debug_assert!(!here.is_empty(), "the run of heap m − r0 holds it");
        self.rare = rest;
        Some(Piece::Run(here, start, cells, escape))
    }
}

/// [`mark_rare_splits`] of the heaps m (into `seen`) and m + 1, …, m + K − 1 (into the
/// tables of `next`, each as long as `seen`) at once, `rare` holding the rare heaps r whose
/// parts m + K − 1 − r are known (r ≥ K when no counter is removed): the K values
/// g(m − r), …, g(m + K − 1 − r) of each rare r < m are neighbours (one cache line serves
/// them all, where heap after heap each was a load of its own, from the L2 cache at 10^6
/// heaps; on disk, one page look-up serves them all). Heap m + j also has the splits of the
/// rare r in m..m + j. With `unequal`, the split of heap m + j into two equal parts is left out.
#[inline(never)]
pub(super) fn mark_rare_splits_batch<S: Cells, const K: usize>(
    seen: &mut [u8],
    next: &mut [u8],
    rare: &[(u32, u32)],
    g: &S,
    m: usize,
    unequal: bool,
) {
    let len = seen.len();
    let wrap = len - 1;
    assert!(next.len() >= (K - 1) * len);
    let below = rare.partition_point(|&(r, _)| (r as usize) < m);
    for &(r, x) in &rare[below..] {
        let r = r as usize;
        if r + 1 >= m + K {
            break;
        }
        // Heap m + j has the split r + (m + j − r) for j > r − m.
        for j in r - m + 1..K {
            if !(unequal && m + j == 2 * r) {
                next[(j - 1) * len + ((x ^ g.at(m + j - r)) as usize & wrap)] = 1;
            }
        }
    }
    let rare = &rare[..below];
    let (Some(&(first, _)), Some(&(last, _))) = (rare.first(), rare.last()) else {
        return;
    };
    // The splits of a rare r into g(m + j − r) for each j (the equal one left out): for a rare
    // r at the middle of some heap m + j, and for reads across two runs of a store on disk.
    let one_by_one = |seen: &mut [u8], next: &mut [u8], r: usize, x: u32| {
        for j in 0..K {
            if unequal && m + j == 2 * r {
                continue;
            }
            let v = (x ^ g.at(m + j - r)) as usize & wrap;
            if j == 0 {
                seen[v] = 1;
            } else {
                next[(j - 1) * len + v] = 1;
            }
        }
    };
    let middle = |r: usize| unequal && 2 * r >= m && 2 * r < m + K;
    let lo = m - last as usize;
    let exact = g.exact(lo, m + K - 1 - first as usize);
    // Tables of a length the fast loops know: indexed as arrays, without bounds checks.
    let fixed = match len {
        TABLE => batch_tables::<K, TABLE>(seen, next).map(|t| mark_fixed(t, rare, g, m, lo, exact, unequal)),
        FAR_2048 => batch_tables::<K, FAR_2048>(seen, next).map(|t| mark_fixed(t, rare, g, m, lo, exact, unequal)),
        FAR_1024 => batch_tables::<K, FAR_1024>(seen, next).map(|t| mark_fixed(t, rare, g, m, lo, exact, unequal)),
        FAR_512 => batch_tables::<K, FAR_512>(seen, next).map(|t| mark_fixed(t, rare, g, m, lo, exact, unequal)),
        FAR_256 => batch_tables::<K, FAR_256>(seen, next).map(|t| mark_fixed(t, rare, g, m, lo, exact, unequal)),
        _ => None,
    };
    if fixed.is_some() {
        return;
    }
    if let Some(cells) = exact {
        for &(r, x) in rare {
            let r = r as usize;
            if middle(r) {
                one_by_one(seen, next, r, x);
                continue;
            }
            let b = m - r - lo;
            let run: &[S::Cell; K] = cells[b..b + K].try_into().expect("K cells");
            seen[(x ^ run[0].into()) as usize & wrap] = 1;
            for j in 1..K {
                next[(j - 1) * len + ((x ^ run[j].into()) as usize & wrap)] = 1;
            }
        }
        return;
    }
    // Tables of another length (values past 2^15): the same, indexed through `wrap`.
    for piece in (Runs { g, m, rare }) {
        let (rare, start, cells, escape) = match piece {
            Piece::Alone(r, x) => {
                one_by_one(seen, next, r, x);
                continue;
            }
            Piece::Run(rare, start, cells, escape) => (rare, start, cells, escape),
        };
        let end = start + cells.len();
        for &(r, x) in rare {
            let r = r as usize;
            let b = m - r;
            if b + K > end || middle(r) {
                one_by_one(seen, next, r, x);
                continue;
            }
            let run = &cells[b - start..b - start + K];
            for (j, &c) in run.iter().enumerate() {
                let c: u32 = c.into();
                let y = if c >= escape { g.at(b + j) } else { c };
                let v = (x ^ y) as usize & wrap;
                if j == 0 {
                    seen[v] = 1;
                } else {
                    next[(j - 1) * len + v] = 1;
                }
            }
        }
    }
}

/// The length of the marking tables of the heap-after-heap method, which the fast loops of
/// [`mark_rare_splits_batch`] index as arrays, without a bounds check: every table is this
/// long unless a game's values pass 2^15 (see `State::clear_bits`).
const TABLE: usize = 1 << 16;

/// The lengths of the far tables of the block method (`blocks.rs`: a power of two above every
/// value so far) that the fast loops also index as arrays: values of 128 up to 2047, Grundy's
/// game among them (291 to 2^33: tables of 512). Shorter and longer tables take the loops
/// with bounds checks. Before session 35 every far table took them: Grundy's game on two
/// threads ran no faster than on one (docs/performance-notes.md).
const FAR_256: usize = 1 << 8;
/// See [`FAR_256`].
const FAR_512: usize = 1 << 9;
/// See [`FAR_256`].
const FAR_1024: usize = 1 << 10;
/// See [`FAR_256`].
const FAR_2048: usize = 1 << 11;

/// The marking tables of heaps m, …, m + K − 1 of a batch (`seen`, then the tables of `next`)
/// as arrays of W bytes, when `seen` is that long (W a power of two, so that a value masked
/// by W − 1 indexes them without a bounds check).
fn batch_tables<'a, const K: usize, const W: usize>(
    seen: &'a mut [u8],
    next: &'a mut [u8],
) -> Option<[&'a mut [u8; W]; K]> {
    const { assert!(W.is_power_of_two()) };
    let mut first = Some(<&mut [u8; W]>::try_from(seen).ok()?);
    let mut rest = next.chunks_exact_mut(W);
    Some(std::array::from_fn(|j| {
        if j == 0 {
            first.take().expect("the first table once")
        } else {
            rest.next()
                .and_then(|t| t.try_into().ok())
                .expect("K − 1 tables in `next`")
        }
    }))
}

/// [`mark_rare_splits_batch`] into tables of W bytes: the cells `exact` of heaps from `lo`
/// (every heap the batch reads, none escaped) in one [`mark_run`], or else run by run
/// ([`Cells::piece`]), a heap outside every run through [`one_by_one_fixed`].
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn mark_fixed<S: Cells, const K: usize, const W: usize>(
    mut t: [&mut [u8; W]; K],
    rare: &[(u32, u32)],
    g: &S,
    m: usize,
    lo: usize,
    exact: Option<&[S::Cell]>,
    unequal: bool,
) {
    if let Some(cells) = exact {
        mark_run(&mut t, rare, g, m, lo, cells, u32::MAX, unequal);
        return;
    }
    // An escaped heap in the window, or a store on disk: run by run ([`Runs`]), an escaped
    // cell through `Cells::at`.
    for piece in (Runs { g, m, rare }) {
        match piece {
            Piece::Alone(r, x) => one_by_one_fixed(&mut t, g, m, r, x, unequal),
            Piece::Run(rare, start, cells, escape) => mark_run(&mut t, rare, g, m, start, cells, escape, unequal),
        }
    }
}

/// The splits r + (m + j − r) of heaps m + j, j < K, for one rare r of value x, through
/// [`Cells::at`] (the equal split left out with `unequal`).
fn one_by_one_fixed<S: Cells, const K: usize, const W: usize>(
    t: &mut [&mut [u8; W]; K],
    g: &S,
    m: usize,
    r: usize,
    x: u32,
    unequal: bool,
) {
    for (j, table) in t.iter_mut().enumerate() {
        if unequal && m + j == 2 * r {
            continue;
        }
        table[(x ^ g.at(m + j - r)) as usize & (W - 1)] = 1;
    }
}

/// The splits of [`mark_rare_splits_batch`] for the rare heaps `rare` whose cell m − r lies in
/// the run `cells` of heaps from `start` (escape: the least cell that stands for a value read
/// through [`Cells::at`]): the K cells of each are read at once and marked without bounds
/// checks; a rare r whose K cells leave the run, or hold an escape, or that is the middle of a
/// heap m + j (with `unequal`) goes through [`one_by_one_fixed`]. Every xor of two values
/// indexes the tables exactly, W being above all of them (`State::clear_bits` for [`TABLE`],
/// a far table's width for the others), as with the masked index of the loops with bounds
/// checks. Cells stored as bytes go through [`mark_byte_run`].
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn mark_run<S: Cells, const K: usize, const W: usize>(
    t: &mut [&mut [u8; W]; K],
    rare: &[(u32, u32)],
    g: &S,
    m: usize,
    start: usize,
    cells: &[S::Cell],
    escape: u32,
    unequal: bool,
) {
    // Rare r with m ≤ 2r < m + K are the middle of a heap of the batch.
    let (mid, span) = if unequal {
        (m.div_ceil(2), (m + K - 1) / 2 + 1 - m.div_ceil(2))
    } else {
        (usize::MAX, 0)
    };
    let top = m - start;
    if let Some(bytes) = S::Cell::bytes(cells)
        && K <= 8
    {
        // rare[..full]: runs past the end of `bytes` (b + K > len, r ascending);
        // rare[low..high]: the middles.
        let full = rare.partition_point(|&(r, _)| r as usize + bytes.len() < top + K);
        let low = full.max(rare.partition_point(|&(r, _)| (r as usize) < mid));
        let high = low.max(rare.partition_point(|&(r, _)| (r as usize) < mid.saturating_add(span)));
        for &(r, x) in rare[..full].iter().chain(&rare[low..high]) {
            one_by_one_fixed(t, g, m, r as usize, x, unequal);
        }
        for part in [&rare[full..low], &rare[high..]] {
            mark_byte_run(t, part, g, m, top, bytes, escape, unequal);
        }
        return;
    }
    for &(r, x) in rare {
        let r = r as usize;
        let b = top - r;
        let run: Option<&[S::Cell; K]> = cells.get(b..b + K).and_then(|c| c.try_into().ok());
        match run {
            Some(run) if r.wrapping_sub(mid) >= span && run.iter().all(|&c| c.into() < escape) => {
                for (table, &c) in t.iter_mut().zip(run) {
                    table[(x ^ c.into()) as usize & (W - 1)] = 1;
                }
            }
            _ => one_by_one_fixed(t, g, m, r, x, unequal),
        }
    }
}

/// [`mark_run`] over cells stored as bytes, for rare r whose K ≤ 8 cells `bytes[top − r..]`
/// lie in `bytes` and that are no heap's middle: the K bytes of each are read as one word,
/// tested for an escape at once ([`any_escaped`]; a run with one goes through
/// [`one_by_one_fixed`]) and marked byte by byte (the loop's branches were a third of its
/// instructions, session 33).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn mark_byte_run<S: Cells, const K: usize, const W: usize>(
    t: &mut [&mut [u8; W]; K],
    rare: &[(u32, u32)],
    g: &S,
    m: usize,
    top: usize,
    bytes: &[u8],
    escape: u32,
    unequal: bool,
) {
    let add = escape_add(escape);
    for &(r, x) in rare {
        let b = top - r as usize;
        let mut run = [0u8; 8];
        run[..K].copy_from_slice(&bytes[b..b + K]);
        let w = u64::from_le_bytes(run);
        if any_escaped(w, add) {
            one_by_one_fixed(t, g, m, r as usize, x, unequal);
            continue;
        }
        for (j, table) in t.iter_mut().enumerate() {
            table[(x ^ (w >> (8 * j)) as u32 & 0xff) as usize & (W - 1)] = 1;
        }
    }
}

/// What [`any_escaped`] adds to each byte for the escape `escape`: 256 − escape, so that a
/// byte is at least the escape exactly when the sum reaches 256 (0 for an escape past every
/// byte: no byte is).
fn escape_add(escape: u32) -> u64 {
    256u64.saturating_sub(u64::from(escape)) * 0x0001_0001_0001_0001
}

/// Whether a byte of `w` is at least the escape whose [`escape_add`] is `add`. Even and odd
/// bytes are widened into 16-bit lanes and the addend added to each: a lane reaches 256 (bit
/// 8) exactly when its byte is at least the escape, and no lane carries into the next (at most
/// 255 + 256).
fn any_escaped(w: u64, add: u64) -> bool {
    const LOW: u64 = 0x00ff_00ff_00ff_00ff;
    const BIT8: u64 = 0x0100_0100_0100_0100;
    let even = (w & LOW) + add;
    let odd = ((w >> 8) & LOW) + add;
    (even | odd) & BIT8 != 0
}

/// The heaps whose rare splits are marked together by [`mark_rare_splits_batch`] (at most;
/// fewer before a checkpoint). Eight instead of four measured the same within the noise while
/// each cell was tested for an escape on its own (session 30); with the word test of
/// [`mark_byte_run`] eight pay: Grundy's game on disk to 2·10^7 heaps, runs in pairs side by
/// side (the other runs paused), 40.2 s of CPU against 42.4 s with four
/// (docs/performance-notes.md, session 33).
const BATCH: usize = 8;

pub(crate) use super::code::MASK_BITS;

/// The mask and twist with the fewest rare heaps among all of `g` (what each further heap costs:
/// one option per rare heap), and that count. Every mask of up to the values' bit length is
/// looked at (at most [`MASK_BITS`]), through the Walsh–Hadamard transform of the value
/// histogram: with H(R) = Σ_v hist[v]·(−1)^popcount(v & R), the heaps of values of even parity
/// under R number (total + H(R)) / 2, so one O(B·2^B) transform per heap parity gives every
/// mask's count (the direct count was O(4^B) and stopped at 10 bits, too few for 0.007, whose
/// values pass 1024). Ties go to the least mask, untwisted first.
pub(super) fn best_mask<S: Store>(g: &S) -> (u32, bool, usize) {
    if g.len() < 2 {
        return (0, false, g.len());
    }
    let low = (1u32 << MASK_BITS) - 1;
    // hist[p][v]: heaps a ≥ 1 of parity p with value v (low bits), grown to the largest value
    // seen (one pass over a store on disk, not two).
    let mut hist = [vec![0i64; 2], vec![0i64; 2]];
    g.scan(1, |a, v| {
        let v = (v & low) as usize;
        if v >= hist[0].len() {
            let size = 1 << value_bits(v as u32);
            hist[0].resize(size, 0);
            hist[1].resize(size, 0);
        }
        hist[a & 1][v] += 1;
        true
    });
    best_mask_of(hist)
}

/// The bits of the masks tried for values up to `max` (their low [`MASK_BITS`] bits): at
/// least one, so that all-zero values still see mask 1 (twisted: the even heaps).
pub(crate) fn value_bits(max: u32) -> u32 {
    (u32::BITS - (max & ((1 << MASK_BITS) - 1)).leading_zeros()).max(1)
}

/// [`best_mask`] from the value histogram of the heaps a ≥ 1 by parity: `hist[a & 1][v]`
/// counts the heaps a with value v (its low [`MASK_BITS`] bits), each of length
/// 2^[`value_bits`] of the largest value. Returns the mask, whether twisted, and its number of
/// rare heaps.
pub(crate) fn best_mask_of(mut hist: [Vec<i64>; 2]) -> (u32, bool, usize) {
    let totals = [hist[0].iter().sum::<i64>(), hist[1].iter().sum::<i64>()];
    if totals[0] + totals[1] == 0 {
        return (0, false, 0);
    }
    for h in &mut hist {
        walsh_hadamard(h);
    }
    let mut best = (0u32, false, usize::MAX);
    for twist in [false, true] {
        for (mask, (&h0, &h1)) in hist[0].iter().zip(&hist[1]).enumerate().skip(1) {
            // Untwisted: the values of even parity under the mask are rare. Twisted: on odd
            // heaps, those of odd parity.
            let rare = if twist {
                (totals[0] + h0) / 2 + (totals[1] - h1) / 2
            } else {
                (totals[0] + h0) / 2 + (totals[1] + h1) / 2
            };
            if (rare as usize) < best.2 {
                best = (mask as u32, twist, rare as usize);
            }
        }
    }
    best
}

/// The Walsh–Hadamard transform of `h` in place (length a power of two): h[R] becomes
/// Σ_v h[v]·(−1)^popcount(v & R).
fn walsh_hadamard(h: &mut [i64]) {
    let mut half = 1;
    while half < h.len() {
        for block in h.chunks_exact_mut(2 * half) {
            let (x, y) = block.split_at_mut(half);
            for (a, b) in x.iter_mut().zip(y.iter_mut()) {
                let (u, v) = (*a, *b);
                *a = u + v;
                *b = u - v;
            }
        }
        half *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::take_break::parity;

    /// The direct count (the search before the transform, without its 10-bit limit): every
    /// mask below 2^bits, untwisted then twisted, the first least count.
    fn best_mask_direct(g: &[u32], bits: u32) -> (u32, bool, usize) {
        let mut best = (0u32, false, usize::MAX);
        for twist in [false, true] {
            for mask in 1..(1u32 << bits) {
                let rare = (1..g.len())
                    .filter(|&a| parity(g[a] & mask) == (twist && a & 1 == 1))
                    .count();
                if rare < best.2 {
                    best = (mask, twist, rare);
                }
            }
        }
        best
    }

    /// The transform finds the mask, twist and count of the direct search, on values of a
    /// sparse space (a hidden mask, some noise), of a twisted one, and on random values,
    /// narrow and past 1024.
    #[test]
    fn the_transform_finds_the_mask_of_the_direct_search() {
        for seed in 1..30u64 {
            let mut next = crate::xorshift(seed);
            let bits = [1, 3, 6, 10, 11, 12][seed as usize % 6];
            let hidden = (next() as u32 % ((1 << bits) - 1)) + 1;
            let len = 200 + (next() % 300) as usize;
            let g: Vec<u32> = (0..len)
                .map(|a| {
                    let x = next() as u32 % (1 << bits);
                    match seed % 3 {
                        // Mostly common values (odd parity under the hidden mask), a few rare.
                        0 if parity(x & hidden) || next().is_multiple_of(10) => x,
                        0 => x ^ (1 << hidden.trailing_zeros()),
                        // Twisted: parity + heap odd, mostly.
                        1 if parity(x & hidden) != (a & 1 == 1) || next().is_multiple_of(10) => x,
                        1 => x ^ (1 << hidden.trailing_zeros()),
                        _ => x,
                    }
                })
                .collect();
            let max = g[1..].iter().copied().max().unwrap_or(0);
            let width = (u32::BITS - max.leading_zeros()).max(1);
            assert_eq!(best_mask(&g), best_mask_direct(&g, width), "seed {seed}, {bits} bits");
        }
        let all_zero = vec![0u32; 9];
        assert_eq!(best_mask(&all_zero), (1, true, 4));
        assert_eq!(best_mask(&vec![0u32; 1]), (0, false, 1));
    }

    /// The escape test of a word of bytes answers as the bytes one by one, for every escape
    /// (0 to 257, and far past a byte): each byte value alone in each of the 8 places, words
    /// of bytes all below the escape but one, and random words.
    #[test]
    fn an_escape_in_a_word_is_found_as_byte_by_byte() {
        let by_bytes = |w: u64, e: u32| w.to_le_bytes().iter().any(|&b| u32::from(b) >= e);
        let mut next = crate::xorshift(33);
        for e in (0..=257).chain([1000, u32::MAX]) {
            let add = escape_add(e);
            for place in 0..8 {
                for b in 0..=255u64 {
                    let w = b << (8 * place);
                    assert_eq!(any_escaped(w, add), by_bytes(w, e), "escape {e}, byte {b} at {place}");
                    // The other bytes just below the escape (or 255).
                    let below = u64::from(e.clamp(1, 256) - 1).min(255) * 0x0101_0101_0101_0101;
                    let w = (below & !(0xff << (8 * place))) | w;
                    assert_eq!(any_escaped(w, add), by_bytes(w, e), "escape {e}, {w:#x}");
                }
            }
            for _ in 0..500 {
                let w = next();
                assert_eq!(any_escaped(w, add), by_bytes(w, e), "escape {e}, {w:#x}");
                let low = u64::from_le_bytes(w.to_le_bytes().map(|b| (u32::from(b) % e.clamp(1, 256)) as u8));
                assert_eq!(any_escaped(low, add), by_bytes(low, e), "escape {e}, {low:#x}");
            }
        }
    }
}

/// Heaps a group of the sparse pipeline's far part ([`FarView::far_sparse_group`]).
const FAR_GROUP: usize = 8;

/// What the far part of the sparse method reads of the state: borrowed from it, or from a
/// [`FarCopy`] so that it runs beside the finishing of the block before.
#[derive(Clone, Copy)]
pub(super) struct FarView<'a> {
    pub(super) splits: &'a [usize],
    /// The rare heaps below the block's boundary (with their values).
    pub(super) rare: &'a [(u32, u32)],
    pub(super) kernels: Kernels,
    pub(super) mask: u32,
    pub(super) twist: bool,
    pub(super) unequal: bool,
}

impl FarView<'_> {
    /// A copy of the slices this view reads, for a far part that runs while the state changes.
    pub(super) fn copy(&self) -> FarCopy {
        FarCopy {
            splits: self.splits.to_vec(),
            rare: self.rare.to_vec(),
            view: FarView {
                splits: &[],
                rare: &[],
                ..*self
            },
        }
    }

    /// The sparse method's splits of heap n with a rare part r < start and m − r < start.
    fn far_sparse<S: Cells>(&self, g: &S, start: usize, n: usize, table: &mut [u8]) {
        for &i in self.splits {
            if n < i + 2 {
                continue;
            }
            let m = n - i;
            // r > m − start, r < m (the rare list holds heaps below `start` only).
            let lo = (m + 1).saturating_sub(start);
            let from = self.rare.partition_point(|&(r, _)| (r as usize) < lo);
            mark_rare_splits(table, &self.rare[from..], g, m, self.unequal);
        }
    }

    /// [`FarView::far_sparse`] of the heaps n0, n0 + 1, … into `tables` (`width` bytes each, K
    /// of them): the rare r that every heap of the group reads (r ≥ m + K − start for the
    /// heap m + K − 1 left by the last) go through [`mark_rare_splits_batch`], whose values of
    /// the K heaps are neighbours (every value read is below `start`, so K is not bound by the
    /// removals here as it is heap after heap); the few others heap by heap. A short group
    /// goes heap by heap. Groups of 8 against heap by heap: 0.007 to 10^6 on two
    /// threads 25.2 → 22.1 s of CPU (4: 23.1 s, 16: 22.1 s; docs/performance-notes.md, session 11).
    fn far_sparse_group<S: Cells>(&self, g: &S, start: usize, n0: usize, tables: &mut [u8], width: usize) {
        let count = tables.len() / width;
        let whole = count == FAR_GROUP && self.splits.iter().all(|&i| n0 >= i + 2);
        if !whole {
            for (k, table) in tables.chunks_exact_mut(width).enumerate() {
                self.far_sparse(g, start, n0 + k, table);
            }
            return;
        }
        for &i in self.splits {
            let m = n0 - i;
            let from = self
                .rare
                .partition_point(|&(r, _)| (r as usize) < (m + count).saturating_sub(start));
            for (j, table) in tables.chunks_exact_mut(width).enumerate() {
                let edge = self
                    .rare
                    .partition_point(|&(r, _)| (r as usize) < (m + j + 1).saturating_sub(start));
                mark_rare_splits(table, &self.rare[edge.min(from)..from], g, m + j, self.unequal);
            }
            let (first, rest) = tables.split_at_mut(width);
            let rare = &self.rare[from..];
            mark_rare_splits_batch::<S, FAR_GROUP>(first, rest, rare, g, m, self.unequal);
        }
    }

    /// The far tables of `heaps` with the boundary `start` (every heap below it computed), on
    /// the threads of the current pool, a group of [`FAR_GROUP`] heaps a task.
    pub(super) fn pending<S: Cells>(&self, g: &S, start: usize, heaps: Range<usize>, width: usize) -> Pending {
        let mut tables = vec![0u8; heaps.len() * width];
        let mut absent = vec![0u32; heaps.len()];
        let batch = FAR_GROUP;
        tables
            .par_chunks_mut(width * batch)
            .zip(absent.par_chunks_mut(batch))
            .enumerate()
            .with_min_len(4usize.div_ceil(batch))
            .for_each_init(Vec::new, |fronts, (k, (tables, absent))| {
                let n0 = heaps.start + k * batch;
                self.far_sparse_group(g, start, n0, tables, width);
                for (j, (table, absent)) in tables.chunks_exact_mut(width).zip(absent.iter_mut()).enumerate() {
                    *absent = self.far_search(g, n0 + j, start, table, fronts);
                }
            });
        Pending {
            heaps,
            boundary: start,
            tables,
            absent,
            width,
        }
    }
}

/// A copy of what [`FarView`] reads, taken before the finishing of a block changes the state.
pub(super) struct FarCopy {
    splits: Vec<usize>,
    rare: Vec<(u32, u32)>,
    /// The view's mask, twist and rule (its slices empty: the copies above stand for them).
    view: FarView<'static>,
}

impl FarCopy {
    /// The view over the copied slices.
    pub(super) fn view(&self) -> FarView<'_> {
        FarView {
            splits: &self.splits,
            rare: &self.rare,
            ..self.view
        }
    }
}

/// The far tables of a block: for each heap, the values of its splits below `boundary` and
/// the value below which its candidates not marked have no split there (see
/// [`State::sparse_value`]).
pub(super) struct Pending {
    pub(super) heaps: Range<usize>,
    pub(super) boundary: usize,
    pub(super) tables: Vec<u8>,
    pub(super) absent: Vec<u32>,
    pub(super) width: usize,
}
