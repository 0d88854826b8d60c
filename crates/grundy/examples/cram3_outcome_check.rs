//! A second, independent engine for Cram on 3×n boards (docs/records.md, "Cram"): written to
//! check the value of 3×21 that `grundy value cram 3x21` found (1; only the outcome was
//! published), and 3×1…3×20 against the published row. It found 3×1…3×21 all equal (session
//! 26, with `--hints`).
//!
//! What: a position is a `u128`, cell (row r, column c) at bit 3c + r; a move covers two cells
//! side by side (a domino, across or down); the rest splits into connected components (a flood
//! fill by shifts), lone cells dropped (no move: nimber 0). A component is keyed by the least of
//! its four mirror images, shifted to column 0 and, when it misses row 0, down to row 0.
//! Components of at most `S` cells (`--small S`, default 20) are valued by plain mex over all
//! their moves, memoised. A larger component C is valued "nimber first" (Lemoine and Viennot's
//! idea, from the definitions alone): g(C) is the least k such that C + *k is a P-position. To
//! decide C + *h: try every domino in C; what is left is some components and the heap; small ones
//! are valued exactly and xor-ed into the heap, two equal ones cancel (G + G = 0), big ones of
//! known nimber are xor-ed in, and of the big unknown ones all but the largest are valued in full
//! (recursively); the move wins iff the largest one L, with the heap h' so reached, has g(L) = h'.
//! If no move in C wins, C + *h is a P-position iff g(C) ≠ k for every k < h (asked in turn).
//! Each big component keeps its nimber once found, else the set of heaps k proved to give an
//! N-position (g(C) ≠ k), with every option value of C met fully valued on the way. Moves are
//! tried in two passes: those whose result is known first, then the rest by the size of the
//! largest unknown piece, smallest first, moves with the same result tried once.
//!
//! Cost: a big component's position C + *h needs one winning move when it is an N-position, so
//! most of the tree is never valued; memory is the small memo (32-byte entries) and the packed
//! big memo (16 bytes an entry). `main` prints
//! per n the seconds (wall, and CPU of the search thread), the memo sizes, the number of
//! positions C + *h decided by search, and the peak resident memory (VmHWM).
//!
//! Why independent: it uses no code of `grundy` (only `rustc_hash` and `signal-hook`; one test
//! has the engine write a region database, to keep the hint reader in step with that format)
//! and nothing of the Cram engine (`solve/search/cram`: bitboards of any shape, region keys
//! packed in the region's box, transposition tables, killer moves, low-first tests, threads,
//! the region database; `--hints` takes only its numbers, as guesses). It is
//! `grid3_kayles_outcome_check` (the Node Kayles check of session 19, written without reading
//! any engine of `grundy`) with the move changed from "a vertex and its neighbours" to "a
//! domino"; the strip's bit helpers (`common/grid3.rs`) and the search
//! (`common/outcome_search.rs`) are shared with it, this file adding the move rule, the packed
//! memo and its saves. Tested against a plain mex and the published 3×1…3×12 (`cargo test --release -p
//! grundy --example cram3_outcome_check`), with tiny `S` so that the search, not the plain mex,
//! values nearly everything.
//!
//! ```text
//! cargo run --release -p grundy --example cram3_outcome_check -- [--small S] FROM TO
//! cargo run --release -p grundy --example cram3_outcome_check -- --plain FROM TO
//! ```
//! The first prints, for n = FROM..=TO, the nimber of the 3×n board (one memo for the whole
//! run); `--plain` values the same boards by plain mex alone (for the comparison on small n).
//! `--memo FILE` saves the big memo every `--save-minutes` (10) to FILE (checksummed, written
//! through a rename) and resumes from it when it exists, so a stopped run loses at most those
//! minutes: every entry is a proved fact, so a save in the middle of a search is sound.
//! `--max-components N` keeps at most N components in the big memo (16 bytes each, its table
//! sized for N at the start: 4.6·10^8 fill 2^29 buckets, 9 GB); when it is full, the smallest
//! components (the cheapest to find again) are dropped down to 45 % of N. `--low-first K`
//! answers a test "g(C) = h" with h ≥ K by finding whether g(C) is some k < h first (the
//! search for an option of value h then only when it is not): nimbers of 4 or more are rare,
//! and a search for an option of value 4 in a component of value 1 goes through its whole
//! tree. 3×16 (value 4) took 3 085 s of CPU and 206 M searches without it, 98 s and 23.6 M
//! searches with `--low-first 4`; from 3 it was slower. With `--memo`, SIGTERM or Ctrl-C saves
//! the memo at the next poll (every 4096 searches) and exits with 128 + the signal's number; a
//! second signal stops it at once, unsaved.
//!
//! `--hints FILE` reads a region database of `grundy` (`--table FILE` of `grundy value cram` or
//! `grundy census cram:3`; read by [`load_hints`], this program's own reader of that documented
//! format, checksum checked) and uses its nimbers as guesses that order the search
//! ([`Checker::hints`]): a move the guesses say wins is tried first, "g(C) = v" for C's guess v
//! is asked first. Nothing is taken from the guesses: every answer is still proved from the
//! dominoes, so a wrong guess costs time, never a wrong value (the line of each board counts
//! the guesses proved right and wrong), and the check stays independent of the engine's rules
//! and keys.
//! Measured on the database of 3×1…3×20 (35 M regions): 3×16 in 44.9 s of CPU and 10.1 M
//! searches (98 s and 23.6 M without), 3×18 in 18.9 s (69.9 s), 3×19 in 24.9 s (273 s).

#[path = "common/grid3.rs"]
mod grid3;
#[path = "common/outcome_search.rs"]
mod outcome_search;
use grid3::*;
use outcome_search::{Big, BigMemo, Checker, MixedMap, Rule, run_boards};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The allocator: the system's, with allocations of at least [`HUGE_FROM`] bytes (the big
/// memo's table, gigabytes probed at random) advised to use transparent huge pages
/// (`madvise(MADV_HUGEPAGE)`, Linux; kernels in `madvise` mode back only advised memory with
/// 2 MiB pages), so that a probe does not also miss the TLB and walk the page tables. Off with
/// the environment variable `CRAM3_CHECK_SMALL_PAGES` set (for the comparison). Measured,
/// `--low-first 4 14 17` (big memo 18 M components, a table of 0.6 GB), two runs side by side
/// on the loaded machine: 142.7 s of CPU with huge pages, 158.3 s without (3×16: 121.7 against
/// 137.3 s); the 3×21 run's table is 9 GB, where a page walk costs more.
struct Advised;

/// Allocations advised to use huge pages: at least this many bytes.
const HUGE_FROM: usize = 64 << 20;

/// Advise the whole pages inside `bytes` bytes at `start` to use huge pages.
#[cfg(target_os = "linux")]
fn advise_huge(start: *mut u8, bytes: usize) {
    const PAGE: usize = 4096;
    const MADV_HUGEPAGE: i32 = 14;
    unsafe extern "C" {
        fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
    }
    // Read at each advice: a few allocations of 64 MiB or more in a run.
    if std::env::var_os("CRAM3_CHECK_SMALL_PAGES").is_some() {
        return;
    }
    let offset = start.align_offset(PAGE);
    let len = (bytes - offset) & !(PAGE - 1);
    // SAFETY: whole pages inside a live allocation of `bytes` bytes just made by the system
    // allocator; MADV_HUGEPAGE changes no content, only how the pages are backed, and its
    // failure (an old kernel, huge pages off) leaves ordinary pages.
    let _ = unsafe { madvise(start.add(offset), len, MADV_HUGEPAGE) };
}

#[cfg(not(target_os = "linux"))]
fn advise_huge(_start: *mut u8, _bytes: usize) {}

// SAFETY: every call is the system allocator's with the same arguments; the advice only
// follows a successful allocation of at least HUGE_FROM bytes.
unsafe impl std::alloc::GlobalAlloc for Advised {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { std::alloc::System.alloc(layout) };
        if !p.is_null() && layout.size() >= HUGE_FROM {
            advise_huge(p, layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { std::alloc::System.realloc(ptr, layout, new_size) };
        if !p.is_null() && new_size >= HUGE_FROM {
            advise_huge(p, new_size);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Advised = Advised;

/// The first line of a memo file.
const MEMO_MAGIC: &[u8] = b"cram3_outcome_check memo v1\n";

/// The 64-bit checksum (FNV-1a) of nothing, to refuse a damaged memo file.
const CHECKSUM_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The checksum `sum` of some bytes continued over `bytes`.
fn checksum_more(sum: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(sum, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// Write the big memo to `path` (through a temporary file and a rename, so a crash leaves the
/// last save whole): the magic line, the count, per component its key (16 bytes), its nimber
/// (255: unknown) and its excluded heaps (8 bytes), then the checksum of all of it. Streamed:
/// no copy of the memo in memory.
fn save_memo(memo: &Memo, path: &Path) -> std::io::Result<()> {
    struct Summed<W: Write> {
        out: W,
        sum: u64,
    }
    impl<W: Write> Summed<W> {
        fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
            self.sum = checksum_more(self.sum, bytes);
            self.out.write_all(bytes)
        }
    }
    let tmp = path.with_extension("tmp");
    let file = std::fs::File::create(&tmp)?;
    let mut w = Summed {
        out: std::io::BufWriter::with_capacity(1 << 20, file),
        sum: CHECKSUM_START,
    };
    w.put(MEMO_MAGIC)?;
    w.put(&(memo.len() as u64).to_le_bytes())?;
    for (k, b) in memo.iter() {
        let mut e = [0u8; 25];
        e[..16].copy_from_slice(&k.to_le_bytes());
        e[16] = b.value.unwrap_or(255);
        e[17..].copy_from_slice(&b.not.to_le_bytes());
        w.put(&e)?;
    }
    let sum = w.sum;
    let mut out = w.out;
    out.write_all(&sum.to_le_bytes())?;
    let file = out.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}

/// Read a memo saved by [`save_memo`]; a file that is not one, or damaged, is an error (its
/// entries are dropped). Streamed: the entries go into the map as they are read, the checksum
/// checked at the end, so the file is never held in memory beside the map (at 3·10^8
/// components, 7.6 GB more at the peak). Its table has room for `cap` components (0: the count).
fn load_memo(path: &Path, cap: usize) -> Result<Memo, String> {
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let bad = || {
        format!(
            "{} is not a whole memo of this program (damaged?): refused",
            path.display()
        )
    };
    let file = std::fs::File::open(path).map_err(cannot)?;
    let size = file.metadata().map_err(cannot)?.len();
    let mut r = std::io::BufReader::with_capacity(1 << 20, file);
    let mut sum = CHECKSUM_START;
    let mut head = vec![0u8; MEMO_MAGIC.len() + 8];
    r.read_exact(&mut head).map_err(|_| bad())?;
    if !head.starts_with(MEMO_MAGIC) {
        return Err(bad());
    }
    sum = checksum_more(sum, &head);
    let count = u64::from_le_bytes(head[MEMO_MAGIC.len()..].try_into().unwrap());
    // The size the count says, before anything is reserved for it.
    if Some(size) != count.checked_mul(25).and_then(|b| b.checked_add(head.len() as u64 + 8)) {
        return Err(bad());
    }
    let mut memo = Memo::default();
    // Room for the cap too, at once: reserving it after the load would hold the table of the
    // count and the table of the cap together (13.4 GB at the peak for a 9 GB memo).
    memo.map.reserve((count as usize).max(cap));
    let mut e = [0u8; 25];
    for _ in 0..count {
        r.read_exact(&mut e).map_err(|_| bad())?;
        sum = checksum_more(sum, &e);
        let key = u128::from_le_bytes(e[..16].try_into().unwrap());
        let value = (e[16] != 255).then_some(e[16]);
        let not = u64::from_le_bytes(e[17..].try_into().unwrap());
        memo.insert(key, Big { value, not });
    }
    let mut stored = [0u8; 8];
    r.read_exact(&mut stored).map_err(|_| bad())?;
    if sum.to_le_bytes() != stored {
        return Err(bad());
    }
    Ok(memo)
}

/// The first line of a region database of `grundy` (`grundy value cram 3xN --table FILE`,
/// format 3: docs/records.md, "Cram"), read here for hints.
const REGIONS_HEADER: &[u8] = b"grundy cram regions v3 keys=least-image-dense\n";

/// The nimbers of a region database of `grundy` as hints ([`Checker::hints`]): every region of
/// at most 3 rows and more than `small` cells, under this program's key, in each orientation
/// that fits the strip. The file is read by this program's own reader (a header line, 10 bytes
/// a region: its cells packed at stride w in a box of fewer rows than columns, w, the nimber;
/// then the FNV-1a checksum of all of it) and refused whole when damaged. The hints only order
/// the search: a wrong one costs time, never a wrong value.
fn load_hints(path: &Path, small: u32) -> Result<MixedMap<u128, u8>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let bad = || {
        format!(
            "{} is not a whole region database of grundy (damaged?): refused",
            path.display()
        )
    };
    if !bytes.starts_with(REGIONS_HEADER) || bytes.len() < REGIONS_HEADER.len() + 8 {
        return Err(bad());
    }
    let (payload, sum) = bytes.split_at(bytes.len() - 8);
    if checksum_more(CHECKSUM_START, payload).to_le_bytes() != sum {
        return Err(bad());
    }
    let body = &payload[REGIONS_HEADER.len()..];
    if body.len() % 10 != 0 {
        return Err(bad());
    }
    let mut hints = MixedMap::default();
    for rec in body.chunks_exact(10) {
        let bits = u64::from_le_bytes(rec[..8].try_into().unwrap());
        let (w, v) = (u32::from(rec[8]), rec[9]);
        if bits == 0 || w == 0 || w as usize > MAX_COLUMNS || bits.count_ones() <= small {
            continue;
        }
        let h = (63 - bits.leading_zeros()) / w + 1;
        if h > 3 {
            continue;
        }
        // Row r, column c of the box: bit 3c + r here; and, when the box is at most 3 wide,
        // its transpose (row c, column r) too.
        let (mut across, mut down) = (0u128, 0u128);
        for r in 0..h {
            let mut row = bits >> (r * w) & ((1u64 << w) - 1);
            while row != 0 {
                let c = row.trailing_zeros();
                row &= row - 1;
                across |= 1 << (3 * c + r);
                down |= 1 << (3 * r + c);
            }
        }
        hints.insert(key(across), v);
        if w <= 3 {
            hints.insert(key(down), v);
        }
    }
    Ok(hints)
}

/// Cram on the strip: a move covers a domino; a lone cell has no move (nimber 0) and is left
/// out of the pieces.
struct Dominoes;

impl Rule for Dominoes {
    /// The dominoes that fit in the cells `c`: two cells side by side in a row (columns c and
    /// c + 1: bits b and b + 3) or one above the other in a column (rows r and r + 1: bits b
    /// and b + 1, r < 2).
    fn moves(&self, c: u128, out: &mut Vec<u128>) {
        out.clear();
        let mut across = c & (c >> 3);
        while across != 0 {
            let b = across & across.wrapping_neg();
            across &= across - 1;
            out.push(b | (b << 3));
        }
        let mut down = c & !ROW2 & (c >> 1);
        while down != 0 {
            let b = down & down.wrapping_neg();
            down &= down - 1;
            out.push(b | (b << 1));
        }
    }

    fn move_count(&self, c: u128) -> u32 {
        (c & (c >> 3)).count_ones() + (c & !ROW2 & (c >> 1)).count_ones()
    }

    /// The keys of the components of `s` of two cells or more.
    fn pieces(&self, mut s: u128, out: &mut Vec<u128>) {
        out.clear();
        while s != 0 {
            let part = component(s);
            s &= !part;
            if part & (part - 1) != 0 {
                out.push(key(part));
            }
        }
    }
}

/// Heaps k below this can be recorded as excluded (g ≠ k); the bits above hold the nimber.
const NOT_BITS: u32 = 56;

/// The big memo, packed for memory: a component's key (at most 64 bits: boards of at most 21
/// columns) to one word, the heaps k < 56 with g ≠ k in bits 0–55 and the nimber + 1 (0:
/// unknown) in bits 56–63. 16 bytes an entry instead of 32. With `save`, it is saved every so
/// often ([`BigMemo::tick`]).
#[derive(Debug, Default)]
struct Memo {
    map: MixedMap<u64, u64>,
    /// Where the memo is saved (`--memo FILE`), how often, and when it last was.
    save: Option<(PathBuf, Duration, Instant)>,
    /// The number of the signal (SIGTERM, SIGINT) that asked the run to stop; 0: none.
    stop: Arc<AtomicUsize>,
    /// Most components kept (`--max-components`; 0: no limit): a new component past it first
    /// drops the smallest ones ([`Memo::purge`]), so the map never doubles again.
    cap: usize,
    /// How many times the memo was purged.
    purges: u32,
}

impl Memo {
    fn word(b: Big) -> u64 {
        let value = b.value.map_or(0, |v| u64::from(v) + 1);
        (b.not & ((1 << NOT_BITS) - 1)) | value << NOT_BITS
    }

    fn big(w: u64) -> Big {
        let value = (w >> NOT_BITS) as u8;
        Big {
            value: value.checked_sub(1),
            not: w & ((1 << NOT_BITS) - 1),
        }
    }

    fn key(c: u128) -> u64 {
        u64::try_from(c).expect("components of at most 64 cells")
    }

    fn insert(&mut self, c: u128, b: Big) {
        self.map.insert(Self::key(c), Self::word(b));
    }

    /// Keep at most `cap` components (0: no limit), the map's table made big enough for them
    /// now, so that it never has to grow past the cap.
    fn set_cap(&mut self, cap: usize) {
        self.cap = cap;
        self.map.reserve(cap.saturating_sub(self.map.len()));
    }

    /// The word of `c`, a new one (nothing known) if it is not in the memo; a full memo first
    /// drops its smallest components ([`Memo::purge`]). Full: at the cap, or with no free slot
    /// left in its table (slots of dropped components are reused only once the table is
    /// rehashed, and an insertion into a table with no free slot would double it, holding the
    /// old and the new table at once: session 25's run at a 4.6·10^8 cap went from 9 to 18 GB
    /// and was killed).
    fn word_mut(&mut self, c: u128) -> &mut u64 {
        let key = Self::key(c);
        let full = self.map.len() >= self.cap || self.map.len() >= self.map.capacity();
        if self.cap != 0 && full && !self.map.contains_key(&key) {
            self.purge();
        }
        self.map.entry(key).or_insert(0)
    }

    /// Make room in a full memo: drop every component of fewer than t cells, t the least size
    /// that leaves at most 45 % of the cap (the components cheapest to find again; every entry
    /// is a proved fact and none is needed). The table, sized for the cap ([`Memo::set_cap`]),
    /// is then less than half full, so when it runs out of free slots it is rehashed in place
    /// (the dropped slots freed), never doubled.
    fn purge(&mut self) {
        let t0 = Instant::now();
        let mut sizes = [0usize; 65];
        for &k in self.map.keys() {
            sizes[k.count_ones() as usize] += 1;
        }
        let keep = self.cap / 100 * 45;
        let mut left = self.map.len();
        let mut t = 0;
        while t < 64 && left > keep {
            left -= sizes[t];
            t += 1;
        }
        let before = self.map.len();
        self.map.retain(|k, _| k.count_ones() >= t as u32);
        self.purges += 1;
        if self.save.is_some() {
            eprintln!(
                "memo full: dropped {} of {before} components (those of fewer than {t} cells) in {:.1} s",
                before - self.map.len(),
                t0.elapsed().as_secs_f64()
            );
        }
    }

    fn iter(&self) -> impl Iterator<Item = (u128, Big)> + '_ {
        self.map.iter().map(|(&k, &w)| (u128::from(k), Self::big(w)))
    }
}

impl BigMemo for Memo {
    const NOT_BITS: u32 = NOT_BITS;

    fn get(&self, c: u128) -> Big {
        self.map.get(&Self::key(c)).map_or_else(Big::default, |&w| Self::big(w))
    }

    fn exclude(&mut self, c: u128, not: u64) {
        let w = self.word_mut(c);
        *w |= not & ((1 << NOT_BITS) - 1);
    }

    fn set_value(&mut self, c: u128, v: u8) {
        let w = self.word_mut(c);
        *w = (*w & ((1 << NOT_BITS) - 1)) | (u64::from(v) + 1) << NOT_BITS;
    }

    fn len(&self) -> usize {
        self.map.len()
    }

    fn valued(&self) -> usize {
        self.map.values().filter(|&&w| w >> NOT_BITS != 0).count()
    }

    /// Save the memo when the interval has passed, or save it and exit when a signal asked to
    /// stop.
    fn tick(&mut self) {
        let Some((path, every, last)) = &self.save else { return };
        let signal = self.stop.load(Ordering::Relaxed);
        if last.elapsed() < *every && signal == 0 {
            return;
        }
        let t = Instant::now();
        let path = path.clone();
        if let Err(e) = save_memo(self, &path) {
            eprintln!("cannot save the memo to {}: {e}", path.display());
            std::process::exit(2);
        }
        eprintln!(
            "saved {} components to {} in {:.1} s (CPU so far {:.1} s, peak {})",
            self.len(),
            path.display(),
            t.elapsed().as_secs_f64(),
            thread_cpu(),
            peak_memory()
        );
        if signal != 0 {
            eprintln!("stopped by signal {signal}: run the same command again to resume");
            std::process::exit(128 + signal as i32);
        }
        if let Some((_, _, last)) = &mut self.save {
            *last = Instant::now();
        }
    }
}

/// Make SIGTERM and SIGINT set `stop` to their number (the memo is saved at the next poll); a
/// second one, with `stop` already set, ends the process at once.
fn stop_on_signals(stop: &Arc<AtomicUsize>) -> std::io::Result<()> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    use signal_hook::flag;
    // Set by the first signal; the shutdown, registered first, runs only once it is set.
    let armed = Arc::new(std::sync::atomic::AtomicBool::new(false));
    for signal in [SIGTERM, SIGINT] {
        flag::register_conditional_shutdown(signal, 128 + signal, Arc::clone(&armed))?;
        flag::register(signal, Arc::clone(&armed))?;
        flag::register_usize(signal, Arc::clone(stop), signal as usize)?;
    }
    Ok(())
}

/// The outcome search of Cram with plain mex up to `small` cells (the packed memo).
fn checker(small: u32) -> Checker<Dominoes, Memo> {
    Checker::new(Dominoes, small)
}

/// The 3×n board.
fn board(n: usize) -> u128 {
    if n == 0 { 0 } else { (1u128 << (3 * n)) - 1 }
}

fn main() {
    let mut small = 20;
    let mut plain = false;
    let mut memo = None;
    let mut minutes = 10.0f64;
    let mut cap = 0usize;
    let mut low_first = u8::MAX;
    let mut hints = None;
    let mut numbers = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--small" => small = args.next().expect("--small S").parse().expect("a number"),
            "--plain" => plain = true,
            "--memo" => memo = Some(PathBuf::from(args.next().expect("--memo FILE"))),
            "--save-minutes" => minutes = args.next().expect("--save-minutes M").parse().expect("a number"),
            "--max-components" => cap = args.next().expect("--max-components N").parse().expect("a number"),
            "--low-first" => low_first = args.next().expect("--low-first K").parse().expect("a number"),
            "--hints" => hints = Some(PathBuf::from(args.next().expect("--hints FILE"))),
            _ => numbers.push(a.parse::<usize>().expect("a number")),
        }
    }
    let (from, to) = match numbers[..] {
        [a, b] => (a, b),
        [b] => (1, b),
        _ => panic!(
            "usage: cram3_outcome_check [--small S | --plain] [--memo FILE [--save-minutes M]] [--max-components N] [--low-first K] [--hints FILE] [FROM] TO"
        ),
    };
    assert!(to <= MAX_COLUMNS, "at most {MAX_COLUMNS} columns");
    assert!(to <= 21, "the memo keeps keys of at most 64 bits: at most 21 columns");
    let small = if plain { u32::MAX } else { small };
    let mut checker = checker(small);
    if let Some(path) = memo {
        if path.exists() {
            match load_memo(&path, cap) {
                Ok(m) => {
                    eprintln!("resumed from {}: {} components", path.display(), m.len());
                    checker.big_memo = m;
                }
                Err(e) => {
                    eprintln!("cram3_outcome_check: {e}");
                    std::process::exit(2);
                }
            }
        }
        checker.big_memo.save = Some((path, Duration::from_secs_f64(minutes * 60.0), Instant::now()));
        if let Err(e) = stop_on_signals(&checker.big_memo.stop) {
            eprintln!("cram3_outcome_check: cannot handle signals: {e}");
            std::process::exit(2);
        }
    }
    checker.big_memo.set_cap(cap);
    checker.low_first_from = low_first;
    if let Some(path) = hints {
        match load_hints(&path, small) {
            Ok(h) => {
                eprintln!("hints from {}: {} components", path.display(), h.len());
                checker.hints = h;
            }
            Err(e) => {
                eprintln!("cram3_outcome_check: {e}");
                std::process::exit(2);
            }
        }
    }
    run_boards(checker, from, to, board);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small pseudo-random generator (xorshift), for the test boards.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Keys with the same low 8 bits (the first columns of the strip) still spread over the
    /// bits 20…31 of the hash, which index the buckets of a table past 2^20 (Fx leaves the bits
    /// above 26 to the key's lowest bits: one value here).
    #[test]
    fn the_memo_hash_spreads_keys_with_the_same_low_bits() {
        use std::hash::BuildHasher;
        let build = std::hash::BuildHasherDefault::<outcome_search::Mixed>::default();
        let high: std::collections::HashSet<u64> = (0..1u64 << 16)
            .map(|k| build.hash_one(k << 8 | 0b111) >> 20 & 0xfff)
            .collect();
        // 2^16 keys into 4096 values: all of them, at random.
        assert!(high.len() > 4000, "{}", high.len());
        let fx = rustc_hash::FxBuildHasher;
        let fx_high: std::collections::HashSet<u64> = (0..1u64 << 16)
            .map(|k| fx.hash_one(k << 8 | 0b111) >> 26 & 0x3)
            .collect();
        assert_eq!(fx_high.len(), 1, "the failure of Fx this hasher avoids");
    }

    #[test]
    fn dominoes_are_the_adjacent_pairs() {
        let mut state = 0x5851_f42d_4c95_7f2d;
        let mut moves = Vec::new();
        for _ in 0..500 {
            let s = (next(&mut state) as u128 | (next(&mut state) as u128) << 64) & board(9);
            Dominoes.moves(s, &mut moves);
            let mut slow = Vec::new();
            for c in 0..9 {
                for r in 0..3 {
                    let b = 1u128 << (3 * c + r);
                    if c + 1 < 9 && s & b != 0 && s & (b << 3) != 0 {
                        slow.push(b | (b << 3));
                    }
                    if r + 1 < 3 && s & b != 0 && s & (b << 1) != 0 {
                        slow.push(b | (b << 1));
                    }
                }
            }
            moves.sort_unstable();
            slow.sort_unstable();
            assert_eq!(moves, slow, "{s:#x}");
        }
    }

    /// The 3×n row of the published table of Cram nimbers (Lemoine and Viennot), n = 1…12.
    #[test]
    fn boards_equal_plain_mex_and_the_published_row() {
        let published = [1, 1, 0, 1, 1, 4, 1, 3, 1, 2, 0, 1];
        let mut plain = checker(u32::MAX);
        for n in 1..=9 {
            assert_eq!(plain.position(board(n)), published[n - 1], "plain mex, 3x{n}");
        }
        for small in [1, 3, 6, 12] {
            for low_first in [u8::MAX, 0, 2, 4] {
                let mut search = checker(small);
                search.low_first_from = low_first;
                for n in 1..=12 {
                    let v = search.position(board(n));
                    assert_eq!(v, published[n - 1], "S = {small}, low first from {low_first}, 3x{n}");
                }
            }
        }
    }

    /// A memo that may keep only a few components gives the values of one without a limit,
    /// and keeps no more than it may.
    #[test]
    fn a_full_memo_gives_the_same_values() {
        let mut free = checker(6);
        let values: Vec<u8> = (1..=11).map(|n| free.position(board(n))).collect();
        assert!(free.big_memo.len() > 200, "{}", free.big_memo.len());
        let mut capped = checker(6);
        // A cap that fills its table (7/8 of 2^k buckets) to the last free slot, where a
        // table whose dropped slots are not reused yet would double.
        let mut buckets = 8;
        while buckets * 2 * 7 / 8 <= free.big_memo.len() / 2 {
            buckets *= 2;
        }
        let cap = buckets * 7 / 8;
        capped.big_memo.set_cap(cap);
        assert_eq!(capped.big_memo.map.capacity(), cap);
        // The room of the table sized for the cap: it never grows past it.
        let room = capped.big_memo.map.capacity();
        let capped_values: Vec<u8> = (1..=11).map(|n| capped.position(board(n))).collect();
        assert_eq!(capped_values, values);
        assert!(capped.big_memo.len() <= cap, "{} > {cap}", capped.big_memo.len());
        assert!(capped.big_memo.purges > 1, "{}", capped.big_memo.purges);
        assert!(capped.big_memo.map.capacity() <= room, "the table grew");
    }

    #[test]
    fn a_saved_memo_resumes_and_a_damaged_one_is_refused() {
        let dir = std::env::temp_dir().join(format!("cram3-memo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("memo");
        let mut first = checker(6);
        assert_eq!(first.position(board(10)), 2);
        assert!(first.big_memo.len() > 0);
        save_memo(&first.big_memo, &path).unwrap();
        let loaded = load_memo(&path, 0).unwrap();
        assert_eq!(loaded.len(), first.big_memo.len());
        for (k, b) in first.big_memo.iter() {
            let l = loaded.get(k);
            assert_eq!((l.value, l.not), (b.value, b.not));
        }
        // Resumed from the memo, the next board equals a fresh run's.
        let mut resumed = checker(6);
        resumed.big_memo = loaded;
        assert_eq!(resumed.position(board(12)), checker(6).position(board(12)));
        // One byte changed, or the file cut short: refused.
        let mut bytes = std::fs::read(&path).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(load_memo(&path, 0).unwrap_err().contains("refused"));
        bytes[mid] ^= 1;
        bytes.truncate(bytes.len() - 3);
        std::fs::write(&path, &bytes).unwrap();
        assert!(load_memo(&path, 0).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Hints, right or wrong, give the values of no hints (and of a plain mex): right ones
    /// (the plain mex's) save searches, wrong ones are counted.
    #[test]
    fn hints_order_the_search_and_decide_nothing() {
        let mut free = checker(4);
        let values: Vec<u8> = (1..=12).map(|n| free.position(board(n))).collect();
        let known: Vec<(u128, u8)> = free.big_memo.iter().filter_map(|(k, b)| Some((k, b.value?))).collect();
        assert!(known.len() > 100, "{}", known.len());
        let mut plain = checker(u32::MAX);
        for (i, (right, low_first)) in [(true, u8::MAX), (true, 2), (false, u8::MAX), (false, 0), (false, 4)]
            .into_iter()
            .enumerate()
        {
            let mut hinted = checker(4);
            hinted.low_first_from = low_first;
            let mut state = 0x9e37_79b9_7f4a_7c15 + i as u64;
            for &(k, v) in &known {
                let guess = if right {
                    v
                } else {
                    (v + 1 + next(&mut state) as u8 % 4) % 6
                };
                hinted.hints.insert(k, guess);
            }
            let got: Vec<u8> = (1..=12).map(|n| hinted.position(board(n))).collect();
            assert_eq!(got, values, "right hints {right}, low first from {low_first}");
            if right {
                assert_eq!(hinted.hints_wrong, 0);
                assert!(hinted.hints_confirmed > 0);
                assert!(
                    hinted.searches < free.searches,
                    "{} >= {}",
                    hinted.searches,
                    free.searches
                );
            } else {
                assert!(hinted.hints_wrong > 0);
            }
            // Random positions too.
            for _ in 0..100 {
                let n = 4 + next(&mut state) as usize % 6;
                let s = board(n) & !(1u128 << (next(&mut state) % (3 * n as u64)));
                assert_eq!(hinted.position(s), plain.position(s), "{s:#x}");
            }
        }
    }

    /// A region database of `grundy`, written here in its format, gives this program's keys
    /// in both orientations; a damaged one is refused.
    #[test]
    fn hints_are_read_from_a_region_database() {
        let dir = std::env::temp_dir().join(format!("cram3-hints-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("regions.db");
        // A 2×3 box, full (rows of 3 bits at stride 3), value 1; a 3×4 full box, value 0; an L
        // of 3 rows by 2 columns given as 2 rows by 3 columns (rows 0b111, 0b001), value 2;
        // a 4-row box (skipped).
        let records: [(u64, u8, u8); 4] = [
            (0b111_111, 3, 1),
            ((1 << 12) - 1, 4, 0),
            (0b001_111, 3, 2),
            ((1 << 16) - 1, 4, 3),
        ];
        let mut bytes = REGIONS_HEADER.to_vec();
        for (bits, w, v) in records {
            bytes.extend_from_slice(&bits.to_le_bytes());
            bytes.extend_from_slice(&[w, v]);
        }
        let sum = checksum_more(CHECKSUM_START, &bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        std::fs::write(&path, &bytes).unwrap();
        let hints = load_hints(&path, 0).unwrap();
        // The 2×3 box: across (2 rows, 3 columns) and down (3 rows, 2 columns).
        assert_eq!(hints.get(&key(0b011_011_011)), Some(&1));
        assert_eq!(hints.get(&key(0b111_111)), Some(&1));
        assert_eq!(hints.get(&key(board(4))), Some(&0));
        // The L: cells (0,0), (0,1), (0,2), (1,2) across; transposed (0,0), (1,0), (2,0), (2,1).
        assert_eq!(hints.get(&key(0b001 | 0b001 << 3 | 0b011 << 6)), Some(&2));
        assert_eq!(hints.get(&key(0b111 | 0b100 << 3)), Some(&2));
        assert_eq!(hints.len(), 5);
        // Above `small` cells only.
        assert_eq!(load_hints(&path, 6).unwrap().len(), 1);
        bytes[REGIONS_HEADER.len() + 3] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(load_hints(&path, 0).unwrap_err().contains("refused"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A region database written by `grundy`'s Cram engine (its code used here only, in a test,
    /// to keep the reader in step with the format) reads as hints: the check proves many of
    /// them again and none wrong, and its values are its own.
    #[test]
    fn the_engines_database_reads_as_hints_and_none_is_proved_wrong() {
        use grundy::solve::search::cram::{CramConfig, CramSearch};
        let dir = std::env::temp_dir().join(format!("cram3-engine-hints-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c3x11.db");
        let config = CramConfig {
            table_entries: 1 << 16,
            ..CramConfig::default()
        };
        let mut engine = CramSearch::for_board(11, 3, config);
        assert_eq!(engine.nimber((1 << 33) - 1).unwrap(), 0, "3x11, published 0");
        engine.save(&path).unwrap();
        let hints = load_hints(&path, 4).unwrap();
        assert!(hints.len() > 100, "{}", hints.len());
        let mut hinted = checker(4);
        hinted.hints = hints;
        let mut free = checker(4);
        for n in 1..=11 {
            assert_eq!(hinted.position(board(n)), free.position(board(n)), "3x{n}");
        }
        assert!(hinted.hints_confirmed > 100, "{}", hinted.hints_confirmed);
        assert_eq!(hinted.hints_wrong, 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn random_positions_equal_plain_mex() {
        let mut plain = checker(u32::MAX);
        let mut state = 0x2545_f491_4f6c_dd1d;
        for (small, low_first) in [(1, u8::MAX), (4, u8::MAX), (9, u8::MAX), (1, 0), (4, 2), (9, 4)] {
            let mut search = checker(small);
            search.low_first_from = low_first;
            for _ in 0..300 {
                let n = 4 + next(&mut state) as usize % 6;
                // Remove about one cell in five.
                let mut s = board(n);
                for bit in 0..3 * n {
                    if next(&mut state).is_multiple_of(5) {
                        s &= !(1 << bit);
                    }
                }
                assert_eq!(search.position(s), plain.position(s), "S = {small}, {s:#x}");
            }
        }
    }
}
