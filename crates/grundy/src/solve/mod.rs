//! The algorithms, each generic over [`crate::game::Game`] or over heap rules.
//!
//! - [`memo`]: the generic solver: mex over options, memoised, with an explicit stack.
//! - [`digraph`]: explicit digraphs: acyclic Grundy values, loopy values, retrograde outcomes.
//! - [`gfunctions`]: every g-function and every Boolean Grundy function (kernels) of a small graph.
//! - [`periodicity`]: (arithmetic) periodicity of value sequences and table rows, detected and
//!   proved (Guy–Smith, window rules, laws of a game) with one result type.
//! - [`frequency`]: how often each value occurs at every power of two, the rare heaps.
//! - [`heap_sequence`]: the rules of one-heap games and their values for heaps 0..N.
//! - [`take_break`]: octal/hexadecimal games at scale (plain and sparse space, Guy–Smith periods).
//! - [`search`]: the nimber search engine for board games (outcome search, bounded table, pruning).
//! - [`census`]: every game of a family of codes (octal:3, subtraction:6, ...), in parallel.
//! - [`misere`]: misère play of any game and any sum: search, genus, misère quotients.
//! - [`wtia`]: w-values of winner-takes-all sums.
//! - [`verify`]: `--verify`, each result recomputed by an independent method.
//! - [`threads`]: a deep search's large-stack thread, and pools that wait for their threads.
//! - `xor_pairs` (crate-private): the vectorised inner loop of the plain take-and-break method.

pub mod digraph;
pub mod frequency;
pub mod gfunctions;
pub mod heap_sequence;
pub mod memo;
pub mod misere;
pub mod periodicity;
pub mod take_break;

pub use memo::Solver;
pub mod graph_kayles;
pub mod search;
pub mod threads;
pub mod verify;
pub mod wtia;
pub(crate) mod xor_pairs;
