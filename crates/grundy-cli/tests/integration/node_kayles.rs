//! Node Kayles (issue 14: the game added as one file plus one registry line): a move removes a
//! vertex and its neighbours. Checked against Dawson's Kayles (octal 0.137) on paths, against
//! the mex of path values on cycles, and against a brute force written here on random small
//! graphs; then the commands on the example files.

use crate::support::{grundy, json, value};
use grundy::games::node_kayles::NodeKayles;
use grundy::solve::Solver;

fn path(n: usize) -> NodeKayles {
    let edges: Vec<(u32, u32)> = (1..n as u32).map(|i| (i - 1, i)).collect();
    NodeKayles::from_edges(n, &edges).unwrap()
}

fn cycle(n: usize) -> NodeKayles {
    let edges: Vec<(u32, u32)> = (0..n as u32).map(|i| (i, (i + 1) % n as u32)).collect();
    NodeKayles::from_edges(n, &edges).unwrap()
}

fn node_kayles(g: NodeKayles) -> (u64, usize) {
    let start = g.start();
    let mut solver = Solver::new(g);
    let v = solver.nimber(&start).unwrap().0;
    (v, solver.states())
}

#[test]
fn paths_are_dawsons_kayles() {
    for n in 1..=40 {
        let (v, states) = node_kayles(path(n));
        assert_eq!(v, value(&format!("0.137 {n}")), "path of {n} vertices");
        // Memoised by pieces, every sub-path valued once per length (trees are canonicalised):
        // the states are the n path lengths and the two-piece options met from them (fewer
        // than n²), not the 2^n vertex sets.
        assert!(states <= n * n, "path of {n}: {states} states");
    }
}

#[test]
fn a_path_of_40_vertices_is_instant() {
    let t = std::time::Instant::now();
    let (_, states) = node_kayles(path(40));
    assert!(states <= 40 * 40, "{states}");
    assert!(t.elapsed().as_secs_f64() < 1.0, "{:?}", t.elapsed());
}

#[test]
fn cycles_are_the_mex_of_one_path_value() {
    // Every move on the cycle C_n (n ≥ 3) removes three consecutive vertices and leaves the
    // path P_{n-3}: the value is mex {g(P_{n-3})}.
    for n in 3..=40 {
        let rest = if n == 3 { 0 } else { value(&format!("0.137 {}", n - 3)) };
        let expected = u64::from(rest == 0);
        assert_eq!(node_kayles(cycle(n)).0, expected, "cycle of {n} vertices");
    }
}

/// The value by the definition: mex over removing each vertex's closed neighbourhood, vertex
/// sets as bitmasks, no memo and no splitting.
fn brute(adj: &[u32], set: u32) -> u64 {
    let mut seen = [false; 16];
    for v in 0..adj.len() {
        if set >> v & 1 == 1 {
            let next = set & !(adj[v] | 1 << v);
            seen[brute(adj, next) as usize] = true;
        }
    }
    seen.iter().position(|s| !s).unwrap() as u64
}

#[test]
fn random_small_graphs_agree_with_a_brute_force() {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for round in 0..300 {
        let n = 1 + (next() % 9) as usize;
        let density = next() % 100;
        let mut edges = Vec::new();
        let mut adj = vec![0u32; n];
        for u in 0..n {
            for v in u + 1..n {
                if next() % 100 < density {
                    // Both directions sometimes: `u v` and `v u` are one undirected edge.
                    edges.push((u as u32, v as u32));
                    if next() % 4 == 0 {
                        edges.push((v as u32, u as u32));
                    }
                    adj[u] |= 1 << v;
                    adj[v] |= 1 << u;
                }
            }
        }
        let g = NodeKayles::from_edges(n, &edges).unwrap();
        let expected = brute(&adj, (1u32 << n) - 1);
        let start = g.start();
        assert_eq!(
            node_kayles(g.clone()).0,
            expected,
            "round {round}: {n} vertices, {edges:?}"
        );
        assert_eq!(
            Solver::plain(g).nimber(&start).unwrap().0,
            expected,
            "round {round} (plain)"
        );
    }
}

#[test]
fn random_forests_agree_with_a_brute_force() {
    // Trees are valued once per shape (canonical codes): isomorphic pieces must share values
    // without ever mixing up two shapes.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for round in 0..300 {
        let n = 1 + (next() % 13) as usize;
        let mut edges = Vec::new();
        let mut adj = vec![0u32; n];
        for v in 1..n {
            // Each vertex joins an earlier one, or (one time in five) starts a new tree.
            if next() % 5 != 0 {
                let u = (next() % v as u64) as usize;
                edges.push((u as u32, v as u32));
                adj[u] |= 1 << v;
                adj[v] |= 1 << u;
            }
        }
        let g = NodeKayles::from_edges(n, &edges).unwrap();
        let expected = brute(&adj, (1u32 << n) - 1);
        assert_eq!(node_kayles(g).0, expected, "round {round}: {n} vertices, {edges:?}");
    }
}

#[test]
fn isomorphic_trees_are_valued_once() {
    // Two paths of 30 vertices side by side: the second adds no state.
    let one = node_kayles(path(30)).1;
    let mut edges: Vec<(u32, u32)> = (1..30).map(|i| (i - 1, i)).collect();
    edges.extend((31..60).map(|i| (i - 1, i)));
    let (v, two) = node_kayles(NodeKayles::from_edges(60, &edges).unwrap());
    assert_eq!(v, 0, "a position plus a copy of itself is 0");
    assert!(two <= one + 1, "{two} states for two paths, {one} for one");
}

fn stdout(args: &[&str]) -> String {
    let out = grundy(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn value_moves_and_explain_on_a_file() {
    let path7 = "examples/graphs/path7.txt";
    let out = stdout(&["value", "node-kayles", path7]);
    assert!(out.contains("value    1"), "{out}");
    assert!(out.contains("winning moves (3):"), "{out}");
    assert!(out.contains("  d  to a b f g"), "{out}");
    let out = stdout(&["moves", "node-kayles", path7]);
    assert!(out.contains("  a     3      c d e f g"), "{out}");
    assert!(out.contains("  d     0      a b f g    winning"), "{out}");
    // explain: each option that splits shows the nim-sum of its pieces.
    let out = stdout(&["explain", "node-kayles", path7]);
    assert!(out.contains("d  to a b f g    g = 1 ⊕ 1 = 0"), "{out}");
    assert!(out.contains("g = mex C = mex {0, 3} = 1"), "{out}");
    // A board of several pieces is explained as a sum of components.
    let out = stdout(&["explain", "node-kayles", "examples/graphs/star_and_triangle.json"]);
    assert!(out.contains("splits into 3 independent components"), "{out}");
    assert!(out.contains("s = 1"), "{out}");
    // The named vertices are the subgraph they induce; `-` is the empty board.
    assert_eq!(value("node-kayles examples/graphs/path7.txt a b c d"), value("0.137 4"));
    assert_eq!(value("node-kayles examples/graphs/path7.txt -"), 0);
}

#[test]
fn json_and_dot_files() {
    let doc = json(&["value", "node-kayles", "examples/graphs/petersen.dot", "--json"]);
    assert_eq!(doc["game"], "node-kayles examples/graphs/petersen.dot");
    // The Petersen graph is vertex-transitive: the ten moves leave isomorphic 6-vertex graphs,
    // so they all have one value, and the start's value is the mex of that one value.
    let moves = json(&["moves", "node-kayles", "examples/graphs/petersen.dot", "--json"]);
    let list = moves["moves"].as_array().unwrap_or_else(|| panic!("{moves}"));
    assert_eq!(list.len(), 10);
    assert!(list.iter().all(|m| m["value"] == list[0]["value"]), "{moves}");
    assert_eq!(doc["value"], u64::from(list[0]["value"] == 0));
    let v = value("node-kayles examples/graphs/petersen.dot");
    assert_eq!(doc["value"], v);
}

#[test]
fn play_accepts_a_vertex_as_a_move() {
    let out = grundy(&["play", "node-kayles", "examples/graphs/path7.txt"])
        .write_stdin("b\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("you play b\n\nposition: d e f g\nI play d"), "{text}");
}

/// A family's positions are read back as printed (`arc-kayles grid 2x3 1,3 2,1 ...`): the
/// explorer plays on by sending them, and `grid takes rows x columns` stopped it after one move.
#[test]
fn a_family_s_printed_positions_are_read_back() {
    for start in [
        "arc-kayles grid 2x3",
        "node-kayles petersen 5,2",
        "node-kayles grid 3x3",
    ] {
        let p = crate::support::position(start);
        for m in p.moves().unwrap() {
            let after = m.next.value().unwrap();
            let words = format!("{} {}", m.next.game(), m.next.text());
            assert_eq!(
                value(&words),
                after.finite().unwrap().0,
                "{start}: {} → {words}",
                m.label
            );
        }
    }
    // Vertices that are not in the family's graph are refused.
    let out = grundy(&["value", "node-kayles", "grid", "2x2", "9,9"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
