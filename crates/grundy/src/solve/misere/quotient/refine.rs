//! Refinement of a candidate misère quotient that fails its proof: the classes of earlier
//! heaps are split where the rules tell them apart, and the indistinguishability congruence is
//! recomputed on the enlarged monoid, until the candidate is a fixed point (a proved quotient).
//!
//! What: a candidate is a finite commutative monoid with a P-set and a class for each heap. Its
//! *proof states* (the class x of a sum, and for each kind of heap in the sum the class y of
//! the rest) determine the outcome the rules give the sum when the candidate is right on its
//! options: P iff the sum is not empty and no option's class y·o is in the P-set. The proof
//! states form a commutative automaton over the kinds of heaps (adding a heap of kind t maps
//! (x, S) to (x·t, {(u, y·t)} ∪ {(t, x)})); giving each state the rules' outcome and merging
//! the states that no sum of heaps tells apart (Moore's partition refinement) gives the
//! minimal automaton of that outcome: the next candidate, a commutative monoid again. Elements
//! of the old candidate split when their proof states differ in outcome under some sum;
//! elements merge when nothing tells them apart. A candidate that is its own successor passes
//! [`Quotient::verify`], which stays the guard: only a proved quotient is returned.
//!
//! Why it converges: the successor's outcome is right on every sum whose longest play is one
//! move longer than those the candidate was right on, so the candidates agree with the game on
//! ever longer plays; for a game with a finite quotient they reach it in practice within a few
//! rounds (bounded by [`MAX_ROUNDS`]; each round's automaton by
//! [`super::MAX_PROOF_STATES`]).
//!
//! Cost: per round, the proof states (as in [`Quotient::verify`]) times the number of kinds of
//! heaps, for the exploration and for each pass of the partition refinement.
//!
//! Sources: \[PS2008\] Plambeck, Siegel, "Misère quotients for impartial games" (the
//! quotient, bipartite monoids and their reduction by indistinguishability; MisereSolver's
//! candidates improved until the proof passes); Moore (1956) for the minimal automaton.

use super::{MAX_PROOF_STATES, Quotient};
use crate::error::{Error, Result};
use crate::settings::Settings;
use crate::solve::heap_sequence::HeapRules;
use rustc_hash::FxHashMap;

/// Most refinement rounds for one heap.
pub const MAX_ROUNDS: usize = 60;

/// Largest candidate (elements) carried to the next round.
pub const MAX_COVER: usize = 2000;

/// A proof state: the class of the sum, and (kind, class of the rest) for each kind in it.
type State = (u32, Vec<(u32, u32)>);

/// The kinds of heaps of a candidate: (class, classes of the options), the kind of each heap
/// (`None` for a heap without moves), and one heap of each kind.
struct Kinds {
    kinds: Vec<(usize, Vec<usize>)>,
    of_heap: Vec<Option<usize>>,
    heap_of: Vec<u64>,
}

fn kinds<R: HeapRules + ?Sized>(q: &Quotient, rules: &R) -> Kinds {
    let mut k = Kinds {
        kinds: Vec::new(),
        of_heap: Vec::new(),
        heap_of: Vec::new(),
    };
    for (h, &c) in q.heap_class.iter().enumerate() {
        let mut opts = Vec::new();
        let mut any = false;
        rules.heap_options(h as u64, &mut |parts| {
            any = true;
            // Options are sums of smaller heaps, all classed.
            if let Some(o) = q.class_of(parts) {
                opts.push(o);
            }
        });
        if !any {
            k.of_heap.push(None);
            continue;
        }
        opts.sort_unstable();
        opts.dedup();
        let kind = (c, opts);
        let t = match k.kinds.iter().position(|x| *x == kind) {
            Some(t) => t,
            None => {
                k.kinds.push(kind);
                k.heap_of.push(h as u64);
                k.kinds.len() - 1
            }
        };
        k.of_heap.push(Some(t));
    }
    k
}

/// The successor of candidate `q` (see the module docs), or `Ok(None)` when its automaton
/// exceeds [`MAX_PROOF_STATES`] states or its monoid [`MAX_COVER`] elements.
///
/// With `keep`, states of different classes of `q` are never merged: the successor is then a
/// cover of `q` (every element of `q` splits, none merge), which rules out the candidates
/// going round in a cycle; it is reduced ([`reduce`]) before its proof.
pub(super) fn successor<R: HeapRules + ?Sized>(
    q: &Quotient,
    rules: &R,
    limits: &Settings,
    keep: bool,
) -> Result<Option<Quotient>> {
    let k = kinds(q, rules);
    let nk = k.kinds.len();
    // Exploration of the proof states, breadth first (so representatives are small).
    let mut index: FxHashMap<State, u32> = FxHashMap::default();
    let mut states: Vec<State> = vec![(0, Vec::new())];
    let mut parent: Vec<(u32, u32)> = vec![(u32::MAX, u32::MAX)];
    index.insert(states[0].clone(), 0);
    let mut next_of: Vec<u32> = Vec::new(); // next_of[s * nk + t]
    let mut s = 0;
    while s < states.len() {
        if s % 4096 == 0 {
            limits.control.check()?;
        }
        let (x, set) = states[s].clone();
        for (t, (c, _)) in k.kinds.iter().enumerate() {
            let mut nset: Vec<(u32, u32)> = set
                .iter()
                .map(|&(u, y)| (u, q.product[y as usize][*c] as u32))
                .collect();
            nset.push((t as u32, x));
            nset.sort_unstable();
            nset.dedup();
            let state = (q.product[x as usize][*c] as u32, nset);
            let id = match index.get(&state) {
                Some(&id) => id,
                None => {
                    if states.len() >= MAX_PROOF_STATES {
                        return Ok(None);
                    }
                    let id = states.len() as u32;
                    index.insert(state.clone(), id);
                    states.push(state);
                    parent.push((s as u32, t as u32));
                    id
                }
            };
            next_of.push(id);
        }
        s += 1;
    }
    drop(index);
    // The rules' outcome of each state.
    let is_p: Vec<bool> = states
        .iter()
        .map(|(_, set)| {
            !set.is_empty()
                && set
                    .iter()
                    .all(|&(t, y)| k.kinds[t as usize].1.iter().all(|&o| !q.p[q.product[y as usize][o]]))
        })
        .collect();
    // Moore's partition refinement.
    let block: Vec<u32> = is_p
        .iter()
        .zip(&states)
        .map(|(&p, (x, _))| if keep { 2 * x + u32::from(p) } else { u32::from(p) })
        .collect();
    // Elements numbered by their first state (breadth-first), so the empty sum is 0.
    let (element, first) = minimise(block, &next_of, nk, limits)?;
    let order = first.len();
    if order > MAX_COVER {
        return Ok(None);
    }
    let elem = |st: usize| element[st];
    let step: Vec<Vec<usize>> = first
        .iter()
        .map(|&st| (0..nk).map(|t| elem(next_of[st * nk + t] as usize)).collect())
        .collect();
    // Each element's representative: the kinds on the path to its first state.
    let path = |mut st: usize| {
        let mut kinds_on = Vec::new();
        while parent[st].0 != u32::MAX {
            kinds_on.push(parent[st].1 as usize);
            st = parent[st].0 as usize;
        }
        kinds_on.reverse();
        kinds_on
    };
    let paths: Vec<Vec<usize>> = first.iter().map(|&st| path(st)).collect();
    let mut product = vec![vec![0; order]; order];
    for (x, row) in product.iter_mut().enumerate() {
        for (y, cell) in row.iter_mut().enumerate() {
            *cell = paths[y].iter().fold(x, |e, &t| step[e][t]);
        }
    }
    let heap_class = k.of_heap.iter().map(|t| t.map_or(0, |t| step[0][t])).collect();
    let representatives = paths
        .iter()
        .map(|p| p.iter().map(|&t| k.heap_of[t]).collect())
        .collect();
    Ok(Some(Quotient {
        order,
        product,
        p: first.iter().map(|&st| is_p[st]).collect(),
        heap_class,
        generators: vec![],
        words: vec![vec![]; order],
        relations: vec![],
        representatives,
    }))
}

/// The reduction of a bipartite monoid by indistinguishability: x and y are merged when
/// x·z and y·z are P together for every z (Moore's partition refinement over the heaps'
/// elements, which generate). A correct cover reduces to the quotient.
pub fn reduce(q: &Quotient) -> Quotient {
    let mut letters: Vec<usize> = q.heap_class.clone();
    letters.sort_unstable();
    letters.dedup();
    let mut block: Vec<usize> = q.p.iter().map(|&p| usize::from(p)).collect();
    let mut count = 0;
    loop {
        let mut ids: FxHashMap<Vec<usize>, usize> = FxHashMap::default();
        let next: Vec<usize> = (0..q.order)
            .map(|x| {
                let mut sig = vec![block[x]];
                sig.extend(letters.iter().map(|&c| block[q.product[x][c]]));
                let len = ids.len();
                *ids.entry(sig).or_insert(len)
            })
            .collect();
        let n = ids.len();
        block = next;
        if n == count {
            break;
        }
        count = n;
    }
    // Blocks are numbered by their first element, so the identity (0) stays 0.
    let mut first = vec![usize::MAX; count];
    for x in (0..q.order).rev() {
        first[block[x]] = x;
    }
    Quotient {
        order: count,
        product: first
            .iter()
            .map(|&x| first.iter().map(|&y| block[q.product[x][y]]).collect())
            .collect(),
        p: first.iter().map(|&x| q.p[x]).collect(),
        heap_class: q.heap_class.iter().map(|&c| block[c]).collect(),
        generators: vec![],
        words: vec![vec![]; count],
        relations: vec![],
        representatives: first.iter().map(|&x| q.representatives[x].clone()).collect(),
    }
}

/// Candidates improved from `start` until one passes the proof (returned with its
/// presentation), or `Ok(Err(why))` when none does within [`MAX_ROUNDS`] rounds or the state
/// limit. The first half of the rounds merge freely (small candidates, fast); the second
/// half start again from `start` and only split (covers, reduced before each proof).
pub(super) fn refine<R: HeapRules + ?Sized>(
    start: Quotient,
    rules: &R,
    limits: &Settings,
) -> Result<std::result::Result<Quotient, String>> {
    let mut why = format!("no proved quotient within {MAX_ROUNDS} rounds of refinement");
    for keep in [false, true] {
        let mut q = start.clone();
        for _ in 0..MAX_ROUNDS / 2 {
            let Some(next) = successor(&q, rules, limits, keep)? else {
                why = format!("the refinement needs more than {MAX_PROOF_STATES} proof states or {MAX_COVER} elements");
                break;
            };
            let proved = super::present(&reduce(&next));
            match proved.verify(rules, limits) {
                Ok(true) => return Ok(Ok(proved)),
                Ok(false) => {}
                Err(Error::StateLimit(n)) => {
                    why = format!("the proof needs more than {n} states");
                    break;
                }
                Err(e) => return Err(e),
            }
            if next == q {
                break; // a fixed point that fails the proof cannot improve
            }
            q = next;
        }
    }
    Ok(Err(why))
}

/// Moore's partition refinement of an automaton over `letters` letters (state s reads letter l
/// into `next_of[s * letters + l]`), from the partition `block` (a class number per state): the
/// coarsest refinement no letter splits. Returns each state's class, classes numbered by their
/// first state, and the first state of each class. Cost: per round, one signature of
/// `letters + 1` numbers per state, hashed; at most as many rounds as classes.
pub(super) fn minimise(
    mut block: Vec<u32>,
    next_of: &[u32],
    letters: usize,
    limits: &Settings,
) -> Result<(Vec<usize>, Vec<usize>)> {
    let n = block.len();
    let mut count = {
        let mut b = block.clone();
        b.sort_unstable();
        b.dedup();
        b.len()
    };
    loop {
        limits.control.check()?;
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut next_block = Vec::with_capacity(n);
        for st in 0..n {
            let mut sig = Vec::with_capacity(letters + 1);
            sig.push(block[st]);
            sig.extend((0..letters).map(|l| block[next_of[st * letters + l] as usize]));
            let len = ids.len() as u32;
            next_block.push(*ids.entry(sig).or_insert(len));
        }
        let new_count = ids.len();
        block = next_block;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    let mut number: FxHashMap<u32, usize> = FxHashMap::default();
    let mut first: Vec<usize> = Vec::new();
    let element = block
        .iter()
        .enumerate()
        .map(|(st, b)| {
            *number.entry(*b).or_insert_with(|| {
                first.push(st);
                first.len() - 1
            })
        })
        .collect();
    Ok((element, first))
}
