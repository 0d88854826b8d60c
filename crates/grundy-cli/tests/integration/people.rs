//! For people (issue 7): play sessions driven through stdin, explanations as the sources write
//! them, pictures that are well-formed and show the values, and rules written in Rhai that give
//! the same values as the built-in games.

use crate::support::{grundy, position, value};
use grundy::nimber::Nimber;

fn stdout_of(args: &[&str], stdin: &str) -> String {
    let out = grundy(args).write_stdin(stdin).output().expect("runs");
    assert!(
        out.status.success(),
        "grundy {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

// ---------------------------------------------------------------------------------------------
// play

#[test]
fn play_refuses_an_illegal_move_with_the_legal_ones_and_accepts_ascii_moves() {
    let out = stdout_of(&["play", "nim", "10", "12", "5"], "10 11\n10->9\nquit\n");
    assert!(out.contains("`10 11` is not a legal move"), "{out}");
    assert!(out.contains("Legal moves: 10 → 9, 10 → 8"), "{out}");
    assert!(out.contains("you play 10 → 9"), "{out}");
    // The computer, now at the P-position 9 12 5 after our winning move, must move somewhere.
    assert!(out.contains("position: 9 12 5\nI play "), "{out}");
}

#[test]
fn play_hint_gives_the_nimber_and_the_handbooks_winning_move() {
    let out = stdout_of(&["play", "nim", "10", "12", "5"], "hint\n");
    assert!(out.contains("value 3: you can win; a winning move is 10 → 9"), "{out}");
    // End of input quits cleanly.
    assert!(out.trim_end().ends_with("Bye."), "{out}");
}

/// The 1-2-3 game from 10 (an N-position: 10 is not a multiple of 4) with the computer first:
/// it must leave a multiple of 4 every time and take the last stick, whatever we answer.
#[test]
fn the_computer_wins_from_an_n_position() {
    let out = stdout_of(
        &["play", "subtraction", "--set", "1,2,3", "10", "--first", "computer"],
        "7\n3\n",
    );
    assert!(out.contains("I play 10 → 8"), "{out}");
    assert!(out.contains("I play 7 → 4"), "{out}");
    assert!(out.contains("I play 3 → 0"), "{out}");
    assert!(out.contains("No move is left for you. I win."), "{out}");
    // Every position the computer left is a P-position of the solver.
    for line in out.lines().filter(|l| l.starts_with("I play ")) {
        let to: u64 = line
            .split("→ ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(value(&format!("subtraction --set 1,2,3 {to}")), 0, "{line}");
    }
}

/// From a P-position the player to move loses against perfect play, in a sum too.
#[test]
fn the_computer_wins_a_sum_when_we_start_from_a_p_position() {
    let out = stdout_of(&["play", "--sum", "nim 2", "nim 2"], "#1 2 0\n1 1\n");
    assert!(out.contains("you play #1 nim: 2 → 0"), "{out}");
    assert!(out.contains("I play #2 nim: 2 → 0"), "{out}");
    assert!(out.contains("No move is left for you. I win."), "{out}");
    assert!(!out.contains("You win"), "{out}");
}

#[test]
fn undo_takes_back_both_moves() {
    let out = stdout_of(&["play", "nim", "3", "4"], "4->3\nundo\nmoves\n");
    let after_undo = out.split("your move> undo").nth(1).unwrap();
    assert!(after_undo.contains("position: 3 4"), "{out}");
}

#[test]
fn play_a_scripted_game() {
    let out = stdout_of(
        &[
            "play",
            "--rules",
            "examples/rules/one_two_three.rhai",
            "8",
            "--first",
            "computer",
        ],
        "hint\n",
    );
    assert!(out.contains("position: 8\nI play 8 → 7 (take 1)"), "{out}");
    assert!(
        out.contains("value 3: you can win; a winning move is 7 → 4 (take 3)"),
        "{out}"
    );
}

#[test]
fn play_refuses_a_bad_first_option() {
    grundy(&["play", "nim", "3", "--first", "nobody"]).assert().code(2);
}

// ---------------------------------------------------------------------------------------------
// explain

/// The handbook: f(8) = mex{f(1)⊕f(7), f(2)⊕f(6), f(3)⊕f(5)} = mex{0, 1, 3} = 2.
#[test]
fn explain_grundys_game_f8_as_the_handbook() {
    let out = stdout_of(&["explain", "grundy-game", "8"], "");
    for line in [
        "8 → 1+7  to 1 7  g = 0 ⊕ 0 = 0",
        "8 → 2+6  to 2 6  g = 0 ⊕ 1 = 1",
        "8 → 3+5  to 3 5  g = 1 ⊕ 2 = 3",
        "C = {0, 1, 3}",
        "g = mex C = mex {0, 1, 3} = 2",
    ] {
        assert!(out.contains(line), "missing `{line}` in\n{out}");
    }
}

/// The handbook's [10,12,5]: 1010 ⊕ 1100 ⊕ 0101 = 0011; heap 10 has the leading bit; 10 → 9.
#[test]
fn explain_nim_10_12_5_with_the_binary_table() {
    for args in [
        vec!["explain", "nim", "10", "12", "5"],
        vec!["explain", "--sum", "nim 10", "nim 12", "nim 5"],
    ] {
        let out = stdout_of(&args, "");
        let rows: Vec<&str> = out
            .lines()
            .filter_map(|l| l.split_whitespace().last())
            .filter(|w| w.len() == 4 && w.chars().all(|c| c == '0' || c == '1'))
            .collect();
        assert_eq!(rows, ["1010", "1100", "0101", "0011"], "{out}");
        // The mark stands under the leading 1 of 0011.
        let lines: Vec<&str> = out.lines().collect();
        let sum = lines.iter().position(|l| l.ends_with("0011")).unwrap();
        let column = lines[sum].chars().count() - 2; // the first 1 of 0011
        assert_eq!(lines[sum + 1].chars().position(|c| c == '^'), Some(column), "{out}");
        assert!(out.contains("1010 ⊕ 0011 = 1001 = 9"), "{out}");
        assert!(
            out.contains("to 9 12 5") || out.contains("to nim 9 + nim 12 + nim 5"),
            "{out}"
        );
    }
}

/// The slides' ⟨3,4,5⟩: 011 ⊕ 100 ⊕ 101 = 010; take 2 from the first heap.
#[test]
fn explain_nim_3_4_5_as_the_slides() {
    let out = stdout_of(&["explain", "nim", "3", "4", "5"], "");
    assert!(out.contains("s = 2   010") || out.contains("s = 2  010"), "{out}");
    assert!(out.contains("3 → 1  to 1 4 5"), "{out}");
}

#[test]
fn explain_a_p_position_and_a_terminal_one() {
    let out = stdout_of(&["explain", "nim", "9", "12", "5"], "");
    assert!(out.contains("the nim-sum is 0: a P-position"), "{out}");
    let out = stdout_of(&["explain", "nim", "0"], "");
    assert!(out.contains("terminal: no options, C = ∅, g = mex ∅ = 0"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// pictures

/// A small well-formedness check: tags balance, attributes are quoted; returns the text nodes.
fn svg_texts(svg: &str) -> Vec<String> {
    let mut stack: Vec<String> = Vec::new();
    let mut texts = Vec::new();
    let mut rest = svg;
    let mut saw_root = false;
    while let Some(open) = rest.find('<') {
        let text = rest[..open].trim();
        if !text.is_empty() {
            assert!(!stack.is_empty(), "text outside the root element: {text}");
            assert!(!text.contains('>'), "stray `>` in text: {text}");
            texts.push(text.to_string());
        }
        let close = rest[open..].find('>').expect("unclosed tag") + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if tag.starts_with('?') || tag.starts_with('!') {
            continue;
        }
        assert_eq!(tag.matches('"').count() % 2, 0, "unbalanced quotes in <{tag}>");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name.trim()), "mismatched </{name}>");
        } else if !tag.ends_with('/') {
            let name = tag.split_whitespace().next().unwrap().to_string();
            if stack.is_empty() {
                assert!(!saw_root, "two root elements");
                assert_eq!(name, "svg");
                saw_root = true;
            }
            stack.push(name);
        }
    }
    assert!(stack.is_empty(), "unclosed elements: {stack:?}");
    assert!(saw_root);
    texts
}

fn count(texts: &[String], v: u64) -> usize {
    texts.iter().filter(|t| **t == v.to_string()).count()
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-people-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn maze_plot_is_well_formed_svg_with_every_cell_value() {
    let file = temp("maze.svg");
    let f = file.to_str().unwrap();
    stdout_of(&["plot", "maze", "examples/mazes/handbook1.txt", "-o", f], "");
    let texts = svg_texts(&std::fs::read_to_string(&file).unwrap());
    // Each value is written in each cell that has it (axis labels add more numbers).
    let mut cells = std::collections::HashMap::new();
    for x in 0..5 {
        for y in 0..5 {
            crate::support::at_root();
            let p = grundy::games::build(
                &grundy::games::words(&format!("maze examples/mazes/handbook1.txt {x},{y}")),
                &Default::default(),
            );
            if let Ok(p) = p {
                *cells.entry(p.value().unwrap().finite().unwrap().0).or_insert(0) += 1;
            }
        }
    }
    assert_eq!(
        cells.values().sum::<usize>(),
        20,
        "the handbook's maze has 20 floor cells"
    );
    for (v, n) in cells {
        assert!(
            count(&texts, v) >= n,
            "value {v} written {} times, {n} cells",
            count(&texts, v)
        );
    }
    assert!(texts.iter().any(|t| t == "wall"), "the legend names the walls");
}

#[test]
fn lattice_table_plot_shows_x_xor_y() {
    let file = temp("lattice.svg");
    let f = file.to_str().unwrap();
    stdout_of(
        &["plot", "table", "nim {x} {y}", "--x", "0..7", "--y", "0..7", "-o", f],
        "",
    );
    let texts = svg_texts(&std::fs::read_to_string(&file).unwrap());
    // Every value 0..7 appears in 8 cells (x ⊕ y = v has 8 solutions), plus axis labels.
    for v in 0..8 {
        assert!(count(&texts, v) >= 8, "value {v}: {}", count(&texts, v));
    }
}

#[test]
fn sequence_plot_marks_the_period_and_writes_png_too() {
    let file = temp("seq.svg");
    let f = file.to_str().unwrap();
    stdout_of(
        &["plot", "seq", "subtraction", "--set", "1,2,3", "--to", "20", "-o", f],
        "",
    );
    let texts = svg_texts(&std::fs::read_to_string(&file).unwrap());
    assert!(texts.iter().any(|t| t.starts_with("one period: 4")), "{texts:?}");
    // The 21 values, written above their points: 0 1 2 3 repeated.
    assert!(count(&texts, 3) >= 5, "{texts:?}");
    let png = temp("seq.png");
    stdout_of(
        &["plot", "seq", "grundy-game", "--to", "30", "-o", png.to_str().unwrap()],
        "",
    );
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn plot_errors_are_one_line_with_exit_2() {
    grundy(&["plot", "maze", "examples/mazes/handbook1.txt", "-o", "x.gif"])
        .assert()
        .code(2);
    grundy(&["plot", "maze", "examples/mazes/handbook1.txt"])
        .assert()
        .code(2);
    grundy(&["plot", "table", "nim 3", "-o", "x.svg"]).assert().code(2);
}

// ---------------------------------------------------------------------------------------------
// rules in Rhai

#[test]
fn rhai_examples_agree_with_the_built_in_games() {
    for n in 0..=40 {
        assert_eq!(
            value(&format!("--rules examples/rules/one_two_three.rhai {n}")),
            value(&format!("subtraction --set 1,2,3 {n}")),
            "1-2-3 game, heap {n}"
        );
    }
    for n in 1..=60 {
        assert_eq!(
            value(&format!("--rules examples/rules/divisors.rhai {n}")),
            value(&format!("divisors {n}")),
            "divisor game, state {n}"
        );
    }
    for n in 0..=30 {
        assert_eq!(
            value(&format!("--rules examples/rules/grundy.rhai {n}")),
            value(&format!("grundy-game {n}")),
            "Grundy's game, heap {n}"
        );
    }
    assert_eq!(
        value("--rules examples/rules/grundy.rhai [3,5,7,11]"),
        value("grundy-game 3 5 7 11")
    );
    for x in 0..5 {
        for y in 0..5 {
            crate::support::at_root();
            let built_in = grundy::games::build(
                &grundy::games::words(&format!("maze examples/mazes/handbook1.txt {x},{y}")),
                &Default::default(),
            );
            let Ok(built_in) = built_in else { continue };
            assert_eq!(
                value(&format!("--rules examples/rules/maze.rhai [{x},{y}]")),
                built_in.value().unwrap().finite().unwrap().0,
                "maze cell {x},{y}"
            );
        }
    }
}

#[test]
fn rhai_winning_moves_and_seq_match_the_built_ins() {
    let p = position("--rules examples/rules/grundy.rhai 8");
    let wins: Vec<String> = p.moves_to(Nimber::ZERO).unwrap().into_iter().map(|m| m.label).collect();
    assert_eq!(wins, ["8 → 1+7"]);
    let scripted = crate::support::json(&[
        "seq",
        "--rules",
        "examples/rules/one_two_three.rhai",
        "--to",
        "30",
        "--json",
    ]);
    let built_in = crate::support::json(&["seq", "subtraction", "--set", "1,2,3", "--to", "30", "--json"]);
    assert_eq!(scripted["values"], built_in["values"]);
    assert_eq!(scripted["period"], 4);
    let sum = stdout_of(&["sum", "--rules examples/rules/maze.rhai [4,0]", "nim 3"], "");
    assert!(sum.contains("value    1"), "{sum}");
}

fn script(name: &str, text: &str) -> String {
    let file = temp(name);
    std::fs::write(&file, text).unwrap();
    file.to_str().unwrap().to_string()
}

#[test]
fn script_errors_exit_2_with_the_line() {
    let bad = script(
        "bad.rhai",
        "fn options(p) {\n    let out = [];\n    out.push(p - );\n    out\n}\n",
    );
    let out = grundy(&["value", "--rules", &bad, "5"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("rules file {bad} line 3")), "{err}");

    let runtime = script(
        "runtime.rhai",
        "fn options(p) {\n    if p > 2 {\n        p.no_such_method()\n    } else { [] }\n}\n",
    );
    let out = grundy(&["value", "--rules", &runtime, "5"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 3"), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");

    let wrong = script("wrong.rhai", "fn options(p) { 42 }\n");
    grundy(&["value", "--rules", &wrong, "5"]).assert().code(2);
    let none = script("none.rhai", "fn moves(p) { [] }\n");
    grundy(&["value", "--rules", &none, "5"]).assert().code(2);
    grundy(&["value", "--rules", "no/such/file.rhai", "5"]).assert().code(2);
}

#[test]
fn runaway_scripts_are_stopped() {
    let forever = script(
        "forever.rhai",
        "fn options(p) {\n    let n = 0;\n    loop { n += 1; }\n}\n",
    );
    let out = grundy(&["value", "--rules", &forever, "5"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    assert!(String::from_utf8_lossy(&out.stderr).contains("operations"));
    let deep = script("deep.rhai", "fn down(n) { down(n + 1) }\nfn options(p) { down(0) }\n");
    grundy(&["value", "--rules", &deep, "5"]).assert().code(2);
    // Not here: an endless chain (`[p + 1]`) is not stopped by --max-states, because the
    // solver counts only finished positions, not those on its stack (solve/memo.rs; reported).
    let loopy = script("loopy.rhai", "fn options(p) { [1 - p] }\n");
    grundy(&["value", "--rules", &loopy, "0"]).assert().code(2);
}

/// Heaps too large to list their moves are played through the value and the moves to a value,
/// as `value` answers them (issue 13, item 12).
#[test]
fn play_answers_huge_nim_heaps_through_the_fast_path() {
    let max = u64::MAX.to_string();
    let out = stdout_of(&["play", "nim", &max, "5"], "hint\n5 5\nquit\n");
    assert!(
        out.contains(&format!("a winning move is {max} → 5 (to 5 5, value 0)")),
        "{out}"
    );
    assert!(out.contains("you play"), "{out}");
    assert!(out.contains("position: 5 5\nI play "), "{out}");
    // The computer first, at a P-position of two huge heaps: it must still move.
    let out = stdout_of(&["play", "nim", &max, &max, "--first", "computer"], "hint\nquit\n");
    assert!(out.contains("I play "), "{out}");
    assert!(out.contains("you can win; a winning move is"), "{out}");
    // A typed position that is not an option is refused, and the session goes on.
    let out = stdout_of(&["play", "nim", &max, "5"], "7 7\nquit\n");
    assert!(out.contains("type the position your move leads to"), "{out}");
    assert!(!out.contains("you play"), "{out}");
}
