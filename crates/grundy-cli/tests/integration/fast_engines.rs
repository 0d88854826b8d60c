//! Heap games with a sequence engine are valued from the sequence, not by the generic search
//! (issue 13, item 7): the fast answer (value and every winning move) equals the plain generic
//! solver's on small positions, and large heaps answer at once.

use crate::support::grundy;
use grundy::games::grundy_game::GrundyGame;
use grundy::games::heap::{HeapGame, HeapRules};
use grundy::games::subtraction::Subtraction;
use grundy::solve::memo::Solver;
use grundy::{Game, Nimber};

/// Value and winning moves (as positions) of `heaps`, by the generic solver on the rules alone
/// and by the game valued from its sequence; the fast one must not search at all.
fn compare<R: HeapRules + Clone>(rules: R, heaps: &[u64]) {
    let mut plain = Solver::plain(HeapGame::new(rules.clone()));
    let mut fast = Solver::new(HeapGame::for_heaps(rules, heaps, &Default::default()).expect("sequence"));
    let position = heaps.to_vec();
    let v = plain.nimber(&position).unwrap();
    assert_eq!(fast.nimber(&position).unwrap(), v, "value of {heaps:?}");
    let winning = |s: &mut Solver<HeapGame<R>>| {
        let mut m: Vec<Vec<u64>> = s
            .winning_moves(&position)
            .unwrap()
            .into_iter()
            .map(|m| s.game().canonical(m.position))
            .collect();
        m.sort();
        m.dedup();
        m
    };
    assert_eq!(winning(&mut fast), winning(&mut plain), "winning moves of {heaps:?}");
    assert_eq!(
        fast.states(),
        0,
        "{heaps:?} was searched instead of read off the sequence"
    );
    // A move to each other value is found as the generic solver finds it.
    for t in 0..4 {
        let mut a: Vec<String> = fast
            .moves_to_value(&position, Nimber(t))
            .unwrap()
            .into_iter()
            .map(|m| m.label)
            .collect();
        let mut b: Vec<String> = plain
            .moves_to_value(&position, Nimber(t))
            .unwrap()
            .into_iter()
            .map(|m| m.label)
            .collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "moves of {heaps:?} to value {t}");
    }
}

#[test]
fn grundy_game_from_its_sequence_matches_the_generic_solver() {
    for n in 0..=60 {
        compare(GrundyGame, &[n]);
    }
    for a in 0..=20 {
        for b in (a..=24).step_by(3) {
            compare(GrundyGame, &[a, b]);
        }
    }
}

#[test]
fn subtraction_from_its_sequence_matches_the_generic_solver() {
    for set in [vec![3], vec![1, 4, 5], vec![2, 5, 7]] {
        let rules = Subtraction::new(set).unwrap();
        for n in 0..=60 {
            compare(rules.clone(), &[n]);
        }
        for a in 0..=15 {
            compare(rules.clone(), &[a, 17, 9]);
        }
    }
}

fn stdout(args: &[&str]) -> String {
    let out = grundy(args).output().expect("runs");
    assert!(
        out.status.success(),
        "grundy {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn grundy_game_large_heaps_answer_without_a_search() {
    // --max-states 1000: the generic solver could not do it.
    let out = stdout(&["value", "grundy-game", "65535", "--max-states", "1000"]);
    assert!(out.contains("value"), "{out}");
    let out = stdout(&["moves", "grundy-game", "92679", "--max-states", "100000"]);
    let moves = out.lines().filter(|l| l.contains("92679 → ")).count();
    assert_eq!(moves, 46339, "{out}");
    // g(92679) from the listing: the mex of the option values agrees with `value`.
    let out = stdout(&["explain", "grundy-game", "3000", "--max-states", "1000"]);
    assert!(out.contains("options (1499)"), "{out}");
}

#[test]
fn subtraction_huge_heap_reads_the_proved_period() {
    // S = {3}: g(n) = ⌊n/3⌋ mod 2, so g(10^12) = g(4) = 1 and the winning move takes 3.
    let out = stdout(&[
        "value",
        "subtraction",
        "--set",
        "3",
        "1000000000000",
        "--max-states",
        "1000",
    ]);
    assert!(out.contains("value    1"), "{out}");
    assert!(out.contains("1000000000000 → 999999999997"), "{out}");
    let out = stdout(&[
        "value",
        "subtraction",
        "--set",
        "3",
        "1000000000002",
        "--max-states",
        "1000",
    ]);
    assert!(out.contains("value    0"), "{out}");
}

#[test]
fn divisors_from_its_sieve_matches_the_generic_solver() {
    use grundy::games::divisors::Divisors;
    for n in 1..=60 {
        compare(Divisors, &[n]);
    }
    for a in 1..=15 {
        compare(Divisors, &[a, 12, 7]);
    }
    let out = stdout(&["value", "divisors", "10000000", "--max-states", "1000"]);
    assert!(out.contains("value"), "{out}");
}

#[test]
fn nim_prime_subtraction_and_octal_codes_match_the_generic_solver() {
    use grundy::games::nim::NimRules;
    use grundy::games::octal::{Code, Octal};
    use grundy::games::subtraction::PrimeSubtraction;
    for n in 0..=40 {
        compare(NimRules, &[n, 5]);
        compare(PrimeSubtraction::new(40).unwrap(), &[n, 7]);
    }
    for code in ["0.137", "0.07", "4.07", "0.6", "0.77"] {
        let rules = Octal::with_values(Code::parse(code).unwrap(), 40, &Default::default()).unwrap();
        for n in 0..=40 {
            compare(rules.clone(), &[n]);
        }
        for a in 0..=12 {
            compare(rules.clone(), &[a, 9, 13]);
        }
    }
}

/// Every heap game of the registry builds its positions through `heap::position` (the sequence
/// engine, a closed formula, or the generic solver): its value on small heaps equals the plain
/// generic solver's on the rules the registry gives for `seq`.
#[test]
fn every_heap_game_of_the_registry_agrees_with_the_plain_solver() {
    use crate::support::value;
    use grundy::games::REGISTRY;
    for e in REGISTRY {
        let Some(make) = e.heap_rules else { continue };
        let words: Vec<String> = e.example.split_whitespace().map(str::to_string).collect();
        let numbers = words.iter().rev().take_while(|w| w.parse::<u64>().is_ok()).count();
        let prefix = &words[..words.len() - numbers];
        let rules = make(&prefix[0], &prefix[1..], 30).unwrap();
        let mut plain = Solver::plain(HeapGame::new(rules));
        let first = u64::from(e.name == "divisors"); // divisors' states start at 1
        for n in first..=30 {
            for heaps in [vec![n], vec![n, 11]] {
                let words = format!(
                    "{} {}",
                    prefix.join(" "),
                    heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
                );
                let want = plain.nimber(&heaps).unwrap().0;
                assert_eq!(value(&words), want, "{words}");
            }
        }
    }
}

/// Nim on levels: one superpile is valued by its closed form (checked against the plain solver
/// in the library's tests); a pile of 100000 coins answers with a state limit of 1000, under
/// which the generic search (a position per coin) fails.
#[test]
fn levels_one_superpile_answers_by_its_closed_form() {
    let doc = crate::support::json(&["value", "levels", "100000", "--max-states", "1000", "--json"]);
    assert_eq!(doc["value"], 100000, "{doc}");
    let moves = doc["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{doc}");
    assert_eq!(moves[0]["position"], "0", "{doc}");
    // Over a rest of value 3 (piles 1,2,3 bottom up are worth 1, 2, 3), the top pile 9 is worth
    // 9 and the moves to 0, 3 and 4 leave tops 1, none and 4.
    let doc = crate::support::json(&["value", "levels", "1,2,3,9", "--max-states", "10", "--json"]);
    assert_eq!(doc["value"], 9, "{doc}");
    assert_eq!(doc["winning_moves"][0]["position"], "1,2,3,1", "{doc}");
    // Several superpiles are still searched whole (the game ends with the first emptied).
    assert_eq!(crate::support::value("levels 1,2,3,9 2"), {
        let mut plain = Solver::plain(grundy::games::levels::Levels);
        plain.nimber(&vec![vec![1, 2, 3, 9], vec![2]]).unwrap().0
    });
}

/// Triomino: the full 2×1000 strip is valued by the table of component kinds (the recurrence
/// of `seq triomino`), and its winning moves from the pieces each move leaves; with a state
/// limit of 1000 the board search could not do it. The value is the sequence's.
#[test]
fn triomino_strip_answers_from_the_component_table() {
    let seq = crate::support::json(&["seq", "triomino", "--to", "1000", "--json"]);
    let want = seq["values"][1000].as_u64().expect("a value");
    let doc = crate::support::json(&["value", "triomino", "1000", "--max-states", "1000", "--json"]);
    assert_eq!(doc["value"].as_u64(), Some(want), "{doc}");
    let wins = doc["winning_moves"].as_array().unwrap();
    assert_eq!(wins.is_empty(), want == 0, "{doc}");
    // Each listed move leads to value 0, read back through the strip engine.
    let out = stdout(&["moves", "triomino", "200", "--max-states", "1000"]);
    assert!(out.contains("column 1 and the top cell of column 2"), "{out}");
    for n in 0..=14u64 {
        assert_eq!(
            crate::support::value(&format!("triomino {n}")),
            grundy::games::triomino::strip_values(n as usize).unwrap()[n as usize],
            "triomino {n}"
        );
    }
}

/// Turning Turtles with 100000 face-up cards: the value is the nim-sum 1 ⊕ 2 ⊕ ... ⊕ 100000 and
/// every winning move flips a card i whose bit at the top bit of the value is set; the rows the
/// moves reach share the start's cards and are written in runs, so the report stays small.
#[test]
fn turning_turtles_long_row_lists_its_winning_moves_compactly() {
    let n = 100_000u64;
    let row = "R".repeat(n as usize);
    let out = grundy(&["value", "turning-turtles", &row, "--json"])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.len() < 10_000_000, "{} bytes of output", out.stdout.len());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let s = (1..=n).fold(0, |a, i| a ^ i);
    assert_eq!(doc["value"], s);
    assert_eq!(doc["position"], format!("R{{{n}}}"));
    let top = 1u64 << (63 - s.leading_zeros());
    let wins = doc["winning_moves"].as_array().unwrap();
    assert_eq!(wins.len() as u64, (1..=n).filter(|i| i & top != 0).count() as u64);
    // `explain` states the nim-sum (listing the 5·10⁹ moves is refused).
    let out = stdout(&["explain", "turning-turtles", &row]);
    assert!(
        out.contains("g = 1 ⊕ 2 ⊕ 3") && out.contains("(100000 terms in all)"),
        "{out}"
    );
    assert!(out.contains("= 100000\n"), "{out}");
    let out = stdout(&["explain", "turning-turtles", "RBBRR"]);
    assert!(out.contains("g = 1 ⊕ 4 ⊕ 5 = 0\noutcome P"), "{out}");
    // One of them, read back: the row it leads to has value 0.
    let after = wins[0]["position"].as_str().unwrap();
    assert_eq!(crate::support::value(&format!("turning-turtles {after}")), 0, "{after}");
}

/// A one-row maze of 100001 cells with the figure at the right end: cell x is worth x, found by
/// the board sweep (the generic search would keep a position per cell, over the limit of 1000).
#[test]
fn a_one_row_maze_of_100001_cells_answers_by_the_sweep() {
    let dir = std::env::temp_dir().join(format!("grundy-maze-row-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("row.txt");
    std::fs::write(&file, format!("{}@\n", ".".repeat(100_000))).unwrap();
    let file = file.to_str().unwrap();
    let doc = crate::support::json(&["value", "maze", file, "--max-states", "1000", "--json"]);
    assert_eq!(doc["value"], 100_000, "{doc}");
    let moves = doc["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{doc}");
    assert_eq!(moves[0]["move"], "100000 left", "{doc}");
    // The figure one cell from the left: value 1, and the sweep answers `plot maze` alike.
    let doc = crate::support::json(&["value", "maze", file, "1,0", "--json"]);
    assert_eq!(doc["value"], 1, "{doc}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `seq` of a game with a proved closed formula (Nim, prime subtraction) reads the formula, and
/// agrees with the plain mex over every option on every small heap; a large `--to` is then
/// linear, not quadratic (here under a state limit the plain method could not meet).
#[test]
fn seq_of_a_formula_game_reads_the_formula_and_agrees_with_the_plain_solver() {
    for game in ["nim", "prime-subtraction"] {
        let doc = crate::support::json(&["seq", game, "--to", "120", "--json"]);
        assert_eq!(doc["method"], "the rules' proved formula", "{game}");
        let values = doc["values"].as_array().unwrap();
        for (n, v) in values.iter().enumerate() {
            let p = crate::support::position(&format!("{game} {n}"));
            let plain = grundy::solve::verify::plain_value(p.as_ref(), 200_000, &Default::default()).unwrap();
            assert_eq!(Some(v.as_u64().unwrap()), Some(plain.0), "{game} {n}");
        }
    }
    let big = grundy(&["seq", "nim", "--to", "3000000", "--max-states", "4000000", "--csv"])
        .output()
        .unwrap();
    assert!(big.status.success(), "{}", String::from_utf8_lossy(&big.stderr));
    assert_eq!(
        String::from_utf8_lossy(&big.stdout).lines().last(),
        Some("3000000,3000000")
    );
}
