//! The nimber of one Cram board on one thread with chosen switches, its nodes and time (the
//! measurements of docs/performance-notes.md, "Cram 3×n (session 16)").
//!
//! ```text
//! cargo build --release --example cram_long
//! target/release/examples/cram_long H W [small=N] [low=K] [killers=K] [ks=K,K,..] [options=K] [budget=DEPTH:FIRST] [entries=LOG2] [limit=SECONDS]
//! ```
//!
//! `small`: [`CramConfig::small`]; `low`: [`CramConfig::low_first_from`]; `killers`:
//! [`CramConfig::killers`] (by default as the command line sets it); `limit`: stop after
//! that many seconds (the nodes so far are printed); `ks`: first ask "g = k" of the board for
//! each k in turn, with the nodes of each test; `budget`: [`CramConfig::budget_depth`] and
//! [`CramConfig::budget_first`]; `entries`: 2^LOG2 entries in the table
//! ([`CramConfig::table_entries`]).

use grundy::control::Control;
use grundy::solve::search::cram::{CramConfig, CramSearch};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: cram_long H W [small=N] [low=K] [killers=K] [ks=K,K,..] [options=K] [budget=DEPTH:FIRST] [entries=LOG2] [limit=SECONDS]";
    let number = |i: usize| -> u32 {
        args.get(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("{usage}"))
    };
    let (h, w) = (number(0), number(1));
    assert!(h * w <= 64, "at most 64 cells");
    let cells = if h * w == 64 { u64::MAX } else { (1u64 << (h * w)) - 1 };
    let mut config = CramConfig {
        use_transpose: h == w,
        killers: CramConfig::killers_for(h, w),
        low_first_values: CramConfig::low_first_values_for(h, w),
        ..CramConfig::default()
    };
    let mut limit = None;
    let mut ks: Vec<u8> = Vec::new();
    let mut options_k = None;
    let mut exact = false;
    for a in &args[2..] {
        let (key, value) = a.split_once('=').unwrap_or_else(|| panic!("{usage}"));
        match key {
            "small" => config.small = value.parse().expect("a number"),
            "low" => config.low_first_from = value.parse().expect("a number"),
            "ks" => ks = value.split(',').map(|k| k.parse().expect("a number")).collect(),
            "options" => options_k = Some(value.parse::<u8>().expect("a number")),
            "killers" => config.killers = value.parse().expect("a number"),
            "values" => config.low_first_values = u32::from_str_radix(value, 16).expect("a hexadecimal mask"),
            "exact" => exact = value == "1",
            "entries" => config.table_entries = 1 << value.parse::<u32>().expect("a power of two"),
            "budget" => {
                let (d, f) = value.split_once(':').expect("DEPTH:FIRST");
                config.budget_depth = d.parse().expect("a depth");
                config.budget_first = f.parse().expect("a number of nodes");
            }
            "limit" => limit = Some(Duration::from_secs_f64(value.parse().expect("seconds"))),
            _ => panic!("{usage}"),
        }
    }
    let mut s = CramSearch::for_board(w, h, config);
    let control = Control::default();
    if let Some(limit) = limit {
        let c = control.clone();
        std::thread::spawn(move || {
            std::thread::sleep(limit);
            c.cancel_token().cancel();
        });
    }
    s.control = control;
    let t = Instant::now();
    let mut before = 0;
    if let Some(k) = options_k {
        // Each option of the start (one domino of each symmetry class: the top-left quarter)
        // asked "g = k", then its nimber.
        for r in 0..h.div_ceil(2) {
            for c in 0..w.div_ceil(2) {
                let at = 1u64 << (r * w + c);
                let mut dominoes = Vec::new();
                if c + 1 < w {
                    dominoes.push(at | at << 1);
                }
                if r + 1 < h {
                    dominoes.push(at | at << w);
                }
                for d in dominoes {
                    let t = Instant::now();
                    let yes = s.has_value(cells & !d, k);
                    let n1 = s.stats().nodes;
                    let t1 = t.elapsed().as_secs_f64();
                    let v = if exact { s.nimber(cells & !d) } else { Ok(u8::MAX) };
                    let n2 = s.stats().nodes;
                    println!(
                        "option {r},{c} {}: g = {k}? {yes:?} {t1:.2} s {} nodes; g = {v:?} {:.2} s {} nodes",
                        if d & (at << 1) != 0 { "h" } else { "v" },
                        n1 - before,
                        t.elapsed().as_secs_f64() - t1,
                        n2 - n1
                    );
                    before = n2;
                }
            }
        }
    }
    for &k in &ks {
        let t = Instant::now();
        let yes = s.has_value(cells, k);
        let n = s.stats().nodes;
        println!(
            "g = {k}: {yes:?}, {:.2} s, {} nodes",
            t.elapsed().as_secs_f64(),
            n - before
        );
        before = n;
    }
    let v = s.nimber(cells);
    let st = s.stats();
    println!(
        "{h}x{w} {a}: {v:?} in {:.2} s, {} nodes ({} wasted high first in {} tests; {} in {} searches stopped by their budget), {} cutoffs, {} entries, {} replaced",
        t.elapsed().as_secs_f64(),
        st.nodes,
        st.wasted_high,
        st.wasted_tests,
        st.budget_nodes,
        st.budget_stops,
        st.cutoffs,
        st.table.entries,
        st.table.replaced,
        a = args[2..].join(" ")
    );
}
