//! Outcome classes: P (the previous player wins, i.e. the player to move loses), N (the player
//! to move wins) and D (a draw: possible only in loopy games, where play can go on forever).
//!
//! Sources, by their names in `docs/sources.md`: \[Handbook\] (winning and losing states),
//! \[Thesis\] ch. 3 (even and odd games), \[Smith1966\] (draws).

use serde::Serialize;
use std::fmt;

/// Who wins a position with best play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub enum Outcome {
    /// The player to move loses (the handbook's "losing state", the thesis's "odd game").
    P,
    /// The player to move wins (a "winning state", an "even game").
    N,
    /// Neither player can force a win (loopy games only).
    #[serde(rename = "D")]
    Draw,
}

impl Outcome {
    /// The one-letter code used in JSON and tables: `P`, `N` or `D`.
    pub fn code(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::Draw => "D",
        }
    }

    /// The outcome in words, from the point of view of the player to move.
    pub fn meaning(self) -> &'static str {
        match self {
            Outcome::P => "the player to move loses",
            Outcome::N => "the player to move wins",
            Outcome::Draw => "a draw with best play",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}
