//! Region keys that do not depend on the board: the unit of the Cram region database (the
//! table file of `grundy value cram 3x19 --table FILE`, shared by every board and by the
//! census of boards).
//!
//! What: a region's database key is its cells packed densely in its bounding box, in the
//! orientation with fewer rows than columns (both when the box is square), the least of the
//! images under the symmetries of the rectangle (4; 8 for a square box) — with the box's
//! width, which the packing needs. The engine's own keys ([`Layout::canonical`]) depend on the
//! stride the board is kept at (16 for 3×16, 17 for 3×17) and, on boards that are not square,
//! identify a region with its mirror images but not with its transposes; a database key names
//! the same class on every board (the nimber of a region is that of any of its eight images).
//! [`region_key`] makes a database key from an engine key, [`engine_keys`] the engine keys
//! (one or two orientations) of a database key on a board of given size.
//!
//! Why: the regions of 3×19 are most of the regions of 3×20 (a position of 3×20 falls apart
//! into regions of at most 3×19 after one move), so a database grown by one board serves the
//! next, whatever their widths.
//!
//! Cost: O(rows + columns) words per key, one [`Layout::canonical`] per orientation placed:
//! used when a database is read or written, never in the search.

use super::super::bitboard::Layout;

/// The most rows or columns a box of at most 64 cells has.
const MAX_SIDE: usize = 64;

/// The lowest `n` bits (n ≤ 64).
fn low(n: u32) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// A database key: the cells packed at stride `width` (`bits`, bit r·width + c for the cell of
/// row r and column c) and that width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RegionKey {
    /// The cells, packed at stride `width`.
    pub bits: u64,
    /// The width of the box (1 to 64).
    pub width: u8,
}

impl RegionKey {
    /// The height of the box.
    pub fn height(self) -> u32 {
        (63 - self.bits.leading_zeros()) / self.width as u32 + 1
    }

    /// The rows of the box (each `width` bits) into `rows`; their number.
    fn rows(self, rows: &mut [u64; MAX_SIDE]) -> usize {
        let w = self.width as u32;
        let h = self.height() as usize;
        for (r, row) in rows.iter_mut().enumerate().take(h) {
            *row = (self.bits >> (r as u32 * w)) & low(w);
        }
        h
    }

    /// Whether this is a key [`key_of_rows`] makes (a region's box, normalised, least image):
    /// anything else in a file is damage.
    pub fn is_canonical(self) -> bool {
        if self.bits == 0 || self.width == 0 || self.width as usize > MAX_SIDE {
            return false;
        }
        let mut rows = [0u64; MAX_SIDE];
        let h = self.rows(&mut rows);
        key_of_rows(&rows[..h], self.width as u32) == Some(self)
    }
}

/// The transpose of the rows `rows` (each `w` bits): `w` rows of `rows.len()` bits.
fn transpose(rows: &[u64], w: u32, out: &mut [u64; MAX_SIDE]) -> usize {
    out[..w as usize].fill(0);
    for (r, &row) in rows.iter().enumerate() {
        let mut bits = row;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out[c] |= 1 << r;
        }
    }
    w as usize
}

/// The least of the four images of a box of `rows` (each `w` bits) under the flips of its
/// rows and of its columns, packed at stride `w`.
fn least_of_four(rows: &[u64], w: u32) -> u64 {
    let h = rows.len();
    let mirror = |row: u64| row.reverse_bits() >> (64 - w);
    let (mut a, mut b, mut c, mut d) = (0u64, 0u64, 0u64, 0u64);
    for (r, &row) in rows.iter().enumerate() {
        let (up, down) = (r as u32 * w, (h - 1 - r) as u32 * w);
        a |= row << up;
        b |= row << down;
        c |= mirror(row) << up;
        d |= mirror(row) << down;
    }
    a.min(b).min(c).min(d)
}

/// The database key of the region whose box has the rows `rows` (each at most `w` bits, the
/// first and last rows and the first and last columns occupied); `None` when it is no such
/// box (empty, or a side beyond 64).
pub fn key_of_rows(rows: &[u64], w: u32) -> Option<RegionKey> {
    let h = rows.len() as u32;
    if h == 0 || w == 0 || h as usize > MAX_SIDE || w as usize > MAX_SIDE || (h * w) > 64 {
        return None;
    }
    let columns = rows.iter().fold(0, |m, r| m | r);
    if rows[0] == 0 || rows[rows.len() - 1] == 0 || columns & 1 == 0 || columns >> (w - 1) != 1 {
        return None;
    }
    let mut t = [0u64; MAX_SIDE];
    let bits = if h < w {
        least_of_four(rows, w)
    } else if w < h {
        let n = transpose(rows, w, &mut t);
        least_of_four(&t[..n], h)
    } else {
        let n = transpose(rows, w, &mut t);
        least_of_four(rows, w).min(least_of_four(&t[..n], h))
    };
    Some(RegionKey {
        bits,
        width: h.max(w) as u8,
    })
}

/// The database key of region `x` (≠ 0, connected or not) of `layout`.
pub fn region_key(layout: &Layout, x: u64) -> RegionKey {
    let (z, bw, bh) = layout.normalise_with_box(x);
    let mut rows = [0u64; MAX_SIDE];
    for (r, row) in rows.iter_mut().enumerate().take(bh as usize) {
        *row = (z >> (r as u32 * layout.stride)) & low(bw);
    }
    key_of_rows(&rows[..bh as usize], bw).expect("a normalised region is a box of at most 64 cells")
}

/// The engine keys of the region `key` on a board of `cols` × `rows` cells kept by `layout`:
/// its orientation with fewer rows and the transposed one, each when it fits that board (a
/// region that fits neither cannot arise on it), each made canonical by `layout`. Equal keys
/// are given once.
pub fn engine_keys(layout: &Layout, key: RegionKey, cols: u32, rows: u32) -> [Option<u64>; 2] {
    let mut lines = [0u64; MAX_SIDE];
    let h = key.rows(&mut lines);
    let w = key.width as u32;
    let place = |lines: &[u64], w: u32| -> Option<u64> {
        let h = lines.len() as u32;
        if h > rows || w > cols || w > layout.stride || (h - 1) * layout.stride + w > 64 {
            return None;
        }
        let mut x = 0u64;
        for (r, &line) in lines.iter().enumerate() {
            x |= line << (r as u32 * layout.stride);
        }
        Some(layout.canonical(x))
    };
    let first = place(&lines[..h], w);
    let mut t = [0u64; MAX_SIDE];
    let n = transpose(&lines[..h], w, &mut t);
    let second = place(&t[..n], h as u32).filter(|&k| Some(k) != first);
    [first, second]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The database key by its definition: every one of the eight images of the region's
    /// cells, packed densely in its own box, the least among those with the fewest rows.
    fn brute_key(cells: &[(u32, u32)]) -> RegionKey {
        let mut best: Option<(u32, u64, u32)> = None;
        for s in 0..8u32 {
            let img: Vec<(u32, u32)> = cells
                .iter()
                .map(|&(r, c)| {
                    let (r, c) = if s & 4 != 0 { (c, r) } else { (r, c) };
                    let r = if s & 1 != 0 { 1000 - r } else { r };
                    let c = if s & 2 != 0 { 1000 - c } else { c };
                    (r, c)
                })
                .collect();
            let r0 = img.iter().map(|p| p.0).min().unwrap();
            let c0 = img.iter().map(|p| p.1).min().unwrap();
            let h = img.iter().map(|p| p.0).max().unwrap() - r0 + 1;
            let w = img.iter().map(|p| p.1).max().unwrap() - c0 + 1;
            let bits = img.iter().fold(0u64, |b, &(r, c)| b | 1 << ((r - r0) * w + (c - c0)));
            let cand = (h, bits, w);
            if best.is_none_or(|b| (cand.0, cand.1) < (b.0, b.1)) {
                best = Some(cand);
            }
        }
        let (_, bits, width) = best.unwrap();
        RegionKey {
            bits,
            width: width as u8,
        }
    }

    /// Random regions at strides 3, 5, 8, 16 and 21: the key equals the brute-force least image,
    /// is the same for every image of the region placed anywhere on the board, is canonical,
    /// and its engine keys include the region's own canonical form.
    #[test]
    fn region_keys_equal_the_brute_force_least_image_under_every_symmetry() {
        let mut next = crate::xorshift(0x3c6e_f372_fe94_f82b);
        for (stride, height) in [(3u32, 21u32), (5, 12), (8, 8), (16, 4), (21, 3)] {
            let layout = Layout::new(stride, false);
            let full = low(stride * height);
            for i in 0..2500 {
                let bits = if i % 2 == 0 {
                    next() | next()
                } else {
                    next() & next() | next() & next()
                } & full;
                let mut regions = Vec::new();
                layout.regions(bits, 1, &mut regions);
                for &x in &regions {
                    let cells: Vec<(u32, u32)> = (0..64)
                        .filter(|&i| x >> i & 1 == 1)
                        .map(|i| (i / stride, i % stride))
                        .collect();
                    let key = region_key(&layout, x);
                    assert_eq!(key, brute_key(&cells), "stride {stride} {x:#x}");
                    assert!(key.is_canonical(), "{key:?}");
                    // Every image of the region that fits the board has the same key.
                    let (bh, bw) = (
                        cells.iter().map(|p| p.0).max().unwrap() - cells.iter().map(|p| p.0).min().unwrap() + 1,
                        cells.iter().map(|p| p.1).max().unwrap() - cells.iter().map(|p| p.1).min().unwrap() + 1,
                    );
                    let (r0, c0) = (
                        cells.iter().map(|p| p.0).min().unwrap(),
                        cells.iter().map(|p| p.1).min().unwrap(),
                    );
                    for s in 0..8u32 {
                        let (ih, iw) = if s & 4 != 0 { (bw, bh) } else { (bh, bw) };
                        if ih > height || iw > stride {
                            continue;
                        }
                        let img = cells.iter().fold(0u64, |b, &(r, c)| {
                            let (r, c) = (r - r0, c - c0);
                            let (r, c) = if s & 4 != 0 { (c, r) } else { (r, c) };
                            let r = if s & 1 != 0 { ih - 1 - r } else { r };
                            let c = if s & 2 != 0 { iw - 1 - c } else { c };
                            b | 1 << ((r + height - ih) * stride + (c + stride - iw))
                        });
                        assert_eq!(region_key(&layout, img), key, "image {s} of {x:#x}");
                    }
                    let placed = engine_keys(&layout, key, stride, height);
                    assert!(placed.contains(&Some(layout.canonical(x))), "{x:#x} {placed:?}");
                }
            }
        }
    }

    #[test]
    fn keys_that_no_region_has_are_not_canonical() {
        // A 2×2 box packed at width 2 is canonical; the same bits at width 4 are a 1×4 row
        // (canonical too); a box whose first column is empty is not.
        assert!(RegionKey { bits: 0b1111, width: 2 }.is_canonical());
        assert!(RegionKey { bits: 0b1111, width: 4 }.is_canonical());
        assert!(!RegionKey { bits: 0b0110, width: 4 }.is_canonical());
        assert!(!RegionKey { bits: 0, width: 3 }.is_canonical());
        assert!(!RegionKey { bits: 1, width: 0 }.is_canonical());
        // Not the least image: an L whose least image is another.
        let l = RegionKey {
            bits: 0b111_001,
            width: 3,
        };
        let least = key_of_rows(&[0b001, 0b111], 3).unwrap();
        assert_eq!(
            least,
            RegionKey {
                bits: 0b001_111,
                width: 3
            }
        );
        assert!(least.is_canonical() && !l.is_canonical());
    }
}
