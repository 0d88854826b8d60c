//! Triomino (Romanian article, application 4, from Bytecode 2008): a 2×N board; a move places
//! an L-shaped triomino (any of its 4 rotations) on three empty cells; who cannot move loses.
//!
//! A position is a list of column masks (bit 0 the top cell, bit 1 the bottom cell, set when
//! empty). An L covers a whole column and one cell of a neighbouring column, so every move
//! empties a full column and the board falls apart there: starting from the full 2×N board,
//! every component is a 2×m rectangle with at most one corner cut off at each end. Up to
//! symmetry there are O(N) such components, each with O(N) options, so the search engine's
//! table (components + canonical forms under the 4 symmetries of the strip) makes `triomino N`
//! an O(N²) computation: the method the article asks for.
//! `grundy seq triomino --to N` runs the same decomposition as a plain recurrence over the
//! component kinds ([`strip_values_by_components`]: 9 kinds per length, O(m) moves each), which
//! needs no table of positions: 2×10⁴ in 2.5 s.
//!
//! Sources, by their names in `docs/sources.md`: \[Infoarena\] application 4.

use crate::error::{Result, input};
use crate::game::{Game, Move};
use crate::games::heap::parse_natural;
use crate::games::{Capabilities, GameEntry, Settings, args};
use crate::position::AnyPosition;
use crate::solve::search::instance::{SearchInstance, take_stats_flag};
use crate::solve::search::{Config, Searchable};

/// The longest strip accepted.
pub const MAX_LENGTH: u64 = 100_000;

/// Column masks, left to right.
pub type Strip = Vec<u8>;

/// The game of Triomino on a 2-row strip.
#[derive(Clone, Copy, Debug, Default)]
pub struct Triomino;

impl Triomino {
    /// The full 2×n strip.
    pub fn full(n: usize) -> Strip {
        vec![3; n]
    }

    /// Each placement: (column of the full pair, the other column, the cell taken there).
    fn placements(s: &Strip, mut f: impl FnMut(usize, usize, u8)) {
        for c in 0..s.len() {
            if s[c] != 3 {
                continue;
            }
            for other in [c.wrapping_sub(1), c + 1] {
                if other < s.len() {
                    for cell in [1u8, 2] {
                        if s[other] & cell != 0 {
                            f(c, other, cell);
                        }
                    }
                }
            }
        }
    }

    fn place(s: &Strip, c: usize, other: usize, cell: u8) -> Strip {
        let mut t = s.clone();
        t[c] = 0;
        t[other] &= !cell;
        t
    }
}

impl Game for Triomino {
    type Position = Strip;

    fn options(&self, s: &Strip, out: &mut Vec<Strip>) {
        Self::placements(s, |c, o, cell| out.push(Self::place(s, c, o, cell)));
    }

    fn moves(&self, s: &Strip) -> Vec<Move<Strip>> {
        let mut out = Vec::new();
        Self::placements(s, |c, o, cell| {
            let row = if cell == 1 { "top" } else { "bottom" };
            out.push(Move::new(
                format!("column {} and the {row} cell of column {}", c + 1, o + 1),
                Self::place(s, c, o, cell),
            ))
        });
        out
    }

    /// Columns as `:` (both empty), `'` (top only), `,` (bottom only), `#` (full).
    fn format(&self, s: &Strip) -> String {
        if s.iter().all(|&m| m == 3) {
            return s.len().to_string();
        }
        s.iter()
            .map(|&m| [b'#', b'\'', b',', b':'][m as usize] as char)
            .collect()
    }

    /// Maximal runs of columns that share a row with their neighbour; runs of fewer than three
    /// cells (where no L fits) are dropped.
    fn components(&self, s: &Strip) -> Option<Vec<Strip>> {
        let mut out = Vec::new();
        let mut start = 0;
        for i in 0..=s.len() {
            let cut = i == s.len() || s[i] == 0 || (i > start && s[i] & s[i - 1] == 0);
            if cut {
                if i > start {
                    let run = &s[start..i];
                    if run.iter().map(|m| m.count_ones()).sum::<u32>() >= 3 {
                        out.push(run.to_vec());
                    }
                }
                start = if i < s.len() && s[i] != 0 { i } else { i + 1 };
            }
        }
        Some(out)
    }

    /// The least of the strip, its mirror image, its upside-down image and both.
    fn canonical(&self, s: Strip) -> Strip {
        let flip = |m: &u8| ((m & 1) << 1) | ((m & 2) >> 1);
        let mut start = s.iter().position(|&m| m != 0).unwrap_or(s.len());
        let end = s.iter().rposition(|&m| m != 0).map_or(start, |e| e + 1);
        if start > end {
            start = end;
        }
        let t = &s[start..end];
        let a = t.to_vec();
        let b: Strip = t.iter().rev().copied().collect();
        let c: Strip = t.iter().map(flip).collect();
        let d: Strip = t.iter().rev().map(flip).collect();
        [b, c, d].into_iter().fold(a, |best, x| best.min(x))
    }
}

impl Searchable for Triomino {
    fn weight(&self, s: &Strip) -> u32 {
        s.iter().map(|m| m.count_ones()).sum()
    }
}

/// The value of the full 2×n strip for n = 0..=to, by one shared engine (O(to²) in all).
pub fn strip_values(to: usize) -> Result<Vec<u64>> {
    let mut search = crate::solve::search::Search::with_config(Triomino, config(1 << 22));
    (0..=to).map(|n| Ok(search.nimber(&Triomino::full(n))?.0)).collect()
}

/// The value of the full 2×n strip for n = 0..=to by the O(to²) recurrence over strip
/// components: a component is a 2×m strip whose end columns may each have lost one cell
/// (kind 0 = full, 1 = only the top cell left, 2 = only the bottom one). An L fills a whole
/// column c and one cell of column c ± 1, which splits the component into two of the same
/// kind, so v(m, l, r) = mex of v(left) ⊕ v(right) over those moves, with O(m) moves each.
/// Checked against the search engine ([`strip_values`]) in the tests.
pub fn strip_values_by_components(to: usize, control: &crate::control::Control) -> Result<Vec<u64>> {
    const FULL: usize = 0;
    // v[m][l][r] for m = 0..=to; a strip of 0 or 1 columns has no move.
    let mut v: Vec<[[u32; 3]; 3]> = vec![[[0; 3]; 3]; to + 1];
    let mut seen: Vec<bool> = Vec::new();
    let present = |kind: usize, row: usize| kind == FULL || kind == row + 1;
    for m in 2..=to {
        control.check()?;
        for l in 0..3 {
            for r in 0..3 {
                seen.clear();
                let mark = |x: u32, seen: &mut Vec<bool>| {
                    let x = x as usize;
                    if x >= seen.len() {
                        seen.resize(x + 1, false);
                    }
                    seen[x] = true;
                };
                for c in 1..=m {
                    let full = (c > 1 || l == FULL) && (c < m || r == FULL);
                    if !full {
                        continue;
                    }
                    for row in 0..2 {
                        // the extra cell in column c − 1, row `row`
                        if c >= 2 && (c - 1 > 1 || present(l, row)) {
                            let left = if c > 2 { v[c - 1][l][2 - row] } else { 0 };
                            let right = v[m - c][FULL][r];
                            mark(left ^ right, &mut seen);
                        }
                        // the extra cell in column c + 1
                        if c < m && (c + 1 < m || present(r, row)) {
                            let left = v[c - 1][l][FULL];
                            let right = if m - c >= 2 { v[m - c][2 - row][r] } else { 0 };
                            mark(left ^ right, &mut seen);
                        }
                    }
                }
                v[m][l][r] = seen.iter().position(|&b| !b).unwrap_or(seen.len()) as u32;
            }
        }
    }
    Ok(v.iter().map(|k| k[FULL][FULL] as u64).collect())
}

fn config(entries: usize) -> Config {
    Config {
        outcome_above: u32::MAX,
        table_entries: entries,
        ..Config::default()
    }
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let mut words = words.to_vec();
    let stats = take_stats_flag(&mut words);
    args::no_other_options(&words, "triomino", "--stats")?;
    let [word] = words.as_slice() else {
        return input("triomino takes the length N of the 2×N board, e.g. `triomino 4`");
    };
    let n = parse_natural(word, "triomino length")?;
    if n > MAX_LENGTH {
        return input(format!("triomino {n}: boards up to 2×{MAX_LENGTH} are accepted"));
    }
    Ok(Box::new(
        SearchInstance::searching(
            "triomino",
            Triomino,
            config(0).with_limits::<Triomino>(&settings.limits),
            Triomino::full(n as usize),
        )
        .with_stats(stats)
        .with_control(settings.limits.control.clone()),
    ))
}

/// `seq triomino --to N`: the full 2×n strips for n = 0..=N, by
/// [`strip_values_by_components`] (the triomino game is not a heap game, but its strips are
/// one number).
fn strip_sequence(
    words: &[String],
    to: u64,
    control: &crate::control::Control,
) -> Result<(Vec<crate::nimber::Nimber>, &'static str)> {
    args::no_other_options(words, "seq triomino", "--to N")?;
    if !words.is_empty() {
        return input(
            "seq triomino takes no length: the lengths are 0..N of --to N, e.g. `grundy seq triomino --to 40`",
        );
    }
    if to > MAX_LENGTH {
        return input(format!(
            "seq triomino --to {to}: boards up to 2×{MAX_LENGTH} are accepted"
        ));
    }
    let values = strip_values_by_components(to as usize, control)?;
    Ok((
        values.into_iter().map(crate::nimber::Nimber).collect(),
        "O(N²) recurrence over strip components",
    ))
}

/// Registry entry of Triomino (`triomino`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "triomino",
    aliases: &[],
    summary: "Triomino: place L-shaped triominoes on a 2×N board; who cannot move loses",
    rules: "A board of 2 rows and N columns. A move places an L-shaped piece of three cells (in \
            any rotation) on empty cells: a whole column and one cell of a neighbouring column. \
            The player who cannot move loses. Positions after moves print column by column: \
            `:` both cells empty, `'` top only, `,` bottom only, `#` none.",
    syntax: "N   the length of the 2×N board",
    example: "triomino 4",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
        board_search: true,
        sequence: Some(strip_sequence),
        ..Capabilities::NONE
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn component_recurrence_equals_the_search_engine() {
        assert_eq!(
            strip_values_by_components(80, &Default::default()).unwrap(),
            strip_values(80).unwrap()
        );
    }
    use crate::solve::Solver;
    use crate::solve::search::Search;

    #[test]
    fn engine_equals_plain_on_strips_and_shapes() {
        let mut search = Search::new(Triomino);
        for n in 0..=9 {
            let s = Triomino::full(n);
            assert_eq!(
                search.nimber(&s).unwrap(),
                Solver::plain(Triomino).nimber(&s).unwrap(),
                "N = {n}"
            );
        }
        // Every strip of 6 columns with arbitrary masks.
        for code in 0..4096u32 {
            let s: Strip = (0..6).map(|i| ((code >> (2 * i)) & 3) as u8).collect();
            assert_eq!(
                search.nimber(&s).unwrap(),
                Solver::plain(Triomino).nimber(&s).unwrap(),
                "{s:?}"
            );
        }
    }

    #[test]
    fn components_are_runs_sharing_a_row() {
        assert_eq!(
            Triomino.components(&vec![3, 1, 2, 3, 0, 3, 3]).unwrap(),
            vec![vec![3, 1], vec![2, 3], vec![3, 3]]
        );
    }
}
