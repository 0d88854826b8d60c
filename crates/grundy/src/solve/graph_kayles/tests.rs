//! The engine against a plain recursive mex over vertex sets, with every switch on and off.

use super::*;
use rustc_hash::FxHashMap;

/// The nimber of `s` by plain mex over every move, memoised by vertex set.
fn brute(g: &Graph, rule: Rule, s: Set, memo: &mut FxHashMap<Set, u8>) -> u8 {
    if let Some(&v) = memo.get(&s) {
        return v;
    }
    let mut seen = 0u128;
    for m in g.moves(rule, &s) {
        seen |= 1 << brute(g, rule, set::minus(&s, &g.removed(rule, m)), memo);
    }
    let v = (!seen).trailing_zeros() as u8;
    memo.insert(s, v);
    v
}

/// A random graph on `n` vertices with edge probability `p` percent (a fixed generator).
fn random_graph(n: usize, p: u64, seed: &mut u64) -> Graph {
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if (*seed >> 33) % 100 < p {
                edges.push((u, v));
            }
        }
    }
    Graph::new(n, &edges).unwrap()
}

fn configs() -> Vec<KaylesConfig> {
    let base = KaylesConfig::default();
    // Most settings leave out the direct values of small components, which would value every
    // graph of these tests on the spot, so that the search itself is tested.
    let searched = KaylesConfig { direct: 0, ..base };
    vec![
        base,
        searched,
        KaylesConfig { direct: 5, ..base },
        KaylesConfig {
            low_first_from: u8::MAX,
            ..searched
        },
        KaylesConfig {
            low_first_from: 1,
            small: 2,
            ..searched
        },
        KaylesConfig { small: 0, ..searched },
        KaylesConfig { small: 30, ..searched },
        KaylesConfig {
            use_canonical: false,
            use_cutoff: false,
            use_bound: false,
            use_ordering: false,
            ..searched
        },
        KaylesConfig {
            canonical_max_edges: 0,
            small: 2,
            ..searched
        },
        KaylesConfig {
            small: 2,
            canonical_by_distance: false,
            class_slots: 0,
            ..searched
        },
        KaylesConfig {
            small: 3,
            direct: 4,
            class_slots: 16,
            ..searched
        },
        KaylesConfig {
            jobs: 2,
            small: 3,
            ..searched
        },
        KaylesConfig {
            jobs: 2,
            small: 3,
            race: false,
            parallel_depth: 3,
            ..searched
        },
    ]
}

#[test]
fn engine_agrees_with_brute_force_on_random_graphs() {
    let mut seed = 7;
    for rule in [Rule::Node, Rule::Arc] {
        for config in configs() {
            let engine = KaylesEngine::new(rule, config, Control::default()).unwrap();
            for round in 0..40 {
                let n = 1 + round % 17;
                let p = [15, 30, 50][round % 3];
                let g = random_graph(n, p, &mut seed);
                let want = brute(&g, rule, g.all(), &mut FxHashMap::default());
                assert_eq!(
                    engine.nimber(&g, &g.all()).unwrap(),
                    want,
                    "{rule:?} {config:?} {:?}",
                    g.edges()
                );
                for k in 0..4 {
                    assert_eq!(engine.has_value(&g, &g.all(), k).unwrap(), want == k);
                }
            }
        }
    }
}

#[test]
fn paths_and_cycles_follow_dawsons_chess() {
    // Dawson's chess (0.137): a move on a row of n removes one cell and its neighbours, leaving
    // rows of i − 1 and n − i − 2 cells (Winning Ways ch. 4); computed here from that rule.
    let n_max = 120;
    let mut d = vec![0u8; n_max + 1];
    for n in 1..=n_max {
        let mut seen = 0u128;
        for i in 0..n {
            let left = i.saturating_sub(1);
            let right = n.saturating_sub(i + 2);
            seen |= 1 << (d[left] ^ d[right]);
        }
        d[n] = (!seen).trailing_zeros() as u8;
    }
    let engine = KaylesEngine::new(Rule::Node, KaylesConfig::default(), Control::default()).unwrap();
    for n in 1..=n_max {
        let path: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        let g = Graph::new(n, &path).unwrap();
        assert_eq!(engine.nimber(&g, &g.all()).unwrap(), d[n], "path of {n}");
        if n >= 4 {
            // Every move on a cycle leaves a path of n − 3 vertices.
            let mut cycle = path.clone();
            cycle.push((n - 1, 0));
            let g = Graph::new(n, &cycle).unwrap();
            let want = u8::from(d[n - 3] == 0);
            assert_eq!(engine.nimber(&g, &g.all()).unwrap(), want, "cycle of {n}");
        }
    }
}

#[test]
fn tables_round_trip_through_a_file_and_damage_is_refused() {
    let dir = std::env::temp_dir().join(format!("grundy-gk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.gkt");
    let mut seed = 3;
    let g = random_graph(14, 30, &mut seed);
    // Engines without mex on small components nor direct values, so every fact goes through
    // the saved table.
    let engine = || {
        KaylesEngine::new(
            Rule::Node,
            KaylesConfig {
                small: 0,
                direct: 0,
                ..Default::default()
            },
            Control::default(),
        )
        .unwrap()
    };
    let a = engine();
    let v = a.nimber(&g, &g.all()).unwrap();
    let saved = a.save(&file).unwrap();
    assert!(saved > 0);
    let b = engine();
    assert_eq!(b.load(&file).unwrap(), saved);
    assert_eq!(b.nimber(&g, &g.all()).unwrap(), v);
    assert_eq!(b.stats().nodes, 0, "every value came from the file");
    let c = KaylesEngine::new(Rule::Arc, KaylesConfig::default(), Control::default()).unwrap();
    assert!(c.load(&file).unwrap_err().to_string().contains("another game"));
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[20] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    assert!(b.load(&file).unwrap_err().to_string().contains("checksum"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_cancelled_search_stops() {
    let cancel = crate::control::Cancel::new();
    cancel.cancel();
    let control = Control::default().with_cancel(cancel);
    let engine = KaylesEngine::new(Rule::Node, KaylesConfig::default(), control).unwrap();
    // A 12×12 grid needs far more than 4096 nodes.
    let mut edges = Vec::new();
    for v in 0..144 {
        if v % 12 < 11 {
            edges.push((v, v + 1));
        }
        if v + 12 < 144 {
            edges.push((v, v + 12));
        }
    }
    let g = Graph::new(144, &edges).unwrap();
    assert_eq!(engine.nimber(&g, &g.all()), Err(Error::Interrupted));
}

#[test]
fn direct_values_agree_with_brute_force_up_to_sixteen_vertices() {
    // Every component of at most 16 vertices is valued on the spot (no search, no canonical
    // form): dense and sparse random graphs, connected or not, under both rules.
    let mut seed = 11;
    for rule in [Rule::Node, Rule::Arc] {
        let engine = KaylesEngine::new(rule, KaylesConfig::default(), Control::default()).unwrap();
        for round in 0..60 {
            let n = 10 + round % 7;
            let p = [10, 20, 35, 60][round % 4];
            if rule == Rule::Arc && p > 20 && n > 13 {
                continue; // the brute force over edge moves grows fast
            }
            let g = random_graph(n, p, &mut seed);
            let want = brute(&g, rule, g.all(), &mut FxHashMap::default());
            assert_eq!(engine.nimber(&g, &g.all()).unwrap(), want, "{rule:?} {:?}", g.edges());
        }
        assert_eq!(engine.stats().canonical_forms, 0, "{rule:?}: no component needed a key");
    }
}

/// The symmetries of an r × c board (row by row): the flips and the half turn.
pub(super) fn board_mirrors(r: usize, c: usize) -> Vec<Vec<usize>> {
    let maps: [&dyn Fn(usize, usize) -> (usize, usize); 3] =
        [&|i, j| (i, c - 1 - j), &|i, j| (r - 1 - i, j), &|i, j| {
            (r - 1 - i, c - 1 - j)
        }];
    maps.iter()
        .map(|m| {
            (0..r * c)
                .map(|v| {
                    let (i, j) = m(v / c, v % c);
                    i * c + j
                })
                .collect()
        })
        .collect()
}

/// The grid graph (`queens`: false) or the queens graph of an r × c board, laid out as a board
/// with its mirrors.
fn board_graph(r: usize, c: usize, queens: bool) -> Graph {
    let mut edges = Vec::new();
    for u in 0..r * c {
        for v in u + 1..r * c {
            let (di, dj) = ((v / c) as isize - (u / c) as isize, (v % c) as isize - (u % c) as isize);
            let joined = if queens {
                di == 0 || dj == 0 || di.abs() == dj.abs()
            } else {
                di.abs() + dj.abs() == 1
            };
            if joined {
                edges.push((u, v));
            }
        }
    }
    Graph::new(r * c, &edges)
        .unwrap()
        .with_symmetries(&board_mirrors(r, c))
        .unwrap()
        .with_board(r, c)
        .unwrap()
}

#[test]
fn engine_on_boards_agrees_with_brute_force_on_random_cell_sets() {
    // Components of a board keyed by shape (translates and mirror images share keys) and the
    // class cache probed by translated sets: random positions of grids and queens boards, with
    // the direct values off (or small) so that the searched components are keyed.
    let mut seed = 5u64;
    let base = KaylesConfig::default();
    let configs = [
        KaylesConfig {
            direct: 0,
            small: 2,
            ..base
        },
        KaylesConfig {
            direct: 5,
            small: 0,
            low_first_from: 1,
            ..base
        },
        KaylesConfig {
            direct: 0,
            small: 3,
            board_keys: false,
            ..base
        },
        KaylesConfig {
            direct: 0,
            small: 2,
            board_cache: false,
            class_slots: 64,
            ..base
        },
        KaylesConfig {
            direct: 0,
            small: 2,
            use_canonical: false,
            board_keys: false,
            low_first_from: 2,
            ..base
        },
    ];
    for (r, c, queens) in [(3, 9, false), (2, 11, false), (4, 5, true), (3, 6, true)] {
        let g = board_graph(r, c, queens);
        let plain = Graph::new(g.len(), &g.edges()).unwrap();
        for config in configs {
            let engine = KaylesEngine::new(Rule::Node, config, Control::default()).unwrap();
            let mut memo = FxHashMap::default();
            for round in 0..12 {
                // Every cell, or a random three quarters of the cells.
                let mut s = g.all();
                if round > 0 {
                    for v in 0..g.len() {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        if (seed >> 33).is_multiple_of(4) {
                            set::remove(&mut s, v);
                        }
                    }
                }
                let want = brute(&plain, Rule::Node, s, &mut memo);
                assert_eq!(
                    engine.nimber(&g, &s).unwrap(),
                    want,
                    "{r}x{c} queens {queens} {config:?} {s:?}"
                );
                assert!(engine.has_value(&g, &s, want).unwrap());
                assert!(!engine.has_value(&g, &s, want + 1).unwrap());
            }
        }
    }
}

#[test]
fn class_caches_are_sized_from_the_memory_limit() {
    let default = KaylesConfig::default().class_slots;
    assert_eq!(class_slots_for(None, 2), default);
    assert_eq!(class_slots_for(Some(u64::MAX / 2), 2), default);
    // 12 MiB for two threads: 6 MiB each, 131 072 slots of 48 bytes (2^17; 2^18 would not fit).
    assert_eq!(class_slots_for(Some(12 << 20), 2), 1 << 17);
    assert_eq!(class_slots_for(Some(1000), 1), 0);
    // The engine reserves what its caches may take: caches of 1.5 GiB under a 1 GiB limit are
    // refused up front, small ones (and a small table) are not.
    let control = Control::default().with_memory(crate::memory::MemoryBudget::new(1 << 30));
    let config = |class_slots| KaylesConfig {
        jobs: 4,
        class_slots,
        table_entries: 1 << 10,
        ..Default::default()
    };
    assert!(KaylesEngine::new(Rule::Node, config(1 << 23), control.clone()).is_err());
    assert!(KaylesEngine::new(Rule::Node, config(1 << 10), control).is_ok());
}
