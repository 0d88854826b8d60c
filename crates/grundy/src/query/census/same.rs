//! Proved games with one and the same value sequence, grouped as the published tables list
//! them once (0.303 and 0.3 are both g(n) = n mod 2).
//!
//! Rule: a proved sequence is fixed by its least preperiod n₀, its least period p and the
//! values g(0..n₀ + p) (every later value is g(n₀ + (n − n₀) mod p)); n₀ and p are invariants
//! of the sequence (the engine reports the least ones), so two proved games have the same
//! sequence exactly when they have the same n₀, p and values g(0..n₀ + p), which the row's
//! fingerprint hashes. (A hash can collide; the test in `tests.rs` recomputes the sequences of
//! every group of `octal:2` and compares them value by value.)
//!
//! Cost: one pass over the rows and a sort.

use crate::report::{CensusEntry, CensusStatus};
use std::collections::BTreeMap;

/// A proved sequence's key (preperiod, period, fingerprint) and its games (index, code).
type Groups<'a> = BTreeMap<(u64, u64, &'a str), Vec<(u64, &'a str)>>;

/// The groups of two or more proved entries with the same sequence, each group's codes in
/// family order, groups ordered by their first code's index.
pub fn same_sequence(entries: &[CensusEntry]) -> Vec<Vec<String>> {
    let mut groups: Groups = BTreeMap::new();
    for e in entries {
        let r = &e.row;
        if let (CensusStatus::Proved, Some(pre), Some(p), Some(f)) = (r.status, r.preperiod, r.period, &r.fingerprint) {
            groups
                .entry((pre, p, f.as_str()))
                .or_default()
                .push((e.index, r.code.as_str()));
        }
    }
    let mut out: Vec<Vec<(u64, &str)>> = groups
        .into_values()
        .filter(|g| g.len() > 1)
        .map(|mut g| {
            g.sort();
            g
        })
        .collect();
    out.sort();
    out.into_iter()
        .map(|g| g.into_iter().map(|(_, c)| c.to_string()).collect())
        .collect()
}
