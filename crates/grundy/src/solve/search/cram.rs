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
//! - Move ordering, measured on 4×7 … 5×8 (node counts in BENCHMARKS.md): the table cutoff
//!   pass tries dominoes nearest the centre of the region's box first; the deep pass tries
//!   moves that split the region first, then central moves, then those leaving the smallest
//!   largest region. Centre-first alone cut the nodes 4× against "smallest largest region
//!   first"; splits first saved another 20–25 %.
//!
//! Not implemented: Beling and Rogalski's aspiration sets and their refined option bounds, and
//! endgame databases.
//!
//! # Cost
//! Exponential in the worst case, like any exact search; per node one pass over the dominoes
//! (shifts), a flood fill and a canonical form (8 images, O(rows + cells)) per option region,
//! one table probe per region. No allocation per node: options live on an arena stack.
//!
//! Sources, by their names in `docs/sources.md`: \[LemoineViennot2012\], \[BelingRogalski2020\];
//! Cram from \[Slides\] and \[WW\].

use super::big_stack;
use super::bitboard::Layout;
use super::packed_table::PackedTable;
use super::table::TableStats;
use crate::control::Control;
use crate::error::{Error, Result};

/// Switches of the engine (tests turn each off to check that results do not change).
#[derive(Clone, Copy, Debug)]
pub struct CramConfig {
    /// Regions of at most this many cells get their nimber by mex; larger ones by outcome tests.
    pub small: u32,
    /// Decide regions that are their own mirror image by the mirror strategy (value 0).
    pub use_symmetry: bool,
    /// Order moves as the module doc describes (centre first, splits first) instead of taking
    /// them as generated.
    pub use_ordering: bool,
    /// Evaluate options from the table before searching any of them.
    pub use_cutoff: bool,
    /// Also identify regions with their mirror images in the diagonal (costs a transposition
    /// per canonical form; pays on square boards, where whole positions are transposes of
    /// each other, and hardly elsewhere).
    pub use_transpose: bool,
    /// Most entries in the transposition table (a memory cap: entries are replaced at the cap;
    /// the small-region table gets a sixteenth of it).
    pub table_entries: usize,
    /// Most positions the two tables may hold together: one more stops the search with
    /// [`Error::StateLimit`] (`--max-states`). Unlimited by default.
    pub max_states: usize,
}

impl Default for CramConfig {
    fn default() -> Self {
        CramConfig {
            small: 12,
            use_symmetry: true,
            use_ordering: true,
            use_cutoff: true,
            use_transpose: true,
            table_entries: 1 << 24,
            max_states: usize::MAX,
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
    /// Counters of the transposition tables (both tables added up).
    pub table: TableStats,
}

const UNKNOWN: u8 = u8::MAX;

/// How a table file starts (its version and board follow on the same line).
const TABLE_MAGIC: &str = "grundy cram table ";

/// The largest table file read (tables are capped far below this by the memory limit).
const MAX_TABLE_FILE_BYTES: u64 = 1 << 36;

/// One option of the region being searched: its regions are `arena[start..start + len]`.
#[derive(Clone, Copy)]
struct Opt {
    start: u32,
    len: u32,
    /// Search order: splitting moves first, then by the distance of the domino from the centre
    /// of the region's box, then by the size of the largest region left.
    order: u32,
    /// Its value when known from the table.
    value: u8,
    /// Whether its regions are in canonical form yet (done lazily: a table cutoff often
    /// makes the later options unnecessary).
    canonical: bool,
}

/// The Cram engine for boards of one width: its tables keep every fact proved, so one engine
/// solves many positions (a whole game or a table) without redoing work.
pub struct CramSearch {
    layout: Layout,
    table: PackedTable,
    small_table: PackedTable,
    /// The switches it was built with.
    pub config: CramConfig,
    /// Cancellation and memory budget, polled every few thousand nodes.
    pub control: Control,
    arena: Vec<u64>,
    opts: Vec<Opt>,
    stats: CramStats,
    /// Dominoes by bounding box, centre first ([`CramSearch::dominoes`]).
    lists: Vec<Vec<(u64, u32)>>,
}

impl CramSearch {
    /// An engine for boards with `width` columns (1 to 64).
    pub fn new(width: u32, config: CramConfig) -> Self {
        CramSearch {
            layout: Layout::new(width, config.use_transpose),
            table: PackedTable::new(config.table_entries),
            small_table: PackedTable::new(config.table_entries / 16),
            config,
            control: Control::default(),
            arena: Vec::new(),
            opts: Vec::new(),
            stats: CramStats::default(),
            lists: Vec::new(),
        }
    }

    /// The counters so far (nodes, cut-offs, table use).
    pub fn stats(&self) -> CramStats {
        let (a, b) = (self.table.stats(), self.small_table.stats());
        CramStats {
            table: TableStats {
                lookups: a.lookups + b.lookups,
                hits: a.hits + b.hits,
                stores: a.stores + b.stores,
                replaced: a.replaced + b.replaced,
                entries: a.entries + b.entries,
                capacity: a.capacity + b.capacity,
            },
            ..self.stats
        }
    }

    /// The table of region `x`: small regions have their own, which stays in the processor's
    /// cache (there are only a few thousand polyominoes of at most 10 cells), so their many
    /// probes do not wait for memory.
    #[inline]
    fn table_for(&mut self, x: u64) -> &mut PackedTable {
        if x.count_ones() <= self.config.small {
            &mut self.small_table
        } else {
            &mut self.table
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

    /// The first line of a table file: its format and version, the board it was computed for
    /// and what the keys mean (the stride and whether regions were identified with their
    /// transposes), so a file is never read for another board.
    fn file_header(&self, board: &str) -> String {
        format!(
            "{TABLE_MAGIC}v2 board={board} width={} transpose={}\n",
            self.layout.stride, self.config.use_transpose
        )
    }

    /// Write every proved nimber of the tables to `path` for the board `board` (its text): the
    /// header line, then 9 bytes per region (the key little-endian and the nimber), then the
    /// FNV-1a checksum of all that (8 bytes, little-endian). The file is replaced atomically,
    /// so an interruption leaves the old table or the new one, never a part.
    pub fn save(&self, path: &std::path::Path, board: &str) -> Result<usize> {
        let mut bytes = self.file_header(board).into_bytes();
        let mut n = 0;
        for (key, v) in self.table.exact_entries().chain(self.small_table.exact_entries()) {
            bytes.extend_from_slice(&key.to_le_bytes());
            bytes.push(v);
            n += 1;
        }
        let sum = crate::files::fnv1a64(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        crate::files::write_atomic(path, &bytes, "the table file")?;
        Ok(n)
    }

    /// Read a table file written by [`CramSearch::save`] for the same board; the number of
    /// nimbers read. A file that is not such a table, is damaged or truncated (its checksum
    /// does not match) or belongs to another board is refused, and nothing of it is used.
    pub fn load(&mut self, path: &std::path::Path, board: &str) -> Result<usize> {
        let bytes = crate::files::read_regular(path, MAX_TABLE_FILE_BYTES, "the table file")?;
        let shown = path.display();
        let line_end = bytes.iter().position(|&b| b == b'\n');
        let Some(line_end) = line_end.filter(|_| bytes.starts_with(TABLE_MAGIC.as_bytes())) else {
            return Err(Error::Input(format!(
                "{shown} is not a grundy cram table file (use another file name, or delete it)"
            )));
        };
        let (head, rest) = bytes.split_at(line_end + 1);
        let head = String::from_utf8_lossy(head);
        if !head[TABLE_MAGIC.len()..].starts_with("v2 ") {
            return Err(Error::Input(format!(
                "the table file {shown} has another format version (`{}`): delete it to start afresh",
                head.trim_end()
            )));
        }
        let damaged = || {
            Error::Input(format!(
                "the table file {shown} is damaged or truncated (its checksum does not match): delete it to start afresh"
            ))
        };
        if rest.len() < 8 || (rest.len() - 8) % 9 != 0 {
            return Err(damaged());
        }
        let (payload, sum) = bytes.split_at(bytes.len() - 8);
        if crate::files::fnv1a64(payload) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
            return Err(damaged());
        }
        let expected = self.file_header(board);
        if head.as_ref() != expected.as_str() {
            return Err(Error::Input(format!(
                "the table file {shown} belongs to another board or setting: it has `{}`, this run needs `{}`",
                head.trim_end(),
                expected.trim_end()
            )));
        }
        let body = &rest[..rest.len() - 8];
        for rec in body.chunks_exact(9) {
            let key = u64::from_le_bytes(rec[..8].try_into().expect("8 bytes"));
            if key == 0 || rec[8] == u8::MAX {
                return Err(damaged());
            }
        }
        for rec in body.chunks_exact(9) {
            let key = u64::from_le_bytes(rec[..8].try_into().expect("8 bytes"));
            // Loaded facts count as expensive, so the replacement policy keeps them.
            self.table_for(key).put_value(key, rec[8], 1 << 20);
        }
        Ok(body.len() / 9)
    }

    fn tick(&mut self) -> Result<u64> {
        self.stats.nodes += 1;
        if self.table.len() + self.small_table.len() > self.config.max_states {
            return Err(Error::StateLimit(self.config.max_states));
        }
        if self.stats.nodes & 0xffff == 0 {
            self.control.progress("positions searched", self.stats.nodes, None);
        }
        if self.stats.nodes & 0xfff == 0 {
            self.control.check()?;
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
        let n = self.canonical_range(start, self.arena.len() - start);
        self.arena.truncate(start + n);
        (start, n)
    }

    /// Make the regions of option `i` canonical (once).
    fn canonical_option(&mut self, i: usize) -> Opt {
        let o = self.opts[i];
        if o.canonical {
            return o;
        }
        let len = self.canonical_range(o.start as usize, o.len as usize) as u32;
        self.opts[i] = Opt {
            len,
            canonical: true,
            ..o
        };
        self.opts[i]
    }

    /// Make the regions `arena[start..start + len]` canonical, sorted, equal pairs cancelled
    /// (moved to the front of the range); how many remain.
    fn canonical_range(&mut self, start: usize, len: usize) -> usize {
        for r in &mut self.arena[start..start + len] {
            *r = self.layout.canonical(*r);
        }
        let parts = &mut self.arena[start..start + len];
        if parts.len() < 2 {
            return parts.len();
        }
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
        n
    }

    /// Push every option of region `x` onto `opts` (their regions onto the arena), in the
    /// order of [`CramSearch::dominoes`].
    fn expand(&mut self, x: u64) {
        let list = self.dominoes(x);
        for j in 0..self.lists[list].len() {
            let (d, dist) = self.lists[list][j];
            if d & !x == 0 {
                self.push_option(x, d, dist);
            }
        }
    }

    /// Push the option "place domino `d` in region `x`" (raw regions; see [`Opt`]).
    fn push_option(&mut self, x: u64, d: u64, dist: u32) {
        let start = self.arena.len();
        self.layout.regions_without(x, d, &mut self.arena);
        let len = self.arena.len() - start;
        let largest = self.arena[start..].iter().map(|r| r.count_ones()).max().unwrap_or(0);
        self.opts.push(Opt {
            start: start as u32,
            len: len as u32,
            // Moves that split the region first, then moves near the centre, then the
            // smallest largest region.
            order: (((len == 1) as u32) << 24) | (dist << 8) | largest.min(255),
            value: UNKNOWN,
            canonical: false,
        });
    }

    /// The index in `lists` of every domino of the bounding box of the normalised region `x`,
    /// nearest the centre of the box first (with its distance from the centre, in half cells).
    fn dominoes(&mut self, x: u64) -> usize {
        let (bw, bh) = self.layout.bbox(x);
        let s = self.layout.stride;
        let index = ((bh - 1) * s + bw - 1) as usize;
        if self.lists.len() <= index {
            self.lists.resize(index + 1, Vec::new());
        }
        if self.lists[index].is_empty() {
            let mut list = Vec::new();
            for r in 0..bh {
                for c in 0..bw {
                    let at = 1u64 << (r * s + c);
                    if c + 1 < bw {
                        let dist = (2 * r).abs_diff(bh - 1) + (2 * c + 1).abs_diff(bw - 1);
                        list.push((at | at << 1, dist));
                    }
                    if r + 1 < bh {
                        let dist = (2 * r + 1).abs_diff(bh - 1) + (2 * c).abs_diff(bw - 1);
                        list.push((at | at << s, dist));
                    }
                }
            }
            list.sort_by_key(|&(d, dist)| (dist, d));
            // A 1×1 box has no domino; keep a sentinel that fits no region.
            if list.is_empty() {
                list.push((0, 0));
            }
            self.lists[index] = list;
        }
        index
    }

    /// The number of options of region `x` (dominoes that fit).
    fn option_count(&self, x: u64) -> u32 {
        self.layout.horizontal(x).count_ones() + self.layout.vertical(x).count_ones()
    }

    /// The value of an option from the table alone.
    fn known_value(&mut self, o: Opt) -> Option<u8> {
        let mut v = 0;
        for i in o.start as usize..(o.start + o.len) as usize {
            let r = self.arena[i];
            v ^= self.table_for(r).get(r).value()?;
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
        if let Some(v) = self.table_for(x).get(x).value() {
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
            let o = self.canonical_option(i);
            let v = self.sum_nimber(o.start as usize, o.len as usize)?;
            seen |= 1 << v;
        }
        self.opts.truncate(ob);
        self.arena.truncate(ab);
        let g = (!seen).trailing_zeros() as u8;
        let work = self.stats.nodes - start + 1;
        self.table_for(x).put_value(x, g, work);
        Ok(g)
    }

    /// Whether the canonical region `x` has nimber `k` (x + \*k is a P-position).
    fn region_has_value(&mut self, x: u64, k: u8) -> Result<bool> {
        if x.count_ones() <= self.config.small {
            return Ok(self.region_nimber(x)? == k);
        }
        let known = self.table_for(x).get(x);
        if let Some(v) = known.value() {
            return Ok(v == k);
        }
        if known.excludes(k) {
            return Ok(false);
        }
        let start = self.tick()?;
        if self.config.use_symmetry && self.layout.zero_by_symmetry(x) {
            self.stats.symmetric += 1;
            self.table_for(x).put_value(x, 0, 1);
            return Ok(k == 0);
        }
        let found = if k as u32 > self.option_count(x) {
            self.stats.bound_cuts += 1;
            true
        } else {
            self.option_with_value(x, k)?
        };
        if found {
            let work = self.stats.nodes - start + 1;
            self.table_for(x).put_excluded(x, k, work);
            return Ok(false);
        }
        for j in 0..k {
            if self.region_has_value(x, j)? {
                return Ok(false);
            }
        }
        let work = self.stats.nodes - start + 1;
        self.table_for(x).put_value(x, k, work);
        Ok(true)
    }

    /// Whether some option of region `x` has value `k`.
    fn option_with_value(&mut self, x: u64, k: u8) -> Result<bool> {
        let (ob, ab) = (self.opts.len(), self.arena.len());
        let mut found = false;
        if self.config.use_cutoff {
            // Centre first, each option evaluated from the table as soon as it is generated.
            // In batches of four, so that the table probes (memory-bound) overlap.
            let list = self.dominoes(x);
            let n = self.lists[list].len();
            let mut j = 0;
            'batches: while j < n {
                let first = self.opts.len();
                while j < n && self.opts.len() < first + 4 {
                    let (d, dist) = self.lists[list][j];
                    j += 1;
                    if d & !x == 0 {
                        self.push_option(x, d, dist);
                        self.canonical_option(self.opts.len() - 1);
                    }
                }
                for i in first..self.opts.len() {
                    if let Some(v) = self.known_value(self.opts[i]) {
                        if v == k {
                            self.stats.cutoffs += 1;
                            found = true;
                            break 'batches;
                        }
                        self.opts[i].value = v;
                    }
                }
            }
        } else {
            self.expand(x);
        }
        if !found {
            if self.config.use_ordering {
                self.opts[ob..].sort_unstable_by_key(|o| o.order);
            }
            for i in ob..self.opts.len() {
                let o = self.canonical_option(i);
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
                use_transpose: false,
                table_entries: 16,
                max_states: usize::MAX,
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
            let b = Board { bits, ..full };
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
