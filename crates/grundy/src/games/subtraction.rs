//! Subtraction games (the thesis's A-Nim): a move removes a number of sticks from one heap that
//! belongs to a set S. Two rulesets:
//! - `subtraction --set S`: any finite set S. For n ≥ max S, g(n) depends only on the previous
//!   max S values, so the sequence is periodic and a repeated window of max S values proves it.
//! - `prime-subtraction`: S = {1} ∪ primes (the Romanian article's first application). Proved
//!   closed form g(n) = n mod 4: 1, 2, 3 are removable and no prime is a multiple of 4.
//!
//! Cost: O(|S|) options per heap; the prime game has O(n / log n) options and a sieve of the
//! largest heap.
//!
//! Sources, by their names in `docs/sources.md`: \[Thesis\] ch. 3 (A-Nim), \[Infoarena\]
//! application 1 (the prime game).

use crate::error::input;
use crate::games::args::{GameOptions, no_other_options, number_list};
use crate::games::heap::{HeapRules, parse_heaps};
use crate::games::{Capabilities, GameEntry};
use crate::settings::Settings;
use crate::nimber::Nimber;
use crate::position::AnyPosition;
use crate::solve::periodicity::{PeriodProof, Periodicity};

/// Subtraction with a finite set S of positive integers.
#[derive(Clone, Debug)]
pub struct Subtraction {
    set: Vec<u64>,
}

impl Subtraction {
    /// The game with subtraction set `set` (sorted and deduplicated here); an empty set or one
    /// containing 0 is refused.
    pub fn new(mut set: Vec<u64>) -> crate::Result<Self> {
        if set.contains(&0) {
            return input("the subtraction set may not contain 0: a move must remove at least one stick");
        }
        if set.is_empty() {
            return input("the subtraction set is empty");
        }
        set.sort_unstable();
        set.dedup();
        Ok(Subtraction { set })
    }

    /// The subtraction set, increasing and without repeats.
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    fn name(&self) -> String {
        let s: Vec<String> = self.set.iter().map(|x| x.to_string()).collect();
        format!("subtraction --set {}", s.join(","))
    }
}

impl HeapRules for Subtraction {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for &s in &self.set {
            if s <= n {
                f(&[n - s]);
            }
        }
    }

    /// One move for each s ≤ n in S.
    fn heap_option_count(&self, n: u64) -> Option<u128> {
        Some(self.set.iter().filter(|&&s| s <= n).count() as u128)
    }

    /// S as a code: digit 3 (take i, leaving nothing or one heap) at each i in S.
    fn take_break(&self) -> Option<crate::solve::take_break::TakeBreak> {
        let max = *self.set.last()?;
        (max <= 100_000).then(|| {
            let mut digits = vec![0u8; max as usize + 1];
            for &s in &self.set {
                digits[s as usize] = 3;
            }
            crate::solve::take_break::TakeBreak::new(digits, false)
        })
    }

    fn period_proof(&self) -> PeriodProof {
        PeriodProof::Window {
            length: *self.set.last().expect("non-empty set"),
        }
    }

    fn move_label(&self, n: u64, parts: &[u64]) -> String {
        let left = parts.first().copied().unwrap_or(0);
        format!("{n} → {left} (take {})", n - left)
    }
}

fn parse_set(words: &mut Vec<String>) -> crate::Result<Subtraction> {
    let options = GameOptions::take(words, "subtraction", ENTRY.caps.options)?;
    let Some(set) = options.value("set") else {
        return input("subtraction needs its set: `subtraction --set 1,2,3 HEAP...`");
    };
    Subtraction::new(number_list(set, "subtraction set")?)
}

fn build(_name: &str, words: &[String], settings: &Settings) -> crate::Result<Box<dyn AnyPosition>> {
    let mut words = words.to_vec();
    let rules = parse_set(&mut words)?;
    let heaps = parse_heaps(&words)?;
    let name = rules.name();
    crate::games::heap::position(name, rules, heaps, settings)
}

fn rules(_name: &str, words: &[String], _max_heap: u64) -> crate::Result<Box<dyn HeapRules>> {
    let mut words = words.to_vec();
    let rules = parse_set(&mut words)?;
    if !words.is_empty() {
        return input(format!("unexpected `{}`: seq takes the rules only", words[0]));
    }
    Ok(Box::new(rules))
}

/// Registry entry of subtraction games (`subtraction --set S`): names, rules text, syntax,
/// builder, one-heap rules for `seq`.
pub const ENTRY: GameEntry = GameEntry {
    name: "subtraction",
    aliases: &["a-nim"],
    summary: "subtraction game (A-Nim): remove a number of sticks that belongs to the set S",
    rules: "Heaps of sticks and a finite set S of positive integers. A move removes s sticks \
            from one heap, for some s in S (at most the heap's size). The last mover wins.",
    syntax: "--set S HEAP...   S comma-separated, e.g. --set 1,2,3",
    example: "subtraction --set 1,2,3 20",
    hard_example: "subtraction --set 1,2,3 1000000000000 999999999999",
    build,
    heap_rules: Some(rules),
    claims: None,
    caps: Capabilities {
        editor: super::Editor::Numbers,
        options: &[super::GameOption {
            name: "set",
            value: Some("S"),
            help: "the subtraction set, numbers joined by commas (1,2,3)",
        }],
        ..Capabilities::NONE
    },
};

/// Subtraction of 1 or of any prime.
#[derive(Clone, Debug)]
pub struct PrimeSubtraction {
    /// `composite[k]` for k ≤ the largest heap met (sieve of Eratosthenes).
    composite: Vec<bool>,
}

/// Largest heap accepted: the options of a heap n are every prime up to n.
pub(crate) const MAX_PRIME_HEAP: u64 = 100_000_000;

impl PrimeSubtraction {
    /// Rules for heaps up to `max_heap`.
    pub fn new(max_heap: u64) -> crate::Result<Self> {
        Self::within(max_heap, &crate::control::Control::default())
    }

    /// [`PrimeSubtraction::new`] under `control`: the sieve (one byte a heap) is accounted
    /// against the memory budget first, and stops when the token is cancelled.
    pub fn within(max_heap: u64, control: &crate::control::Control) -> crate::Result<Self> {
        if max_heap > MAX_PRIME_HEAP {
            return input(format!(
                "heap {max_heap} is too large for prime-subtraction: heaps up to {MAX_PRIME_HEAP} are accepted"
            ));
        }
        let n = max_heap as usize + 1;
        control.reserve(n as u64)?;
        let mut composite = vec![false; n.max(2)];
        composite[0] = true;
        composite[1] = true;
        let mut i = 2;
        while i * i < n {
            if !composite[i] {
                control.check()?;
                for j in (i * i..n).step_by(i) {
                    composite[j] = true;
                }
            }
            i += 1;
        }
        Ok(PrimeSubtraction { composite })
    }

    fn removable(&self, k: u64) -> bool {
        k == 1 || !self.composite[k as usize]
    }
}

impl HeapRules for PrimeSubtraction {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for k in 1..=n {
            if self.removable(k) {
                f(&[n - k]);
            }
        }
    }

    fn heap_formula(&self, n: u64) -> Option<Nimber> {
        Some(Nimber(n % 4))
    }

    fn heap_moves_to(&self, n: u64, target: Nimber) -> Option<Vec<Vec<u64>>> {
        // g(n − k) = (n − k) mod 4 = target: only k ≡ n − target (mod 4) are tried.
        if target.0 > 3 {
            return Some(Vec::new());
        }
        let first = match (n % 4 + 4 - target.0) % 4 {
            0 => 4,
            r => r,
        };
        Some(
            (first..=n)
                .step_by(4)
                .filter(|&k| self.removable(k))
                .map(|k| vec![n - k])
                .collect(),
        )
    }

    fn period_proof(&self) -> PeriodProof {
        PeriodProof::Known(Periodicity::law(
            0,
            4,
            0,
            "g(n) = n mod 4 (1, 2, 3 are removable; no prime is a multiple of 4)",
        ))
    }

    fn move_label(&self, n: u64, parts: &[u64]) -> String {
        let left = parts.first().copied().unwrap_or(0);
        format!("{n} → {left} (take {})", n - left)
    }
}

fn build_prime(_name: &str, words: &[String], settings: &Settings) -> crate::Result<Box<dyn AnyPosition>> {
    let heaps = parse_heaps(words)?;
    let rules = PrimeSubtraction::within(heaps.iter().copied().max().unwrap_or(0), &settings.control)?;
    crate::games::heap::position("prime-subtraction", rules, heaps, settings)
}

fn prime_rules(_name: &str, words: &[String], max_heap: u64) -> crate::Result<Box<dyn HeapRules>> {
    no_other_options(words, "prime-subtraction", "none")?;
    Ok(Box::new(PrimeSubtraction::new(max_heap)?))
}

/// Registry entry of the prime subtraction game (`prime-subtraction`): names, rules text,
/// syntax, builder, one-heap rules for `seq`.
pub const PRIME_ENTRY: GameEntry = GameEntry {
    name: "prime-subtraction",
    aliases: &["prime-game"],
    summary: "remove 1 or a prime number of stones from one heap; the last stone wins",
    rules: "Heaps of stones. A move removes 1 stone or a prime number of stones from one heap. \
            The last mover wins. g(n) = n mod 4.",
    syntax: "HEAP...   heap sizes (up to 100000000)",
    example: "prime-subtraction 7 10",
    hard_example: "prime-subtraction 100000000 99999999",
    build: build_prime,
    heap_rules: Some(prime_rules),
    claims: None,
    caps: Capabilities {
        editor: super::Editor::Numbers,
        ..Capabilities::NONE
    },
};

#[cfg(test)]
mod prime_tests {
    use super::*;

    /// The moves to a value found by residues equal those found by trying every k.
    #[test]
    fn prime_moves_to_a_value_equal_the_plain_listing() {
        let rules = PrimeSubtraction::new(300).unwrap();
        for n in 0..=300u64 {
            for t in 0..6u64 {
                let plain: Vec<Vec<u64>> = (1..=n)
                    .filter(|&k| rules.removable(k) && (n - k) % 4 == t)
                    .map(|k| vec![n - k])
                    .collect();
                assert_eq!(rules.heap_moves_to(n, Nimber(t)), Some(plain), "{n} {t}");
            }
        }
    }

    /// The sieve stops when the token is cancelled.
    #[test]
    fn a_cancelled_sieve_stops() {
        let control = crate::control::Control::default();
        control.cancel_token().cancel();
        assert_eq!(
            PrimeSubtraction::within(1_000_000, &control).err(),
            Some(crate::error::Error::Interrupted)
        );
    }
}
