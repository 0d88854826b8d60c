//! The divisor game (the handbook's state-graph example): in state k a move removes x sticks,
//! where x < k and x divides k; state 1 is terminal. Several states in one position are a sum.
//! Options of k are found by trial division up to √k. (Even states win, odd states lose: the
//! tests check it against the solver.)

use crate::error::input;
use crate::games::heap::{HeapGame, HeapRules, at_most, parse_heaps};
use crate::games::{GameEntry, Settings};
use crate::position::{AnyPosition, Instance};

#[derive(Clone, Copy, Debug, Default)]
pub struct Divisors;

/// Largest state the position commands accept (every smaller state may be visited).
pub const MAX_STATE: u64 = 10_000_000;

/// The divisors x of k with x < k, in increasing order.
pub fn proper_divisors(k: u64) -> Vec<u64> {
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
    Ok(Box::new(Instance::new(
        "divisors",
        settings.solver(HeapGame::new(Divisors)),
        states,
    )))
}

fn rules(_name: &str, words: &[String], _max_heap: u64) -> crate::Result<Box<dyn HeapRules>> {
    crate::games::args::no_other_options(words, "divisors", "none")?;
    Ok(Box::new(Divisors))
}

pub const ENTRY: GameEntry = GameEntry {
    name: "divisors",
    aliases: &["divisor-game"],
    summary: "divisor game: in state k remove x < k sticks where x divides k",
    rules: "A heap of k sticks. A move removes x sticks, where x < k and x divides k. State 1 \
            is terminal: the player to move there loses. (State 0 does not occur; `seq` shows it \
            with value 0.)",
    syntax: "K...   states (1 to 10000000); several are a sum",
    example: "divisors 9",
    build,
    heap_rules: Some(rules),
    claims: None,
};
