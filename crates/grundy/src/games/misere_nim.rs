//! Misère Nim: Nim where whoever takes the last stick loses.
//!
//! Values are misère Grundy values (1 at the empty position, mex elsewhere; 0 exactly at
//! P-positions). Closed form (checked against the generic solver in tests): when every heap is
//! at most 1, the value is 1 if the number of 1-heaps is even and 0 if it is odd; otherwise it
//! is the nim-sum. So the handbook's strategy: play as in Nim until the move would leave only
//! heaps ≤ 1, then leave an odd number of 1-heaps. Moves to any value are found directly: the
//! new size of the heap moved is 0, 1, or the xor of the others with the target.
//!
//! Sources, by their names in `docs/sources.md`: \[Handbook\].

use crate::game::{Convention, Game, Move};
use crate::games::heap::parse_heaps;
use crate::games::{Capabilities, GameEntry};
use crate::settings::Settings;
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Instance};

/// Misère Nim on several heaps; values are misère Grundy values ([`misere_value`]), so the
/// solver's convention is [`crate::game::Convention::Misere`] and positions are not summed.
#[derive(Clone, Copy, Debug, Default)]
pub struct MisereNim;

/// The misère Grundy value of Nim heaps.
pub fn misere_value(heaps: &[u64]) -> Nimber {
    if heaps.iter().all(|&h| h <= 1) {
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        Nimber(if ones % 2 == 0 { 1 } else { 0 })
    } else {
        Nimber(heaps.iter().fold(0, |a, &h| a ^ h))
    }
}

fn with(heaps: &[u64], i: usize, k: u64) -> Vec<u64> {
    let mut v = heaps.to_vec();
    v[i] = k;
    v
}

impl Game for MisereNim {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in heaps.iter().enumerate() {
            out.extend((0..h).map(|k| with(heaps, i, k)));
        }
    }

    fn moves(&self, heaps: &Vec<u64>) -> Vec<Move<Vec<u64>>> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if !heaps[..i].contains(&h) {
                out.extend((0..h).rev().map(|k| Move::new(format!("{h} → {k}"), with(heaps, i, k))));
            }
        }
        out
    }

    fn move_count(&self, heaps: &Vec<u64>) -> Option<u128> {
        let distinct = heaps.iter().enumerate().filter(|(i, h)| !heaps[..*i].contains(h));
        Some(distinct.map(|(_, &h)| u128::from(h)).sum())
    }

    fn format(&self, heaps: &Vec<u64>) -> String {
        let h: Vec<String> = heaps.iter().map(|x| x.to_string()).collect();
        if h.is_empty() { "0".into() } else { h.join(" ") }
    }

    fn convention(&self) -> Convention {
        Convention::Misere
    }

    fn canonical(&self, mut heaps: Vec<u64>) -> Vec<u64> {
        heaps.retain(|&h| h != 0);
        heaps.sort_unstable();
        heaps
    }

    fn formula(&self, heaps: &Vec<u64>) -> Option<Nimber> {
        Some(misere_value(heaps))
    }

    fn moves_to_value(&self, heaps: &Vec<u64>, target: Nimber) -> Option<Vec<Move<Vec<u64>>>> {
        let total = heaps.iter().fold(0, |a, &h| a ^ h);
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if heaps[..i].contains(&h) {
                continue;
            }
            let mut sizes = vec![total ^ h ^ target.0, 1, 0];
            sizes.sort_unstable_by(|a, b| b.cmp(a));
            sizes.dedup();
            for k in sizes {
                let next = with(heaps, i, k);
                if k < h && misere_value(&next) == target {
                    out.push(Move::new(format!("{h} → {k}"), next));
                }
            }
        }
        Some(out)
    }
}

fn build(_name: &str, words: &[String], settings: &Settings) -> crate::Result<Box<dyn AnyPosition>> {
    let heaps = parse_heaps(words)?;
    Ok(Box::new(Instance::new("misere-nim", settings.solver(MisereNim), heaps)))
}

/// Registry entry of misère Nim (`misere-nim`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "misere-nim",
    aliases: &["misère-nim"],
    summary: "misère Nim: as Nim, but whoever takes the last stick loses",
    rules: "Heaps of sticks. A move removes one or more sticks from one heap. Whoever takes the \
            last stick LOSES. Values are misère Grundy values (0 exactly when the player to move \
            loses); they do not add by nim-sum, so misère positions cannot be summed.",
    syntax: "HEAP...   heap sizes (natural numbers)",
    example: "misere-nim 1 1 3",
    hard_example: "misere-nim 100000 100000 77",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
        editor: super::Editor::Numbers,
        closed_form: true,
        ..Capabilities::NONE
    },
};
