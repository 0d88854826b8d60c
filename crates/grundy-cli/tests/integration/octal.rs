//! Octal and hexadecimal games, Grundy's game and subtraction sets as sequences: the tables of
//! the handbook and of the literature, sparse space = plain, every code = the generic solver.

use crate::support::{grundy, json, value};
use grundy::Game;
use grundy::games::heap::HeapGame;
use grundy::games::octal::{Code, Octal};
use grundy::solve::Solver;
use grundy::solve::take_break::{self, Method, Options, TakeBreak};
use proptest::prelude::*;

fn values(doc: &serde_json::Value) -> Vec<u64> {
    doc["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

fn period(doc: &serde_json::Value) -> (u64, u64, u64, bool) {
    (
        doc["period"].as_u64().unwrap(),
        doc["preperiod"].as_u64().unwrap(),
        doc["saltus"].as_u64().unwrap(),
        doc["proved"].as_bool().unwrap(),
    )
}

#[test]
fn grundys_game_from_the_handbook() {
    let doc = json(&["seq", "grundy-game", "--to", "8", "--json"]);
    assert_eq!(values(&doc)[1..], [0, 0, 1, 0, 2, 1, 0, 2]);
    // f(8) = mex{f1⊕f7, f2⊕f6, f3⊕f5} = 2, the winning move 1+7.
    let v = json(&["value", "grundy-game", "8", "--json"]);
    assert_eq!(v["value"], 2);
    assert_eq!(v["winning_moves"][0]["position"], "1 7");
}

/// Kayles, *Winning Ways* and OEIS A002186: g(0..104).
const KAYLES: [u64; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1,
    2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
];

#[test]
fn kayles_period_12_preperiod_71_with_the_14_exceptions() {
    for name in ["kayles", "0.77", ".77", "octal"] {
        let mut args = vec!["seq", name];
        if name == "octal" {
            args.push("0.77");
        }
        args.extend(["--to", "400", "--json"]);
        let doc = json(&args);
        let v = values(&doc);
        assert_eq!(v[..105], KAYLES, "{name}");
        assert_eq!(period(&doc), (12, 71, 0, true), "{name}");
        assert!(doc["reason"].as_str().unwrap().contains("Guy–Smith"));
        // The exceptional values: where g(n) differs from the ultimate periodic value.
        let exceptions: Vec<usize> = (0..72).filter(|&n| v[n] != v[n + 12 * 20]).collect();
        assert_eq!(exceptions, [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]);
    }
}

#[test]
fn dawsons_kayles_and_dawsons_chess_period_34() {
    let dk = json(&["seq", "dawson-kayles", "--to", "400", "--json"]);
    let (p, pre, s, proved) = period(&dk);
    assert_eq!((p, s, proved), (34, 0, true));
    let dc = json(&["seq", "0.137", "--to", "400", "--json"]);
    assert_eq!(period(&dc).0, 34);
    // Dawson's chess is Dawson's Kayles shifted by one heap.
    let (a, b) = (values(&dk), values(&dc));
    assert!((0..400).all(|n| a[n + 1] == b[n]));
    assert_eq!(period(&dc).1 + 1, pre);
}

#[test]
fn subtraction_sets_have_their_fundamental_periods() {
    for (set, p) in [("1,2,3", 4), ("1,2,3,4,5", 6), ("1,2", 3), ("2,3", 5)] {
        let doc = json(&["seq", "subtraction", "--set", set, "--to", "100", "--json"]);
        let (period, _, saltus, proved) = period(&doc);
        assert_eq!((period, saltus, proved), (p, 0, true), "{set}");
    }
    // The thesis: {1,2,3}: g(i) = i mod 4; {1,...,5}: g(i) = i mod 6.
    let doc = json(&["seq", "subtraction", "--set", "1,2,3,4,5", "--to", "60", "--json"]);
    assert!(values(&doc).iter().enumerate().all(|(i, &v)| v == i as u64 % 6));
}

#[test]
fn huge_heaps_are_read_off_the_proved_period() {
    // Kayles: g(n) = g(72 + (n − 72) mod 12) for n ≥ 71.
    let n: u64 = 1_000_000_000_000;
    let expected = KAYLES[(72 + (n - 72) % 12) as usize];
    assert_eq!(value(&format!("kayles {n}")), expected);
    assert_eq!(value(&format!("0.77 {n} {n}")), 0);
    let doc = json(&["value", "kayles", "1000000000000", "--json"]);
    // Every winning move listed leads to a P-position.
    for m in doc["winning_moves"].as_array().unwrap() {
        let heaps = m["position"].as_str().unwrap();
        assert_eq!(value(&format!("kayles {heaps}")), 0, "{heaps}");
    }
}

#[test]
fn codes_are_games_with_several_heaps() {
    // Kayles heaps 3 and 5: g = 3 ⊕ 4.
    assert_eq!(value("kayles 3 5"), 7);
    // Dawson's Kayles g(4) = 2, g(6) = 3.
    assert_eq!(value("octal 0.07 4 6"), 1);
    assert_eq!(value("4.07 10"), value("octal 4.07 10"));
    let out = grundy(&["moves", "0.137", "4"]).output().unwrap();
    assert!(out.status.success());
}

#[test]
fn bad_codes_are_refused_with_the_digit() {
    for (args, needle) in [
        (vec!["seq", "0.0g", "--to", "3"], "digit 2"),
        (vec!["seq", "1.07", "--to", "3"], "before the point"),
        (vec!["value", "octal", "0.", "3"], "no digits"),
        (vec!["value", "octal"], "needs a code"),
        (vec!["seq", "0.07", "--to", "3", "--method", "fast"], "--method"),
        (vec!["value", "0.007", "5000000"], "not proved"),
    ] {
        let out = grundy(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn csv_file_and_unproved_report() {
    let dir = std::env::temp_dir().join(format!("grundy-octal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.csv");
    let out = grundy(&["seq", "0.007", "--to", "50", "--csv", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = std::fs::read_to_string(&file).unwrap();
    let doc = json(&["seq", "0.007", "--to", "50", "--json"]);
    let v = values(&doc);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 52);
    assert_eq!(lines[0], "n,value");
    assert_eq!(lines[51], format!("50,{}", v[50]));
    assert_eq!(doc["proved"], false);
    let text = grundy(&["seq", "0.007", "--to", "50"]).output().unwrap();
    assert!(String::from_utf8_lossy(&text.stdout).contains("not proved up to"));
    std::fs::remove_dir_all(&dir).ok();
}

fn compute(rules: &TakeBreak, to: u64, method: Method) -> Vec<u32> {
    let c = take_break::compute(
        rules,
        to,
        Options {
            method,
            stop_when_proved: false,
            control: Default::default(),
            ..Default::default()
        },
    )
    .unwrap();
    (0..=to).map(|n| c.get(n).unwrap()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// The sparse space method and the plain one agree on random codes 0.d1d2d3 up to 3000.
    #[test]
    fn sparse_space_equals_plain(d1 in 0u8..8, d2 in 0u8..8, d3 in 0u8..8) {
        let rules = TakeBreak::new(vec![0, d1, d2, d3], false);
        prop_assert_eq!(compute(&rules, 3000, Method::Sparse), compute(&rules, 3000, Method::Plain));
        prop_assert_eq!(compute(&rules, 3000, Method::Auto), compute(&rules, 3000, Method::Plain));
    }

    /// The same with d0 ∈ {0, 4}, a fourth digit and unequal splits (the twisted sparse
    /// classification, several split removals searched in turn, the plain byte kernels).
    #[test]
    fn sparse_space_equals_plain_on_wider_codes(
        d0 in prop::sample::select(vec![0u8, 4]), d in prop::collection::vec(0u8..8, 1..5), unequal: bool
    ) {
        let mut digits = vec![d0];
        digits.extend(d);
        let rules = TakeBreak::new(digits, unequal);
        let plain = compute(&rules, 2000, Method::Plain);
        prop_assert_eq!(compute(&rules, 2000, Method::Sparse), plain.clone());
        prop_assert_eq!(compute(&rules, 2000, Method::Auto), plain);
    }

    /// Every code's values (octal, d0 = 4, hexadecimal) equal the generic solver's on small heaps,
    /// and a proved period holds on every heap the generic solver reaches.
    #[test]
    fn codes_equal_the_generic_solver(d0 in prop::sample::select(vec!["0", "4"]), digits in "[0-7]{1,3}|[0-9a-f]{1,2}") {
        let code = Code::parse(&format!("{d0}.{digits}")).unwrap();
        let fast = Octal::with_values(code.clone(), 60, &Default::default()).unwrap();
        let mut solver = Solver::plain(HeapGame::new(Octal::new(code.clone())));
        let to = if code.rules().max_parts() == 3 { 30 } else { 60 };
        for n in 0..=to {
            let expected = solver.nimber(&vec![n]).unwrap();
            let got = HeapGame::new(fast.clone()).formula(&vec![n]).unwrap();
            prop_assert_eq!(got, expected, "{} heap {}", code.text(), n);
        }
    }
}

#[test]
fn period_finder_never_reports_a_multiple() {
    // Subtraction games 0.333..: S = {1..k} has period k + 1, and the finder must not say 2(k + 1).
    for k in 1..8usize {
        let mut digits = vec![0u8];
        digits.extend(std::iter::repeat_n(3, k));
        let c = take_break::compute(&TakeBreak::new(digits, false), 2000, Options::default()).unwrap();
        let p = c.period.unwrap();
        assert_eq!((p.period, p.preperiod), (k as u64 + 1, 0));
    }
    // Grundy's game has no proof (unequal splits); a period seen is never claimed proved.
    let doc = json(&["seq", "grundy-game", "--to", "300", "--json"]);
    assert_eq!(doc["proved"], false);
}

#[test]
fn huge_heaps_group_winning_moves_and_refuse_full_listings() {
    // value lists every winning move of a heap of 10^9: the splits with both parts periodic are
    // grouped by residue class, and the label says so.
    let doc = json(&["value", "0.77", "1000000000", "--json"]);
    let moves = doc["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert!(
        moves.iter().any(|m| m["move"].as_str().unwrap().contains("(step 12:")),
        "{doc}"
    );
    // moves and explain would list about 10^9 options: refused as a limit (exit code 3).
    for cmd in ["moves", "explain"] {
        let out = grundy(&[cmd, "0.77", "1000000000"]).output().unwrap();
        assert_eq!(out.status.code(), Some(3), "{cmd}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("moves") && err.contains("limit"), "{cmd}: {err}");
    }
}

#[test]
fn the_proof_does_not_depend_on_all() {
    for (code, to) in [
        ("0.77", "100000"),
        ("0.137", "20000"),
        ("0.07", "5000"),
        ("4.7", "3000"),
    ] {
        let short = json(&["seq", code, "--to", to, "--json"]);
        let all = json(&["seq", code, "--to", to, "--all", "--json"]);
        assert!(short["proved"].as_bool().unwrap(), "{code}: {}", short["reason"]);
        assert_eq!(period(&all), period(&short), "{code} --all: {}", all["reason"]);
        assert_eq!(all["reason"], short["reason"], "{code}");
        assert_eq!(values(&all), values(&short), "{code}");
    }
    for set in ["1,3,4", "2,5,7", "3"] {
        let short = json(&["seq", "subtraction", "--set", set, "--to", "3000", "--json"]);
        let all = json(&["seq", "subtraction", "--set", set, "--to", "3000", "--all", "--json"]);
        assert!(short["proved"].as_bool().unwrap(), "{set}: {}", short["reason"]);
        assert_eq!(period(&all), period(&short), "{set} --all: {}", all["reason"]);
        assert_eq!(all["reason"], short["reason"], "{set}");
    }
}

#[test]
fn rare_heaps_say_whether_heap_0_counts() {
    let out = grundy(&["seq", "grundy-game", "--to", "100000"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.contains("rare heaps")).expect("a method line");
    let count = |marker: &str| -> u64 {
        let before = &line[..line.find(marker).unwrap_or_else(|| panic!("{marker} in {line}"))];
        before
            .split_whitespace()
            .last()
            .unwrap()
            .trim_start_matches(';')
            .parse()
            .unwrap()
    };
    // Heap 0 (value 0) is rare in every convention: the two counts differ by one.
    assert_eq!(count("rare heaps a ≥ 1") + 1, count("counting heap 0"), "{line}");
}

#[test]
fn table_rows_of_subtraction_are_labelled_and_proved_as_seq_proves_them() {
    let doc = json(&["table", "subtraction", "--set", "1,2,3", "0..20", "--json"]);
    let p = &doc["pattern"];
    assert_eq!(p["name"], "g(set={1,2,3},n)");
    assert!(!p["formula"].as_str().unwrap().contains("--"), "{}", p["formula"]);
    assert_eq!(p["proved"], true, "{}", p["reason"]);
    assert_eq!(p["period"], 4);
    let seq = json(&["seq", "subtraction", "--set", "2,5,7", "--to", "100", "--json"]);
    let doc = json(&["table", "subtraction", "--set", "2,5,7", "0..100", "--json"]);
    assert_eq!(doc["pattern"]["proved"], seq["proved"], "{}", doc["pattern"]["reason"]);
    assert_eq!(doc["pattern"]["period"], seq["period"]);
    assert_eq!(doc["pattern"]["from"], seq["preperiod"]);
}

/// Issue 33: `seq --freq` against the published frequency tables of the five open octal codes
/// at 2^16 heaps (Rogalski's sparse-space solver, docs/sources.md [RogalskiOctal]; the files of
/// tests/data/frequencies are its `results/CODE/65536`, `value count` lines over heaps
/// 1..65536). The larger powers (2^20, 2^24, 2^28) are checked by the benchmark.
#[test]
fn frequencies_equal_the_published_tables_at_2_16() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-frequencies-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for code in ["0.014", "0.034", "0.161", "0.167", "0.172"] {
        let file = dir.join(format!("{code}.txt"));
        let out = grundy(&["seq", code, "--to", "65536", "--freq", file.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let summary = String::from_utf8_lossy(&out.stderr);
        assert!(
            summary.contains("largest value") && summary.contains("rare heaps"),
            "{summary}"
        );
        let ours: Vec<String> = std::fs::read_to_string(&file)
            .unwrap()
            .lines()
            .filter(|l| l.starts_with("65536 "))
            .map(|l| l["65536 ".len()..].to_string())
            .collect();
        let published: Vec<String> = std::fs::read_to_string(format!(
            "{}/tests/data/frequencies/{code}-65536",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
        .lines()
        .filter(|l| !l.ends_with(" 0"))
        .map(str::to_string)
        .collect();
        assert_eq!(ours, published, "{code}");
        // Every power of two row counts its heaps.
        let text = std::fs::read_to_string(&file).unwrap();
        let mut sums = std::collections::BTreeMap::<u64, u64>::new();
        for l in text.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<u64> = l.split(' ').map(|x| x.parse().unwrap()).collect();
            *sums.entry(f[0]).or_default() += f[2];
        }
        assert_eq!(sums.len(), 17, "{code}: rows 1, 2, 4, ..., 65536");
        assert!(sums.iter().all(|(&h, &s)| h == s), "{code}: {sums:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
