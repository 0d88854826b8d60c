//! `seq --checkpoint FILE` and `--jobs K` (issue 18): a run stopped by Ctrl-C resumes from its
//! file and ends with the values of one uninterrupted run; a damaged file or a file of other
//! rules is refused with one line and exit code 2; the values are the same whatever `--jobs`.

use crate::support::grundy;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-cli-checkpoints-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn csv(args: &[&str]) -> String {
    let out = grundy(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn interrupted_run_resumes_to_the_same_values() {
    let file = scratch("grundy-game.ckpt");
    let f = file.to_str().unwrap();
    let args = [
        "seq",
        "grundy-game",
        "--to",
        "400000",
        "--all",
        "--csv",
        "--jobs",
        "2",
        "--checkpoint",
        f,
    ];
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(crate::support::ROOT)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(800));
    let _ = Command::new("kill").args(["-INT", &child.id().to_string()]).status();
    let first = child.wait_with_output().unwrap();
    // Stopped by Ctrl-C (exit 130) with its file written; on a very fast machine it may have
    // finished first, and the file holds every value.
    assert!(matches!(first.status.code(), Some(130) | Some(0)), "{first:?}");
    assert!(file.exists());
    let out = grundy(&args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("resuming after heap"), "{stderr}");
    let whole = csv(&["seq", "grundy-game", "--to", "400000", "--all", "--csv", "--jobs", "1"]);
    assert!(String::from_utf8(out.stdout).unwrap() == whole);
}

#[test]
fn values_are_the_same_whatever_the_jobs() {
    for code in ["0.07", "0.137", "0.007", "4.07", "grundy-game"] {
        let one = csv(&["seq", code, "--to", "9000", "--all", "--csv", "--jobs", "1"]);
        for jobs in ["2", "3", "0"] {
            let many = csv(&["seq", code, "--to", "9000", "--all", "--csv", "--jobs", jobs]);
            assert!(many == one, "{code} --jobs {jobs}");
        }
    }
    let out = grundy(&["seq", "0.07", "--to", "10", "--jobs", "x"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn damaged_and_foreign_checkpoints_are_refused() {
    let file = scratch("kayles.ckpt");
    let f = file.to_str().unwrap();
    csv(&["seq", "0.77", "--to", "6000", "--all", "--csv", "--checkpoint", f]);
    let refused = |args: &[&str], what: &str| {
        let out = grundy(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(what), "{err}");
    };
    refused(
        &["seq", "0.07", "--to", "6000", "--all", "--checkpoint", f],
        "other rules (0.77), not 0.07",
    );
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    refused(&["seq", "0.77", "--to", "6000", "--all", "--checkpoint", f], "damaged");
    refused(&["seq", "chomp", "--to", "6", "--checkpoint", f], "--checkpoint");
}

#[test]
fn a_long_run_logs_its_progress_when_stderr_is_not_a_terminal() {
    // GRUNDY_PROGRESS_SECS=0: a line at every report (a minute by default).
    // Runs of 2^20 heaps and more report progress; 0.77 to 1.1·10^6 takes a few ms.
    let args = ["seq", "0.77", "--to", "1100000", "--all", "--jobs", "1"];
    let out = grundy(&args).env("GRUNDY_PROGRESS_SECS", "0").output().unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let line = stderr
        .lines()
        .find(|l| l.starts_with("progress: heaps "))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(line.contains("/1100001 (") && line.contains("/s, "), "{line}");
    // By default a short run writes no progress line.
    let out = grundy(&args).env_remove("GRUNDY_PROGRESS_SECS").output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("progress:"));
}
