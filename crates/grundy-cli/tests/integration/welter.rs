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

/// Ch.4's closed forms for rows 1..5 (checked there to n = 200), and the unified form
/// g(a,b) = ((a−1) ⊕ (b−1)) − 1 (SPEC.md), against the values grundy computes.
#[test]
fn thesis_chapter_4_closed_forms_to_200() {
    type Form = fn(u64) -> u64;
    let forms: [(u64, Form); 5] = [
        (1, |n| n - 2),
        (2, |n| if n % 2 == 1 { n - 1 } else { n - 3 }),
        (3, |n| if matches!(n % 4, 1 | 2) { n } else { n - 4 }),
        (4, |n| [n - 5, n + 1, n - 1, n - 3][(n % 4) as usize]),
        (5, |n| if (1..=4).contains(&(n % 8)) { n + 2 } else { n - 6 }),
    ];
    for (a, form) in forms {
        for n in a + 1..=200 {
            let g = value(&format!("welter {a} {n}"));
            assert_eq!(g, form(n), "g({a},{n})");
            assert_eq!(g, ((a - 1) ^ (n - 1)) - 1, "g({a},{n}) unified");
        }
    }
}

/// Ch.6: three pawns, every closed form claimed (the thesis checked them to n = 64), from the
/// stated threshold on, against the generic solver (no formula) and against `value`.
#[test]
fn thesis_chapter_6_three_pawn_forms_to_64() {
    type Form = fn(u64) -> u64;
    let forms: [((u64, u64), u64, Form); 9] = [
        ((1, 2), 3, |n| n - 3),
        ((1, 3), 4, |n| if n % 2 == 1 { n - 4 } else { n - 2 }),
        ((1, 4), 5, |n| if matches!(n % 4, 0 | 1) { n - 5 } else { n - 1 }),
        ((1, 5), 6, |n| [n - 4, n - 6, n, n - 2][(n % 4) as usize]),
        ((1, 6), 7, |n| if (2..=5).contains(&(n % 8)) { n + 1 } else { n - 7 }),
        ((2, 3), 4, |n| if matches!(n % 4, 0 | 1) { n - 1 } else { n - 5 }),
        ((2, 4), 5, |n| if n % 2 == 1 { n } else { n - 6 }),
        (
            (2, 5),
            6,
            |n| if matches!(n % 8, 1 | 3 | 4 | 6) { n + 1 } else { n - 7 },
        ),
        ((2, 6), 7, |n| [n - 4, n + 2, n - 8, n - 2][(n % 4) as usize]),
    ];
    let mut plain = grundy::solve::Solver::plain(grundy::games::welter::Welter);
    for ((a, b), from, form) in forms {
        for n in from..=64 {
            let p = vec![a, b, n];
            let g = plain.nimber(&p).unwrap().0;
            assert_eq!(g, form(n), "g({a},{b},{n}) by the generic solver");
            assert_eq!(
                value(&format!("welter {a} {b} {n}")),
                g,
                "g({a},{b},{n}) by Welter's function"
            );
        }
    }
    // g is symmetric in all six orders of the pawns.
    for p in [[2u64, 5, 9], [9, 2, 5], [5, 9, 2]] {
        assert_eq!(
            plain.nimber(&p.to_vec()).unwrap(),
            plain.nimber(&vec![2, 5, 9]).unwrap()
        );
    }
}

/// Ch.7: the full 9×9 table of the lattice game for 0..8, through `grundy table`, equals x ⊕ y,
/// and the generic solver agrees.
#[test]
fn thesis_chapter_7_lattice_table_is_the_nim_sum() {
    let doc = crate::support::json(&["table", "lattice", "0..8", "0..8", "--json"]);
    let mut plain = grundy::solve::Solver::plain(grundy::games::lattice::Lattice);
    for x in 0..=8u64 {
        for y in 0..=8u64 {
            assert_eq!(plain.nimber(&(x, y)).unwrap().0, x ^ y, "g({x},{y})");
        }
    }
    let out = grundy(&["table", "lattice", "0..8", "0..8", "--csv"]).output().unwrap();
    let csv = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Vec<u64>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').skip(1).map(|c| c.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 9, "{csv}");
    for (x, row) in rows.iter().enumerate() {
        let want: Vec<u64> = (0..=8).map(|y| x as u64 ^ y).collect();
        assert_eq!(row, &want, "row {x}: {csv}");
    }
    let json_rows: Vec<Vec<u64>> = serde_json::from_value(doc["values"].clone()).unwrap();
    assert_eq!(json_rows, rows);
}

/// Ch.9: the Boolean function of two-pawn Welter, rows 1..5 to n = 16: zero exactly once per row.
#[test]
fn thesis_chapter_9_boolean_rows() {
    for (a, zero_at) in [(1u64, 2u64), (2, 1), (3, 4), (4, 3), (5, 6)] {
        let out = grundy(&["table", "welter", &a.to_string(), "1..16", "--boolean", "--csv"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let csv = String::from_utf8(out.stdout).unwrap();
        for line in csv.lines().skip(1) {
            let (n, b) = line.split_once(',').unwrap();
            let n: u64 = n.parse().unwrap();
            if n == a {
                assert_eq!(b, "", "B({a},{a}) is not a position");
            } else {
                let want = if n == zero_at { "0" } else { "1" };
                assert_eq!(b, want, "B({a},{n})");
            }
        }
    }
}

/// Rows with a proved law are followed past the table far enough to find and prove their form:
/// all five of ch.4's rows from a table that stops at n = 10, the ch.6 row (2,5,n) from 1..16,
/// and ch.9's Boolean row B(5,n) = 1 for n ≥ 7 (the values are proved positive there).
#[test]
fn row_forms_are_found_and_proved_past_a_short_table() {
    let out = grundy(&["table", "welter", "1..5", "1..10"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches("    proved: by Welter's function").count(), 5, "{text}");
    assert!(
        text.contains("for n ≥ 6: g(5,n) = n + 2 if n mod 8 ∈ {1,2,3,4}; n − 6 if n mod 8 ∈ {5,6,7,0}"),
        "{text}"
    );
    let out = grundy(&["table", "welter", "2", "5", "1..16"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("for n ≥ 6: g(2,5,n) = n + 1 if n mod 8 ∈ {1,3,4,6}; n − 7 if n mod 8 ∈ {2,5,7,0}"),
        "{text}"
    );
    assert!(text.contains("proved"), "{text}");
    let out = grundy(&["table", "welter", "5", "1..16", "--boolean"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("for n ≥ 7: B(5,n) = 1"), "{text}");
    assert!(text.contains("proved: B = 1 where g ≠ 0"), "{text}");
    // Without a law (Wythoff rows) nothing is called proved.
    let out = grundy(&["table", "wythoff", "1", "0..40"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("not proved: checked for n ≤ 40"), "{text}");
}
