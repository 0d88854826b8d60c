use grundy::game::Game;
use grundy::games::cram::{Board, Cram};
use grundy::solve::search::cram::{CramConfig, CramSearch};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (h, w): (usize, usize) = (args[1].parse().unwrap(), args[2].parse().unwrap());
    let mode = &args[3];
    let b = Board::rectangle(h, w);
    let mut seen = std::collections::HashSet::new();
    let mut distinct = Vec::new();
    for m in Cram.moves(&b) {
        let img = |bits: u64, s: usize| {
            let mut o = 0u64;
            for r in 0..h {
                for c in 0..w {
                    if bits >> (r * w + c) & 1 == 1 {
                        let rr = if s & 1 == 1 { h - 1 - r } else { r };
                        let cc = if s & 2 == 2 { w - 1 - c } else { c };
                        o |= 1 << (rr * w + cc);
                    }
                }
            }
            o
        };
        let key = (0..4).map(|s| img(m.position.bits, s)).min().unwrap();
        if seen.insert(key) {
            distinct.push(m.position.bits);
        }
    }
    let config = CramConfig {
        use_transpose: h == w,
        table_entries: 1 << 24,
        ..CramConfig::default()
    };
    let mut s = CramSearch::for_board(w as u32, h as u32, config);
    let t = std::time::Instant::now();
    let mut g = 0;
    if mode == "nimber-first" {
        g = s.nimber(b.bits).unwrap();
    }
    let n1 = s.stats().nodes;
    let t1 = t.elapsed();
    let yes: Vec<bool> = distinct.iter().map(|&o| s.has_value(o, 0).unwrap()).collect();
    let n2 = s.stats().nodes;
    let t2 = t.elapsed();
    if mode != "nimber-first" {
        g = s.nimber(b.bits).unwrap();
    }
    let n3 = s.stats().nodes;
    println!(
        "{mode} {h}x{w} g={g} wins={} nodes: first {n1} ({:.3}s) classes {} ({:.3}s) then {} total {n3} ({:.3}s)",
        yes.iter().filter(|&&y| y).count(),
        t1.as_secs_f64(),
        n2 - n1,
        (t2 - t1).as_secs_f64(),
        n3 - n2,
        t.elapsed().as_secs_f64()
    );
}
