//! The frequency of each value of a heap sequence at every power of two, and what the
//! researchers of the open octal codes report beside it: the largest value and where it first
//! occurs, and the rare heaps of the sparse space (Flammenkamp's classification).
//!
//! What: for the values g(1), …, g(N), the count of heaps of each value among heaps 1..=2^k
//! for every 2^k ≤ N (and among all N when N is not a power of two): the table that is
//! published for 0.014, 0.034, 0.161, 0.167 and 0.172 ([RogalskiOctal] in docs/sources.md, one
//! file per power of two, `value count` lines, heap 0 left out as there). A heap a ≥ 1 is *rare* for a mask R when popcount(g(a) & R)
//! is even (or, *twisted*, popcount(g(a) & R) + a is even); the mask reported is the one with
//! the fewest rare heaps among all N, found by the Walsh–Hadamard transform of the value
//! histogram, as the sparse method of [`crate::solve::take_break`] chooses its own.
//!
//! Cost: one pass over the values to count (a histogram per power, each the size of the
//! largest value so far), a transform of O(B·2^B) for values of B bits (B ≤ 16), and a second
//! pass for the last rare heap. Ctrl-C is looked at every 2^20 heaps.

use crate::control::Control;
use crate::error::Result;
use crate::solve::take_break::{MASK_BITS, best_mask_of, value_bits};
use serde::Serialize;

/// Heaps between two looks at the control.
const CHECK_EVERY: u64 = 1 << 20;

/// The count of each value among heaps 1..=`heaps`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// The heaps counted: 1..=heaps.
    pub heaps: u64,
    /// `by_value[v]`: the heaps of value v (up to the largest value seen among them).
    pub by_value: Vec<u64>,
}

/// The rare heaps of the sparse space for the best mask.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RareHeaps {
    /// The mask R.
    pub mask: u32,
    /// Whether the classification is twisted by the heap's parity.
    pub twisted: bool,
    /// The rare heaps a ≥ 1 among all counted.
    pub count: u64,
    /// The last rare heap, if any.
    pub last: Option<u64>,
}

/// The frequency table of a sequence and its summary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Frequencies {
    /// One row per power of two 2^k ≤ the last heap, then the whole when it is not a power.
    pub rows: Vec<Counts>,
    /// The largest value (of heaps 0..=the last).
    pub largest: u64,
    /// The first heap of the largest value.
    pub largest_at: u64,
    /// The rare heaps (none for fewer than two heaps).
    pub rare: Option<RareHeaps>,
}

impl Frequencies {
    /// The table of g(1..=`to`), each value read by `g`; `control` is looked at every 2^20
    /// heaps (Ctrl-C).
    pub fn of(to: u64, g: impl Fn(u64) -> u64, control: &Control) -> Result<Frequencies> {
        let mut rows = Vec::new();
        let mut counts: Vec<u64> = Vec::new();
        let (mut largest, mut largest_at) = (g(0), 0u64);
        let low = u64::from((1u32 << MASK_BITS) - 1);
        // hist[a & 1][v & low] for a ≥ 1, grown as values grow (to a power of two).
        let mut hist: [Vec<i64>; 2] = [vec![0; 2], vec![0; 2]];
        let mut next_power = 1u64;
        for a in 1..=to {
            if a.is_multiple_of(CHECK_EVERY) {
                control.check()?;
            }
            let v = g(a);
            let i = usize::try_from(v).unwrap_or(usize::MAX);
            if i >= counts.len() {
                counts.resize(i.checked_add(1).expect("a value's count fits"), 0);
            }
            counts[i] += 1;
            if v > largest {
                (largest, largest_at) = (v, a);
            }
            let lowv = (v & low) as usize;
            if lowv >= hist[0].len() {
                let size = 1usize << value_bits(lowv as u32);
                hist[0].resize(size, 0);
                hist[1].resize(size, 0);
            }
            hist[(a & 1) as usize][lowv] += 1;
            if a == next_power {
                rows.push(Counts {
                    heaps: a,
                    by_value: counts.clone(),
                });
                next_power = next_power.saturating_mul(2);
            }
        }
        if rows.last().is_none_or(|r| r.heaps != to) {
            rows.push(Counts {
                heaps: to,
                by_value: counts,
            });
        }
        let heaps = to + 1;
        let rare = (heaps >= 2)
            .then(|| {
                let (mask, twisted, count) = best_mask_of(hist);
                let is_rare =
                    |a: u64| ((g(a) & u64::from(mask)).count_ones() + u32::from(twisted && a & 1 == 1)) & 1 == 0;
                let mut last = None;
                for a in (1..heaps).rev() {
                    if (heaps - a).is_multiple_of(CHECK_EVERY) {
                        control.check()?;
                    }
                    if is_rare(a) {
                        last = Some(a);
                        break;
                    }
                }
                Ok::<_, crate::error::Error>(RareHeaps {
                    mask,
                    twisted,
                    count: count as u64,
                    last,
                })
            })
            .transpose()?;
        Ok(Frequencies {
            rows,
            largest,
            largest_at,
            rare,
        })
    }

    /// The table as text: comment lines, then `heaps value count` for each row's values of
    /// nonzero count (`heaps` is the last heap counted, from heap 1).
    pub fn table_text(&self, title: &str) -> String {
        let mut out = format!(
            "# {title}: the number of heaps of each value among heaps 1..H, for every power of two H and the whole\n# heaps value count\n"
        );
        for row in &self.rows {
            for (v, &c) in row.by_value.iter().enumerate() {
                if c > 0 {
                    out.push_str(&format!("{} {v} {c}\n", row.heaps));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_at_each_power_and_the_whole() {
        // Values 0,1,2,0,1,2,... : heaps 1..=10 (heap 0 left out, as published).
        let f = Frequencies::of(10, |a| a % 3, &Control::default()).unwrap();
        let heaps: Vec<u64> = f.rows.iter().map(|r| r.heaps).collect();
        assert_eq!(heaps, [1, 2, 4, 8, 10]);
        assert_eq!(f.rows[2].by_value, [1, 2, 1]);
        assert_eq!(f.rows[4].by_value, [3, 4, 3]);
        for row in &f.rows {
            assert_eq!(row.by_value.iter().sum::<u64>(), row.heaps);
        }
        assert_eq!((f.largest, f.largest_at), (2, 2));
        // A power of two as the last heap: no row twice.
        assert_eq!(
            Frequencies::of(8, |a| a % 3, &Control::default()).unwrap().rows.len(),
            4
        );
    }

    #[test]
    fn rare_heaps_of_a_hidden_sparse_space() {
        // Common values have odd parity under mask 0b101; a few heaps are rare.
        let rare_at = [3u64, 50, 77];
        let g = |a: u64| {
            if rare_at.contains(&a) {
                5
            } else {
                [1u64, 4, 3, 6][(a % 4) as usize]
            }
        };
        let f = Frequencies::of(99, g, &Control::default()).unwrap();
        let r = f.rare.unwrap();
        // Mask 0b101 has the three rare heaps; the best mask has no more (0b001 twisted: two,
        // heap 50 being even), and the last rare heap is 77 either way.
        assert!(r.count <= 3 && r.count >= 1, "{r:?}");
        assert_eq!(r.last, Some(77));
        // The count is the mask's by definition.
        let direct = (1..100u64)
            .filter(|&a| ((g(a) & u64::from(r.mask)).count_ones() + u32::from(r.twisted && a & 1 == 1)) & 1 == 0)
            .count();
        assert_eq!(direct as u64, r.count);
    }

    #[test]
    fn the_text_lists_nonzero_counts() {
        let f = Frequencies::of(4, |a| if a == 2 { 3 } else { 0 }, &Control::default()).unwrap();
        let text = f.table_text("t");
        assert!(text.contains("\n4 0 3\n4 3 1\n"), "{text}");
        assert!(text.contains("\n1 0 1\n2 0 1\n2 3 1\n"), "{text}");
        assert!(!text.contains("4 1 "));
    }
}
