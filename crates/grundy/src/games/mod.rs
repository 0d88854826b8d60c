//! The rulesets, one module per family, and the registry that maps names typed on the command
//! line to games and says what each game can do ([`Capabilities`]). A new game is one new
//! module plus one line in the `registry!` list at the end of this file, which declares the
//! module and adds its entry to [`REGISTRY`] (docs/adding-a-game.md walks through it).

// Helpers shared by the games (not games themselves); the game modules are declared by
// `registry!` at the end of this file.
pub(crate) mod args;
pub mod graph_families;
pub mod graph_format;
pub mod heap;
pub mod misere;
#[cfg(feature = "rhai")]
pub mod script;

use crate::error::{Error, Result};
use crate::games::heap::HeapRules;
use crate::nimber::Nimber;
use crate::position::AnyPosition;
use crate::settings::Settings;
use crate::solve::periodicity::Periodicity;

/// Builds a position from the game name as typed and the words after it.
pub type BuildFn = fn(&str, &[String], &Settings) -> Result<Box<dyn AnyPosition>>;
/// Builds one-heap rules (for `seq`) from the name, the words after it, and the largest heap.
pub type HeapRulesFn = fn(&str, &[String], u64) -> Result<Box<dyn HeapRules>>;
/// The values g(n), for each n [`Asked`], of a one-number family that is not a heap game (the
/// 2×n strips of the triomino game, a graph family `grid 3x{n}`), from the words after the
/// name: each value handed to the callback as it is found (`grundy seq` collects them, a census
/// writes each as its row at once), the phrase naming the method returned. The largest n is
/// checked first, so a family too large to build is refused before any value is computed.
pub type SequenceFn = fn(
    &[String],
    Asked<'_>,
    &crate::control::Control,
    &mut dyn FnMut(u64, Nimber) -> Result<()>,
) -> Result<&'static str>;

/// The n a [`SequenceFn`] is asked for: every n of 0..=N (`grundy seq --to N`, which may be
/// far too many to list), or some n, increasing (the members of a census not done yet).
#[derive(Clone, Copy, Debug)]
pub enum Asked<'a> {
    /// Every n of 0..=N.
    UpTo(u64),
    /// These n, increasing.
    Only(&'a [u64]),
}

impl Asked<'_> {
    /// The largest n asked (`None`: none).
    pub fn last(&self) -> Option<u64> {
        match self {
            Asked::UpTo(to) => Some(*to),
            Asked::Only(ns) => ns.last().copied(),
        }
    }

    /// How many n are asked.
    pub fn count(&self) -> u64 {
        match self {
            Asked::UpTo(to) => to.saturating_add(1),
            Asked::Only(ns) => ns.len() as u64,
        }
    }

    /// The n asked, in increasing order.
    pub fn iter(&self) -> Box<dyn Iterator<Item = u64> + '_> {
        match self {
            Asked::UpTo(to) => Box::new(0..=*to),
            Asked::Only(ns) => Box::new(ns.iter().copied()),
        }
    }
}
/// For a family of a game's own sequence (the words after the name, `path {n}`): the heap game
/// (an octal code) whose heap n *is* the family's member n, with the reason in a few words, when
/// the game's module knows such a theorem; `grundy seq` then takes the heap game's engine and
/// its proof of the period.
pub type HeapFamilyFn = fn(&[String]) -> Option<(&'static str, &'static str)>;
/// The proved law of one row of a two-parameter table, from the row's fixed numbers.
pub type RowLawFn = fn(&[u64]) -> Option<Periodicity>;
/// Every value g(x, y) for 0 ≤ x ≤ xmax, 0 ≤ y ≤ ymax of a game whose position is two
/// numbers, computed as one table (faster than one search per cell).
pub type GridFn = fn(u64, u64, &crate::control::Control) -> Result<Vec<Vec<u64>>>;
/// A picture of values over the game's own board, from the words after the name.
pub type PictureFn = fn(&[String], &Settings) -> Result<ValueGrid>;

/// A grid of values to draw (`grundy plot GAME ...`): `cells[row][col]`, row 0 being `ys[0]`.
#[derive(Clone, Debug)]
pub struct ValueGrid {
    /// The picture's title.
    pub title: String,
    /// The horizontal axis' label.
    pub x_label: String,
    /// The vertical axis' label.
    pub y_label: String,
    /// The column coordinates.
    pub xs: Vec<i64>,
    /// The row coordinates.
    pub ys: Vec<i64>,
    /// The values; `None` is a cell without a position (a wall).
    pub cells: Vec<Vec<Option<u64>>>,
    /// What a `None` cell is, for the legend (e.g. "wall").
    pub none_means: String,
    /// A cell to outline, as (column, row) indices.
    pub mark: Option<(usize, usize)>,
}

/// What a game can do beyond building positions, so commands ask the registry instead of
/// naming games. Every field is optional: [`Capabilities::NONE`] is a game that only builds
/// positions (valued by the generic solver through [`crate::position::Instance`]).
#[derive(Clone, Copy, Debug)]
pub struct Capabilities {
    /// The position's first word is a file to read (fuzzers skip such games: runs would depend
    /// on the disk).
    pub reads_file: bool,
    /// The game's values come from a proved closed formula ([`Game::formula`]), not a search.
    pub closed_form: bool,
    /// Positions are solved by the board-search engine ([`crate::solve::search`]).
    pub board_search: bool,
    /// An empty position is written as no words at all (so its text may be empty).
    pub empty_text: bool,
    /// `seq` for a one-number family that is not a heap game.
    pub sequence: Option<SequenceFn>,
    /// `seq` of a family that is a heap game ([`HeapFamilyFn`]): values and period proved by the
    /// heap game's engine.
    pub heap_family: Option<HeapFamilyFn>,
    /// `table`: the proved law of a row (the row's periodic form is then proved).
    pub row_law: Option<RowLawFn>,
    /// `table`: the whole grid at once, for a game whose position is two numbers.
    pub grid: Option<GridFn>,
    /// `plot GAME ...`: a picture of values over the game's board.
    pub picture: Option<PictureFn>,
    /// How a front end lets a person write a position (the web explorer's editor).
    pub editor: Editor,
    /// The options the game's words take (`--stats`, `--tt FILE`, `--set S`), read by one
    /// shared parser ([`args::GameOptions::take`]) and listed by `grundy list`.
    pub options: &'static [GameOption],
    /// The option (one of [`Capabilities::options`], with a value) naming a region database
    /// file the game reads and grows (Cram's `table`): a split position's tasks each write a
    /// part of it, merged after ([`crate::query::split`]).
    pub region_database: Option<&'static str>,
}

/// One option of a game's words, declared in its registry entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GameOption {
    /// The name without its dashes (`tt` for `--tt`).
    pub name: &'static str,
    /// The value's name (`FILE`), or `None` for a flag.
    pub value: Option<&'static str>,
    /// What it does, in one line.
    pub help: &'static str,
}

impl GameOption {
    /// `--stats`: the search's counters on stderr (the board searches).
    pub const STATS: GameOption = GameOption {
        name: "stats",
        value: None,
        help: "print the search's counters (positions, table, time) on stderr",
    };
}

/// How a position of the game is edited by hand: what a front end that draws positions (the
/// web explorer) shows instead of a line of words. Each game module declares its own, so front
/// ends learn board shapes from the registry and name no game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Editor {
    /// The words as typed (the default).
    Words,
    /// Natural numbers (heaps, squares, coordinates), after the leading words that are not
    /// numbers (`--set 1,2,3`, an octal code); more numbers may be added.
    Numbers,
    /// A rectangular board: rows joined by `/`, each cell one character of `cells` (a click
    /// turns a cell into the next one); `ROWSxCOLUMNS` is a full board of `cells[0]`.
    Board {
        /// The cell characters, the first being the cell of a full board.
        cells: &'static str,
    },
    /// A strip written one character per column (`columns` gives each character with its
    /// column's cells, top first, `.` free and `#` taken); a number N is N columns of the first
    /// character. A click picks the cells a move takes.
    Columns {
        /// Each column character with its cells, top first (`(":", "..")`: both free).
        columns: &'static [(&'static str, &'static str)],
    },
    /// A staircase (a Young diagram): row lengths joined by `,`, each row at most as long as
    /// the one before; `ROWSxCOLUMNS` is a full rectangle. A click at (row, column) keeps of
    /// each row from that one on only the cells left of the column.
    Staircase,
    /// One row of cells, each one character of `cells` (a click turns a cell into the next one).
    Row {
        /// The cell characters.
        cells: &'static str,
    },
    /// The position's first word is a file, given as text: a file named `file`, then the
    /// other words. With `cells`, the text is a board of those characters, one row per line.
    File {
        /// The name the text is given under (its extension tells its format).
        file: &'static str,
        /// For a board file: the cell characters (a click turns a cell into the next one).
        cells: Option<&'static str>,
        /// Whether the text is a graph (a digraph is drawn with each vertex's value).
        graph: bool,
        /// Whether the graph is read undirected (drawn without arrows; a position names the
        /// vertices left, and no words is the whole graph).
        undirected: bool,
        /// The text of the registry example's file (`example` names it on disk), so a front end
        /// without the examples folder can load the example.
        example: &'static str,
    },
}

impl Capabilities {
    /// No capability beyond building positions.
    pub const NONE: Capabilities = Capabilities {
        reads_file: false,
        closed_form: false,
        board_search: false,
        empty_text: false,
        sequence: None,
        heap_family: None,
        row_law: None,
        grid: None,
        picture: None,
        editor: Editor::Words,
        options: &[],
        region_database: None,
    };
}

/// One thing a game can do, as `grundy list` names it (text and JSON): what the registry
/// entry declares, so the listing follows the registry and names no game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Capability {
    /// Values from a proved closed formula ([`Capabilities::closed_form`]).
    ClosedForm,
    /// One-heap rules for the heap-sequence engine ([`GameEntry::heap_rules`]): `seq`, and
    /// positions valued from the sequence.
    SequenceEngine,
    /// A sequence of its own for a one-number family ([`Capabilities::sequence`]).
    Sequence,
    /// Positions solved by the board-search engine ([`Capabilities::board_search`]).
    BoardSearch,
    /// Proved laws of table rows ([`Capabilities::row_law`]).
    TableRows,
    /// A whole two-parameter table at once ([`Capabilities::grid`]).
    TableGrid,
    /// A picture of values over its board ([`Capabilities::picture`]).
    Plot,
    /// Positions read from a file ([`Capabilities::reads_file`]).
    ReadsFile,
}

impl Capability {
    /// The capability in words, for `grundy list`.
    pub fn describe(self) -> &'static str {
        match self {
            Capability::ClosedForm => "closed form (values by a proved formula, no search)",
            Capability::SequenceEngine => "sequence engine (`grundy seq`; positions valued from the sequence)",
            Capability::Sequence => "sequence (`grundy seq` by the game's own method)",
            Capability::BoardSearch => "board search (nimber search with decomposition and a transposition table)",
            Capability::TableRows => "table rows (`grundy table` proves each row's law)",
            Capability::TableGrid => "table grid (`grundy table` computes the whole grid at once)",
            Capability::Plot => "plot (`grundy plot` draws the values over the board)",
            Capability::ReadsFile => "reads a file (the position's first word is a file name)",
        }
    }
}

/// A built-in game: its names, its rules in words, its position syntax, its builders and what
/// else it can do.
pub struct GameEntry {
    /// The canonical name, lower case, as typed on the command line (`grundy-game`).
    pub name: &'static str,
    /// Other names accepted for the game (`grundy`), lower case.
    pub aliases: &'static [&'static str],
    /// The one-line description shown by `grundy list`.
    pub summary: &'static str,
    /// The rules in full sentences, shown by `grundy list`.
    pub rules: &'static str,
    /// How a position is written after the name (the words the builder accepts).
    pub syntax: &'static str,
    /// One position in that syntax, shown as an example.
    pub example: &'static str,
    /// A position whose whole answer (value and every winning move, in normal and in misère
    /// play) is a long search, or is refused at once: the tests that stop long work by signal
    /// and by deadline run it for every game, and a user can try it to see the limits at work.
    pub hard_example: &'static str,
    /// Builds a position from the name and the words after it.
    pub build: BuildFn,
    /// For one-heap games: the rules, so `seq` can compute value sequences (the heap-sequence
    /// engine; positions of such games are valued from it, see [`heap::HeapGame::for_heaps`]).
    pub heap_rules: Option<HeapRulesFn>,
    /// For families named by a pattern (such as octal codes): whether a name belongs to it.
    pub claims: Option<fn(&str) -> bool>,
    /// Everything else the game can do.
    pub caps: Capabilities,
}

impl GameEntry {
    /// What the game can do beyond building positions, in the order of [`Capability`]'s
    /// variants (empty for a game valued by the generic solver alone).
    pub fn capabilities(&self) -> Vec<Capability> {
        let c = &self.caps;
        [
            (c.closed_form, Capability::ClosedForm),
            (self.heap_rules.is_some(), Capability::SequenceEngine),
            (c.sequence.is_some(), Capability::Sequence),
            (c.board_search, Capability::BoardSearch),
            (c.row_law.is_some(), Capability::TableRows),
            (c.grid.is_some(), Capability::TableGrid),
            (c.picture.is_some(), Capability::Plot),
            (c.reads_file, Capability::ReadsFile),
        ]
        .into_iter()
        .filter_map(|(has, cap)| has.then_some(cap))
        .collect()
    }
}

/// The entry for a game name (or alias, or a name claimed by a family).
pub fn find(name: &str) -> Result<&'static GameEntry> {
    let lower = name.to_ascii_lowercase();
    REGISTRY
        .iter()
        .find(|e| e.name == lower || e.aliases.contains(&lower.as_str()))
        .or_else(|| REGISTRY.iter().find(|e| e.claims.is_some_and(|c| c(name))))
        .ok_or_else(|| {
            // Optimal string alignment distance: insertions, deletions, substitutions and swaps
            // of two neighbours each cost 1 (`kayels` is one swap from `kayles`).
            fn distance(a: &str, b: &str) -> usize {
                let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
                let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
                for (i, row) in d.iter_mut().enumerate() {
                    row[0] = i;
                }
                for (j, cell) in d[0].iter_mut().enumerate() {
                    *cell = j;
                }
                for i in 1..=a.len() {
                    for j in 1..=b.len() {
                        let cost = usize::from(a[i - 1] != b[j - 1]);
                        let mut best = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
                        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                            best = best.min(d[i - 2][j - 2] + 1);
                        }
                        d[i][j] = best;
                    }
                }
                d[a.len()][b.len()]
            }
            // The closest name or alias, if it is close enough to be a typing slip: at most
            // one edit in four characters (and at least one edit allowed).
            let closest = REGISTRY
                .iter()
                .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
                .map(|n| (distance(&lower, n), n))
                .min()
                .filter(|&(d, n)| d <= (n.chars().count() / 4).max(1));
            let hint = closest.map_or(String::new(), |(_, n)| format!(" (did you mean `{n}`?)"));
            let names: Vec<&str> = REGISTRY.iter().map(|e| e.name).collect();
            Error::Input(format!(
                "unknown game `{name}`{hint}; known games: {} (see `grundy list`)",
                names.join(", ")
            ))
        })
}

/// Build a position from words: the game name, then its arguments.
pub fn build(words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    #[cfg(feature = "rhai")]
    if script::wanted(words) {
        return script::build(words, settings);
    }
    #[cfg(not(feature = "rhai"))]
    if words.iter().any(|w| w == "--rules" || w.starts_with("--rules=")) {
        return crate::error::input("--rules needs the library built with its `rhai` feature");
    }
    let Some((name, rest)) = words.split_first() else {
        return crate::error::input("no game given: write a game name and its position, e.g. `nim 10 12 5`");
    };
    (find(name)?.build)(name, rest, settings)
}

/// Split a quoted sum component such as `'nim 3 4'` into words (whitespace separated).
pub fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// Declares each game module and lists its entries, in order, as [`REGISTRY`]: the one line a
/// new game adds is `module => [ENTRY],`.
macro_rules! registry {
    ($($module:ident => [$($entry:ident),+]),+ $(,)?) => {
        $(pub mod $module;)+

        /// Every built-in game, in the order `grundy list` shows them.
        pub const REGISTRY: &[GameEntry] = &[$($($module::$entry),+),+];
    };
}

registry! {
    nim => [ENTRY],
    misere_nim => [ENTRY],
    subtraction => [ENTRY, PRIME_ENTRY],
    divisors => [ENTRY],
    grundy_game => [ENTRY],
    maze => [ENTRY],
    graph => [ENTRY],
    welter => [ENTRY],
    no_overtaking => [ENTRY],
    lattice => [ENTRY],
    wythoff => [ENTRY],
    chop => [ENTRY],
    turtles => [ENTRY],
    octal => [ENTRY],
    chomp => [ENTRY],
    cram => [ENTRY],
    triomino => [ENTRY],
    coloring => [ENTRY],
    levels => [ENTRY],
    chess_training => [ENTRY],
    // Append new games: saved fuzz inputs pick games by their index in the registry.
    node_kayles => [ENTRY, ARC_ENTRY, DAWSON_ENTRY],
}
