//! Chomp by a dense table: every shape inside an R×C box gets its nimber, one or two bytes per shape,
//! indexed by a perfect rank, in one pass without recursion or hashing.
//!
//! A shape (row lengths l₀ ≥ l₁ ≥ … ≥ l_{R−1}, each 0..=C) is a lattice path, and the map
//! a_i = l_{R−1−i} + i (strictly increasing, below R + C) makes it an R-subset of 0..R+C; its
//! rank in the combinatorial number system, Σ binom(a_i, i + 1), numbers the shapes of the box
//! 0..binom(R + C, R) without gaps. Eating squares lowers some l_i and never raises one, so
//! every option has a smaller rank: computing the mex of the options in increasing rank order
//! finds every option already solved. The same idea is the endgame database of Beling's
//! igsolve for Chomp (facts carry over; the code is ours).
//!
//! Nimbers are stored in one byte per shape when every nimber of the box fits in a byte (a
//! nimber is at most the number of options, below R·C, so when R·C ≤ 255), in two bytes
//! otherwise (R·C ≤ 16 · 255 always fits).
//!
//! Cost: binom(R + C, R) cells of memory ([`ChompTable::bytes`]; the caller checks it against
//! the memory budget first) and, per shape, one unranking (O(R + C)) and one rank update (O(R))
//! for each of its at most R·C options. A 9×10 bar has 92 378 shapes. Progress (`"shapes"`,
//! with the total) goes to the control's observer every 65 536 shapes.
//!
//! Sources, by their names in `docs/sources.md`: \[Beling-solvers\]; Chomp from \[Slides\].

use crate::control::Control;
use crate::error::Result;

/// Nimbers of every shape in a box.
pub struct ChompTable {
    rows: usize,
    cols: usize,
    /// `binom[n * (rows + 2) + k]` = binom(n, k) for n ≤ rows + cols, k ≤ rows + 1 (flat:
    /// one indirection in the inner loop).
    binom: Vec<u64>,
    nimbers: Cells,
}

/// The nimbers of the box, one or two bytes each.
enum Cells {
    Bytes(Vec<u8>),
    Wide(Vec<u16>),
}

/// A nimber cell of the dense table.
trait Cell: Copy + Default {
    fn get(self) -> usize;
    fn of(v: usize) -> Self;
}

impl Cell for u8 {
    #[inline]
    fn get(self) -> usize {
        self as usize
    }
    #[inline]
    fn of(v: usize) -> Self {
        v as u8
    }
}

impl Cell for u16 {
    #[inline]
    fn get(self) -> usize {
        self as usize
    }
    #[inline]
    fn of(v: usize) -> Self {
        v as u16
    }
}

/// Whether the nimbers of the `rows` × `cols` box need two bytes each (see the module doc).
fn wide(rows: usize, cols: usize) -> bool {
    rows * cols > 255
}

/// binom(rows + cols, rows): the number of shapes in the box (saturating).
pub fn shape_count(rows: usize, cols: usize) -> u64 {
    let mut c: u128 = 1;
    for i in 0..rows as u128 {
        c = c * (cols as u128 + i + 1) / (i + 1);
        if c > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    c as u64
}

impl ChompTable {
    /// The bytes of the table of the `rows` × `cols` box (saturating): its nimbers, one or two
    /// bytes per shape, and its table of binomials.
    pub fn bytes(rows: usize, cols: usize) -> u64 {
        let cell = if wide(rows, cols) { 2 } else { 1 };
        let binom = ((rows + cols + 1) * (rows + 2) * 8) as u64;
        shape_count(rows, cols).saturating_mul(cell).saturating_add(binom)
    }

    /// Solve every shape of at most `rows` rows of at most `cols` squares. The table's memory
    /// ([`ChompTable::bytes`]) is accounted against the memory budget of `control` first
    /// ([`Control::reserve`]: [`crate::Error::MemoryLimit`] when it does not fit, before
    /// anything is allocated). `control` can cancel it and receives `"shapes"` progress.
    pub fn solve(rows: usize, cols: usize, control: &Control) -> Result<ChompTable> {
        control.reserve(Self::bytes(rows, cols))?;
        if Self::bytes(rows, cols) > isize::MAX as u64 {
            return Err(crate::Error::Unsupported(format!(
                "the dense Chomp table of the {rows}x{cols} box has {} shapes: too many to hold",
                shape_count(rows, cols)
            )));
        }
        let n = rows + cols;
        let w = rows + 2;
        let mut binom = vec![0u64; (n + 1) * w];
        for i in 0..=n {
            binom[i * w] = 1;
            if i > 0 {
                for k in 1..=rows + 1 {
                    binom[i * w + k] = binom[(i - 1) * w + k - 1] + binom[(i - 1) * w + k];
                }
            }
        }
        let count = binom[n * w + rows] as usize;
        let mut t = ChompTable {
            rows,
            cols,
            binom,
            nimbers: Cells::Bytes(Vec::new()),
        };
        t.nimbers = if wide(rows, cols) {
            let mut cells = vec![0u16; count];
            t.fill(&mut cells, control)?;
            Cells::Wide(cells)
        } else {
            let mut cells = vec![0u8; count];
            t.fill(&mut cells, control)?;
            Cells::Bytes(cells)
        };
        Ok(t)
    }

    /// The nimber of every shape, in increasing rank order (see the module doc).
    fn fill<T: Cell>(&self, nimbers: &mut [T], control: &Control) -> Result<()> {
        let (rows, count) = (self.rows, nimbers.len());
        let t = self;
        let mut l = vec![0usize; rows];
        // The values seen among the options: at most R·C − 1 of them.
        let mut seen = vec![0u64; (rows * self.cols) / 64 + 1];
        for rank in 0..count {
            if rank & 0xffff == 0 {
                control.check()?;
                control.progress("shapes", rank as u64, Some(count as u64));
            }
            t.unrank(rank, &mut l);
            seen.fill(0);
            // Eat square (i, j): rows i.. are cut to at most j squares.
            for i in 0..rows {
                for j in 0..l[i] {
                    if i == 0 && j == 0 {
                        continue;
                    }
                    let mut r = rank as u64;
                    for (k, &len) in l.iter().enumerate().skip(i) {
                        if len <= j {
                            break;
                        }
                        let pos = rows - 1 - k;
                        r = r - t.b(len + pos, pos + 1) + t.b(j + pos, pos + 1);
                    }
                    let v = nimbers[r as usize].get();
                    seen[v >> 6] |= 1 << (v & 63);
                }
            }
            let mut g = 0;
            while seen[g >> 6] >> (g & 63) & 1 == 1 {
                g += 1;
            }
            nimbers[rank] = T::of(g);
        }
        if count > 0xffff {
            control.finished("shapes");
        }
        Ok(())
    }

    /// The number of shapes in the box.
    pub fn len(&self) -> usize {
        match &self.nimbers {
            Cells::Bytes(v) => v.len(),
            Cells::Wide(v) => v.len(),
        }
    }

    /// Whether the table has no shape (never: the empty shape is in every box).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// binom(n, k).
    #[inline]
    fn b(&self, n: usize, k: usize) -> u64 {
        self.binom[n * (self.rows + 2) + k]
    }

    /// The row lengths of the shape of rank `rank` (l₀ first).
    fn unrank(&self, mut rank: usize, l: &mut [usize]) {
        // Greedy: the largest a with binom(a, i + 1) ≤ rank, from i = rows − 1 down.
        let mut a = self.rows + self.cols;
        for i in (0..self.rows).rev() {
            a -= 1;
            while self.b(a, i + 1) as usize > rank {
                a -= 1;
            }
            rank -= self.b(a, i + 1) as usize;
            l[self.rows - 1 - i] = a - i;
        }
    }

    /// The rank of a shape (row lengths l₀ first; missing rows are empty).
    fn rank(&self, l: &[usize]) -> usize {
        let mut r = 0;
        for i in 0..self.rows {
            let len = l.get(self.rows - 1 - i).copied().unwrap_or(0);
            r += self.b(len + i, i + 1) as usize;
        }
        r
    }

    /// The nimber of a shape that fits in the box.
    pub fn nimber(&self, l: &[usize]) -> u16 {
        assert!(
            l.len() <= self.rows && l.iter().all(|&x| x <= self.cols),
            "the shape fits in the box"
        );
        let r = self.rank(l);
        match &self.nimbers {
            Cells::Bytes(v) => v[r] as u16,
            Cells::Wide(v) => v[r],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chomp::{Chomp, Shape};
    use crate::solve::Solver;

    #[test]
    fn ranks_number_the_box_without_gaps() {
        let t = ChompTable::solve(3, 4, &Control::default()).unwrap();
        assert_eq!(t.len() as u64, shape_count(3, 4));
        let mut l = vec![0; 3];
        for r in 0..t.len() {
            t.unrank(r, &mut l);
            assert!(l.windows(2).all(|p| p[0] >= p[1]) && l[0] <= 4);
            assert_eq!(t.rank(&l), r);
        }
    }

    #[test]
    fn every_shape_in_a_5x5_box_equals_the_plain_solver() {
        let t = ChompTable::solve(5, 5, &Control::default()).unwrap();
        let mut l = vec![0; 5];
        let mut plain = Solver::plain(Chomp);
        for r in 0..t.len() {
            t.unrank(r, &mut l);
            if l[0] == 0 {
                continue;
            }
            let rows: Vec<usize> = l.iter().copied().filter(|&x| x > 0).collect();
            let v = plain.nimber(&Shape::new(&rows)).unwrap().0;
            assert_eq!(t.nimber(&rows) as u64, v, "{rows:?}");
        }
        // A narrower box gives the same values.
        let narrow = ChompTable::solve(2, 7, &Control::default()).unwrap();
        assert_eq!(
            narrow.nimber(&[7, 3]) as u64,
            plain.nimber(&Shape::new(&[7, 3])).unwrap().0
        );
    }

    #[test]
    fn wide_boxes_store_nimbers_above_255() {
        // 2 × 200: more than 255 squares, so two bytes per shape; the long two-row shapes have
        // nimbers beyond what a byte holds, checked against the search engine.
        let t = ChompTable::solve(2, 200, &Control::default()).unwrap();
        assert!(matches!(t.nimbers, Cells::Wide(_)));
        assert_eq!(
            ChompTable::bytes(2, 200),
            shape_count(2, 200) * 2 + (203 * 4 * 8) as u64
        );
        let mut plain = Solver::plain(Chomp);
        let mut largest = 0;
        for a in 1..=200usize {
            for b in 0..=a {
                let rows: Vec<usize> = [a, b].into_iter().filter(|&x| x > 0).collect();
                let v = plain.nimber(&Shape::new(&rows)).unwrap().0;
                assert_eq!(t.nimber(&rows) as u64, v, "{rows:?}");
                largest = largest.max(v);
            }
        }
        assert!(largest > 255, "{largest}");
        // Narrow boxes stay at one byte per shape.
        assert!(matches!(
            ChompTable::solve(3, 4, &Control::default()).unwrap().nimbers,
            Cells::Bytes(_)
        ));
    }

    #[test]
    fn the_build_reports_progress_with_its_total() {
        use crate::control::Event;
        use std::sync::{Arc, Mutex};
        let events = Arc::new(Mutex::new(Vec::new()));
        let sink = events.clone();
        let control = Control::new().with_observer(move |e: &Event| sink.lock().unwrap().push(e.clone()));
        // 9 × 10: 92 378 shapes, two progress events and the end.
        ChompTable::solve(9, 10, &control).unwrap();
        let events = events.lock().unwrap().clone();
        let total = shape_count(9, 10);
        assert_eq!(
            events,
            vec![
                Event::Progress {
                    phase: "shapes",
                    done: 0,
                    total: Some(total)
                },
                Event::Progress {
                    phase: "shapes",
                    done: 65536,
                    total: Some(total)
                },
                Event::Finished { phase: "shapes" },
            ]
        );
    }

    #[test]
    fn a_table_over_the_budget_is_refused_before_it_is_allocated() {
        let budget = crate::memory::MemoryBudget::new(64 << 20);
        let control = Control::new().with_memory(budget);
        // 16 × 16: 601 080 390 shapes, 1.2 GB.
        assert!(ChompTable::bytes(16, 16) > 1 << 30);
        // Refused before the table is made: no progress event (no shape solved) arrives.
        let events = std::sync::Arc::new(std::sync::Mutex::new(0usize));
        let seen = events.clone();
        let control = control.with_observer(move |_: &crate::control::Event| *seen.lock().unwrap() += 1);
        assert_eq!(
            ChompTable::solve(16, 16, &control).err(),
            Some(crate::Error::MemoryLimit(64 << 20))
        );
        assert_eq!(*events.lock().unwrap(), 0);
    }
}
