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
