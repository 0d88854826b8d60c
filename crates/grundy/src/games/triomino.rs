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
//! `value`, `moves`, `explain` and `play` use that recurrence too ([`StripEngine`]): a position
//! reached from the full board is a sum of such components, so its value is the xor of the
//! components' entries in the table of kinds, and the value after a move is found in O(1) from
//! the pieces the move leaves (a full column emptied, one cell taken beside it). `triomino 1000`
//! costs one O(N²) table (9 kinds per length) and O(N) per listing of moves. A strip that is not
//! such a sum (none is reachable from the full board) goes to the search engine; `--stats` also
//! uses the search engine, whose counters it reports.
//!
//! Sources, by their names in `docs/sources.md`: \[Infoarena\] application 4.

use crate::error::{Result, input};
use crate::game::{Game, Move};
use crate::games::heap::parse_natural;
use crate::games::{Capabilities, GameEntry, args};
use crate::settings::Settings;
use crate::position::{AnyPosition, Instance};
use crate::solve::search::instance::SearchInstance;
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

    fn label(c: usize, other: usize, cell: u8) -> String {
        let row = if cell == 1 { "top" } else { "bottom" };
        format!("column {} and the {row} cell of column {}", c + 1, other + 1)
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
        Self::placements(s, |c, o, cell| out.push(Move::new(Self::label(c, o, cell), Self::place(s, c, o, cell))));
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
    Ok(kind_table(to, control)?
        .iter()
        .map(|k| u64::from(k[FULL][FULL]))
        .collect())
}

/// The kind of a full end column.
const FULL: usize = 0;

/// The values v\[m\]\[l\]\[r\] of every component kind for m = 0..=to (the recurrence of
/// [`strip_values_by_components`]).
fn kind_table(to: usize, control: &crate::control::Control) -> Result<Vec<[[u32; 3]; 3]>> {
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
    Ok(v)
}

/// The kind of an end column of a component (0 full, 1 top cell only, 2 bottom cell only);
/// `None` for an empty column.
fn end_kind(mask: u8) -> Option<usize> {
    match mask {
        3 => Some(FULL),
        1 | 2 => Some(mask as usize),
        _ => None,
    }
}

/// The engine of triomino positions: the table of component kinds
/// ([`strip_values_by_components`]' recurrence), grown to the longest component asked, with the
/// search engine for strips that are not sums of components of those kinds.
pub struct StripEngine {
    kinds: Vec<[[u32; 3]; 3]>,
    search: crate::solve::search::instance::SearchEngine<Triomino>,
    control: crate::control::Control,
}

impl StripEngine {
    /// The engine; `max_states` bounds the fallback search's table, `control` cancels both.
    pub fn new(max_states: usize, control: crate::control::Control) -> Self {
        let mut search = crate::solve::search::instance::SearchEngine::new(Triomino, config(max_states));
        search.set_control(control.clone());
        StripEngine {
            kinds: Vec::new(),
            search,
            control,
        }
    }

    /// v of a component of `len` columns whose interior columns are full and whose end columns
    /// are `first` and `last` (the same column when `len` is 1), empty ends dropped.
    fn piece(&mut self, mut len: usize, mut first: u8, mut last: u8) -> Result<u32> {
        if len >= 2 && first == 0 {
            len -= 1;
            first = if len >= 2 { 3 } else { last };
        }
        if len >= 2 && last == 0 {
            len -= 1;
            last = if len >= 2 { 3 } else { first };
        }
        if len < 2 {
            return Ok(0);
        }
        let (Some(l), Some(r)) = (end_kind(first), end_kind(last)) else {
            return Ok(0);
        };
        if len >= self.kinds.len() {
            self.kinds = kind_table(len, &self.control)?;
        }
        Ok(self.kinds[len][l][r])
    }

    /// The components of `s` as (start, end) column ranges with their values, or `None` when
    /// one is not of a kind of the table.
    fn runs(&mut self, s: &Strip) -> Result<Option<Vec<(usize, usize, u32)>>> {
        let mut out = Vec::new();
        let mut start = 0;
        for i in 0..=s.len() {
            let cut = i == s.len() || s[i] == 0 || (i > start && s[i] & s[i - 1] == 0);
            if !cut {
                continue;
            }
            if i > start {
                let run = &s[start..i];
                if run.len() >= 2 {
                    if run[1..run.len() - 1].iter().any(|&m| m != 3) {
                        return Ok(None);
                    }
                    let v = self.piece(run.len(), run[0], run[run.len() - 1])?;
                    out.push((start, i, v));
                }
            }
            start = if i < s.len() && s[i] != 0 { i } else { i + 1 };
        }
        Ok(Some(out))
    }
}

impl crate::position::Engine for StripEngine {
    type Game = Triomino;

    fn game(&self) -> &Triomino {
        &Triomino
    }

    fn nimber(&mut self, s: &Strip) -> Result<crate::nimber::Nimber> {
        match self.runs(s)? {
            Some(runs) => Ok(crate::nimber::Nimber(
                runs.iter().fold(0, |a, &(_, _, v)| a ^ u64::from(v)),
            )),
            None => self.search.nimber(s),
        }
    }

    /// Each move's value from the pieces it leaves in its component: O(1) per move.
    fn moves_to_value(&mut self, s: &Strip, target: crate::nimber::Nimber) -> Result<Vec<Move<Strip>>> {
        let Some(runs) = self.runs(s)? else {
            return self.search.moves_to_value(s, target);
        };
        let total = runs.iter().fold(0u32, |a, &(_, _, v)| a ^ v);
        let mut run_of = vec![usize::MAX; s.len()];
        for (k, &(a, b, _)) in runs.iter().enumerate() {
            run_of[a..b].fill(k);
        }
        let mut found = Vec::new();
        let mut failed = None;
        Triomino::placements(s, |c, other, cell| {
            if failed.is_some() {
                return;
            }
            let (start, end, v) = runs[run_of[c]];
            let mask_at = |i: usize| if i == other { s[i] & !cell } else { s[i] };
            let left = if c > start {
                self.piece(c - start, mask_at(start), mask_at(c - 1))
            } else {
                Ok(0)
            };
            let right = if c + 1 < end {
                self.piece(end - c - 1, mask_at(c + 1), mask_at(end - 1))
            } else {
                Ok(0)
            };
            match (left, right) {
                (Ok(a), Ok(b)) => {
                    if u64::from(total ^ v ^ a ^ b) == target.0 {
                        found.push((c, other, cell));
                    }
                }
                (Err(e), _) | (_, Err(e)) => failed = Some(e),
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        Ok(found
            .into_iter()
            .map(|(c, other, cell)| Move::new(Triomino::label(c, other, cell), Triomino::place(s, c, other, cell)))
            .collect())
    }

    /// Positions are shown whole, as the search engine shows them.
    fn shows_components(&self) -> bool {
        false
    }
}

fn config(entries: usize) -> Config {
    Config {
        outcome_above: u32::MAX,
        table_entries: entries,
        ..Config::default()
    }
}

/// A strip as [`Triomino::format`] prints it: one character a column, `:` both cells empty,
/// `'` the top one only, `,` the bottom one only, `#` none; `None` for another word.
fn parse_columns(word: &str) -> Option<Strip> {
    if word.is_empty() || word.len() as u64 > MAX_LENGTH + 1 {
        return None;
    }
    word.chars()
        .map(|c| match c {
            '#' => Some(0),
            '\'' => Some(1),
            ',' => Some(2),
            ':' => Some(3),
            _ => None,
        })
        .collect()
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let mut words = words.to_vec();
    let stats = args::GameOptions::take(&mut words, "triomino", ENTRY.caps.options)?.flag("stats");
    let [word] = words.as_slice() else {
        return input(
            "triomino takes the length N of the 2×N board (`triomino 4`), or its columns as positions print them (`triomino #,::`)",
        );
    };
    // The length is checked before a strip of it is built.
    let strip = match parse_columns(word) {
        Some(strip) => strip,
        None => {
            let n = parse_natural(word, "triomino length")?;
            if n > MAX_LENGTH {
                return input(format!("triomino {n}: boards up to 2×{MAX_LENGTH} are accepted"));
            }
            Triomino::full(n as usize)
        }
    };
    if strip.len() as u64 > MAX_LENGTH {
        return input(format!(
            "triomino of {} columns: boards up to 2×{MAX_LENGTH} are accepted",
            strip.len()
        ));
    }
    if !stats {
        return Ok(Box::new(Instance::new(
            "triomino",
            StripEngine::new(settings.max_states, settings.control.clone()),
            strip,
        )));
    }
    Ok(Box::new(
        SearchInstance::searching(
            "triomino",
            Triomino,
            config(0).with_limits::<Triomino>(settings),
            strip,
        )
        .with_stats(stats)
        .with_control(settings.control.clone()),
    ))
}

/// `seq triomino --to N`: the full 2×n strips for n = 0..=N, by
/// [`strip_values_by_components`] (the triomino game is not a heap game, but its strips are
/// one number).
fn strip_sequence(
    words: &[String],
    ns: super::Asked<'_>,
    control: &crate::control::Control,
    on_value: &mut dyn FnMut(u64, crate::nimber::Nimber) -> Result<()>,
) -> Result<&'static str> {
    let to = ns.last().unwrap_or(0);
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
    // The recurrence needs every shorter strip: all of 0..=N computed, the asked ones given.
    let values = strip_values_by_components(to as usize, control)?;
    for n in ns.iter() {
        on_value(n, crate::nimber::Nimber(values[n as usize]))?;
    }
    Ok("O(N²) recurrence over strip components")
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
    syntax: "N | COLUMNS   the length of the 2×N board, or its columns as positions print them (`#,::`)",
    example: "triomino 4",
    hard_example: "triomino 200",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
        editor: super::Editor::Columns {
            columns: &[(":", ".."), ("'", ".#"), (",", "#."), ("#", "##")],
        },
        options: &[super::GameOption::STATS],
        board_search: true,
        sequence: Some(strip_sequence),
        ..Capabilities::NONE
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    /// A position as it prints is a position again: every move of `triomino 6` and of the
    /// positions after it, typed back, has the value the move reached.
    #[test]
    fn printed_positions_are_read_back() {
        let settings = Settings::default();
        let start = build("triomino", &["6".to_string()], &settings).unwrap();
        for m in start.moves().unwrap() {
            let text = m.next.text();
            let again = build("triomino", std::slice::from_ref(&text), &settings).unwrap();
            assert_eq!(again.text(), text);
            assert_eq!(again.value().unwrap(), m.next.value().unwrap(), "{text}");
            for m2 in again.moves().unwrap() {
                let t2 = m2.next.text();
                let back = build("triomino", std::slice::from_ref(&t2), &settings).unwrap();
                assert_eq!(back.value().unwrap(), m2.next.value().unwrap(), "{t2}");
            }
        }
        assert!(build("triomino", &["#x".to_string()], &settings).is_err());
        assert!(build("triomino", &[u64::MAX.to_string()], &settings).is_err());
        assert!(build("triomino", &[":".repeat(MAX_LENGTH as usize + 1)], &settings).is_err());
    }

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

    /// The strip engine (table of kinds) equals the plain generic solver on every strip reached
    /// from the full 2×n board, n ≤ 8, in value and in the moves to each value.
    #[test]
    fn strip_engine_equals_plain_on_every_reachable_strip() {
        use crate::position::Engine;
        use std::collections::BTreeSet;
        let mut plain = Solver::plain(Triomino);
        let mut engine = StripEngine::new(1 << 20, Default::default());
        for n in 0..=8 {
            let mut seen = BTreeSet::new();
            let mut todo = vec![Triomino::full(n)];
            while let Some(s) = todo.pop() {
                if !seen.insert(s.clone()) {
                    continue;
                }
                let v = plain.nimber(&s).unwrap();
                assert_eq!(engine.nimber(&s).unwrap(), v, "{s:?}");
                for t in 0..4 {
                    let fast = engine.moves_to_value(&s, crate::nimber::Nimber(t)).unwrap();
                    let slow = plain.moves_to_value(&s, crate::nimber::Nimber(t)).unwrap();
                    assert_eq!(fast, slow, "{s:?} to {t}");
                }
                todo.extend(Triomino.moves(&s).into_iter().map(|m| m.position));
            }
        }
        // A strip that is not a sum of kinds (a lone cell inside a run) goes to the search.
        let odd = vec![3, 3, 1, 3, 3];
        assert_eq!(engine.nimber(&odd).unwrap(), plain.nimber(&odd).unwrap());
    }

    #[test]
    fn components_are_runs_sharing_a_row() {
        assert_eq!(
            Triomino.components(&vec![3, 1, 2, 3, 0, 3, 3]).unwrap(),
            vec![vec![3, 1], vec![2, 3], vec![3, 3]]
        );
    }
}
