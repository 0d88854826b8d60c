//! A second independent check of Node Kayles on 3×n grids (docs/records.md, "3×n grids"),
//! after `grid3_kayles_check`: written to check the graph engine's values for n = 27…40, out of
//! reach of that plain mex.
//!
//! What: a position is a `u128`, cell (row r, column c) at bit 3c + r; a move at a cell removes
//! it and its grid neighbours; the rest splits into connected components (a flood fill by
//! shifts). A component is keyed by the least of its four mirror images, shifted to column 0
//! and, when it misses row 0, down to row 0 (rows 1–2 of the grid are a copy of rows 0–1).
//! Components of at most `S` cells (`--small S`, default 20) are valued by plain mex over all
//! their moves, memoised. A larger component C is valued "nimber first" (the idea of Lemoine and
//! Viennot, written here from the definitions alone): g(C) is the least k such that C + *k is a
//! P-position, and C + *k is a P-position exactly when g(C) = k. To decide C + *h: try every
//! move in C; what is left is some components and the heap; small ones are valued exactly and
//! xor-ed into the heap, two equal ones cancel (G + G = 0), big ones whose nimber is already
//! known are xor-ed in, and of the big unknown ones all but the largest are valued in full (the
//! same way, recursively); the move wins iff the largest one L, with the heap h' so reached, has
//! g(L) = h' (a recursive question of the same kind). If no move in C wins, C + *h is a
//! P-position iff no heap move wins, i.e. iff g(C) ≠ k for every k < h (asked in turn, the first
//! P-position found gives g(C)). Each big component keeps its nimber once found, else the set
//! of heaps k already proved to give an N-position (g(C) ≠ k), to which every option value of C
//! met fully valued during a search is added. Moves are tried in two passes:
//! first those whose result is already known (all pieces valued), then the rest by the size of
//! the largest unknown piece, smallest first (central moves before edge moves), moves with the
//! same result tried once.
//!
//! Cost: far below the plain mex of `grid3_kayles_check` (which values every reachable
//! component with all its moves): a big component's position C + *h needs one winning move when
//! it is an N-position, so most of the tree is never valued. Memory: two hash maps of 32-byte
//! entries (a 16-byte key; a nimber, or a nimber and a 64-bit set of excluded heaps). `main`
//! prints per n the seconds (wall, and CPU of the search thread), the memo sizes, the number
//! of positions C + *h decided by search, and the peak resident memory (VmHWM). Measured
//! (session 19, docs/records.md): 3×27…3×40 in one run, 922 s of CPU and 1.62 GB at the peak
//! (28.6 M big components), 3×35 the costliest (403 s); n = 1…27 in 3.2 s.
//!
//! Why independent: it uses no code of `grundy` (only `rustc_hash`), and was written without
//! reading the graph engine (`solve/graph_kayles`); it shares with `grid3_kayles_check` only
//! the bit helpers (cells as bits, the flood fill, the mirror images), which live in
//! `common/grid3.rs` with `cram3_outcome_check`; the search itself is `common/outcome_search.rs`,
//! shared with `cram3_outcome_check` (this file adds the move rule). The outcome search is
//! tested against a plain mex (`cargo test --release -p grundy --example
//! grid3_kayles_outcome_check`), with tiny `S` so that the search, not the plain mex, values
//! nearly everything.
//!
//! ```text
//! cargo run --release -p grundy --example grid3_kayles_outcome_check -- [--small S] FROM TO
//! cargo run --release -p grundy --example grid3_kayles_outcome_check -- --plain FROM TO
//! ```
//! The first prints, for n = FROM..=TO, the nimber of the 3×n grid (one memo for the whole
//! run); `--plain` values the same grids by plain mex alone (as `grid3_kayles_check`, for the
//! comparison on small n).

#[path = "common/grid3.rs"]
mod grid3;
#[path = "common/outcome_search.rs"]
mod outcome_search;
use grid3::*;
use outcome_search::{Big, Checker, Rule, run_boards};
use rustc_hash::FxHashMap;

/// Node Kayles on the grid: a move at a cell removes it and its neighbours; every component
/// counts (a lone cell has a move: nimber 1).
struct Kayles;

impl Rule for Kayles {
    fn moves(&self, c: u128, out: &mut Vec<u128>) {
        out.clear();
        let mut cells = c;
        while cells != 0 {
            let b = cells & cells.wrapping_neg();
            cells &= cells - 1;
            out.push(grow(b));
        }
    }

    fn pieces(&self, mut s: u128, out: &mut Vec<u128>) {
        out.clear();
        while s != 0 {
            let part = component(s);
            s &= !part;
            out.push(key(part));
        }
    }
}

/// The outcome search of Node Kayles with plain mex up to `small` cells (a plain map as the
/// big memo).
fn checker(small: u32) -> Checker<Kayles, FxHashMap<u128, Big>> {
    Checker::new(Kayles, small)
}

/// The 3×n grid.
fn grid(n: usize) -> u128 {
    if n == 0 { 0 } else { (1u128 << (3 * n)) - 1 }
}

fn main() {
    let mut small = 20;
    let mut plain = false;
    let mut numbers = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--small" => small = args.next().expect("--small S").parse().expect("a number"),
            "--plain" => plain = true,
            _ => numbers.push(a.parse::<usize>().expect("a number")),
        }
    }
    let (from, to) = match numbers[..] {
        [a, b] => (a, b),
        [b] => (1, b),
        _ => panic!("usage: grid3_kayles_outcome_check [--small S | --plain] [FROM] TO"),
    };
    assert!(to <= MAX_COLUMNS, "at most {MAX_COLUMNS} columns");
    let small = if plain { u32::MAX } else { small };
    run_boards(checker(small), from, to, grid);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small pseudo-random generator (xorshift), for the test boards.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn grids_equal_plain_mex_and_a316632() {
        let published = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
        let mut plain = checker(u32::MAX);
        for small in [1, 3, 6, 12] {
            let mut search = checker(small);
            for n in 1..=12 {
                let v = plain.position(grid(n));
                assert_eq!(v, published[n - 1], "plain mex, 3x{n}");
                assert_eq!(search.position(grid(n)), v, "search with S = {small}, 3x{n}");
            }
        }
    }

    #[test]
    fn random_positions_equal_plain_mex() {
        let mut plain = checker(u32::MAX);
        let mut state = 0x2545_f491_4f6c_dd1d;
        for small in [1, 4, 9] {
            let mut search = checker(small);
            for _ in 0..300 {
                let n = 4 + next(&mut state) as usize % 8;
                // Remove about one cell in five.
                let mut s = grid(n);
                for bit in 0..3 * n {
                    if next(&mut state).is_multiple_of(5) {
                        s &= !(1 << bit);
                    }
                }
                assert_eq!(search.position(s), plain.position(s), "S = {small}, {s:#x}");
            }
        }
    }
}
