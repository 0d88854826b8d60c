//! The transposition table of the search engine: what is proved about each position, with a
//! memory cap and a replacement policy.
//!
//! Each entry holds either the exact nimber of a position or the set of values it is proved NOT
//! to have (`g ≠ j` for j < 64, a bitmask), the two kinds of facts the outcome search of
//! Lemoine & Viennot produces. The table is open-addressed in buckets of `BUCKET` (4) slots. It
//! grows by doubling while it is below its cap (a number of entries); at the cap a new fact
//! replaces the entry of its bucket that cost the least work to prove (work = search nodes spent
//! on it), the "keep the expensive results" policy of chess programs. So memory stays bounded
//! and the search never fails for want of room: it may only redo cheap work.
//!
//! The cap comes from memory, not from a count of positions: [`entries_within`] gives the
//! most entries a table may reach within a number of bytes (the caller takes them from the
//! memory budget, [`super::table_bytes`]). How many positions a search may keep is a separate
//! limit (`--max-states`), checked by the search itself against `Table::len`.
//!
//! Cost: a lookup or store hashes once (FxHash) and scans one bucket; growing rehashes every
//! entry (amortised O(1)).
//!
//! Sources, by their names in `docs/sources.md`: \[LemoineViennot2012\] (the facts kept).

use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// Slots per bucket.
pub(crate) const BUCKET: usize = 4;

/// No exact value known.
const UNKNOWN: u32 = u32::MAX;

/// What is proved about one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Facts {
    value: u32,
    /// Bit j set: the nimber is proved different from j.
    excluded: u64,
    /// Search nodes spent proving these facts (saturating).
    pub work: u32,
}

impl Default for Facts {
    fn default() -> Self {
        Facts {
            value: UNKNOWN,
            excluded: 0,
            work: 0,
        }
    }
}

impl Facts {
    /// The fact g = `value`, proved with `work` search nodes (a value that does not fit below
    /// `u32::MAX` is stored as unknown).
    pub fn exact(value: u64, work: u32) -> Facts {
        Facts {
            value: u32::try_from(value).unwrap_or(UNKNOWN),
            excluded: 0,
            work,
        }
    }

    /// The exact nimber, when proved.
    pub fn value(&self) -> Option<u64> {
        (self.value != UNKNOWN).then_some(self.value as u64)
    }

    /// Whether the nimber is proved different from `k`.
    pub fn excludes(&self, k: u64) -> bool {
        match self.value() {
            Some(v) => v != k,
            None => k < 64 && self.excluded & (1 << k) != 0,
        }
    }

    /// Add the fact g ≠ `k` (kept only for k < 64).
    pub fn exclude(&mut self, k: u64) {
        if k < 64 {
            self.excluded |= 1 << k;
        }
    }
}

/// Counters shown by `--stats` and in benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Lookups made.
    pub lookups: u64,
    /// Lookups that found the position.
    pub hits: u64,
    /// Facts stored (new entries and updates).
    pub stores: u64,
    /// Entries overwritten by another position because their bucket was full at the cap.
    pub replaced: u64,
    /// Entries held now.
    pub entries: usize,
    /// The most entries the table may hold.
    pub capacity: usize,
}

/// A bounded transposition table.
pub(crate) struct Table<P> {
    slots: Vec<Option<(P, Facts)>>,
    cap: usize,
    len: usize,
    stats: TableStats,
}

/// The most entries (a power of two, at least one bucket) of a table of `entry_bytes`-byte
/// entries that stays within `bytes` while it grows to that cap: the last doubling holds the
/// old half and the new table at once, 1.5 times the final size.
pub fn entries_within(bytes: u64, entry_bytes: u64) -> usize {
    let most = bytes / entry_bytes.max(1) * 2 / 3;
    let most = usize::try_from(most).unwrap_or(usize::MAX).max(BUCKET);
    // The largest power of two not above `most`.
    1usize << (usize::BITS - 1 - most.leading_zeros())
}

fn hash<P: Hash>(p: &P) -> u64 {
    let mut h = FxHasher::default();
    p.hash(&mut h);
    // FxHash's low bits are weak for small integers; mix them.
    let x = h.finish();
    x ^ (x >> 29) ^ (x >> 47)
}

impl<P: Clone + Eq + Hash> Table<P> {
    /// Bytes per entry (for [`entries_within`]).
    pub const ENTRY_BYTES: u64 = std::mem::size_of::<Option<(P, Facts)>>() as u64;

    /// A table that holds at most `cap` entries (at least one bucket).
    pub fn new(cap: usize) -> Self {
        let cap = cap.max(BUCKET).next_power_of_two();
        let start = cap.min(1 << 12);
        Table {
            slots: vec![None; start],
            cap,
            len: 0,
            stats: TableStats::default(),
        }
    }

    fn bucket(&self, h: u64) -> usize {
        (h as usize) & (self.slots.len() - 1) & !(BUCKET - 1)
    }

    /// What is known about `p`, if it is in the table (counts a lookup, and a hit).
    pub fn get(&mut self, p: &P) -> Option<Facts> {
        self.stats.lookups += 1;
        let b = self.bucket(hash(p));
        for (q, f) in self.slots[b..b + BUCKET].iter().flatten() {
            if q == p {
                self.stats.hits += 1;
                return Some(*f);
            }
        }
        None
    }

    /// Record `facts` for `p` (replacing what was known about `p`).
    pub fn put(&mut self, p: &P, facts: Facts) {
        self.stats.stores += 1;
        if self.len * 4 >= self.slots.len() * 3 && self.slots.len() < self.cap {
            self.grow();
        }
        loop {
            let b = self.bucket(hash(p));
            let mut victim = b;
            let mut least = u64::MAX;
            for i in b..b + BUCKET {
                match &mut self.slots[i] {
                    Some((q, f)) if q == p => {
                        *f = facts;
                        return;
                    }
                    Some((_, f)) => {
                        if (f.work as u64) < least {
                            least = f.work as u64;
                            victim = i;
                        }
                    }
                    None => {
                        self.slots[i] = Some((p.clone(), facts));
                        self.len += 1;
                        return;
                    }
                }
            }
            // Doubling on every full bucket would blow the table up (some 4-slot bucket
            // overflows long before the table is full): below half load, replace instead.
            if self.slots.len() < self.cap && self.len * 2 >= self.slots.len() {
                self.grow();
                continue;
            }
            self.stats.replaced += 1;
            self.slots[victim] = Some((p.clone(), facts));
            return;
        }
    }

    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![None; 0]);
        self.slots = vec![None; old.len() * 2];
        self.len = 0;
        for (p, f) in old.into_iter().flatten() {
            let b = self.bucket(hash(&p));
            if let Some(i) = (b..b + BUCKET).find(|&i| self.slots[i].is_none()) {
                self.slots[i] = Some((p, f));
                self.len += 1;
            }
        }
    }

    /// The number of positions held now.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The counters so far, with the current number of entries and the cap.
    pub fn stats(&self) -> TableStats {
        TableStats {
            entries: self.len,
            capacity: self.cap,
            ..self.stats
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_remember_exclusions_and_values() {
        let mut f = Facts::default();
        assert!(!f.excludes(3));
        f.exclude(3);
        assert!(f.excludes(3) && !f.excludes(2));
        let e = Facts::exact(5, 1);
        assert!(e.excludes(3) && !e.excludes(5));
        assert_eq!(e.value(), Some(5));
    }

    #[test]
    fn caps_from_memory_leave_room_for_the_last_doubling() {
        assert_eq!(entries_within(0, 16), BUCKET);
        assert_eq!(entries_within(3 << 20, 16), 1 << 17);
        assert_eq!(entries_within((3 << 20) - 1, 16), 1 << 16);
        for bytes in [1u64 << 20, 5 << 20, 1 << 30, 7 << 30] {
            let cap = entries_within(bytes, 16) as u64;
            assert!(cap.is_power_of_two() && cap * 16 * 3 / 2 <= bytes && cap * 2 * 16 * 3 / 2 > bytes);
        }
        assert!(entries_within(u64::MAX, 1).is_power_of_two());
    }

    #[test]
    fn a_full_table_replaces_cheap_entries_and_keeps_its_cap() {
        let mut t: Table<u64> = Table::new(64);
        for i in 0..10_000u64 {
            t.put(&i, Facts::exact(i % 7, if i == 5 { 1_000_000 } else { 1 }));
        }
        let s = t.stats();
        assert!(s.entries <= 64, "{s:?}");
        assert!(s.replaced > 0);
        // The expensive entry survived.
        assert_eq!(t.get(&5).and_then(|f| f.value()), Some(5));
        // Tables far below their cap keep nearly everything.
        let mut t: Table<u64> = Table::new(1 << 20);
        for i in 0..1000u64 {
            t.put(&i, Facts::exact(i, 1));
        }
        let kept = (0..1000u64)
            .filter(|&i| t.get(&i).and_then(|f| f.value()) == Some(i))
            .count();
        assert!(kept >= 980, "{kept}");
    }
}
