//! Keys of components: a canonical form of a graph up to isomorphism, by colour refinement and
//! individualisation (the scheme of nauty and Traces, McKay and Piperno 2014, without their
//! automorphism pruning), or a fingerprint of a vertex set.
//!
//! What: [`Canon::key`] gives a connected induced subgraph a 128-bit key. Its top two bits say
//! which kind:
//! - `00`: the canonical form of a graph of at most 15 vertices, exactly (its order and the
//!   105 bits of the upper triangle of its canonical adjacency matrix): equal keys are
//!   isomorphic graphs, always;
//! - `01`: a 126-bit fingerprint of the canonical form of a larger graph;
//! - `10`: a 126-bit fingerprint of the vertex set itself and of the graph it is a set of
//!   (for components [`KaylesConfig::use_canonical`](super::KaylesConfig) leaves out).
//!
//! How: colours start as degrees and are refined until stable, each vertex's new colour being
//! the rank of (its colour, a hash of the multiset of its neighbours' colours) — a function of
//! the graph, not of its labelling. When some colour class has several vertices, each vertex of
//! the smallest such class (least colour first) is individualised in turn and the refinement
//! repeated; every leaf (all classes single) is a labelling, and the key is the least leaf key.
//! The set of leaves does not depend on how the graph was labelled, so neither does the least
//! key: it is canonical. The search stops after [`LEAF_BUDGET`] leaves; the key is then still
//! the key of the graph under one labelling (equal keys still mean isomorphic graphs) but may
//! differ between isomorphic graphs, which only loses sharing, never correctness.
//!
//! Exactness: keys of kind `01` and `10` are fingerprints; two different graphs share one with
//! probability about 2^-126 per pair, so below 10^-20 for a table of 10^9 facts. Kind `00`
//! keys (most components of a search) are exact.
//!
//! Cost: a refinement round is O(m + n log n) for n vertices and m edges, and a path needs about
//! n/2 rounds; a leaf costs O(m) more to encode. Scratch space is kept between calls.
//!
//! Sources: \[McKayPiperno2014\] in `docs/sources.md`.

use super::{Graph, Set, set};

/// Most leaves of the individualisation search before it settles for the least key so far.
pub const LEAF_BUDGET: usize = 64;

/// The tag of exact canonical keys (graphs of at most 15 vertices).
pub const EXACT: u128 = 0;
/// The tag of fingerprinted canonical keys.
pub const HASHED: u128 = 1 << 126;
/// The tag of vertex-set keys.
pub const BY_SET: u128 = 2 << 126;
const LOW_126: u128 = (1 << 126) - 1;

/// A 128-bit fingerprint of a sequence of words: two 64-bit lanes, each a chain of a different
/// avalanching mixer (the SplitMix64 and MurmurHash3 finalisers).
#[derive(Clone, Copy, Debug)]
pub struct Fingerprint {
    a: u64,
    b: u64,
}

#[inline]
const fn splitmix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[inline]
fn fmix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

impl Fingerprint {
    /// A fingerprint started from `seed`.
    pub fn new(seed: u64) -> Fingerprint {
        Fingerprint {
            a: splitmix(seed ^ 0x9e37_79b9_7f4a_7c15),
            b: fmix(seed ^ 0x6a09_e667_f3bc_c909),
        }
    }

    /// Add one word.
    #[inline]
    pub fn word(&mut self, w: u64) {
        self.a = splitmix(self.a.rotate_left(5) ^ w);
        self.b = fmix(self.b ^ w.rotate_left(17) ^ 0x3c6e_f372_fe94_f82b);
    }

    /// Add words.
    pub fn words(&mut self, ws: &[u64]) {
        for &w in ws {
            self.word(w);
        }
    }

    /// The 128 bits.
    pub fn finish(&self) -> u128 {
        (u128::from(self.a) << 64) | u128::from(self.b)
    }
}

/// The key of a vertex set of `graph` (kind `10`): of the least of its images under the
/// graph's symmetries ([`Graph::with_symmetries`]).
pub fn set_key(graph: &Graph, s: &Set) -> u128 {
    let mut least = *s;
    for p in graph.symmetries() {
        let mut image = [0u64; 4];
        for v in set::iter(s) {
            set::insert(&mut image, p[v] as usize);
        }
        if image.iter().rev().lt(least.iter().rev()) {
            least = image;
        }
    }
    let mut f = Fingerprint::new(graph.id);
    f.words(&least);
    BY_SET | (f.finish() & LOW_126)
}

/// The hash of each colour in the refinement's signatures: `splitmix(c + 1)` for c < 512.
static COLOUR_HASH: [u64; 512] = {
    let mut t = [0u64; 512];
    let mut c = 0;
    while c < 512 {
        t[c] = splitmix(c as u64 + 1);
        c += 1;
    }
    t
};

/// Scratch space of the canonical forms (one per thread): every buffer is kept between calls,
/// so a key allocates nothing once the buffers have grown.
#[derive(Default)]
pub struct Canon {
    /// Local vertex → vertex of the graph.
    verts: Vec<usize>,
    /// Vertex of the graph → local vertex.
    index: Vec<u16>,
    /// The local neighbours of local vertex i: `adj[start[i]..start[i + 1]]`.
    adj: Vec<u16>,
    start: Vec<u32>,
    /// The refinement's sort keys: (colour, neighbour signature, vertex) packed in a word.
    order: Vec<u64>,
    /// The colourings of the individualisation search, one block of n per level.
    stack: Vec<u32>,
    /// Class sizes (scratch of the search).
    size: Vec<u32>,
    /// Rows of the canonical adjacency matrix (scratch of a leaf key above 15 vertices).
    rows: Vec<Set>,
    /// Breadth-first search scratch of [`Canon::split_by_distance`].
    dist: Vec<u32>,
    queue: Vec<u16>,
    /// Individualise by distance ([`Canon::split_by_distance`]) rather than by a new colour
    /// and refinement rounds.
    pub by_distance: bool,
    /// Leaves searched in the current key.
    leaves: usize,
    /// Leaves searched by every key so far (a counter for the statistics).
    pub total_leaves: u64,
}

impl Canon {
    /// Scratch space that individualises by distance (`by_distance`) or by refinement rounds.
    pub fn new(by_distance: bool) -> Canon {
        Canon {
            by_distance,
            ..Canon::default()
        }
    }

    /// The canonical key (kind `00` or `01`) of the connected subgraph of `graph` induced by
    /// `s` (at least one vertex).
    pub fn key(&mut self, graph: &Graph, s: &Set) -> u128 {
        self.verts.clear();
        for (i, &w) in s.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                self.verts.push(i * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
        let n = self.verts.len();
        if self.index.len() < graph.len() {
            self.index.resize(graph.len(), 0);
        }
        for (i, &v) in self.verts.iter().enumerate() {
            self.index[v] = i as u16;
        }
        self.adj.clear();
        self.start.clear();
        self.start.push(0);
        for i in 0..n {
            let near = set::and(graph.neighbours(self.verts[i]), s);
            for (j, &w) in near.iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    self.adj.push(self.index[j * 64 + w.trailing_zeros() as usize]);
                    w &= w - 1;
                }
            }
            self.start.push(self.adj.len() as u32);
        }
        self.leaves = 0;
        if self.adj.len() == 2 * (n - 1) {
            // A tree: its canonical labelling by AHU codes, with no refinement rounds (a path
            // of n vertices needs n/2 of them).
            let key = self.tree_key(n);
            return key;
        }
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.extend((0..n).map(|i| self.start[i + 1] - self.start[i]));
        let cells = self.refine(&mut stack[..n]);
        let mut best = u128::MAX;
        self.search(&mut stack, cells, n, &mut best);
        self.stack = stack;
        self.total_leaves += self.leaves as u64;
        best
    }

    fn neighbours(&self, v: usize) -> &[u16] {
        &self.adj[self.start[v] as usize..self.start[v + 1] as usize]
    }

    /// Refine `colours` (one per local vertex, below 512) until stable; the number of colours.
    /// The new colours are 0..cells, ranked by (old colour, neighbour signature). Any function
    /// of the graph and the colours serves as the signature (a coarser partition is still
    /// invariant), so a hash of the multiset of neighbours' colours, cut to 47 bits, is packed
    /// with the colour and the vertex into one word to sort.
    fn refine(&mut self, colours: &mut [u32]) -> usize {
        let n = colours.len();
        let mut cells = usize::MAX;
        loop {
            self.order.clear();
            for v in 0..n {
                let mut sig = 0u64;
                for &w in self.neighbours(v) {
                    sig = sig.wrapping_add(COLOUR_HASH[colours[w as usize] as usize]);
                }
                self.order
                    .push(u64::from(colours[v]) << 55 | (sig >> 17) << 8 | v as u64);
            }
            let now = rank_colours(&mut self.order, colours);
            if now == cells || now == n {
                return now;
            }
            cells = now;
        }
    }

    /// Individualise `v` by splitting every class of `colours` by the distance from `v` (one
    /// breadth-first search, no refinement rounds): the new colours are 0..cells, ranked by
    /// (old colour, distance); the number of colours. A function of the graph, the colouring
    /// and `v` only, so the search stays canonical.
    fn split_by_distance(&mut self, colours: &mut [u32], v: usize) -> usize {
        let n = colours.len();
        self.dist.clear();
        self.dist.resize(n, u32::MAX);
        self.queue.clear();
        self.dist[v] = 0;
        self.queue.push(v as u16);
        let mut head = 0;
        while head < self.queue.len() {
            let u = self.queue[head] as usize;
            head += 1;
            for i in self.start[u] as usize..self.start[u + 1] as usize {
                let w = self.adj[i] as usize;
                if self.dist[w] == u32::MAX {
                    self.dist[w] = self.dist[u] + 1;
                    self.queue.push(w as u16);
                }
            }
        }
        self.order.clear();
        for (u, (&c, &d)) in colours.iter().zip(&self.dist).enumerate() {
            self.order.push(u64::from(c) << 40 | u64::from(d) << 8 | u as u64);
        }
        rank_colours(&mut self.order, colours)
    }

    /// The individualisation search below the colouring at the top of `stack` (its last n
    /// entries, `cells` colours): the least leaf key goes to `best`.
    fn search(&mut self, stack: &mut Vec<u32>, cells: usize, n: usize, best: &mut u128) {
        let at = stack.len() - n;
        if cells == n {
            self.leaves += 1;
            let k = self.leaf_key(&stack[at..], n);
            if k < *best {
                *best = k;
            }
            return;
        }
        // The smallest class of several vertices, least colour first.
        self.size.clear();
        self.size.resize(cells, 0);
        for &c in &stack[at..] {
            self.size[c as usize] += 1;
        }
        let target = (0..cells)
            .filter(|&c| self.size[c] > 1)
            .min_by_key(|&c| (self.size[c], c))
            .expect("a class of several vertices") as u32;
        for v in 0..n {
            if stack[at + v] != target {
                continue;
            }
            if self.leaves >= LEAF_BUDGET {
                return;
            }
            let cells = if self.by_distance {
                stack.extend_from_within(at..at + n);
                self.split_by_distance(&mut stack[at + n..], v)
            } else {
                for u in 0..n {
                    let c = stack[at + u];
                    stack.push(2 * c + u32::from(c == target && u != v));
                }
                self.refine(&mut stack[at + n..])
            };
            self.search(stack, cells, n, best);
            stack.truncate(at + n);
        }
    }
    /// The key of a tree (the first `n` local vertices, connected, n − 1 edges): rooted at its
    /// centre (each of the two centres when it has two, keeping the least key), the vertices
    /// numbered in depth-first order with each vertex's subtrees taken in the order of their
    /// AHU codes (Aho, Hopcroft and Ullman: a vertex is `(` its children's sorted codes `)`).
    /// Isomorphic rooted trees get the same numbering, so the key is canonical. O(n²) bytes of
    /// codes at worst (a path), no refinement.
    fn tree_key(&mut self, n: usize) -> u128 {
        let mut degree: Vec<usize> = (0..n).map(|v| self.neighbours(v).len()).collect();
        let mut layer: Vec<usize> = (0..n).filter(|&v| degree[v] <= 1).collect();
        let mut remaining = n;
        while remaining > 2 {
            remaining -= layer.len();
            let mut next = Vec::new();
            for &leaf in &layer {
                for &w in self.neighbours(leaf) {
                    let w = w as usize;
                    degree[w] -= 1;
                    if degree[w] == 1 {
                        next.push(w);
                    }
                }
            }
            layer = next;
        }
        let mut best = u128::MAX;
        for &root in &layer {
            let colours = self.tree_numbering(n, root);
            best = best.min(self.leaf_key(&colours, n));
        }
        best
    }

    /// The depth-first numbering of the tree rooted at `root`, children by their AHU codes.
    fn tree_numbering(&self, n: usize, root: usize) -> Vec<u32> {
        let mut parent = vec![usize::MAX; n];
        parent[root] = root;
        let mut order = Vec::with_capacity(n);
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            order.push(v);
            for &w in self.neighbours(v) {
                let w = w as usize;
                if parent[w] == usize::MAX {
                    parent[w] = v;
                    stack.push(w);
                }
            }
        }
        // Codes deepest first; each vertex's children sorted by code.
        let mut code: Vec<Vec<u8>> = vec![Vec::new(); n];
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &v in order.iter().rev() {
            let mut kids = std::mem::take(&mut children[v]);
            kids.sort_by(|&a, &b| code[a].cmp(&code[b]));
            let mut c = vec![b'('];
            for &k in &kids {
                c.extend_from_slice(&code[k]);
            }
            c.push(b')');
            code[v] = c;
            children[v] = kids;
            if v != root {
                children[parent[v]].push(v);
            }
        }
        let mut colours = vec![0u32; n];
        let mut next = 0;
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            colours[v] = next;
            next += 1;
            for &k in children[v].iter().rev() {
                stack.push(k);
            }
        }
        colours
    }

    /// The key of the labelling `colours` (all distinct: vertex v gets position colours[v]).
    fn leaf_key(&mut self, colours: &[u32], n: usize) -> u128 {
        if n <= 15 {
            let mut bits = 0u128;
            for v in 0..n {
                let p = colours[v] as usize;
                for &w in self.neighbours(v) {
                    let q = colours[w as usize] as usize;
                    if p < q {
                        // Row p of the upper triangle starts after rows 0..p.
                        let at = p * (2 * n - p - 1) / 2 + (q - p - 1);
                        bits |= 1 << at;
                    }
                }
            }
            return EXACT | (n as u128) << 110 | bits;
        }
        if n <= 64 {
            // One word a row.
            let mut f = Fingerprint::new(n as u64);
            let mut row = [0u64; 64];
            for v in 0..n {
                let p = colours[v] as usize;
                for &w in self.neighbours(v) {
                    row[p] |= 1 << colours[w as usize];
                }
            }
            f.words(&row[..n]);
            return HASHED | (f.finish() & LOW_126);
        }
        let mut rows = std::mem::take(&mut self.rows);
        rows.clear();
        rows.resize(n, [0u64; 4]);
        for v in 0..n {
            let p = colours[v] as usize;
            for &w in self.neighbours(v) {
                set::insert(&mut rows[p], colours[w as usize] as usize);
            }
        }
        let mut f = Fingerprint::new(n as u64);
        for r in &rows {
            f.words(r);
        }
        self.rows = rows;
        HASHED | (f.finish() & LOW_126)
    }
}

/// Sort `order` (entries `key << 8 | vertex`) and give each vertex the rank of its key among
/// the distinct keys as its colour; the number of colours. The step shared by colour
/// refinement and individualisation by distance.
fn rank_colours(order: &mut [u64], colours: &mut [u32]) -> usize {
    order.sort_unstable();
    let mut rank = 0u32;
    for i in 0..order.len() {
        if i > 0 && order[i] >> 8 != order[i - 1] >> 8 {
            rank += 1;
        }
        colours[(order[i] & 0xff) as usize] = rank;
    }
    rank as usize + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Graph {
        Graph::new(n, edges).unwrap()
    }

    /// A random relabelling of `g`.
    fn shuffled(n: usize, edges: &[(usize, usize)], seed: u64) -> Graph {
        let mut perm: Vec<usize> = (0..n).collect();
        let mut x = seed;
        for i in (1..n).rev() {
            x = splitmix(x);
            perm.swap(i, (x % (i as u64 + 1)) as usize);
        }
        let e: Vec<(usize, usize)> = edges.iter().map(|&(u, v)| (perm[u], perm[v])).collect();
        graph(n, &e)
    }

    fn key_of(g: &Graph) -> u128 {
        let by_rounds = Canon::default().key(g, &g.all());
        let by_distance = Canon::new(true).key(g, &g.all());
        // Both ways of individualising label the graph canonically, perhaps differently; the
        // pair is compared, so both are checked.
        by_rounds ^ by_distance.rotate_left(1)
    }

    #[test]
    fn isomorphic_graphs_share_keys_and_others_do_not() {
        // The Petersen graph, a 3×5 grid, a path of 40 vertices: every relabelling, one key.
        let petersen: Vec<(usize, usize)> = (0..5)
            .flat_map(|i| [(i, (i + 1) % 5), (i, i + 5), (5 + i, 5 + (i + 2) % 5)])
            .collect();
        let grid: Vec<(usize, usize)> = (0..15)
            .flat_map(|v| {
                let mut e = Vec::new();
                if v % 5 < 4 {
                    e.push((v, v + 1));
                }
                if v + 5 < 15 {
                    e.push((v, v + 5));
                }
                e
            })
            .collect();
        let path: Vec<(usize, usize)> = (1..40).map(|i| (i - 1, i)).collect();
        // A tree of 30 vertices with branches of several shapes.
        let tree: Vec<(usize, usize)> = (1..30).map(|i| ((i * 7 + 3) % i, i)).collect();
        for (n, edges) in [(10, &petersen), (15, &grid), (40, &path), (30, &tree)] {
            let k = key_of(&graph(n, edges));
            for seed in 0..20 {
                assert_eq!(key_of(&shuffled(n, edges, seed)), k, "{n} vertices, seed {seed}");
            }
        }
        // The 5-prism and the Petersen graph: both cubic on 10 vertices, not isomorphic.
        let prism: Vec<(usize, usize)> = (0..5)
            .flat_map(|i| [(i, (i + 1) % 5), (i, i + 5), (5 + i, 5 + (i + 1) % 5)])
            .collect();
        assert_ne!(key_of(&graph(10, &petersen)), key_of(&graph(10, &prism)));
        // A path and a star on 4 vertices; a 16-cycle and two... (connected only): a 16-cycle
        // and a 16-vertex Möbius-free ladder differ too.
        assert_ne!(
            key_of(&graph(4, &[(0, 1), (1, 2), (2, 3)])),
            key_of(&graph(4, &[(0, 1), (0, 2), (0, 3)]))
        );
        // Two trees of 16 vertices with the same degrees, not isomorphic: a spider with legs
        // 5, 5, 5 and one with legs 3, 5, 7 (centre 0).
        let spider = |legs: &[usize]| {
            let mut e = Vec::new();
            let mut next = 1;
            for &l in legs {
                let mut prev = 0;
                for _ in 0..l {
                    e.push((prev, next));
                    prev = next;
                    next += 1;
                }
            }
            graph(next, &e)
        };
        assert_ne!(key_of(&spider(&[5, 5, 5])), key_of(&spider(&[3, 5, 7])));
        assert_eq!(key_of(&spider(&[3, 5, 7])), key_of(&spider(&[7, 3, 5])));
        let cycle: Vec<(usize, usize)> = (0..16).map(|i| (i, (i + 1) % 16)).collect();
        let path16: Vec<(usize, usize)> = (1..16).map(|i| (i - 1, i)).collect();
        assert_ne!(key_of(&graph(16, &cycle)), key_of(&graph(16, &path16)));
        for by_distance in [false, true] {
            let mut canon = Canon::new(by_distance);
            let (cycle, grid) = (graph(16, &cycle), graph(15, &grid));
            assert_eq!(canon.key(&cycle, &cycle.all()) >> 126, HASHED >> 126);
            assert_eq!(canon.key(&grid, &grid.all()) >> 126, EXACT >> 126);
        }
    }
}
