//! Positions written in words, under misère play: the registry's side of [`crate::solve::misere`].
//!
//! What: [`build`] reads a game's words as [`crate::games::build`] does and returns the position
//! under misère play; a heap game (its registry entry has one-heap rules) takes the fast path of
//! [`crate::solve::misere::heaps`], with tame sums valued from the genera of small heaps; any
//! other game the generic search of [`crate::solve::misere::generic`]. [`heap_rules`] splits a
//! heap game's words into its rules and heaps.
//! Why here: the engines take rules and positions, never names; the registry knows the names.
//! Cost: that of building the position (and the genera of heaps up to
//! [`crate::solve::misere::GENUS_FORMULA_UP_TO`], a small search each).

use crate::error::Result;
use crate::games;
use crate::position::{AnyPosition, Instance};
use crate::settings::Settings;
use crate::solve::heap_sequence::HeapRules;
use crate::solve::misere::heaps::MisereHeaps;
use crate::solve::misere::{GENUS_FORMULA_UP_TO, genus, of_position};

/// The heap rules and heaps of a heap game's words (`kayles 5 9`, `subtraction --set 1,2 7`):
/// the trailing natural numbers are the heaps, the words before them the rules.
pub fn heap_rules(words: &[String]) -> Option<(Box<dyn HeapRules>, Vec<u64>)> {
    let (name, rest) = words.split_first()?;
    let make = games::find(name).ok()?.heap_rules?;
    let numbers = rest.iter().rev().take_while(|w| w.parse::<u64>().is_ok()).count();
    let (rule_words, heap_words) = rest.split_at(rest.len() - numbers);
    let heaps: Vec<u64> = heap_words.iter().map(|w| w.parse().expect("checked")).collect();
    if heaps.is_empty() {
        return None;
    }
    let max = heaps.iter().copied().max().unwrap_or(0);
    let rules = make(name, rule_words, max).ok()?;
    Some((rules, heaps))
}

/// The position written by `words` (a game name and its position) under misère play. Heap
/// games take the fast path of [`heaps`] (with tame sums valued from the genera of heaps up to
/// [`GENUS_FORMULA_UP_TO`]); every other game the generic one of [`generic`].
pub fn build(words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let normal = games::build(words, settings)?;
    match heap_rules(words) {
        Some((rules, heaps)) => {
            let max = heaps.iter().copied().max().unwrap_or(0);
            let mut game = MisereHeaps::new(rules);
            if max <= GENUS_FORMULA_UP_TO {
                let table = genus::GenusTable::compute(&game.rules, max, settings)?;
                game.genera = Some(Box::new(table));
            }
            Ok(Box::new(Instance::new(normal.game(), settings.solver(game), heaps)))
        }
        None => of_position(normal.as_ref(), settings),
    }
}
