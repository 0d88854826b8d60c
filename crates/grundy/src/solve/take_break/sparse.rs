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
//! with R = 1 and the twist. The search for a rare candidate takes the removals whose m allows
//! it in turn, a block at a time from two fronts (the middle split, where large values are, and
//! a = 1, where a preperiod's exceptional values are), and first tries the split that gave the
//! value last time, shifted.

use super::blocks::FarView;
use super::values::{Cells, Store};
use super::{State, parity};

/// Splits remembered per rare value as guesses for the next heaps ([`State::try_witness`]).
pub(super) const WITNESSES: usize = 4;

impl State<'_> {
    /// g(n) by the sparse space method (exact for every mask; see the module doc). With
    /// `far` = (table, start, stop), the splits r + (m − r) with a rare r whose both parts are
    /// below `start` are already marked in `table` (the block method, `blocks.rs`), and so is
    /// every value below `stop` (found by a search among the splits below `start`, which found
    /// no split of value `stop` there): only the other splits are looked at here.
    pub(super) fn sparse_value<S: Cells>(&mut self, g: &S, n: usize, far: Option<(&[u8], usize, u32)>) -> u32 {
        self.clear_bits();
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
        self.cursor.clear();
        for si in 0..self.splits.len() {
            let i = self.splits[si];
            let h = if n >= i + 2 { self.half(n - i) } else { 0 };
            self.cursor.push((1, h));
        }
        let mut v = 0u32;
        loop {
            if self.has(v) {
                v += 1;
                continue;
            }
            // Two common heaps a + b = m have xor parity (twist ? m : 0) under the mask: only
            // the removals whose m has v's parity can give v without a rare part.
            let vp = parity(v & self.mask);
            self.active.clear();
            for si in 0..self.splits.len() {
                let i = self.splits[si];
                if n >= i + 2 && self.half(n - i) > 0 && vp == (self.twist && (n - i) & 1 == 1) {
                    self.active.push(si);
                }
            }
            if let Some((_, start, stop)) = far
                && v == stop
                && !self.active.is_empty()
            {
                // The splits below `start` were searched for v: only those reaching into the
                // block remain.
                if self.near_search(g, n, v, start) {
                    v += 1;
                    continue;
                }
                return v;
            }
            if !self.active.is_empty() && self.try_witness(g, n, v) {
                v += 1;
                continue;
            }
            if self.active.is_empty() || !self.search(g, n, v) {
                return v;
            }
            v += 1;
        }
    }

    /// Whether a split a + (m − a) with m − a ≥ `start` (a ≤ m − start) of an active removal
    /// has value v; every split value met is marked.
    fn near_search<S: Cells>(&mut self, g: &S, n: usize, v: u32, start: usize) -> bool {
        for k in 0..self.active.len() {
            let m = n - self.splits[self.active[k]];
            let top = self.half(m).min(m.saturating_sub(start));
            mark_splits(&mut self.seen, g, m, 1..=top);
        }
        self.seen[v as usize] != 0
    }

    /// Remember the split a + b that gave value v (newest first, the oldest dropped).
    fn remember(&mut self, v: u32, a: usize, b: usize) {
        let v = v as usize;
        if v >= self.witness.len() {
            self.witness.resize(v + 1, [(0, 0); WITNESSES]);
        }
        let pair = (a.min(b) as u32, a.max(b) as u32);
        let ring = &mut self.witness[v];
        // Already the newest: nothing moves; elsewhere in the list: moved to the front.
        let at = ring.iter().position(|&w| w == pair).unwrap_or(WITNESSES - 1);
        ring[..=at].rotate_right(1);
        ring[0] = pair;
    }

    /// Whether one of the splits that last gave v, with its small or its large part kept,
    /// gives v again in one of the active removals (a guess that pays when values repeat
    /// locally: Grundy's game's values repeat three heaps apart nearly a third of the time,
    /// so of the last few witnesses, found at heaps of every residue, one usually fits).
    fn try_witness<S: Cells>(&mut self, g: &S, n: usize, v: u32) -> bool {
        let Some(&recent) = self.witness.get(v as usize) else {
            return false;
        };
        for (a, b) in recent {
            if a == 0 {
                break;
            }
            let (a, b) = (a as usize, b as usize);
            for k in 0..self.active.len() {
                let m = n - self.splits[self.active[k]];
                for x in [a, m.wrapping_sub(b)] {
                    if x == 0 || x >= m || (self.rules.unequal && 2 * x == m) {
                        continue;
                    }
                    if g.at(x) ^ g.at(m - x) == v {
                        self.seen[v as usize] = 1;
                        self.remember(v, x, m - x);
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Look for a split of value `v` in the active removals, resuming where the last search
    /// stopped and marking every split value met. Each removal's splits a + (m − a), a in
    /// 1..=half, are scanned from both ends of that range, a block at a time, taking the
    /// removals in turn: from the middle (near-equal heaps carry the larger values, so rare
    /// values turn up sooner) and from a = 1 (the small heaps, where exceptional values of a
    /// preperiod live), so that a value is found about as soon as the nearest of these fronts
    /// reaches it.
    fn search<S: Cells>(&mut self, g: &S, n: usize, v: u32) -> bool {
        // Splits per turn from the middle and from a = 1: on Grundy's game to 2·10^6, 32 at the
        // edge scans 20% fewer splits than 8 (and as few as 64 or 128): small heaps are where
        // many rare values of the middle range first appear.
        const BLOCK: usize = 24;
        const EDGE: usize = 32;
        loop {
            let mut progress = false;
            for k in 0..self.active.len() {
                let si = self.active[k];
                let m = n - self.splits[si];
                let (lo, hi) = self.cursor[si];
                if lo > hi {
                    continue;
                }
                progress = true;
                // The middle block, then the edge block: a in [lo, hi] still to scan.
                let mid = hi.saturating_sub(BLOCK - 1).max(lo)..=hi;
                let edge = lo..=(lo + EDGE - 1).min(mid.start() - 1);
                mark_splits(&mut self.seen, g, m, mid.clone());
                mark_splits(&mut self.seen, g, m, edge.clone());
                self.cursor[si] = (edge.end() + 1, mid.start() - 1);
                if self.seen[v as usize] != 0 {
                    // Remember which split gave v: the next heaps try it (shifted) first.
                    if let Some(a) = mid.chain(edge).find(|&a| g.at(a) ^ g.at(m - a) == v) {
                        self.remember(v, a, m - a);
                    }
                    return true;
                }
            }
            if !progress {
                return false;
            }
        }
    }
}

impl FarView<'_> {
    /// The block method's search, on heap n of a block starting at `start`: the values
    /// 0, 1, 2, ... are taken in turn as the search of [`State::sparse_value`] takes them, each
    /// missing from `table` looked for among the splits whose parts are both below `start`
    /// (marking into `table` every split value met), until one is not found there (or cannot
    /// be found without a rare part): that value is returned (`stop`, see
    /// [`State::sparse_value`]). Reads a view of the state only, so heaps of a block run in parallel.
    pub(super) fn far_search<S: Cells>(&self, g: &S, n: usize, start: usize, table: &mut [u8]) -> u32 {
        const BLOCK: usize = 24;
        const EDGE: usize = 32;
        // Per split removal: the splits a in lo..=hi (all with m − a < start) not yet scanned.
        let mut cursor: Vec<(usize, usize)> = self
            .splits
            .iter()
            .map(|&i| {
                if n < i + 2 {
                    return (1, 0);
                }
                let m = n - i;
                ((m + 1).saturating_sub(start).max(1), self.half(m))
            })
            .collect();
        let mut v = 0u32;
        loop {
            if (v as usize) >= table.len() {
                return v;
            }
            if table[v as usize] != 0 {
                v += 1;
                continue;
            }
            let vp = parity(v & self.mask);
            let active = |si: usize| {
                let m = n.wrapping_sub(self.splits[si]);
                n >= self.splits[si] + 2 && self.half(m) > 0 && vp == (self.twist && m & 1 == 1)
            };
            // The splits that last gave v, shifted, when both their parts are below `start`.
            let recent = self.witness.get(v as usize).copied().unwrap_or_default();
            let hit = recent.iter().filter(|&&(a, _)| a > 0).any(|&(a, b)| {
                let (a, b) = (a as usize, b as usize);
                (0..self.splits.len()).filter(|&si| active(si)).any(|si| {
                    let m = n - self.splits[si];
                    [a, m.wrapping_sub(b)].into_iter().any(|x| {
                        x != 0
                            && x < m
                            && !(self.unequal && 2 * x == m)
                            && m - x < start
                            && x < start
                            && g.at(x) ^ g.at(m - x) == v
                    })
                })
            });
            if hit {
                table[v as usize] = 1;
                v += 1;
                continue;
            }
            let mut found = false;
            loop {
                let mut progress = false;
                for (si, c) in cursor.iter_mut().enumerate() {
                    let (lo, hi) = *c;
                    if lo > hi || !active(si) {
                        continue;
                    }
                    progress = true;
                    let m = n - self.splits[si];
                    let mid = hi.saturating_sub(BLOCK - 1).max(lo)..=hi;
                    let edge = lo..=(lo + EDGE - 1).min(mid.start() - 1);
                    mark_splits(table, g, m, mid.clone());
                    mark_splits(table, g, m, edge.clone());
                    *c = (edge.end() + 1, mid.start() - 1);
                    if table[v as usize] != 0 {
                        found = true;
                        break;
                    }
                }
                if found || !progress {
                    break;
                }
            }
            if !found {
                return v;
            }
            v += 1;
        }
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

/// seen[g(a) ⊕ g(m − a)] = 1 for every a in `range` (1 ≤ a < m); not inlined, as above.
#[inline(never)]
fn mark_splits<S: Cells>(seen: &mut [u8], g: &S, m: usize, range: std::ops::RangeInclusive<usize>) {
    let (lo, hi) = (*range.start(), *range.end());
    if lo > hi {
        return;
    }
    let mask = seen.len() - 1;
    let (Some(small), Some(large)) = (g.exact(lo, hi), g.exact(m - hi, m - lo)) else {
        for a in lo..=hi {
            seen[(g.at(a) ^ g.at(m - a)) as usize & mask] = 1;
        }
        return;
    };
    let small = &small[lo..=hi];
    let large = &large[m - hi..=m - lo];
    for (x, y) in small.iter().zip(large.iter().rev()) {
        let v: u32 = (*x).into() ^ (*y).into();
        seen[v as usize & mask] = 1;
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
