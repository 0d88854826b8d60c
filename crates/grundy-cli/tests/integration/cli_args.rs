//! The command line's grammar and its reports: every command's `--help` lists its options,
//! options stand before or after the game's words, unknown names get a suggestion, completion
//! scripts, and the JSON reports (one winning-move shape, `explain --json`, the 2^53 rule).

use crate::support::{grundy, json};
use std::collections::BTreeSet;

fn stdout(args: &[&str]) -> String {
    let out = grundy(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The long options a help text lists (`--name` at the start of an option line).
fn options(help: &str) -> BTreeSet<String> {
    help.lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let l = l.strip_prefix("-h, ").or_else(|| l.strip_prefix("-o, ")).unwrap_or(l);
            let name = l.strip_prefix("--")?;
            let end = name
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .unwrap_or(name.len());
            Some(format!("--{}", &name[..end]))
        })
        .collect()
}

#[test]
fn each_command_s_help_lists_its_options() {
    let seq = options(&stdout(&["seq", "--help"]));
    for o in [
        "--to",
        "--all",
        "--csv",
        "--method",
        "--json",
        "--verify",
        "--max-states",
        "--max-memory",
    ] {
        assert!(seq.contains(o), "seq --help lacks {o}: {seq:?}");
    }
    let value = options(&stdout(&["value", "--help"]));
    for o in ["--json", "--max-states", "--max-memory", "--verify"] {
        assert!(value.contains(o), "value --help lacks {o}: {value:?}");
    }
    let graph = options(&stdout(&["graph", "--help"]));
    for o in [
        "--all-g",
        "--boolean",
        "--start",
        "--pawns",
        "--limit",
        "--json",
        "--verify",
    ] {
        assert!(graph.contains(o), "graph --help lacks {o}: {graph:?}");
    }
    let plot = options(&stdout(&["plot", "--help"]));
    for o in ["--output", "--size", "--x", "--y", "--to"] {
        assert!(plot.contains(o), "plot --help lacks {o}: {plot:?}");
    }
    // Every option line has a description.
    for cmd in [
        "list",
        "value",
        "moves",
        "explain",
        "sum",
        "seq",
        "graph",
        "table",
        "wtia",
        "play",
        "plot",
        "completions",
    ] {
        let help = stdout(&[cmd, "--help"]);
        for line in help.lines().filter(|l| l.trim_start().starts_with('-')) {
            let described = line.trim().split("  ").filter(|p| !p.trim().is_empty()).count() >= 2;
            assert!(described, "`grundy {cmd} --help`: `{line}` has no description");
        }
    }
}

#[test]
fn help_after_the_game_s_words_is_the_command_s_help() {
    let help = stdout(&["seq", "nim", "--help"]);
    assert!(help.contains("Usage: grundy seq"), "{help}");
    assert!(options(&help).contains("--to"), "{help}");
    let help = stdout(&["value", "nim", "3", "-h"]);
    assert!(help.contains("Usage: grundy value"), "{help}");
}

#[test]
fn options_stand_before_or_after_the_game_s_words() {
    let after = stdout(&["value", "nim", "10", "12", "5", "--json"]);
    let before = stdout(&["value", "--json", "nim", "10", "12", "5"]);
    assert_eq!(after, before);
    let a = stdout(&["seq", "subtraction", "--set", "1,2,3", "--to", "40"]);
    let b = stdout(&["seq", "--to", "40", "subtraction", "--set", "1,2,3"]);
    let c = stdout(&["seq", "--to=40", "subtraction", "--set", "1,2,3"]);
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert!(a.starts_with("subtraction --set 1,2,3: g(0..40)"), "{a}");
    // A flag given twice counts once.
    assert_eq!(
        stdout(&["seq", "subtraction", "--set", "1,2,3", "--to", "40", "--all", "--all"]),
        a
    );
    // Shared options before the command are the command's.
    let err = grundy(&["--max-states", "100", "value", "wythoff", "30", "30"])
        .output()
        .unwrap();
    assert_eq!(err.status.code(), Some(3), "a limit exits 3");
    assert!(String::from_utf8_lossy(&err.stderr).contains("state limit"));
}

#[test]
fn an_unknown_game_gets_the_closest_name() {
    let out = grundy(&["value", "kayels", "3"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("did you mean `kayles`?"), "{err}");
    let out = grundy(&["seq", "grundy-gam", "--to", "5"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `grundy-game`?"));
    // Nothing close: no guess.
    let out = grundy(&["value", "chess", "1"]).output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("did you mean"));
}

#[test]
fn list_shows_aliases() {
    let text = stdout(&["list"]);
    let with_aliases = grundy::games::REGISTRY.iter().filter(|e| !e.aliases.is_empty());
    for e in with_aliases {
        let line = format!("    aliases:  {}", e.aliases.join(", "));
        assert!(text.contains(&line), "{}: `{line}` not in `grundy list`", e.name);
    }
    let doc = json(&["list", "--json"]);
    let misere = doc["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "misere-nim")
        .unwrap();
    assert!(!misere["aliases"].as_array().unwrap().is_empty(), "{misere}");
}

#[test]
fn completion_scripts_for_bash_zsh_and_fish() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef grundy"),
        ("fish", "complete -c grundy"),
    ] {
        let script = stdout(&["completions", shell]);
        assert!(script.contains(marker), "{shell}: {script}");
        assert!(script.contains("all-g"), "{shell}: the subcommands' options are in it");
    }
    assert_eq!(
        grundy(&["completions", "tcsh"]).output().unwrap().status.code(),
        Some(2)
    );
}

fn keys(v: &serde_json::Value) -> BTreeSet<String> {
    v.as_object()
        .unwrap_or_else(|| panic!("{v} is not an object"))
        .keys()
        .cloned()
        .collect()
}

#[test]
fn explain_json_is_json() {
    let doc = json(&["explain", "nim", "3", "4", "5", "--json"]);
    assert_eq!(doc["kind"], "sum");
    assert_eq!(doc["nim_sum"], 2);
    assert_eq!(doc["winning_moves"][0]["position"], "1 4 5");
    let doc = json(&["explain", "grundy-game", "8", "--json"]);
    assert_eq!(doc["kind"], "mex");
    assert_eq!(doc["set"], serde_json::json!([0, 1, 3]));
    assert_eq!(doc["value"], 2);
    let doc = json(&["explain", "--sum", "nim 3", "nim 1", "--json"]);
    assert_eq!(doc["winning_moves"][0]["component"], 1, "{doc}");
    let doc = json(&["explain", "graph", "examples/graphs/thesis_ch2.txt", "v7", "--json"]);
    assert_eq!(doc["kind"], "text");
    assert_eq!(doc["value"], 3);
}

#[test]
fn winning_moves_have_one_shape() {
    let value = json(&["value", "nim", "10", "12", "5", "--json"]);
    let sum = json(&["sum", "nim 3", "grundy-game 5", "--json"]);
    let wtia = json(&["wtia", "levels 4,9,3", "levels 2,5", "--json"]);
    let moves = json(&["moves", "nim", "2", "3", "--json"]);
    let pawns = json(&["graph", "examples/graphs/state_game.txt", "--start", "s0", "--json"]);
    let shape = keys(&value["winning_moves"][0]);
    assert_eq!(shape, ["component", "move", "position"].map(String::from).into());
    for (name, doc) in [("sum", &sum), ("wtia", &wtia), ("moves", &moves), ("graph", &pawns)] {
        let wins = doc["winning_moves"].as_array().unwrap();
        assert!(!wins.is_empty(), "{name}: {doc}");
        for m in wins {
            assert_eq!(keys(m), shape, "{name}: {m}");
        }
    }
    assert_eq!(value["winning_moves"][0]["component"], serde_json::Value::Null);
    assert_eq!(sum["winning_moves"][0]["component"], 1);
    assert_eq!(wtia["winning_moves"][0]["component"], 2);
}

#[test]
fn naturals_above_2_53_are_strings() {
    let doc = json(&["value", "nim", "18446744073709551615", "5", "--json"]);
    assert_eq!(doc["value"], "18446744073709551610");
    let doc = json(&["value", "nim", "9007199254740992", "--json"]);
    assert_eq!(doc["value"], 9007199254740992u64);
    let doc = json(&["value", "nim", "9007199254740993", "--json"]);
    assert_eq!(doc["value"], "9007199254740993");
}

#[test]
fn docs_json_md_shows_what_the_commands_print() {
    let root = std::path::Path::new(crate::support::ROOT);
    let doc = std::fs::read_to_string(root.join("docs/json.md")).unwrap();
    let mut seen = BTreeSet::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        let Some(cmd) = line.strip_prefix("$ grundy ") else {
            continue;
        };
        let shown: serde_json::Value =
            serde_json::from_str(lines.next().unwrap()).unwrap_or_else(|e| panic!("{cmd}: {e}"));
        let out = std::process::Command::new("bash")
            .args(["-c", &format!("\"$GRUNDY\" {cmd}")])
            .env("GRUNDY", env!("CARGO_BIN_EXE_grundy"))
            .current_dir(root)
            .output()
            .unwrap();
        let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{cmd}: {e}"));
        assert_eq!(got, shown, "docs/json.md: `grundy {cmd}`");
        seen.insert(cmd.split(' ').next().unwrap().to_string());
    }
    for command in ["value", "moves", "sum", "wtia", "explain", "seq", "table", "graph"] {
        assert!(
            seen.contains(command),
            "docs/json.md has no example of `{command} --json`"
        );
    }
}
