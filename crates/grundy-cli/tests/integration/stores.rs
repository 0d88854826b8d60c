//! `seq --store FILE` (issue 33): the values kept in a file, not in memory. A run stopped by
//! SIGTERM or SIGKILL several times resumes from its store with the same command and ends with
//! the values of one uninterrupted run; the store's CSV and frequency table equal the in-memory
//! run's; a damaged, truncated or foreign store is refused with one line and exit code 2; a full
//! disk stops the run with a store the same command resumes.
//!
//! Pages of 4096 heaps and a cache of 4 pages (the hidden `GRUNDY_STORE_PAGE` and
//! `GRUNDY_STORE_CACHE_PAGES`), so that these short runs cross many pages and evict them.

use crate::support::grundy;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-cli-stores-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    remove(&path);
    path
}

fn index(path: &Path) -> PathBuf {
    PathBuf::from(format!("{}.index", path.display()))
}

fn remove(path: &Path) {
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(index(path));
}

fn small_pages(mut c: Command) -> Command {
    c.env("GRUNDY_STORE_PAGE", "4096").env("GRUNDY_STORE_CACHE_PAGES", "4");
    c
}

fn run(args: &[&str]) -> Output {
    grundy(args)
        .env("GRUNDY_STORE_PAGE", "4096")
        .env("GRUNDY_STORE_CACHE_PAGES", "4")
        .output()
        .unwrap()
}

fn stdout(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The index's size and time of change, when it exists.
fn saved(path: &Path) -> Option<(u64, std::time::SystemTime)> {
    let m = std::fs::metadata(index(path)).ok()?;
    Some((m.len(), m.modified().ok()?))
}

/// `seq grundy-game --to 300000 --all --csv` with its values in the store `f`, saved every
/// 20 000 heaps: the run the resume tests stop and start again.
fn resumable_run(f: &str) -> [&str; 10] {
    [
        "seq",
        "grundy-game",
        "--to",
        "300000",
        "--all",
        "--csv",
        "--store",
        f,
        "--checkpoint-heaps",
        "20000",
    ]
}

#[test]
fn a_run_stopped_by_sigterm_three_times_resumes_to_the_same_values() {
    stopped_and_resumed("grundy-game.store", "-TERM");
}

/// SIGKILL, as when the machine is lost: no save at the stop, pages of the cache may have been
/// written past the last save; the same command resumes from the last periodic save.
#[test]
fn a_run_killed_three_times_resumes_from_its_periodic_saves_to_the_same_values() {
    stopped_and_resumed("killed.store", "-KILL");
}

/// `resumable_run` stopped by `signal` three times, each time once the store has been saved
/// again (so every round makes progress), then run to its end: its CSV is the uninterrupted
/// in-memory run's.
fn stopped_and_resumed(name: &str, signal: &str) {
    let file = scratch(name);
    let f = file.to_str().unwrap();
    let args = resumable_run(f);
    for round in 0..3 {
        let before = saved(&file);
        let mut child = small_pages(Command::new(env!("CARGO_BIN_EXE_grundy")));
        let child = child
            .args(args)
            .current_dir(crate::support::ROOT)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let clock = Instant::now();
        while saved(&file) == before && clock.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let progressed = saved(&file) != before;
        let _ = Command::new("kill").args([signal, &child.id().to_string()]).status();
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(progressed, "round {round}: no save in 60 s: {err}");
        // Stopped by the signal: exit 130 after SIGTERM, killed by signal 9 after SIGKILL. The
        // signal is sent within about 20 ms of a save of the first 60 000 heaps, and the whole
        // run takes seconds (5.6 s of wall here, session 40): it cannot finish first.
        if signal == "-KILL" {
            use std::os::unix::process::ExitStatusExt;
            assert_eq!(out.status.signal(), Some(9), "round {round}: {:?} {err}", out.status);
        } else {
            assert_eq!(out.status.code(), Some(130), "round {round}: {err}");
        }
        if round > 0 {
            assert!(err.contains("resuming after heap"), "round {round}: {err}");
        }
    }
    let out = run(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("resuming after heap"));
    let whole = stdout(&["seq", "grundy-game", "--to", "300000", "--all", "--csv"]);
    assert!(
        String::from_utf8(out.stdout).unwrap() == whole,
        "the resumed run's CSV differs"
    );
    remove(&file);
}

/// 0.034 has an escaped value (256 at heap 26 376), Grundy's game none up to here: the CSV and
/// the frequency table from the store are those of the memory.
#[test]
fn the_store_writes_the_csv_and_frequencies_of_the_memory() {
    for (code, to) in [("0.034", "100000"), ("grundy-game", "200000")] {
        let file = scratch(&format!("{code}-csv.store"));
        let (freq_store, freq_memory) = (scratch(&format!("{code}.fs")), scratch(&format!("{code}.fm")));
        let f = file.to_str().unwrap();
        let store = stdout(&[
            "seq",
            code,
            "--to",
            to,
            "--all",
            "--csv",
            "--store",
            f,
            "--freq",
            freq_store.to_str().unwrap(),
        ]);
        let memory = stdout(&[
            "seq",
            code,
            "--to",
            to,
            "--all",
            "--csv",
            "--freq",
            freq_memory.to_str().unwrap(),
        ]);
        assert!(store == memory, "{code}: the CSV differs");
        assert_eq!(
            std::fs::read(&freq_store).unwrap(),
            std::fs::read(&freq_memory).unwrap(),
            "{code}: the frequencies differ"
        );
        // Again from the store alone: nothing left to compute, the same values.
        let again = stdout(&["seq", code, "--to", to, "--all", "--csv", "--store", f]);
        assert!(again == memory, "{code}: the CSV read back differs");
        remove(&file);
    }
}

/// A full disk, made by a limit on the size of the files the process writes (`ulimit -f`, with
/// SIGXFSZ ignored so that the write fails with EFBIG as it would with ENOSPC): the run stops
/// with one line that says how to resume and exit code 2, the store as saved before; with room
/// again the same command resumes, and its values equal the in-memory run's.
#[test]
fn a_full_disk_stops_with_a_store_the_same_command_resumes() {
    let file = scratch("full-disk.store");
    let f = file.to_str().unwrap();
    let args = resumable_run(f);
    // 100 KiB: the store's pages stop near heap 10^5, long before the end.
    let script = "trap '' XFSZ; ulimit -f 100; exec \"$0\" \"$@\"";
    let mut c = small_pages(Command::new("bash"));
    let full = c
        .args(["-c", script, env!("CARGO_BIN_EXE_grundy")])
        .args(args)
        .stdout(Stdio::piped())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&full.stderr);
    assert_eq!(full.status.code(), Some(2), "{err}");
    assert!(
        err.contains("File too large") && err.contains("run the same command again to resume"),
        "{err}"
    );
    let stopped = std::fs::metadata(&file).unwrap().len();
    assert!(stopped <= 100 * 1024, "{stopped} bytes written past the limit");
    let resumed = run(&args);
    let log = String::from_utf8_lossy(&resumed.stderr);
    assert!(resumed.status.success() && log.contains("resuming after heap"), "{log}");
    let memory = stdout(&["seq", "grundy-game", "--to", "300000", "--all", "--csv"]);
    assert!(
        String::from_utf8(resumed.stdout).unwrap() == memory,
        "the resumed CSV differs"
    );
    remove(&file);
}

#[test]
fn damaged_truncated_and_foreign_stores_are_refused() {
    let file = scratch("kayles.store");
    let f = file.to_str().unwrap();
    stdout(&["seq", "0.77", "--to", "60000", "--all", "--csv", "--store", f]);
    let refused = |args: &[&str], what: &str| {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(what), "{err}");
    };
    let args = ["seq", "0.77", "--to", "70000", "--all", "--store", f];
    refused(
        &["seq", "0.07", "--to", "60000", "--all", "--store", f],
        "other rules (0.77), not 0.07",
    );
    let good = std::fs::read(&file).unwrap();
    // A byte flipped in a page.
    let mut bytes = good.clone();
    bytes[4096 + 3 * 4096 + 100] ^= 4;
    std::fs::write(&file, &bytes).unwrap();
    refused(&args, "damaged");
    // The last page cut off.
    std::fs::write(&file, &good[..good.len() - 4096]).unwrap();
    refused(&args, "truncated");
    // The index damaged.
    std::fs::write(&file, &good).unwrap();
    let ix = std::fs::read(index(&file)).unwrap();
    let mut bytes = ix.clone();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(index(&file), &bytes).unwrap();
    refused(&args, "damaged");
    // A file that is not a store is refused and left alone.
    remove(&file);
    std::fs::write(&file, b"n,value\n").unwrap();
    refused(&args, "not a value store");
    assert_eq!(std::fs::read(&file).unwrap(), b"n,value\n");
    // A store with a checkpoint file, or of a game that is not a code.
    refused(
        &["seq", "0.77", "--to", "10", "--store", f, "--checkpoint", f],
        "--checkpoint",
    );
    refused(&["seq", "chomp", "--to", "6", "--store", f], "--store");
    remove(&file);
}

/// Past 2^32 − 1 heaps in memory: refused at once (exit 2), naming --store.
#[test]
fn heaps_past_u32_in_memory_are_refused_naming_the_store() {
    let out = run(&["seq", "grundy-game", "--to", "8589934592", "--all", "--csv"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("--store FILE"), "{err}");
}
