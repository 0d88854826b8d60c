//! The games on graphs at scale (issue 31): the graph engine (`grundy::solve::graph_kayles`)
//! behind node-kayles, arc-kayles and dawsons-chess, and the built-in families. Checked against
//! octal 0.137 (Dawson's chess, Winning Ways ch. 4) on paths to 200 vertices, against a brute
//! force on cycles and random graphs (property tests), against the generic solver on every
//! labelled graph of at most 6 vertices and a random sample up to 14, and against the published
//! sequences A344227 (queens graphs) and A316632 (3×n grids).

use crate::support::{grundy, json, value};
use grundy::control::Control;
use grundy::games::node_kayles::NodeKayles;
use grundy::solve::Solver;
use grundy::solve::graph_kayles::{Graph, KaylesConfig, KaylesEngine, Rule, set};
use proptest::prelude::*;
use rustc_hash::FxHashMap;

/// The value by the definition: mex over every move, memoised by vertex set (no splitting, no
/// canonical forms).
fn brute(n: usize, edges: &[(usize, usize)], rule: Rule) -> u8 {
    let mut adj = vec![0u32; n];
    for &(u, v) in edges {
        adj[u] |= 1 << v;
        adj[v] |= 1 << u;
    }
    fn go(adj: &[u32], rule: Rule, s: u32, memo: &mut FxHashMap<u32, u8>) -> u8 {
        if let Some(&v) = memo.get(&s) {
            return v;
        }
        let mut seen = 0u64;
        for u in 0..adj.len() {
            if s >> u & 1 == 0 {
                continue;
            }
            match rule {
                Rule::Node => seen |= 1 << go(adj, rule, s & !(adj[u] | 1 << u), memo),
                Rule::Arc => {
                    for v in u + 1..adj.len() {
                        if s >> v & 1 == 1 && adj[u] >> v & 1 == 1 {
                            seen |= 1 << go(adj, rule, s & !(1 << u | 1 << v), memo);
                        }
                    }
                }
            }
        }
        let g = (!seen).trailing_zeros() as u8;
        memo.insert(s, g);
        g
    }
    go(&adj, rule, ((1u64 << n) - 1) as u32, &mut FxHashMap::default())
}

fn engine(rule: Rule) -> KaylesEngine {
    KaylesEngine::new(rule, KaylesConfig::default(), Control::default()).unwrap()
}

fn fast(e: &KaylesEngine, n: usize, edges: &[(usize, usize)]) -> u8 {
    let g = Graph::new(n, edges).unwrap();
    e.nimber(&g, &set::full(n)).unwrap()
}

/// The generic solver on the game module's own rules (the engine before issue 31).
fn old(n: usize, edges: &[(usize, usize)], rule: Rule) -> u64 {
    let e: Vec<(u32, u32)> = edges.iter().map(|&(u, v)| (u as u32, v as u32)).collect();
    let g = NodeKayles::from_edges(n, &e).unwrap().with_rule(rule);
    let start = g.start();
    Solver::new(g).nimber(&start).unwrap().0
}

#[test]
fn paths_to_200_vertices_are_dawsons_chess() {
    let octal = json(&["seq", "0.137", "--to", "201", "--json"]);
    // The graph engine's values (the census of the family runs the graph engine; `seq` of
    // paths takes the heap game itself, by the theorem tested here).
    let seq = |game: &str| -> Vec<serde_json::Value> {
        let family = Family::parse(&format!("{game}:path {{n}}")).unwrap();
        let rows = census(&family, Shard::ALL, &CensusOptions::up_to(201, 1), &Control::default()).unwrap();
        rows.iter()
            .map(|e| serde_json::Value::from(e.row.largest_value))
            .collect()
    };
    let want = octal["values"].as_array().unwrap();
    let node = seq("node-kayles");
    let arc = seq("arc-kayles");
    for n in 0..=200 {
        assert_eq!(node[n], want[n], "node-kayles path {n}");
        // Arc Kayles on a path is Node Kayles on its line graph, the path of n − 1 vertices.
        assert_eq!(arc[n + 1], want[n], "arc-kayles path {}", n + 1);
    }
    for n in [1u64, 2, 14, 17, 34, 51, 52, 99] {
        assert_eq!(
            value(&format!("dawsons-chess {n}")),
            want[n as usize].as_u64().unwrap(),
            "dawsons-chess {n}"
        );
    }
}

/// Every labelled graph on at most 6 vertices (2^15 graphs on 6), both rules: the engine and the
/// generic solver agree. Graphs of 7 to 14 vertices: a random sample (every one would be 2^91
/// graphs on 14 vertices).
#[test]
fn old_and_new_engines_agree_on_small_graphs() {
    for rule in [Rule::Node, Rule::Arc] {
        let e = engine(rule);
        for n in 1..=6usize {
            let pairs: Vec<(usize, usize)> = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
            for mask in 0u32..1 << pairs.len() {
                let edges: Vec<(usize, usize)> = pairs
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask >> i & 1 == 1)
                    .map(|(_, &p)| p)
                    .collect();
                assert_eq!(
                    u64::from(fast(&e, n, &edges)),
                    old(n, &edges, rule),
                    "{rule:?} {n} {edges:?}"
                );
            }
        }
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..400 {
            let n = 7 + round % 8;
            let density = 10 + next() % 50;
            let edges: Vec<(usize, usize)> = (0..n)
                .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
                .filter(|_| next() % 100 < density)
                .collect();
            assert_eq!(
                u64::from(fast(&e, n, &edges)),
                old(n, &edges, rule),
                "{rule:?} round {round}: {edges:?}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_graphs_equal_a_brute_force(n in 1usize..=13, bits in proptest::collection::vec(any::<bool>(), 78), arc in any::<bool>()) {
        let rule = if arc { Rule::Arc } else { Rule::Node };
        let pairs: Vec<(usize, usize)> = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
        let edges: Vec<(usize, usize)> = pairs.into_iter().zip(bits).filter(|(_, b)| *b).map(|(p, _)| p).collect();
        prop_assert_eq!(fast(&engine(rule), n, &edges), brute(n, &edges, rule));
    }

    #[test]
    fn cycles_and_cycles_with_chords_equal_a_brute_force(n in 3usize..=16, chords in proptest::collection::vec((0usize..16, 0usize..16), 0..3)) {
        let mut edges: Vec<(usize, usize)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        for (a, b) in chords {
            let (a, b) = (a % n, b % n);
            if a != b && !edges.contains(&(a, b)) && !edges.contains(&(b, a)) {
                edges.push((a, b));
            }
        }
        for rule in [Rule::Node, Rule::Arc] {
            prop_assert_eq!(fast(&engine(rule), n, &edges), brute(n, &edges, rule));
        }
    }
}

#[test]
fn published_queens_and_grid_values() {
    // OEIS A344227 (Node Kayles on the n×n queens graph), n = 1..9 here (the rest, to 13, in
    // docs/records.md: a few seconds each in release builds, too slow for a debug test run).
    let queens = [1, 1, 2, 1, 3, 1, 2, 3, 1];
    for (i, &want) in queens.iter().enumerate() {
        assert_eq!(
            value(&format!("node-kayles queens {}", i + 1)),
            want,
            "queens {}",
            i + 1
        );
    }
    // OEIS A316632 (Node Kayles on the 3×n grid), n = 1..16, as one sequence.
    let doc = json(&["seq", "node-kayles", "grid 3x{n}", "--to", "16", "--json"]);
    let values: Vec<u64> = doc["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(values, [0, 2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3], "{doc}");
    // OEIS A316533 (Node Kayles on the generalized Petersen graph P(n,2)), n = 5..26 (the
    // terms of M. Fan's calculator; docs/sources.md [OEIS-A316533]), as one sequence.
    let doc = json(&["seq", "node-kayles", "petersen {n},2", "--to", "26", "--json"]);
    let values: Vec<u64> = doc["values"].as_array().unwrap()[5..]
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let a316533 = [1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    assert_eq!(values, a316533, "{doc}");
    // The 2×n grid (ladder) alternates 1, 0 (A316632's comments, Brown et al. 2020).
    for n in 1..=12 {
        assert_eq!(value(&format!("node-kayles grid 2x{n}")), n % 2, "grid 2x{n}");
    }
}

#[test]
fn petersen_and_hypercube_families_agree_with_the_generic_solver() {
    // The published P(n,2) table (Brown et al. 2020) could not be read here: the generic solver
    // on the family's own graph is the check (to 24 vertices; docs/records.md has the rest).
    for words in [
        "petersen 3,2",
        "petersen 5,2",
        "petersen 7,2",
        "petersen 8,2",
        "petersen 9,2",
        "petersen 11,2",
        "petersen 12,2",
        "hypercube 3",
        "hypercube 4",
        "grid 4x5",
        "queens 4",
        "tree 0,1,1,2,2,3,3,4,8,9",
    ] {
        let g = grundy::games::graph_families::parse(&grundy::games::words(words), &Control::default()).unwrap();
        for rule in [Rule::Node, Rule::Arc] {
            let game = NodeKayles::from_digraph(&g).with_rule(rule);
            let start = game.start();
            let old = Solver::new(game).nimber(&start).unwrap().0;
            let name = if rule == Rule::Node {
                "node-kayles"
            } else {
                "arc-kayles"
            };
            assert_eq!(value(&format!("{name} {words}")), old, "{name} {words}");
        }
    }
}

#[test]
fn families_share_the_engine_and_the_front_ends() {
    // A family is a position like a file: moves, explain and JSON work on it.
    let doc = json(&["value", "node-kayles", "petersen", "5,2", "--json"]);
    assert_eq!(doc["game"], "node-kayles petersen 5,2");
    // The Petersen graph is vertex-transitive: every move is to one shape, so the start is 0 or 1.
    let moves = json(&["moves", "node-kayles", "petersen", "5,2", "--json"]);
    let list = moves["moves"].as_array().unwrap();
    assert_eq!(list.len(), 10);
    assert!(list.iter().all(|m| m["value"] == list[0]["value"]));
    assert_eq!(doc["value"], u64::from(list[0]["value"] == 0));
    // The family quoted as one word (a census row's code) is the same position.
    let quoted = json(&["value", "node-kayles", "petersen 5,2", "--json"]);
    assert_eq!(quoted["game"], doc["game"]);
    assert_eq!(quoted["value"], doc["value"]);
    let quoted = json(&["value", "arc-kayles", "grid 3x4", "--json"]);
    assert_eq!(
        quoted["value"],
        json(&["value", "arc-kayles", "grid", "3x4", "--json"])["value"]
    );
    // The same graph from an undirected DOT file, under both rules.
    let dir = std::env::temp_dir().join(format!("grundy-graph-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dot = dir.join("p.dot");
    let mut text = String::from("graph P {\n");
    for i in 1..=5 {
        text += &format!(
            "  u{i} -- u{} ; u{i} -- v{i}; v{i} -- v{}\n",
            i % 5 + 1,
            (i + 1) % 5 + 1
        );
    }
    text += "}\n";
    std::fs::write(&dot, text).unwrap();
    let file = dot.to_str().unwrap();
    assert_eq!(value(&format!("node-kayles {file}")), value("node-kayles petersen 5,2"));
    assert_eq!(value(&format!("arc-kayles {file}")), value("arc-kayles petersen 5,2"));
    std::fs::remove_dir_all(&dir).unwrap();
    // Arc Kayles moves are edges; a winning move leads to a position of value 0.
    let doc = json(&["value", "arc-kayles", "cycle", "9", "--json"]);
    for m in doc["winning_moves"].as_array().unwrap() {
        assert!(m["move"].as_str().unwrap().contains('-'), "{doc}");
    }
    // Arc Kayles on a cycle is Node Kayles on its line graph, the same cycle.
    for n in 3..=30 {
        assert_eq!(
            value(&format!("arc-kayles cycle {n}")),
            value(&format!("node-kayles cycle {n}")),
            "cycle {n}"
        );
    }
}

#[test]
fn absurd_families_are_refused_up_front() {
    for args in [
        &["value", "node-kayles", "queens", "100000"][..],
        &["value", "arc-kayles", "hypercube", "60"],
        &["seq", "node-kayles", "queens {n}", "--to", "100000"],
    ] {
        let out = grundy(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("memory"), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    let out = grundy(&["value", "node-kayles", "grid", "3"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("grid 3x5"));
}

// The census of a family by n (`grundy::query::census`, `GAME:FAMILY`) on graph games: library
// calls, kept here with the graph games' tests (the library's own sources name no game).

use grundy::query::census::{CensusOptions, Family, RowOptions, Shard, census, member_row};
use grundy::report::{CensusEntry, CensusStatus};

/// The entries without their times (the only column that differs between runs).
fn timeless(mut entries: Vec<CensusEntry>) -> Vec<CensusEntry> {
    for e in &mut entries {
        e.row.seconds = 0.0;
    }
    entries
}

/// A family by n (`node-kayles:grid 3x{n}`): its members are the positions n = 0..=to, each
/// row the value the game's sequence gives (3×n grids: OEIS A316632 for n ≤ 16, the seq
/// command's own values beyond), its shards merged equal the whole, and one member valued
/// alone (the cluster's unit) equals its row but for the time.
#[test]
fn a_census_of_a_graph_family_equals_its_sequence_and_its_shards_the_whole() {
    let family = Family::parse("node-kayles:grid 3x{n}").unwrap();
    assert_eq!(family.label(), "node-kayles:grid 3x{n}");
    assert!(family.needs_to() && family.members().is_empty());
    let members = family.members_up_to(18).unwrap();
    assert_eq!(members.len(), 19);
    assert_eq!((members[7].index, members[7].code.as_str()), (7, "grid 3x7"));
    let whole = census(&family, Shard::ALL, &CensusOptions::up_to(18, 1), &Control::default()).unwrap();
    let values: Vec<u64> = whole.iter().map(|e| e.row.largest_value).collect();
    // n = 1..16: A316632; 17, 18: checked by the plain mex of examples/grid3_kayles_check.rs
    // (docs/records.md).
    let expected = [0, 2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3, 2, 2];
    assert_eq!(values, expected);
    assert!(whole.iter().all(|e| e.row.status == CensusStatus::Proved && e.of == 19));
    assert_eq!(whole[12].row.largest_heap, 12);
    let mut merged = Vec::new();
    for part in 1..=3 {
        let shard = Shard { part, parts: 3 };
        merged.extend(census(&family, shard, &CensusOptions::up_to(18, 1), &Control::default()).unwrap());
    }
    merged.sort_by_key(|e| e.index);
    assert_eq!(timeless(merged), timeless(whole.clone()));
    for n in [0, 5, 12] {
        let code = format!("grid 3x{n}");
        let mut alone = member_row(&family, &code, &CensusOptions::up_to(18, 1), &Control::default()).unwrap();
        alone.seconds = whole[n].row.seconds;
        assert_eq!(alone, whole[n].row, "{code}");
    }
    // Not a member, a quotient column, a database file: refused.
    assert!(member_row(&family, "grid 3x19", &CensusOptions::up_to(18, 1), &Control::default()).is_err());
    let with_quotient = CensusOptions {
        row: RowOptions {
            quotient_to: Some(5),
            ..RowOptions::up_to(3)
        },
        ..CensusOptions::up_to(3, 1)
    };
    assert!(census(&family, Shard::ALL, &with_quotient, &Control::default()).is_err());
    // Arc Kayles on the Petersen graphs: a family with a comma, each member its value alone.
    let petersen = Family::parse("arc-kayles:petersen {n},2").unwrap();
    let rows = census(&petersen, Shard::ALL, &CensusOptions::up_to(9, 1), &Control::default()).unwrap();
    for e in rows.iter().skip(5) {
        // The member's code is the words `grundy value arc-kayles` takes for that graph.
        let words = grundy::games::words(&format!("arc-kayles {}", e.row.code));
        let settings = grundy::settings::Settings::default();
        let report = grundy::query::value(&words, grundy::game::Convention::Normal, false, &settings).unwrap();
        let want = grundy::value::Value::Finite(grundy::nimber::Nimber(e.row.largest_value));
        assert_eq!(report.value, want, "{}", e.row.code);
    }
}

/// Families by n are refused when the game has no sequence of its own, the family has no
/// `{n}`, or its largest member would not fit in memory.
#[test]
fn bad_families_by_n_are_refused() {
    for bad in [
        "nim:{n}",
        "node-kayles:grid 3x4",
        "node-kayles:grid {n}x{n}",
        "node-kayles:frob {n}",
    ] {
        assert!(Family::parse(bad).is_err(), "{bad}");
    }
    let queens = Family::parse("node-kayles:queens {n}").unwrap();
    let control = Control::default().with_memory(grundy::memory::MemoryBudget::new(1 << 30));
    let e = census(&queens, Shard::ALL, &CensusOptions::up_to(100_000, 1), &control).unwrap_err();
    assert!(
        matches!(e, grundy::Error::Input(_) | grundy::Error::MemoryLimit(..)),
        "{e}"
    );
}

/// Node Kayles and Arc Kayles on paths are the heap games 0.137 and 0.07 (a theorem of the
/// game's module): `seq` takes the heap engine and proves the period, and the graph engine's
/// own values (the census of the family, which runs the graph engine) equal those of the heap
/// game for n ≤ 70, past the preperiod and a whole period.
#[test]
fn seq_of_paths_is_the_heap_game_with_its_period_proved() {
    for (game, code, preperiod) in [("node-kayles", "0.137", 52), ("arc-kayles", "0.07", 53)] {
        let doc = json(&["seq", game, "path {n}", "--to", "200", "--json"]);
        assert_eq!(doc["game"], format!("{game} path {{n}} = {code}"), "{doc}");
        assert_eq!(doc["proved"], true, "{doc}");
        assert_eq!(
            (doc["period"].as_u64(), doc["preperiod"].as_u64()),
            (Some(34), Some(preperiod))
        );
        let heap = json(&["seq", code, "--to", "70", "--json"]);
        let family = Family::parse(&format!("{game}:path {{n}}")).unwrap();
        let rows = census(&family, Shard::ALL, &CensusOptions::up_to(70, 1), &Control::default()).unwrap();
        let graph: Vec<u64> = rows.iter().map(|e| e.row.largest_value).collect();
        let heaps: Vec<u64> = heap["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(graph, heaps, "{game}");
    }
    // Another family is not a heap game: no period claimed.
    let doc = json(&["seq", "node-kayles", "grid 2x{n}", "--to", "12", "--json"]);
    assert_eq!(doc["proved"], false, "{doc}");
}
