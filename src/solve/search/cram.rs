//! A dedicated search engine for Cram on bitboards (boards of at most 64 cells): the algorithm of
//! the generic engine ([`super`]) without its allocations, on one `u64` per position.
//!
//! # Algorithm
//! A position is split into its connected regions ([`Layout::regions`]); single cells are
//! dropped (no move), each region is replaced by its canonical form under translation and the
//! symmetries of the square ([`Layout::canonical`]), and equal regions cancel in pairs
//! (G + G = 0). The value of a position is the xor of its regions' nimbers.
//!
//! The nimber of a region R of more than [`CramConfig::small`] cells is found as in
//! J. Lemoine and S. Viennot, "Nimbers are inevitable" (TCS 2012): the least k such that
//! R + \*k is a P-position ([`CramSearch::has_value`]). R + \*k is P iff no option R′ of R has
//! value k and R has no value j < k. An option R′ = C₁ + … + Cₘ has value k iff its largest
//! region L has value k ⊕ g(the others): the smaller regions get exact nimbers (cached), the
//! largest one only a yes/no test, which stops at the first option that answers it. Regions of
//! at most `small` cells get their nimber by plain mex (all their options are needed anyway).
//!
//! # Pruning (which rules are implemented)
//! - The bound of P. Beling and M. Rogalski ("On pruning search trees of impartial games",
//!   Artificial Intelligence 2020) that a nimber is at most the number of options: the test
//!   "g(R) = k" with k above the number of dominoes that fit in R is answered *no* without
//!   generating a move.
//! - Enhanced transposition cutoff: before searching any option, every option whose regions
//!   all have known nimbers is evaluated from the table; a hit ends the test at no cost
//!   (options known to miss are skipped in the deep pass).
//! - The table keeps the facts "g(R) = v" and "g(R) ≠ j" ([`PackedTable`]), so the successive
//!   tests k = 0, 1, 2, … of one region and the tests j < k reuse each other's work.
//! - Mirror strategies ([`Layout::zero_by_symmetry`]): a region that is its own image under a
//!   half turn or a reflection, with no cell and no domino fixed, is 0.
//! - Move ordering: options whose largest region is smallest first (moves that split the
//!   region, and among those the most balanced splits), then options with more regions; the
//!   P-option that refutes "g(R) = 0" is usually found among the first few.
//!
//! Not implemented: Beling and Rogalski's aspiration sets and their refined option bounds, and
//! endgame databases.
//!
//! # Cost
//! Exponential in the worst case, like any exact search; per node one pass over the dominoes
//! (shifts), a flood fill and a canonical form (8 images, O(rows + cells)) per option region,
//! one table probe per region. No allocation per node: options live on an arena stack.

use super::big_stack;
use super::bitboard::Layout;
use super::packed_table::PackedTable;
use super::table::TableStats;
use crate::error::{Error, Result};
use crate::interrupt;

/// Switches of the engine (tests turn each off to check that results do not change).
#[derive(Clone, Copy, Debug)]
pub struct CramConfig {
    /// Regions of at most this many cells get their nimber by mex; larger ones by outcome tests.
    pub small: u32,
    pub use_symmetry: bool,
    pub use_ordering: bool,
    /// Evaluate options from the table before searching any of them.
    pub use_cutoff: bool,
    /// Most entries in the transposition table.
    pub table_entries: usize,
}

impl Default for CramConfig {
    fn default() -> Self {
        CramConfig {
            small: 10,
            use_symmetry: true,
            use_ordering: true,
            use_cutoff: true,
            table_entries: 1 << 24,
        }
    }
}

/// Counters of one engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct CramStats {
    /// Tests and mex computations started.
    pub nodes: u64,
    /// Regions decided by a mirror strategy.
    pub symmetric: u64,
    /// Tests decided by the bound g ≤ number of options.
    pub bound_cuts: u64,
    /// Tests decided from the table before any option was searched.
    pub cutoffs: u64,
    pub table: TableStats,
}

const UNKNOWN: u8 = u8::MAX;

/// One option of the region being searched: its regions are `arena[start..start + len]`.
#[derive(Clone, Copy)]
struct Opt {
    start: u32,
    len: u32,
    order: u32,
    /// Its value when known from the table.
    value: u8,
}

pub struct CramSearch {
    layout: Layout,
    table: PackedTable,
    pub config: CramConfig,
    arena: Vec<u64>,
    opts: Vec<Opt>,
    stats: CramStats,
}

impl CramSearch {
    /// An engine for boards with `width` columns (1 to 64).
    pub fn new(width: u32, config: CramConfig) -> Self {
        CramSearch {
            layout: Layout::new(width),
            table: PackedTable::new(config.table_entries),
            config,
            arena: Vec::new(),
            opts: Vec::new(),
            stats: CramStats::default(),
        }
    }

    pub fn stats(&self) -> CramStats {
        CramStats {
            table: self.table.stats(),
            ..self.stats
        }
    }

    /// The nimber of the board whose empty cells are `cells`.
    pub fn nimber(&mut self, cells: u64) -> Result<u8> {
        big_stack(|| {
            let (start, len) = self.push_regions(cells);
            let v = self.sum_nimber(start, len);
            self.arena.truncate(start);
            v
        })
    }

    /// Whether the board whose empty cells are `cells` has nimber `k`.
    pub fn has_value(&mut self, cells: u64, k: u8) -> Result<bool> {
        big_stack(|| {
            let (start, len) = self.push_regions(cells);
            let v = self.sum_has_value(start, len, k);
            self.arena.truncate(start);
            v
        })
    }

    fn tick(&mut self) -> Result<u64> {
        self.stats.nodes += 1;
        if self.stats.nodes & 0xfff == 0 && interrupt::requested() {
            return Err(Error::Interrupted);
        }
        Ok(self.stats.nodes)
    }

    /// Push the canonical regions of `cells` (of two cells or more, equal pairs cancelled,
    /// sorted) onto the arena; their place.
    fn push_regions(&mut self, cells: u64) -> (usize, usize) {
        let start = self.arena.len();
        self.layout.regions(cells, 2, &mut self.arena);
        self.canonical_parts(start)
    }

    /// Make the regions `arena[start..]` canonical, sorted, equal pairs cancelled; their place.
    fn canonical_parts(&mut self, start: usize) -> (usize, usize) {
        for r in &mut self.arena[start..] {
            *r = self.layout.canonical(*r);
        }
        let parts = &mut self.arena[start..];
        if parts.len() > 1 {
            parts.sort_unstable();
            let mut n = 0;
            let mut i = 0;
            while i < parts.len() {
                if i + 1 < parts.len() && parts[i] == parts[i + 1] {
                    i += 2;
                } else {
                    parts[n] = parts[i];
                    n += 1;
                    i += 1;
                }
            }
            self.arena.truncate(start + n);
        }
        (start, self.arena.len() - start)
    }

    /// Push every option of region `x` onto `opts` (their regions onto the arena).
    fn expand(&mut self, x: u64) {
        let stride = self.layout.stride;
        let mut h = self.layout.horizontal(x);
        let mut v = self.layout.vertical(x);
        let mut each = |d: u64| {
            let start = self.arena.len();
            self.layout.regions_without(x, d, &mut self.arena);
            let (start, len) = self.canonical_parts(start);
            let largest = self.arena[start..].iter().map(|r| r.count_ones()).max().unwrap_or(0);
            self.opts.push(Opt {
                start: start as u32,
                len: len as u32,
                order: (largest << 8) | (255 - len.min(255) as u32),
                value: UNKNOWN,
            });
        };
        while h != 0 {
            let i = h.trailing_zeros();
            h &= h - 1;
            each(3 << i);
        }
        while v != 0 {
            let i = v.trailing_zeros();
            v &= v - 1;
            each((1 << i) | (1 << (i + stride)));
        }
    }

    /// The number of options of region `x` (dominoes that fit).
    fn option_count(&self, x: u64) -> u32 {
        self.layout.horizontal(x).count_ones() + self.layout.vertical(x).count_ones()
    }

    /// The value of an option from the table alone.
    fn known_value(&mut self, o: Opt) -> Option<u8> {
        let mut v = 0;
        for i in o.start as usize..(o.start + o.len) as usize {
            v ^= self.table.get(self.arena[i]).value()?;
        }
        Some(v)
    }

    fn sum_nimber(&mut self, start: usize, len: usize) -> Result<u8> {
        let mut v = 0;
        for i in start..start + len {
            v ^= self.region_nimber(self.arena[i])?;
        }
        Ok(v)
    }

    /// Whether the sum of the regions `arena[start..start + len]` has nimber `k`: the largest
    /// region is tested for k ⊕ (the others' nimbers).
    fn sum_has_value(&mut self, start: usize, len: usize, k: u8) -> Result<bool> {
        if len == 0 {
            return Ok(k == 0);
        }
        let mut largest = start;
        for i in start + 1..start + len {
            if self.arena[i].count_ones() > self.arena[largest].count_ones() {
                largest = i;
            }
        }
        let mut t = k;
        for i in start..start + len {
            if i != largest {
                t ^= self.region_nimber(self.arena[i])?;
            }
        }
        self.region_has_value(self.arena[largest], t)
    }

    /// The nimber of a canonical region.
    fn region_nimber(&mut self, x: u64) -> Result<u8> {
        if let Some(v) = self.table.get(x).value() {
            return Ok(v);
        }
        if x.count_ones() > self.config.small {
            let mut k = 0;
            while !self.region_has_value(x, k)? {
                k += 1;
            }
            return Ok(k);
        }
        let start = self.tick()?;
        let (ob, ab) = (self.opts.len(), self.arena.len());
        self.expand(x);
        let mut seen = 0u128;
        for i in ob..self.opts.len() {
            let o = self.opts[i];
            let v = self.sum_nimber(o.start as usize, o.len as usize)?;
            seen |= 1 << v;
        }
        self.opts.truncate(ob);
        self.arena.truncate(ab);
        let g = (!seen).trailing_zeros() as u8;
        self.table.put_value(x, g, self.stats.nodes - start + 1);
        Ok(g)
    }

    /// Whether the canonical region `x` has nimber `k` (x + \*k is a P-position).
    fn region_has_value(&mut self, x: u64, k: u8) -> Result<bool> {
        if x.count_ones() <= self.config.small {
            return Ok(self.region_nimber(x)? == k);
        }
        let known = self.table.get(x);
        if let Some(v) = known.value() {
            return Ok(v == k);
        }
        if known.excludes(k) {
            return Ok(false);
        }
        let start = self.tick()?;
        if self.config.use_symmetry && self.layout.zero_by_symmetry(x) {
            self.stats.symmetric += 1;
            self.table.put_value(x, 0, 1);
            return Ok(k == 0);
        }
        let found = if k as u32 > self.option_count(x) {
            self.stats.bound_cuts += 1;
            true
        } else {
            self.option_with_value(x, k)?
        };
        if found {
            self.table.put_excluded(x, k, self.stats.nodes - start + 1);
            return Ok(false);
        }
        for j in 0..k {
            if self.region_has_value(x, j)? {
                return Ok(false);
            }
        }
        self.table.put_value(x, k, self.stats.nodes - start + 1);
        Ok(true)
    }

    /// Whether some option of region `x` has value `k`.
    fn option_with_value(&mut self, x: u64, k: u8) -> Result<bool> {
        let (ob, ab) = (self.opts.len(), self.arena.len());
        self.expand(x);
        if self.config.use_ordering {
            self.opts[ob..].sort_unstable_by_key(|o| o.order);
        }
        let mut found = false;
        if self.config.use_cutoff {
            for i in ob..self.opts.len() {
                if let Some(v) = self.known_value(self.opts[i]) {
                    if v == k {
                        self.stats.cutoffs += 1;
                        found = true;
                        break;
                    }
                    self.opts[i].value = v;
                }
            }
        }
        if !found {
            for i in ob..self.opts.len() {
                let o = self.opts[i];
                if o.value == UNKNOWN && self.sum_has_value(o.start as usize, o.len as usize, k)? {
                    found = true;
                    break;
                }
            }
        }
        self.opts.truncate(ob);
        self.arena.truncate(ab);
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cram::{Board, Cram};
    use crate::solve::Solver;

    fn configs() -> Vec<CramConfig> {
        vec![
            CramConfig::default(),
            CramConfig {
                small: 0,
                ..CramConfig::default()
            },
            CramConfig {
                small: 3,
                use_symmetry: false,
                use_ordering: false,
                use_cutoff: false,
                table_entries: 16,
            },
        ]
    }

    #[test]
    fn random_boards_with_blocked_cells_equal_the_plain_solver() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..150 {
            let w = 1 + (next() % 7) as usize;
            let h = 1 + (next() % (14 / w) as u64) as usize;
            let full = Board::rectangle(h, w);
            // About one cell in four blocked.
            let bits = full.bits & (next() | next());
            let b = Board {
                bits,
                ..full
            };
            let plain = Solver::plain(Cram).nimber(&b).unwrap().0 as u8;
            let c = configs()[round % 3];
            let mut s = CramSearch::new(w as u32, c);
            assert_eq!(s.nimber(b.bits).unwrap(), plain, "{} {c:?}", b.format());
            for k in 0..3 {
                assert_eq!(s.has_value(b.bits, k).unwrap(), plain == k, "{} {k}", b.format());
            }
        }
    }

    #[test]
    fn every_small_rectangle_equals_the_plain_solver() {
        for h in 1..=4usize {
            for w in 1..=6usize {
                if h * w > 16 {
                    continue;
                }
                let b = Board::rectangle(h, w);
                let plain = Solver::plain(Cram).nimber(&b).unwrap().0 as u8;
                for c in configs() {
                    let mut s = CramSearch::new(w as u32, c);
                    assert_eq!(s.nimber(b.bits).unwrap(), plain, "{h}x{w} {c:?}");
                    for k in 0..4 {
                        assert_eq!(s.has_value(b.bits, k).unwrap(), plain == k, "{h}x{w} {k} {c:?}");
                    }
                }
            }
        }
    }
}
