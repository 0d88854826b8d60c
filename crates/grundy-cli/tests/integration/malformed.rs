//! Malformed input, table-driven: every command and every game's argument parser gets
//! negative, huge (beyond u64) and non-numeric numbers, empty and binary files, unknown games
//! and options, codes with bad digits, loopy games where only finite ones are meaningful, and
//! positions beyond the limits. Each must exit 2 with one line on stderr that names the problem
//! (the expected substring) and no panic or backtrace.

use crate::support::grundy;

/// Files the table refers to as `{name}`.
const FILES: &[(&str, &[u8])] = &[
    ("empty", b""),
    ("binary", &[0xff, 0xfe, 0x00, 0x01, 0x9c]),
    ("cyclic", b"a b\nb a\n"),
    ("dag", b"a b\nb c\n"),
    ("maze", b"..@\n...\n"),
    ("ragged_maze", b"..@\n.#\n"),
    (
        "bad_json_graph",
        b"{\"vertices\": [\"a\"], \"arcs\": [[\"a\", \"zz\"]]}",
    ),
    ("bad_dot", b"digraph { a -> }"),
    ("loop_rules", b"fn options(n) { [n] }\n"),
    ("runaway_rules", b"fn options(n) { loop {} }\n"),
    ("broken_rules", b"fn options(n) { [n - 1 \n"),
];

/// (arguments, expected substring of the error). `{name}` is the path of a file above.
const CASES: &[(&[&str], &str)] = &[
    // Unknown games and options, anywhere.
    (&["value", "chess", "1"], "unknown game `chess`"),
    (&["value", "nim", "3", "--frob"], "unknown option `--frob`"),
    (&["frobnicate"], "unrecognized subcommand"),
    (&["value", "nim", "1", "--max-states"], "--max-states needs a value"),
    (
        &["value", "nim", "1", "--max-states", "x"],
        "--max-states `x` is not a natural number",
    ),
    (
        &["value", "nim", "1", "--max-memory", "4X"],
        "--max-memory `4X` is not a size",
    ),
    (&["value", "nim", "1", "--max-memory", "99999999999T"], "too large"),
    (&["--max-memory", "lots", "value", "nim", "1"], "is not a size"),
    // Heaps: negative, huge, non-numeric, for every heap game.
    (&["value", "nim", "-3"], "negative"),
    (
        &["value", "nim", "99999999999999999999999"],
        "too large: at most 18446744073709551615",
    ),
    (&["value", "nim", "x"], "not a natural number"),
    (&["value", "nim", "3.5"], "not a natural number"),
    (&["value", "nim"], "no heaps"),
    (&["moves", "misere-nim", "-1"], "negative"),
    (&["explain", "subtraction", "--set", "1,2", "x"], "not a natural number"),
    (&["value", "subtraction", "5"], "--set"),
    (&["value", "subtraction", "--set", "0,1", "5"], "may not contain 0"),
    (&["value", "subtraction", "--set", "1,-2", "5"], "negative"),
    (
        &["value", "subtraction", "--set", "1,99999999999999999999", "5"],
        "too large",
    ),
    (
        &["value", "prime-subtraction", "18446744073709551615"],
        "heaps up to 100000000",
    ),
    (&["value", "divisors", "0"], "state 0"),
    (&["value", "divisors", "18446744073709551615"], "heaps up to 10000000"),
    (&["value", "grundy-game", "100000000000"], "too large"),
    (&["value", "grundy-game", "-8"], "negative"),
    // Octal codes.
    (&["value", "octal", "0.0x", "3"], "not an octal or hexadecimal digit"),
    (&["value", "octal", "5.07", "3"], "0 or 4"),
    (&["value", "0.", "3"], "no digits after the point"),
    (&["value", "octal", "", "3"], "not an octal code"),
    (&["value", "0.07", "-3"], "negative"),
    (&["seq", "0.0g", "--to", "10"], "not an octal or hexadecimal digit"),
    (&["value", "0.8", "5000"], "three heaps"),
    // Welter family, lattice, Wythoff, Chop, turtles.
    (&["value", "welter", "0", "1"], "numbered from 1"),
    (&["value", "welter", "3", "3"], "given twice"),
    (&["value", "welter", "-2", "3"], "negative"),
    (&["value", "welter", "99999999999999999999", "3"], "too large"),
    (&["value", "welter-no-overtaking", "0", "1"], "numbered from 1"),
    (&["value", "lattice", "1"], "two numbers"),
    (&["value", "lattice", "1", "x"], "not a natural number"),
    (
        &["value", "wythoff", "18446744073709551615", "18446744073709551615"],
        "are accepted",
    ),
    (&["value", "wythoff", "1000000", "3"], "are accepted"),
    (&["value", "chop", "0", "1"], "at least 1"),
    (&["value", "chop", "1", "-1"], "negative"),
    (&["value", "turning-turtles", "RXB"], "write R (red, face up) or B"),
    // Boards and rows.
    (&["value", "chomp", "0x0"], "out of range"),
    (&["value", "chomp", "5,7"], "must not increase"),
    (&["value", "chomp", "99999999999999999999x2"], "not a board size"),
    (&["value", "cram", "100x100"], "out of range"),
    (&["value", "cram", "{empty}"], "empty"),
    (&["value", "cram", "{binary}"], "UTF-8"),
    (
        &["value", "cram", "/nonexistent/board.txt"],
        "cannot read cram board file",
    ),
    (&["value", "triomino", "18446744073709551615"], "boards up to"),
    (&["value", "triomino", "x"], "not a natural number"),
    (&["value", "coloring", "RRX"], "not a cell"),
    (&["value", "coloring", "RR"], "same colour"),
    (&["value", "levels", "4,x"], "not a natural number"),
    (&["value", "levels", "18446744073709551615,1"], "coins"),
    (&["value", "chess-training", "3"], "not a square"),
    (&["value", "chess-training", "99999,1"], "coordinates up to"),
    // Maze files.
    (&["value", "maze", "/nonexistent/maze.txt"], "cannot read maze file"),
    (&["value", "maze", "{empty}"], "empty"),
    (&["value", "maze", "{binary}"], "not UTF-8 text"),
    (&["value", "maze", "{ragged_maze}"], "line 2"),
    (&["value", "maze", "{maze}", "99999999999999999999,1"], "not a cell"),
    (&["value", "maze", "{maze}", "7,7"], "off the"),
    // Graph files and commands.
    (&["graph", "{empty}"], "no vertices"),
    (&["graph", "{binary}"], "not UTF-8"),
    (&["graph", "/nonexistent/graph.txt"], "cannot read graph file"),
    (&["graph", "{bad_json_graph}"], "zz"),
    (&["graph", "{bad_dot}"], "{bad_dot}"),
    (&["graph", "{dag}", "--frob"], "unexpected `--frob`"),
    (&["graph", "{dag}", "--start", "zz"], "unknown vertex `zz`"),
    (&["graph", "{dag}", "--pawns", "a,zz"], "unknown vertex `zz`"),
    (&["graph", "{cyclic}", "--all-g", "--limit", "-1"], "negative"),
    (&["graph"], "needs a graph file"),
    (&["value", "graph", "{dag}", "zz"], "unknown vertex `zz`"),
    (&["value", "graph", "{dag}"], "name the vertex"),
    // A cyclic graph where only finite (acyclic) games are meaningful: winner-takes-all sums.
    (&["wtia", "graph {cyclic} a"], "loopy"),
    // Rules scripts: loopy, runaway, broken, empty, binary.
    (&["value", "--rules", "{loop_rules}", "3"], "loopy"),
    (&["value", "--rules", "{runaway_rules}", "3"], "operations"),
    (&["value", "--rules", "{broken_rules}", "3"], "{broken_rules}"),
    (&["value", "--rules", "{empty}", "3"], "fn options"),
    (&["value", "--rules", "{binary}", "3"], "not UTF-8"),
    (&["seq", "--rules", "{loop_rules}", "--to", "5"], "loopy"),
    // sum, explain, moves.
    (&["sum"], "sum needs games"),
    (&["sum", ""], "no game given"),
    (&["sum", "nim 3", "chess 1"], "unknown game `chess`"),
    (&["sum", "misere-nim 1 2", "nim 3"], "misère"),
    (&["sum", "nim 3", "nim -1"], "negative"),
    (&["explain", "nim", "x"], "not a natural number"),
    (&["explain"], "no game given"),
    (&["moves", "nim"], "no heaps"),
    // seq.
    (&["seq", "nim"], "--to"),
    (&["seq", "--to", "5"], "one-heap game"),
    (&["seq", "maze", "--to", "5"], "not a one-heap game"),
    (&["seq", "0.07", "--to", "-1"], "negative"),
    (&["seq", "0.07", "--to", "99999999999999999999999"], "too large"),
    (&["seq", "0.07", "--to", "18446744073709551615"], "too large"),
    (&["seq", "0.07", "--to", "10", "--method", "x"], "unknown --method"),
    (&["seq", "0.07", "--to", "10", "--json", "--csv"], "choose one"),
    (&["seq", "chess", "--to", "10"], "unknown game"),
    // table.
    (&["table", "welter", "3", "1..18446744073709551615"], "at most 1000000"),
    (
        &["table", "lattice", "0..18446744073709551615", "0..18446744073709551615"],
        "at most 1000000",
    ),
    (&["table", "welter", "3", "5..1"], "is empty"),
    (&["table", "welter", "3", "1..x"], "not a natural number"),
    (&["table", "welter", "3", "1..99999999999999999999"], "too large"),
    (&["table", "nim", "1..3", "1..3", "1..3"], "one or two ranges"),
    (&["table", "chess", "1..3"], "unknown game"),
    // wtia.
    (&["wtia"], "wtia needs games"),
    (&["wtia", "levels x"], "not a natural number"),
    (&["wtia", "levels 3", "chess 1"], "unknown game"),
    // play (stdin is empty: the errors come before any prompt).
    (&["play", "nim", "-1"], "negative"),
    (&["play", "chess"], "unknown game"),
    (&["play", "nim", "3", "--first", "x"], "--first"),
    // plot.
    (&["plot", "seq", "0.07", "--to", "10"], "output file"),
    (&["plot", "frob", "-o", "{out}.svg"], "cannot plot"),
    (
        &["plot", "seq", "0.07", "--to", "x", "-o", "{out}.svg"],
        "not a natural number",
    ),
    (
        &["plot", "seq", "0.07", "--to", "10", "-o", "{out}.gif"],
        ".svg or .png",
    ),
    (&["plot", "maze", "{empty}", "-o", "{out}.svg"], "empty"),
    (&["plot", "maze", "{binary}", "-o", "{out}.svg"], "UTF-8"),
    (
        &[
            "plot",
            "table",
            "nim {x} {y}",
            "--x",
            "0..18446744073709551616",
            "--y",
            "0..3",
            "-o",
            "{out}.svg",
        ],
        "--x",
    ),
];

/// Positions beyond the limits: exit code 3 (a limit was reached), one line naming it.
const LIMIT_CASES: &[(&[&str], &str)] = &[
    // A sequence of the generic solver longer than the state limit: refused before it starts.
    (&["seq", "nim", "--to", "18446744073709551615"], "state limit"),
    // More moves than the state limit: the listing is refused, a limit like the others.
    (&["moves", "chop", "18446744073709551615", "2"], "cannot all be listed"),
    (
        // A game without a fast engine (heap games valued from their sequence no longer search).
        &["value", "wythoff", "300", "300", "--max-states", "1000"],
        "state limit",
    ),
    (
        &["--max-states", "1000", "value", "wythoff", "200", "200"],
        "state limit",
    ),
    (
        &["wtia", "subtraction --set 1 5000", "--max-states", "100"],
        "state limit",
    ),
    (
        &["explain", "wythoff", "30", "30", "--max-states", "100"],
        "state limit",
    ),
    // `--stats` keeps triomino on the board search (its table is what the budget stops); without
    // it the strip engine's table of component kinds takes a few megabytes.
    (
        &["value", "triomino", "100000", "--stats", "--max-memory", "64M"],
        "memory",
    ),
];

fn substitute(word: &str, files: &[(String, String)]) -> String {
    let mut w = word.to_string();
    for (name, path) in files {
        w = w.replace(&format!("{{{name}}}"), path);
    }
    w
}

#[test]
fn every_malformed_input_exits_2_and_every_limit_3_with_one_clear_line() {
    let dir = std::env::temp_dir().join(format!("grundy-malformed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files: Vec<(String, String)> = FILES
        .iter()
        .map(|(name, bytes)| {
            let p = dir.join(format!("{name}.txt"));
            std::fs::write(&p, bytes).unwrap();
            (name.to_string(), p.to_string_lossy().into_owned())
        })
        .collect();
    files.push(("out".into(), dir.join("plot").to_string_lossy().into_owned()));
    let mut failures = Vec::new();
    let cases = CASES.iter().map(|c| (c, 2)).chain(LIMIT_CASES.iter().map(|c| (c, 3)));
    for ((args, needle), code) in cases {
        let args: Vec<String> = args.iter().map(|a| substitute(a, &files)).collect();
        let needle = substitute(needle, &files);
        let out = grundy(&args.iter().map(String::as_str).collect::<Vec<_>>())
            .env("RUST_BACKTRACE", "1")
            .timeout(std::time::Duration::from_secs(60))
            .write_stdin("")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let problems = [
            (out.status.code() != Some(code), "wrong exit code"),
            (err.trim_end().lines().count() != 1, "not one line"),
            (!err.contains(&needle), "expected text missing"),
            (err.contains("panicked") || err.contains("backtrace"), "panic"),
        ];
        for (bad, what) in problems {
            if bad {
                failures.push(format!(
                    "{args:?}: {what} (`{needle}`): code {:?}, {err}",
                    out.status.code()
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
