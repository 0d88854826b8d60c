//! Candidates from freed heaps: when the quotient of the heaps before h cannot take in heap h
//! (neither by `super::extend` nor by [`super::refine`]), the last heaps are *freed*: each
//! becomes its own generator a with the guessed relation a^(m+2) = a^m, the heaps below stay
//! classes of the quotient so far, the P-portion of that cover is marked by the rules, and the
//! cover is reduced by indistinguishability. The result is a candidate like any other: only
//! [`Quotient::verify`] decides, and a candidate that fails is dropped.
//!
//! What: with the heaps ≤ L mapped to their classes x in the quotient Q so far, and the heaps
//! L < n ≤ h (with moves) freed, an element of the cover is (x, c): c gives for each freed heap
//! a count 0..=m+1 (the cyclic monoid of index m and period 2). Its outcome is found by the
//! rules on its least sum (the representative of x plus exactly c_j copies of freed heap j):
//! each option is again an element of the cover, and lower in the order that compares the
//! counts of the largest freed heap first, so the marking is well founded. Moore's partition
//! refinement over the heaps then merges the elements no sum tells apart.
//!
//! Why: the refinement of [`super::refine`] is right on plays one move longer each round, and
//! on a heap that needs a relation a^(m+2) = a^m not yet seen it adds one power a round and
//! never closes (Kayles at heap 9: candidates of 34, 35, 44, 53, ... elements, nine more each
//! round). Plambeck and Siegel's MisereSolver instead guesses the relation, taking the heaps
//! of the least failing sum as free cyclic generators of period 2 (PS2008, appendix C of the
//! supplement); in an impartial misère quotient every element x has x^(n+2) = x^n for some n.
//! Here the freed heaps are the last ones, fewest first, and the index m grows from 1.
//!
//! Cost: per cover, |Q_L| · (m+2)^k elements (k freed heaps), each marked once through the
//! options of its least sum, then the partition refinement; covers beyond [`MAX_ELEMENTS`]
//! elements are not tried.

use super::Quotient;
use crate::error::Result;
use crate::settings::Settings;
use crate::solve::heap_sequence::HeapRules;
use rustc_hash::FxHashMap;

/// Largest index m tried for the powers of a freed heap (a^(m+2) = a^m).
pub const MAX_INDEX: usize = 3;

/// Most elements of one cover.
pub const MAX_ELEMENTS: usize = 1 << 20;

/// A cover: the quotient so far on heaps ≤ `small_to`, and the freed heaps with counts mod
/// a^(m+2) = a^m.
struct Cover<'a, R: ?Sized> {
    rules: &'a R,
    q: &'a Quotient,
    small_to: u64,
    /// Freed heaps (with moves), ascending; digit j of a count code is heap `free[j]`.
    free: Vec<u64>,
    m: usize,
    memo: FxHashMap<(usize, usize), bool>,
    limits: &'a Settings,
    ticks: u64,
}

impl<R: HeapRules + ?Sized> Cover<'_, R> {
    fn radix(&self) -> usize {
        self.m + 2
    }

    fn digit(&self, code: usize, j: usize) -> usize {
        code / self.radix().pow(j as u32) % self.radix()
    }

    /// One more copy of freed heap j: a^(m+1) · a = a^m.
    fn add(&self, code: usize, j: usize) -> usize {
        let d = self.digit(code, j);
        let unit = self.radix().pow(j as u32);
        if d == self.m + 1 { code - unit } else { code + unit }
    }

    /// Adds the heaps `parts` to (small sum, counts): small heaps go to the sum, freed heaps to
    /// the counts, heaps without moves nowhere.
    fn place(&self, small: &mut Vec<u64>, code: &mut usize, parts: &[u64]) {
        for &p in parts {
            if p <= self.small_to {
                small.push(p);
            } else if let Some(j) = self.free.iter().position(|&f| f == p) {
                *code = self.add(*code, j);
            }
        }
    }

    /// Whether the sum `small` (heaps ≤ L) plus the least sum of counts `code` is a P-position,
    /// by the rules, reading each option as its element of the cover.
    fn is_p(&mut self, small: &[u64], code: usize) -> Result<bool> {
        let x = self.q.class_of(small).expect("small heaps are classed");
        if code == 0 {
            return Ok(self.q.p[x]);
        }
        if let Some(&p) = self.memo.get(&(x, code)) {
            return Ok(p);
        }
        self.ticks += 1;
        if self.ticks.is_multiple_of(4096) {
            self.limits.control.check()?;
        }
        let mut p = true;
        'free: for j in 0..self.free.len() {
            let d = self.digit(code, j);
            if d == 0 {
                continue;
            }
            let unit = self.radix().pow(j as u32);
            let mut opts = Vec::new();
            self.rules
                .heap_options(self.free[j], &mut |parts| opts.push(parts.to_vec()));
            for parts in opts {
                let mut next_small = small.to_vec();
                let mut next_code = code - unit;
                self.place(&mut next_small, &mut next_code, &parts);
                if self.is_p(&next_small, next_code)? {
                    p = false;
                    break 'free;
                }
            }
        }
        if p {
            'small: for (i, &g) in small.iter().enumerate() {
                if small[..i].contains(&g) {
                    continue;
                }
                let mut opts = Vec::new();
                self.rules.heap_options(g, &mut |parts| opts.push(parts.to_vec()));
                for parts in opts {
                    let mut next: Vec<u64> = small.to_vec();
                    next.remove(i);
                    next.extend_from_slice(&parts);
                    if self.is_p(&next, code)? {
                        p = false;
                        break 'small;
                    }
                }
            }
        }
        self.memo.insert((x, code), p);
        Ok(p)
    }
}

/// The classes of `q` reached by sums of heaps 1..=`to` (with moves), breadth first, each with
/// a sum of those heaps reaching it; the identity first.
fn small_part<R: HeapRules + ?Sized>(q: &Quotient, rules: &R, to: u64) -> (Vec<usize>, Vec<Vec<u64>>, Vec<u64>) {
    let heaps: Vec<u64> = (1..=to).filter(|&n| has_moves(rules, n)).collect();
    let mut classes = vec![0];
    let mut reps = vec![vec![]];
    let mut i = 0;
    while i < classes.len() {
        for &g in &heaps {
            let c = q.product[classes[i]][q.heap_class[g as usize]];
            if !classes.contains(&c) {
                let mut r = reps[i].clone();
                r.push(g);
                classes.push(c);
                reps.push(r);
            }
        }
        i += 1;
    }
    (classes, reps, heaps)
}

fn has_moves<R: HeapRules + ?Sized>(rules: &R, n: u64) -> bool {
    let mut any = false;
    rules.heap_options(n, &mut |_| any = true);
    any
}

/// The reduced cover with heaps ≤ `small_to` read through `q` (the quotient of heaps < `h`)
/// and heaps `small_to` < n ≤ `h` freed with index `m`, or `None` when it has more than
/// [`MAX_ELEMENTS`] elements. Not verified.
fn cover<R: HeapRules + ?Sized>(
    q: &Quotient,
    rules: &R,
    h: u64,
    small_to: u64,
    m: usize,
    limits: &Settings,
) -> Result<Option<Quotient>> {
    let (classes, reps, small_heaps) = small_part(q, rules, small_to);
    let free: Vec<u64> = (small_to + 1..=h).filter(|&n| has_moves(rules, n)).collect();
    let radix = m + 2;
    let Some(codes) = radix.checked_pow(free.len() as u32) else {
        return Ok(None);
    };
    let n = classes.len().saturating_mul(codes);
    if n > MAX_ELEMENTS {
        return Ok(None);
    }
    let mut c = Cover {
        rules,
        q,
        small_to,
        free: free.clone(),
        m,
        memo: FxHashMap::default(),
        limits,
        ticks: 0,
    };
    // Element id = index of the small class · codes + count code.
    let index_of: FxHashMap<usize, usize> = classes.iter().enumerate().map(|(i, &x)| (x, i)).collect();
    let mut is_p = Vec::with_capacity(n);
    for rep in &reps {
        for code in 0..codes {
            is_p.push(c.is_p(rep, code)?);
        }
    }
    // Generators: the small heaps, then the freed heaps.
    let gens: Vec<u64> = small_heaps.iter().chain(&free).copied().collect();
    let ng = gens.len();
    let step = |id: usize, g: usize| -> usize {
        let (xi, code) = (id / codes, id % codes);
        if g < small_heaps.len() {
            let y = q.product[classes[xi]][q.heap_class[gens[g] as usize]];
            index_of[&y] * codes + code
        } else {
            xi * codes + c.add(code, g - small_heaps.len())
        }
    };
    let next_of: Vec<u32> = (0..n)
        .flat_map(|id| (0..ng).map(move |g| (id, g)))
        .map(|(id, g)| step(id, g) as u32)
        .collect();
    // Moore's partition refinement, starting from the outcome; elements numbered by their
    // first id: the identity (id 0) is element 0.
    let block: Vec<u32> = is_p.iter().map(|&p| u32::from(p)).collect();
    let (element, first) = super::refine::minimise(block, &next_of, ng, limits)?;
    let order = first.len();
    let elem = |id: usize| element[id];
    let step_e: Vec<Vec<usize>> = first
        .iter()
        .map(|&id| (0..ng).map(|g| elem(next_of[id * ng + g] as usize)).collect())
        .collect();
    // A sum of heaps reaching each element, breadth first from the identity.
    let mut rep_of: Vec<Option<Vec<usize>>> = vec![None; order];
    rep_of[0] = Some(vec![]);
    let mut queue = vec![0];
    let mut i = 0;
    while i < queue.len() {
        let e = queue[i];
        i += 1;
        for (g, &t) in step_e[e].iter().enumerate() {
            if rep_of[t].is_none() {
                let mut r = rep_of[e].clone().unwrap_or_default();
                r.push(g);
                rep_of[t] = Some(r);
                queue.push(t);
            }
        }
    }
    let paths: Vec<Vec<usize>> = rep_of.into_iter().map(Option::unwrap_or_default).collect();
    let product: Vec<Vec<usize>> = (0..order)
        .map(|x| {
            (0..order)
                .map(|y| paths[y].iter().fold(x, |e, &g| step_e[e][g]))
                .collect()
        })
        .collect();
    let heap_class = (0..=h)
        .map(|n| match gens.iter().position(|&g| g == n) {
            Some(g) => step_e[0][g],
            None => 0,
        })
        .collect();
    Ok(Some(Quotient {
        order,
        product,
        p: first.iter().map(|&id| is_p[id]).collect(),
        heap_class,
        generators: vec![],
        words: vec![vec![]; order],
        relations: vec![],
        representatives: paths.iter().map(|p| p.iter().map(|&g| gens[g]).collect()).collect(),
    }))
}

/// A proved quotient of heaps ≤ `h` from covers with freed heaps (see the module docs), given
/// `q`, the proved quotient of heaps < `h`: covers are tried smallest first (fewer freed heaps,
/// then a smaller index), each reduced and proved; `Ok(Err(why))` when none passes within
/// [`MAX_ELEMENTS`] elements and index [`MAX_INDEX`].
pub(super) fn search<R: HeapRules + ?Sized>(
    q: &Quotient,
    rules: &R,
    h: u64,
    limits: &Settings,
) -> Result<std::result::Result<Quotient, String>> {
    let mut tries: Vec<(usize, u64, usize)> = Vec::new();
    for small_to in 0..h {
        let small = small_part(q, rules, small_to).0.len();
        let k = (small_to + 1..=h).filter(|&n| has_moves(rules, n)).count();
        for m in 1..=MAX_INDEX {
            if let Some(size) = (m + 2).checked_pow(k as u32).and_then(|c| c.checked_mul(small))
                && size <= MAX_ELEMENTS
            {
                tries.push((size, small_to, m));
            }
        }
    }
    tries.sort_unstable_by_key(|&(size, small_to, m)| (size, std::cmp::Reverse(small_to), m));
    for &(_, small_to, m) in &tries {
        let Some(candidate) = cover(q, rules, h, small_to, m, limits)? else {
            continue;
        };
        let candidate = super::present(&candidate);
        match candidate.verify(rules, limits) {
            Ok(true) => return Ok(Ok(candidate)),
            Ok(false) => {}
            Err(crate::error::Error::StateLimit(_)) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(Err(format!(
        "no cover with freed heaps (a^(m+2) = a^m, m ≤ {MAX_INDEX}, at most {MAX_ELEMENTS} elements) passes the proof"
    )))
}
