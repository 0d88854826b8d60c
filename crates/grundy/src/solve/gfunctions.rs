//! Every g-function of a digraph (thesis ch.2: g(x) = mex g(Γ(x)) for every vertex x) and every
//! Boolean Grundy function (thesis ch.8: B(x) = bmex B(Γ(x)), bmex S = 1 iff 0 ∈ S), by exact
//! backtracking search.
//!
//! A graph with circuits may have no g-function (the directed 3-cycle), several (the 4-cycle has
//! two), or very many; an acyclic graph has exactly one. The Boolean functions are exactly the
//! indicators of the complements of kernels (independent, absorbing vertex sets; B = 0 on the
//! kernel), a problem that is NP-complete in general (Chvátal 1973), so no polynomial method is
//! expected: this search is meant for small graphs (dozens of vertices).
//!
//! How it prunes: vertices are assigned sinks-first (reverse order of a depth-first finishing
//! order, so on an acyclic graph every vertex is forced by its already assigned followers and the
//! search never branches). A value k for x is tried only if no assigned follower has the value x
//! must avoid (k itself for mex, 0 for bmex when k = 0), no assigned predecessor is contradicted,
//! and enough unassigned followers remain to supply every missing value below k. A vertex whose
//! followers are all assigned takes its one possible value. Cost: exponential in the worst case;
//! the count is exact, only the listing is capped. Ctrl-C stops the search cleanly.
//!
//! Sources, by their names in `docs/sources.md`: \[Thesis\] ch. 2 and 8, \[Chvatal1973\].

use crate::control::Control;
use crate::error::{Error, Result};
use crate::solve::digraph::Digraph;

/// Which function is searched for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// g(x) = mex g(Γ(x)) (g-functions, thesis ch.2).
    Mex,
    /// B(x) = bmex B(Γ(x)) (Boolean Grundy functions, thesis ch.8).
    Bmex,
}

impl Rule {
    /// The value the rule gives a vertex whose followers have `values`.
    pub(crate) fn apply(self, values: impl Iterator<Item = u32>) -> u32 {
        match self {
            Rule::Mex => {
                let v: Vec<u32> = values.collect();
                crate::solve::digraph::mex_u32(&v)
            }
            Rule::Bmex => u32::from(values.into_iter().any(|v| v == 0)),
        }
    }

    fn largest(self, out_degree: usize) -> u32 {
        match self {
            Rule::Mex => out_degree as u32,
            Rule::Bmex => out_degree.min(1) as u32,
        }
    }

    /// The value x = k forbids among its followers.
    fn forbidden(self, k: u32) -> Option<u32> {
        match self {
            Rule::Mex => Some(k),
            Rule::Bmex if k == 0 => Some(0),
            Rule::Bmex => None,
        }
    }
}

/// The result of a search: how many functions exist, and the first `limit` of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Functions {
    /// How many functions exist (exact, whatever the listing limit).
    pub count: u64,
    /// Each listed function gives a value per vertex id.
    pub listed: Vec<Vec<u32>>,
}

/// Whether `f` satisfies `rule` at every vertex.
pub fn satisfies(graph: &Digraph, rule: Rule, f: &[u32]) -> bool {
    graph
        .vertices()
        .all(|x| f[x as usize] == rule.apply(graph.followers(x).iter().map(|&y| f[y as usize])))
}

const NONE: u32 = u32::MAX;

struct Search<'a> {
    graph: &'a Digraph,
    rule: Rule,
    order: Vec<u32>,
    value: Vec<u32>,
    limit: usize,
    found: Functions,
    steps: u64,
    max_steps: u64,
    control: &'a Control,
}

/// Every function satisfying `rule` on `graph`: the exact count and the first `limit`.
pub fn enumerate(graph: &Digraph, rule: Rule, limit: usize) -> Result<Functions> {
    enumerate_bounded(graph, rule, limit, u64::MAX, &Control::default())
}

/// As [`enumerate`], but stop with [`Error::StateLimit`] after `max_steps` search steps; and
/// `control` can cancel it.
pub fn enumerate_bounded(
    graph: &Digraph,
    rule: Rule,
    limit: usize,
    max_steps: u64,
    control: &Control,
) -> Result<Functions> {
    let mut s = Search {
        graph,
        rule,
        order: sinks_first(graph),
        value: vec![NONE; graph.len()],
        limit,
        found: Functions {
            count: 0,
            listed: Vec::new(),
        },
        steps: 0,
        max_steps,
        control,
    };
    s.run()?;
    Ok(s.found)
}

/// Vertices in depth-first finishing order (followers finish first), iteratively.
fn sinks_first(graph: &Digraph) -> Vec<u32> {
    let n = graph.len();
    let mut done = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut stack: Vec<(u32, usize)> = Vec::new();
    for root in graph.vertices() {
        if done[root as usize] {
            continue;
        }
        done[root as usize] = true;
        stack.push((root, 0));
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            let fs = graph.followers(v);
            if *next < fs.len() {
                let w = fs[*next];
                *next += 1;
                if !done[w as usize] {
                    done[w as usize] = true;
                    stack.push((w, 0));
                }
            } else {
                order.push(v);
                stack.pop();
            }
        }
    }
    order
}

impl Search<'_> {
    /// Whether x = k is consistent with what is assigned so far (x itself already set to k).
    fn consistent_at(&self, x: u32) -> bool {
        let k = self.value[x as usize];
        let forbidden = self.rule.forbidden(k);
        let mut present = vec![false; k as usize];
        let mut open = 0usize;
        for &y in self.graph.followers(x) {
            match self.value[y as usize] {
                NONE => open += 1,
                v if Some(v) == forbidden => return false,
                v if v < k => present[v as usize] = true,
                _ => {}
            }
        }
        let missing = present.iter().filter(|p| !**p).count();
        missing <= open
    }

    fn run(&mut self) -> Result<()> {
        // Explicit stack: at depth d the vertex order[d] and the next value to try.
        let n = self.order.len();
        let mut next_try = vec![0u32; n];
        let mut depth = 0usize;
        loop {
            if depth == n {
                self.found.count += 1;
                if self.found.listed.len() < self.limit {
                    self.found.listed.push(self.value.clone());
                }
                if n == 0 {
                    return Ok(());
                }
                depth -= 1;
                continue;
            }
            self.steps += 1;
            if self.steps > self.max_steps {
                return Err(Error::StateLimit(self.max_steps as usize));
            }
            if self.steps.is_multiple_of(1 << 16) {
                self.control.check()?;
            }
            let x = self.order[depth];
            self.value[x as usize] = NONE;
            let largest = self.rule.largest(self.graph.followers(x).len());
            let mut advanced = false;
            while next_try[depth] <= largest {
                let k = next_try[depth];
                next_try[depth] += 1;
                self.value[x as usize] = k;
                if self.consistent_at(x) && self.graph.predecessors(x).iter().all(|&p| self.check_assigned(p)) {
                    advanced = true;
                    break;
                }
                self.value[x as usize] = NONE;
            }
            if advanced {
                depth += 1;
                if depth < n {
                    next_try[depth] = 0;
                }
            } else {
                next_try[depth] = 0;
                self.value[x as usize] = NONE;
                if depth == 0 {
                    return Ok(());
                }
                depth -= 1;
            }
        }
    }

    /// Whether an assigned vertex p is still consistent (unassigned ones trivially are).
    fn check_assigned(&self, p: u32) -> bool {
        if self.value[p as usize] == NONE {
            return true;
        }
        if !self.consistent_at(p) {
            return false;
        }
        let fs = self.graph.followers(p);
        if fs.iter().all(|&y| self.value[y as usize] != NONE) {
            return self.value[p as usize] == self.rule.apply(fs.iter().map(|&y| self.value[y as usize]));
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cycle(n: u32) -> Digraph {
        let arcs: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        Digraph::unnamed(n as usize, &arcs).unwrap()
    }

    #[test]
    fn thesis_cycles() {
        let three = enumerate(&cycle(3), Rule::Mex, 10).unwrap();
        assert_eq!(three.count, 0);
        let four = enumerate(&cycle(4), Rule::Mex, 10).unwrap();
        assert_eq!(four.count, 2);
        let mut listed = four.listed.clone();
        listed.sort();
        assert_eq!(listed, vec![vec![0, 1, 0, 1], vec![1, 0, 1, 0]]);
        assert_eq!(enumerate(&cycle(3), Rule::Bmex, 10).unwrap().count, 0);
        assert_eq!(enumerate(&cycle(4), Rule::Bmex, 10).unwrap().count, 2);
    }

    #[test]
    fn limit_caps_the_listing_not_the_count() {
        let f = enumerate(&cycle(4), Rule::Mex, 1).unwrap();
        assert_eq!((f.count, f.listed.len()), (2, 1));
    }

    #[test]
    fn empty_graph_has_one_function() {
        let g = Digraph::unnamed(0, &[]).unwrap();
        assert_eq!(enumerate(&g, Rule::Mex, 5).unwrap().count, 1);
    }
}
