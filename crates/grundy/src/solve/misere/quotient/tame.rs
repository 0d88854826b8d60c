//! Tame quotients: whether a misère quotient is isomorphic to one of misère Nim's.
//!
//! What: misère Nim restricted to heaps < 2^k has the quotient T_k of order 2^k + 2 for k ≥ 2 (ONAG
//! ch. 12; PS2008 §2): its elements are the sums of heaps ≤ 1 (two classes, by parity: 1 and
//! a) and, for sums with a heap ≥ 2, their nim-sum v (2^k classes; none for k = 1); the product adds nim-sums
//! (xor) and is "large" when either factor is; the P-portion is {a, the large 0}. T_1 = ⟨a |
//! a² = 1⟩ (order 2), T_2 = ⟨a, b | a² = 1, b³ = b⟩ (order 6), T_3 has order 10, and so on. A
//! game whose quotient is isomorphic to some T_k (with its P-portion) plays as misère Nim: it is
//! *tame* there.
//!
//! How: an isomorphism maps generators to elements; the images of the quotient's generators
//! are chosen one at a time (backtracking), every element whose word uses only the generators
//! chosen so far is mapped and checked (P kept, no two elements on one image), and a complete
//! choice is checked to be a homomorphism onto T_k.
//!
//! Cost: at most (2^k + 2)^g choices for g generators, cut early by the checks; quotients
//! whose order is not 2^k + 2 are answered at once.
//!
//! Why: the old test recognised only the two smallest presentations by their text; a quotient
//! with other generators (0.123 to heap 7 has a = `[1]`, b = `[3]`) or T_3 and up was missed.

use super::Quotient;

/// Most k tried (T_k has 2^k + 2 elements).
pub const MAX_RANK: u32 = 6;

/// Misère Nim's quotient T_k: element 0 the empty sum, 1 the class a of a heap of size 1, and
/// 2 + v the sums with a heap ≥ 2 and nim-sum v.
pub fn misere_nim(k: u32) -> Quotient {
    let big = 1usize << k;
    // With heaps ≤ 1 only (k = 1) no sum has a heap ≥ 2: just 1 and a.
    let order = if k == 1 { 2 } else { big + 2 };
    let decode = |x: usize| if x < 2 { (x, false) } else { (x - 2, true) };
    let encode = |v: usize, large: bool| if large { v + 2 } else { v };
    let product = (0..order)
        .map(|x| {
            (0..order)
                .map(|y| {
                    let ((v, l), (w, m)) = (decode(x), decode(y));
                    encode(v ^ w, l || m)
                })
                .collect()
        })
        .collect();
    let p = (0..order).map(|x| x == 1 || x == 2).collect();
    // Heap n < 2^k: 0 for n = 0, a for n = 1, the large n otherwise.
    let heap_class = (0..big).map(|n| if n < 2 { n } else { n + 2 }).collect();
    Quotient {
        order,
        product,
        p,
        heap_class,
        generators: vec![],
        words: vec![vec![]; order],
        relations: vec![],
        representatives: vec![vec![]; order],
    }
}

/// The order of T_k: 2 for k = 1, 2^k + 2 after.
pub fn misere_nim_order(k: u32) -> usize {
    if k == 1 { 2 } else { (1usize << k) + 2 }
}

/// The k with `q` isomorphic to misère Nim's quotient T_k (P-portion included), or `None`.
/// `q` must carry its canonical presentation (generators and words, [`super::present`]).
pub fn tame_rank(q: &Quotient) -> Option<u32> {
    let k = (1..=MAX_RANK).find(|&k| misere_nim_order(k) == q.order)?;
    let t = misere_nim(k);
    let gens: Vec<usize> = q.generators.iter().map(|&h| q.heap_class[h as usize]).collect();
    let mut images = Vec::with_capacity(gens.len());
    search(q, &t, &gens, &mut images).then_some(k)
}

/// The image of element x under the generator images chosen so far, when its word uses only
/// those generators.
fn image(q: &Quotient, t: &Quotient, images: &[usize], x: usize) -> Option<usize> {
    let word = &q.words[x];
    if word.iter().skip(images.len()).any(|&e| e > 0) {
        return None;
    }
    Some(
        word.iter()
            .zip(images)
            .fold(0, |y, (&e, &g)| (0..e).fold(y, |z, _| t.product[z][g])),
    )
}

fn search(q: &Quotient, t: &Quotient, gens: &[usize], images: &mut Vec<usize>) -> bool {
    // Check the elements mapped so far: P kept, no two on one image.
    let mut seen = vec![usize::MAX; t.order];
    for x in 0..q.order {
        if let Some(y) = image(q, t, images, x) {
            if q.p[x] != t.p[y] || (seen[y] != usize::MAX && seen[y] != x) {
                return false;
            }
            seen[y] = x;
        }
    }
    if images.len() == gens.len() {
        let phi: Vec<usize> = (0..q.order)
            .map(|x| image(q, t, images, x).unwrap_or(usize::MAX))
            .collect();
        return phi.iter().all(|&y| y != usize::MAX)
            && (0..q.order).all(|x| (0..q.order).all(|y| phi[q.product[x][y]] == t.product[phi[x]][phi[y]]));
    }
    for g in 1..t.order {
        images.push(g);
        if search(q, t, gens, images) {
            return true;
        }
        images.pop();
    }
    false
}
