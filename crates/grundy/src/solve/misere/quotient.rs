//! The misère quotient (Plambeck–Siegel) of a heap game restricted to heaps ≤ N, built heap by
//! heap and verified, and sums of heaps decided through it in time linear in their number.
//!
//! What: two sums G, H of heaps ≤ N are indistinguishable when G + X and H + X have the same
//! misère outcome for every sum X of heaps ≤ N; the classes form a finite commutative monoid Q
//! (when the game has a finite quotient) with its P-portion (the classes of P-positions), and a
//! map from each heap to its class. The outcome of a sum is then the product of its heaps'
//! classes, looked up in the P-portion. A quotient "at N" is the quotient of the game
//! restricted to heaps ≤ N: a larger heap may make it grow.
//!
//! How: heap by heap with MisereSolver's algorithm ([`solver`]): a new heap is first tried as
//! an element already there; otherwise the presentation changes (the old quotient times a free
//! cyclic monoid for the heap, marked by the rules and reduced), and a failing candidate is
//! recalibrated at its least failing sum until it passes. [`Quotient::verify`], the
//! bipartite-monoid test over the states (element, elements of the options), is the only gate:
//! what [`build`] returns passes it. A heap where no candidate is found, or whose work passes
//! the state limit ([`MAX_PROOF_STATES`] at most), ends the construction with the quotient of
//! the heaps before and the reason; so does Ctrl-C. Each quotient gets a canonical presentation
//! ([`present`]); [`proved_period`] proves Φ periodic for every heap when the periodicity
//! theorem applies.
//!
//! Cost: per heap, a proof (the reachable states kept in antichains: small in practice,
//! exponential in the order at worst) and, where the presentation changes, candidates of up to
//! [`solver::MAX_ELEMENTS`] elements; all bounded by the state limit.
//!
//! Sources: \[PS2008\] T. E. Plambeck, A. N. Siegel, "Misère quotients for impartial games",
//! JCTA 115 (2008); \[Plambeck2005\] "Taming the wild in impartial combinatorial games".

pub mod solver;
pub mod tame;

use crate::error::{Error, Result};
use crate::settings::Settings;
use crate::solve::heap_sequence::HeapRules;
use rustc_hash::FxHashSet;
use serde::Serialize;

/// Most proof states and candidate elements one heap's work may take.
pub const MAX_PROOF_STATES: usize = 4_000_000;

/// A misère quotient with its P-portion and the classes of heaps 0..=N.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Quotient {
    /// Elements are 0..order; 0 is the identity (the class of the empty sum).
    pub order: usize,
    /// `product[x][y]`: the product of elements x and y.
    pub product: Vec<Vec<usize>>,
    /// `p[x]`: whether sums of class x are P-positions (the player to move loses).
    pub p: Vec<bool>,
    /// The class of heap n, for n = 0..=N.
    pub heap_class: Vec<usize>,
    /// The generators: the heaps that brought a new generator, in order (a, b, c, ...).
    pub generators: Vec<u64>,
    /// Each element as a word: the exponent of each generator.
    pub words: Vec<Vec<u32>>,
    /// The relations w = v of the canonical presentation ([`present`]): pairs of words.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
    /// A sum of heaps of each class (its representative).
    pub representatives: Vec<Vec<u64>>,
}

/// Generator names: a, b, c, ..., then g27, g28, ...
fn generator_name(i: usize) -> String {
    if i < 26 {
        ((b'a' + i as u8) as char).to_string()
    } else {
        format!("g{}", i + 1)
    }
}

/// A word in generators as text: `1`, `a`, `a^2b`.
pub fn word_text(word: &[u32]) -> String {
    let mut s = String::new();
    for (i, &e) in word.iter().enumerate() {
        match e {
            0 => {}
            1 => s.push_str(&generator_name(i)),
            e => s.push_str(&format!("{}^{e}", generator_name(i))),
        }
    }
    if s.is_empty() { "1".into() } else { s }
}

impl Quotient {
    /// What identifies the presentation: generators, relations and P-portion as text.
    pub fn presentation(&self) -> (Vec<u64>, Vec<String>, Vec<String>) {
        (
            self.generators.clone(),
            self.relations
                .iter()
                .map(|(a, b)| format!("{} = {}", word_text(a), word_text(b)))
                .collect(),
            self.p_portion().iter().map(|&x| word_text(&self.words[x])).collect(),
        )
    }

    /// The largest heap N of the quotient.
    pub fn to(&self) -> u64 {
        self.heap_class.len() as u64 - 1
    }

    /// The class of a sum of heaps (each ≤ N); `None` when a heap is beyond N.
    pub fn class_of(&self, heaps: &[u64]) -> Option<usize> {
        heaps.iter().try_fold(0, |x, &h| {
            let c = *self.heap_class.get(usize::try_from(h).ok()?)?;
            Some(self.product[x][c])
        })
    }

    /// The misère outcome of a sum of heaps (each ≤ N): `Some(true)` when the player to move
    /// wins; in time linear in the number of heaps.
    pub fn wins(&self, heaps: &[u64]) -> Option<bool> {
        Some(!self.p[self.class_of(heaps)?])
    }

    /// The P-portion: the elements whose sums are P-positions.
    pub fn p_portion(&self) -> Vec<usize> {
        (0..self.order).filter(|&x| self.p[x]).collect()
    }

    /// Every winning move of a sum of heaps (each ≤ N), as (index of the heap moved, the heaps
    /// it leaves), found through the quotient: the class of the rest of the sum times the
    /// class of the option must be in the P-portion.
    pub fn winning_moves<R: HeapRules + ?Sized>(&self, rules: &R, heaps: &[u64]) -> Option<Vec<(usize, Vec<u64>)>> {
        let classes: Vec<usize> = heaps
            .iter()
            .map(|&h| self.heap_class.get(usize::try_from(h).ok()?).copied())
            .collect::<Option<_>>()?;
        // Products of the heaps before i and after i (commutative).
        let mut before = vec![0; heaps.len() + 1];
        for i in 0..heaps.len() {
            before[i + 1] = self.product[before[i]][classes[i]];
        }
        let mut after = vec![0; heaps.len() + 1];
        for i in (0..heaps.len()).rev() {
            after[i] = self.product[after[i + 1]][classes[i]];
        }
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if heaps[..i].contains(&h) {
                continue;
            }
            let rest = self.product[before[i]][after[i + 1]];
            rules.heap_options(h, &mut |parts| {
                if let Some(c) = self.class_of(parts)
                    && self.p[self.product[rest][c]]
                {
                    out.push((i, parts.to_vec()));
                }
            });
        }
        Some(out)
    }

    /// Whether the quotient says "P" exactly when the rules do, for every sum of heaps ≤ N, and
    /// is reduced and generated by the heaps: the bipartite-monoid test of [`solver`] (the
    /// P-condition on every element, the N-condition on every reachable state). `Err` when the
    /// proof needs more than [`MAX_PROOF_STATES`] states (or the state limit of `limits`, when
    /// lower) or is stopped by their control.
    pub fn verify<R: HeapRules + ?Sized>(&self, rules: &R, limits: &Settings) -> Result<bool> {
        let opts = solver::Options::of(rules, self.to(), limits)?;
        let mut classes: Vec<usize> = Vec::new();
        let mut phi = Vec::with_capacity(self.heap_class.len());
        for (h, &c) in self.heap_class.iter().enumerate() {
            if !opts.moves(h) {
                if c != 0 {
                    return Ok(false); // a heap without moves is the empty game
                }
                phi.push(None);
                continue;
            }
            let g = match classes.iter().position(|&d| d == c) {
                Some(g) => g,
                None => {
                    classes.push(c);
                    classes.len() - 1
                }
            };
            phi.push(Some(g as u32));
        }
        let mut pret = solver::Pretension {
            n: self.order,
            gens: classes
                .iter()
                .map(|&c| (0..self.order).map(|x| self.product[x][c] as u32).collect())
                .collect(),
            phi,
            p: self.p.clone(),
        };
        Ok(pret.proves(&opts, limits)? && self.is_reduced())
    }

    /// Whether every two elements are told apart by some product's outcome (so the monoid is
    /// the quotient itself, not a cover of it).
    pub fn is_reduced(&self) -> bool {
        (0..self.order).all(|x| {
            (x + 1..self.order)
                .all(|y| (0..self.order).any(|z| self.p[self.product[x][z]] != self.p[self.product[y][z]]))
        })
    }
}

/// The result of a construction: the quotient verified up to the last heap it reached, and why
/// it stopped before N if it did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Built {
    /// The quotient of heaps 0..=`quotient.to()`, verified.
    pub quotient: Quotient,
    /// Why the construction stopped before the heap asked for, if it did.
    pub stopped: Option<String>,
    /// The first heap from which the presentation (generators, relations, P-portion) did not
    /// change up to the last heap.
    pub stable_from: u64,
    /// Whether that run is long enough to call the quotient stable ([`stabilised`]): a sign,
    /// not a proof.
    pub stabilised: bool,
    /// The heaps where the presentation changed (MisereSolver's expansion heaps): the quotient
    /// of the heaps before could not take the heap in as one of its elements.
    pub refined: Vec<u64>,
    /// The period of Φ proved for every heap, when the periodicity theorem applies at the last
    /// heap ([`proved_period`]).
    pub period: Option<PhiPeriod>,
    /// What stopped the construction before `to`, when it was a limit or the control (the
    /// state limit, the memory limit, Ctrl-C): the front end's exit status.
    #[serde(skip)]
    pub cause: Option<Error>,
}

/// The pretending function Φ periodic from heap `preperiod` on with period `period`, for every
/// heap (not only those computed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PhiPeriod {
    /// The first heap of the periodic part.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
}

/// The period of Φ proved for all heaps, from the quotient of heaps ≤ N of a take-and-break
/// game whose options leave at most two heaps (octal codes; no "unequal" rule) and take at
/// most k: when Φ(m + p) = Φ(m) for n₀ ≤ m ≤ N − p and N ≥ 2·max(n₀, 1) + 2p + k − 1, the
/// quotient is that of every heap and Φ has period p from n₀ on.
///
/// Why (the argument of the Guy–Smith periodicity theorem carried to quotients, as in PS2008's
/// periodicity theorem): for a heap n > N, each option n − j of n has Φ(n − j) = Φ(n − j − p)
/// and each split a + b of n − j (a ≤ b) has b − p ≥ max(n₀, 1), so Φ(b) = Φ(b − p); conversely
/// for the options of n − p. So the options of n have the same images as those of n − p;
/// giving n the element of n − p, heap n acts on the proof's states exactly as heap n − p, so
/// the bipartite test passes unchanged; by induction on n, for every heap.
pub fn proved_period<R: HeapRules + ?Sized>(q: &Quotient, rules: &R) -> Option<PhiPeriod> {
    let rules = rules.take_break()?;
    if !rules.provable() || rules.max_parts() > 2 {
        return None;
    }
    let k = rules.max_removal() as u64;
    let n = q.to();
    let phi = &q.heap_class;
    for p in 1..=n {
        let mut n0 = n - p + 1;
        while n0 > 0 && phi[(n0 - 1 + p) as usize] == phi[(n0 - 1) as usize] {
            n0 -= 1;
        }
        if n + 1 >= 2 * n0.max(1) + 2 * p + k {
            return Some(PhiPeriod {
                preperiod: n0,
                period: p,
            });
        }
    }
    None
}

/// The misère quotient of `rules` restricted to heaps 0..=`to`, built heap by heap by
/// [`solver`] and verified (see the module docs). A heap where no quotient is found ends the
/// construction: the result then holds the quotient of the heaps before it and says why; so
/// does a stop by the control (Ctrl-C: `interrupted`), keeping the heaps finished.
pub fn build<R: HeapRules + ?Sized>(rules: &R, to: u64, limits: &Settings) -> Result<Built> {
    let opts = solver::Options::of(rules, to, limits)?;
    let mut solver = solver::Solver::new(&opts);
    let mut refined = Vec::new();
    let mut stopped = None;
    let mut cause = None;
    for h in 1..=to {
        limits.control.progress(HEAP_PHASE, h - 1, None);
        match solver.next(limits) {
            Ok(Ok(solver::Step::Same)) => {}
            Ok(Ok(solver::Step::Changed(_))) => refined.push(h),
            Ok(Err(why)) => {
                stopped = Some(why);
                break;
            }
            Err(Error::StateLimit(n)) => {
                stopped = Some(format!(
                    "heap {h}: proving a candidate needs more than {n} proof states (the quotient may be large or infinite there)"
                ));
                cause = Some(Error::StateLimit(n));
                break;
            }
            Err(e @ (Error::Interrupted | Error::MemoryLimit(_))) => {
                stopped = Some(format!("heap {h}: {e}"));
                cause = Some(e);
                break;
            }
            Err(e) => return Err(e),
        }
    }
    limits.control.finished(solver::PROOF_PHASE);
    limits.control.finished(HEAP_PHASE);
    let q = present(&solver::to_quotient(&solver.pret));
    // The only gate: what is returned passes the proof (not interruptible, it is the last step).
    let gate = limits.with_control(limits.control.clone().with_cancel(crate::control::Cancel::new()));
    if !q.verify(rules, &gate)? {
        return Err(Error::Unsupported(format!(
            "internal error: the quotient of heaps ≤ {} failed its proof",
            q.to()
        )));
    }
    let stable_from = refined.last().copied().unwrap_or(0);
    Ok(Built {
        stabilised: stopped.is_none() && stabilised(stable_from, to),
        period: proved_period(&q, rules),
        quotient: q,
        stopped,
        stable_from,
        refined,
        cause,
    })
}

/// The progress phase of the construction: the heaps finished, with no total and so no
/// estimate of the time left (a heap that changes the presentation can cost far more than the
/// others).
pub const HEAP_PHASE: &str = "misère quotient: heaps finished";

/// Whether a presentation unchanged from heap `from` to heap `to` counts as stable: for at
/// least [`STABLE_RUN`] heaps, and for at least as many heaps as came before `from` (a run as
/// long as the history it ends). A sign, not a proof: a larger heap may still add elements.
pub fn stabilised(from: u64, to: u64) -> bool {
    to - from >= STABLE_RUN.max(from)
}

/// The shortest run of heaps with the same presentation reported as stable.
pub const STABLE_RUN: u64 = 10;

/// The same quotient with a canonical presentation: generators are the heaps, in increasing
/// order, whose element is not a product of earlier generators; each element is named by its
/// first word in a breadth-first enumeration (and numbered in that order, the identity 0);
/// the relations are `w = v` for the words w that are not names but all of whose divisors
/// w / g are (the minimal such words: every other word is rewritten through them).
pub fn present(q: &Quotient) -> Quotient {
    let mut gens: Vec<u64> = Vec::new();
    let mut gen_class: Vec<usize> = Vec::new();
    let mut reach = vec![false; q.order];
    reach[0] = true;
    for (h, &c) in q.heap_class.iter().enumerate() {
        if reach[c] {
            continue;
        }
        gens.push(h as u64);
        gen_class.push(c);
        let mut stack: Vec<usize> = (0..q.order).filter(|&x| reach[x]).collect();
        while let Some(x) = stack.pop() {
            for &g in &gen_class {
                let y = q.product[x][g];
                if !reach[y] {
                    reach[y] = true;
                    stack.push(y);
                }
            }
        }
    }
    let g = gens.len();
    let mut word_of: Vec<Option<Vec<u32>>> = vec![None; q.order];
    word_of[0] = Some(vec![0; g]);
    let mut seq = vec![0];
    let mut i = 0;
    while i < seq.len() {
        let e = seq[i];
        i += 1;
        for (j, &c) in gen_class.iter().enumerate() {
            let t = q.product[e][c];
            if word_of[t].is_none() {
                let mut w = word_of[e].clone().unwrap_or_default();
                w[j] += 1;
                word_of[t] = Some(w);
                seq.push(t);
            }
        }
    }
    // Elements not generated by heaps (none in a quotient) keep their place after the rest.
    seq.extend((0..q.order).filter(|&x| word_of[x].is_none()));
    let names: FxHashSet<Vec<u32>> = word_of.iter().flatten().cloned().collect();
    let mut relations = Vec::new();
    let mut seen: FxHashSet<Vec<u32>> = FxHashSet::default();
    for &e in &seq {
        let Some(we) = &word_of[e] else { continue };
        for (j, &c) in gen_class.iter().enumerate() {
            let mut w = we.clone();
            w[j] += 1;
            let t = q.product[e][c];
            if word_of[t].as_ref() == Some(&w) || names.contains(&w) || !seen.insert(w.clone()) {
                continue;
            }
            let minimal = (0..g).filter(|&k| w[k] > 0).all(|k| {
                let mut d = w.clone();
                d[k] -= 1;
                names.contains(&d)
            });
            if minimal {
                relations.push((w, word_of[t].clone().unwrap_or_default()));
            }
        }
    }
    let mut new_of = vec![0; q.order];
    for (n, &old) in seq.iter().enumerate() {
        new_of[old] = n;
    }
    let mut product = vec![vec![0; q.order]; q.order];
    for x in 0..q.order {
        for y in 0..q.order {
            product[new_of[x]][new_of[y]] = new_of[q.product[x][y]];
        }
    }
    let words: Vec<Vec<u32>> = seq.iter().map(|&e| word_of[e].clone().unwrap_or_default()).collect();
    let representatives = seq
        .iter()
        .map(|&e| match &word_of[e] {
            Some(w) => w
                .iter()
                .zip(&gens)
                .flat_map(|(&k, &h)| std::iter::repeat_n(h, k as usize))
                .collect(),
            None => q.representatives[e].clone(),
        })
        .collect();
    Quotient {
        order: q.order,
        product,
        p: seq.iter().map(|&e| q.p[e]).collect(),
        heap_class: q.heap_class.iter().map(|&c| new_of[c]).collect(),
        generators: gens,
        words,
        relations,
        representatives,
    }
}

/// The order of the misère quotient of `rules` restricted to heaps ≤ `to` (for the census), or
/// `None` when no verified quotient reaches `to`.
/// Ctrl-C and the memory budget are errors here (the census stops on them rather than leave a
/// cell empty); the state limit gives `None`.
pub fn order_at<R: HeapRules + ?Sized>(rules: &R, to: u64, limits: &Settings) -> Result<Option<usize>> {
    let b = build(rules, to, limits)?;
    if let Some(e @ (Error::Interrupted | Error::MemoryLimit(_))) = &b.cause {
        return Err(e.clone());
    }
    Ok(b.stopped.is_none().then_some(b.quotient.order))
}
