//! A dedicated engine for the Kayles games on graphs: Node Kayles (a move removes a vertex and
//! its neighbours) and Arc Kayles (a move removes an edge's two endpoints, hence every edge
//! touching them), on graphs of at most [`MAX_VERTICES`] vertices.
//!
//! # What
//! A position is a set of vertices of a graph (a [`Set`], four words): what is left is the
//! subgraph it induces, and both games only ever look at that subgraph. The engine splits a
//! position into its connected components, values each component by a search shared by the
//! whole run, and xors the values. Each component is known by a *key*: its canonical form up to
//! isomorphism ([`canon`]) when it is small or sparse, else its vertex set (up to the
//! automorphisms the caller gives), so every component of one shape is valued once, wherever
//! and in whichever graph of a family it appears. On a board whose adjacency is invariant
//! under translation (grids, queens graphs: [`Graph::with_board`]) a component is keyed by its
//! shape instead, the least of its mirror images translated to the corner ([`board`]): no
//! refinement at all, and translates share the class cache's slot.
//!
//! The search is the nimber-first search of Lemoine and Viennot (as in the Cram engine,
//! [`crate::solve::search::cram`]): the nimber of a component C is the least k with "C + \*k is
//! a P-position", each test answered by an option of value k (then g(C) ≠ k) or by the values
//! below k; an option C₁ + … + Cₘ has value k iff its largest component has value
//! k ⊕ g(the others). Components of at most [`KaylesConfig::direct`] vertices (16) are valued on
//! the spot, by mex over the subsets of the component relabelled 0..n as 16-bit masks, with no
//! key and no table fact: on dense graphs most components of a search are that small, and their
//! value costs less than a canonical form and a table probe would. Larger components of at most
//! [`KaylesConfig::small`] vertices get their nimber by plain mex. The facts "g(C) = v" and "g(C) ≠ j" go into one table ([`table`]) shared by every
//! thread and every position of the run, and it can be saved to a file with a checksum.
//!
//! # Pruning
//! - Trivial components: one vertex (Node Kayles: \*1; Arc Kayles: 0), a complete graph in
//!   Node Kayles (\*1: every move empties it), an edge in Arc Kayles (\*1); equal components of
//!   an option cancel in pairs (G + G = 0).
//! - Options that are the same position (equal multisets of keys, e.g. the moves of a
//!   vertex-transitive graph) are asked once; the bound g ≤ number of distinct options answers
//!   "g = k" for larger k at once (Beling and Rogalski).
//! - The table cutoff pass: every option whose components all have known values is valued from
//!   the table before any is searched; a hit answers the test at no cost.
//! - One list of options per test answers "g = k" and the values below k (as in the Cram
//!   engine's `decide`).
//! - Move ordering: options whose largest component is smallest first.
//! - Low values first: a test "g = k" with k ≥ [`KaylesConfig::low_first_from`] (3) proves
//!   "g ≠ j" for j < k first, so a component of smaller value is answered by the first value
//!   none of its options has, without first proving that no option has value k (the tests of
//!   a sum ask its largest component for k ⊕ the others' values, often above its value).
//!
//! Each switch is in [`KaylesConfig`]; docs/performance-notes.md ("Node Kayles engine") has
//! what each one buys.
//!
//! # Cost
//! Exponential in the worst case (Node Kayles is PSPACE-complete, Schaefer 1978). Per node:
//! one pass over the vertices (or edges) with a flood fill per option (bit operations on four
//! words), a key per option component (a canonical form costs colour refinement, O(m log n) a
//! round, times the leaves of the individualisation search, at most [`canon::LEAF_BUDGET`]),
//! one table probe per option component; a class cache per thread (vertex set → trivial value
//! or key, direct-mapped, [`KaylesConfig::class_slots`] slots of 48 bytes) spares most keys.
//! Memory: the table, about 48 bytes a fact, capped by the memory budget; at the cap new facts
//! are no longer stored (the search goes on, slower); 48 MiB of class cache per thread at most,
//! reserved against the memory budget when the engine starts ([`class_slots_for`] sizes it
//! from a limit).
//!
//! # Threads
//! With `jobs` > 1 the moves of the winning-move pass ([`KaylesEngine::which_have_value`]) are
//! shared out on a rayon pool, every thread on the one table: independent proofs, so both cores
//! pay. The nimber search itself runs on one thread by default; two ways to put it on several
//! are there, off by default because neither paid in the measurements (docs/
//! performance-notes.md, "Node Kayles engine"): a race of threads asking the whole question in
//! their own orders on the one table ([`KaylesConfig::race`], "lazy SMP"), and the options of
//! the top levels shared out on the pool ([`KaylesConfig::parallel_depth`]). An OR node's
//! options are searched in order and the first that answers ends it, so a second thread
//! mostly searched options the answer did not need.
//!
//! Sources, by their names in `docs/sources.md`: \[LemoineViennot2012\],
//! \[BelingRogalski2020\], \[McKayPiperno2014\] (refinement and individualisation).

pub mod board;
pub mod canon;
mod search;
pub mod table;
#[cfg(test)]
mod tests;

use crate::control::Control;
use crate::error::{Error, Result};
use crate::solve::threads::Pool;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use table::Table;

/// Most vertices of a graph the engine takes (a [`Set`] is four words).
pub const MAX_VERTICES: usize = 256;

/// A set of vertices of a graph of at most [`MAX_VERTICES`] vertices, bit `v % 64` of word
/// `v / 64`.
pub type Set = [u64; 4];

/// The empty set.
pub const EMPTY: Set = [0; 4];

/// Set operations on [`Set`].
pub mod set {
    use super::Set;

    /// `a` ∩ `b`.
    #[inline]
    pub fn and(a: &Set, b: &Set) -> Set {
        [a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]]
    }

    /// `a` ∖ `b`.
    #[inline]
    pub fn minus(a: &Set, b: &Set) -> Set {
        [a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]]
    }

    /// `a` ∪ `b`.
    #[inline]
    pub fn or(a: &Set, b: &Set) -> Set {
        [a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]]
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(a: &Set) -> bool {
        (a[0] | a[1] | a[2] | a[3]) == 0
    }

    /// The number of elements.
    #[inline]
    pub fn len(a: &Set) -> u32 {
        a.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether `v` is in the set.
    #[inline]
    pub fn contains(a: &Set, v: usize) -> bool {
        a[v / 64] >> (v % 64) & 1 == 1
    }

    /// Add `v`.
    #[inline]
    pub fn insert(a: &mut Set, v: usize) {
        a[v / 64] |= 1 << (v % 64);
    }

    /// Remove `v`.
    #[inline]
    pub fn remove(a: &mut Set, v: usize) {
        a[v / 64] &= !(1 << (v % 64));
    }

    /// The least element.
    #[inline]
    pub fn first(a: &Set) -> Option<usize> {
        a.iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The elements in increasing order.
    pub fn iter(a: &[u64]) -> impl Iterator<Item = usize> + '_ {
        a.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(i * 64 + b)
            })
        })
    }

    /// The set {0, …, n − 1}.
    pub fn full(n: usize) -> Set {
        let mut s = [0u64; 4];
        for (i, w) in s.iter_mut().enumerate() {
            let lo = i * 64;
            if n >= lo + 64 {
                *w = u64::MAX;
            } else if n > lo {
                *w = (1u64 << (n - lo)) - 1;
            }
        }
        s
    }
}

/// Which game: what a move removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Node Kayles: a vertex and its neighbours.
    Node,
    /// Arc Kayles: the two endpoints of an edge.
    Arc,
}

/// A simple undirected graph on the vertices 0..n (n ≤ [`MAX_VERTICES`]): each vertex's
/// neighbours as a [`Set`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    neighbours: Vec<Set>,
    /// Per vertex: itself and its neighbours.
    closed: Vec<Set>,
    /// A fingerprint of the labelled graph (for keys of vertex sets of this graph).
    id: u64,
    /// Automorphisms of the graph (each a permutation of the vertices, the identity left
    /// out): a vertex-set key is taken of the least image of the set under them.
    symmetries: Vec<Vec<u8>>,
    /// The board its vertices are the cells of, when adjacency is invariant under
    /// translation ([`Graph::with_board`]).
    board: Option<board::Board>,
}

impl Graph {
    /// The graph on `n` vertices with these edges (each edge once or twice, either way round;
    /// loops are refused, as are vertices out of range and graphs above [`MAX_VERTICES`]).
    pub fn new(n: usize, edges: &[(usize, usize)]) -> Result<Graph> {
        if n > MAX_VERTICES {
            return Err(Error::Input(format!(
                "a graph of {n} vertices: the graph engine takes at most {MAX_VERTICES}"
            )));
        }
        let mut neighbours = vec![EMPTY; n];
        for &(u, v) in edges {
            if u >= n || v >= n {
                return Err(Error::Input(format!("edge {u}-{v}: the graph has vertices 0..{n}")));
            }
            if u == v {
                return Err(Error::Input(format!("edge {u}-{v} is a loop")));
            }
            set::insert(&mut neighbours[u], v);
            set::insert(&mut neighbours[v], u);
        }
        let closed = neighbours
            .iter()
            .enumerate()
            .map(|(v, s)| {
                let mut c = *s;
                set::insert(&mut c, v);
                c
            })
            .collect();
        let mut h = canon::Fingerprint::new(n as u64);
        for s in &neighbours {
            h.words(s);
        }
        let id = h.finish() as u64;
        Ok(Graph {
            neighbours,
            closed,
            id,
            symmetries: Vec::new(),
            board: None,
        })
    }

    /// The same graph with these automorphisms (permutations of the vertices, such as the
    /// symmetries of a board): positions that are images of each other under one of them share
    /// their vertex-set key. A permutation that is not an automorphism is refused.
    pub fn with_symmetries(mut self, perms: &[Vec<usize>]) -> Result<Graph> {
        let n = self.len();
        for p in perms {
            let mut seen = vec![false; n];
            let bijection = p.len() == n && p.iter().all(|&v| v < n && !std::mem::replace(&mut seen[v], true));
            let keeps_edges = bijection
                && (0..n).all(|u| set::iter(&self.neighbours[u]).all(|v| set::contains(&self.neighbours[p[u]], p[v])));
            if !keeps_edges {
                return Err(Error::Input(
                    "a symmetry that is not an automorphism of the graph".into(),
                ));
            }
            if p.iter().enumerate().any(|(i, &v)| i != v) {
                self.symmetries.push(p.iter().map(|&v| v as u8).collect());
            }
        }
        Ok(self)
    }

    /// The same graph laid out as a board of `rows` × `cols` cells (vertex i·cols + j is the
    /// cell in row i, column j): translates of a set of cells then share a class-cache slot
    /// and, with [`KaylesConfig::board_keys`], a key ([`board`]). Refused unless the graph has
    /// `rows · cols` vertices and its adjacency is invariant under translation.
    pub fn with_board(mut self, rows: usize, cols: usize) -> Result<Graph> {
        self.board = Some(board::Board::new(&self.neighbours, rows, cols)?);
        Ok(self)
    }

    /// The board given with [`Graph::with_board`].
    pub fn board(&self) -> Option<&board::Board> {
        self.board.as_ref()
    }

    /// The automorphisms given with [`Graph::with_symmetries`] (the identity left out).
    pub fn symmetries(&self) -> &[Vec<u8>] {
        &self.symmetries
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.neighbours.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.neighbours.is_empty()
    }

    /// The neighbours of `v`.
    pub fn neighbours(&self, v: usize) -> &Set {
        &self.neighbours[v]
    }

    /// `v` and its neighbours.
    pub fn closed(&self, v: usize) -> &Set {
        &self.closed[v]
    }

    /// Every vertex.
    pub fn all(&self) -> Set {
        set::full(self.len())
    }

    /// The edges {u, v}, u < v, in increasing order.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for u in 0..self.len() {
            for v in set::iter(&self.neighbours[u]) {
                if u < v {
                    out.push((u, v));
                }
            }
        }
        out
    }

    /// The connected components of the subgraph induced by `s`, by least vertex.
    pub fn components(&self, s: &Set) -> Vec<Set> {
        let mut left = *s;
        let mut out = Vec::new();
        while let Some(v) = set::first(&left) {
            let part = self.component_of(&left, v);
            left = set::minus(&left, &part);
            out.push(part);
        }
        out
    }

    /// The component of `v` in the subgraph induced by `s`.
    pub fn component_of(&self, s: &Set, v: usize) -> Set {
        let mut part = EMPTY;
        set::insert(&mut part, v);
        let mut frontier = part;
        loop {
            let mut reach = EMPTY;
            for w in set::iter(&frontier) {
                reach = set::or(&reach, &self.neighbours[w]);
            }
            let new = set::minus(&set::and(&reach, s), &part);
            if set::is_empty(&new) {
                return part;
            }
            part = set::or(&part, &new);
            frontier = new;
        }
    }

    /// The number of edges of the subgraph induced by `s`.
    pub fn edge_count(&self, s: &Set) -> u32 {
        set::iter(s)
            .map(|v| set::len(&set::and(&self.neighbours[v], s)))
            .sum::<u32>()
            / 2
    }

    /// What the move `m` removes from a position (Node Kayles: the closed neighbourhood of
    /// vertex `m.0`; Arc Kayles: the edge's endpoints `m.0`, `m.1`).
    pub fn removed(&self, rule: Rule, m: (usize, usize)) -> Set {
        match rule {
            Rule::Node => self.closed[m.0],
            Rule::Arc => {
                let mut s = EMPTY;
                set::insert(&mut s, m.0);
                set::insert(&mut s, m.1);
                s
            }
        }
    }

    /// The moves of `rule` in the position `s`: (v, v) for each vertex in Node Kayles, (u, v)
    /// for each edge u < v in Arc Kayles, in increasing order.
    pub fn moves(&self, rule: Rule, s: &Set) -> Vec<(usize, usize)> {
        match rule {
            Rule::Node => set::iter(s).map(|v| (v, v)).collect(),
            Rule::Arc => set::iter(s)
                .flat_map(|u| {
                    set::iter(&set::and(&self.neighbours[u], s))
                        .filter(move |&v| v > u)
                        .map(move |v| (u, v))
                        .collect::<Vec<_>>()
                })
                .collect(),
        }
    }
}

/// Switches of the engine (tests turn each off to check that values do not change; the
/// performance notes measure what each buys).
#[derive(Clone, Copy, Debug)]
pub struct KaylesConfig {
    /// Components of at most this many vertices get their nimber by mex over their options.
    pub small: u32,
    /// Components of at most this many vertices (16 at most) are valued on the spot by mex
    /// over their options, each subset's value memoised in a small array: no canonical form,
    /// no table fact (0: off).
    pub direct: u32,
    /// Slots of each worker's class cache (vertex set → trivial value or key), a power of two
    /// (0: no cache).
    pub class_slots: usize,
    /// Key components by their canonical form up to isomorphism (else by vertex set).
    pub use_canonical: bool,
    /// Components with more edges than this are keyed by vertex set, not canonical form (a
    /// canonical form of a dense graph costs more than it saves).
    pub canonical_max_edges: u32,
    /// In a canonical form, individualise a vertex by splitting the classes by the distance
    /// from it (one breadth-first search) instead of by refinement rounds.
    pub canonical_by_distance: bool,
    /// On a board ([`Graph::with_board`]), probe the class cache by the component translated
    /// to the board's corner, so that translates share one canonical form.
    pub board_cache: bool,
    /// On a board, key the components that are not valued on the spot by their shape (least
    /// image under the board's symmetries, translated to the corner) instead of a canonical
    /// form: no refinement, but isomorphic components of different shapes are valued apart.
    pub board_keys: bool,
    /// Tests "g = k" with k at least this prove "g ≠ j" for every j < k first (a component
    /// of value below k is then answered without proving that no option has value k);
    /// `u8::MAX`: never.
    pub low_first_from: u8,
    /// Value options from the table before searching any of them.
    pub use_cutoff: bool,
    /// Answer "g = k" with k above the number of distinct options at once.
    pub use_bound: bool,
    /// Order options by the size of their largest component.
    pub use_ordering: bool,
    /// Most facts the table keeps (a memory cap; at the cap new facts are not stored).
    pub table_entries: usize,
    /// Most facts the table may hold before the search stops with [`Error::StateLimit`]
    /// (`--max-states`); unlimited by default.
    pub max_states: usize,
    /// Threads for the options of the start (1: no pool).
    pub jobs: usize,
    /// With a pool: the options of tests this deep (1: the start) are shared out on it.
    pub parallel_depth: u32,
    /// With several jobs: every thread asks the whole question, in its own order of the
    /// options near the top, on the one table (off by default: see the module doc).
    pub race: bool,
}

impl Default for KaylesConfig {
    fn default() -> Self {
        KaylesConfig {
            small: 8,
            direct: 16,
            class_slots: 1 << 20,
            use_canonical: true,
            canonical_max_edges: 400,
            canonical_by_distance: true,
            board_cache: true,
            board_keys: true,
            low_first_from: 3,
            use_cutoff: true,
            use_bound: true,
            use_ordering: true,
            table_entries: 1 << 24,
            max_states: usize::MAX,
            jobs: 1,
            parallel_depth: 0,
            race: false,
        }
    }
}

/// Bytes of one slot of a worker's class cache (a vertex set and a key).
pub const CLASS_SLOT_BYTES: u64 = 48;

/// The class-cache slots per worker ([`KaylesConfig::class_slots`]) for `jobs` threads whose
/// caches may take `bytes` together (no limit: the default, 2^20 slots, 48 MiB a thread): the
/// largest power of two that fits, at most the default; 0 (no cache) below 2^10 slots.
pub fn class_slots_for(bytes: Option<u64>, jobs: usize) -> usize {
    let default = KaylesConfig::default().class_slots;
    let Some(bytes) = bytes else { return default };
    let fit = bytes / (CLASS_SLOT_BYTES * jobs.max(1) as u64);
    if fit < 1 << 10 {
        return 0;
    }
    (1usize << fit.ilog2()).min(default)
}

/// Counters of one engine (every thread added up).
#[derive(Clone, Copy, Debug, Default)]
pub struct KaylesStats {
    /// Tests and mex computations started.
    pub nodes: u64,
    /// Keys computed by a canonical form.
    pub canonical_forms: u64,
    /// Leaves of the individualisation searches of those canonical forms (trees have none).
    pub canonical_leaves: u64,
    /// Tests answered by the bound g ≤ number of options.
    pub bound_cuts: u64,
    /// Tests answered from the table before any option was searched.
    pub cutoffs: u64,
    /// Facts in the table.
    pub facts: u64,
}

/// What the threads of one engine share: the table, the switches, the control, the counters.
pub(crate) struct Shared {
    pub(crate) table: Table,
    pub(crate) config: KaylesConfig,
    pub(crate) control: Control,
    pub(crate) rule: Rule,
    pub(crate) nodes: AtomicU64,
    pub(crate) canonical_forms: AtomicU64,
    pub(crate) canonical_leaves: AtomicU64,
    pub(crate) bound_cuts: AtomicU64,
    pub(crate) cutoffs: AtomicU64,
    /// Set when one thread of a race has the answer: the others stop.
    pub(crate) halt: std::sync::atomic::AtomicBool,
}

/// The engine: one table for every position it is asked about (a whole game, a sequence of
/// graphs of a family), so no component is valued twice.
pub struct KaylesEngine {
    shared: Arc<Shared>,
    pool: Option<Arc<Pool>>,
}

impl KaylesEngine {
    /// An engine for `rule` with these switches; `control` is polled every few thousand nodes
    /// (Ctrl-C, the memory budget).
    pub fn new(rule: Rule, config: KaylesConfig, control: Control) -> Result<KaylesEngine> {
        control.reserve(table::Table::bytes_for(config.table_entries.min(1 << 20)))?;
        // Every thread's class cache, touched as used (at most this).
        control.reserve(config.class_slots as u64 * CLASS_SLOT_BYTES * config.jobs.max(1) as u64)?;
        let pool = if config.jobs > 1 {
            Some(Arc::new(Pool::new(config.jobs, SEARCH_STACK, "kayles-search")?))
        } else {
            None
        };
        Ok(KaylesEngine {
            shared: Arc::new(Shared {
                table: Table::new(config.table_entries),
                config,
                control,
                rule,
                nodes: AtomicU64::new(0),
                canonical_forms: AtomicU64::new(0),
                canonical_leaves: AtomicU64::new(0),
                bound_cuts: AtomicU64::new(0),
                cutoffs: AtomicU64::new(0),
                halt: std::sync::atomic::AtomicBool::new(false),
            }),
            pool,
        })
    }

    /// The rule it plays.
    pub fn rule(&self) -> Rule {
        self.shared.rule
    }

    /// The switches.
    pub fn config(&self) -> &KaylesConfig {
        &self.shared.config
    }

    /// The counters so far.
    pub fn stats(&self) -> KaylesStats {
        let s = &self.shared;
        KaylesStats {
            nodes: s.nodes.load(Relaxed),
            canonical_forms: s.canonical_forms.load(Relaxed),
            canonical_leaves: s.canonical_leaves.load(Relaxed),
            bound_cuts: s.bound_cuts.load(Relaxed),
            cutoffs: s.cutoffs.load(Relaxed),
            facts: s.table.len() as u64,
        }
    }

    /// The nimber of the position `s` of `graph`.
    pub fn nimber(&self, graph: &Graph, s: &Set) -> Result<u8> {
        self.race(graph, |w| w.position_nimber(s))
    }

    /// Whether the position `s` of `graph` has nimber `k`.
    pub fn has_value(&self, graph: &Graph, s: &Set, k: u8) -> Result<bool> {
        self.race(graph, |w| w.position_has_value(s, k))
    }

    /// Ask `f` of one worker, or with [`KaylesConfig::race`] and several jobs of one worker per
    /// thread at once, each trying the options of the top levels in its own order (a shared
    /// table search, "lazy SMP"): the first answer is the answer (each is proved), and the other
    /// threads stop within 64 nodes.
    fn race<R: Send>(&self, graph: &Graph, f: impl Fn(&mut search::Worker) -> Result<R> + Sync) -> Result<R> {
        let jobs = self.shared.config.jobs;
        if jobs <= 1 || !self.shared.config.race {
            return self.run(|| {
                f(&mut search::Worker::new(
                    &self.shared,
                    graph,
                    self.pool.as_deref().map(Pool::rayon),
                ))
            });
        }
        let shared = &*self.shared;
        shared.halt.store(false, Relaxed);
        let answer: std::sync::Mutex<Option<Result<R>>> = std::sync::Mutex::new(None);
        std::thread::scope(|scope| {
            for variant in 0..jobs {
                let (f, answer) = (&f, &answer);
                let spawned = std::thread::Builder::new()
                    .stack_size(SEARCH_STACK)
                    .spawn_scoped(scope, move || {
                        let mut w = search::Worker::new(shared, graph, None);
                        w.variant = variant as u32;
                        let r = f(&mut w);
                        if matches!(r, Err(Error::Interrupted)) && shared.halt.load(Relaxed) {
                            return; // another thread answered first
                        }
                        let mut slot = answer.lock().unwrap_or_else(|e| e.into_inner());
                        if slot.is_none() {
                            *slot = Some(r);
                        }
                        shared.halt.store(true, Relaxed);
                    });
                if let Err(e) = spawned {
                    let mut slot = answer.lock().unwrap_or_else(|e| e.into_inner());
                    slot.get_or_insert(Err(Error::Unsupported(format!(
                        "a search thread could not be started: {e}"
                    ))));
                    shared.halt.store(true, Relaxed);
                }
            }
        });
        shared.halt.store(false, Relaxed);
        answer
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .expect("some thread answers")
    }

    /// For each position of `positions` (of `graph`), whether it has nimber `target`; the
    /// positions are shared out on the engine's threads.
    pub fn which_have_value(&self, graph: &Graph, positions: &[Set], target: u8) -> Result<Vec<bool>> {
        match &self.pool {
            None => {
                let mut w = search::Worker::new(&self.shared, graph, None);
                big_stack(|| positions.iter().map(|p| w.position_has_value(p, target)).collect())
            }
            Some(pool) => {
                use rayon::prelude::*;
                pool.install(|| {
                    positions
                        .par_iter()
                        .map_init(
                            || search::Worker::new(&self.shared, graph, None),
                            |w, p| w.position_has_value(p, target),
                        )
                        .collect()
                })
            }
        }
    }

    /// Save the table to `path` (with a checksum; see [`table`]).
    pub fn save(&self, path: &std::path::Path) -> Result<u64> {
        self.shared.table.save(path, self.shared.rule)
    }

    /// Add the facts of a table file saved by [`KaylesEngine::save`] for the same rule; a file
    /// whose checksum does not match is refused.
    pub fn load(&self, path: &std::path::Path) -> Result<u64> {
        self.shared.table.load(path, self.shared.rule)
    }

    fn run<R: Send>(&self, f: impl FnOnce() -> Result<R> + Send) -> Result<R> {
        match &self.pool {
            Some(pool) => pool.install(f),
            None => big_stack(f),
        }
    }
}

/// The stack of a search thread: 256 MiB of address space (the recursion is as deep as the
/// longest game; pages are touched on use).
const SEARCH_STACK: usize = 256 << 20;

/// Run `f` on a thread with a [`SEARCH_STACK`].
fn big_stack<R: Send>(f: impl FnOnce() -> Result<R> + Send) -> Result<R> {
    crate::solve::threads::big_stack(SEARCH_STACK, f)
}
