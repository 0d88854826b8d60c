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
//! One superpile alone has a closed form ([`superpile_value`]), so `value levels 100000` (or any
//! single superpile of piles up to [`MAX_PILE`]) is answered in O(number of piles), and its
//! winning moves in O(1) each, instead of a search whose every position has as many options as
//! its top pile. Let h be the value of the superpile without its top pile (0 when there is none:
//! taking the last pile ends the game). From top pile t the moves reach the superpile with top
//! t' (1 ≤ t' < t), and, by taking the whole top pile, the value h. By induction on t the values
//! with top t are 0, 1, 2, ... with h left out: t − 1 when t − 1 < h, t otherwise. Positions of
//! two or more superpiles are not sums (the game ends with the first emptied superpile) and are
//! searched; the closed form is checked against that search on every small superpile.
//!
//! Sources, by their names in `docs/sources.md`: \[Infoarena\] (Nim on levels).

use crate::error::{Result, input};
use crate::game::{Game, Move};
use crate::games::{Capabilities, GameEntry, args};
use crate::settings::Settings;
use crate::nimber::Nimber;
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

/// The value of one superpile alone (`piles` bottom to top, no empty pile): fold the rule
/// "top t over a rest of value h is worth t − 1 if t − 1 < h, else t" from the bottom pile up.
pub fn superpile_value(piles: &[u64]) -> Nimber {
    Nimber(piles.iter().fold(0, |h, &t| if t - 1 < h { t - 1 } else { t }))
}

/// The top pile size that gives one superpile value `target` over a rest of value `h` (the
/// inverse of [`superpile_value`]'s rule): `None` for `target == h`, which only taking the whole
/// top pile reaches.
fn top_for(h: u64, target: u64) -> Option<u64> {
    match target.cmp(&h) {
        std::cmp::Ordering::Less => Some(target + 1),
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(target),
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

    /// One superpile: [`superpile_value`]; a position with an empty superpile is terminal (0).
    fn formula(&self, p: &Superpiles) -> Option<Nimber> {
        match p.as_slice() {
            _ if p.iter().any(|s| s.is_empty()) => Some(Nimber::ZERO),
            [one] => Some(superpile_value(one)),
            _ => None,
        }
    }

    /// One superpile: the one move to `target`, if any (see `top_for`).
    fn moves_to_value(&self, p: &Superpiles, target: Nimber) -> Option<Vec<Move<Superpiles>>> {
        if p.iter().any(|s| s.is_empty()) {
            return Some(vec![]);
        }
        let [one] = p.as_slice() else { return None };
        let (&top, rest) = one.split_last().expect("non-empty");
        let h = superpile_value(rest).0;
        let left = match top_for(h, target.0) {
            Some(t) if t < top => t,
            Some(_) => return Some(vec![]),
            None => 0,
        };
        let mut q = p.clone();
        if left == 0 {
            q[0].pop();
        } else {
            q[0][rest.len()] = left;
        }
        Some(vec![Move::new(format!("superpile 1: {top} → {left}"), q)])
    }

    fn move_count(&self, p: &Superpiles) -> Option<u128> {
        if p.iter().any(|s| s.is_empty()) {
            return Some(0);
        }
        Some(p.iter().map(|s| u128::from(*s.last().expect("non-empty"))).sum())
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
            wins the whole game (a winner-takes-all sum). One superpile alone is valued by a \
            closed form (piles up to 100000 coins). `grundy wtia 'levels 4,9,3' 'levels \
            2,5'` gives each superpile's w-value (SP, SC or a natural number).",
    syntax: "SUPERPILE...   each as pile sizes bottom to top (4,9,3), or 0 for an empty one",
    example: "levels 4,9,3 2,5",
    hard_example: "levels 90,90,90,90 90,90,90",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities::NONE,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;

    /// Every superpile of up to three piles of up to 5 coins (and 0 to 2 more piles of 1..3
    /// coins below): the closed form and its winning moves equal the plain generic solver's.
    #[test]
    fn one_superpile_equals_the_plain_solver() {
        let mut plain = Solver::plain(Levels);
        let mut piles: Vec<Vec<u64>> = vec![vec![]];
        for _ in 0..4 {
            let longer: Vec<Vec<u64>> = piles
                .iter()
                .filter(|p| p.len() < 4)
                .flat_map(|p| (1..=5).map(move |t| [p.clone(), vec![t]].concat()))
                .collect();
            piles.extend(longer);
            piles.sort();
            piles.dedup();
        }
        assert!(piles.len() > 700);
        for s in piles {
            let p = vec![s.clone()];
            let v = plain.nimber(&p).unwrap();
            assert_eq!(Levels.formula(&p), Some(v), "{s:?}");
            for t in 0..7 {
                let mut fast: Vec<String> = Levels
                    .moves_to_value(&p, Nimber(t))
                    .unwrap()
                    .into_iter()
                    .map(|m| Levels.format(&m.position))
                    .collect();
                let mut slow: Vec<String> = plain
                    .moves_to_value(&p, Nimber(t))
                    .unwrap()
                    .into_iter()
                    .map(|m| Levels.format(&m.position))
                    .collect();
                fast.sort();
                slow.sort();
                assert_eq!(fast, slow, "{s:?} to {t}");
            }
            assert_eq!(Levels.move_count(&p), Some(Levels.moves(&p).len() as u128));
        }
    }
}
