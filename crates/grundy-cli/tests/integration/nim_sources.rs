//! Nim and the subtraction games in every source: the handbook ([10,12,5]), the Polish slides
//! (⟨3,4,5⟩, ⟨11,20,25⟩), the Romanian article (1⊕7⊕5, the prime game), the thesis (A-Nim).

use crate::support::{json, position, value};
use grundy::Nimber;

fn winning(words: &str) -> Vec<String> {
    position(words)
        .moves_to(Nimber(0))
        .unwrap()
        .iter()
        .map(|m| m.next.text())
        .collect()
}

#[test]
fn handbook_10_12_5_has_nim_sum_3_and_one_winning_move_to_9_12_5() {
    let doc = json(&["value", "nim", "10", "12", "5", "--json"]);
    assert_eq!(doc["value"], 3);
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["game"], "nim");
    assert_eq!(doc["position"], "10 12 5");
    assert_eq!(
        doc["winning_moves"],
        serde_json::json!([{"component": null, "move": "10 → 9", "position": "9 12 5"}])
    );
    // The misprint [10,2,5] of the English text has nim sum 13.
    assert_eq!(value("nim 10 2 5"), 13);
}

#[test]
fn slides_examples() {
    assert_eq!(value("nim 3 4 5"), 2);
    assert_eq!(winning("nim 3 4 5"), vec!["1 4 5"]);
    assert_eq!(value("nim 11 20 25"), 6);
    assert_eq!(winning("nim 11 20 25"), vec!["11 18 25"]);
    // One heap is won; two heaps are won iff unequal; [1,1] lost, [1] won.
    assert_ne!(value("nim 7"), 0);
    assert_eq!(value("nim 1 1"), 0);
    assert_ne!(value("nim 1"), 0);
    for a in 0..8 {
        for b in 0..8 {
            assert_eq!(value(&format!("nim {a} {b}")) == 0, a == b);
        }
    }
}

#[test]
fn romanian_xor_and_prime_game() {
    assert_eq!(value("nim 1 7 5"), 3);
    let g: Vec<u64> = (0..=10).map(|n| value(&format!("prime-subtraction {n}"))).collect();
    assert_eq!(g, vec![0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2]);
    // The n mod 4 law, against the plain solver (formula off) up to 3000.
    let rules = grundy::games::subtraction::PrimeSubtraction::new(3000).unwrap();
    let values = grundy::solve::heap_sequence::plain_values(&rules, 3000, &Default::default()).unwrap();
    for (n, v) in values.iter().enumerate() {
        assert_eq!(v.0, n as u64 % 4, "heap {n}");
    }
    // First player wins iff the xor of heap sizes mod 4 is non-zero.
    assert_eq!(value("prime-subtraction 5 9"), 0);
    assert_eq!(value("prime-subtraction 6 9"), 3);
}

#[test]
fn thesis_a_nim() {
    // {1,2,3}-Nim: g(i) = i mod 4; size 20 is odd (P); the second player answers to 16,12,8,4,0.
    assert_eq!(value("subtraction --set 1,2,3 20"), 0);
    for s in [19, 18, 17] {
        assert_eq!(winning(&format!("subtraction --set 1,2,3 {s}")), vec!["16"]);
    }
    // {1..5}-Nim: g(i) = i mod 6; 20 → 2 (even, N); 60 → 0 (odd, P).
    assert_eq!(value("subtraction --set 1,2,3,4,5 20"), 2);
    assert_eq!(value("subtraction --set 1,2,3,4,5 60"), 0);
    let doc = json(&["seq", "subtraction", "--set", "1,2,3,4,5", "--to", "100", "--json"]);
    assert_eq!(doc["period"], 6);
    assert_eq!(doc["preperiod"], 0);
    assert_eq!(doc["proved"], true);
    let doc = json(&["seq", "subtraction", "--set", "1,2,3", "--to", "100", "--json"]);
    assert_eq!(doc["period"], 4);
    let doc = json(&["seq", "subtraction", "--set", "1,2", "--to", "100", "--json"]);
    assert_eq!(doc["period"], 3, "the least period, not a multiple");
}

#[test]
fn misere_nim_strategy() {
    // All heaps ≤ 1: P iff the number of ones is odd.
    assert_eq!(value("misere-nim 1"), 0);
    assert_eq!(value("misere-nim 1 1 1"), 0);
    assert_ne!(value("misere-nim 1 1"), 0);
    // Otherwise P iff the nim-sum is 0; the switch-over leaves an odd number of 1-heaps.
    assert_eq!(value("misere-nim 2 2"), 0);
    assert_eq!(winning("misere-nim 1 1 5"), vec!["1 1 1"]);
    assert_eq!(winning("misere-nim 3"), vec!["1"]);
}

#[test]
fn huge_nim_heaps_are_instant() {
    let big = u64::MAX;
    let doc = json(&["value", "nim", &big.to_string(), "12345678901234567890", "--json"]);
    // Above 2^53 a nimber is a decimal string (docs/json.md).
    assert!(doc["value"].is_string(), "{doc}");
    assert_eq!(crate::support::natural(&doc["value"]), Some(big ^ 12345678901234567890));
    assert_eq!(doc["winning_moves"].as_array().unwrap().len(), 1);
}
