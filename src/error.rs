//! Errors are values: every failure the user can cause is one of these, rendered as one line
//! by the command line with exit code 2.

use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// Input that does not parse or is out of range; the message says what is accepted.
    #[error("{0}")]
    Input(String),
    /// The search reached its state limit.
    #[error("stopped after {0} positions (the state limit); raise it with --max-states")]
    StateLimit(usize),
    /// Ctrl-C.
    #[error("interrupted")]
    Interrupted,
    /// A position can be reached from itself: the generic finite-game solver does not apply.
    #[error("the game is loopy: position {0} can be reached from itself")]
    Loopy(String),
    /// A request the game cannot answer (for example a nim-sum of misère positions).
    #[error("{0}")]
    Unsupported(String),
}

pub type Result<T> = std::result::Result<T, Error>;

/// Shorthand for an input error.
pub fn input<T>(msg: impl Into<String>) -> Result<T> {
    Err(Error::Input(msg.into()))
}
