//! The search of the Cram engine: a region's nimber and the test "g(R) = k".
//!
//! What: the nimber of a sum of regions is the xor of theirs; a region of at most
//! [`CramConfig::small`](super::CramConfig::small) cells gets its nimber by mex over its
//! options, a larger one the least k for which "R + \*k is P" holds (Lemoine and Viennot); the
//! test tries the bound g ≤ number of options, the mirror strategy, the table cutoff pass and
//! then the deep pass over the ordered options. Every fact proved ("g(R) = v", "g(R) ≠ k") is
//! stored in the engine's table with the work it cost.
//!
//! Why: the module doc of [`super`] gives the algorithm and which pruning rules it implements;
//! this file is that algorithm, apart from the move generation (`moves.rs`).
//!
//! Cost: exponential in the worst case; per node one pass over the dominoes and one table
//! probe per option region. The recursion is deep, so the entry points run it on a large
//! stack.
//!
//! Sources, by their names in `docs/sources.md`: \[LemoineViennot2012\], \[BelingRogalski2020\].

use super::{CramSearch, UNKNOWN};
use crate::error::Result;
use crate::solve::search::packed_table::FactStore;

impl<T: FactStore> CramSearch<T> {
    pub(super) fn sum_nimber(&mut self, start: usize, len: usize) -> Result<u8> {
        let mut v = 0;
        for i in start..start + len {
            v ^= self.region_nimber(self.arena[i])?;
        }
        Ok(v)
    }

    /// Whether the sum of the regions `arena[start..start + len]` has nimber `k`: the largest
    /// region is tested for k ⊕ (the others' nimbers).
    pub(super) fn sum_has_value(&mut self, start: usize, len: usize, k: u8) -> Result<bool> {
        if len == 0 {
            return Ok(k == 0);
        }
        let mut largest = start;
        for i in start + 1..start + len {
            if self.arena[i].count_ones() > self.arena[largest].count_ones() {
                largest = i;
            }
        }
        let mut t = k;
        for i in start..start + len {
            if i != largest {
                t ^= self.region_nimber(self.arena[i])?;
            }
        }
        self.region_has_value(self.arena[largest], t)
    }

    /// The nimber of a canonical region.
    pub(super) fn region_nimber(&mut self, x: u64) -> Result<u8> {
        if let Some(v) = self.known(x).value() {
            return Ok(v);
        }
        if x.count_ones() > self.config.small {
            let mut k = 0;
            while !self.region_has_value(x, k)? {
                k += 1;
            }
            return Ok(k);
        }
        let start = self.tick()?;
        let (ob, ab) = (self.opts.len(), self.arena.len());
        self.expand(x);
        let mut seen = 0u128;
        for i in ob..self.opts.len() {
            let o = self.canonical_option(i);
            let v = self.sum_nimber(o.start as usize, o.len as usize)?;
            seen |= 1 << v;
        }
        self.opts.truncate(ob);
        self.arena.truncate(ab);
        let g = (!seen).trailing_zeros() as u8;
        let work = self.stats.nodes - start + 1;
        self.put_value(x, g, work);
        Ok(g)
    }

    /// Whether the canonical region `x` has nimber `k` (x + \*k is a P-position).
    pub(super) fn region_has_value(&mut self, x: u64, k: u8) -> Result<bool> {
        if x.count_ones() <= self.config.small {
            return Ok(self.region_nimber(x)? == k);
        }
        let known = self.known(x);
        if let Some(v) = known.value() {
            return Ok(v == k);
        }
        if known.excludes(k) {
            return Ok(false);
        }
        let start = self.tick()?;
        if self.config.use_symmetry && self.layout.zero_by_symmetry(x) {
            self.stats.symmetric += 1;
            self.put_value(x, 0, 1);
            return Ok(k == 0);
        }
        let marked = self.mark_busy(x);
        self.depth += 1;
        let answer = self.decide(x, k, start);
        self.depth -= 1;
        if marked {
            self.unmark_busy(x);
        }
        answer
    }

    /// The search of [`CramSearch::region_has_value`] past its quick answers: an option of
    /// value k, then the values below k; the fact proved goes into the table.
    fn decide(&mut self, x: u64, k: u8, start: u64) -> Result<bool> {
        // The options of the start's regions (depth 2) are asked "g = j" for j < k first: the
        // winning-move pass then finds every option's "g = 0" proved in the table.
        let low_first = self.config.options_low_first && self.depth == 2 && k > 0;
        if low_first {
            for j in 0..k {
                if self.region_has_value(x, j)? {
                    return Ok(false);
                }
            }
        }
        let found = if k as u32 > self.option_count(x) {
            self.stats.bound_cuts += 1;
            true
        } else {
            self.option_with_value(x, k)?
        };
        if found {
            let work = self.stats.nodes - start + 1;
            self.put_excluded(x, k, work);
            return Ok(false);
        }
        if !low_first {
            for j in 0..k {
                if self.region_has_value(x, j)? {
                    return Ok(false);
                }
            }
        }
        let work = self.stats.nodes - start + 1;
        self.put_value(x, k, work);
        Ok(true)
    }

    /// Whether some option of region `x` has value `k`.
    pub(super) fn option_with_value(&mut self, x: u64, k: u8) -> Result<bool> {
        let (ob, ab) = (self.opts.len(), self.arena.len());
        let mut found = false;
        if self.config.use_cutoff {
            // Centre first, each option evaluated from the table as soon as it is generated.
            // In batches of four, so that the table probes (memory-bound) overlap.
            let list = self.dominoes(x);
            let n = self.lists[list].len();
            let mut j = 0;
            'batches: while j < n {
                let first = self.opts.len();
                while j < n && self.opts.len() < first + 4 {
                    let (d, dist) = self.lists[list][j];
                    j += 1;
                    if d & !x == 0 {
                        self.push_option(x, d, dist);
                        self.canonical_option(self.opts.len() - 1);
                    }
                }
                for i in first..self.opts.len() {
                    if let Some(v) = self.known_value(self.opts[i]) {
                        if v == k {
                            self.stats.cutoffs += 1;
                            found = true;
                            break 'batches;
                        }
                        self.opts[i].value = v;
                    }
                }
            }
        } else {
            self.expand(x);
        }
        if !found {
            if self.config.use_ordering {
                self.opts[ob..].sort_unstable_by_key(|o| o.order);
            }
            // In a parallel search, options another thread is deciding now are left for
            // last (by then their answer is usually in the shared table).
            let mut later = Vec::new();
            for i in ob..self.opts.len() {
                let o = self.canonical_option(i);
                if o.value != UNKNOWN {
                    continue;
                }
                if self.option_busy(o) {
                    later.push(i);
                    continue;
                }
                if self.sum_has_value(o.start as usize, o.len as usize, k)? {
                    found = true;
                    break;
                }
            }
            if !found {
                for i in later {
                    let o = self.opts[i];
                    if self.sum_has_value(o.start as usize, o.len as usize, k)? {
                        found = true;
                        break;
                    }
                }
            }
        }
        self.opts.truncate(ob);
        self.arena.truncate(ab);
        Ok(found)
    }
}
