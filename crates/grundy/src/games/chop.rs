//! Chop (the Polish slides' exercise): a c × r rectangle of squares; a move cuts it along one
//! grid line and keeps one part, so it becomes c' × r (1 ≤ c' < c) or c × r' (1 ≤ r' < r); the
//! player who leaves 1 × 1 wins. The columns and the rows are two Nim heaps of c − 1 and r − 1,
//! so g(c, r) = (c − 1) ⊕ (r − 1) (our answer to the exercise, checked against the generic solver).
//!
//! Cost: O(1) for the value and the winning moves.
//!
//! Sources, by their names in `docs/sources.md`: \[Slides\] (the exercise).

use crate::error::Result;
use crate::game::{Game, Move};
use crate::games::lattice::{axis_moves, axis_moves_to, parse_pair};
use crate::games::{Capabilities, GameEntry};
use crate::settings::Settings;
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Instance};

/// Chop on a rectangle; a position is (columns, rows), both at least 1; (1, 1) is terminal.
/// Closed form g = (c − 1) ⊕ (r − 1).
#[derive(Clone, Copy, Debug, Default)]
pub struct Chop;

impl Game for Chop {
    /// (columns, rows), both ≥ 1.
    type Position = (u64, u64);

    fn options(&self, p: &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((1..p.0).map(|a| (a, p.1)));
        out.extend((1..p.1).map(|b| (p.0, b)));
    }

    fn moves(&self, p: &(u64, u64)) -> Vec<Move<(u64, u64)>> {
        relabel(axis_moves(p, 1))
    }

    fn format(&self, p: &(u64, u64)) -> String {
        format!("{} {}", p.0, p.1)
    }

    fn formula(&self, p: &(u64, u64)) -> Option<Nimber> {
        Some(Nimber((p.0 - 1) ^ (p.1 - 1)))
    }

    fn moves_to_value(&self, p: &(u64, u64), target: Nimber) -> Option<Vec<Move<(u64, u64)>>> {
        Some(relabel(axis_moves_to(p, 1, target)))
    }

    fn move_count(&self, p: &(u64, u64)) -> Option<u128> {
        Some((p.0 - 1) as u128 + (p.1 - 1) as u128)
    }
}

/// Labels in the game's words: `cut to 3 columns`, `cut to 2 rows`.
fn relabel(moves: Vec<Move<(u64, u64)>>) -> Vec<Move<(u64, u64)>> {
    moves
        .into_iter()
        .map(|m| {
            let label = if m.label.starts_with('x') {
                format!("keep {} columns", m.position.0)
            } else {
                format!("keep {} rows", m.position.1)
            };
            Move::new(label, m.position)
        })
        .collect()
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let p = parse_pair(words, "chop", "the columns C and rows R of the bar", 1)?;
    Ok(Box::new(Instance::new("chop", settings.solver(Chop), p)))
}

/// Registry entry of Chop (`chop`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "chop",
    aliases: &[],
    summary: "Chop: cut a c×r bar along a grid line and keep one part; 1×1 is terminal",
    rules: "A bar of c columns and r rows of squares. A move cuts it along one grid line, between \
            columns or between rows, and keeps one of the two parts. The player who leaves the \
            1×1 bar wins (no move is left). Columns and rows are two Nim heaps of c − 1 and r − 1: \
            g(c, r) = (c − 1) ⊕ (r − 1).",
    syntax: "C R   columns and rows, each at least 1",
    example: "chop 5 3",
    hard_example: "chop 1000000000000 999999999999",
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

/// The proved shift law of a row with one side fixed at c: g = (c − 1) ⊕ (n − 1).
pub(crate) fn row_law(fixed: &[u64]) -> Option<crate::solve::periodicity::Periodicity> {
    let [c] = fixed else { return None };
    let c1 = c.checked_sub(1)?;
    let period = 1u64.checked_shl(64 - c1.leading_zeros())?;
    Some(crate::solve::periodicity::Periodicity::law(
        1,
        period,
        period,
        format!("g({c},n) = {c1} ⊕ (n − 1), so g({c},n + {period}) = g({c},n) + {period}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;

    #[test]
    fn chop_is_two_heap_nim_shifted_by_one() {
        let mut plain = Solver::plain(Chop);
        for c in 1..18 {
            for r in 1..18 {
                let v = plain.nimber(&(c, r)).unwrap();
                assert_eq!(v, Nimber((c - 1) ^ (r - 1)), "{c}×{r}");
                for t in 0..v.0 + 3 {
                    assert_eq!(
                        Chop.moves_to_value(&(c, r), Nimber(t)).unwrap(),
                        plain.moves_to_value(&(c, r), Nimber(t)).unwrap()
                    );
                }
            }
        }
    }
}
