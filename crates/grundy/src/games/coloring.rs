//! The coloring game (Romanian article, application 3, Russia 2007): a row of cells, each
//! uncoloured (`.`), red (`R`) or blue (`B`); a move colours an uncoloured cell red or blue so
//! that no two adjacent cells have the same colour; who cannot move loses.
//!
//! Coloured cells never change, so the row splits at them: each maximal run of uncoloured cells,
//! together with the coloured cells that border it, is an independent segment (the article's
//! four segment types: no coloured end, one, two of the same colour, two of different colours;
//! its values A_n, B_n, C_n, D_n are the nimbers of these segments). Canonical forms identify
//! a segment with its mirror image and with the swap of the two colours. The search engine
//! solves each segment by mex with its table, so a row of n cells costs O(n²) segment options.
//!
//! Sources, by their names in `docs/sources.md`: \[Infoarena\] application 3.

use crate::error::{Result, input};
use crate::game::{Game, Move};
use crate::games::{Capabilities, GameEntry, args};
use crate::settings::Settings;
use crate::position::AnyPosition;
use crate::solve::search::instance::SearchInstance;
use crate::solve::search::{Config, Searchable};

/// An uncoloured cell, written `.`.
pub const EMPTY: u8 = b'.';
/// A red cell, written `R`.
pub const RED: u8 = b'R';
/// A blue cell, written `B`.
pub const BLUE: u8 = b'B';

/// The longest row accepted.
pub(crate) const MAX_CELLS: usize = 100_000;

/// The cells, left to right.
pub type Row = Vec<u8>;

/// The coloring game on a [`Row`]; the row splits into independent segments at its coloured
/// cells, solved by the search engine ([`crate::solve::search`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Coloring;

impl Coloring {
    fn each_move(row: &Row, mut f: impl FnMut(usize, u8)) {
        for i in 0..row.len() {
            if row[i] != EMPTY {
                continue;
            }
            for colour in [RED, BLUE] {
                let clash = (i > 0 && row[i - 1] == colour) || (i + 1 < row.len() && row[i + 1] == colour);
                if !clash {
                    f(i, colour);
                }
            }
        }
    }

    fn paint(row: &Row, i: usize, colour: u8) -> Row {
        let mut r = row.clone();
        r[i] = colour;
        r
    }
}

impl Game for Coloring {
    type Position = Row;

    fn options(&self, row: &Row, out: &mut Vec<Row>) {
        Self::each_move(row, |i, c| out.push(Self::paint(row, i, c)));
    }

    fn move_count(&self, row: &Row) -> Option<u128> {
        let mut n = 0u128;
        Self::each_move(row, |_, _| n += 1);
        Some(n)
    }

    fn position_bytes(&self, row: &Row) -> u64 {
        (std::mem::size_of::<Row>() + row.len()) as u64
    }

    fn moves(&self, row: &Row) -> Vec<Move<Row>> {
        let mut out = Vec::new();
        Self::each_move(row, |i, c| {
            let name = if c == RED { "red" } else { "blue" };
            out.push(Move::new(format!("cell {} {name}", i + 1), Self::paint(row, i, c)))
        });
        out
    }

    fn format(&self, row: &Row) -> String {
        if row.is_empty() {
            return "-".into();
        }
        String::from_utf8_lossy(row).into_owned()
    }

    /// Each run of uncoloured cells with its coloured neighbours.
    fn components(&self, row: &Row) -> Option<Vec<Row>> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < row.len() {
            if row[i] != EMPTY {
                i += 1;
                continue;
            }
            let start = i;
            while i < row.len() && row[i] == EMPTY {
                i += 1;
            }
            let from = start.saturating_sub(1);
            let to = (i + 1).min(row.len());
            out.push(row[from..to].to_vec());
        }
        Some(out)
    }

    fn canonical(&self, row: Row) -> Row {
        let swap = |c: &u8| match *c {
            RED => BLUE,
            BLUE => RED,
            x => x,
        };
        let rev: Row = row.iter().rev().copied().collect();
        let sw: Row = row.iter().map(swap).collect();
        let both: Row = rev.iter().map(swap).collect();
        [rev, sw, both].into_iter().fold(row, |best, x| best.min(x))
    }
}

impl Searchable for Coloring {
    fn weight(&self, row: &Row) -> u32 {
        row.iter().filter(|&&c| c == EMPTY).count() as u32
    }
}

/// A row written as one word of `.`, `R` and `B` (at most [`MAX_CELLS`] cells); a row in
/// which two adjacent cells already have the same colour is refused.
pub(crate) fn parse_row(word: &str) -> Result<Row> {
    if word.len() > MAX_CELLS {
        return input(format!(
            "the coloring row has {} cells: at most {MAX_CELLS}",
            word.len()
        ));
    }
    let row: Row = word.bytes().map(|b| b.to_ascii_uppercase()).collect();
    if let Some(bad) = row.iter().find(|&&c| c != EMPTY && c != RED && c != BLUE) {
        return input(format!(
            "`{}` is not a cell of the coloring row: use `.` (uncoloured), `R` (red) or `B` (blue)",
            *bad as char
        ));
    }
    if row.windows(2).any(|p| p[0] != EMPTY && p[0] == p[1]) {
        return input(format!(
            "coloring row {word}: two adjacent cells already have the same colour"
        ));
    }
    Ok(row)
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let mut words = words.to_vec();
    let stats = args::GameOptions::take(&mut words, "coloring", ENTRY.caps.options)?.flag("stats");
    let [word] = words.as_slice() else {
        return input("coloring takes one row of cells: `.` uncoloured, `R` red, `B` blue, e.g. `coloring R....B..`");
    };
    let row = parse_row(word)?;
    let config = Config {
        outcome_above: u32::MAX,
        ..Config::default()
    }
    .with_limits::<Coloring>(settings);
    Ok(Box::new(
        SearchInstance::searching("coloring", Coloring, config, row)
            .with_stats(stats)
            .with_control(settings.control.clone()),
    ))
}

/// Registry entry of the coloring game (`coloring`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "coloring",
    aliases: &["colouring"],
    summary: "the coloring game: colour a cell red or blue, never next to the same colour",
    rules: "A row of cells, each uncoloured, red or blue. A move colours one uncoloured cell red \
            or blue so that no two adjacent cells have the same colour. The player who cannot \
            move loses. Cells are numbered from 1 at the left.",
    syntax: "CELLS   a row of `.` (uncoloured), `R` (red), `B` (blue)",
    example: "coloring R....B..",
    hard_example: "coloring ............................................................",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
        editor: super::Editor::Row { cells: ".RB" },
        options: &[super::GameOption::STATS],
        board_search: true,
        empty_text: true,
        ..Capabilities::NONE
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;
    use crate::solve::search::Search;

    #[test]
    fn engine_equals_plain_on_every_row_up_to_7_cells() {
        let mut search = Search::new(Coloring);
        for n in 0..=7u32 {
            for code in 0..3u32.pow(n) {
                let row: Row = (0..n)
                    .map(|i| [EMPTY, RED, BLUE][(code / 3u32.pow(i) % 3) as usize])
                    .collect();
                if row.windows(2).any(|p| p[0] != EMPTY && p[0] == p[1]) {
                    continue;
                }
                assert_eq!(
                    search.nimber(&row).unwrap(),
                    Solver::plain(Coloring).nimber(&row).unwrap(),
                    "{}",
                    String::from_utf8_lossy(&row)
                );
            }
        }
    }
}
