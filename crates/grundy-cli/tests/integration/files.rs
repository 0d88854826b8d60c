//! Files and output streams: saved tables are checked and written atomically, an interrupted
//! `seq --csv` keeps its values, a failed write to stdout is an error (`--help` included), and an
//! output FIFO without a reader is an error after a short wait, or ends at Ctrl-C.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_grundy"));
    c.current_dir(crate::support::ROOT);
    c
}

fn run(args: &[&str]) -> Output {
    bin().args(args).stdin(Stdio::null()).output().expect("runs")
}

/// A fresh directory of this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-files-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Refused: exit code 2, one message, and no value printed.
fn assert_refused(out: &Output, needle: &str) {
    assert_eq!(out.status.code(), Some(2), "stderr: {}", stderr(out));
    assert!(
        out.stdout.is_empty(),
        "printed {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = stderr(out);
    assert!(err.contains(needle), "expected `{needle}` in: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
}

#[test]
fn a_damaged_or_truncated_table_file_is_refused() {
    let dir = scratch("tt-damaged");
    let tt = dir.join("cram45.tt");
    let tts = tt.to_str().expect("utf-8 path");
    let first = run(&["value", "cram", "4x5", "--tt", tts]);
    assert!(first.status.success(), "{}", stderr(&first));
    let good = std::fs::read(&tt).expect("the table was saved");
    assert!(good.len() > 100, "a table of some entries: {} bytes", good.len());
    // An intact table is reused and gives the same answer.
    let again = run(&["value", "cram", "4x5", "--tt", tts]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(again.stdout, first.stdout);
    // Each nimber byte of the last records flipped (as the issue did), or one key byte.
    let header_end = good.iter().position(|&b| b == b'\n').expect("a header line") + 1;
    for spot in [good.len() - 9, good.len() - 19, header_end + 3] {
        let mut bad = good.clone();
        bad[spot] ^= 0x05;
        std::fs::write(&tt, &bad).expect("write");
        assert_refused(&run(&["value", "cram", "4x5", "--tt", tts]), "damaged");
    }
    // Truncated, by a record or by a few bytes.
    for cut in [10, 4] {
        std::fs::write(&tt, &good[..good.len() - cut]).expect("write");
        assert_refused(&run(&["value", "cram", "4x5", "--tt", tts]), "damaged");
    }
    // A file that is no table at all is not overwritten either.
    std::fs::write(&tt, b"my notes\n").expect("write");
    assert_refused(&run(&["value", "cram", "4x5", "--tt", tts]), "not a grundy cram table");
    assert_eq!(std::fs::read(&tt).expect("read"), b"my notes\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A table file of another version (the per-board tables of earlier versions) or of another
/// game is refused with one line and exit 2, and left alone.
#[test]
fn a_table_file_of_another_version_or_game_is_refused() {
    let dir = scratch("tt-foreign");
    let tt = dir.join("t.tt");
    let tts = tt.to_str().expect("utf-8 path");
    let first = run(&["value", "cram", "3x5", "--tt", tts]);
    assert!(first.status.success(), "{}", stderr(&first));
    let saved = std::fs::read(&tt).expect("saved");
    // The same file serves other boards (a region database) and is written back whole.
    for other in ["4x5", "3x4", "3x3"] {
        let out = run(&["value", "cram", other, "--tt", tts]);
        assert!(out.status.success(), "{other}: {}", stderr(&out));
    }
    assert!(std::fs::read(&tt).expect("read").len() >= saved.len());
    // An older version's table (its header, a record, a checksum).
    let mut old = b"grundy cram table v2 board=.../... width=3 transpose=false\n".to_vec();
    old.extend_from_slice(&[0; 17]);
    std::fs::write(&tt, &old).expect("write");
    assert_refused(&run(&["value", "cram", "3x5", "--tt", tts]), "another format version");
    assert_eq!(std::fs::read(&tt).expect("read"), old, "the file is left alone");
    // Another game's file.
    std::fs::write(&tt, b"grundy chomp table v1\n12345678").expect("write");
    assert_refused(&run(&["value", "cram", "3x5", "--tt", tts]), "not a grundy cram table");
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Start `grundy args`, let it work for a while, send it `signal`, and collect its output.
fn interrupted(args: &[&str], signal: &str, after_ms: u64) -> Output {
    let child = bin()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    std::thread::sleep(std::time::Duration::from_millis(after_ms));
    let killed = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    child.wait_with_output().expect("ends")
}

/// The first `n + 1` values of Grundy's game, from a run that is not interrupted.
fn grundy_game_values(n: u64) -> Vec<u64> {
    let out = run(&["seq", "grundy-game", "--to", &n.to_string(), "--all", "--csv", "-"]);
    assert!(out.status.success(), "{}", stderr(&out));
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).expect("two fields").parse().expect("a number"))
        .collect()
}

#[test]
fn ctrl_c_during_seq_csv_keeps_the_values_computed() {
    let dir = scratch("seq-csv");
    let file = dir.join("g.csv");
    // An existing file is replaced only by a complete one.
    std::fs::write(&file, "old contents\n").expect("write");
    let out = interrupted(
        &[
            "seq",
            "grundy-game",
            "--to",
            "2000000000",
            "--all",
            "--csv",
            file.to_str().expect("utf-8"),
        ],
        "-INT",
        1500,
    );
    assert_eq!(out.status.code(), Some(130), "stderr: {}", stderr(&out));
    let text = std::fs::read_to_string(&file).expect("the CSV file");
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("n,value"));
    let rows: Vec<(u64, u64)> = lines
        .map(|l| {
            let (n, v) = l.split_once(',').expect("two fields");
            (n.parse().expect("n"), v.parse().expect("value"))
        })
        .collect();
    assert!(rows.len() > 1000, "only {} rows kept", rows.len());
    assert!(
        rows.iter().enumerate().all(|(i, &(n, _))| n == i as u64),
        "consecutive heaps"
    );
    let expected = grundy_game_values(999);
    let kept: Vec<u64> = rows.iter().take(1000).map(|&(_, v)| v).collect();
    assert_eq!(kept, expected);
    let names: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(names.len(), 1, "no temporary file left: {names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_during_seq_json_prints_a_valid_document() {
    let out = interrupted(
        &["seq", "grundy-game", "--to", "2000000000", "--all", "--json"],
        "-INT",
        1500,
    );
    assert_eq!(out.status.code(), Some(130), "stderr: {}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let values = doc["values"].as_array().expect("values");
    assert!(values.len() > 1000, "only {} values", values.len());
    let kept: Vec<u64> = values
        .iter()
        .take(1000)
        .map(|v| v.as_u64().expect("a number"))
        .collect();
    assert_eq!(kept, grundy_game_values(999));
}

#[test]
fn sigterm_saves_the_table_file_as_ctrl_c_does() {
    let dir = scratch("tt-term");
    let tt = dir.join("big.tt");
    let out = interrupted(
        &["value", "cram", "7x7", "--tt", tt.to_str().expect("utf-8")],
        "-TERM",
        1500,
    );
    assert_eq!(out.status.code(), Some(130), "stderr: {}", stderr(&out));
    assert!(out.stdout.is_empty());
    let saved = std::fs::read(&tt).expect("the table was saved on SIGTERM");
    assert!(saved.starts_with(b"grundy cram regions "));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run killed without a chance to save (SIGKILL, as when the machine is lost) leaves the
/// region database of its last periodic save, and the same command resumes from it.
#[test]
fn a_run_killed_without_warning_resumes_from_its_last_periodic_save() {
    let dir = scratch("tt-kill");
    let tt = dir.join("k.db");
    let path = tt.to_str().expect("utf-8");
    let args = [
        "value",
        "cram",
        "4x11",
        "--no-moves",
        "--jobs",
        "1",
        "--table",
        path,
        "--save-minutes",
        "0.005",
        "--stats",
    ];
    // 4×11 takes about 6 s on one thread here; saved every 0.3 s, killed after 1.5 s.
    let out = interrupted(&args, "-KILL", 1500);
    assert_eq!(out.status.code(), None, "killed, not ended: {}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("saved during the search"), "{err}");
    assert!(std::fs::read(&tt).expect("saved").starts_with(b"grundy cram regions "));
    let again = run(&args);
    assert!(again.status.success(), "{}", stderr(&again));
    let read: u64 = stderr(&again)
        .lines()
        .find_map(|l| l.strip_suffix(" region nimbers read")?.rsplit(' ').next()?.parse().ok())
        .expect("the file was read");
    assert!(read > 1000, "{read} records read");
    // 4×11 = 1 (igsolve's table, docs/sources.md).
    assert!(
        String::from_utf8_lossy(&again.stdout).contains("value    1"),
        "{:?}",
        again.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn save_minutes_needs_a_table_file_and_a_positive_number() {
    let db = std::env::temp_dir().join(format!("grundy-save-minutes-{}.db", std::process::id()));
    let db = db.to_str().expect("utf-8");
    for (args, says) in [
        (vec!["value", "cram", "3x4", "--save-minutes", "5"], "needs --table"),
        (
            vec!["value", "cram", "3x4", "--table", db, "--save-minutes", "0"],
            "above 0",
        ),
        (
            vec!["value", "cram", "3x4", "--table", db, "--save-minutes", "ten"],
            "above 0",
        ),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(
            err.contains(says) && err.trim_end().lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    assert!(
        !std::path::Path::new(db).exists(),
        "nothing saved for a refused command"
    );
}

/// `grundy ARGS` with its standard output on `/dev/full` (every write fails: no space left).
fn to_full_disk(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    bin()
        .args(args)
        .stdin(Stdio::null())
        .stdout(full)
        .output()
        .expect("runs")
}

#[test]
fn a_failed_write_to_stdout_is_an_error() {
    let commands: [&[&str]; 6] = [
        &["value", "nim", "3"],
        &["list"],
        &["graph", "examples/graphs/thesis_ch2.txt"],
        &["table", "welter", "1..3", "1..8", "--csv"],
        &["seq", "0.07", "--to", "100"],
        &["seq", "0.07", "--to", "100", "--csv"],
    ];
    for args in commands {
        let out = to_full_disk(args);
        assert_eq!(out.status.code(), Some(2), "grundy {args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("No space left"), "grundy {args:?}: {err}");
    }
}

#[test]
fn help_and_version_to_a_full_disk_are_an_error() {
    for args in [&["--help"][..], &["--version"], &["seq", "--help"], &["help", "value"]] {
        let out = to_full_disk(args);
        assert_eq!(out.status.code(), Some(2), "grundy {args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("No space left"), "grundy {args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    }
    // A reader that goes away is no error.
    let mut child = bin()
        .arg("--help")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("ends");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// A FIFO made in a fresh directory of this test.
fn fifo(name: &str) -> (PathBuf, PathBuf) {
    let dir = scratch(name);
    let fifo = dir.join("out.csv");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs")
            .success()
    );
    (dir, fifo)
}

#[test]
fn an_output_fifo_without_a_reader_is_an_error_after_a_short_wait() {
    let (dir, fifo) = fifo("fifo-out");
    let path = fifo.to_str().expect("utf-8 path");
    let t = std::time::Instant::now();
    let child = bin()
        .args(["seq", "0.77", "--to", "100", "--all", "--csv", path])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let out = wait_at_most(child, std::time::Duration::from_secs(10));
    assert!(t.elapsed() < std::time::Duration::from_secs(5), "{:?}", t.elapsed());
    assert_refused(&out, "no reader");
    // With a reader, the rows go through the FIFO.
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).expect("reads the FIFO"))
    };
    let out = run(&["seq", "0.77", "--to", "100", "--all", "--csv", path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows = reader.join().expect("the reader ends");
    assert!(rows.starts_with("n,value\n0,0\n1,1\n"), "{rows}");
    assert_eq!(rows.lines().count(), 102);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_while_an_output_fifo_waits_for_a_reader_exits_130() {
    let (dir, fifo) = fifo("fifo-int");
    let path = fifo.to_str().expect("utf-8 path");
    for signal in ["-INT", "-TERM"] {
        let child = bin()
            .args(["seq", "0.77", "--to", "100", "--all", "--csv", path])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        std::thread::sleep(std::time::Duration::from_millis(500));
        let sent = std::time::Instant::now();
        let killed = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
        let out = wait_at_most(child, std::time::Duration::from_secs(10));
        assert!(
            sent.elapsed() < std::time::Duration::from_secs(1),
            "{signal}: ended {:?} after the signal",
            sent.elapsed()
        );
        assert_eq!(out.status.code(), Some(130), "{signal}: {}", stderr(&out));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Wait for `child` at most `limit` (then kill it and fail): a test of a hang must not hang.
fn wait_at_most(mut child: std::process::Child, limit: std::time::Duration) -> Output {
    let t = std::time::Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if t.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().expect("ends");
            panic!("still running after {limit:?}: {}", stderr(&out));
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.wait_with_output().expect("ends")
}

#[test]
fn seq_csv_to_stdout_streams_and_stops_at_a_closed_pipe() {
    use std::io::BufRead;
    // `grundy seq 0.07 --to 30000000 --all --csv | head -1`: the whole run takes about a minute.
    let mut child = bin()
        .args(["seq", "0.07", "--to", "30000000", "--all", "--csv"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let stdout = child.stdout.take().expect("piped");
    let started = std::time::Instant::now();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = std::io::BufReader::new(stdout).lines();
        let first = lines.next().and_then(|l| l.ok());
        let second = lines.next().and_then(|l| l.ok());
        let _ = tx.send((first, second, started.elapsed()));
        // The reader goes away here, as `head` does: the pipe closes.
    });
    let Ok((first, second, after)) = rx.recv_timeout(std::time::Duration::from_secs(5)) else {
        let _ = child.kill();
        panic!("no row within 5 s: the rows are written only once the whole sequence is computed");
    };
    assert_eq!(
        (first.as_deref(), second.as_deref()),
        (Some("n,value"), Some("0,0")),
        "{after:?}"
    );
    assert!(
        after < std::time::Duration::from_secs(2),
        "the first row after {after:?}"
    );
    let closed = std::time::Instant::now();
    let out = wait_at_most(child, std::time::Duration::from_secs(20));
    assert!(
        closed.elapsed() < std::time::Duration::from_secs(2),
        "ran {:?} after the pipe closed",
        closed.elapsed()
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
}

#[test]
fn seq_csv_streamed_to_stdout_is_the_same_as_the_file() {
    let dir = scratch("stream-same");
    let file = dir.join("s.csv");
    for args in [
        &["seq", "0.07", "--to", "300000", "--all"][..],
        &["seq", "0.07", "--to", "300000"],
        &["seq", "0.137", "--to", "100000", "--all", "--jobs", "1"],
        // The engine computes past 5000 to prove the period: only heaps 0..=5000 are rows.
        &["seq", "0.6", "--to", "5000"],
    ] {
        let streamed = run(&[args, &["--csv"]].concat());
        assert!(streamed.status.success(), "{}", stderr(&streamed));
        let dash = run(&[args, &["--csv", "-"]].concat());
        assert_eq!(dash.stdout, streamed.stdout, "{args:?}");
        let written = run(&[args, &["--csv", file.to_str().expect("utf-8")]].concat());
        assert!(written.status.success(), "{}", stderr(&written));
        let saved = std::fs::read(&file).expect("written");
        assert!(saved == streamed.stdout, "{args:?}: stdout differs from the file");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_closed_pipe_stays_quiet() {
    let mut child = bin()
        .args(["seq", "0.07", "--to", "200000"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("ends");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
}

#[test]
fn a_fifo_or_a_device_is_refused_as_an_input_file() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs")
            .success()
    );
    let fifo = fifo.to_str().expect("utf-8 path");
    for file in [fifo, "/dev/zero"] {
        let cases: [&[&str]; 6] = [
            &["graph", file],
            &["value", "maze", file],
            &["value", "--rules", file, "3"],
            &["value", "cram", file],
            &["value", "cram", "3x3", "--tt", file],
            &["plot", "maze", file, "-o", "/dev/null"],
        ];
        for args in cases {
            let started = std::time::Instant::now();
            let out = run(args);
            assert!(started.elapsed().as_secs() < 10, "grundy {args:?} blocked");
            assert_refused(&out, "not a regular file");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn plot_seq_is_capped_like_plot_table() {
    let dir = scratch("plot-cap");
    let png = dir.join("k.png");
    let started = std::time::Instant::now();
    let out = run(&[
        "plot",
        "seq",
        "kayles",
        "--to",
        "100000000",
        "-o",
        png.to_str().expect("utf-8"),
    ]);
    assert!(started.elapsed().as_secs() < 10);
    assert_refused(&out, "at most");
    assert!(!png.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_stops_a_rich_octal_game_at_once() {
    for game in ["0.ffff", "4.ffffffff"] {
        let mut child = bin()
            .args(["seq", game, "--to", "1000000"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("starts");
        std::thread::sleep(std::time::Duration::from_millis(2500));
        assert!(child.try_wait().expect("waits").is_none(), "{game} ended before Ctrl-C");
        let sent = std::time::Instant::now();
        Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill");
        let status = child.wait().expect("ends");
        assert!(
            sent.elapsed().as_millis() < 1000,
            "{game}: {:?} after Ctrl-C",
            sent.elapsed()
        );
        assert_eq!(status.code(), Some(130), "{game}");
    }
}
