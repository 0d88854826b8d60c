//! Inputs found by fuzzing (`scripts/fuzz.sh`) and kept in `crates/grundy-cli/tests/fuzz-regressions/TARGET/`,
//! replayed through the same checks as the fuzz targets ([`grundy::fuzz_checks`]), plus a few
//! hand-written seeds per target so every check runs even before any crash was found.

use grundy::fuzz_checks;

type Check = fn(&[u8]);

const TARGETS: &[(&str, Check)] = &[
    ("positions", fuzz_checks::positions),
    ("octal_codes", fuzz_checks::octal_codes),
    ("graph_files", fuzz_checks::graph_files),
    ("boards", fuzz_checks::boards),
    ("rules_scripts", fuzz_checks::rules_scripts),
    ("solver_invariants", fuzz_checks::solver_invariants),
];

#[test]
fn kept_fuzz_inputs_still_pass() {
    let root = std::path::Path::new(crate::support::ROOT).join("crates/grundy-cli/tests/fuzz-regressions");
    let mut replayed = 0;
    for (target, check) in TARGETS {
        let Ok(dir) = std::fs::read_dir(root.join(target)) else {
            continue;
        };
        let mut files: Vec<_> = dir.map(|e| e.unwrap().path()).collect();
        files.sort();
        for file in files {
            let data = std::fs::read(&file).unwrap();
            let outcome = std::panic::catch_unwind(|| check(&data));
            assert!(outcome.is_ok(), "{target}: {} fails again", file.display());
            replayed += 1;
        }
    }
    assert!(replayed > 0, "no kept inputs found under {}", root.display());
}

#[test]
fn seeds_of_every_target_pass() {
    let seeds: &[(Check, &[u8])] = &[
        (fuzz_checks::positions, b"\x00 10 12 5"),
        (fuzz_checks::positions, b"\x02--set 1,2,3 20"),
        (fuzz_checks::positions, b"\x0f4x5"),
        (fuzz_checks::octal_codes, b"0.07"),
        (fuzz_checks::octal_codes, b"4.07"),
        (fuzz_checks::octal_codes, b"0.137"),
        (fuzz_checks::octal_codes, b"0.f"),
        (fuzz_checks::graph_files, b"\x00a b\nb c\nc a\nc d\n"),
        (fuzz_checks::graph_files, b"\x01digraph { a -> b; b -> a; b -> c }"),
        (
            fuzz_checks::graph_files,
            b"\x02{\"vertices\": [\"a\", \"b\"], \"arcs\": [[\"a\", \"b\"]]}",
        ),
        (fuzz_checks::boards, b"\x00..@\n.#.\n"),
        (fuzz_checks::boards, b"\x01..#/..."),
        (fuzz_checks::boards, b"\x025,3,1"),
        (fuzz_checks::boards, b"\x033,4"),
        (
            fuzz_checks::rules_scripts,
            b"fn options(n) { if n > 0 { [n - 1] } else { [] } }",
        ),
        (fuzz_checks::rules_scripts, b"fn options(n) { loop {} }"),
        (
            fuzz_checks::solver_invariants,
            b"\x00\x03\x05\x06\x01\x07\x02\x09\x08\x04\x05\x06",
        ),
        (
            fuzz_checks::solver_invariants,
            b"\x0b\x05\x03\x00\x0a\x07\x08\x00\x0c\x09\x09\x09",
        ),
    ];
    for (check, data) in seeds {
        check(data);
    }
}
