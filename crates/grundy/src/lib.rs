//! # grundy
//!
//! Sprague–Grundy theory for impartial combinatorial games: nimbers (Grundy values) by mex over
//! options, outcomes, every winning move, disjunctive sums by nim-sum, and whole value sequences
//! with proved periods. Where each result and algorithm comes from is listed in
//! `docs/sources.md` (\[Sprague1935\], \[Grundy1939\], \[Bouton1901\], \[GuySmith1956\], \[WW\], …);
//! module docs cite those names.
//!
//! # Example
//!
//! A Nim position with its winning move (the Polish slides' ⟨3, 4, 5⟩), the Kayles sequence with
//! its period proved by the Guy–Smith theorem, and a sum of two different games:
//!
//! ```
//! use grundy::games::octal::Code;
//! use grundy::{Convention, Nimber, Outcome, Settings, query, position::{AnyPosition, Sum}, solve::take_break};
//! # fn main() -> grundy::Result<()> {
//! let settings = Settings::default();
//! let position = |text: &str| query::position_of(text, Convention::Normal, &settings);
//!
//! // Nim 3 4 5: nimber 3 ⊕ 4 ⊕ 5 = 2; the one move to nimber 0 takes 2 from the 3-heap.
//! let nim = position("nim 3 4 5")?;
//! assert_eq!(nim.value()?.finite(), Some(Nimber(2)));
//! let wins = nim.moves_to(Nimber(0))?;
//! assert_eq!(wins.len(), 1);
//! assert_eq!(wins[0].next.text(), "1 4 5");
//!
//! // Kayles (octal 0.77): periodic with period 12 from heap 71 on, proved, so any heap is read
//! // off the period.
//! let kayles = take_break::compute(Code::parse("kayles")?.rules(), 100, Default::default())?;
//! let period = kayles.period.as_ref().expect("the period is proved");
//! assert_eq!((period.preperiod, period.period), (71, 12));
//! assert_eq!(kayles.get(1_000_000_000_000), kayles.get(71 + (1_000_000_000_000 - 71) % 12));
//!
//! // Grundy's game on a heap of 8 (nimber 2) plus a Nim heap of 5: 2 ⊕ 5 = 7, an N-position.
//! let sum = Sum::new(vec![position("grundy-game 8")?, position("nim 5")?])?;
//! assert_eq!(sum.value()?.finite(), Some(Nimber(7)));
//! assert_eq!(sum.value()?.outcome(), Outcome::N);
//! # Ok(())
//! # }
//! ```
//!
//! # Layers
//!
//! Each layer imports only those below it (a test, `layers::lower_layers_never_import_higher`,
//! keeps it so; docs/architecture.md draws the picture):
//!
//! 1. core: [`nimber`] (nimbers, mex, nim-sum), [`outcome`], [`value`] (finite and loopy
//!    values), the [`game::Game`] trait, [`settings`] (the run context), [`control`]
//!    (cancellation token, progress observer, memory budget: [`memory`]), [`error`] (typed
//!    errors), [`files`] (bounded reads, atomic writes);
//! 2. engines: [`solve`], the algorithms, generic over [`game::Game`] or over heap rules, and
//!    [`position`], the one adapter from a game to the engines (positions of any game behind one
//!    object-safe face, so positions of different games can be summed). Engines take rules and
//!    positions, never a game's name;
//! 3. [`games`]: the rulesets, one module per family, and the registry of their names;
//! 4. [`query`] and [`report`]: one typed request in, one serde report out, for every command.
//!
//! The library never prints and never ends the process; limits and cancellation come back as
//! typed [`Error`](enum@Error)s. The front ends (`grundy-cli`, `grundy-py`, `grundy-web`) use
//! only this public API: they decode, call [`query`], render.

#![warn(missing_docs)]

pub mod control;
pub mod error;
pub mod files;
#[doc(hidden)]
pub mod fuzz_checks;
pub mod game;
pub mod games;
pub mod memory;
pub mod nimber;
pub mod outcome;
pub mod position;
pub mod query;
pub mod report;
pub mod settings;
pub mod solve;
pub mod value;

pub use error::{Error, Result};
pub use game::{Convention, Game, Move};
pub use nimber::{Nimber, mex, nim_sum};
pub use outcome::Outcome;
pub use settings::Settings;
pub use value::Value;

/// Reproducible pseudo-random numbers for the tests (Marsaglia's xorshift64: the same seed,
/// the same sequence; the seed must not be 0).
#[cfg(test)]
pub(crate) fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

#[cfg(test)]
mod tests {
    /// The engines' internal modules stay crate-private (the public API is what a library user
    /// needs; `cargo doc` shows no internals): the game builders' parsing helpers, the
    /// vectorised kernels (their CPU-feature tokens must not leave the crate) and the
    /// board-search adapter.
    #[test]
    fn internal_modules_are_crate_private() {
        for (source, module) in [
            (include_str!("games/mod.rs"), "args"),
            (include_str!("solve/mod.rs"), "xor_pairs"),
            (include_str!("solve/search/mod.rs"), "instance"),
        ] {
            let declared = source
                .lines()
                .find(|l| l.trim_end().ends_with(&format!("mod {module};")));
            assert_eq!(
                declared.map(str::trim),
                Some(format!("pub(crate) mod {module};").as_str()),
                "{module}"
            );
        }
    }
}

/// The README's Rust examples, compiled and run as doctests so the README stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
