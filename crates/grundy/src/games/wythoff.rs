//! Wythoff's game (the queen): a queen on (x, y), x, y ≥ 0, moves any number of steps left,
//! down, or diagonally down-left; the game ends at (0, 0); the last mover wins.
//!
//! Its nimbers have no known closed form: they come from the generic solver (or, for tables,
//! [`table`], a direct mex over the row, column and diagonal, O(X·Y·(X + Y))). The P-positions
//! do have one (Wythoff 1907): the Beatty pairs (⌊kφ⌋, ⌊kφ²⌋) = (a_k, a_k + k) and their
//! mirrors. We compute ⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋) / 2⌋ with exact integer square roots (√(5k²) is
//! irrational for k > 0, so flooring it first changes nothing), so a P-position is recognised,
//! and the winning moves are found, in O(log² x) time even for coordinates near 2^61.
//!
//! Sources, by their names in `docs/sources.md`: \[Wythoff1907\].

use crate::error::{Result, input};
use crate::game::{Game, Move};
use crate::games::lattice::parse_pair;
use crate::games::{Capabilities, GameEntry};
use crate::settings::Settings;
use crate::nimber::{MexScratch, Nimber};
use crate::position::{AnyPosition, Instance};

/// Largest coordinate accepted (so 5k² fits in 128 bits).
pub(crate) const MAX_COORDINATE: u64 = 1 << 61;

/// Most work (cells × options) a nimber search may need before the position is refused.
pub(crate) const SEARCH_BUDGET: u128 = 200_000_000;

/// Wythoff's game; a position is the queen's square (x, y). P-positions are recognised in
/// O(log² x); other values come from the generic solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wythoff;

/// ⌊√n⌋, exactly.
pub(crate) fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let mut r = (n as f64).sqrt() as u128;
    loop {
        // Newton steps from the floating-point guess, then a final exact adjustment.
        let next = (r + n / r) / 2;
        if next.abs_diff(r) <= 1 {
            r = next;
            break;
        }
        r = next;
    }
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

/// a_k = ⌊kφ⌋, the smaller coordinate of the k-th P-position.
pub(crate) fn lower(k: u64) -> u64 {
    let k = k as u128;
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// The k-th P-position (a_k, b_k) = (⌊kφ⌋, ⌊kφ²⌋) = (a_k, a_k + k).
#[cfg(test)]
fn beatty_pair(k: u64) -> (u64, u64) {
    let a = lower(k);
    (a, a + k)
}

/// Whether (x, y) is a P-position.
pub(crate) fn is_p_position(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    lower(b - a) == a
}

/// The other coordinate of the P-position containing coordinate `v` (every natural number is
/// in exactly one Beatty pair; 0 pairs with 0).
pub(crate) fn partner(v: u64) -> u64 {
    // a_k is strictly increasing: binary search for a_k = v, else v is some b_k = a_k + k.
    let (mut lo, mut hi) = (0u64, v);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if lower(mid) < v {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    if lower(lo) == v {
        return v + lo;
    }
    let (mut lo, mut hi) = (0u64, v);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if lower(mid) + mid < v {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    debug_assert_eq!(lower(lo) + lo, v);
    lower(lo)
}

/// g(x, y) for 0 ≤ x ≤ xmax, 0 ≤ y ≤ ymax, by the mex over row, column and diagonal.
pub fn table(xmax: u64, ymax: u64, control: &crate::control::Control) -> Result<Vec<Vec<u64>>> {
    let cells = (xmax as u128 + 1) * (ymax as u128 + 1);
    if cells > 25_000_000 {
        return input(format!(
            "a Wythoff table of {cells} cells is too large: at most 25000000"
        ));
    }
    let (w, h) = (xmax as usize + 1, ymax as usize + 1);
    let mut g = vec![vec![0u64; h]; w];
    let mut scratch = MexScratch::default();
    let mut seen = Vec::new();
    for x in 0..w {
        control.check()?;
        for y in 0..h {
            seen.clear();
            seen.extend((0..x).map(|a| Nimber(g[a][y])));
            seen.extend((0..y).map(|b| Nimber(g[x][b])));
            seen.extend((1..=x.min(y)).map(|d| Nimber(g[x - d][y - d])));
            g[x][y] = scratch.mex(&seen).0;
        }
    }
    Ok(g)
}

impl Game for Wythoff {
    type Position = (u64, u64);

    fn options(&self, p: &(u64, u64), out: &mut Vec<(u64, u64)>) {
        let (x, y) = *p;
        out.extend((0..x).map(|a| (a, y)));
        out.extend((0..y).map(|b| (x, b)));
        out.extend((1..=x.min(y)).map(|d| (x - d, y - d)));
    }

    fn moves(&self, p: &(u64, u64)) -> Vec<Move<(u64, u64)>> {
        let (x, y) = *p;
        let mut out: Vec<Move<(u64, u64)>> = (0..x).map(|a| Move::new(format!("x {x} → {a}"), (a, y))).collect();
        out.extend((0..y).map(|b| Move::new(format!("y {y} → {b}"), (x, b))));
        out.extend((1..=x.min(y)).map(|d| Move::new(format!("both −{d}"), (x - d, y - d))));
        out.sort_by_key(|a| a.position);
        out
    }

    fn format(&self, p: &(u64, u64)) -> String {
        format!("{} {}", p.0, p.1)
    }

    fn canonical(&self, p: (u64, u64)) -> (u64, u64) {
        (p.0.min(p.1), p.0.max(p.1))
    }

    /// Only the P-positions have a closed form: value 0 at the Beatty pairs.
    fn formula(&self, p: &(u64, u64)) -> Option<Nimber> {
        is_p_position(p.0, p.1).then_some(Nimber::ZERO)
    }

    /// The winning moves (target 0) from the Beatty pairs; other targets need the search.
    fn moves_to_value(&self, p: &(u64, u64), target: Nimber) -> Option<Vec<Move<(u64, u64)>>> {
        if !target.is_zero() {
            return None;
        }
        let (x, y) = *p;
        let mut out = Vec::new();
        if is_p_position(x, y) {
            return Some(out);
        }
        let px = partner(y);
        if px < x {
            out.push(Move::new(format!("x {x} → {px}"), (px, y)));
        }
        let py = partner(x);
        if py < y {
            out.push(Move::new(format!("y {y} → {py}"), (x, py)));
        }
        let (small, diff) = (x.min(y), x.abs_diff(y));
        let a = lower(diff);
        if a < small {
            let d = small - a;
            out.push(Move::new(format!("both −{d}"), (x - d, y - d)));
        }
        out.sort_by_key(|a| a.position);
        Some(out)
    }

    fn move_count(&self, p: &(u64, u64)) -> Option<u128> {
        Some(p.0 as u128 + p.1 as u128 + p.0.min(p.1) as u128)
    }
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let p = parse_pair(words, "wythoff", "the queen's coordinates X Y (from 0)", 0)?;
    if p.0 > MAX_COORDINATE || p.1 > MAX_COORDINATE {
        return input(format!(
            "wythoff: coordinates up to 2^61 = {MAX_COORDINATE} are accepted"
        ));
    }
    let work = (p.0 as u128 + 1) * (p.1 as u128 + 1) * (p.0 as u128 + p.1 as u128 + 1);
    if !is_p_position(p.0, p.1) && work > SEARCH_BUDGET {
        return input(format!(
            "wythoff {} {} is an N-position (not a Beatty pair), but its nimber needs a search over {} positions: coordinates whose (x+1)(y+1)(x+y+1) is at most {SEARCH_BUDGET} are accepted",
            p.0,
            p.1,
            (p.0 as u128 + 1) * (p.1 as u128 + 1)
        ));
    }
    Ok(Box::new(Instance::new("wythoff", settings.solver(Wythoff), p)))
}

/// Registry entry of Wythoff's game (`wythoff`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "wythoff",
    aliases: &[],
    summary: "Wythoff's game: a queen moves left, down or diagonally down-left",
    rules: "A queen stands on (x, y) with x, y ≥ 0. A move takes it any positive number of steps \
            to the left, down, or diagonally down-left (both coordinates by the same amount). The \
            game ends at (0, 0); the last mover wins. The P-positions are the Beatty pairs \
            (⌊kφ⌋, ⌊kφ²⌋) and their mirrors (φ the golden ratio); other nimbers are computed by \
            search.",
    syntax: "X Y   the queen's coordinates, from 0",
    example: "wythoff 4 7",
    hard_example: "wythoff 1000000000000 999999999999",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
        editor: super::Editor::Numbers,
        closed_form: true,
        grid: Some(table),
        ..Capabilities::NONE
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;

    #[test]
    fn beatty_pairs_by_exact_integers() {
        let first: Vec<(u64, u64)> = (0..8).map(beatty_pair).collect();
        assert_eq!(
            first,
            [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18)]
        );
        // Cross-check against f64 where f64 is exact enough.
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        for k in 0..100_000u64 {
            assert_eq!(lower(k), (k as f64 * phi).floor() as u64);
        }
        for v in 0..2000 {
            assert_eq!(partner(partner(v)), v);
            assert!(is_p_position(v, partner(v)));
        }
        assert_eq!(isqrt((1u128 << 126) - 1), (1u128 << 63) - 1);
    }

    #[test]
    fn table_and_solver_agree_and_zeros_are_the_beatty_pairs() {
        let t = table(40, 40, &Default::default()).unwrap();
        let mut plain = Solver::plain(Wythoff);
        for x in 0..=40u64 {
            for y in 0..=40u64 {
                let g = plain.nimber(&(x, y)).unwrap().0;
                assert_eq!(t[x as usize][y as usize], g);
                assert_eq!(g == 0, is_p_position(x, y), "({x},{y})");
                let fast = Wythoff.moves_to_value(&(x, y), Nimber::ZERO).unwrap();
                assert_eq!(fast, plain.moves_to_value(&(x, y), Nimber::ZERO).unwrap());
            }
        }
    }

    #[test]
    fn winning_moves_from_huge_positions_reach_beatty_pairs() {
        let p = (MAX_COORDINATE - 12345, MAX_COORDINATE / 3);
        let wins = Wythoff.moves_to_value(&p, Nimber::ZERO).unwrap();
        assert!(!wins.is_empty());
        for m in wins {
            assert!(is_p_position(m.position.0, m.position.1));
        }
    }
}
