//! The search of the graph engine: the nimber of a component, the test "g(C) = k", the options
//! of a component with their keys.
//!
//! What: [`Worker::position_nimber`] and [`Worker::position_has_value`] split a position into
//! components and ask the table and the search; the search is the one the module doc of
//! [`super`] describes (Lemoine and Viennot's test with the table cutoff, the bound, one list of
//! options per test, kept across the tests of one component), small components valued on the
//! spot ([`Worker::direct_value`]). A worker is one thread's scratch space (its class cache,
//! the canonical forms' buffers); workers share the table.
//!
//! Cost: per node one pass over the moves of the component, a flood fill and a class-cache
//! probe per option component (a key or a direct value on a miss), a table probe per key. The
//! direct value of a component of n ≤ 16 vertices costs at most 2^n subsets times n moves, in
//! a memo array that stays in the processor's caches.

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

/// An option: its components that need a search (`comps[start..start + len]` of the list of
/// options it belongs to), and the xor of the values of the trivial ones.
#[derive(Clone, Copy, Debug)]
struct Opt {
    start: u32,
    len: u32,
    extra: u8,
    /// Its value once known.
    value: u8,
    /// The size of its largest component (for the move order).
    largest: u32,
}

/// The options of a component: each option's components lie in one list, so a list of
/// options costs two allocations, not one per option.
#[derive(Default)]
struct Options {
    opts: Vec<Opt>,
    comps: Vec<Comp>,
}

impl Options {
    fn comps(&self, o: &Opt) -> &[Comp] {
        &self.comps[o.start as usize..(o.start + o.len) as usize]
    }

    /// Whether two options are the same position (equal multisets of keys, equal trivial part).
    fn same(&self, a: &Opt, b: &Opt) -> bool {
        a.extra == b.extra
            && a.len == b.len
            && self
                .comps(a)
                .iter()
                .map(|d| d.key)
                .eq(self.comps(b).iter().map(|d| d.key))
    }
}

/// Sort `out[from..]` by key and cancel equal components in pairs (G + G = 0).
fn cancel_pairs(out: &mut Vec<Comp>, from: usize) {
    if out.len() - from > 1 {
        out[from..].sort_unstable_by_key(|c| c.key);
        let mut kept = from;
        for i in from..out.len() {
            if kept > from && out[kept - 1].key == out[i].key {
                kept -= 1;
            } else {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}

/// Most vertices of a component valued by [`Worker::direct_value`] (a subset is a 16-bit
/// mask).
pub(crate) const MAX_DIRECT: u32 = 16;

/// Scratch of [`Worker::direct_value`]: a small component relabelled 0..n and the values of its
/// subsets.
struct Direct {
    /// Vertex of the graph → local vertex.
    index: Vec<u8>,
    /// Local vertex → vertex of the graph.
    verts: [usize; MAX_DIRECT as usize],
    /// Local vertex → its closed neighbourhood.
    closed: [u16; MAX_DIRECT as usize],
    /// Per subset: `stamp << 8 | value` (valid when the stamp is the current one).
    memo: Vec<u32>,
    stamp: u32,
}

impl Direct {
    fn new(vertices: usize) -> Direct {
        Direct {
            index: vec![0; vertices],
            verts: [0; MAX_DIRECT as usize],
            closed: [0; MAX_DIRECT as usize],
            memo: Vec::new(),
            stamp: 0,
        }
    }

    /// Forget the values of the last component; size the memo for `n` vertices.
    fn start(&mut self, n: usize) {
        if self.memo.len() < 1 << n {
            self.memo.resize(1 << n, 0);
        }
        self.stamp += 1;
        if self.stamp == 1 << 24 {
            self.memo.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
    }

    /// The nimber of the subset `s` of the component.
    fn value(&mut self, rule: Rule, s: u16) -> u8 {
        if s == 0 {
            return 0;
        }
        let m = self.memo[s as usize];
        if m >> 8 == self.stamp {
            return m as u8;
        }
        let mut seen = 0u64;
        let mut left = s;
        while left != 0 {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            match rule {
                Rule::Node => seen |= 1 << self.value(rule, s & !self.closed[v]).min(63),
                Rule::Arc => {
                    // Each edge once: from its lower end.
                    let mut ends = self.closed[v] & s & !((2u16 << v) - 1);
                    while ends != 0 {
                        let w = ends.trailing_zeros();
                        ends &= ends - 1;
                        seen |= 1 << self.value(rule, s & !(1 << v) & !(1 << w)).min(63);
                    }
                }
            }
        }
        let g = (!seen).trailing_zeros() as u8;
        self.memo[s as usize] = self.stamp << 8 | u32::from(g);
        g
    }
}

/// What a component is: trivial with this value, or to be searched under this key.
#[derive(Clone, Copy)]
enum Class {
    Trivial(u8),
    Key(u128),
}

/// The tag of a trivial class in the class cache (the top two bits: no key has them).
const TRIVIAL: u128 = 3 << 126;

/// A direct-mapped cache of component classes by vertex set: a slot holds one set and its
/// class (48 bytes, touched as used), and a new set evicts the one in its slot. A probe reads
/// one slot (one or two cache lines), where a hash map reads its control bytes and then its
/// bucket, and no memory is ever cleared at once.
struct ClassCache {
    slots: Vec<(Set, u128)>,
    /// The number of slots (a power of two; 0: nothing is kept).
    size: usize,
}

impl ClassCache {
    fn new(size: usize) -> ClassCache {
        ClassCache {
            slots: Vec::new(),
            size: if size == 0 { 0 } else { size.next_power_of_two() },
        }
    }

    fn slot(&self, s: &Set) -> usize {
        let h = s[0]
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(s[1].wrapping_mul(0xc2b2_ae3d_27d4_eb4f))
            .wrapping_add(s[2].wrapping_mul(0x1656_67b1_9e37_79f9))
            .wrapping_add(s[3].wrapping_mul(0x27d4_eb2f_1656_67c5));
        ((h ^ h >> 29).wrapping_mul(0xbf58_476d_1ce4_e5b9) >> 32) as usize & (self.size - 1)
    }

    fn get(&mut self, s: &Set) -> Option<Class> {
        if self.size == 0 {
            return None;
        }
        if self.slots.is_empty() {
            self.slots = vec![(super::EMPTY, 0); self.size];
        }
        let (set, class) = &self.slots[self.slot(s)];
        (set == s).then(|| {
            if class >> 126 == 3 {
                Class::Trivial(*class as u8)
            } else {
                Class::Key(*class)
            }
        })
    }

    fn put(&mut self, s: &Set, class: Class) {
        if self.size == 0 {
            return;
        }
        let code = match class {
            Class::Trivial(v) => TRIVIAL | u128::from(v),
            Class::Key(k) => k,
        };
        let at = self.slot(s);
        self.slots[at] = (*s, code);
    }
}

/// One thread's scratch space.
pub(crate) struct Worker<'a> {
    shared: &'a Shared,
    graph: &'a Graph,
    pool: Option<&'a rayon::ThreadPool>,
    canon: Canon,
    /// Scratch of [`Worker::direct_value`].
    direct: Direct,
    /// Scratch of [`Worker::options`]: the components of every option (vertex set, size), and
    /// where each option's end.
    found: Vec<(Set, u32)>,
    bounds: Vec<u32>,
    /// The class of components met before (the same vertex sets recur as options of many
    /// positions; a probe costs far less than a canonical form).
    classes: ClassCache,
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
            canon: Canon::new(shared.config.canonical_by_distance),
            found: Vec::new(),
            direct: Direct::new(graph.len()),
            bounds: Vec::new(),
            classes: ClassCache::new(shared.config.class_slots),
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
        self.shared
            .canonical_leaves
            .fetch_add(std::mem::take(&mut self.canon.total_leaves), Relaxed);
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
        let config = &self.shared.config;
        let board = self.graph.board();
        // On a board, translates of a component share a slot (and so one key).
        let probe = match board {
            Some(b) if config.board_cache => b.origin(s),
            _ => *s,
        };
        if let Some(c) = self.classes.get(&probe) {
            return c;
        }
        let class = match self.trivial(s, size) {
            Some(v) => Class::Trivial(v),
            None if size <= config.direct.min(MAX_DIRECT) => Class::Trivial(self.direct_value(s)),
            None if board.is_some() && config.board_keys => {
                Class::Key(board.map_or(0, |b| b.shape_key(s, self.graph.symmetries())))
            }
            None if config.use_canonical && self.graph.edge_count(s) <= config.canonical_max_edges => {
                self.canonical_forms += 1;
                Class::Key(self.canon.key(self.graph, s))
            }
            None => Class::Key(match board {
                Some(b) => b.shape_key(s, self.graph.symmetries()),
                None => canon::set_key(self.graph, s),
            }),
        };
        self.classes.put(&probe, class);
        class
    }

    /// The value of a connected component known without search: one vertex, a complete graph
    /// in Node Kayles, at most three vertices in Arc Kayles.
    fn trivial(&self, s: &Set, size: u32) -> Option<u8> {
        match self.shared.rule {
            Rule::Node => (size <= 2 || self.graph.edge_count(s) == size * (size - 1) / 2).then_some(1),
            Rule::Arc => match size {
                1 => Some(0),
                2 | 3 => Some(1),
                _ => None,
            },
        }
    }

    /// The nimber of a small connected component (at most [`MAX_DIRECT`] vertices) by mex
    /// over its options on the spot: the component is relabelled 0..n, each vertex's closed
    /// neighbourhood a 16-bit mask, and every position reached (any subset, connected or not)
    /// is memoised in an array indexed by the subset ([`Direct`]): no hashing, no canonical
    /// form, no memory outside the processor's caches.
    fn direct_value(&mut self, s: &Set) -> u8 {
        let graph = self.graph;
        let d = &mut self.direct;
        let mut n = 0;
        for v in set::iter(s) {
            d.index[v] = n as u8;
            d.verts[n] = v;
            n += 1;
        }
        for i in 0..n {
            let mut mask = 1u16 << i;
            for w in set::iter(&set::and(graph.neighbours(d.verts[i]), s)) {
                mask |= 1 << d.index[w];
            }
            d.closed[i] = mask;
        }
        d.start(n);
        d.value(self.shared.rule, ((1u32 << n) - 1) as u16)
    }

    /// The position `s` as components to search (equal ones cancelled in pairs), appended to
    /// `out` in the order of their keys, and the xor of the trivial ones' values.
    fn parts(&mut self, s: &Set, out: &mut Vec<Comp>) -> u8 {
        let mut extra = 0;
        let from = out.len();
        let mut left = *s;
        while let Some(v) = set::first(&left) {
            let part = self.graph.component_of(&left, v);
            left = set::minus(&left, &part);
            let size = set::len(&part);
            match self.classify(&part, size) {
                Class::Trivial(v) => extra ^= v,
                Class::Key(key) => out.push(Comp { key, set: part, size }),
            }
        }
        cancel_pairs(out, from);
        extra
    }

    /// The nimber of a position.
    pub(crate) fn position_nimber(&mut self, s: &Set) -> Result<u8> {
        let mut comps = Vec::new();
        let extra = self.parts(s, &mut comps);
        let mut v = extra;
        for c in &comps {
            v ^= self.comp_nimber(c)?;
        }
        Ok(v)
    }

    /// Whether a position has nimber `k`.
    pub(crate) fn position_has_value(&mut self, s: &Set, k: u8) -> Result<bool> {
        let mut comps = Vec::new();
        let extra = self.parts(s, &mut comps);
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

    /// The nimber of a component: from the table, by mex when small, else by the tests
    /// "g = 0", "g = 1", … on one list of options.
    fn comp_nimber(&mut self, c: &Comp) -> Result<u8> {
        let known = self.shared.table.get(c.key);
        if let Some(v) = known.value() {
            return Ok(v);
        }
        if c.size <= self.shared.config.small {
            return self.mex(c);
        }
        let mut opts: Option<Options> = None;
        let mut k = 0;
        loop {
            let known = self.shared.table.get(c.key);
            if let Some(v) = known.value() {
                return Ok(v);
            }
            if !known.excludes(k) {
                self.tick()?;
                self.depth += 1;
                let list = match &mut opts {
                    Some(list) => list,
                    None => opts.insert(self.options(c)),
                };
                let answer = self.decide(c, k, list);
                self.depth -= 1;
                if answer? {
                    return Ok(k);
                }
            }
            k += 1;
        }
    }

    /// The nimber of a component by mex over every option.
    fn mex(&mut self, c: &Comp) -> Result<u8> {
        self.tick()?;
        self.depth += 1;
        let list = self.options(c);
        let mut seen = 0u128;
        for o in &list.opts {
            let mut v = o.extra;
            for d in list.comps(o) {
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
        let mut list = self.options(c);
        let answer = self.decide(c, k, &mut list);
        self.depth -= 1;
        answer
    }

    /// The test "g(c) = k" past the table, on the options `list` of `c` (values found by an
    /// earlier test of the same list are kept): the bound, the cutoff pass, then an option of
    /// value k, then the values below k.
    fn decide(&mut self, c: &Comp, k: u8, list: &mut Options) -> Result<bool> {
        let shared = self.shared;
        let table = &shared.table;
        if shared.config.use_bound && k as usize > list.opts.len() {
            shared.bound_cuts.fetch_add(1, Relaxed);
            table.put_excluded(c.key, k);
            return Ok(false);
        }
        let mut seen = 0u128;
        for o in list.opts.iter_mut() {
            if o.value != UNKNOWN {
                seen |= 1 << o.value.min(127);
                continue;
            }
            if !shared.config.use_cutoff {
                continue;
            }
            let mut v = o.extra;
            let mut all = true;
            for d in &list.comps[o.start as usize..(o.start + o.len) as usize] {
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
            }
        }
        if seen >> k & 1 == 1 {
            shared.cutoffs.fetch_add(1, Relaxed);
            table.put_excluded(c.key, k);
            return Ok(false);
        }
        if self.variant > 0 && self.depth <= 4 && list.opts.len() > 1 {
            let by = (self.variant as usize * (list.opts.len() / 2 + self.depth as usize)) % list.opts.len();
            list.opts.rotate_left(by);
        }
        // The values below k first (k ≥ `low_first_from`): a component whose value is below k
        // is answered by the first value no option has, without proving first that no option
        // has value k.
        if k >= shared.config.low_first_from && self.value_below(c, k, seen, list)? {
            return Ok(false);
        }
        if self.find_option(list, k)? {
            table.put_excluded(c.key, k);
            return Ok(false);
        }
        if self.value_below(c, k, seen, list)? {
            return Ok(false);
        }
        table.put_value(c.key, k);
        Ok(true)
    }

    /// Whether g(c) < k: the values j < k not known to be options (`seen`) or excluded are
    /// looked for in turn; the first one no option has is g(c) (every value below it is then
    /// excluded) and is recorded, each one found is recorded as excluded.
    fn value_below(&mut self, c: &Comp, k: u8, seen: u128, list: &mut Options) -> Result<bool> {
        let table = &self.shared.table;
        for j in 0..k {
            if seen >> j & 1 == 1 || table.get(c.key).excludes(j) {
                continue;
            }
            if !self.find_option(list, j)? {
                table.put_value(c.key, j);
                return Ok(true);
            }
            table.put_excluded(c.key, j);
        }
        Ok(false)
    }

    /// Whether some option not known yet has value `k` (the one found gets `k` recorded). At
    /// the start of a search with a pool, the options are shared out on its threads.
    fn find_option(&mut self, list: &mut Options, k: u8) -> Result<bool> {
        if self.depth <= self.shared.config.parallel_depth
            && let Some(pool) = self.pool
        {
            use rayon::prelude::*;
            let (shared, graph, depth) = (self.shared, self.graph, self.depth);
            let comps = &list.comps;
            let found = pool.install(|| {
                list.opts
                    .par_iter()
                    .enumerate()
                    .filter(|(_, o)| o.value == UNKNOWN)
                    .map_init(
                        || {
                            let mut w = Worker::new(shared, graph, Some(pool));
                            w.depth = depth;
                            w
                        },
                        |w, (i, o)| {
                            let mine = &comps[o.start as usize..(o.start + o.len) as usize];
                            w.sum_has_value(mine, k ^ o.extra).map(|b| b.then_some(i)).transpose()
                        },
                    )
                    .find_map_any(|x| x)
            });
            return match found {
                Some(Ok(i)) => {
                    list.opts[i].value = k;
                    Ok(true)
                }
                Some(Err(e)) => Err(e),
                None => Ok(false),
            };
        }
        for i in 0..list.opts.len() {
            let o = list.opts[i];
            if o.value != UNKNOWN {
                continue;
            }
            if self.sum_has_value(list.comps(&o), k ^ o.extra)? {
                list.opts[i].value = k;
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The options of a component, each once (two moves to the same position, up to the
    /// components' keys, are one option), in the search's order (with
    /// [`KaylesConfig::use_ordering`](super::KaylesConfig): smallest largest component first).
    fn options(&mut self, c: &Comp) -> Options {
        let graph = self.graph;
        let rule = self.shared.rule;
        let mut list = Options::default();
        // First every option's components (flood fills), then their classes: the probes of
        // the class cache, most of them misses of the processor's caches, then follow each
        // other and overlap.
        let mut found = std::mem::take(&mut self.found);
        let mut bounds = std::mem::take(&mut self.bounds);
        found.clear();
        bounds.clear();
        let mut each = |m: (usize, usize)| {
            let mut left = set::minus(&c.set, &graph.removed(rule, m));
            while let Some(v) = set::first(&left) {
                let part = graph.component_of(&left, v);
                left = set::minus(&left, &part);
                found.push((part, set::len(&part)));
            }
            bounds.push(found.len() as u32);
        };
        match rule {
            Rule::Node => set::iter(&c.set).for_each(|v| each((v, v))),
            Rule::Arc => graph.moves(rule, &c.set).into_iter().for_each(each),
        }
        list.opts.reserve(bounds.len());
        let mut from = 0;
        for &to in &bounds {
            let start = list.comps.len();
            let mut extra = 0;
            for &(part, size) in &found[from..to as usize] {
                match self.classify(&part, size) {
                    Class::Trivial(v) => extra ^= v,
                    Class::Key(key) => list.comps.push(Comp { key, set: part, size }),
                }
            }
            from = to as usize;
            cancel_pairs(&mut list.comps, start);
            let mine = &list.comps[start..];
            list.opts.push(Opt {
                start: start as u32,
                len: mine.len() as u32,
                extra,
                value: UNKNOWN,
                largest: mine.iter().map(|d| d.size).max().unwrap_or(0),
            });
        }
        self.found = found;
        self.bounds = bounds;
        let mut opts = std::mem::take(&mut list.opts);
        opts.sort_unstable_by(|a, b| {
            (a.extra, a.len).cmp(&(b.extra, b.len)).then_with(|| {
                list.comps(a)
                    .iter()
                    .map(|d| d.key)
                    .cmp(list.comps(b).iter().map(|d| d.key))
            })
        });
        opts.dedup_by(|a, b| list.same(a, b));
        if self.shared.config.use_ordering {
            opts.sort_by_key(|o| o.largest);
        }
        list.opts = opts;
        list
    }
}
