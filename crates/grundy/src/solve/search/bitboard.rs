//! Bitboard geometry for Cram-like boards of at most 64 cells: one `u64` per set of cells,
//! row-major with a fixed stride (the board's width), shifts for neighbours, flood fill for
//! connected regions, and canonical forms under translation and the 8 symmetries of the square.
//!
//! A region is *normalised* when it touches row 0 and column 0 (shifted to the origin); its
//! bounding box then follows from its bits. The canonical form of a region is the least `u64`
//! among the normalised images of the region under the dihedral group that fit in 64 bits at
//! this stride (the set of fitting images is the same for every member of a symmetry class, so
//! the least one is a true class invariant). Flips of rows cost one step per row (one byte swap
//! at the stride of 8, a few word operations at 16), a half turn is one `reverse_bits`, a
//! transposition one table look-up per byte of a row (three delta swaps at the stride of 8); an
//! image of fewer rows is always the lesser, so the transposed images of a box wider than high
//! are never built ([`Layout::canonical`]). The flood fill ([`Layout::fill`]) takes the runs of
//! a row rightwards at once by the carry of an addition, the other directions a cell a step.
//!
//! These are the representation facts of Beling's igsolve and of Lemoine & Viennot's Cram solver
//! (bitboards, shift masks, flood fill, symmetry classes); the code is our own.
//!
//! Sources, by their names in `docs/sources.md`: \[LemoineViennot2012\], \[Beling-solvers\].

/// The geometry of boards with `stride` columns.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Cells per row.
    pub stride: u32,
    /// Every cell not in column 0 (of every row that fits in 64 bits).
    not_first: u64,
    /// Every cell not in the last column.
    not_last: u64,
    /// The cells of row 0.
    row: u64,
    /// `spread[b]`: bit c of byte b moved to cell (c, 0) (column c of a row, to row c of a
    /// column), for transposing eight columns at a time.
    spread: Box<[u64; 256]>,
    /// Whether canonical forms include the images in the diagonals.
    use_transpose: bool,
    /// `row_of[i]`: the row of cell i (no division in the hot path).
    row_of: [u8; 64],
    /// Whether the stride is 17 to 21 cells: three whole rows fit (the 3×17 … 3×21 boards) and
    /// at most four rows hold a bit, so the columns of a set are four shifts and the row flip
    /// of a box of at most 3 rows is three (no loop over the rows).
    three_rows: bool,
}

/// `x >> n`, zero when `n` ≥ 64.
#[inline]
pub fn shr(x: u64, n: u32) -> u64 {
    x.checked_shr(n).unwrap_or(0)
}

/// `x << n`, zero when `n` ≥ 64.
#[inline]
pub fn shl(x: u64, n: u32) -> u64 {
    x.checked_shl(n).unwrap_or(0)
}

/// The index of the highest set bit of `x` ≠ 0 (63 − `x.leading_zeros()`), without the `bsr`
/// instruction: the build targets x86_64's baseline, which has no `lzcnt`, so `leading_zeros`
/// compiles to `bsr`, which took two thirds of the time of [`Layout::normalise_with_box`] (a
/// sixth of a Cram node) on the AMD EPYC of the project's machine (session 20). A half of
/// `x` below 2³² converts to `f64` exactly (one `cvtsi2sd`), and the exponent of the result is
/// the index of its highest bit.
#[inline]
pub fn highest_bit(x: u64) -> u32 {
    debug_assert!(x != 0);
    let high = x >> 32;
    let (half, base) = if high != 0 { (high, 32) } else { (x, 0) };
    (((half as i64 as f64).to_bits() >> 52) as u32 - 1023) + base
}

/// The lowest `n` bits (n ≤ 64).
#[inline]
fn low(n: u32) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// The transpose of an 8×8 bit matrix (bit 8r + c to bit 8c + r) by three rounds of
/// delta swaps (blocks of 4×4, 2×2, then single bits across the diagonal).
#[inline]
fn transpose8(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

impl Layout {
    /// Boards with `stride` columns (1 to 64); canonical forms include the transposed images
    /// when `use_transpose`.
    pub fn new(stride: u32, use_transpose: bool) -> Layout {
        assert!((1..=64).contains(&stride), "a stride of 1 to 64 cells");
        let mut first = 0u64;
        let mut last = 0u64;
        let mut r = 0;
        while r * stride < 64 {
            first |= 1 << (r * stride);
            last |= shl(1, r * stride + stride - 1);
            r += 1;
        }
        let mut spread = Box::new([0u64; 256]);
        for (b, slot) in spread.iter_mut().enumerate() {
            for c in 0..8 {
                if b >> c & 1 == 1 {
                    *slot |= shl(1, c * stride);
                }
            }
        }
        Layout {
            stride,
            not_first: !first,
            not_last: !last,
            row: low(stride),
            spread,
            use_transpose,
            row_of: std::array::from_fn(|i| (i as u32 / stride) as u8),
            three_rows: (17..=21).contains(&stride),
        }
    }

    /// Cells `i` with `i` and `i + 1` (its right neighbour) both in `x`.
    #[inline]
    pub fn horizontal(&self, x: u64) -> u64 {
        x & (x >> 1) & self.not_last
    }

    /// Cells `i` with `i` and `i + stride` (the cell below) both in `x`.
    #[inline]
    pub fn vertical(&self, x: u64) -> u64 {
        x & shr(x, self.stride)
    }

    /// `x` and its neighbours.
    #[inline]
    pub fn grow(&self, x: u64) -> u64 {
        x | ((x << 1) & self.not_first) | ((x >> 1) & self.not_last) | shl(x, self.stride) | shr(x, self.stride)
    }

    /// Push the connected regions of `x` with at least `min_cells` cells onto `out`.
    pub fn regions(&self, x: u64, min_cells: u32, out: &mut Vec<u64>) {
        let mut rest = x;
        while rest != 0 {
            let region = self.fill(rest & rest.wrapping_neg(), rest);
            rest &= !region;
            if region.count_ones() >= min_cells {
                out.push(region);
            }
        }
    }

    /// The cells of `rest` connected within `rest` to the cells `seed` (⊆ `rest`).
    ///
    /// Each step takes every run of cells rightwards from the region at once, by the carry of
    /// one addition: with `a` the cells of `rest` outside column 0 and `s` ⊆ `a` the cells
    /// right of the region, `a + s` carries from the lowest cell of `s` in each run of `a`
    /// through the run's end and stops at the first cell not in `a` (a cell of column 0 at the
    /// latest, so never into the next row); the bits changed within `a`, with `s` itself (a
    /// cell of `s` reached by a carry keeps its bit), are those runs. The other three
    /// directions go one cell a step. So a step of a region of a few rows crosses a row at
    /// once, where the plain fill took a step per cell.
    #[inline]
    pub fn fill(&self, seed: u64, rest: u64) -> u64 {
        let a = rest & self.not_first;
        let mut region = seed;
        loop {
            let s = (region << 1) & a;
            let right = ((a.wrapping_add(s) ^ a) & a) | s;
            let next = (region
                | right
                | ((region >> 1) & self.not_last)
                | shl(region, self.stride)
                | shr(region, self.stride))
                & rest;
            if next == region {
                return region;
            }
            region = next;
        }
    }

    /// [`Layout::regions`] by the plain fill, one cell a step in every direction (for tests).
    #[cfg(test)]
    pub fn regions_by_steps(&self, x: u64, min_cells: u32, out: &mut Vec<u64>) {
        let mut rest = x;
        while rest != 0 {
            let region = self.fill_within(rest & rest.wrapping_neg(), rest);
            rest &= !region;
            if region.count_ones() >= min_cells {
                out.push(region);
            }
        }
    }

    /// Push the connected regions of `x` minus the cells `d` (a domino inside `x`) with at
    /// least two cells onto `out`, for a connected `x`. Most dominoes do not split their region:
    /// when the cells next to `d` are connected to each other within distance 2 of `d`, the
    /// rest is one region (any path through `d` can be rerouted there) and no flood fill over
    /// the whole region is needed.
    ///
    /// Otherwise every region of the rest holds a cell next to `d` (`x` was connected through
    /// `d`), so the regions are filled from those cells, the first from the whole group of
    /// them connected near `d` (a seed in the middle of the region, not at its corner as in
    /// [`Layout::regions`], takes fewer steps); and once the cells next to `d` that are left
    /// are connected to each other near `d`, what is left is one region, with no fill.
    pub fn regions_without(&self, x: u64, d: u64, out: &mut Vec<u64>) {
        let mut rest = x & !d;
        let near = self.grow(d) & rest;
        let window = self.grow(self.grow(d)) & rest;
        loop {
            let left = near & rest;
            if left == 0 {
                return;
            }
            let local = self.fill_within(left & left.wrapping_neg(), window & rest);
            let region = if left & !local == 0 {
                rest
            } else {
                self.fill(local & rest, rest)
            };
            // Two cells or more (no `count_ones`: the baseline build has no `popcnt`).
            if region & (region - 1) != 0 {
                out.push(region);
            }
            rest &= !region;
        }
    }

    /// The cells of `within` connected within it to `seed` (⊆ `within`), by the plain fill, a
    /// cell a step in every direction (for the few cells near a domino, and the tests'
    /// reference for [`Layout::fill`]).
    #[inline]
    fn fill_within(&self, seed: u64, within: u64) -> u64 {
        let mut reached = seed;
        loop {
            let next = self.grow(reached) & within;
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// The OR of all rows of `x` (its occupied columns, as bits of row 0).
    #[inline]
    fn columns(&self, x: u64) -> u64 {
        if self.stride == 8 {
            // Eight rows of a byte each: fold the bytes (three shifts instead of a loop).
            let m = x | x >> 32;
            let m = m | m >> 16;
            return (m | m >> 8) & 0xff;
        }
        if self.stride == 16 {
            // Four rows of 16 bits each.
            let m = x | x >> 32;
            return (m | m >> 16) & 0xffff;
        }
        if self.three_rows {
            // At most four rows hold a bit (4 × 17 > 64).
            let s = self.stride;
            return (x | x >> s | x >> (2 * s) | x >> (3 * s)) & self.row;
        }
        self.columns_by_rows(x)
    }

    /// [`Layout::columns`] one row at a time (any stride).
    #[inline]
    fn columns_by_rows(&self, mut x: u64) -> u64 {
        let mut m = 0;
        while x != 0 {
            m |= x & self.row;
            x = shr(x, self.stride);
        }
        m
    }

    /// `x` shifted to touch row 0 and column 0 (x ≠ 0).
    #[cfg(test)]
    pub fn normalise(&self, x: u64) -> u64 {
        self.normalise_with_box(x).0
    }

    /// `x` normalised, with the width and height of its bounding box (x ≠ 0).
    #[inline]
    pub fn normalise_with_box(&self, x: u64) -> (u64, u32, u32) {
        let y = x >> (self.row_of[x.trailing_zeros() as usize] as u32 * self.stride);
        let m = self.columns(y);
        let c0 = m.trailing_zeros();
        let z = y >> c0;
        let bw = highest_bit(m >> c0) + 1;
        (z, bw, self.rows_up_to(z))
    }

    /// Width and height of the bounding box of a normalised `z` ≠ 0.
    #[inline]
    pub fn bbox(&self, z: u64) -> (u32, u32) {
        (highest_bit(self.columns(z)) + 1, self.rows_up_to(z))
    }

    /// One more than the row of the highest cell of `z` ≠ 0 (the height of its box when it
    /// touches row 0). At the strides of 16 to 21 at most four rows hold a bit, and row r ≥ 1
    /// holds the highest cell or is below it exactly when `z >> r·stride` is not 0: three
    /// compares instead of a look-up by the highest bit.
    #[inline]
    fn rows_up_to(&self, z: u64) -> u32 {
        if self.stride == 16 || self.three_rows {
            let s = self.stride;
            return 1 + (shr(z, s) != 0) as u32 + (shr(z, 2 * s) != 0) as u32 + (shr(z, 3 * s) != 0) as u32;
        }
        self.row_of[highest_bit(z) as usize] as u32 + 1
    }

    /// Mirror the rows of a normalised `z` with `bh` rows (top to bottom).
    #[inline]
    pub fn flip_rows(&self, z: u64, bh: u32) -> u64 {
        if self.stride == 8 {
            // A row is a byte: reverse the bytes, then move the box back to row 0.
            return z.swap_bytes() >> (8 * (8 - bh));
        }
        if self.stride == 16 {
            // Four rows of 16 bits: swap the halves, then the rows within each half.
            let y = z.rotate_left(32);
            let y = ((y >> 16) & 0x0000_ffff_0000_ffff) | ((y & 0x0000_ffff_0000_ffff) << 16);
            return y >> (16 * (4 - bh));
        }
        if self.three_rows && bh <= 3 {
            // Swap rows 0 and 2 of a 3-row box (3 × 21 ≤ 64), then move the box back to row 0.
            let s = self.stride;
            let y = ((z & self.row) << (2 * s)) | (z & (self.row << s)) | (z >> (2 * s));
            return y >> (s * (3 - bh));
        }
        self.flip_rows_by_rows(z, bh)
    }

    /// [`Layout::flip_rows`] one row at a time (any stride).
    #[inline]
    fn flip_rows_by_rows(&self, z: u64, bh: u32) -> u64 {
        let s = self.stride;
        let mut out = 0;
        for r in 0..bh {
            out |= shl(shr(z, r * s) & self.row, (bh - 1 - r) * s);
        }
        out
    }

    /// The half turn of a normalised `z` in its `bw`×`bh` box.
    #[inline]
    pub fn half_turn(&self, z: u64, bw: u32, bh: u32) -> u64 {
        z.reverse_bits() >> (63 - ((bh - 1) * self.stride + bw - 1))
    }

    /// The mirror image of a normalised `z` in the main diagonal, when it fits.
    pub fn transpose(&self, z: u64, bw: u32, bh: u32) -> Option<u64> {
        if self.stride == 8 {
            return Some(transpose8(z));
        }
        self.transpose_by_rows(z, bw, bh)
    }

    /// [`Layout::transpose`] eight columns at a time through a byte table (any stride).
    fn transpose_by_rows(&self, z: u64, bw: u32, bh: u32) -> Option<u64> {
        let s = self.stride;
        if bh > s || (bw - 1) * s + bh > 64 {
            return None;
        }
        let mut out = 0u64;
        for r in 0..bh {
            let mut row = shr(z, r * s) & self.row;
            let mut shift = r;
            while row != 0 {
                out |= shl(self.spread[(row & 0xff) as usize], shift);
                row >>= 8;
                shift += 8 * s;
            }
        }
        Some(out)
    }

    /// The canonical form of region `x` ≠ 0 (see the module doc).
    ///
    /// Only the images that can be least are built: a normalised image's highest cell lies in
    /// its last row, so an image of `bh` rows is less than every image of more rows. When the
    /// box is wider than high the four transposed images (`bw` rows) are skipped; when it is
    /// higher than wide and the transposes fit, the four untransposed ones. Equal to
    /// the least of all eight images (checked by a test). At the stride of 8 all eight are
    /// built all the same: the transpose is cheap there, and the branch on the box's shape
    /// (taken at random) cost more than the images it saves (5×7: 4 % more time).
    pub fn canonical(&self, x: u64) -> u64 {
        let (z, bw, bh) = self.normalise_with_box(x);
        if self.stride == 8 {
            let best = self.least_of_four(z, bw, bh);
            return match self.transpose(z, bw, bh).filter(|_| self.use_transpose) {
                Some(t) => best.min(self.least_of_four(t, bh, bw)),
                None => best,
            };
        }
        if self.use_transpose
            && bw <= bh
            && let Some(t) = self.transpose(z, bw, bh)
        {
            let best = self.least_of_four(t, bh, bw);
            if bw < bh {
                return best;
            }
            return best.min(self.least_of_four(z, bw, bh));
        }
        self.least_of_four(z, bw, bh)
    }

    /// The least of the normalised `z` (a `bw`×`bh` box), its row flip and their half turns.
    /// The half turn of the row flip is the row flip of the half turn (both are the mirror in
    /// the columns), which is cheaper where a row flip is a byte or word swap.
    #[inline]
    fn least_of_four(&self, z: u64, bw: u32, bh: u32) -> u64 {
        let v = self.flip_rows(z, bh);
        let h = self.half_turn(z, bw, bh);
        let hv = if self.stride == 8 || self.stride == 16 || (self.three_rows && bh <= 3) {
            self.flip_rows(h, bh)
        } else {
            self.half_turn(v, bw, bh)
        };
        z.min(v).min(h).min(hv)
    }

    /// [`Layout::canonical`] from all eight images, each built by its definition (for tests).
    #[cfg(test)]
    pub fn canonical_all_images(&self, x: u64) -> u64 {
        let (z, bw, bh) = self.normalise_with_box(x);
        let v = self.flip_rows_by_rows(z, bh);
        let mut best = z.min(v).min(self.half_turn(z, bw, bh)).min(self.half_turn(v, bw, bh));
        if let Some(t) = self.transpose_by_rows(z, bw, bh).filter(|_| self.use_transpose) {
            let tv = self.flip_rows_by_rows(t, bw);
            best = best
                .min(t)
                .min(tv)
                .min(self.half_turn(t, bh, bw))
                .min(self.half_turn(tv, bh, bw));
        }
        best
    }

    fn cell(&self, r: u32, c: u32) -> u64 {
        1 << (r * self.stride + c)
    }

    /// Whether a mirror strategy proves the normalised region `z` to be 0: `z` is its own image
    /// under the half turn or a reflection of its box, no cell is its own image and no domino
    /// its own image (the second player answers every domino with its image, which is then
    /// always empty and disjoint from it).
    pub fn zero_by_symmetry(&self, z: u64) -> bool {
        let (bw, bh) = self.bbox(z);
        let both = |a: u64, b: u64| z & a != 0 && z & b != 0;
        if self.half_turn(z, bw, bh) == z {
            let ok = match (bh % 2, bw % 2) {
                (1, 1) => z & self.cell(bh / 2, bw / 2) == 0,
                (1, 0) => !both(self.cell(bh / 2, bw / 2 - 1), self.cell(bh / 2, bw / 2)),
                (0, 1) => !both(self.cell(bh / 2 - 1, bw / 2), self.cell(bh / 2, bw / 2)),
                _ => true,
            };
            if ok {
                return true;
            }
        }
        let v = self.flip_rows(z, bh);
        if v == z {
            let ok = if bh % 2 == 1 {
                z & shl(self.row, bh / 2 * self.stride) == 0
            } else {
                self.vertical(z) & shl(self.row, (bh / 2 - 1) * self.stride) == 0
            };
            if ok {
                return true;
            }
        }
        if self.half_turn(v, bw, bh) == z {
            let first = !self.not_first;
            let ok = if bw % 2 == 1 {
                z & (first << (bw / 2)) == 0
            } else {
                self.horizontal(z) & (first << (bw / 2 - 1)) == 0
            };
            if ok {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cells of a picture: rows of `.` (in the set) and `#`.
    fn pic(stride: u32, rows: &[&str]) -> u64 {
        let mut x = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '.' {
                    x |= 1 << (r as u32 * stride + c as u32);
                }
            }
        }
        x
    }

    #[test]
    fn the_highest_bit_without_bsr() {
        let mut next = crate::xorshift(0x6a09_e667_f3bc_c908);
        for i in 0..64 {
            assert_eq!(highest_bit(1 << i), i);
            assert_eq!(highest_bit(u64::MAX >> (63 - i)), i);
        }
        for _ in 0..100_000 {
            let x = next() >> (next() % 64);
            if x != 0 {
                assert_eq!(highest_bit(x), 63 - x.leading_zeros(), "{x:#x}");
            }
        }
    }

    #[test]
    fn regions_and_dominoes() {
        let l = Layout::new(4, true);
        let x = pic(4, &["..#.", "#.#.", "##.."]);
        let mut out = Vec::new();
        l.regions(x, 1, &mut out);
        assert_eq!(out.len(), 2);
        assert_eq!(out.iter().map(|r| r.count_ones()).sum::<u32>(), 7);
        // Row ends do not wrap: cells 3 and 4 are not neighbours.
        assert_eq!(l.horizontal(pic(4, &["....", "...."])), pic(4, &["...#", "...#"]));
        assert_eq!(l.vertical(pic(4, &[".#..", "...."])).count_ones(), 3);
    }

    #[test]
    fn the_local_split_test_agrees_with_a_full_flood_fill() {
        let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15);
        for stride in [3u32, 5, 8, 9, 16] {
            let l = Layout::new(stride, true);
            let cells = (64 / stride * stride).min(40);
            for _ in 0..600 {
                let seed = next();
                let board = (seed | seed >> 3) & low(cells);
                let mut regions = Vec::new();
                l.regions(board, 1, &mut regions);
                for &x in &regions {
                    let dominoes = [(l.horizontal(x), 3u64), (l.vertical(x), 1 | 1 << stride)];
                    for (mut at, shape) in dominoes {
                        while at != 0 {
                            let d = shape << at.trailing_zeros();
                            at &= at - 1;
                            let (mut fast, mut full) = (Vec::new(), Vec::new());
                            l.regions_without(x, d, &mut fast);
                            l.regions_by_steps(x & !d, 2, &mut full);
                            fast.sort_unstable();
                            full.sort_unstable();
                            assert_eq!(fast, full, "stride {stride} region {x:#x} domino {d:#x}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn canonical_forms_agree_on_every_image() {
        let l = Layout::new(5, true);
        // An L-shaped region placed in two corners and mirrored.
        let a = pic(5, &["#....", "#.###", "#.###"]);
        let b = pic(5, &["#####", "####.", "####.", "#...."]);
        let c = pic(5, &["#####", "##...", "##.##", "##.##", "##.##"]);
        assert_eq!(l.canonical(a), l.canonical(b));
        assert_eq!(l.canonical(a), l.canonical(c));
        assert_ne!(l.canonical(a), l.canonical(pic(5, &["....", ".#..", ".#.."])));
        // Normalising twice changes nothing.
        assert_eq!(l.normalise(l.normalise(b)), l.normalise(b));
        assert_eq!(l.bbox(l.normalise(b)), (4, 3));
    }

    #[test]
    fn the_stride_shortcuts_agree_with_the_row_by_row_forms() {
        let mut next = crate::xorshift(0x2545_f491_4f6c_dd1d);
        let strides = [8u32, 16, 17, 18, 19, 20, 21];
        for i in 0..7000 {
            let l = Layout::new(strides[i % strides.len()], true);
            let seed = next();
            let x = seed & (seed >> 5);
            if x == 0 {
                continue;
            }
            assert_eq!(l.columns(x), l.columns_by_rows(x), "{x:#x}");
            assert_eq!(
                l.rows_up_to(x),
                l.row_of[63 - x.leading_zeros() as usize] as u32 + 1,
                "{x:#x}"
            );
            let (z, bw, bh) = l.normalise_with_box(x);
            assert_eq!(l.flip_rows(z, bh), l.flip_rows_by_rows(z, bh), "{z:#x}");
            assert_eq!(l.transpose(z, bw, bh), l.transpose_by_rows(z, bw, bh), "{z:#x}");
        }
    }

    /// The fill by row carries finds the same regions as the plain fill, on random boards at
    /// strides 3, 5, 8, 9, 16 and 64 (sparse and dense, and the full board).
    #[test]
    fn the_carry_fill_equals_the_plain_fill() {
        let mut next = crate::xorshift(0xbb67_ae85_84ca_a73b);
        for stride in [3u32, 5, 8, 9, 16, 64] {
            let l = Layout::new(stride, true);
            for i in 0..4000 {
                let bits = match i % 4 {
                    0 => next() | next(),
                    1 => next() & next(),
                    2 => next() | next() | next(),
                    _ => u64::MAX >> (next() % 64),
                };
                let (mut fast, mut plain) = (Vec::new(), Vec::new());
                l.regions(bits, 1, &mut fast);
                l.regions_by_steps(bits, 1, &mut plain);
                assert_eq!(fast, plain, "stride {stride} {bits:#x}");
                // From a random seed inside too.
                let seed = bits & next();
                if seed != 0 {
                    let plain = l.fill_within(seed, bits);
                    assert_eq!(l.fill(seed, bits), plain, "stride {stride} {bits:#x} {seed:#x}");
                }
            }
        }
    }

    /// The canonical form built from the images that can be least equals the least of all
    /// eight, on random regions at strides 3, 5, 8, 9 and 16, with and without transposes.
    #[test]
    fn canonical_forms_equal_the_least_of_all_images() {
        let mut next = crate::xorshift(0x51ed_270b_9e37_79b9);
        for stride in [3u32, 5, 8, 9, 16, 17, 20, 21] {
            for use_transpose in [true, false] {
                let l = Layout::new(stride, use_transpose);
                let cells = 64 / stride * stride;
                for i in 0..3000 {
                    // Sparse boards (small regions) and dense ones (large regions).
                    let bits = if i % 2 == 0 { next() | next() } else { next() & next() };
                    let board = bits & low(cells);
                    let mut regions = Vec::new();
                    l.regions(board, 1, &mut regions);
                    for &x in &regions {
                        assert_eq!(l.canonical(x), l.canonical_all_images(x), "stride {stride} {x:#x}");
                    }
                }
            }
        }
    }

    #[test]
    fn mirror_zeros() {
        let l = Layout::new(6, true);
        assert!(l.zero_by_symmetry(pic(6, &["....", "...."])));
        // 3×3 has a fixed centre cell.
        assert!(!l.zero_by_symmetry(pic(6, &["...", "...", "..."])));
        // 2×3: the middle column's vertical domino maps onto itself under the half turn and the
        // row flip; the column flip fixes the middle column.
        assert!(!l.zero_by_symmetry(pic(6, &["...", "..."])));
        // Two separated dominoes.
        assert!(l.zero_by_symmetry(pic(6, &["..#..", "#####"])));
    }
}
