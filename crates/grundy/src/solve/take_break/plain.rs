//! The plain method of the take-and-break engine: every split of every heap.
//!
//! g(n) = mex of the xors over every option: O(n) pairs per heap for a split
//! digit, so O(N²) overall. While values are bytes below 64 the pairs go through the vectorised
//! kernels of [`crate::solve::xor_pairs`] (a mirrored copy of the values makes g(m − a) a
//! forward load; the xors become the bits of one word); wider values use a forward scalar loop
//! over a mirrored `u32` copy and a byte table.
//!
//! **Values below 16** (0.07, 0.137: 0..9), from heap 4096 on: a block's splits are taken in
//! two passes. The first marks only the xors below 8, which settle every heap whose value is
//! below 8 (94% of them for 0.07), and reads the values two a byte ([`Packed`]: half the loads
//! a split, and the loads are what bounds this loop; only with AVX-512VBMI, otherwise one pass
//! one value a byte as before). The second pass adds the xors of 8..15 for the heaps that may
//! need them (every value below 8 seen). Same options, same values; 0.07 to 10^6 on one thread
//! 3.9–4.1 → 2.3–2.4 s of CPU (docs/performance-notes.md, session 10). Cost: one more byte a heap.

use super::values::{Cell, Store};
use super::{State, half};
use crate::solve::xor_pairs::Kernels;

/// Splits a + (m − a) per tile of the tiled block ([`State::tiled_block`]): the heaps of a block
/// all read g(a) for a in one tile and g(m − a) in a window one block longer, a few KB that
/// stay in the L1 cache while every heap of the block takes its turn. With one value a byte
/// 8192 was 7% faster than 4096 and 5% faster than 16384 (session 9); with two values a byte
/// ([`Packed`], the same bytes for twice the splits) 16384 is 5% faster than 8192 and 32768 7%
/// slower (0.07 to 10^6, session 10). The tests use a small
/// odd tile so that short runs cross many tile edges.
const TILE: usize = if cfg!(test) { 37 } else { 16384 };

impl State<'_> {
    /// Whether the plain method's heaps from `g.len()` on go through [`State::tiled_block`]:
    /// values are bytes below 64 that can be mirrored.
    pub(super) fn tiles<S: Store>(&self, g: &S) -> bool {
        !self.sparse && self.max < 64 && self.to < 1 << 31 && g.cells().and_then(S::Cell::bytes).is_some()
    }

    /// The plain method's far tables of the block `start..end` (as [`State::far_block`], the
    /// same tables: every split a + (m − a) with both parts below `start`), tiled: the splits
    /// are taken a tile of `a` at a time for every heap of the block, instead of heap after heap
    /// over the whole range of `a`. At 10^6 heaps a heap's values (1 MB and its mirrored copy)
    /// no longer fit in the L2 cache, so heap after heap the byte kernel waits on memory; the
    /// tiles read each value once per block. With a pool the heaps of the block are shared
    /// between its threads, each tiling its share. Returns the width of a table, or `None` when
    /// the values are not bytes below 64 ([`State::tiles`]).
    pub(super) fn tiled_block<S: Store>(&mut self, g: &S, start: usize, end: usize) -> Option<usize> {
        if !self.tiles(g) {
            return None;
        }
        let bytes = g.cells().and_then(S::Cell::bytes)?;
        if !self.mirror(bytes, start) {
            return None;
        }
        let width = (self.max as usize + 1).next_power_of_two();
        let packed = self.max < 16 && self.kernels.packed_fast();
        if packed {
            self.packed.fill(bytes, start, self.to);
        }
        let tiles = self.tiles_of(&bytes[..start], start);
        let heaps: Vec<usize> = (start..end).collect();
        let mut words = vec![0u64; end - start];
        // Values below 16, two a byte (AVX-512VBMI): a first pass keeps the xors below 8 only
        // (`Kernels::xor_bits_packed`), exact when every value is below 8. Otherwise only the
        // heaps whose first pass saw every value below 8 (those whose value may be 8 or more)
        // are taken again for the xors of 8..15; a heap not taken again whose value still comes
        // out at 8 or more (its near splits filled the rest) gets them from
        // [`State::full_far_table`]. Without VBMI one pass over every xor, one value a byte (a
        // first pass one value a byte was no faster: the loads bound it).
        let first = if packed { Pass::Low } else { Pass::Every };
        tiles.run(self.pool.as_ref(), &heaps, &mut words, first);
        let mut partial = Vec::new();
        if first == Pass::Low && self.max >= 8 {
            partial.extend(words.iter().map(|&w| w != 0xff));
            let again: Vec<usize> = heaps.iter().copied().filter(|&n| words[n - start] == 0xff).collect();
            let mut high = vec![0u64; again.len()];
            tiles.run(self.pool.as_ref(), &again, &mut high, Pass::High);
            for (&n, &w) in again.iter().zip(&high) {
                words[n - start] |= w;
            }
        }
        self.far_partial = partial;
        let mut far = std::mem::take(&mut self.far);
        far.clear();
        far.resize((end - start) * width, 0);
        for (table, &word) in far.chunks_exact_mut(width).zip(&words) {
            set_bits(table, word);
        }
        self.far = far;
        Some(width)
    }

    /// What the tiled passes over the values below `start` read (`bytes` = those values).
    fn tiles_of<'a>(&'a self, bytes: &'a [u8], start: usize) -> Tiles<'a> {
        Tiles {
            kernels: self.kernels,
            bytes,
            rev: &self.rev,
            to: self.to,
            splits: &self.splits,
            unequal: self.rules.unequal,
            start,
            bound: if self.max < 16 {
                16
            } else if self.max < 32 {
                32
            } else {
                64
            },
            packed: (self.max < 16 && self.packed.filled >= start).then_some(&self.packed),
        }
    }

    /// The far table of heap n of the tiled block from `start` with every xor, from its
    /// `table` of the first pass (the xors below 8 only: [`State::tiled_block`], `far_partial`),
    /// for a heap whose value came out at 8 or more from it: the splits of 8..15 are added.
    pub(super) fn full_far_table<S: Store>(&self, g: &S, start: usize, n: usize, table: &[u8]) -> Vec<u8> {
        let bytes = g
            .cells()
            .and_then(S::Cell::bytes)
            .expect("a tiled block's values are bytes");
        let mut word = [0u64];
        self.tiles_of(&bytes[..start], start).words(&[n], &mut word, Pass::High);
        let mut full = table.to_vec();
        set_bits(&mut full, word[0]);
        full
    }

    pub(super) fn mirror(&mut self, g: &[u8], n: usize) -> bool {
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
    pub(super) fn mirror_wide<S: Store>(&mut self, g: &S, n: usize) -> bool {
        if self.to >= 1 << 26 {
            return false;
        }
        if self.rev_wide.is_empty() {
            self.rev_wide = vec![0; self.to + 1];
        }
        while self.rev_wide_filled < n {
            self.rev_wide[self.to - self.rev_wide_filled] = g.at(self.rev_wide_filled);
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

    /// Mark the values of the splits of n into two (after removing i, for each split size i):
    /// a + (m − a) with m − a ≥ `start` (every split with `start` = 0), and the splits into
    /// three where the rules allow them.
    fn mark_splits<S: Store>(&mut self, g: &S, n: usize, start: usize) {
        let mask = self.seen.len() - 1;
        for si in 0..self.splits.len() {
            let i = self.splits[si];
            if n < i + 2 {
                continue;
            }
            let m = n - i;
            let top = self.half(m).min(m.saturating_sub(start));
            for a in 1..=top {
                self.seen[(g.at(a) ^ g.at(m - a)) as usize & mask] = 1;
            }
        }
        if self.rules.max_parts() == 3 {
            self.mark_triples(g, n);
        }
    }

    /// g(n) by the plain method: the mex over every option. With `far` = (table, start), the
    /// splits whose both parts are below `start` are already marked in `table` (the block
    /// method, `blocks.rs`): only the splits a + (m − a) with m − a ≥ start are looked at here.
    pub(super) fn plain_value<S: Store>(&mut self, g: &S, n: usize, far: Option<(&[u8], usize)>) -> u32 {
        if let Some((table, start)) = far {
            self.clear_bits();
            self.seen[..table.len()].copy_from_slice(table);
            self.mark_small_options(g, n);
            self.mark_splits(g, n, start);
            return self.mex_of_bits();
        }
        match g.cells() {
            Some(cells) => self.plain_cells(g, cells, n),
            None => {
                // Escaped values in use: every split through the side table.
                self.clear_bits();
                self.mark_small_options(g, n);
                self.mark_splits(g, n, 0);
                self.mex_of_bits()
            }
        }
    }

    /// [`State::plain_value`] over the values as a slice (`cells`, the same as `g`).
    fn plain_cells<S: Store>(&mut self, g: &S, cells: &[S::Cell], n: usize) -> u32 {
        self.clear_bits();
        self.mark_small_options(g, n);
        if self.max < 64
            && let Some(bytes) = S::Cell::bytes(cells)
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
            let lo = &cells[1..=h];
            let hi = &cells[m - h..m];
            if small {
                word |= pairs_word(lo, hi);
            } else if wide {
                // Forward loads on both sides (g(m − a) = rev_wide[to − m + a]).
                let rev = &self.rev_wide[self.to - m + 1..=self.to - m + h];
                if self.max < NARROW as u32 {
                    mark_narrow(&mut self.seen, lo, rev);
                } else {
                    let seen = &mut self.seen[..];
                    let mask = seen.len() - 1;
                    for (x, y) in lo.iter().zip(rev) {
                        let v: u32 = (*x).into() ^ *y;
                        seen[v as usize & mask] = 1;
                    }
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

    fn mark_triples<S: Store>(&mut self, g: &S, n: usize) {
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
                let ga: u32 = g.at(a);
                let mut b = a;
                while a + 2 * b <= m {
                    let v = ga ^ g.at(b) ^ g.at(m - a - b);
                    self.mark(v);
                    b += 1;
                }
                a += 1;
            }
        }
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

/// What the tiled block reads: the values below the block's start, their mirrored copy
/// (rev[to − a] = g(a)), the rules' split removals.
struct Tiles<'a> {
    kernels: Kernels,
    bytes: &'a [u8],
    rev: &'a [u8],
    to: usize,
    splits: &'a [usize],
    unequal: bool,
    start: usize,
    bound: u32,
    /// The values two a byte, filled up to `start` (the first pass then reads them).
    packed: Option<&'a Packed>,
}

impl Tiles<'_> {
    /// [`Tiles::words`] of `heaps`, shared between the threads of `pool` if there is one.
    fn run(&self, pool: Option<&rayon::ThreadPool>, heaps: &[usize], words: &mut [u64], pass: Pass) {
        match pool {
            Some(pool) if heaps.len() > 1 => {
                use rayon::prelude::*;
                let share = heaps.len().div_ceil(pool.current_num_threads().max(1)).max(1);
                pool.install(|| {
                    words
                        .par_chunks_mut(share)
                        .zip(heaps.par_chunks(share))
                        .for_each(|(w, h)| self.words(h, w, pass))
                });
            }
            _ => self.words(heaps, words, pass),
        }
    }

    /// words[k] = the bits of the values g(a) ⊕ g(m − a) of heap heaps[k] over every split
    /// with both parts below `start` (a > m − start, a ≤ half(m)), a tile of `a` at a time, those
    /// of the values `pass` takes. `heaps` is increasing.
    fn words(&self, heaps: &[usize], words: &mut [u64], pass: Pass) {
        let Some(&last) = heaps.last() else {
            return;
        };
        let top = self
            .splits
            .iter()
            .filter(|&&i| last >= i + 2)
            .map(|&i| half(last - i, self.unequal))
            .max()
            .unwrap_or(0);
        let mut c = 1;
        while c <= top {
            let ce = (c + TILE - 1).min(top);
            for (&n, w) in heaps.iter().zip(words.iter_mut()) {
                for &i in self.splits {
                    if n < i + 2 {
                        continue;
                    }
                    let m = n - i;
                    // Both parts below start: a ≥ m + 1 − start, so m − a < start.
                    let lo = (m + 1).saturating_sub(self.start).max(1).max(c);
                    let hi = half(m, self.unequal).min(ce);
                    if lo > hi {
                        continue;
                    }
                    // g(m − a) = rev[to − m + a].
                    let (small, large) = (&self.bytes[lo..=hi], &self.rev[self.to - m + lo..=self.to - m + hi]);
                    let r = self.to - m + lo;
                    *w |= match (pass, self.packed) {
                        (Pass::Low, Some(packed)) => u64::from(packed.bits(self.kernels, small, large, lo, r, false)),
                        (Pass::High, Some(packed)) => {
                            u64::from(packed.bits(self.kernels, small, large, lo, r, true)) << 8
                        }
                        (Pass::Low, None) => self.kernels.xor_bits(small, large, self.bound) & 0xff,
                        (Pass::High | Pass::Every, _) => self.kernels.xor_bits(small, large, self.bound),
                    };
                }
            }
            c = ce + 1;
        }
    }
}

/// Which xors a tiled pass marks: those below 8 (every value below 16), those of 8..15 (the same),
/// or every one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    Low,
    High,
    Every,
}

/// The values below 16 two a byte, in both phases, and so their mirrored copy: a run of splits
/// a + (m − a) reads half as many bytes ([`Kernels::xor_bits_packed`]). `fwd[p][j]` =
/// g(i) | g(i + 1) << 4 for i = 2j + p; `rev[p][j]` = rev[r] | rev[r + 1] << 4 for r = 2j + p,
/// where rev[r] = g(to − r) as in [`State::mirror`]. Cost: one byte a heap (two half-size
/// arrays a side), filled as the heaps below a block's start become known.
#[derive(Default)]
pub(super) struct Packed {
    fwd: [Vec<u8>; 2],
    rev: [Vec<u8>; 2],
    /// Every pair of two heaps below `filled` is stored.
    filled: usize,
}

impl Packed {
    /// Store the pairs of heaps below `n` (`g` holds the values, each below 16).
    fn fill(&mut self, g: &[u8], n: usize, to: usize) {
        if self.fwd[0].is_empty() {
            let half = to / 2 + 1;
            self.fwd = [vec![0; half], vec![0; half]];
            self.rev = [vec![0; half], vec![0; half]];
        }
        for i in self.filled.max(1)..n {
            // The pair g(i − 1), g(i) forwards, and at r = to − i the pair g(i), g(i − 1).
            let (p, r) = (i - 1, to - i);
            self.fwd[p & 1][p >> 1] = g[p] | g[i] << 4;
            self.rev[r & 1][r >> 1] = g[i] | g[p] << 4;
        }
        self.filled = self.filled.max(n);
    }

    /// The xors of the splits `small[k]` ⊕ `large[k]` (g(a) for a from `a`, and their partners
    /// from rev[r], r from `r`) below 8, or (`high`) of 8..15 as bits 0..8: the pairs from the
    /// packed arrays, an odd last split from the bytes.
    fn bits(&self, kernels: Kernels, small: &[u8], large: &[u8], a: usize, r: usize, high: bool) -> u8 {
        let pairs = small.len() / 2;
        let (fa, fr) = (a >> 1, r >> 1);
        let mut bits =
            kernels.xor_bits_packed(&self.fwd[a & 1][fa..fa + pairs], &self.rev[r & 1][fr..fr + pairs], high);
        if small.len() % 2 == 1 {
            let x = u32::from(small[small.len() - 1] ^ large[small.len() - 1]);
            let base = 8 * u32::from(high);
            if (base..base + 8).contains(&x) {
                bits |= 1 << (x - base);
            }
        }
        bits
    }
}

/// table[v] = 1 for every bit v of `word` (v below the table's width, a power of two).
fn set_bits(table: &mut [u8], mut word: u64) {
    let mask = table.len() - 1;
    while word != 0 {
        table[word.trailing_zeros() as usize & mask] = 1;
        word &= word - 1;
    }
}

/// Values below this go through [`mark_narrow`].
pub(super) const NARROW: usize = 4096;

/// seen[lo[k] ⊕ rev[k]] = 1 for every k, every value below [`NARROW`] (so every xor too): a
/// run of xors at a time into a buffer (a loop the compiler vectorises), then one store per
/// split into a fixed-size table, with no bounds check (the index is masked to the table's
/// size). 0.007 (values up to ~1000 at 10^5): docs/performance-notes.md, session 9.
#[inline(never)]
pub(super) fn mark_narrow<T: Cell>(seen: &mut [u8], lo: &[T], rev: &[u32]) {
    const RUN: usize = 256;
    let table: &mut [u8; NARROW] = (&mut seen[..NARROW]).try_into().expect("the table holds every value");
    let mut buf = [0u32; RUN];
    for (l, r) in lo.chunks(RUN).zip(rev.chunks(RUN)) {
        for ((b, x), y) in buf.iter_mut().zip(l).zip(r) {
            *b = (*x).into() ^ *y;
        }
        for &v in &buf[..l.len().min(r.len())] {
            table[v as usize & (NARROW - 1)] = 1;
        }
    }
}
