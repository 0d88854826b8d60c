//! Nim (Bouton 1901): heaps of sticks; a move removes any positive number from one heap; whoever
//! takes the last stick wins. g(heap n) = n, so a position's nimber is the xor of its heaps, and
//! the winning moves are found directly: reduce a heap x with x ⊕ s < x to x ⊕ s (the handbook's
//! rule), in O(heaps) time whatever the heap sizes.
//!
//! Sources, by their names in `docs/sources.md`: \[Bouton1901\]; \[Handbook\], \[Slides\] and
//! \[Infoarena\] (the rule and its proof).

use crate::games::heap::{HeapGame, HeapRules, parse_heaps};
use crate::games::{Capabilities, GameEntry};
use crate::settings::Settings;
use crate::nimber::Nimber;
use crate::position::AnyPosition;
use crate::solve::Solver;
use crate::solve::periodicity::{PeriodProof, Periodicity};

/// Nim's one-heap rules: a heap n may go to any smaller size. Closed form g(n) = n and moves
/// to any value found directly, so positions never need a search.
#[derive(Clone, Copy, Debug, Default)]
pub struct NimRules;

impl HeapRules for NimRules {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for k in (0..n).rev() {
            f(&[k]);
        }
    }

    fn heap_formula(&self, n: u64) -> Option<Nimber> {
        Some(Nimber(n))
    }

    fn heap_option_count(&self, n: u64) -> Option<u128> {
        Some(u128::from(n))
    }

    fn heap_moves_to(&self, n: u64, target: Nimber) -> Option<Vec<Vec<u64>>> {
        Some(if target.0 < n { vec![vec![target.0]] } else { vec![] })
    }

    /// Misère Nim (Bouton): the nim-sum, except that heaps all of size 0 or 1 are worth 1 when
    /// their number of 1s is even and 0 when it is odd.
    fn misere_formula(&self, heaps: &[u64]) -> Option<Nimber> {
        Some(crate::games::misere_nim::misere_value(heaps))
    }

    fn period_proof(&self) -> PeriodProof {
        PeriodProof::Known(Periodicity::law(0, 1, 1, "g(n) = n (Bouton)"))
    }
}

/// Nim on several heaps: [`NimRules`] lifted by [`HeapGame`]; its value is the xor of the heaps.
pub type Nim = HeapGame<NimRules>;

fn build(_name: &str, words: &[String], settings: &Settings) -> crate::Result<Box<dyn AnyPosition>> {
    let heaps = parse_heaps(words)?;
    crate::games::heap::position("nim", NimRules, heaps, settings)
}

fn rules(_name: &str, words: &[String], _max_heap: u64) -> crate::Result<Box<dyn HeapRules>> {
    crate::games::args::no_other_options(words, "nim", "none")?;
    Ok(Box::new(NimRules))
}

/// Registry entry of Nim (`nim`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "nim",
    aliases: &[],
    summary: "Nim: take any number of sticks from one heap; the last stick wins",
    rules: "Heaps of sticks. A move removes one or more sticks from one heap. Whoever takes the \
            last stick wins. Bouton: the position is lost for the player to move exactly when the \
            xor (nim-sum) of the heap sizes is 0.",
    syntax: "HEAP...   heap sizes (natural numbers)",
    example: "nim 10 12 5",
    hard_example: "nim 100000 100000 77",
    build,
    heap_rules: Some(rules),
    claims: None,
    caps: Capabilities {
        editor: super::Editor::Numbers,
        closed_form: true,
        ..Capabilities::NONE
    },
};

/// A solver for Nim positions (used by tests and other games).
pub fn solver() -> Solver<Nim> {
    Solver::new(HeapGame::new(NimRules))
}
