//! Chess training (TopCoder SRM 384, the Romanian article's WTIA application): queens on a
//! board, each moving any number of squares left, down or diagonally down-left (a Wythoff
//! queen); several queens may share a square; whoever moves a queen into the corner (0,0) wins.
//!
//! The game is a winner-takes-all sum of single queens. As a normal-play game a position with a
//! queen in the corner is terminal (the previous player has won), so the generic solver decides
//! it; `grundy wtia 'chess-training X,Y' ...` gives each queen's w-value (SC on the edges and the
//! diagonal, where the queen reaches the corner at once). The queen moves are written here and
//! nowhere else, so this game stays independent of the normal-play Wythoff game.
//!
//! Sources, by their names in `docs/sources.md`: \[Infoarena\] application 5, \[Wythoff1907\] (the
//! queen's moves).

use crate::error::{Error, Result, input};
use crate::game::{Game, Move};
use crate::games::heap::parse_natural;
use crate::games::{Capabilities, GameEntry, args};
use crate::settings::Settings;
use crate::position::{AnyPosition, Instance};

/// Queens as (x, y): x columns from the left, y rows from the bottom, both from 0.
pub type Queens = Vec<(u32, u32)>;

/// Largest coordinate accepted.
pub(crate) const MAX_COORDINATE: u32 = 10_000;

/// The chess-training game: a [`Queens`] position, normal play (the player who moves a queen
/// into the corner makes the last move); `grundy wtia` plays the queens as a winner-takes-all
/// sum.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChessTraining;

/// Every square a Wythoff queen at (x, y) can move to: left, down, diagonally down-left.
pub(crate) fn queen_moves(x: u32, y: u32) -> impl Iterator<Item = (u32, u32)> {
    let left = (0..x).rev().map(move |a| (a, y));
    let down = (0..y).rev().map(move |b| (x, b));
    let diag = (1..=x.min(y)).map(move |k| (x - k, y - k));
    left.chain(down).chain(diag)
}

impl ChessTraining {
    fn each_move(q: &Queens, mut f: impl FnMut(usize, (u32, u32), Queens)) {
        if q.contains(&(0, 0)) {
            return;
        }
        for (i, &(x, y)) in q.iter().enumerate() {
            if q[..i].contains(&(x, y)) {
                continue;
            }
            for to in queen_moves(x, y) {
                let mut r = q.clone();
                r[i] = to;
                f(i, to, r);
            }
        }
    }
}

impl Game for ChessTraining {
    type Position = Queens;

    fn options(&self, q: &Queens, out: &mut Vec<Queens>) {
        Self::each_move(q, |_, _, r| out.push(r));
    }

    fn moves(&self, q: &Queens) -> Vec<Move<Queens>> {
        let mut out = Vec::new();
        Self::each_move(q, |i, (a, b), r| {
            let (x, y) = q[i];
            out.push(Move::new(format!("queen {x},{y} → {a},{b}"), r))
        });
        out
    }

    fn format(&self, q: &Queens) -> String {
        let s: Vec<String> = q.iter().map(|(x, y)| format!("{x},{y}")).collect();
        s.join(" ")
    }

    fn canonical(&self, mut q: Queens) -> Queens {
        q.sort_unstable();
        q
    }
}

/// Queens written as `X,Y` words (column and row from the corner 0,0); an error names the word
/// that is not a square.
pub fn parse(words: &[String]) -> Result<Queens> {
    if words.is_empty() {
        return input("chess-training takes queens as X,Y, e.g. `chess-training 3,4 5,2`");
    }
    words
        .iter()
        .map(|w| {
            let bad = || {
                Error::Input(format!(
                    "`{w}` is not a square: write X,Y (column, row from the bottom-left corner 0,0)"
                ))
            };
            let (x, y) = w.split_once(',').ok_or_else(bad)?;
            let (x, y) = (parse_natural(x, "column")?, parse_natural(y, "row")?);
            if x > MAX_COORDINATE as u64 || y > MAX_COORDINATE as u64 {
                return input(format!("square {w}: coordinates up to {MAX_COORDINATE} are accepted"));
            }
            Ok((x as u32, y as u32))
        })
        .collect()
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    args::no_other_options(words, "chess-training", "none")?;
    let q = parse(words)?;
    Ok(Box::new(Instance::new(
        "chess-training",
        settings.solver(ChessTraining),
        q,
    )))
}

/// Registry entry of chess training (`chess-training`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "chess-training",
    aliases: &[],
    summary: "queens move left, down or diagonally down-left; into the corner wins",
    rules: "Queens on a board (several may share a square). A move takes one queen any number \
            of squares left, down or diagonally down-left. Whoever moves a queen into the corner \
            0,0 wins. Squares are X,Y from the bottom-left corner. A winner-takes-all sum of \
            single queens: `grundy wtia 'chess-training 3,4' 'chess-training 5,2'`.",
    syntax: "X,Y...   the queens' squares",
    example: "chess-training 3,4 5,2",
    hard_example: "chess-training 1000,1000 999,1000",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities::NONE,
};
