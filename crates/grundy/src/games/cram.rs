//! Cram: place a domino on two empty adjacent cells (horizontally or vertically); the player who
//! cannot move loses.
//!
//! A position is a bitboard of at most 64 cells (`Board`: width, height, a bit per empty cell,
//! row-major from the top-left). Empty cells that are not connected never interact, so a board
//! splits into its connected regions (flood fill with shifts), and a lone cell is worth nothing.
//! The canonical form crops a region to its bounding box and takes the least of its 8 images
//! under the dihedral group. Mirror strategies prove 0 for boards symmetric under a half turn
//! or a reflection with no cell fixed and no domino mapped onto itself (so every even×even
//! rectangle is 0, and every position of the form H + H). The command line solves it with the
//! dedicated bitboard engine [`crate::solve::search::cram`]; the generic engine
//! ([`crate::solve::search::Search`]) runs it too (tests compare the two).
//!
//! Sources, by their names in `docs/sources.md`: \[Slides\], \[WW\] (mirror strategies),
//! \[LemoineViennot2012\].

use crate::error::{Result, input};
use crate::game::{Game, Move};
use crate::games::{Capabilities, GameEntry, args};
use crate::settings::Settings;
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Engine, Instance};
use crate::solve::search::Searchable;
use crate::solve::search::cram::parallel::ParallelCram;
use crate::solve::search::cram::{
    AUTOSAVE_EVERY, Autosave, CramConfig, CramSearch, CramStats, RECORD_KEPT_BYTES, RECORD_SAVE_BYTES, records_in_file,
};
use crate::solve::search::packed_table::PackedTable;
use crate::solve::search::table::entries_within;

/// At most this many cells (one bit each in a `u64`).
pub const MAX_CELLS: usize = 64;

/// A board: `bits` has bit `r * w + c` set when cell (r, c) is empty (row 0 at the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Width in cells (columns).
    pub w: u8,
    /// Height in cells (rows); width × height is at most 64.
    pub h: u8,
    /// One bit per empty cell, row-major from the top-left: cell (row r, column c) is bit
    /// r · w + c.
    pub bits: u64,
}

impl Board {
    /// An empty rectangle of `h` rows and `w` columns.
    pub fn rectangle(h: usize, w: usize) -> Board {
        let n = h * w;
        let bits = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Board {
            w: w as u8,
            h: h as u8,
            bits,
        }
    }

    /// Cells not in the last column.
    fn not_last_col(&self) -> u64 {
        let mut m = 0u64;
        for r in 0..self.h as u32 {
            for c in 0..self.w as u32 - 1 {
                m |= 1 << (r * self.w as u32 + c);
            }
        }
        m
    }

    /// The cells of `set` plus their empty neighbours.
    fn grow(&self, set: u64, inner: u64) -> u64 {
        let w = self.w as u32;
        let grown = set | ((set & inner) << 1) | ((set >> 1) & inner) | (set << w) | (set >> w);
        grown & self.bits
    }

    fn cells(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        let w = self.w as u32;
        let mut b = self.bits;
        std::iter::from_fn(move || {
            if b == 0 {
                return None;
            }
            let i = b.trailing_zeros();
            b &= b - 1;
            Some((i / w, i % w))
        })
    }

    fn from_cells(w: u32, h: u32, cells: impl Iterator<Item = (u32, u32)>) -> Board {
        let mut bits = 0u64;
        for (r, c) in cells {
            bits |= 1 << (r * w + c);
        }
        Board {
            w: w as u8,
            h: h as u8,
            bits,
        }
    }

    /// The board cropped to the bounding box of its empty cells.
    fn cropped(&self) -> Board {
        if self.bits == 0 {
            return Board { w: 0, h: 0, bits: 0 };
        }
        let (mut r0, mut r1, mut c0, mut c1) = (u32::MAX, 0, u32::MAX, 0);
        for (r, c) in self.cells() {
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        Board::from_cells(c1 - c0 + 1, r1 - r0 + 1, self.cells().map(|(r, c)| (r - r0, c - c0)))
    }

    /// The image under symmetry `s` (0..8: bit 0 flips columns, bit 1 flips rows, bit 2
    /// transposes).
    fn image(&self, s: u8) -> Board {
        let (w, h) = (self.w as u32, self.h as u32);
        let map = |(r, c): (u32, u32)| {
            let c = if s & 1 != 0 { w - 1 - c } else { c };
            let r = if s & 2 != 0 { h - 1 - r } else { r };
            if s & 4 != 0 { (c, r) } else { (r, c) }
        };
        let (nw, nh) = if s & 4 != 0 { (h, w) } else { (w, h) };
        Board::from_cells(nw, nh, self.cells().map(map))
    }

    /// Whether cells `a` and `b` (indices) are adjacent.
    fn adjacent(&self, a: u32, b: u32) -> bool {
        let w = self.w as u32;
        let (ra, ca, rb, cb) = (a / w, a % w, b / w, b % w);
        ra.abs_diff(rb) + ca.abs_diff(cb) == 1
    }

    /// The board as one word: rows from the top separated by `/`, `.` an empty cell, `#` a
    /// filled one.
    pub fn format(&self) -> String {
        let mut rows = Vec::new();
        for r in 0..self.h as u32 {
            let row: String = (0..self.w as u32)
                .map(|c| {
                    if self.bits >> (r * self.w as u32 + c) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect();
            rows.push(row);
        }
        rows.join("/")
    }

    /// Parse rows of `#` (blocked) and `.` (empty), separated by newlines or `/`.
    pub fn parse(text: &str) -> Result<Board> {
        let rows: Vec<&str> = text
            .split(['\n', '/'])
            .map(|l| l.trim())
            .filter(|l| !l.is_empty())
            .collect();
        if rows.is_empty() {
            return input("the cram board is empty: write rows of `.` (empty) and `#` (blocked)");
        }
        let w = rows[0].chars().count();
        if rows.iter().any(|r| r.chars().count() != w) {
            return input("cram board rows differ in length: every row must have the same width");
        }
        if w * rows.len() > MAX_CELLS {
            return input(format!(
                "the cram board has {} cells: at most {MAX_CELLS} are accepted",
                w * rows.len()
            ));
        }
        let mut bits = 0u64;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => bits |= 1 << (r * w + c),
                    '#' => {}
                    other => {
                        return input(format!(
                            "`{other}` in row {} of the cram board is not a cell: use `.` (empty) or `#` (blocked)",
                            r + 1
                        ));
                    }
                }
            }
        }
        Ok(Board {
            w: w as u8,
            h: rows.len() as u8,
            bits,
        })
    }
}

/// The game of Cram.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cram;

impl Cram {
    /// Each domino as the pair of cell indices it covers.
    fn dominoes(b: &Board, mut f: impl FnMut(u32, u32)) {
        let w = b.w as u32;
        let right = b.bits & b.not_last_col() & (b.bits >> 1);
        let down = b.bits & (b.bits >> w);
        let mut m = right;
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            f(i, i + 1);
        }
        let mut m = down;
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            f(i, i + w);
        }
    }
}

impl Game for Cram {
    type Position = Board;

    fn options(&self, b: &Board, out: &mut Vec<Board>) {
        Self::dominoes(b, |i, j| {
            out.push(Board {
                bits: b.bits & !(1 << i) & !(1 << j),
                ..*b
            })
        });
    }

    fn moves(&self, b: &Board) -> Vec<Move<Board>> {
        let w = b.w as u32;
        let name = |i: u32| format!("{}{}", (b'a' + (i % w) as u8) as char, i / w + 1);
        let mut out = Vec::new();
        Self::dominoes(b, |i, j| {
            out.push(Move::new(
                format!("{}-{}", name(i), name(j)),
                Board {
                    bits: b.bits & !(1 << i) & !(1 << j),
                    ..*b
                },
            ))
        });
        out
    }

    fn format(&self, b: &Board) -> String {
        b.format()
    }

    /// Connected regions of empty cells with at least two cells.
    fn components(&self, b: &Board) -> Option<Vec<Board>> {
        let inner = b.not_last_col();
        let mut rest = b.bits;
        let mut out = Vec::new();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let next = b.grow(region, inner);
                if next == region {
                    break;
                }
                region = next;
            }
            rest &= !region;
            if region.count_ones() >= 2 {
                out.push(Board { bits: region, ..*b });
            }
        }
        Some(out)
    }

    fn canonical(&self, b: Board) -> Board {
        let c = b.cropped();
        (1..8).map(|s| c.image(s)).fold(c, |best, x| best.min(x))
    }
}

impl Searchable for Cram {
    fn weight(&self, b: &Board) -> u32 {
        b.bits.count_ones()
    }

    fn zero_by_symmetry(&self, b: &Board) -> bool {
        let (w, h) = (b.w as u32, b.h as u32);
        let maps: [&dyn Fn(u32, u32) -> (u32, u32); 3] =
            [&|r, c| (h - 1 - r, w - 1 - c), &|r, c| (r, w - 1 - c), &|r, c| {
                (h - 1 - r, c)
            }];
        maps.iter().any(|map| {
            b.cells().all(|(r, c)| {
                let (ir, ic) = map(r, c);
                let (i, j) = (r * w + c, ir * w + ic);
                b.bits >> j & 1 == 1 && i != j && !b.adjacent(i, j)
            })
        })
    }
}

/// Parse `RxC` (rows × columns).
pub fn parse_size(word: &str, max_cells: usize) -> Option<Result<(usize, usize)>> {
    if word.contains(['/', '.', '#']) {
        return None; // a file name or rows of cells, not ROWSxCOLUMNS
    }
    let (r, c) = word.split_once(['x', 'X', '×'])?;
    let (Ok(r), Ok(c)) = (r.trim().parse::<usize>(), c.trim().parse::<usize>()) else {
        return Some(input(format!(
            "`{word}` is not a board size: write ROWSxCOLUMNS, e.g. 4x5"
        )));
    };
    if r == 0 || c == 0 || r.saturating_mul(c) > max_cells {
        return Some(input(format!(
            "board {word} is out of range: both sides at least 1 and at most {max_cells} cells"
        )));
    }
    Some(Ok((r, c)))
}

/// A board file is at most 64 cells: anything much longer is no board.
const MAX_BOARD_FILE_BYTES: u64 = 1 << 16;

/// Boards whose short side is at most this get a ladder ([`ladder`]).
const LADDER_SIDE: u8 = 3;
/// ... and whose long side is at least this: the ladder holds 3×16 (nimber 4, 16 s on two
/// threads), which costs 3×17 and 3×18 more than they take cold (2.2 s and 5.9 s on two
/// threads cold, 18.1 s and 21.6 s with a ladder from 10); from 3×19 on it pays (49.5 s
/// against minutes).
const LADDER_FROM: u8 = 19;

/// The ladder of a start board: for an empty rectangle with a short side of at most
/// [`LADDER_SIDE`] cells and a long side of at least [`LADDER_FROM`], the rectangles of the
/// same short side and 1, 2, …, long − 1 cells along the long one (in the board's corner, as
/// cell sets of the board), smallest first; for any other board none.
///
/// Why: after one move a long thin board falls apart into regions of the smaller boards, so
/// valuing those first, smallest first, fills the table with the regions the board's search
/// asks for, each proved in a small search. The census of boards does the same with one
/// database from board to board: 3×1 … 3×20 took 6 min 15 s on 2 cores where 3×20 alone took
/// 12 min 47 s (docs/records.md, "Cram").
fn ladder(board: &Board) -> Vec<u64> {
    ladder_from(board, LADDER_FROM)
}

/// [`ladder`] for boards whose long side is at least `from`.
fn ladder_from(board: &Board, from: u8) -> Vec<u64> {
    let (w, h) = (board.w, board.h);
    if board.bits != Board::rectangle(h as usize, w as usize).bits || w.min(h) > LADDER_SIDE || w.max(h) < from {
        return Vec::new();
    }
    (1..w.max(h))
        .map(|k| {
            if w >= h {
                Board::from_cells(w as u32, h as u32, (0..h as u32).flat_map(|r| (0..k as u32).map(move |c| (r, c)))).bits
            } else {
                Board::from_cells(w as u32, h as u32, (0..k as u32).flat_map(|r| (0..w as u32).map(move |c| (r, c)))).bits
            }
        })
        .collect()
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let mut words = words.to_vec();
    let options = args::GameOptions::take(&mut words, "cram", ENTRY.caps.options)?;
    let stats = options.flag("stats");
    let table_file = options
        .value("table")
        .or_else(|| options.value("tt"))
        .map(std::path::PathBuf::from);
    let save_every = match options.value("save-minutes") {
        None => AUTOSAVE_EVERY,
        Some(_) if table_file.is_none() => {
            return input("--save-minutes says how often the region database is saved: it needs --table FILE");
        }
        Some(m) => match m.parse::<f64>() {
            Ok(m) if m > 0.0 && m <= 1e6 => std::time::Duration::from_secs_f64(m * 60.0),
            _ => return input(format!("--save-minutes {m}: a number of minutes above 0 (e.g. 10 or 0.5)")),
        },
    };
    let board = match words.as_slice() {
        // Rows of cells (`....`, `..#/...`) are a board even where a file or directory of that
        // name exists (`.` and `..` always do).
        [w] if w.chars().all(|c| matches!(c, '.' | '#' | '/')) && Board::parse(w).is_ok() => Board::parse(w)?,
        // Then a file: its name may contain an `x` (board.txt) that is no size.
        [w] if std::path::Path::new(w).is_file() => {
            let text =
                crate::files::read_regular_text(std::path::Path::new(w), MAX_BOARD_FILE_BYTES, "cram board file")?;
            Board::parse(&text)?
        }
        [w] => match parse_size(w, MAX_CELLS) {
            Some(size) => {
                let (r, c) = size?;
                Board::rectangle(r, c)
            }
            None if w.chars().all(|c| matches!(c, '.' | '#' | '/')) && !std::path::Path::new(w).exists() => {
                Board::parse(w)?
            }
            None => {
                let text =
                    crate::files::read_regular_text(std::path::Path::new(w), MAX_BOARD_FILE_BYTES, "cram board file")?;
                Board::parse(&text)?
            }
        },
        _ => return input("cram takes one board: ROWSxCOLUMNS (e.g. 4x5), a board file, or rows like `..#/...`"),
    };
    // The tables' cap comes from the memory budget (the small-region table is a sixteenth of
    // the main one); --max-states bounds the positions they hold, with an error.
    // A region database file's records take memory beside the tables (kept, and joined by the
    // tables' nimbers at each save, `RECORD_SAVE_BYTES`): the tables get what they leave.
    let database = table_file
        .as_ref()
        .and_then(|p| std::fs::metadata(p).ok())
        .map_or(0, |m| records_in_file(m.len()) * (RECORD_KEPT_BYTES + RECORD_SAVE_BYTES));
    let bytes = crate::solve::search::table_bytes(&settings.control).saturating_sub(database) / 17 * 16;
    let config = CramConfig {
        use_transpose: board.w == board.h,
        killers: CramConfig::killers_for(board.h as u32, board.w as u32),
        low_first_values: CramConfig::low_first_values_for(board.h as u32, board.w as u32),
        table_entries: entries_within(bytes, PackedTable::ENTRY_BYTES),
        max_states: settings.max_table_states,
        ..CramConfig::default()
    };
    let control = settings.control.clone();
    let jobs = crate::solve::search::threads(settings.jobs);
    let mut search = if jobs <= 1 {
        let mut one = CramSearch::for_board(board.w as u32, board.h as u32, config);
        one.control = control.clone();
        Searcher::One(Box::new(one))
    } else {
        Searcher::Team(Box::new(ParallelCram::for_board(board.w as u32, board.h as u32, config, jobs, &control)?))
    };
    if let Some(path) = &table_file
        && path.exists()
    {
        // The file's bytes, accounted against the memory budget before they are read (its
        // nimbers then go into the tables, whose cap the budget already set).
        crate::files::reserve_for(path, 1, &control)?;
        let n = search.load(path, board.w as u32, board.h as u32)?;
        if stats {
            control.message(format!("table file {}: {n} region nimbers read", path.display()));
        }
    }
    if let Some(path) = &table_file {
        search.set_autosave(Some(Autosave::new(path.clone(), save_every)));
    }
    // The winning moves alongside the nimber need a team, and a table file is saved right
    // after the nimber (before the moves): then the two are searched one after the other.
    let moves_alongside = settings.moves_follow && jobs > 1 && table_file.is_none();
    let engine = CramEngine {
        search,
        control,
        stats,
        table_file,
        elapsed: std::time::Duration::ZERO,
        tested: None,
        ladder: ladder(&board),
        moves_alongside,
        alongside: false,
        pending: None,
        stats_owed: false,
    };
    Ok(Box::new(Instance::new("cram", engine, board)))
}

/// The options `boards` (all of one rectangle's size) grouped by the symmetries of that
/// rectangle (4, or 8 when it is square): one board per class, in the order first met, and for
/// each option the index of its class.
fn symmetry_classes(start: &Board, boards: impl Iterator<Item = Board>) -> (Vec<u64>, Vec<usize>) {
    let images = if start.w == start.h { 8 } else { 4 };
    let mut distinct: Vec<u64> = Vec::new();
    let mut keys: Vec<u64> = Vec::new();
    let mut class = Vec::new();
    for b in boards {
        let key = (0..images).map(|s| b.image(s).bits).min().unwrap_or(b.bits);
        match keys.iter().position(|&k| k == key) {
            Some(i) => class.push(i),
            None => {
                class.push(keys.len());
                keys.push(key);
                distinct.push(b.bits);
            }
        }
    }
    (distinct, class)
}

/// The moves whose class (`class[i]` for move i) has `yes[class]`.
fn winners(moves: Vec<Move<Board>>, class: &[usize], yes: &[bool]) -> Vec<Move<Board>> {
    moves
        .into_iter()
        .zip(class)
        .filter(|&(_, &c)| yes[c])
        .map(|(m, _)| m)
        .collect()
}

/// Cram valued by the dedicated bitboard engine ([`CramSearch`]), as an [`Engine`] of the
/// generic adapter (shared by every position reached from the start). On a team, when the
/// start's winning moves will be asked after its value ([`Settings::moves_follow`]), they are
/// searched alongside the start's nimber on a thread of their own: the nimber is
/// returned as soon as it is known, the moves when asked.
pub struct CramEngine {
    search: Searcher,
    /// Cancellation, memory budget and the observer of progress and messages.
    control: crate::control::Control,
    /// Report the engine's counters (messages to the observer of the search's control) after the
    /// start's value.
    stats: bool,
    /// `--table FILE` (or `--tt FILE`): the region database, saved there after the start's
    /// value (also when interrupted) and every `--save-minutes` during the search.
    table_file: Option<std::path::PathBuf>,
    /// Time of the last value (or test).
    elapsed: std::time::Duration,
    /// The k of the last question when it was a test "g = k?" ([`Engine::has_value`]), for the
    /// counters' report.
    tested: Option<u8>,
    /// The smaller boards of a long thin start board (its short side by 1, 2, … columns of its
    /// long side, smallest first), valued before it in the same tables ([`CramEngine::climb`]);
    /// empty once climbed, and for other boards.
    ladder: Vec<u64>,
    /// The first nimber asked (the start's) is searched together with the start's winning
    /// moves ([`ParallelCram::nimber_and_zero_options`]): `value` asks for them next.
    moves_alongside: bool,
    /// Whether it did (for the counters' report).
    alongside: bool,
    /// The winning-move pass still running after the start's nimber was returned (its thread
    /// holds the team until [`CramEngine::settle`] takes it back).
    pending: Option<(Pending, PassThread)>,
    /// The counters' report after the start's value waits for the pending pass (the team is
    /// busy with it).
    stats_owed: bool,
}

/// The start's winning-move pass, running on its own thread with the team after the nimber
/// was returned.
struct Pending {
    /// The start board.
    board: Board,
    /// Its moves, and for each the index of its symmetry class.
    moves: Vec<Move<Board>>,
    class: Vec<usize>,
    /// The number of classes.
    classes: usize,
    /// When the pass (with the nimber) started.
    clock: std::time::Instant,
}

/// The thread of a [`Pending`] pass: gives back the team, the nimber and whether each class has
/// value 0.
type PassThread = std::thread::JoinHandle<(Box<ParallelCram>, PassResult)>;

/// What a [`Pending`] pass found: the nimber, and for each class whether it has value 0.
type PassResult = Result<(u8, Vec<bool>)>;

impl CramEngine {
    /// Value the smaller boards of the ladder (if not yet done), so that the start board's
    /// search finds the regions they proved in its table.
    fn climb(&mut self) -> Result<()> {
        let steps = std::mem::take(&mut self.ladder);
        if steps.is_empty() {
            return Ok(());
        }
        let clock = std::time::Instant::now();
        let nodes = self.search.stats().nodes;
        for (i, &cells) in steps.iter().enumerate() {
            self.search.nimber(cells)?;
            self.control.progress("smaller boards", i as u64 + 1, None);
        }
        self.control.finished("smaller boards");
        if self.stats {
            self.control.message(format!(
                "search: the {} smaller boards first in {:.3} s, {} nodes",
                steps.len(),
                clock.elapsed().as_secs_f64(),
                self.search.stats().nodes - nodes
            ));
        }
        Ok(())
    }

    /// Wait for the pending winning-move pass, if any, and take the team back; the pass and
    /// its answers.
    fn settle(&mut self) -> Option<(Pending, PassResult)> {
        let (p, handle) = self.pending.take()?;
        let (team, r) = match handle.join() {
            Ok(x) => x,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        self.search = Searcher::Team(team);
        if p.classes > 0 {
            self.control.finished("moves decided");
        }
        if std::mem::take(&mut self.stats_owed) && r.is_ok() {
            let line = self.stats_line();
            self.control.message(line);
        }
        Some((p, r))
    }

    /// The start's nimber with its winning moves searched alongside on the team (see
    /// [`ParallelCram::nimber_and_zero_options`]): returns as soon as the nimber is known and
    /// leaves the moves to [`CramEngine::settle`].
    fn nimber_with_moves(&mut self, board: &Board) -> Result<u8> {
        let mut team = match std::mem::replace(&mut self.search, Searcher::Lent) {
            Searcher::Team(team) => team,
            // Only a team searches the moves alongside (the builder makes sure of it).
            other => {
                self.search = other;
                return self.search.nimber(board.bits);
            }
        };
        let clock = std::time::Instant::now();
        let moves = Cram.moves(board);
        let (distinct, class) = symmetry_classes(board, moves.iter().map(|m| m.position));
        let classes = distinct.len();
        let (tx, rx) = std::sync::mpsc::channel();
        let control = self.control.clone();
        let cells = board.bits;
        let handle = std::thread::Builder::new()
            .name("cram-moves".into())
            .spawn(move || {
                let done = |n: u64| control.progress("moves decided", n, Some(classes as u64));
                let on_nimber = |v: u8| {
                    let _ = tx.send(v);
                };
                let r = team.nimber_and_zero_options(cells, &distinct, &on_nimber, &done);
                (team, r)
            });
        let handle = match handle {
            Ok(h) => h,
            Err(e) => {
                // The team went with the closure that could not start: nothing to recover.
                return Err(crate::error::Error::Unsupported(format!(
                    "cannot start the search thread: {e}"
                )));
            }
        };
        let pass = Pending {
            board: *board,
            moves,
            class,
            classes,
            clock,
        };
        self.pending = Some((pass, handle));
        match rx.recv() {
            Ok(v) => {
                if v == 0 {
                    // No winning move: the pass stops at once.
                    if let Some((_, r)) = self.settle() {
                        r?;
                    }
                }
                Ok(v)
            }
            // The thread failed before the nimber was known: its error.
            Err(_) => match self.settle() {
                Some((_, r)) => r.map(|(v, _)| v),
                None => unreachable!("the pass was pending"),
            },
        }
    }

    /// The report of the engine's counters after the start's value.
    fn stats_line(&self) -> String {
        let s = self.search.stats();
        let per_thread = match &self.search {
            Searcher::Team(t) => {
                let n: Vec<String> = t.thread_nodes().iter().map(u64::to_string).collect();
                format!(" ({} per thread)", n.join(" + "))
            }
            _ => String::new(),
        };
        let saves = match self.search.autosave() {
            Some(a) if a.saves > 0 => format!(
                "; the region database saved {} time{} during the search, {:.1} s in all",
                a.saves,
                if a.saves == 1 { "" } else { "s" },
                a.spent.as_secs_f64()
            ),
            _ => String::new(),
        };
        format!(
            "search: {} in {:.3} s ({} thread{}{}), {} nodes{per_thread}, {} symmetric, {} bound cuts, {} table cutoffs; table {} entries (cap {}), {} lookups, {} hits, {} stores, {} replaced{saves}",
            match self.tested {
                Some(k) => format!("test g = {k}"),
                None => "nimber".to_string(),
            },
            self.elapsed.as_secs_f64(),
            self.search.jobs(),
            if self.search.jobs() == 1 { "" } else { "s" },
            if self.alongside { ", counters with the winning moves searched alongside" } else { "" },
            s.nodes,
            s.symmetric,
            s.bound_cuts,
            s.cutoffs,
            s.table.entries,
            s.table.capacity,
            s.table.lookups,
            s.table.hits,
            s.table.stores,
            s.table.replaced
        )
    }
}

impl Engine for CramEngine {
    type Game = Cram;

    fn game(&self) -> &Cram {
        &Cram
    }

    fn nimber(&mut self, board: &Board) -> Result<Nimber> {
        if let Some((_, r)) = self.settle() {
            r?;
        }
        self.climb()?;
        let clock = std::time::Instant::now();
        self.tested = None;
        let v = if std::mem::take(&mut self.moves_alongside) {
            // Only the first nimber asked: the start's.
            self.alongside = true;
            self.nimber_with_moves(board)
        } else {
            self.search.nimber(board.bits)
        };
        self.elapsed = clock.elapsed();
        Ok(Nimber(u64::from(v?)))
    }

    fn moves_to_value(&mut self, board: &Board, target: Nimber) -> Result<Vec<Move<Board>>> {
        if let Some((pass, r)) = self.settle() {
            let (_, yes) = r?;
            if pass.board == *board && target == Nimber(0) {
                if self.stats {
                    self.control.message(format!(
                        "search: moves to value 0 searched alongside the nimber, ready {:.3} s after the start: {} options, {} up to symmetry",
                        pass.clock.elapsed().as_secs_f64(),
                        pass.moves.len(),
                        pass.classes
                    ));
                }
                return Ok(winners(pass.moves, &pass.class, &yes));
            }
        }
        let Ok(k) = u8::try_from(target.0) else {
            return Ok(Vec::new());
        };
        let clock = std::time::Instant::now();
        let nodes_before = self.search.stats().nodes;
        let moves = Cram.moves(board);
        // Options that are images of each other under a symmetry of the board's rectangle are
        // the same position: each class is decided once (by one thread), then shared out.
        let (distinct, class) = symmetry_classes(board, moves.iter().map(|m| m.position));
        let total = distinct.len() as u64;
        let control = &self.control;
        let done = |n: u64| control.progress("moves decided", n, Some(total));
        let yes = self.search.boards_with_value(&distinct, k, &done);
        if total > 0 {
            control.finished("moves decided");
        }
        let yes = yes?;
        if self.stats {
            self.control.message(format!(
                "search: moves to value {k} in {:.3} s: {} options, {} up to symmetry, {} nodes",
                clock.elapsed().as_secs_f64(),
                moves.len(),
                distinct.len(),
                self.search.stats().nodes - nodes_before
            ));
        }
        Ok(winners(moves, &class, &yes))
    }

    fn shows_components(&self) -> bool {
        false
    }

    fn has_value(&mut self, board: &Board, k: Nimber) -> Result<bool> {
        if let Some((_, r)) = self.settle() {
            r?;
        }
        // A test is no value: the winning moves are not searched alongside it.
        self.moves_alongside = false;
        // A nimber is at most the number of moves: a k past u8 is answered no.
        let Ok(k) = u8::try_from(k.0) else {
            return Ok(false);
        };
        self.climb()?;
        let clock = std::time::Instant::now();
        let yes = self.search.has_value(board.bits, k);
        self.elapsed = clock.elapsed();
        self.tested = Some(k);
        yes
    }

    fn after_start_value(&mut self, answered: bool) -> Result<()> {
        if let Some(path) = &self.table_file {
            let n = self.search.save(path)?;
            if self.stats || !answered {
                self.control
                    .message(format!("table file {}: {n} region nimbers saved", path.display()));
            }
        }
        if self.stats && answered {
            if self.pending.is_some() {
                // The team is still on the winning moves: the report follows them.
                self.stats_owed = true;
            } else {
                let line = self.stats_line();
                self.control.message(line);
            }
        }
        Ok(())
    }
}

/// The Cram engine on one thread or on several ([`ParallelCram`]), as `--jobs` says.
enum Searcher {
    One(Box<CramSearch>),
    Team(Box<ParallelCram>),
    /// The team is on a winning-move pass's thread ([`CramEngine::nimber_with_moves`]);
    /// [`CramEngine::settle`] puts it back before any other use (it stays lent only when that
    /// thread could not start: then every question fails with an error).
    Lent,
}

/// The error of a searcher whose team was lost: [`CramEngine::settle`] takes the team back
/// before any other use, so only a pass whose thread could not start leaves it lent.
fn team_lost() -> crate::error::Error {
    crate::error::Error::Unsupported("the search threads were lost (a thread could not be started)".into())
}

impl Searcher {
    fn jobs(&self) -> usize {
        match self {
            Searcher::One(_) => 1,
            Searcher::Team(t) => t.jobs(),
            Searcher::Lent => 0,
        }
    }

    fn nimber(&mut self, cells: u64) -> Result<u8> {
        match self {
            Searcher::One(s) => s.nimber(cells),
            Searcher::Team(t) => t.nimber(cells),
            Searcher::Lent => Err(team_lost()),
        }
    }

    /// Whether the board `cells` has nimber `k`.
    fn has_value(&mut self, cells: u64, k: u8) -> Result<bool> {
        match self {
            Searcher::One(s) => s.has_value(cells, k),
            Searcher::Team(t) => t.has_value(cells, k),
            Searcher::Lent => Err(team_lost()),
        }
    }

    /// For each board, whether it has nimber `k` (`done(n)` as they are decided).
    fn boards_with_value(&mut self, boards: &[u64], k: u8, done: &(dyn Fn(u64) + Sync)) -> Result<Vec<bool>> {
        match self {
            Searcher::One(s) => {
                let mut out = Vec::with_capacity(boards.len());
                for (i, &b) in boards.iter().enumerate() {
                    out.push(s.has_value(b, k)?);
                    done(i as u64 + 1);
                }
                Ok(out)
            }
            Searcher::Team(t) => t.boards_with_value(boards, k, done),
            Searcher::Lent => Err(team_lost()),
        }
    }

    fn stats(&self) -> CramStats {
        match self {
            Searcher::One(s) => s.stats(),
            Searcher::Team(t) => t.stats(),
            Searcher::Lent => CramStats::default(),
        }
    }

    fn save(&mut self, path: &std::path::Path) -> Result<usize> {
        match self {
            Searcher::One(s) => s.save(path),
            Searcher::Team(t) => t.save(path),
            Searcher::Lent => Err(team_lost()),
        }
    }

    fn load(&mut self, path: &std::path::Path, cols: u32, rows: u32) -> Result<usize> {
        match self {
            Searcher::One(s) => s.load(path, cols, rows),
            Searcher::Team(t) => t.load(path, cols, rows),
            Searcher::Lent => Err(team_lost()),
        }
    }

    fn autosave(&self) -> Option<&Autosave> {
        match self {
            Searcher::One(s) => s.autosave.as_ref(),
            Searcher::Team(t) => t.autosave(),
            Searcher::Lent => None,
        }
    }

    fn set_autosave(&mut self, plan: Option<Autosave>) {
        match self {
            Searcher::One(s) => s.autosave = plan,
            Searcher::Team(t) => t.set_autosave(plan),
            Searcher::Lent => {}
        }
    }
}

/// Registry entry of Cram (`cram`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "cram",
    aliases: &[],
    summary: "Cram: place a domino on two empty adjacent cells; who cannot move loses",
    rules: "A board of empty and blocked cells. A move places a domino on two empty cells that \
            are side by side (horizontally or vertically). The player who cannot move loses. \
            Cells are named by column letter and row number from the top-left (a1). Solved by \
            the search engine (components, symmetry, outcome search); --stats prints its counters; \
            --table FILE (or --tt FILE) is a region database: the nimbers of regions proved \
            before, by any board, are read from FILE (if it exists) and every nimber proved is \
            added to it after the value, also when stopped by Ctrl-C or SIGTERM, and every 10 \
            minutes during the search (--save-minutes M), so a run killed without warning loses \
            at most that (written whole and atomically, keys that do not depend on the board, a \
            checksum: a damaged file or one of another version is refused). So `cram 3x19 \
            --table F` then `cram 3x20 --table F` reuses the regions of 3x19. An empty board of 3 rows (or columns) and 19 or more columns (or \
            rows) values its smaller boards first, smallest first, in the same tables: they are \
            what its search asks for after a move.",
    syntax: "ROWSxCOLUMNS | FILE | ROWS   a rectangle, a file of `.`/`#` rows, or rows joined by `/` (at most 64 cells)",
    example: "cram 4x5",
    hard_example: "cram 8x8",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
        editor: super::Editor::Board { cells: ".#" },
        options: &[
            super::GameOption::STATS,
            super::GameOption {
                name: "table",
                value: Some("FILE"),
                help: "the region database to start from and add to (shared by every board)",
            },
            super::GameOption {
                name: "tt",
                value: Some("FILE"),
                help: "the same as --table",
            },
            super::GameOption {
                name: "save-minutes",
                value: Some("M"),
                help: "with --table: save the region database every M minutes during the search too (default 10)",
            },
        ],
        board_search: true,
        region_database: Some("table"),
        ..Capabilities::NONE
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Convention;
    use crate::solve::Solver;
    use crate::solve::search::Search;

    #[test]
    fn symmetry_and_components_keep_values() {
        for (h, w) in [(1, 5), (2, 3), (3, 3), (2, 4), (3, 4)] {
            let b = Board::rectangle(h, w);
            let plain = Solver::plain(Cram).nimber(&b).unwrap();
            assert_eq!(Search::new(Cram).nimber(&b).unwrap(), plain, "{h}x{w}");
            for s in 0..8 {
                assert_eq!(Solver::plain(Cram).nimber(&b.image(s)).unwrap(), plain);
            }
        }
    }

    /// `value --is K` (the engine's own test "g = k?", on one thread and on two) against the plain
    /// solver's value, for every k up to two past it, on every board of at most 12 cells and on
    /// boards with cells taken; with a table file the regions the test proved are saved and the
    /// board's value read back from them agrees.
    #[test]
    fn the_test_of_a_value_agrees_with_the_plain_value() {
        let dir = std::env::temp_dir().join(format!("grundy-cram-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut boards: Vec<String> = Vec::new();
        for h in 1..=3 {
            for w in h..=(12 / h).min(6) {
                boards.push(format!("{h}x{w}"));
            }
        }
        boards.extend(["#.../..../...#", ".##./..../.#..", "##.../...../..#.."].map(String::from));
        for board in &boards {
            let words = crate::games::words(&format!("cram {board}"));
            let start = crate::query::position(&words, Convention::Normal, &Settings::default()).unwrap();
            let plain = Solver::plain(Cram).nimber(&Board::parse(&start.text()).unwrap()).unwrap().0;
            for jobs in [1, 2] {
                let settings = Settings {
                    jobs,
                    ..Settings::default()
                };
                for k in 0..plain + 3 {
                    let r = crate::query::has_value(&words, Convention::Normal, Nimber(k), &settings).unwrap();
                    assert_eq!(r.answer, k == plain, "cram {board} --is {k} on {jobs} threads");
                }
            }
            let table = dir.join("t.db");
            let _ = std::fs::remove_file(&table);
            let mut with_table = words.clone();
            with_table.extend(["--table".to_string(), table.display().to_string()]);
            let r = crate::query::has_value(&with_table, Convention::Normal, Nimber(plain), &Settings::default()).unwrap();
            assert!(r.answer);
            assert!(table.exists(), "cram {board}: the test saved its regions");
            let again = crate::query::value(&with_table, Convention::Normal, false, &Settings::default()).unwrap();
            assert_eq!(again.value, crate::value::Value::Finite(Nimber(plain)), "cram {board} from the table");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The ladder of a long thin rectangle is its smaller rectangles, in its corner, smallest
    /// first (along either side); other boards have none; and the values found after climbing
    /// it in the same search are the published ones (3×10 … 3×13 both ways round, on one
    /// thread and on two).
    #[test]
    fn the_ladder_climbs_the_smaller_boards_and_keeps_the_values() {
        assert_eq!(ladder(&Board::rectangle(3, 20)).len(), 19);
        assert!(ladder(&Board::rectangle(3, 18)).is_empty());
        let ladder = |b: &Board| ladder_from(b, 10);
        let steps = ladder(&Board::rectangle(3, 12));
        assert_eq!(steps.len(), 11);
        for (k, &bits) in steps.iter().enumerate() {
            let b = Board { bits, ..Board::rectangle(3, 12) };
            assert_eq!(b.cropped(), Board::rectangle(3, k + 1), "3x12, step {k}");
            assert_eq!(bits & 1, 1, "in the corner");
        }
        let tall = ladder(&Board::rectangle(12, 3));
        for (k, &bits) in tall.iter().enumerate() {
            let b = Board { bits, ..Board::rectangle(12, 3) };
            assert_eq!(b.cropped(), Board::rectangle(k + 1, 3), "12x3, step {k}");
        }
        assert!(ladder(&Board::rectangle(4, 12)).is_empty());
        assert!(ladder(&Board::rectangle(3, 9)).is_empty());
        let mut holed = Board::rectangle(3, 12);
        holed.bits &= !2;
        assert!(ladder(&holed).is_empty());
        let published = [1, 1, 0, 1, 1, 4, 1, 3, 1, 2, 0, 1, 2];
        let control = crate::control::Control::default();
        for n in 10..=13 {
            for (board, jobs) in [(Board::rectangle(3, n), 1), (Board::rectangle(n, 3), 2)] {
                let config = CramConfig {
                    table_entries: 1 << 16,
                    ..CramConfig::default()
                };
                let mut search = if jobs == 1 {
                    Searcher::One(Box::new(CramSearch::for_board(board.w as u32, board.h as u32, config)))
                } else {
                    let team = ParallelCram::for_board(board.w as u32, board.h as u32, config, jobs, &control).unwrap();
                    Searcher::Team(Box::new(team))
                };
                for (k, &cells) in ladder(&board).iter().enumerate() {
                    assert_eq!(search.nimber(cells).unwrap(), published[k], "{n}: step 3x{}", k + 1);
                }
                assert_eq!(search.nimber(board.bits).unwrap(), published[n - 1], "{}x{}", board.h, board.w);
            }
        }
    }

    #[test]
    fn symmetric_options_share_a_class_and_a_value() {
        for (h, w) in [(3, 4), (3, 3), (2, 5)] {
            let b = Board::rectangle(h, w);
            let options: Vec<Board> = Cram.moves(&b).into_iter().map(|m| m.position).collect();
            let (distinct, class) = symmetry_classes(&b, options.iter().copied());
            assert!(distinct.len() < options.len(), "{h}x{w}");
            for (o, &c) in options.iter().zip(&class) {
                let rep = Board { bits: distinct[c], ..b };
                assert_eq!(
                    Solver::plain(Cram).nimber(o).unwrap(),
                    Solver::plain(Cram).nimber(&rep).unwrap(),
                    "{} {}",
                    o.format(),
                    rep.format()
                );
            }
        }
        // 3×4: 17 dominoes, 6 classes under the 4 symmetries of the rectangle.
        let b = Board::rectangle(3, 4);
        let (distinct, _) = symmetry_classes(&b, Cram.moves(&b).into_iter().map(|m| m.position));
        assert_eq!(distinct.len(), 6);
    }

    #[test]
    fn parse_and_format_round_trip() {
        let b = Board::parse("..#/...").unwrap();
        assert_eq!(b.format(), "..#/...");
        assert!(Board::parse("..x").is_err());
        assert!(Board::parse("../...").is_err());
    }
}
