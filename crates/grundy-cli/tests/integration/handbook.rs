//! The handbook's game-theory chapter (English/Finnish and Spanish: identical numbers): the
//! 1-2-3 stick game, the divisor game, the three mazes and their sum, Grundy's game.

use crate::support::{grundy, json, position, value};
use grundy::games::maze::{Cell, Maze};
use grundy::solve::Solver;

#[test]
fn stick_game_1_2_3_states_0_to_15_lose_exactly_at_multiples_of_4() {
    for k in 0..16u64 {
        let p = position(&format!("subtraction --set 1,2,3 {k}"));
        let losing = p.value().unwrap().finite().unwrap().is_zero();
        assert_eq!(losing, k % 4 == 0, "state {k}");
    }
    // The example play from 10: A −2, B −3, A −1, B −2, A −2: A moves to 8 (a multiple of 4).
    let wins = position("subtraction --set 1,2,3 10")
        .moves_to(grundy::Nimber(0))
        .unwrap();
    let targets: Vec<String> = wins.iter().map(|m| m.next.text()).collect();
    assert_eq!(targets, vec!["8"]);
}

#[test]
fn divisor_game_states_1_to_9_alternate_l_w() {
    let expected = "LWLWLWLWL";
    for (k, c) in (1..=9).zip(expected.chars()) {
        let v = value(&format!("divisors {k}"));
        assert_eq!(if v == 0 { 'L' } else { 'W' }, c, "state {k}");
    }
    // The state graph of 1..9 has 14 arcs.
    let arcs: usize = (1..=9)
        .map(|k| position(&format!("divisors {k}")).moves().unwrap().len())
        .sum();
    assert_eq!(arcs, 14);
    // Even states win, odd states lose.
    for k in 1..=600u64 {
        assert_eq!(value(&format!("divisors {k}")) != 0, k % 2 == 0, "state {k}");
    }
}

/// The Grundy grids of the handbook's three mazes, top row first (`-` = wall).
const GRIDS: [(&str, [&str; 5]); 3] = [
    (
        "examples/mazes/handbook1.txt",
        ["0 1 - 0 1", "- 0 1 2 -", "0 2 - 1 0", "- 3 0 4 1", "0 4 1 3 2"],
    ),
    (
        "examples/mazes/handbook2.txt",
        ["0 1 2 3 -", "1 0 - 0 1", "2 - 0 1 2", "3 - 1 2 0", "4 0 2 5 3"],
    ),
    (
        "examples/mazes/handbook3.txt",
        ["0 1 2 3 4", "1 - - - 0", "2 - - - 1", "3 - - - 2", "4 0 1 2 3"],
    ),
];

#[test]
fn every_cell_of_the_three_mazes_has_its_printed_value() {
    for (file, rows) in GRIDS {
        let text = std::fs::read_to_string(format!("{}/{file}", crate::support::ROOT)).unwrap();
        let (maze, at) = Maze::parse(&text).unwrap();
        assert_eq!(at, Some(Cell { x: 4, y: 0 }), "@ is the bottom-right cell (4,0)");
        let mut solver = Solver::plain(maze.clone());
        for (r, row) in rows.iter().enumerate() {
            let y = 4 - r;
            for (x, cell) in row.split(' ').enumerate() {
                let c = Cell { x, y };
                if cell == "-" {
                    assert!(maze.is_wall(c), "{file}: ({x},{y}) is a wall");
                } else {
                    assert_eq!(solver.nimber(&c).unwrap().0.to_string(), cell, "{file}: ({x},{y})");
                }
            }
        }
    }
}

#[test]
fn maze_1_start_has_value_2_and_wins_by_4_left_or_2_up() {
    let doc = json(&["value", "maze", "examples/mazes/handbook1.txt", "--json"]);
    assert_eq!(doc["value"], 2);
    assert_eq!(doc["outcome"], "N");
    let moves: Vec<&str> = doc["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves, vec!["4 left", "2 up"]);
}

#[test]
fn sum_of_the_three_mazes_is_2_and_2_up_in_the_left_maze_wins() {
    let args = [
        "sum",
        "maze examples/mazes/handbook1.txt",
        "maze examples/mazes/handbook2.txt",
        "maze examples/mazes/handbook3.txt",
        "--json",
    ];
    let doc = json(&args);
    let comps: Vec<u64> = doc["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_u64().unwrap())
        .collect();
    assert_eq!(comps, vec![2, 3, 3]);
    assert_eq!(doc["value"], 2);
    let moves: Vec<&str> = doc["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert!(
        moves.iter().any(|m| m.starts_with("#1 ") && m.ends_with(": 2 up")),
        "{moves:?}"
    );
    // Five winning moves in all (the seed mentions one).
    assert_eq!(moves.len(), 5, "{moves:?}");
    // Each leads to a sum of value 0.
    let text = grundy(&args[..4]).output().unwrap();
    assert!(String::from_utf8_lossy(&text.stdout).contains("2 ⊕ 3 ⊕ 3 = 2"));
}

#[test]
fn grundys_game_values_and_the_unique_winning_split_of_8() {
    let f: Vec<u64> = (1..=8).map(|n| value(&format!("grundy-game {n}"))).collect();
    assert_eq!(f, vec![0, 0, 1, 0, 2, 1, 0, 2]);
    let wins = position("grundy-game 8").moves_to(grundy::Nimber(0)).unwrap();
    assert_eq!(wins.len(), 1);
    assert_eq!(wins[0].label, "8 → 1+7");
    let doc = json(&["seq", "grundy-game", "--to", "8", "--json"]);
    assert_eq!(doc["values"], serde_json::json!([0, 0, 0, 1, 0, 2, 1, 0, 2]));
}

#[test]
fn the_handbooks_sum_rule_explained_for_f_8() {
    let out = grundy(&["explain", "grundy-game", "8"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("C = {0, 1, 3}"), "{text}");
    assert!(text.contains("g = mex C = mex {0, 1, 3} = 2"), "{text}");
}
