//! Misère play checked three ways: the generic search over components, the heap search, the
//! outcome-only search, and the tame formula from genera, against each other on every small
//! case; and the genus tables against the literature.

use super::genus::GenusTable;
use super::heaps::{MisereHeaps, outcome};
use crate::control::Control;
use crate::games;
use crate::nimber::Nimber;
use crate::position::AnyPosition;
use crate::settings::Settings;
use crate::solve::Solver;
use crate::solve::heap_sequence::HeapRules;
use rustc_hash::FxHashMap;

fn rules(words: &str) -> Box<dyn HeapRules> {
    let w = games::words(words);
    let entry = games::find(&w[0]).unwrap();
    (entry.heap_rules.unwrap())(&w[0], &w[1..], 100).unwrap()
}

/// A small deterministic generator (no dependency on a random crate for a few numbers).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

const GAMES: [&str; 6] = [
    "kayles",
    "0.137",
    "0.07",
    "grundy-game",
    "subtraction --set 1,3,4",
    "0.75",
];

#[test]
fn the_generic_search_the_heap_search_and_the_outcome_search_agree_on_random_sums() {
    let settings = Settings::default();
    let mut rng = Lcg(19);
    for name in GAMES {
        let game = MisereHeaps::new(rules(name));
        let mut heap_solver = Solver::plain(MisereHeaps::new(rules(name)));
        let mut table = FxHashMap::default();
        for _ in 0..40 {
            let k = 1 + rng.below(4) as usize;
            let heaps: Vec<u64> = (0..k).map(|_| rng.below(9)).collect();
            let by_heaps = heap_solver.nimber(&heaps).unwrap();
            let parts: Vec<Box<dyn AnyPosition>> = heaps
                .iter()
                .map(|h| games::build(&games::words(&format!("{name} {h}")), &settings).unwrap())
                .collect();
            let generic = super::of_positions(&parts, &settings).unwrap().value().unwrap();
            assert_eq!(generic.finite(), Some(by_heaps), "{name} {heaps:?}");
            let win = outcome(&game, &heaps, &mut table, 1 << 22, &Control::default()).unwrap();
            assert_eq!(win, !by_heaps.is_zero(), "{name} {heaps:?}");
        }
    }
}

#[test]
fn the_built_position_takes_the_fast_path_and_agrees_with_the_generic_one() {
    let settings = Settings::default();
    for words in [
        "kayles 5 9",
        "0.07 3 4 6",
        "nim 1 1 3",
        "grundy-game 7 5",
        "subtraction --set 1,2 4 5",
    ] {
        let fast = crate::games::misere::build(&games::words(words), &settings).unwrap();
        let normal = games::build(&games::words(words), &settings).unwrap();
        let generic = super::of_position(normal.as_ref(), &settings).unwrap();
        assert_eq!(fast.value().unwrap(), generic.value().unwrap(), "{words}");
        assert_eq!(fast.convention(), crate::game::Convention::Misere);
        let a: Vec<String> = fast
            .moves_to(Nimber::ZERO)
            .unwrap()
            .iter()
            .map(|m| m.next.text())
            .collect();
        let b: Vec<String> = generic
            .moves_to(Nimber::ZERO)
            .unwrap()
            .iter()
            .map(|m| m.next.text())
            .collect();
        assert_eq!(a.len(), b.len(), "{words}: {a:?} {b:?}");
    }
}

#[test]
fn misere_nim_s_closed_form_agrees_with_the_search_of_nim_under_misere_play() {
    let mut s = Solver::plain(MisereHeaps::new(rules("nim")));
    for a in 0..5u64 {
        for b in 0..5 {
            for c in 0..5 {
                for d in 0..3 {
                    let h = [a, b, c, d];
                    assert_eq!(
                        s.nimber(&h.to_vec()).unwrap(),
                        crate::games::misere_nim::misere_value(&h)
                    );
                }
            }
        }
    }
}

#[test]
fn tame_sums_valued_from_genera_agree_with_the_search() {
    for name in ["nim", "0.07", "kayles", "0.137", "subtraction --set 1,2", "grundy-game"] {
        let r = rules(name);
        let table = GenusTable::compute(&r, 12, &Settings::default()).unwrap();
        let tame: Vec<u64> = table.heaps.iter().filter(|t| t.tame).map(|t| t.heap).collect();
        let mut s = Solver::plain(MisereHeaps::new(rules(name)));
        let mut checked = 0;
        for (i, &a) in tame.iter().enumerate() {
            for (j, &b) in tame.iter().enumerate().skip(i) {
                for &c in tame.iter().skip(j) {
                    let heaps = vec![a, b, c];
                    let formula = table.tame_value(&heaps).expect("all tame");
                    assert_eq!(formula, s.nimber(&heaps).unwrap(), "{name} {heaps:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 0, "{name}");
        // A wild heap is never valued by the formula.
        if let Some(w) = table.heaps.iter().find(|t| !t.tame) {
            assert_eq!(table.tame_value(&[w.heap]), None);
        }
    }
}

/// Kayles (0.77): the genera of heaps 0..12 as tabulated in Winning Ways, ch. 13 ("Survival in
/// the Lost World", the table of Kayles genera): tame to heap 4, 4^146 at heap 5 the first
/// wild heap.
#[test]
fn kayles_genera_of_winning_ways() {
    let table = GenusTable::compute(&rules("kayles"), 12, &Settings::default()).unwrap();
    let got: Vec<String> = table.heaps.iter().map(|t| t.genus.to_string()).collect();
    let ww = [
        "0^120", "1^031", "2^20", "3^31", "1^031", "4^146", "3^31", "2^20", "1^13", "4^046", "2^20", "6^46", "4^046",
    ];
    assert_eq!(got, ww);
    assert_eq!(table.tame_to(), Some(4));
}

/// The misère values and genera of Kayles, Dawson's Kayles (0.137) and Grundy's game for heaps
/// 0..20: γ0 is the misère value found by the generic search over components (an independent
/// path), g the normal value of the sequence engine, and every term γn the misère value of the
/// heap with n Nim heaps of size 2 searched by the generic engine.
#[test]
fn genera_to_heap_20_agree_with_the_independent_generic_search() {
    let settings = Settings::default();
    for name in ["kayles", "0.137", "grundy-game"] {
        let table = GenusTable::compute(&rules(name), 20, &Settings::default()).unwrap();
        for t in &table.heaps {
            let heap = games::build(&games::words(&format!("{name} {}", t.heap)), &settings).unwrap();
            let normal = heap.value().unwrap().finite().unwrap().0;
            assert_eq!(t.genus.normal, normal, "{name} {}", t.heap);
            for (n, &term) in t.terms.iter().enumerate().take(3) {
                let mut parts = vec![heap.boxed()];
                for _ in 0..n {
                    parts.push(games::build(&games::words("nim 2"), &settings).unwrap());
                }
                let v = super::of_positions(&parts, &settings).unwrap().value().unwrap();
                assert_eq!(v.finite(), Some(Nimber(term)), "{name} {} + {n}·*2", t.heap);
            }
        }
    }
}

/// Every sum of at most `k` heaps ≤ `n` (as sorted lists).
fn sums(n: u64, k: usize) -> Vec<Vec<u64>> {
    let mut out = vec![vec![]];
    let mut frontier = vec![vec![]];
    for _ in 0..k {
        let mut next = Vec::new();
        for s in &frontier {
            let from = s.last().copied().unwrap_or(1);
            for h in from..=n {
                let mut t: Vec<u64> = s.clone();
                t.push(h);
                next.push(t);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

/// The quotients of small octal games predict the outcome, and every winning move, of every
/// sum of up to four small heaps as the brute-force search finds them.
#[test]
fn quotients_predict_brute_force_outcomes_and_moves() {
    for (code, to) in [
        ("0.75", 12),
        ("0.31", 12),
        ("0.52", 12),
        ("0.312", 12),
        ("nim", 6),
        ("0.07", 12),
    ] {
        let r = rules(code);
        let built = super::quotient::build(&r, to, &Settings::default()).unwrap();
        let q = &built.quotient;
        let n = q.to().min(7);
        let game = MisereHeaps::new(rules(code));
        let mut table = FxHashMap::default();
        for s in sums(n, 4) {
            let brute = outcome(&game, &s, &mut table, 1 << 22, &Control::default()).unwrap();
            assert_eq!(q.wins(&s), Some(brute), "{code} {s:?}");
            let moves = q.winning_moves(&r, &s).unwrap();
            let mut want = 0;
            for (i, &h) in s.iter().enumerate() {
                if s[..i].contains(&h) {
                    continue;
                }
                r.heap_options(h, &mut |parts| {
                    let next = MisereHeaps::<Box<dyn HeapRules>>::replace(&s, i, parts);
                    let w = outcome(&game, &next, &mut FxHashMap::default(), 1 << 22, &Control::default()).unwrap();
                    want += usize::from(!w);
                });
            }
            assert_eq!(moves.len(), want, "{code} {s:?}");
        }
        assert!(q.is_reduced());
        assert!(
            q.order.is_multiple_of(2),
            "{code}: impartial misère quotients have even order"
        );
    }
}

/// Misère Nim's quotient restricted to heaps ≤ 3 (ONAG ch. 12, PS2008 §2): generated by
/// a = *1, b = *2 and c = *3 with a² = 1, b³ = b, ... its P-portion is {a, b², ...}: here only
/// what is certain: sums of heaps ≤ 1 give {1, a} with a the P-element.
#[test]
fn the_quotient_of_heaps_at_most_one_is_misere_nim_of_ones() {
    let built = super::quotient::build(&rules("nim"), 1, &Settings::default()).unwrap();
    let q = &built.quotient;
    assert_eq!(q.order, 2);
    assert_eq!(q.p_portion(), vec![q.heap_class[1]]);
    assert_eq!(q.product[q.heap_class[1]][q.heap_class[1]], 0, "a² = 1");
}

/// The order and P-portion size of the quotient at a heap where it has stabilised, and that it
/// is already stable there. 0.75: order 8, P-portion {a, b²}, as stated for PS2008 in issue 19
/// (only the paper's first page was reachable when this was checked, so the number is not
/// re-read from it). 0.31 and 0.52: no published order was found (their plambeck.org pages and
/// the supplement's chart were not reachable); order 6 is checked here three ways instead: the
/// proof ([`super::quotient::Quotient::verify`]), brute force on every sum of four heaps ≤ 7
/// (`quotients_predict_brute_force_outcomes_and_moves`), and genus: every heap ≤ 20 is tame,
/// so sums play as misère Nim (ONAG ch. 12) and the quotient is T_2, of order 6
/// (`tame_quotients_are_found_by_isomorphism_and_agree_with_genus`).
#[test]
fn published_quotients_order_and_p_portion() {
    for (code, to, order, p, gens) in [
        ("0.75", 20, 8, 2, vec![1, 2, 5]),
        ("0.31", 20, 6, 2, vec![1, 2]),
        ("0.52", 20, 6, 2, vec![1, 3]),
    ] {
        let b = super::quotient::build(&rules(code), to, &Settings::default()).unwrap();
        assert_eq!(b.stopped, None, "{code}");
        assert_eq!(b.quotient.order, order, "{code}");
        assert_eq!(b.quotient.p_portion().len(), p, "{code}");
        assert_eq!(b.quotient.generators, gens, "{code}");
        assert!(
            b.stable_from <= 5 && b.stabilised,
            "{code}: stable from {}",
            b.stable_from
        );
    }
}

/// Where the quotient of heaps < h must split to take in heap h, the presentation changes and
/// the result is proved: 0.07 at heap 10 (where a construction by new generators alone
/// stopped), and 0.4 at heap 11; and the quotient's answers agree with brute force.
#[test]
fn the_refinement_splits_classes_and_goes_on() {
    for (code, to, at) in [("0.07", 12, 10), ("0.4", 12, 11)] {
        let r = rules(code);
        let b = super::quotient::build(&r, to, &Settings::default()).unwrap();
        assert_eq!(b.stopped, None, "{code}");
        assert!(b.refined.contains(&at), "{code}: refined at {:?}", b.refined);
        assert!(b.quotient.verify(&r, &Settings::default()).unwrap());
        let game = MisereHeaps::new(rules(code));
        let mut table = FxHashMap::default();
        let mut rng = Lcg(7);
        for _ in 0..60 {
            let k = 1 + rng.below(4) as usize;
            let s: Vec<u64> = (0..k).map(|_| rng.below(to + 1)).collect();
            let brute = outcome(&game, &s, &mut table, 1 << 22, &Control::default()).unwrap();
            assert_eq!(b.quotient.wins(&s), Some(brute), "{code} {s:?}");
        }
    }
}

/// The canonical presentation of misère Nim's quotient on heaps ≤ 2: a² = 1, b³ = b.
#[test]
fn the_presentation_of_the_tame_quotient() {
    let b = super::quotient::build(&rules("nim"), 2, &Settings::default()).unwrap();
    let (gens, rels, p) = b.quotient.presentation();
    assert_eq!(gens, vec![1, 2]);
    assert_eq!(rels, vec!["a^2 = 1".to_string(), "b^3 = b".to_string()]);
    assert_eq!(p, vec!["a".to_string(), "b^2".to_string()]);
}

/// Where the old engine's refinement went round adding one power a round (Kayles at heap 9,
/// 0.312 at heap 4, 0.123 at heap 8), the presentation changes and the construction goes on;
/// the outcome it predicts for every sum of up to four heaps ≤ 12 agrees with brute force.
#[test]
fn freed_heaps_take_the_construction_past_the_old_stops() {
    for (code, at) in [("kayles", 9), ("0.312", 4), ("0.123", 8)] {
        let r = rules(code);
        let b = super::quotient::build(&r, 12, &Settings::default()).unwrap();
        assert_eq!(b.stopped, None, "{code}");
        assert!(b.refined.contains(&at), "{code}: refined at {:?}", b.refined);
        let q = &b.quotient;
        assert!(q.verify(&r, &Settings::default()).unwrap());
        assert!(q.order.is_multiple_of(2), "{code}");
        let game = MisereHeaps::new(rules(code));
        let mut table = FxHashMap::default();
        for s in sums(12, 4) {
            let brute = outcome(&game, &s, &mut table, 1 << 22, &Control::default()).unwrap();
            assert_eq!(q.wins(&s), Some(brute), "{code} {s:?}");
        }
    }
}

/// Misère Nim's quotient T_k as constructed by `tame::misere_nim` is the quotient the
/// construction finds for Nim on heaps < 2^k (orders 2, 6, 10), and each is recognised as
/// tame of its rank.
#[test]
fn misere_nim_quotients_are_the_tame_ones() {
    use super::quotient::tame::{misere_nim, tame_rank};
    for k in 1..=3u32 {
        let b = super::quotient::build(&rules("nim"), (1 << k) - 1, &Settings::default()).unwrap();
        assert_eq!(b.stopped, None);
        assert_eq!(b.quotient.order, misere_nim(k).order, "k = {k}");
        assert_eq!(tame_rank(&b.quotient), Some(k), "k = {k}");
        // T_k decides misère Nim: the player to move loses iff the P-portion says so.
        let t = misere_nim(k);
        let mut s = Solver::plain(MisereHeaps::new(rules("nim")));
        for heaps in sums((1 << k) - 1, 3) {
            assert_eq!(t.wins(&heaps), Some(!s.nimber(&heaps).unwrap().is_zero()), "{heaps:?}");
        }
    }
}

/// Tame detection by isomorphism: 0.31 and 0.52 (generators [1], [2] and [1], [3]) are tame of
/// order 6, 0.75 (order 8, the one quotient of that order: PS2008) is not; and the quotient at
/// N is tame exactly when every heap ≤ N is tame by its genus (Conway's tame games play as
/// misère Nim), for several games and N = 2..=10.
#[test]
fn tame_quotients_are_found_by_isomorphism_and_agree_with_genus() {
    use super::quotient::tame::tame_rank;
    for (code, want) in [("0.31", Some(2)), ("0.52", Some(2)), ("0.75", None)] {
        let b = super::quotient::build(&rules(code), 20, &Settings::default()).unwrap();
        assert_eq!(tame_rank(&b.quotient), want, "{code}");
    }
    for code in ["kayles", "0.07", "0.137", "0.31", "0.52", "0.75", "0.123", "nim"] {
        let r = rules(code);
        let genus = GenusTable::compute(&r, 10, &Settings::default()).unwrap();
        for n in 2..=10u64 {
            let b = super::quotient::build(&r, n, &Settings::default()).unwrap();
            assert_eq!(b.stopped, None, "{code} {n}");
            let all_tame = genus.heaps.iter().take(n as usize + 1).all(|t| t.tame);
            assert_eq!(
                tame_rank(&b.quotient).is_some(),
                all_tame,
                "{code} at {n}: order {}",
                b.quotient.order
            );
        }
    }
}

/// A genus written g^{γ0γ1…} (one digit a term, the last two alternating from there on) as
/// (g, its first eight terms).
fn expand(genus: &str) -> (u64, Vec<u64>) {
    let (g, up) = genus.split_once('^').unwrap();
    let mut terms: Vec<u64> = up.chars().map(|c| c.to_digit(10).unwrap() as u64).collect();
    while terms.len() < 8 {
        terms.push(terms[terms.len() - 2]);
    }
    (g.parse().unwrap(), terms[..8].to_vec())
}

/// 0.312 as published by Plambeck (plambeck.org, "misère octal games: quaternary games: 0.312",
/// solved 4 February 2003): single-heap genera 1^{03131}, 2^{20}, 0^{02}, 2^{1420}, 0^{02},
/// 1^{13} for heaps 1..6, the last two repeating (period 2); and heap 4 (the game he calls A)
/// with A + A pretending to be 0: in our quotient c = [4] with c² = 1.
#[test]
fn the_genera_and_quotient_of_0_312_as_published() {
    let r = rules("0.312");
    let table = GenusTable::compute(&r, 20, &Settings::default()).unwrap();
    let published = ["1^03131", "2^20", "0^02", "2^1420", "0^02", "1^13"];
    for h in 1..=20usize {
        let want = published[if h <= 6 { h - 1 } else { 4 + (h - 5) % 2 }];
        assert_eq!(
            expand(&table.heaps[h].genus.to_string()),
            expand(want),
            "0.312 heap {h}"
        );
    }
    let b = super::quotient::build(&r, 20, &Settings::default()).unwrap();
    let q = &b.quotient;
    let c = q.heap_class[4];
    assert_eq!(q.generators, vec![1, 2, 4]);
    assert_eq!(q.product[c][c], 0, "A + A = 0");
}

/// The proof can fail: a proved quotient with one element's outcome flipped, or one heap sent
/// to another element, is rejected (for every element and every heap ≤ 8 of 0.75 and 0.312).
#[test]
fn the_proof_rejects_a_wrong_p_portion_or_a_wrong_heap_class() {
    for code in ["0.75", "0.312"] {
        let r = rules(code);
        let q = super::quotient::build(&r, 8, &Settings::default()).unwrap().quotient;
        assert!(q.verify(&r, &Settings::default()).unwrap());
        for x in 0..q.order {
            let mut wrong = q.clone();
            wrong.p[x] = !wrong.p[x];
            assert!(
                !wrong.verify(&r, &Settings::default()).unwrap(),
                "{code}: P flipped at {x}"
            );
        }
        for h in 1..=8 {
            for x in (0..q.order).filter(|&x| x != q.heap_class[h]) {
                let mut wrong = q.clone();
                wrong.heap_class[h] = x;
                assert!(
                    !wrong.verify(&r, &Settings::default()).unwrap(),
                    "{code}: heap {h} sent to {x}"
                );
            }
        }
    }
}

/// Kayles' quotient to heap 20 (order 24): its outcomes agree with brute force on
/// random sums of up to three heaps ≤ 20.
#[test]
#[ignore]
fn kayles_quotient_to_heap_20_agrees_with_brute_force() {
    let r = rules("kayles");
    let b = super::quotient::build(&r, 20, &Settings::default()).unwrap();
    assert_eq!(b.stopped, None);
    let game = MisereHeaps::new(rules("kayles"));
    let mut table = FxHashMap::default();
    let mut rng = Lcg(20);
    for _ in 0..200 {
        let k = 1 + rng.below(3) as usize;
        let s: Vec<u64> = (0..k).map(|_| rng.below(21)).collect();
        if table.len() > 1 << 21 {
            table.clear();
        }
        let brute = outcome(&game, &s, &mut table, 1 << 22, &Control::default()).unwrap();
        assert_eq!(b.quotient.wins(&s), Some(brute), "{s:?}");
    }
}

/// Nim's misère formula (HeapRules::misere_formula) is what the misère search finds, on every
/// sum of three heaps up to 6, and the misère position of `nim` uses it at once for any heaps.
#[test]
fn nims_misere_formula_equals_the_misere_search() {
    let mut plain = Solver::plain(MisereHeaps::new(crate::games::nim::NimRules));
    let settings = Settings::default();
    for a in 0..=6u64 {
        for b in 0..=6u64 {
            for c in 0..=6u64 {
                let searched = plain.nimber(&vec![a, b, c]).unwrap();
                let formula = crate::games::nim::NimRules.misere_formula(&[a, b, c]);
                assert_eq!(formula, Some(searched), "{a} {b} {c}");
                let p = crate::games::misere::build(&games::words(&format!("nim {a} {b} {c}")), &settings).unwrap();
                assert_eq!(p.value().unwrap().finite(), Some(searched));
            }
        }
    }
    let big = crate::games::misere::build(&games::words("nim 100000 100000 7"), &settings).unwrap();
    assert_eq!(big.value().unwrap().finite(), Some(Nimber(7)));
}

/// Heap rules of a game with heaps up to `to` (some rules take the largest heap as a bound).
fn rules_to(words: &str, to: u64) -> Box<dyn HeapRules> {
    let w = games::words(words);
    let entry = games::find(&w[0]).unwrap();
    (entry.heap_rules.unwrap())(&w[0], &w[1..], to).unwrap()
}

/// For a handful of codes, wild and tame, the quotient at heap 12 gives the outcome the
/// brute-force search finds on every sum of up to four heaps ≤ 12.
#[test]
fn every_quotient_agrees_with_brute_force_on_sums_of_four_heaps_to_12() {
    for code in ["0.07", "kayles", "0.137", "0.4", "0.16", "0.356", "4.07"] {
        let r = rules(code);
        let b = super::quotient::build(&r, 12, &Settings::default()).unwrap();
        assert_eq!(b.stopped, None, "{code}");
        let q = &b.quotient;
        let game = MisereHeaps::new(rules(code));
        let mut table = FxHashMap::default();
        for s in sums(12, 4) {
            let brute = outcome(&game, &s, &mut table, 1 << 23, &Control::default()).unwrap();
            assert_eq!(q.wins(&s), Some(brute), "{code} {s:?}");
        }
    }
}

/// Over every code 0.d1d2 and 4.d1 (72 games) at heap 14: each quotient is proved, reduced and
/// of even order (PS2008: an impartial misère quotient has even order), and one with a
/// P-portion of two elements has order 2^n + 2 or 2^n + 4.
#[test]
fn every_order_is_even_and_two_p_elements_give_2n_plus_2_or_4() {
    let mut codes: Vec<String> = Vec::new();
    for d1 in 0..8 {
        for d2 in 0..8 {
            codes.push(format!("0.{d1}{d2}"));
        }
        codes.push(format!("4.{d1}"));
    }
    let limits = Settings {
        max_states: 100_000,
        ..Settings::default()
    };
    let mut checked = 0;
    for code in &codes {
        let r = rules(code);
        let b = super::quotient::build(&r, 14, &limits).unwrap();
        let q = &b.quotient;
        if q.to() < 6 || q.order == 1 {
            // Stopped early by the state limit: too little to say anything of; or no heap has a
            // move (0.00 and the like): the quotient of the empty game alone, order 1 (the
            // theorem is for sets holding a game other than 0).
            continue;
        }
        checked += 1;
        assert!(q.verify(&r, &limits).unwrap(), "{code}");
        assert!(q.is_reduced(), "{code}");
        assert!(q.order.is_multiple_of(2), "{code}: order {}", q.order);
        if q.p_portion().len() == 2 {
            let n = q.order - 2;
            let ok = n.is_power_of_two() || (q.order >= 4 && (q.order - 4).is_power_of_two());
            assert!(ok, "{code}: |P| = 2 and order {}", q.order);
        }
    }
    assert!(checked >= 60, "only {checked} codes checked");
}

/// Dawson's Kayles (0.07) restricted to heaps ≤ 30 has a quotient of order 360: Siegel's
/// figure for MisereSolver on the blog that announced it ("Q_30(0.07) has size 360 but one of
/// the candidates has size 848"; docs/sources.md).
#[test]
fn dawsons_kayles_to_heap_30_has_the_published_order_360() {
    let r = rules("0.07");
    let b = super::quotient::build(&r, 30, &Settings::default()).unwrap();
    assert_eq!(b.stopped, None);
    assert_eq!(b.quotient.order, 360);
    // |P| is not in the source: this is the engine's figure, held against regressions.
    assert_eq!(b.quotient.p_portion().len(), 65);
    assert_eq!(b.refined.last(), Some(&30));
    assert_eq!(b.period, None, "still changing at heap 30: nothing proved beyond it");
}

/// Kayles: the quotient stops changing at heap 27 (order 40, |P| = 9) and, at heap 200, the
/// periodicity theorem proves it for every heap: Φ has period 12 from heap 71 on (the period
/// and last exception 70 of Kayles' normal-play values). Its outcomes agree with brute force
/// on every sum of two heaps from 20 to 30 (across the last changes, at 25 and 27).
#[test]
fn kayles_quotient_is_proved_for_every_heap() {
    let r = rules_to("kayles", 200);
    let b = super::quotient::build(&r, 200, &Settings::default()).unwrap();
    assert_eq!(b.stopped, None);
    assert_eq!((b.quotient.order, b.quotient.p_portion().len()), (40, 9));
    assert_eq!(b.stable_from, 27);
    assert_eq!(
        b.period,
        Some(super::quotient::PhiPeriod {
            preperiod: 71,
            period: 12
        })
    );
    let game = MisereHeaps::new(rules_to("kayles", 200));
    let mut table = FxHashMap::default();
    for a in 20..=30 {
        for c in a..=30 {
            let s = vec![a, c];
            let brute = outcome(&game, &s, &mut table, 1 << 24, &Control::default()).unwrap();
            assert_eq!(b.quotient.wins(&s), Some(brute), "{s:?}");
        }
    }
}

/// Stopped midway (the state limit, or Ctrl-C through the control), the construction keeps the
/// proved quotient of the heaps it finished and says why it stopped.
#[test]
fn a_stop_keeps_the_quotient_of_the_heaps_finished() {
    use crate::control::{Cancel, Event};
    let r = rules("0.07");
    let small = Settings {
        max_states: 1000,
        ..Settings::default()
    };
    let b = super::quotient::build(&r, 30, &small).unwrap();
    assert_eq!(b.cause, Some(crate::Error::StateLimit(1000)));
    assert!(b.stopped.is_some() && b.quotient.to() < 30 && b.quotient.to() >= 10);
    assert!(b.quotient.verify(&r, &Settings::default()).unwrap());
    let cancel = Cancel::new();
    let trigger = cancel.clone();
    let control = Control::new().with_cancel(cancel).with_observer(move |e: &Event| {
        if let Event::Progress { phase, done, .. } = e
            && *phase == super::quotient::HEAP_PHASE
            && *done >= 20
        {
            trigger.cancel();
        }
    });
    let b = super::quotient::build(&r, 40, &Settings::default().with_control(control)).unwrap();
    assert_eq!(b.cause, Some(crate::Error::Interrupted));
    assert!(b.quotient.to() >= 20 && b.quotient.to() < 40, "to {}", b.quotient.to());
    assert!(b.quotient.verify(&r, &Settings::default()).unwrap());
}

/// The census's `order_at` passes Ctrl-C on as an error (a census must not record an empty
/// cell for a row it was stopped in), and gives `None` at the state limit.
#[test]
fn order_at_stops_on_ctrl_c_and_is_empty_at_the_state_limit() {
    let r = rules("0.07");
    let cancel = crate::control::Cancel::new();
    cancel.cancel();
    let stopped = Settings::default().with_control(Control::new().with_cancel(cancel));
    assert_eq!(
        super::quotient::order_at(&r, 20, &stopped),
        Err(crate::Error::Interrupted)
    );
    let small = Settings {
        max_states: 1000,
        ..Settings::default()
    };
    assert_eq!(super::quotient::order_at(&r, 30, &small), Ok(None));
    assert_eq!(super::quotient::order_at(&r, 12, &Settings::default()), Ok(Some(12)));
}

/// "Proved for every heap" is the periodicity theorem's claim, adapted to quotients (see
/// `proved_period`): falsifiable. For every two-digit octal code (and a spread of three-digit
/// ones) whose quotient is proved at heap 24, the quotient built three times further must have
/// the same order and P-portion size, and Φ must keep the proved period over the new heaps.
#[test]
fn a_quotient_proved_for_every_heap_does_not_change_further_on() {
    // A small budget: the codes it stops are still growing at 24, not proved, and skipped.
    let budget = Settings {
        max_states: 40_000,
        ..Settings::default()
    };
    let mut codes: Vec<String> = Vec::new();
    for a in 0..8 {
        for b in 0..8 {
            codes.push(format!("0.{a}{b}"));
        }
    }
    for c in ["0.123", "0.312", "0.137", "0.165", "0.333", "0.521", "0.706", "0.772"] {
        codes.push(c.to_string());
    }
    let mut checked = 0;
    for code in &codes {
        let b = super::quotient::build(&rules_to(code, 72), 24, &budget).unwrap();
        let Some(p) = b.period else { continue };
        let far = super::quotient::build(&rules_to(code, 72), 72, &budget).unwrap();
        assert_eq!(
            far.stopped,
            None,
            "{code}: proved at 24, yet heap {} fails",
            far.quotient.to()
        );
        assert_eq!(
            far.quotient.order, b.quotient.order,
            "{code}: the order changed after the proof"
        );
        assert_eq!(far.quotient.p_portion().len(), b.quotient.p_portion().len(), "{code}");
        let phi = &far.quotient.heap_class;
        for h in (p.preperiod + p.period)..=72 {
            assert_eq!(
                phi[h as usize],
                phi[(h - p.period) as usize],
                "{code}: Φ({h}) breaks the period"
            );
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} codes proved at heap 24");
}
