//! A compact transposition table for positions that are one `u64` (bitboards): 16 bytes per
//! entry, four entries per 64-byte bucket (one cache line), memory-capped with replacement.
//!
//! Each entry holds the key and one word of facts: the exact nimber when proved (8 bits), the
//! values proved impossible (`g ≠ j` for j < 32, a bitmask: the facts of the outcome search of
//! Lemoine & Viennot), and the work spent (search nodes, 24 bits saturating). The table doubles
//! while it is below its cap; at the cap a new key replaces the entry of its bucket that cost
//! the least work (the "keep expensive results" policy of chess programs), so memory stays
//! bounded and only cheap work may be redone (below the cap, a full bucket in a table less than
//! half full also replaces; the table doubles at 3/4 load). Key 0 (the empty board) marks a free slot.
//!
//! The cap comes from the memory budget ([`super::table::entries_within`] with
//! [`PackedTable::ENTRY_BYTES`]); the number of positions a search may keep (`--max-states`)
//! is checked by the search against [`PackedTable::len`].
//!
//! Cost: a lookup multiplies once and scans one cache line; growing rehashes every entry
//! (amortised O(1)).
//!
//! Sources, by their names in `docs/sources.md`: \[LemoineViennot2012\] (the facts kept).

use super::table::TableStats;

pub(crate) const BUCKET: usize = 4;
pub(crate) const NO_VALUE: u64 = 0xff;
pub(crate) const WORK_SHIFT: u32 = 40;
pub(crate) const WORK_MAX: u64 = (1 << 24) - 1;

/// What the Cram engine needs of its main table: the single-threaded [`PackedTable`] and the
/// handle of a table shared by several threads ([`super::shared_table::SharedHandle`]) both
/// provide it, so the engine is compiled once for each (no cost for `--jobs 1`).
pub trait FactStore: Send {
    /// What is known about `key` ([`Known::NOTHING`] when absent).
    fn get(&mut self, key: u64) -> Known;
    /// Record the exact nimber `v` of `key`, proved with `work` search nodes.
    fn put_value(&mut self, key: u64, v: u8, work: u64);
    /// Record that the nimber of `key` is not `k`, proved with `work` search nodes.
    fn put_excluded(&mut self, key: u64, k: u8, work: u64);
    /// Start loading the cache line of `key`'s bucket (a hint: no effect on what is stored).
    #[inline]
    fn prefetch(&self, _key: u64) {}
    /// The number of positions held now (approximate for a shared table).
    fn len(&self) -> usize;
    /// Whether no position is held.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The counters so far.
    fn stats(&self) -> TableStats;
    /// Every entry with an exact value (key, nimber).
    fn exact(&self) -> Vec<(u64, u8)>;
}

impl FactStore for PackedTable {
    #[inline]
    fn get(&mut self, key: u64) -> Known {
        PackedTable::get(self, key)
    }
    #[inline]
    fn put_value(&mut self, key: u64, v: u8, work: u64) {
        PackedTable::put_value(self, key, v, work)
    }
    #[inline]
    fn put_excluded(&mut self, key: u64, k: u8, work: u64) {
        PackedTable::put_excluded(self, key, k, work)
    }
    #[inline]
    fn prefetch(&self, key: u64) {
        prefetch_line(&self.slots[self.bucket(key)]);
    }
    #[inline]
    fn len(&self) -> usize {
        PackedTable::len(self)
    }
    fn stats(&self) -> TableStats {
        PackedTable::stats(self)
    }
    fn exact(&self) -> Vec<(u64, u8)> {
        self.exact_entries().collect()
    }
}

/// The facts word of an entry after adding `facts` (a function of the old word) and `work`.
#[inline]
pub(crate) fn merged(old: u64, facts: impl Fn(u64) -> u64, work: u64) -> u64 {
    let work = (Known(old).work() + work).min(WORK_MAX);
    (facts(old) & ((1 << WORK_SHIFT) - 1)) | (work << WORK_SHIFT)
}

/// The facts word of a new entry.
#[inline]
pub(crate) fn fresh(facts: impl Fn(u64) -> u64, work: u64) -> u64 {
    facts(NO_VALUE) | (work.min(WORK_MAX) << WORK_SHIFT)
}

/// The facts "g = v".
#[inline]
pub(crate) fn value_facts(v: u8) -> impl Fn(u64) -> u64 {
    move |_| v as u64
}

/// The facts of `old` plus "g ≠ k".
#[inline]
pub(crate) fn excluded_facts(k: u8) -> impl Fn(u64) -> u64 {
    move |old| {
        let bit = if k < 32 { 1u64 << (8 + k as u32) } else { 0 };
        (old & ((1 << WORK_SHIFT) - 1)) | bit
    }
}

/// What is proved about one position (unpacked).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Known(u64);

impl Known {
    /// Nothing proved yet: no exact value and no excluded value.
    pub const NOTHING: Known = Known(NO_VALUE);

    /// The exact nimber, when proved.
    #[inline]
    pub fn value(self) -> Option<u8> {
        let v = self.0 & 0xff;
        (v != NO_VALUE).then_some(v as u8)
    }

    /// Whether the nimber is proved different from `k`.
    #[inline]
    pub fn excludes(self, k: u8) -> bool {
        match self.value() {
            Some(v) => v != k,
            None => k < 32 && self.0 >> (8 + k as u32) & 1 == 1,
        }
    }

    pub(crate) fn work(self) -> u64 {
        self.0 >> WORK_SHIFT
    }

    /// The facts word as stored.
    #[inline]
    pub(crate) fn from_bits(bits: u64) -> Known {
        Known(bits)
    }
}

/// A bounded transposition table from a bitboard (`u64`, never 0) to what is proved about it
/// ([`Known`]); see the module doc for the layout and the replacement policy.
pub struct PackedTable {
    slots: Vec<Bucket>,
    cap: usize,
    len: usize,
    stats: TableStats,
}

/// Ask the processor to load the cache line of `r` into its caches (a hint: it changes no
/// value the program reads; elsewhere than on x86_64 it does nothing).
#[inline]
pub(crate) fn prefetch_line<R>(r: &R) {
    // SAFETY: `_mm_prefetch` only needs SSE, which every x86_64 processor has (it is part of
    // the x86_64 baseline); a prefetch never faults, whatever the address, and this one is of
    // a live reference.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>((r as *const R).cast::<i8>())
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = r;
}

/// One bucket: four entries (key, facts) on one cache line. The alignment makes the
/// allocation start at a line boundary, so a probe touches one line, not two (the allocator
/// only promises 16 bytes, so three buckets in four straddled two lines).
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([[u64; 2]; BUCKET]);

#[inline]
fn hash(key: u64) -> u64 {
    let mut h = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    h ^= h >> 29;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ (h >> 32)
}

impl PackedTable {
    /// Bytes per entry.
    pub const ENTRY_BYTES: u64 = 16;

    /// A table of at most `cap` entries (rounded down to a power of two, at least one bucket).
    pub fn new(cap: usize) -> Self {
        let cap = cap.max(BUCKET);
        let cap = if cap.is_power_of_two() {
            cap
        } else {
            cap.next_power_of_two() / 2
        };
        PackedTable {
            slots: vec![Bucket::default(); cap.min(1 << 12) / BUCKET],
            cap,
            len: 0,
            stats: TableStats::default(),
        }
    }

    /// The index of `key`'s bucket.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (hash(key) as usize) & (self.slots.len() - 1)
    }

    /// The number of entries the table has room for now.
    #[inline]
    fn room(&self) -> usize {
        self.slots.len() * BUCKET
    }

    /// What is known about `key` ([`Known::NOTHING`] when absent).
    #[inline]
    pub fn get(&mut self, key: u64) -> Known {
        self.stats.lookups += 1;
        let b = self.bucket(key);
        for s in &self.slots[b].0 {
            if s[0] == key {
                self.stats.hits += 1;
                return Known(s[1]);
            }
        }
        Known::NOTHING
    }

    /// Record the exact nimber `v` of `key`.
    pub fn put_value(&mut self, key: u64, v: u8, work: u64) {
        debug_assert!((v as u64) < NO_VALUE);
        self.put(key, value_facts(v), work);
    }

    /// Record that the nimber of `key` is not `k`.
    pub fn put_excluded(&mut self, key: u64, k: u8, work: u64) {
        self.put(key, excluded_facts(k), work);
    }

    fn put(&mut self, key: u64, facts: impl Fn(u64) -> u64, work: u64) {
        debug_assert!(key != 0);
        self.stats.stores += 1;
        if self.len * 4 >= self.room() * 3 && self.room() < self.cap {
            // (A full bucket below 50% load replaces its cheapest entry instead of doubling the
            // table: with 4-slot buckets some bucket overflows long before the table is full.)
            self.grow();
        }
        let b = self.bucket(key);
        let mut victim = 0;
        let mut least = u64::MAX;
        for i in 0..BUCKET {
            let [k, info] = self.slots[b].0[i];
            if k == key {
                self.slots[b].0[i][1] = merged(info, facts, work);
                return;
            }
            if k == 0 {
                self.slots[b].0[i] = [key, fresh(facts, work)];
                self.len += 1;
                return;
            }
            if Known(info).work() < least {
                least = Known(info).work();
                victim = i;
            }
        }
        if self.room() < self.cap && self.len * 2 >= self.room() {
            self.grow();
            return self.put(key, facts, work);
        }
        self.stats.replaced += 1;
        self.slots[b].0[victim] = [key, fresh(facts, work)];
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = super::huge_pages::filled(old.len() * 2, Bucket::default);
        self.len = 0;
        for [k, info] in old.iter().flat_map(|b| b.0) {
            if k == 0 {
                continue;
            }
            let b = self.bucket(k);
            if let Some(slot) = self.slots[b].0.iter_mut().find(|s| s[0] == 0) {
                *slot = [k, info];
                self.len += 1;
            }
        }
    }

    /// The number of positions held now.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no position is held.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The counters so far, with the current number of entries and the cap.
    pub fn stats(&self) -> TableStats {
        TableStats {
            entries: self.len,
            capacity: self.cap,
            ..self.stats
        }
    }

    /// Every entry with an exact value.
    pub fn exact_entries(&self) -> impl Iterator<Item = (u64, u8)> + '_ {
        self.slots
            .iter()
            .flat_map(|b| b.0.iter())
            .filter(|s| s[0] != 0)
            .filter_map(|s| Some((s[0], Known(s[1]).value()?)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_exclusions() {
        let mut t = PackedTable::new(1 << 10);
        assert_eq!(t.get(5), Known::NOTHING);
        t.put_excluded(5, 0, 3);
        t.put_excluded(5, 2, 3);
        let k = t.get(5);
        assert!(k.excludes(0) && k.excludes(2) && !k.excludes(1) && k.value().is_none());
        t.put_value(5, 1, 10);
        let k = t.get(5);
        assert_eq!(k.value(), Some(1));
        assert!(k.excludes(0) && !k.excludes(1));
        assert_eq!(k.work(), 16);
    }

    #[test]
    fn a_full_table_keeps_its_cap_and_the_expensive_entries() {
        let mut t = PackedTable::new(64);
        for i in 1..10_000u64 {
            t.put_value(i, (i % 7) as u8, if i == 5 { 1_000_000 } else { 1 });
        }
        let s = t.stats();
        assert!(s.entries <= 64 && s.replaced > 0, "{s:?}");
        assert_eq!(t.get(5).value(), Some(5));
        let mut t = PackedTable::new(1 << 20);
        for i in 1..1000u64 {
            t.put_value(i, (i % 200) as u8, 1);
        }
        // A table far below its cap loses at most a few cheap entries to full buckets.
        let kept = (1..1000u64)
            .filter(|&i| t.get(i).value() == Some((i % 200) as u8))
            .count();
        assert!(kept >= 980, "{kept}");
    }
}
