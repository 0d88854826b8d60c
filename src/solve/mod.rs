//! The algorithms, each generic over [`crate::game::Game`] or over heap rules.
//!
//! - [`memo`]: the generic solver: mex over options, memoised, with an explicit stack.
//! - [`heap_sequence`]: the values of one-heap games for heaps 0..N, and their periods.
//! - [`take_break`]: octal/hexadecimal games at scale (plain and sparse space, Guy–Smith periods).

pub mod heap_sequence;
pub mod memo;
pub mod take_break;

pub use memo::{Limits, Solver};
