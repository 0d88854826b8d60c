//! The geometry of a box of Chomp shapes: ranks, the lexicographic order, and the cut of the
//! box into units for the parallel fill.
//!
//! What: a shape of at most R rows of at most C squares (row lengths l₀ ≥ … ≥ l_{R−1}) has the
//! rank Σᵢ binom(lᵢ + R−1−i, R−i) (the combinatorial number system of its lattice path): the
//! ranks number the binom(R + C, R) shapes of the box without gaps, in the lexicographic order
//! of (l₀, l₁, …). A *unit* is the set of shapes sharing their first K rows (the unit's key):
//! a contiguous range of ranks, whose shapes are told apart by the rank of their last R − K
//! rows (their *sub-rank*). Units are numbered in rank order by the rank of their key as a
//! K-row shape.
//!
//! Cost: tables of (R + 1)·(C + 1) terms and one entry per unit (binom(C + K, K), at most a
//! few thousand); a rank is R additions.

/// Rows of a unit's key: enough units to share out over a few threads, the last (largest)
/// unit small (in a 16×16 box the last of the 4 845 units holds 5 % of the shapes).
pub const KEY_ROWS: usize = 4;

/// The geometry of the R × C box.
pub struct Geometry {
    /// R: most rows of a shape.
    pub rows: usize,
    /// C: most squares in a row.
    pub cols: usize,
    /// Rows in a unit's key (K ≤ R − 1, or 0 for one row).
    pub key_rows: usize,
    /// `term[i * (C + 1) + x]` = binom(x + R−1−i, R−i): the rank's term of row i of length x.
    term: Vec<u64>,
    /// `key_term[i * (C + 1) + x]` = binom(x + K−1−i, K−i): the same for a key.
    key_term: Vec<u64>,
    /// `base[u]`: the first rank of unit u; `base[units]` is the number of shapes.
    base: Vec<u64>,
    /// The keys of the units, K row lengths each, in unit order.
    keys: Vec<u8>,
}

/// binom(n, k) for small arguments (exact while it fits; saturating otherwise).
pub fn binom(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k as u128 {
        c = c * (n as u128 - i) / (i + 1);
        if c > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    c as u64
}

/// Step `l` to the next shape in lexicographic order, its first row at most `bound`; false
/// after the last one (every row `bound`).
#[inline]
pub fn next_shape(l: &mut [usize], bound: usize) -> bool {
    for i in (0..l.len()).rev() {
        let cap = if i == 0 { bound } else { l[i - 1] };
        if l[i] < cap {
            l[i] += 1;
            l[i + 1..].fill(0);
            return true;
        }
    }
    false
}

impl Geometry {
    /// The geometry of the `rows` × `cols` box (the caller checked that its shapes fit in
    /// memory, so every rank fits in a `u64`).
    pub fn new(rows: usize, cols: usize) -> Geometry {
        let key_rows = KEY_ROWS.min(rows.saturating_sub(1));
        let w = cols + 1;
        let mut term = vec![0u64; rows * w];
        for i in 0..rows {
            for x in 0..=cols {
                term[i * w + x] = binom(x + rows - 1 - i, rows - i);
            }
        }
        let mut key_term = vec![0u64; key_rows * w];
        for i in 0..key_rows {
            for x in 0..=cols {
                key_term[i * w + x] = binom(x + key_rows - 1 - i, key_rows - i);
            }
        }
        let mut g = Geometry {
            rows,
            cols,
            key_rows,
            term,
            key_term,
            base: Vec::new(),
            keys: Vec::new(),
        };
        let mut key = vec![0usize; key_rows];
        loop {
            g.base.push(key.iter().enumerate().map(|(i, &x)| g.term(i, x)).sum());
            g.keys.extend(key.iter().map(|&x| x as u8));
            if !next_shape(&mut key, cols) {
                break;
            }
        }
        g.base.push(binom(rows + cols, rows));
        g
    }

    /// The number of shapes in the box.
    pub fn shapes(&self) -> u64 {
        self.base[self.units()]
    }

    /// The number of units.
    pub fn units(&self) -> usize {
        self.base.len() - 1
    }

    /// The first rank of unit `u`.
    #[inline]
    pub fn base(&self, u: usize) -> u64 {
        self.base[u]
    }

    /// The number of shapes of unit `u`.
    pub fn unit_len(&self, u: usize) -> u64 {
        self.base[u + 1] - self.base[u]
    }

    /// The key (first K row lengths) of unit `u`.
    pub fn key(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        self.keys[u * self.key_rows..(u + 1) * self.key_rows]
            .iter()
            .map(|&x| x as usize)
    }

    /// The rank's term of row `i` of length `x`.
    #[inline]
    pub fn term(&self, i: usize, x: usize) -> u64 {
        self.term[i * (self.cols + 1) + x]
    }

    /// The terms of row `i`, by length.
    #[inline]
    pub fn term_row(&self, i: usize) -> &[u64] {
        &self.term[i * (self.cols + 1)..(i + 1) * (self.cols + 1)]
    }

    /// The unit of a shape whose first K rows are `key_of(0..K)`.
    #[inline]
    pub fn unit_of(&self, key_of: impl Fn(usize) -> usize) -> usize {
        (0..self.key_rows)
            .map(|i| self.key_term[i * (self.cols + 1) + key_of(i)])
            .sum::<u64>() as usize
    }

    /// The rank of a shape (row lengths, first row first; missing rows are empty).
    pub fn rank(&self, l: &[usize]) -> u64 {
        (0..self.rows)
            .map(|i| self.term(i, l.get(i).copied().unwrap_or(0)))
            .sum()
    }

    /// The row lengths of the shape of rank `rank` (first row first).
    pub fn unrank(&self, mut rank: u64, l: &mut [usize]) {
        // Greedy, from the first row: the longest row whose term fits.
        for i in 0..self.rows {
            let mut x = if i == 0 { self.cols } else { l[i - 1] };
            while self.term(i, x) > rank {
                x -= 1;
            }
            rank -= self.term(i, x);
            l[i] = x;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_cut_the_ranks_into_contiguous_ranges_in_key_order() {
        for (rows, cols) in [(1, 5), (2, 3), (5, 4), (6, 6), (3, 9)] {
            let g = Geometry::new(rows, cols);
            assert_eq!(g.shapes(), binom(rows + cols, rows));
            let mut l = vec![0usize; rows];
            let mut rank = 0u64;
            loop {
                // Ranks follow the lexicographic order, without gaps.
                assert_eq!(g.rank(&l), rank, "{rows}x{cols} {l:?}");
                let mut back = vec![0; rows];
                g.unrank(rank, &mut back);
                assert_eq!(back, l);
                // The shape lies in the unit of its key, at its sub-rank.
                let u = g.unit_of(|i| l[i]);
                assert!(g.base(u) <= rank && rank < g.base(u) + g.unit_len(u));
                assert!(g.key(u).zip(&l).all(|(a, &b)| a == b));
                rank += 1;
                if !next_shape(&mut l, cols) {
                    break;
                }
            }
            assert_eq!(rank, g.shapes());
        }
    }
}
