//! The 3-row strip shared by the checks of 3×n boards (`grid3_kayles_outcome_check`,
//! `cram3_outcome_check`): cells as bits of a `u128` (cell (row r, column c) at bit 3c + r),
//! the flood fill, the four mirror images and the key of a connected set, and the logs' memory
//! and CPU readings. What: bit operations only, no game; each check adds its own move rule and
//! search. Why here: both checks are independent of `grundy`'s engines, not of each other, so
//! they share these helpers rather than keep two copies (the plain `grid3_kayles_check` keeps
//! its own on purpose: it checks the outcome check's keys a second way).

/// Most columns (3 bits each in a `u128`).
pub(crate) const MAX_COLUMNS: usize = 42;

/// Bits of row `r` in every column.
pub(crate) const fn row(r: u32) -> u128 {
    let mut x = 0u128;
    let mut c = 0;
    while c < 42 {
        x |= 1 << (3 * c + r);
        c += 1;
    }
    x
}
pub(crate) const ROW0: u128 = row(0);
pub(crate) const ROW1: u128 = row(1);
pub(crate) const ROW2: u128 = row(2);

/// The cells of `x` and their grid neighbours (not limited to any position).
pub(crate) fn grow(x: u128) -> u128 {
    x | (x << 3) | (x >> 3) | ((x & !ROW2) << 1) | ((x & !ROW0) >> 1)
}

/// The connected component of `s` holding its lowest cell.
pub(crate) fn component(s: u128) -> u128 {
    let mut part = s & s.wrapping_neg();
    loop {
        let next = grow(part) & s;
        if next == part {
            return part;
        }
        part = next;
    }
}

/// The columns of `x` reversed within its `k` columns (1 ≤ k ≤ 42): reversing all 128 bits
/// sends cell (r, c) to bit 127 − 3c − r, i.e. after the shift to (2 − r, k − 1 − c), so the
/// rows are put back by a flip.
pub(crate) fn reversed(x: u128, k: u32) -> u128 {
    flipped(x.reverse_bits() >> (128 - 3 * k))
}

/// `x` with rows 0 and 2 swapped.
pub(crate) fn flipped(x: u128) -> u128 {
    ((x & ROW0) << 2) | ((x & ROW2) >> 2) | (x & ROW1)
}

/// `x` (not empty) moved down to row 0 when it has no cell in row 0 (its rows 1–2, or row 1
/// or 2 alone, are then a copy of rows 0–1 or row 0: the same game).
pub(crate) fn lowered(mut x: u128) -> u128 {
    while x & ROW0 == 0 {
        x >>= 1;
    }
    x
}

/// The key of a connected set of cells: the least of its four mirror images, each shifted to
/// column 0 and lowered.
pub(crate) fn key(part: u128) -> u128 {
    let shifted = lowered(part >> (3 * (part.trailing_zeros() / 3)));
    let k = (128 - shifted.leading_zeros()).div_ceil(3);
    let f = lowered(flipped(shifted));
    let r = reversed(shifted, k);
    let r = lowered(r >> (3 * (r.trailing_zeros() / 3)));
    let rf = lowered(flipped(r));
    shifted.min(f).min(r).min(rf)
}

/// The peak resident memory of this process so far (VmHWM), for the log.
pub(crate) fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l["VmHWM:".len()..].trim().to_string())
        })
        .unwrap_or_else(|| "?".to_string())
}

/// The CPU time of the calling thread so far in seconds (/proc/thread-self/schedstat, whose
/// first field is nanoseconds on a CPU), for the log; 0 where unreadable.
pub(crate) fn thread_cpu() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
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

    /// The first `k` columns, every cell.
    fn full(k: usize) -> u128 {
        if k == 0 { 0 } else { (1u128 << (3 * k)) - 1 }
    }

    /// The columns of `x` reversed within its `k` columns, column by column.
    fn reversed_slowly(x: u128, k: u32) -> u128 {
        (0..k).fold(0, |acc, c| acc | ((x >> (3 * c)) & 7) << (3 * (k - 1 - c)))
    }

    #[test]
    fn reversed_reverses_the_columns() {
        let mut state = 0x1234_5678_9abc_def1;
        for k in 1..=42 {
            for _ in 0..100 {
                let x = (next(&mut state) as u128 | (next(&mut state) as u128) << 64) & full(k);
                assert_eq!(reversed(x, k as u32), reversed_slowly(x, k as u32));
            }
        }
    }

    #[test]
    fn keys_are_invariant_under_mirrors_and_shifts() {
        let mut state = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            let s = (next(&mut state) as u128 | (next(&mut state) as u128) << 64) & full(12);
            if s == 0 {
                continue;
            }
            let c = component(s);
            let k = (128 - c.leading_zeros()).div_ceil(3);
            assert_eq!(key(c), key(flipped(c)));
            assert_eq!(key(c), key(reversed_slowly(c, k)));
            assert_eq!(key(c), key(c << 6));
            if c & ROW2 == 0 {
                assert_eq!(key(c), key(c << 1));
            }
        }
    }
}
