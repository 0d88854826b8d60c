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

/// Longest piece of user input an error message repeats whole.
pub const ECHO_LIMIT: usize = 80;

/// User input as an error message repeats it: whole when short, otherwise its first
/// [`ECHO_LIMIT`] characters and an ellipsis with the full length, so a huge argument or file
/// line does not flood the terminal.
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(ECHO_LIMIT) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}… ({} characters)", &text[..cut], text.chars().count()),
    }
}
