//! Bad input: a one-line error on stderr, exit code 2, no panic.

use crate::support::grundy;

fn refuses(args: &[&str], needle: &str) {
    let out = grundy(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: one line: {err}");
    assert!(err.contains(needle), "{args:?}: `{needle}` not in {err}");
    assert!(!err.contains("panicked"), "{args:?}");
}

#[test]
fn malformed_input_exits_2_with_one_line() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    let empty = write("empty.txt", b"");
    let ragged = write("ragged.txt", b"..@\n.#\n");
    let bad = write("bad.txt", b"..@\n.x.\n");
    let binary = write("binary.txt", &[0xff, 0xfe, 0, 1]);
    let no_figure = write("nofig.txt", b"...\n...\n");
    refuses(&["value", "chess", "1"], "unknown game `chess`");
    refuses(&["value", "nim", "-3"], "negative");
    refuses(&["value", "nim", "x"], "not a natural number");
    refuses(&["value", "nim", "99999999999999999999999"], "too large");
    refuses(&["value", "nim"], "no heaps");
    refuses(&["value", "subtraction", "5"], "--set");
    refuses(&["value", "subtraction", "--set", "0,1", "5"], "may not contain 0");
    refuses(&["value", "subtraction", "--set", "1,a", "5"], "subtraction set");
    refuses(&["value", "divisors", "0"], "state 0");
    refuses(&["value", "grundy-game", "100000000000"], "too large");
    refuses(&["value", "maze", "/nonexistent/maze.txt"], "cannot read maze file");
    refuses(&["value", "maze", &empty], "empty");
    refuses(&["value", "maze", &ragged], "line 2");
    refuses(&["value", "maze", &bad], "line 2, column 2");
    refuses(&["value", "maze", &binary], "not UTF-8 text");
    refuses(&["value", "maze", &no_figure], "no `@`");
    refuses(&["value", "maze", &no_figure, "7,7"], "off the");
    refuses(&["sum", "misere-nim 1 2", "nim 3"], "misère");
    refuses(&["seq", "maze", "--to", "5"], "not a one-heap game");
    refuses(&["seq", "nim"], "--to");
    refuses(&["value", "nim", "1", "--max-states"], "needs a value");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    let out = grundy(&["frobnicate"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = grundy(&["--help"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let out = grundy(&["list"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for name in [
        "nim",
        "misere-nim",
        "subtraction",
        "prime-subtraction",
        "divisors",
        "grundy-game",
        "maze",
    ] {
        assert!(text.contains(&format!("{name}  —")), "{name} listed");
    }
}
