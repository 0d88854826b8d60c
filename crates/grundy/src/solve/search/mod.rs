//! A nimber search engine for games whose positions split into independent parts (Cram, Chomp,
//! Triomino, the coloring game): outcome search with a bounded transposition table,
//! decomposition, symmetry, move ordering and pruning.
//!
//! # What it does
//! The core question is the one of J. Lemoine and S. Viennot ("Nimbers are inevitable",
//! Theoretical Computer Science 2012): *is G + \*k a P-position?*, i.e. is g(G) = k. For one
//! component G that question is answered by
//! - a move G → G′ with g(G′) = k (G′ + \*k is P): then g(G) ≠ k; G′ is itself a sum of
//!   components C₁ + … + Cₘ, and G′ + \*k is P iff the largest Cᵢ plus \*(k ⊕ the others'
//!   nimbers) is P: the small components get exact nimbers, the largest one only an outcome;
//! - a move \*k → \*j, j < k, with G + \*j P: then g(G) = j ≠ k;
//! - otherwise g(G) = k.
//!
//! The nimber of a component is the least k whose test succeeds; the nimber of a position is
//! the xor of its components' nimbers. Small components (weight at most
//! [`Config::outcome_above`]) are solved by plain mex over their options instead, which is
//! cheaper when every option value is needed anyway.
//!
//! # Pruning and speed-ups
//! - Transposition table ([`table`]) of proved facts, `g = v` or `g ≠ j`, memory-capped, with
//!   replacement of the cheapest entries.
//!
//! # Limits
//! Two limits, each with one meaning. Memory: the table's cap ([`Config::table_entries`]) is
//! sized from the memory budget ([`table_bytes`]); at the cap a new fact replaces the cheapest
//! entry of its bucket, so the search goes on in bounded memory. Positions: a search that
//! holds more than [`Config::max_states`] positions in its table stops with
//! [`crate::Error::StateLimit`] (`--max-states`). Searches report `"positions searched"`
//! progress (no total) to the control's observer.
//! - Decomposition ([`Game::components`]) and cancellation of equal components (G + G = 0).
//! - Canonical forms ([`Game::canonical`]) under the board's symmetries.
//! - The bound g(G) ≤ number of options (a mex of n values is at most n): G + \*k with k above
//!   it is decided N at once (used by P. Beling and M. Rogalski, "On pruning search trees of
//!   impartial games", Artificial Intelligence 2020, among their bounds).
//! - Mirror strategies ([`Searchable::zero_by_symmetry`]): a position that is the mirror image
//!   of itself with no move joining a cell to its image has value 0.
//! - Move ordering: options whose largest component is smallest first, so winning replies in
//!   cheap sub-trees are found before expensive ones.
//!
//! # Dedicated engines
//! The command line solves Cram with [`cram`], the same algorithm on `u64` bitboards without
//! allocations (with a compact table, [`packed_table`], and geometry in [`bitboard`]; its
//! module doc lists exactly which pruning rules it implements), and Chomp with [`chomp_dense`],
//! a dense table of every shape in the bounding box. This generic engine serves Triomino, the
//! coloring game and any other [`Searchable`] game, and the tests compare all of them with the
//! plain solver.
//!
//! # Cost
//! Exponential in the worst case, like any exact search; the table bounds memory, not time.
//! The search recurses (depth at most the length of a play times a small factor); public entry
//! points run it on a thread with a large stack.
//!
//! Sources, by their names in `docs/sources.md`: \[LemoineViennot2012\], \[BelingRogalski2020\].

pub mod bitboard;
pub mod chomp_dense;
pub mod cram;
mod huge_pages;
pub(crate) mod instance;
pub mod packed_table;
pub mod shared_table;
pub mod table;

use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{Game, Move};
use crate::nimber::{MexScratch, Nimber};
use table::{Facts, Table, TableStats};

/// What the engine needs beyond [`Game`].
pub trait Searchable: Game<Position: Ord + Send + Sync> + Send {
    /// The size of a position (cells, squares) for move ordering and for picking the largest
    /// component of a sum.
    fn weight(&self, position: &Self::Position) -> u32;

    /// Whether a mirror strategy proves the value 0 (the position is its own image under a
    /// symmetry without fixed cells, and no move is its own image).
    fn zero_by_symmetry(&self, _position: &Self::Position) -> bool {
        false
    }
}

/// Switches of the engine (tests turn each off to check that results do not change).
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Components heavier than this get their nimber by outcome search; lighter ones by mex.
    pub outcome_above: u32,
    /// Decide positions by a mirror strategy ([`Searchable::zero_by_symmetry`]) when the game
    /// has one.
    pub use_symmetry: bool,
    /// Try options whose largest component is smallest first.
    pub use_ordering: bool,
    /// Most entries in the transposition table (a memory cap: at the cap, entries are
    /// replaced; see [`table_bytes`] and [`table::entries_within`]).
    pub table_entries: usize,
    /// Most positions the table may hold: one more stops the search with
    /// [`Error::StateLimit`] (`--max-states`). Unlimited by default.
    pub max_states: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            outcome_above: 12,
            use_symmetry: true,
            use_ordering: true,
            table_entries: 1 << 24,
            max_states: usize::MAX,
        }
    }
}

impl Config {
    /// These switches under `limits`: the table's cap from the memory budget of its control
    /// ([`table_bytes`], entries of the game's positions) and [`Config::max_states`] from
    /// `limits.max_table_states`.
    pub fn with_limits<G: Searchable>(self, limits: &crate::settings::Settings) -> Config {
        let bytes = table_bytes(&limits.control);
        Config {
            table_entries: table::entries_within(bytes, Table::<G::Position>::ENTRY_BYTES),
            max_states: limits.max_table_states,
            ..self
        }
    }
}

#[cfg(test)]
mod limit_tests {
    use super::*;

    #[test]
    fn with_limits_takes_the_table_state_limit_and_a_memory_sized_cap() {
        let limits = crate::settings::Settings::default();
        let c = Config::default().with_limits::<crate::games::chomp::Chomp>(&limits);
        // No state limit by default for table searches; the cap from the default table memory.
        assert_eq!(c.max_states, usize::MAX);
        let entry = Table::<crate::games::chomp::Shape>::ENTRY_BYTES;
        assert_eq!(c.table_entries, table::entries_within(DEFAULT_TABLE_BYTES, entry));
        let limits = crate::settings::Settings {
            max_table_states: 500,
            ..limits
        };
        let mut s = Search::with_config(
            crate::games::chomp::Chomp,
            Config::default().with_limits::<crate::games::chomp::Chomp>(&limits),
        );
        assert_eq!(s.config.max_states, 500);
        let big = crate::games::chomp::Shape::new(&[9, 9, 9, 9, 9, 9, 9, 9]);
        assert_eq!(s.nimber(&big), Err(Error::StateLimit(500)));
    }
}

/// The bytes the transposition tables of a search built now may take: half of the memory
/// budget's headroom (the rest is for the search's stacks, the caller and other engines), or
/// [`DEFAULT_TABLE_BYTES`] when the control has no budget.
pub fn table_bytes(control: &Control) -> u64 {
    control.headroom().map_or(DEFAULT_TABLE_BYTES, |room| room / 2)
}

/// The threads a search runs on for `jobs` ([`crate::settings::Settings::jobs`]): `jobs` itself,
/// or every core the process may use when it is 0.
pub fn threads(jobs: usize) -> usize {
    match jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        j => j,
    }
}

/// The table memory of a search without a memory budget: 512 MiB (a Cram table of 2^24
/// entries of 16 bytes with its small-region table and room for the last doubling).
pub const DEFAULT_TABLE_BYTES: u64 = 512 << 20;

/// Nodes between two progress events of a search.
const PROGRESS_EVERY: u64 = 1 << 16;

/// Counters of one engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchStats {
    /// Outcome tests and nimber computations started (search nodes).
    pub nodes: u64,
    /// Positions decided by a mirror strategy.
    pub symmetric: u64,
    /// Tests decided by the bound g ≤ number of options.
    pub bound_cuts: u64,
    /// Counters of the transposition table.
    pub table: TableStats,
}

/// The search engine for one game.
pub struct Search<G: Searchable> {
    game: G,
    table: Table<G::Position>,
    /// The switches it was built with.
    pub config: Config,
    /// Cancellation and memory budget, polled every few thousand nodes.
    pub control: Control,
    stats: SearchStats,
    scratch: MexScratch,
}

impl<G: Searchable> Search<G> {
    /// An engine for `game` with the default switches (a table of 2^24 entries at most).
    pub fn new(game: G) -> Self {
        Self::with_config(game, Config::default())
    }

    /// An engine for `game` with the switches `config`.
    pub fn with_config(game: G, config: Config) -> Self {
        Search {
            game,
            table: Table::new(config.table_entries),
            config,
            control: Control::default(),
            stats: SearchStats::default(),
            scratch: MexScratch::default(),
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The counters so far (nodes, cuts, table use).
    pub fn stats(&self) -> SearchStats {
        SearchStats {
            table: self.table.stats(),
            ..self.stats
        }
    }

    /// The components of `position`, canonical, sorted, equal pairs cancelled.
    pub(crate) fn parts(&self, position: G::Position) -> Vec<G::Position> {
        let raw = match self.game.components(&position) {
            Some(c) if c.len() != 1 => c,
            Some(mut c) if c.len() == 1 => vec![c.pop().expect("one")],
            _ => vec![position],
        };
        let mut parts: Vec<G::Position> = raw
            .into_iter()
            .map(|p| self.game.canonical(p))
            .filter(|p| self.game.weight(p) > 0)
            .collect();
        parts.sort_unstable();
        let mut out: Vec<G::Position> = Vec::with_capacity(parts.len());
        for p in parts {
            if out.last() == Some(&p) {
                out.pop();
            } else {
                out.push(p);
            }
        }
        out
    }

    /// The options of one component, each as its list of parts, without repeats, ordered.
    /// A listing the game counts as over [`crate::solve::memo::listing_limit`] is refused, and
    /// one over 1 MiB is
    /// accounted against the memory budget first (a row of 10^5 cells has 2·10^5 options of
    /// 100 kB: 20 GB).
    fn options(&self, position: &G::Position) -> Result<Vec<Vec<G::Position>>> {
        if let Some(n) = self.game.move_count(position) {
            if n > crate::solve::memo::listing_limit(self.config.max_states) {
                return Err(Error::MoveListLimit(n, self.config.max_states));
            }
            let bytes = u64::try_from(n)
                .unwrap_or(u64::MAX)
                .saturating_mul(self.game.position_bytes(position));
            if bytes > 1 << 20 {
                self.control.reserve(bytes)?;
            }
        }
        let mut raw = Vec::new();
        self.game.options(position, &mut raw);
        let mut opts: Vec<Vec<G::Position>> = raw.into_iter().map(|p| self.parts(p)).collect();
        opts.sort_unstable();
        opts.dedup();
        if self.config.use_ordering {
            opts.sort_by_cached_key(|parts| {
                let largest = parts.iter().map(|p| self.game.weight(p)).max().unwrap_or(0);
                (largest, std::cmp::Reverse(parts.len()))
            });
        }
        Ok(opts)
    }

    fn tick(&mut self) -> Result<u64> {
        self.stats.nodes += 1;
        if self.table.len() > self.config.max_states {
            return Err(Error::StateLimit(self.config.max_states));
        }
        if self.stats.nodes & 0xfff == 0 {
            self.control.check()?;
            if self.stats.nodes.is_multiple_of(PROGRESS_EVERY) {
                self.control.progress("positions searched", self.stats.nodes, None);
            }
        }
        Ok(self.stats.nodes)
    }

    /// End the progress display of a search that reported any.
    fn finish_progress(&self) {
        if self.stats.nodes >= PROGRESS_EVERY {
            self.control.finished("positions searched");
        }
    }

    fn work_since(&self, start: u64) -> u32 {
        u32::try_from(self.stats.nodes - start).unwrap_or(u32::MAX)
    }

    fn symmetric_zero(&mut self, p: &G::Position, start: u64) -> bool {
        if self.config.use_symmetry && self.game.zero_by_symmetry(p) {
            self.stats.symmetric += 1;
            self.table.put(p, Facts::exact(0, self.work_since(start)));
            return true;
        }
        false
    }

    /// The nimber of one canonical component.
    fn component_nimber(&mut self, p: &G::Position) -> Result<u64> {
        if let Some(v) = self.table.get(p).and_then(|f| f.value()) {
            return Ok(v);
        }
        let start = self.tick()?;
        if self.symmetric_zero(p, start) {
            return Ok(0);
        }
        if self.game.weight(p) > self.config.outcome_above {
            let mut k = 0;
            while !self.component_is_p(p, k)? {
                k += 1;
            }
            return Ok(k);
        }
        let opts = self.options(p)?;
        let mut values = Vec::with_capacity(opts.len());
        for parts in &opts {
            values.push(Nimber(self.sum_nimber(parts)?));
        }
        let v = self.scratch.mex(&values).0;
        self.table.put(p, Facts::exact(v, self.work_since(start)));
        Ok(v)
    }

    fn sum_nimber(&mut self, parts: &[G::Position]) -> Result<u64> {
        let mut x = 0;
        for p in parts {
            x ^= self.component_nimber(p)?;
        }
        Ok(x)
    }

    /// Whether `parts` + \*k is a P-position.
    fn sum_is_p(&mut self, parts: &[G::Position], k: u64) -> Result<bool> {
        let Some(largest) = (0..parts.len()).max_by_key(|&i| self.game.weight(&parts[i])) else {
            return Ok(k == 0);
        };
        let mut x = k;
        for (i, p) in parts.iter().enumerate() {
            if i != largest {
                x ^= self.component_nimber(p)?;
            }
        }
        self.component_is_p(&parts[largest], x)
    }

    /// Whether the canonical component `p` has nimber `k`.
    fn component_is_p(&mut self, p: &G::Position, k: u64) -> Result<bool> {
        if let Some(f) = self.table.get(p) {
            if let Some(v) = f.value() {
                return Ok(v == k);
            }
            if f.excludes(k) {
                return Ok(false);
            }
        }
        if self.game.weight(p) <= self.config.outcome_above {
            return Ok(self.component_nimber(p)? == k);
        }
        let start = self.tick()?;
        if self.symmetric_zero(p, start) {
            return Ok(k == 0);
        }
        let opts = self.options(p)?;
        if k as usize > opts.len() {
            self.stats.bound_cuts += 1;
            return Ok(false);
        }
        for parts in &opts {
            if self.sum_is_p(parts, k)? {
                let mut f = self.table.get(p).unwrap_or_default();
                f.exclude(k);
                f.work = f.work.saturating_add(self.work_since(start));
                self.table.put(p, f);
                return Ok(false);
            }
        }
        for j in 0..k {
            if self.component_is_p(p, j)? {
                return Ok(false);
            }
        }
        self.table.put(p, Facts::exact(k, self.work_since(start)));
        Ok(true)
    }

    /// The nimber of any position.
    pub fn nimber(&mut self, position: &G::Position) -> Result<Nimber> {
        let parts = self.parts(position.clone());
        let v = big_stack(|| self.sum_nimber(&parts)).map(Nimber);
        self.finish_progress();
        v
    }

    /// Whether `position` + \*k is a P-position (the question of Lemoine and Viennot).
    pub fn is_p(&mut self, position: &G::Position, k: Nimber) -> Result<bool> {
        let parts = self.parts(position.clone());
        let v = big_stack(|| self.sum_is_p(&parts, k.0));
        self.finish_progress();
        v
    }

    /// Every move of `position` to a position of nimber `target`.
    pub fn moves_to(&mut self, position: &G::Position, target: Nimber) -> Result<Vec<Move<G::Position>>> {
        let moves = self.game.moves(position);
        let found = big_stack(|| {
            let mut out = Vec::new();
            for m in moves {
                let parts = self.parts(m.position.clone());
                if self.sum_is_p(&parts, target.0)? {
                    out.push(m);
                }
            }
            Ok(out)
        });
        self.finish_progress();
        found
    }
}

/// The stack of a search thread: 1 GiB of address space (pages are touched on use), so deep
/// searches cannot overflow it.
pub(crate) const SEARCH_STACK: usize = 1 << 30;

/// Run `f` on a thread with a [`SEARCH_STACK`] ([`crate::solve::threads::big_stack`]).
pub(crate) fn big_stack<R: Send>(f: impl FnOnce() -> Result<R> + Send) -> Result<R> {
    crate::solve::threads::big_stack(SEARCH_STACK, f)
}
