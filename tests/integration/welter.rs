//! The thesis's Welter, no-overtaking, lattice and Boolean tables (SPEC.md, ch.4–7, 9), with the
//! sources' own numbers.

use crate::support::{grundy, value};

fn row(fixed: &str, ns: &[u64]) -> Vec<u64> {
    ns.iter().map(|n| value(&format!("welter {fixed} {n}"))).collect()
}

#[test]
fn thesis_chapter_4_rows() {
    assert_eq!(row("1", &[2, 3, 4, 5]), [0, 1, 2, 3]);
    assert_eq!(row("2", &[1, 3, 4, 5, 6, 7, 8, 9, 10]), [0, 2, 1, 4, 3, 6, 5, 8, 7]);
    let n3: Vec<u64> = [1, 2].into_iter().chain(4..=16).collect();
    assert_eq!(row("3", &n3), [1, 2, 0, 5, 6, 3, 4, 9, 10, 7, 8, 13, 14, 11, 12]);
    let n4: Vec<u64> = [1, 2, 3].into_iter().chain(5..=16).collect();
    assert_eq!(row("4", &n4), [2, 1, 0, 6, 5, 4, 3, 10, 9, 8, 7, 14, 13, 12, 11]);
    let n5: Vec<u64> = (1..=4).chain(6..=32).collect();
    assert_eq!(
        row("5", &n5),
        [
            3, 4, 5, 6, 0, 1, 2, 11, 12, 13, 14, 7, 8, 9, 10, 19, 20, 21, 22, 15, 16, 17, 18, 27, 28, 29, 30, 23, 24,
            25, 26
        ]
    );
}

#[test]
fn two_pawn_p_positions_are_consecutive_squares_with_odd_smaller() {
    for a in 1..60u64 {
        for b in a + 1..60 {
            let p = value(&format!("welter {a} {b}")) == 0;
            assert_eq!(p, b == a + 1 && a % 2 == 1, "({a},{b})");
        }
    }
}

#[test]
fn no_overtaking_lattice_and_chop() {
    for i in 1..=5u64 {
        for j in 1..=10u64 {
            if i != j {
                assert_eq!(value(&format!("welter-no-overtaking {i} {j}")), i.abs_diff(j) - 1);
            }
        }
    }
    assert_eq!(value("lattice 14 16"), 30);
    assert_eq!(value("chop 5 3"), 4 ^ 2);
    assert_eq!(value("turning-turtles RBBRR"), 1 ^ 4 ^ 5);
}

#[test]
fn table_command_finds_and_proves_the_thesis_row_formula() {
    let out = grundy(&["table", "welter", "3", "1..16"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("for n ≥ 4: g(3,n) = n if n mod 4 ∈ {1,2}; n − 4 if n mod 4 ∈ {3,0}"),
        "{text}"
    );
    assert!(text.contains("proved"));
    let out = grundy(&["table", "welter", "5", "1..16", "--boolean", "--csv"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("\n5,\n") && text.contains("\n6,0\n") && text.contains("\n7,1\n"),
        "{text}"
    );
}

/// Thesis ch.4: f(2,5) = {(1,5), (2,1), (2,3), (2,4)} with values 3, 0, 2, 1, so g(2,5) = 4.
#[test]
fn explain_welter_2_5_as_the_thesis_writes_it() {
    let out = crate::support::grundy(&["explain", "welter", "2", "5"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for (option, g) in [("1 5", 3), ("2 1", 0), ("2 3", 2), ("2 4", 1)] {
        assert!(
            text.lines()
                .any(|l| l.contains(&format!("to {option}")) && l.ends_with(&format!("g = {g}"))),
            "{option}: {text}"
        );
    }
    assert!(text.contains("g = mex C = mex {0, 1, 2, 3} = 4"), "{text}");
}
