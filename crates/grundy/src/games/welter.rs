//! Welter's game (the thesis, chapters 4, 6 and 9; Conway, *On Numbers and Games*, ch. 13;
//! *Winning Ways*, ch. 15): pawns on distinct squares of a strip numbered 1, 2, 3, ...; a move
//! takes one pawn to any EMPTY smaller-numbered square (jumping over pawns is allowed); the last
//! mover wins, and the game ends with the pawns on 1..k.
//!
//! Values by Welter's function. Conway numbers the squares from 0 ("coins"), so a pawn on the
//! thesis's square s is Conway's coin s − 1. For two coins [a|b] = (a ⊕ b) − 1; in general the
//! *mating method* pairs the coins that agree in the most final binary digits, and the value is
//! the nim-sum over mated pairs of (a ⊕ b) − 1, together with the unmated coin. Since
//! (a ⊕ b) − 1 = a ⊕ b ⊕ (2^(k+1) − 1) when a, b first differ in bit k, this is the nim-sum X of
//! all coins corrected by 2^(k+1) − 1 for each pair mated at depth k; counting pairs mated at
//! depth ≥ j gives the form used here:
//!
//! > bit j of \[S\] = bit j of X ⊕ (((n − O_j) / 2) mod 2),
//!
//! where n = |S| and O_j is the number of residue classes mod 2^j holding an odd number of coins
//! (a pair mated at depth k ≥ j lies in one class mod 2^j; the telescoping sum of those pairs is
//! (n − O_j)/2). Cost: O(64·n) after a sort, for squares up to 2^64 − 1 and up to 64 pawns.
//!
//! Winning moves without trying target squares: with the other coins R fixed, bit j of the
//! formula depends on the moved coin x only through bit j of x and through the parity of the
//! number of coins of R congruent to x mod 2^j. So the unique x with [R ∪ {x}] = t is found bit
//! by bit from the least significant end (O(64·n) per pawn); the move exists when x is empty
//! and below the pawn. (Uniqueness: two such x would be options of one another.) The formula and
//! this inversion are checked against the generic solver on every small position.
//!
//! Sources, by their names in `docs/sources.md`: \[Thesis\] ch. 4, 6 and 9, \[ONAG\] ch. 13, \[WW\]
//! ch. 15, \[Welter1954\].

use crate::error::{Error, Result, input};
use crate::game::{Game, Move};
use crate::games::heap::parse_natural;
use crate::games::{Capabilities, GameEntry};
use crate::settings::Settings;
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Instance};

/// Most pawns accepted.
pub(crate) const MAX_PAWNS: usize = 64;

/// O_j for j = 0..=63: the number of residue classes mod 2^j holding an odd number of `coins`
/// (distinct). Up to [`MAX_PAWNS`] + 1 coins it works in fixed buffers on the stack (no
/// allocation: this is the inner loop of winning-move search); more coins take a heap buffer.
fn odd_classes(coins: &[u64]) -> [u32; 64] {
    let mut stack = [0u64; MAX_PAWNS + 1];
    let mut heap = Vec::new();
    let sorted: &mut [u64] = if coins.len() <= stack.len() {
        &mut stack[..coins.len()]
    } else {
        heap.resize(coins.len(), 0);
        &mut heap
    };
    for (s, c) in sorted.iter_mut().zip(coins) {
        *s = c.reverse_bits();
    }
    sorted.sort_unstable();
    // In bit-reversed order each class mod 2^j is a run; neighbours agree in `agree` low bits;
    // stored in place of the sorted values (entry k for the pair k, k + 1).
    for k in 1..sorted.len() {
        sorted[k - 1] = (sorted[k - 1] ^ sorted[k]).leading_zeros() as u64;
    }
    let agree = &sorted[..coins.len().saturating_sub(1)];
    // The runs, hence O_j, change only where j passes some a + 1: recount only there.
    let mut changes = 1u64; // bit j set: O_j must be recounted (j = 0 always)
    for &a in agree.iter() {
        if a < 63 {
            changes |= 1 << (a + 1);
        }
    }
    let mut out = [0u32; 64];
    let mut o = 0u32;
    for (j, slot) in out.iter_mut().enumerate() {
        if (changes >> j) & 1 == 1 {
            o = 0;
            let mut run = 1u32;
            for &a in agree {
                if a as usize >= j {
                    run += 1;
                } else {
                    o += run & 1;
                    run = 1;
                }
            }
            if !coins.is_empty() {
                o += run & 1;
            }
        }
        *slot = o;
    }
    out
}

/// Welter's function [c1|c2|...] of distinct coins numbered from 0 (Conway's numbering).
pub(crate) fn welter_function(coins: &[u64]) -> Nimber {
    let n = coins.len() as u32;
    let x = coins.iter().fold(0u64, |a, c| a ^ c);
    let odd = odd_classes(coins);
    let mut correction = 0u64;
    for (j, &o) in odd.iter().enumerate() {
        correction |= ((((n - o) / 2) & 1) as u64) << j;
    }
    Nimber(x ^ correction)
}

/// The value of pawns on `squares` (distinct, numbered from 1 as in the thesis).
pub fn welter_value(squares: &[u64]) -> Nimber {
    let coins: Vec<u64> = squares.iter().map(|s| s - 1).collect();
    welter_function(&coins)
}

/// The unique coin x (not among `rest`) with [rest | x] = `target`, if it is not one of `rest`.
pub(crate) fn coin_for_value(rest: &[u64], target: Nimber) -> Option<u64> {
    let n = rest.len() as i64 + 1;
    let xr = rest.iter().fold(0u64, |a, c| a ^ c);
    let odd = odd_classes(rest);
    // The coins of `rest` congruent to x mod 2^j, kept in the front `len` slots.
    let mut buf = rest.to_vec();
    let mut len = rest.len();
    let mut x = 0u64;
    for (j, &o) in odd.iter().enumerate() {
        // Adding x makes its class mod 2^j odd (if it was even) or even.
        let o_with = o as i64 + if len.is_multiple_of(2) { 1 } else { -1 };
        let b = (((n - o_with) / 2) & 1) as u64;
        let bit = ((target.0 >> j) & 1) ^ ((xr >> j) & 1) ^ b;
        x |= bit << j;
        let mut kept = 0;
        for k in 0..len {
            if (buf[k] >> j) & 1 == bit {
                buf[kept] = buf[k];
                kept += 1;
            }
        }
        len = kept;
    }
    (!rest.contains(&x)).then_some(x)
}

/// Welter's game on squares numbered from 1.
#[derive(Clone, Copy, Debug, Default)]
pub struct Welter;

/// The pawns with pawn `i` moved to square `to` (shared with the no-overtaking variant).
pub(crate) fn replace(squares: &[u64], i: usize, to: u64) -> Vec<u64> {
    let mut p = squares.to_vec();
    p[i] = to;
    p
}

/// Pawn squares as typed on the command line: `2 5`.
pub(crate) fn format_squares(squares: &[u64]) -> String {
    let s: Vec<String> = squares.iter().map(u64::to_string).collect();
    s.join(" ")
}

impl Game for Welter {
    /// The squares in the order typed (the thesis keeps the order: f(2,5) ∋ (2,1)).
    type Position = Vec<u64>;

    fn options(&self, squares: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &a) in squares.iter().enumerate() {
            for s in 1..a {
                if !squares.contains(&s) {
                    out.push(replace(squares, i, s));
                }
            }
        }
    }

    /// Every move, in the thesis's order: the positions reached, sorted as tuples.
    fn moves(&self, squares: &Vec<u64>) -> Vec<Move<Vec<u64>>> {
        let mut out = Vec::new();
        for (i, &a) in squares.iter().enumerate() {
            for s in 1..a {
                if !squares.contains(&s) {
                    out.push(Move::new(format!("{a} → {s}"), replace(squares, i, s)));
                }
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
        Some(welter_value(squares))
    }

    fn moves_to_value(&self, squares: &Vec<u64>, target: Nimber) -> Option<Vec<Move<Vec<u64>>>> {
        let coins: Vec<u64> = squares.iter().map(|s| s - 1).collect();
        let mut out = Vec::new();
        for (i, &c) in coins.iter().enumerate() {
            let rest: Vec<u64> = coins
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != i)
                .map(|(_, &r)| r)
                .collect();
            if let Some(x) = coin_for_value(&rest, target)
                && x < c
            {
                out.push(Move::new(format!("{} → {}", c + 1, x + 1), replace(squares, i, x + 1)));
            }
        }
        out.sort_by(|a, b| a.position.cmp(&b.position));
        Some(out)
    }

    fn move_count(&self, squares: &Vec<u64>) -> Option<u128> {
        // Pawn on a has a − 1 smaller squares, minus the pawns below it.
        let mut sorted = squares.clone();
        sorted.sort_unstable();
        Some(
            sorted
                .iter()
                .enumerate()
                .map(|(k, &a)| (a - 1 - k as u64) as u128)
                .sum(),
        )
    }
}

/// Parse pawn squares: naturals ≥ 1, distinct, 1..=64 of them.
pub(crate) fn parse_squares(words: &[String], game: &str) -> Result<Vec<u64>> {
    if words.is_empty() {
        return input(format!(
            "no pawns given: write the squares of the pawns, numbered from 1, e.g. `{game} 2 5`"
        ));
    }
    if words.len() > MAX_PAWNS {
        return input(format!("{} pawns given: at most {MAX_PAWNS} are accepted", words.len()));
    }
    let mut squares = Vec::with_capacity(words.len());
    for w in words {
        let s = parse_natural(w, "square")?;
        if s == 0 {
            return Err(Error::Input(
                "square 0 does not exist: squares are numbered from 1, as in the thesis".into(),
            ));
        }
        if squares.contains(&s) {
            return input(format!("square {s} is given twice: pawns stand on distinct squares"));
        }
        squares.push(s);
    }
    Ok(squares)
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    crate::games::args::no_other_options(words, "welter", "none")?;
    let squares = parse_squares(words, "welter")?;
    Ok(Box::new(Instance::new("welter", settings.solver(Welter), squares)))
}

/// Registry entry of Welter's game (`welter`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "welter",
    aliases: &["welters-game"],
    summary: "Welter's game: move a pawn to any empty smaller-numbered square",
    rules: "Pawns stand on distinct squares of a strip numbered 1, 2, 3, ... A move takes one pawn \
            to any empty square with a smaller number (it may jump over other pawns). The last \
            mover wins; the game ends with the pawns on squares 1..k. Values by Welter's function \
            (Conway): for two pawns g(a,b) = ((a−1) ⊕ (b−1)) − 1, so the P-positions are pawns on \
            consecutive squares whose smaller square is odd. Any number of pawns up to 64, squares \
            up to 2^64 − 1.",
    syntax: "SQUARE...   the pawns' squares, distinct, numbered from 1",
    example: "welter 2 5",
    hard_example: "welter 1000000000000000000 3 77 123456789012345",
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

/// The proved shift law of a Welter row: the pawns `fixed` stay, one more pawn is on square n.
/// With 2^K above every fixed coin (square − 1), g(…, n + 2^K) = g(…, n) + 2^K for n > 2^K: for
/// j ≤ K nothing mod 2^j changes; above bit K, Welter's function of the coin m = n − 1 = r + 2^K·h
/// (r < 2^K) is L(r) + 2^K·(h − [r is a fixed coin]), linear in h.
pub(crate) fn row_law(fixed: &[u64]) -> Option<crate::solve::periodicity::Periodicity> {
    let top = fixed.iter().map(|s| s.saturating_sub(1)).max().unwrap_or(0);
    let k = 64 - top.leading_zeros();
    let period = 1u64.checked_shl(k)?;
    Some(crate::solve::periodicity::Periodicity::law(
        period.checked_add(1)?,
        period,
        period,
        format!("by Welter's function g(…, n + {period}) = g(…, n) + {period} for n > {period}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;

    /// Every set of k distinct squares in 1..=max.
    pub fn subsets(max: u64, k: usize) -> Vec<Vec<u64>> {
        fn go(start: u64, max: u64, k: usize, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            if cur.len() == k {
                out.push(cur.clone());
                return;
            }
            for s in start..=max {
                cur.push(s);
                go(s + 1, max, k, cur, out);
                cur.pop();
            }
        }
        let mut out = Vec::new();
        go(1, max, k, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn two_coins_follow_conways_formula() {
        for a in 0..40u64 {
            for b in 0..40u64 {
                if a != b {
                    assert_eq!(welter_function(&[a, b]).0, (a ^ b) - 1, "[{a}|{b}]");
                }
            }
        }
        assert_eq!(welter_function(&[]), Nimber(0));
        assert_eq!(welter_function(&[7]), Nimber(7));
    }

    #[test]
    fn formula_equals_the_generic_solver_up_to_four_pawns_on_twelve_squares() {
        let mut plain = Solver::plain(Welter);
        for k in 1..=4 {
            for p in subsets(12, k) {
                assert_eq!(welter_value(&p), plain.nimber(&p).unwrap(), "welter {p:?}");
            }
        }
    }

    #[test]
    fn fast_moves_to_every_value_equal_the_generic_ones() {
        let mut plain = Solver::plain(Welter);
        for k in 1..=3 {
            for p in subsets(10, k) {
                let v = plain.nimber(&p).unwrap();
                for t in 0..=v.0 + 3 {
                    let fast = Welter.moves_to_value(&p, Nimber(t)).unwrap();
                    plain.use_formula = false;
                    let slow = plain.moves_to_value(&p, Nimber(t)).unwrap();
                    assert_eq!(fast, slow, "welter {p:?} to value {t}");
                }
            }
        }
    }

    /// The exhaustive check (`cargo test --release -- --ignored`): every position of up to 7 pawns
    /// on squares ≤ 22, and the fast winning-move inversion on up to 5 pawns on squares ≤ 18.
    #[test]
    #[ignore]
    fn exhaustive_formula_and_moves_against_the_generic_solver() {
        let mut plain = Solver::plain(Welter);
        for k in 1..=7 {
            for p in subsets(22, k) {
                assert_eq!(welter_value(&p), plain.nimber(&p).unwrap(), "welter {p:?}");
            }
        }
        plain.use_formula = false;
        for k in 1..=5 {
            for p in subsets(18, k) {
                let v = plain.nimber(&p).unwrap();
                for t in 0..=v.0 + 2 {
                    let fast = Welter.moves_to_value(&p, Nimber(t)).unwrap();
                    assert_eq!(
                        fast,
                        plain.moves_to_value(&p, Nimber(t)).unwrap(),
                        "welter {p:?} to {t}"
                    );
                }
            }
        }
    }

    #[test]
    fn huge_squares_are_instant_and_winning_moves_reach_zero() {
        let p = vec![u64::MAX, u64::MAX - 7, 1 << 60, 12345678901234567, 3];
        let v = welter_value(&p);
        assert!(!v.is_zero());
        let wins = Welter.moves_to_value(&p, Nimber::ZERO).unwrap();
        assert!(!wins.is_empty(), "an N-position has a winning move");
        for m in wins {
            assert_eq!(welter_value(&m.position), Nimber::ZERO, "{}", m.label);
        }
    }

    #[test]
    fn bad_squares_are_clear_errors() {
        let w = |v: &[&str]| parse_squares(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>(), "welter");
        assert!(w(&["0", "3"]).unwrap_err().to_string().contains("numbered from 1"));
        assert!(w(&["3", "3"]).unwrap_err().to_string().contains("twice"));
        assert!(w(&[]).is_err());
        assert!(w(&["x"]).is_err());
        let many: Vec<String> = (1..=65).map(|i| i.to_string()).collect();
        assert!(w(&many.iter().map(String::as_str).collect::<Vec<_>>()).is_err());
    }
}
