//! Value sequences of one-heap games: g(0), g(1), ..., g(N) by the plain method, and the
//! detection of their (arithmetic) periodicity.
//!
//! The plain method computes g(n) as the mex of the xors of the values of the heaps each option
//! leaves; values of smaller heaps are read from the table being built, so the cost is the total
//! number of options of heaps 0..N (for a subtraction set S: O(N·|S|)), memory one value per heap.
//!
//! Periodicity: the sequence is arithmetic-periodic with preperiod `pre`, period `p` and saltus
//! `s` when g(n + p) = g(n) + s for every n ≥ pre. The finder returns the least such p seen in
//! the data, never a multiple of it; whether that is *proved* depends on the rules'
//! [`PeriodProof`]: a closed formula proves itself, and a game whose g(n) depends only on the
//! previous `m` values (subtraction sets with largest element m) is proved periodic once a window
//! of m values repeats.
//!
//! [`sequence`] is the entry point for `seq`: rules that are a take-and-break code go to the
//! fast engine of [`crate::solve::take_break`] (sparse space, 1–2 bytes per heap, Guy–Smith
//! proofs that stop the computation early); any other rules to [`plain_values`].

use crate::control::Control;
use crate::error::{Error, Result};
use crate::games::heap::HeapRules;
use crate::nimber::{MexScratch, Nimber};
use crate::solve::take_break::{self, Computed, Values};
use serde::Serialize;

/// What proves that a seen period goes on for ever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeriodProof {
    /// Nothing: a period seen is only reported as seen.
    None,
    /// The closed form g(n) = g(n − p) + s for n ≥ pre is proved for the rules.
    Known {
        preperiod: u64,
        period: u64,
        saltus: u64,
        rule: &'static str,
    },
    /// For n ≥ m, g(n) is determined by g(n − m), ..., g(n − 1) (a finite subtraction set with
    /// largest element m): a window of m values that repeats proves the period.
    Window { length: u64 },
}

/// A detected periodicity.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    pub preperiod: u64,
    pub period: u64,
    pub saltus: u64,
    pub proved: bool,
    /// How it was proved, or on what range it was seen.
    pub reason: String,
}

/// g(0..=n) by the plain method; `control` can cancel it.
pub fn plain_values<R: HeapRules + ?Sized>(rules: &R, n: u64, control: &Control) -> Result<Vec<Nimber>> {
    match plain_values_until(rules, n, control)? {
        (_, Some(why)) => Err(why),
        (values, None) => Ok(values),
    }
}

/// As [`plain_values`], but cancellation or the memory budget ends the run with the values
/// computed so far and the reason.
pub fn plain_values_until<R: HeapRules + ?Sized>(
    rules: &R,
    n: u64,
    control: &Control,
) -> Result<(Vec<Nimber>, Option<Error>)> {
    let len = usize::try_from(n)
        .ok()
        .and_then(|n| n.checked_add(1))
        .ok_or_else(|| Error::Input(format!("heap {n} is too large")))?;
    let mut g: Vec<Nimber> = Vec::with_capacity(len);
    let mut scratch = MexScratch::default();
    let mut seen: Vec<Nimber> = Vec::new();
    for k in 0..=n {
        if k & 0x3ff == 0 && k > 0 {
            if let Some(why) = control.stop() {
                return Ok((g, Some(why)));
            }
            if k & 0xffff == 0 {
                control.progress("heaps", k, Some(n + 1));
            }
        }
        seen.clear();
        let mut bad = None;
        rules.heap_options(k, &mut |parts| {
            let mut x = Nimber::ZERO;
            for &p in parts {
                match g.get(p as usize) {
                    Some(v) if p < k => x ^= *v,
                    _ => bad = Some(p),
                }
            }
            seen.push(x);
        });
        if let Some(p) = bad {
            return Err(Error::Unsupported(format!(
                "the rules move heap {k} to a heap of {p}, not smaller"
            )));
        }
        g.push(scratch.mex(&seen));
    }
    if n > 0xffff {
        control.finished("heaps");
    }
    Ok((g, None))
}

/// The least arithmetic period of `values`, with its preperiod and saltus, and whether it is
/// proved by `proof`.
pub fn find_period(values: &[Nimber], proof: &PeriodProof) -> Option<Periodicity> {
    let len = values.len() as u64;
    if let PeriodProof::Known {
        preperiod,
        period,
        saltus,
        rule,
    } = proof
    {
        return Some(Periodicity {
            preperiod: *preperiod,
            period: *period,
            saltus: *saltus,
            proved: true,
            reason: (*rule).to_string(),
        });
    }
    let candidates = || (1..=len / 2).filter_map(|p| tail_of_period(values, p).map(|(pre, s)| (p, pre, s)));
    if let PeriodProof::Window { length } = proof {
        // A proved period is a true period, so the least proved one is the fundamental period.
        if let Some((p, pre, s)) = candidates().find(|&(p, pre, s)| s == 0 && len - pre >= p + length) {
            return Some(Periodicity {
                preperiod: pre,
                period: p,
                saltus: s,
                proved: true,
                reason: format!(
                    "proved: g(n) depends only on the {length} previous values, and the {length} values from heap {pre} on repeat {p} heaps later"
                ),
            });
        }
    }
    let (p, pre, s) = candidates().find(|&(p, pre, _)| {
        let span = len - pre;
        span >= 3 * p && span >= 12 && span * 2 >= len
    })?;
    Some(Periodicity {
        preperiod: pre,
        period: p,
        saltus: s,
        proved: false,
        reason: format!("not proved up to {}: seen on heaps {pre}..{}", len - 1, len - 1),
    })
}

/// For a candidate period `p`: the saltus read off the last values and the least preperiod
/// with which the whole sequence fits, or `None` when the saltus would be negative.
fn tail_of_period(values: &[Nimber], p: u64) -> Option<(u64, u64)> {
    let pu = p as usize;
    let last = values.len() - 1;
    let saltus = values[last].0.checked_sub(values[last - pu].0)?;
    let pre = (0..values.len() - pu)
        .rev()
        .find(|&n| values[n].0.checked_add(saltus) != Some(values[n + pu].0))
        .map_or(0, |n| n as u64 + 1);
    Some((pre, saltus))
}

/// A computed sequence: g(n) for every n up to the last heap asked for, and its periodicity.
#[derive(Debug)]
pub struct Sequence {
    computed: Computed,
    /// The largest heap asked for.
    pub to: u64,
    pub period: Option<Periodicity>,
    /// How the values were computed, in words.
    pub method: String,
    /// Why the computation stopped after heap `to` (the values so far are kept): cancelled
    /// ([`Error::Interrupted`]) or the memory budget ([`Error::MemoryLimit`]).
    pub stopped: Option<Error>,
}

impl Sequence {
    /// g(n) for n ≤ `to`.
    pub fn get(&self, n: u64) -> u64 {
        self.computed.get(n).expect("every heap up to `to` is known") as u64
    }

    /// The values computed one by one (the rest, if any, were read off the proved period).
    pub fn computed_heaps(&self) -> u64 {
        self.computed.values.len() as u64
    }

    /// g(n) for any n: computed, or read off a proved (arithmetic) period; `None` beyond both.
    pub fn value(&self, n: u64) -> Option<u64> {
        if let Some(v) = self.computed.get(n) {
            return Some(u64::from(v));
        }
        let p = self.period.as_ref().filter(|p| p.proved && p.period > 0)?;
        if n < p.preperiod {
            return None;
        }
        let base = p.preperiod + (n - p.preperiod) % p.period;
        let turns = (n - base) / p.period;
        let v = u64::from(self.computed.get(base)?);
        turns.checked_mul(p.saltus)?.checked_add(v)
    }
}

/// g(0..=to) for any heap rules, with the best method they allow; `options.control` can cancel
/// it (the error is then the reason, the partial values are dropped: see [`sequence_until`]).
pub fn sequence<R: HeapRules + ?Sized>(rules: &R, to: u64, options: take_break::Options) -> Result<Sequence> {
    let mut seq = sequence_until(rules, to, options)?;
    match seq.stopped.take() {
        Some(why) => Err(why),
        None => Ok(seq),
    }
}

/// As [`sequence`], but cancellation or the memory budget ends the run with the values
/// computed so far: `stopped` holds the reason and `to` is the last heap computed. (Stopped
/// before heap 0 was computed, the reason is the error.)
pub fn sequence_until<R: HeapRules + ?Sized>(rules: &R, to: u64, options: take_break::Options) -> Result<Sequence> {
    if let Some(code) = rules.take_break() {
        let computed = take_break::compute_until(&code, to, options)?;
        if let Some(why) = computed.stopped {
            if computed.values.is_empty() {
                return Err(why);
            }
            let last = computed.values.len() as u64 - 1;
            let mut seq = Sequence::from_values(
                (0..=last)
                    .map(|n| Nimber(u64::from(computed.values.get(n as usize))))
                    .collect(),
                &PeriodProof::None,
                "stopped early",
            )?;
            seq.period = None;
            seq.stopped = Some(why);
            return Ok(seq);
        }
        let period = match &computed.period {
            Some(p) => Some(Periodicity {
                preperiod: p.preperiod,
                period: p.period,
                saltus: 0,
                proved: true,
                reason: p.rule.clone(),
            }),
            None => match rules.period_proof() {
                PeriodProof::Known { .. } => find_period(&[], &rules.period_proof()),
                _ => seen_period(&computed.values),
            },
        };
        let method = match computed.sparse_mask {
            Some(mask) if computed.twist => format!(
                "sparse space (rare heaps a: popcount(g(a) & {mask:#b}) + a even; {} rare heaps a ≥ 1, {} counting heap 0)",
                computed.rare,
                computed.rare + 1
            ),
            Some(mask) => format!(
                "sparse space (rare values: even number of 1 bits under mask {mask:#b}; {} rare heaps a ≥ 1, {} counting heap 0)",
                computed.rare,
                computed.rare + 1
            ),
            None => "plain (every split, mex bitset)".to_string(),
        };
        let method = if computed.period.is_some() && (computed.values.len() as u64) <= to {
            format!(
                "{method}; heaps 0..{} computed, the rest read off the proved period",
                computed.values.len() - 1
            )
        } else {
            method
        };
        return Ok(Sequence {
            computed,
            to,
            period,
            method,
            stopped: None,
        });
    }
    if let Some(values) = rules.own_sequence(to, &options.control) {
        return Sequence::from_values(values?, &rules.period_proof(), "the rules' own sieve");
    }
    let (values, stopped) = plain_values_until(rules, to, &options.control)?;
    if let Some(why) = &stopped
        && values.is_empty()
    {
        return Err(why.clone());
    }
    let mut seq = Sequence::from_values(values, &rules.period_proof(), "plain (every option)")?;
    if stopped.is_some() {
        seq.period = None;
        seq.stopped = stopped;
    }
    Ok(seq)
}

impl Sequence {
    /// A sequence from values computed elsewhere (g(0..=to)), with its period by `proof`.
    pub fn from_values(values: Vec<Nimber>, proof: &PeriodProof, method: &str) -> Result<Sequence> {
        let to = values.len() as u64 - 1;
        let period = find_period(&values, proof);
        let narrow: Option<Vec<u32>> = values.iter().map(|v| u32::try_from(v.0).ok()).collect();
        let Some(narrow) = narrow else {
            return Err(Error::Unsupported("values beyond 2^32 are not stored by seq".into()));
        };
        Ok(Sequence {
            computed: Computed {
                values: Values::U32(narrow),
                period: None,
                sparse_mask: None,
                twist: false,
                rare: 0,
                stopped: None,
            },
            to,
            period,
            method: method.into(),
            stopped: None,
        })
    }
}

/// The least period seen at the end of `values` (not proved): it must cover the last half of
/// the data and at least three periods. Saltus 0 (finite take-and-break codes are never
/// arithmetic-periodic with a positive saltus).
fn seen_period(values: &Values) -> Option<Periodicity> {
    let len = values.len();
    if len < 12 {
        return None;
    }
    for p in 1..=len / 3 {
        let mut n = len - p;
        while n > 0 && values.get(n - 1) == values.get(n - 1 + p) {
            n -= 1;
        }
        let span = len - n;
        if span >= 3 * p && span * 2 >= len {
            return Some(Periodicity {
                preperiod: n as u64,
                period: p as u64,
                saltus: 0,
                proved: false,
                reason: format!("not proved up to {}: seen on heaps {n}..{}", len - 1, len - 1),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(v: &[u64]) -> Vec<Nimber> {
        v.iter().map(|&x| Nimber(x)).collect()
    }

    #[test]
    fn finds_the_least_period_not_a_multiple() {
        let v: Vec<Nimber> = (0..60).map(|n| Nimber(n % 3)).collect();
        let p = find_period(&v, &PeriodProof::Window { length: 2 }).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.proved), (0, 3, 0, true));
    }

    #[test]
    fn preperiod_and_saltus() {
        let mut v = seq(&[5, 7, 9]);
        v.extend((0..40).map(|n| Nimber(n / 2 * 4 + n % 2)));
        let p = find_period(&v, &PeriodProof::None).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.proved), (3, 2, 4, false));
    }

    #[test]
    fn no_period_in_short_or_irregular_data() {
        assert_eq!(
            find_period(&seq(&[0, 1, 2, 0, 4, 1, 7, 3, 0, 2, 5, 6]), &PeriodProof::None),
            None
        );
    }
}
