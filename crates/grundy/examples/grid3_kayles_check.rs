//! A second, independent check of Node Kayles on 3×n grids (docs/records.md, "3×n grids"):
//! the nimber of every component by plain mex over all its moves, memoised, written apart from
//! the graph engine (no code of `grundy` is used).
//!
//! What: a position of the 3×n grid is a `u128`, cell (row r, column c) at bit 3c + r; a move
//! at a cell removes it and its grid neighbours; the rest splits into connected components
//! (a word-parallel flood fill by shifts), each valued by mex over its own moves and the values
//! xor-ed. A component is memoised under the least of its four images (the grid's mirror
//! symmetries), shifted to start at column 0.
//!
//! Cost: every connected position reachable from the grid is valued once, with all its moves:
//! exponential in n, far more than the engine's nimber-first search; memory about 20 bytes a
//! component (the memo's entries are 16 bytes). Why: it shares no code and no idea beyond the rules and Sprague–Grundy's mex with
//! the engine (no canonical forms, no tests "g = k", no table of exclusions).
//!
//! ```text
//! cargo run --release -p grundy --example grid3_kayles_check -- FROM TO
//! ```
//! prints, for n = FROM..=TO, the nimber of the 3×n grid, the components memoised so far and
//! the seconds since the start.

use rustc_hash::FxHashMap;
use std::time::Instant;

/// Most columns (3 bits each; a memoised component is packed in 96 bits).
const MAX_COLUMNS: usize = 32;

/// Bits of row `r` in every column.
const fn row(r: u32) -> u128 {
    let mut x = 0u128;
    let mut c = 0;
    while c < 42 {
        x |= 1 << (3 * c + r);
        c += 1;
    }
    x
}
const ROW0: u128 = row(0);
const ROW1: u128 = row(1);
const ROW2: u128 = row(2);

/// The cells of `x` and their grid neighbours (not limited to any position).
fn grow(x: u128) -> u128 {
    x | (x << 3) | (x >> 3) | ((x & !ROW2) << 1) | ((x & !ROW0) >> 1)
}

/// The connected component of `s` holding its lowest cell.
fn component(s: u128) -> u128 {
    let mut part = s & s.wrapping_neg();
    loop {
        let next = grow(part) & s;
        if next == part {
            return part;
        }
        part = next;
    }
}

/// The columns of `x` reversed within its `k` columns.
fn reversed(x: u128, k: u32) -> u128 {
    (0..k).fold(0, |acc, c| acc | ((x >> (3 * c)) & 7) << (3 * (k - 1 - c)))
}

/// `x` with rows 0 and 2 swapped.
fn flipped(x: u128) -> u128 {
    ((x & ROW0) << 2) | ((x & ROW2) >> 2) | (x & ROW1)
}

/// A component packed for the memo (16 bytes an entry with its value).
fn packed(x: u128) -> (u64, u32) {
    (x as u64, (x >> 64) as u32)
}

struct Checker {
    memo: FxHashMap<(u64, u32), u8>,
}

impl Checker {
    /// The nimber of a position (any set of cells).
    fn position(&mut self, mut s: u128) -> u8 {
        let mut v = 0;
        while s != 0 {
            let part = component(s);
            s &= !part;
            v ^= self.connected(part);
        }
        v
    }

    /// The nimber of a connected set of cells.
    fn connected(&mut self, part: u128) -> u8 {
        let shifted = part >> (3 * (part.trailing_zeros() / 3));
        let k = (128 - shifted.leading_zeros()).div_ceil(3);
        let key = [
            shifted,
            flipped(shifted),
            reversed(shifted, k),
            reversed(flipped(shifted), k),
        ]
        .into_iter()
        .min()
        .expect("four images");
        if let Some(&v) = self.memo.get(&packed(key)) {
            return v;
        }
        let mut seen = 0u128;
        let mut cells = shifted;
        while cells != 0 {
            let b = cells & cells.wrapping_neg();
            cells &= cells - 1;
            seen |= 1 << self.position(shifted & !grow(b));
        }
        let v = (!seen).trailing_zeros() as u8;
        self.memo.insert(packed(key), v);
        v
    }
}

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let (from, to) = match args[..] {
        [a, b] => (a, b),
        [b] => (1, b),
        _ => panic!("usage: grid3_kayles_check [FROM] TO"),
    };
    assert!(to <= MAX_COLUMNS, "at most {MAX_COLUMNS} columns");
    let mut checker = Checker {
        memo: FxHashMap::default(),
    };
    let start = Instant::now();
    for n in from..=to {
        let grid = if n == 0 { 0 } else { (1u128 << (3 * n)) - 1 };
        let v = checker.position(grid);
        println!(
            "3x{n} {v} ({} components memoised, {:.1} s)",
            checker.memo.len(),
            start.elapsed().as_secs_f64()
        );
    }
}
