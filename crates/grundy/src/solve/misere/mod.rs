//! Misère play (the player who makes the last move loses) for every finite game and every sum.
//!
//! What: in misère play a terminal position is a win for the player to move, so the misère
//! Grundy value is 1 at a terminal position and the mex of the options elsewhere (0 exactly at
//! P-positions). Sums no longer add by nim-sum: a sum is searched as a whole, with a
//! transposition table keyed on the canonical (sorted) sum of its components. The modules:
//! - [`generic`]: any position of any game, or any sum, through its components;
//! - [`heaps`]: sums of heaps of one ruleset (fast: a heap is a number), and an outcome-only
//!   search;
//! - [`genus`]: Conway's genus of each heap, tame heaps, and tame sums decided by misère Nim;
//! - [`quotient`]: the misère quotient (Plambeck–Siegel) of a heap game restricted to small
//!   heaps, verified, and sums decided through it.
//!
//! [`of_position`] and [`of_positions`] are the entry points: a position under misère play, behind
//! the same [`AnyPosition`] face as any other, so every command (value, moves, sum, explain,
//! play) and every front end gets misère play without code of its own (the registry's
//! [`crate::games::misere::build`] builds one from words, with the fast path for heap games). Its convention is
//! [`Convention::Misere`](crate::game::Convention::Misere); its value the misère Grundy value.
//!
//! Cost: exponential in the size of the sum in general (the search); the genus and the
//! quotient make sums of tame games, and of games with a small quotient, linear in the number
//! of heaps.
//!
//! Sources: \[WW\] ch. 13 ("Survival in the lost world"), \[ONAG\] ch. 12 ("How to lose when you
//! must"), \[PS2008\] (misère quotients), \[Handbook\] (misère Nim).

pub mod generic;
pub mod genus;
pub mod heaps;
pub mod quotient;

use crate::error::Result;
use crate::position::{AnyPosition, Instance};
use crate::settings::Settings;
use generic::{MisereEngine, MisereSum};

/// Heaps up to this size get their genera computed so that tame sums are valued by misère Nim
/// instead of searched (beyond, the search alone).
pub const GENUS_FORMULA_UP_TO: u64 = 20;

/// `position` (any game, any sum) under misère play.
pub fn of_position(position: &dyn AnyPosition, settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    of_positions(&[position.boxed()], settings)
}

/// The sum of `positions` under misère play (one position is a sum of one).
pub fn of_positions(positions: &[Box<dyn AnyPosition>], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let game = MisereSum::new();
    let parts: Vec<_> = positions.iter().flat_map(|p| game.parts(p.as_ref())).collect();
    let name = game.name(&parts);
    let solver = settings.solver(game);
    Ok(Box::new(Instance::new(name, MisereEngine { solver }, parts)))
}

#[cfg(test)]
mod tests;
