//! Periodicity of value sequences, detected and proved in one place, with one result type.
//!
//! A sequence g(0), g(1), ... is *arithmetic-periodic* with preperiod n₀, period p and saltus s
//! when g(n + p) = g(n) + s for every n ≥ n₀ (s = 0: plainly periodic). Every finder here
//! returns a [`Periodicity`]: those three numbers, the [`Basis`] on which it is claimed (a
//! theorem, a law of the game, or only observed on the data) and the reason in words.
//!
//! **Detection** ([`detect`]): for p = 1, 2, ..., the saltus is read off the last values and the
//! fit is followed backwards to the least n₀; the least p whose fit covers enough of the data
//! ([`Seen`]) is reported, so never a multiple of the true period. Cost O(len · p) for the p
//! returned (each candidate stops at its first mismatch, so usually far less).
//!
//! **Proof**, by what is known about the rules ([`PeriodProof`]):
//! - the Guy–Smith periodicity theorem for take-and-break codes ([`guy_smith()`]; Guy and Smith
//!   1956, *Winning Ways* ch. 4), which also stops the take-and-break engine early;
//! - a window rule: when g(n) depends only on the `m` previous values (a finite subtraction set
//!   with largest element m), a window of m values that repeats proves the period;
//! - a law of the game: a proved statement g(n + P) = g(n) + S for n ≥ F, from a closed formula
//!   (Bouton's g(n) = n for Nim) or a row of a two-parameter table (Welter's function); such a
//!   law is itself a [`Periodicity`] with [`Basis::Law`]. A row's own, finer form is proved from
//!   a law when it holds over one whole period of the law ([`rows::row_pattern`]).
//!
//! Why one module: `seq`, `table` and the sequence engine of heap games must agree on what
//! "proved" means; a claim marked proved here is proved, everything else is [`Basis::Observed`].

pub mod guy_smith;
pub mod rows;

pub use guy_smith::guy_smith;
pub use rows::{ClassForm, RowPattern, describe, row_pattern};

use crate::nimber::Nimber;
use serde::Serialize;

/// On what a periodicity is claimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Basis {
    /// Proved by the Guy–Smith periodicity theorem (take-and-break rules).
    GuySmith,
    /// Proved by a repeated window: g(n) depends only on a bounded number of previous values.
    Window,
    /// Proved by a law of the game (a closed formula, a row law of a table), or checked over a
    /// whole period of such a law.
    Law,
    /// Only seen on the values computed: not proved.
    Observed,
}

/// A periodicity: g(n + period) = g(n) + saltus for every n ≥ preperiod, and on what basis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The least n from which the form holds (for a law: from where it is proved to hold).
    pub preperiod: u64,
    /// The period p ≥ 1 (the least one seen, for detected periodicities).
    pub period: u64,
    /// The saltus s (0 for plain periodicity).
    pub saltus: u64,
    /// Proved by what, or only observed.
    pub basis: Basis,
    /// The reason in words: how it was proved, or on what range it was seen.
    pub reason: String,
}

impl Periodicity {
    /// A proved law of a game: g(n + period) = g(n) + saltus for n ≥ from, because of
    /// `statement` (the reason reads "proved: {statement}").
    pub fn law(from: u64, period: u64, saltus: u64, statement: impl AsRef<str>) -> Self {
        Periodicity {
            preperiod: from,
            period,
            saltus,
            basis: Basis::Law,
            reason: format!("proved: {}", statement.as_ref()),
        }
    }

    /// Whether the periodicity is proved (anything but [`Basis::Observed`]).
    pub fn proved(&self) -> bool {
        self.basis != Basis::Observed
    }

    /// The reason without a leading "proved: " (to be quoted inside another proof).
    pub fn statement(&self) -> &str {
        self.reason.strip_prefix("proved: ").unwrap_or(&self.reason)
    }

    /// g(n) for any n ≥ preperiod, from the values `known` of one period (and what precedes
    /// it): g(b) + k·saltus where b is n's residue in the first period. `None` when the
    /// periodicity is not proved, n is below the preperiod, `known(b)` is `None`, or the value
    /// overflows.
    pub fn value_at(&self, n: u64, known: impl Fn(u64) -> Option<u64>) -> Option<u64> {
        if !self.proved() || self.period == 0 || n < self.preperiod {
            return None;
        }
        let base = self.preperiod + (n - self.preperiod) % self.period;
        let turns = (n - base) / self.period;
        turns.checked_mul(self.saltus)?.checked_add(known(base)?)
    }
}

/// What is known about the rules that can prove a period seen in their values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeriodProof {
    /// Nothing: a period seen is only reported as seen.
    None,
    /// The periodicity is already proved (a law of the game, or a Guy–Smith proof made
    /// elsewhere): it is the answer, whatever the values.
    Known(Periodicity),
    /// For n ≥ m, g(n) is determined by g(n − m), ..., g(n − 1) (a finite subtraction set with
    /// largest element m): a window of m values that repeats proves the period.
    Window {
        /// m, the number of previous values g(n) depends on.
        length: u64,
    },
}

/// How much of the data a period must cover to be reported as seen: the fitting stretch
/// (from n₀ to the end) spans at least three periods, at least `min_span` values and, with
/// `half`, at least half the data; the data has at least `min_len` values. The thresholds are
/// those each caller has always used (changing them changes printed results).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    /// Fewest values looked at.
    pub min_len: usize,
    /// Fewest values in the fitting stretch.
    pub min_span: usize,
    /// The fitting stretch must cover half the data.
    pub half: bool,
    /// Only saltus 0 is looked for (finite take-and-break codes).
    pub zero_saltus: bool,
}

impl Seen {
    /// One-heap value sequences (`seq`): 12 values and half the data; any saltus.
    pub const SEQUENCE: Seen = Seen {
        min_len: 12,
        min_span: 12,
        half: true,
        zero_saltus: false,
    };
    /// Take-and-break codes whose period the Guy–Smith theorem did not prove: saltus 0.
    pub const TAKE_BREAK: Seen = Seen {
        min_len: 12,
        min_span: 1,
        half: true,
        zero_saltus: true,
    };
    /// Rows of two-parameter tables (cells may be missing): 8 cells.
    pub const TABLE_ROW: Seen = Seen {
        min_len: 8,
        min_span: 8,
        half: false,
        zero_saltus: false,
    };
}

/// For period `p`: the saltus (read off the last two values p apart, or 0) and the least start
/// index from which every value is present and g(n + p) = g(n) + s up to the end. `None` when
/// a value needed for the saltus is missing or the saltus would be negative. `at(i)` is the
/// value at index i < len (`None` for a missing cell).
fn fit(len: usize, at: &impl Fn(usize) -> Option<u64>, p: usize, zero_saltus: bool) -> Option<(usize, u64)> {
    let last = len - 1;
    let s = if zero_saltus {
        0
    } else {
        at(last)?.checked_sub(at(last - p)?)?
    };
    let mut start = len - p;
    while start > 0 {
        let n = start - 1;
        match (at(n), at(n + p)) {
            (Some(a), Some(b)) if a.checked_add(s) == Some(b) => start = n,
            _ => break,
        }
    }
    Some((start, s))
}

/// Each candidate period p = 1, 2, ..., len/2 with its fit (start index, saltus).
fn candidates<'a>(
    len: usize,
    at: &'a impl Fn(usize) -> Option<u64>,
    zero_saltus: bool,
) -> impl Iterator<Item = (usize, usize, u64)> + 'a {
    (1..=len / 2).filter_map(move |p| fit(len, at, p, zero_saltus).map(|(start, s)| (p, start, s)))
}

/// The least period seen in `len` values `at(0..len)` by the thresholds `seen`: (period, start
/// index, saltus). Cells may be missing (`None`); none is inside the fitting stretch.
pub fn detect(len: usize, at: impl Fn(usize) -> Option<u64>, seen: Seen) -> Option<(usize, usize, u64)> {
    if len < seen.min_len.max(2) {
        return None;
    }
    candidates(len, &at, seen.zero_saltus).find(|&(p, start, _)| {
        let span = len - start;
        span >= 3 * p && span >= seen.min_span && (!seen.half || 2 * span >= len)
    })
}

/// A period observed on heaps 0..len − 1 (not proved), in `seq`'s words.
fn observed(len: usize, (p, start, s): (usize, usize, u64)) -> Periodicity {
    Periodicity {
        preperiod: start as u64,
        period: p as u64,
        saltus: s,
        basis: Basis::Observed,
        reason: format!("not proved up to {}: seen on heaps {start}..{}", len - 1, len - 1),
    }
}

/// The periodicity of a one-heap value sequence g(0..len): the known one, else the least
/// period a window rule proves, else the least period seen ([`Seen::SEQUENCE`]).
pub fn of_sequence(values: &[Nimber], proof: &PeriodProof) -> Option<Periodicity> {
    if let PeriodProof::Known(known) = proof {
        return Some(known.clone());
    }
    let len = values.len();
    let at = |i: usize| Some(values[i].0);
    if let PeriodProof::Window { length } = proof {
        // A proved period is a true period, so the least proved one is the fundamental period.
        let proved =
            candidates(len, &at, false).find(|&(p, start, s)| s == 0 && (len - start) as u64 >= p as u64 + length);
        if let Some((p, pre, _)) = proved {
            return Some(Periodicity {
                preperiod: pre as u64,
                period: p as u64,
                saltus: 0,
                basis: Basis::Window,
                reason: format!(
                    "proved: g(n) depends only on the {length} previous values, and the {length} values from heap {pre} on repeat {p} heaps later"
                ),
            });
        }
    }
    detect(len, at, Seen::SEQUENCE).map(|found| observed(len, found))
}

/// The period seen at the end of the values of a take-and-break code that the Guy–Smith theorem
/// did not prove ([`Seen::TAKE_BREAK`]: saltus 0, finite codes have no positive saltus seen
/// here). `at(n)` is g(n) for n < len.
pub fn seen_in_code(len: usize, at: impl Fn(usize) -> u64) -> Option<Periodicity> {
    detect(len, |n| Some(at(n)), Seen::TAKE_BREAK).map(|found| observed(len, found))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::take_break::{self, TakeBreak};

    fn nimbers(v: impl IntoIterator<Item = u64>) -> Vec<Nimber> {
        v.into_iter().map(Nimber).collect()
    }

    /// g(0..=to) of a take-and-break code by the definition (mex over every option).
    fn by_definition(rules: &TakeBreak, to: u64) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for n in 0..=to {
            let mut seen = Vec::new();
            rules.options(n, &mut |parts| {
                seen.push(parts.iter().fold(0, |a, &p| a ^ g[p as usize]))
            });
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        g
    }

    #[test]
    fn subtraction_1_2_3_has_period_4_seen_and_proved_two_ways() {
        let values = by_definition(&TakeBreak::new(vec![0, 3, 3, 3], false), 60);
        let p = of_sequence(&nimbers(values.clone()), &PeriodProof::None).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.basis), (0, 4, 0, Basis::Observed));
        assert!(
            !p.proved() && p.reason.starts_with("not proved up to 60"),
            "{}",
            p.reason
        );
        let w = of_sequence(&nimbers(values.clone()), &PeriodProof::Window { length: 3 }).unwrap();
        assert_eq!((w.preperiod, w.period, w.basis), (0, 4, Basis::Window));
        // Guy–Smith: one heap left, at most 3 removed: g(n + 4) = g(n) for 0 ≤ n < 3 suffices.
        let g = guy_smith(values.len(), |n| values[n], 1, 3).unwrap();
        assert_eq!((g.preperiod, g.period, g.saltus, g.basis), (0, 4, 0, Basis::GuySmith));
    }

    #[test]
    fn kayles_has_preperiod_71_and_period_12() {
        let kayles = TakeBreak::new(vec![0, 7, 7], false);
        let values = by_definition(&kayles, 400);
        let seen = seen_in_code(values.len(), |n| values[n]).unwrap();
        assert_eq!((seen.preperiod, seen.period, seen.saltus), (71, 12, 0));
        assert!(!seen.proved());
        let proved = guy_smith(values.len(), |n| values[n], 2, 2).unwrap();
        assert_eq!(
            (proved.preperiod, proved.period, proved.basis),
            (71, 12, Basis::GuySmith)
        );
        assert!(
            proved.reason.contains("71 ≤ n < 2·71 + 1·12 + 2 = 156"),
            "{}",
            proved.reason
        );
        // The engine proves the same, through this module.
        let c = take_break::compute(&kayles, 1000, Default::default()).unwrap();
        assert_eq!(c.period, Some(proved));
    }

    #[test]
    fn guy_smith_refuses_a_prefix_too_short() {
        // Kayles needs g(n + 12) = g(n) for 71 ≤ n < 2·71 + 12 + 2 = 156, i.e. the values of
        // heaps 0..=167. With one value fewer the period is seen but not proved, and no
        // multiple of it can be proved either.
        let values = by_definition(&TakeBreak::new(vec![0, 7, 7], false), 166);
        assert_eq!(seen_in_code(values.len(), |n| values[n]).map(|p| p.period), Some(12));
        assert_eq!(guy_smith(values.len(), |n| values[n], 2, 2), None);
        let values = by_definition(&TakeBreak::new(vec![0, 7, 7], false), 167);
        assert!(guy_smith(values.len(), |n| values[n], 2, 2).is_some());
    }

    #[test]
    fn guy_smith_reduces_a_period_to_the_fundamental_one() {
        // Subtraction {1, 2}: period 3; the least p meeting the condition may be a multiple
        // when the data is short, but the result is the fundamental period with its preperiod.
        let values: Vec<u64> = (0..40).map(|n| n % 3).collect();
        let p = guy_smith(values.len(), |n| values[n], 1, 2).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 3));
    }

    #[test]
    fn arithmetic_periodicity_with_saltus() {
        // Three exceptional values, then g(n + 2) = g(n) + 4.
        let mut v = nimbers([5, 7, 9]);
        v.extend(nimbers((0..40).map(|n| n / 2 * 4 + n % 2)));
        let p = of_sequence(&v, &PeriodProof::None).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.proved()), (3, 2, 4, false));
        assert_eq!(
            p.value_at(100, |n| Some(v[n as usize].0)),
            None,
            "not proved: not extended"
        );
        let law = Periodicity::law(3, 2, 4, "test law");
        let v1000 = law.value_at(1000, |n| Some(v[n as usize].0)).unwrap();
        assert_eq!(v1000, (1000 - 3) / 2 * 4 + (1000 - 3) % 2);
    }

    #[test]
    fn the_least_period_never_a_multiple() {
        let v = nimbers((0..60).map(|n| n % 3));
        let p = of_sequence(&v, &PeriodProof::Window { length: 2 }).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.proved()), (0, 3, 0, true));
    }

    #[test]
    fn a_non_periodic_prefix_is_reported_as_not_periodic() {
        let digits_of_pi = nimbers([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4]);
        assert_eq!(of_sequence(&digits_of_pi, &PeriodProof::None), None);
        assert_eq!(seen_in_code(digits_of_pi.len(), |n| digits_of_pi[n].0), None);
        // Grundy's game to 60 shows no period (its values keep growing slowly).
        let grundy = by_definition(&TakeBreak::new(vec![4], true), 60);
        assert_eq!(seen_in_code(grundy.len(), |n| grundy[n]), None);
        // A period must cover half the data: one seen only on the last third is not reported.
        let mut v: Vec<u64> = (0..40).collect();
        v.extend((0..20).map(|n| n % 2));
        assert_eq!(of_sequence(&nimbers(v.clone()), &PeriodProof::None), None);
        assert_eq!(detect(v.len(), |n| Some(v[n]), Seen::TABLE_ROW).map(|f| f.0), Some(2));
    }

    #[test]
    fn a_known_law_is_the_answer() {
        let bouton = Periodicity::law(0, 1, 1, "g(n) = n (Bouton)");
        assert_eq!(bouton.reason, "proved: g(n) = n (Bouton)");
        assert_eq!(bouton.statement(), "g(n) = n (Bouton)");
        let p = of_sequence(&[], &PeriodProof::Known(bouton.clone())).unwrap();
        assert_eq!(p, bouton);
        assert_eq!(p.value_at(1 << 40, Some), Some(1 << 40));
    }
}
