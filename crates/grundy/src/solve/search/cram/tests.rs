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
            table_entries: 16,
            max_states: usize::MAX,
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
        let c = configs()[round % 3];
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
        let c = configs()[round % 3];
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
        let c = configs()[round % 3];
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
        let c = configs()[round % 3];
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
