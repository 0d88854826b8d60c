//! Misère play of heap games: sums of heaps of one take-and-break ruleset (plus, for the genus,
//! Nim heaps), as a [`Game`] whose values are misère Grundy values, and a misère outcome search.
//!
//! What: [`MisereHeaps`] lifts any [`HeapRules`] to positions of several heaps under the misère
//! convention (a terminal position has value 1, elsewhere the mex of the options). Heaps do not
//! add by nim-sum in misère play, so the whole sum is searched; the transposition table is
//! keyed on the canonical sum: heaps sorted, terminal heaps (those without a move, which are
//! the zero game in either convention) removed. A heap may also be a Nim heap ([`nim_heap`]),
//! which the genus needs (γn adds n Nim heaps of size 2). [`outcome`] finds only the misère
//! outcome, with the short cut of a search that stops at the first winning option.
//!
//! Cost: every canonical sum reachable from the start is expanded once (the number of
//! partitions of the heaps' total, at worst): exponential in the size of the position, which
//! is why [`super::genus`] and [`super::quotient`] exist.
//!
//! Sources: \[WW\] ch. 13, \[ONAG\] ch. 12 (misère play of sums).

use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{Convention, Game, Move};
use crate::nimber::Nimber;
use crate::solve::heap_sequence::HeapRules;
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// The tag of a Nim heap in a [`MisereHeaps`] position: `nim_heap(k)` is a Nim heap of size k.
pub const NIM_TAG: u64 = 1 << 63;

/// A Nim heap of size `k` inside a position of [`MisereHeaps`].
pub fn nim_heap(k: u64) -> u64 {
    k | NIM_TAG
}

/// Heaps below this size have their "no move" answer remembered by [`MisereHeaps::is_terminal`].
pub const TERMINAL_CACHE: u64 = 1 << 16;

/// Borrowed rules are rules (so a table can be computed from rules that stay where they are).
pub struct Borrowed<'a, R: ?Sized>(pub &'a R);

impl<R: HeapRules + ?Sized> HeapRules for Borrowed<'_, R> {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        self.0.heap_options(n, f)
    }
    fn heap_option_count(&self, n: u64) -> Option<u128> {
        self.0.heap_option_count(n)
    }
    fn move_label(&self, n: u64, parts: &[u64]) -> String {
        self.0.move_label(n, parts)
    }
    fn misere_formula(&self, heaps: &[u64]) -> Option<Nimber> {
        self.0.misere_formula(heaps)
    }
}

/// Sums of heaps of one ruleset (and Nim heaps) under misère play.
pub struct MisereHeaps<R> {
    /// The one-heap rules.
    pub rules: R,
    /// Whether heap n (of the rules) has no move, for the heaps below [`TERMINAL_CACHE`] asked
    /// so far.
    terminal: RefCell<Vec<Option<bool>>>,
    /// The proved misère values of some sums without search: tame sums, when the genera of the
    /// heaps are known ([`super::genus::GenusTable`] is one).
    pub genera: Option<Box<dyn KnownSums>>,
}

/// Misère values of sums of heaps known without a search (misère Nim on the genera of tame
/// heaps): `None` for a sum it does not know. Nim heaps are tagged as by [`nim_heap`].
pub trait KnownSums: Send + Sync {
    /// The misère Grundy value of the sum `heaps`, when known.
    fn value(&self, heaps: &[u64]) -> Option<Nimber>;
}

impl<R: HeapRules> MisereHeaps<R> {
    /// The rules under misère play (values by search alone).
    pub fn new(rules: R) -> Self {
        MisereHeaps {
            rules,
            terminal: RefCell::new(Vec::new()),
            genera: None,
        }
    }

    /// Whether heap `h` (tagged or not) has no move: from the rules' count of moves when they
    /// know it (O(1) for Nim and the codes, whatever the heap), otherwise by listing the heap's
    /// options (remembered for heaps below [`TERMINAL_CACHE`]).
    pub fn is_terminal(&self, h: u64) -> bool {
        if h & NIM_TAG != 0 {
            return h == NIM_TAG;
        }
        if let Some(count) = self.rules.heap_option_count(h) {
            return count == 0;
        }
        let list = |n: u64| {
            let mut any = false;
            self.rules.heap_options(n, &mut |_| any = true);
            !any
        };
        if h >= TERMINAL_CACHE {
            return list(h);
        }
        let mut t = self.terminal.borrow_mut();
        if t.len() as u64 <= h {
            t.resize(h as usize + 1, None);
        }
        *t[h as usize].get_or_insert_with(|| list(h))
    }

    /// Each option of heap `h` as the heaps it leaves.
    pub fn heap_options(&self, h: u64, f: &mut dyn FnMut(&[u64])) {
        if h & NIM_TAG != 0 {
            for k in (0..h & !NIM_TAG).rev() {
                f(&[nim_heap(k)]);
            }
        } else {
            self.rules.heap_options(h, f);
        }
    }

    /// The position with heap `i` replaced by `parts`.
    pub fn replace(heaps: &[u64], i: usize, parts: &[u64]) -> Vec<u64> {
        let mut out = Vec::with_capacity(heaps.len() + parts.len());
        out.extend_from_slice(&heaps[..i]);
        out.extend_from_slice(parts);
        out.extend_from_slice(&heaps[i + 1..]);
        out
    }

    /// The canonical form of a sum: terminal heaps removed, sorted.
    pub fn canonical_sum(&self, mut heaps: Vec<u64>) -> Vec<u64> {
        heaps.retain(|&h| !self.is_terminal(h));
        heaps.sort_unstable();
        heaps
    }

    fn heap_text(h: u64) -> String {
        if h & NIM_TAG != 0 {
            format!("*{}", h & !NIM_TAG)
        } else {
            h.to_string()
        }
    }
}

impl<R: HeapRules> Game for MisereHeaps<R> {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        // Never told to stop, so the listing is whole.
        self.options_until(heaps, out, &|| false);
    }

    fn options_until(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>, stop: &dyn Fn() -> bool) -> bool {
        let mut asking = crate::game::Asking::new(stop);
        for (i, &h) in heaps.iter().enumerate() {
            if asking.stopped() {
                break;
            }
            if heaps[..i].contains(&h) {
                continue;
            }
            self.heap_options(h, &mut |parts| {
                if asking.more(out.len()) {
                    out.push(Self::replace(heaps, i, parts))
                }
            });
        }
        !asking.stopped()
    }

    fn moves(&self, heaps: &Vec<u64>) -> Vec<Move<Vec<u64>>> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if heaps[..i].contains(&h) {
                continue;
            }
            self.heap_options(h, &mut |parts| {
                let label = if h & NIM_TAG != 0 {
                    format!("{} → {}", Self::heap_text(h), Self::heap_text(parts[0]))
                } else {
                    self.rules.move_label(h, parts)
                };
                out.push(Move::new(label, Self::replace(heaps, i, parts)));
            });
        }
        out
    }

    fn format(&self, heaps: &Vec<u64>) -> String {
        if heaps.is_empty() {
            return "0".into();
        }
        let h: Vec<String> = heaps.iter().map(|&x| Self::heap_text(x)).collect();
        h.join(" ")
    }

    fn convention(&self) -> Convention {
        Convention::Misere
    }

    fn canonical(&self, heaps: Vec<u64>) -> Vec<u64> {
        self.canonical_sum(heaps)
    }

    /// The rules' own misère formula for a sum of their heaps (misère Nim's rule for Nim,
    /// whatever the heaps), else misère Nim on the genera when every heap is tame and in the
    /// genus table.
    fn formula(&self, heaps: &Vec<u64>) -> Option<Nimber> {
        if heaps.iter().all(|&h| h & NIM_TAG == 0)
            && let Some(v) = self.rules.misere_formula(heaps)
        {
            return Some(v);
        }
        self.genera.as_ref()?.value(heaps)
    }

    fn move_count(&self, heaps: &Vec<u64>) -> Option<u128> {
        let mut total = 0u128;
        for (i, &h) in heaps.iter().enumerate() {
            if !heaps[..i].contains(&h) {
                total += if h & NIM_TAG != 0 {
                    u128::from(h & !NIM_TAG)
                } else {
                    self.rules.heap_option_count(h)?
                };
            }
        }
        Some(total)
    }
}

/// The misère outcome of a sum of heaps by search: `true` when the player to move wins (N),
/// `false` when the player to move loses (P). The search stops at the first option that is a
/// P-position; `table` keeps every canonical sum met (pass the same table to later calls to
/// reuse it); more than `max_states` entries, or a stop from `control`, end it with an error.
pub fn outcome<R: HeapRules>(
    game: &MisereHeaps<R>,
    heaps: &[u64],
    table: &mut FxHashMap<Vec<u64>, bool>,
    max_states: usize,
    control: &Control,
) -> Result<bool> {
    struct Frame {
        position: Vec<u64>,
        options: Vec<Vec<u64>>,
        next: usize,
    }
    let root = game.canonical_sum(heaps.to_vec());
    if let Some(&w) = table.get(&root) {
        return Ok(w);
    }
    let expand = |p: Vec<u64>| {
        let mut options = Vec::new();
        game.options(&p, &mut options);
        let mut options: Vec<Vec<u64>> = options.into_iter().map(|o| game.canonical_sum(o)).collect();
        options.sort_unstable();
        options.dedup();
        Frame {
            position: p,
            options,
            next: 0,
        }
    };
    let mut stack = vec![expand(root.clone())];
    let mut ticks = 0u64;
    while let Some(top) = stack.last_mut() {
        ticks += 1;
        if ticks.is_multiple_of(4096) {
            control.check()?;
        }
        // Misère: a position without moves is a win for the player to move.
        if top.options.is_empty() {
            let f = stack.pop().expect("non-empty");
            table.insert(f.position, true);
            continue;
        }
        let mut decided = None;
        while top.next < top.options.len() {
            match table.get(&top.options[top.next]) {
                Some(false) => {
                    decided = Some(true);
                    break;
                }
                Some(true) => top.next += 1,
                None => break,
            }
        }
        if top.next == top.options.len() {
            decided = Some(false);
        }
        match decided {
            Some(win) => {
                let f = stack.pop().expect("non-empty");
                if table.len() >= max_states {
                    return Err(Error::StateLimit(max_states));
                }
                table.insert(f.position, win);
            }
            None => {
                let child = top.options[top.next].clone();
                if stack.iter().any(|f| f.position == child) {
                    return Err(Error::Loopy(game.format(&child)));
                }
                stack.push(expand(child));
            }
        }
    }
    Ok(table[&root])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::misere_nim::misere_value;
    use crate::games::nim::NimRules as Nim;
    use crate::solve::Solver;

    #[test]
    fn nim_heaps_under_misere_play_follow_the_misere_nim_formula() {
        let mut s = Solver::plain(MisereHeaps::new(Nim));
        let mut table = FxHashMap::default();
        let game = MisereHeaps::new(Nim);
        for a in 0..6u64 {
            for b in 0..6 {
                for c in 0..5 {
                    let v = s.nimber(&vec![a, b, c]).unwrap();
                    assert_eq!(v, misere_value(&[a, b, c]), "{a} {b} {c}");
                    let win = outcome(&game, &[a, b, c], &mut table, 1 << 20, &Control::default()).unwrap();
                    assert_eq!(win, !v.is_zero());
                    // A Nim heap tagged as such is the same game.
                    let w = s.nimber(&vec![nim_heap(a), b, nim_heap(c)]).unwrap();
                    assert_eq!(w, v);
                }
            }
        }
    }
}
