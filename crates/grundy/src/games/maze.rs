//! The maze game (the handbook): a figure on a board of floor and wall cells moves any number
//! of cells left or any number of cells up, never onto or through a wall; the last mover wins.
//! Each floor cell behaves like a Nim heap of its Grundy value.
//!
//! Board files are text: `#` wall, `.` floor, `@` the figure (on floor), one line per row, top
//! row first. Coordinates are those of the handbook's pictures: x counts columns from 0 at the
//! left, y counts rows from 0 at the BOTTOM (y grows upwards), so the handbook's bottom-right
//! start is (4,0) on a 5×5 board. A cell has at most width + height options.
//!
//! Sources, by their names in `docs/sources.md`: \[Handbook\].

use crate::error::{Error, Result, input};
use crate::game::{Game, Move};
use crate::games::{Capabilities, GameEntry, Settings};
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
    // The text and the parsed board, accounted against the memory budget before the read.
    crate::files::reserve_for(std::path::Path::new(file), 2, &settings.limits.control)?;
    let text = crate::files::read_regular(std::path::Path::new(file), crate::files::MAX_INPUT_BYTES, "maze file")?;
    let text = String::from_utf8(text).map_err(|_| Error::Input(format!("maze file {file} is not text")))?;
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
        settings.solver(maze),
        start,
    )))
}

/// `plot maze FILE [X,Y]`: the Grundy value of every floor cell (walls are `None`), the figure's
/// cell (or the one given) marked. Cost: one solve of the whole board (shared table).
fn value_grid(words: &[String], settings: &Settings) -> Result<crate::games::ValueGrid> {
    let (file, at) = match words {
        [file] => (file, None),
        [file, at] => (file, Some(parse_cell(at)?)),
        _ => return input("plot maze takes a board file and optionally a cell: `plot maze FILE [X,Y]`"),
    };
    crate::files::reserve_for(std::path::Path::new(file), 2, &settings.limits.control)?;
    let text = crate::files::read_regular_text(std::path::Path::new(file), crate::files::MAX_INPUT_BYTES, "maze file")?;
    let (board, figure) = Maze::parse(&text)?;
    let (w, h) = (board.width(), board.height());
    let mut solver = settings.solver(board.clone());
    let mut cells = vec![vec![None; w]; h];
    for (y, row) in cells.iter_mut().enumerate() {
        for (x, cell) in row.iter_mut().enumerate() {
            let c = Cell { x, y };
            if !board.is_wall(c) {
                *cell = Some(solver.nimber(&c)?.0);
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
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
        reads_file: true,
        picture: Some(value_grid),
        ..Capabilities::NONE
    },
};
