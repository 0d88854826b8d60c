//! # grundy
//!
//! Sprague–Grundy theory for impartial combinatorial games: nimbers (Grundy values) by mex over
//! options, outcomes, every winning move, disjunctive sums by nim-sum, and whole value sequences.
//!
//! Layers (see `DESIGN.md` in the shared folder):
//! - core: [`nimber`], [`outcome`], [`value`], the [`game::Game`] trait and [`position`] (games
//!   behind one object-safe face so positions of different games can be summed);
//! - [`solve`]: the algorithms, generic over [`game::Game`];
//! - [`games`]: the rulesets, one module per family, and the registry of names;
//! - [`control`]: what a caller gives long computations: a cancellation token, a progress
//!   observer and a memory budget ([`memory`]). The library never prints and never ends the
//!   process; limits and cancellation come back as typed [`Error`]s;
//! - the command line lives in the `grundy-cli` crate.

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
pub mod solve;
pub mod value;

pub use error::{Error, Result};
pub use game::{Convention, Game, Move};
pub use nimber::{Nimber, mex, nim_sum};
pub use outcome::Outcome;
pub use value::Value;
