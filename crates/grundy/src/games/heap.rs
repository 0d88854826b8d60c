//! Heap games: rules that act on one heap at a time ([`HeapRules`], defined beside the sequence
//! engine in [`crate::solve::heap_sequence`] and re-exported here), and the adapter that makes
//! any such rules a [`Game`] whose positions are several heaps.
//!
//! A move picks one heap and replaces it by zero or more smaller heaps (take-and-break). The
//! adapter knows that the heaps of a position are independent components (so a position's value
//! is the xor of its heaps' values), that order does not matter, that empty heaps are nothing,
//! and that two equal heaps cancel (g ⊕ g = 0): those make the canonical form. Rules may give a
//! proved closed formula for one heap and a direct way to find the moves to a given value; the
//! adapter lifts both to whole positions (Bouton's rule for Nim is the special case).
//!
//! Sources, by their names in `docs/sources.md`: \[Sprague1935\] and \[Grundy1939\] (heaps add by
//! nim-sum), \[Bouton1901\].

use crate::game::{Asking, Game, Move};
use crate::nimber::Nimber;
pub use crate::solve::heap_sequence::HeapRules;
use crate::solve::heap_sequence::{Sequence, sequence};
use crate::solve::periodicity::PeriodProof;
use std::sync::Arc;

/// Rules chosen at run time (as the registry's [`crate::games::HeapRulesFn`] gives them) are
/// rules too: every method is the boxed rules' own.
impl HeapRules for Box<dyn HeapRules> {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        (**self).heap_options(n, f)
    }
    fn heap_formula(&self, n: u64) -> Option<Nimber> {
        (**self).heap_formula(n)
    }
    fn heap_moves_to(&self, n: u64, target: Nimber) -> Option<Vec<Vec<u64>>> {
        (**self).heap_moves_to(n, target)
    }
    fn heap_option_count(&self, n: u64) -> Option<u128> {
        (**self).heap_option_count(n)
    }
    fn misere_formula(&self, heaps: &[u64]) -> Option<Nimber> {
        (**self).misere_formula(heaps)
    }
    fn take_break(&self) -> Option<crate::solve::take_break::TakeBreak> {
        (**self).take_break()
    }
    fn sequence_engine(&self) -> bool {
        (**self).sequence_engine()
    }
    fn own_sequence(&self, to: u64, control: &crate::control::Control) -> Option<crate::Result<Vec<Nimber>>> {
        (**self).own_sequence(to, control)
    }
    fn period_proof(&self) -> PeriodProof {
        (**self).period_proof()
    }
    fn moves_to_label(&self, n: u64, parts: &[u64]) -> String {
        (**self).moves_to_label(n, parts)
    }
    fn move_label(&self, n: u64, parts: &[u64]) -> String {
        (**self).move_label(n, parts)
    }
}

/// Heaps up to this size are valued from a sequence computed up to the largest heap of the
/// position; beyond, the sequence is computed to [`PERIOD_SEARCH`] and used only when it proves
/// its period there.
pub(crate) const SEQUENCE_UP_TO: u64 = 10_000_000;

/// How far the sequence is computed to look for a proved period for a heap beyond
/// [`SEQUENCE_UP_TO`].
pub(crate) const PERIOD_SEARCH: u64 = 1 << 16;

/// A position of `heaps` under `rules`, named `name`: the one path by which the registry's heap
/// games build positions. The game is [`HeapGame::for_heaps`], so rules with a sequence engine
/// (a take-and-break code, or [`HeapRules::sequence_engine`]) are valued from their sequence
/// in `value`, `moves`, `explain`, `sum` and `play` alike, without any per-game wiring; rules
/// with a closed formula use it; others go to the generic solver with `settings`' limits.
pub(crate) fn position<R>(
    name: impl Into<String>,
    rules: R,
    heaps: Vec<u64>,
    settings: &crate::settings::Settings,
) -> crate::Result<Box<dyn crate::position::AnyPosition>>
where
    R: HeapRules + Clone + std::fmt::Debug + 'static,
{
    let game = HeapGame::for_heaps(rules, &heaps, &settings.control)?;
    Ok(Box::new(crate::position::Instance::new(
        name,
        settings.solver(game),
        heaps,
    )))
}

/// A position of several heaps, for any [`HeapRules`].
#[derive(Clone, Debug)]
pub struct HeapGame<R> {
    /// The one-heap rules being lifted.
    pub rules: R,
    /// Single-heap values from the sequence engine, when the rules have one (see
    /// [`HeapRules::sequence_engine`]).
    values: Option<Arc<Sequence>>,
    /// The control of the computation the game was made for: a listing of millions of moves
    /// ([`Game::moves_to_value`]) asks its token between heaps and every 4096 moves.
    control: crate::control::Control,
}

impl<R: HeapRules> HeapGame<R> {
    /// The rules alone: values by their closed formula or by the generic solver.
    pub fn new(rules: R) -> Self {
        HeapGame {
            rules,
            values: None,
            control: crate::control::Control::default(),
        }
    }

    /// The rules for positions whose heaps are at most those of `heaps`: when the rules have a
    /// sequence engine and no closed formula, the value sequence is computed once up to the
    /// largest heap (or until its period is proved), and every heap is valued from it;
    /// `control` can cancel that computation.
    pub fn for_heaps(rules: R, heaps: &[u64], control: &crate::control::Control) -> crate::Result<Self> {
        let max = heaps.iter().copied().max().unwrap_or(0);
        let with_control = |game: Self| HeapGame {
            control: control.clone(),
            ..game
        };
        if !rules.sequence_engine() || rules.heap_formula(max).is_some() {
            return Ok(with_control(Self::new(rules)));
        }
        let to = if max <= SEQUENCE_UP_TO { max } else { PERIOD_SEARCH };
        let options = crate::solve::take_break::Options {
            control: control.clone(),
            ..Default::default()
        };
        let seq = sequence(&rules, to, options)?;
        if seq.value(max).is_none() {
            // No proved period reaches the heap: the generic solver (and its limits) decide.
            return Ok(with_control(Self::new(rules)));
        }
        Ok(HeapGame {
            rules,
            values: Some(Arc::new(seq)),
            control: control.clone(),
        })
    }

    /// The value of one heap: the rules' formula, or the computed sequence.
    fn heap_value(&self, n: u64) -> Option<Nimber> {
        self.rules
            .heap_formula(n)
            .or_else(|| self.values.as_ref()?.value(n).map(Nimber))
    }

    /// Every option of heap `n` of value `target`: the rules' shortcut, or each option valued
    /// from the computed sequence.
    fn heap_moves_to(&self, n: u64, target: Nimber) -> Option<Vec<Vec<u64>>> {
        if let Some(moves) = self.rules.heap_moves_to(n, target) {
            return Some(moves);
        }
        let values = self.values.as_ref()?;
        let mut out = Vec::new();
        let mut known = true;
        self.rules.heap_options(n, &mut |parts| {
            let mut x = Some(0u64);
            for &p in parts {
                x = x.and_then(|x| Some(x ^ values.value(p)?));
            }
            match x {
                Some(x) if Nimber(x) == target => out.push(parts.to_vec()),
                Some(_) => {}
                None => known = false,
            }
        });
        known.then_some(out)
    }

    /// Each distinct heap (index of its first occurrence) with each of its options.
    fn for_each_move(&self, heaps: &[u64], mut f: impl FnMut(usize, &[u64])) {
        for (i, &n) in heaps.iter().enumerate() {
            if heaps[..i].contains(&n) {
                continue;
            }
            self.rules.heap_options(n, &mut |parts| f(i, parts));
        }
    }

    fn replace(heaps: &[u64], i: usize, parts: &[u64]) -> Vec<u64> {
        let mut out = Vec::with_capacity(heaps.len() + parts.len());
        out.extend_from_slice(&heaps[..i]);
        if parts.is_empty() {
            out.push(0);
        } else {
            out.extend_from_slice(parts);
        }
        out.extend_from_slice(&heaps[i + 1..]);
        out
    }
}

impl<R: HeapRules> Game for HeapGame<R> {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        self.for_each_move(heaps, |i, parts| out.push(Self::replace(heaps, i, parts)));
    }

    fn moves(&self, heaps: &Vec<u64>) -> Vec<Move<Vec<u64>>> {
        let mut out = Vec::new();
        self.for_each_move(heaps, |i, parts| {
            out.push(Move::new(
                self.rules.move_label(heaps[i], parts),
                Self::replace(heaps, i, parts),
            ))
        });
        out
    }

    fn options_until(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>, stop: &dyn Fn() -> bool) -> bool {
        let mut asking = Asking::new(stop);
        self.for_each_move(heaps, |i, parts| {
            if asking.more(out.len()) {
                out.push(Self::replace(heaps, i, parts))
            }
        });
        !asking.stopped()
    }

    fn moves_until(&self, heaps: &Vec<u64>, stop: &dyn Fn() -> bool) -> Option<Vec<Move<Vec<u64>>>> {
        let mut out = Vec::new();
        let mut asking = Asking::new(stop);
        self.for_each_move(heaps, |i, parts| {
            if asking.more(out.len()) {
                out.push(Move::new(
                    self.rules.move_label(heaps[i], parts),
                    Self::replace(heaps, i, parts),
                ))
            }
        });
        (!asking.stopped()).then_some(out)
    }

    fn move_count(&self, heaps: &Vec<u64>) -> Option<u128> {
        let mut total = 0u128;
        for (i, &n) in heaps.iter().enumerate() {
            if !heaps[..i].contains(&n) {
                total += self.rules.heap_option_count(n)?;
            }
        }
        Some(total)
    }

    fn format(&self, heaps: &Vec<u64>) -> String {
        if heaps.is_empty() {
            return "0".into();
        }
        let h: Vec<String> = heaps.iter().map(|x| x.to_string()).collect();
        h.join(" ")
    }

    fn components(&self, heaps: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        (heaps.len() >= 2).then(|| heaps.iter().map(|&n| vec![n]).collect())
    }

    /// Sorted, zeros removed, equal pairs cancelled.
    fn canonical(&self, mut heaps: Vec<u64>) -> Vec<u64> {
        heaps.retain(|&n| n != 0);
        heaps.sort_unstable();
        let mut out: Vec<u64> = Vec::with_capacity(heaps.len());
        for n in heaps {
            if out.last() == Some(&n) {
                out.pop();
            } else {
                out.push(n);
            }
        }
        out
    }

    fn formula(&self, heaps: &Vec<u64>) -> Option<Nimber> {
        heaps
            .iter()
            .try_fold(Nimber::ZERO, |acc, &n| Some(acc ^ self.heap_value(n)?))
    }

    fn moves_to_value(&self, heaps: &Vec<u64>, target: Nimber) -> Option<Vec<Move<Vec<u64>>>> {
        let values: Vec<Nimber> = heaps.iter().map(|&n| self.heap_value(n)).collect::<Option<_>>()?;
        let total = values.iter().fold(Nimber::ZERO, |a, b| a ^ *b);
        let mut out = Vec::new();
        for (i, (&n, &v)) in heaps.iter().zip(&values).enumerate() {
            if heaps[..i].contains(&n) {
                continue;
            }
            // Stopped: the list is cut short, and the solver, which asks the token after
            // every answer of a game, drops it.
            if self.control.stop().is_some() {
                break;
            }
            for (k, parts) in self.heap_moves_to(n, total ^ v ^ target)?.into_iter().enumerate() {
                if k % 4096 == 4095 && self.control.stop().is_some() {
                    break;
                }
                out.push(Move::new(
                    self.rules.moves_to_label(n, &parts),
                    Self::replace(heaps, i, &parts),
                ));
            }
        }
        Some(out)
    }
}

/// Parse heap sizes: natural numbers (u64).
pub(crate) fn parse_heaps(words: &[String]) -> crate::Result<Vec<u64>> {
    if words.is_empty() {
        return crate::error::input("no heaps given: write the heap sizes, e.g. `10 12 5`");
    }
    words.iter().map(|w| parse_natural(w, "heap size")).collect()
}

/// Parse one natural number; a bad word is bad input whose message starts with the word (a
/// front end names the setting with [`crate::Error::named`]).
pub fn natural(word: &str) -> crate::Result<u64> {
    parse_natural(word, "").map_err(|e| match e {
        crate::Error::Input(m) => crate::Error::Input(
            m.trim_start()
                .replace("a  was expected", "a natural number was expected"),
        ),
        e => e,
    })
}

/// Parse one natural number, with an error that names what was expected.
pub fn parse_natural(word: &str, what: &str) -> crate::Result<u64> {
    let w = word.trim();
    if w.starts_with('-') && w[1..].chars().all(|c| c.is_ascii_digit()) && w.len() > 1 {
        return crate::error::input(format!(
            "{what} `{word}` is negative: sizes are natural numbers 0, 1, 2, ..."
        ));
    }
    if w.starts_with("--") {
        return crate::error::input(format!(
            "unknown option `{word}` (or a misplaced one): a {what} was expected here, a natural number 0, 1, 2, ...; see `grundy list` for each game's options"
        ));
    }
    if !w.is_empty() && w.chars().all(|c| c.is_ascii_digit()) {
        return w.parse::<u64>().map_err(|_| {
            crate::Error::Input(format!(
                "{what} `{word}` is too large: at most {} is accepted",
                u64::MAX
            ))
        });
    }
    crate::error::input(format!("{what} `{word}` is not a natural number (0, 1, 2, ...)"))
}

/// Refuse heaps above `max` for games whose options grow with the heap (so that a careless
/// command cannot exhaust memory before any limit is checked).
pub(crate) fn at_most(heaps: Vec<u64>, max: u64, game: &str) -> crate::Result<Vec<u64>> {
    match heaps.iter().find(|&&h| h > max) {
        Some(h) => crate::error::input(format!(
            "heap {h} is too large for {game}: heaps up to {max} are accepted"
        )),
        None => Ok(heaps),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::subtraction::PrimeSubtraction;
    use std::cell::Cell;

    fn shown(moves: &[Move<Vec<u64>>]) -> Vec<(String, Vec<u64>)> {
        moves.iter().map(|m| (m.label.clone(), m.position.clone())).collect()
    }

    #[test]
    fn a_listing_told_to_stop_gives_up_soon_and_one_never_told_is_the_whole_listing() {
        let game = HeapGame::new(PrimeSubtraction::new(100_000).expect("rules"));
        let heaps = vec![100_000, 99_999];
        let all = game.moves(&heaps);
        assert!(all.len() > 4 * 4096, "{} moves", all.len());
        let whole = game.moves_until(&heaps, &|| false).expect("never told to stop");
        assert_eq!(shown(&whole), shown(&all));
        // Told to stop at its fourth question: it gives up there, without listing the rest.
        let asked = Cell::new(0);
        let stop = || {
            asked.set(asked.get() + 1);
            asked.get() >= 4
        };
        assert!(game.moves_until(&heaps, &stop).is_none());
        assert_eq!(asked.get(), 4);
        // Already stopped: nothing listed.
        assert!(game.moves_until(&heaps, &|| true).is_none());
    }

    /// The options (the solvers' listing) behave as the moves: whole when never told to stop,
    /// given up at the question that says stop.
    #[test]
    fn options_told_to_stop_give_up_soon_and_never_told_are_all_the_options() {
        let game = HeapGame::new(PrimeSubtraction::new(100_000).expect("rules"));
        let heaps = vec![100_000, 99_999];
        let mut all = Vec::new();
        game.options(&heaps, &mut all);
        let mut whole = Vec::new();
        assert!(game.options_until(&heaps, &mut whole, &|| false));
        assert_eq!(whole, all);
        let asked = Cell::new(0);
        let stop = || {
            asked.set(asked.get() + 1);
            asked.get() >= 4
        };
        assert!(!game.options_until(&heaps, &mut Vec::new(), &stop));
        assert_eq!(asked.get(), 4);
        // In misère play the solver lists the tagged heaps' options the same way.
        let misere = crate::solve::misere::heaps::MisereHeaps::new(PrimeSubtraction::new(100_000).expect("rules"));
        let mut all = Vec::new();
        misere.options(&heaps, &mut all);
        let mut whole = Vec::new();
        assert!(misere.options_until(&heaps, &mut whole, &|| false));
        assert_eq!(whole, all);
        asked.set(0);
        assert!(!misere.options_until(&heaps, &mut Vec::new(), &stop));
        assert_eq!(asked.get(), 4);
    }
}
