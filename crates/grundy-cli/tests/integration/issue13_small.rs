//! Issue 13, small ones: plot write errors name the file and show no internal text; a UTF-8
//! byte-order mark at the start of a rules or board file is skipped; a stopped `seq` prints one
//! line on stderr; `play --sum` with a huge Nim heap plays through values like `play`.

use crate::support::{ROOT, grundy};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-i13s-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn run(args: &[&str], stdin: &str) -> Output {
    grundy(args).write_stdin(stdin).output().expect("runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn plot_write_errors_name_the_file_and_no_internals() {
    let dir = scratch("plot");
    for ext in ["png", "svg"] {
        let missing = dir.join("no-such-dir").join(format!("x.{ext}"));
        let m = missing.to_str().unwrap();
        for args in [
            &["plot", "seq", "nim", "--to", "10", "-o", m][..],
            &["plot", "table", "nim {x} {y}", "--x", "0..3", "--y", "0..3", "-o", m][..],
            &["plot", "maze", "examples/mazes/handbook1.txt", "-o", m][..],
        ] {
            let out = run(args, "");
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            let err = text(&out.stderr);
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.contains(m), "the message names the file: {err}");
            assert!(err.contains("No such file or directory"), "{err}");
            for internal in ["Error(", "Os {", "backend", "Backend", "kind:"] {
                assert!(!err.contains(internal), "`{internal}` in {err}");
            }
        }
    }
    // An existing file that cannot be replaced (a directory of that name) is named too.
    let taken = dir.join("taken.png");
    std::fs::create_dir_all(&taken).unwrap();
    let out = run(&["plot", "seq", "nim", "--to", "10", "-o", taken.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains(taken.to_str().unwrap()),
        "{}",
        text(&out.stderr)
    );
    // A picture is still written, and no temporary file is left beside it (nor beside the
    // failed ones).
    let good = dir.join("good.png");
    let out = run(&["plot", "seq", "nim", "--to", "10", "-o", good.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(&std::fs::read(&good).unwrap()[..8], b"\x89PNG\r\n\x1a\n");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `contents` written twice: as is and after a UTF-8 byte-order mark.
fn with_and_without_bom(dir: &std::path::Path, name: &str, contents: &str) -> (String, String) {
    let plain = dir.join(format!("plain-{name}"));
    let bom = dir.join(format!("bom-{name}"));
    std::fs::write(&plain, contents).unwrap();
    std::fs::write(&bom, format!("\u{feff}{contents}")).unwrap();
    (plain.to_str().unwrap().into(), bom.to_str().unwrap().into())
}

#[test]
fn a_byte_order_mark_starts_rules_and_board_files_harmlessly() {
    let dir = scratch("bom");
    let rules = std::fs::read_to_string(format!("{ROOT}/examples/rules/one_two_three.rhai")).unwrap();
    let (plain, bom) = with_and_without_bom(&dir, "rules.rhai", &rules);
    for heap in ["10", "7"] {
        let a = run(&["value", "--rules", &plain, heap, "--json"], "");
        let b = run(&["value", "--rules", &bom, heap, "--json"], "");
        assert!(b.status.success(), "{}", text(&b.stderr));
        let (a, b): (serde_json::Value, serde_json::Value) = (
            serde_json::from_slice(&a.stdout).unwrap(),
            serde_json::from_slice(&b.stdout).unwrap(),
        );
        assert_eq!(a["value"], b["value"]);
        assert_eq!(a["winning_moves"], b["winning_moves"]);
    }
    let (plain, bom) = with_and_without_bom(&dir, "board.txt", "...\n.#.\n...\n");
    let a = run(&["value", "cram", &plain], "");
    let b = run(&["value", "cram", &bom], "");
    assert!(b.status.success(), "{}", text(&b.stderr));
    assert_eq!(
        text(&a.stdout).replace(&plain, "FILE"),
        text(&b.stdout).replace(&bom, "FILE")
    );
    let maze = std::fs::read_to_string(format!("{ROOT}/examples/mazes/handbook1.txt")).unwrap();
    let (plain, bom) = with_and_without_bom(&dir, "maze.txt", &maze);
    let a = run(&["value", "maze", &plain], "");
    let b = run(&["value", "maze", &bom], "");
    assert!(b.status.success(), "{}", text(&b.stderr));
    assert_eq!(
        text(&a.stdout).replace(&plain, "FILE"),
        text(&b.stdout).replace(&bom, "FILE")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stopped_seq_prints_one_line() {
    // The memory limit: 1M is reached at once.
    let out = run(&["seq", "nim", "--to", "10000000", "--json", "--max-memory", "1M"], "");
    assert_eq!(out.status.code(), Some(3));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--max-memory") && err.contains("computed so far"), "{err}");
    // Ctrl-C.
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["seq", "0.ffff", "--to", "1000000", "--json"])
        .current_dir(ROOT)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    let out = child.wait_with_output().expect("ends");
    assert_eq!(out.status.code(), Some(130));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("grundy: interrupted; the values computed so far"),
        "{err}"
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("the values so far, as JSON");
    assert!(!doc["values"].as_array().unwrap().is_empty());
}

#[test]
fn play_sum_with_a_huge_heap_plays_through_values() {
    let max = u64::MAX.to_string();
    let huge = format!("nim {max}");
    // The player moves in the huge component by the position it leads to; the computer answers.
    let out = run(&["play", "--sum", &huge, "nim 5"], "hint\nmoves\n#1 5\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let o = text(&out.stdout);
    assert!(o.contains(&format!("a winning move is #1 nim: {max} → 5")), "{o}");
    assert!(o.contains(&format!("you play #1 nim: {max} → 5")), "{o}");
    assert!(o.contains("position: nim 5 + nim 5\nI play "), "{o}");
    // A bare position names its component when only one component has that move; a move in a
    // small component is typed as usual.
    let out = run(&["play", "--sum", &huge, "nim 5"], "123456789012\nquit\n");
    assert!(text(&out.stdout).contains("you play #1 nim: "), "{}", text(&out.stdout));
    let out = run(&["play", "--sum", &huge, "nim 5"], "5->2\nquit\n");
    assert!(
        text(&out.stdout).contains("you play #2 nim: 5 → 2"),
        "{}",
        text(&out.stdout)
    );
    // Ambiguous (heap 3 in either component) and impossible moves are refused; play goes on.
    let out = run(&["play", "--sum", &huge, "nim 5"], "3\n#2 7\nquit\n");
    let o = text(&out.stdout);
    assert!(o.contains("prefix the component"), "{o}");
    assert!(o.contains("Bye."), "{o}");
    assert!(!o.contains("you play"), "{o}");
    // The computer first, from a P-position of two huge heaps: it moves, and the player wins
    // back by the hint's move.
    let out = run(
        &["play", "--sum", &huge, &huge, "--first", "computer"],
        "hint\nundo\nquit\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let o = text(&out.stdout);
    assert!(o.contains("I play #"), "{o}");
    assert!(o.contains("you can win; a winning move is #"), "{o}");
}

/// A table row of heaps with other heaps fixed (`subtraction --set 1,2,3 3 n`) is proved by
/// the heap sequence's period, as `seq` proves it, and agrees with the values beside it; a row
/// whose heap sequence has a saltus (Nim: g(n) = n) is not: a fixed heap's xor breaks it.
#[test]
fn table_rows_with_fixed_heaps_are_proved_as_seq_proves_them() {
    let doc = crate::support::json(&["table", "subtraction", "--set", "1,2,3", "3", "0..30", "--json"]);
    let pattern = &doc["pattern"];
    assert_eq!(pattern["proved"], true, "{pattern}");
    assert_eq!(
        (pattern["from"].as_u64(), pattern["period"].as_u64()),
        (Some(0), Some(4))
    );
    let values: Vec<u64> = doc["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    // g(3) = 3 and g(n) = n mod 4 for the set {1, 2, 3}.
    assert!(
        values.iter().enumerate().all(|(n, &v)| v == 3 ^ (n as u64 % 4)),
        "{values:?}"
    );
    let nim = crate::support::json(&["table", "nim", "5", "0..20", "--json"]);
    assert_ne!(nim["pattern"]["proved"], true, "{}", nim["pattern"]);
}
