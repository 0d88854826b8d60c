//! Helpers shared by the integration tests.

use assert_cmd::Command;
use grundy::games;
use grundy::position::AnyPosition;
use grundy::settings::Settings;

/// The repository root (where `examples/` and `docs/` are): commands run there.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Make the repository root the working directory of this test process, so in-process tests
/// read `examples/...` as the commands do (idempotent; every test sets the same directory).
pub fn at_root() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| std::env::set_current_dir(ROOT).expect("the repository root exists"));
}

/// A position built from words, as the command line builds it.
pub fn position(words: &str) -> Box<dyn AnyPosition> {
    at_root();
    games::build(&games::words(words), &Settings::default()).unwrap_or_else(|e| panic!("{words}: {e}"))
}

/// The finite value of a position.
pub fn value(words: &str) -> u64 {
    position(words).value().unwrap().finite().expect("finite value").0
}

/// The `grundy` binary with these arguments.
pub fn grundy(args: &[&str]) -> Command {
    let mut c = Command::cargo_bin("grundy").expect("the binary is built");
    c.args(args).current_dir(crate::support::ROOT);
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

/// A natural number of a JSON report: a JSON number up to 2^53, a decimal string above
/// (docs/json.md).
pub fn natural(v: &serde_json::Value) -> Option<u64> {
    match v {
        serde_json::Value::Number(n) => n.as_u64().filter(|&n| n <= 1 << 53),
        serde_json::Value::String(s) => s.parse().ok().filter(|&n| n > 1 << 53),
        _ => None,
    }
}
