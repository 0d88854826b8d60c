//! The checks behind the fuzz targets (`fuzz/`, run by `scripts/fuzz.sh`), in the library so
//! that the inputs kept in `crates/grundy-cli/tests/fuzz-regressions/TARGET/` replay in the
//! normal test suite (`crates/grundy-cli/tests/integration/fuzz_regressions.rs`). Each takes
//! arbitrary bytes and panics only when an invariant is broken: parsing never panics, values
//! agree between independent methods.
//!
//! Cost: each check stays small (heaps below 12, codes up to heap 120, graphs up to 2000
//! vertices) so a fuzzer runs thousands of inputs a second.

#![allow(clippy::missing_panics_doc)]

use crate::games::graph::{Format, SolvedGraph, parse};
use crate::games::octal::Code;
#[cfg(feature = "rhai")]
use crate::games::script::ScriptGame;
use crate::games::{self, REGISTRY};
use crate::games::{chomp, cram, maze};
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Sum};
use crate::settings::Settings;
use crate::solve::take_break::{self, Method, Options};
use crate::solve::verify::plain_value;

/// Positions of every game of the registry, from arbitrary words: parsing never panics, and a
/// position that parses can be printed.
pub fn positions(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    // Files are not read: a word naming a file would make runs depend on the disk.
    if text.contains('/') || text.contains("--rules") {
        return;
    }
    let entry = &REGISTRY[pick as usize % REGISTRY.len()];
    if entry.caps.reads_file {
        return; // file games: see the boards and graph_files targets
    }
    let mut words = vec![entry.name.to_string()];
    words.extend(games::words(text));
    let settings = Settings {
        max_states: 10_000,
        ..Settings::default()
    };
    if let Ok(p) = games::build(&words, &settings) {
        assert!(!p.text().is_empty() || entry.caps.empty_text);
        assert!(!p.game().is_empty());
    }
}

/// Octal and hexadecimal codes from arbitrary text: parsing never panics; a code that parses
/// gives the same values by the plain and the sparse-space method, and the same as mex over the
/// rules' options.
pub fn octal_codes(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(code) = Code::parse(text.trim()) else { return };
    let rules = code.rules();
    let to = 120;
    let run = |method| {
        let options = Options {
            method,
            stop_when_proved: false,
            control: Default::default(),
            ..Default::default()
        };
        take_break::compute(rules, to, options).expect("small runs succeed")
    };
    let plain = run(Method::Plain);
    let sparse = run(Method::Sparse);
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=to {
        let mut seen = Vec::new();
        rules.options(n, &mut |parts| {
            seen.push(crate::Nimber(parts.iter().fold(0, |a, &p| a ^ g[p as usize])))
        });
        g.push(crate::mex(seen).0);
        assert_eq!(plain.get(n).map(u64::from), Some(g[n as usize]), "{text} plain g({n})");
        assert_eq!(
            sparse.get(n).map(u64::from),
            Some(g[n as usize]),
            "{text} sparse g({n})"
        );
    }
}

/// Graph files in every format (edge list, Graphviz, JSON) from arbitrary text: parsing never
/// panics; a graph that parses is solved, and its labels agree with plain retrograde analysis.
pub fn graph_files(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let format = [Format::EdgeList, Format::Dot, Format::Json][pick as usize % 3];
    let Ok(graph) = parse(text, format) else { return };
    if graph.len() > 2000 {
        return;
    }
    let solved = SolvedGraph::new("fuzz", graph, &Default::default()).expect("a parsed graph is solved");
    crate::solve::verify::check_graph(&solved.graph, &solved.labels, &Default::default())
        .expect("labels agree with retrograde analysis");
}

/// Maze files, Cram boards and Chomp shapes from arbitrary text: parsing never panics, and a
/// maze that parses can be asked about every floor cell.
pub fn boards(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    match pick % 4 {
        0 => {
            if let Ok((m, start)) = maze::Maze::parse(text) {
                let _ = (m.width(), m.height(), start);
                for c in m.floor().into_iter().take(100) {
                    assert!(!m.is_wall(c));
                }
            }
        }
        1 => {
            let _ = cram::Board::parse(text);
        }
        2 => {
            let _ = chomp::parse_shape(text);
        }
        _ => {
            let _ = maze::parse_cell(text);
            let _ = cram::parse_size(text, 64);
        }
    }
}

/// Rhai rules scripts from arbitrary text: loading never panics, every call runs under the
/// script engine's operation limit, and a script that loads answers (or refuses) a start.
#[cfg(feature = "rhai")]
pub fn rules_scripts(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(game) = ScriptGame::new("fuzz.rhai", text) else {
        return;
    };
    for start in ["0", "3", "[1, 2]", "\"ab\""] {
        if let Ok(p) = game.parse_word(start) {
            let _ = game.try_options(&p);
        }
    }
}

/// The registry's games whose example position is the name (and parameters) followed by plain
/// numbers, and that the generic solver can check: (the words before the numbers, how many
/// numbers; `None` when any count is accepted, as for heap games). Games reading files or
/// solved by the board-search engine are left out.
fn numeric_games() -> Vec<(Vec<String>, Option<usize>)> {
    REGISTRY
        .iter()
        .filter(|e| !e.caps.reads_file && !e.caps.board_search)
        .filter_map(|e| {
            let words = games::words(e.example);
            let numbers = words.iter().rev().take_while(|w| w.parse::<u64>().is_ok()).count();
            if numbers == 0 || numbers == words.len() {
                return None;
            }
            let prefix = words[..words.len() - numbers].to_vec();
            Some((prefix, if e.heap_rules.is_some() { None } else { Some(numbers) }))
        })
        .collect()
}

fn component(bytes: &[u8]) -> Option<Box<dyn AnyPosition>> {
    let (&g, args) = bytes.split_first()?;
    let games = numeric_games();
    let (prefix, arity) = &games[g as usize % games.len()];
    let mut words = prefix.clone();
    let count = arity.unwrap_or_else(|| args.len().clamp(1, 3));
    for i in 0..count {
        let b = args.get(i).copied().unwrap_or(1);
        // Heaps: 1..12. Fixed coordinates: increasing and distinct (Welter's coins), at least 1.
        let n = match arity {
            None => u64::from(b % 12) + 1,
            Some(_) => u64::from(b % 12) + 1 + 12 * i as u64,
        };
        words.push(n.to_string());
    }
    let p = games::build(&words, &Settings::default()).ok()?;
    // Misère values do not add by nim-sum: the sum invariants are for normal play.
    (p.convention() == crate::game::Convention::Normal).then_some(p)
}

/// Solver invariants on small positions built from the bytes: every winning move leads to
/// value 0 and there is one exactly when the value is not 0; a sum's value is the xor of its
/// components' values; the value equals mex over the moves alone (no formula).
pub fn solver_invariants(data: &[u8]) {
    let parts: Vec<Box<dyn AnyPosition>> = data.chunks(4).take(3).filter_map(component).collect();
    let mut xor = Nimber::ZERO;
    for p in &parts {
        let v = p.value().expect("small positions are solved").finite().expect("finite");
        xor ^= v;
        // The plain search walks the whole product space: checked where it stays small.
        match plain_value(p.as_ref(), 3_000, &Default::default()) {
            Ok(plain) => assert_eq!(plain, v, "{} {}", p.game(), p.text()),
            Err(crate::Error::StateLimit(_)) => {}
            Err(e) => panic!("{} {}: {e}", p.game(), p.text()),
        }
        let wins = p.moves_to(Nimber::ZERO).unwrap();
        assert_eq!(wins.is_empty(), v.is_zero(), "{} {}", p.game(), p.text());
        for m in wins {
            assert!(
                m.next.value().unwrap().finite().unwrap().is_zero(),
                "{} {}: {}",
                p.game(),
                p.text(),
                m.label
            );
        }
    }
    if parts.len() >= 2 {
        let sum = Sum::new(parts).unwrap();
        let v = sum.value().unwrap().finite().unwrap();
        assert_eq!(v, xor);
        for m in sum.moves_to(Nimber::ZERO).unwrap() {
            assert!(m.next.value().unwrap().finite().unwrap().is_zero(), "sum: {}", m.label);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numeric_games_come_from_the_registry() {
        let names: Vec<String> = numeric_games().iter().map(|(p, _)| p.join(" ")).collect();
        for want in [
            "nim",
            "grundy-game",
            "welter",
            "lattice",
            "wythoff",
            "chop",
            "octal 0.77",
        ] {
            assert!(names.iter().any(|n| n == want), "{want} missing from {names:?}");
        }
        for e in REGISTRY.iter().filter(|e| e.caps.reads_file) {
            assert!(!names.iter().any(|n| n.starts_with(e.name)), "{} reads a file", e.name);
        }
        for seed in 0u8..40 {
            solver_invariants(&[seed, seed.wrapping_mul(7), 3, 5, seed / 3, 9, 2, 11, seed, 1, 4, 6]);
            positions(&[seed, b'3', b' ', b'4']);
        }
    }
}
