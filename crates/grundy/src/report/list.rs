//! The report of `list`: every built-in game with its names, rules and syntax.
//!
//! What: [`ListReport`], a [`GameListing`] per registry entry in the registry's order (built by
//! [`crate::query::list`]).
//! Why here: `grundy list --json` and other front ends describe the games from the same value.
//! Cost: plain data, one entry per game.

use crate::games::{Capability, Editor, GameOption};
use serde::Serialize;

/// One built-in game in `list`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameSummary {
    /// The name to type.
    pub name: String,
    /// Other names accepted for it.
    pub aliases: Vec<String>,
    /// One line on what it is.
    pub summary: String,
    /// The rules.
    pub rules: String,
    /// The position's syntax after the name.
    pub syntax: String,
    /// A position to try, with the name.
    pub example: String,
    /// Whether `seq` computes its values.
    pub sequence: bool,
}

/// One game of `list`: its summary, what it can do beyond building positions, and how a front
/// end edits its position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameListing {
    /// Names, rules, syntax, example.
    #[serde(flatten)]
    pub summary: GameSummary,
    /// What the registry declares the game can do.
    pub capabilities: Vec<Capability>,
    /// How a position of the game is edited (words, a board, a file).
    pub editor: Editor,
    /// The options its words take (`--stats`, `--tt FILE`).
    pub options: Vec<GameOption>,
}

/// `list`: every built-in game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ListReport {
    /// The games in the registry's order.
    pub games: Vec<GameListing>,
}
