//! The inner loop of the plain take-and-break method: the set of values g(a) ⊕ g(m − a) over a
//! run of splits, for values stored as bytes below 16, 32 or 64, as the bits of one word.
//!
//! **Cost.** One xor, one shift and one or per split, on 16–64 splits at a time: the loops are
//! written so that the compiler vectorises them (a variable shift per lane: `vpsllvw` with
//! AVX-512BW, `vpsllvd`/`vpsllvq` with AVX2). `hi` is a mirrored copy of the values (read
//! forwards where g(m − a) runs backwards), so both inputs are plain forward loads.
//!
//! **Why runtime dispatch.** The release binary targets baseline x86-64 (SSE2), which has no
//! per-lane variable shift; the same loops compiled with `#[target_feature]` run 5–15× faster
//! (BENCHMARKS.md, issue 5). The CPU is asked once ([`Kernels::detect`]) and the fastest copy
//! the CPU supports is called; the portable copy is used everywhere else.

/// Proof that the CPU reported AVX2. The field is private, so only this module makes one, and
/// only after asking the CPU: safe code elsewhere can get one only from [`Kernels::detect`].
/// One token type per extension, so a token for AVX2 cannot be turned into one for AVX-512.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx2Detected(());

/// Proof that the CPU reported AVX-512BW and AVX-512VL (and so AVX2); made only by this module,
/// after asking the CPU (see [`Avx2Detected`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx512Detected(());

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
                return Kernels::Avx512(Avx512Detected(()));
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
/// 10^6: BENCHMARKS.md, session 9). Every byte of `lo` and `hi` must be below 16 (a byte with
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

    #[test]
    fn every_copy_agrees_with_the_definition() {
        let mut x = 12345u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for bound in [16u32, 32, 64] {
            for len in [0usize, 1, 5, 16, 31, 63, 64, 65, 127, 128, 129, 200, 1000] {
                // Sparse hits so that missing bits are noticed.
                let lo: Vec<u8> = (0..len).map(|_| (next() % bound as u64) as u8).collect();
                let hi: Vec<u8> = (0..len)
                    .map(|i| {
                        if next() % 7 == 0 {
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
                }
            }
        }
    }
}
