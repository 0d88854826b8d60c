//! The Guy–Smith periodicity theorem (Guy and Smith 1956; *Winning Ways* ch. 4), in its k-heap
//! form, as a proof procedure over a computed prefix of a take-and-break game's values.
//!
//! Theorem: if every option leaves at most k heaps and removes at most t sticks, and
//! g(n + p) = g(n) for n₀ ≤ n < k·n₀ + (k − 1)·p + t, then g(n + p) = g(n) for every n ≥ n₀.
//! (Induction on n: the largest part of an option of a heap n + p ≥ k·n₀ + k·p + t is at least
//! n₀ + p, so shifting that part by p maps the options of n + p onto those of n, and the smaller
//! parts are unchanged.) The codes with the *unequal* restriction (Grundy's game) are not
//! covered: shifting one part may make two parts equal.
//!
//! Cost: for each candidate p, one backward scan that stops at the first mismatch: O(len) per p,
//! and p stops as soon as k·p + t exceeds the data.

use super::{Basis, Periodicity};

/// The least period p that the theorem proves from g(0..len) (`at(n)` = g(n)), reduced to the
/// fundamental period (the least divisor of p that is still a period) with its least
/// preperiod; `None` when no p meets the condition on the values given (the prefix is too
/// short). `parts` = k, the most heaps an option leaves (0 counts as 1); `removal` = t.
pub fn guy_smith(len: usize, at: impl Fn(usize) -> u64, parts: usize, removal: usize) -> Option<Periodicity> {
    let k = parts.max(1);
    let t = removal;
    for p in 1..len {
        // Condition: k·n0 + k·p + t ≤ len.
        if k * p + t > len {
            return None;
        }
        // The least n0 with g(n + p) = g(n) for n0 ≤ n < len − p; it may be at most `limit`.
        let limit = (len - t) / k - p;
        let mut n = len - p;
        while n > 0 && at(n - 1) == at(n - 1 + p) {
            n -= 1;
        }
        if n > limit {
            continue;
        }
        let n0 = n;
        let checked_to = k * n0 + (k - 1) * p + t; // exclusive
        let (pre, period) = fundamental(len, &at, n0, p);
        let reason = format!(
            "proved by the Guy–Smith periodicity theorem: every option leaves at most {k} heap(s) and removes at most {t}, \
             and g(n + {p}) = g(n) holds for {n0} ≤ n < {k}·{n0} + {}·{p} + {t} = {checked_to}",
            k - 1
        );
        return Some(Periodicity {
            preperiod: pre as u64,
            period: period as u64,
            saltus: 0,
            basis: Basis::GuySmith,
            reason,
        });
    }
    None
}

/// Given g(n + p) = g(n) for all n ≥ n0 (proved), the least period d (a divisor of p) of the
/// infinite sequence and its least preperiod. Values beyond the data are read off the period.
fn fundamental(len: usize, at: &impl Fn(usize) -> u64, n0: usize, p: usize) -> (usize, usize) {
    let value = |n: usize| -> u64 { if n < len { at(n) } else { at(n0 + (n - n0) % p) } };
    let d = (1..=p)
        .filter(|d| p.is_multiple_of(*d))
        .find(|&d| (n0..n0 + p).all(|n| value(n) == value(n + d)))
        .expect("p itself is a period");
    let pre = (0..n0).rev().find(|&n| value(n) != value(n + d)).map_or(0, |n| n + 1);
    (pre, d)
}
