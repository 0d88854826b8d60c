//! Welter's game at scale: Welter's function and one winning move on random 20-pawn positions
//! with 60-bit squares, beside the generic solver on the largest positions it can do.
//!
//! `cargo bench --bench welter -- --noplot`

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use grundy::game::Game;
use grundy::games::welter::{Welter, welter_value};
use grundy::nimber::Nimber;
use grundy::solve::Solver;
use std::hint::black_box;

/// SplitMix64: a fixed-seed generator, so every run measures the same positions.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// `count` positions of `pawns` distinct squares in 1..2^60.
fn random_positions(count: usize, pawns: usize, seed: u64) -> Vec<Vec<u64>> {
    let mut rng = SplitMix(seed);
    (0..count)
        .map(|_| {
            let mut p: Vec<u64> = Vec::with_capacity(pawns);
            while p.len() < pawns {
                let s = (rng.next() >> 4) | 1;
                if !p.contains(&s) {
                    p.push(s);
                }
            }
            p
        })
        .collect()
}

fn welter_function(c: &mut Criterion) {
    let positions = random_positions(1000, 20, 1);
    let mut g = c.benchmark_group("welter 20 pawns, 60-bit squares");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("value (1000 positions)", |b| {
        b.iter(|| positions.iter().fold(0u64, |a, p| a ^ welter_value(black_box(p)).0))
    });
    // Every winning move (one inversion per pawn) of each N-position.
    let n_positions: Vec<&Vec<u64>> = positions.iter().filter(|p| !welter_value(p).is_zero()).collect();
    g.throughput(Throughput::Elements(n_positions.len() as u64));
    g.bench_function("winning moves (1000 positions)", |b| {
        b.iter(|| {
            n_positions
                .iter()
                .map(|p| Welter.moves_to_value(black_box(p), Nimber::ZERO).unwrap().len())
                .sum::<usize>()
        })
    });
    g.finish();
}

fn generic_solver(c: &mut Criterion) {
    let mut g = c.benchmark_group("welter generic solver");
    g.sample_size(10);
    // The top position of k pawns on squares ≤ m: the solver visits every k-subset of 1..=m.
    for (k, m) in [(2usize, 256u64), (3, 64), (4, 32), (5, 24)] {
        let top: Vec<u64> = (m + 1 - k as u64..=m).collect();
        let label = format!("{k} pawns on squares ≤ {m}");
        g.bench_with_input(BenchmarkId::new("plain", &label), &top, |b, p| {
            b.iter(|| Solver::plain(Welter).nimber(black_box(p)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("formula", &label), &top, |b, p| {
            b.iter(|| welter_value(black_box(p)))
        });
    }
    g.finish();
}

criterion_group!(benches, welter_function, generic_solver);
criterion_main!(benches);
