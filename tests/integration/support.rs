//! Helpers shared by the integration tests.

use assert_cmd::Command;
use grundy::games::{self, Settings};
use grundy::position::AnyPosition;

/// A position built from words, as the command line builds it.
pub fn position(words: &str) -> Box<dyn AnyPosition> {
    games::build(&games::words(words), &Settings::default()).unwrap_or_else(|e| panic!("{words}: {e}"))
}

/// The finite value of a position.
pub fn value(words: &str) -> u64 {
    position(words).value().unwrap().finite().expect("finite value").0
}

/// The `grundy` binary with these arguments.
pub fn grundy(args: &[&str]) -> Command {
    let mut c = Command::cargo_bin("grundy").expect("the binary is built");
    c.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// Run `grundy` and parse its stdout as JSON (the command must succeed).
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = grundy(args).output().expect("runs");
    assert!(
        out.status.success(),
        "grundy {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}
