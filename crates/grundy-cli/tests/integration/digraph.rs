//! Digraph games: the thesis's examples (ch.1–3, ch.8), the handbook's 6-node graph with 1–3
//! pawns (the Romanian article's sums), graph files and their errors, and properties: the fast
//! solvers against the generic solver, γ's outcomes against plain retrograde analysis, sums of
//! pawns against retrograde analysis of the product graph, and every g-function / Boolean
//! function found against its definition.

use crate::support::{grundy, json, position};
use grundy::nimber::Nimber;
use grundy::outcome::Outcome;
use grundy::solve::Solver;
use grundy::solve::digraph::{Digraph, INFINITE};
use grundy::solve::gfunctions::{Rule, enumerate, satisfies};
use grundy::value::Value;
use proptest::prelude::*;
use std::collections::BTreeSet;

const CH1: &str = "examples/graphs/thesis_ch1.txt";
const CH2: &str = "examples/graphs/thesis_ch2.txt";
const CYCLE3: &str = "examples/graphs/cycle3.dot";
const CYCLE4: &str = "examples/graphs/cycle4.json";
const STATE: &str = "examples/graphs/state_game.txt";
const HANDBOOK: &str = "examples/graphs/handbook6.txt";

fn read(file: &str) -> Digraph {
    grundy::games::graph::read(&format!("{}/{file}", crate::support::ROOT)).unwrap()
}

/// name → (value, outcome) from `grundy graph FILE --json`.
fn vertex_values(file: &str) -> Vec<(String, serde_json::Value, String)> {
    let doc = json(&["graph", file, "--json"]);
    doc["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["name"].as_str().unwrap().to_string(),
                v["value"].clone(),
                v["outcome"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn values_in_order(file: &str, names: &[&str]) -> Vec<u64> {
    let vs = vertex_values(file);
    names
        .iter()
        .map(|n| vs.iter().find(|v| v.0 == *n).unwrap().1.as_u64().unwrap())
        .collect()
}

#[test]
fn thesis_ch1_four_vertices() {
    let g = read(CH1);
    let u = |n: &str| g.id(n).unwrap();
    assert_eq!(g.len(), 4);
    assert_eq!(g.followers(u("u1")), [u("u2"), u("u3")]);
    assert_eq!(g.followers(u("u2")), [u("u3"), u("u4")]);
    assert_eq!(g.followers(u("u3")), [u("u4")]);
    assert!(g.followers(u("u4")).is_empty());
    assert_eq!(values_in_order(CH1, &["u1", "u2", "u3", "u4"]), [0, 2, 1, 0]);
}

#[test]
fn thesis_ch2_eight_vertices() {
    let names = ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"];
    assert_eq!(values_in_order(CH2, &names), [1, 0, 1, 0, 1, 2, 3, 0]);
    let p: Vec<String> = vertex_values(CH2)
        .into_iter()
        .filter(|v| v.2 == "P")
        .map(|v| v.0)
        .collect();
    assert_eq!(p, ["v2", "v4", "v8"]);
    // Unique g-function (proposition (a): no circuits).
    let doc = json(&["graph", CH2, "--all-g", "--json"]);
    assert_eq!(doc["count"], 1);
    assert_eq!(doc["g_functions"][0]["v7"], 3);
    let g = read(CH2);
    let all = enumerate(&g, Rule::Mex, 5).unwrap();
    assert_eq!(all.count, 1);
    assert_eq!(all.listed[0], g.grundy_acyclic().unwrap());
    // The text's text mentions p-vertices; the table prints them.
    let out = grundy(&["graph", CH2]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("p-vertices: v2, v4, v8"));
}

#[test]
fn thesis_cycles_three_and_four() {
    let doc = json(&["graph", CYCLE3, "--all-g", "--json"]);
    assert_eq!(doc["count"], 0);
    assert_eq!(doc["g_functions"], serde_json::json!([]));
    let doc = json(&["graph", CYCLE4, "--all-g", "--json"]);
    assert_eq!(doc["count"], 2);
    let mut found: Vec<Vec<u64>> = doc["g_functions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            ["v1", "v2", "v3", "v4"]
                .iter()
                .map(|v| f[v].as_u64().unwrap())
                .collect()
        })
        .collect();
    found.sort();
    assert_eq!(found, [[0, 1, 0, 1], [1, 0, 1, 0]]);
    // Every vertex of a directed cycle is a draw.
    assert!(vertex_values(CYCLE3).iter().all(|v| v.2 == "D"));
    assert!(vertex_values(CYCLE4).iter().all(|v| v.2 == "D"));
    let out = grundy(&["graph", CYCLE3, "--all-g"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("no g-function exists"));
}

#[test]
fn thesis_ch3_state_game() {
    assert_eq!(values_in_order(STATE, &["s0", "s1", "s2", "s3"]), [2, 0, 1, 0]);
    // The graph has a circuit (s0 -> s2 -> s1 -> s0) yet exactly one g-function.
    let g = read(STATE);
    assert!(g.grundy_acyclic().is_err());
    let all = enumerate(&g, Rule::Mex, 5).unwrap();
    assert_eq!(all.count, 1);
    let doc = json(&["graph", STATE, "--start", "s0", "--json"]);
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["parity"], "even");
    assert_eq!(doc["winning_moves"][0]["position"], "s3");
    let doc = json(&["graph", STATE, "--start", "s1", "--json"]);
    assert_eq!(
        (doc["outcome"].as_str(), doc["parity"].as_str()),
        (Some("P"), Some("odd"))
    );
    // The thesis's odd play s0, s2, s1, s0, s3 follows arcs of the graph.
    let play = ["s0", "s2", "s1", "s0", "s3"];
    for w in play.windows(2) {
        assert!(g.followers(g.id(w[0]).unwrap()).contains(&g.id(w[1]).unwrap()));
    }
    assert!(g.followers(g.id("s3").unwrap()).is_empty());
    assert_eq!(play.len() % 2, 1, "an odd number of states");
    let text = grundy(&["graph", STATE, "--start", "s0"]).output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("even game (N)") && text.contains("→ s3"), "{text}");
}

/// Thesis ch.8: B(v1..v8) = 1,0,1,0,1,1,1,0 and the properties of ch.2 that carry over.
#[test]
fn thesis_ch8_boolean_function() {
    let doc = json(&["graph", CH2, "--boolean", "--json"]);
    assert_eq!(doc["count"], 1);
    let b = &doc["boolean_functions"][0];
    let names = ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"];
    let values: Vec<u64> = names.iter().map(|n| b[n].as_u64().unwrap()).collect();
    assert_eq!(values, [1, 0, 1, 0, 1, 1, 1, 0]);
    assert_eq!(doc["kernels"][0], serde_json::json!(["v2", "v4", "v8"]));
    let g = read(CH2);
    let found = enumerate(&g, Rule::Bmex, 5).unwrap();
    assert_eq!(found.count, 1);
    let bf = &found.listed[0];
    let holds = properties(&g, bf);
    assert_eq!(holds, [true, false, true, true, true], "properties 1..5");
    let (v6, v5) = (g.id("v6").unwrap(), g.id("v5").unwrap());
    assert!(g.followers(v6).contains(&v5) && bf[v6 as usize] == 1 && bf[v5 as usize] == 1);
}

/// The thesis's properties 1–5 of a g-function, each true or false for `f` on `g`.
fn properties(g: &Digraph, f: &[u32]) -> [bool; 5] {
    let val = |v: u32| f[v as usize];
    let all = |p: &dyn Fn(u32) -> bool| g.vertices().all(p);
    [
        all(&|v| !g.followers(v).is_empty() || val(v) == 0),
        all(&|v| g.followers(v).iter().all(|&w| val(v) != val(w))),
        all(&|v| !g.followers(v).iter().all(|&w| val(w) > 0) || val(v) == 0),
        all(&|v| {
            val(v) == 0 || (g.followers(v).len() >= val(v) as usize && g.followers(v).iter().any(|&w| val(w) == 0))
        }),
        all(&|v| val(v) != 0 || g.followers(v).iter().all(|&w| val(w) > 0)),
    ]
}

/// Property 6: g(v) = k ⇒ a walk of length k leads from v to a vertex of value 0.
fn property_6(g: &Digraph, f: &[u32]) -> bool {
    g.vertices().all(|v| {
        let mut at: BTreeSet<u32> = [v].into();
        for _ in 0..f[v as usize] {
            at = at.iter().flat_map(|&x| g.followers(x).iter().copied()).collect();
        }
        at.iter().any(|&x| f[x as usize] == 0)
    })
}

#[test]
fn handbook_six_nodes_with_one_to_three_pawns() {
    assert_eq!(
        values_in_order(HANDBOOK, &["1", "2", "3", "4", "5", "6"]),
        [0, 1, 0, 2, 0, 2]
    );
    let g = read(HANDBOOK);
    let product = product_graph(&g, 3);
    let outcomes = product.retrograde();
    let names: Vec<&str> = ["1", "2", "3", "4", "5", "6"].to_vec();
    let n = g.len() as u32;
    for a in 0..n {
        assert_eq!(
            position(&format!("graph {HANDBOOK} {}", names[a as usize]))
                .value()
                .unwrap()
                .outcome(),
            g.retrograde()[a as usize]
        );
        for b in 0..n {
            let p = position(&format!("graph {HANDBOOK} {} {}", names[a as usize], names[b as usize]));
            let two = product_graph(&g, 2).retrograde()[(a * n + b) as usize];
            assert_eq!(p.value().unwrap().outcome(), two);
            for c in 0..n {
                let words = format!(
                    "graph {HANDBOOK} {} {} {}",
                    names[a as usize], names[b as usize], names[c as usize]
                );
                let v = position(&words).value().unwrap();
                assert_eq!(v.outcome(), outcomes[((a * n + b) * n + c) as usize], "{words}");
            }
        }
    }
    let doc = json(&["value", "graph", HANDBOOK, "4", "6", "2", "--json"]);
    assert_eq!(doc["value"], 1);
    assert_eq!(doc["winning_moves"][0]["move"], "2 → 1");
    let doc = json(&["graph", HANDBOOK, "--pawns", "4,6", "--json"]);
    assert_eq!((doc["value"].as_u64(), doc["outcome"].as_str()), (Some(0), Some("P")));
}

/// The graph of k pawns on `g` (vertex (a, b, ...) numbered a·n^(k−1) + b·n^(k−2) + ...).
fn product_graph(g: &Digraph, k: u32) -> Digraph {
    let n = g.len() as u32;
    let total = n.pow(k);
    let mut arcs = Vec::new();
    for code in 0..total {
        let mut digits = Vec::new();
        let mut c = code;
        for _ in 0..k {
            digits.push(c % n);
            c /= n;
        }
        digits.reverse();
        for i in 0..k as usize {
            for &w in g.followers(digits[i]) {
                let mut d = digits.clone();
                d[i] = w;
                let to = d.iter().fold(0, |acc, &x| acc * n + x);
                arcs.push((code, to));
            }
        }
    }
    Digraph::unnamed(total as usize, &arcs).unwrap()
}

#[test]
fn explain_writes_gamma_c_and_mex() {
    let out = grundy(&["explain", "graph", CH2, "v7"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Γ(v7) = {v3, v6, v8}"), "{text}");
    assert!(text.contains("C(v7) = {0, 1, 2}"), "{text}");
    assert!(text.contains("g(v7) = mex C(v7) = 3"), "{text}");
    let out = grundy(&["explain", "graph", CYCLE3, "v1"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("∞") && text.contains("draw"), "{text}");
}

#[test]
fn loopy_values_in_sums_and_draws() {
    // A pawn on a 3-cycle plus Nim 3: ∞ + 3 is a draw; a move keeps the draw.
    let doc = json(&["sum", &format!("graph {CYCLE3} v1"), "nim 3", "--json"]);
    assert_eq!(doc["outcome"], "D");
    assert_eq!(doc["value"]["infinite"], true);
    assert!(!doc["drawing_moves"].as_array().unwrap().is_empty());
    let doc = json(&["value", "graph", CYCLE4, "v1", "--json"]);
    assert_eq!(doc["outcome"], "D");
    assert_eq!(doc["drawing_moves"][0]["position"], "v2");
    let doc = json(&["moves", "graph", STATE, "s0", "--json"]);
    assert_eq!(doc["moves"].as_array().unwrap().len(), 2);
    // A pawn on an ∞({0}) vertex plus a pawn on a 0: still N; the winning move escapes to 0.
    let dir = std::env::temp_dir().join(format!("grundy-escape-{}.txt", std::process::id()));
    std::fs::write(&dir, "a c\nc a\na b\nc d\n").unwrap();
    let file = dir.to_str().unwrap();
    let doc = json(&["value", "graph", file, "a", "--json"]);
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["value"]["escapes"], serde_json::json!([0]));
    assert_eq!(doc["winning_moves"][0]["position"], "b");
    let doc = json(&["sum", &format!("graph {file} a"), "nim 1", "--json"]);
    assert_eq!(doc["outcome"], "D", "∞({{0}}) + 1 = ∞({{1}}), a draw");
    std::fs::remove_file(&dir).ok();
}

fn fails_with(args: &[&str], needles: &[&str]) {
    let out = grundy(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: `{err}` lacks `{n}`");
    }
}

#[test]
fn bad_graph_files_are_one_line_errors() {
    let dir = std::env::temp_dir().join(format!("grundy-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let f = write("loop.txt", "a b\n# c\nb b\n");
    fails_with(&["graph", &f], &["line 3", "self-loop", "x ≠ y"]);
    let f = write("dup.txt", "a b\nb c\na -> b\n");
    fails_with(&["graph", &f], &["line 3", "repeated", "line 1"]);
    let f = write("bad.txt", "a b c\n");
    fails_with(&["graph", &f], &["line 1", "u -> v"]);
    let f = write("bad.json", "{\"vertices\": [\"a\"], \"arcs\": [[\"a\", \"b\"]]}");
    fails_with(&["graph", &f], &["unknown vertex b"]);
    let f = write("bad.dot", "digraph {\n a -> b;\n b -- c;\n}\n");
    fails_with(&["graph", &f], &["line 3", "->"]);
    fails_with(&["graph", CH2, "--start", "v9"], &["unknown vertex `v9`"]);
    fails_with(&["value", "graph", CH2, "nine"], &["unknown vertex `nine`"]);
    fails_with(&["value", "graph", CH2], &["name the vertex"]);
    fails_with(&["graph", "no/such/file.txt"], &["cannot read"]);
    fails_with(&["graph", CH2, "--all-g", "--boolean"], &["choose one"]);
    std::fs::remove_dir_all(&dir).ok();
}

/// Arcs (u, v) with u < v from a list of pairs (an acyclic graph on n vertices).
fn dag(n: usize, pairs: &[(u32, u32)]) -> Digraph {
    let set: BTreeSet<(u32, u32)> = pairs
        .iter()
        .map(|&(a, b)| (a % n as u32, b % n as u32))
        .filter(|(a, b)| a != b)
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    Digraph::unnamed(n, &set.into_iter().collect::<Vec<_>>()).unwrap()
}

/// Any graph without self-loops or repeated arcs.
fn any_graph(n: usize, pairs: &[(u32, u32)]) -> Digraph {
    let set: BTreeSet<(u32, u32)> = pairs
        .iter()
        .map(|&(a, b)| (a % n as u32, b % n as u32))
        .filter(|(a, b)| a != b)
        .collect();
    Digraph::unnamed(n, &set.into_iter().collect::<Vec<_>>()).unwrap()
}

fn pairs() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1usize..9).prop_flat_map(|n| (Just(n), prop::collection::vec((0u32..9, 0u32..9), 0..3 * n)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn dag_solver_equals_the_generic_solver((n, p) in pairs()) {
        let g = dag(n, &p);
        let values = g.grundy_acyclic().unwrap();
        let mut plain = Solver::plain(g.clone());
        for v in g.vertices() {
            prop_assert_eq!(plain.nimber(&v).unwrap(), Nimber(values[v as usize] as u64));
        }
        prop_assert_eq!(g.loopy_values().unwrap(), values.clone());
        prop_assert_eq!(g.loopy_values_staged().unwrap(), values.clone());
        let outcomes = g.retrograde();
        for v in g.vertices() {
            prop_assert_eq!(outcomes[v as usize], if values[v as usize] == 0 { Outcome::P } else { Outcome::N });
        }
        // Exactly one g-function and one Boolean function, the Grundy function and P/N.
        let all = enumerate(&g, Rule::Mex, 3).unwrap();
        prop_assert_eq!(all.count, 1);
        prop_assert_eq!(&all.listed[0], &values);
        let b = enumerate(&g, Rule::Bmex, 3).unwrap();
        prop_assert_eq!(b.count, 1);
        prop_assert_eq!(&b.listed[0], &g.boolean_acyclic().unwrap());
        // The thesis's propositions (b) 1–6 hold for the Grundy function.
        prop_assert_eq!(properties(&g, &values), [true; 5]);
        prop_assert!(property_6(&g, &values));
        // And 1, 3, 4, 5 for the Boolean function.
        let bp = properties(&g, &b.listed[0]);
        prop_assert!(bp[0] && bp[2] && bp[3] && bp[4]);
    }

    #[test]
    fn loopy_outcomes_equal_retrograde_analysis((n, p) in pairs()) {
        let g = any_graph(n, &p);
        let labels = g.loopy_values().unwrap();
        // Solving the part that cannot reach a circuit first changes nothing.
        prop_assert_eq!(&labels, &g.loopy_values_staged().unwrap());
        let outcomes = g.retrograde();
        for v in g.vertices() {
            prop_assert_eq!(g.value_of(&labels, v).outcome(), outcomes[v as usize], "vertex {}", v);
        }
    }

    #[test]
    fn sums_of_two_pawns_equal_the_product_graph((n, p) in (1usize..6).prop_flat_map(|n| (Just(n), prop::collection::vec((0u32..6, 0u32..6), 0..3 * n)))) {
        let g = any_graph(n, &p);
        let labels = g.loopy_values().unwrap();
        let product = product_graph(&g, 2).retrograde();
        for a in g.vertices() {
            for b in g.vertices() {
                let sum = g.value_of(&labels, a).add(&g.value_of(&labels, b));
                prop_assert_eq!(sum.outcome(), product[(a * n as u32 + b) as usize], "pawns {} {}", a, b);
            }
        }
    }

    #[test]
    fn functions_found_satisfy_their_definitions((n, p) in pairs()) {
        let g = any_graph(n, &p);
        let labels = g.loopy_values().unwrap();
        for rule in [Rule::Mex, Rule::Bmex] {
            let found = enumerate(&g, rule, 1000).unwrap();
            prop_assert!(found.count as usize >= found.listed.len());
            let distinct: BTreeSet<&Vec<u32>> = found.listed.iter().collect();
            prop_assert_eq!(distinct.len(), found.listed.len());
            for f in &found.listed {
                prop_assert!(satisfies(&g, rule, f));
                if rule == Rule::Mex {
                    // Where γ is finite, every g-function agrees with it.
                    for v in g.vertices() {
                        if labels[v as usize] != INFINITE {
                            prop_assert_eq!(f[v as usize], labels[v as usize]);
                        }
                    }
                }
            }
        }
    }

    /// The count is exact: compare with trying every assignment on very small graphs.
    #[test]
    fn counts_equal_brute_force((n, p) in (1usize..6).prop_flat_map(|n| (Just(n), prop::collection::vec((0u32..6, 0u32..6), 0..3 * n)))) {
        let g = any_graph(n, &p);
        for rule in [Rule::Mex, Rule::Bmex] {
            let top = |v: u32| match rule { Rule::Mex => g.followers(v).len() as u32, Rule::Bmex => g.followers(v).len().min(1) as u32 };
            let mut f = vec![0u32; n];
            let mut count = 0u64;
            loop {
                if satisfies(&g, rule, &f) {
                    count += 1;
                }
                let mut i = 0;
                while i < n && f[i] == top(i as u32) {
                    f[i] = 0;
                    i += 1;
                }
                if i == n {
                    break;
                }
                f[i] += 1;
            }
            prop_assert_eq!(enumerate(&g, rule, 0).unwrap().count, count);
        }
    }
}

#[test]
fn value_of_an_infinite_vertex_lists_its_escapes() {
    // 0 <-> 1, 1 -> 2 -> 3: 3 = 0, 2 = 1; 0 and 1 never get a finite label (moving to 2
    // loses, so both players keep to the 2-cycle): γ(0) = ∞(∅), γ(1) = ∞({1}), draws.
    let g = any_graph(4, &[(0, 1), (1, 0), (1, 2), (2, 3)]);
    let labels = g.loopy_values().unwrap();
    assert_eq!(labels, [INFINITE, INFINITE, 1, 0]);
    assert_eq!(g.value_of(&labels, 0), Value::Infinite { escapes: vec![] });
    assert_eq!(
        g.value_of(&labels, 1),
        Value::Infinite {
            escapes: vec![Nimber(1)]
        }
    );
    assert_eq!(g.retrograde(), [Outcome::Draw, Outcome::Draw, Outcome::N, Outcome::P]);
}

/// The state graph of A-Nim of size m (thesis ch.3): states 0..=m, i → i − j for j ∈ A.
fn a_nim(a: &[u32], m: u32) -> Digraph {
    let arcs: Vec<(u32, u32)> = (0..=m)
        .flat_map(|i| a.iter().filter(move |&&j| j <= i).map(move |&j| (i, i - j)))
        .collect();
    Digraph::unnamed(m as usize + 1, &arcs).unwrap()
}

#[test]
fn thesis_ch3_a_nim_as_state_games() {
    let g = a_nim(&[1, 2, 3], 20);
    let values = g.grundy_acyclic().unwrap();
    assert!((0..=20).all(|i| values[i] == i as u32 % 4), "g(i) = i mod 4");
    assert_eq!(values[20], 0, "size 20: g = 0, an odd game");
    // A play and an odd play from the text; the second player's answers reach 16, 12, 8, 4, 0.
    for play in [
        &[20u32, 19, 17, 16, 13, 10, 8, 6, 3, 0][..],
        &[20, 17, 16, 13, 12, 9, 8, 5, 4, 1, 0][..],
    ] {
        for w in play.windows(2) {
            assert!(g.followers(w[0]).contains(&w[1]), "{} -> {}", w[0], w[1]);
        }
    }
    assert_eq!([20u32, 17, 16, 13, 12, 9, 8, 5, 4, 1, 0].len() % 2, 1, "odd play");
    for s in [16, 12, 8, 4, 0] {
        assert_eq!(values[s], 0);
    }
    let g = a_nim(&[1, 2, 3, 4, 5], 60);
    let values = g.grundy_acyclic().unwrap();
    assert!((0..=60).all(|i| values[i] == i as u32 % 6), "g(i) = i mod 6");
    assert_eq!((values[20], values[60]), (2, 0));
}

/// The handbook's divisor game on states 1..9: 14 arcs, classification L W L W L W L W L.
#[test]
fn handbook_divisor_state_graph() {
    let arcs: Vec<(u32, u32)> = (1..=9u32)
        .flat_map(|k| (1..k).filter(move |x| k % x == 0).map(move |x| (k - 1, k - x - 1)))
        .collect();
    assert_eq!(arcs.len(), 14);
    let g = Digraph::unnamed(9, &arcs).unwrap();
    let o = g.retrograde();
    let expected: Vec<Outcome> = (1..=9)
        .map(|k| if k % 2 == 1 { Outcome::P } else { Outcome::N })
        .collect();
    assert_eq!(o, expected);
    let labels = g.loopy_values().unwrap();
    assert!(
        g.vertices()
            .all(|v| g.value_of(&labels, v).outcome() == expected[v as usize])
    );
}
