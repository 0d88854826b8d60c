//! The inner loops of the take-and-break engine over runs of splits a + (m − a) of values stored
//! as bytes: the plain method's set of values g(a) ⊕ g(m − a) (below 16, 32 or 64) as the bits
//! of one word, and the sparse method's search for the splits whose value is in a set.
//!
//! **Cost.** One xor, one shift and one or per split, on 16–64 splits at a time: the loops are
//! written so that the compiler vectorises them (a variable shift per lane: `vpsllvw` with
//! AVX-512BW, `vpsllvd`/`vpsllvq` with AVX2). `hi` is a mirrored copy of the values (read
//! forwards where g(m − a) runs backwards), so both inputs are plain forward loads. Values
//! below 16 have table look-ups instead (`vpshufb`) and, with AVX-512VBMI, values two a byte
//! ([`Kernels::xor_bits_packed`]: one `vpermb` a nibble, one 32-byte load a side per 64
//! splits: 0.07 to 10^6, 2.5·10^11 splits, at about 105 a nanosecond over the whole run on
//! this machine's EPYC at 2.6 GHz, 63 before).
//!
//! **Why runtime dispatch.** The release binary targets baseline x86-64 (SSE2), which has no
//! per-lane variable shift; the same loops compiled with `#[target_feature]` run 5–15× faster
//! (docs/performance-notes.md, issue 5). The CPU is asked once ([`Kernels::detect`]) and the fastest copy
//! the CPU supports is called; the portable copy is used everywhere else.
//!
//! **The sparse method's search** ([`Kernels::xor_hits`]): which of 64 splits give one of the
//! values still looked for, a 256-bit set. Per 64 splits: two loads, a byte reversal (g(m − a)
//! runs backwards), an xor, a table lookup of the set's byte and bit (`pshufb`), and the test,
//! where marking each value met cost a load and a store per split (Grundy's game to 10^8: 249 s
//! of CPU against 448 s, docs/performance-notes.md, "Grundy's game, session 9"). For values stored as
//! `u16`, [`Kernels::xor_hits16`] tests the low 11 bits of each value against a 2048-bit set
//! (two `vpermi2b` look-ups, AVX-512VBMI).

/// Proof that the CPU reported AVX2. The field is private, so only this module makes one, and
/// only after asking the CPU: safe code elsewhere can get one only from [`Kernels::detect`].
/// One token type per extension, so a token for AVX2 cannot be turned into one for AVX-512.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx2Detected(());

/// Proof that the CPU reported AVX-512BW and AVX-512VL (and so AVX2); made only by this module,
/// after asking the CPU (see [`Avx2Detected`]). `vbmi`: the CPU also reported AVX-512VBMI
/// (`vpermb`, used by [`Kernels::xor_bits_packed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx512Detected {
    vbmi: bool,
}

/// Which compiled copy of the loops the CPU can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernels {
    /// The plain loops, compiled for the baseline target (any CPU).
    Portable,
    /// The loops compiled with AVX2 (variable shifts `vpsllvd`/`vpsllvq`).
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2Detected),
    /// The loops compiled with AVX-512BW/VL (variable shift `vpsllvw` on 16-bit lanes).
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx512Detected),
}

impl Kernels {
    /// The best copy for this CPU.
    pub fn detect() -> Kernels {
        #[cfg(target_arch = "x86_64")]
        {
            // Every feature that `avx512` enables is asked for, so the token's claim is exact.
            if std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512bw")
                && std::arch::is_x86_feature_detected!("avx512vl")
            {
                return Kernels::Avx512(Avx512Detected {
                    vbmi: std::arch::is_x86_feature_detected!("avx512vbmi"),
                });
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                return Kernels::Avx2(Avx2Detected(()));
            }
        }
        Kernels::Portable
    }

    /// Bit v set for every v = `lo[k] ⊕ hi[k]` (k < min(len)); every value must be below `bound`
    /// (16, 32 or 64; larger values are reduced modulo 64 and so must not occur).
    pub fn xor_bits(self, lo: &[u8], hi: &[u8], bound: u32) -> u64 {
        match self {
            Kernels::Portable => portable(lo, hi, bound),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: an `Avx2` holds an `Avx2Detected`, which only this module makes, and only
            // after the CPU reported AVX2 (`detect`, or the test that asks first); no other
            // token type converts into it.
            Kernels::Avx2(_) => unsafe { avx2(lo, hi, bound) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: an `Avx512` holds an `Avx512Detected`, made only by `detect` after the
            // CPU reported AVX2, AVX-512F, AVX-512BW and AVX-512VL, every feature `avx512` enables.
            Kernels::Avx512(_) => unsafe { avx512(lo, hi, bound) },
        }
    }
}

impl Kernels {
    /// Whether [`Kernels::xor_bits_packed`] has a vectorised copy on this CPU (AVX-512VBMI);
    /// without one the plain method keeps one value a byte.
    pub fn packed_fast(self) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernels::Avx512(Avx512Detected { vbmi }) => vbmi,
            _ => false,
        }
    }

    /// Bit v − 8·`high` set for every v in 0..8 (`high` false) or 8..16 (`high` true) that is
    /// the xor of a nibble of `lo[k]` and the same nibble of `hi[k]` (k < min(len)): two values
    /// a byte, low nibble and high nibble, so one byte stands for two splits. Half the loads a
    /// split of [`Kernels::xor_bits`] (the plain method's tiled blocks are bound by the loads,
    /// docs/performance-notes.md, session 10).
    pub fn xor_bits_packed(self, lo: &[u8], hi: &[u8], high: bool) -> u8 {
        match self {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `vbmi` is true only in an `Avx512Detected` made by `detect` after the CPU
            // reported AVX2, AVX-512F, AVX-512BW, AVX-512VL and AVX-512VBMI, every feature
            // `packed_vbmi` enables.
            Kernels::Avx512(Avx512Detected { vbmi: true }) => unsafe { packed_vbmi(lo, hi, high) },
            _ => packed_portable(lo, hi, high),
        }
    }

    /// The splits among 64 that the sparse method's search reads exactly: bit k set when
    /// `small[k] ⊕ large[63 − k]` is in `wanted` (value v is bit v mod 8 of byte v / 8), or when
    /// either byte is [`ESCAPE`] (a value kept elsewhere, or 255 itself). `large` holds
    /// g(m − 63 − lo), ..., g(m − lo) for `small` = g(lo), ..., g(lo + 63): the pairs of split m.
    pub fn xor_hits(self, small: &[u8; 64], large: &[u8; 64], wanted: &[u8; 32]) -> u64 {
        match self {
            Kernels::Portable => hits_portable(small, large, wanted),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: an `Avx2` holds an `Avx2Detected`, made only after the CPU reported AVX2.
            Kernels::Avx2(_) => unsafe { hits_avx2(small, large, wanted) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: an `Avx512` holds an `Avx512Detected`, made only after the CPU reported
            // AVX2, AVX-512F, AVX-512BW and AVX-512VL, the features `hits_avx512` enables.
            Kernels::Avx512(_) => unsafe { hits_avx512(small, large, wanted) },
        }
    }
}

impl Kernels {
    /// [`Kernels::xor_hits`] for values stored as `u16`: bit k set when the low 11 bits of
    /// `v = small[k] ⊕ large[63 − k]` are in `set` (w = v mod 2048 is bit w mod 8 of byte w / 8),
    /// a filter, exact for values below 2048: the splits it reports are read exactly, the others
    /// have no value wanted. No escapes (`u16` cells hold their values). With AVX-512VBMI: two
    /// 32-lane loads a side, a word reversal (`vpermw`), the xors narrowed to bytes (`vpmovwb`,
    /// of v / 8 and of v), two 128-byte look-ups (`vpermi2b`) blended on bit 7 of the index, and
    /// the bit test.
    pub fn xor_hits16(self, small: &[u16; 64], large: &[u16; 64], set: &[u8; 256]) -> u64 {
        match self {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `vbmi` is true only in an `Avx512Detected` made by `detect` after the CPU
            // reported AVX2, AVX-512F, AVX-512BW, AVX-512VL and AVX-512VBMI, every feature
            // `hits16_vbmi` enables.
            Kernels::Avx512(Avx512Detected { vbmi: true }) => unsafe { hits16_vbmi(small, large, set) },
            _ => hits16_portable(small, large, set),
        }
    }
}

impl Kernels {
    /// [`Kernels::xor_hits16`] over runs of 64 splits until one reports something: `small` and
    /// `large` hold 64·c values each, run i pairing `small[64i + k]` with
    /// `large[len − 1 − 64i − k]`; returns the first run with a split reported and its bits,
    /// or (c, 0). One call for a long scan (the hunt's tail, where few candidates are left and
    /// most runs report nothing).
    pub fn xor_hits16_first(self, small: &[u16], large: &[u16], set: &[u8; 256]) -> (usize, u64) {
        match self {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in `xor_hits16`: the features `first16_vbmi` enables were reported.
            Kernels::Avx512(Avx512Detected { vbmi: true }) => unsafe { first16_vbmi(small, large, set) },
            _ => first(small, large, set, hits16_portable),
        }
    }
}

/// [`Kernels::xor_hits_first`] and [`Kernels::xor_hits16_first`] with the kernel `hits`.
#[inline(always)]
fn first<T, S: ?Sized>(
    small: &[T],
    large: &[T],
    set: &S,
    hits: impl Fn(&[T; 64], &[T; 64], &S) -> u64,
) -> (usize, u64) {
    let (len, runs) = (large.len(), small.len() / 64);
    assert_eq!(small.len(), len);
    for i in 0..runs {
        let s = small[64 * i..64 * i + 64].try_into().expect("64 values");
        let l = large[len - 64 * i - 64..len - 64 * i].try_into().expect("64 values");
        let bits = hits(s, l, set);
        if bits != 0 {
            return (i, bits);
        }
    }
    (runs, 0)
}

/// [`Kernels::xor_hits16_first`] with [`hits16_vbmi`] inlined.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vl,avx512vbmi")]
fn first16_vbmi(small: &[u16], large: &[u16], set: &[u8; 256]) -> (usize, u64) {
    first(small, large, set, |s, l, t| hits16_vbmi(s, l, t))
}

impl Kernels {
    /// [`Kernels::xor_hits`] over runs of 64 splits until one reports something, as
    /// [`Kernels::xor_hits16_first`]: `small` and `large` hold 64·c values each, run i pairing
    /// `small[64i + k]` with `large[len − 1 − 64i − k]`; returns the first run with a split
    /// reported and its bits, or (c, 0). The hunt's tail has few candidates left and most runs
    /// report nothing: one call there instead of one a run (with the set's registers loaded once).
    pub fn xor_hits_first(self, small: &[u8], large: &[u8], wanted: &[u8; 32]) -> (usize, u64) {
        match self {
            Kernels::Portable => first(small, large, wanted, hits_portable),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in `xor_hits`: the CPU reported AVX2, the feature `first_avx2` enables.
            Kernels::Avx2(_) => unsafe { first_avx2(small, large, wanted) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as in `xor_hits`: the CPU reported the features `first_avx512` enables.
            Kernels::Avx512(_) => unsafe { first_avx512(small, large, wanted) },
        }
    }
}

/// [`Kernels::xor_hits_first`] with [`hits_avx2`] inlined.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn first_avx2(small: &[u8], large: &[u8], wanted: &[u8; 32]) -> (usize, u64) {
    first(small, large, wanted, |s, l, w| hits_avx2(s, l, w))
}

/// [`Kernels::xor_hits_first`] with [`hits_avx512`] inlined.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vl")]
fn first_avx512(small: &[u8], large: &[u8], wanted: &[u8; 32]) -> (usize, u64) {
    first(small, large, wanted, |s, l, w| hits_avx512(s, l, w))
}

/// [`Kernels::xor_hits16`] by its definition, one split at a time.
fn hits16_portable(small: &[u16; 64], large: &[u16; 64], set: &[u8; 256]) -> u64 {
    let mut bits = 0u64;
    for k in 0..64 {
        let v = usize::from(small[k] ^ large[63 - k]) & 2047;
        let hit = (set[v >> 3] >> (v & 7)) & 1 != 0;
        bits |= u64::from(hit) << k;
    }
    bits
}

/// Lane k: 31 − k (32 words reversed by `vpermw`).
#[cfg(target_arch = "x86_64")]
const WORD_REVERSE: [u16; 32] = {
    let mut t = [0u16; 32];
    let mut k = 0;
    while k < 32 {
        t[k] = 31 - k as u16;
        k += 1;
    }
    t
};

/// [`Kernels::xor_hits16`] in 64-byte registers (see there).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vl,avx512vbmi")]
#[inline]
fn hits16_vbmi(small: &[u16; 64], large: &[u16; 64], set: &[u8; 256]) -> u64 {
    use std::arch::x86_64::*;
    let load = |b: &[u16; 64], at: usize| {
        assert!(at <= 32);
        // SAFETY: 32 words from `at` ≤ 32 lie inside the 64-word array.
        unsafe { _mm512_loadu_si512(b.as_ptr().add(at).cast()) }
    };
    let table = |at: usize| {
        assert!(at <= 192);
        // SAFETY: 64 bytes from `at` ≤ 192 lie inside the 256-byte array.
        unsafe { _mm512_loadu_si512(set.as_ptr().add(at).cast()) }
    };
    // SAFETY: 64 bytes (32 words) from the start of a 32-word array, and of a 64-byte array.
    let (rev, bit_of) = unsafe {
        (
            _mm512_loadu_si512(WORD_REVERSE.as_ptr().cast()),
            _mm512_loadu_si512(BIT_OF.as_ptr().cast()),
        )
    };
    // large[63 − k] for k in 0..32 is large[32..64] reversed, for k in 32..64 large[0..32].
    let x0 = _mm512_xor_si512(load(small, 0), _mm512_permutexvar_epi16(rev, load(large, 32)));
    let x1 = _mm512_xor_si512(load(small, 32), _mm512_permutexvar_epi16(rev, load(large, 0)));
    let bytes = |a: __m512i, b: __m512i| {
        _mm512_inserti64x4::<1>(_mm512_castsi256_si512(_mm512_cvtepi16_epi8(a)), _mm512_cvtepi16_epi8(b))
    };
    // index: bits 3..11 of each xor (its byte of the set); x: its low byte (bits 0..3: the bit).
    let index = bytes(_mm512_srli_epi16::<3>(x0), _mm512_srli_epi16::<3>(x1));
    let x = bytes(x0, x1);
    let byte = _mm512_mask_blend_epi8(
        _mm512_movepi8_mask(index),
        _mm512_permutex2var_epi8(table(0), index, table(64)),
        _mm512_permutex2var_epi8(table(128), index, table(192)),
    );
    let bit = _mm512_shuffle_epi8(bit_of, _mm512_and_si512(x, _mm512_set1_epi8(7)));
    _mm512_test_epi8_mask(byte, bit)
}

/// The byte that [`Kernels::xor_hits`] always reports: escaped storage keeps 255 for the values
/// of 255 and more.
pub const ESCAPE: u8 = u8::MAX;

/// [`Kernels::xor_hits`] by its definition, one split at a time.
fn hits_portable(small: &[u8; 64], large: &[u8; 64], wanted: &[u8; 32]) -> u64 {
    let mut bits = 0u64;
    for k in 0..64 {
        let (x, y) = (small[k], large[63 - k]);
        let v = x ^ y;
        let hit = (wanted[usize::from(v >> 3)] >> (v & 7)) & 1 != 0 || x == ESCAPE || y == ESCAPE;
        bits |= u64::from(hit) << k;
    }
    bits
}

/// Byte k of each 16-byte lane: 15 − k (a lane reversed by `pshufb`).
#[cfg(target_arch = "x86_64")]
const LANE_REVERSE: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 64 {
        t[k] = 15 - (k % 16) as u8;
        k += 1;
    }
    t
};

/// Byte k of each 16-byte lane: 1 << (k mod 8) (the bit of a value within its byte of the set).
#[cfg(target_arch = "x86_64")]
const BIT_OF: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 64 {
        t[k] = 1 << (k % 8);
        k += 1;
    }
    t
};

/// [`Kernels::xor_hits`] on two 32-byte halves. The set's byte v / 8 (0..32) is looked up by
/// `pshufb` in its low or high 16 bytes, chosen by bit 7 of v (`pblendvb`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn hits_avx2(small: &[u8; 64], large: &[u8; 64], wanted: &[u8; 32]) -> u64 {
    use std::arch::x86_64::*;
    let load = |b: &[u8; 64], at: usize| {
        assert!(at <= 32);
        // SAFETY: 32 bytes from `at` ≤ 32 lie inside the 64-byte array.
        unsafe { _mm256_loadu_si256(b.as_ptr().add(at).cast()) }
    };
    // SAFETY: 32 bytes from the start of a 32-byte array.
    let set = unsafe { _mm256_loadu_si256(wanted.as_ptr().cast()) };
    let (rev, bit_of) = (load(&LANE_REVERSE, 0), load(&BIT_OF, 0));
    let set_lo = _mm256_permute2x128_si256::<0x00>(set, set);
    let set_hi = _mm256_permute2x128_si256::<0x11>(set, set);
    let (escape, low4, low3) = (
        _mm256_set1_epi8(ESCAPE as i8),
        _mm256_set1_epi8(15),
        _mm256_set1_epi8(7),
    );
    // large[63 − k] for k in 0..32 is large[32..64] reversed, for k in 32..64 large[0..32].
    let reverse = |v: __m256i| _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(v, rev));
    let half = |s: __m256i, r: __m256i| {
        let x = _mm256_xor_si256(s, r);
        let index = _mm256_and_si256(_mm256_srli_epi16::<3>(x), low4);
        let byte = _mm256_blendv_epi8(
            _mm256_shuffle_epi8(set_lo, index),
            _mm256_shuffle_epi8(set_hi, index),
            x,
        );
        let bit = _mm256_shuffle_epi8(bit_of, _mm256_and_si256(x, low3));
        let miss = _mm256_cmpeq_epi8(_mm256_and_si256(byte, bit), _mm256_setzero_si256());
        let escaped = _mm256_or_si256(_mm256_cmpeq_epi8(s, escape), _mm256_cmpeq_epi8(r, escape));
        let hit = _mm256_or_si256(_mm256_andnot_si256(miss, _mm256_set1_epi8(-1)), escaped);
        u64::from(_mm256_movemask_epi8(hit) as u32)
    };
    half(load(small, 0), reverse(load(large, 32))) | half(load(small, 32), reverse(load(large, 0))) << 32
}

/// [`Kernels::xor_hits`] in one 64-byte register: the reversal is a `pshufb` within lanes and
/// a swap of the four lanes; the set's byte is chosen by a mask blend on bit 7.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vl")]
#[inline]
fn hits_avx512(small: &[u8; 64], large: &[u8; 64], wanted: &[u8; 32]) -> u64 {
    use std::arch::x86_64::*;
    let load = |b: &[u8; 64]| {
        // SAFETY: 64 bytes from the start of a 64-byte array.
        unsafe { _mm512_loadu_si512(b.as_ptr().cast()) }
    };
    // SAFETY: 16 bytes from offsets 0 and 16 of a 32-byte array.
    let (set_lo, set_hi) = unsafe {
        (
            _mm512_broadcast_i32x4(_mm_loadu_si128(wanted.as_ptr().cast())),
            _mm512_broadcast_i32x4(_mm_loadu_si128(wanted.as_ptr().add(16).cast())),
        )
    };
    let s = load(small);
    let r = _mm512_shuffle_epi8(load(large), load(&LANE_REVERSE));
    let r = _mm512_shuffle_i64x2::<0x1B>(r, r);
    let x = _mm512_xor_si512(s, r);
    let index = _mm512_and_si512(_mm512_srli_epi16::<3>(x), _mm512_set1_epi8(15));
    let byte = _mm512_mask_blend_epi8(
        _mm512_movepi8_mask(x),
        _mm512_shuffle_epi8(set_lo, index),
        _mm512_shuffle_epi8(set_hi, index),
    );
    let bit = _mm512_shuffle_epi8(load(&BIT_OF), _mm512_and_si512(x, _mm512_set1_epi8(7)));
    let escape = _mm512_set1_epi8(ESCAPE as i8);
    _mm512_test_epi8_mask(byte, bit) | _mm512_cmpeq_epi8_mask(s, escape) | _mm512_cmpeq_epi8_mask(r, escape)
}

#[inline(always)]
fn portable(lo: &[u8], hi: &[u8], bound: u32) -> u64 {
    if bound <= 16 {
        bits16(lo, hi) as u64
    } else if bound <= 32 {
        bits32(lo, hi) as u64
    } else {
        bits64(lo, hi)
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn avx2(lo: &[u8], hi: &[u8], bound: u32) -> u64 {
    if bound <= 16 {
        return nibbles_avx2(lo, hi) as u64;
    }
    portable(lo, hi, bound)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vl")]
fn avx512(lo: &[u8], hi: &[u8], bound: u32) -> u64 {
    if bound <= 16 {
        return nibbles_avx2(lo, hi) as u64;
    }
    portable(lo, hi, bound)
}

/// [`bits16`] by table look-ups: for xors below 16, `vpshufb` turns each byte x into the byte
/// 1 << x (x < 8) of one accumulator or 1 << (x − 8) (x ≥ 8) of the other, two look-ups and
/// two ors per 32 splits instead of widening to 16-bit lanes for a variable shift (0.07 to
/// 10^6: docs/performance-notes.md, session 9). Every byte of `lo` and `hi` must be below 16 (a byte with
/// its high bit set would look up 0, one of 16..127 the entry of its low four bits).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn nibbles_avx2(lo: &[u8], hi: &[u8]) -> u16 {
    use std::arch::x86_64::*;
    let n = lo.len().min(hi.len());
    // The tables, once per 128-bit lane (`vpshufb` looks up within each lane).
    let low = _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
    );
    let high = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128,
    );
    let mut acc = [_mm256_setzero_si256(); 4];
    let blocks = n / 64;
    for k in 0..blocks {
        let at = 64 * k;
        // SAFETY: at + 64 ≤ 64 · blocks ≤ n ≤ min(lo.len(), hi.len()), so the four 32-byte
        // unaligned loads (`loadu`: no alignment needed) read inside both slices.
        let (a0, b0, a1, b1) = unsafe {
            (
                _mm256_loadu_si256(lo.as_ptr().add(at).cast()),
                _mm256_loadu_si256(hi.as_ptr().add(at).cast()),
                _mm256_loadu_si256(lo.as_ptr().add(at + 32).cast()),
                _mm256_loadu_si256(hi.as_ptr().add(at + 32).cast()),
            )
        };
        let x0 = _mm256_xor_si256(a0, b0);
        let x1 = _mm256_xor_si256(a1, b1);
        acc[0] = _mm256_or_si256(acc[0], _mm256_shuffle_epi8(low, x0));
        acc[1] = _mm256_or_si256(acc[1], _mm256_shuffle_epi8(high, x0));
        acc[2] = _mm256_or_si256(acc[2], _mm256_shuffle_epi8(low, x1));
        acc[3] = _mm256_or_si256(acc[3], _mm256_shuffle_epi8(high, x1));
    }
    let mut l = [0u8; 32];
    let mut h = [0u8; 32];
    // SAFETY: `l` and `h` are 32 bytes each, what one unaligned store writes.
    unsafe {
        _mm256_storeu_si256(l.as_mut_ptr().cast(), _mm256_or_si256(acc[0], acc[2]));
        _mm256_storeu_si256(h.as_mut_ptr().cast(), _mm256_or_si256(acc[1], acc[3]));
    }
    let l = l.iter().fold(0u8, |x, y| x | y);
    let h = h.iter().fold(0u8, |x, y| x | y);
    let tail = 64 * blocks;
    u16::from(l) | u16::from(h) << 8 | bits16(&lo[tail..n], &hi[tail..n])
}

/// [`Kernels::xor_bits_packed`] one byte at a time.
fn packed_portable(lo: &[u8], hi: &[u8], high: bool) -> u8 {
    let w = lo
        .iter()
        .zip(hi)
        .fold(0u16, |w, (a, b)| w | 1 << ((a ^ b) & 15) | 1 << ((a ^ b) >> 4));
    (w >> (8 * u32::from(high))) as u8
}

/// [`Kernels::xor_bits_packed`] by `vpermb` on 32 bytes (64 splits): the xor's byte indexes
/// a 32-byte table by its low five bits, and the table's entry depends on the low four only,
/// so the low nibble needs no mask, and the high nibble, shifted down by four within 16-bit
/// lanes, neither (what the shift brings into bit 4 and up is ignored). Entry x: 1 << x for
/// x < 8, 0 for 8..15 (`high`: 0 for x < 8, 1 << (x − 8) for 8..15). Two look-ups, one shift,
/// one three-way or (`vpternlogd`), one xor and two loads per 64 splits, where
/// [`nibbles_avx2`] needs four look-ups, four ors, two xors and four loads (and the same
/// loop with only the low table was no faster: the loads bound it, session 10).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vl,avx512vbmi")]
fn packed_vbmi(lo: &[u8], hi: &[u8], high: bool) -> u8 {
    use std::arch::x86_64::*;
    let n = lo.len().min(hi.len());
    let table = if high {
        _mm256_setr_epi8(
            0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128,
        )
    } else {
        _mm256_setr_epi8(
            1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
        )
    };
    let mut acc = [_mm256_setzero_si256(); 2];
    let blocks = n / 64;
    for k in 0..blocks {
        let at = 64 * k;
        for (j, acc) in acc.iter_mut().enumerate() {
            // SAFETY: at + 32 · j + 32 ≤ 64 · blocks ≤ n ≤ min(lo.len(), hi.len()), so both
            // 32-byte unaligned loads (`loadu`: no alignment needed) read inside the slices.
            let x = unsafe {
                _mm256_xor_si256(
                    _mm256_loadu_si256(lo.as_ptr().add(at + 32 * j).cast()),
                    _mm256_loadu_si256(hi.as_ptr().add(at + 32 * j).cast()),
                )
            };
            // acc | low | high in one `vpternlogd` (0xfe: the or of its three inputs).
            *acc = _mm256_ternarylogic_epi32::<0xfe>(
                *acc,
                _mm256_permutexvar_epi8(x, table),
                _mm256_permutexvar_epi8(_mm256_srli_epi16::<4>(x), table),
            );
        }
    }
    let mut l = [0u8; 32];
    // SAFETY: `l` is 32 bytes, what one unaligned store writes.
    unsafe {
        _mm256_storeu_si256(l.as_mut_ptr().cast(), _mm256_or_si256(acc[0], acc[1]));
    }
    let tail = 64 * blocks;
    l.iter().fold(0u8, |x, y| x | y) | packed_portable(&lo[tail..n], &hi[tail..n], high)
}

macro_rules! bits_kernel {
    ($name:ident, $t:ty, $lanes:expr) => {
        #[inline(always)]
        fn $name(lo: &[u8], hi: &[u8]) -> $t {
            const W: u8 = <$t>::BITS as u8 - 1;
            let n = lo.len().min(hi.len());
            let (lo, hi) = (&lo[..n], &hi[..n]);
            let mut acc = [0 as $t; $lanes];
            let mut l = lo.chunks_exact($lanes);
            let mut h = hi.chunks_exact($lanes);
            for (a, b) in (&mut l).zip(&mut h) {
                for k in 0..$lanes {
                    acc[k] |= (1 as $t) << ((a[k] ^ b[k]) & W);
                }
            }
            let mut w = acc.iter().fold(0, |x, y| x | y);
            for (a, b) in l.remainder().iter().zip(h.remainder()) {
                w |= (1 as $t) << ((a ^ b) & W);
            }
            w
        }
    };
}

bits_kernel!(bits16, u16, 64);
bits_kernel!(bits32, u32, 32);
bits_kernel!(bits64, u64, 16);

#[cfg(test)]
mod tests {
    use super::*;

    fn reference(lo: &[u8], hi: &[u8]) -> u64 {
        lo.iter().zip(hi).fold(0, |w, (a, b)| w | 1 << (a ^ b))
    }

    /// The first run of 64 splits that `hits` reports anything in, and its bits, or (runs, 0):
    /// run i pairs `small[64i + k]` with `large[len − 1 − 64i − k]`.
    fn first_run_by_definition<T, S: ?Sized>(
        small: &[T],
        large: &[T],
        set: &S,
        hits: fn(&[T; 64], &[T; 64], &S) -> u64,
    ) -> (usize, u64) {
        let (len, runs) = (large.len(), small.len() / 64);
        (0..runs)
            .map(|i| {
                let s = small[64 * i..64 * i + 64].try_into().unwrap();
                let l = large[len - 64 * i - 64..len - 64 * i].try_into().unwrap();
                (i, hits(s, l, set))
            })
            .find(|&(_, b)| b != 0)
            .unwrap_or((runs, 0))
    }

    #[test]
    fn every_copy_of_the_search_agrees_with_the_definition() {
        let mut next = crate::xorshift(987654321u64);
        let mut kernels = vec![Kernels::Portable, Kernels::detect()];
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            kernels.push(Kernels::Avx2(Avx2Detected(())));
        }
        // Rounds whose first run reports something, a later run, none.
        let mut seen_first = [0; 3];
        for round in 0..2000 {
            // Values of every range (bytes of every bit 7, escapes now and then), sets from
            // empty to full, so that each lane's lookup, blend and escape test is exercised.
            let bound = [8u64, 64, 128, 256][round % 4];
            let mut small = [0u8; 64];
            let mut large = [0u8; 64];
            for k in 0..64 {
                small[k] = (next() % bound) as u8;
                large[k] = (next() % bound) as u8;
                if next().is_multiple_of(50) {
                    small[k] = ESCAPE;
                }
                if next().is_multiple_of(50) {
                    large[k] = ESCAPE;
                }
            }
            let density = next() % 9;
            let mut wanted = [0u8; 32];
            for v in 0..256 {
                if next() % 8 < density {
                    wanted[v / 8] |= 1 << (v % 8);
                }
            }
            let want: u64 = (0..64)
                .filter(|&k| {
                    let (a, b) = (small[k], large[63 - k]);
                    let v = usize::from(a ^ b);
                    wanted[v / 8] >> (v % 8) & 1 == 1 || a == ESCAPE || b == ESCAPE
                })
                .fold(0, |w, k| w | 1 << k);
            for &k in &kernels {
                assert_eq!(k.xor_hits(&small, &large, &wanted), want, "{k:?} round {round}");
            }
            // Runs of 64 after one another, the first that reports anything. In odd rounds the
            // runs before the last have xors 0 (reported only for 0 wanted or an escape), in
            // the others each run's small side is changed so that the runs differ.
            let runs = 1 + round % 5;
            let small_run: Vec<u8> = (0..64 * runs)
                .map(|i| {
                    let (run, k) = (i / 64, i % 64);
                    if round % 2 == 1 && run + 1 < runs {
                        large[63 - k]
                    } else {
                        small[k] ^ run as u8
                    }
                })
                .collect();
            let large_run: Vec<u8> = (0..64 * runs).map(|i| large[i % 64]).collect();
            let expect = first_run_by_definition(&small_run, &large_run, &wanted, hits_portable);
            seen_first[usize::from(expect.0 > 0) + usize::from(expect.0 == runs)] += 1;
            for &k in &kernels {
                assert_eq!(
                    k.xor_hits_first(&small_run, &large_run, &wanted),
                    expect,
                    "{k:?} round {round}"
                );
            }
        }
        assert!(seen_first.iter().all(|&c| c >= 10), "{seen_first:?}");
    }

    #[test]
    fn every_copy_of_the_word_search_agrees_with_the_definition() {
        let mut next = crate::xorshift(55555u64);
        let kernels = [Kernels::Portable, Kernels::detect()];
        for round in 0..2000 {
            let bound = [256u64, 2048, 1 << 16][round % 3];
            let mut small = [0u16; 64];
            let mut large = [0u16; 64];
            for k in 0..64 {
                small[k] = (next() % bound) as u16;
                large[k] = (next() % bound) as u16;
            }
            let density = next() % 9;
            let mut set = [0u8; 256];
            for v in 0..2048 {
                if next() % 8 < density {
                    set[v / 8] |= 1 << (v % 8);
                }
            }
            let want: u64 = (0..64)
                .filter(|&k| {
                    let v = usize::from(small[k] ^ large[63 - k]) % 2048;
                    set[v / 8] >> (v % 8) & 1 == 1
                })
                .fold(0, |w, k| w | 1 << k);
            for &k in &kernels {
                assert_eq!(k.xor_hits16(&small, &large, &set), want, "{k:?} round {round}");
            }
            // Runs of 64 after one another: the first that reports anything.
            let runs = 1 + round % 4;
            let small_run: Vec<u16> = (0..64 * runs).map(|i| small[i % 64] ^ (i / 64) as u16).collect();
            let large_run: Vec<u16> = (0..64 * runs).map(|i| large[i % 64]).collect();
            let expect = first_run_by_definition(&small_run, &large_run, &set, hits16_portable);
            for &k in &kernels {
                assert_eq!(
                    k.xor_hits16_first(&small_run, &large_run, &set),
                    expect,
                    "{k:?} round {round}"
                );
            }
        }
    }

    #[test]
    fn every_copy_agrees_with_the_definition() {
        let mut next = crate::xorshift(12345u64);
        for bound in [16u32, 32, 64] {
            for len in [
                0usize, 1, 5, 16, 31, 63, 64, 65, 127, 128, 129, 200, 255, 256, 257, 1000,
            ] {
                // Sparse hits so that missing bits are noticed.
                let lo: Vec<u8> = (0..len).map(|_| (next() % bound as u64) as u8).collect();
                let hi: Vec<u8> = (0..len)
                    .map(|i| {
                        if next().is_multiple_of(7) {
                            (next() % bound as u64) as u8
                        } else {
                            lo[i]
                        }
                    })
                    .collect();
                let want = reference(&lo, &hi);
                let mut kernels = vec![Kernels::Portable, Kernels::detect()];
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("avx2") {
                    kernels.push(Kernels::Avx2(Avx2Detected(())));
                }
                for k in kernels {
                    assert_eq!(k.xor_bits(&lo, &hi, bound), want, "{k:?} bound {bound} len {len}");
                    if bound == 16 {
                        // Two values a byte: lo[2j] | lo[2j + 1] << 4.
                        let pack = |v: &[u8]| -> Vec<u8> { v.chunks_exact(2).map(|p| p[0] | p[1] << 4).collect() };
                        let even = 2 * (len / 2);
                        let want = reference(&lo[..even], &hi[..even]);
                        for high in [false, true] {
                            let got = k.xor_bits_packed(&pack(&lo), &pack(&hi), high);
                            assert_eq!(
                                u64::from(got),
                                want >> (8 * u32::from(high)) & 0xff,
                                "{k:?} packed, len {len}"
                            );
                        }
                    }
                }
            }
        }
    }
}
