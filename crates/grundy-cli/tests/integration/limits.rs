//! Limits that mean one thing (issue #13, items 8–10): `--max-states` bounds the positions a
//! search keeps and never sizes a table; `--max-memory` sizes the tables, chooses Chomp's
//! engine and refuses big allocations that cannot fit; each reached exits 3 promptly.

use crate::support::grundy;
use std::time::{Duration, Instant};

/// Exit code, stdout, stderr and wall time of one run.
fn run(args: &[&str]) -> (Option<i32>, String, String, Duration) {
    let clock = Instant::now();
    let out = grundy(args).timeout(Duration::from_secs(120)).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        clock.elapsed(),
    )
}

/// Exit code, stderr and the peak resident size (KiB, `VmHWM` read from `/proc` while the
/// process runs; `None` where `/proc` is missing) of one run.
fn run_watched(args: &[&str]) -> (Option<i32>, String, Option<u64>) {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .current_dir(crate::support::ROOT)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak: Option<u64> = None;
    let clock = Instant::now();
    let status = loop {
        if let Ok(text) = std::fs::read_to_string(&status_file)
            && let Some(kib) = text
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|k| k.parse::<u64>().ok())
        {
            peak = Some(peak.unwrap_or(0).max(kib));
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(clock.elapsed() < Duration::from_secs(60), "{args:?} did not stop");
        std::thread::sleep(Duration::from_millis(1));
    };
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    (status.code(), err, peak)
}

#[test]
fn max_states_stops_the_cram_search_promptly_instead_of_shrinking_its_table() {
    // Before: the table shrank to 10 entries and the search never ended.
    for (board, states) in [("5x9", "10"), ("5x6", "100")] {
        let (code, _, err, took) = run(&["value", "cram", board, "--max-states", states]);
        assert_eq!(code, Some(3), "cram {board}: {err}");
        assert!(err.contains("state limit") && err.contains("--max-states"), "{err}");
        assert!(took < Duration::from_secs(10), "cram {board}: {took:?}");
    }
    // A limit above what the search keeps changes nothing: the answer, and the table's cap
    // (from the memory budget), are those of the default run.
    let (code, out, err, _) = run(&["value", "cram", "5x6", "--max-states", "100000", "--stats"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("value    2"), "{out}");
    let (_, _, default_err, _) = run(&["value", "cram", "5x6", "--stats"]);
    let cap = |text: &str| {
        text.split("(cap ")
            .nth(1)
            .and_then(|t| t.split(')').next())
            .map(str::to_string)
    };
    assert!(cap(&err).is_some(), "{err}");
    assert_eq!(cap(&err), cap(&default_err), "{err} / {default_err}");
}

#[test]
fn the_table_cap_comes_from_the_memory_budget() {
    let cap = |memory: &str| -> u64 {
        let (code, _, err, _) = run(&["value", "cram", "4x5", "--stats", "--max-memory", memory]);
        assert_eq!(code, Some(0), "{err}");
        let text = err.split("(cap ").nth(1).and_then(|t| t.split(')').next()).unwrap();
        text.parse().unwrap()
    };
    let small = cap("256M");
    let large = cap("4G");
    // Half the headroom for tables, 16 bytes an entry plus the small-region table: at most
    // 128 MiB / 24 bytes at 256M.
    assert!(small <= (128 << 20) / 24, "{small}");
    assert!(large >= 16 * small, "{small} {large}");
}

#[test]
fn chomp_chooses_its_engine_by_memory_and_says_which_ran() {
    // More shapes than --max-states (924 against 100): still the dense table.
    let (code, out, err, _) = run(&["value", "chomp", "6x6", "--max-states", "100", "--stats"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("engine: dense table: 924 shapes of the 6x6 box"), "{err}");
    let dense: serde_json::Value = {
        let out = grundy(&["value", "chomp", "6x6", "--json"]).output().unwrap();
        serde_json::from_slice(&out.stdout).unwrap()
    };
    assert!(out.contains(&format!("value    {}", dense["value"])), "{out} / {dense}");
    // Two rows of 200 squares: nimbers above 255, two bytes per shape, still dense and fast.
    let (code, _, err, took) = run(&["value", "chomp", "2x200", "--stats"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("engine: dense table: 20301 shapes of the 2x200 box"),
        "{err}"
    );
    assert!(took < Duration::from_secs(10), "{took:?}");
    // A box whose dense table does not fit in the memory budget: the search, which says why.
    let (code, _, err, _) = run(&[
        "value",
        "chomp",
        "16x16",
        "--max-memory",
        "256M",
        "--max-states",
        "2000",
        "--stats",
    ]);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains("engine: search (the dense table of the 16x16 box, 601080390 shapes, needs 573 MiB"),
        "{err}"
    );
    assert!(err.contains("state limit"), "{err}");
}

#[test]
fn a_sieve_that_cannot_fit_is_refused_before_it_is_allocated() {
    // 10^7 states: the sieve and the values take 120 MB, more than a 64 MiB budget leaves.
    let (code, err, peak) = run_watched(&["value", "divisors", "10000000", "--max-memory", "64M"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("--max-memory"), "{err}");
    if let Some(kib) = peak {
        assert!(kib < 48 << 10, "peak {kib} KiB");
    }
    // A sieve that fits answers under the same budget (even states win).
    let (code, out, err, _) = run(&["value", "divisors", "1000000", "--max-memory", "64M"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("outcome  N"), "{out}");
}

#[test]
fn a_file_whose_parse_cannot_fit_is_refused_before_it_is_read() {
    let dir = std::env::temp_dir().join(format!("grundy-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let maze = dir.join("huge-maze.txt");
    // A sparse file of 600 MiB (below the 1 GiB input cap): nothing is written to the disk.
    std::fs::File::create(&maze).unwrap().set_len(600 << 20).unwrap();
    let path = maze.to_str().unwrap();
    let (code, err, peak) = run_watched(&["value", "maze", path, "--max-memory", "256M"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("--max-memory"), "{err}");
    if let Some(kib) = peak {
        assert!(kib < 64 << 10, "peak {kib} KiB");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A take-and-break table that cannot grow within the budget stops before growing, with the
/// values so far (in a process of its own: the library's test threads share one resident size,
/// so the budget is checked here, where nothing else allocates).
#[test]
fn take_and_break_values_stop_before_growing_past_the_budget() {
    // 0.33 (take one or two): 2^26 heaps would need 64 MiB at one byte each; the first chunk of
    // 2^24 fits in 24 MiB, the whole table and its next growth do not.
    let to = (1u64 << 26).to_string();
    let args = ["seq", "0.33", "--to", &to, "--all", "--max-memory", "24M", "--csv"];
    let out = grundy(&args).output().unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stderr));
    let csv = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert!(
        !rows.is_empty() && (rows.len() as u64) <= 1 << 24,
        "{} heaps",
        rows.len()
    );
    // 0.33 is periodic: 0, 1, 2, 0, 1, 2, ...
    for (n, row) in rows.iter().enumerate().step_by(99_991) {
        assert_eq!(*row, format!("{n},{}", n % 3));
    }
    // The values kept are not copied when the run stops (a copy at 8 bytes a heap took the
    // process to 138 MB under this 24 MiB limit).
    let (code, _, peak) = run_watched(&args);
    assert_eq!(code, Some(3));
    if let Some(kib) = peak {
        assert!(kib < 48 << 10, "peak {kib} KiB");
    }
}

/// `seq --rules` stopped by the memory limit writes the values computed so far, like every
/// other sequence (each value is a short search, so the stop is looked for between values).
/// The stop is deterministic: the solver's table accounts each growth before making it, so two
/// runs stop at the same heap whatever the load (it once depended on when the memory watcher
/// sampled the resident size, and under load the growth's spike met the last-resort exit,
/// which writes no values).
#[test]
fn a_rules_sequence_stopped_by_memory_keeps_its_values() {
    let stopped = || {
        grundy(&[
            "seq",
            "--rules",
            "examples/rules/one_two_three.rhai",
            "--to",
            "10000000",
            "--max-memory",
            "64M",
            "--csv",
        ])
        .output()
        .unwrap()
    };
    let out = stopped();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("computed so far"), "{err}");
    let again = stopped();
    assert_eq!(again.stderr, out.stderr, "two runs stop at the same heap");
    let csv = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert!(!rows.is_empty() && rows.len() < 10_000_001, "{} rows", rows.len());
    // The 1-2-3 game: g(n) = n mod 4.
    for (n, row) in rows.iter().enumerate().step_by(9_973) {
        assert_eq!(*row, format!("{n},{}", n % 4));
    }
}

/// Run `grundy` under `ulimit -v KIB` (an address-space limit, as shared clusters set): exit
/// code and stderr.
fn under_address_limit(kib: u64, args: &[String]) -> (Option<i32>, String) {
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .current_dir(crate::support::ROOT)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Issue #35, item 3: under `ulimit -v` a coloring row of 100,000 cells (2·10^5 options of
/// 100 kB each) aborted with "memory allocation failed" and a backtrace, with or without
/// `--max-states`; now the listing is accounted first and refused with exit 3 and one line.
#[test]
fn an_address_space_limit_is_a_memory_limit_not_an_abort() {
    let row = ".".repeat(100_000);
    for extra in [None, Some("--max-states")] {
        let mut args = vec!["value".to_string(), "coloring".into(), row.clone()];
        if let Some(flag) = extra {
            args.extend([flag.to_string(), "1000".into()]);
        }
        let (code, err) = under_address_limit(4_000_000, &args);
        assert_eq!(code, Some(3), "{extra:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!err.contains("backtrace") && !err.contains("allocation"), "{err}");
        assert!(err.contains("address-space limit"), "{err}");
    }
}

/// Issue #35, item 3: Node Kayles on a long path overflowed the stack (the tree code was
/// recursive) or aborted at a few GB under `ulimit -v`; now it searches within the budget
/// (deep frames drop their lists) and stops at SIGTERM with 130.
#[test]
fn node_kayles_on_a_long_path_neither_aborts_nor_ignores_sigterm() {
    let dir = std::env::temp_dir().join(format!("grundy-longpath-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("path.txt");
    let edges: String = (0..20_000).map(|i| format!("{i} {}\n", i + 1)).collect();
    std::fs::write(&file, edges).unwrap();
    let child = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4000000 && exec \"$0\" value node-kayles \"$1\"")
        .arg(assert_cmd::cargo::cargo_bin("grundy"))
        .arg(&file)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (out, took) = terminate_after(child, Duration::from_secs(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(took < Duration::from_secs(2), "{took:?} after SIGTERM");
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(!err.contains("overflow") && !err.contains("allocation"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue #35, item 4: `quotient --max-states` bounded nothing (0.137 to heap 40 ran past 60 s
/// with 10,000); now the work of each heap stops at that many states, the quotient proved so
/// far is printed with the reason, and the exit status is the limit's, 3 (issue 32: it was 0).
#[test]
fn the_quotient_proof_is_bounded_by_max_states() {
    let (code, out, err, _) = run(&["quotient", "0.137", "--to", "40", "--max-states", "10000"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(out.contains("more than 10000 proof states"), "{out}");
    assert!(err.contains("proved, is written"), "{err}");
}

/// Issue #35, item 1: misère Nim by its formula, at once, whatever the heaps.
#[test]
fn nim_under_misere_play_is_valued_by_the_formula() {
    let (code, out, err, _) = run(&["value", "nim", "100000", "100000", "--misere", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["value"], 0);
    assert_eq!(doc["outcome"], "P");
    let (code, out, err, _) = run(&["value", "nim", "100000", "99999", "1", "--misere", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["value"], 100000 ^ 99999 ^ 1);
    assert_eq!(doc["winning_moves"].as_array().map(Vec::len), Some(1), "{out}");
}

/// A heap game with no misère formula and a heap of 10^12 is refused at once (its start alone
/// has more moves than the state limit), instead of listing them for hours.
#[test]
fn a_hopeless_misere_search_is_refused_with_the_reason() {
    let (code, _, err, _) = run(&["value", "kayles", "1000000000000", "--misere"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("moves, more than the state limit"), "{err}");
}

/// Issue 32: Ctrl-C (here SIGTERM, handled alike) during `quotient` keeps what was proved: the
/// quotient of the heaps finished is printed, and the exit status is 130.
#[test]
fn an_interrupted_quotient_prints_the_heaps_finished() {
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["quotient", "0.07", "--to", "300"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (out, took) = terminate_after(child, Duration::from_secs(3));
    let err = String::from_utf8_lossy(&out.stderr);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(took < Duration::from_secs(5), "{took:?} after SIGTERM");
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(
        text.contains("verified for every sum of them") && text.contains("order"),
        "{text}"
    );
    assert!(text.contains("stopped before heap 300"), "{text}");
    assert!(err.contains("proved, is written"), "{err}");
}

/// Let `child` run for `after`, send it SIGTERM, and wait: its output and how long it took to
/// end after the signal.
fn terminate_after(child: std::process::Child, after: Duration) -> (std::process::Output, Duration) {
    std::thread::sleep(after);
    let _ = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let clock = Instant::now();
    let out = child.wait_with_output().unwrap();
    (out, clock.elapsed())
}
