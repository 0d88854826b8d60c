//! Closed forms of the rows of two-parameter tables: the eventual arithmetic-periodic form of a
//! row g(n), n = first..=last, with cells possibly missing (two pawns on one square), written
//! the way the thesis writes its rows.
//!
//! The form is detected by [`super::detect`] with [`Seen::TABLE_ROW`] (at least three periods
//! and eight cells). When the saltus s is a multiple c·p of the period p, each residue class r
//! of n mod p is a line g(n) = c·n + k_r, printed as "for n ≥ 4: g(3,n) = n if n mod 4 ∈ {1,2};
//! n − 4 if n mod 4 ∈ {3,0}".
//!
//! Seen is not proved. A row is *proved* only with a law: a proved periodicity
//! g(n + P) = g(n) + S for n ≥ F (from a game's closed formula, e.g. Welter's function, or a
//! heap sequence's proved period). If the form holds on every n from max(n₀, F) to at least
//! max(n₀, F) + P + p − 1, then by the law every later n reduces by multiples of P into that
//! checked stretch, so the form holds for all n ≥ n₀. Otherwise the form is reported as checked
//! up to the last cell. Cost: O(len²) at most (the detection).

use super::{Basis, Periodicity, Seen, detect};
use serde::Serialize;

/// One residue class's form: g(n) = slope·n + offset (slope = saltus / period).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClassForm {
    /// The residues n mod period, in the thesis's order 1, 2, ..., p − 1, 0.
    pub residues: Vec<u64>,
    /// The line's value at n = 0.
    pub offset: i128,
}

/// An arithmetic-periodic form of a row: its [`Periodicity`] (preperiod = n₀, the first n of
/// the form) and the lines of its residue classes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RowPattern {
    /// Where, with which period and saltus, and on what basis the form holds.
    pub periodicity: Periodicity,
    /// For saltus = c·period: the lines, grouped by offset; empty otherwise.
    pub classes: Vec<ClassForm>,
    /// Earlier cells (below n₀) where the same lines hold too.
    pub also: Vec<u64>,
    /// The last n checked.
    pub checked_to: u64,
}

/// The eventual arithmetic-periodic form of `values` (cell k is n = first + k; `None` =
/// missing), proved when `law` is given and the form holds over a whole period of it.
pub fn row_pattern(first: u64, values: &[Option<u64>], law: Option<&Periodicity>) -> Option<RowPattern> {
    let len = values.len();
    let last = first + len as u64 - 1;
    let (p, start, saltus) = detect(len, |i| values[i], Seen::TABLE_ROW)?;
    let from = first + start as u64;
    let period = p as u64;
    let mut pattern = RowPattern {
        periodicity: Periodicity {
            preperiod: from,
            period,
            saltus,
            basis: Basis::Observed,
            reason: format!("not proved: checked for n ≤ {last}"),
        },
        classes: Vec::new(),
        also: Vec::new(),
        checked_to: last,
    };
    if saltus % period == 0 {
        let slope = (saltus / period) as i128;
        let mut order: Vec<u64> = (1..period).collect();
        order.push(0);
        // offset of each residue, from its first cell at or after n₀
        let offset_of = |r: u64| -> i128 {
            let n = from + (r + period - from % period) % period;
            values[(n - first) as usize].expect("present from n₀ on") as i128 - slope * n as i128
        };
        for r in order {
            let k = offset_of(r);
            match pattern.classes.iter_mut().find(|c| c.offset == k) {
                Some(c) => c.residues.push(r),
                None => pattern.classes.push(ClassForm {
                    residues: vec![r],
                    offset: k,
                }),
            }
        }
        for n in first..from {
            if let Some(v) = values[(n - first) as usize]
                && v as i128 == slope * n as i128 + offset_of(n % period)
            {
                pattern.also.push(n);
            }
        }
    }
    if let Some(law) = law.filter(|law| law.proved()) {
        let m = from.max(law.preperiod);
        if m.checked_add(law.period + period - 1).is_some_and(|need| need <= last) {
            pattern.periodicity.basis = Basis::Law;
            pattern.periodicity.reason = format!(
                "proved: {}; the form holds on n = {m}..{}, a whole period of that law",
                law.statement(),
                m + law.period + period - 1
            );
        }
    }
    Some(pattern)
}

/// Prove the form of a Boolean row B = [g ≠ 0] (`bits`) from the proved form of the values
/// (`values`) of the same row: when B is seen to be 1 from some n on, and the values are proved
/// to follow lines of positive slope that are all above 0 from there, B = 1 for ever. `name` is
/// the row's left-hand side (`B(5,n)`). Nothing changes when the conditions do not hold.
pub fn prove_nonzero_row(bits: &mut RowPattern, values: &RowPattern, name: &str) {
    let (bp, vp) = (&bits.periodicity, &values.periodicity);
    if !(vp.proved()
        && bp.period == 1
        && bp.saltus == 0
        && bits.classes.iter().all(|c| c.offset == 1)
        && vp.saltus.is_multiple_of(vp.period)
        && vp.saltus > 0)
    {
        return;
    }
    let slope = (vp.saltus / vp.period) as i128;
    let start = bp.preperiod.max(vp.preperiod);
    if start <= bits.checked_to && values.classes.iter().all(|c| slope * start as i128 + c.offset > 0) {
        bits.periodicity.basis = Basis::Law;
        bits.periodicity.reason = format!(
            "proved: B = 1 where g ≠ 0, and {} follows lines of slope {slope} that are positive from n = {start} on (checked directly below)",
            name.replacen('B', "g", 1)
        );
    }
}

/// `n`, `n − 4`, `n + 2`, `3`, `2n + 1` ...
fn line(slope: i128, offset: i128, var: &str) -> String {
    let head = match slope {
        0 => return offset.to_string(),
        1 => var.to_string(),
        c => format!("{c}{var}"),
    };
    match offset {
        0 => head,
        k if k > 0 => format!("{head} + {k}"),
        k => format!("{head} − {}", -k),
    }
}

fn set(residues: &[u64]) -> String {
    let r: Vec<String> = residues.iter().map(u64::to_string).collect();
    format!("{{{}}}", r.join(","))
}

/// The form in the thesis's words, e.g. "for n ≥ 4: g(3,n) = n if n mod 4 ∈ {1,2}; n − 4 if
/// n mod 4 ∈ {3,0}", where `name` is the left-hand side ("g(3,n)") and `var` the variable ("n").
pub fn describe(pattern: &RowPattern, name: &str, var: &str) -> String {
    let p = &pattern.periodicity;
    let mut out = format!("for {var} ≥ {}: {name} = ", p.preperiod);
    if pattern.classes.is_empty() {
        out.push_str(&format!(
            "{name} with {var} − {} in place of {var}, plus {}",
            p.period, p.saltus
        ));
    } else {
        let slope = (p.saltus / p.period) as i128;
        let parts: Vec<String> = pattern
            .classes
            .iter()
            .map(|c| {
                let l = line(slope, c.offset, var);
                if pattern.classes.len() == 1 {
                    l
                } else if c.residues.len() == 1 {
                    format!("{l} if {var} mod {} = {}", p.period, c.residues[0])
                } else {
                    format!("{l} if {var} mod {} ∈ {}", p.period, set(&c.residues))
                }
            })
            .collect();
        out.push_str(&parts.join("; "));
    }
    out.push_str(&format!(" (period {}, saltus {})", p.period, p.saltus));
    if !pattern.also.is_empty() {
        let a: Vec<String> = pattern.also.iter().map(u64::to_string).collect();
        out.push_str(&format!("; it also holds for {var} = {}", a.join(", ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(first: u64, last: u64, f: impl Fn(u64) -> Option<u64>) -> Vec<Option<u64>> {
        (first..=last).map(f).collect()
    }

    fn shape(p: &RowPattern) -> (u64, u64, u64) {
        (p.periodicity.preperiod, p.periodicity.period, p.periodicity.saltus)
    }

    #[test]
    fn welter_row_three_reads_like_the_thesis() {
        // g(3,n) = ((2 ⊕ (n−1)) − 1, n ≠ 3
        let v = row(1, 16, |n| (n != 3).then(|| (2 ^ (n - 1)) - 1));
        let p = row_pattern(1, &v, None).unwrap();
        assert_eq!(shape(&p), (4, 4, 4));
        assert_eq!(
            describe(&p, "g(3,n)", "n"),
            "for n ≥ 4: g(3,n) = n if n mod 4 ∈ {1,2}; n − 4 if n mod 4 ∈ {3,0} (period 4, saltus 4); it also holds for n = 1, 2"
        );
        assert!(!p.periodicity.proved());
        assert!(p.periodicity.reason.contains("n ≤ 16"));
    }

    #[test]
    fn a_law_proves_a_form_only_over_enough_cells() {
        let v = row(1, 16, |n| (n != 3).then(|| (2 ^ (n - 1)) - 1));
        let law = Periodicity::law(5, 4, 4, "test");
        let p = row_pattern(1, &v, Some(&law)).unwrap();
        assert_eq!(p.periodicity.basis, Basis::Law);
        assert_eq!(
            p.periodicity.reason,
            "proved: test; the form holds on n = 5..12, a whole period of that law"
        );
        let short = &v[..10];
        assert!(!row_pattern(1, short, Some(&law)).is_some_and(|p| p.periodicity.proved()));
        // An observed periodicity is no law.
        let mut seen = law.clone();
        seen.basis = Basis::Observed;
        assert!(!row_pattern(1, &v, Some(&seen)).unwrap().periodicity.proved());
    }

    #[test]
    fn constant_and_periodic_rows() {
        let v = row(0, 30, |n| Some(n % 3));
        let p = row_pattern(0, &v, None).unwrap();
        assert_eq!(shape(&p), (0, 3, 0));
        assert_eq!(
            describe(&p, "g(n)", "n"),
            "for n ≥ 0: g(n) = 1 if n mod 3 = 1; 2 if n mod 3 = 2; 0 if n mod 3 = 0 (period 3, saltus 0)"
        );
        let v = row(1, 20, |n| Some(if n == 2 { 0 } else { 1 }));
        let p = row_pattern(1, &v, None).unwrap();
        assert_eq!(
            describe(&p, "B(1,n)", "n"),
            "for n ≥ 3: B(1,n) = 1 (period 1, saltus 0); it also holds for n = 1"
        );
    }

    #[test]
    fn irregular_rows_have_no_form() {
        let v: Vec<Option<u64>> = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8].iter().map(|&x| Some(x)).collect();
        assert_eq!(row_pattern(0, &v, None), None);
    }

    #[test]
    fn a_boolean_row_is_proved_by_positive_lines() {
        // g(n) = n + 1 for n ≥ 0 (proved by a law), so B = 1 everywhere.
        let values = row(0, 20, |n| Some(n + 1));
        let law = Periodicity::law(0, 1, 1, "g(n) = n + 1");
        let vp = row_pattern(0, &values, Some(&law)).unwrap();
        assert!(vp.periodicity.proved());
        let bits = row(0, 20, |_| Some(1));
        let mut bp = row_pattern(0, &bits, None).unwrap();
        assert!(!bp.periodicity.proved());
        prove_nonzero_row(&mut bp, &vp, "B(n)");
        assert!(bp.periodicity.proved(), "{}", bp.periodicity.reason);
        assert!(bp.periodicity.reason.contains("g(n) follows lines of slope 1"));
        // Not from an unproved value form.
        let unproved = row_pattern(0, &values, None).unwrap();
        let mut bp = row_pattern(0, &bits, None).unwrap();
        prove_nonzero_row(&mut bp, &unproved, "B(n)");
        assert!(!bp.periodicity.proved());
    }
}
