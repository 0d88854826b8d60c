//! Nim on levels (Romanian article): superpiles, each a stack of piles (bottom to top); a move
//! takes one or more coins from the top non-empty pile of one superpile; whoever takes the last
//! coin of a superpile wins the whole game (a winner-takes-all sum of superpiles).
//!
//! As a normal-play game a position with an empty superpile is terminal (the previous player
//! has won), so the generic solver gives its outcome and winning moves; `grundy wtia` gives the
//! article's w-values ([`crate::solve::wtia`]) and decides large sums without searching their
//! product space. Superpiles are written bottom to top, `4,9,3`; an empty one as `0`. Their
//! order does not matter, so the canonical form sorts them.
//!
//! Sources, by their names in `docs/sources.md`: \[Infoarena\] (Nim on levels).

use crate::error::{Result, input};
use crate::game::{Game, Move};
use crate::games::{Capabilities, GameEntry, Settings, args};
use crate::position::{AnyPosition, Instance};

/// Superpiles, each bottom to top, without empty piles.
pub type Superpiles = Vec<Vec<u64>>;

/// Nim on levels as a normal-play game: a position is a list of superpiles, each a list of pile
/// sizes from the bottom up; a position with an empty superpile is terminal.
#[derive(Clone, Copy, Debug, Default)]
pub struct Levels;

/// Most coins in one pile (a move has as many options as the top pile has coins).
pub const MAX_PILE: u64 = 100_000;

impl Levels {
    fn each_move(p: &Superpiles, mut f: impl FnMut(usize, u64, Superpiles)) {
        if p.iter().any(|s| s.is_empty()) {
            return;
        }
        for (i, s) in p.iter().enumerate() {
            let top = *s.last().expect("non-empty");
            for left in (0..top).rev() {
                let mut q = p.clone();
                if left == 0 {
                    q[i].pop();
                } else {
                    *q[i].last_mut().expect("non-empty") = left;
                }
                f(i, left, q);
            }
        }
    }
}

impl Game for Levels {
    type Position = Superpiles;

    fn options(&self, p: &Superpiles, out: &mut Vec<Superpiles>) {
        Self::each_move(p, |_, _, q| out.push(q));
    }

    fn moves(&self, p: &Superpiles) -> Vec<Move<Superpiles>> {
        let mut out = Vec::new();
        Self::each_move(p, |i, left, q| {
            let top = *p[i].last().expect("non-empty");
            out.push(Move::new(format!("superpile {}: {top} → {left}", i + 1), q))
        });
        out
    }

    fn format(&self, p: &Superpiles) -> String {
        let s: Vec<String> = p
            .iter()
            .map(|s| {
                if s.is_empty() {
                    "0".to_string()
                } else {
                    s.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
                }
            })
            .collect();
        s.join(" ")
    }

    fn canonical(&self, mut p: Superpiles) -> Superpiles {
        p.sort();
        p
    }
}

/// Parse superpiles: each word `4,9,3` (bottom to top) or `0` (empty).
pub fn parse(words: &[String]) -> Result<Superpiles> {
    if words.is_empty() {
        return input("levels takes superpiles, each as pile sizes bottom to top, e.g. `levels 4,9,3 2,5`");
    }
    words
        .iter()
        .map(|w| {
            if w.trim() == "0" {
                return Ok(vec![]);
            }
            let piles = args::number_list(w, "pile size")?;
            if piles.iter().any(|&x| x == 0 || x > MAX_PILE) {
                return input(format!(
                    "superpile {w}: piles have 1 to {MAX_PILE} coins (write a whole empty superpile as 0)"
                ));
            }
            Ok(piles)
        })
        .collect()
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    args::no_other_options(words, "levels", "none")?;
    let p = parse(words)?;
    Ok(Box::new(Instance::new("levels", settings.solver(Levels), p)))
}

/// Registry entry of Nim on levels (`levels`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "levels",
    aliases: &["nim-on-levels"],
    summary: "Nim on levels: take from the top pile of a superpile; emptying a superpile wins",
    rules: "Superpiles, each a stack of piles of coins. A move takes one or more coins from the \
            top non-empty pile of one superpile. Whoever takes the last coin of any superpile \
            wins the whole game (a winner-takes-all sum). `grundy wtia 'levels 4,9,3' 'levels \
            2,5'` gives each superpile's w-value (SP, SC or a natural number).",
    syntax: "SUPERPILE...   each as pile sizes bottom to top (4,9,3), or 0 for an empty one",
    example: "levels 4,9,3 2,5",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities::NONE,
};
