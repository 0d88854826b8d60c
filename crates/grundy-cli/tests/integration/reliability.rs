//! Reliability: `--verify` on value, seq and graph; limits (`--max-states`, `--max-memory`);
//! numbers at the edges of u64; output into a closed pipe.

use crate::support::grundy;

fn stderr_of(args: &[&str]) -> (Option<i32>, String, String) {
    let out = grundy(args)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn value_verify_agrees_on_every_kind_of_fast_path() {
    for words in [
        "nim 10 12 5",
        "misere-nim 1 1 3",
        "subtraction --set 1,3,4 9 11",
        "welter 2 5 9",
        "welter-no-overtaking 3 8",
        "lattice 6 9",
        "wythoff 4 7",
        "chop 5 3",
        "turning-turtles RBBRR",
        "0.07 9 12",
        "kayles 7 3",
        "grundy-game 12",
        "chomp 3x3",
        "cram 3x4",
        "triomino 5",
        "coloring R....B",
        "divisors 12",
        "prime-subtraction 9",
        "graph examples/graphs/thesis_ch1.txt u1",
        "maze examples/mazes/handbook1.txt",
    ] {
        let mut args = vec!["value"];
        args.extend(words.split(' '));
        args.push("--verify");
        let (code, _, err) = stderr_of(&args);
        assert_eq!(code, Some(0), "{words}: {err}");
        assert!(err.contains("verified: value"), "{words}: {err}");
    }
}

#[test]
fn value_verify_refuses_positions_beyond_its_budget() {
    // A limit (exit 3) like any other, with the option that raises it and what ran out.
    let (code, _, err) = stderr_of(&["value", "nim", "300", "300", "300", "--verify", "--max-states", "10000"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains("--verify") && err.contains("state limit") && err.contains("--max-states"),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}

#[test]
fn a_scripted_sequence_beyond_the_state_limit_is_a_limit() {
    let (code, _, err) = stderr_of(&[
        "seq",
        "--rules",
        "examples/rules/divisors.rhai",
        "--to",
        "500",
        "--max-states",
        "100",
    ]);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains("heap 500") && err.contains("state limit 100") && err.contains("--max-states"),
        "{err}"
    );
}

#[test]
fn seq_verify_compares_two_methods() {
    for (args, method) in [
        (&["seq", "0.07", "--to", "500"][..], "against mex over every option"),
        (
            &["seq", "0.137", "--to", "400", "--method", "sparse"][..],
            "sparse space against the plain",
        ),
        (&["seq", "nim", "--to", "300"][..], "closed formula"),
        (&["seq", "divisors", "--to", "60"][..], "generic solver on each heap"),
        (
            &["seq", "subtraction", "--set", "2,5,6", "--to", "200"][..],
            "heaps 0..200 agree",
        ),
    ] {
        let mut args = args.to_vec();
        args.push("--verify");
        let (code, _, err) = stderr_of(&args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(
            err.contains("verified: heaps 0..") && err.contains(method),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn graph_verify_checks_loopy_labels_by_retrograde_analysis() {
    for file in [
        "examples/graphs/thesis_ch2.txt",
        "examples/graphs/cycle3.dot",
        "examples/graphs/cycle4.json",
        "examples/graphs/handbook6.txt",
    ] {
        let (code, out, err) = stderr_of(&["graph", file, "--verify", "--json"]);
        assert_eq!(code, Some(0), "{file}: {err}");
        assert!(err.contains("agree with plain retrograde analysis"), "{file}: {err}");
        serde_json::from_str::<serde_json::Value>(&out).expect("stdout stays one JSON document");
    }
}

#[test]
fn limits_stop_with_a_clear_message_and_exit_code_3() {
    let (code, _, err) = stderr_of(&["value", "wythoff", "40", "40", "--max-states", "50"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("state limit") && err.contains("--max-states"), "{err}");
    // (`--stats`: the board search, whose table the budget stops.)
    let (code, _, err) = stderr_of(&["--max-memory", "64M", "value", "triomino", "100000", "--stats"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("memory") && err.contains("--max-memory"), "{err}");
    // The generic solver on something big, under a budget smaller than any process needs.
    let (code, _, err) = stderr_of(&["value", "cram", "7x7", "--max-memory", "1M"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("memory") && err.contains("--max-memory"), "{err}");
    // A generous limit changes nothing.
    let (code, out, _) = stderr_of(&["value", "nim", "3", "4", "--max-memory", "2G"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("value    7"), "{out}");
}

#[test]
fn seq_into_a_closed_pipe_stops_quietly() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    for format in ["--json", "--csv"] {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
            .args(["seq", "0.07", "--to", "2000000", format])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
        drop(child.stdout.take()); // the reader goes away, like `head`
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{format}: {err}");
        assert!(err.is_empty(), "{format}: {err}");
    }
}

#[test]
fn numbers_at_the_edge_of_u64_are_exact_or_refused() {
    const M: u64 = u64::MAX;
    let value = |args: &[&str]| -> u64 {
        let mut a = vec!["value"];
        a.extend_from_slice(args);
        a.push("--json");
        let doc = crate::support::json(&a);
        crate::support::natural(&doc["value"]).unwrap_or_else(|| panic!("{args:?}: {doc}"))
    };
    let m = M.to_string();
    let m1 = (M - 1).to_string();
    assert_eq!(value(&["nim", &m, &m, &m]), M);
    assert_eq!(value(&["nim", &m, &m1]), 1);
    assert_eq!(value(&["misere-nim", &m, "1"]), M - 1);
    // Welter, two pawns: ((a − 1) ⊕ (b − 1)) − 1.
    assert_eq!(value(&["welter", &m, "1"]), (M - 1) - 1);
    assert_eq!(value(&["welter", &m, "2"]), ((M - 1) ^ 1) - 1);
    assert_eq!(value(&["welter", &m, &m1]), ((M - 1) ^ (M - 2)) - 1);
    assert_eq!(value(&["welter-no-overtaking", &m, "1"]), M - 2);
    assert_eq!(value(&["lattice", &m, &m]), 0);
    assert_eq!(value(&["lattice", &m, "0"]), M);
    assert_eq!(value(&["chop", &m, "1"]), M - 1);
    assert_eq!(value(&["chop", &m, &m]), 0);
    let sum = crate::support::json(&["sum", &format!("nim {m}"), &format!("lattice {m} 0"), "--json"]);
    assert_eq!(sum["value"], 0, "{sum}");
    let sum = crate::support::json(&["sum", &format!("nim {m}"), &format!("chop {m} 1"), "--json"]);
    assert_eq!(sum["value"], 1, "{sum}");
    // Too many moves to list: refused, not attempted.
    for args in [
        &["moves", "nim", &m][..],
        &["explain", "misere-nim", &m, &m, "1"][..],
        &["moves", "0.07", &m][..],
        &["moves", "lattice", &m, &m][..],
    ] {
        let (code, _, err) = stderr_of(args);
        assert_eq!(code, Some(3), "{args:?}: a limit: {err}");
        assert!(err.contains("cannot all be listed"), "{args:?}: {err}");
    }
    // A table at the top of the range.
    let doc = crate::support::json(&["table", "welter", "3", &format!("{}..{m}", M - 3), "--json"]);
    assert!(doc.to_string().contains(&m), "{doc}");
}

#[test]
fn seq_stopped_by_the_memory_limit_writes_the_values_so_far() {
    // 1M is below what any process needs: the limit is reached at once, and the sequence
    // stops at its next checkpoint with the heaps computed until then.
    for (args, check_value) in [
        (
            &["seq", "nim", "--to", "10000000", "--json", "--max-memory", "1M"][..],
            true,
        ),
        (
            &[
                "seq",
                "0.07",
                "--to",
                "100000000",
                "--all",
                "--json",
                "--max-memory",
                "1M",
            ][..],
            false,
        ),
    ] {
        let (code, out, err) = stderr_of(args);
        assert_eq!(code, Some(3), "{args:?}: {err}");
        assert!(
            err.contains("--max-memory") && err.contains("computed so far"),
            "{args:?}: {err}"
        );
        let doc: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
        let values = doc["values"].as_array().unwrap();
        assert!(
            !values.is_empty() && values.len() < 10_000_001,
            "{args:?}: {}",
            values.len()
        );
        if check_value {
            for (n, v) in values.iter().enumerate() {
                assert_eq!(v.as_u64(), Some(n as u64));
            }
        }
    }
}
