//! Board games solved by the search engine (Chomp, Cram, Triomino, coloring) and the
//! winner-takes-all games (Nim on levels, chess training): the sources' examples, the theorems
//! behind them, and the engine against the plain solver.

use crate::support::{grundy, json, position, value};
use grundy::games;
use grundy::games::chomp::{Chomp, Shape};
use grundy::games::coloring::Coloring;
use grundy::games::cram::{Board, Cram};
use grundy::outcome::Outcome;
use grundy::position::AnyPosition;
use grundy::settings::Settings;
use grundy::solve::Solver;
use grundy::solve::search::{Config, Search};
use grundy::solve::wtia::{self, W, WValues};
use grundy::{Game, Nimber};
use std::collections::HashMap;

/// A small deterministic pseudo-random sequence (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn polish_slides_chomp_values() {
    for (shape, v) in [
        ("1", 0),
        ("2", 1),
        ("1,1", 1),
        ("2,1", 0),
        ("2,2", 2),
        ("3", 2),
        ("3,1", 3),
        ("2,1,1", 3),
        ("4", 3),
    ] {
        assert_eq!(value(&format!("chomp {shape}")), v, "chomp {shape}");
    }
    // The option values of the 2×2 bar: 1, 1, 0.
    let mut opts: Vec<u64> = position("chomp 2,2")
        .moves()
        .unwrap()
        .iter()
        .map(|m| m.next.value().unwrap().finite().unwrap().0)
        .collect();
    opts.sort();
    assert_eq!(opts, vec![0, 1, 1]);
}

#[test]
fn chomp_plus_nim_is_won_only_in_the_chomp_part() {
    let doc = json(&["sum", "chomp 2,2", "nim 5", "nim 4", "--json"]);
    assert_eq!(doc["value"], 3);
    assert_eq!(doc["outcome"], "N");
    let moves = doc["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    for m in moves {
        assert!(m["move"].as_str().unwrap().starts_with("#1 chomp"), "{m}");
    }
    let mut targets: Vec<String> = moves
        .iter()
        .map(|m| m["position"].as_str().unwrap().split(" + ").next().unwrap().to_string())
        .collect();
    targets.sort();
    assert_eq!(targets, vec!["chomp 1,1", "chomp 2"]);
}

#[test]
fn every_chomp_bar_but_the_poison_is_won_up_to_7x7() {
    let mut search = Search::new(Chomp);
    for r in 1..=7usize {
        for c in 1..=7usize {
            let v = search.nimber(&Shape::new(&vec![c; r])).unwrap();
            assert_eq!(v.is_zero(), r == 1 && c == 1, "{r}x{c}");
        }
    }
}

#[test]
fn even_by_even_cram_boards_are_zero() {
    let mut search = Search::new(Cram);
    for (h, w) in [(2, 2), (2, 4), (4, 4), (2, 6), (4, 6), (2, 8), (6, 6)] {
        assert_eq!(search.nimber(&Board::rectangle(h, w)).unwrap(), Nimber::ZERO, "{h}x{w}");
    }
    // Without the mirror shortcut the search proves the small ones too.
    let mut bare = Search::with_config(
        Cram,
        Config {
            use_symmetry: false,
            ..Config::default()
        },
    );
    for (h, w) in [(2, 2), (2, 4), (4, 4), (2, 6)] {
        assert_eq!(bare.nimber(&Board::rectangle(h, w)).unwrap(), Nimber::ZERO, "{h}x{w}");
    }
}

#[test]
fn small_cram_rectangles_equal_the_plain_solver() {
    let mut search = Search::new(Cram);
    for h in 1..=4usize {
        for w in h..=5usize {
            if h * w > 16 {
                continue;
            }
            let b = Board::rectangle(h, w);
            let plain = Solver::plain(Cram).nimber(&b).unwrap();
            assert_eq!(search.nimber(&b).unwrap(), plain, "{h}x{w}");
            assert_eq!(value(&format!("cram {h}x{w}")), plain.0);
        }
    }
}

#[test]
fn the_engine_equals_the_plain_solver_on_random_boards_in_every_configuration() {
    let configs = [
        Config::default(),
        Config {
            outcome_above: 0,
            ..Config::default()
        },
        Config {
            use_symmetry: false,
            use_ordering: false,
            ..Config::default()
        },
        Config {
            table_entries: 16,
            outcome_above: 2,
            ..Config::default()
        },
    ];
    let mut rng = Rng(0x9e3779b97f4a7c15);
    for _ in 0..60 {
        let b = Board {
            w: 4,
            h: 4,
            bits: rng.next() & 0xffff,
        };
        let plain = Solver::plain(Cram).nimber(&b).unwrap();
        for c in configs {
            let mut s = Search::with_config(Cram, c);
            assert_eq!(s.nimber(&b).unwrap(), plain, "{} {c:?}", b.format());
            for k in 0..4 {
                assert_eq!(s.is_p(&b, Nimber(k)).unwrap(), plain.0 == k);
            }
        }
    }
    // Random coloring rows.
    let mut s = Search::new(Coloring);
    for _ in 0..100 {
        let n = 1 + (rng.next() % 9) as usize;
        let mut row: Vec<u8> = Vec::new();
        for _ in 0..n {
            let c = [b'.', b'.', b'R', b'B'][(rng.next() % 4) as usize];
            row.push(if row.last() == Some(&c) && c != b'.' { b'.' } else { c });
        }
        assert_eq!(s.nimber(&row).unwrap(), Solver::plain(Coloring).nimber(&row).unwrap());
    }
}

#[test]
fn cram_winning_moves_lead_to_zero() {
    let p = position("cram 3x3");
    let v = p.value().unwrap().finite().unwrap();
    let wins = p.moves_to(Nimber::ZERO).unwrap();
    assert_eq!(v.is_zero(), wins.is_empty());
    let all = p.moves().unwrap();
    let zeros = all
        .iter()
        .filter(|m| m.next.value().unwrap().finite() == Some(Nimber::ZERO))
        .count();
    assert_eq!(zeros, wins.len());
}

#[test]
fn triomino_3_is_won_and_4_is_lost() {
    assert_ne!(value("triomino 3"), 0);
    assert_eq!(value("triomino 4"), 0);
    let plain: Vec<u64> = (0..=8)
        .map(|n| {
            Solver::plain(grundy::games::triomino::Triomino)
                .nimber(&vec![3u8; n])
                .unwrap()
                .0
        })
        .collect();
    assert_eq!(grundy::games::triomino::strip_values(8).unwrap(), plain);
}

#[test]
fn romanian_nim_on_levels_example() {
    let doc = json(&["wtia", "levels 4,9,3", "levels 2,5", "--json"]);
    assert_eq!(doc["components"][0]["w"], 2);
    assert_eq!(doc["components"][1]["w"], 4);
    assert_eq!(doc["outcome"], "N");
    let moves = doc["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["component"], 2);
    assert_eq!(moves[0]["position"], "2,3");
    // The same game as one normal-play position: the unique winning move is the same.
    let doc = json(&["value", "levels", "4,9,3", "2,5", "--json"]);
    assert_eq!(doc["outcome"], "N");
    let moves = doc["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["position"], "4,9,3 2,3");
}

fn build(words: &str) -> Box<dyn AnyPosition> {
    games::build(&games::words(words), &Settings::default()).unwrap()
}

/// Every superpile with at most `piles` piles of 1..=`coins` coins.
fn superpiles(piles: usize, coins: u64) -> Vec<String> {
    let mut out = vec!["0".to_string()];
    let mut layer = vec![String::new()];
    for _ in 0..piles {
        let mut next = Vec::new();
        for s in &layer {
            for c in 1..=coins {
                let t = if s.is_empty() {
                    c.to_string()
                } else {
                    format!("{s},{c}")
                };
                next.push(t);
            }
        }
        out.extend(next.iter().cloned());
        layer = next;
    }
    out
}

#[test]
fn wtia_theorems_hold_exhaustively_on_small_sums() {
    let all = superpiles(3, 3);
    let mut w = WValues::new(1_000_000);
    let ws: Vec<W> = all
        .iter()
        .map(|s| w.w(build(&format!("levels {s}")).as_ref()).unwrap())
        .collect();
    for (s, &wv) in all.iter().zip(&ws) {
        // One component: lost iff SP or 0.
        let lost = build(&format!("levels {s}")).value().unwrap().outcome() == Outcome::P;
        assert_eq!(lost, matches!(wv, W::SuperLosing | W::Natural(0)), "levels {s}");
    }
    let small: Vec<usize> = (0..all.len()).filter(|&i| all[i].len() <= 3).collect();
    for &i in &small {
        for &j in &small {
            let p = build(&format!("levels {} {}", all[i], all[j]));
            let lost = p.value().unwrap().outcome() == Outcome::P;
            assert_eq!(
                lost,
                wtia::outcome(&[ws[i], ws[j]]) == Outcome::P,
                "{} {}",
                all[i],
                all[j]
            );
            // The winning moves the theorem gives are exactly the plain solver's.
            let parts = vec![
                build(&format!("levels {}", all[i])),
                build(&format!("levels {}", all[j])),
            ];
            let by_w = w.winning_moves(&parts).unwrap().len();
            assert_eq!(lost, by_w == 0);
        }
    }
    // Chess training: two queens on a 5×5 board.
    let squares: Vec<String> = (0..5).flat_map(|x| (0..5).map(move |y| format!("{x},{y}"))).collect();
    for a in &squares {
        for b in &squares {
            let p = build(&format!("chess-training {a} {b}"));
            let lost = p.value().unwrap().outcome() == Outcome::P;
            let wa = w.w(build(&format!("chess-training {a}")).as_ref()).unwrap();
            let wb = w.w(build(&format!("chess-training {b}")).as_ref()).unwrap();
            assert_eq!(lost, wtia::outcome(&[wa, wb]) == Outcome::P, "{a} {b}");
        }
    }
}

#[test]
fn queens_on_the_edges_and_diagonal_are_super_winning() {
    let mut w = WValues::new(100_000);
    assert_eq!(w.w(build("chess-training 0,0").as_ref()).unwrap(), W::SuperLosing);
    for sq in ["0,5", "4,0", "3,3"] {
        assert_eq!(
            w.w(build(&format!("chess-training {sq}")).as_ref()).unwrap(),
            W::SuperWinning
        );
    }
    // (1,2) and (2,1): every move reaches an SC square, so w = mex ∅ = 0: a lost queen.
    assert_eq!(w.w(build("chess-training 1,2").as_ref()).unwrap(), W::Natural(0));
    assert_eq!(w.w(build("chess-training 2,1").as_ref()).unwrap(), W::Natural(0));
}

#[test]
fn coloring_segments_split_and_cells_clash() {
    assert_eq!(value("coloring ."), 1);
    assert_eq!(value("coloring R.B"), 0);
    assert_eq!(value("coloring R.R"), 1);
    // Two equal segments cancel.
    assert_eq!(value("coloring ...R..."), 0);
    let row: Vec<u8> = b"R..B...R.".to_vec();
    assert_eq!(
        Search::new(Coloring).nimber(&row).unwrap(),
        Solver::plain(Coloring).nimber(&row).unwrap()
    );
    assert_eq!(Coloring.components(&row).unwrap().len(), 3);
}

#[test]
fn bad_board_input_is_a_one_line_error() {
    for args in [
        vec!["value", "cram", "9x9"],
        vec!["value", "cram", "0x3"],
        vec!["value", "cram", "..x"],
        vec!["value", "chomp", "3,4"],
        vec!["value", "chomp", "17x2"],
        vec!["value", "coloring", "RR."],
        vec!["value", "coloring", "R.G"],
        vec!["value", "triomino", "-3"],
        vec!["value", "levels", "4,0,3"],
        vec!["value", "chess-training", "3"],
        vec!["wtia"],
    ] {
        let out = grundy(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn the_bitboard_cram_engine_equals_the_plain_solver_on_every_rectangle_up_to_12_cells() {
    use grundy::solve::search::cram::{CramConfig, CramSearch};
    for h in 1..=12usize {
        for w in 1..=12usize {
            if h * w > 12 {
                continue;
            }
            let b = Board::rectangle(h, w);
            let plain = Solver::plain(Cram).nimber(&b).unwrap();
            for transpose in [false, true] {
                let config = CramConfig {
                    use_transpose: transpose,
                    small: 4,
                    ..CramConfig::default()
                };
                let mut s = CramSearch::new(w as u32, config);
                assert_eq!(s.nimber(b.bits).unwrap() as u64, plain.0, "{h}x{w}");
            }
            assert_eq!(value(&format!("cram {h}x{w}")), plain.0, "{h}x{w}");
        }
    }
}

#[test]
fn cram_boards_read_from_files_with_blocked_cells_equal_the_plain_solver() {
    let dir = std::env::temp_dir().join(format!("grundy-cram-boards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(0x51f1_5eed_cafe_f00d);
    for i in 0..40 {
        let w = 2 + (rng.next() % 5) as usize;
        let h = 2 + (rng.next() % (12 / w - 1).max(1) as u64) as usize;
        let text: String = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| if rng.next().is_multiple_of(5) { '#' } else { '.' })
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        let path = dir.join(format!("board{i}.txt"));
        std::fs::write(&path, &text).unwrap();
        let board = Board::parse(&text).unwrap();
        let plain = Solver::plain(Cram).nimber(&board).unwrap();
        let p = position(&format!("cram {}", path.display()));
        assert_eq!(p.value().unwrap().finite(), Some(plain), "{text}");
        // The winning moves are exactly the moves to a position of value 0.
        let wins: Vec<String> = p
            .moves_to(Nimber::ZERO)
            .unwrap()
            .iter()
            .map(|m| m.label.clone())
            .collect();
        let expected: Vec<String> = Cram
            .moves(&board)
            .into_iter()
            .filter(|m| Solver::plain(Cram).nimber(&m.position).unwrap() == Nimber::ZERO)
            .map(|m| m.label)
            .collect();
        assert_eq!(wins, expected, "{text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn chomp_by_dense_table_equals_the_plain_solver_on_every_shape_in_a_4x5_box() {
    let mut plain = Solver::plain(Chomp);
    for a in 1..=5usize {
        for b in 0..=a {
            for c in 0..=b {
                for d in 0..=c {
                    let rows: Vec<usize> = [a, b, c, d].into_iter().filter(|&x| x > 0).collect();
                    let word = rows.iter().map(|r| r.to_string()).collect::<Vec<_>>().join(",");
                    let p = position(&format!("chomp {word}"));
                    let v = plain.nimber(&Shape::new(&rows)).unwrap();
                    assert_eq!(p.value().unwrap().finite(), Some(v), "{word}");
                    for m in p.moves().unwrap() {
                        let next: Vec<usize> = m.next.text().split(',').map(|x| x.parse().unwrap()).collect();
                        assert_eq!(
                            m.next.value().unwrap().finite(),
                            Some(plain.nimber(&Shape::new(&next)).unwrap())
                        );
                    }
                }
            }
        }
    }
    // Rectangles too: every bar but the poison is won (strategy stealing), up to 9×10.
    for (r, c) in [(2, 9), (9, 10), (10, 9), (7, 7)] {
        assert!(value(&format!("chomp {r}x{c}")) != 0, "{r}x{c}");
    }
}

#[test]
fn a_cram_table_file_is_saved_and_resumed() {
    let path = std::env::temp_dir().join(format!("grundy-cram-table-{}.bin", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let file = path.to_str().unwrap();
    let plain = Solver::plain(Cram).nimber(&Board::rectangle(4, 5)).unwrap().0;
    let first = json(&["value", "cram", "4x5", "--tt", file, "--json"]);
    assert_eq!(first["value"], plain);
    let saved = std::fs::read(&path).unwrap();
    let header = saved.iter().position(|&b| b == b'\n').unwrap() + 1;
    // Records of 10 bytes, then the 8-byte checksum.
    assert!(saved.len() > header + 8 && (saved.len() - header - 8).is_multiple_of(10));
    // The second run starts from the saved nimbers and agrees.
    let second = json(&["value", "cram", "4x5", "--table", file, "--json"]);
    assert_eq!(second["value"], first["value"]);
    assert_eq!(second["winning_moves"], first["winning_moves"]);
    // The database serves boards of other sizes too (its keys do not depend on the board),
    // and grows: a board of another width agrees with the plain solver, and the file keeps
    // every record it had.
    for (h, w) in [(3, 3), (5, 4), (2, 7)] {
        let plain = Solver::plain(Cram).nimber(&Board::rectangle(h, w)).unwrap().0;
        let other = json(&["value", "cram", &format!("{h}x{w}"), "--table", file, "--json"]);
        assert_eq!(other["value"], plain, "{h}x{w}");
    }
    let grown = std::fs::read(&path).unwrap();
    assert!(grown.len() >= saved.len(), "{} < {}", grown.len(), saved.len());
    std::fs::remove_file(&path).unwrap();
}

/// `seq triomino` (the O(N²) recurrence over strip components) gives the values of
/// `value triomino N` (the search engine), N = 3 won and N = 4 lost as in the article.
#[test]
fn seq_triomino_equals_the_value_of_each_strip() {
    let doc = crate::support::json(&["seq", "triomino", "--to", "14", "--json"]);
    let values: Vec<u64> = serde_json::from_value(doc["values"].clone()).unwrap();
    assert_eq!(values.len(), 15);
    for (n, v) in values.iter().enumerate() {
        assert_eq!(*v, crate::support::value(&format!("triomino {n}")), "triomino {n}");
    }
    assert!(values[3] != 0 && values[4] == 0);
}

/// Brute force of a whole winner-takes-all sum: is it lost for the player to move? A component
/// with no move has just been won by the previous player; otherwise the sum is lost iff every
/// move leaves a sum that is won for the player to move.
fn wtia_sum_lost(parts: &[Box<dyn AnyPosition>], memo: &mut HashMap<Vec<String>, bool>) -> bool {
    let key: Vec<String> = parts.iter().map(|p| format!("{} {}", p.game(), p.text())).collect();
    if let Some(&lost) = memo.get(&key) {
        return lost;
    }
    let mut lost = true;
    if parts.iter().all(|p| !p.moves().unwrap().is_empty()) {
        'search: for i in 0..parts.len() {
            for m in parts[i].moves().unwrap() {
                let mut next: Vec<Box<dyn AnyPosition>> = parts.iter().map(|p| p.boxed()).collect();
                next[i] = m.next;
                if wtia_sum_lost(&next, memo) {
                    lost = false;
                    break 'search;
                }
            }
        }
    }
    memo.insert(key, lost);
    lost
}

/// The winning moves of a sum by brute force: (component, position after the move).
fn wtia_brute_wins(parts: &[Box<dyn AnyPosition>], memo: &mut HashMap<Vec<String>, bool>) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    if wtia_sum_lost(parts, memo) {
        return out;
    }
    for i in 0..parts.len() {
        for m in parts[i].moves().unwrap() {
            let text = m.next.text();
            let mut next: Vec<Box<dyn AnyPosition>> = parts.iter().map(|p| p.boxed()).collect();
            next[i] = m.next;
            if wtia_sum_lost(&next, memo) {
                out.push((i, text));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn wtia_lists_every_winning_move_of_a_brute_force_search() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let levels = superpiles(3, 4);
    let sets = ["1", "1,2", "2,3", "1,3,4", "2,5"];
    let component = |rng: &mut Rng| -> String {
        match rng.next() % 3 {
            0 => format!("levels {}", levels[(rng.next() % levels.len() as u64) as usize]),
            1 => format!(
                "subtraction --set {} {}",
                sets[(rng.next() % sets.len() as u64) as usize],
                rng.next() % 9
            ),
            _ => format!("chess-training {},{}", rng.next() % 5, rng.next() % 5),
        }
    };
    let mut w = WValues::new(1_000_000);
    let mut memo = HashMap::new();
    let (mut raising, mut won) = (0, 0);
    for _ in 0..400 {
        let n = 2 + (rng.next() % 2) as usize;
        let words: Vec<String> = (0..n).map(|_| component(&mut rng)).collect();
        let parts: Vec<Box<dyn AnyPosition>> = words.iter().map(|s| build(s)).collect();
        let brute = wtia_brute_wins(&parts, &mut memo);
        let mut listed: Vec<(usize, String)> = w
            .winning_moves(&parts)
            .unwrap()
            .into_iter()
            .map(|(i, m)| (i, m.next.text()))
            .collect();
        listed.sort();
        assert_eq!(listed, brute, "{words:?}");
        let ws: Vec<W> = parts.iter().map(|p| w.w(p.as_ref()).unwrap()).collect();
        assert_eq!(
            wtia::outcome(&ws) == Outcome::P,
            wtia_sum_lost(&parts, &mut memo),
            "{words:?}"
        );
        won += usize::from(!brute.is_empty());
        for (i, text) in &brute {
            let after = parts[*i]
                .moves()
                .unwrap()
                .into_iter()
                .find(|m| &m.next.text() == text)
                .unwrap();
            if let (W::Natural(a), W::Natural(b)) = (ws[*i], w.w(after.next.as_ref()).unwrap()) {
                raising += usize::from(b > a);
            }
        }
    }
    // The sample exercises what the fix is about: won sums with moves that raise a w-value.
    assert!(won > 50 && raising > 0, "won {won}, raising {raising}");
}

#[test]
fn wtia_lists_the_winning_move_that_raises_a_w_value() {
    let doc = json(&["wtia", "levels 2,3,2", "levels 1,3,1", "levels 3,4", "--json"]);
    assert_eq!(doc["outcome"], "N");
    let moves: Vec<(u64, String)> = doc["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["component"].as_u64().unwrap(),
                m["position"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(moves.contains(&(3, "3,2".to_string())), "{moves:?}");
    assert!(moves.iter().any(|(c, _)| *c == 2), "{moves:?}");
    // The same game as one normal-play position (the generic solver searches it whole).
    let doc = json(&["value", "levels", "2,3,2", "1,3,1", "3,4", "--json"]);
    assert_eq!(doc["winning_moves"].as_array().unwrap().len(), moves.len());
}

#[test]
fn cram_value_is_the_same_on_one_thread_and_on_several_and_no_moves_stops_after_it() {
    let run = |args: &[&str]| {
        let out = grundy(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    // 4x4 and 2x2/..#. are P-positions: the moves searched alongside the nimber stop at once.
    for board in ["4x5", "3x7", "..#./..../.#..", "4x4", "..../..../..#."] {
        let one = run(&["value", "cram", board, "--jobs", "1"]);
        assert!(one.contains("winning moves") || one.contains("value    0"), "{one}");
        // With the counters (reported after the moves searched alongside the nimber).
        assert_eq!(
            run(&["value", "cram", board, "--jobs", "2", "--stats"]),
            one,
            "{board} --stats"
        );
        for jobs in ["2", "3", "0"] {
            assert_eq!(
                run(&["value", "cram", board, "--jobs", jobs]),
                one,
                "{board} --jobs {jobs}"
            );
        }
        // The value lines come first, the moves after them: --no-moves is that beginning.
        let head = run(&["value", "cram", board, "--no-moves", "--jobs", "2"]);
        assert!(one.starts_with(&head) && !head.contains("winning"), "{head}");
        let j = json(&["value", "cram", board, "--no-moves", "--json"]);
        assert!(j.get("winning_moves").is_none() && j.get("value").is_some(), "{j}");
    }
    let out = grundy(&["value", "cram", "3x3", "--jobs", "x"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// `value --is K`: yes exactly for the value (text and JSON, Cram's own test on one thread and
/// on two, and another game by its value); `--stats` names the test; bad K is refused (exit 2).
#[test]
fn value_is_k_answers_the_test_of_the_value() {
    for (words, v) in [
        (&["cram", "3x5"][..], 1u64),
        (&["cram", "4x4"][..], 0),
        (&["kayles", "7"][..], 2),
    ] {
        for k in 0..v + 3 {
            let k_text = k.to_string();
            for jobs in ["1", "2"] {
                let mut args = vec!["value"];
                args.extend_from_slice(words);
                args.extend_from_slice(&["--is", &k_text, "--jobs", jobs]);
                let out = grundy(&args).output().unwrap();
                assert!(out.status.success(), "{args:?}");
                let text = String::from_utf8(out.stdout).unwrap();
                let want = if k == v {
                    format!("yes: the value is {k}")
                } else {
                    format!("no: the value is not {k}")
                };
                assert!(text.contains(&want), "{args:?}: {text}");
                args.push("--json");
                let j = json(&args);
                assert_eq!(j["answer"], k == v, "{j}");
                assert_eq!(j["is"], k, "{j}");
            }
        }
    }
    let out = grundy(&["value", "cram", "3x6", "--is", "1", "--stats"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("test g = 1 in"),
        "{out:?}"
    );
    for bad in ["x", "-1"] {
        let out = grundy(&["value", "cram", "3x3", "--is", bad]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "--is {bad}");
    }
}

/// `grundy split cram 3x6` prints one task a line (the words of `value`); valued with their own
/// region databases, merged by `split merge`, the board's value from the merged database is
/// the mex of the tasks'; bad uses are refused with exit 2.
#[test]
fn a_board_split_into_tasks_and_merged_gives_its_value() {
    let d = std::env::temp_dir().join(format!("grundy-split-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    let out = grundy(&["split", "cram", "3x6"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let tasks: Vec<&str> = text.lines().collect();
    assert!(
        tasks.len() > 3 && tasks.iter().all(|t| t.starts_with("cram ")),
        "{text}"
    );
    let mut values = Vec::new();
    let mut parts = Vec::new();
    for (i, t) in tasks.iter().enumerate() {
        let part = d.join(format!("part-{i}.db")).to_str().unwrap().to_string();
        let mut args: Vec<&str> = vec!["value"];
        args.extend(t.split_whitespace());
        args.extend(["--no-moves", "--table", &part]);
        values.push(crate::support::natural(&json(&[&args[..], &["--json"]].concat())["value"]).unwrap());
        parts.push(part);
    }
    let merged = d.join("all.db").to_str().unwrap().to_string();
    let mut args = vec!["split", "merge"];
    args.extend(parts.iter().map(String::as_str));
    args.extend(["-o", &merged]);
    let out = grundy(&args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("regions"));
    let mex = (0..).find(|v| !values.contains(v)).unwrap();
    let root = json(&["value", "cram", "3x6", "--no-moves", "--table", &merged, "--json"]);
    assert_eq!(crate::support::natural(&root["value"]), Some(mex));
    assert_eq!(
        Some(mex),
        crate::support::natural(&json(&["value", "cram", "3x6", "--no-moves", "--json"])["value"])
    );
    for bad in [
        vec!["split", "merge", &merged],
        vec!["split", "merge", "-o", &merged],
        vec!["split", "cram", "3x6", "-o", &merged],
        vec!["split", "nim", "3", "4"],
        vec!["split", "merge", "/nonexistent/part.db", "-o", &merged],
    ] {
        let out = grundy(&bad).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1, "{bad:?}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
