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

use super::blocks::FarView;
use super::hunt::{Front, Wanted, candidates, fronts, hunt};
use super::values::{Cells, Store};
use super::{State, parity};

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
        // Every split with a rare part.
        for si in 0..self.splits.len() {
            let i = self.splits[si];
            if n < i + 2 {
                continue;
            }
            let m = n - i;
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
#[inline(never)]
pub(super) fn mark_rare_splits<S: Cells>(seen: &mut [u8], rare: &[(u32, u32)], g: &S, m: usize, unequal: bool) {
    let mask = seen.len() - 1;
    let rare = &rare[..rare.partition_point(|&(r, _)| (r as usize) < m)];
    let (Some(&(first, _)), Some(&(last, _))) = (rare.first(), rare.last()) else {
        return;
    };
    if let Some(g) = g.exact(m - last as usize, m - first as usize) {
        for &(r, x) in rare {
            let b = m - r as usize;
            if unequal && b == r as usize {
                continue;
            }
            let v: u32 = x ^ g[b].into();
            seen[v as usize & mask] = 1;
        }
        return;
    }
    for &(r, x) in rare {
        let b = m - r as usize;
        if unequal && b == r as usize {
            continue;
        }
        seen[(x ^ g.at(b)) as usize & mask] = 1;
    }
}

/// The mask and twist with the fewest rare heaps among all of `g` (what each further heap costs:
/// one option per rare heap), and that count.
pub(super) fn best_mask<S: Store>(g: &S) -> (u32, bool, usize) {
    // hist[2·v + (a mod 2)]: heaps a of value v by parity.
    let mut hist: Vec<usize> = Vec::new();
    for a in 1..g.len() {
        let v: u32 = g.at(a);
        let k = 2 * v as usize + (a & 1);
        if k >= hist.len() {
            hist.resize(k + 2, 0);
        }
        hist[k] += 1;
    }
    let values = hist.len() / 2;
    let bits = (usize::BITS - values.leading_zeros()).min(10);
    let mut best = (0u32, false, usize::MAX);
    for twist in [false, true] {
        for mask in 1..(1u32 << bits) {
            let rare: usize = hist
                .iter()
                .enumerate()
                .filter(|(k, _)| parity((*k / 2) as u32 & mask) == (twist && k & 1 == 1))
                .map(|(_, c)| c)
                .sum();
            if rare < best.2 {
                best = (mask, twist, rare);
            }
        }
    }
    if best.2 == usize::MAX {
        (0, false, g.len())
    } else {
        best
    }
}
