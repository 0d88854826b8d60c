//! Issue 13 regressions in reading input: several positions of a Rhai rules game are a sum,
//! start positions and `components` functions that are wrong are reported as such, and the
//! parsing and display defects of the "small ones".

use crate::support::{grundy, json};
use std::path::PathBuf;

/// A file with `text` in a fresh directory of the system temp dir, named for the test.
fn temp_file(name: &str, text: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-issue13-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Run `grundy args`, expect exit 2 and one stderr line containing `want`; return stderr.
fn refused(args: &[&str], want: &str) -> String {
    let out = grundy(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "grundy {args:?}: {err}");
    assert!(err.contains(want), "grundy {args:?}: expected `{want}` in: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    err
}

const ONE_TWO_THREE: &str = "examples/rules/one_two_three.rhai";

#[test]
fn several_heaps_of_a_rules_game_are_a_sum() {
    // g(n) = n mod 4 in the 1-2-3 game: 10 7 4 is 2 ⊕ 3 ⊕ 0 = 1.
    let doc = json(&["value", "--rules", ONE_TWO_THREE, "10", "7", "4", "--json"]);
    assert_eq!(doc["value"], 1, "{doc}");
    assert_eq!(doc["outcome"], "N");
    let wins: Vec<String> = doc["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["position"].as_str().unwrap().to_string())
        .collect();
    // Every winning move, each in the component where it is made.
    assert_eq!(wins, ["7 7 4", "10 6 4", "10 7 1"], "{doc}");
    for heaps in [["5", "6", "7"], ["4", "8", "12"], ["1", "2", "3"]] {
        let want = heaps.iter().fold(0, |a, h| a ^ (h.parse::<u64>().unwrap() % 4));
        let mut args = vec!["value", "--rules", ONE_TWO_THREE];
        args.extend(heaps);
        args.push("--json");
        assert_eq!(json(&args)["value"], want, "{heaps:?}");
    }
    // A game whose own positions are arrays still takes one array as one position.
    let doc = json(&["value", "--rules", "examples/rules/grundy.rhai", "[3,5,7]", "--json"]);
    let split = json(&[
        "value",
        "--rules",
        "examples/rules/grundy.rhai",
        "3",
        "5",
        "7",
        "--json",
    ]);
    assert_eq!(doc["value"], split["value"]);
}

#[test]
fn a_start_position_that_does_not_parse_is_an_error() {
    refused(
        &["value", "--rules", ONE_TWO_THREE, "[1,2"],
        "`[1,2` is not a valid Rhai expression",
    );
    refused(
        &["value", "--rules", ONE_TWO_THREE, "3", "\"ab"],
        "is not a valid Rhai expression",
    );
}

#[test]
fn a_wrong_components_function_is_reported_as_such() {
    let options = "fn options(p) { let o = []; for t in 1..=3 { if t <= p { o.push(p - t); } } o }\n";
    // A part that is the position itself.
    let itself = temp_file(
        "itself.rhai",
        format!("{options}fn components(p) {{ [p, 0] }}\n").as_bytes(),
    );
    let err = refused(&["value", "--rules", itself.to_str().unwrap(), "5"], "components(5)");
    assert!(!err.contains("loopy"), "{err}");
    // A split that comes back to where it started.
    let cycle = temp_file(
        "cycle.rhai",
        format!("{options}fn components(p) {{ if p > 2 {{ [p - 1, p + 1] }} else {{ [] }} }}\n").as_bytes(),
    );
    let err = refused(&["value", "--rules", cycle.to_str().unwrap(), "5"], "components(");
    assert!(!err.contains("loopy"), "{err}");
    // Components whose nim-sum no option of the position reaches.
    let disagree = temp_file(
        "disagree.rhai",
        b"fn options(p) { if type_of(p) == \"array\" { [] } else { let o = []; for t in 1..=3 { if t <= p { o.push(p - t); } } o } }\n\
          fn components(p) { if type_of(p) == \"array\" { p } else { [] } }\n",
    );
    refused(
        &["value", "--rules", disagree.to_str().unwrap(), "[10,7,4]"],
        "`components` function does not agree with `options`",
    );
    // Returning something that is not an array of positions.
    let not_array = temp_file(
        "not_array.rhai",
        format!("{options}fn components(p) {{ 7 }}\n").as_bytes(),
    );
    refused(
        &["value", "--rules", not_array.to_str().unwrap(), "5"],
        "components(5) returned",
    );
}

#[test]
fn an_empty_item_in_a_number_list_is_refused() {
    refused(&["value", "subtraction", "--set", "1,,2", "10"], "has an empty item");
    refused(&["value", "subtraction", "--set", "1,2,", "10"], "has an empty item");
    refused(&["value", "subtraction", "--set", ",", "10"], "has an empty item");
    // A well-formed list (spaces around items allowed) still works: {1, 2} has period 3.
    assert_eq!(
        json(&["value", "subtraction", "--set", "1, 2", "10", "--json"])["value"],
        1
    );
}

#[test]
fn a_byte_order_mark_is_not_part_of_a_vertex_name() {
    let file = temp_file("bom.txt", "\u{feff}a b\nb c\n".as_bytes());
    let file = file.to_str().unwrap();
    // a → b → c: c = 0, b = 1, a = 0.
    assert_eq!(json(&["value", "graph", file, "a", "--json"])["value"], 0);
    assert_eq!(json(&["value", "graph", file, "b", "--json"])["value"], 1);
    let out = grundy(&["graph", file]).output().unwrap();
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stdout).contains('\u{feff}'));
}

#[test]
fn a_binary_graph_file_is_refused() {
    let file = temp_file("binary_graph", &[0x01, 0x02, 0x03, 0x00, 0x7f, b'\n']);
    refused(&["graph", file.to_str().unwrap()], "control character");
    let file = temp_file("binary_graph2", b"a b\nb \x1b[31mc\n");
    refused(
        &["value", "graph", file.to_str().unwrap(), "a"],
        "line 2: control character",
    );
}

#[test]
fn errors_do_not_echo_a_huge_argument_whole() {
    let huge = "9".repeat(100_000);
    let name = "q".repeat(100_000);
    let open = format!("[{huge}");
    for args in [
        vec!["value", "nim", huge.as_str()],
        vec!["value", name.as_str(), "3"],
        vec!["value", "subtraction", "--set", huge.as_str(), "3"],
        vec!["value", "--rules", ONE_TWO_THREE, "3", open.as_str()],
    ] {
        let out = grundy(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.len() < 1000, "{} bytes: {}", err.len(), &err[..200.min(err.len())]);
        assert!(err.contains('…'), "{err}");
    }
}

#[test]
fn a_one_row_cram_board_is_a_board_not_a_file() {
    // `.` and `..` exist as directories everywhere; `....` may exist as a file.
    let dir = temp_file("....", b"#\n").parent().unwrap().to_path_buf();
    let size = |s: &str| json(&["value", "cram", s, "--json"])["value"].clone();
    for (board, want) in [
        (".", size("1x1")),
        ("..", size("1x2")),
        ("....", size("1x4")),
        ("..../....", size("2x4")),
    ] {
        let out = grundy(&["value", "cram", board, "--json"])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "cram {board}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(doc["value"], want, "cram {board}: {doc}");
    }
}

#[test]
fn digraph_moves_print_an_arrow_like_every_game() {
    let out = grundy(&["moves", "graph", "examples/graphs/handbook6.txt", "4", "6", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.contains(" → "), "{text}");
    assert!(!text.contains("->"), "{text}");
    let out = grundy(&["graph", "examples/graphs/state_game.txt", "--start", "s0"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("→ s3") && !text.contains("->"), "{text}");
}
