//! Which way the sparse method takes on a pool of threads, decided by a race between them.
//!
//! The two ways: the pipeline (`blocks.rs`: the far part of the next block on the pool while
//! this block is finished) and heap after heap on the calling thread (`sparse.rs`, whose rare
//! splits are marked for up to 8 heaps at once). Which is faster depends on the code and on the
//! machine: the pipeline pays when the rare splits are most of a heap's work (0.014, 0.172: two
//! thousand rare heaps and more), and costs when the search for rare candidates is (0.167, 59
//! rare heaps: 0.65 s on one thread against 1.08 s of wall time on two to 2^20), and when the
//! other core is busy with other work. Neither a count of rare heaps nor the thread count
//! tells which, so the run measures.
//!
//! At each checkpoint from heap [`FROM`] on (heaps 2^k, where the mask is chosen anew), the
//! first 1/32 of the interval to the next checkpoint (at most [`MAX_WINDOW`] heaps) goes heap
//! after heap, as many heaps next through the pipeline, each timed by the wall clock, and the
//! faster way goes on, to the next checkpoint or for [`RERACE`] windows, whichever comes first:
//! then the ways race again. So a long interval (2^32 … 2^33 of Grundy's game is hours) is
//! not run all the way in a way chosen under the load of its first minutes (another job on
//! the other core makes heap after heap win; once it ends, the pipeline may). The values are
//! the same whichever way computes them (only the order in which options are marked differs;
//! the tests run both), so the race decides the time only. Cost: two clock reads per phase,
//! and at most 1/32 of the heaps in the slower way.

use std::time::{Duration, Instant};

/// The first checkpoint at which the ways race (before it, the pipeline, as without a race):
/// windows of 2^16 / 32 = 2048 heaps, four pipeline blocks. Tests race from heap 4096, so
/// that their runs of a few thousand heaps switch ways.
pub(super) const FROM: usize = if cfg!(test) { 1 << 12 } else { 1 << 16 };

/// The share of an interval each way runs in the race: 1/`SHARE`.
const SHARE: usize = 32;

/// Most heaps a way runs in one race (about half a minute of Grundy's game near 2^32; tests:
/// a few hundred, so that their runs race again).
pub(super) const MAX_WINDOW: usize = if cfg!(test) { 1 << 8 } else { 1 << 22 };

/// A settled way runs at most this many race windows before the next race (so the two race
/// windows are at most 1/32 of the heaps).
const RERACE: usize = 64;

#[cfg(test)]
thread_local! {
    /// Tests: the way every run on this thread takes, instead of the race's (`None`: race).
    /// The race is decided by the wall clock, so a test of one way's behaviour forces it.
    pub(super) static FORCED: std::cell::Cell<Option<Way>> = const { std::cell::Cell::new(None) };
}

/// A way of the sparse method on a pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Way {
    /// The pipeline of blocks (`blocks.rs`).
    Pipelined,
    /// Heap after heap on the calling thread (`sparse.rs`).
    HeapByHeap,
}

#[derive(Clone, Copy, Debug)]
enum Phase {
    /// This way until heap `until` (the next race, of windows of `window` heaps), or the next
    /// checkpoint.
    Settled { way: Way, until: usize, window: usize },
    /// Racing heap after heap over `start..end`, begun at `since`; then the pipeline to
    /// `end + (end − start)`.
    HeapByHeap { start: usize, end: usize, since: Instant },
    /// Racing the pipeline to `end`, begun at `since`, over as many heaps (`window`) as heap
    /// after heap took `rival` for.
    Pipelined {
        end: usize,
        window: usize,
        since: Instant,
        rival: Duration,
    },
}

/// The race's state for one run (see the module doc).
#[derive(Clone, Debug)]
pub(super) struct Race {
    phase: Phase,
}

impl Default for Race {
    fn default() -> Self {
        Race {
            phase: Phase::Settled {
                way: Way::Pipelined,
                until: usize::MAX,
                window: 0,
            },
        }
    }
}

impl Race {
    /// A checkpoint at heap `n`, the next one `interval` heaps later: race there when `n` is
    /// at least [`FROM`].
    pub(super) fn begin(&mut self, n: usize, interval: usize, now: Instant) {
        if n < FROM {
            return;
        }
        let window = (interval / SHARE).clamp(1, MAX_WINDOW);
        self.phase = Phase::HeapByHeap {
            start: n,
            end: n + window,
            since: now,
        };
    }

    /// The way for heap `n` (heaps are asked in increasing order, each phase's end among
    /// them), and the heap where that way's phase ends (the next race when settled; `usize::MAX`
    /// before the first). `clock` is read only where a phase ends.
    pub(super) fn way(&mut self, n: usize, clock: impl Fn() -> Instant) -> (Way, usize) {
        #[cfg(test)]
        if let Some(way) = FORCED.get() {
            return (way, usize::MAX);
        }
        match self.phase {
            Phase::HeapByHeap { start, end, since } if n >= end => {
                let now = clock();
                self.phase = Phase::Pipelined {
                    end: n + (end - start),
                    window: end - start,
                    since: now,
                    rival: now - since,
                };
            }
            Phase::Pipelined {
                end,
                window,
                since,
                rival,
            } if n >= end => {
                // The same number of heaps each: the shorter time wins.
                let way = if clock() - since <= rival {
                    Way::Pipelined
                } else {
                    Way::HeapByHeap
                };
                self.phase = Phase::Settled {
                    way,
                    until: n.saturating_add(RERACE * window),
                    window,
                };
            }
            Phase::Settled { until, window, .. } if n >= until => {
                self.phase = Phase::HeapByHeap {
                    start: n,
                    end: n + window,
                    since: clock(),
                };
            }
            _ => {}
        }
        match self.phase {
            Phase::Settled { way, until, .. } => (way, until),
            Phase::HeapByHeap { end, .. } => (Way::HeapByHeap, end),
            Phase::Pipelined { end, .. } => (Way::Pipelined, end),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A race takes the way that was faster over its window, keeps it to the next race, and
    /// nothing races before [`FROM`].
    #[test]
    fn the_faster_way_wins_until_the_next_race() {
        let t0 = Instant::now();
        let at = |ms: u64| move || t0 + Duration::from_millis(ms);
        let mut race = Race::default();
        race.begin(FROM / 2, FROM / 2, t0);
        assert_eq!(race.way(FROM / 2, at(0)), (Way::Pipelined, usize::MAX));
        for (heap_by_heap, pipelined, winner) in [(10, 30, Way::HeapByHeap), (30, 10, Way::Pipelined)] {
            let n = FROM;
            let interval = SHARE * 4;
            race.begin(n, interval, t0);
            let w = interval / SHARE;
            assert_eq!(race.way(n, at(0)), (Way::HeapByHeap, n + w));
            assert_eq!(race.way(n + w - 1, at(0)), (Way::HeapByHeap, n + w));
            assert_eq!(race.way(n + w, at(heap_by_heap)), (Way::Pipelined, n + 2 * w));
            let again = n + 2 * w + RERACE * w;
            assert_eq!(race.way(n + 2 * w, at(heap_by_heap + pipelined)), (winner, again));
            assert_eq!(race.way(again - 1, at(1000)), (winner, again));
        }
    }

    /// A long interval races in windows of at most [`MAX_WINDOW`] heaps and races again after
    /// [`RERACE`] windows: a way that lost under one load wins once the load changes.
    #[test]
    fn a_long_interval_races_again() {
        let t0 = Instant::now();
        let at = |ms: u64| move || t0 + Duration::from_millis(ms);
        let mut race = Race::default();
        let n = FROM;
        race.begin(n, 1 << 40, t0);
        let w = MAX_WINDOW;
        assert_eq!(race.way(n, at(0)), (Way::HeapByHeap, n + w));
        // The other core busy: heap after heap wins.
        assert_eq!(race.way(n + w, at(10)), (Way::Pipelined, n + 2 * w));
        let again = n + 2 * w + RERACE * w;
        assert_eq!(race.way(n + 2 * w, at(40)), (Way::HeapByHeap, again));
        // The next race, the other core free: the pipeline wins.
        assert_eq!(race.way(again, at(100)), (Way::HeapByHeap, again + w));
        assert_eq!(race.way(again + w, at(130)), (Way::Pipelined, again + 2 * w));
        let third = again + 2 * w + RERACE * w;
        assert_eq!(race.way(again + 2 * w, at(140)), (Way::Pipelined, third));
    }
}
