//! Tests of the Cram engine: every setting of its switches against the plain solver.

use super::*;
use crate::game::Game;
use crate::games::cram::{Board, Cram};
use crate::solve::Solver;

fn configs() -> Vec<CramConfig> {
    vec![
        CramConfig::default(),
        CramConfig {
            small: 0,
            options_low_first: true,
            low_first_from: 1,
            killers: 1,
            ..CramConfig::default()
        },
        CramConfig {
            low_first_from: 5,
            low_first_values: 0b0110,
            killers: 2,
            table_entries: 64,
            ..CramConfig::default()
        },
        CramConfig {
            small: 3,
            use_symmetry: false,
            use_ordering: false,
            use_cutoff: false,
            use_transpose: false,
            options_low_first: false,
            low_first_from: u8::MAX,
            killers: 0,
            low_first_values: 0,
            table_entries: 16,
            max_states: usize::MAX,
            report_start_from: 0,
            report_inside_every: 0,
            budget_depth: 0,
            budget_first: 1,
        },
        // Budgets of a few nodes: nearly every search of an option is stopped and searched
        // again, at every depth.
        CramConfig {
            budget_depth: u32::MAX,
            budget_first: 2,
            table_entries: 256,
            ..CramConfig::default()
        },
        CramConfig {
            budget_depth: 2,
            budget_first: 1,
            small: 4,
            ..CramConfig::default()
        },
    ]
}

#[test]
fn random_boards_with_blocked_cells_equal_the_plain_solver() {
    let mut next = crate::xorshift(0x2545_f491_4f6c_dd1du64);
    for round in 0..150 {
        let w = 1 + (next() % 7) as usize;
        let h = 1 + (next() % (14 / w) as u64) as usize;
        let full = Board::rectangle(h, w);
        // About one cell in four blocked.
        let bits = full.bits & (next() | next());
        let b = Board { bits, ..full };
        let plain = Solver::plain(Cram).nimber(&b).unwrap().0 as u8;
        let c = configs()[round % configs().len()];
        // Alternately at the board's own stride and at the stride of 8 of boards up to 8×8.
        let mut s = if round % 2 == 0 {
            CramSearch::new(w as u32, c)
        } else {
            CramSearch::for_board(w as u32, h as u32, c)
        };
        assert_eq!(s.nimber(b.bits).unwrap(), plain, "{} {c:?}", b.format());
        for k in 0..3 {
            assert_eq!(s.has_value(b.bits, k).unwrap(), plain == k, "{} {k}", b.format());
        }
    }
}

/// Boards 9 to 16 cells wide and at most 4 high are kept at the stride of 16 ([`internal_stride`]):
/// random boards of that shape, about half the cells blocked (so the plain solver is quick),
/// equal the plain solver at that stride and at the board's own stride, with every switch setting.
#[test]
fn wide_boards_at_the_stride_of_16_equal_the_plain_solver() {
    let mut next = crate::xorshift(0x6a09_e667_f3bc_c908);
    for round in 0..60 {
        let w = 9 + (next() % 8) as usize;
        let h = 1 + (next() % 4) as usize;
        assert_eq!(internal_stride(w as u32, h as u32), 16);
        let full = Board::rectangle(h, w);
        // Half the cells blocked, or a quarter on the boards of at most two rows.
        let bits = if h <= 2 {
            full.bits & (next() | next())
        } else {
            full.bits & next()
        };
        let b = Board { bits, ..full };
        let plain = Solver::plain(Cram).nimber(&b).unwrap().0 as u8;
        let c = configs()[round % configs().len()];
        for mut s in [
            CramSearch::new(w as u32, c),
            CramSearch::for_board(w as u32, h as u32, c),
        ] {
            assert_eq!(s.nimber(b.bits).unwrap(), plain, "{} {c:?}", b.format());
            for k in 0..3 {
                assert_eq!(s.has_value(b.bits, k).unwrap(), plain == k, "{} {k}", b.format());
            }
        }
    }
}

#[test]
fn every_small_rectangle_equals_the_plain_solver() {
    for h in 1..=4usize {
        for w in 1..=6usize {
            if h * w > 16 {
                continue;
            }
            let b = Board::rectangle(h, w);
            let plain = Solver::plain(Cram).nimber(&b).unwrap().0 as u8;
            for c in configs() {
                for mut s in [
                    CramSearch::new(w as u32, c),
                    CramSearch::for_board(w as u32, h as u32, c),
                ] {
                    assert_eq!(s.nimber(b.bits).unwrap(), plain, "{h}x{w} {c:?}");
                    for k in 0..4 {
                        assert_eq!(s.has_value(b.bits, k).unwrap(), plain == k, "{h}x{w} {k} {c:?}");
                    }
                }
            }
        }
    }
}

/// `count` boards of `full`'s size: `full` itself, then about one cell in eight blocked at
/// random; each with its value by the plain solver.
fn random_boards(full: &Board, count: usize, next: &mut impl FnMut() -> u64) -> Vec<(u64, u8)> {
    (0..count)
        .map(|round| {
            let bits = if round == 0 {
                full.bits
            } else {
                full.bits & (next() | next() | next())
            };
            let plain = Solver::plain(Cram).nimber(&Board { bits, ..*full }).unwrap().0 as u8;
            (bits, plain)
        })
        .collect()
}

/// Killer moves (every setting of [`CramConfig::killers`]) change no value: boards of 3 rows
/// (where the command line turns them on) and of 4, some cells blocked, against the plain
/// solver, with the tests "g = k" made by search (small regions of at most 4 cells only by
/// mex), one engine kept across the boards of a round so that killers outlive a board.
#[test]
fn killer_moves_change_no_value() {
    let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15u64);
    for (h, w) in [(3usize, 6usize), (4, 5)] {
        let full = Board::rectangle(h, w);
        let boards = random_boards(&full, 25, &mut next);
        for killers in 0..=3 {
            let c = CramConfig {
                small: 4,
                killers,
                ..CramConfig::default()
            };
            let mut s = CramSearch::for_board(w as u32, h as u32, c);
            for &(bits, plain) in &boards {
                let shown = Board { bits, ..full }.format();
                assert_eq!(s.nimber(bits).unwrap(), plain, "{shown} killers={killers}");
                for k in 0..4 {
                    assert_eq!(s.has_value(bits, k).unwrap(), plain == k, "{shown} {k}");
                }
            }
        }
    }
}

#[test]
fn the_parallel_engine_equals_the_single_threaded_one_and_the_plain_solver() {
    use super::parallel::ParallelCram;
    let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15u64);
    for round in 0..60 {
        let w = 2 + (next() % 5) as usize;
        let h = 2 + (next() % (16 / w - 1) as u64) as usize;
        let full = Board::rectangle(h, w);
        let bits = if round % 4 == 0 {
            full.bits
        } else {
            full.bits & (next() | next() | next())
        };
        let b = Board { bits, ..full };
        let plain = Solver::plain(Cram).nimber(&b).unwrap().0 as u8;
        let c = configs()[round % configs().len()];
        let mut one = CramSearch::new(w as u32, c);
        let jobs = 2 + round % 2;
        let mut team = if round % 2 == 0 {
            ParallelCram::new(w as u32, c, jobs, &Control::default()).unwrap()
        } else {
            ParallelCram::for_board(w as u32, h as u32, c, jobs, &Control::default()).unwrap()
        };
        assert_eq!(team.nimber(b.bits).unwrap(), plain, "{} {c:?} jobs {jobs}", b.format());
        assert_eq!(one.nimber(b.bits).unwrap(), plain);
        // The options of the board, decided by the team (threads taking them in turn) and by
        // one engine, in the same order.
        let options: Vec<u64> = Cram.moves(&b).iter().map(|m| m.position.bits).collect();
        for k in 0..3 {
            let by_team = team.boards_with_value(&options, k, &|_| {}).unwrap();
            let alone: Vec<bool> = options.iter().map(|&o| one.has_value(o, k).unwrap()).collect();
            assert_eq!(by_team, alone, "{} k {k}", b.format());
            assert_eq!(team.has_value(b.bits, k).unwrap(), plain == k);
        }
    }
}

#[test]
fn the_nimber_with_the_zero_options_alongside_equals_one_engine() {
    use super::parallel::ParallelCram;
    use std::sync::Mutex;
    let mut next = crate::xorshift(0x1234_5678_9abc_def1u64);
    for round in 0..40 {
        let w = 2 + (next() % 5) as usize;
        let h = 2 + (next() % (18 / w - 1) as u64) as usize;
        let full = Board::rectangle(h, w);
        let bits = if round % 3 == 0 {
            full.bits
        } else {
            full.bits & (next() | next() | next())
        };
        let b = Board { bits, ..full };
        let c = configs()[round % configs().len()];
        let mut one = CramSearch::new(w as u32, c);
        let options: Vec<u64> = Cram.moves(&b).iter().map(|m| m.position.bits).collect();
        let alone: Vec<bool> = options.iter().map(|&o| one.has_value(o, 0).unwrap()).collect();
        let g = one.nimber(b.bits).unwrap();
        for jobs in [2, 3] {
            let mut team = ParallelCram::for_board(w as u32, h as u32, c, jobs, &Control::default()).unwrap();
            let told = Mutex::new(Vec::new());
            let (v, zero) = team
                .nimber_and_zero_options(b.bits, &options, &|v| told.lock().unwrap().push(v), &|_| {})
                .unwrap();
            assert_eq!((v, &zero), (g, &alone), "{} jobs {jobs}", b.format());
            assert_eq!(told.into_inner().unwrap(), vec![g], "told once");
            // The team is usable again, for the same or other questions.
            assert_eq!(team.nimber(b.bits).unwrap(), g);
            assert_eq!(team.boards_with_value(&options, 0, &|_| {}).unwrap(), alone);
        }
    }
}

/// The staggered start of a team (its helpers test the values above the lead's) against one
/// engine: rectangles and one-region boards with holes on two and three threads (so a helper
/// passes the true value, and passes the bound g ≤ number of options on the small ones), and
/// boards of no region or several, which take the plain path.
#[test]
fn a_team_s_staggered_nimber_equals_one_engine() {
    use super::parallel::ParallelCram;
    let mut next = crate::xorshift(0x2545_f491_4f6c_dd1d);
    let mut boards: Vec<(usize, usize, u64)> = Vec::new();
    for h in 1..=4 {
        for w in 1..=6 {
            boards.push((h, w, Board::rectangle(h, w).bits));
        }
    }
    for _ in 0..40 {
        let (h, w) = (3 + (next() % 2) as usize, 4 + (next() % 3) as usize);
        let full = Board::rectangle(h, w).bits;
        // Up to two holes: mostly one region, sometimes two.
        let holes = (1u64 << (next() % (h * w) as u64)) | (1u64 << (next() % (h * w) as u64));
        boards.push((h, w, full & !holes));
    }
    // No region: empty, and a checkerboard of single cells.
    boards.push((4, 4, 0));
    boards.push((4, 4, 0xa5a5));
    for (h, w, bits) in boards {
        let mut one = CramSearch::for_board(w as u32, h as u32, CramConfig::default());
        let g = one.nimber(bits).unwrap();
        for jobs in [2, 3] {
            let mut team =
                ParallelCram::for_board(w as u32, h as u32, CramConfig::default(), jobs, &Control::default()).unwrap();
            assert_eq!(team.nimber(bits).unwrap(), g, "{h}x{w} {bits:#x} on {jobs} threads");
        }
    }
}

#[test]
fn a_cancelled_parallel_search_stops_with_interrupted() {
    use super::parallel::ParallelCram;
    let cancel = crate::control::Cancel::new();
    cancel.cancel();
    let control = Control::default().with_cancel(cancel);
    let mut team = ParallelCram::new(7, CramConfig::default(), 2, &control).unwrap();
    assert_eq!(team.nimber(Board::rectangle(5, 7).bits), Err(Error::Interrupted));
}

#[test]
fn values_looked_for_low_first_change_no_value() {
    // Small regions by outcome tests (small: 4), so that tests of k = 1, 2, 3 are made on
    // regions of many values; on long 3-row boards and 4×5 (the front ends set bit 2).
    let mut next = crate::xorshift(0x2f6b_7e12_c0ff_ee99u64);
    for (h, w) in [(3usize, 7usize), (3, 8), (4, 5)] {
        let full = Board::rectangle(h, w);
        let boards = random_boards(&full, 20, &mut next);
        for values in [
            1 << 1,
            1 << 2,
            1 << 3,
            0b1110,
            CramConfig::low_first_values_for(h as u32, w as u32),
        ] {
            let c = CramConfig {
                small: 4,
                low_first_values: values,
                killers: CramConfig::killers_for(h as u32, w as u32),
                ..CramConfig::default()
            };
            let mut s = CramSearch::for_board(w as u32, h as u32, c);
            for &(bits, plain) in &boards {
                let shown = Board { bits, ..full }.format();
                assert_eq!(s.nimber(bits).unwrap(), plain, "{shown} values={values:b}");
                for k in 0..5 {
                    assert_eq!(s.has_value(bits, k).unwrap(), plain == k, "{shown} {k}");
                }
            }
        }
    }
}

/// The published nimbers of rectangles (P. Beling's table of Cram nimbers computed with igs, in
/// the README of his impartial-games repository), the boards up to 36 cells and their
/// transposes; even×even boards are 0 by the mirror strategy. Slow in a debug build.
#[test]
fn published_nimbers_of_rectangles_up_to_40_cells() {
    let table = [
        (4, 4, 0),
        (4, 5, 2),
        (4, 6, 0),
        (4, 7, 3),
        (4, 8, 0),
        (4, 9, 1),
        (4, 10, 0),
        (5, 5, 0),
        (5, 6, 2),
        (6, 6, 0),
    ];
    for (h, w, g) in table {
        let b = Board::rectangle(h, w);
        let mut s = CramSearch::for_board(w as u32, h as u32, CramConfig::default());
        assert_eq!(s.nimber(b.bits).unwrap(), g, "{h}x{w}");
        // The transposed board has the same nimber.
        let t = Board::rectangle(w, h);
        let mut s = CramSearch::for_board(h as u32, w as u32, CramConfig::default());
        assert_eq!(s.nimber(t.bits).unwrap(), g, "{w}x{h}");
    }
}

/// The published nimbers of the larger rectangles (same table): seconds to minutes each.
#[test]
#[ignore]
fn published_nimbers_of_larger_rectangles() {
    for (h, w, g) in [(5, 7, 1), (5, 8, 1), (4, 11, 1), (5, 9, 1), (6, 7, 5)] {
        let b = Board::rectangle(h, w);
        let mut s = CramSearch::for_board(w as u32, h as u32, CramConfig::default());
        assert_eq!(s.nimber(b.bits).unwrap(), g, "{h}x{w}");
    }
}

/// Every rectangle of at most `most` cells (`least` or more), smallest first, on one region
/// database grown board after board (as the census of boards and `--table FILE` grow it):
/// each nimber equals the plain solver's, and equals a cold engine's.
fn boards_on_one_database(least: usize, most: usize) {
    let mut db = Vec::new();
    let mut sizes: Vec<(usize, usize)> = (1..=most)
        .flat_map(|h| (1..=most).map(move |w| (h, w)))
        .filter(|&(h, w)| (least..=most).contains(&(h * w)))
        .collect();
    sizes.sort_by_key(|&(h, w)| (h * w, h));
    for (h, w) in sizes {
        let b = Board::rectangle(h, w);
        let plain = Solver::plain(Cram).nimber(&b).unwrap().0 as u8;
        let config = CramConfig {
            use_transpose: h == w,
            ..CramConfig::default()
        };
        let mut warm = CramSearch::for_board(w as u32, h as u32, config);
        warm.add_regions(&db, w as u32, h as u32);
        assert_eq!(warm.nimber(b.bits).unwrap(), plain, "{h}x{w} on the database");
        let mut cold = CramSearch::for_board(w as u32, h as u32, config);
        assert_eq!(cold.nimber(b.bits).unwrap(), plain, "{h}x{w} cold");
        db = warm.regions();
    }
    assert!(!db.is_empty());
}

#[test]
fn the_region_database_equals_the_plain_solver_on_every_board_up_to_20_cells() {
    boards_on_one_database(1, 20);
}

/// The boards of 21 to 30 cells (the plain solver takes minutes on them).
#[test]
#[ignore]
fn the_region_database_equals_the_plain_solver_on_every_board_of_21_to_30_cells() {
    boards_on_one_database(1, 30);
}

/// Every region nimber of a database equals the plain solver's value of that region (on a
/// board of its box), and a database saved, loaded and saved again is the same file.
#[test]
fn a_saved_region_database_holds_true_nimbers_and_reloads_to_the_same_file() {
    let mut s = CramSearch::for_board(7, 3, CramConfig::default());
    s.nimber((1 << 21) - 1).unwrap();
    let records = s.regions();
    assert!(records.len() > 100, "{}", records.len());
    let mut next = crate::xorshift(0x1f83_d9ab_fb41_bd6b);
    for _ in 0..60 {
        let (key, v) = records[(next() % records.len() as u64) as usize];
        let (w, h) = (key.width as usize, key.height() as usize);
        let b = Board {
            bits: key.bits,
            ..Board::rectangle(h, w)
        };
        assert_eq!(Solver::plain(Cram).nimber(&b).unwrap().0 as u8, v, "{key:?}");
    }
    let dir = std::env::temp_dir().join(format!("grundy-cram-db-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.db"), dir.join("b.db"));
    assert_eq!(s.save(&a).unwrap(), records.len());
    let mut other = CramSearch::for_board(9, 3, CramConfig::default());
    assert_eq!(other.load(&a, 9, 3).unwrap(), records.len());
    other.save(&b).unwrap();
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    // Damaged: a flipped byte anywhere after the header, or a cut, is refused whole.
    let good = std::fs::read(&a).unwrap();
    let header = good.iter().position(|&c| c == b'\n').unwrap() + 1;
    for spot in [header, header + 9, good.len() / 2, good.len() - 1] {
        let mut bad = good.clone();
        bad[spot] ^= 0x10;
        std::fs::write(&b, &bad).unwrap();
        let e = read_regions(&b).unwrap_err();
        assert!(matches!(e, Error::Input(_)) && e.to_string().contains("damaged"), "{e}");
    }
    std::fs::write(&b, &good[..good.len() - 3]).unwrap();
    assert!(read_regions(&b).unwrap_err().to_string().contains("damaged"));
    std::fs::write(&b, b"grundy cram regions v9 keys=other\n").unwrap();
    assert!(
        read_regions(&b)
            .unwrap_err()
            .to_string()
            .contains("another format version")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A search with an [`Autosave`] writes its database while it runs (on one thread and on a
/// team), a whole database that a fresh search loads and answers the same from.
#[test]
fn the_region_database_is_saved_during_the_search_and_its_last_save_resumes() {
    use super::parallel::ParallelCram;
    let dir = std::env::temp_dir().join(format!("grundy-cram-autosave-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (w, h) = (7, 5);
    let cells = (1u64 << (w * h)) - 1;
    let cold = CramSearch::for_board(w, h, CramConfig::default())
        .nimber(cells)
        .unwrap();
    for jobs in [1, 2] {
        let path = dir.join(format!("auto{jobs}.db"));
        let plan = Some(Autosave::new(path.clone(), std::time::Duration::ZERO));
        let (v, saves) = if jobs == 1 {
            let mut one = CramSearch::for_board(w, h, CramConfig::default());
            one.autosave = plan;
            let v = one.nimber(cells).unwrap();
            (v, one.autosave.as_ref().map_or(0, |a| a.saves))
        } else {
            let mut team = ParallelCram::for_board(w, h, CramConfig::default(), jobs, &Control::default()).unwrap();
            team.set_autosave(plan);
            let v = team.nimber(cells).unwrap();
            (v, team.autosave().map_or(0, |a| a.saves))
        };
        assert_eq!(v, cold, "{jobs} threads");
        // Due at the saving thread's first poll (4096 nodes: a 5×7 board takes hundreds of
        // thousands), then 20 times the last save's time after it.
        assert!(saves >= 1, "{jobs} threads: {saves} saves");
        // The last save is a database of true facts: a fresh search loads it and agrees.
        let records = read_regions(&path).unwrap();
        assert!(!records.is_empty());
        let mut fresh = CramSearch::for_board(w, h, CramConfig::default());
        fresh.add_regions(&records, w, h);
        assert_eq!(fresh.nimber(cells).unwrap(), cold, "{jobs} threads, resumed");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A save during the search keeps what it wrote: a region the table replaces afterwards (a
/// small table replaces many) is still in the search's database and so in every later save.
#[test]
fn a_save_during_the_search_keeps_the_regions_the_table_replaces_later() {
    let dir = std::env::temp_dir().join(format!("grundy-cram-keep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("keep.db");
    let (w, h) = (6, 5);
    let config = CramConfig {
        table_entries: 1 << 12,
        ..CramConfig::default()
    };
    let mut one = CramSearch::for_board(w, h, config);
    one.autosave = Some(Autosave::new(path.clone(), std::time::Duration::ZERO));
    let cold = CramSearch::for_board(w, h, CramConfig::default())
        .nimber((1u64 << (w * h)) - 1)
        .unwrap();
    assert_eq!(one.nimber((1u64 << (w * h)) - 1).unwrap(), cold);
    assert!(one.stats().table.replaced > 0, "the small table replaced entries");
    let saves = one.autosave.as_ref().map_or(0, |a| a.saves);
    assert!(saves >= 2, "{saves} saves");
    let last = read_regions(&path).unwrap();
    let now = one.regions();
    let missing = last.iter().filter(|r| now.binary_search(r).is_err()).count();
    assert_eq!(missing, 0, "of the {} records of the last save", last.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A long search reports each option of the start it searched: how many of the options the
/// table left open, and whether the last had the value looked for, which can never be the
/// board's nimber (no option has it). A short one (below the threshold) says nothing.
#[test]
fn the_search_of_the_start_s_options_is_reported_once_the_search_is_long() {
    use crate::control::Event;
    use std::sync::{Arc, Mutex};
    let (w, h) = (5, 5);
    let cells = (1u64 << (w * h)) - 1;
    let cold = CramSearch::for_board(w, h, CramConfig::default())
        .nimber(cells)
        .unwrap();
    // (nodes before any report, seconds between reports inside a start option, whether the
    // start's options are reported, at most how many lines from inside them)
    for (from, every, expect_some, most_inside) in
        [(0, 0, true, usize::MAX), (0, 3600, true, 1), (u64::MAX, 0, false, 0)]
    {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = seen.clone();
        let config = CramConfig {
            report_start_from: from,
            report_inside_every: every,
            ..CramConfig::default()
        };
        let mut one = CramSearch::for_board(w, h, config);
        one.control = Control::new().with_observer(move |e: &Event| {
            if let Event::Message(m) = e {
                sink.lock().unwrap().push(m.clone());
            }
        });
        assert_eq!(one.nimber(cells).unwrap(), cold);
        let lines = seen.lock().unwrap().clone();
        let (inside, start): (Vec<&String>, Vec<&String>) = lines.iter().partition(|l| l.starts_with("start option "));
        assert_eq!(!start.is_empty(), expect_some, "{lines:?}");
        for line in &start {
            // "start, looking for an option of value K: I of N options searched; the last has …"
            let rest = line.strip_prefix("start, looking for an option of value ").unwrap();
            let (k, rest) = rest.split_once(": ").unwrap();
            let (i, rest) = rest.split_once(" of ").unwrap();
            let (n, rest) = rest.split_once(' ').unwrap();
            let (k, i, n): (u8, usize, usize) = (k.parse().unwrap(), i.parse().unwrap(), n.parse().unwrap());
            assert!(1 <= i && i <= n, "{line}");
            let has = rest.ends_with(&format!("the last has value {k}"));
            assert!(
                has || rest.ends_with(&format!("the last does not have value {k}")),
                "{line}"
            );
            assert!(!(has && k == cold), "an option of the board's own value {cold}: {line}");
        }
        if expect_some {
            // The test of the nimber itself, which finds no option of that value, is reported.
            let last = format!("value {cold}:");
            assert!(start.iter().any(|l| l.contains(&last)), "{lines:?}");
        }
        // Inside a start option: "start option I of N (tested for value K): J of its M options
        // searched for one of value T; the last has …", each start option within the start's
        // count, and every line about a start option before the line that says it was searched.
        assert!(inside.len() <= most_inside, "{lines:?}");
        assert_eq!(!inside.is_empty(), expect_some, "{lines:?}");
        for line in &inside {
            let rest = line.strip_prefix("start option ").unwrap();
            let (i, rest) = rest.split_once(" of ").unwrap();
            let (n, rest) = rest.split_once(" (tested for value ").unwrap();
            let (k, rest) = rest.split_once("): ").unwrap();
            let (j, rest) = rest.split_once(" of its ").unwrap();
            let (m, rest) = rest.split_once(" options searched for one of value ").unwrap();
            let (t, rest) = rest.split_once("; the last ").unwrap();
            let [i, n, k, j, m, t]: [usize; 6] = [i, n, k, j, m, t].map(|x| x.parse().unwrap());
            assert!(1 <= i && i <= n && 1 <= j && j <= m, "{line}");
            assert!(k <= cold as usize, "{line}");
            assert!(
                rest == format!("has value {t}") || rest == format!("does not have value {t}"),
                "{line}"
            );
            // The start option's own line (if any) comes after the lines from inside it.
            let pos = lines.iter().position(|l| l == *line).unwrap();
            let done = format!("value {k}: {i} of {n} options searched");
            assert!(!lines[..pos].iter().any(|l| l.contains(&done)), "{lines:?}");
        }
    }
}
