//! In-process timings of the Cram engine on small boards (docs/performance-notes.md, "Cram 4×7 (session
//! 12)"), without the process start that `grundy value` pays.
//!
//! ```text
//! cargo build --release --example cram_team
//! target/release/examples/cram_team team H W ROUNDS [JOBS]   # nimber of H×W, alone and on a team
//! target/release/examples/cram_team by-value H W K,K,...      # "g = k" at the start, in that order
//! ```
//!
//! `team`: for each number of threads (1 and 2, or `JOBS`), `ROUNDS` fresh engines each find the
//! nimber; the median, minimum and 90th percentile of the search time and the median of the
//! nodes. `by-value`: one engine asks "g = k" of the whole board for each k in turn, with the
//! time and the nodes of each test (later tests reuse the table of the earlier ones).

use grundy::control::Control;
use grundy::solve::search::cram::parallel::ParallelCram;
use grundy::solve::search::cram::{CramConfig, CramSearch};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: cram_team team H W ROUNDS [JOBS] | by-value H W K,K,...";
    let number = |i: usize| -> u32 {
        args.get(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("{usage}"))
    };
    let (h, w) = (number(1), number(2));
    assert!(h * w <= 64, "at most 64 cells");
    let cells = if h * w == 64 { u64::MAX } else { (1u64 << (h * w)) - 1 };
    match args.first().map(String::as_str) {
        Some("team") => {
            let rounds = number(3).max(1) as usize;
            let jobs: Vec<usize> = args.get(4).map_or(vec![1, 2], |_| vec![number(4) as usize]);
            for jobs in jobs {
                let mut ms = Vec::new();
                let mut nodes = Vec::new();
                let mut value = 0;
                for _ in 0..rounds {
                    let (t, v, n) = if jobs == 1 {
                        let mut s = CramSearch::for_board(w, h, CramConfig::default());
                        let t = Instant::now();
                        let v = s.nimber(cells).unwrap();
                        (t.elapsed(), v, s.stats().nodes)
                    } else {
                        let mut s =
                            ParallelCram::for_board(w, h, CramConfig::default(), jobs, &Control::default()).unwrap();
                        let t = Instant::now();
                        let v = s.nimber(cells).unwrap();
                        (t.elapsed(), v, s.thread_nodes().iter().sum())
                    };
                    ms.push(t.as_secs_f64() * 1e3);
                    nodes.push(n);
                    value = v;
                }
                ms.sort_by(f64::total_cmp);
                nodes.sort_unstable();
                println!(
                    "{h}x{w} on {jobs} thread(s): value {value}; search median {:.2} ms, min {:.2}, p90 {:.2}; nodes median {}",
                    ms[rounds / 2],
                    ms[0],
                    ms[rounds * 9 / 10],
                    nodes[rounds / 2]
                );
            }
        }
        Some("by-value") => {
            let mut s = CramSearch::for_board(w, h, CramConfig::default());
            let mut before = 0;
            for k in args.get(3).unwrap_or_else(|| panic!("{usage}")).split(',') {
                let k: u8 = k.parse().unwrap_or_else(|_| panic!("{usage}"));
                let t = Instant::now();
                let yes = s.has_value(cells, k).unwrap();
                let n = s.stats().nodes;
                println!(
                    "g = {k}: {yes}, {:.2} ms, {} nodes",
                    t.elapsed().as_secs_f64() * 1e3,
                    n - before
                );
                before = n;
            }
        }
        _ => panic!("{usage}"),
    }
}
