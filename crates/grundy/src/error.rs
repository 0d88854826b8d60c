//! Errors are values: every failure the user can cause is one of these, rendered as one line
//! by the command line. Three kinds are told apart by type, so a front end can map them to its
//! own exit codes or retries: bad input ([`Error::Input`], [`Error::Loopy`],
//! [`Error::Unsupported`]), a limit reached ([`Error::StateLimit`], [`Error::MemoryLimit`]) and
//! interruption ([`Error::Interrupted`], the cancellation token of [`crate::control`]).
//! Computations with a partial result (a sequence so far) return it beside the reason, see
//! [`crate::solve::heap_sequence::Sequence::stopped`].

use thiserror::Error;

/// Everything that can go wrong in the library, as a value the caller matches on; the
/// `Display` text is one line meant for a person. A limit's text does not say how to raise the
/// limit: each front end names its own option for it ([`Error::limit`]).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// Input that does not parse or is out of range; the message says what is accepted.
    #[error("{}", shorten_words(.0))]
    Input(String),
    /// The search reached its state limit.
    #[error("stopped after {0} positions (the state limit)")]
    StateLimit(usize),
    /// A listing of every move would be longer than the state limit (the position's number of
    /// moves, the limit): refused before it is built.
    #[error("the position has {0} moves, more than the state limit {1}: they cannot all be listed")]
    MoveListLimit(u128, usize),
    /// A sequence by the generic solver keeps a position per heap: one to this heap would pass
    /// the state limit (the heap, the limit): refused before it starts.
    #[error("a sequence to heap {0} keeps more positions than the state limit {1}")]
    SequenceLimit(u64, usize),
    /// The process went above its memory budget, or a big allocation would have (bytes; see
    /// [`crate::memory::MemoryBudget`]).
    #[error(
        "stopped: this needs more memory than the limit of {}",
        describe(*.0)
    )]
    MemoryLimit(u64),
    /// The computation was cancelled (Ctrl-C; see [`crate::control::Cancel`]).
    #[error("interrupted")]
    Interrupted,
    /// A position can be reached from itself: the generic finite-game solver does not apply.
    #[error("the game is loopy: position {} can be reached from itself", shorten(.0))]
    Loopy(String),
    /// A request the game cannot answer (for example a nim-sum of misère positions).
    #[error("{}", shorten_words(.0))]
    Unsupported(String),
}

/// The limit an error reached: the command line raises it with `--max-states` or
/// `--max-memory`, the web API and Python with their own fields, so each front end words the
/// hint from this.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The state limit ([`Error::StateLimit`], [`Error::MoveListLimit`],
    /// [`Error::SequenceLimit`]).
    States,
    /// The memory limit ([`Error::MemoryLimit`]).
    Memory,
}

impl Error {
    /// Bad input with `name` written before its message: the front end's word for the value
    /// that was wrong (`--max-memory` on the command line, `max_memory` in Python). The
    /// library's messages name no front end's flag; other errors are returned unchanged.
    pub fn named(self, name: &str) -> Error {
        match self {
            Error::Input(m) => Error::Input(format!("{name} {m}")),
            e => e,
        }
    }

    /// Which limit was reached, if this is a limit error (see [`Error::is_limit`]).
    pub fn limit(&self) -> Option<Limit> {
        match self {
            Error::StateLimit(_) | Error::MoveListLimit(..) | Error::SequenceLimit(..) => Some(Limit::States),
            Error::MemoryLimit(_) => Some(Limit::Memory),
            _ => None,
        }
    }

    /// Whether a limit was reached (states or memory): the input was fine, the budget too small.
    pub fn is_limit(&self) -> bool {
        self.limit().is_some()
    }
}

/// The library's result type: a value, or an [`Error`](enum@Error).
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

/// A message with every overlong word (an echoed argument or file line, more than
/// [`ECHO_LIMIT`] characters and some slack) shortened by [`shorten`], keeping the quote or
/// punctuation that closes it. Messages are built from user input in many places; this is
/// where they are shown, so no input is ever echoed whole however it reached the message.
pub fn shorten_words(message: &str) -> String {
    const SLACK: usize = 40;
    if message.chars().count() <= ECHO_LIMIT + SLACK {
        return message.to_string();
    }
    let mut out = String::with_capacity(message.len().min(4 * ECHO_LIMIT));
    let mut rest = message;
    while !rest.is_empty() {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, after) = rest.split_at(end);
        if word.chars().count() > ECHO_LIMIT + SLACK {
            let body = word.trim_end_matches(|c: char| !c.is_alphanumeric());
            out.push_str(&shorten(body));
            out.push_str(&word[body.len()..]);
        } else {
            out.push_str(word);
        }
        let space = after.len() - after.trim_start().len();
        out.push_str(&after[..space]);
        rest = &after[space..];
    }
    out
}

/// A size in words: `512 MiB`, `4.0 GiB`.
pub fn describe(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
    } else {
        format!("{} MiB", bytes >> 20)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_error_names_its_limit_and_no_front_end_option() {
        for (e, limit) in [
            (Error::StateLimit(10), Limit::States),
            (Error::MoveListLimit(20, 10), Limit::States),
            (Error::SequenceLimit(20, 10), Limit::States),
            (Error::MemoryLimit(1 << 30), Limit::Memory),
        ] {
            assert_eq!(e.limit(), Some(limit));
            assert!(e.is_limit());
            assert!(!e.to_string().contains("--"), "{e}");
        }
        assert_eq!(Error::Interrupted.limit(), None);
        assert_eq!(Error::Input("x".into()).limit(), None);
    }
}
