//! The sparse space method's search for rare candidates: the values below a heap's first
//! common-only candidate that no split with a rare part gave, looked for together among the
//! splits of two common heaps.
//!
//! **What.** After the splits with a rare part are marked, let `end` be the least value that is
//! neither marked nor of a parity that two common heaps can give ([`super::sparse`]): the mex is
//! `end` if every other unmarked value below it (a *candidate*) is the value of some split, and
//! otherwise the least candidate no split has. [`Wanted`] holds the candidates still missing;
//! [`hunt`] scans splits until none is missing (the usual case: the heap is common) or every
//! split is scanned (then the least candidate left is the mex, a rare heap).
//!
//! **Cost.** The splits are scanned 64 at a time by [`Kernels::xor_hits`]: one vector test of
//! all candidates at once (a handful of vector instructions per 64 splits); only the splits it
//! reports are read exactly (a candidate met, or an escaped byte). Each removal is scanned from
//! two fronts, the middle split (near-equal heaps carry the large values) and a = 1 (small
//! heaps, where a preperiod's exceptional values are), 512 splits a turn, the removals in turn;
//! the kernel goes on from run to run of 64 until one reports a split
//! ([`Kernels::xor_hits_first`]: one call where there was one a run of 64). A reported value is
//! marked without a branch on whether an earlier split of its run had it already
//! ([`Wanted::met`]). Grundy's game at heap 1.4·10^10 met 33 candidates a heap in 61 reports
//! and 2 160 splits; with both changes Grundy's game on disk to 2·10^7 took 33.8 and 39.0 s of
//! CPU against 44.4 and 47.7 s in pairs side by side (session 34).
//! Values stored as `u16` (0.007: values to 1226 at 10^6) go through [`Kernels::xor_hits16`],
//! a filter on the low 11 bits of each split's value (exact below 2048), where they were read
//! one split at a time (0.007 to 3·10^5 with the 11-bit mask: 25.9 → 5.7 s of CPU); they are
//! scanned the same way ([`Kernels::xor_hits16_first`]; 0.007 to 10^6 on one thread
//! 20.4 → 17.5 s).
//!
//! **Why.** The earlier search marked the value of every split it passed (a load and a store
//! per split) and looked for one candidate at a time; it was more than half of the time of
//! Grundy's game, and its share grew with the heap (docs/performance-notes.md, "Grundy's game, session 9").

use super::parity;
use super::values::{Cell, Cells};
use crate::solve::xor_pairs::{ESCAPE, Kernels};

/// The candidates of one heap still missing (see the module doc): the values v < `end` with
/// `seen[v] = 0` whose parity under the mask is one of `parities`.
pub(super) struct Wanted {
    end: u32,
    mask: u32,
    /// parities[p]: values with popcount(v & mask) mod 2 = p are candidates.
    parities: [bool; 2],
    /// Candidates not yet found, per parity.
    left: [usize; 2],
    /// Bit v of the candidates v < 256 not yet found (for [`Kernels::xor_hits`]).
    map: [u8; 32],
    /// Bit w of the low 11 bits w of the candidates not yet found (for
    /// [`Kernels::xor_hits16`]; cleared as they are found only when `end` ≤ 2048, where the
    /// low bits are the value: a superset otherwise, which the exact reads sort out).
    wide: [u8; 256],
}

impl Wanted {
    /// The candidates below `end` not marked in `seen`, of the given parities: eight values a
    /// step (a value at a time was 6 % of Grundy's game past 6·10^9, with `end` near 300).
    pub(super) fn new(seen: &[u8], end: u32, mask: u32, parities: [bool; 2]) -> Wanted {
        let mut w = Wanted {
            end,
            mask,
            parities,
            left: [0; 2],
            map: [0; 32],
            wide: [0; 256],
        };
        // Eight values at a time: bit j of a chunk's byte is value 8k + j. Parity is linear
        // and 8k, j have disjoint bits, so parity((8k + j) & mask) = parity(8k & mask) ⊕
        // parity(j & mask): one byte pattern `odd` for j, flipped by the chunk's parity.
        let odd = (0..8u32).fold(0u8, |b, j| b | (u8::from(parity(j & mask)) << j));
        let want_of = |p: bool| if parities[usize::from(p)] { 0xffu8 } else { 0 };
        let (want_even, want_odd) = (want_of(false), want_of(true));
        for (k, chunk) in seen[..end as usize].chunks(8).enumerate() {
            let unmarked = chunk
                .iter()
                .enumerate()
                .fold(0u8, |b, (j, &s)| b | (u8::from(s == 0) << j));
            let odds = if parity((8 * k) as u32 & mask) { !odd } else { odd };
            let (of_odd, of_even) = (unmarked & odds & want_odd, unmarked & !odds & want_even);
            w.left[0] += of_even.count_ones() as usize;
            w.left[1] += of_odd.count_ones() as usize;
            let bits = of_odd | of_even;
            if k < 32 {
                w.map[k] = bits;
            }
            w.wide[k % 256] |= bits;
        }
        w
    }

    /// Whether v is a candidate still missing.
    #[inline]
    pub(super) fn wants(&self, seen: &[u8], v: u32) -> bool {
        v < self.end && seen[v as usize] == 0 && self.parities[usize::from(parity(v & self.mask))]
    }

    /// Candidates still missing.
    pub(super) fn left(&self) -> usize {
        self.left[0] + self.left[1]
    }

    /// Candidates still missing of parity p (those a removal of parity p can give).
    pub(super) fn left_of(&self, p: bool) -> usize {
        self.left[usize::from(p)]
    }

    /// Candidate v (missing) is the value of a split: marked in `seen`.
    pub(super) fn found(&mut self, seen: &mut [u8], v: u32) {
        debug_assert!(self.wants(seen, v));
        seen[v as usize] = 1;
        self.left[usize::from(parity(v & self.mask))] -= 1;
        if v < 256 {
            self.map[(v / 8) as usize] &= !(1 << (v % 8));
        }
        if self.end <= 2048 {
            self.wide[(v / 8) as usize] &= !(1 << (v % 8));
        }
    }

    /// The value `v` of a split that the byte kernel reported from [`Wanted::map`]: a candidate
    /// when the kernel ran, still missing unless an earlier split of the same run had it. Marked
    /// and counted once, without a branch on which: in a run's reports the repeats come about
    /// as often as the new values, and a test between them mispredicts about half the time.
    #[inline]
    fn met(&mut self, seen: &mut [u8], v: u8) {
        let (v, bit) = (usize::from(v), 1u8 << (v % 8));
        debug_assert!(self.map[v / 8] & bit != 0 || seen[v] != 0);
        debug_assert!((v as u32) < self.end && self.parities[usize::from(parity(v as u32 & self.mask))]);
        let fresh = usize::from(seen[v] == 0);
        seen[v] = 1;
        self.left[usize::from(parity(v as u32 & self.mask))] -= fresh;
        self.map[v / 8] &= !bit;
        if self.end <= 2048 {
            self.wide[v / 8] &= !bit;
        }
    }

    /// The least candidate still missing.
    pub(super) fn least(&self, seen: &[u8]) -> Option<u32> {
        if self.left() == 0 {
            return None;
        }
        (0..self.end).find(|&v| self.wants(seen, v))
    }
}

/// One removal's splits to scan: the heap m = a + (m − a) left by it, the parity of the values
/// two common heaps of it give, and the a still to scan (`lo..=hi`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Front {
    pub(super) m: usize,
    pub(super) parity: bool,
    pub(super) lo: usize,
    pub(super) hi: usize,
}

/// The fronts of heap n's split removals (`splits`, the removals that may leave two heaps):
/// the splits a + (m − a) with 1 ≤ a ≤ m − a (a ≠ m − a when `unequal`) and m − a < `start`
/// (every split when `start` = 0); `twist` as in [`super::sparse`].
pub(super) fn fronts(splits: &[usize], unequal: bool, twist: bool, n: usize, start: usize, out: &mut Vec<Front>) {
    out.clear();
    for &i in splits {
        if n < i + 2 {
            continue;
        }
        let m = n - i;
        let lo = if start == 0 {
            1
        } else {
            (m + 1).saturating_sub(start).max(1)
        };
        let hi = super::half(m, unequal);
        if lo <= hi {
            out.push(Front {
                m,
                parity: twist && m & 1 == 1,
                lo,
                hi,
            });
        }
    }
}

/// The least value unmarked in `seen` that no split of two common heaps of `fronts` can have,
/// or `bound` (above every value an option can have) if less: the mex when no candidate below it
/// is missing. Also the parities of the values such splits have.
pub(super) fn candidates(seen: &[u8], fronts: &[Front], mask: u32, bound: usize) -> (u32, [bool; 2]) {
    let mut parities = [false; 2];
    for f in fronts {
        parities[usize::from(f.parity)] = true;
    }
    let bound = bound.min(seen.len()) as u32;
    let end = (0..bound)
        .find(|&v| seen[v as usize] == 0 && !parities[usize::from(parity(v & mask))])
        .unwrap_or(bound);
    (end, parities)
}

/// Scan the splits of `fronts` for the candidates of `want`, 64 at a time from the middle
/// (`hi` down) and from the small heaps (`lo` up) of each removal in turn, until none is
/// missing or every split is scanned; each candidate found is marked in `seen`.
pub(super) fn hunt<S: Cells>(g: &S, kernels: Kernels, fronts: &mut [Front], seen: &mut [u8], want: &mut Wanted) {
    // Values stored as bytes or `u16` scan 512 splits a turn in one kernel call
    // ([`Kernels::xor_hits_first`], [`Kernels::xor_hits16_first`]); `u32` cells, read one
    // split at a time, 64.
    let run = if S::Cell::MAX <= u32::from(u16::MAX) { 512 } else { 64 };
    loop {
        let mut progress = false;
        for f in fronts.iter_mut() {
            if f.lo > f.hi || want.left_of(f.parity) == 0 {
                continue;
            }
            progress = true;
            let mid = f.hi.saturating_sub(run - 1).max(f.lo);
            scan(g, kernels, f.m, mid, f.hi, seen, want);
            f.hi = mid - 1;
            if want.left() == 0 {
                return;
            }
            if f.lo <= f.hi {
                let edge = (f.lo + run - 1).min(f.hi);
                scan(g, kernels, f.m, f.lo, edge, seen, want);
                f.lo = edge + 1;
                if want.left() == 0 {
                    return;
                }
            }
        }
        if !progress {
            return;
        }
    }
}

/// The splits a + (m − a), a in `lo..=hi` (at most 64; 512 for `u16` cells), against the
/// candidates.
#[inline]
fn scan<S: Cells>(g: &S, kernels: Kernels, m: usize, lo: usize, hi: usize, seen: &mut [u8], want: &mut Wanted) {
    if let (Some(small), Some(large)) = (g.words(lo, hi), g.words(m - hi, m - lo)) {
        return scan_words(kernels, small, large, seen, want);
    }
    let (Some(small), Some(large)) = (g.bytes(lo, hi), g.bytes(m - hi, m - lo)) else {
        return scan_cut(g, kernels, m, lo, hi, seen, want);
    };
    scan_bytes(g, kernels, (m, lo), small, large, seen, want);
}

/// [`scan`] over byte cells: `small` = g(lo..=hi), `large` = g(m − hi..=m − lo), escaped values
/// as [`ESCAPE`] (read exactly from `g`). Whole runs of 64 go to [`Kernels::xor_hits_first`],
/// which goes on from run to run until one reports a split; the rest is padded to 64.
#[inline]
fn scan_bytes<S: Cells>(
    g: &S,
    kernels: Kernels,
    (m, lo): (usize, usize),
    small: &[u8],
    large: &[u8],
    seen: &mut [u8],
    want: &mut Wanted,
) {
    let len = small.len();
    let full = len / 64 * 64;
    let mut at = 0;
    while at < full {
        let (run, bits) = kernels.xor_hits_first(&small[at..full], &large[len - full..len - at], &want.map);
        if bits == 0 {
            break;
        }
        let from = at + 64 * run;
        if take_byte_hits(
            g,
            (m, lo + from),
            bits,
            &small[from..],
            &large[..len - from],
            seen,
            want,
        ) {
            return;
        }
        at = from + 64;
    }
    // The rest, padded to 64 (the lanes past it dropped).
    let rest = len - full;
    if rest > 0 {
        let (mut s, mut l) = ([0u8; 64], [0u8; 64]);
        s[..rest].copy_from_slice(&small[full..]);
        l[64 - rest..].copy_from_slice(&large[..rest]);
        let bits = kernels.xor_hits(&s, &l, &want.map) & (u64::MAX >> (64 - rest));
        take_byte_hits(g, (m, lo + full), bits, &small[full..], &large[..rest], seen, want);
    }
}

/// The splits `bits` reports, a + (m − a) with a = `from` + k, `small[k] ⊕ large[len − 1 − k]`
/// (len = large's): a candidate read from the bytes, or an escaped byte read exactly from `g`.
/// True when no candidate is left.
#[inline]
fn take_byte_hits<S: Cells>(
    g: &S,
    (m, from): (usize, usize),
    mut bits: u64,
    small: &[u8],
    large: &[u8],
    seen: &mut [u8],
    want: &mut Wanted,
) -> bool {
    let len = large.len();
    while bits != 0 {
        let k = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let (x, y) = (small[k], large[len - 1 - k]);
        if x == ESCAPE || y == ESCAPE {
            exact(g, m, from + k, seen, want);
        } else {
            want.met(seen, x ^ y);
        }
        if want.left() == 0 {
            return true;
        }
    }
    false
}

/// [`scan`] over `u16` cells: `small` = g(lo..=hi), `large` = g(m − hi..=m − lo). The kernel
/// filters the splits by the low 11 bits of their value; those it reports are read exactly.
#[inline]
fn scan_words(kernels: Kernels, small: &[u16], large: &[u16], seen: &mut [u8], want: &mut Wanted) {
    let len = small.len();
    let full = len / 64 * 64;
    // Whole runs of 64: the kernel goes on to the first run with a split reported.
    let mut at = 0;
    while at < full {
        let (run, bits) = kernels.xor_hits16_first(&small[at..full], &large[len - full..len - at], &want.wide);
        if bits == 0 {
            break;
        }
        let from = at + 64 * run;
        if take_hits(bits, &small[from..], &large[..len - from], seen, want) {
            return;
        }
        at = from + 64;
    }
    // The rest, padded to 64 (the lanes past it dropped).
    let rest = len - full;
    if rest > 0 {
        let (mut s, mut l) = ([0u16; 64], [0u16; 64]);
        s[..rest].copy_from_slice(&small[full..]);
        l[64 - rest..].copy_from_slice(&large[..rest]);
        let bits = kernels.xor_hits16(&s, &l, &want.wide) & (u64::MAX >> (64 - rest));
        take_hits(bits, &small[full..], &large[..rest], seen, want);
    }
}

/// The splits `bits` reports, `small[k] ⊕ large[len − 1 − k]` (len = large's), read exactly;
/// true when no candidate is left.
#[inline]
fn take_hits(mut bits: u64, small: &[u16], large: &[u16], seen: &mut [u8], want: &mut Wanted) -> bool {
    let len = large.len();
    while bits != 0 {
        let k = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let v = u32::from(small[k] ^ large[len - 1 - k]);
        if want.wants(seen, v) {
            want.found(seen, v);
            if want.left() == 0 {
                return true;
            }
        }
    }
    false
}

/// [`scan`] of a run whose cells are not one byte run each: cut at the seam of two byte runs
/// (a block being finished), or read exactly.
#[cold]
fn scan_cut<S: Cells>(g: &S, kernels: Kernels, m: usize, lo: usize, hi: usize, seen: &mut [u8], want: &mut Wanted) {
    // A run across the seam is cut there: on the small side between a = seam − 1 and seam, on
    // the large side between m − a = seam and seam − 1, i.e. a = m − seam and m − seam + 1.
    if let Some(seam) = g.seam() {
        for cut in [seam, (m + 1).saturating_sub(seam)] {
            if lo < cut && cut <= hi {
                scan(g, kernels, m, lo, cut - 1, seen, want);
                scan(g, kernels, m, cut, hi, seen, want);
                return;
            }
        }
    }
    // A run across a page of a store on disk: its halves, down to 64 splits read exactly.
    if hi - lo >= 64 {
        let mid = lo + (hi - lo) / 2;
        scan(g, kernels, m, lo, mid, seen, want);
        if want.left() > 0 {
            scan(g, kernels, m, mid + 1, hi, seen, want);
        }
        return;
    }
    for a in lo..=hi {
        exact(g, m, a, seen, want);
    }
}

/// Split a + (m − a) read exactly: its value, if a candidate, is found.
#[inline]
fn exact<S: Cells>(g: &S, m: usize, a: usize, seen: &mut [u8], want: &mut Wanted) {
    let v = g.at(a) ^ g.at(m - a);
    if want.wants(seen, v) {
        want.found(seen, v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::take_break::values::{Escaped, Store, Tail};

    /// A hunt over some storage: seen, wanted, fronts.
    type HuntWith<'a> = dyn Fn(&mut [u8], &mut Wanted, &mut Vec<Front>) + 'a;

    /// Values with every byte, 255 among them, and now and then a value above 255 (escaped).
    fn random_values(len: usize, seed: u64) -> Vec<u32> {
        let mut next = crate::xorshift(seed);
        (0..len)
            .map(|_| {
                let x = next();
                match x % 200 {
                    0 => 255 + (x >> 32) as u32 % 40,
                    1 => 255,
                    _ => (x >> 40) as u32 % [8, 64, 255][(x >> 20) as usize % 3],
                }
            })
            .collect()
    }

    /// One hunt `g` from the marks `seen0` over heap `m`'s splits (one front per removal parity
    /// the candidates have): it marks exactly the values `present`, and leaves no candidate
    /// exactly when every candidate of `want_all` was present.
    fn check_hunt(
        g: &HuntWith,
        seen0: &[u8],
        (end, mask, parities): (u32, u32, [bool; 2]),
        m: usize,
        present: &[u32],
        want_all: &Wanted,
        what: &str,
    ) {
        let mut seen = seen0.to_vec();
        let mut want = Wanted::new(&seen, end, mask, parities);
        let mut f: Vec<Front> = [false, true]
            .into_iter()
            .filter(|&p| parities[usize::from(p)])
            .map(|parity| Front {
                m,
                parity,
                lo: 1,
                hi: (m - 1) / 2,
            })
            .collect();
        g(&mut seen, &mut want, &mut f);
        let found: Vec<u32> = (0..end).filter(|&v| seen[v as usize] != seen0[v as usize]).collect();
        assert_eq!(found, present, "{what}");
        assert_eq!(want.left() == 0, present.len() == want_all.left(), "{what}");
    }

    /// The candidates built eight at a time are those of the definition, one value at a time:
    /// the counts per parity, the bitmap below 256 and the 11-bit filter (folded past 2048).
    #[test]
    fn the_candidates_are_built_as_defined() {
        let mut next = crate::xorshift(7);
        for case in 0..3000u32 {
            let len = 1 + (next() % 4200) as usize;
            let seen: Vec<u8> = (0..len).map(|_| u8::from(next().is_multiple_of(3))).collect();
            let end = (next() % (len as u64 + 1)) as u32;
            let mask = (next() % 4096) as u32;
            let parities = [case % 3 != 0, case % 3 != 1];
            let w = Wanted::new(&seen, end, mask, parities);
            let (mut left, mut map, mut wide) = ([0usize; 2], [0u8; 32], [0u8; 256]);
            for v in (0..end).filter(|&v| w.wants(&seen, v)) {
                left[usize::from(parity(v & mask))] += 1;
                if v < 256 {
                    map[(v / 8) as usize] |= 1 << (v % 8);
                }
                let b = (v & 2047) as usize;
                wide[b / 8] |= 1 << (b % 8);
            }
            let what = format!("case {case}: end {end}, mask {mask:#x}, parities {parities:?}");
            assert_eq!(w.left, left, "{what}");
            assert_eq!(w.map, map, "{what}");
            assert_eq!(w.wide, wide, "{what}");
        }
    }

    /// Whatever the storage (bytes, escaped bytes, a finished block's tail), the kernel and the
    /// removals' parities, the hunt finds exactly the candidates that some split has, and marks
    /// them.
    #[test]
    fn the_hunt_finds_exactly_the_candidates_some_split_has() {
        let mut kernels = vec![Kernels::Portable, Kernels::detect()];
        kernels.dedup();
        for seed in 1..40u64 {
            let values = random_values(3000, seed);
            let mut escaped = Escaped::from_bytes(Vec::new(), ESCAPE);
            for &v in &values {
                escaped.push(v);
            }
            let bytes: Vec<u8> = values.iter().map(|&v| v.min(255) as u8).collect();
            let at = |a: usize, bytes_only: bool| if bytes_only { u32::from(bytes[a]) } else { values[a] };
            let m = 1000 + (seed as usize * 37) % 1900;
            let end = 100 + (seed as u32 * 13) % 200;
            let mask = 1 + (seed as u32 % 255);
            let parities = [seed % 3 != 0, seed % 3 != 1];
            let seen0: Vec<u8> = (0..1024)
                .map(|v| u8::from((v * seed as usize).is_multiple_of(5)))
                .collect();
            for bytes_only in [false, true] {
                let want_all = Wanted::new(&seen0, end, mask, parities);
                let present: Vec<u32> = (0..end)
                    .filter(|&v| {
                        want_all.wants(&seen0, v)
                            && (1..=(m - 1) / 2).any(|a| at(a, bytes_only) ^ at(m - a, bytes_only) == v)
                    })
                    .collect();
                let tail_from = m - 300;
                let (base, tail): (Vec<u32>, Vec<u32>) = (values[..tail_from].to_vec(), values[tail_from..=m].to_vec());
                let tail_bytes: Vec<u8> = tail.iter().map(|&v| v.min(255) as u8).collect();
                let mut base_escaped = Escaped::from_bytes(Vec::new(), ESCAPE);
                for &v in &base {
                    base_escaped.push(v);
                }
                for &k in &kernels {
                    let check = |g: &HuntWith, what: &str| {
                        let what = format!("{what} {k:?} seed {seed}");
                        check_hunt(g, &seen0, (end, mask, parities), m, &present, &want_all, &what);
                    };
                    if bytes_only {
                        check(&|s, w, f| hunt(&bytes, k, f, s, w), "bytes");
                    } else {
                        check(&|s, w, f| hunt(&escaped, k, f, s, w), "escaped");
                        let t = Tail {
                            base: &base_escaped,
                            tail: &tail,
                            tail_bytes: &tail_bytes,
                            tail_words: &[],
                        };
                        check(&|s, w, f| hunt(&t, k, f, s, w), "tail");
                        // `u16` cells (the word kernel), whole and with a tail.
                        let words: Vec<u16> = values.iter().map(|&v| v as u16).collect();
                        check(&|s, w, f| hunt(&words, k, f, s, w), "words");
                        let base_words: Vec<u16> = base.iter().map(|&v| v as u16).collect();
                        let tail_words: Vec<u16> = tail.iter().map(|&v| v as u16).collect();
                        let t = Tail {
                            base: &base_words,
                            tail: &tail,
                            tail_bytes: &tail_bytes,
                            tail_words: &tail_words,
                        };
                        check(&|s, w, f| hunt(&t, k, f, s, w), "word tail");
                    }
                }
            }
        }
    }

    /// Values up to 2^11 and 2^12, `u16` cells whole and with a tail:
    /// the word kernel's filter finds exactly the candidates some split has.
    #[test]
    fn the_word_hunt_finds_exactly_the_candidates_some_split_has() {
        let mut kernels = vec![Kernels::Portable, Kernels::detect()];
        kernels.dedup();
        for seed in 1..40u64 {
            let mut next = crate::xorshift(seed);
            // Below 2048 (the kernel's filter exact), or to 4095 (a superset).
            let top = [2048u64, 4096][seed as usize % 2];
            let values: Vec<u32> = (0..3000).map(|_| (next() % top) as u32).collect();
            let m = 1000 + (seed as usize * 37) % 1900;
            let end = 500 + (seed as u32 * 97) % (top as u32 - 600);
            let mask = 1 + (seed as u32 % 2047);
            let parities = [seed % 3 != 0, seed % 3 != 1];
            // Mostly marked, so that few candidates are left and some splits miss them all.
            let seen0: Vec<u8> = (0..4096).map(|_| u8::from(!next().is_multiple_of(16))).collect();
            let want_all = Wanted::new(&seen0, end, mask, parities);
            let present: Vec<u32> = (0..end)
                .filter(|&v| want_all.wants(&seen0, v) && (1..=(m - 1) / 2).any(|a| values[a] ^ values[m - a] == v))
                .collect();
            let words: Vec<u16> = values.iter().map(|&v| v as u16).collect();
            let tail_from = m - 300;
            let tail: Vec<u32> = values[tail_from..=m].to_vec();
            let tail_bytes: Vec<u8> = tail.iter().map(|&v| v.min(255) as u8).collect();
            let tail_words: Vec<u16> = words[tail_from..=m].to_vec();
            let base_words: Vec<u16> = words[..tail_from].to_vec();
            let t = Tail {
                base: &base_words,
                tail: &tail,
                tail_bytes: &tail_bytes,
                tail_words: &tail_words,
            };
            for &k in &kernels {
                let check = |g: &HuntWith, what: &str| {
                    let what = format!("{what} {k:?} seed {seed}");
                    check_hunt(g, &seen0, (end, mask, parities), m, &present, &want_all, &what);
                };
                check(&|s, w, f| hunt(&words, k, f, s, w), "words");
                check(&|s, w, f| hunt(&t, k, f, s, w), "word tail");
                check(&|s, w, f| hunt(&values, k, f, s, w), "u32");
            }
        }
    }
}
