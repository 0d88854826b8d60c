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
pub mod grundy_game;
pub mod heap;
pub mod lattice;
pub mod levels;
pub mod maze;
pub mod misere_nim;
pub mod nim;
pub mod no_overtaking;
pub mod octal;
#[cfg(feature = "rhai")]
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

/// Settings every game builder receives from the command line: the limits, which carry the
/// [`crate::control::Control`] (cancellation, progress, memory budget) of the computation.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// The state limit of every solver the builder creates.
    pub limits: Limits,
}

impl Settings {
    /// A solver for `game` with these settings.
    pub fn solver<G: Game>(&self, game: G) -> Solver<G> {
        let mut s = Solver::new(game);
        s.limits = self.limits.clone();
        s
    }
}

/// Builds a position from the game name as typed and the words after it.
pub type BuildFn = fn(&str, &[String], &Settings) -> Result<Box<dyn AnyPosition>>;
/// Builds one-heap rules (for `seq`) from the name, the words after it, and the largest heap.
pub type HeapRulesFn = fn(&str, &[String], u64) -> Result<Box<dyn HeapRules>>;

/// A built-in game: its names, its rules in words, its position syntax and builders.
pub struct GameEntry {
    /// The canonical name, lower case, as typed on the command line (`grundy-game`).
    pub name: &'static str,
    /// Other names accepted for the game (`grundy`), lower case.
    pub aliases: &'static [&'static str],
    /// The one-line description shown by `grundy list`.
    pub summary: &'static str,
    /// The rules in full sentences, shown by `grundy list`.
    pub rules: &'static str,
    /// How a position is written after the name (the words the builder accepts).
    pub syntax: &'static str,
    /// One position in that syntax, shown as an example.
    pub example: &'static str,
    /// Builds a position from the name and the words after it.
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
];

/// The entry for a game name (or alias, or a name claimed by a family).
pub fn find(name: &str) -> Result<&'static GameEntry> {
    let lower = name.to_ascii_lowercase();
    REGISTRY
        .iter()
        .find(|e| e.name == lower || e.aliases.contains(&lower.as_str()))
        .or_else(|| REGISTRY.iter().find(|e| e.claims.is_some_and(|c| c(name))))
        .ok_or_else(|| {
            // Optimal string alignment distance: insertions, deletions, substitutions and swaps
            // of two neighbours each cost 1 (`kayels` is one swap from `kayles`).
            fn distance(a: &str, b: &str) -> usize {
                let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
                let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
                for (i, row) in d.iter_mut().enumerate() {
                    row[0] = i;
                }
                for (j, cell) in d[0].iter_mut().enumerate() {
                    *cell = j;
                }
                for i in 1..=a.len() {
                    for j in 1..=b.len() {
                        let cost = usize::from(a[i - 1] != b[j - 1]);
                        let mut best = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
                        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                            best = best.min(d[i - 2][j - 2] + 1);
                        }
                        d[i][j] = best;
                    }
                }
                d[a.len()][b.len()]
            }
            // The closest name or alias, if it is close enough to be a typing slip: at most
            // one edit in four characters (and at least one edit allowed).
            let closest = REGISTRY
                .iter()
                .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
                .map(|n| (distance(&lower, n), n))
                .min()
                .filter(|&(d, n)| d <= (n.chars().count() / 4).max(1));
            let hint = closest.map_or(String::new(), |(_, n)| format!(" (did you mean `{n}`?)"));
            let names: Vec<&str> = REGISTRY.iter().map(|e| e.name).collect();
            Error::Input(format!(
                "unknown game `{name}`{hint}; known games: {} (see `grundy list`)",
                names.join(", ")
            ))
        })
}

/// Build a position from words: the game name, then its arguments.
pub fn build(words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    #[cfg(feature = "rhai")]
    if script::wanted(words) {
        return script::build(words, settings);
    }
    #[cfg(not(feature = "rhai"))]
    if words.iter().any(|w| w == "--rules" || w.starts_with("--rules=")) {
        return crate::error::input("--rules needs the library built with its `rhai` feature");
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
