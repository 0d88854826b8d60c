//! The rulesets, one module per family, and the registry that maps names typed on the command
//! line to games. A new game is one new module plus one line in [`REGISTRY`].

pub mod args;
pub mod chess_training;
pub mod chomp;
pub mod chop;
pub mod coloring;
pub mod cram;
pub mod divisors;
pub mod graph;
pub mod graph_format;
pub mod grundy_game;
pub mod heap;
pub mod lattice;
pub mod levels;
pub mod maze;
pub mod misere_nim;
pub mod nim;
pub mod no_overtaking;
pub mod node_kayles;
pub mod octal;
pub mod script;
pub mod subtraction;
pub mod triomino;
pub mod turtles;
pub mod welter;
pub mod wythoff;

use crate::error::{Error, Result};
use crate::game::Game;
use crate::games::heap::HeapRules;
use crate::position::AnyPosition;
use crate::solve::{Limits, Solver};

/// Settings every game builder receives from the command line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Settings {
    pub limits: Limits,
}

impl Settings {
    /// A solver for `game` with these settings.
    pub fn solver<G: Game>(&self, game: G) -> Solver<G> {
        let mut s = Solver::new(game);
        s.limits = self.limits;
        s
    }
}

/// Builds a position from the game name as typed and the words after it.
pub type BuildFn = fn(&str, &[String], &Settings) -> Result<Box<dyn AnyPosition>>;
/// Builds one-heap rules (for `seq`) from the name, the words after it, and the largest heap.
pub type HeapRulesFn = fn(&str, &[String], u64) -> Result<Box<dyn HeapRules>>;

/// A built-in game: its names, its rules in words, its position syntax and builders.
pub struct GameEntry {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub summary: &'static str,
    pub rules: &'static str,
    pub syntax: &'static str,
    pub example: &'static str,
    pub build: BuildFn,
    /// For one-heap games: the rules, so `seq` can compute value sequences.
    pub heap_rules: Option<HeapRulesFn>,
    /// For families named by a pattern (such as octal codes): whether a name belongs to it.
    pub claims: Option<fn(&str) -> bool>,
}

/// Every built-in game.
pub const REGISTRY: &[GameEntry] = &[
    nim::ENTRY,
    misere_nim::ENTRY,
    subtraction::ENTRY,
    subtraction::PRIME_ENTRY,
    divisors::ENTRY,
    grundy_game::ENTRY,
    maze::ENTRY,
    graph::ENTRY,
    welter::ENTRY,
    no_overtaking::ENTRY,
    lattice::ENTRY,
    wythoff::ENTRY,
    chop::ENTRY,
    turtles::ENTRY,
    octal::ENTRY,
    chomp::ENTRY,
    cram::ENTRY,
    triomino::ENTRY,
    coloring::ENTRY,
    levels::ENTRY,
    chess_training::ENTRY,
    // Last, so the registry indices used by saved fuzz inputs keep naming the same games.
    node_kayles::ENTRY,
];

/// The entry for a game name (or alias, or a name claimed by a family).
pub fn find(name: &str) -> Result<&'static GameEntry> {
    let lower = name.to_ascii_lowercase();
    REGISTRY
        .iter()
        .find(|e| e.name == lower || e.aliases.contains(&lower.as_str()))
        .or_else(|| REGISTRY.iter().find(|e| e.claims.is_some_and(|c| c(name))))
        .ok_or_else(|| {
            let names: Vec<&str> = REGISTRY.iter().map(|e| e.name).collect();
            Error::Input(format!(
                "unknown game `{name}`; known games: {} (see `grundy list`)",
                names.join(", ")
            ))
        })
}

/// Build a position from words: the game name, then its arguments.
pub fn build(words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    if script::wanted(words) {
        return script::build(words, settings);
    }
    let Some((name, rest)) = words.split_first() else {
        return crate::error::input("no game given: write a game name and its position, e.g. `nim 10 12 5`");
    };
    (find(name)?.build)(name, rest, settings)
}

/// Split a quoted sum component such as `'nim 3 4'` into words (whitespace separated).
pub fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}
