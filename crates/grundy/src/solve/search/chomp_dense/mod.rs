//! Chomp by a dense table: every shape inside an R×C box gets its nimber, one or two bytes per shape,
//! indexed by a perfect rank, without recursion or hashing, on one thread or several.
//!
//! A shape (row lengths l₀ ≥ l₁ ≥ … ≥ l_{R−1}, each 0..=C) is a lattice path, and the map
//! a_i = l_{R−1−i} + i (strictly increasing, below R + C) makes it an R-subset of 0..R+C; its
//! rank in the combinatorial number system, Σ binom(a_i, i + 1), numbers the shapes of the box
//! 0..binom(R + C, R) without gaps ([`geometry`]). Eating squares lowers some l_i and never
//! raises one, so every option has a smaller rank: computing the mex of the options in
//! increasing rank order finds every option already solved. Several threads share the ranks
//! out by units of shapes with the same first rows ([`fill`]: the values are the same for any
//! number of threads). The same idea is the endgame database of Beling's igsolve for Chomp
//! (facts carry over; the code is ours).
//!
//! Nimbers are stored in one byte per shape when every nimber of the box fits in a byte (a
//! nimber is at most the number of options, below R·C, so when R·C ≤ 256), in two bytes
//! otherwise (R·C ≤ 16 · 255 always fits).
//!
//! Cost: binom(R + C, R) cells of memory ([`ChompTable::bytes`]; the caller checks it against
//! the memory budget first) and, per shape, one table read for each of its at most R·C − 1
//! options (or one copy, when its transpose came first). A 9×10 bar has 92 378 shapes, 16×16
//! 601 080 390. Progress (`"shapes"`, with the total) goes to the control's observer every
//! 65 536 shapes or so; cancellation is polled as often.
//!
//! Sources, by their names in `docs/sources.md`: \[Beling-solvers\]; Chomp from \[Slides\].

pub mod fill;
pub mod geometry;

use crate::control::Control;
use crate::error::{Error, Result};
use fill::Cell;
use geometry::Geometry;
use std::sync::atomic::{AtomicU8, AtomicU16};

/// Nimbers of every shape in a box.
pub struct ChompTable {
    geometry: Geometry,
    nimbers: Cells,
    /// How often a thread of the fill waited for another (see [`ChompTable::waits`]).
    waits: u64,
}

/// The nimbers of the box, one or two bytes each.
enum Cells {
    Bytes(Vec<AtomicU8>),
    Wide(Vec<AtomicU16>),
}

/// Whether the nimbers of the `rows` × `cols` box need two bytes each (see the module doc).
fn wide(rows: usize, cols: usize) -> bool {
    rows * cols > 256
}

/// binom(rows + cols, rows): the number of shapes in the box (saturating).
pub fn shape_count(rows: usize, cols: usize) -> u64 {
    geometry::binom(rows + cols, rows)
}

/// Progress events at least this many shapes apart.
const REPORT_EVERY: u64 = 1 << 16;

impl ChompTable {
    /// The bytes of the table of the `rows` × `cols` box (saturating): its nimbers, one or two
    /// bytes per shape, and its geometry (terms of the ranks, units and their progress).
    pub fn bytes(rows: usize, cols: usize) -> u64 {
        let cell = if wide(rows, cols) { 2 } else { 1 };
        let units = geometry::binom(cols + geometry::KEY_ROWS, geometry::KEY_ROWS);
        let small = ((rows + 1) * (cols + 1) * 16) as u64 + units.saturating_mul(8 + 8 + 4);
        shape_count(rows, cols).saturating_mul(cell).saturating_add(small)
    }

    /// Solve every shape of at most `rows` rows of at most `cols` squares on `threads` threads
    /// (1: on the calling thread alone). The table's memory ([`ChompTable::bytes`]) is
    /// accounted against the memory budget of `control` first ([`Control::reserve`]:
    /// [`crate::Error::MemoryLimit`] when it does not fit, before anything is allocated).
    /// `control` can cancel it and receives `"shapes"` progress.
    pub fn solve(rows: usize, cols: usize, threads: usize, control: &Control) -> Result<ChompTable> {
        control.reserve(Self::bytes(rows, cols))?;
        if Self::bytes(rows, cols) > isize::MAX as u64 {
            return Err(Error::Unsupported(format!(
                "the dense Chomp table of the {rows}x{cols} box has {} shapes: too many to hold",
                shape_count(rows, cols)
            )));
        }
        let geometry = Geometry::new(rows, cols);
        let count = geometry.shapes() as usize;
        let waits;
        let nimbers = if wide(rows, cols) {
            let cells = (0..count).map(|_| AtomicU16::zero()).collect::<Vec<_>>();
            waits = run_fill(&geometry, &cells, threads, control)?;
            Cells::Wide(cells)
        } else {
            let cells = (0..count).map(|_| AtomicU8::zero()).collect::<Vec<_>>();
            waits = run_fill(&geometry, &cells, threads, control)?;
            Cells::Bytes(cells)
        };
        Ok(ChompTable {
            geometry,
            nimbers,
            waits,
        })
    }

    /// How often a thread of the fill found an earlier unit behind and yielded its core: 0 on
    /// one thread; a measure of how well the units kept the threads busy.
    pub fn waits(&self) -> u64 {
        self.waits
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

    /// The nimber of a shape that fits in the box.
    pub fn nimber(&self, l: &[usize]) -> u16 {
        assert!(
            l.len() <= self.geometry.rows && l.iter().all(|&x| x <= self.geometry.cols),
            "the shape fits in the box"
        );
        let r = self.geometry.rank(l) as usize;
        match &self.nimbers {
            Cells::Bytes(v) => v[r].get() as u16,
            Cells::Wide(v) => v[r].get() as u16,
        }
    }
}

/// Fill `cells` on `threads` threads, with the control's progress and cancellation.
/// On success, how often a thread waited for another ([`fill::fill`]).
fn run_fill<T: Cell>(g: &Geometry, cells: &[T], threads: usize, control: &Control) -> Result<u64> {
    let total = cells.len() as u64;
    let mut next = 0;
    let mut stopped = None;
    let mut poll = |done: u64| {
        if done < next {
            return true;
        }
        next = done + REPORT_EVERY;
        if let Err(e) = control.check() {
            stopped = Some(e);
            return false;
        }
        control.progress("shapes", done, Some(total));
        true
    };
    poll(0);
    let result = fill::fill(g, cells, threads, fill::CHUNK, &mut poll);
    if total > REPORT_EVERY {
        control.finished("shapes");
    }
    match result {
        Ok(waits) => Ok(waits),
        Err(fill::Stopped) => Err(stopped.unwrap_or(Error::Interrupted)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chomp::{Chomp, Shape};
    use crate::solve::Solver;

    /// Every shape of the box, by the plain generic solver (row lengths by rank).
    fn plain_box(rows: usize, cols: usize) -> Vec<u16> {
        let g = Geometry::new(rows, cols);
        let mut plain = Solver::plain(Chomp);
        let mut l = vec![0; rows];
        (0..g.shapes())
            .map(|r| {
                g.unrank(r, &mut l);
                let shape: Vec<usize> = l.iter().copied().filter(|&x| x > 0).collect();
                if shape.is_empty() {
                    return 0;
                }
                plain.nimber(&Shape::new(&shape)).unwrap().0 as u16
            })
            .collect()
    }

    fn values(t: &ChompTable) -> Vec<u16> {
        match &t.nimbers {
            Cells::Bytes(v) => v.iter().map(|c| c.get() as u16).collect(),
            Cells::Wide(v) => v.iter().map(|c| c.get() as u16).collect(),
        }
    }

    #[test]
    fn every_shape_of_small_boxes_equals_the_plain_solver_on_any_number_of_threads() {
        for (rows, cols) in [(1, 1), (1, 6), (2, 7), (5, 5), (4, 6), (6, 4), (6, 6)] {
            let want = plain_box(rows, cols);
            for threads in 1..=3 {
                let t = ChompTable::solve(rows, cols, threads, &Control::default()).unwrap();
                assert_eq!(values(&t), want, "{rows}x{cols} on {threads} threads");
            }
        }
        let narrow = ChompTable::solve(2, 7, 1, &Control::default()).unwrap();
        let mut plain = Solver::plain(Chomp);
        assert_eq!(
            narrow.nimber(&[7, 3]) as u64,
            plain.nimber(&Shape::new(&[7, 3])).unwrap().0
        );
    }

    #[test]
    fn threads_that_wait_on_each_other_give_the_same_values() {
        // Chunks of a few shapes make the threads overtake and wait on each other often.
        for (rows, cols) in [(7, 7), (8, 5), (5, 9)] {
            let g = Geometry::new(rows, cols);
            let want = plain_box(rows, cols);
            for (threads, chunk) in [(2, 1), (3, 2), (4, 7), (2, 64)] {
                let cells: Vec<AtomicU8> = (0..g.shapes()).map(|_| AtomicU8::zero()).collect();
                fill::fill(&g, &cells, threads, chunk, &mut |_| true).unwrap();
                let got: Vec<u16> = cells.iter().map(|c| c.get() as u16).collect();
                assert_eq!(got, want, "{rows}x{cols}, {threads} threads, chunks of {chunk}");
            }
        }
    }

    #[test]
    fn wide_boxes_store_nimbers_above_255() {
        // 2 × 200: more than 256 squares, so two bytes per shape; the long two-row shapes have
        // nimbers beyond what a byte holds, checked against the search engine.
        let t = ChompTable::solve(2, 200, 2, &Control::default()).unwrap();
        assert!(matches!(t.nimbers, Cells::Wide(_)));
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
        // Up to 256 squares (16 × 16) a byte holds every nimber (at most 255 options).
        assert!(matches!(
            ChompTable::solve(3, 4, 1, &Control::default()).unwrap().nimbers,
            Cells::Bytes(_)
        ));
        assert!(!wide(16, 16) && wide(16, 17));
        assert!(ChompTable::bytes(16, 16) < shape_count(16, 16) + (1 << 20));
    }

    #[test]
    fn the_build_reports_progress_with_its_total() {
        use crate::control::Event;
        use std::sync::{Arc, Mutex};
        for threads in [1, 2] {
            let events = Arc::new(Mutex::new(Vec::new()));
            let sink = events.clone();
            let control = Control::new().with_observer(move |e: &Event| sink.lock().unwrap().push(e.clone()));
            // 9 × 10: 92 378 shapes: a start, a mark past 65 536, and the end.
            ChompTable::solve(9, 10, threads, &control).unwrap();
            let events = events.lock().unwrap().clone();
            let total = shape_count(9, 10);
            let done: Vec<u64> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Progress {
                        phase: "shapes",
                        done,
                        total: t,
                    } if *t == Some(total) => Some(*done),
                    _ => None,
                })
                .collect();
            assert_eq!(done.len(), 2, "{events:?}");
            assert!(done[0] == 0 && done[1] >= REPORT_EVERY && done[1] <= total, "{done:?}");
            assert_eq!(events.last(), Some(&Event::Finished { phase: "shapes" }));
        }
    }

    #[test]
    fn a_cancelled_build_stops_with_interrupted() {
        for threads in [1, 2] {
            let cancel = crate::control::Cancel::new();
            let control = Control::new().with_cancel(cancel.clone());
            let calls = std::sync::atomic::AtomicUsize::new(0);
            let control = control.with_observer(move |_: &crate::control::Event| {
                // Cancel at the second progress mark.
                if calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed) == 1 {
                    cancel.cancel();
                }
            });
            assert_eq!(
                ChompTable::solve(10, 10, threads, &control).err(),
                Some(Error::Interrupted)
            );
        }
    }

    #[test]
    fn a_table_over_the_budget_is_refused_before_it_is_allocated() {
        let budget = crate::memory::MemoryBudget::new(64 << 20);
        let control = Control::new().with_memory(budget);
        // 16 × 17: 1 166 803 110 shapes, 2.3 GB.
        assert!(ChompTable::bytes(16, 17) > 1 << 30);
        // Refused before the table is made: no progress event (no shape solved) arrives.
        let events = std::sync::Arc::new(std::sync::Mutex::new(0usize));
        let seen = events.clone();
        let control = control.with_observer(move |_: &crate::control::Event| *seen.lock().unwrap() += 1);
        assert_eq!(
            ChompTable::solve(16, 17, 2, &control).err(),
            Some(crate::Error::MemoryLimit(64 << 20))
        );
        assert_eq!(*events.lock().unwrap(), 0);
    }

    /// Slow (about a minute): every shape of a 9 × 9 box against the plain solver, on 2 threads.
    #[test]
    #[ignore]
    fn every_shape_of_a_9x9_box_equals_the_plain_solver() {
        let t = ChompTable::solve(9, 9, 2, &Control::default()).unwrap();
        assert_eq!(values(&t), plain_box(9, 9));
    }
}
