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

use super::{CramSearch, Opt, StartOption, UNKNOWN};
use crate::error::{Error, Result};
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
        if self.team.is_some()
            && let Some(v) = self.table.get(x).value()
        {
            self.small_table.put_value(x, v, 1);
            return Ok(v);
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
        if self.team.is_some() {
            self.table.put_value(x, g, work);
        }
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
    /// value k, then the values below k, on one list of options generated once; the fact
    /// proved goes into the table.
    ///
    /// The test "g(x) ≠ j" for j < k is made on the same list (not by a new test of x, which
    /// would generate and canonicalise every option again): j is skipped when an option's
    /// value j is known from the table or the table already excludes it, and an option found
    /// of value j is not asked again for the other values. No option of value j, while every
    /// value below j is excluded, proves g(x) = j exactly (the least value no option has).
    fn decide(&mut self, x: u64, k: u8, start: u64) -> Result<bool> {
        if k as u32 > self.option_count(x) {
            self.stats.bound_cuts += 1;
            let work = self.stats.nodes - start + 1;
            self.put_excluded(x, k, work);
            return Ok(false);
        }
        // The options of the start's regions (depth 2) are asked "g = j" for j < k first: the
        // winning-move pass then finds every option's "g = 0" proved in the table.
        let low_first = (self.config.options_low_first && self.depth == 2 && k > 0) || k >= self.config.low_first_from;
        let (ob, ab) = (self.opts.len(), self.arena.len());
        let answer = self.decide_on_options(x, k, start, low_first, ob);
        self.opts.truncate(ob);
        self.arena.truncate(ab);
        answer
    }

    /// [`CramSearch::decide`] once the bound did not answer: generates the options of `x` at
    /// `opts[ob..]` (the caller truncates them).
    fn decide_on_options(&mut self, x: u64, k: u8, start: u64, low_first: bool, ob: usize) -> Result<bool> {
        // Values of options known from the table (bit v: some option has value v).
        self.seeking = k;
        let seen = self.generate_options(x, if low_first { None } else { Some(k) });
        if !low_first && seen >> k & 1 == 1 {
            self.stats.cutoffs += 1;
            let work = self.stats.nodes - start + 1;
            self.put_excluded(x, k, work);
            return Ok(false);
        }
        if self.config.use_ordering {
            self.opts[ob..].sort_unstable_by_key(|o| o.order);
        }
        // The cutoff pass found no option of value k: the values chosen by the switches are
        // now looked for low first.
        let low_first = low_first || self.low_first_here(k);
        let (n0, w0) = (self.stats.nodes, self.stats.wasted_high);
        if !low_first && self.find_option(ob, k)? {
            let work = self.stats.nodes - start + 1;
            self.put_excluded(x, k, work);
            return Ok(false);
        }
        // The search for an option of value k failed: if the value proves to be below k, its
        // nodes (less those of wasted searches nested in it, counted already) were wasted.
        let wasted = if low_first {
            0
        } else {
            (self.stats.nodes - n0) - (self.stats.wasted_high - w0)
        };
        for j in 0..k {
            if seen >> j & 1 == 1 || self.known(x).excludes(j) {
                continue;
            }
            if !self.find_option(ob, j)? {
                // Every value below j is excluded and no option has value j.
                let work = self.stats.nodes - start + 1;
                self.put_value(x, j, work);
                if wasted > 0 {
                    self.stats.wasted_high += wasted;
                    self.stats.wasted_tests += 1;
                }
                return Ok(false);
            }
            let work = self.stats.nodes - start + 1;
            self.put_excluded(x, j, work);
        }
        if low_first && (seen >> k & 1 == 1 || self.find_option(ob, k)?) {
            let work = self.stats.nodes - start + 1;
            self.put_excluded(x, k, work);
            return Ok(false);
        }
        let work = self.stats.nodes - start + 1;
        self.put_value(x, k, work);
        Ok(true)
    }

    /// Whether a test "g(x) = k" not answered by the cutoff pass looks for the lower values
    /// first ([`CramConfig::low_first_values`](super::CramConfig::low_first_values)).
    fn low_first_here(&self, k: u8) -> bool {
        k < 32 && self.config.low_first_values >> k & 1 == 1
    }

    /// Push the options of region `x` onto `opts`, each evaluated from the table as soon as it
    /// is generated (with the table cutoff pass; else all of them, not evaluated); the set of
    /// values known (bit v). Stops at the first option of value `stop`, if any: the test is
    /// then answered.
    fn generate_options(&mut self, x: u64, stop: Option<u8>) -> u128 {
        let mut seen = 0u128;
        if !self.config.use_cutoff {
            self.expand(x);
            return seen;
        }
        // Centre first, in batches of four, so that the table probes (memory-bound) overlap.
        let list = self.dominoes(x);
        let n = self.lists[list].len();
        let mut j = 0;
        while j < n {
            let first = self.opts.len();
            while j < n && self.opts.len() < first + 4 {
                let (d, dist) = self.lists[list][j];
                j += 1;
                if d & !x == 0 {
                    let (start, len) = self.push_option(x, d, dist, true);
                    // The probes below wait for memory: start loading the main table's
                    // buckets of this option's large regions now.
                    for i in start..start + len {
                        if self.arena[i].count_ones() > self.config.small {
                            self.table.prefetch(self.arena[i]);
                        }
                    }
                }
            }
            for i in first..self.opts.len() {
                if let Some(v) = self.known_value(self.opts[i]) {
                    seen |= 1 << v;
                    self.opts[i].value = v;
                    if Some(v) == stop {
                        return seen;
                    }
                }
            }
        }
        seen
    }

    /// Whether some option of `opts[ob..]` not known from the table has value `k`; the one
    /// found gets its value recorded (it is not asked again for another value).
    fn find_option(&mut self, ob: usize, k: u8) -> Result<bool> {
        if self.team.is_none() && self.depth <= self.config.budget_depth {
            return self.find_option_budgeted(ob, k);
        }
        // In a parallel search, options another thread is deciding now are left for
        // last (by then their answer is usually in the shared table).
        let mut later = Vec::new();
        let open = self.open_to_report(ob);
        let mut searched = 0;
        for i in ob..self.opts.len() {
            let o = self.canonical_option(i);
            if o.value != UNKNOWN {
                continue;
            }
            if self.option_busy(o) {
                later.push(i);
                continue;
            }
            searched += 1;
            if self.option_has_value(o, k, searched, open)? {
                self.opts[i].value = k;
                self.record_killer(o.domino, k);
                return Ok(true);
            }
        }
        for i in later {
            let o = self.opts[i];
            searched += 1;
            if self.option_has_value(o, k, searched, open)? {
                self.opts[i].value = k;
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// [`CramSearch::find_option`] with iterative budgets ([`CramConfig::budget_depth`]): each
    /// option not known from the table is searched within the budget, those it stopped again
    /// with four times the budget, the last one left without one.
    ///
    /// [`CramConfig::budget_depth`]: super::CramConfig::budget_depth
    fn find_option_budgeted(&mut self, ob: usize, k: u8) -> Result<bool> {
        let open = self.open_to_report(ob);
        let mut pending: Vec<usize> = (ob..self.opts.len())
            .filter(|&i| self.opts[i].value == UNKNOWN)
            .collect();
        let mut budget = self.config.budget_first.max(1);
        let mut searched = 0;
        while !pending.is_empty() {
            let last = pending.len() == 1;
            let mut stopped = Vec::new();
            for &i in &pending {
                // Pending options are unknown: an option found of value k ends the search.
                let o = self.canonical_option(i);
                let within = if last { u64::MAX } else { budget };
                match self.option_has_value_within(o, k, searched + 1, open, within)? {
                    Some(true) => {
                        self.opts[i].value = k;
                        self.record_killer(o.domino, k);
                        return Ok(true);
                    }
                    Some(false) => searched += 1,
                    None => stopped.push(i),
                }
            }
            pending = stopped;
            budget = budget.saturating_mul(4);
        }
        Ok(false)
    }

    /// [`CramSearch::option_has_value`] stopped after `budget` more nodes (`None`), unless an
    /// enclosing budget ends first (then its stop goes on up to the search that set it).
    fn option_has_value_within(
        &mut self,
        o: Opt,
        k: u8,
        searched: usize,
        open: usize,
        budget: u64,
    ) -> Result<Option<bool>> {
        let outer = self.deadline;
        let start = self.stats.nodes;
        let mine = start.saturating_add(budget);
        let binding = mine < outer;
        if binding {
            self.deadline = mine;
        }
        let (ob, ab) = (self.opts.len(), self.arena.len());
        let found = self.option_has_value(o, k, searched, open);
        self.deadline = outer;
        match found {
            Ok(found) => Ok(Some(found)),
            Err(Error::Interrupted) if binding && self.over_budget => {
                // A search stopped part way leaves its options on the stacks (on an error, the
                // tests in it return without truncating them): the caller's list is below.
                self.opts.truncate(ob);
                self.arena.truncate(ab);
                self.over_budget = false;
                self.stats.budget_stops += 1;
                self.stats.budget_nodes += self.stats.nodes - start;
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// For the reports of a long search: the options the table did not answer, at the start
    /// (depth 1) and inside the start's option being tested (depth 2); else 0.
    fn open_to_report(&self, ob: usize) -> usize {
        if self.depth == 1 || (self.depth == 2 && self.start_option.is_some()) {
            self.opts[ob..].iter().filter(|o| o.value == UNKNOWN).count()
        } else {
            0
        }
    }

    /// Whether option `o` (canonical) has value `k`: the `searched`-th of the `open` options
    /// [`CramSearch::find_option`] searches, reported at the start and inside the start's
    /// option being tested once the search is long.
    fn option_has_value(&mut self, o: Opt, k: u8, searched: usize, open: usize) -> Result<bool> {
        let at_start = self.depth == 1;
        if at_start {
            self.start_option = Some(StartOption {
                k,
                index: searched,
                open,
            });
        }
        let found = self.sum_has_value(o.start as usize, o.len as usize, k);
        if at_start {
            self.start_option = None;
        }
        let found = found?;
        if at_start {
            self.report_start(k, searched, open, found);
        } else if self.depth == 2 {
            self.report_inside(k, searched, open, found);
        }
        Ok(found)
    }

    /// Say how far the search of the start's options for one of value `k` has got, once the
    /// search is long ([`CramConfig::report_start_from`](super::CramConfig::report_start_from)
    /// nodes of this thread): `searched` of the `open` options the table did not answer, the
    /// last one `found` of value k or not. A long search (7×8: hours) has no ETA, but this says
    /// which question it is on and how many of the start's options are left for it.
    fn report_start(&self, k: u8, searched: usize, open: usize, found: bool) {
        if !self.long_and_observed() {
            return;
        }
        let what = if found { "has" } else { "does not have" };
        self.control.message(format!(
            "start, looking for an option of value {k}: {searched} of {open} options searched; the last {what} value {k}"
        ));
    }

    /// Whether the reports of the start are due: this thread has searched
    /// [`CramConfig::report_start_from`](super::CramConfig::report_start_from) nodes and someone
    /// listens.
    fn long_and_observed(&self) -> bool {
        self.stats.nodes >= self.config.report_start_from && self.control.observed()
    }

    /// Say where the search inside the start's option being tested stands (see
    /// [`CramSearch::report_start`]), at most once in
    /// [`CramConfig::report_inside_every`](super::CramConfig::report_inside_every) seconds:
    /// `searched` of its `open` options searched for one of value `k` (its largest region's
    /// test), the last one `found` of value k or not.
    fn report_inside(&mut self, k: u8, searched: usize, open: usize, found: bool) {
        let Some(at) = self.start_option else {
            return;
        };
        if !self.long_and_observed() {
            return;
        }
        let now = std::time::Instant::now();
        if self
            .inside_reported
            .is_some_and(|last| now.duration_since(last).as_secs() < self.config.report_inside_every)
        {
            return;
        }
        self.inside_reported = Some(now);
        let what = if found { "has" } else { "does not have" };
        self.control.message(format!(
            "start option {} of {} (tested for value {}): {searched} of its {open} options searched for one of value {k}; the last {what} value {k}",
            at.index, at.open, at.k
        ));
    }
}
