//! Cheap exact keys for the components of a board: a graph whose vertices are the cells of a
//! rows × columns board (vertex i·columns + j is the cell in row i, column j) and whose edges
//! depend only on the difference of two cells (grids, queens graphs).
//!
//! What: on such a board a set of cells and any translate of it induce the same subgraph, so
//! a component can be known by its *shape*: the set translated to the corner of the board
//! ([`Board::origin`], one shift of the four words), or, up to the board's symmetries too, the
//! least of the shapes of its images ([`Board::shape_key`]). The engine probes its class cache
//! by the translated set (the translates of one component, met all along a 3×n strip, share
//! one canonical form), and can key components by shape instead of canonical form
//! ([`KaylesConfig::board_keys`](super::KaylesConfig)).
//!
//! Why exact: [`Board::new`] checks that adjacency is invariant under the unit translations
//! wherever both pairs lie on the board; on a rectangle that makes adjacency a function of the
//! difference of two cells, so two boards with the same set of differences of adjacent cells
//! (the board's `id`) give equal shapes equal subgraphs. A shape key is a 126-bit fingerprint
//! of (id, height, width, the cells packed row by row at the shape's own width): equal keys
//! are the same shape up to a chance of about 2^-126 per pair, as for the other fingerprints
//! of [`super::canon`].
//!
//! Cost: [`Board::origin`] folds the rows of the set into one (a shift and a mask per row of
//! the board); a shape key does that and packs the rows once per symmetric image, after
//! applying each symmetry vertex by vertex: O(cells × symmetries), no refinement.

use super::canon::{BY_SET, Fingerprint};
use super::{Set, set};
use crate::error::{Error, Result};

/// `s` shifted down by `k` bits (the set's vertices less `k`, those below `k` dropped).
#[inline]
pub fn shr(s: &Set, k: usize) -> Set {
    let (w, b) = (k / 64, k % 64);
    let mut out = [0u64; 4];
    for i in 0..4 {
        if i + w < 4 {
            let lo = s[i + w] >> b;
            let hi = if b > 0 && i + w + 1 < 4 {
                s[i + w + 1] << (64 - b)
            } else {
                0
            };
            out[i] = lo | hi;
        }
    }
    out
}

/// `s` shifted up by `k` bits (vertices past 255 dropped).
#[inline]
fn shl(s: &Set, k: usize) -> Set {
    let (w, b) = (k / 64, k % 64);
    let mut out = [0u64; 4];
    for i in (0..4).rev() {
        if i >= w {
            let hi = s[i - w] << b;
            let lo = if b > 0 && i > w { s[i - w - 1] >> (64 - b) } else { 0 };
            out[i] = hi | lo;
        }
    }
    out
}

/// The largest element.
#[inline]
fn last(s: &Set) -> Option<usize> {
    (0..4)
        .rev()
        .find(|&i| s[i] != 0)
        .map(|i| i * 64 + 63 - s[i].leading_zeros() as usize)
}

/// A rows × columns layout of a graph's vertices whose adjacency is invariant under
/// translation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// The cells of the first row, {0, …, cols − 1}.
    row: Set,
    /// A fingerprint of the differences of adjacent cells.
    id: u64,
}

impl Board {
    /// The board of `rows` × `cols` cells whose neighbours are `neighbours` (one set per
    /// vertex, `rows · cols` of them); refused if adjacency is not invariant under translation.
    pub fn new(neighbours: &[Set], rows: usize, cols: usize) -> Result<Board> {
        let n = neighbours.len();
        if rows.checked_mul(cols) != Some(n) || n == 0 {
            return Err(Error::Input(format!(
                "a board of {rows} x {cols} cells for a graph of {n} vertices"
            )));
        }
        let adj = |u: usize, v: usize| set::contains(&neighbours[u], v);
        for u in 0..n {
            for v in u + 1..n {
                let right = u % cols + 1 < cols && v % cols + 1 < cols;
                let down = v + cols < n;
                if (right && adj(u, v) != adj(u + 1, v + 1)) || (down && adj(u, v) != adj(u + cols, v + cols)) {
                    return Err(Error::Input(
                        "the graph's adjacency is not invariant under translations of the board".into(),
                    ));
                }
            }
        }
        let mut diffs: Vec<(usize, isize)> = Vec::new();
        for (u, near) in neighbours.iter().enumerate() {
            for v in set::iter(near).filter(|&v| v > u) {
                diffs.push((v / cols - u / cols, (v % cols) as isize - (u % cols) as isize));
            }
        }
        diffs.sort_unstable();
        diffs.dedup();
        let mut f = Fingerprint::new(0x0062_6f61_7264);
        for (di, dj) in diffs {
            f.word(di as u64);
            f.word(dj as u64);
        }
        Ok(Board {
            rows,
            cols,
            row: set::full(cols),
            id: f.finish() as u64,
        })
    }

    /// The rows and the columns.
    pub fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The columns `s` occupies, as bits 0..cols, and its first and last row.
    #[inline]
    fn fold(&self, s: &Set) -> (Set, usize, usize) {
        let (Some(lo), Some(hi)) = (set::first(s), last(s)) else {
            return ([0; 4], 0, 0);
        };
        let (top, bottom) = (lo / self.cols, hi / self.cols);
        let mut cols = [0u64; 4];
        for i in top..=bottom {
            cols = set::or(&cols, &set::and(&shr(s, i * self.cols), &self.row));
        }
        (cols, top, bottom)
    }

    /// `s` translated to the corner of the board (its first row and first column moved to 0):
    /// the same for every translate of `s`, different for sets of different shapes.
    #[inline]
    pub fn origin(&self, s: &Set) -> Set {
        let (cols, top, _) = self.fold(s);
        let left = set::first(&cols).unwrap_or(0);
        shr(s, top * self.cols + left)
    }

    /// The shape of `s`: (height, width, its cells packed row by row at its own width).
    fn shape(&self, s: &Set) -> (usize, usize, Set) {
        let (cols, top, bottom) = self.fold(s);
        let left = set::first(&cols).unwrap_or(0);
        let width = last(&cols).map_or(0, |r| r + 1 - left);
        let mask = set::full(width);
        let mut packed = [0u64; 4];
        for i in top..=bottom {
            let row = set::and(&shr(s, i * self.cols + left), &mask);
            packed = set::or(&packed, &shl(&row, (i - top) * width));
        }
        (bottom + 1 - top, width, packed)
    }

    /// The key (kind `10` of [`super::canon`]) of the least shape of `s` and of its images
    /// under `symmetries` (automorphisms of the board, each a permutation of the cells): equal
    /// for sets that are translates or symmetric images of each other, on any board with the
    /// same adjacency of differences.
    pub fn shape_key(&self, s: &Set, symmetries: &[Vec<u8>]) -> u128 {
        let mut least = self.shape(s);
        let order = |a: &(usize, usize, Set)| (a.0, a.1, [a.2[3], a.2[2], a.2[1], a.2[0]]);
        for p in symmetries {
            let mut image = [0u64; 4];
            for v in set::iter(s) {
                set::insert(&mut image, p[v] as usize);
            }
            let shape = self.shape(&image);
            if order(&shape) < order(&least) {
                least = shape;
            }
        }
        let mut f = Fingerprint::new(self.id);
        f.word(least.0 as u64);
        f.word(least.1 as u64);
        f.words(&least.2);
        BY_SET | (f.finish() & ((1 << 126) - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The neighbours of the grid graph of `r` × `c` cells (row-major).
    fn grid(r: usize, c: usize) -> Vec<Set> {
        let mut nb = vec![[0u64; 4]; r * c];
        for v in 0..r * c {
            if v % c + 1 < c {
                set::insert(&mut nb[v], v + 1);
                set::insert(&mut nb[v + 1], v);
            }
            if v + c < r * c {
                set::insert(&mut nb[v], v + c);
                set::insert(&mut nb[v + c], v);
            }
        }
        nb
    }

    fn cells(c: usize, list: &[(usize, usize)]) -> Set {
        let mut s = [0u64; 4];
        for &(i, j) in list {
            set::insert(&mut s, i * c + j);
        }
        s
    }

    /// The horizontal and vertical mirrors and the half turn of an r × c board, as the
    /// engine keeps symmetries (`u8` vertices).
    fn mirrors(r: usize, c: usize) -> Vec<Vec<u8>> {
        let as_u8 = |m: Vec<usize>| m.into_iter().map(|v| v as u8).collect();
        super::super::tests::board_mirrors(r, c)
            .into_iter()
            .map(as_u8)
            .collect()
    }

    #[test]
    fn shifts_are_exact() {
        let mut s = [0u64; 4];
        for v in [0, 5, 63, 64, 130, 200, 255] {
            set::insert(&mut s, v);
        }
        for k in [0, 1, 5, 63, 64, 65, 128, 200] {
            let down: Vec<usize> = set::iter(&shr(&s, k)).collect();
            let want: Vec<usize> = set::iter(&s).filter(|&v| v >= k).map(|v| v - k).collect();
            assert_eq!(down, want, "shr {k}");
            let up: Vec<usize> = set::iter(&shl(&s, k)).collect();
            let want: Vec<usize> = set::iter(&s).map(|v| v + k).filter(|&v| v < 256).collect();
            assert_eq!(up, want, "shl {k}");
        }
    }

    #[test]
    fn translates_and_mirror_images_share_keys_and_other_shapes_do_not() {
        let (r, c) = (3, 40);
        let b = Board::new(&grid(r, c), r, c).unwrap();
        let syms = mirrors(r, c);
        // An L of four cells and translates of it across word boundaries.
        let l = |i: usize, j: usize| cells(c, &[(i, j), (i, j + 1), (i, j + 2), (i + 1, j + 2)]);
        let key = b.shape_key(&l(0, 0), &syms);
        for (i, j) in [(0, 1), (1, 20), (1, 37), (0, 30)] {
            assert_eq!(b.origin(&l(i, j)), b.origin(&l(0, 0)), "translate ({i}, {j})");
            assert_eq!(b.shape_key(&l(i, j), &syms), key, "translate ({i}, {j})");
        }
        // Its mirror images: the same key, a different translated set.
        let mirrored = cells(c, &[(1, 10), (1, 11), (1, 12), (0, 12)]);
        assert_ne!(b.origin(&mirrored), b.origin(&l(0, 0)));
        assert_eq!(b.shape_key(&mirrored, &syms), key);
        let turned = cells(c, &[(1, 5), (0, 5), (0, 6), (0, 7)]);
        assert_eq!(b.shape_key(&turned, &syms), key);
        // Another shape of four cells (a path too, so isomorphic as a graph) differs.
        let s = cells(c, &[(0, 0), (0, 1), (1, 1), (1, 2)]);
        assert_ne!(b.shape_key(&s, &syms), key);
        let line = cells(c, &[(0, 3), (0, 4), (0, 5), (0, 6)]);
        assert_ne!(b.shape_key(&line, &syms), key);
        // The same shape on a board of another length (same adjacency): the same key.
        let b2 = Board::new(&grid(3, 17), 3, 17).unwrap();
        assert_eq!(
            b2.shape_key(&cells(17, &[(1, 3), (1, 4), (1, 5), (2, 5)]), &mirrors(3, 17)),
            key
        );
    }

    #[test]
    fn a_graph_not_invariant_under_translation_is_refused() {
        let mut nb = grid(3, 5);
        // A diagonal edge in one place only.
        set::insert(&mut nb[0], 6);
        set::insert(&mut nb[6], 0);
        assert!(Board::new(&nb, 3, 5).is_err());
        assert!(Board::new(&grid(3, 5), 5, 3).is_err());
        assert!(Board::new(&grid(3, 5), 3, 5).is_ok());
    }
}
