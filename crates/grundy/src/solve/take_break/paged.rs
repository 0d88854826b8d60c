//! A value store in a file ([`Paged`], opened from a [`StoreFile`]): one byte a heap and the
//! side table of the rare values of 255 and more, as the in-memory escaped bytes
//! ([`super::values::Escaped`]), but the bytes live in a file and only a bounded cache of its
//! pages is in memory. So the heaps a run can reach are bounded by the disk, not by RAM, and
//! the store is its own checkpoint: no copy of every value every few minutes.
//!
//! **Why paged, not memory-mapped.** The engine's reads are a few sliding windows: the sparse
//! space method reads g(n − r) for the rare heaps r (Grundy's game: 1273 rare heaps up to
//! 3·10^6, the last at 82 860; 1286 up to 2^32, all below 10^8: a few pages behind the heap
//! being computed), and its search for rare candidates scans from the middle split and from the
//! small heaps. A small cache of pages serves them;
//! pages are read with `pread` (`FileExt::read_exact_at`), written with `pwrite`, all safe code.
//!
//! **Files.** `FILE` holds a 4 KiB header (`grundy value store 1`, the rules as `rules CODE`,
//! the page size in heaps, the store's random id) and then the full pages, page p at
//! 4096 + p·page; pages are written once, when full, and never changed. `FILE.index`, written
//! atomically ([`crate::files::write_atomic_with`]) at every save, holds what makes the pages a
//! sequence: the heaps saved, the method's state (sparse, mask, twist, next look, largest
//! value), a checksum of each full page, the escape table (heap `u64`, value `u32`), the bytes
//! of the last page (not full, so not in `FILE` yet), and an FNV-1a checksum of the index. A
//! save first syncs `FILE` (the pages it names are on the disk), then replaces the index: a run
//! stopped at any moment (Ctrl-C, SIGTERM, `kill -9`, a full disk) leaves the last index and
//! its pages, and resumes from them with the same command; pages written after it are dropped.
//!
//! **Never misread.** At open every field is checked, and every page saved is read and its
//! checksum compared (with its escaped bytes against the table), before any value is used: a
//! damaged, truncated or foreign store (another code, another store's index) is an
//! [`Error::Input`] (exit code 2 on the command line). A page read again during the run is
//! checked again; a mismatch or a read or write error (a full disk) ends the run with an error
//! and without a save, so the store keeps its last good state.
//!
//! **Cost.** Per value read, a page look-up (an atomic load) where the in-memory store indexes
//! a slice; a run of the fast loops across two pages goes through the per-value path. Grundy's
//! game to 10^8: 1.3× the CPU of the in-memory store (docs/records.md, issue 33).
//! Memory: the cache (from the memory budget: a quarter of it, at least 8 pages) and the escape
//! table (12 bytes an escaped heap; escaped heaps may be at most one in 64), found by heap
//! through a look-up of 8 bytes per 2^16 heaps (Grundy's game to 6.6·10^9: 1.0 M escaped heaps;
//! a binary search of the whole table was 7 % of the run, session 31). The page
//! checksums: 8 bytes a page in the index. Opening reads every saved page once.

use super::TakeBreak;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::solve::xor_pairs::ESCAPE;
use std::fs::File;
use std::io::Write;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

/// Where a sequence run keeps its values on disk, and how often it saves its index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreFile {
    /// The values file; its index is `path` with `.index` added.
    pub path: PathBuf,
    /// Save the index at least this often (checked every 4096 heaps).
    pub every: Duration,
    /// Also save every this many heaps (for tests), when set.
    pub every_heaps: Option<u64>,
    /// Heaps a page (a power of two, at least 4096) for a new store; an existing store keeps
    /// its own.
    pub page: usize,
    /// Pages the cache may hold; `None`: a quarter of the memory budget (at least 8 pages).
    pub cache_pages: Option<usize>,
}

impl StoreFile {
    /// A store at `path`: pages of 2^20 heaps, the index saved every five minutes.
    pub fn new(path: impl Into<PathBuf>) -> Self {
        StoreFile {
            path: path.into(),
            every: Duration::from_secs(300),
            every_heaps: None,
            page: 1 << 20,
            cache_pages: None,
        }
    }

    /// The index file: the values file's name with `.index` added.
    pub fn index_path(&self) -> PathBuf {
        let mut name = self.path.clone().into_os_string();
        name.push(".index");
        PathBuf::from(name)
    }
}

const MAGIC: &[u8] = b"grundy value store 1\n";
pub(super) const INDEX_MAGIC: &[u8] = b"grundy value store index 1\n";
/// Bytes before the first page of the values file.
const HEADER: u64 = 4096;
/// log2 of the heaps of a bucket of the escape table's look-up ([`Paged::high_value`]): 2^16
/// (8 bytes a bucket, 4 MB at 2^35 heaps; Grundy's game past 6·10^9 has about 10 escaped heaps
/// a bucket); 2^10 in tests, so that their small stores have many buckets.
const BUCKET_SHIFT: u32 = if cfg!(test) { 10 } else { 16 };
/// The most heaps a store holds (2^40 + 1: heaps 0..=2^40).
pub const MAX_STORE_HEAPS: u64 = 1 << 40;

/// The method's state saved in the index beside the values (see [`super::State::resume_with`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Meta {
    pub(super) heaps: u64,
    pub(super) sparse: bool,
    pub(super) mask: u32,
    pub(super) twist: bool,
    pub(super) next_checkpoint: u64,
    pub(super) max: u32,
}

/// The checksum of a page: FNV-1a over its 64-bit little-endian words (any change to one word
/// changes it; eight times faster than byte by byte). Pages are multiples of 8 bytes.
fn page_sum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for w in bytes.chunks_exact(8) {
        h ^= u64::from_le_bytes(w.try_into().expect("8 bytes"));
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// A process-wide number for each store opened, naming its pages in the per-thread spare page.
static NEXT_KEY: AtomicU64 = AtomicU64::new(1);

/// Pages each thread keeps outside the cache.
const SPARES: usize = 4;

/// A page read outside the cache: the store's key, the page, its bytes.
type Spare = (u64, usize, Vec<u8>);

thread_local! {
    /// Pages read outside the cache (the cache full), the oldest replaced first (the count of
    /// pages read so far, the pages).
    static SPARE: std::cell::RefCell<(usize, Vec<Spare>)> = const { std::cell::RefCell::new((0, Vec::new())) };
}

/// Values of heaps 0..len in a file: full pages on disk (a bounded cache of them in memory), the
/// last page and the escape table in memory (see the module doc).
pub struct Paged {
    file: File,
    path: PathBuf,
    index: PathBuf,
    rules: String,
    /// log2 of the heaps a page.
    shift: u32,
    id: u64,
    key: u64,
    /// The full pages: loaded (cached) or not. Loaded from `&self` (the engine's reads, on
    /// many threads), dropped only from `&mut self` (when a page fills), so a page lent out is
    /// never dropped under its borrower.
    pages: Vec<OnceLock<Box<[u8]>>>,
    /// When each page was last read (the count of pages filled then): the cache drops the
    /// least recently read.
    used: Vec<AtomicU32>,
    /// The checksum of each full page.
    sums: Vec<u64>,
    /// The heaps after the last full page.
    tail: Vec<u8>,
    /// (heap, value) of the heaps whose value is 255 or more (their byte is [`ESCAPE`]), in
    /// increasing heap order.
    high: Vec<(u64, u32)>,
    /// high_from[b]: the entries of `high` below heap b·2^[`BUCKET_SHIFT`], for every bucket b
    /// up to the last heap's: an escaped heap is looked up in its bucket's few entries, not by
    /// a binary search of the whole table (millions of entries past 10^9 heaps, cache misses).
    high_from: Vec<usize>,
    resident: AtomicUsize,
    budget: usize,
    /// Why the values cannot be trusted any more (a page read back damaged, a read or write
    /// error): the run ends with this error and without a save.
    failure: OnceLock<Error>,
    /// The heaps in the index on disk.
    saved: u64,
}

impl std::fmt::Debug for Paged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Paged")
            .field("path", &self.path)
            .field("heaps", &self.len())
            .field("escaped", &self.high.len())
            .finish()
    }
}

/// Two stores are equal when they hold the same values (read through: for tests).
impl PartialEq for Paged {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && (0..self.len()).all(|n| self.at(n) == other.at(n))
    }
}

impl Eq for Paged {}

impl Paged {
    /// Open the store of `file` for `rules`, or make a new one: the store and the method's
    /// state saved with it (`None` for a new store). A file that is not a store, a store of
    /// other rules, or a damaged one is an [`Error::Input`]; nothing is written to it then.
    pub(super) fn open(file: &StoreFile, rules: &TakeBreak, control: &Control) -> Result<(Paged, Option<Meta>)> {
        if !file.page.is_power_of_two() || file.page < 4096 {
            return Err(Error::Input(format!(
                "the page of a value store must be a power of two of at least 4096 heaps, not {}",
                file.page
            )));
        }
        let path = &file.path;
        let index = file.index_path();
        let rules_text = rules.code_text();
        let err = |e: std::io::Error| Error::Input(format!("cannot open the value store {}: {e}", path.display()));
        let exists = std::fs::symlink_metadata(path).is_ok();
        let mut store = if exists {
            crate::files::check_regular(path, u64::MAX, "value store")?;
            let f = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open(path)
                .map_err(err)?;
            let (page, id) = read_header(&f, path, &rules_text)?;
            Paged::empty(f, file, page, id, rules_text, index.clone(), control)
        } else {
            if std::fs::symlink_metadata(&index).is_ok() {
                return Err(Error::Input(format!(
                    "{} is there without its value store {}: it is not used; remove it to start again",
                    index.display(),
                    path.display()
                )));
            }
            let id = fresh_id(path);
            let mut f = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(path)
                .map_err(err)?;
            let mut head = Vec::with_capacity(HEADER as usize);
            head.extend_from_slice(MAGIC);
            head.extend_from_slice(format!("rules {rules_text}\n").as_bytes());
            head.extend_from_slice(&(file.page as u64).to_le_bytes());
            head.extend_from_slice(&id.to_le_bytes());
            let sum = crate::files::fnv1a64(&head);
            head.extend_from_slice(&sum.to_le_bytes());
            head.resize(HEADER as usize, 0);
            f.write_all(&head)
                .and_then(|()| f.sync_all())
                .map_err(|e| store_write_error(path, &e, 0))?;
            return Ok((Paged::empty(f, file, file.page, id, rules_text, index, control), None));
        };
        let meta = match std::fs::symlink_metadata(&index) {
            // Made, never saved: empty.
            Err(_) => None,
            Ok(_) => Some(store.load_index(control)?),
        };
        // Pages written after the last save are dropped.
        let end = HEADER + store.pages.len() as u64 * store.page() as u64;
        store.file.set_len(end).map_err(err)?;
        Ok((store, meta))
    }

    fn empty(
        file: File,
        store: &StoreFile,
        page: usize,
        id: u64,
        rules: String,
        index: PathBuf,
        control: &Control,
    ) -> Paged {
        let budget = store.cache_pages.unwrap_or_else(|| {
            let limit = control.memory().map_or(1 << 30, |m| m.limit());
            (limit / 4 / page as u64).max(8) as usize
        });
        Paged {
            file,
            path: store.path.clone(),
            index,
            rules,
            shift: page.trailing_zeros(),
            id,
            key: NEXT_KEY.fetch_add(1, Ordering::Relaxed),
            pages: Vec::new(),
            used: Vec::new(),
            sums: Vec::new(),
            tail: Vec::with_capacity(page),
            high: Vec::new(),
            high_from: vec![0],
            resident: AtomicUsize::new(0),
            budget: budget.max(2),
            failure: OnceLock::new(),
            saved: 0,
        }
    }

    /// Heaps a page.
    fn page(&self) -> usize {
        1 << self.shift
    }

    /// Heaps whose value is in the escape table.
    pub fn escaped(&self) -> usize {
        self.high.len()
    }

    fn damaged(&self, why: &str) -> Error {
        Error::Input(format!(
            "value store {} is damaged ({why}): it is not used; remove it and its index to start again",
            self.path.display()
        ))
    }

    /// Read and check the index and every page it names (see the module doc).
    fn load_index(&mut self, control: &Control) -> Result<Meta> {
        let index = self.index.clone();
        crate::files::check_regular(&index, 1 << 36, "value store index")?;
        crate::files::reserve_for(&index, 1, control)?;
        let bytes = std::fs::read(&index)
            .map_err(|e| Error::Input(format!("cannot read the value store index {}: {e}", index.display())))?;
        let Some(body) = bytes.len().checked_sub(8) else {
            return Err(self.damaged("the index is truncated"));
        };
        if !bytes.starts_with(INDEX_MAGIC) {
            return Err(Error::Input(format!(
                "{} is not a value store index: it is not used",
                index.display()
            )));
        }
        let stored = u64::from_le_bytes(bytes[body..].try_into().expect("8 bytes"));
        if crate::files::fnv1a64(&bytes[..body]) != stored {
            return Err(self.damaged("the index's checksum does not match"));
        }
        let mut at = INDEX_MAGIC.len();
        let line_end = bytes[at..body]
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| self.damaged("no rules line in the index"))?;
        let line = String::from_utf8_lossy(&bytes[at..at + line_end]).into_owned();
        at += line_end + 1;
        if line.strip_prefix("rules ") != Some(self.rules.as_str()) {
            return Err(self.damaged("its index names other rules"));
        }
        let mut take = |n: usize| -> Result<&[u8]> {
            if body - at < n {
                return Err(self.damaged("the index is truncated"));
            }
            at += n;
            Ok(&bytes[at - n..at])
        };
        let u64_of = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
        let u32_of = |b: &[u8]| u32::from_le_bytes(b.try_into().expect("4 bytes"));
        let id = u64_of(take(8)?);
        let page = u64_of(take(8)?);
        let heaps = u64_of(take(8)?);
        let head = take(2)?;
        let (sparse, twist) = (head[0], head[1]);
        let mask = u32_of(take(4)?);
        let next_checkpoint = u64_of(take(8)?);
        let max = u32_of(take(4)?);
        let full = u64_of(take(8)?);
        if id != self.id || page != self.page() as u64 {
            return Err(self.damaged("its index belongs to another store"));
        }
        let tail_len = heaps.checked_sub(full.saturating_mul(page));
        if heaps == 0
            || heaps > MAX_STORE_HEAPS + 1
            || sparse > 1
            || twist > 1
            || mask >= 1 << super::code::MASK_BITS
            || !next_checkpoint.is_power_of_two()
            || next_checkpoint < 64
            || next_checkpoint < heaps
            || tail_len.is_none_or(|t| t >= page)
        {
            return Err(self.damaged("inconsistent index"));
        }
        let mut sums = Vec::with_capacity(full as usize);
        for _ in 0..full {
            sums.push(u64_of(take(8)?));
        }
        let count = u64_of(take(8)?);
        if count > heaps {
            return Err(self.damaged("inconsistent escape table"));
        }
        let mut high = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let pair = take(12)?;
            high.push((u64_of(&pair[..8]), u32_of(&pair[8..])));
        }
        let tail = take(tail_len.unwrap_or(0) as usize)?.to_vec();
        if at != body {
            return Err(self.damaged("inconsistent index"));
        }
        let ordered = high.windows(2).all(|w| w[0].0 < w[1].0);
        let listed = high.iter().all(|&(h, v)| h < heaps && v >= u32::from(ESCAPE));
        if !ordered || !listed {
            return Err(self.damaged("inconsistent escape table"));
        }
        let size = self.file.metadata().map(|m| m.len()).unwrap_or(0);
        if size < HEADER + full * page {
            return Err(self.damaged("the values file is truncated"));
        }
        // Every page saved is read and checked once, with its escaped bytes.
        let mut largest = 0u32;
        let mut next_high = 0usize;
        let mut buf = vec![0u8; page as usize];
        let mut check = |first: u64, bytes: &[u8], what: &str| -> Result<()> {
            for (k, &b) in bytes.iter().enumerate() {
                if b == ESCAPE {
                    let heap = first + k as u64;
                    match high.get(next_high) {
                        Some(&(h, v)) if h == heap => {
                            largest = largest.max(v);
                            next_high += 1;
                        }
                        _ => return Err(self.damaged(&format!("{what}: an escaped heap not in the table"))),
                    }
                } else {
                    largest = largest.max(u32::from(b));
                }
            }
            if high
                .get(next_high)
                .is_some_and(|&(h, _)| h < first + bytes.len() as u64)
            {
                return Err(self.damaged(&format!("{what}: a heap of the escape table not escaped")));
            }
            Ok(())
        };
        for (p, &sum) in sums.iter().enumerate() {
            if p & 63 == 0
                && let Some(why) = control.stop()
            {
                return Err(why);
            }
            self.file
                .read_exact_at(&mut buf, HEADER + p as u64 * page)
                .map_err(|e| self.damaged(&format!("page {p} cannot be read: {e}")))?;
            if page_sum(&buf) != sum {
                return Err(self.damaged(&format!("page {p} does not match its checksum")));
            }
            check(p as u64 * page, &buf, &format!("page {p}"))?;
        }
        check(full * page, &tail, "the last page")?;
        if next_high != high.len() || largest != max {
            return Err(self.damaged("inconsistent escape table"));
        }
        self.pages = (0..full).map(|_| OnceLock::new()).collect();
        self.used = (0..full).map(|_| AtomicU32::new(0)).collect();
        self.sums = sums;
        self.tail.extend_from_slice(&tail);
        // As `push` leaves it: an entry for every bucket with a heap (one when empty).
        let buckets = heaps.saturating_sub(1) >> BUCKET_SHIFT;
        self.high_from = (0..=buckets)
            .map(|b| high.partition_point(|&(h, _)| h < b << BUCKET_SHIFT))
            .collect();
        self.high = high;
        self.saved = heaps;
        Ok(Meta {
            heaps,
            sparse: sparse == 1,
            mask,
            twist: twist == 1,
            next_checkpoint,
            max,
        })
    }

    /// Save the index: the pages written so far are synced first, then the index replaced
    /// atomically (see the module doc). Nothing is saved once a page read back was damaged or
    /// a write failed: that error instead.
    pub(super) fn save(&mut self, meta: &Meta) -> Result<()> {
        if let Some(e) = self.failure.get() {
            return Err(e.clone());
        }
        let heaps = self.len() as u64;
        debug_assert_eq!(meta.heaps, heaps);
        self.file
            .sync_data()
            .map_err(|e| store_write_error(&self.path, &e, self.saved))?;
        let written = crate::files::write_atomic_with(&self.index, "value store index", |out| {
            let mut w = crate::files::Hashing::new(out);
            w.write_all(INDEX_MAGIC)?;
            w.write_all(format!("rules {}\n", self.rules).as_bytes())?;
            w.write_all(&self.id.to_le_bytes())?;
            w.write_all(&(self.page() as u64).to_le_bytes())?;
            w.write_all(&heaps.to_le_bytes())?;
            w.write_all(&[u8::from(meta.sparse), u8::from(meta.twist)])?;
            w.write_all(&meta.mask.to_le_bytes())?;
            w.write_all(&meta.next_checkpoint.to_le_bytes())?;
            w.write_all(&meta.max.to_le_bytes())?;
            w.write_all(&(self.sums.len() as u64).to_le_bytes())?;
            let mut buf = Vec::with_capacity(1 << 16);
            for chunk in self.sums.chunks(1 << 12) {
                buf.clear();
                for s in chunk {
                    buf.extend_from_slice(&s.to_le_bytes());
                }
                w.write_all(&buf)?;
            }
            w.write_all(&(self.high.len() as u64).to_le_bytes())?;
            for chunk in self.high.chunks(1 << 12) {
                buf.clear();
                for &(h, v) in chunk {
                    buf.extend_from_slice(&h.to_le_bytes());
                    buf.extend_from_slice(&v.to_le_bytes());
                }
                w.write_all(&buf)?;
            }
            w.write_all(&self.tail)?;
            let hash = w.value();
            out.write_all(&hash.to_le_bytes())
        });
        if let Err(e) = written {
            return Err(Error::Input(format!(
                "{e} (the store is kept as saved before, heap {}: run the same command again to resume)",
                self.saved.saturating_sub(1)
            )));
        }
        self.saved = heaps;
        Ok(())
    }

    /// Page p (full), from the cache, or read into it when it has room; `None` otherwise.
    #[inline]
    fn cached(&self, p: usize) -> Option<&[u8]> {
        match self.pages[p].get() {
            Some(b) => {
                let stamp = self.pages.len() as u32;
                // Written only when it changes: the counters stay read-mostly across threads.
                if self.used[p].load(Ordering::Relaxed) != stamp {
                    self.used[p].store(stamp, Ordering::Relaxed);
                }
                Some(b)
            }
            None => self.load(p),
        }
    }

    /// Read page p into the cache, unless it holds twice its budget already (it is brought
    /// back to the budget from `&mut self`: every 4096 heaps pushed).
    #[cold]
    fn load(&self, p: usize) -> Option<&[u8]> {
        if self.resident.load(Ordering::Relaxed) >= 2 * self.budget {
            return None;
        }
        let page = self.pages[p].get_or_init(|| {
            self.resident.fetch_add(1, Ordering::Relaxed);
            self.read_page(p).into_boxed_slice()
        });
        self.used[p].store(self.pages.len() as u32, Ordering::Relaxed);
        Some(page)
    }

    /// Page p read from the file and checked; zeros after recording the failure when it cannot
    /// be read or does not match its checksum (the run then ends, see `failure`).
    fn read_page(&self, p: usize) -> Vec<u8> {
        let mut buf = vec![0u8; self.page()];
        let at = HEADER + ((p as u64) << self.shift);
        let why = match self.file.read_exact_at(&mut buf, at) {
            Err(e) => Some(format!("page {p} cannot be read again: {e}")),
            Ok(()) if page_sum(&buf) != self.sums[p] => Some(format!("page {p} changed on the disk during the run")),
            Ok(()) => None,
        };
        if let Some(why) = why {
            let _ = self.failure.set(self.damaged(&why));
            buf.fill(0);
        }
        buf
    }

    /// Byte i of page p read outside the cache, through this thread's spare pages.
    #[cold]
    fn uncached(&self, p: usize, i: usize) -> u8 {
        SPARE.with(|spare| {
            let (next, pages) = &mut *spare.borrow_mut();
            if let Some((_, _, bytes)) = pages.iter().find(|(k, q, _)| *k == self.key && *q == p) {
                return bytes[i];
            }
            let page = (self.key, p, self.read_page(p));
            let byte = page.2[i];
            if pages.len() < SPARES {
                pages.push(page);
            } else {
                pages[*next % SPARES] = page;
                *next += 1;
            }
            byte
        })
    }

    /// The byte of heap n.
    #[inline]
    fn byte(&self, n: usize) -> u8 {
        let (p, i) = (n >> self.shift, n & (self.page() - 1));
        if p < self.pages.len() {
            match self.cached(p) {
                Some(page) => page[i],
                None => self.uncached(p, i),
            }
        } else {
            self.tail[i]
        }
    }

    #[cold]
    fn high_value(&self, n: usize) -> u32 {
        let (from, to) = self.bucket(n);
        let i = self.high[from..to]
            .binary_search_by_key(&(n as u64), |&(h, _)| h)
            .expect("an escaped heap is in the table");
        self.high[from + i].1
    }

    /// The entries of `high` in heap n's bucket (n < len).
    #[inline]
    fn bucket(&self, n: usize) -> (usize, usize) {
        let b = n >> BUCKET_SHIFT;
        (
            self.high_from[b],
            self.high_from.get(b + 1).copied().unwrap_or(self.high.len()),
        )
    }

    /// The bytes of heaps lo..=hi when they lie in one page that is in memory.
    #[inline]
    fn run(&self, lo: usize, hi: usize) -> Option<&[u8]> {
        let p = lo >> self.shift;
        if hi >> self.shift != p {
            return None;
        }
        let mask = self.page() - 1;
        let page = if p < self.pages.len() {
            self.cached(p)?
        } else {
            &self.tail[..]
        };
        page.get(lo & mask..=hi & mask)
    }

    /// Drop the least recently read pages while the cache holds more than its budget
    /// (`&mut self`: no page is lent out).
    fn evict(&mut self) {
        let resident = self.resident.load(Ordering::Relaxed);
        if resident <= self.budget {
            return;
        }
        let mut loaded: Vec<(u32, usize)> = (0..self.pages.len())
            .filter(|&p| self.pages[p].get().is_some())
            .map(|p| (self.used[p].load(Ordering::Relaxed), p))
            .collect();
        loaded.sort_unstable();
        let drop = resident - self.budget * 3 / 4;
        for &(_, p) in loaded.iter().take(drop) {
            if self.pages[p].take().is_some() {
                self.resident.fetch_sub(1, Ordering::Relaxed);
            }
        }
    }

    /// The tail page is full: written to the file, kept in the cache.
    fn write_tail(&mut self) {
        let p = self.pages.len();
        let sum = page_sum(&self.tail);
        let at = HEADER + ((p as u64) << self.shift);
        if let Err(e) = self.file.write_all_at(&self.tail, at) {
            let _ = self.failure.set(store_write_error(&self.path, &e, self.saved));
        }
        let fresh = Vec::with_capacity(self.page());
        let page = std::mem::replace(&mut self.tail, fresh);
        self.sums.push(sum);
        self.pages.push(OnceLock::from(page.into_boxed_slice()));
        self.used.push(AtomicU32::new(p as u32 + 1));
        self.resident.fetch_add(1, Ordering::Relaxed);
        self.evict();
    }
}

/// The error of a failed write to the store (`saved`: the heaps of its last save).
fn store_write_error(path: &Path, e: &std::io::Error, saved: u64) -> Error {
    let kept = if saved == 0 {
        "nothing was saved yet".to_string()
    } else {
        format!("the store is kept as saved, heaps 0..{}", saved - 1)
    };
    if e.kind() == std::io::ErrorKind::StorageFull {
        Error::Input(format!(
            "the disk is full: cannot write the value store {} ({kept}: free some space and run the same command again to resume)",
            path.display()
        ))
    } else {
        Error::Input(format!(
            "cannot write the value store {}: {e} ({kept}: run the same command again to resume)",
            path.display()
        ))
    }
}

/// A store's id: different for every store made (the time, the process, the path).
fn fresh_id(path: &Path) -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut seed = Vec::new();
    seed.extend_from_slice(&now.to_le_bytes());
    seed.extend_from_slice(&std::process::id().to_le_bytes());
    seed.extend_from_slice(path.as_os_str().as_encoded_bytes());
    crate::files::fnv1a64(&seed)
}

/// The page size and id of the values file `f` at `path`, checked against `rules`.
fn read_header(f: &File, path: &Path, rules: &str) -> Result<(usize, u64)> {
    let mut head = vec![0u8; HEADER as usize];
    let got = f.read_at(&mut head, 0).unwrap_or(0);
    if got < MAGIC.len() || !head.starts_with(MAGIC) {
        return Err(Error::Input(format!(
            "{} is not a value store (no `grundy value store 1` header): it is not used; choose another file",
            path.display()
        )));
    }
    let damaged = |why: &str| {
        Error::Input(format!(
            "value store {} is damaged ({why}): it is not used; remove it and its index to start again",
            path.display()
        ))
    };
    if got < HEADER as usize {
        return Err(damaged("the header is truncated"));
    }
    let line_end = head[MAGIC.len()..]
        .iter()
        .position(|&b| b == b'\n')
        .ok_or_else(|| damaged("no rules line"))?;
    let end = MAGIC.len() + line_end + 1;
    if end + 24 > head.len() {
        return Err(damaged("the header is truncated"));
    }
    let u64_at = |at: usize| u64::from_le_bytes(head[at..at + 8].try_into().expect("8 bytes"));
    if crate::files::fnv1a64(&head[..end + 16]) != u64_at(end + 16) {
        return Err(damaged("the header's checksum does not match"));
    }
    let line = String::from_utf8_lossy(&head[MAGIC.len()..end - 1]).into_owned();
    let theirs = line.strip_prefix("rules ").unwrap_or(&line);
    if theirs != rules {
        return Err(Error::Input(format!(
            "value store {} was written for other rules ({theirs}), not {rules}: it is not used; choose another file",
            path.display()
        )));
    }
    let page = u64_at(end);
    if !page.is_power_of_two() || !(4096..=1 << 30).contains(&page) {
        return Err(damaged("the header's page size"));
    }
    Ok((page as usize, u64_at(end + 8)))
}

/// What the engine reads and writes, as inherent methods: the [`super::values::Cells`] and
/// [`super::values::Store`] impls (in `values`, so this module does not import it) call these.
impl Paged {
    /// Heaps stored.
    #[inline]
    pub(super) fn len(&self) -> usize {
        (self.pages.len() << self.shift) + self.tail.len()
    }
    /// g(n), n < len.
    #[inline]
    pub(super) fn at(&self, n: usize) -> u32 {
        let b = self.byte(n);
        if b < ESCAPE { u32::from(b) } else { self.high_value(n) }
    }
    /// The bytes of lo..=hi, when they lie in one page in memory and none is escaped.
    pub(super) fn exact(&self, lo: usize, hi: usize) -> Option<&[u8]> {
        let run = self.run(lo, hi)?;
        let (from, to) = self.bucket(lo);
        let next = from + self.high[from..to].partition_point(|&(h, _)| h < lo as u64);
        match self.high.get(next) {
            Some(&(h, _)) if h <= hi as u64 => None,
            _ => Some(run),
        }
    }
    /// The largest of g(0..end), end ≤ len: read off the escape table when a heap below `end`
    /// is escaped (every escaped value is above every byte), else the largest byte. With an
    /// escaped heap it costs a search of the table, not a read of the file (8.7·10^9 heaps
    /// took minutes).
    pub(super) fn largest(&self, end: usize) -> u32 {
        let below = self.high.partition_point(|&(h, _)| h < end as u64);
        match self.high[..below].iter().map(|&(_, v)| v).max() {
            Some(v) => v,
            None => {
                let mut max = 0;
                self.scan(0, |a, v| {
                    if a < end {
                        max = max.max(v);
                    }
                    a + 1 < end
                });
                max
            }
        }
    }
    /// `f(a, g(a))` for each heap a of `from..len`, in order, while `f` returns true. Each page
    /// is read once: from the cache when it is there, else from the file into one buffer
    /// (checked against its checksum, as every read), without filling the cache: a pass over
    /// the whole store goes at the speed of the disk, not heap by heap through a full cache.
    pub(super) fn scan(&self, from: usize, mut f: impl FnMut(usize, u32) -> bool) {
        let mut n = from;
        while n < self.len() {
            let buf;
            let p = n >> self.shift;
            let first = p << self.shift;
            let page: &[u8] = if p < self.pages.len() {
                match self.pages[p].get() {
                    Some(page) => page,
                    None => {
                        buf = self.read_page(p);
                        &buf
                    }
                }
            } else {
                &self.tail
            };
            for (k, &b) in page.iter().enumerate().skip(n - first) {
                let v = if b < ESCAPE {
                    u32::from(b)
                } else {
                    self.high_value(first + k)
                };
                if !f(first + k, v) {
                    return;
                }
            }
            n = first + page.len();
        }
    }
    /// The bytes of lo..=hi (escaped ones as [`ESCAPE`]), when they lie in one page in memory.
    pub(super) fn bytes(&self, lo: usize, hi: usize) -> Option<&[u8]> {
        self.run(lo, hi)
    }
    /// The page of heap n, when it is in memory.
    pub(super) fn piece(&self, n: usize) -> Option<(usize, &[u8], u32)> {
        let p = n >> self.shift;
        let page = if p < self.pages.len() {
            self.cached(p)?
        } else {
            &self.tail[..]
        };
        Some((p << self.shift, page, u32::from(ESCAPE)))
    }
    /// As the escaped bytes in memory: values of 255 and more while they are rare (one heap
    /// in 64, and 16 more).
    pub(super) fn fits(&self, v: u32) -> bool {
        v < u32::from(ESCAPE) || self.high.len() < self.len() / 64 + 16
    }
    /// Append g(len) = v (which fits).
    pub(super) fn push(&mut self, v: u32) {
        let n = self.len();
        if n > 0 && n & ((1 << BUCKET_SHIFT) - 1) == 0 {
            self.high_from.push(self.high.len());
        }
        if v >= u32::from(ESCAPE) {
            self.high.push((n as u64, v));
        }
        self.tail.push(v.min(u32::from(ESCAPE)) as u8);
        if self.tail.len() == self.page() {
            self.write_tail();
        } else if self.tail.len() & 0xfff == 0 {
            self.evict();
        }
    }
    /// Why the values can no longer be trusted, if they cannot.
    pub(super) fn failure(&self) -> Option<Error> {
        self.failure.get().cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The escaped values are read back through the buckets of their look-up as they were
    /// pushed, in the store being written and in the store reopened from its file, saved at
    /// every kind of length (a bucket's first heap, its last, in between); `exact` sees every
    /// escaped heap of a run.
    #[test]
    fn escaped_values_are_found_in_their_buckets() {
        let dir = std::env::temp_dir().join(format!("grundy-paged-tests-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let rules = TakeBreak::new(vec![0, 3], false);
        let bucket = 1usize << BUCKET_SHIFT;
        for (case, heaps) in [
            1,
            2,
            bucket - 1,
            bucket,
            bucket + 1,
            5 * bucket,
            9 * bucket + 77,
            3 * 4096 + 5,
        ]
        .into_iter()
        .enumerate()
        {
            let file = StoreFile {
                page: 4096,
                cache_pages: Some(2),
                ..StoreFile::new(dir.join(format!("escaped-{case}")))
            };
            let _ = std::fs::remove_file(&file.path);
            let _ = std::fs::remove_file(file.index_path());
            let control = Control::new();
            let (mut store, meta) = Paged::open(&file, &rules, &control).unwrap();
            assert!(meta.is_none());
            let mut next = crate::xorshift(case as u64 + 1);
            let mut values = Vec::with_capacity(heaps);
            for _ in 0..heaps {
                let x = next();
                let v = if x.is_multiple_of(97) {
                    255 + (x >> 40) as u32 % 300
                } else {
                    (x >> 32) as u32 % 255
                };
                let v = if store.fits(v) { v } else { v % 255 };
                store.push(v);
                values.push(v);
            }
            let check = |store: &Paged, what: &str| {
                assert_eq!(store.len(), heaps, "{what}");
                for (n, &v) in values.iter().enumerate() {
                    assert_eq!(store.at(n), v, "{what}: heap {n}");
                }
                for from in [0, 1, heaps / 2, heaps - 1, heaps, heaps + 3] {
                    let mut seen = Vec::new();
                    store.scan(from, |a, v| {
                        seen.push((a, v));
                        true
                    });
                    let want: Vec<_> = values.iter().copied().enumerate().skip(from).collect();
                    assert_eq!(seen, want, "{what}: the scan from heap {from}");
                }
                let mut count = 0;
                store.scan(0, |_, _| {
                    count += 1;
                    count < 5
                });
                assert_eq!(count, heaps.min(5), "{what}: the scan goes on after false");
                let mut max = 0;
                for end in 0..=heaps {
                    assert_eq!(store.largest(end), max, "{what}: g(0..{end})");
                    max = max.max(values.get(end).copied().unwrap_or(0));
                }
                for lo in (0..heaps).step_by(61) {
                    let hi = (lo + 63).min(heaps - 1);
                    let escaped = values[lo..=hi].iter().any(|&v| v >= u32::from(ESCAPE));
                    if let Some(run) = store.exact(lo, hi) {
                        assert!(!escaped, "{what}: heaps {lo}..={hi}");
                        assert_eq!(run.len(), hi - lo + 1, "{what}");
                    } else {
                        assert!(escaped || store.run(lo, hi).is_none(), "{what}: heaps {lo}..={hi}");
                    }
                }
            };
            check(&store, &format!("heaps {heaps}, written"));
            let max = values.iter().copied().max().unwrap_or(0);
            let meta = Meta {
                heaps: heaps as u64,
                sparse: false,
                mask: 0,
                twist: false,
                next_checkpoint: (heaps as u64).next_power_of_two().max(64),
                max,
            };
            store.save(&meta).unwrap();
            drop(store);
            let (mut store, saved) = Paged::open(&file, &rules, &control).unwrap();
            assert_eq!(saved, Some(meta));
            check(&store, &format!("heaps {heaps}, reopened"));
            // Pushed on from the reopened store, the buckets go on as in one run.
            for k in 0..bucket + 3 {
                let v = if k % 50 == 7 && store.fits(300) { 300 } else { 9 };
                store.push(v);
                values.push(v);
            }
            for (n, &v) in values.iter().enumerate() {
                assert_eq!(store.at(n), v, "heaps {heaps}, pushed on: heap {n}");
            }
            let _ = std::fs::remove_file(&file.path);
            let _ = std::fs::remove_file(file.index_path());
        }
    }
}
