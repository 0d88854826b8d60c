//! The search of the graph engine: the nimber of a component, the test "g(C) = k", the options
//! of a component with their keys.
//!
//! What: [`Worker::position_nimber`] and [`Worker::position_has_value`] split a position into
//! components and ask the table and the search; the search is the one the module doc of
//! [`super`] describes (Lemoine and Viennot's test with the table cutoff, the bound, one list of
//! options per test). A worker is one thread's scratch space; workers share the table.
//!
//! Cost: per node one pass over the moves of the component, a flood fill and a key per option
//! component, a table probe per key.

use super::canon::{self, Canon};
use super::{Graph, Rule, Set, Shared, set};
use crate::error::{Error, Result};
use std::sync::atomic::Ordering::Relaxed;

/// The value of an option not known yet.
const UNKNOWN: u8 = u8::MAX;

/// A component of a position: its key, its vertices, their number.
#[derive(Clone, Copy, Debug)]
struct Comp {
    key: u128,
    set: Set,
    size: u32,
}

/// An option: its components that need a search, and the xor of the values of the trivial
/// ones.
#[derive(Clone, Debug)]
struct Opt {
    comps: Vec<Comp>,
    extra: u8,
    /// Its value once known.
    value: u8,
    /// The size of its largest component (for the move order).
    largest: u32,
}

/// What a component is: trivial with this value, or to be searched under this key.
#[derive(Clone, Copy)]
enum Class {
    Trivial(u8),
    Key(u128),
}

/// Most components a worker remembers the class of (about 64 bytes each); the memory is
/// cleared when full.
const CLASS_CACHE: usize = 1 << 19;

/// One thread's scratch space.
pub(crate) struct Worker<'a> {
    shared: &'a Shared,
    graph: &'a Graph,
    pool: Option<&'a rayon::ThreadPool>,
    canon: Canon,
    /// The class of components met before (the same vertex sets recur as options of many
    /// positions; a probe costs far less than a canonical form).
    classes: rustc_hash::FxHashMap<Set, Class>,
    /// Nodes counted here and not yet added to the shared counter.
    nodes: u64,
    canonical_forms: u64,
    depth: u32,
    /// In a race, this thread's number: thread v > 0 rotates the options of the top levels by
    /// its own offset, so the threads start on different subtrees.
    pub(crate) variant: u32,
}

impl Drop for Worker<'_> {
    fn drop(&mut self) {
        self.flush();
    }
}

impl<'a> Worker<'a> {
    pub(crate) fn new(shared: &'a Shared, graph: &'a Graph, pool: Option<&'a rayon::ThreadPool>) -> Self {
        Worker {
            shared,
            graph,
            pool,
            canon: Canon::default(),
            classes: rustc_hash::FxHashMap::default(),
            nodes: 0,
            canonical_forms: 0,
            depth: 0,
            variant: 0,
        }
    }

    fn flush(&mut self) {
        self.shared.nodes.fetch_add(std::mem::take(&mut self.nodes), Relaxed);
        self.shared
            .canonical_forms
            .fetch_add(std::mem::take(&mut self.canonical_forms), Relaxed);
    }

    /// Count a node; every 4096, poll the control and the state limit.
    fn tick(&mut self) -> Result<()> {
        self.nodes += 1;
        if self.nodes & 0x3f == 0 {
            if self.shared.halt.load(Relaxed) {
                return Err(Error::Interrupted);
            }
            // A node of a long path costs milliseconds: Ctrl-C is asked every 64 nodes.
            self.shared.control.check()?;
        }
        if self.nodes & 0xfff == 0 {
            self.flush();
            let s = self.shared;
            if s.table.len() > s.config.max_states {
                return Err(Error::StateLimit(s.config.max_states));
            }
            s.control.check()?;
            let all = s.nodes.load(Relaxed);
            if all & 0xffff < 0x1000 {
                s.control.progress("positions searched", all, None);
            }
        }
        Ok(())
    }

    /// The class of a connected component: trivial (its value known without search: one
    /// vertex, a complete graph in Node Kayles, at most three vertices in Arc Kayles) or its
    /// key.
    fn classify(&mut self, s: &Set, size: u32) -> Class {
        if let Some(&c) = self.classes.get(s) {
            return c;
        }
        let edges = self.graph.edge_count(s);
        let trivial = match self.shared.rule {
            Rule::Node => (size <= 2 || edges == size * (size - 1) / 2).then_some(1),
            Rule::Arc => match size {
                1 => Some(0),
                2 | 3 => Some(1),
                _ => None,
            },
        };
        let c = &self.shared.config;
        let class = match trivial {
            Some(v) => Class::Trivial(v),
            None if c.use_canonical && edges <= c.canonical_max_edges => {
                self.canonical_forms += 1;
                Class::Key(self.canon.key(self.graph, s))
            }
            None => Class::Key(canon::set_key(self.graph, s)),
        };
        if self.classes.len() >= CLASS_CACHE {
            self.classes.clear();
        }
        self.classes.insert(*s, class);
        class
    }

    /// The position `s` as components to search (equal ones cancelled in pairs) and the xor of
    /// the trivial ones' values.
    fn parts(&mut self, s: &Set) -> (Vec<Comp>, u8) {
        let mut extra = 0;
        let mut comps = Vec::new();
        for part in self.graph.components(s) {
            let size = set::len(&part);
            match self.classify(&part, size) {
                Class::Trivial(v) => extra ^= v,
                Class::Key(key) => comps.push(Comp { key, set: part, size }),
            }
        }
        comps.sort_unstable_by_key(|c| c.key);
        let mut kept: Vec<Comp> = Vec::with_capacity(comps.len());
        for c in comps {
            if kept.last().is_some_and(|l| l.key == c.key) {
                kept.pop();
            } else {
                kept.push(c);
            }
        }
        (kept, extra)
    }

    /// The nimber of a position.
    pub(crate) fn position_nimber(&mut self, s: &Set) -> Result<u8> {
        let (comps, extra) = self.parts(s);
        let mut v = extra;
        for c in &comps {
            v ^= self.comp_nimber(c)?;
        }
        Ok(v)
    }

    /// Whether a position has nimber `k`.
    pub(crate) fn position_has_value(&mut self, s: &Set, k: u8) -> Result<bool> {
        let (comps, extra) = self.parts(s);
        self.sum_has_value(&comps, k ^ extra)
    }

    /// Whether the sum of `comps` has nimber `k`: its largest component is tested for k ⊕ the
    /// others' nimbers.
    fn sum_has_value(&mut self, comps: &[Comp], k: u8) -> Result<bool> {
        let Some(largest) = (0..comps.len()).max_by_key(|&i| comps[i].size) else {
            return Ok(k == 0);
        };
        let mut t = k;
        for (i, c) in comps.iter().enumerate() {
            if i != largest {
                t ^= self.comp_nimber(c)?;
            }
        }
        self.comp_has_value(&comps[largest], t)
    }

    fn comp_nimber(&mut self, c: &Comp) -> Result<u8> {
        if let Some(v) = self.shared.table.get(c.key).value() {
            return Ok(v);
        }
        if c.size <= self.shared.config.small {
            return self.mex(c);
        }
        let mut k = 0;
        while !self.comp_has_value(c, k)? {
            k += 1;
        }
        Ok(k)
    }

    /// The nimber of a component by mex over every option.
    fn mex(&mut self, c: &Comp) -> Result<u8> {
        self.tick()?;
        self.depth += 1;
        let opts = self.options(c);
        let mut seen = 0u128;
        for o in &opts {
            let mut v = o.extra;
            for d in &o.comps {
                v ^= self.comp_nimber(d)?;
            }
            seen |= 1 << v.min(127);
        }
        self.depth -= 1;
        let g = (!seen).trailing_zeros() as u8;
        self.shared.table.put_value(c.key, g);
        Ok(g)
    }

    fn comp_has_value(&mut self, c: &Comp, k: u8) -> Result<bool> {
        if c.size <= self.shared.config.small {
            return Ok(self.comp_nimber(c)? == k);
        }
        let known = self.shared.table.get(c.key);
        if let Some(v) = known.value() {
            return Ok(v == k);
        }
        if known.excludes(k) {
            return Ok(false);
        }
        self.tick()?;
        self.depth += 1;
        let answer = self.decide(c, k);
        self.depth -= 1;
        answer
    }

    /// The test "g(c) = k" past the table: the bound, the cutoff pass, then an option of value
    /// k, then the values below k, on one list of options.
    fn decide(&mut self, c: &Comp, k: u8) -> Result<bool> {
        let shared = self.shared;
        let table = &shared.table;
        let mut opts = self.options(c);
        if shared.config.use_bound && k as usize > opts.len() {
            shared.bound_cuts.fetch_add(1, Relaxed);
            table.put_excluded(c.key, k);
            return Ok(false);
        }
        let mut seen = 0u128;
        if shared.config.use_cutoff {
            for o in opts.iter_mut() {
                let mut v = o.extra;
                let mut all = true;
                for d in &o.comps {
                    match table.get(d.key).value() {
                        Some(x) => v ^= x,
                        None => {
                            all = false;
                            break;
                        }
                    }
                }
                if all {
                    o.value = v;
                    seen |= 1 << v.min(127);
                    if v == k {
                        shared.cutoffs.fetch_add(1, Relaxed);
                        table.put_excluded(c.key, k);
                        return Ok(false);
                    }
                }
            }
        }
        if shared.config.use_ordering {
            opts.sort_by_key(|o| o.largest);
        }
        if self.variant > 0 && self.depth <= 4 && opts.len() > 1 {
            let by = (self.variant as usize * (opts.len() / 2 + self.depth as usize)) % opts.len();
            opts.rotate_left(by);
        }
        if self.find_option(&mut opts, k)? {
            table.put_excluded(c.key, k);
            return Ok(false);
        }
        for j in 0..k {
            if seen >> j & 1 == 1 || table.get(c.key).excludes(j) {
                continue;
            }
            if !self.find_option(&mut opts, j)? {
                // Every value below j is excluded and no option has value j.
                table.put_value(c.key, j);
                return Ok(false);
            }
            table.put_excluded(c.key, j);
        }
        table.put_value(c.key, k);
        Ok(true)
    }

    /// Whether some option not known yet has value `k` (the one found gets `k` recorded). At
    /// the start of a search with a pool, the options are shared out on its threads.
    fn find_option(&mut self, opts: &mut [Opt], k: u8) -> Result<bool> {
        if self.depth <= self.shared.config.parallel_depth
            && let Some(pool) = self.pool
        {
            use rayon::prelude::*;
            let (shared, graph, depth) = (self.shared, self.graph, self.depth);
            let found = pool.install(|| {
                opts.par_iter()
                    .enumerate()
                    .filter(|(_, o)| o.value == UNKNOWN)
                    .map_init(
                        || {
                            let mut w = Worker::new(shared, graph, Some(pool));
                            w.depth = depth;
                            w
                        },
                        |w, (i, o)| {
                            w.sum_has_value(&o.comps, k ^ o.extra)
                                .map(|b| b.then_some(i))
                                .transpose()
                        },
                    )
                    .find_map_any(|x| x)
            });
            return match found {
                Some(Ok(i)) => {
                    opts[i].value = k;
                    Ok(true)
                }
                Some(Err(e)) => Err(e),
                None => Ok(false),
            };
        }
        for o in opts.iter_mut() {
            if o.value != UNKNOWN {
                continue;
            }
            if self.sum_has_value(&o.comps, k ^ o.extra)? {
                o.value = k;
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The options of a component, each once (two moves to the same position, up to the
    /// components' keys, are one option).
    fn options(&mut self, c: &Comp) -> Vec<Opt> {
        let graph = self.graph;
        let moves = graph.moves(self.shared.rule, &c.set);
        let mut opts: Vec<Opt> = Vec::with_capacity(moves.len());
        for m in moves {
            let rest = set::minus(&c.set, &graph.removed(self.shared.rule, m));
            let (comps, extra) = self.parts(&rest);
            let largest = comps.iter().map(|d| d.size).max().unwrap_or(0);
            opts.push(Opt {
                comps,
                extra,
                value: UNKNOWN,
                largest,
            });
        }
        opts.sort_unstable_by(|a, b| {
            (a.extra, a.comps.len())
                .cmp(&(b.extra, b.comps.len()))
                .then_with(|| a.comps.iter().map(|d| d.key).cmp(b.comps.iter().map(|d| d.key)))
        });
        opts.dedup_by(|a, b| a.extra == b.extra && a.comps.iter().map(|d| d.key).eq(b.comps.iter().map(|d| d.key)));
        opts
    }
}
