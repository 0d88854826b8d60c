//! Grundy's game (Grundy 1939): a move splits one heap into two non-empty heaps of different
//! sizes. A heap of n has ⌊(n − 1) / 2⌋ options; its value is the mex of g(a) ⊕ g(n − a) over
//! 1 ≤ a < n − a (the handbook's "splitting game" example).
//!
//! Sources, by their names in `docs/sources.md`: \[Grundy1939\], \[Handbook\], \[WW\] ch. 4.

use crate::games::heap::{HeapRules, at_most, parse_heaps};
use crate::games::{Capabilities, GameEntry};
use crate::settings::Settings;
use crate::position::AnyPosition;

/// Grundy's game as one-heap rules (lifted to several heaps by [`crate::games::heap::HeapGame`]);
/// single-heap values come from the sequence engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct GrundyGame;

/// Largest heap the position commands accept (a heap of n has n/2 options, each solved).
pub(crate) const MAX_HEAP: u64 = 1_000_000;

impl HeapRules for GrundyGame {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        let mut a = 1;
        while 2 * a < n {
            f(&[a, n - a]);
            a += 1;
        }
    }

    /// The splits a + (n − a) with 1 ≤ a < n/2: ⌊(n − 1)/2⌋ of them.
    fn heap_option_count(&self, n: u64) -> Option<u128> {
        Some(u128::from(n.saturating_sub(1) / 2))
    }

    /// Grundy's game is 0.4 with unequal splits only.
    fn take_break(&self) -> Option<crate::solve::take_break::TakeBreak> {
        Some(crate::solve::take_break::TakeBreak::new(vec![4], true))
    }
}

fn build(_name: &str, words: &[String], settings: &Settings) -> crate::Result<Box<dyn AnyPosition>> {
    let heaps = at_most(parse_heaps(words)?, MAX_HEAP, "grundy-game")?;
    crate::games::heap::position("grundy-game", GrundyGame, heaps, settings)
}

fn rules(_name: &str, words: &[String], _max_heap: u64) -> crate::Result<Box<dyn HeapRules>> {
    crate::games::args::no_other_options(words, "grundy-game", "none")?;
    Ok(Box::new(GrundyGame))
}

/// Registry entry of Grundy's game (`grundy-game`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "grundy-game",
    aliases: &["grundy"],
    summary: "Grundy's game: split one heap into two non-empty heaps of different sizes",
    rules: "Heaps of sticks. A move splits one heap into two non-empty heaps of different \
            sizes (so heaps of 1 and 2 cannot be split). The last mover wins.",
    syntax: "HEAP...   heap sizes (up to 1000000)",
    example: "grundy-game 8",
    hard_example: "grundy-game 1000000 999999",
    build,
    heap_rules: Some(rules),
    claims: None,
    caps: Capabilities {
        editor: super::Editor::Numbers,
        ..Capabilities::NONE
    },
};
