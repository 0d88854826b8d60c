//! Chomp: a chocolate bar whose bottom-left square is poisoned; a move eats a square other than
//! the poisoned one together with every square above it and to its right. The lone poisoned
//! square is terminal (the last mover wins).
//!
//! A position is a Young shape: row lengths from the poisoned row up, non-increasing
//! (`5,3,1`); `RxC` is the full R×C bar. The shape is stored in a fixed array of at most
//! [`MAX_ROWS`] rows of at most 255 squares, so positions are small `Copy` values. A shape and
//! its transpose (mirror in the diagonal through the poisoned square) have the same value, so
//! the canonical form is the lesser of the two. The engine is chosen by memory: when the dense
//! table of the position's bounding box ([`crate::solve::search::chomp_dense`], every shape
//! of the box at once, one or two bytes per shape) fits in the memory the budget leaves for
//! tables ([`crate::solve::search::table_bytes`]), it is built (on `--jobs` threads); otherwise the search engine
//! runs plain mex with its transposition table ([`crate::solve::search`]); Chomp never
//! splits. `--stats` says which engine ran and why. Strategy stealing proves every rectangle
//! other than 1×1 an N-position (tests check it).
//!
//! Sources, by their names in `docs/sources.md`: \[Slides\] (rules, small values, strategy
//! stealing), \[Beling-solvers\] (the dense table).

use crate::error::{Result, input};
use crate::game::{Game, Move};
use crate::games::cram::parse_size;
use crate::games::{Capabilities, GameEntry, args};
use crate::settings::Settings;
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Engine, Instance};
use crate::solve::search::chomp_dense::{ChompTable, shape_count};
use crate::solve::search::instance::SearchInstance;
use crate::solve::search::{Config, Searchable, table_bytes, threads};
use std::rc::Rc;

/// Most rows of a shape.
pub const MAX_ROWS: usize = 16;
/// Most squares in a row.
pub const MAX_COLUMNS: usize = 255;

/// Row lengths from the poisoned row up (zeros after the last row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    /// Row lengths from the poisoned row up, non-increasing; rows past the top are 0.
    pub rows: [u8; MAX_ROWS],
}

impl Shape {
    /// The shape with these row lengths, bottom row first. The caller keeps to at most
    /// [`MAX_ROWS`] non-increasing rows of at most [`MAX_COLUMNS`] squares (the parser checks).
    pub fn new(rows: &[usize]) -> Shape {
        let mut s = Shape { rows: [0; MAX_ROWS] };
        for (i, &r) in rows.iter().enumerate() {
            s.rows[i] = r as u8;
        }
        s
    }

    /// Number of non-empty rows.
    pub fn height(&self) -> usize {
        self.rows.iter().take_while(|&&r| r > 0).count()
    }

    /// Number of squares left, the poisoned one included.
    pub fn squares(&self) -> u32 {
        self.rows.iter().map(|&r| r as u32).sum()
    }

    /// The mirror image in the diagonal, if it fits.
    pub fn transpose(&self) -> Option<Shape> {
        let width = self.rows[0] as usize;
        if width > MAX_ROWS || self.height() > MAX_COLUMNS {
            return None;
        }
        let mut t = Shape { rows: [0; MAX_ROWS] };
        for (j, slot) in t.rows.iter_mut().enumerate().take(width) {
            *slot = self.rows.iter().filter(|&&r| r as usize > j).count() as u8;
        }
        Some(t)
    }

    /// Eat square (row, col), counted from 0 at the poisoned square.
    pub fn eat(&self, row: usize, col: usize) -> Shape {
        let mut s = *self;
        for r in s.rows[row..].iter_mut() {
            *r = (*r).min(col as u8);
        }
        s
    }
}

/// The game of Chomp.
#[derive(Clone, Copy, Debug, Default)]
pub struct Chomp;

impl Chomp {
    fn each_square(s: &Shape, mut f: impl FnMut(usize, usize)) {
        for row in 0..s.height() {
            for col in 0..s.rows[row] as usize {
                if row > 0 || col > 0 {
                    f(row, col);
                }
            }
        }
    }
}

impl Game for Chomp {
    type Position = Shape;

    fn options(&self, s: &Shape, out: &mut Vec<Shape>) {
        Self::each_square(s, |r, c| out.push(s.eat(r, c)));
    }

    fn moves(&self, s: &Shape) -> Vec<Move<Shape>> {
        let mut out = Vec::new();
        Self::each_square(s, |r, c| {
            out.push(Move::new(format!("eat row {} column {}", r + 1, c + 1), s.eat(r, c)))
        });
        out
    }

    fn format(&self, s: &Shape) -> String {
        let rows: Vec<String> = s.rows[..s.height()].iter().map(|r| r.to_string()).collect();
        rows.join(",")
    }

    fn canonical(&self, s: Shape) -> Shape {
        match s.transpose() {
            Some(t) if t < s => t,
            _ => s,
        }
    }
}

impl Searchable for Chomp {
    fn weight(&self, s: &Shape) -> u32 {
        s.squares()
    }
}

/// Parse `RxC` or row lengths `5,3,1` (poisoned row first, non-increasing).
pub fn parse_shape(word: &str) -> Result<Shape> {
    if let Some(size) = parse_size(word, MAX_ROWS * MAX_COLUMNS) {
        let (r, c) = size?;
        if r > MAX_ROWS || c > MAX_COLUMNS {
            return input(format!(
                "chomp {word}: at most {MAX_ROWS} rows of at most {MAX_COLUMNS} squares"
            ));
        }
        return Ok(Shape::new(&vec![c; r]));
    }
    let rows = args::number_list(word, "chomp row length")?;
    if rows.len() > MAX_ROWS || rows.iter().any(|&r| r == 0 || r as usize > MAX_COLUMNS) {
        return input(format!(
            "chomp {word}: at most {MAX_ROWS} rows, each of 1 to {MAX_COLUMNS} squares"
        ));
    }
    if rows.windows(2).any(|p| p[1] > p[0]) {
        return input(format!(
            "chomp {word}: row lengths must not increase upwards (a Young shape, poisoned row first)"
        ));
    }
    let rows: Vec<usize> = rows.iter().map(|&r| r as usize).collect();
    Ok(Shape::new(&rows))
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let mut words = words.to_vec();
    let stats = args::GameOptions::take(&mut words, "chomp", ENTRY.caps.options)?.flag("stats");
    let [word] = words.as_slice() else {
        return input("chomp takes one shape: ROWSxCOLUMNS (e.g. 3x4) or row lengths from the poisoned row up (5,3,1)");
    };
    let shape = parse_shape(word)?;
    let (rows, cols) = (shape.height(), shape.rows[0] as usize);
    let control = &settings.control;
    let (dense, room) = (ChompTable::bytes(rows, cols), table_bytes(control));
    if dense <= room {
        let engine = ChompDense {
            table: None,
            box_size: (rows, cols),
            threads: threads(settings.jobs),
            stats,
            control: control.clone(),
        };
        return Ok(Box::new(Instance::new("chomp", engine, shape)));
    }
    if stats {
        control.message(format!(
            "engine: search (the dense table of the {rows}x{cols} box, {} shapes, needs {}; the memory budget leaves {} for tables)",
            shape_count(rows, cols),
            describe_bytes(dense),
            describe_bytes(room)
        ));
    }
    let config = Config {
        outcome_above: u32::MAX,
        ..Config::default()
    }
    .with_limits::<Chomp>(settings);
    Ok(Box::new(
        SearchInstance::searching("chomp", Chomp, config, shape)
            .with_stats(stats)
            .with_control(control.clone()),
    ))
}

/// A size in words, also above 2^64 − 1 bytes (saturated sizes read "more than 16 EiB").
fn describe_bytes(bytes: u64) -> String {
    if bytes == u64::MAX {
        "more than 16 EiB".into()
    } else if bytes < 1 << 20 {
        format!("{} KiB", bytes.div_ceil(1024))
    } else {
        crate::memory::describe(bytes)
    }
}

/// Chomp valued by the dense table of the start's bounding box ([`ChompTable`], built on first
/// use), as an [`Engine`] of the generic adapter.
pub struct ChompDense {
    table: Option<Rc<ChompTable>>,
    box_size: (usize, usize),
    /// Threads that fill the table (`--jobs`).
    threads: usize,
    /// Report the table's size and time (a message to the observer) when it is built.
    stats: bool,
    /// Cancellation, memory budget and the observer.
    control: crate::control::Control,
}

impl ChompDense {
    fn table(&mut self) -> Result<Rc<ChompTable>> {
        if let Some(t) = &self.table {
            return Ok(t.clone());
        }
        let clock = std::time::Instant::now();
        let (rows, cols) = self.box_size;
        let t = Rc::new(ChompTable::solve(rows, cols, self.threads, &self.control)?);
        if self.stats {
            self.control.message(format!(
                "engine: dense table: {} shapes of the {rows}x{cols} box ({}) solved in {:.3} s on {} thread{}",
                shape_count(rows, cols),
                describe_bytes(ChompTable::bytes(rows, cols)),
                clock.elapsed().as_secs_f64(),
                self.threads,
                if self.threads == 1 {
                    String::new()
                } else {
                    format!("s ({} waits for an earlier unit)", t.waits())
                }
            ));
        }
        self.table = Some(t.clone());
        Ok(t)
    }
}

impl Engine for ChompDense {
    type Game = Chomp;

    fn game(&self) -> &Chomp {
        &Chomp
    }

    fn nimber(&mut self, s: &Shape) -> Result<Nimber> {
        let rows: Vec<usize> = s.rows[..s.height()].iter().map(|&r| r as usize).collect();
        Ok(Nimber(self.table()?.nimber(&rows) as u64))
    }

    fn moves_to_value(&mut self, s: &Shape, target: Nimber) -> Result<Vec<Move<Shape>>> {
        let mut out = Vec::new();
        for m in Chomp.moves(s) {
            if self.nimber(&m.position)? == target {
                out.push(m);
            }
        }
        Ok(out)
    }

    fn shows_components(&self) -> bool {
        false
    }
}

/// Registry entry of Chomp (`chomp`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "chomp",
    aliases: &[],
    summary: "Chomp: eat a square and everything above and to its right; the poison stays",
    rules: "A chocolate bar whose bottom-left square is poisoned. A move eats one square other \
            than the poisoned one, with every square above it and to its right. The lone \
            poisoned square is terminal: whoever leaves it wins. Rows are counted from the \
            poisoned row (1) up, columns from the left (1).",
    syntax: "ROWSxCOLUMNS | LENGTHS   a full bar, or row lengths from the poisoned row up (5,3,1), at most 16 rows",
    example: "chomp 2,2",
    hard_example: "chomp 20,20",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
        editor: super::Editor::Staircase,
        options: &[super::GameOption::STATS],
        board_search: true,
        ..Capabilities::NONE
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;
    use crate::solve::search::Search;

    #[test]
    fn transpose_and_eat() {
        let s = Shape::new(&[3, 1]);
        assert_eq!(s.transpose(), Some(Shape::new(&[2, 1, 1])));
        assert_eq!(s.eat(0, 1), Shape::new(&[1, 1]));
        assert_eq!(s.eat(1, 0), Shape::new(&[3]));
    }

    #[test]
    fn engine_equals_plain_on_every_shape_in_a_4x4_box() {
        let mut search = Search::new(Chomp);
        for a in 1..=4usize {
            for b in 0..=a {
                for c in 0..=b {
                    for d in 0..=c {
                        let rows: Vec<usize> = [a, b, c, d].into_iter().filter(|&x| x > 0).collect();
                        let s = Shape::new(&rows);
                        assert_eq!(search.nimber(&s).unwrap(), Solver::plain(Chomp).nimber(&s).unwrap());
                    }
                }
            }
        }
    }
}
