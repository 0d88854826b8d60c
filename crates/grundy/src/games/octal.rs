//! Octal and hexadecimal games (Guy and Smith 1956; *Winning Ways* ch. 4), written as in the
//! literature: `0.07`, `.07`, `4.07`, `0.137`, `0.f8`, with any number of digits.
//!
//! Digit d_i says what a player may do when removing i sticks from one heap: bit 1 — remove
//! the whole heap (it had exactly i sticks); bit 2 — leave one non-empty heap; bit 4 — leave two
//! non-empty heaps; bit 8 (hexadecimal digits 8–f) — leave three. The digit before the point,
//! d_0, removes nothing, so it may only split a heap: 0 or 4 (8 or c in hexadecimal).
//! Names: `kayles` = 0.77, `dawson-kayles` = 0.07, `dawson-chess` = 0.137.
//!
//! A code is a game name by itself (`grundy value 0.137 5 9`) and also `octal CODE HEAPS...`.
//! Heap values come from the sequence engine ([`crate::solve::take_break`]): the sequence is
//! computed up to the largest heap asked for, and once its period is proved (Guy–Smith) the
//! value of any heap, however large, is read off the period.
//!
//! Sources, by their names in `docs/sources.md`: \[GuySmith1956\], \[WW\] ch. 4, \[Flammenkamp\].

use crate::control::Control;
use crate::error::{Error, Result, input};
use crate::games::heap::{HeapRules, parse_heaps};
use crate::games::{Capabilities, GameEntry};
use crate::settings::Settings;
use crate::nimber::Nimber;
use crate::position::AnyPosition;
use crate::solve::periodicity::PeriodProof;
use crate::solve::take_break::{self, Computed, TakeBreak};

/// Named codes.
pub(crate) const ALIASES: &[(&str, &str)] = &[("kayles", "0.77"), ("dawson-kayles", "0.07"), ("dawson-chess", "0.137")];

/// Largest heap a position may hold when the game's period is not proved up to it (its values
/// are computed up to the heap).
pub(crate) const MAX_UNPROVED_HEAP: u64 = 1_000_000;

/// The largest heap of a code whose moves may leave three heaps (see [`Octal::with_values`]).
pub(crate) const MAX_THREE_HEAP_HEAP: u64 = 2_000;

/// How far the values are computed to look for a period when a heap is beyond
/// [`MAX_UNPROVED_HEAP`].
pub(crate) const PROOF_SEARCH: u64 = 1 << 16;

/// A parsed code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Code {
    rules: TakeBreak,
    text: String,
}

impl Code {
    /// Parse a code or an alias.
    pub fn parse(word: &str) -> Result<Code> {
        let lower = word.trim().to_ascii_lowercase();
        if let Some((_, code)) = ALIASES.iter().find(|(name, _)| *name == lower) {
            return Code::parse(code);
        }
        let Some((before, after)) = lower.split_once('.') else {
            return input(format!(
                "`{word}` is not an octal code: write digits with a point, e.g. 0.07, .137, 4.07 (or kayles, dawson-kayles, dawson-chess)"
            ));
        };
        let d0 = match before {
            "" | "0" => 0,
            "4" => 4,
            "8" => 8,
            "c" => 12,
            _ => {
                return input(format!(
                    "code `{word}`: the digit before the point is `{before}`, but d0 removes nothing and may only split a heap: \
                     0 or 4 (8 or c in hexadecimal, leaving three heaps)"
                ));
            }
        };
        if after.is_empty() {
            return input(format!("code `{word}` has no digits after the point: write e.g. 0.07"));
        }
        let mut digits = vec![d0];
        for (i, c) in after.chars().enumerate() {
            let Some(d) = c.to_digit(16) else {
                return input(format!(
                    "code `{word}`: digit {} (`{c}`, removing {} stick(s)) is not an octal or hexadecimal digit: use 0-7, or 8-f for hexadecimal codes",
                    i + 1,
                    i + 1
                ));
            };
            digits.push(d as u8);
        }
        let rules = TakeBreak::new(digits, false);
        let text = format_code(rules.digits());
        Ok(Code { rules, text })
    }

    /// The code as written canonically (`0.07`, `4.07`, trailing zeros dropped).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The code as take-and-break rules for the sequence engine ([`crate::solve::take_break`]).
    pub fn rules(&self) -> &TakeBreak {
        &self.rules
    }
}

fn format_code(digits: &[u8]) -> String {
    let mut s = String::new();
    s.push(char::from_digit(digits.first().copied().unwrap_or(0) as u32, 16).expect("digit"));
    s.push('.');
    if digits.len() <= 1 {
        s.push('0');
    }
    for &d in digits.iter().skip(1) {
        s.push(char::from_digit(d as u32, 16).expect("digit"));
    }
    s
}

/// Whether `name` looks like a code (so the octal family answers for it, with its own errors).
pub(crate) fn claims(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    if ALIASES.iter().any(|(a, _)| *a == lower) {
        return true;
    }
    lower.contains('.') && lower.chars().next().is_some_and(|c| c == '.' || c.is_ascii_hexdigit())
}

/// The rules of a code with its computed values.
#[derive(Clone, Debug)]
pub struct Octal {
    code: Code,
    computed: Option<Computed>,
}

impl Octal {
    /// The rules alone (values by the generic solver).
    pub fn new(code: Code) -> Self {
        Octal { code, computed: None }
    }

    /// The rules with values computed up to `max_heap` (or further through a proved period);
    /// `control` can cancel the computation.
    pub fn with_values(code: Code, max_heap: u64, control: &Control) -> Result<Self> {
        // Codes whose moves leave three heaps (hexadecimal digits 8-f) cost about n³/36 steps
        // for heaps 0..n: only heaps up to MAX_THREE_HEAP_HEAP, computed exactly that far
        // (no look-ahead for a period proof, which would cost 4096³/36 steps even for heap 1).
        if code.rules().max_parts() > 2 {
            if max_heap > MAX_THREE_HEAP_HEAP {
                return Err(Error::Input(format!(
                    "heap {max_heap} is too large for {}: its moves leave three heaps, which costs n³ steps; heaps up to {MAX_THREE_HEAP_HEAP} are accepted (compute further with `grundy seq {} --to N`)",
                    code.text(),
                    code.text()
                )));
            }
            let options = take_break::Options {
                stop_when_proved: false,
                control: control.clone(),
                ..Default::default()
            };
            let computed = take_break::compute(code.rules(), max_heap, options)?;
            return Ok(Octal {
                code,
                computed: Some(computed),
            });
        }
        // Heaps beyond the limit are answered only through a period proved early.
        let to = if max_heap <= MAX_UNPROVED_HEAP {
            max_heap
        } else {
            PROOF_SEARCH
        };
        let options = take_break::Options {
            control: control.clone(),
            ..Default::default()
        };
        let computed = take_break::compute(code.rules(), to, options)?;
        if computed.known_up_to() < max_heap {
            return Err(Error::Input(format!(
                "heap {max_heap} is too large for {}: its period is not proved up to heap {}, and heaps up to {} are accepted \
                 (compute further with `grundy seq {} --to N`)",
                code.text(),
                computed.known_up_to(),
                MAX_UNPROVED_HEAP,
                code.text()
            )));
        }
        Ok(Octal {
            code,
            computed: Some(computed),
        })
    }

    fn value(&self, n: u64) -> Option<Nimber> {
        self.computed.as_ref()?.get(n).map(|v| Nimber(v as u64))
    }
}

/// Heaps from which every winning move is listed one by one. Beyond, with a proved period p and
/// preperiod n0, the splits a + (m − a) with n0 ≤ a ≤ m/2 are listed grouped by the class of a
/// modulo p: both parts are in the periodic range, so g(a) ⊕ g(m − a) depends on a mod p only,
/// and the split with the least a of a class stands for the whole class (its label says so).
const ALL_MOVES_UP_TO: u64 = 10_000_000;

impl HeapRules for Octal {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        self.code.rules().options(n, f)
    }

    fn heap_formula(&self, n: u64) -> Option<Nimber> {
        self.value(n)
    }

    fn heap_moves_to(&self, n: u64, target: Nimber) -> Option<Vec<Vec<u64>>> {
        let computed = self.computed.as_ref()?;
        let bound = match (&computed.period, n > ALL_MOVES_UP_TO) {
            (Some(p), true) => p.preperiod + p.period,
            (None, true) => return None,
            (_, false) => u64::MAX,
        };
        let mut out = Vec::new();
        let mut each = |parts: &[u64]| {
            let v = parts
                .iter()
                .fold(Nimber::ZERO, |a, &p| a ^ self.value(p).unwrap_or(Nimber(u64::MAX)));
            if v == target {
                out.push(parts.to_vec());
            }
        };
        if bound == u64::MAX {
            self.code.rules().options(n, &mut each);
        } else {
            let rules = self.code.rules();
            for (i, &d) in rules.digits().iter().enumerate() {
                let i = i as u64;
                if i > n {
                    break;
                }
                let m = n - i;
                if d & 1 != 0 && m == 0 && i > 0 {
                    each(&[]);
                }
                if d & 2 != 0 && m > 0 && i > 0 {
                    each(&[m]);
                }
                if d & 4 != 0 {
                    for a in 1..bound.min(m / 2 + 1) {
                        each(&[a, m - a]);
                    }
                }
            }
        }
        Some(out)
    }

    fn take_break(&self) -> Option<TakeBreak> {
        Some(self.code.rules().clone())
    }

    fn heap_option_count(&self, n: u64) -> Option<u128> {
        let mut count = 0u128;
        for (i, &d) in self.code.rules().digits().iter().enumerate() {
            let i = i as u64;
            if i > n {
                break;
            }
            let m = (n - i) as u128;
            count += u128::from(d & 1 != 0 && m == 0 && i > 0);
            count += u128::from(d & 2 != 0 && m > 0 && i > 0);
            if d & 4 != 0 {
                count += m / 2;
            }
            if d & 8 != 0 {
                count += (m * m + 6) / 12; // partitions of m into three parts: round(m²/12)
            }
        }
        Some(count)
    }

    fn moves_to_label(&self, n: u64, parts: &[u64]) -> String {
        let plain = || {
            let p: Vec<String> = parts.iter().map(|x| x.to_string()).collect();
            if parts.is_empty() {
                format!("{n} → 0")
            } else {
                format!("{n} → {}", p.join("+"))
            }
        };
        let period = self.computed.as_ref().and_then(|c| c.period.as_ref());
        match (period, parts) {
            (Some(p), &[a, b]) if n > ALL_MOVES_UP_TO && a >= p.preperiod && a + p.period <= (a + b) / 2 => {
                let m = a + b;
                let hi = a + (m / 2 - a) / p.period * p.period;
                let count = (hi - a) / p.period + 1;
                let step = p.period;
                format!(
                    "{n} → a+({m}−a) for a = {a}, {}, ..., {hi} (step {step}: {count} moves)",
                    a + step
                )
            }
            _ => plain(),
        }
    }

    fn period_proof(&self) -> PeriodProof {
        match self.computed.as_ref().and_then(|c| c.period.as_ref()) {
            Some(p) => PeriodProof::Known(p.clone()),
            None => PeriodProof::None,
        }
    }
}

/// The code and the words after it: `0.07 5 9` or `octal 0.07 5 9`.
fn split_code<'a>(name: &str, words: &'a [String]) -> Result<(Code, &'a [String])> {
    if name.eq_ignore_ascii_case("octal") || name.eq_ignore_ascii_case("hexadecimal") {
        let Some((code, rest)) = words.split_first() else {
            return input("octal needs a code: `octal 0.07 HEAP...` (or kayles, dawson-kayles, dawson-chess)");
        };
        Ok((Code::parse(code)?, rest))
    } else {
        Ok((Code::parse(name)?, words))
    }
}

fn build(name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let (code, rest) = split_code(name, words)?;
    crate::games::args::no_other_options(rest, code.text(), "none")?;
    let heaps = parse_heaps(rest)?;
    let max = heaps.iter().copied().max().unwrap_or(0);
    let text = code.text().to_string();
    let rules = Octal::with_values(code, max, &settings.control)?;
    crate::games::heap::position(text, rules, heaps, settings)
}

fn rules(name: &str, words: &[String], _max_heap: u64) -> Result<Box<dyn HeapRules>> {
    let (code, rest) = split_code(name, words)?;
    if let Some(w) = rest.first() {
        return input(format!(
            "unexpected `{w}`: seq takes the code only, e.g. `grundy seq 0.07 --to 100`"
        ));
    }
    Ok(Box::new(Octal::new(code)))
}

/// Registry entry of octal and hexadecimal games (`octal`, and every code by itself): names,
/// rules text, syntax, builder, one-heap rules for `seq`.
pub const ENTRY: GameEntry = GameEntry {
    name: "octal",
    aliases: &["hexadecimal", "kayles", "dawson-kayles", "dawson-chess"],
    summary: "octal and hexadecimal take-and-break games: 0.07, 4.07, 0.137, kayles (0.77), ...",
    rules: "Heaps of sticks and a code d0.d1d2d3... Digit di says what removing i sticks from one heap may leave: \
            bit 1 nothing (the heap had exactly i), bit 2 one non-empty heap, bit 4 two non-empty heaps, \
            bit 8 (hexadecimal digits 8-f) three. d0 removes nothing, so it is 0 or 4 (split a heap). \
            The last mover wins. A code is also a game name by itself: `grundy value 0.137 5 9`.",
    syntax: "CODE HEAP...   e.g. 0.07 10 12, or CODE alone as the game name",
    example: "octal 0.77 5 9",
    hard_example: "octal 0.137 1000000000000 999999999999",
    build,
    heap_rules: Some(rules),
    claims: Some(claims),
    caps: Capabilities {
        editor: super::Editor::Numbers,
        ..Capabilities::NONE
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_codes_name_the_digit() {
        let e = Code::parse("0.0g").unwrap_err().to_string();
        assert!(e.contains("digit 2") && e.contains("`g`"), "{e}");
        let e = Code::parse("1.07").unwrap_err().to_string();
        assert!(e.contains("before the point") && e.contains("`1`"), "{e}");
        assert!(Code::parse("0.").is_err());
        assert!(Code::parse("007").is_err());
    }

    #[test]
    fn claims_codes_not_other_names() {
        assert!(claims("0.07") && claims(".137") && claims("4.07") && claims("kayles"));
        assert!(!claims("nim") && !claims("maze.txt") && !claims("grundy-game"));
    }

    #[test]
    fn grouped_winning_moves_on_a_huge_heap_are_exactly_the_winning_moves() {
        // Kayles (0.77) and 0.07 on heaps beyond ALL_MOVES_UP_TO: expand the groups and compare
        // with every option whose value is 0, computed one by one from the proved period.
        for (code, n) in [("0.77", ALL_MOVES_UP_TO + 123), ("0.07", ALL_MOVES_UP_TO + 1000)] {
            let octal = Octal::with_values(Code::parse(code).unwrap(), n, &Control::default()).unwrap();
            let p = octal.computed.as_ref().unwrap().period.clone().unwrap();
            let value = |parts: &[u64]| parts.iter().fold(0, |a, &x| a ^ octal.value(x).unwrap().0);
            for target in [0, 1, 3] {
                let mut want = Vec::new();
                octal.heap_options(n, &mut |parts| {
                    if value(parts) == target {
                        want.push(parts.to_vec());
                    }
                });
                let mut got = Vec::new();
                for parts in octal.heap_moves_to(n, Nimber(target)).unwrap() {
                    let label = octal.moves_to_label(n, &parts);
                    match parts[..] {
                        [a, b] if a >= p.preperiod => {
                            assert!(label.contains(&format!("(step {}:", p.period)), "{label}");
                            let mut x = a;
                            while x <= (a + b) / 2 {
                                got.push(vec![x, a + b - x]);
                                x += p.period;
                            }
                        }
                        _ => {
                            assert!(!label.contains("step"), "{label}");
                            got.push(parts);
                        }
                    }
                }
                want.sort();
                got.sort();
                assert_eq!(got.len(), want.len(), "{code} heap {n} target {target}");
                assert!(got == want, "{code} heap {n} target {target}");
            }
            let mut count = 0u128;
            octal.heap_options(n, &mut |_| count += 1);
            assert_eq!(octal.heap_option_count(n), Some(count));
        }
    }
}
