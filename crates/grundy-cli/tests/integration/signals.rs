//! Every long computation stops on a signal: for each game of the registry, its hard example
//! (`GameEntry::hard_example`) under `value`, `moves` and `seq`, in normal and in misère play,
//! is sent SIGTERM after a short time; the process must end within 2 s with exit 130 (or with
//! 0, 2 or 3 when its answer, bad input or a limit came first), never run on nor crash.
//!
//! Why: a loop that does not ask the cancellation token makes Ctrl-C useless (issue #35 found
//! `nim 100000 100000 --misere` running 13 minutes past SIGTERM). The test walks the registry,
//! so a new game is covered without a line here.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long each command runs before the signal.
const BEFORE_SIGNAL: Duration = Duration::from_millis(400);
/// How long a signalled command may take to end.
const GRACE: Duration = Duration::from_secs(2);

/// The commands of one hard example: value, moves, seq (the rule words before the heaps), each
/// in normal and misère play.
fn commands(hard: &str) -> Vec<Vec<String>> {
    let words: Vec<String> = hard.split_whitespace().map(String::from).collect();
    let mut rules = words.clone();
    while rules.len() > 1 && rules.last().is_some_and(|w| w.parse::<u64>().is_ok()) {
        rules.pop();
    }
    let mut out = Vec::new();
    for misere in [false, true] {
        let mut value = vec!["value".to_string()];
        value.extend(words.iter().cloned());
        let mut moves = vec!["moves".to_string()];
        moves.extend(words.iter().cloned());
        let mut seq = vec!["seq".to_string()];
        seq.extend(rules.iter().cloned());
        seq.extend(["--to", "4000000000", "--all"].map(String::from));
        for mut c in [value, moves, seq] {
            if misere {
                c.push("--misere".into());
            }
            out.push(c);
        }
    }
    out
}

fn start(args: &[String]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(crate::support::ROOT)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts")
}

/// Wait for `child` until `limit`; its exit code, or `None` when it is still running then.
fn wait_until(child: &mut Child, limit: Instant) -> Option<Option<i32>> {
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return Some(status.code());
        }
        if Instant::now() >= limit {
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Run one command, signal it, and say what went wrong (`None`: it behaved).
fn check(args: &[String]) -> Option<String> {
    let mut child = start(args);
    let started = Instant::now();
    if let Some(code) = wait_until(&mut child, started + BEFORE_SIGNAL) {
        return (!matches!(code, Some(0 | 2 | 3))).then(|| format!("{args:?} ended by itself with {code:?}"));
    }
    let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    let signalled = Instant::now();
    match wait_until(&mut child, signalled + GRACE) {
        // 130, or the answer (or a limit) when the work ended as the signal came.
        Some(Some(130 | 0 | 2 | 3)) => None,
        Some(code) => Some(format!("{args:?}: exit {code:?} after SIGTERM")),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            Some(format!("{args:?} still ran {GRACE:?} after SIGTERM"))
        }
    }
}

#[test]
fn every_game_in_every_mode_stops_within_two_seconds_of_sigterm() {
    let mut all: Vec<Vec<String>> = grundy::games::REGISTRY
        .iter()
        .flat_map(|entry| commands(entry.hard_example))
        .collect();
    assert!(all.len() >= 6 * 20, "{} commands", all.len());
    // Two at a time (the machine has two cores; more would slow the signalled ones down).
    let failures: Vec<String> = std::thread::scope(|scope| {
        let half = all.len() / 2;
        let second = all.split_off(half);
        let handles =
            [all, second].map(|part| scope.spawn(move || part.iter().filter_map(|c| check(c)).collect::<Vec<_>>()));
        handles.into_iter().flat_map(|h| h.join().expect("no panic")).collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_registry_game_has_a_hard_example_of_its_own() {
    for entry in grundy::games::REGISTRY {
        let first = entry.hard_example.split_whitespace().next().unwrap_or("");
        assert!(
            first == entry.name || entry.aliases.contains(&first) || entry.claims.is_some_and(|c| c(first)),
            "{}: hard example `{}` is not a position of this game",
            entry.name,
            entry.hard_example
        );
    }
}
