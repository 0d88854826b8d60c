//! Closed forms of table rows found automatically: the eventual *arithmetic-periodic* form of a
//! row g(n), n = first..=last, with cells possibly missing (two pawns on one square).
//!
//! A row is arithmetic-periodic from n₀ with period p and saltus s when g(n + p) = g(n) + s for
//! every n ≥ n₀. The finder tries p = 1, 2, ... and takes the least p whose tail fits (the saltus
//! is read off the last cells, n₀ is the least start from which every cell is present and fits),
//! provided the fitting stretch spans at least three periods and eight cells. When s is a
//! multiple c·p of p, each residue class r of n mod p is a line g(n) = c·n + k_r, which is
//! printed the way the thesis writes its rows: "for n ≥ 4: g(3,n) = n if n mod 4 ∈ {1,2};
//! n − 4 if n mod 4 ∈ {3,0}".
//!
//! Seen is not proved. A row is *proved* only with a [`RowLaw`]: a proved statement
//! g(n + P) = g(n) + S for n ≥ F (from a game's closed formula, e.g. Welter's function). If the
//! pattern holds on every n from max(n₀, F) to at least max(n₀, F) + P + p − 1, then by the law
//! every later n reduces by multiples of P into that checked stretch, so the pattern holds for
//! all n ≥ n₀. Otherwise the pattern is reported as checked up to the last cell. Cost: O(len²).

use serde::Serialize;

/// A proved shift law of a row: g(n + period) = g(n) + saltus for every n ≥ from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowLaw {
    pub from: u64,
    pub period: u64,
    pub saltus: u64,
    /// Why it holds (printed after "proved: ").
    pub reason: String,
}

/// One residue class's form: g(n) = slope·n + offset (slope = saltus / period).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClassForm {
    /// The residues n mod period, in the thesis's order 1, 2, ..., p − 1, 0.
    pub residues: Vec<u64>,
    pub offset: i128,
}

/// An arithmetic-periodic form of a row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RowPattern {
    /// n₀: the form holds for n ≥ n₀.
    pub from: u64,
    pub period: u64,
    pub saltus: u64,
    /// For saltus = c·period: the lines, grouped by offset; empty otherwise.
    pub classes: Vec<ClassForm>,
    /// Earlier cells (below n₀) where the same lines hold too.
    pub also: Vec<u64>,
    /// The last n checked.
    pub checked_to: u64,
    pub proved: bool,
    pub reason: String,
}

/// The eventual arithmetic-periodic form of `values` (cell k is n = first + k; `None` = missing).
pub fn find(first: u64, values: &[Option<u64>], law: Option<&RowLaw>) -> Option<RowPattern> {
    let len = values.len();
    if len < 8 {
        return None;
    }
    let last = first + len as u64 - 1;
    let (p, start, s) = (1..=len / 3).find_map(|p| {
        let (start, s) = fit(values, p)?;
        let span = len - start;
        (span >= 3 * p && span >= 8).then_some((p, start, s))
    })?;
    let from = first + start as u64;
    let (period, saltus) = (p as u64, s);
    let mut pattern = RowPattern {
        from,
        period,
        saltus,
        classes: Vec::new(),
        also: Vec::new(),
        checked_to: last,
        proved: false,
        reason: format!("not proved: checked for n ≤ {last}"),
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
    if let Some(law) = law {
        let m = from.max(law.from);
        if m.checked_add(law.period + period - 1).is_some_and(|need| need <= last) {
            pattern.proved = true;
            pattern.reason = format!(
                "proved: {}; the form holds on n = {m}..{}, a whole period of that law",
                law.reason,
                m + law.period + period - 1
            );
        }
    }
    Some(pattern)
}

/// For period `p`: the least start index from which every cell is present and
/// g(n + p) = g(n) + s, with s read off the last cells; `None` if s would be negative.
fn fit(values: &[Option<u64>], p: usize) -> Option<(usize, u64)> {
    let last = values.len() - 1;
    let s = values[last]?.checked_sub(values[last - p]?)?;
    let mut start = last - p;
    while start > 0 {
        let n = start - 1;
        match (values[n], values[n + p]) {
            (Some(a), Some(b)) if a.checked_add(s) == Some(b) => start = n,
            _ => break,
        }
    }
    Some((start, s))
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
pub fn describe(p: &RowPattern, name: &str, var: &str) -> String {
    let mut out = format!("for {var} ≥ {}: {name} = ", p.from);
    if p.classes.is_empty() {
        out.push_str(&format!(
            "{name} with {var} − {} in place of {var}, plus {}",
            p.period, p.saltus
        ));
    } else {
        let slope = (p.saltus / p.period) as i128;
        let parts: Vec<String> = p
            .classes
            .iter()
            .map(|c| {
                let l = line(slope, c.offset, var);
                if p.classes.len() == 1 {
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
    if !p.also.is_empty() {
        let a: Vec<String> = p.also.iter().map(u64::to_string).collect();
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

    #[test]
    fn welter_row_three_reads_like_the_thesis() {
        // g(3,n) = ((2 ⊕ (n−1)) − 1, n ≠ 3
        let v = row(1, 16, |n| (n != 3).then(|| (2 ^ (n - 1)) - 1));
        let p = find(1, &v, None).unwrap();
        assert_eq!((p.from, p.period, p.saltus), (4, 4, 4));
        assert_eq!(
            describe(&p, "g(3,n)", "n"),
            "for n ≥ 4: g(3,n) = n if n mod 4 ∈ {1,2}; n − 4 if n mod 4 ∈ {3,0} (period 4, saltus 4); it also holds for n = 1, 2"
        );
        assert!(!p.proved);
        assert!(p.reason.contains("n ≤ 16"));
    }

    #[test]
    fn a_law_proves_a_pattern_only_over_enough_cells() {
        let v = row(1, 16, |n| (n != 3).then(|| (2 ^ (n - 1)) - 1));
        let law = RowLaw {
            from: 5,
            period: 4,
            saltus: 4,
            reason: "test".into(),
        };
        assert!(find(1, &v, Some(&law)).unwrap().proved);
        let short = &v[..10];
        assert!(!find(1, short, Some(&law)).map(|p| p.proved).unwrap_or(false));
    }

    #[test]
    fn constant_and_periodic_rows() {
        let v = row(0, 30, |n| Some(n % 3));
        let p = find(0, &v, None).unwrap();
        assert_eq!((p.from, p.period, p.saltus), (0, 3, 0));
        assert_eq!(
            describe(&p, "g(n)", "n"),
            "for n ≥ 0: g(n) = 1 if n mod 3 = 1; 2 if n mod 3 = 2; 0 if n mod 3 = 0 (period 3, saltus 0)"
        );
        let v = row(1, 20, |n| Some(if n == 2 { 0 } else { 1 }));
        let p = find(1, &v, None).unwrap();
        assert_eq!(
            describe(&p, "B(1,n)", "n"),
            "for n ≥ 3: B(1,n) = 1 (period 1, saltus 0); it also holds for n = 1"
        );
    }

    #[test]
    fn irregular_rows_have_no_pattern() {
        let v: Vec<Option<u64>> = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8].iter().map(|&x| Some(x)).collect();
        assert_eq!(find(0, &v, None), None);
    }
}
