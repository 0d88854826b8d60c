//! The construction of misère quotients heap by heap, after Plambeck and Siegel's MisereSolver
//! (PS2008, §6 and the supplement's appendix; Siegel's notes on the solver): a *pretension*
//! (a finite commutative monoid, its P-portion and a pretending function Φ from heaps to
//! elements) is extended one heap at a time, changed only where a new heap forces it, and
//! checked by the bipartite-monoid test; a failing candidate is corrected at its least failing
//! sum (*recalibration*).
//!
//! What: a pretension is right for the heaps 0..=n when Φ predicts the misère outcome of every
//! sum W of them: W is a P-position iff Φ(W) is in the P-portion. Write T(h) for the images of
//! heap h's options and T(W) for the images of W's options; then T(W + h) = T(W)·Φ(h) ∪
//! Φ(W)·T(h), so the pair (Φ(W), T(W)) is a finite automaton over the heaps. By induction on
//! W the pretension is right iff (the *bipartite test*) the empty sum is not in P, and
//! - **P-condition**: no x·Φ(h) in P has an x·t (t ∈ T(h)) in P, for every element x (each
//!   element is Φ of some sum, its lexicographically least one);
//! - **N-condition**: every reachable (x, T) with T nonempty and x outside P meets P in T.
//!
//! The N-condition is checked by a depth-first walk of the sums in lexicographic order (the
//! largest heap most significant: a sum's options come before it), pruned by subsumption: a
//! sum whose state (x, T) contains the state (x, T₀) of an earlier sum is not extended, since
//! any failure above it has a smaller failure above the earlier one (T grows with T₀ under
//! every addition, and the lexicographic order is a monomial order). So the walk is finite and
//! the first failure it meets is the least failing sum.
//!
//! How, for a new heap n: (1) *conservative extension*: Φ(n) is tried as each element already
//! there (first against the states of the last proof: an element x with a recorded state
//! (x, T₀), T₀ ⊆ T(n), passes at once; then by a proof of the sums holding heap n); (2) else
//! the presentation changes: the candidate is the old quotient times a free cyclic monoid
//! ⟨a | a⁴ = a²⟩ for heap n, its P-portion marked by the rules on each element's least sum,
//! reduced by indistinguishability; (3) while a candidate fails at its least failing sum F,
//! it is recalibrated: for sets S of the heaps of F (smallest first), the heaps of S are made
//! free cyclic generators (period 2, index large enough for their powers in F), the others
//! keep their images (the submonoid they generate), the P-portion is marked afresh and the
//! whole reduced; the first such candidate that gets F right replaces it. The least failures
//! of successive candidates increase, so more of the sums is right each round.
//!
//! Cost: per proof, the reachable states kept in the antichains (at worst exponential in the
//! order, small in practice); per candidate, its order times the number of heaps for the
//! marking and the partition refinement. Bounded by the state limit and [`MAX_ELEMENTS`].

use crate::error::{Error, Result};
use crate::settings::Settings;
use crate::solve::heap_sequence::HeapRules;
use rustc_hash::FxHashMap;

/// Most elements of one candidate monoid (before its reduction).
pub const MAX_ELEMENTS: usize = 1 << 18;

/// Most recalibrations for one heap.
pub const MAX_ROUNDS: usize = 100_000;

/// The progress phase of a long proof: the sums (states) walked so far in it, with no total
/// (none is known in advance).
pub const PROOF_PHASE: &str = "misère quotient: proof states at this heap";

/// A set of elements, as bits.
type Set = Vec<u64>;

fn put(s: &mut [u64], i: u32) {
    s[i as usize / 64] |= 1 << (i % 64);
}

/// Whether a ⊆ b.
fn within(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

/// A sum of heaps: its heaps in non-increasing order. Comparing two such lists
/// lexicographically is the lexicographic order of their exponent vectors with the largest
/// heap most significant (a monomial order: a sum's options come before it).
pub type Word = Vec<u32>;

/// Inserts heap `h` into a non-increasing word.
fn with_heap(word: &[u32], h: u32) -> Word {
    let mut w = word.to_vec();
    let at = w.partition_point(|&g| g >= h);
    w.insert(at, h);
    w
}

/// The options of heaps 0..=N: for each heap, its distinct options as non-increasing lists of
/// the heaps they leave (heaps without moves dropped: they are the identity).
pub struct Options {
    of: Vec<Vec<Word>>,
}

impl Options {
    /// The options of heaps 0..=`to`.
    pub fn of<R: HeapRules + ?Sized>(rules: &R, to: u64, limits: &Settings) -> Result<Options> {
        if to >= u64::from(u32::MAX) {
            return Err(Error::Input(format!(
                "heap {to} is too large for a quotient: heaps up to {} are taken",
                u32::MAX - 1
            )));
        }
        // The options kept (about 32 bytes each) and a few words per heap: refused at once when
        // that cannot fit.
        limits.control.reserve(Self::estimate(rules, to))?;
        let mut of: Vec<Vec<Word>> = Vec::with_capacity(to as usize + 1);
        let mut bytes = 0u64;
        for h in 0..=to {
            if h % 64 == 0 {
                limits.control.check()?;
                limits.control.reserve(bytes)?;
            }
            let mut opts: Vec<Word> = Vec::new();
            rules.heap_options(h, &mut |parts| {
                let mut w: Word = parts.iter().map(|&p| p as u32).collect();
                w.sort_unstable_by(|a, b| b.cmp(a));
                opts.push(w);
            });
            // An option with no move of its own is still an option (it leaves the empty sum).
            let terminal = |p: u32, of: &[Vec<Word>]| of[p as usize].is_empty();
            let mut cleaned: Vec<Word> = opts
                .into_iter()
                .map(|w| w.into_iter().filter(|&p| !terminal(p, &of)).collect())
                .collect();
            cleaned.sort();
            cleaned.dedup();
            bytes += cleaned.iter().map(|w| 24 + 4 * w.len() as u64).sum::<u64>();
            of.push(cleaned);
        }
        Ok(Options { of })
    }

    /// Bytes the options of heaps 0..=`to` take, about (from the code's digits, or the count of
    /// options of the largest heap, when the rules give them).
    fn estimate<R: HeapRules + ?Sized>(rules: &R, to: u64) -> u64 {
        let per_heap = match rules.take_break() {
            Some(tb) => {
                let digits = tb.digits().len() as u64;
                let splits = match tb.max_parts() {
                    0 | 1 => 1,
                    2 => to / 2 + 1,
                    _ => (to / 4 + 1).saturating_mul(to / 3 + 1),
                };
                digits.saturating_mul(splits)
            }
            None => rules
                .heap_option_count(to)
                .map_or(1, |c| u64::try_from(c).unwrap_or(u64::MAX)),
        };
        (to + 1).saturating_mul(per_heap.saturating_mul(32).saturating_add(64))
    }

    /// Whether heap `h` has moves.
    pub fn moves(&self, h: usize) -> bool {
        !self.of[h].is_empty()
    }
}

/// A pretension: a commutative monoid given by the action of each heap's image on the elements
/// (element 0 the identity, every element Φ of some sum), its P-portion, and Φ through the
/// actions: Φ(h) = the action of heap h applied to 0.
#[derive(Clone, Debug)]
pub struct Pretension {
    /// The number of elements.
    pub n: usize,
    /// Distinct actions x ↦ x·g of the heaps' images.
    pub gens: Vec<Vec<u32>>,
    /// For each heap 0..=N, the index of its action (`None` for a heap without moves).
    pub phi: Vec<Option<u32>>,
    /// Whether each element is in the P-portion.
    pub p: Vec<bool>,
}

/// The images of one heap's options, each with the heaps of one option (to multiply by it).
type Transitions = Vec<Vec<(u32, Word)>>;

/// A frame of the walk of sums: (element, option set, largest heap that may be added, next heap
/// to try).
type Frame = (u32, Set, u32, u32);

/// For each element, the reachable option sets T of the sums found so far (minimal ones).
pub type Antichains = Vec<Vec<Set>>;

impl Pretension {
    /// The trivial quotient of heap 0: one element, an N-position.
    pub fn trivial() -> Pretension {
        Pretension {
            n: 1,
            gens: vec![],
            phi: vec![None],
            p: vec![false],
        }
    }

    /// x · Φ(h).
    /// The option set of the state (x, `set`) with heap `h` added: each option's element times
    /// h's, and x times each option of h (`options_of_h`, h's row of the transitions).
    fn options_after(&self, h: u32, x: u32, set: &[u64], options_of_h: &[(u32, Word)]) -> Set {
        let mut t = vec![0u64; set.len()];
        self.options_after_into(h, x, set, options_of_h, &mut t);
        t
    }

    /// [`Self::options_after`] written into `t` (cleared first): the proof's walk reuses one
    /// buffer for the many sums the antichains prune, allocating only for those it keeps.
    fn options_after_into(&self, h: u32, x: u32, set: &[u64], options_of_h: &[(u32, Word)], t: &mut Set) {
        t.clear();
        t.resize(set.len(), 0);
        for e in crate::solve::graph_kayles::set::iter(set) {
            put(t, self.act(h, e as u32));
        }
        for (_, o) in options_of_h {
            put(t, self.times(x, o));
        }
    }

    fn act(&self, h: u32, x: u32) -> u32 {
        match self.phi[h as usize] {
            Some(g) => self.gens[g as usize][x as usize],
            None => x,
        }
    }

    /// x · Φ(word).
    pub fn times(&self, x: u32, word: &[u32]) -> u32 {
        word.iter().fold(x, |x, &h| self.act(h, x))
    }

    /// Φ(h) as an element.
    pub fn image(&self, h: usize) -> u32 {
        self.act(h as u32, 0)
    }

    /// The images of each heap's options, distinct, with one option each.
    fn transitions(&self, opts: &Options) -> Transitions {
        (0..self.phi.len())
            .map(|h| {
                let mut seen: Vec<(u32, Word)> = Vec::new();
                for o in &opts.of[h] {
                    let t = self.times(0, o);
                    if !seen.iter().any(|(u, _)| *u == t) {
                        seen.push((t, o.clone()));
                    }
                }
                seen
            })
            .collect()
    }

    /// Empty transitions for heaps 0..`heaps` (enough to list the least sums, not to mark).
    fn transitions_for(&self, heaps: usize) -> Transitions {
        vec![Vec::new(); heaps]
    }

    /// The multiplication map x ↦ x·e of an element e given by a word.
    fn map_of(&self, word: &[u32]) -> Vec<u32> {
        (0..self.n as u32).map(|x| self.times(x, word)).collect()
    }

    /// One step of the depth-first walk of sums shared by [`Self::least_sums`] and
    /// [`Self::n_failure`]: pops the frames whose heaps are all tried (and their heap from
    /// `word`), and returns the next heap with moves to add to the top frame's sum (the frame
    /// is left on top), or `None` when the walk is over.
    fn next_heap(&self, stack: &mut Vec<Frame>, word: &mut Word) -> Option<u32> {
        while let Some(frame) = stack.last_mut() {
            if frame.3 > frame.2 {
                stack.pop();
                word.pop();
                continue;
            }
            let h = frame.3;
            frame.3 += 1;
            if self.phi[h as usize].is_some() {
                return Some(h);
            }
        }
        None
    }

    /// The least sum of each element, walking the sums in lexicographic order (a sum whose
    /// element was met before is not extended: its extensions' elements were met before too).
    /// With `mark`, the P-portion is set on the way by the rules: an element is P iff its least
    /// sum has options and none of them is in P (its options' elements come before it).
    /// `None` for an element no sum reaches.
    fn least_sums(&mut self, tr: &Transitions, mark: bool) -> Vec<Option<Word>> {
        let words = self.n.div_ceil(64);
        let mut least: Vec<Option<Word>> = vec![None; self.n];
        least[0] = Some(Vec::new());
        if mark {
            self.p[0] = false;
        }
        let top = self.phi.len() as u32 - 1;
        // Frames: (element, option set, largest heap that may be added, next heap to try).
        let mut stack: Vec<Frame> = vec![(0, vec![0; words], top, 1)];
        let mut word: Word = Vec::new();
        while let Some(h) = self.next_heap(&mut stack, &mut word) {
            let frame = stack.last().expect("next_heap leaves the frame to extend");
            let x = frame.0;
            let y = self.act(h, x);
            if least[y as usize].is_some() {
                continue;
            }
            // The option sets are only needed to mark the P-portion.
            let t = if mark {
                self.options_after(h, x, &frame.1, &tr[h as usize])
            } else {
                Vec::new()
            };
            word.push(h);
            least[y as usize] = Some(word.clone());
            if mark {
                let mut p = true;
                for (i, w) in t.iter().enumerate() {
                    let mut bits = *w;
                    while bits != 0 {
                        let b = bits.trailing_zeros();
                        bits &= bits - 1;
                        if self.p[(i as u32 * 64 + b) as usize] {
                            p = false;
                        }
                    }
                }
                self.p[y as usize] = p;
            }
            stack.push((y, t, h, 1));
        }
        least
    }

    /// The least sum failing the P-condition (or the empty sum, when it is marked P).
    fn p_failure(&self, tr: &Transitions, least: &[Option<Word>], only: Option<u32>) -> Option<Word> {
        if self.p[0] {
            return Some(Vec::new());
        }
        let mut best: Option<Word> = None;
        for h in 1..self.phi.len() as u32 {
            if self.phi[h as usize].is_none() || only.is_some_and(|o| o != h) {
                continue;
            }
            for x in 0..self.n as u32 {
                if !self.p[self.act(h, x) as usize] {
                    continue;
                }
                if tr[h as usize].iter().any(|(_, o)| self.p[self.times(x, o) as usize]) {
                    let Some(l) = &least[x as usize] else { continue };
                    let w = with_heap(l, h);
                    if best.as_ref().is_none_or(|b| w < *b) {
                        best = Some(w);
                    }
                }
            }
        }
        best
    }

    /// The least sum failing the N-condition among the sums whose largest heap is ≥ `from`
    /// (and below `bound`, when given), walking them in lexicographic order with the
    /// antichains `anti` (seeded with states of sums known to be right, extended on the way).
    fn n_failure(
        &self,
        tr: &Transitions,
        from: u32,
        anti: &mut Antichains,
        bound: Option<&Word>,
        limits: &Settings,
        budget: &mut usize,
    ) -> Result<Option<Word>> {
        let words = self.n.div_ceil(64);
        let top = self.phi.len() as u32 - 1;
        let mut stack: Vec<Frame> = vec![(0, vec![0; words], top, from.max(1))];
        let mut word: Word = Vec::new();
        let mut steps = 0u64;
        let mut scratch: Set = Vec::with_capacity(words);
        while let Some(h) = self.next_heap(&mut stack, &mut word) {
            let frame = stack.last().expect("next_heap leaves the frame to extend");
            steps += 1;
            if steps.is_multiple_of(4096) {
                limits.control.check()?;
                if steps.is_multiple_of(1 << 16) {
                    limits.control.progress(PROOF_PHASE, steps, None);
                }
            }
            let x = frame.0;
            let y = self.act(h, x);
            self.options_after_into(h, x, &frame.1, &tr[h as usize], &mut scratch);
            let list = &mut anti[y as usize];
            if list.iter().any(|t0| within(t0, &scratch)) {
                continue;
            }
            let t = scratch.clone();
            word.push(h);
            if let Some(b) = bound
                && word >= *b
            {
                return Ok(None);
            }
            list.retain(|t0| !within(&t, t0));
            list.push(t.clone());
            if *budget == 0 {
                return Err(Error::StateLimit(limits.max_states.min(super::MAX_PROOF_STATES)));
            }
            *budget -= 1;
            if !self.p[y as usize]
                && !t.iter().enumerate().any(|(i, w)| {
                    let mut bits = *w;
                    while bits != 0 {
                        let b = bits.trailing_zeros();
                        bits &= bits - 1;
                        if self.p[(i as u32 * 64 + b) as usize] {
                            return true;
                        }
                    }
                    false
                })
            {
                return Ok(Some(word));
            }
            stack.push((y, t, h, 1));
        }
        Ok(None)
    }

    /// The least failing sum of the whole pretension, or `None` when it is right for every sum
    /// (with the antichains of the proof).
    fn least_failure(
        &mut self,
        opts: &Options,
        limits: &Settings,
        budget: &mut usize,
    ) -> Result<(Option<Word>, Antichains)> {
        let tr = self.transitions(opts);
        let least = self.least_sums(&tr, false);
        let pf = self.p_failure(&tr, &least, None);
        let mut anti: Antichains = vec![Vec::new(); self.n];
        let nf = self.n_failure(&tr, 1, &mut anti, pf.as_ref(), limits, budget)?;
        Ok((nf.or(pf), anti))
    }

    /// Whether the pretension is right for every sum of heaps 0..=N, reduced (no two elements
    /// alike under every product) and generated by the heaps' images: then it is the quotient.
    pub fn proves(&mut self, opts: &Options, limits: &Settings) -> Result<bool> {
        let tr = self.transitions(opts);
        let least = self.least_sums(&tr, false);
        if least.iter().any(Option::is_none) || self.reduce().n != self.n {
            return Ok(false);
        }
        Ok(self.least_failure(opts, limits, &mut proof_budget(limits))?.0.is_none())
    }

    /// The monoid generated by the images of the heaps `keep` says yes to (from the identity),
    /// renumbered in breadth-first order; the others' actions dropped (their `phi` set to
    /// `None`). Returns it with the old element of each new one.
    fn regenerate(&self, keep: &dyn Fn(usize) -> bool) -> (Pretension, Vec<u32>) {
        let mut used: Vec<u32> = Vec::new();
        for (h, g) in self.phi.iter().enumerate() {
            if let Some(g) = g
                && keep(h)
                && !used.contains(g)
            {
                used.push(*g);
            }
        }
        let mut new_of: FxHashMap<u32, u32> = FxHashMap::default();
        let mut old: Vec<u32> = vec![0];
        new_of.insert(0, 0);
        let mut i = 0;
        while i < old.len() {
            let x = old[i];
            i += 1;
            for &g in &used {
                let y = self.gens[g as usize][x as usize];
                if let std::collections::hash_map::Entry::Vacant(e) = new_of.entry(y) {
                    e.insert(old.len() as u32);
                    old.push(y);
                }
            }
        }
        let gens: Vec<Vec<u32>> = used
            .iter()
            .map(|&g| {
                old.iter()
                    .map(|&x| new_of[&self.gens[g as usize][x as usize]])
                    .collect()
            })
            .collect();
        let phi = self
            .phi
            .iter()
            .enumerate()
            .map(|(h, g)| match g {
                Some(g) if keep(h) => Some(used.iter().position(|u| u == g).expect("used") as u32),
                _ => None,
            })
            .collect();
        let p = old.iter().map(|&x| self.p[x as usize]).collect();
        (
            Pretension {
                n: old.len(),
                gens,
                phi,
                p,
            },
            old,
        )
    }

    /// The quotient of the monoid by indistinguishability (x ~ y iff x·z and y·z are both in P
    /// or both not, for every z): Moore's partition refinement over the heaps' actions.
    pub fn reduce(&self) -> Pretension {
        let mut block: Vec<u32> = self.p.iter().map(|&p| p as u32).collect();
        let mut count = {
            let mut seen = [false; 2];
            for &b in &block {
                seen[b as usize] = true;
            }
            seen.iter().filter(|&&s| s).count()
        };
        // Each round's signatures in one flat buffer (an element's block and its images'),
        // numbered by a map of slices into it: no allocation per element.
        let width = self.gens.len() + 1;
        let mut sigs: Vec<u32> = vec![0; self.n * width];
        loop {
            for (x, sig) in sigs.chunks_exact_mut(width).enumerate() {
                sig[0] = block[x];
                for (s, g) in sig[1..].iter_mut().zip(&self.gens) {
                    *s = block[g[x] as usize];
                }
            }
            let mut ids: FxHashMap<&[u32], u32> = FxHashMap::default();
            ids.reserve(count * 2);
            let next: Vec<u32> = sigs
                .chunks_exact(width)
                .map(|sig| {
                    let k = ids.len() as u32;
                    *ids.entry(sig).or_insert(k)
                })
                .collect();
            let c = ids.len();
            drop(ids);
            block = next;
            if c == count {
                break;
            }
            count = c;
        }
        // The identity's block becomes 0 (labels 0 and root swapped), then breadth-first order.
        let root = block[0];
        for b in &mut block {
            if *b == root {
                *b = 0;
            } else if *b == 0 {
                *b = root;
            }
        }
        let gens: Vec<Vec<u32>> = self
            .gens
            .iter()
            .map(|g| {
                let mut a = vec![0u32; count];
                for x in 0..self.n {
                    a[block[x] as usize] = block[g[x] as usize];
                }
                a
            })
            .collect();
        let mut p = vec![false; count];
        for x in 0..self.n {
            p[block[x] as usize] = self.p[x];
        }
        Pretension {
            n: count,
            gens,
            phi: self.phi.clone(),
            p,
        }
        .regenerate(&|_| true)
        .0
    }

    /// The index m of the element Φ(h): its powers repeat from x^m on.
    fn index_of(&self, h: usize) -> usize {
        let mut seen: FxHashMap<u32, usize> = FxHashMap::default();
        let mut x = 0;
        for k in 0.. {
            if let Some(&m) = seen.get(&x) {
                return m;
            }
            seen.insert(x, k);
            x = self.act(h as u32, x);
        }
        unreachable!()
    }

    /// The candidate with the heaps `free` made free cyclic generators a_i with
    /// a_i^(m_i + 2) = a_i^(m_i) (m_i = `index[i]`), the other heaps keeping their images in the
    /// submonoid they generate; the P-portion marked by the rules and the result reduced.
    /// `Ok(None)` when it would have more than [`MAX_ELEMENTS`] elements; its elements are
    /// charged to `budget` (the state limit of the heap's work).
    fn freed(
        &self,
        free: &[usize],
        index: &[usize],
        tr_opts: &Options,
        limits: &Settings,
        budget: &mut usize,
    ) -> Result<Option<Pretension>> {
        let (sub, _) = self.regenerate(&|h| !free.contains(&h));
        let radix: Vec<usize> = index.iter().map(|m| m + 2).collect();
        let Some(total) = radix.iter().try_fold(sub.n, |a, &r| a.checked_mul(r)) else {
            return Ok(None);
        };
        if total > MAX_ELEMENTS {
            return Ok(None);
        }
        if total > *budget {
            return Err(Error::StateLimit(proof_budget(limits)));
        }
        *budget -= total;
        limits.control.check()?;
        limits
            .control
            .reserve((total * (sub.gens.len() + free.len() + 2) * 4) as u64)?;
        let mut gens: Vec<Vec<u32>> = sub
            .gens
            .iter()
            .map(|g| {
                (0..total)
                    .map(|e| {
                        let (x, rest) = (e % sub.n, e / sub.n);
                        (g[x] as usize + rest * sub.n) as u32
                    })
                    .collect()
            })
            .collect();
        let mut phi = sub.phi.clone();
        let mut unit = sub.n;
        for (i, &h) in free.iter().enumerate() {
            let r = radix[i];
            let m = index[i];
            let act: Vec<u32> = (0..total)
                .map(|e| {
                    let d = e / unit % r;
                    let nd = if d + 1 == r { m } else { d + 1 };
                    (e - d * unit + nd * unit) as u32
                })
                .collect();
            phi[h] = Some(gens.len() as u32);
            gens.push(act);
            unit *= r;
        }
        let mut cand = Pretension {
            n: total,
            gens,
            phi,
            p: vec![false; total],
        };
        let tr = cand.transitions(tr_opts);
        cand.least_sums(&tr, true);
        Ok(Some(cand.reduce()))
    }
}

/// The number of proof states one proof may keep.
fn proof_budget(limits: &Settings) -> usize {
    limits.max_states.min(super::MAX_PROOF_STATES)
}

/// What taking in one heap did.
pub enum Step {
    /// The heap is an element already there (or has no moves): the quotient is unchanged.
    Same,
    /// The presentation changed, after this many candidates.
    Changed(usize),
}

/// The construction's state: the proved pretension of the heaps so far and the antichains of
/// its last proof.
pub struct Solver<'a> {
    opts: &'a Options,
    /// The proved quotient of the heaps 0..=`pret.phi.len() - 1`.
    pub pret: Pretension,
    anti: Option<Antichains>,
}

impl<'a> Solver<'a> {
    /// The solver at heap 0.
    pub fn new(opts: &'a Options) -> Solver<'a> {
        Solver {
            opts,
            pret: Pretension::trivial(),
            anti: None,
        }
    }

    /// Takes in the next heap; `Err` when the state limit or the control stops it, `Ok(Err)`
    /// with the reason when no candidate could be corrected (the solver is unchanged then).
    pub fn next(&mut self, limits: &Settings) -> Result<std::result::Result<Step, String>> {
        let h = self.pret.phi.len();
        if !self.opts.moves(h) {
            self.pret.phi.push(None);
            return Ok(Ok(Step::Same));
        }
        if let Some(x) = self.conservative(h, limits)? {
            let _ = x;
            return Ok(Ok(Step::Same));
        }
        // The presentation changes: the old quotient times ⟨a | a⁴ = a²⟩ for heap h.
        let mut base = self.pret.clone();
        base.phi.push(None);
        // The state limit bounds the whole work of the heap: proof states and candidates'
        // elements.
        let mut budget = proof_budget(limits);
        let Some(mut trial) = base.freed(&[h], &[2], self.opts, limits, &mut budget)? else {
            return Ok(Err(format!(
                "heap {h}: the first candidate has more than {MAX_ELEMENTS} elements"
            )));
        };
        for round in 1..=MAX_ROUNDS {
            limits.control.check()?;
            let (fail, anti) = trial.least_failure(self.opts, limits, &mut budget)?;
            let Some(f) = fail else {
                self.pret = trial;
                self.anti = Some(anti);
                return Ok(Ok(Step::Changed(round)));
            };
            match recalibrate(&trial, &f, self.opts, limits, &mut budget)? {
                Some(next) => trial = next,
                None => {
                    return Ok(Err(format!(
                        "heap {h}: no recalibration of a candidate of order {} gets the sum {} right",
                        trial.n,
                        word_heaps(&f)
                    )));
                }
            }
        }
        Ok(Err(format!(
            "heap {h}: no proved candidate after {MAX_ROUNDS} recalibrations"
        )))
    }

    /// Heap h as an element x already there, when that is right for every sum.
    fn conservative(&mut self, h: usize, limits: &Settings) -> Result<Option<u32>> {
        let q = &self.pret;
        let mut tr_h: Vec<(u32, Word)> = Vec::new();
        for o in &self.opts.of[h] {
            let t = q.times(0, o);
            if !tr_h.iter().any(|(u, _)| *u == t) {
                tr_h.push((t, o.clone()));
            }
        }
        let words = q.n.div_ceil(64);
        let mut t_set = vec![0u64; words];
        for (t, _) in &tr_h {
            put(&mut t_set, *t);
        }
        let alone_p = !tr_h.iter().any(|(t, _)| q.p[*t as usize]);
        if self.anti.is_none() {
            let mut pret = q.clone();
            let (fail, anti) = pret.least_failure(self.opts, limits, &mut proof_budget(limits))?;
            debug_assert!(fail.is_none(), "the quotient so far is proved");
            self.anti = Some(anti);
        }
        let anti = self.anti.as_ref().expect("set above");
        let tr_prev = q.transitions(self.opts);
        let least = {
            let mut q2 = q.clone();
            q2.least_sums(&tr_prev, false)
        };
        // Candidates passing the P-condition for heap h.
        let mut candidates: Vec<(u32, Vec<u32>)> = Vec::new();
        for x in 0..q.n as u32 {
            if q.p[x as usize] != alone_p {
                continue;
            }
            let Some(lx) = &least[x as usize] else { continue };
            let map = q.map_of(lx);
            let p_ok = (0..q.n as u32)
                .all(|y| !q.p[map[y as usize] as usize] || tr_h.iter().all(|(_, o)| !q.p[q.times(y, o) as usize]));
            if !p_ok {
                continue;
            }
            if anti[x as usize].iter().any(|t0| within(t0, &t_set)) {
                self.adopt(h, map);
                return Ok(Some(x));
            }
            candidates.push((x, map));
        }
        let mut budget = proof_budget(limits);
        for (x, map) in candidates {
            limits.control.check()?;
            let mut trial = self.pret.clone();
            trial.phi.push(Some(trial.gens.len() as u32));
            trial.gens.push(map.clone());
            let tr = trial.transitions(self.opts);
            let mut seeded = anti.clone();
            if trial
                .n_failure(&tr, h as u32, &mut seeded, None, limits, &mut budget)?
                .is_none()
            {
                self.adopt(h, map);
                self.anti = Some(seeded);
                return Ok(Some(x));
            }
        }
        Ok(None)
    }

    /// Sets Φ(h) to the element whose multiplication map is `map`.
    fn adopt(&mut self, h: usize, map: Vec<u32>) {
        debug_assert_eq!(self.pret.phi.len(), h);
        let g = match self.pret.gens.iter().position(|g| *g == map) {
            Some(g) => g,
            None => {
                self.pret.gens.push(map);
                self.pret.gens.len() - 1
            }
        };
        self.pret.phi.push(Some(g as u32));
    }
}

/// The pretension as a [`super::Quotient`] (product table, P-portion, the class of each heap);
/// its presentation is left to [`super::present`].
pub fn to_quotient(pret: &Pretension) -> super::Quotient {
    let mut q = pret.clone();
    let tr = q.transitions_for(pret.phi.len());
    let least = q.least_sums(&tr, false);
    let words: Vec<Word> = least.into_iter().map(Option::unwrap_or_default).collect();
    let product: Vec<Vec<usize>> = (0..pret.n as u32)
        .map(|x| words.iter().map(|w| pret.times(x, w) as usize).collect())
        .collect();
    super::Quotient {
        order: pret.n,
        product,
        p: pret.p.clone(),
        heap_class: (0..pret.phi.len()).map(|h| pret.image(h) as usize).collect(),
        generators: vec![],
        words: vec![vec![]; pret.n],
        relations: vec![],
        representatives: words.iter().map(|w| w.iter().map(|&h| h as u64).collect()).collect(),
    }
}

/// The heaps of a sum as text: `5 3 3`.
pub fn word_heaps(w: &[u32]) -> String {
    if w.is_empty() {
        return "0".into();
    }
    w.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// A candidate that gets the failing sum `f` right: the heaps of f freed, fewest first.
fn recalibrate(
    trial: &Pretension,
    f: &[u32],
    opts: &Options,
    limits: &Settings,
    budget: &mut usize,
) -> Result<Option<Pretension>> {
    let should_p = !trial.p[trial.times(0, f) as usize];
    let mut heaps: Vec<usize> = f.iter().map(|&h| h as usize).collect();
    heaps.sort_unstable();
    heaps.dedup();
    let count = |h: usize| f.iter().filter(|&&g| g as usize == h).count();
    for k in 1..=heaps.len() {
        let mut pick: Vec<usize> = (0..k).collect();
        loop {
            limits.control.check()?;
            let free: Vec<usize> = pick.iter().map(|&i| heaps[i]).collect();
            let index: Vec<usize> = free
                .iter()
                .map(|&h| trial.index_of(h).max(count(h).saturating_sub(1)))
                .collect();
            if let Some(c) = trial.freed(&free, &index, opts, limits, budget)?
                && c.p[c.times(0, f) as usize] == should_p
            {
                return Ok(Some(c));
            }
            // Next combination of k indices out of heaps.len().
            let n = heaps.len();
            let mut i = k;
            while i > 0 && pick[i - 1] == n - k + i - 1 {
                i -= 1;
            }
            if i == 0 {
                break;
            }
            pick[i - 1] += 1;
            for j in i..k {
                pick[j] = pick[j - 1] + 1;
            }
        }
    }
    Ok(None)
}
