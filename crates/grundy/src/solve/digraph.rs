//! Games on an explicit directed graph: a token on a vertex moves along an arc; the player who
//! cannot move loses (the thesis ch.1–3, the Romanian article's "pawn" games).
//!
//! The graph is stored compactly as CSR arrays (compressed sparse rows): vertex ids are `u32`,
//! the followers Γ(x) of x are `arcs[first[x]..first[x+1]]` and the predecessors likewise in a
//! second pair of arrays, so 10^6 vertices and 10^7 arcs take about 90 MB. Names are kept apart.
//!
//! Three solvers, all iterative (no recursion, so a path of a million vertices is fine):
//! - [`Digraph::grundy_acyclic`]: the Grundy function of an acyclic graph in O(V + E), by counting
//!   unsolved followers and solving a vertex when its count drops to 0 (reverse topological order,
//!   Kahn 1962); each vertex's value is the mex of its followers' values (thesis ch.2). On a graph
//!   with a circuit it names a vertex on one.
//! - [`Digraph::loopy_values`]: the generalized Sprague–Grundy function γ of any finite graph
//!   (C. A. B. Smith 1966; A. S. Fraenkel and Y. Yesha 1986): each vertex gets a finite value or ∞.
//!   The labelling runs in stages m = 0, 1, 2, ...: while some unlabelled vertex u has no follower
//!   labelled m and every follower of u that is unlabelled or ∞ has a follower labelled m, label u
//!   with m; then label ∞ every unlabelled vertex without a follower labelled m. Each stage is a
//!   queue-driven fixed point with counters (like retrograde analysis), costing O(remaining
//!   vertices + arcs into vertices touched in the stage); the number of stages is at most one more
//!   than the largest finite value. The vertices that cannot reach a circuit are solved first by
//!   the O(V + E) pass above (γ is the Grundy function there) and only feed the stages, so an
//!   acyclic graph costs no more than `grundy_acyclic`. The escape set K of an ∞ vertex is the set
//!   of finite values among its followers, read off on demand.
//! - [`Digraph::retrograde`]: the plain win/lose/draw labelling (terminal vertices lose; a vertex
//!   with a losing follower wins; a vertex all of whose followers win loses; the rest draw), in
//!   O(V + E). It is the independent check of the outcomes of γ.
//!
//! [`Digraph`] is also a [`Game`] (position = vertex id), so the generic `Solver::plain` can
//! check the fast solvers on every small acyclic graph.
//!
//! Sources, by their names in `docs/sources.md`: \[Thesis\] ch. 1–2, \[Infoarena\] (pawn games),
//! \[Kahn1962\], \[Smith1966\], \[FraenkelYesha1986\].

use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{Game, Move};
use crate::nimber::{MexScratch, Nimber};
use crate::outcome::Outcome;
use crate::value::Value;

/// Marks an ∞ label in the array of loopy values.
pub const INFINITE: u32 = u32::MAX;
/// Marks a vertex not yet labelled (internal to the labelling).
const UNLABELLED: u32 = u32::MAX - 1;

/// A finite directed graph in CSR form, with vertex names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digraph {
    names: Vec<String>,
    out_first: Vec<u32>,
    out_arcs: Vec<u32>,
    in_first: Vec<u32>,
    in_arcs: Vec<u32>,
}

/// Build the CSR arrays (`first`, `targets`) of arcs grouped by `key`, each group sorted.
fn csr(n: usize, arcs: &[(u32, u32)], key: impl Fn(&(u32, u32)) -> (u32, u32)) -> (Vec<u32>, Vec<u32>) {
    let mut first = vec![0u32; n + 1];
    for a in arcs {
        first[key(a).0 as usize + 1] += 1;
    }
    for i in 0..n {
        first[i + 1] += first[i];
    }
    let mut fill = first.clone();
    let mut targets = vec![0u32; arcs.len()];
    for a in arcs {
        let (k, t) = key(a);
        targets[fill[k as usize] as usize] = t;
        fill[k as usize] += 1;
    }
    for i in 0..n {
        targets[first[i] as usize..first[i + 1] as usize].sort_unstable();
    }
    (first, targets)
}

impl Digraph {
    /// A graph on `names.len()` vertices with these arcs (ids index `names`). Self-loops and
    /// repeated arcs are the parser's business to refuse; here they are simply stored.
    pub fn new(names: Vec<String>, arcs: &[(u32, u32)]) -> Result<Digraph> {
        let n = names.len();
        if n >= UNLABELLED as usize || arcs.len() >= u32::MAX as usize {
            return Err(Error::Input(format!(
                "the graph is too large ({n} vertices, {} arcs): at most {} of each",
                arcs.len(),
                UNLABELLED - 1
            )));
        }
        if let Some(&(u, v)) = arcs.iter().find(|(u, v)| *u as usize >= n || *v as usize >= n) {
            return Err(Error::Input(format!("arc ({u}, {v}) names a vertex id ≥ {n}")));
        }
        let (out_first, out_arcs) = csr(n, arcs, |&(u, v)| (u, v));
        let (in_first, in_arcs) = csr(n, arcs, |&(u, v)| (v, u));
        Ok(Digraph {
            names,
            out_first,
            out_arcs,
            in_first,
            in_arcs,
        })
    }

    /// A graph with vertices named by their ids `0..n`.
    pub fn unnamed(n: usize, arcs: &[(u32, u32)]) -> Result<Digraph> {
        Digraph::new((0..n).map(|i| i.to_string()).collect(), arcs)
    }

    /// Number of vertices (ids are 0..len).
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Number of arcs.
    pub fn arc_count(&self) -> usize {
        self.out_arcs.len()
    }

    /// The name of vertex `v` as read from the file.
    pub fn name(&self, v: u32) -> &str {
        &self.names[v as usize]
    }

    /// Every vertex name, indexed by id (order of first appearance in the file).
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The id of the vertex with this name.
    pub fn id(&self, name: &str) -> Option<u32> {
        self.names.iter().position(|n| n == name).map(|i| i as u32)
    }

    /// Γ(v): the followers of v, sorted by id.
    pub fn followers(&self, v: u32) -> &[u32] {
        &self.out_arcs[self.out_first[v as usize] as usize..self.out_first[v as usize + 1] as usize]
    }

    /// The predecessors of v (the vertices with an arc into v), sorted by id.
    pub fn predecessors(&self, v: u32) -> &[u32] {
        &self.in_arcs[self.in_first[v as usize] as usize..self.in_first[v as usize + 1] as usize]
    }

    /// The vertex ids, 0..len.
    pub fn vertices(&self) -> impl Iterator<Item = u32> {
        0..self.len() as u32
    }

    /// The Grundy function of an acyclic graph, in O(V + E). On a graph with a circuit,
    /// `Err(v)` with a vertex v that lies on a circuit.
    pub fn grundy_acyclic(&self) -> std::result::Result<Vec<u32>, u32> {
        let (value, pending, solved) = self.peel();
        if solved < self.len() {
            return Err(self.vertex_on_circuit(&pending));
        }
        Ok(value)
    }

    /// The Grundy values of every vertex that cannot reach a circuit (the vertices solved by
    /// repeatedly solving those whose followers are all solved); the others keep `pending > 0`
    /// (their count of unsolved followers). Returns (values, pending, number solved).
    fn peel(&self) -> (Vec<u32>, Vec<u32>, usize) {
        let n = self.len();
        let mut pending: Vec<u32> = (0..n).map(|v| self.followers(v as u32).len() as u32).collect();
        let mut value = vec![0u32; n];
        let mut queue: Vec<u32> = (0..n as u32).filter(|&v| pending[v as usize] == 0).collect();
        let mut seen: Vec<u64> = Vec::new();
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            value[v as usize] = mex_of(self.followers(v).iter().map(|&w| value[w as usize]), &mut seen);
            for &p in self.predecessors(v) {
                pending[p as usize] -= 1;
                if pending[p as usize] == 0 {
                    queue.push(p);
                }
            }
        }
        (value, pending, queue.len())
    }

    /// A vertex on a circuit, given the vertices left with unsolved followers (`pending > 0`):
    /// each of them has an unsolved follower, so following those must repeat a vertex.
    fn vertex_on_circuit(&self, pending: &[u32]) -> u32 {
        let start = pending.iter().position(|&c| c > 0).expect("some vertex is unsolved") as u32;
        let mut visited = vec![false; self.len()];
        let mut v = start;
        while !visited[v as usize] {
            visited[v as usize] = true;
            v = *self
                .followers(v)
                .iter()
                .find(|&&w| pending[w as usize] > 0)
                .expect("an unsolved vertex has an unsolved follower");
        }
        v
    }

    /// The generalized Sprague–Grundy labelling γ: a finite value, or [`INFINITE`], per vertex.
    /// See the module doc for the algorithm (Smith 1966; Fraenkel and Yesha 1986).
    pub fn loopy_values(&self) -> Result<Vec<u32>> {
        self.label_stages(true, &Control::default())
    }

    /// [`Digraph::loopy_values`] that `control` can cancel.
    pub fn loopy_values_with(&self, control: &Control) -> Result<Vec<u32>> {
        self.label_stages(true, control)
    }

    /// The same labelling run on the whole graph, without first solving the vertices that cannot
    /// reach a circuit: the reference for tests of [`Digraph::loopy_values`].
    pub fn loopy_values_staged(&self) -> Result<Vec<u32>> {
        self.label_stages(false, &Control::default())
    }

    /// [`Digraph::loopy_values_staged`] that `control` can cancel.
    pub fn loopy_values_staged_with(&self, control: &Control) -> Result<Vec<u32>> {
        self.label_stages(false, control)
    }

    /// The staged labelling. With `peel`, the vertices that cannot reach a circuit first get
    /// their Grundy values in O(V + E) (on them γ is the Grundy function); in stage m those of
    /// value m then act exactly as if labelled m during the stage (their predecessors count as
    /// having a follower labelled m), and the stages run over the other vertices only.
    fn label_stages(&self, peel: bool, control: &Control) -> Result<Vec<u32>> {
        let n = self.len();
        let mut label = vec![UNLABELLED; n];
        // Followers that are unlabelled or ∞ (i.e. not finitely labelled), per vertex.
        let mut open: Vec<u32>;
        // Peeled vertices of value m with a predecessor still to be labelled, by m.
        let mut peeled: Vec<Vec<u32>> = Vec::new();
        let mut remaining: Vec<u32>;
        if peel {
            let (value, pending, _) = self.peel();
            for v in 0..n {
                if pending[v] == 0 {
                    label[v] = value[v];
                    if self.predecessors(v as u32).iter().any(|&p| pending[p as usize] > 0) {
                        let m = value[v] as usize;
                        if peeled.len() <= m {
                            peeled.resize(m + 1, Vec::new());
                        }
                        peeled[m].push(v as u32);
                    }
                }
            }
            remaining = (0..n as u32).filter(|&v| pending[v as usize] > 0).collect();
            open = pending;
        } else {
            open = (0..n).map(|v| self.followers(v as u32).len() as u32).collect();
            remaining = (0..n as u32).collect();
        }
        // Per stage: `bad` = open followers without a follower labelled m; `hit` = has one.
        let mut bad = vec![0u32; n];
        let mut hit_stage = vec![u32::MAX; n];
        let mut queue: Vec<u32> = Vec::new();
        let mut m: u32 = 0;
        while !remaining.is_empty() {
            control.check()?;
            for &u in &remaining {
                bad[u as usize] = open[u as usize];
                if open[u as usize] == 0 {
                    queue.push(u);
                }
            }
            if let Some(done) = peeled.get_mut(m as usize) {
                for u in std::mem::take(done) {
                    self.hit_predecessors(u, m, &label, &mut hit_stage, &mut bad, &mut queue);
                }
            }
            while let Some(u) = queue.pop() {
                let ui = u as usize;
                if label[ui] != UNLABELLED || hit_stage[ui] == m || bad[ui] != 0 {
                    continue;
                }
                label[ui] = m;
                for &p in self.predecessors(u) {
                    open[p as usize] -= 1;
                }
                self.hit_predecessors(u, m, &label, &mut hit_stage, &mut bad, &mut queue);
            }
            remaining.retain(|&u| {
                let ui = u as usize;
                if label[ui] != UNLABELLED {
                    false
                } else if hit_stage[ui] != m {
                    label[ui] = INFINITE;
                    false
                } else {
                    true
                }
            });
            m += 1;
        }
        Ok(label)
    }

    /// Vertex u is labelled m: its predecessors now have a follower labelled m. Those that are
    /// open (unlabelled or ∞) and were not yet hit stop blocking their unlabelled predecessors.
    fn hit_predecessors(
        &self,
        u: u32,
        m: u32,
        label: &[u32],
        hit_stage: &mut [u32],
        bad: &mut [u32],
        queue: &mut Vec<u32>,
    ) {
        for &p in self.predecessors(u) {
            let pi = p as usize;
            if hit_stage[pi] == m {
                continue;
            }
            hit_stage[pi] = m;
            if label[pi] == UNLABELLED || label[pi] == INFINITE {
                for &q in self.predecessors(p) {
                    let qi = q as usize;
                    if label[qi] == UNLABELLED && hit_stage[qi] != m {
                        bad[qi] -= 1;
                        if bad[qi] == 0 {
                            queue.push(q);
                        }
                    }
                }
            }
        }
    }

    /// The [`Value`] of vertex v given the labels of [`Digraph::loopy_values`]: finite, or
    /// ∞(K) with K the finite values among its followers.
    pub fn value_of(&self, labels: &[u32], v: u32) -> Value {
        match labels[v as usize] {
            INFINITE => {
                let mut k: Vec<Nimber> = self
                    .followers(v)
                    .iter()
                    .map(|&w| labels[w as usize])
                    .filter(|&l| l != INFINITE)
                    .map(|l| Nimber(l as u64))
                    .collect();
                k.sort();
                k.dedup();
                Value::Infinite { escapes: k }
            }
            l => Value::Finite(Nimber(l as u64)),
        }
    }

    /// Plain retrograde win/lose/draw labelling, in O(V + E).
    pub fn retrograde(&self) -> Vec<Outcome> {
        let n = self.len();
        let mut outcome: Vec<Option<Outcome>> = vec![None; n];
        let mut unsettled: Vec<u32> = (0..n).map(|v| self.followers(v as u32).len() as u32).collect();
        let mut queue: Vec<u32> = (0..n as u32).filter(|&v| unsettled[v as usize] == 0).collect();
        for &v in &queue {
            outcome[v as usize] = Some(Outcome::P);
        }
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            let lost = outcome[v as usize] == Some(Outcome::P);
            for &p in self.predecessors(v) {
                let pi = p as usize;
                if outcome[pi].is_some() {
                    continue;
                }
                if lost {
                    outcome[pi] = Some(Outcome::N);
                    queue.push(p);
                } else {
                    unsettled[pi] -= 1;
                    if unsettled[pi] == 0 {
                        outcome[pi] = Some(Outcome::P);
                        queue.push(p);
                    }
                }
            }
        }
        outcome.into_iter().map(|o| o.unwrap_or(Outcome::Draw)).collect()
    }

    /// The Boolean Grundy function of an acyclic graph (thesis ch.8): B = bmex over followers,
    /// i.e. 0 exactly at P-vertices. Same order as [`Digraph::grundy_acyclic`].
    pub fn boolean_acyclic(&self) -> std::result::Result<Vec<u32>, u32> {
        Ok(self.grundy_acyclic()?.into_iter().map(|g| u32::from(g != 0)).collect())
    }
}

/// The mex of `values`, with a reusable bitset.
fn mex_of(values: impl Iterator<Item = u32> + Clone, seen: &mut Vec<u64>) -> u32 {
    let len = values.clone().count();
    let words = len / 64 + 1;
    seen.clear();
    seen.resize(words, 0);
    for v in values {
        if (v as usize) <= len {
            seen[v as usize / 64] |= 1 << (v % 64);
        }
    }
    for (i, w) in seen.iter().enumerate() {
        if *w != u64::MAX {
            return (i * 64) as u32 + (!w).trailing_zeros();
        }
    }
    unreachable!("a set of n values misses one of 0..=n")
}

/// The mex of a slice of nimbers (used by the explain output).
pub(crate) fn mex_u32(values: &[u32]) -> u32 {
    let nimbers: Vec<Nimber> = values.iter().map(|&v| Nimber(v as u64)).collect();
    MexScratch::default().mex(&nimbers).0 as u32
}

impl Game for Digraph {
    type Position = u32;

    fn options(&self, v: &u32, out: &mut Vec<u32>) {
        out.extend_from_slice(self.followers(*v));
    }

    fn moves(&self, v: &u32) -> Vec<Move<u32>> {
        self.followers(*v)
            .iter()
            .map(|&w| Move::new(format!("{} → {}", self.name(*v), self.name(w)), w))
            .collect()
    }

    fn format(&self, v: &u32) -> String {
        self.name(*v).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;

    fn graph(n: usize, arcs: &[(u32, u32)]) -> Digraph {
        Digraph::unnamed(n, arcs).unwrap()
    }

    #[test]
    fn thesis_chapter_1_example() {
        // u1..u4 as 0..3: (u1,u2),(u1,u3),(u2,u3),(u2,u4),(u3,u4).
        let g = graph(4, &[(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)]);
        assert_eq!(g.grundy_acyclic().unwrap(), vec![0, 2, 1, 0]);
        assert_eq!(g.loopy_values().unwrap(), vec![0, 2, 1, 0]);
    }

    #[test]
    fn cycles_are_found() {
        let g = graph(4, &[(0, 1), (1, 2), (2, 0), (3, 0)]);
        let v = g.grundy_acyclic().unwrap_err();
        assert!(v < 3, "{v} is on the circuit 0 -> 1 -> 2 -> 0");
    }

    #[test]
    fn directed_cycles_are_draws() {
        let g = graph(3, &[(0, 1), (1, 2), (2, 0)]);
        let labels = g.loopy_values().unwrap();
        assert_eq!(labels, vec![INFINITE; 3]);
        assert_eq!(g.value_of(&labels, 0), Value::Infinite { escapes: vec![] });
        assert_eq!(g.retrograde(), vec![Outcome::Draw; 3]);
    }

    #[test]
    fn thesis_state_game() {
        // s0 -> {s2, s3}, s1 -> {s0}, s2 -> {s1}, s3 terminal.
        let g = graph(4, &[(0, 2), (0, 3), (1, 0), (2, 1)]);
        assert_eq!(g.loopy_values().unwrap(), vec![2, 0, 1, 0]);
        assert_eq!(g.retrograde(), vec![Outcome::N, Outcome::P, Outcome::N, Outcome::P]);
    }

    #[test]
    fn escape_to_zero_is_a_win() {
        // a <-> c, a -> b, c -> d: both a and c are ∞({0}), N.
        let g = graph(4, &[(0, 2), (2, 0), (0, 1), (2, 3)]);
        let labels = g.loopy_values().unwrap();
        assert_eq!(
            g.value_of(&labels, 0),
            Value::Infinite {
                escapes: vec![Nimber(0)]
            }
        );
        assert_eq!(g.value_of(&labels, 0).outcome(), Outcome::N);
        assert_eq!(g.retrograde()[0], Outcome::N);
    }

    #[test]
    fn long_paths_need_no_recursion() {
        let n = 1_000_000u32;
        let arcs: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
        let g = graph(n as usize, &arcs);
        let v = g.grundy_acyclic().unwrap();
        assert_eq!(v[0], (n - 1) % 2);
        assert_eq!(g.loopy_values().unwrap()[0], (n - 1) % 2);
    }

    #[test]
    fn game_face_agrees() {
        let g = graph(4, &[(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)]);
        let mut s = Solver::plain(g.clone());
        for v in g.vertices() {
            assert_eq!(s.nimber(&v).unwrap().0 as u32, g.grundy_acyclic().unwrap()[v as usize]);
        }
    }
}
