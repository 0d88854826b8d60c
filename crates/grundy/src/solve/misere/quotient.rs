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
//! How (after Plambeck and Siegel's MisereSolver): heap by heap. For a new heap h, the outcome
//! of h taken j times plus any sum Z of smaller heaps is found by the rules (a P-position has
//! moves and no move to a P-position), reading the outcome of sums without h from the quotient
//! so far and assuming, to keep the work finite, that it depends on Z through its class only.
//! Then h is either an element already present (one whose products with every element have
//! the outcomes h + that element has), or a new generator a: the products y·a^k are compared by
//! their outcomes with every element and power, equal ones merged, and the powers of a close
//! with a relation a^(m+p) = a^m. The assumption is then removed by a proof:
//! [`Quotient::verify`] runs over every "state" a sum of heaps can be in (its class, and for
//! each class of heap in it the class of the rest, the same for every heap of that class, with
//! the rests from which one of those heaps reaches a P-position), which are finitely many, and
//! checks at each
//! that the P-portion says P exactly when the rules do. By induction over the sums this proves
//! the quotient's outcome right for every sum of heaps ≤ N. When that cheap step fails the
//! proof, heap h tells apart sums of smaller heaps that were one element: [`refine`] splits
//! them (the indistinguishability congruence recomputed on the enlarged monoid, from the
//! proof states) until a candidate passes the proof; when its candidates go round without
//! closing, [`free`] frees the last heaps (each its own generator with a guessed relation
//! a^(m+2) = a^m, as MisereSolver does). A quotient that fails the proof is never returned: if
//! no candidate passes, or a proof needs more than [`MAX_PROOF_STATES`] states, the
//! construction stops with the quotient verified so far and says at which heap and why.
//! Each quotient gets a canonical presentation ([`present`]); a presentation unchanged for a
//! long run of heaps is reported as stable ([`stabilised`]).
//!
//! Cost: for each heap, outcomes for |Q|·K pairs (each listing the options of one
//! representative sum), and a proof over the reachable states (small for small quotients, but
//! exponential in the number of classes of heaps and their sets at worst; bounded by a state
//! limit).
//!
//! Sources: \[PS2008\] T. E. Plambeck, A. N. Siegel, "Misère quotients for impartial games",
//! JCTA 115 (2008); \[Plambeck2005\] "Taming the wild in impartial combinatorial games".

pub mod free;
pub mod refine;
pub mod tame;

use super::heaps::MisereHeaps;
use crate::error::{Error, Result};
use crate::settings::Settings;
use crate::solve::heap_sequence::HeapRules;
use rustc_hash::{FxHashMap, FxHashSet};
use serde::Serialize;
use std::collections::BTreeSet;

/// Most powers of a new generator examined (a^0 .. a^MAX_POWER); the relation a^(m+p) = a^m
/// must appear with m + p ≤ MAX_POWER / 2.
pub const MAX_POWER: usize = 10;

/// Most abstract states one proof may visit.
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
    /// The trivial quotient (heap 0 only): one element, the identity, an N-position.
    fn trivial() -> Quotient {
        Quotient {
            order: 1,
            product: vec![vec![0]],
            p: vec![false],
            heap_class: vec![0],
            generators: vec![],
            words: vec![vec![]],
            relations: vec![],
            representatives: vec![vec![]],
        }
    }

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

    /// Whether the quotient says "P" exactly when the rules do, for every sum of heaps ≤ N: a
    /// proof over the finitely many states a sum can be in (see the module docs). `Err` when
    /// the proof needs more than [`MAX_PROOF_STATES`] states (or the state limit of `limits`,
    /// when lower) or is stopped by their control.
    pub fn verify<R: HeapRules + ?Sized>(&self, rules: &R, limits: &Settings) -> Result<bool> {
        // Kinds of heaps: a heap's class c and, as a bit set over the elements y, where a sum
        // of class y beside one such heap has a move to a P-position (y·o in the P-portion for
        // an option class o). Only this set matters for the proof, so heaps with the same class
        // and the same set are one kind.
        let words = self.order.div_ceil(64);
        let mut kinds: Vec<(usize, Vec<u64>)> = Vec::new();
        for (h, &c) in self.heap_class.iter().enumerate() {
            let mut opts = BTreeSet::new();
            rules.heap_options(h as u64, &mut |parts| {
                opts.insert(self.class_of(parts).expect("options are smaller heaps"));
            });
            if opts.is_empty() {
                if c != 0 {
                    return Ok(false); // a terminal heap is the empty game
                }
                continue;
            }
            let mut to_p = vec![0u64; words];
            for y in 0..self.order {
                if opts.iter().any(|&o| self.p[self.product[y][o]]) {
                    to_p[y / 64] |= 1 << (y % 64);
                }
            }
            let kind = (c, to_p);
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        // A state: the class x of the sum and, for each class c of heaps in it, the set T of
        // the z such that the sum plus a sum of class z still has, through a heap of class c, a
        // move to a P-position: with y the class of the rest beside such a heap and S the union
        // of those heaps' sets, T = {z : y·z ∈ S}. States with the same x and the same sets
        // behave alike under every sum added, so they are one. The rules say P iff the sum is
        // not empty and no T holds the identity (element 0). Adding a heap of class d maps T
        // to {z : d·z ∈ T}, and for c = d adds {z : x·z ∈ K} (K the heap's set: the rest is
        // now the old sum x).
        let words_of = |pred: &dyn Fn(usize) -> bool| -> Vec<u64> {
            let mut t = vec![0u64; words];
            for z in 0..self.order {
                if pred(z) {
                    t[z / 64] |= 1 << (z % 64);
                }
            }
            t
        };
        let has = |t: &[u64], z: usize| t[z / 64] & (1 << (z % 64)) != 0;
        type State = (u32, Vec<(u32, Vec<u64>)>);
        let mut seen: FxHashSet<State> = FxHashSet::default();
        let start: State = (0, Vec::new());
        let mut queue = vec![start.clone()];
        seen.insert(start);
        let bound = MAX_PROOF_STATES.min(limits.max_states);
        let mut steps = 0u64;
        while let Some((x, entries)) = queue.pop() {
            steps += 1;
            if steps.is_multiple_of(1024) {
                limits.control.check()?;
            }
            let p = !entries.is_empty() && entries.iter().all(|(_, t)| !has(t, 0));
            if p != self.p[x as usize] {
                return Ok(false);
            }
            let x = x as usize;
            for (d, k) in &kinds {
                let row_d = &self.product[*d];
                let row_x = &self.product[x];
                let fresh = words_of(&|z| has(k, row_x[z]));
                let mut next: Vec<(u32, Vec<u64>)> = Vec::with_capacity(entries.len() + 1);
                let mut placed = false;
                for (c, t) in &entries {
                    let mut shifted = words_of(&|z| has(t, row_d[z]));
                    if *c as usize == *d {
                        for (a, b) in shifted.iter_mut().zip(&fresh) {
                            *a |= b;
                        }
                        placed = true;
                    }
                    next.push((*c, shifted));
                }
                if !placed {
                    let d32 = *d as u32;
                    let at = next.partition_point(|e| e.0 < d32);
                    next.insert(at, (d32, fresh));
                }
                let state = (row_d[x] as u32, next);
                if !seen.contains(&state) {
                    if seen.len() >= bound {
                        return Err(Error::StateLimit(bound));
                    }
                    seen.insert(state.clone());
                    queue.push(state);
                }
            }
        }
        Ok(self.is_reduced())
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
    /// The heaps whose quotient needed elements of smaller heaps told apart (found by
    /// [`refine`]), not only a new generator.
    pub refined: Vec<u64>,
}

/// Outcomes of j copies of a new heap h plus a sum of smaller heaps, by the rules, reading the
/// sums without h from the quotient so far (keyed by the class of the smaller part).
struct Outcomes<'a, R: ?Sized> {
    rules: &'a R,
    q: &'a Quotient,
    h: u64,
    options_of_h: Vec<Vec<u64>>,
    memo: FxHashMap<(usize, usize), bool>,
    limits: &'a Settings,
    ticks: u64,
}

impl<R: HeapRules + ?Sized> Outcomes<'_, R> {
    /// Whether j·h + z is a P-position.
    fn is_p(&mut self, j: usize, z: &[u64]) -> Result<bool> {
        let class = self.q.class_of(z).expect("smaller heaps");
        if j == 0 {
            return Ok(self.q.p[class]);
        }
        if let Some(&p) = self.memo.get(&(j, class)) {
            return Ok(p);
        }
        self.ticks += 1;
        if self.ticks.is_multiple_of(1024) {
            self.limits.control.check()?;
        }
        let mut p = true;
        for o in self.options_of_h.clone() {
            let mut next = z.to_vec();
            next.extend_from_slice(&o);
            if self.is_p(j - 1, &next)? {
                p = false;
                break;
            }
        }
        if p {
            'outer: for (i, &g) in z.iter().enumerate() {
                if z[..i].contains(&g) {
                    continue;
                }
                let mut opts = Vec::new();
                self.rules.heap_options(g, &mut |parts| opts.push(parts.to_vec()));
                for parts in opts {
                    let next = MisereHeaps::<super::heaps::Borrowed<R>>::replace(z, i, &parts);
                    if self.is_p(j, &next)? {
                        p = false;
                        break 'outer;
                    }
                }
            }
        }
        self.memo.insert((j, class), p);
        Ok(p)
    }
}

/// The misère quotient of `rules` restricted to heaps 0..=`to`, built heap by heap and verified
/// (see the module docs). A heap where no verified quotient is found ends the construction:
/// the result then holds the quotient of the heaps before it and says why.
pub fn build<R: HeapRules + ?Sized>(rules: &R, to: u64, limits: &Settings) -> Result<Built> {
    let mut q = Quotient::trivial();
    let mut stable_from = 0;
    let mut refined = Vec::new();
    for h in 1..=to {
        limits.control.progress("misère quotient", h, Some(to));
        let before = q.presentation();
        let next = match take_in(rules, &q, h, limits) {
            Ok(Ok((next, was_refined))) => {
                if was_refined {
                    refined.push(h);
                }
                next
            }
            Ok(Err(why)) => {
                return Ok(Built {
                    stabilised: false,
                    quotient: q,
                    stopped: Some(why),
                    stable_from,
                    refined,
                });
            }
            Err(Error::StateLimit(n)) => {
                return Ok(Built {
                    stabilised: false,
                    quotient: q,
                    stopped: Some(format!(
                        "heap {h}: proving a candidate needs more than {n} proof states (the quotient may be large or infinite there)"
                    )),
                    stable_from,
                    refined,
                });
            }
            Err(e) => return Err(e),
        };
        q = present(&next);
        if q.presentation() != before {
            stable_from = h;
        }
    }
    limits.control.finished("misère quotient");
    Ok(Built {
        stabilised: stabilised(stable_from, to),
        quotient: q,
        stopped: None,
        stable_from,
        refined,
    })
}

/// The proved quotient of heaps ≤ `h` from `q`, the proved quotient of heaps < `h`, and whether
/// elements of smaller heaps had to be told apart; `Ok(Err(why))` when no candidate passes the
/// proof: the cheap step ([`extend`]), then [`refine`], then covers with freed heaps ([`free`]).
fn take_in<R: HeapRules + ?Sized>(
    rules: &R,
    q: &Quotient,
    h: u64,
    limits: &Settings,
) -> Result<std::result::Result<(Quotient, bool), String>> {
    let (why, start) = match extend(rules, q, h, limits)? {
        Ok(next) => return Ok(Ok((next, false))),
        Err(failed) => failed,
    };
    let more = match refine::refine(start, rules, limits)? {
        Ok(next) => return Ok(Ok((next, true))),
        Err(more) => more,
    };
    Ok(match free::search(q, rules, h, limits)? {
        Ok(next) => Ok((next, true)),
        Err(freed) => Err(format!("{why}; {more}; {freed}")),
    })
}

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
pub fn order_at<R: HeapRules + ?Sized>(rules: &R, to: u64, limits: &Settings) -> Result<Option<usize>> {
    let b = build(rules, to, limits)?;
    Ok(b.stopped.is_none().then_some(b.quotient.order))
}

/// The quotient with heap `h` added, or why none was found.
#[allow(clippy::needless_range_loop)] // two-dimensional tables indexed by (element, power)
fn extend<R: HeapRules + ?Sized>(
    rules: &R,
    q: &Quotient,
    h: u64,
    limits: &Settings,
) -> Result<std::result::Result<Quotient, (String, Quotient)>> {
    let mut options_of_h = Vec::new();
    rules.heap_options(h, &mut |parts| options_of_h.push(parts.to_vec()));
    let mut with_h = q.clone();
    if options_of_h.is_empty() {
        with_h.heap_class.push(0);
        return Ok(Ok(with_h));
    }
    let mut outcomes = Outcomes {
        rules,
        q,
        h,
        options_of_h,
        memo: FxHashMap::default(),
        limits,
        ticks: 0,
    };
    let _ = outcomes.h;
    // O[k][y]: whether k·h + (a sum of class y) is a P-position.
    let mut table = Vec::new();
    for k in 0..=MAX_POWER {
        let mut row = Vec::new();
        for y in 0..q.order {
            row.push(outcomes.is_p(k, &q.representatives[y])?);
        }
        table.push(row);
    }
    // An element already present?
    for x in 0..q.order {
        if (0..q.order).all(|y| q.p[q.product[x][y]] == table[1][y]) {
            let mut candidate = q.clone();
            candidate.heap_class.push(x);
            if candidate.verify(rules, limits)? {
                return Ok(Ok(candidate));
            }
        }
    }
    // A new generator a = [h]: elements y·a^k, compared by outcomes with every w·a^j.
    let half = MAX_POWER / 2;
    let signature = |y: usize, k: usize| -> Vec<bool> {
        let mut s = Vec::new();
        for j in 0..=half {
            for w in 0..q.order {
                s.push(table[k + j][q.product[y][w]]);
            }
        }
        s
    };
    // The relation a^(m+p) = a^m: the first power equal to an earlier one.
    let mut relation = None;
    'find: for n in 1..=half {
        for m in 0..n {
            if (0..q.order).all(|y| signature(y, n) == signature(y, m)) {
                relation = Some((m, n - m));
                break 'find;
            }
        }
    }
    let Some((m, period)) = relation else {
        let mut start = q.clone();
        start.heap_class.push(0);
        return Ok(Err((
            format!("heap {h}: the powers of the new generator do not repeat within a^{half}"),
            start,
        )));
    };
    let top = m + period; // powers 0..top are distinct
    // Classes of the pairs (y, k), k < top.
    let mut classes: Vec<(Vec<bool>, usize, usize)> = Vec::new(); // signature, y, k of the first
    let mut class_of = vec![vec![0usize; top]; q.order];
    for k in 0..top {
        for y in 0..q.order {
            let s = signature(y, k);
            let c = match classes.iter().position(|(t, _, _)| *t == s) {
                Some(c) => c,
                None => {
                    classes.push((s, y, k));
                    classes.len() - 1
                }
            };
            class_of[y][k] = c;
        }
    }
    let reduce = |k: usize| if k < top { k } else { m + (k - m) % period };
    let order = classes.len();
    let mut product = vec![vec![0; order]; order];
    for (c1, (_, y1, k1)) in classes.iter().enumerate() {
        for (c2, (_, y2, k2)) in classes.iter().enumerate() {
            product[c1][c2] = class_of[q.product[*y1][*y2]][reduce(k1 + k2)];
        }
    }
    let g = q.generators.len();
    let word = |y: usize, k: usize| {
        let mut w = q.words[y].clone();
        w.resize(g + 1, 0);
        w[g] = k as u32;
        w
    };
    let mut relations = q.relations.clone();
    for (x, w) in relations.iter_mut().flat_map(|(a, b)| [a, b]).enumerate() {
        let _ = x;
        w.resize(g + 1, 0);
    }
    relations.push((word(0, top), word(0, m)));
    for k in 1..top {
        for y in 0..q.order {
            let c = class_of[y][k];
            let (_, y0, k0) = classes[c];
            if (y0, k0) != (y, k) && k0 < k {
                relations.push((word(y, k), word(y0, k0)));
            }
        }
    }
    let representatives = classes
        .iter()
        .map(|(_, y, k)| {
            let mut r = q.representatives[*y].clone();
            r.extend(std::iter::repeat_n(h, *k));
            r
        })
        .collect();
    let candidate = Quotient {
        order,
        p: classes.iter().map(|(_, y, k)| table[*k][*y]).collect(),
        product,
        heap_class: q
            .heap_class
            .iter()
            .map(|&c| class_of[c][0])
            .chain(std::iter::once(class_of[0][1]))
            .collect(),
        generators: q.generators.iter().copied().chain(std::iter::once(h)).collect(),
        words: classes.iter().map(|(_, y, k)| word(*y, *k)).collect(),
        relations,
        representatives,
    };
    if candidate.verify(rules, limits)? {
        Ok(Ok(candidate))
    } else {
        Ok(Err((
            format!(
                "heap {h}: no quotient built from the one of heaps ≤ {} passes the proof",
                h - 1
            ),
            candidate,
        )))
    }
}
