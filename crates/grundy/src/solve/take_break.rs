//! Value sequences of take-and-break games (octal and hexadecimal codes, Grundy's game,
//! subtraction sets) at scale: g(0), ..., g(N) for N up to billions, and proved periodicity.
//!
//! **Rules.** [`TakeBreak`] holds one digit per removal i = 0, 1, ..., t: bit 1 lets a player
//! remove i sticks when they are the whole heap, bit 2 remove i and leave one non-empty heap,
//! bit 4 leave two non-empty heaps, bit 8 leave three (hexadecimal codes). `unequal` restricts
//! two-heap splits to unequal heaps (Grundy's game is `0.4` with that restriction).
//!
//! **Plain method.** g(n) = mex of the xors over every option: O(n) pairs per heap for a split
//! digit, so O(N²) overall. While values are bytes below 64 the pairs go through the vectorised
//! kernels of [`crate::solve::xor_pairs`] (a mirrored copy of the values makes g(m − a) a
//! forward load; the xors become the bits of one word); wider values use a forward scalar loop
//! over a mirrored `u32` copy and a byte table.
//!
//! **Sparse space method** (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4 "sparse space";
//! A. Flammenkamp's octal game pages). Fix a bit mask R and call a value *rare* when
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
//!
//! **Storage.** One `u8` per heap, widened to `u16`/`u32` the first time a value does not fit
//! (so 1–2 bytes per heap in practice: 10⁹ heaps take 1 GB); the rare heaps as `u32` indices.
//!
//! **Periodicity.** For codes without the `unequal` restriction, the Guy–Smith periodicity
//! theorem (Guy and Smith 1956; *Winning Ways* ch. 4) in its k-heap form: if every option leaves
//! at most k heaps and removes at most t sticks, and g(n + p) = g(n) for n0 ≤ n < k·n0 +
//! (k − 1)·p + t, then g(n + p) = g(n) for every n ≥ n0. (The largest part of a heap n + p ≥
//! k·n0 + k·p + t is at least n0 + p, so shifting it by p maps options onto options.) At
//! checkpoints the least p meeting the condition is looked for; once found, the fundamental
//! period (the least divisor of p that is still a period) and its least preperiod are derived,
//! and the computation stops: every further value is g(n0 + (n − n0) mod p).

use crate::control::Control;
use crate::error::{Error, Result};
use crate::solve::xor_pairs::Kernels;

/// The rules of a take-and-break game, one digit per removal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreak {
    digits: Vec<u8>,
    unequal: bool,
}

impl TakeBreak {
    /// Rules from digits d_0, d_1, ..., d_t (bits 1, 2, 4, 8; trailing zeros dropped).
    pub fn new(mut digits: Vec<u8>, unequal: bool) -> Self {
        while digits.last() == Some(&0) {
            digits.pop();
        }
        TakeBreak { digits, unequal }
    }

    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The largest removal t (0 when no digit is set).
    pub fn max_removal(&self) -> usize {
        self.digits.len().saturating_sub(1)
    }

    /// The most heaps an option leaves (0 to 3).
    pub fn max_parts(&self) -> usize {
        let all = self.digits.iter().fold(0, |a, d| a | d);
        if all & 8 != 0 {
            3
        } else if all & 4 != 0 {
            2
        } else if all & 2 != 0 {
            1
        } else {
            0
        }
    }

    /// Whether the Guy–Smith theorem proves a period seen for these rules.
    pub fn provable(&self) -> bool {
        !self.unequal
    }

    /// Every option of a heap of `n`, as the heaps it leaves.
    pub fn options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for (i, &d) in self.digits.iter().enumerate() {
            let i = i as u64;
            if i > n {
                break;
            }
            let m = n - i;
            if d & 1 != 0 && m == 0 && i > 0 {
                f(&[]);
            }
            if d & 2 != 0 && m > 0 && i > 0 {
                f(&[m]);
            }
            if d & 4 != 0 && m >= 2 {
                let mut a = 1;
                while 2 * a <= m {
                    if !(self.unequal && 2 * a == m) {
                        f(&[a, m - a]);
                    }
                    a += 1;
                }
            }
            if d & 8 != 0 && m >= 3 {
                let mut a = 1;
                while 3 * a <= m {
                    let mut b = a;
                    while a + 2 * b <= m {
                        f(&[a, b, m - a - b]);
                        b += 1;
                    }
                    a += 1;
                }
            }
        }
    }

    /// The removals i with a split digit (bit 4), with i.
    fn split_removals(&self) -> Vec<usize> {
        (0..self.digits.len()).filter(|&i| self.digits[i] & 4 != 0).collect()
    }
}

/// Which algorithm computes the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Method {
    /// Sparse space when the values have one (and the rules allow it), plain otherwise.
    #[default]
    Auto,
    Plain,
    /// Sparse space with the best mask found, even when it does not pay.
    Sparse,
}

/// How to compute.
#[derive(Clone, Debug)]
pub struct Options {
    pub method: Method,
    /// Stop as soon as periodicity is proved (the rest follows from the period).
    pub stop_when_proved: bool,
    /// Cancellation, memory budget, and the observer that receives `"heaps"` progress events
    /// (sent for runs of 2^20 heaps and more).
    pub control: Control,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            method: Method::Auto,
            stop_when_proved: true,
            control: Control::default(),
        }
    }
}

/// Stored values: the narrowest unsigned type that holds every value so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

impl Values {
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, n: usize) -> u32 {
        match self {
            Values::U8(v) => v[n] as u32,
            Values::U16(v) => v[n] as u32,
            Values::U32(v) => v[n],
        }
    }

    /// Bytes per stored value.
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    fn widen(self) -> Values {
        match self {
            Values::U8(v) => Values::U16(v.into_iter().map(u16::from).collect()),
            Values::U16(v) => Values::U32(v.into_iter().map(u32::from).collect()),
            Values::U32(v) => Values::U32(v),
        }
    }
}

/// A periodicity proved by the Guy–Smith theorem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvedPeriod {
    /// The least n0 with g(n + p) = g(n) for every n ≥ n0.
    pub preperiod: u64,
    /// The fundamental period p (never a multiple of a smaller period).
    pub period: u64,
    /// The rule used and the range checked, in words.
    pub rule: String,
}

/// The result of a computation: values of heaps 0..len, and the period when proved.
#[derive(Clone, Debug)]
pub struct Computed {
    pub values: Values,
    pub period: Option<ProvedPeriod>,
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
        let p = self.period.as_ref()?;
        Some(self.values.get((p.preperiod + (n - p.preperiod) % p.period) as usize))
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

/// A storage cell for values.
trait Cell: Copy + Into<u32> + 'static {
    const MAX: u32;
    fn of(v: u32) -> Self;
    /// The values as bytes, when they are stored as bytes.
    fn bytes(_: &[Self]) -> Option<&[u8]> {
        None
    }
}

impl Cell for u8 {
    const MAX: u32 = u8::MAX as u32;
    fn of(v: u32) -> Self {
        v as u8
    }
    fn bytes(s: &[u8]) -> Option<&[u8]> {
        Some(s)
    }
}

impl Cell for u16 {
    const MAX: u32 = u16::MAX as u32;
    fn of(v: u32) -> Self {
        v as u16
    }
}

impl Cell for u32 {
    const MAX: u32 = u32::MAX;
    fn of(v: u32) -> Self {
        v
    }
}

/// The most heaps a computation may store (rare heaps are kept as `u32` indices).
pub const MAX_HEAPS: u64 = u32::MAX as u64 - 1;

/// Heaps computed at least (when a proof is wanted): periods of small codes show up early.
pub const PROOF_LOOKAHEAD: u64 = 4096;

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
    if to > MAX_HEAPS {
        return Err(Error::Input(format!(
            "--to {to} is too large: at most {MAX_HEAPS} heaps are computed (a proved period gives the rest)"
        )));
    }
    // Small requests look a little further, where a period is usually proved.
    let to = if options.stop_when_proved && rules.provable() {
        to.max(PROOF_LOOKAHEAD)
    } else {
        to
    };
    let to = to as usize;
    // Progress is reported for large runs only: small ones end before a display would help.
    let report = to >= 1 << 20;
    let mut state = State::new(rules, options, to);
    let mut stopped = None;
    let mut values = Values::U8(Vec::with_capacity((to + 1).min(1 << 24)));
    if to >= 1 << 24 {
        // Reserve the whole table once: no doubling peak for huge runs.
        if let Values::U8(v) = &mut values {
            v.reserve_exact(to + 1 - v.capacity());
        }
    }
    loop {
        let stop = match &mut values {
            Values::U8(g) => state.run(g, to, report)?,
            Values::U16(g) => state.run(g, to, report)?,
            Values::U32(g) => state.run(g, to, report)?,
        };
        match stop {
            Stop::Overflow => {
                values = values.widen();
                // The whole table once more, in the new width: no doubling peak.
                match &mut values {
                    Values::U8(_) => {}
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
    if stopped.is_none() && state.period.is_none() && rules.provable() {
        // A last look at everything computed (also when every value was asked for: a proof
        // must not depend on how many values are computed or printed).
        state.period = match &values {
            Values::U8(g) => prove(rules, g),
            Values::U16(g) => prove(rules, g),
            Values::U32(g) => prove(rules, g),
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
    rare: Vec<u32>,
    max: u32,
    next_checkpoint: usize,
    period: Option<ProvedPeriod>,
    /// seen[v] = 1 when some option has value v (a power-of-two length, indexed by masking).
    seen: Vec<u8>,
    /// Per split removal, the splits a in lo..=hi not yet scanned by the search.
    cursor: Vec<(usize, usize)>,
    /// The split removals a rare candidate is searched in (scratch).
    active: Vec<usize>,
    /// witness[v]: the parts (small, large) of the split that last gave the rare value v.
    witness: Vec<(u32, u32)>,
    /// The last heap computed, and rev[to − a] = g(a) for a < rev_filled (the plain method's
    /// mirrored copy, so that g(m − a) runs forwards; allocated when first needed).
    to: usize,
    rev: Vec<u8>,
    rev_filled: usize,
    /// The same as `u32` for the scalar plain loop (values of 64 and more).
    rev_wide: Vec<u32>,
    rev_wide_filled: usize,
    kernels: Kernels,
}

fn parity(v: u32) -> bool {
    v.count_ones() & 1 == 1
}

impl<'a> State<'a> {
    fn new(rules: &'a TakeBreak, options: Options, to: usize) -> Self {
        State {
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
            cursor: Vec::new(),
            active: Vec::new(),
            witness: Vec::new(),
            to,
            rev: Vec::new(),
            rev_filled: 0,
            rev_wide: Vec::new(),
            rev_wide_filled: 0,
            kernels: Kernels::detect(),
        }
    }

    /// Whether heap `a` of value `v` is rare under the current mask and twist.
    fn is_rare(&self, a: usize, v: u32) -> bool {
        parity(v & self.mask) == (self.twist && a & 1 == 1)
    }

    /// Whether the sparse space method applies at all (no three-heap options, some split).
    fn sparse_allowed(&self) -> bool {
        self.options.method != Method::Plain && self.rules.max_parts() == 2
    }

    fn run<T: Cell>(&mut self, g: &mut Vec<T>, to: usize, report: bool) -> Result<Stop> {
        while g.len() <= to {
            let n = g.len();
            if n == self.next_checkpoint {
                self.next_checkpoint *= 2;
                if self.checkpoint(g) {
                    return Ok(Stop::Done);
                }
            }
            // Every heap: a heap of a rich game (0.ffff at a million) costs milliseconds to
            // seconds, so cancellation is looked at before each (an atomic load or two).
            if let Some(why) = self.options.control.stop() {
                return Ok(Stop::Stopped(why));
            }
            if report && n & 0xfff == 0 {
                self.options.control.progress("heaps", n as u64, Some(to as u64 + 1));
            }
            let v = if self.sparse {
                self.sparse_value(g, n)
            } else {
                self.plain_value(g, n)
            };
            // The triple loops stop early when cancelled: their value is then not complete.
            if let Some(why) = self.options.control.stop() {
                return Ok(Stop::Stopped(why));
            }
            if v > T::MAX {
                return Ok(Stop::Overflow);
            }
            g.push(T::of(v));
            self.max = self.max.max(v);
            if self.sparse && n > 0 && self.is_rare(n, v) {
                self.rare.push(n as u32);
            }
        }
        Ok(Stop::Done)
    }

    /// At heap counts 64, 128, 256, ...: try to prove the period, and (re)choose the method.
    /// Returns true when the computation may stop.
    fn checkpoint<T: Cell>(&mut self, g: &[T]) -> bool {
        if self.options.stop_when_proved && self.rules.provable() {
            self.period = prove(self.rules, g);
            if self.period.is_some() {
                return true;
            }
        }
        if !self.sparse_allowed() {
            return false;
        }
        let (mask, twist, rare) = best_mask(g);
        let recent = g.len() / 2;
        // A rare heap costs one option per heap (a scattered load); the plain method costs half
        // a split per heap, a small fraction of a cycle with the byte kernels (values below 64),
        // about a cycle otherwise (BENCHMARKS.md: 0.007 is faster plain with 17% rare heaps).
        let pays = if self.max < 64 {
            rare * 32 <= recent
        } else {
            rare * 12 <= recent
        };
        let sparse = self.options.method == Method::Sparse || pays;
        if sparse && (!self.sparse || mask != self.mask || twist != self.twist) {
            self.mask = mask;
            self.twist = twist;
            self.rare = (1..g.len())
                .filter(|&r| self.is_rare(r, g[r].into()))
                .map(|r| r as u32)
                .collect();
        }
        self.sparse = sparse;
        false
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

    fn has(&self, v: u32) -> bool {
        self.seen[v as usize] != 0
    }

    fn mex_of_bits(&self) -> u32 {
        self.seen
            .iter()
            .position(|&b| b == 0)
            .expect("the table has room for the mex") as u32
    }

    /// Options that leave at most one heap: marked directly.
    fn mark_small_options<T: Cell>(&mut self, g: &[T], n: usize) {
        for i in 0..self.rules.digits.len().min(n + 1) {
            let d = self.rules.digits[i];
            if d & 1 != 0 && n == i && i > 0 {
                self.mark(0);
            }
            if d & 2 != 0 && n > i && i > 0 {
                self.mark(g[n - i].into());
            }
        }
    }

    /// The number of splits a ≤ m − a (a ≥ 1), excluding a = m − a for unequal splits.
    fn half(&self, m: usize) -> usize {
        if self.rules.unequal && m.is_multiple_of(2) {
            m / 2 - 1
        } else {
            m / 2
        }
    }

    /// Fill the mirrored copy of g (bytes) up to heap n − 1; false when too long to mirror.
    fn mirror(&mut self, g: &[u8], n: usize) -> bool {
        if self.to >= 1 << 31 {
            return false;
        }
        if self.rev.is_empty() {
            self.rev = vec![0; self.to + 1];
        }
        while self.rev_filled < n {
            self.rev[self.to - self.rev_filled] = g[self.rev_filled];
            self.rev_filled += 1;
        }
        true
    }

    /// Fill the wide mirrored copy (rev_wide[to − a] = g(a)) up to heap n − 1; false when
    /// too long to mirror (4 bytes per heap: only for the plain method's quadratic range).
    fn mirror_wide<T: Cell>(&mut self, g: &[T], n: usize) -> bool {
        if self.to >= 1 << 26 {
            return false;
        }
        if self.rev_wide.is_empty() {
            self.rev_wide = vec![0; self.to + 1];
        }
        while self.rev_wide_filled < n {
            self.rev_wide[self.to - self.rev_wide_filled] = g[self.rev_wide_filled].into();
            self.rev_wide_filled += 1;
        }
        true
    }

    /// The split values of heap n when every value is a byte below 64, as the bits of a word:
    /// the vectorised kernel over the values and their mirrored copy.
    fn plain_word_bytes(&mut self, g: &[u8], n: usize) -> Option<u64> {
        if self.max >= 64 || !self.mirror(g, n) {
            return None;
        }
        let bound = if self.max < 16 {
            16
        } else if self.max < 32 {
            32
        } else {
            64
        };
        let to = self.to;
        let mut word = 0u64;
        for &i in &self.splits {
            if n < i + 2 {
                continue;
            }
            let m = n - i;
            let h = if self.rules.unequal && m.is_multiple_of(2) {
                m / 2 - 1
            } else {
                m / 2
            };
            if h == 0 {
                continue;
            }
            // g(m − a) = rev[to − m + a] for a = 1..=h.
            word |= self
                .kernels
                .xor_bits(&g[1..=h], &self.rev[to - m + 1..=to - m + h], bound);
        }
        Some(word)
    }

    fn plain_value<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        self.clear_bits();
        self.mark_small_options(g, n);
        if self.max < 64
            && let Some(bytes) = T::bytes(g)
            && let Some(word) = self.plain_word_bytes(bytes, n)
        {
            for v in 0..64 {
                if word >> v & 1 == 1 {
                    self.seen[v] = 1;
                }
            }
            if self.rules.max_parts() == 3 {
                self.mark_triples(g, n);
            }
            return self.mex_of_bits();
        }
        let small = self.max < 64;
        let wide = !small && self.mirror_wide(g, n);
        let mut word = 0u64;
        for si in 0..self.splits.len() {
            let i = self.splits[si];
            if n < i + 2 {
                continue;
            }
            let m = n - i;
            let h = self.half(m);
            if h == 0 {
                continue;
            }
            let lo = &g[1..=h];
            let hi = &g[m - h..m];
            if small {
                word |= pairs_word(lo, hi);
            } else if wide {
                // Forward loads on both sides (g(m − a) = rev_wide[to − m + a]).
                let rev = &self.rev_wide[self.to - m + 1..=self.to - m + h];
                let seen = &mut self.seen[..];
                let mask = seen.len() - 1;
                for (x, y) in lo.iter().zip(rev) {
                    let v: u32 = (*x).into() ^ *y;
                    seen[v as usize & mask] = 1;
                }
            } else {
                let seen = &mut self.seen[..];
                let mask = seen.len() - 1;
                for (x, y) in lo.iter().zip(hi.iter().rev()) {
                    let v: u32 = (*x).into() ^ (*y).into();
                    seen[v as usize & mask] = 1;
                }
            }
        }
        for v in 0..64 {
            if word >> v & 1 == 1 {
                self.seen[v] = 1;
            }
        }
        if self.rules.max_parts() == 3 {
            self.mark_triples(g, n);
        }
        self.mex_of_bits()
    }

    fn mark_triples<T: Cell>(&mut self, g: &[T], n: usize) {
        for i in 0..self.rules.digits.len().min(n + 1) {
            if self.rules.digits[i] & 8 == 0 || n - i < 3 {
                continue;
            }
            let m = n - i;
            let mut a = 1;
            while 3 * a <= m {
                // O(m) work per `a`, O(m²) per heap: cancellation is looked at here too (the
                // caller then drops this heap's value).
                if a & 0x3f == 0 && self.options.control.stop().is_some() {
                    return;
                }
                let ga: u32 = g[a].into();
                let mut b = a;
                while a + 2 * b <= m {
                    let v = ga ^ g[b].into() ^ g[m - a - b].into();
                    self.mark(v);
                    b += 1;
                }
                a += 1;
            }
        }
    }

    fn sparse_value<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        self.clear_bits();
        self.mark_small_options(g, n);
        let unequal = self.rules.unequal;
        // Every split with a rare part.
        for si in 0..self.splits.len() {
            let i = self.splits[si];
            if n < i + 2 {
                continue;
            }
            mark_rare_splits(&mut self.seen, &self.rare, g, n - i, unequal);
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

    /// Remember the split a + b that gave value v.
    fn remember(&mut self, v: u32, a: usize, b: usize) {
        let v = v as usize;
        if v >= self.witness.len() {
            self.witness.resize(v + 1, (0, 0));
        }
        self.witness[v] = (a.min(b) as u32, a.max(b) as u32);
    }

    /// Whether the split that last gave v, with its small or its large part kept, gives v
    /// again in one of the active removals (a guess that pays when values repeat locally).
    fn try_witness<T: Cell>(&mut self, g: &[T], n: usize, v: u32) -> bool {
        let Some(&(a, b)) = self.witness.get(v as usize) else {
            return false;
        };
        if a == 0 {
            return false;
        }
        let (a, b) = (a as usize, b as usize);
        for k in 0..self.active.len() {
            let m = n - self.splits[self.active[k]];
            for x in [a, m.wrapping_sub(b)] {
                if x == 0 || x >= m || (self.rules.unequal && 2 * x == m) {
                    continue;
                }
                if g[x].into() ^ g[m - x].into() == v {
                    self.seen[v as usize] = 1;
                    self.remember(v, x, m - x);
                    return true;
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
    fn search<T: Cell>(&mut self, g: &[T], n: usize, v: u32) -> bool {
        const BLOCK: usize = 24;
        const EDGE: usize = 8;
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
                    if let Some(a) = mid.chain(edge).find(|&a| g[a].into() ^ g[m - a].into() == v) {
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

/// seen[g(r) ⊕ g(m − r)] = 1 for every rare heap r < m (r ≠ m − r when `unequal`). A free
/// function over slices, not inlined, so that the loop keeps everything in registers.
#[inline(never)]
fn mark_rare_splits<T: Cell>(seen: &mut [u8], rare: &[u32], g: &[T], m: usize, unequal: bool) {
    let mask = seen.len() - 1;
    let count = rare.partition_point(|&r| (r as usize) < m);
    let g = &g[..m];
    for &r in &rare[..count] {
        let r = r as usize;
        let b = m - r;
        if unequal && b == r {
            continue;
        }
        let v: u32 = g[r].into() ^ g[b].into();
        seen[v as usize & mask] = 1;
    }
}

/// seen[g(a) ⊕ g(m − a)] = 1 for every a in `range` (1 ≤ a < m); not inlined, as above.
#[inline(never)]
fn mark_splits<T: Cell>(seen: &mut [u8], g: &[T], m: usize, range: std::ops::RangeInclusive<usize>) {
    let (lo, hi) = (*range.start(), *range.end());
    if lo > hi {
        return;
    }
    let mask = seen.len() - 1;
    let small = &g[lo..=hi];
    let large = &g[m - hi..=m - lo];
    for (x, y) in small.iter().zip(large.iter().rev()) {
        let v: u32 = (*x).into() ^ (*y).into();
        seen[v as usize & mask] = 1;
    }
}

/// The values g[a] ⊕ g[m − a] as bits of one word (every value below 64); `hi` is read
/// backwards. Four accumulators keep the OR chains independent.
fn pairs_word<T: Cell>(lo: &[T], hi: &[T]) -> u64 {
    let mut acc = [0u64; 4];
    let mut l = lo.chunks_exact(4);
    let mut h = hi.rchunks_exact(4);
    for (a, b) in (&mut l).zip(&mut h) {
        acc[0] |= 1 << ((a[0].into() ^ b[3].into()) & 63);
        acc[1] |= 1 << ((a[1].into() ^ b[2].into()) & 63);
        acc[2] |= 1 << ((a[2].into() ^ b[1].into()) & 63);
        acc[3] |= 1 << ((a[3].into() ^ b[0].into()) & 63);
    }
    for (a, b) in l.remainder().iter().zip(h.remainder().iter().rev()) {
        acc[0] |= 1 << (((*a).into() ^ (*b).into()) & 63);
    }
    acc[0] | acc[1] | acc[2] | acc[3]
}

/// The mask and twist with the fewest rare heaps among all of `g` (what each further heap costs:
/// one option per rare heap), and that count.
fn best_mask<T: Cell>(g: &[T]) -> (u32, bool, usize) {
    // hist[2·v + (a mod 2)]: heaps a of value v by parity.
    let mut hist: Vec<usize> = Vec::new();
    for (a, x) in g.iter().enumerate().skip(1) {
        let v: u32 = (*x).into();
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

/// The least period p proved by the Guy–Smith theorem on `g`, reduced to the fundamental period
/// with its least preperiod; `None` when no p meets the condition on the values given.
fn prove<T: Cell>(rules: &TakeBreak, g: &[T]) -> Option<ProvedPeriod> {
    if !rules.provable() {
        return None;
    }
    let len = g.len();
    let k = rules.max_parts().max(1);
    let t = rules.max_removal();
    let eq = |a: usize, b: usize| -> bool { g[a].into() == g[b].into() };
    for p in 1..len {
        // Condition: k·n0 + k·p + t ≤ len.
        if k * p + t > len {
            return None;
        }
        // The least n0 with g(n + p) = g(n) for n0 ≤ n < len − p.
        let limit = (len - t) / k - p; // n0 may be at most this
        let mut n = len - p;
        let mut ok = true;
        while n > 0 {
            if !eq(n - 1, n - 1 + p) {
                if n > limit {
                    ok = false;
                }
                break;
            }
            n -= 1;
        }
        if !ok {
            continue;
        }
        let n0 = n;
        let checked_to = k * n0 + (k - 1) * p + t; // exclusive
        let (pre, period) = fundamental(g, n0, p);
        let rule = format!(
            "proved by the Guy–Smith periodicity theorem: every option leaves at most {k} heap(s) and removes at most {t}, \
             and g(n + {p}) = g(n) holds for {n0} ≤ n < {k}·{n0} + {}·{p} + {t} = {checked_to}",
            k - 1
        );
        return Some(ProvedPeriod {
            preperiod: pre as u64,
            period: period as u64,
            rule,
        });
    }
    None
}

/// Given g(n + p) = g(n) for all n ≥ n0 (proved), the least period d (a divisor of p) of the
/// infinite sequence and its least preperiod.
fn fundamental<T: Cell>(g: &[T], n0: usize, p: usize) -> (usize, usize) {
    let at = |n: usize| -> u32 {
        if n < g.len() {
            g[n].into()
        } else {
            g[n0 + (n - n0) % p].into()
        }
    };
    let d = (1..=p)
        .filter(|d| p.is_multiple_of(*d))
        .find(|&d| (n0..n0 + p).all(|n| at(n) == at(n + d)))
        .expect("p itself is a period");
    let pre = (0..n0).rev().find(|&n| at(n) != at(n + d)).map_or(0, |n| n + 1);
    (pre, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(rules: &TakeBreak, to: u64, method: Method, stop: bool) -> Computed {
        compute(
            rules,
            to,
            Options {
                method,
                stop_when_proved: stop,
                control: Control::default(),
            },
        )
        .unwrap()
    }

    /// g by the definition: mex over `options`.
    fn reference(rules: &TakeBreak, to: u64) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::new();
        for n in 0..=to {
            let mut seen = Vec::new();
            rules.options(n, &mut |parts| {
                seen.push(parts.iter().fold(0, |a, &p| a ^ g[p as usize]))
            });
            let mut v = 0;
            while seen.contains(&v) {
                v += 1;
            }
            g.push(v);
        }
        g
    }

    #[test]
    fn kayles_is_proved_with_period_12_and_preperiod_71() {
        let kayles = TakeBreak::new(vec![0, 7, 7], false);
        let c = values(&kayles, 1000, Method::Auto, true);
        let p = c.period.clone().unwrap();
        assert_eq!((p.preperiod, p.period), (71, 12));
        let r = reference(&kayles, 400);
        for n in 0..=400 {
            assert_eq!(c.get(n), Some(r[n as usize]), "heap {n}");
        }
    }

    #[test]
    fn sparse_plain_and_reference_agree_on_small_codes() {
        for code in [
            vec![0, 0, 0, 7],
            vec![0, 1, 3, 7],
            vec![4, 0, 7],
            vec![0, 4],
            vec![0, 5, 6],
        ] {
            let rules = TakeBreak::new(code.clone(), false);
            let r = reference(&rules, 300);
            for method in [Method::Plain, Method::Sparse, Method::Auto] {
                let c = values(&rules, 300, method, false);
                let got: Vec<u32> = (0..=300).map(|n| c.values.get(n)).collect();
                assert_eq!(got, r, "{code:?} {method:?}");
            }
        }
        let grundy = TakeBreak::new(vec![4], true);
        let r = reference(&grundy, 300);
        let c = values(&grundy, 300, Method::Sparse, false);
        assert_eq!((0..=300).map(|n| c.values.get(n)).collect::<Vec<_>>(), r);
    }

    #[test]
    fn every_method_equals_the_definition_on_random_codes() {
        // Codes d0.d1d2d3d4 (d0 ∈ {0, 4}), some with unequal splits: the plain byte kernels,
        // the scalar plain loop (values ≥ 64), the sparse method with and without twist.
        let mut x = 0x9e3779b97f4a7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut twisted = 0;
        for _ in 0..40 {
            let mut code = vec![if next() % 2 == 0 { 0 } else { 4 }];
            code.extend((0..1 + next() % 4).map(|_| (next() % 8) as u8));
            let rules = TakeBreak::new(code.clone(), next() % 4 == 0);
            let r = reference(&rules, 500);
            for method in [Method::Plain, Method::Sparse, Method::Auto] {
                let c = values(&rules, 500, method, false);
                twisted += c.twist as usize;
                let got: Vec<u32> = (0..=500).map(|n| c.values.get(n)).collect();
                assert_eq!(got, r, "{code:?} {method:?}");
            }
        }
        assert!(twisted > 0, "the twisted classification was exercised");
    }

    #[test]
    fn twisted_sparse_space_of_4_07() {
        // 4.07: g(n) = (n − 1) mod 4; with mask 1 and the twist no heap is rare.
        let rules = TakeBreak::new(vec![4, 0, 7], false);
        let c = values(&rules, 5000, Method::Auto, false);
        assert_eq!((c.sparse_mask, c.twist, c.rare), (Some(1), true, 0));
        assert!((1..=5000).all(|n| c.values.get(n) == (n as u32 - 1) % 4));
        let plain = values(&rules, 5000, Method::Plain, false);
        assert_eq!(plain.values, c.values);
    }

    #[test]
    fn hexadecimal_three_heaps() {
        let rules = TakeBreak::new(vec![0, 0xf, 0x8], false);
        let r = reference(&rules, 120);
        let c = values(&rules, 120, Method::Auto, false);
        assert_eq!((0..=120).map(|n| c.values.get(n)).collect::<Vec<_>>(), r);
    }

    #[test]
    fn values_widen_past_255() {
        // 0.0000...? Nim-like: 0.3333 ... gives g(n) = n; use subtraction of anything (nim) to 300.
        let nim = TakeBreak::new(vec![0].into_iter().chain(std::iter::repeat_n(3, 300)).collect(), false);
        let c = values(&nim, 300, Method::Auto, false);
        assert_eq!(c.values.width(), 2);
        assert!((0..=300).all(|n| c.values.get(n) == n as u32));
    }

    #[test]
    fn fundamental_period_not_a_multiple() {
        // Subtraction {1, 2}: 0.33, period 3.
        let c = values(&TakeBreak::new(vec![0, 3, 3], false), 500, Method::Auto, true);
        let p = c.period.unwrap();
        assert_eq!((p.preperiod, p.period), (0, 3));
    }
}
