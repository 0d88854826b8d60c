//! Welter's game without overtaking (the thesis, chapter 5): as Welter's game, but a pawn may
//! not pass another: it moves to an empty smaller square above the next pawn below it. The game
//! ends with the pawns on 1..k in their original order.
//!
//! Closed form: with the pawns sorted, s_1 < ... < s_n, let the gaps be g_1 = s_1 − 1 and
//! g_k = s_k − s_(k−1) − 1. Moving pawn k down by d takes d from gap k and adds it to gap k + 1
//! (the top pawn's d simply vanish), so this is Staircase Nim with the top gap on the first
//! step: the value is g_n ⊕ g_(n−2) ⊕ g_(n−4) ⊕ ... (every option changes that nim-sum, and every
//! smaller one is reached by lowering one of those gaps). For two pawns g = |i − j| − 1, the
//! number of empty squares between them (the thesis's tables). Winning moves come straight
//! from the gaps, O(n) per pawn; the formula is checked against the generic solver.
//!
//! Sources, by their names in `docs/sources.md`: \[Thesis\] ch. 5; Staircase Nim from \[WW\].

use crate::error::Result;
use crate::game::{Game, Move};
use crate::games::welter::{format_squares, parse_squares, replace};
use crate::games::{Capabilities, GameEntry};
use crate::settings::Settings;
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Instance};

/// Welter's game without overtaking; a position is the pawns' squares (from 1). Values by the
/// Staircase-Nim closed form.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoOvertaking;

/// The gaps g_1..g_n of sorted squares.
pub(crate) fn gaps(sorted: &[u64]) -> Vec<u64> {
    let mut below = 0;
    sorted
        .iter()
        .map(|&s| {
            let g = s - below - 1;
            below = s;
            g
        })
        .collect()
}

/// The value of pawns on `squares` (distinct, from 1): the nim-sum of every other gap from the top.
pub(crate) fn no_overtaking_value(squares: &[u64]) -> Nimber {
    let mut sorted = squares.to_vec();
    sorted.sort_unstable();
    let g = gaps(&sorted);
    Nimber(g.iter().rev().step_by(2).fold(0, |a, b| a ^ b))
}

/// The square just below which pawn `a` may not go: the nearest pawn below it, or 0.
fn floor(squares: &[u64], a: u64) -> u64 {
    squares.iter().copied().filter(|&s| s < a).max().unwrap_or(0)
}

impl Game for NoOvertaking {
    type Position = Vec<u64>;

    fn options(&self, squares: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(self.moves(squares).into_iter().map(|m| m.position));
    }

    fn moves(&self, squares: &Vec<u64>) -> Vec<Move<Vec<u64>>> {
        let mut out = Vec::new();
        for (i, &a) in squares.iter().enumerate() {
            for s in floor(squares, a) + 1..a {
                out.push(Move::new(format!("{a} → {s}"), replace(squares, i, s)));
            }
        }
        out.sort_by(|a, b| a.position.cmp(&b.position));
        out
    }

    fn format(&self, squares: &Vec<u64>) -> String {
        format_squares(squares)
    }

    fn canonical(&self, mut squares: Vec<u64>) -> Vec<u64> {
        squares.sort_unstable();
        squares
    }

    fn formula(&self, squares: &Vec<u64>) -> Option<Nimber> {
        Some(no_overtaking_value(squares))
    }

    fn moves_to_value(&self, squares: &Vec<u64>, target: Nimber) -> Option<Vec<Move<Vec<u64>>>> {
        let mut sorted = squares.clone();
        sorted.sort_unstable();
        let g = gaps(&sorted);
        let n = g.len();
        let v = no_overtaking_value(squares).0;
        let mut out = Vec::new();
        for k in 0..n {
            // Pawn k (0-based in sorted order) moves down by d: gap k − d, gap k+1 + d.
            let d = if (n - 1 - k).is_multiple_of(2) {
                let h = g[k] ^ v ^ target.0;
                (h < g[k]).then(|| g[k] - h)
            } else {
                let h = g[k + 1] ^ v ^ target.0;
                (h > g[k + 1] && h - g[k + 1] <= g[k]).then(|| h - g[k + 1])
            };
            if let Some(d) = d {
                let a = sorted[k];
                let i = squares.iter().position(|&s| s == a).expect("a pawn of the position");
                out.push(Move::new(format!("{a} → {}", a - d), replace(squares, i, a - d)));
            }
        }
        out.sort_by(|a, b| a.position.cmp(&b.position));
        Some(out)
    }

    fn move_count(&self, squares: &Vec<u64>) -> Option<u128> {
        let mut sorted = squares.clone();
        sorted.sort_unstable();
        Some(gaps(&sorted).iter().map(|&g| g as u128).sum())
    }
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    crate::games::args::no_other_options(words, "welter-no-overtaking", "none")?;
    let squares = parse_squares(words, "welter-no-overtaking")?;
    Ok(Box::new(Instance::new(
        "welter-no-overtaking",
        settings.solver(NoOvertaking),
        squares,
    )))
}

/// Registry entry of Welter without overtaking (`welter-no-overtaking`): names, rules text,
/// syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "welter-no-overtaking",
    aliases: &[],
    summary: "Welter's game where a pawn may not pass another (thesis ch.5)",
    rules: "Pawns stand on distinct squares of a strip numbered 1, 2, 3, ... A move takes one pawn \
            to an empty smaller-numbered square without passing another pawn. The last mover wins; \
            the game ends with the pawns on 1..k. It is Staircase Nim on the gaps between pawns: \
            the value is the nim-sum of the top gap, the third gap from the top, and so on; for two \
            pawns, the number of empty squares between them.",
    syntax: "SQUARE...   the pawns' squares, distinct, numbered from 1",
    example: "welter-no-overtaking 3 8",
    hard_example: "welter-no-overtaking 100 1000 10000",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
        editor: super::Editor::Numbers,
        closed_form: true,
        row_law: Some(row_law),
        ..Capabilities::NONE
    },
};

/// The proved shift law of a row: pawns `fixed` stay, the top pawn is on square n > max: the
/// value is (n − max − 1) ⊕ c with c fixed, so g(n + 2^K) = g(n) + 2^K once 2^K > c.
pub(crate) fn row_law(fixed: &[u64]) -> Option<crate::solve::periodicity::Periodicity> {
    let top = fixed.iter().copied().max().unwrap_or(0);
    let mut at_top = fixed.to_vec();
    at_top.push(top.checked_add(1)?);
    let c = no_overtaking_value(&at_top).0;
    let period = 1u64.checked_shl(64 - c.leading_zeros())?;
    Some(crate::solve::periodicity::Periodicity::law(
        top + 1,
        period,
        period,
        format!(
            "g(n) = (n − {} − 1) ⊕ {c} for n > {top} (staircase), so g(n + {period}) = g(n) + {period}",
            top
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;

    fn all(max: u64, k: usize) -> Vec<Vec<u64>> {
        let mut out: Vec<Vec<u64>> = vec![vec![]];
        for _ in 0..k {
            out = out
                .into_iter()
                .flat_map(|p| {
                    (1..=max)
                        .filter(|s| !p.contains(s))
                        .map(|s| {
                            let mut q = p.clone();
                            q.push(s);
                            q
                        })
                        .collect::<Vec<_>>()
                })
                .collect();
        }
        out
    }

    #[test]
    fn staircase_formula_equals_the_generic_solver() {
        let mut plain = Solver::plain(NoOvertaking);
        for k in 1..=4 {
            let max = if k == 4 { 9 } else { 12 };
            for p in all(max, k) {
                assert_eq!(no_overtaking_value(&p), plain.nimber(&p).unwrap(), "{p:?}");
            }
        }
    }

    #[test]
    fn fast_moves_equal_the_generic_ones() {
        let mut plain = Solver::plain(NoOvertaking);
        for k in 1..=3 {
            for p in all(9, k) {
                let v = plain.nimber(&p).unwrap().0;
                for t in 0..=v + 2 {
                    let fast = NoOvertaking.moves_to_value(&p, Nimber(t)).unwrap();
                    assert_eq!(fast, plain.moves_to_value(&p, Nimber(t)).unwrap(), "{p:?} → {t}");
                }
            }
        }
    }

    #[test]
    fn two_pawns_value_is_the_number_of_empty_squares_between_them() {
        for i in 1..30u64 {
            for j in 1..30u64 {
                if i != j {
                    assert_eq!(no_overtaking_value(&[i, j]).0, i.abs_diff(j) - 1);
                }
            }
        }
    }
}
