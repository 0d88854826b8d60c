//! The algorithms, each generic over [`crate::game::Game`] or over heap rules.
//!
//! - [`memo`]: the generic solver: mex over options, memoised, with an explicit stack.
//! - [`heap_sequence`]: the values of one-heap games for heaps 0..N, and their periods.
//! - [`search`]: the nimber search engine for board games (outcome search, bounded table, pruning).
//! - [`wtia`]: w-values of winner-takes-all sums.

pub mod heap_sequence;
pub mod memo;

pub use memo::{Limits, Solver};
pub mod search;
pub mod wtia;
