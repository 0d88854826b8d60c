//! The divisor game (the handbook's state-graph example): in state k a move removes x sticks,
//! where x < k and x divides k; state 1 is terminal. Several states in one position are a sum.
//! Options of k are found by trial division up to √k. (Even states win, odd states lose: the
//! tests check it against the solver.)
//!
//! Sources, by their names in `docs/sources.md`: \[Handbook\].

use crate::error::input;
use crate::games::heap::{HeapRules, at_most, parse_heaps};
use crate::games::{Capabilities, GameEntry};
use crate::settings::Settings;
use crate::nimber::Nimber;
use crate::position::AnyPosition;

/// The divisor game as one-heap rules (a state k is a heap of k), lifted to several states by
/// [`crate::games::heap::HeapGame`]; values come from a sequence computed with a
/// smallest-prime-factor sieve of the divisors.
#[derive(Clone, Copy, Debug, Default)]
pub struct Divisors;

/// Largest state the position commands accept (every smaller state may be visited).
pub(crate) const MAX_STATE: u64 = 10_000_000;

/// The divisors x of k with x < k, in increasing order.
pub(crate) fn proper_divisors(k: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1u64;
    while d.saturating_mul(d) <= k {
        if k.is_multiple_of(d) {
            small.push(d);
            let e = k / d;
            if e != d && e != k {
                large.push(e);
            }
        }
        d += 1;
    }
    small.retain(|&x| x < k);
    small.extend(large.into_iter().rev());
    small
}

impl HeapRules for Divisors {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for x in proper_divisors(n) {
            f(&[n - x]);
        }
    }

    fn move_label(&self, n: u64, parts: &[u64]) -> String {
        let left = parts.first().copied().unwrap_or(0);
        format!("{n} → {left} (remove {})", n - left)
    }

    fn sequence_engine(&self) -> bool {
        true
    }

    /// g(0..=to) with the divisors of each state from a smallest-prime-factor sieve (about
    /// d(k) steps per state instead of √k trial divisions). The sieve and the values (12 bytes
    /// per state) are accounted against the memory budget first: a run that does not fit is
    /// refused with [`crate::Error::MemoryLimit`] before anything is allocated.
    fn own_sequence(&self, to: u64, control: &crate::control::Control) -> Option<crate::Result<Vec<Nimber>>> {
        if to > MAX_STATE {
            return Some(input(format!(
                "state {to} is too large: states up to {MAX_STATE} are accepted"
            )));
        }
        let n = to as usize;
        // The sieve and the values, accounted against the memory budget before they are made.
        let bytes = (to + 1) * (std::mem::size_of::<u32>() + std::mem::size_of::<Nimber>()) as u64;
        if let Err(why) = control.reserve(bytes) {
            return Some(Err(why));
        }
        let mut spf = vec![0u32; n + 1];
        for i in 2..=n {
            if spf[i] == 0 {
                let mut j = i;
                while j <= n {
                    if spf[j] == 0 {
                        spf[j] = i as u32;
                    }
                    j += i;
                }
            }
        }
        let mut g: Vec<Nimber> = Vec::with_capacity(n + 1);
        let mut divisors: Vec<usize> = Vec::new();
        let mut seen: Vec<Nimber> = Vec::new();
        let mut scratch = crate::nimber::MexScratch::default();
        for k in 0..=n {
            if k & 0xffff == 0
                && k > 0
                && let Err(why) = control.check()
            {
                return Some(Err(why));
            }
            if k < 2 {
                g.push(Nimber::ZERO);
                continue;
            }
            divisors.clear();
            divisors.push(1);
            let mut m = k;
            while m > 1 {
                let p = spf[m] as usize;
                let mut e = 0;
                while m.is_multiple_of(p) {
                    m /= p;
                    e += 1;
                }
                let len = divisors.len();
                let mut power = 1;
                for _ in 0..e {
                    power *= p;
                    for i in 0..len {
                        divisors.push(divisors[i] * power);
                    }
                }
            }
            seen.clear();
            seen.extend(divisors.iter().filter(|&&d| d < k).map(|&d| g[k - d]));
            g.push(scratch.mex(&seen));
        }
        Some(Ok(g))
    }
}

fn states(words: &[String]) -> crate::Result<Vec<u64>> {
    let states = at_most(parse_heaps(words)?, MAX_STATE, "divisors")?;
    if states.contains(&0) {
        return input("state 0 does not exist in the divisor game: states are 1, 2, 3, ...");
    }
    Ok(states)
}

fn build(_name: &str, words: &[String], settings: &Settings) -> crate::Result<Box<dyn AnyPosition>> {
    let states = states(words)?;
    crate::games::heap::position("divisors", Divisors, states, settings)
}

fn rules(_name: &str, words: &[String], _max_heap: u64) -> crate::Result<Box<dyn HeapRules>> {
    crate::games::args::no_other_options(words, "divisors", "none")?;
    Ok(Box::new(Divisors))
}

/// Registry entry of the divisor game (`divisors`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "divisors",
    aliases: &["divisor-game"],
    summary: "divisor game: in state k remove x < k sticks where x divides k",
    rules: "A heap of k sticks. A move removes x sticks, where x < k and x divides k. State 1 \
            is terminal: the player to move there loses. (State 0 does not occur; `seq` shows it \
            with value 0.)",
    syntax: "K...   states (1 to 10000000); several are a sum",
    example: "divisors 9",
    hard_example: "divisors 10000000 9999999",
    build,
    heap_rules: Some(rules),
    claims: None,
    caps: Capabilities {
        editor: super::Editor::Numbers,
        ..Capabilities::NONE
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sieve_beyond_the_memory_budget_is_refused_before_it_is_made() {
        let budget = crate::memory::MemoryBudget::new(u64::MAX);
        let control = crate::control::Control::new().with_memory(budget.clone());
        // 12 bytes a state: 10^7 states need 120 MB.
        // (16 MiB of room: other test threads would have to free 100 MB meanwhile to let it in.)
        budget.set_limit(crate::memory::resident().unwrap_or(0) + (16 << 20));
        let refused = Divisors.own_sequence(MAX_STATE, &control).unwrap();
        assert_eq!(refused, Err(budget.error()));
        // With room, it is made and right: even states win.
        budget.set_limit(u64::MAX);
        let g = Divisors.own_sequence(1000, &control).unwrap().unwrap();
        assert!((2..=1000).all(|k| (g[k] != Nimber::ZERO) == (k % 2 == 0)));
    }
}
