//! A transposition table shared by the threads of a parallel search: the facts of
//! [`PackedTable`](super::packed_table::PackedTable) (16 bytes per entry, four entries per
//! bucket, replacement of the cheapest entry at the cap), readable and writable by every thread
//! at once without locks.
//!
//! What: each entry is two atomic words, `key ⊕ mix(facts)` and `facts` (the "lockless hashing"
//! of Hyatt and Mann, ICGA Journal 2002). Two threads writing the same slot at once may leave
//! the words of two different writes; the reader recomputes the key from both words and finds
//! it matches neither write (a false match needs `mix(a) ⊕ mix(b)` to equal the xor of two keys
//! of one bucket, about 2⁻⁶⁴), so a torn entry reads as absent: a fact may be lost, never
//! invented. Lost facts only cost work again; a wrong fact would be a wrong nimber.
//!
//! The table grows by doubling while it is below its cap, like the single-threaded one: one
//! thread copies the entries into a table twice the size and publishes it; every thread's
//! [`SharedHandle`] notices the new generation at its next probe (one relaxed load) and moves
//! to it. Facts stored into the old table during the copy may be lost (as above, harmless).
//!
//! Cost: a probe is two relaxed loads per slot of one cache line (plain loads on x86), a store
//! two relaxed stores; no lock except when a handle moves to a new generation. Counters are
//! kept per handle and summed by [`SharedTable::stats`].
//!
//! Sources: R. Hyatt and T. Mann, "A lock-less transposition table implementation for parallel
//! search chess engines", ICGA Journal 25 (2002); the facts kept are those of
//! \[LemoineViennot2012\].

use super::packed_table::{BUCKET, FactStore, Known, excluded_facts, fresh, merged, prefetch_line, value_facts};
use super::table::TableStats;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex, RwLock};

/// One bucket's eight words (four entries) on one cache line: the alignment makes a probe
/// touch one line, not two (the allocator only promises 16 bytes).
#[repr(C, align(64))]
struct Line([AtomicU64; 2 * BUCKET]);

/// One generation of the table: two words per entry, a bucket a line.
struct Slots {
    lines: Vec<Line>,
}

impl Slots {
    fn new(entries: usize) -> Slots {
        Slots {
            lines: super::huge_pages::filled(entries / BUCKET, || Line(std::array::from_fn(|_| AtomicU64::new(0)))),
        }
    }

    fn entries(&self) -> usize {
        self.lines.len() * BUCKET
    }

    /// Word `j` (entry `j / 2`).
    #[inline]
    fn word(&self, j: usize) -> &AtomicU64 {
        &self.lines[j / (2 * BUCKET)].0[j % (2 * BUCKET)]
    }

    /// The key and facts of entry `i` (key 0: free, or torn and so unusable).
    #[inline]
    fn read(&self, i: usize) -> (u64, u64) {
        let (a, info) = (self.word(2 * i).load(Relaxed), self.word(2 * i + 1).load(Relaxed));
        (a ^ mix(info), info)
    }

    /// Entry `i` when it holds one: its key is not 0 and belongs to the bucket of `i`. A slot
    /// torn by two writes at once (or read while another thread writes it) yields a key that
    /// belongs to another bucket but for a chance of about one in the number of buckets: a
    /// scan of the whole table (the table's growth, [`SharedTable::exact`]) skips it, so it is
    /// neither copied under a bucket of its own nor saved as a fact.
    #[inline]
    fn entry(&self, i: usize) -> Option<(u64, u64)> {
        let (key, info) = self.read(i);
        (key != 0 && self.bucket(key) == i & !(BUCKET - 1)).then_some((key, info))
    }

    #[inline]
    fn write(&self, i: usize, key: u64, info: u64) {
        self.word(2 * i).store(key ^ mix(info), Relaxed);
        self.word(2 * i + 1).store(info, Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (hash(key) as usize) & (self.entries() - 1) & !(BUCKET - 1)
    }
}

/// A bijective mix with mix(0) = 0, so that an empty slot (both words 0) reads as key 0.
#[inline]
fn mix(x: u64) -> u64 {
    let h = x.wrapping_mul(0xd6e8_feb8_6659_fd93);
    h ^ (h >> 32)
}

#[inline]
fn hash(key: u64) -> u64 {
    let mut h = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    h ^= h >> 29;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ (h >> 32)
}

/// The table every thread of a search shares (see the module doc); threads reach it through
/// their own [`SharedHandle`].
pub struct SharedTable {
    current: RwLock<Arc<Slots>>,
    generation: AtomicU64,
    growing: AtomicBool,
    cap: usize,
    /// Entries held (approximate: handles add their new entries in batches).
    len: AtomicUsize,
    /// The counters of the handles dropped or flushed so far.
    counters: Mutex<TableStats>,
}

impl SharedTable {
    /// A table of at most `cap` entries (rounded down to a power of two, at least one bucket).
    pub fn new(cap: usize) -> Arc<SharedTable> {
        let cap = cap.max(BUCKET);
        let cap = if cap.is_power_of_two() {
            cap
        } else {
            cap.next_power_of_two() / 2
        };
        Arc::new(SharedTable {
            current: RwLock::new(Arc::new(Slots::new(cap.min(1 << 12)))),
            generation: AtomicU64::new(0),
            growing: AtomicBool::new(false),
            cap,
            len: AtomicUsize::new(0),
            counters: Mutex::new(TableStats::default()),
        })
    }

    /// A handle for one thread.
    pub fn handle(self: &Arc<Self>) -> SharedHandle {
        let (slots, generation) = self.snapshot();
        SharedHandle {
            shared: Arc::clone(self),
            slots,
            generation,
            added: 0,
            stats: TableStats::default(),
        }
    }

    fn snapshot(&self) -> (Arc<Slots>, u64) {
        let slots = self.current.read().unwrap_or_else(|e| e.into_inner());
        (Arc::clone(&slots), self.generation.load(Relaxed))
    }

    /// Double the table (one thread at a time; the others go on with the old generation).
    fn grow(&self, from: &Slots) {
        if self.growing.swap(true, Relaxed) {
            return;
        }
        if from.entries() < self.cap {
            let next = Slots::new(from.entries() * 2);
            let mut len = 0;
            for i in 0..from.entries() {
                let Some((key, info)) = from.entry(i) else {
                    continue;
                };
                let b = next.bucket(key);
                if let Some(j) = (b..b + BUCKET).find(|&j| next.read(j).0 == 0) {
                    next.write(j, key, info);
                    len += 1;
                }
            }
            let mut current = self.current.write().unwrap_or_else(|e| e.into_inner());
            if current.entries() == from.entries() {
                *current = Arc::new(next);
                self.len.store(len, Relaxed);
                self.generation.fetch_add(1, Relaxed);
            }
        }
        self.growing.store(false, Relaxed);
    }

    /// Entries held now (approximate while threads work).
    pub fn len(&self) -> usize {
        self.len.load(Relaxed)
    }

    /// Whether no entry is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The counters of every handle flushed so far, with the entries and the cap.
    pub fn stats(&self) -> TableStats {
        let c = *self.counters.lock().unwrap_or_else(|e| e.into_inner());
        TableStats {
            entries: self.len(),
            capacity: self.cap,
            ..c
        }
    }

    /// Every entry with an exact value.
    pub fn exact(&self) -> Vec<(u64, u8)> {
        let (slots, _) = self.snapshot();
        (0..slots.entries())
            .filter_map(|i| slots.entry(i))
            .filter_map(|(k, info)| Some((k, Known::from_bits(info).value()?)))
            .collect()
    }
}

/// One thread's access to a [`SharedTable`]: the generation it works on and its own counters.
pub struct SharedHandle {
    shared: Arc<SharedTable>,
    slots: Arc<Slots>,
    generation: u64,
    /// New entries not yet added to the shared count.
    added: usize,
    stats: TableStats,
}

impl SharedHandle {
    /// Move to the newest generation if the table grew.
    #[inline]
    fn refresh(&mut self) {
        if self.shared.generation.load(Relaxed) != self.generation {
            (self.slots, self.generation) = self.shared.snapshot();
        }
    }

    /// This handle's counters not yet added to the table's.
    pub fn unflushed(&self) -> TableStats {
        self.stats
    }

    /// Add the counters so far to the table's and reset them.
    pub fn flush(&mut self) {
        let mut c = self.shared.counters.lock().unwrap_or_else(|e| e.into_inner());
        c.lookups += self.stats.lookups;
        c.hits += self.stats.hits;
        c.stores += self.stats.stores;
        c.replaced += self.stats.replaced;
        drop(c);
        self.shared.len.fetch_add(self.added, Relaxed);
        self.added = 0;
        self.stats = TableStats::default();
    }

    fn put(&mut self, key: u64, facts: impl Fn(u64) -> u64, work: u64) {
        debug_assert!(key != 0);
        self.refresh();
        self.stats.stores += 1;
        let entries = self.slots.entries();
        let len = self.shared.len() + self.added;
        if len * 4 >= entries * 3 && entries < self.shared.cap {
            self.flush_count();
            let slots = Arc::clone(&self.slots);
            self.shared.grow(&slots);
            self.refresh();
        }
        let b = self.slots.bucket(key);
        let mut victim = b;
        let mut least = u64::MAX;
        for i in b..b + BUCKET {
            let (k, info) = self.slots.read(i);
            if k == key {
                self.slots.write(i, key, merged(info, facts, work));
                return;
            }
            if k == 0 {
                self.slots.write(i, key, fresh(facts, work));
                self.added += 1;
                if self.added >= 1024 {
                    self.flush_count();
                }
                return;
            }
            let w = Known::from_bits(info).work();
            if w < least {
                least = w;
                victim = i;
            }
        }
        if entries < self.shared.cap && len * 2 >= entries {
            self.flush_count();
            let slots = Arc::clone(&self.slots);
            self.shared.grow(&slots);
            self.refresh();
            if self.slots.entries() > entries {
                return self.put(key, facts, work);
            }
        }
        self.stats.replaced += 1;
        self.slots.write(victim, key, fresh(facts, work));
    }

    fn flush_count(&mut self) {
        self.shared.len.fetch_add(self.added, Relaxed);
        self.added = 0;
    }
}

impl Drop for SharedHandle {
    fn drop(&mut self) {
        self.flush();
    }
}

impl FactStore for SharedHandle {
    #[inline]
    fn get(&mut self, key: u64) -> Known {
        self.refresh();
        self.stats.lookups += 1;
        let b = self.slots.bucket(key);
        for i in b..b + BUCKET {
            let (k, info) = self.slots.read(i);
            if k == key {
                self.stats.hits += 1;
                return Known::from_bits(info);
            }
        }
        Known::NOTHING
    }

    #[inline]
    fn prefetch(&self, key: u64) {
        let b = self.slots.bucket(key);
        prefetch_line(&self.slots.lines[b / BUCKET]);
    }

    fn put_value(&mut self, key: u64, v: u8, work: u64) {
        self.put(key, value_facts(v), work);
    }

    fn put_excluded(&mut self, key: u64, k: u8, work: u64) {
        self.put(key, excluded_facts(k), work);
    }

    fn len(&self) -> usize {
        self.shared.len() + self.added
    }

    fn stats(&self) -> TableStats {
        let mut s = self.shared.stats();
        s.lookups += self.stats.lookups;
        s.hits += self.stats.hits;
        s.stores += self.stats.stores;
        s.replaced += self.stats.replaced;
        s.entries = self.len();
        s
    }

    fn exact(&self) -> Vec<(u64, u8)> {
        self.shared.exact()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_survive_growth_and_torn_slots_read_as_absent() {
        let t = SharedTable::new(1 << 16);
        let mut h = t.handle();
        for i in 1..20_000u64 {
            h.put_value(i, (i % 11) as u8, 1);
        }
        h.put_excluded(7, 3, 1);
        let kept = (1..20_000u64)
            .filter(|&i| h.get(i).value() == Some((i % 11) as u8))
            .count();
        // As in the single-threaded table, a full bucket below half load replaces its cheapest
        // entry instead of doubling the table: a few percent are lost on the way.
        assert!(kept >= 18_000, "{kept} {:?}", h.stats());
        assert!(h.get(7).excludes(3) || h.get(7).value() == Some(7));
        // A slot whose two words come from two different writes is no entry of either key.
        let slots = Slots::new(BUCKET);
        slots.write(0, 5, 100);
        let torn = slots.word(0).load(Relaxed);
        slots.write(0, 6, 200);
        slots.word(0).store(torn, Relaxed);
        assert!(slots.read(0).0 != 5 && slots.read(0).0 != 6);
    }

    /// A torn slot is no entry for a scan of the table: not exported as a fact, not copied
    /// when the table grows; whole entries are.
    #[test]
    fn a_scan_skips_torn_slots() {
        let t = SharedTable::new(1 << 16);
        let mut h = t.handle();
        let keys: Vec<u64> = (1..=64u64).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1).collect();
        for (n, &k) in keys.iter().enumerate() {
            h.put_value(k, (n % 5) as u8, 1);
        }
        let whole = t.exact();
        assert_eq!(whole.len(), keys.len());
        // Tear every slot holding an entry: the first word of another write of another value.
        let (slots, _) = t.snapshot();
        let mut torn = 0;
        for i in 0..slots.entries() {
            if let Some((key, _)) = slots.entry(i) {
                let first = slots.word(2 * i).load(Relaxed);
                slots.write(i, key, 0x5a03);
                slots.word(2 * i).store(first, Relaxed);
                torn += 1;
            }
        }
        assert_eq!(torn, keys.len());
        let after = t.exact();
        assert!(after.len() <= 1, "torn slots exported: {after:?}");
        for (k, _) in after {
            assert!(!keys.contains(&k), "a torn slot read as the entry of {k}");
        }
        // Grown from the torn generation: nothing of it is copied.
        let from = Arc::clone(&slots);
        t.grow(&from);
        assert!(t.exact().len() <= 1);
    }

    #[test]
    fn threads_share_what_they_prove() {
        let t = SharedTable::new(1 << 20);
        std::thread::scope(|s| {
            for w in 0..2u64 {
                let mut h = t.handle();
                s.spawn(move || {
                    for i in 1..50_000u64 {
                        if i % 2 == w {
                            h.put_value(i, (i % 7) as u8, 1 + i % 5);
                        }
                    }
                });
            }
        });
        let mut h = t.handle();
        let kept = (1..50_000u64)
            .filter(|&i| h.get(i).value() == Some((i % 7) as u8))
            .count();
        let wrong = (1..50_000u64)
            .filter(|&i| h.get(i).value().is_some_and(|v| v != (i % 7) as u8))
            .count();
        assert_eq!(wrong, 0);
        // Entries stored into the old generation while another thread copies it are lost
        // (how many depends on the scheduling), but not all of them.
        assert!(kept > 0);
        // Without growth (a table at its cap from the start), two threads lose only what full
        // buckets replace.
        let t = SharedTable::new(1 << 12);
        std::thread::scope(|s| {
            for w in 0..2u64 {
                let mut h = t.handle();
                s.spawn(move || {
                    for i in 1..1500u64 {
                        if i % 2 == w {
                            h.put_value(i, (i % 7) as u8, 1);
                        }
                    }
                });
            }
        });
        let mut h = t.handle();
        let now = (1..1500u64)
            .filter(|&i| h.get(i).value() == Some((i % 7) as u8))
            .count();
        assert!(now >= 1300, "{now}");
    }
}
