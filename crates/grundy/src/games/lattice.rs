//! The lattice game (the thesis, chapter 7): a pawn on a lattice point (x, y) of the first
//! quadrant moves any positive number of steps left or down, onto the axes too; the game ends at
//! (0, 0); the last mover wins. It is two-heap Nim, so g(x, y) = x ⊕ y (the thesis's 9×9 table
//! and g(14, 16) = 30). The thesis's formal option set leaves out coordinate 0, contradicting its
//! own computations; we follow the computations (SPEC.md, defect 5).
//!
//! Cost: O(1) for the value and for the winning moves (Bouton's rule on two heaps).
//!
//! Sources, by their names in `docs/sources.md`: \[Thesis\] ch. 7.

use crate::error::Result;
use crate::game::{Game, Move};
use crate::games::heap::parse_natural;
use crate::games::{Capabilities, GameEntry};
use crate::settings::Settings;
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Instance};

/// The lattice game; a position is (x, y); closed form g = x ⊕ y.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lattice;

/// Parse two natural coordinates `X Y`, each at least `min`.
pub(crate) fn parse_pair(words: &[String], game: &str, what: &str, min: u64) -> Result<(u64, u64)> {
    crate::games::args::no_other_options(words, game, "none")?;
    let [x, y] = words else {
        return crate::error::input(format!(
            "{game} takes two numbers, {what}, e.g. `{game} {} {}`; got {} words",
            min + 3,
            min + 4,
            words.len()
        ));
    };
    let x = parse_natural(x, "coordinate")?;
    let y = parse_natural(y, "coordinate")?;
    if x < min || y < min {
        return crate::error::input(format!("{game}: {what} must be at least {min}; got {x} {y}"));
    }
    Ok((x, y))
}

/// `(x, y)` in the thesis's order, for labels.
pub(crate) fn point(p: &(u64, u64)) -> String {
    format!("{} {}", p.0, p.1)
}

/// Moves along the two axes, down to `min`, labelled with the coordinate that changes.
pub(crate) fn axis_moves(p: &(u64, u64), min: u64) -> Vec<Move<(u64, u64)>> {
    let (x, y) = *p;
    let mut out: Vec<Move<(u64, u64)>> = (min..x).map(|a| Move::new(format!("x {x} → {a}"), (a, y))).collect();
    out.extend((min..y).map(|b| Move::new(format!("y {y} → {b}"), (x, b))));
    out.sort_by_key(|a| a.position);
    out
}

/// Moves of two-heap Nim (heaps x − min, y − min) to nim-sum `target`.
pub(crate) fn axis_moves_to(p: &(u64, u64), min: u64, target: Nimber) -> Vec<Move<(u64, u64)>> {
    let (x, y) = *p;
    let (hx, hy) = (x - min, y - min);
    let mut out = Vec::new();
    let want_x = hy ^ target.0;
    if want_x < hx {
        out.push(Move::new(format!("x {x} → {}", want_x + min), (want_x + min, y)));
    }
    let want_y = hx ^ target.0;
    if want_y < hy {
        out.push(Move::new(format!("y {y} → {}", want_y + min), (x, want_y + min)));
    }
    out.sort_by_key(|a| a.position);
    out
}

impl Game for Lattice {
    type Position = (u64, u64);

    fn options(&self, p: &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((0..p.0).map(|a| (a, p.1)));
        out.extend((0..p.1).map(|b| (p.0, b)));
    }

    fn moves(&self, p: &(u64, u64)) -> Vec<Move<(u64, u64)>> {
        axis_moves(p, 0)
    }

    fn format(&self, p: &(u64, u64)) -> String {
        point(p)
    }

    fn formula(&self, p: &(u64, u64)) -> Option<Nimber> {
        Some(Nimber(p.0 ^ p.1))
    }

    fn moves_to_value(&self, p: &(u64, u64), target: Nimber) -> Option<Vec<Move<(u64, u64)>>> {
        Some(axis_moves_to(p, 0, target))
    }

    fn move_count(&self, p: &(u64, u64)) -> Option<u128> {
        Some(p.0 as u128 + p.1 as u128)
    }
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let p = parse_pair(words, "lattice", "the coordinates X Y of the pawn (from 0)", 0)?;
    Ok(Box::new(Instance::new("lattice", settings.solver(Lattice), p)))
}

/// Registry entry of the lattice game (`lattice`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "lattice",
    aliases: &[],
    summary: "lattice game: move the pawn left or down any number of steps (thesis ch.7)",
    rules: "A pawn stands on a lattice point (x, y) with x, y ≥ 0. A move takes it any positive \
            number of steps to the left or down, onto the axes too; the game ends at (0, 0) and \
            the last mover wins. It is Nim with two heaps: g(x, y) = x ⊕ y.",
    syntax: "X Y   the pawn's coordinates, from 0",
    example: "lattice 14 16",
    hard_example: "lattice 1000000000000 999999999999",
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

/// The proved shift law of a row with one coordinate fixed at x: g = x ⊕ n, and adding 2^K > x
/// to n adds 2^K to x ⊕ n.
pub(crate) fn row_law(fixed: &[u64]) -> Option<crate::solve::periodicity::Periodicity> {
    let [x] = fixed else { return None };
    let period = 1u64.checked_shl(64 - x.leading_zeros())?;
    Some(crate::solve::periodicity::Periodicity::law(
        0,
        period,
        period,
        format!("g({x},n) = {x} ⊕ n, so g({x},n + {period}) = g({x},n) + {period}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;

    #[test]
    fn xor_equals_the_generic_solver_and_fast_moves_are_the_generic_ones() {
        let mut plain = Solver::plain(Lattice);
        for x in 0..20 {
            for y in 0..20 {
                let v = plain.nimber(&(x, y)).unwrap();
                assert_eq!(v, Nimber(x ^ y));
                for t in 0..v.0 + 3 {
                    assert_eq!(
                        Lattice.moves_to_value(&(x, y), Nimber(t)).unwrap(),
                        plain.moves_to_value(&(x, y), Nimber(t)).unwrap()
                    );
                }
            }
        }
        assert_eq!(plain.nimber(&(14, 16)).unwrap(), Nimber(30));
    }
}
