//! Value sequences of one-heap games: the rules of a one-heap game ([`HeapRules`]), and
//! g(0), g(1), ..., g(N) by the best method they allow, with their periodicity.
//!
//! The plain method computes g(n) as the mex of the xors of the values of the heaps each option
//! leaves; values of smaller heaps are read from the table being built, so the cost is the total
//! number of options of heaps 0..N (for a subtraction set S: O(N·|S|)), memory one value per heap.
//!
//! Periodicity is found and proved by [`crate::solve::periodicity`]: what can prove it is the
//! rules' [`PeriodProof`] (a law of the game, or a window rule), or the Guy–Smith theorem for
//! take-and-break codes.
//!
//! [`sequence`] is the entry point for `seq` and for the heap games' values
//! ([`crate::games::heap::HeapGame`]): rules that are a take-and-break code go to the fast
//! engine of [`crate::solve::take_break`] (sparse space, 1–2 bytes per heap, Guy–Smith proofs
//! that stop the computation early); any other rules to [`plain_values`].
//!
//! The rules trait lives here, beside the engine that consumes it, so that this module needs
//! nothing from [`crate::games`] (which builds on it).

use crate::control::Control;
use crate::error::{Error, Result};
use crate::nimber::{MexScratch, Nimber};
use crate::solve::periodicity::{self, seen_in_code};
pub use crate::solve::periodicity::{PeriodProof, Periodicity};
use crate::solve::take_break::{self, Computed, TakeBreak, Values};

/// The rules of a game played on one heap (a heap game's "ruleset").
pub trait HeapRules {
    /// Call `f` once for each option of a heap of size `n`, with the heaps it leaves (none, one
    /// or several, each smaller than `n` and summing to less than `n`).
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64]));

    /// The proved value of a single heap, when a closed form is known.
    fn heap_formula(&self, _n: u64) -> Option<Nimber> {
        None
    }

    /// Every option of heap `n` of value `target`, each as the heaps it leaves, found directly;
    /// `None` when the rules have no such shortcut.
    fn heap_moves_to(&self, _n: u64, _target: Nimber) -> Option<Vec<Vec<u64>>> {
        None
    }

    /// The number of options of heap `n`, when it is known without listing them (so that a
    /// listing of every move can be refused when it would be too long).
    fn heap_option_count(&self, _n: u64) -> Option<u128> {
        None
    }

    /// The proved misère Grundy value of the sum of `heaps` (the last mover loses), when the
    /// rules have a closed form for it (misère Nim's rule for Nim); `None` otherwise, and the
    /// misère engines search (or use the genus). Checked against the misère search in tests.
    fn misere_formula(&self, _heaps: &[u64]) -> Option<Nimber> {
        None
    }

    /// The rules as a take-and-break code, when they are one: `seq` then uses the fast
    /// sequence engine (sparse space, Guy–Smith periods) of [`crate::solve::take_break`].
    fn take_break(&self) -> Option<TakeBreak> {
        None
    }

    /// Whether the values of single heaps are best computed as a sequence g(0), g(1), ..., g(N)
    /// (by [`sequence`], the engine of `seq`) rather than by the
    /// generic search: a position then reads each heap's value from a sequence computed once up
    /// to its largest heap (or read off a proved period). Default: when the rules are a
    /// take-and-break code (the fast sparse-space engine).
    fn sequence_engine(&self) -> bool {
        self.take_break().is_some()
    }

    /// g(0..=to) by a method of the rules' own (e.g. a sieve), when they have one faster than
    /// listing every option of every heap; `None` uses the plain method. `control` can cancel
    /// the computation.
    fn own_sequence(&self, _to: u64, _control: &crate::control::Control) -> Option<crate::Result<Vec<Nimber>>> {
        None
    }

    /// What proves periodicity of this game's value sequence (see [`PeriodProof`]).
    fn period_proof(&self) -> PeriodProof {
        PeriodProof::None
    }

    /// Label of a move listed by [`HeapRules::heap_moves_to`], which may stand for a whole
    /// group of moves when the rules say so in the label (default: [`HeapRules::move_label`]).
    fn moves_to_label(&self, n: u64, parts: &[u64]) -> String {
        self.move_label(n, parts)
    }

    /// Label of a move from heap `n` to the heaps `parts`: `10 → 9`, `8 → 1+7`, `3 → 0`.
    fn move_label(&self, n: u64, parts: &[u64]) -> String {
        if parts.is_empty() {
            format!("{n} → 0")
        } else {
            let p: Vec<String> = parts.iter().map(|x| x.to_string()).collect();
            format!("{n} → {}", p.join("+"))
        }
    }
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
/// A table for the values of heaps 0..=to under the memory budget of `control`: the whole
/// table at once when the budget has room for it, otherwise a first chunk whose growth
/// [`grow_within`] accounts (a run then stops with the values so far).
fn budgeted_table(to: u64, control: &Control) -> Result<Vec<Nimber>> {
    const FIRST: usize = 1 << 16;
    let len = usize::try_from(to)
        .ok()
        .and_then(|n| n.checked_add(1))
        .ok_or_else(|| Error::Input(format!("heap {to} is too large")))?;
    let first = if control.reserve(table_bytes(len)).is_ok() {
        len
    } else {
        len.min(FIRST)
    };
    Ok(Vec::with_capacity(first))
}

/// Before a push that would grow `table`: `Err` (the memory-limit error) when the growth
/// does not fit in the budget.
// A `Vec` (not a slice): its capacity is what is checked.
#[allow(clippy::ptr_arg)]
fn grow_within(table: &Vec<Nimber>, control: &Control) -> Result<()> {
    if table.len() == table.capacity() {
        control.reserve(table_bytes(table.len()))
    } else {
        Ok(())
    }
}

fn table_bytes(heaps: usize) -> u64 {
    (heaps as u64).saturating_mul(std::mem::size_of::<Nimber>() as u64)
}

/// g(0..=to) read off the rules' proved closed formula ([`HeapRules::heap_formula`]), O(1) a
/// heap instead of a mex over every option (Nim's n, prime subtraction's n mod 4); `None` when
/// the formula does not cover every heap up to `to`. As [`plain_values_until`], the table's
/// growth is accounted against the memory budget and a stop keeps the values so far.
fn formula_values<R: HeapRules + ?Sized>(
    rules: &R,
    to: u64,
    control: &Control,
) -> Result<Option<(Vec<Nimber>, Option<Error>)>> {
    if rules.heap_formula(to).is_none() || rules.heap_formula(0).is_none() {
        return Ok(None);
    }
    let mut values = budgeted_table(to, control)?;
    for k in 0..=to {
        if k & 0xffff == 0
            && k > 0
            && let Some(why) = control.stop()
        {
            return Ok(Some((values, Some(why))));
        }
        if let Err(why) = grow_within(&values, control) {
            return Ok(Some((values, Some(why))));
        }
        match rules.heap_formula(k) {
            Some(v) => values.push(v),
            None => return Ok(None),
        }
    }
    Ok(Some((values, None)))
}

pub(crate) fn plain_values_until<R: HeapRules + ?Sized>(
    rules: &R,
    n: u64,
    control: &Control,
) -> Result<(Vec<Nimber>, Option<Error>)> {
    let mut g = budgeted_table(n, control)?;
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
        if let Err(why) = grow_within(&g, control) {
            return Ok((g, Some(why)));
        }
        g.push(scratch.mex(&seen));
    }
    if n > 0xffff {
        control.finished("heaps");
    }
    Ok((g, None))
}

/// A computed sequence: g(n) for every n up to the last heap asked for, and its periodicity.
#[derive(Debug)]
pub struct Sequence {
    computed: Computed,
    /// The largest heap asked for.
    pub to: u64,
    /// The periodicity seen in the values, proved (by a law of the game, the window rule or
    /// Guy–Smith) or only observed; `None` when no period shows.
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

    /// Why values read from a store on disk cannot be trusted (a page changed on the disk, or
    /// could not be read, after the store was checked): the output written from them must be
    /// refused. `None` in memory.
    pub fn read_failure(&self) -> Option<Error> {
        self.computed.read_failure()
    }

    /// The heaps whose value is kept in the escape table beside the one-byte store (values of
    /// 255 and more; 0 for other stores).
    pub fn escaped_heaps(&self) -> u64 {
        self.computed.values.escaped() as u64
    }

    /// The largest value computed one by one up to heap `to` (those read off a proved period
    /// repeat earlier ones). A store with an escape table answers from the table, without
    /// reading every heap.
    pub fn largest_computed(&self) -> u64 {
        let values = &self.computed.values;
        let end = usize::try_from(self.to.saturating_add(1)).map_or(values.len(), |e| e.min(values.len()));
        u64::from(values.largest(end))
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
        let p = self.period.as_ref()?;
        p.value_at(n, |m| self.computed.get(m).map(u64::from))
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
        let mut computed = take_break::compute_until(&code, to, options)?;
        if let Some(why) = computed.stopped.take() {
            if computed.values.is_empty() {
                return Err(why);
            }
            // The values so far, kept as they are (one or two bytes a heap): no copy when memory
            // is what stopped the run.
            let last = computed.values.len() as u64 - 1;
            computed.period = None;
            return Ok(Sequence {
                computed,
                to: last,
                period: None,
                method: "stopped early".into(),
                stopped: Some(why),
            });
        }
        let period = match &computed.period {
            Some(p) => Some(p.clone()),
            None => match rules.period_proof() {
                PeriodProof::Known(known) => Some(known),
                _ => seen_in_code(computed.values.len(), |n| u64::from(computed.values.get(n))),
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
    let (values, stopped, method) = match formula_values(rules, to, &options.control)? {
        Some((values, stopped)) => (values, stopped, "the rules' proved formula"),
        None => {
            let (values, stopped) = plain_values_until(rules, to, &options.control)?;
            (values, stopped, "plain (every option)")
        }
    };
    if let Some(why) = &stopped
        && values.is_empty()
    {
        return Err(why.clone());
    }
    let mut seq = Sequence::from_values(values, &rules.period_proof(), method)?;
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
        let period = periodicity::of_sequence(&values, proof);
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
