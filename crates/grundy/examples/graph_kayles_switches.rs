//! What each switch of the graph engine buys (docs/performance-notes.md, "Node Kayles engine"):
//! the nimber of one graph of a family by a fresh engine per setting, with its time (wall and
//! CPU), nodes,
//! canonical forms and facts.
//!
//! ```text
//! cargo build --release --example graph_kayles_switches
//! target/release/examples/graph_kayles_switches node|arc FAMILY ARGS...   # e.g. node queens 10
//! ```
//!
//! A setting that takes more than `GRAPH_KAYLES_LIMIT` seconds (default 120) is stopped and
//! shown as such. `GRAPH_KAYLES_ONLY=default,2 threads` runs only the settings whose names
//! start with one of the comma-separated words.

use grundy::control::{Cancel, Control};
use grundy::games::graph_families;
use grundy::games::node_kayles::NodeKayles;
use grundy::solve::graph_kayles::{KaylesConfig, KaylesEngine, Rule};
use std::time::{Duration, Instant};

/// User and system time of the process so far, in seconds (Linux's /proc/self/stat, in clock
/// ticks of 10 ms; 0 elsewhere): with other work on the machine, wall time says little.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The fields after the command name (which is in parentheses): utime and stime are the
    // 12th and 13th of them.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: graph_kayles_switches node|arc FAMILY ARGS...";
    let rule = match args.first().map(String::as_str) {
        Some("node") => Rule::Node,
        Some("arc") => Rule::Arc,
        _ => panic!("{usage}"),
    };
    let (digraph, symmetries) =
        graph_families::parse_with_symmetries(&args[1..], &Control::default()).expect("a family");
    let graph = NodeKayles::from_digraph(&digraph)
        .with_symmetries(symmetries)
        .with_board(graph_families::board(&args[1..]))
        .engine_graph()
        .expect("at most 256 vertices");
    let limit: u64 = std::env::var("GRAPH_KAYLES_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(120);
    let base = KaylesConfig::default();
    let settings = [
        ("default (1 thread)", base),
        (
            "session 17 (no board keys or cache, never low first)",
            KaylesConfig {
                board_cache: false,
                board_keys: false,
                low_first_from: u8::MAX,
                ..base
            },
        ),
        ("2 threads", KaylesConfig { jobs: 2, ..base }),
        (
            "no canonical forms (keys by vertex set)",
            KaylesConfig {
                use_canonical: false,
                ..base
            },
        ),
        ("no board symmetries", base),
        (
            "canonical forms of every component",
            KaylesConfig {
                canonical_max_edges: u32::MAX,
                ..base
            },
        ),
        (
            "individualisation by refinement rounds",
            KaylesConfig {
                canonical_by_distance: false,
                ..base
            },
        ),
        (
            "canonical forms up to 100 edges",
            KaylesConfig {
                canonical_max_edges: 100,
                ..base
            },
        ),
        (
            "canonical forms up to 200 edges",
            KaylesConfig {
                canonical_max_edges: 200,
                ..base
            },
        ),
        (
            "canonical forms up to 800 edges",
            KaylesConfig {
                canonical_max_edges: 800,
                ..base
            },
        ),
        (
            "no table cutoff",
            KaylesConfig {
                use_cutoff: false,
                ..base
            },
        ),
        (
            "no bound",
            KaylesConfig {
                use_bound: false,
                ..base
            },
        ),
        (
            "no move ordering",
            KaylesConfig {
                use_ordering: false,
                ..base
            },
        ),
        (
            "no direct values of small components",
            KaylesConfig { direct: 0, ..base },
        ),
        ("direct values up to 6 vertices", KaylesConfig { direct: 6, ..base }),
        ("direct values up to 8 vertices", KaylesConfig { direct: 8, ..base }),
        ("direct values up to 10 vertices", KaylesConfig { direct: 10, ..base }),
        ("direct values up to 12 vertices", KaylesConfig { direct: 12, ..base }),
        ("direct values up to 14 vertices", KaylesConfig { direct: 14, ..base }),
        ("no class cache", KaylesConfig { class_slots: 0, ..base }),
        (
            "class cache of 2^14 slots",
            KaylesConfig {
                class_slots: 1 << 14,
                ..base
            },
        ),
        (
            "class cache of 2^17 slots",
            KaylesConfig {
                class_slots: 1 << 17,
                ..base
            },
        ),
        (
            "class cache of 2^22 slots",
            KaylesConfig {
                class_slots: 1 << 22,
                ..base
            },
        ),
        (
            "no board class cache",
            KaylesConfig {
                board_cache: false,
                ..base
            },
        ),
        (
            "canonical forms on boards (no board keys)",
            KaylesConfig {
                board_keys: false,
                ..base
            },
        ),
        (
            "never low first",
            KaylesConfig {
                low_first_from: u8::MAX,
                ..base
            },
        ),
        (
            "low first from 1",
            KaylesConfig {
                low_first_from: 1,
                ..base
            },
        ),
        (
            "low first from 2",
            KaylesConfig {
                low_first_from: 2,
                ..base
            },
        ),
        (
            "low first from 3",
            KaylesConfig {
                low_first_from: 3,
                ..base
            },
        ),
        (
            "low first from 4",
            KaylesConfig {
                low_first_from: 4,
                ..base
            },
        ),
        ("mex up to 0 vertices (all by tests)", KaylesConfig { small: 0, ..base }),
        ("mex up to 16 vertices", KaylesConfig { small: 16, ..base }),
    ];
    println!(
        "{} ({} vertices, {} edges)",
        args[1..].join(" "),
        graph.len(),
        graph.edges().len()
    );
    let plain = NodeKayles::from_digraph(&digraph)
        .engine_graph()
        .expect("at most 256 vertices");
    let only: Option<Vec<String>> = std::env::var("GRAPH_KAYLES_ONLY")
        .ok()
        .map(|s| s.split(',').map(|w| w.trim().to_string()).collect());
    for (name, config) in settings {
        if let Some(only) = &only
            && !only.iter().any(|w| name.starts_with(w.as_str()))
        {
            continue;
        }
        let graph = if name == "no board symmetries" { &plain } else { &graph };
        let cancel = Cancel::new();
        let control = Control::default().with_cancel(cancel.clone());
        let engine = KaylesEngine::new(rule, config, control).unwrap();
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let watch = {
            let done = done.clone();
            std::thread::spawn(move || {
                let start = Instant::now();
                while !done.load(std::sync::atomic::Ordering::Relaxed) {
                    if start.elapsed() > Duration::from_secs(limit) {
                        cancel.cancel();
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
            })
        };
        let t = Instant::now();
        let cpu0 = cpu_seconds();
        let v = engine.nimber(graph, &graph.all());
        let secs = t.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu0;
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        watch.join().unwrap();
        let s = engine.stats();
        let shown = match v {
            Ok(v) => format!("value {v}"),
            Err(e) => format!("stopped ({e})"),
        };
        println!(
            "{name:42} {shown:28} {secs:8.2} s {cpu:8.2} s CPU {:>12} nodes {:>12} canonical forms {:>12} leaves {:>10} facts",
            s.nodes, s.canonical_forms, s.canonical_leaves, s.facts
        );
    }
}
