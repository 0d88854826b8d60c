//! The maze game (the handbook): a figure on a board of floor and wall cells moves any number
//! of cells left or any number of cells up, never onto or through a wall; the last mover wins.
//! Each floor cell behaves like a Nim heap of its Grundy value.
//!
//! Board files are text: `#` wall, `.` floor, `@` the figure (on floor), one line per row, top
//! row first. Coordinates are those of the handbook's pictures: x counts columns from 0 at the
//! left, y counts rows from 0 at the BOTTOM (y grows upwards), so the handbook's bottom-right
//! start is (4,0) on a 5×5 board. A cell has at most width + height options.
//!
//! Positions are valued by [`MazeEngine`], which fills the whole board's table of values in one
//! sweep ([`Maze::values`]): column by column from the left, each column from the top row down,
//! so a cell's options (to its left in its row, above it in its column) are known when it is
//! reached (or row by row from the top, each from the left, when the board is taller than
//! wide). Each row and each column keeps the set of values of the floor run it is in (a bit
//! set, emptied at a wall), and a cell's value is the first value in neither set. Cost: O(cells)
//! time plus one scan of 64 values per word for each mex, memory one `u32` per cell plus
//! min(width, height) bit sets of at most width + height bits; no recursion, so a one-row maze of 100001 cells (a cell with 100000 options)
//! answers at once. The sweep is checked against the generic solver on every small board.
//!
//! Sources, by their names in `docs/sources.md`: \[Handbook\].

use crate::error::{Error, Result, input};
use crate::game::{Game, Move};
use crate::games::{Capabilities, GameEntry};
use crate::settings::Settings;
use crate::position::{AnyPosition, Instance};

/// A board: `wall[row][col]` with row 0 at the top of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maze {
    width: usize,
    height: usize,
    wall: Vec<Vec<bool>>,
}

/// A cell in the handbook's coordinates: x from the left, y from the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column, from 0 at the left.
    pub x: usize,
    /// Row, from 0 at the bottom (y grows upwards, as in the handbook's pictures).
    pub y: usize,
}

/// Largest board accepted (cells), so that every cell fits the solver's default limits.
pub const MAX_CELLS: usize = 4_000_000;

impl Maze {
    /// Parse a board; returns it and the figure's cell if the text has an `@`.
    pub fn parse(text: &str) -> Result<(Maze, Option<Cell>)> {
        let lines: Vec<&str> = text.lines().map(|l| l.trim_end()).collect();
        let first = lines.iter().position(|l| !l.is_empty());
        let last = lines.iter().rposition(|l| !l.is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            return input("the maze file is empty: write rows of `#` (wall), `.` (floor) and one `@` (the figure)");
        };
        let rows = &lines[first..=last];
        let width = rows[0].chars().count();
        let mut wall = Vec::with_capacity(rows.len());
        let mut at = None;
        for (r, line) in rows.iter().enumerate() {
            let lineno = first + r + 1;
            let n = line.chars().count();
            if n != width {
                return input(format!(
                    "maze line {lineno} has {n} cells but line {} has {width}: every row must have the same width",
                    first + 1
                ));
            }
            let mut row = Vec::with_capacity(width);
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '#' => row.push(true),
                    '.' => row.push(false),
                    '@' => {
                        if at.is_some() {
                            return input(format!("maze line {lineno}: a second `@`; the board has one figure"));
                        }
                        at = Some((r, c));
                        row.push(false);
                    }
                    other => {
                        return input(format!(
                            "maze line {lineno}, column {}: `{other}` is not a cell; use `#` (wall), `.` (floor) or `@` (the figure)",
                            c + 1
                        ));
                    }
                }
            }
            wall.push(row);
        }
        let height = wall.len();
        if width * height > MAX_CELLS {
            return input(format!(
                "the maze has {} cells: at most {MAX_CELLS} are accepted",
                width * height
            ));
        }
        let maze = Maze { width, height, wall };
        let at = at.map(|(r, c)| maze.cell(r, c));
        Ok((maze, at))
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    fn cell(&self, row: usize, col: usize) -> Cell {
        Cell {
            x: col,
            y: self.height - 1 - row,
        }
    }

    /// Whether the cell is a wall (cells outside the board count as walls).
    pub fn is_wall(&self, c: Cell) -> bool {
        c.x >= self.width || c.y >= self.height || self.wall[self.height - 1 - c.y][c.x]
    }

    /// Every floor cell, top row first, left to right.
    pub fn floor(&self) -> Vec<Cell> {
        let mut out = Vec::new();
        for y in (0..self.height).rev() {
            for x in 0..self.width {
                let c = Cell { x, y };
                if !self.is_wall(c) {
                    out.push(c);
                }
            }
        }
        out
    }
}

/// A set of small naturals, one bit each, emptied in O(1) amortised (only words that were used
/// are cleared).
#[derive(Clone, Default)]
struct Bits {
    words: Vec<u64>,
}

impl Bits {
    fn insert(&mut self, v: u32) {
        let w = v as usize / 64;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (v % 64);
    }

    fn clear(&mut self) {
        self.words.clear();
    }

    /// The least value in neither `self` nor `other`.
    fn mex_with(&self, other: &Bits) -> u32 {
        let n = self.words.len().max(other.words.len());
        for i in 0..=n {
            let w = self.words.get(i).copied().unwrap_or(0) | other.words.get(i).copied().unwrap_or(0);
            if w != u64::MAX {
                return (i * 64) as u32 + w.trailing_ones();
            }
        }
        unreachable!("word n is empty")
    }
}

impl Maze {
    /// The value of every cell, indexed `[y * width + x]` (walls hold 0): one sweep, see the
    /// module documentation. `control` can cancel it (polled once per column).
    pub fn values(&self, control: &crate::control::Control) -> Result<Vec<u32>> {
        let (w, h) = (self.width, self.height);
        let mut out = vec![0u32; w * h];
        // The sweep keeps one set per line across the board and one for the line it walks along:
        // walking columns it keeps a set per row, walking rows a set per column. It walks along
        // the longer side, so it keeps at most min(w, h) sets of at most w + h bits each.
        let by_columns = w >= h;
        let (outer, inner) = if by_columns { (w, h) } else { (h, w) };
        let mut kept: Vec<Bits> = vec![Bits::default(); inner];
        let mut walking = Bits::default();
        for i in 0..outer {
            control.check()?;
            walking.clear();
            for (j, row_set) in kept.iter_mut().enumerate() {
                // Columns left to right, each from the top row down; or rows from the top down,
                // each from the left: either way a cell's options are already valued.
                let c = if by_columns {
                    Cell { x: i, y: h - 1 - j }
                } else {
                    Cell { x: j, y: h - 1 - i }
                };
                if self.is_wall(c) {
                    walking.clear();
                    row_set.clear();
                    continue;
                }
                let v = row_set.mex_with(&walking);
                out[c.y * w + c.x] = v;
                row_set.insert(v);
                walking.insert(v);
            }
        }
        Ok(out)
    }
}

/// The engine of maze positions: the whole board's values from one sweep ([`Maze::values`]),
/// made on the first question and shared by every position of the board.
pub struct MazeEngine {
    maze: Maze,
    values: Option<Vec<u32>>,
    control: crate::control::Control,
}

impl MazeEngine {
    /// The engine of `maze`; `control` can cancel the sweep.
    pub fn new(maze: Maze, control: crate::control::Control) -> Self {
        MazeEngine {
            maze,
            values: None,
            control,
        }
    }

    /// The value of `cell` (a floor cell of the board).
    pub fn value_of(&mut self, cell: Cell) -> Result<u32> {
        if self.maze.is_wall(cell) {
            return input(format!("cell {},{} is a wall or off the board", cell.x, cell.y));
        }
        if self.values.is_none() {
            self.values = Some(self.maze.values(&self.control)?);
        }
        let values = self.values.as_ref().expect("just made");
        Ok(values[cell.y * self.maze.width + cell.x])
    }
}

impl crate::position::Engine for MazeEngine {
    type Game = Maze;

    fn game(&self) -> &Maze {
        &self.maze
    }

    fn nimber(&mut self, cell: &Cell) -> Result<crate::nimber::Nimber> {
        Ok(crate::nimber::Nimber(u64::from(self.value_of(*cell)?)))
    }

    fn moves_to_value(&mut self, cell: &Cell, target: crate::nimber::Nimber) -> Result<Vec<Move<Cell>>> {
        let mut out = Vec::new();
        for m in self.maze.moves(cell) {
            if u64::from(self.value_of(m.position)?) == target.0 {
                out.push(m);
            }
        }
        Ok(out)
    }
}

impl Game for Maze {
    type Position = Cell;

    fn options(&self, c: &Cell, out: &mut Vec<Cell>) {
        out.extend(self.moves(c).into_iter().map(|m| m.position));
    }

    fn moves(&self, c: &Cell) -> Vec<Move<Cell>> {
        let mut out = Vec::new();
        for k in 1..=c.x {
            let to = Cell { x: c.x - k, y: c.y };
            if self.is_wall(to) {
                break;
            }
            out.push(Move::new(format!("{k} left"), to));
        }
        for k in 1..self.height - c.y {
            let to = Cell { x: c.x, y: c.y + k };
            if self.is_wall(to) {
                break;
            }
            out.push(Move::new(format!("{k} up"), to));
        }
        out
    }

    fn format(&self, c: &Cell) -> String {
        format!("{},{}", c.x, c.y)
    }
}

/// Parse `X,Y` (handbook coordinates).
pub fn parse_cell(word: &str) -> Result<Cell> {
    let bad = || {
        Error::Input(format!(
            "`{word}` is not a cell: write X,Y with x from the left and y up from the bottom row, both from 0"
        ))
    };
    let (x, y) = word.split_once(',').ok_or_else(bad)?;
    Ok(Cell {
        x: x.trim().parse().map_err(|_| bad())?,
        y: y.trim().parse().map_err(|_| bad())?,
    })
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let (file, at) = match words {
        [file] => (file, None),
        [file, at] => (file, Some(parse_cell(at)?)),
        _ => return input("maze takes a board file and optionally a cell: `maze FILE [X,Y]`"),
    };
    // The text and the parsed board, accounted against the memory budget before the read; a
    // byte-order mark (some Windows editors write one) is skipped like in every text file.
    crate::files::reserve_for(std::path::Path::new(file), 2, &settings.control)?;
    let text = crate::files::read_regular_text(std::path::Path::new(file), crate::files::MAX_INPUT_BYTES, "maze file")?;
    let (maze, figure) = Maze::parse(&text)?;
    let Some(start) = at.or(figure) else {
        return input(format!(
            "maze file {file} has no `@`: mark the figure or give its cell as X,Y"
        ));
    };
    if maze.is_wall(start) {
        return input(format!(
            "cell {},{} is a wall or off the {}×{} board; x from the left and y up from the bottom, both from 0",
            start.x, start.y, maze.width, maze.height
        ));
    }
    Ok(Box::new(Instance::new(
        format!("maze {file}"),
        MazeEngine::new(maze, settings.control.clone()),
        start,
    )))
}

/// `plot maze FILE [X,Y]`: the Grundy value of every floor cell (walls are `None`), the figure's
/// cell (or the one given) marked. Cost: one sweep of the whole board ([`Maze::values`]).
fn value_grid(words: &[String], settings: &Settings) -> Result<crate::games::ValueGrid> {
    let (file, at) = match words {
        [file] => (file, None),
        [file, at] => (file, Some(parse_cell(at)?)),
        _ => return input("plot maze takes a board file and optionally a cell: `plot maze FILE [X,Y]`"),
    };
    crate::files::reserve_for(std::path::Path::new(file), 2, &settings.control)?;
    let text = crate::files::read_regular_text(std::path::Path::new(file), crate::files::MAX_INPUT_BYTES, "maze file")?;
    let (board, figure) = Maze::parse(&text)?;
    let (w, h) = (board.width(), board.height());
    let values = board.values(&settings.control)?;
    let mut cells = vec![vec![None; w]; h];
    for (y, row) in cells.iter_mut().enumerate() {
        for (x, cell) in row.iter_mut().enumerate() {
            let c = Cell { x, y };
            if !board.is_wall(c) {
                *cell = Some(u64::from(values[y * w + x]));
            }
        }
    }
    Ok(crate::games::ValueGrid {
        title: format!("maze {file}: Grundy values"),
        x_label: "x (from the left)".into(),
        y_label: "y (from the bottom)".into(),
        xs: (0..w as i64).collect(),
        ys: (0..h as i64).collect(),
        cells,
        none_means: "wall".into(),
        mark: at.or(figure).map(|c| (c.x, c.y)),
    })
}

/// Registry entry of the maze game (`maze`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "maze",
    aliases: &[],
    summary: "maze game: move the figure any number of cells left or up, not through walls",
    rules: "A board of floor and wall cells with a figure on a floor cell. A move takes the \
            figure any number of cells to the left or any number of cells up, never onto or \
            across a wall or off the board. The last mover wins. Board files: `#` wall, `.` \
            floor, `@` the figure, top row first. Cells are written X,Y: x from 0 at the left, \
            y from 0 at the BOTTOM row, as in the handbook's pictures.",
    syntax: "FILE [X,Y]   a board file; X,Y overrides the `@`",
    example: "maze examples/mazes/handbook1.txt",
    hard_example: "maze examples/mazes/open200.txt",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
        editor: super::Editor::File {
            file: "maze.txt",
            cells: Some(".#@"),
            graph: false,
            undirected: false,
            example: include_str!("../../../../examples/mazes/handbook1.txt"),
        },
        reads_file: true,
        picture: Some(value_grid),
        ..Capabilities::NONE
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;

    /// Every board of up to 3×3 cells (each cell floor or wall) and a few random larger ones:
    /// the sweep equals the plain generic solver on every floor cell, and the engine's winning
    /// moves are the solver's.
    #[test]
    fn the_sweep_equals_the_plain_solver() {
        let mut boards = Vec::new();
        for (w, h) in [(1, 1), (1, 2), (2, 1), (2, 2), (3, 2), (2, 3), (3, 3), (4, 1), (1, 4)] {
            for mask in 0u32..(1 << (w * h)) {
                boards.push((w, h, mask as u64));
            }
        }
        let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..300 {
            let seed = next();
            boards.push((7, 6, seed & seed >> 3)); // about one wall in four
        }
        for (w, h, mask) in boards {
            let text: String = (0..h)
                .map(|r| (0..w).map(|c| if mask >> (r * w + c) & 1 == 1 { '#' } else { '.' }).collect::<String>() + "\n")
                .collect();
            let (maze, _) = Maze::parse(&text).unwrap();
            let mut plain = Solver::plain(maze.clone());
            let mut engine = MazeEngine::new(maze.clone(), Default::default());
            for c in maze.floor() {
                use crate::position::Engine;
                let v = plain.nimber(&c).unwrap();
                assert_eq!(engine.nimber(&c).unwrap(), v, "{text}{c:?}");
                assert_eq!(
                    engine.moves_to_value(&c, crate::nimber::Nimber::ZERO).unwrap(),
                    plain.moves_to_value(&c, crate::nimber::Nimber::ZERO).unwrap()
                );
            }
        }
    }

    /// A one-row board of 100001 cells: cell x is worth x (a Nim heap), found by the sweep.
    #[test]
    fn a_long_row_is_a_nim_heap() {
        let text = ".".repeat(100_001);
        let (maze, _) = Maze::parse(&text).unwrap();
        let values = maze.values(&Default::default()).unwrap();
        assert!(values.iter().enumerate().all(|(x, &v)| v as usize == x));
    }
}
