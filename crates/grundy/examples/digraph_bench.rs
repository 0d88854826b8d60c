//! Benchmark of the digraph solvers on a generated graph (seeded, deterministic), run as a
//! release binary under `/usr/bin/time -v` so each run's peak memory is measured on its own:
//!
//! ```text
//! cargo run --release --example digraph_bench -- KIND TASK [VERTICES] [ARCS_PER_VERTEX]
//!   KIND: acyclic | cyclic      TASK: bfs | grundy | loopy | staged | retrograde | check | build
//! ```
//!
//! `acyclic`: every arc goes from a vertex to a larger one (mostly within 64); `cyclic`: the same
//! but one arc in eight goes back to a smaller vertex. Out-degrees are uniform in 0..=2·per. Defaults: 10^6 vertices, 10 arcs each (10^7 arcs). `bfs` is the yardstick: a plain
//! breadth-first pass over the same CSR arcs from every unvisited vertex. Times are printed for
//! the task alone (graph generation excluded); `build` measures generation + CSR only.

use grundy::solve::digraph::{Digraph, INFINITE};
use std::time::Instant;

/// SplitMix64: a tiny seeded generator, so the graph is the same on every run.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        ((self.next() as u128 * n as u128) >> 64) as u64
    }
}

fn generate(acyclic: bool, n: usize, per: usize) -> Digraph {
    let mut rng = SplitMix(0x5EED_0000_0000_0001);
    let mut arcs: Vec<(u32, u32)> = Vec::with_capacity(n * per);
    let mut mine: Vec<u32> = Vec::with_capacity(per);
    for u in 0..n as u64 {
        mine.clear();
        // Out-degree uniform in 0..=2·per (mean per), so some vertices are terminal.
        for _ in 0..rng.below(2 * per as u64 + 1) {
            let forward = acyclic || rng.below(8) != 0;
            let v = if forward {
                if u + 1 >= n as u64 {
                    break;
                }
                // Mostly near targets (so values stay small, like real game graphs), some far.
                let far = rng.below(4) == 0;
                let span = (n as u64 - u - 1).min(if far { n as u64 } else { 64 });
                u + 1 + rng.below(span)
            } else {
                // A back arc (cyclic graphs: one arc in eight), mostly short.
                if u == 0 {
                    continue;
                }
                let span = u.min(if rng.below(4) == 0 { u } else { 64 });
                u - 1 - rng.below(span)
            };
            mine.push(v as u32);
        }
        mine.sort_unstable();
        mine.dedup();
        arcs.extend(mine.iter().map(|&v| (u as u32, v)));
    }
    Digraph::unnamed(n, &arcs).expect("fits")
}

fn bfs(g: &Digraph) -> usize {
    let mut seen = vec![false; g.len()];
    let mut queue: Vec<u32> = Vec::with_capacity(g.len());
    let mut reached = 0;
    for root in g.vertices() {
        if seen[root as usize] {
            continue;
        }
        seen[root as usize] = true;
        queue.clear();
        queue.push(root);
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            reached += 1;
            for &w in g.followers(v) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    queue.push(w);
                }
            }
        }
    }
    reached
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind = args.first().map_or("acyclic", String::as_str);
    let task = args.get(1).map_or("grundy", String::as_str);
    let n: usize = args.get(2).map_or(1_000_000, |s| s.parse().expect("vertices"));
    let per: usize = args.get(3).map_or(10, |s| s.parse().expect("arcs per vertex"));
    let t0 = Instant::now();
    let g = generate(kind == "acyclic", n, per);
    let built = t0.elapsed();
    eprintln!(
        "{kind}: {} vertices, {} arcs, built in {built:.2?}",
        g.len(),
        g.arc_count()
    );
    let t = Instant::now();
    let summary = match task {
        "build" => "built".to_string(),
        "bfs" => format!("reached {}", bfs(&g)),
        "grundy" => match g.grundy_acyclic() {
            Ok(v) => format!(
                "max value {}, zeros {}",
                v.iter().max().unwrap_or(&0),
                v.iter().filter(|&&x| x == 0).count()
            ),
            Err(x) => format!("a circuit through vertex {x}"),
        },
        "loopy" | "staged" => {
            let l = if task == "loopy" {
                g.loopy_values()
            } else {
                g.loopy_values_staged()
            }
            .expect("not interrupted");
            let inf = l.iter().filter(|&&x| x == INFINITE).count();
            let max = l.iter().filter(|&&x| x != INFINITE).max().copied().unwrap_or(0);
            format!(
                "∞ at {inf} vertices, max finite {max}, zeros {}",
                l.iter().filter(|&&x| x == 0).count()
            )
        }
        "retrograde" => {
            let o = g.retrograde();
            let d = o.iter().filter(|o| **o == grundy::Outcome::Draw).count();
            format!("draws {d}")
        }
        "check" => {
            // The loopy outcomes equal retrograde analysis; on a DAG the loopy values equal g.
            let l = g.loopy_values().expect("not interrupted");
            let o = g.retrograde();
            let bad = g
                .vertices()
                .filter(|&v| g.value_of(&l, v).outcome() != o[v as usize])
                .count();
            let same = g.grundy_acyclic().map(|v| v == l);
            let staged = g.loopy_values_staged().expect("not interrupted") == l;
            format!("outcome mismatches {bad}; loopy == grundy: {same:?}; loopy == staged: {staged}")
        }
        other => panic!("unknown task {other}: bfs | grundy | loopy | retrograde | check | build"),
    };
    println!("{kind} {task}: {summary}; {:.3} s", t.elapsed().as_secs_f64());
}
