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
//! - One list of options per test: after looking for an option of value k, the test proves
//!   "g(R) ≠ j" for j < k on the options it already generated and canonicalised (not by a new
//!   test of R, which would generate them again); a value j some option is known to have is
//!   skipped, and an option found of value j is not asked again for another value (as in
//!   Beling's version of Lemoine and Viennot's search in igsolve). 5 % fewer nodes on 5×8.
//!   Looking for the values below k *first* (Beling's order), everywhere or only for k ≥ 2,
//!   3 or 4, cost 1.1–4.6× the nodes on 4×9 … 5×8 (docs/performance-notes.md, "Cram (session 9)")
//!   with the engine of then; with today's, from 4 changes those boards by less than 0.1 %
//!   (next rule).
//! - Large values low first (session 16): a test "g(R) = k" with k ≥ 4
//!   ([`CramConfig::low_first_from`]) first proves "g(R) ≠ j" for j < k on its options, and
//!   looks for an option of value k only when every j < k is excluded. Nimbers of 4 or more are
//!   rare, so such a test mostly answers *no*; looking first for an option of value 4 of a
//!   region of value 1 goes through its whole tree before the answer (no option has value 4),
//!   where finding its value 1 stops at the first options of values 0 and 1. On 3×16 (nimber
//!   4) the start's corner option alone took 35 M nodes to show "≠ 4" the other way, and the
//!   whole board did not finish in 46 M nodes; low first from 4 it takes 23.7 M nodes in all.
//!   From 3 it took 42.7 M (values 3 are common enough for the search for one to pay); from 4
//!   it changed no other board measured by more than 2 % (3×13 … 3×17, 4×7, 4×9, 5×6, 5×7,
//!   5×8; docs/performance-notes.md, "Cram 3×n (session 16)"). Not measured to the end: 6×7
//!   (nimber 5), whose search did not finish in 100 s either way on the shared machine.
//!   The cost of high first below 4 is counted ([`CramStats::wasted_high`]): on 3×14 and 3×17
//!   more than half the nodes search for an option of value k (mostly 1 or 2) in a region
//!   that turns out to have a smaller value (session 17); low first from 2 removes that but
//!   costs 3×14 2.6×.
//! - Low first for chosen values (session 18, [`CramConfig::low_first_values`]): on 3-row
//!   boards the waste is mostly in tests of k = 2 (3×17: 3.6 of its 4.0 M wasted nodes, in
//!   tests "g = 2" of regions of value 0 or 1, several of them near the root costing
//!   0.4–0.8 M nodes each). Tests of k = 2 (and only 2) taken low first, once the cutoff pass
//!   found no option of value 2: 3×14 1.06 → 0.81 M nodes, 3×17 6.75 → 3.74 M, 3×18 8.83 →
//!   8.42 M, 3×15 and 3×16 unchanged, 3×13 0.23 → 0.36 M. Low first for k = 1 too, or for
//!   k = 3 too, cost more on 3×14 and 3×17 than it saved; so did rules on what the cutoff pass
//!   knew (how many values below k it left open, how many options it knew, whether it saw a
//!   value above k: docs/performance-notes.md, "Cram 3×n (session 18)"). On 4×9, 4×11, 5×7
//!   and 5×8 it changed the nodes by less than 2 %, the large square boards were not
//!   measured, so the front ends set it for boards of at most 3 rows or columns only.
//!   Session 40 measured the larger boards: 4×13 797.7 → 703.0 M nodes (−12 %; the start's
//!   first option, of value 1, took a third of the search to be shown not of value 2, high
//!   first), 6×7 74.4 → 59.1 M (−21 %), 4×9, 4×11, 5×7, 5×8, 5×9 within 1.5 %; so the front ends
//!   now set it for every board ([`CramConfig::low_first_values_for`]; docs/performance-notes.md,
//!   "Cram: low first for 2 on every board, budgets (session 40)"). Low first for every k ≥ 2
//!   instead cost 4×9 and 4×11 19–24 % more.
//! - Iterative budgets ([`CramConfig::budget_depth`], session 40): the search for an option of
//!   value k at the start searches each option within a budget of nodes, those it stopped again
//!   with four times as much. A hedge against one option of hours ahead of one of minutes; on
//!   4×13 8 % fewer nodes than without (646.9 M against 703.0 M, first budget 2^22) but no less
//!   CPU, on 5×9 (depth 1, 2^16) 48 % more nodes, so it is off by default.
//! - Killer moves (session 17, [`CramConfig::killers`]): the domino of the last options found
//!   of the value sought, at the same depth of the recursion, is tried right after the
//!   splitting moves. On boards of 3 rows the canonical frame of a region is stable from one
//!   sibling to the next (a 3×n strip with dominoes placed), so the reply that refuted one
//!   sibling often refutes the next: nodes of 3×13 … 3×18 −5 %, +7 %, −21 %, −4 %, −5 %,
//!   −19 % (8.5 % fewer in all). On 4×9, 4×11, 5×7, 5×8 it cost 13–49 % more nodes, so the
//!   front ends turn it on only for boards with a side of at most 3
//!   ([`CramConfig::killers_for`]; docs/performance-notes.md, "Cram (session 17)").
//! - Mirror strategies ([`Layout::zero_by_symmetry`]): a region that is its own image under a
//!   half turn or a reflection, with no cell and no domino fixed, is 0.
//! - Move ordering, measured on 4×7 … 5×8 (node counts in docs/performance-notes.md): the table cutoff
//!   pass tries dominoes nearest the centre of the region's box first; the deep pass tries
//!   moves that split the region first, then central moves, then those leaving the smallest
//!   largest region. Centre-first alone cut the nodes 4× against "smallest largest region
//!   first"; splits first saved another 20–25 %.
//!
//! - Boards that fit in 8×8 are kept at a stride of 8 cells a row ([`internal_stride`]): a
//!   row flip is then a byte swap and a transposition an 8×8 bit-matrix transpose, which cut
//!   the instructions of the nimber of 5×6 by a quarter (canonical forms were a quarter of the
//!   time). Boards 9 to 16 wide and at most 4 high (4×9, 4×11) are kept at a stride of 16 (a
//!   row flip is a swap of 16-bit words), and their canonical forms build only the images that
//!   can be least (no transposes of a box wider than high): 4×9 about 10 % less CPU, 4×11
//!   (with the changes below) 10.2 → 7.2 s (docs/performance-notes.md, "Cram 4×9 (session 11)").
//! - The cost of a node (session 11): a flood fill takes a row's run of cells rightwards per
//!   step (the carry of an addition) and, when a domino splits its region, starts from the
//!   cells next to the domino and leaves the last part unfilled ([`Layout::regions_without`]);
//!   an option is made canonical as it is pushed and not read back from memory right after
//!   (that read stalled on store forwarding: 12 %); the table's buckets are aligned to cache
//!   lines, and the bucket of an option's large region is prefetched as soon as the option is
//!   canonical (5×8: 6 %); the half turn of a row flip is taken as the row flip of the half
//!   turn. 4×9 `--jobs 1`: 0.23–0.24 → 0.16–0.17 s of CPU, 5×8 1.89–1.94 → 1.41–1.46 s.
//! - The cost of a node (session 20): the bounding box without `bsr` (the baseline build's
//!   `leading_zeros`, slow on the project's AMD machine; `bitboard::highest_bit`), shortcuts
//!   for the 3-row boards of 17 to 21 columns, and options written in place on the option
//!   stack (no store-forwarding stall): 3×17 −11 %, 3×18 −17 %, 5×8 −15 % of CPU, nodes
//!   unchanged (docs/performance-notes.md, "Cram 3×n (session 20)").
//! - The winning moves: the pass asks each option up to the symmetries of the board only once
//!   (one thread per class, not two threads on two images of one position), and finds in the
//!   table every fact the nimber search proved. Asking the options of the start "g = j" for
//!   j < k first ([`CramConfig::options_low_first`], off by default) makes the nimber search
//!   prove the facts the pass needs, but in all it saved only 2 % of the nodes on 5×7.
//! - On a team, when the winning moves will be asked (`grundy value` without `--no-moves`), the
//!   pass runs *alongside* the nimber search ([`parallel::ParallelCram::nimber_and_zero_options`]):
//!   one thread searches the nimber while the others decide the option classes "g(O) = 0?"
//!   on the same table; the nimber is returned as soon as it is known and every thread then
//!   takes classes, a thread left without one joining one still being decided. The pass does
//!   not need the nimber (a winning move goes to an option of value 0), so no thread waits
//!   for another: on 5×8 two threads did 3.51 M nodes in all (1.76 M + 1.75 M), where one
//!   thread does 1.36 M (nimber) then 2.03 M (moves), 4 % more work for about half the wall
//!   time on two free cores (docs/performance-notes.md, "Cram (session 10)"). Deciding every class before
//!   the nimber saved 0–7 % of the nodes but delays the nimber to the end, so the nimber
//!   goes first.
//!
//! - A region database (`regions.rs`, `file.rs`; `grundy value cram … --table FILE`): every
//!   proved nimber, under keys that do not depend on the board, saved and read back, so that
//!   a run resumes and one board's regions serve the next (3×17 after 3×16: 7.13 M → 0.89 M
//!   nodes; docs/performance-notes.md, "Cram 3×n (session 16)"). Its records are accounted
//!   against the memory budget: the front ends size the tables from what the records leave.
//!
//! Not implemented: Beling and Rogalski's aspiration sets and their refined option bounds.
//!
//! # Cost
//! Exponential in the worst case, like any exact search; per node one pass over the dominoes
//! (shifts), per option a local connectivity test around the domino (a flood fill of the
//! region only when the domino may split it) and a canonical form per option region (4 or 8
//! images, O(rows + cells)), one table probe per region (a cache miss on large tables, its
//! line prefetched). No allocation per node: options live on an arena stack. About 1 µs a
//! node on 4×9 (session 11).
//!
//! Sources, by their names in `docs/sources.md`: \[LemoineViennot2012\], \[BelingRogalski2020\];
//! Cram from \[Slides\] and \[WW\].
//!
//! # Files
//! - `mod.rs`: the switches, the counters and the engine's entry points ([`CramSearch::nimber`],
//!   [`CramSearch::has_value`]);
//! - `search.rs`: the tests "g(R) = k" and the mex of small regions, with the pruning rules;
//! - `moves.rs`: the options of a region on the arena, their canonical forms and their order;
//! - `regions.rs`: region keys that do not depend on the board (the database's keys);
//! - `file.rs`: the region database and its file ([`CramSearch::save`], [`CramSearch::load`]).

mod file;
mod moves;
pub mod parallel;
pub mod regions;
mod search;
#[cfg(test)]
mod tests;

pub use file::{
    AUTOSAVE_EVERY, Autosave, RECORD_KEPT_BYTES, RECORD_SAVE_BYTES, merge_region_files, read_regions, records_in_file,
    write_regions,
};

use super::big_stack;
use super::bitboard::Layout;
use super::packed_table::{FactStore, Known, PackedTable};
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
    /// For the options of the start's regions, test the values below k before looking for an
    /// option of value k (elsewhere the other way round, which costs fewer nodes): the proofs
    /// "g(option) = 0" that the winning-move pass needs are then made by the nimber search.
    /// Off by default: on 5×7 it made the nimber alone cost 38 % more nodes and the nimber with
    /// every winning move only 2 % fewer (docs/performance-notes.md, "Cram (session 7)").
    pub options_low_first: bool,
    /// Test the values below k before looking for an option of value k whenever k is at least
    /// this (`u8::MAX`: never). 4 by default: a test "g(R) = 4" mostly answers *no* (Cram
    /// regions of nimber 4 or more are rare), and *no* is proved far more cheaply by finding
    /// g(R) < 4 than by showing that no option has value 4 (module doc, "Pruning").
    pub low_first_from: u8,
    /// Killer moves: where a test found an option of the value it looked for, the domino of
    /// that option is tried first by the next tests at the same depth of the recursion (0:
    /// off; 1: before every other option; 2: after the splitting moves; 3: as 2, the last two
    /// remembered by depth and value looked for). Regions are kept in their canonical frame,
    /// so a domino is compared in that frame. Off by default; the front ends turn it on (2)
    /// for boards of at most 3 rows or columns ([`CramConfig::killers_for`]), the only ones
    /// where it pays (module doc, "Pruning").
    pub killers: u8,
    /// The values k below [`CramConfig::low_first_from`] whose tests "g(R) = k" look for the
    /// lower values first (bit k), once the table cutoff pass has found no option of value k
    /// (0: none). Off by default; the front ends set bit 2 ([`CramConfig::low_first_values_for`]):
    /// a region asked "g = 2" is often of value 0 or 1, and low first cut 3×17's nodes by 45 %,
    /// 4×13's by 12 % (module doc, "Pruning").
    pub low_first_values: u32,
    /// Most entries in the transposition table (a memory cap: entries are replaced at the cap;
    /// the small-region table gets a sixteenth of it).
    pub table_entries: usize,
    /// Most positions the two tables may hold together: one more stops the search with
    /// [`Error::StateLimit`] (`--max-states`). Unlimited by default.
    pub max_states: usize,
    /// Nodes of one thread after which the search of the start's options is reported, one
    /// message an option searched (`u64::MAX`: never). 2^26 by default, about a minute and a
    /// half: boards solved in seconds say nothing, a run of hours says which question it is
    /// on and how many of the start's options are left for it.
    pub report_start_from: u64,
    /// Once the search is long (as [`CramConfig::report_start_from`]), the search inside the
    /// start's option being tested is reported too, at most once in this many seconds (0: each
    /// of that option's options searched): where a run stands while one option of the start
    /// takes hours. 60 by default.
    pub report_inside_every: u64,
    /// Iterative budgets in the searches for an option of a value ([`CramConfig::budget_first`]):
    /// applied at the tests of depth 1 (the start's regions) to this depth (0: off). A search for
    /// an option of value k succeeds at the first option that has it, and the options cost
    /// very different amounts (hours for one, minutes for another): so each option is first
    /// searched within a budget of nodes, those the budget stopped are searched again with four
    /// times the budget, and the last one left without a budget. Facts proved in a stopped
    /// search stay in the table, so a search again goes over what was proved at the price of
    /// table probes. Alone only (not on a team); off by default.
    pub budget_depth: u32,
    /// The first budget of [`CramConfig::budget_depth`], in nodes.
    pub budget_first: u64,
}

impl Default for CramConfig {
    fn default() -> Self {
        CramConfig {
            small: 12,
            use_symmetry: true,
            use_ordering: true,
            use_cutoff: true,
            use_transpose: true,
            options_low_first: false,
            low_first_from: 4,
            killers: 0,
            low_first_values: 0,
            table_entries: 1 << 24,
            max_states: usize::MAX,
            report_start_from: 1 << 26,
            report_inside_every: 60,
            budget_depth: 0,
            budget_first: 1 << 20,
        }
    }
}

impl CramConfig {
    /// The killer-move setting ([`CramConfig::killers`]) for boards of `rows` × `cols`: 2 when
    /// one side is at most 3 (3×13 … 3×18: 8.5 % fewer nodes in all), else off (4×9, 4×11,
    /// 5×7, 5×8: 13–49 % more nodes with it).
    pub fn killers_for(rows: u32, cols: u32) -> u8 {
        if rows.min(cols) <= 3 { 2 } else { 0 }
    }

    /// The values looked for low first below [`CramConfig::low_first_from`]
    /// ([`CramConfig::low_first_values`]) on boards of `rows` × `cols`: 2 on every board
    /// (3×14 −23 %, 3×17 −45 %, 3×18 −5 %, 4×13 −12 %, 6×7 −21 % nodes; 4×9, 4×11, 5×7, 5×8 and
    /// 5×9 within 1.5 %).
    /// Kept by board for the settings to come (on 3 rows only until session 40).
    pub fn low_first_values_for(_rows: u32, _cols: u32) -> u32 {
        1 << 2
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
    /// Nodes spent looking first for an option of value k in tests "g(R) = k" whose region
    /// turned out to have a value below k with no option of value k (the work that looking
    /// for the lower values first would have saved; each node counted once however deep such
    /// tests nest).
    pub wasted_high: u64,
    /// The number of such tests.
    pub wasted_tests: u64,
    /// Searches of an option stopped by their budget ([`CramConfig::budget_depth`]), to be
    /// searched again with a larger one.
    pub budget_stops: u64,
    /// The nodes of those stopped searches (some of their facts serve the later searches).
    pub budget_nodes: u64,
    /// Counters of the transposition tables (both tables added up).
    pub table: TableStats,
}

/// The value of an option not known from the table.
const UNKNOWN: u8 = u8::MAX;

/// Which option of the start is being tested: the value `k` looked for among the start's
/// options, and this one's place (from 1) among the `open` options the table did not answer.
#[derive(Clone, Copy, Debug)]
struct StartOption {
    k: u8,
    index: usize,
    open: usize,
}

/// One option of the region being searched: its regions are `arena[start..start + len]`.
#[derive(Clone, Copy)]
struct Opt {
    start: u32,
    len: u32,
    /// Search order: splitting moves first, then by the distance of the domino from the centre
    /// of the region's box, then by the size of the largest region left.
    order: u32,
    /// The domino placed (in the frame of the region it was placed in).
    domino: u64,
    /// Its value when known from the table.
    value: u8,
    /// Whether its regions are in canonical form yet (done lazily: a table cutoff often
    /// makes the later options unnecessary).
    canonical: bool,
}

/// The Cram engine for boards of one width: its tables keep every fact proved, so one engine
/// solves many positions (a whole game or a table) without redoing work. `T` is its main
/// table: its own [`PackedTable`], or a handle of a table shared with other threads
/// ([`parallel::ParallelCram`]); the small-region table is always its own, and on a team the
/// small regions' nimbers also go into the shared table, where a thread looks before it
/// computes one (the mex of a small region is then computed once, not once a thread).
pub struct CramSearch<T: FactStore = PackedTable> {
    layout: Layout,
    /// The width of the boards given to the entry points (the layout's stride may be wider:
    /// [`internal_stride`]).
    width: u32,
    table: T,
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
    /// What a parallel search shares between its threads (`None` alone).
    team: Option<parallel::Team>,
    /// Depth of the current test in the recursion (for the parallel search's work split).
    depth: u32,
    /// The region database records read or added ([`CramSearch::add_regions`]), written back
    /// with the tables' nimbers by [`CramSearch::save`] (so a file only grows, whatever the
    /// tables' replacement dropped).
    database: Vec<(regions::RegionKey, u8)>,
    /// The last two dominoes of options found of the value looked for, by depth
    /// ([`CramConfig::killers`]).
    killers: Vec<[u64; 2]>,
    /// The value the test generating options looks for (the killer moves' slot).
    seeking: u8,
    /// The option of the start being tested, while it is, for the report of the search
    /// inside it ([`CramConfig::report_inside_every`]); and when that was last reported.
    start_option: Option<StartOption>,
    inside_reported: Option<std::time::Instant>,
    /// The region database saved every so often during the search (`None`: only when asked,
    /// [`CramSearch::save`]). On a team, only the first thread has one.
    pub autosave: Option<Autosave>,
    /// The node count at which the innermost budgeted search stops (`u64::MAX`: none), and
    /// whether the last [`Error::Interrupted`] came from it ([`CramConfig::budget_depth`]).
    deadline: u64,
    over_budget: bool,
}

/// The stride at which an engine keeps boards of `width` × `height` cells: 8 (a row per byte,
/// so that row flips are a byte swap and transposes an 8×8 bit-matrix transpose, which makes
/// canonical forms about twice as cheap) when the board fits in 8×8; 16 (a row per 16 bits, the
/// same shortcuts on words) when it is 9 to 16 cells wide and at most 4 high (4×9, 4×11); else
/// its width.
pub fn internal_stride(width: u32, height: u32) -> u32 {
    if width <= 8 && height <= 8 {
        8
    } else if width <= 16 && height <= 4 {
        16
    } else {
        width
    }
}

impl CramSearch {
    /// An engine for boards with `width` columns (1 to 64), kept at that stride.
    pub fn new(width: u32, config: CramConfig) -> Self {
        CramSearch::with_table(width, config, PackedTable::new(config.table_entries))
    }

    /// An engine for boards of `width` × `height` cells (at most 64), kept at
    /// [`internal_stride`]; the boards given to it and its answers use `width`.
    pub fn for_board(width: u32, height: u32, config: CramConfig) -> Self {
        CramSearch::with_layout(
            width,
            internal_stride(width, height),
            config,
            PackedTable::new(config.table_entries),
        )
    }
}

impl<T: FactStore> CramSearch<T> {
    /// An engine for boards with `width` columns (1 to 64) with `table` as its main table.
    pub fn with_table(width: u32, config: CramConfig, table: T) -> Self {
        CramSearch::with_layout(width, width, config, table)
    }

    /// An engine for boards with `width` columns kept at `stride` (≥ width) cells a row.
    pub(crate) fn with_layout(width: u32, stride: u32, config: CramConfig, table: T) -> Self {
        assert!(width <= stride, "a stride at least the width");
        CramSearch {
            layout: Layout::new(stride, config.use_transpose),
            width,
            table,
            small_table: PackedTable::new(config.table_entries / 16),
            config,
            control: Control::default(),
            arena: Vec::new(),
            opts: Vec::new(),
            stats: CramStats::default(),
            lists: Vec::new(),
            team: None,
            depth: 0,
            database: Vec::new(),
            killers: Vec::new(),
            seeking: 0,
            start_option: None,
            inside_reported: None,
            autosave: None,
            deadline: u64::MAX,
            over_budget: false,
        }
    }

    /// This engine's own counters (without the tables').
    pub(crate) fn own_stats(&self) -> CramStats {
        self.stats
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

    /// What is known about region `x`. Small regions have their own table, which stays in the
    /// processor's cache (there are only a few thousand polyominoes of at most 10 cells), so
    /// their many probes do not wait for memory.
    #[inline]
    fn known(&mut self, x: u64) -> Known {
        if x.count_ones() <= self.config.small {
            self.small_table.get(x)
        } else {
            self.table.get(x)
        }
    }

    /// Record g(x) = `v`, proved with `work` nodes.
    #[inline]
    fn put_value(&mut self, x: u64, v: u8, work: u64) {
        if x.count_ones() <= self.config.small {
            self.small_table.put_value(x, v, work)
        } else {
            self.table.put_value(x, v, work)
        }
    }

    /// Record g(x) ≠ `k`, proved with `work` nodes.
    #[inline]
    fn put_excluded(&mut self, x: u64, k: u8, work: u64) {
        if x.count_ones() <= self.config.small {
            self.small_table.put_excluded(x, k, work)
        } else {
            self.table.put_excluded(x, k, work)
        }
    }

    /// The nimber of the board whose empty cells are `cells`.
    pub fn nimber(&mut self, cells: u64) -> Result<u8> {
        big_stack(|| self.nimber_here(cells))
    }

    /// Whether the board whose empty cells are `cells` has nimber `k`.
    pub fn has_value(&mut self, cells: u64, k: u8) -> Result<bool> {
        big_stack(|| self.has_value_here(cells, k))
    }

    /// [`CramSearch::nimber`] on the calling thread's stack (which must be large).
    pub(crate) fn nimber_here(&mut self, cells: u64) -> Result<u8> {
        self.reset();
        let cells = self.internal(cells);
        let (start, len) = self.push_regions(cells);
        let v = self.sum_nimber(start, len);
        self.arena.truncate(start);
        v
    }

    /// [`CramSearch::has_value`] on the calling thread's stack (which must be large).
    pub(crate) fn has_value_here(&mut self, cells: u64, k: u8) -> Result<bool> {
        self.reset();
        let cells = self.internal(cells);
        let (start, len) = self.push_regions(cells);
        let v = self.sum_has_value(start, len, k);
        self.arena.truncate(start);
        v
    }

    /// A board given with `width` cells a row, at the layout's stride.
    fn internal(&self, mut cells: u64) -> u64 {
        let (w, s) = (self.width, self.layout.stride);
        if w == s {
            return cells;
        }
        let row = (1u64 << w) - 1;
        let mut out = 0;
        let mut r = 0;
        while cells != 0 {
            out |= (cells & row) << (r * s);
            cells >>= w;
            r += 1;
        }
        out
    }

    /// Forget the option stack of a search that stopped early (an error leaves it as it was).
    fn reset(&mut self) {
        self.arena.clear();
        self.opts.clear();
        self.depth = 0;
        self.deadline = u64::MAX;
        self.over_budget = false;
    }

    /// Count one node; every 4096 nodes, poll the control (Ctrl-C, the memory budget) and save
    /// the region database when its [`Autosave`] is due, and every 32 nodes the team's stop
    /// flags. The node count so far.
    fn tick(&mut self) -> Result<u64> {
        self.stats.nodes += 1;
        if self.table.len() + self.small_table.len() > self.config.max_states {
            return Err(Error::StateLimit(self.config.max_states));
        }
        if self.stats.nodes >= self.deadline {
            self.over_budget = true;
            return Err(Error::Interrupted);
        }
        if self.stats.nodes & 0xffff == 0 {
            let all = self.team_nodes(0x10000);
            self.control.progress("positions searched", all, None);
        }
        if self.stats.nodes & 0xfff == 0 {
            self.control.check()?;
            if self.autosave.as_ref().is_some_and(Autosave::due) {
                self.autosave_now()?;
            }
        }
        // A thread whose question another thread answered stops within 32 nodes (about 30 µs):
        // the answer waits for every thread of the team to return, and at every 4096 nodes
        // that wait was up to 4 ms, a quarter of the time of a 4×7 board.
        if self.stats.nodes & 0x1f == 0
            && let Some(team) = &self.team
        {
            team.check()?;
        }
        Ok(self.stats.nodes)
    }
}
