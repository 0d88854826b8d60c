//! The algorithms, each generic over [`crate::game::Game`] or over heap rules.
//!
//! - [`memo`]: the generic solver: mex over options, memoised, with an explicit stack.
//! - [`digraph`]: explicit digraphs: acyclic Grundy values, loopy values, retrograde outcomes.
//! - [`gfunctions`]: every g-function and every Boolean Grundy function (kernels) of a small graph.
//! - [`pattern`]: arithmetic-periodic closed forms of table rows, proved by a game's law.
//! - [`heap_sequence`]: the values of one-heap games for heaps 0..N, and their periods.
//! - [`take_break`]: octal/hexadecimal games at scale (plain and sparse space, Guy–Smith periods).
//! - [`search`]: the nimber search engine for board games (outcome search, bounded table, pruning).
//! - [`wtia`]: w-values of winner-takes-all sums.
//! - [`verify`]: `--verify`, each result recomputed by an independent method.
//! - [`xor_pairs`]: the vectorised inner loop of the plain take-and-break method.

pub mod digraph;
pub mod gfunctions;
// Being restructured into one periodicity module (issue 14): documented after that merge.
#[allow(missing_docs)]
pub mod heap_sequence;
pub mod memo;
// Being restructured into one periodicity module (issue 14): documented after that merge.
#[allow(missing_docs)]
pub mod pattern;
// Being restructured into one periodicity module (issue 14): documented after that merge.
#[allow(missing_docs)]
pub mod take_break;

pub use memo::{Limits, Solver};
pub mod search;
pub mod verify;
pub mod wtia;
pub mod xor_pairs;
