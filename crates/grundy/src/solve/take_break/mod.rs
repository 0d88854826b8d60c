//! Value sequences of take-and-break games (octal and hexadecimal codes, Grundy's game,
//! subtraction sets) at scale: g(0), ..., g(N) for N up to billions, and proved periodicity.
//!
//! **Rules.** [`TakeBreak`] (file `code.rs`): one digit per removal, bits 1, 2, 4, 8 for the
//! options that leave nothing, one, two or three heaps; `unequal` for Grundy's game.
//!
//! **Methods.** The plain method (file `plain.rs`): g(n) = mex over every option, O(N²) overall,
//! vectorised. The sparse space method (file `sparse.rs`; *Winning Ways* ch. 4): O(#rare) per
//! heap when rare heaps are few; chosen at checkpoints when it pays ([`Method::Auto`]). Both
//! run on the state kept here (the option-value table, the rare heaps, the mirrored copies).
//!
//! **Storage.** One `u8` per heap, widened to `u16`/`u32` the first time a value does not fit
//! (so 1–2 bytes per heap in practice: 10⁹ heaps take 1 GB); the rare heaps as `u32` indices.
//!
//! **Periodicity.** For codes without the `unequal` restriction, the Guy–Smith periodicity
//! theorem, applied by [`crate::solve::periodicity::guy_smith()`]: at checkpoints the least period
//! it proves from the values so far is looked for; once found, the fundamental period and its
//! least preperiod are known and the computation stops: every further value is
//! g(n0 + (n − n0) mod p).

mod blocks;
mod code;
mod hunt;
mod paged;
mod plain;
mod race;
mod resume;
mod sparse;
pub(crate) use sparse::{MASK_BITS, best_mask_of, value_bits};
#[cfg(test)]
mod tests;
mod values;

pub use code::TakeBreak;
pub use paged::{MAX_STORE_HEAPS, StoreFile};
pub use resume::CheckpointFile;
pub(crate) use values::Values;

use crate::control::Control;
use crate::error::{Error, Result};
use crate::solve::periodicity::{Periodicity, guy_smith};
use crate::solve::xor_pairs::Kernels;
use values::{Cells, Store};

/// Which algorithm computes the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Method {
    /// Sparse space when the values have one (and the rules allow it), plain otherwise.
    #[default]
    Auto,
    /// Every split of every heap.
    Plain,
    /// Sparse space with the best mask found, even when it does not pay.
    Sparse,
}

impl std::str::FromStr for Method {
    type Err = crate::error::Error;

    /// `auto`, `plain` or `sparse`.
    fn from_str(s: &str) -> crate::error::Result<Method> {
        match s {
            "auto" => Ok(Method::Auto),
            "plain" => Ok(Method::Plain),
            "sparse" => Ok(Method::Sparse),
            m => Err(crate::error::Error::Input(format!(
                "unknown method `{m}`: accepted are auto, plain, sparse"
            ))),
        }
    }
}

/// How to compute.
#[derive(Clone, Debug)]
pub struct Options {
    /// Which algorithm computes the values.
    pub method: Method,
    /// Stop as soon as periodicity is proved (the rest follows from the period).
    pub stop_when_proved: bool,
    /// Cancellation, memory budget, and the observer that receives `"heaps"` progress events
    /// (sent for runs of 2^20 heaps and more).
    pub control: Control,
    /// Threads: 1 computes heap after heap on the calling thread (the single-core method);
    /// 0 (all cores, the default, as everywhere in [`crate::settings::Settings::jobs`]) or
    /// more splits each block of heaps' work over a pool of that many threads (file
    /// `blocks.rs`), for runs long enough to use it; the values are the same.
    pub jobs: usize,
    /// Where the run saves its values from time to time and when stopped, and resumes from
    /// (see [`CheckpointFile`]); `None`: no file.
    pub checkpoint: Option<CheckpointFile>,
    /// Keep the values in a file instead of memory ([`StoreFile`]: one byte a heap on disk, a
    /// bounded cache of pages in memory, its own checkpoint); `None`: in memory. Not with
    /// `checkpoint`.
    pub store: Option<StoreFile>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            method: Method::Auto,
            stop_when_proved: true,
            control: Control::default(),
            jobs: 0,
            checkpoint: None,
            store: None,
        }
    }
}

/// The result of a computation: values of heaps 0..len, and the period when proved.
#[derive(Clone, Debug)]
pub struct Computed {
    /// g(0), …, g(len − 1), stored in one or two bytes per heap.
    pub(crate) values: Values,
    /// The periodicity, when proved by the Guy–Smith theorem ([`crate::solve::periodicity::Basis::GuySmith`]).
    pub period: Option<Periodicity>,
    /// Whether the sparse space method computed (part of) the values, and its last mask.
    pub sparse_mask: Option<u32>,
    /// Whether the last sparse classification was twisted by the heap's parity (a heap a is
    /// rare when popcount(g(a) & mask) + a is even, instead of popcount(g(a) & mask)).
    pub twist: bool,
    /// Number of rare heaps (for the last mask) when the sparse method was used.
    pub rare: usize,
    /// Why the run stopped early (cancelled, or the memory budget): `values` holds the heaps
    /// computed so far (only [`compute_until`] returns such a result).
    pub stopped: Option<Error>,
}

impl Computed {
    /// g(n) for any n: stored, or read off the proved period; `None` beyond both.
    pub fn get(&self, n: u64) -> Option<u32> {
        if n < self.values.len() as u64 {
            return Some(self.values.get(n as usize));
        }
        let at = |m: u64| Some(u64::from(self.values.get(usize::try_from(m).ok()?)));
        let v = self.period.as_ref()?.value_at(n, at)?;
        u32::try_from(v).ok()
    }

    /// Why values read from a store on disk ([`StoreFile`]) cannot be trusted: a page that
    /// changed on the disk or could not be read after the store was checked (such a read gives
    /// 0 and is recorded here). `None` in memory.
    pub fn read_failure(&self) -> Option<Error> {
        match &self.values {
            Values::Paged(g) => g.failure(),
            _ => None,
        }
    }

    /// The heaps whose value (255 or more) is kept in the escape table of byte storage.
    pub fn escaped(&self) -> usize {
        self.values.escaped()
    }

    /// The largest heap whose value is known (u64::MAX when periodic).
    pub fn known_up_to(&self) -> u64 {
        if self.period.is_some() {
            u64::MAX
        } else {
            self.values.len() as u64 - 1
        }
    }
}

/// The most heaps a computation keeps in memory (the escape table and the rare heaps are kept
/// as `u32` indices); a store in a file ([`StoreFile`]) goes to [`MAX_STORE_HEAPS`].
pub const MAX_HEAPS: u64 = u32::MAX as u64 - 1;

/// Heaps whose values are stored without asking the memory budget (16 MiB as bytes); beyond,
/// every growth of the values is accounted first ([`crate::control::Control::reserve`]).
const FIRST_CHUNK: usize = 1 << 24;

/// The bytes of `heaps` values stored as `S`, with the plain method's mirrored byte copy (made
/// only below 2^31 heaps).
fn heap_bytes<S: Store>(heaps: usize) -> u64 {
    let mirror = u64::from(heaps < 1 << 31);
    heaps as u64 * (S::bytes_per_heap() + mirror)
}

/// Heaps computed at least (when a proof is wanted): periods of small codes show up early.
pub(crate) const PROOF_LOOKAHEAD: u64 = 4096;

/// The look-ahead of codes whose options leave three heaps (hexadecimal digits 8–f): a heap of
/// n costs about n²/2 splits there, so 4096 heaps would take 10^10 steps (about 17 s, for a
/// request of ten heaps); 512 heaps take about 2·10^7.
pub(crate) const PROOF_LOOKAHEAD_THREE_HEAPS: u64 = 512;

/// The heaps computed at least for a request up to `to`: `to` itself, or the look-ahead where
/// a proof is wanted and the rules allow one.
pub(crate) fn looked_ahead(rules: &TakeBreak, to: u64, stop_when_proved: bool) -> u64 {
    if !stop_when_proved || !rules.provable() {
        return to;
    }
    to.max(if rules.max_parts() >= 3 {
        PROOF_LOOKAHEAD_THREE_HEAPS
    } else {
        PROOF_LOOKAHEAD
    })
}

/// g(0..=to) for `rules`, stopping early when periodicity is proved (if asked to).
pub fn compute(rules: &TakeBreak, to: u64, options: Options) -> Result<Computed> {
    let mut computed = compute_until(rules, to, options)?;
    match computed.stopped.take() {
        Some(why) => Err(why),
        None => Ok(computed),
    }
}

/// As [`compute`], but cancellation or the memory budget ends the run with the values computed
/// so far (`stopped` says why) instead of an error.
pub fn compute_until(rules: &TakeBreak, to: u64, options: Options) -> Result<Computed> {
    compute_from(rules, to, options, Values::U8(Vec::new()))
}

/// [`compute_until`] starting with the (empty) storage `start`: the tests start with
/// [`Escaped`] bytes of a low escape to exercise the side table.
pub(crate) fn compute_from(rules: &TakeBreak, to: u64, options: Options, start: Values) -> Result<Computed> {
    if options.store.is_some() && options.checkpoint.is_some() {
        return Err(Error::Input(
            "a value store on disk is its own checkpoint: give a store or a checkpoint file, not both".into(),
        ));
    }
    if options.store.is_some() && to > MAX_STORE_HEAPS {
        return Err(Error::Input(format!(
            "the last heap {to} is too large: a value store on disk holds heaps up to 2^40 = {MAX_STORE_HEAPS} (a proved period gives the rest)"
        )));
    }
    if options.store.is_none() && to > MAX_HEAPS {
        return Err(Error::Input(format!(
            "the last heap {to} is too large to keep in memory: at most {MAX_HEAPS} heaps are computed there (a proved period gives the rest); a value store on disk holds heaps up to 2^40"
        )));
    }
    // Small requests look a little further, where a period is usually proved.
    let to = looked_ahead(rules, to, options.stop_when_proved) as usize;
    let mut state = State::new(rules, options, to)?;
    let mut values = start;
    if let Some(file) = state.options.checkpoint.clone()
        && let Some(saved) = file.load(rules, to, &state.options.control)?
    {
        state.options.control.message(format!(
            "checkpoint {}: resuming after heap {}",
            file.path.display(),
            saved.values.len().saturating_sub(1)
        ));
        state.resume(&saved);
        values = saved.values;
    }
    if let Some(file) = state.options.store.clone() {
        let (paged, meta) = paged::Paged::open(&file, rules, &state.options.control)?;
        if let Some(meta) = meta {
            state.options.control.message(format!(
                "value store {}: resuming after heap {}",
                file.path.display(),
                meta.heaps - 1
            ));
            state.resume_with(&meta, &paged);
            if let Some(e) = paged.failure() {
                return Err(e);
            }
        }
        values = Values::Paged(std::sync::Arc::new(paged));
    }
    // Progress is reported for large runs only: small ones end before a display would help.
    let report = to >= 1 << 20;
    let mut stopped = None;
    // Reserve the whole table once (no doubling peak for huge runs) when it fits in the memory
    // budget with the plain method's mirrored copy; otherwise the values grow as they are
    // computed and each growth is accounted first (`State::run`), so the run stops with the
    // values so far where the budget ends instead of overshooting it.
    let have = values.len();
    let want = (to + 1).saturating_sub(have);
    match &mut values {
        Values::U8(v) => v.reserve_exact(want.min(FIRST_CHUNK)),
        Values::Escaped(v) => v.bytes.reserve_exact(want.min(FIRST_CHUNK)),
        _ => {}
    }
    let in_memory = !matches!(values, Values::Paged(_));
    if in_memory && to >= FIRST_CHUNK && state.options.control.reserve(heap_bytes::<Vec<u8>>(to + 1)).is_ok() {
        match &mut values {
            Values::U8(v) => v.reserve_exact(to + 1 - v.len()),
            Values::Escaped(v) => v.bytes.reserve_exact(to + 1 - v.bytes.len()),
            Values::U16(v) => v.reserve_exact(to + 1 - v.len()),
            Values::U32(v) => v.reserve_exact(to + 1 - v.len()),
            Values::Paged(_) => {}
        }
    }
    loop {
        let stop = match &mut values {
            Values::U8(g) => state.run(g, to, report)?,
            Values::Escaped(g) => state.run(g, to, report)?,
            Values::U16(g) => state.run(g, to, report)?,
            Values::U32(g) => state.run(g, to, report)?,
            Values::Paged(g) => state.run(only(g), to, report)?,
        };
        match stop {
            Stop::Overflow if !in_memory => {
                // The escape table is for rare values: the store cannot widen.
                stopped = Some(Error::Unsupported(format!(
                    "the values of 255 and more are no longer rare after heap {} (more than one heap in 64), which a value store on disk does not hold (one byte a heap): it is kept up to there; compute these values in memory",
                    values.len().saturating_sub(1)
                )));
                break;
            }
            Stop::Overflow => {
                // The wider copy is made while the narrow one still exists: account it first
                // (bytes become escaped bytes in place).
                let wider = match &values {
                    Values::U8(_) => 0,
                    Values::Escaped(_) => heap_bytes::<Vec<u16>>(to + 1),
                    _ => heap_bytes::<Vec<u32>>(to + 1),
                };
                if to >= FIRST_CHUNK
                    && wider > 0
                    && let Err(why) = state.options.control.reserve(wider)
                {
                    stopped = Some(why);
                    break;
                }
                values = values.widen();
                // The whole table once more, in the new width: no doubling peak.
                match &mut values {
                    Values::U8(_) | Values::Escaped(_) | Values::Paged(_) => {}
                    Values::U16(v) => v.reserve_exact(to + 1 - v.len()),
                    Values::U32(v) => v.reserve_exact(to + 1 - v.len()),
                }
            }
            Stop::Done => break,
            Stop::Stopped(why) => {
                stopped = Some(why);
                break;
            }
        }
    }
    if report {
        state.options.control.finished("heaps");
    }
    if let Values::Paged(g) = &mut values {
        // Stopped (Ctrl-C, the memory budget) or finished: the values so far are kept.
        if g.len() > state.saved_len {
            let meta = state.meta(g.len());
            only(g).save(&meta)?;
        }
    } else if let Some(file) = &state.options.checkpoint
        && values.len() > state.saved_len
    {
        // Stopped (Ctrl-C, the memory budget) or finished: the values so far are kept.
        file.save_values(rules, &values, &state)?;
    }
    if stopped.is_none() && state.period.is_none() && rules.provable() {
        // A last look at everything computed (also when every value was asked for: a proof
        // must not depend on how many values are computed or printed).
        state.period = match &values {
            Values::U8(g) => prove(rules, g),
            Values::Escaped(g) => prove(rules, g),
            Values::U16(g) => prove(rules, g),
            Values::U32(g) => prove(rules, g),
            Values::Paged(g) => prove(rules, &**g),
        };
    }
    let rare = if state.sparse { state.rare.len() } else { 0 };
    Ok(Computed {
        values,
        period: state.period,
        sparse_mask: state.sparse.then_some(state.mask),
        twist: state.sparse && state.twist,
        rare,
        stopped,
    })
}

/// The store in a file held by the engine alone (shared only once the run is over).
fn only(g: &mut std::sync::Arc<paged::Paged>) -> &mut paged::Paged {
    std::sync::Arc::get_mut(g).expect("the engine holds the only reference to its store")
}

enum Stop {
    Done,
    Overflow,
    /// Cancelled, or the memory budget (the reason).
    Stopped(Error),
}

struct State<'a> {
    rules: &'a TakeBreak,
    options: Options,
    splits: Vec<usize>,
    sparse: bool,
    mask: u32,
    /// Rare heaps are those with popcount(g(a) & mask) + (twist ? a : 0) even.
    twist: bool,
    /// The rare heaps a ≥ 1 in increasing order, each with its value g(a) (so that the loops
    /// over them read one array, and a value kept in an escape table is read once).
    rare: Vec<(u32, u32)>,
    max: u32,
    next_checkpoint: usize,
    period: Option<Periodicity>,
    /// seen[v] = 1 when some option has value v (a power-of-two length, indexed by masking).
    seen: Vec<u8>,
    /// The sparse method's rare splits of the heaps `next_heaps`, marked beside those of the
    /// heap before them ([`sparse::mark_rare_splits_batch`]): one table as long as `seen` per
    /// heap, cleared below the bound of the heap that marked them.
    next_seen: Vec<u8>,
    next_heaps: std::ops::Range<usize>,
    /// The splits of two common heaps the search for rare candidates scans (scratch).
    fronts: Vec<hunt::Front>,
    /// The last heap computed, and rev[to − a] = g(a) for a < rev_filled (the plain method's
    /// mirrored copy, so that g(m − a) runs forwards; allocated when first needed).
    to: usize,
    rev: Vec<u8>,
    rev_filled: usize,
    /// The same as `u32` for the scalar plain loop (values of 64 and more).
    rev_wide: Vec<u32>,
    rev_wide_filled: usize,
    kernels: Kernels,
    /// The threads of the block method (`jobs` ≠ 1), and its per-block scratch (`blocks.rs`).
    pool: Option<rayon::ThreadPool>,
    far: Vec<u8>,
    /// Which far tables of the current tiled block hold the xors below 8 only (empty: none;
    /// see [`State::tiled_block`]).
    far_partial: Vec<bool>,
    /// The values two a byte for the tiled blocks' first pass (empty unless used).
    packed: plain::Packed,
    /// The sparse method's far tables of the next block, made beside the finishing of the
    /// block before it (`blocks.rs`).
    pending: Option<sparse::Pending>,
    /// Which way the sparse method takes on the pool: the pipeline or heap after heap, raced
    /// at each checkpoint (`race.rs`).
    race: race::Race,
    /// Heaps saved in the checkpoint file, and when it was last written.
    saved_len: usize,
    saved_at: std::time::Instant,
    /// Heaps whose values were sent to the observer ([`crate::control::Event::Values`]).
    streamed: usize,
    /// Why the run must stop with the values so far: a rare heap beyond the `u32` indices of
    /// the rare list (see [`State::rare_of`]).
    fault: Option<Error>,
}

/// Heaps sent at a time in [`crate::control::Event::Values`].
const STREAM_EVERY: usize = 4096;

fn parity(v: u32) -> bool {
    v.count_ones() & 1 == 1
}

impl<'a> State<'a> {
    fn new(rules: &'a TakeBreak, options: Options, to: usize) -> Result<Self> {
        let pool = match options.jobs {
            // A run that stops before the block method starts needs no threads.
            _ if to < blocks::FROM => None,
            1 => None,
            jobs => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(jobs)
                    .build()
                    .map_err(|e| Error::Input(format!("cannot start {jobs} threads: {e}")))?,
            ),
        };
        Ok(State {
            rules,
            options,
            splits: rules.split_removals(),
            sparse: false,
            mask: 0,
            twist: false,
            rare: Vec::new(),
            max: 0,
            next_checkpoint: 64,
            period: None,
            seen: vec![0; 1 << 16],
            next_seen: Vec::new(),
            next_heaps: 0..0,
            fronts: Vec::new(),
            to,
            rev: Vec::new(),
            rev_filled: 0,
            rev_wide: Vec::new(),
            rev_wide_filled: 0,
            kernels: Kernels::detect(),
            pool,
            far: Vec::new(),
            far_partial: Vec::new(),
            packed: plain::Packed::default(),
            pending: None,
            race: race::Race::default(),
            saved_len: 0,
            saved_at: std::time::Instant::now(),
            streamed: 0,
            fault: None,
        })
    }

    /// Whether heap `a` of value `v` is rare under the current mask and twist.
    fn is_rare(&self, a: usize, v: u32) -> bool {
        parity(v & self.mask) == (self.twist && a & 1 == 1)
    }

    /// Whether the sparse space method applies at all (no three-heap options, some split).
    fn sparse_allowed(&self) -> bool {
        self.options.method != Method::Plain && self.rules.max_parts() == 2
    }

    fn run<S: Store>(&mut self, g: &mut S, to: usize, report: bool) -> Result<Stop> {
        // The next heap at which the progress and the clock of the saves are looked at: the
        // first, then the first past each multiple of 4096 (not the multiples themselves: the
        // pipeline's blocks step over heaps, from wherever a resumed run starts).
        let mut poll_at = 0;
        while g.len() <= to {
            let n = g.len();
            if n == self.next_checkpoint {
                self.next_checkpoint *= 2;
                if self.checkpoint(g) {
                    return Ok(Stop::Done);
                }
                self.race.begin(n, n, std::time::Instant::now());
            }
            // A store in a file whose page read back was damaged, or whose write failed: the
            // values since are not trusted, and nothing more is saved.
            if let Some(e) = g.failure() {
                return Err(e);
            }
            if let Some(e) = self.fault.take() {
                return Ok(Stop::Stopped(e));
            }
            // Every heap: a heap of a rich game (0.ffff at a million) costs milliseconds to
            // seconds, so cancellation is looked at before each (an atomic load or two).
            if let Some(why) = self.options.control.stop() {
                return Ok(Stop::Stopped(why));
            }
            let poll = n >= poll_at;
            if poll {
                poll_at = (n | 0xfff) + 1;
            }
            if report && poll {
                self.options.control.progress("heaps", n as u64, Some(to as u64 + 1));
            }
            if n >= self.streamed + STREAM_EVERY && self.options.control.wants_values() {
                // At most 2^16 values an event: a run resumed after 2^33 heaps sends them all
                // first, which in one event would be 64 GB.
                while self.streamed < n {
                    let end = n.min(self.streamed + (1 << 16));
                    let values = (self.streamed..end).map(|k| u64::from(g.at(k))).collect();
                    self.options.control.send(crate::control::Event::Values {
                        first: self.streamed as u64,
                        values,
                    });
                    self.streamed = end;
                }
            }
            if self.save_due(n, poll) {
                self.save(g)?;
            }
            if self.pool.is_some() && n >= blocks::FROM && self.sparse {
                let (way, until) = self.race.way(n, std::time::Instant::now);
                if way == race::Way::Pipelined {
                    // Heap after heap's tables of the heaps after its last are not this way's.
                    self.next_heaps = 0..0;
                    let limit = (to + 1).min(self.next_checkpoint).min(until);
                    match self.pipelined_blocks(g, limit, poll_at) {
                        Some(s) => return Ok(s),
                        None => continue,
                    }
                }
            }
            if n >= blocks::FROM && !self.sparse && (self.pool.is_some() || self.tiles(g)) {
                let end = (n + blocks::BLOCK).min(to + 1).min(self.next_checkpoint);
                let width = match self.tiled_block(g, n, end) {
                    Some(width) => width,
                    None => {
                        self.far_partial.clear();
                        self.far_block(g, n, end)
                    }
                };
                let far = std::mem::take(&mut self.far);
                let mut stop = None;
                for (k, table) in far.chunks_exact(width).enumerate() {
                    let mut v = self.plain_value(g, n + k, Some((table, n)));
                    if v >= 8 && self.far_partial.get(k) == Some(&true) {
                        // Its far table lacks the xors of 8 and more: take them all.
                        let full = self.full_far_table(g, n, n + k, table);
                        v = self.plain_value(g, n + k, Some((&full, n)));
                    }
                    if let Some(s) = self.push(g, n + k, v) {
                        stop = Some(s);
                        break;
                    }
                }
                self.far = far;
                match stop {
                    Some(s) => return Ok(s),
                    None => continue,
                }
            }
            let v = if self.sparse {
                self.sparse_value(g, n, None)
            } else {
                self.plain_value(g, n, None)
            };
            if let Some(s) = self.push(g, n, v) {
                return Ok(s);
            }
        }
        Ok(Stop::Done)
    }

    /// Append g(n) = v, unless the run must stop first: cancelled (the triple loops stop early,
    /// their value is then not complete), a value that needs a wider storage, or a growth that
    /// would leave the memory budget.
    fn push<S: Store>(&mut self, g: &mut S, n: usize, v: u32) -> Option<Stop> {
        if let Some(s) = self.admit(g, v) {
            return Some(s);
        }
        g.push(v);
        self.accept(n, v);
        None
    }

    /// Why g(len) = v cannot be appended now (see [`State::push`]), if it cannot.
    fn admit<S: Store>(&self, g: &S, v: u32) -> Option<Stop> {
        if let Some(why) = self.options.control.stop() {
            return Some(Stop::Stopped(why));
        }
        if g.len() > u32::MAX as usize && self.sparse && self.is_rare(g.len(), v) {
            return Some(Stop::Stopped(rare_too_far(g.len())));
        }
        if !g.fits(v) {
            return Some(Stop::Overflow);
        }
        if g.full()
            && g.len() >= FIRST_CHUNK
            && let Err(why) = self.options.control.reserve(heap_bytes::<S>(g.len()))
        {
            // Growing would leave the memory budget: stop with the values so far.
            return Some(Stop::Stopped(why));
        }
        None
    }

    /// Account for g(n) = v: the largest value, and the rare heaps.
    fn accept(&mut self, n: usize, v: u32) {
        self.max = self.max.max(v);
        // A rare heap beyond u32 is refused by `admit` before it is kept.
        if self.sparse && n > 0 && n <= u32::MAX as usize && self.is_rare(n, v) {
            self.rare.push((n as u32, v));
        }
    }

    /// At heap counts 64, 128, 256, ...: try to prove the period, and (re)choose the method.
    /// Returns true when the computation may stop.
    fn checkpoint<S: Store>(&mut self, g: &S) -> bool {
        if self.options.stop_when_proved && self.rules.provable() {
            self.period = prove(self.rules, g);
            if self.period.is_some() {
                return true;
            }
        }
        if !self.sparse_allowed() {
            return false;
        }
        let (mask, twist, rare) = sparse::best_mask(g);
        let len = g.len();
        let recent = len / 2;
        // A rare heap costs one option per heap (a scattered load); the plain method costs half
        // a split per heap, a small fraction of a cycle with the byte kernels (values below 64),
        // about a cycle otherwise (docs/performance-notes.md: 0.007 is faster plain with 17% rare heaps).
        let pays = if self.max < 64 {
            rare * 32 <= recent
        } else if self.max < 256 {
            rare * 12 <= recent
        } else {
            sparse_pays_wide(rare, rare_since(g, mask, twist, recent), len)
        };
        let sparse = self.options.method == Method::Sparse || pays;
        if sparse && (!self.sparse || mask != self.mask || twist != self.twist) {
            self.mask = mask;
            self.twist = twist;
            self.rare = self.rare_of(g);
        }
        self.sparse = sparse;
        // The mask and the rare heaps may have changed.
        self.next_heaps = 0..0;
        false
    }

    /// The rare heaps a ≥ 1 of `g` under the current mask and twist; one beyond `u32` (the
    /// rare list's index) sets `fault`, which stops the run with the values so far.
    fn rare_of<S: Cells>(&mut self, g: &S) -> Vec<(u32, u32)> {
        let mut rare = Vec::new();
        g.scan(1, |a, v| {
            if !self.is_rare(a, v) {
                return true;
            }
            match u32::try_from(a) {
                Ok(a) => {
                    rare.push((a, v));
                    true
                }
                Err(_) => {
                    self.fault = Some(rare_too_far(a));
                    false
                }
            }
        });
        rare
    }

    /// Clear the table of option values: every value an option can have is below
    /// 2·next_power_of_two(max) (xors of values below a power of two stay below it).
    fn clear_bits(&mut self) -> usize {
        let bound = (self.max.max(1) as usize).next_power_of_two() * 2 + 1;
        if self.seen.len() < bound {
            self.seen.resize(bound.next_power_of_two().max(1 << 16), 0);
        }
        self.seen[..bound].fill(0);
        bound
    }

    fn mark(&mut self, v: u32) {
        self.seen[v as usize] = 1;
    }

    fn mex_of_bits(&self) -> u32 {
        self.seen
            .iter()
            .position(|&b| b == 0)
            .expect("the table has room for the mex") as u32
    }

    /// Options that leave at most one heap: marked directly.
    fn mark_small_options<S: Cells>(&mut self, g: &S, n: usize) {
        for i in 0..self.rules.digits.len().min(n + 1) {
            let d = self.rules.digits[i];
            if d & 1 != 0 && n == i && i > 0 {
                self.mark(0);
            }
            if d & 2 != 0 && n > i && i > 0 {
                self.mark(g.at(n - i));
            }
        }
    }

    /// The number of splits a ≤ m − a (a ≥ 1), excluding a = m − a for unequal splits.
    fn half(&self, m: usize) -> usize {
        half(m, self.rules.unequal)
    }
}

/// Why a run stops at a rare heap past the `u32` indices of the rare list.
fn rare_too_far(n: usize) -> Error {
    Error::Unsupported(format!(
        "heap {n} is rare for the sparse space method: rare heaps beyond 2^32 are not handled yet (the values so far are kept)"
    ))
}

/// The number of splits a ≤ m − a (a ≥ 1) of a heap m, excluding a = m − a for `unequal`
/// splits (Grundy's game).
fn half(m: usize, unequal: bool) -> usize {
    if unequal && m.is_multiple_of(2) {
        m / 2 - 1
    } else {
        m / 2
    }
}

/// Whether the sparse method pays over the next doubling (heaps `len..2·len`) for values of
/// 256 and more (`u16` cells, the word kernel: 0.007), from the rare heaps so far (`rare`) and
/// those of the recent half (`recent_rare`, heaps `len/2..len`), which foretell how many more
/// come. A heap then costs about one rare split per rare heap below it (on average
/// rare + recent_rare / 2 over the doubling) at about 2.9 times a plain split (0.007 to 3·10^5:
/// 1.09 ns against 0.38 ns, docs/performance-notes.md session 11), against 3·len/4 splits of half a heap
/// each for the plain method: sparse when (rare + recent_rare / 2) · 4 ≤ len. Counting all the
/// rare heaps only, as the narrower values do, misses that 0.007's rare heaps stop coming
/// (1.3% of the heaps in 1.5·10^5..3·10^5, against 12% before).
fn sparse_pays_wide(rare: usize, recent_rare: usize, len: usize) -> bool {
    (rare + recent_rare / 2) * 4 <= len
}

/// The rare heaps a ≥ `from` of `g` under `mask` and `twist`.
fn rare_since<S: Store>(g: &S, mask: u32, twist: bool, from: usize) -> usize {
    let mut count = 0;
    g.scan(from.max(1), |a, v| {
        count += usize::from(parity(v & mask) == (twist && a & 1 == 1));
        true
    });
    count
}

/// The least period the Guy–Smith theorem proves on `g` (see [`guy_smith`]), for rules it
/// covers.
fn prove<S: Store>(rules: &TakeBreak, g: &S) -> Option<Periodicity> {
    if !rules.provable() {
        return None;
    }
    guy_smith(g.len(), |n| u64::from(g.at(n)), rules.max_parts(), rules.max_removal())
}
