//! Turning Turtles (the Romanian article's application 2, "Cartonașe"): cards in a row, each
//! face up (red, `R`) or face down (blue, `B`), positions numbered from 1 at the left. A move
//! flips a face-up card at position i and optionally one other card at a position j < i (either
//! way up). The last mover wins.
//!
//! It is Nim with a heap of size i for each face-up card at position i: flipping i removes heap
//! i, and flipping j as well removes heap j or adds it, exactly as moving heap i to size j in Nim
//! (two equal heaps cancel). So the value is the nim-sum of the positions of the face-up cards,
//! checked against the generic solver on every colouring of up to 10 cards. Winning moves are
//! found directly: with s the nim-sum and d = s ⊕ target, flip a face-up card i together with
//! card i ⊕ d when that is smaller than i (alone when i = d). Cost O(N).
//!
//! A row of 100000 face-up cards has 34465 winning moves: each reached row is a [`Row`] that
//! shares the start's bit set and records the two cards it flips (a few words, not a copy of the
//! row), and rows longer than [`LITERAL_UP_TO`] cards are written in runs (`R{34463}BR{31071}…`,
//! read back by the parser), so `value` answers in a fraction of a second with a report of a
//! few megabytes instead of gigabytes.
//!
//! Sources, by their names in `docs/sources.md`: \[Infoarena\] application 2, \[WW\] (Turning
//! Turtles).

use crate::error::{Result, input};
use crate::game::{Game, Move};
use crate::games::{Capabilities, GameEntry};
use crate::settings::Settings;
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Instance};
use std::sync::Arc;

/// Longest row accepted.
pub const MAX_CARDS: usize = 1_000_000;

/// Rows longer than this are written in runs (`R{99998}BR`); shorter ones card by card.
pub const LITERAL_UP_TO: usize = 64;

/// A row of cards, `true` for face up, stored as a bit set shared between the positions a move
/// reaches (a move records the one or two cards it flips), so the thousands of winning moves of
/// a long row cost a few words each instead of a copy of the row.
#[derive(Clone)]
pub struct Row {
    base: Arc<Vec<u64>>,
    len: usize,
    /// Cards flipped relative to `base` (indices from 0), `usize::MAX` for none.
    flips: [usize; 2],
}

const NONE: usize = usize::MAX;

impl Row {
    /// The row of `cards` (from position 1).
    pub fn from_cards(cards: &[bool]) -> Row {
        let mut words = vec![0u64; cards.len().div_ceil(64)];
        for (i, &up) in cards.iter().enumerate() {
            if up {
                words[i / 64] |= 1 << (i % 64);
            }
        }
        Row {
            base: Arc::new(words),
            len: cards.len(),
            flips: [NONE; 2],
        }
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the row has no card.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn base_bit(&self, i: usize) -> bool {
        self.base[i / 64] >> (i % 64) & 1 == 1
    }

    /// Whether card `i` (from 0) is face up.
    pub fn up(&self, i: usize) -> bool {
        self.base_bit(i) ^ (self.flips[0] == i) ^ (self.flips[1] == i)
    }

    /// The cards as booleans.
    pub fn cards(&self) -> Vec<bool> {
        (0..self.len).map(|i| self.up(i)).collect()
    }

    /// The bit set with the flips applied.
    fn words(&self) -> std::borrow::Cow<'_, [u64]> {
        if self.flips == [NONE; 2] {
            return std::borrow::Cow::Borrowed(&self.base);
        }
        let mut w = self.base.as_ref().clone();
        for f in self.flips.into_iter().filter(|&f| f != NONE) {
            w[f / 64] ^= 1 << (f % 64);
        }
        std::borrow::Cow::Owned(w)
    }

    /// The row with card `i` (from 1) flipped, and card `j` too when given: shares this row's
    /// bit set when this row has no flips of its own.
    fn flip(&self, i: usize, j: Option<usize>) -> Row {
        let mut out = if self.flips == [NONE; 2] {
            self.clone()
        } else {
            Row {
                base: Arc::new(self.words().into_owned()),
                len: self.len,
                flips: [NONE; 2],
            }
        };
        out.flips = [i - 1, j.map_or(NONE, |j| j - 1)];
        out
    }

    /// The face-up positions (from 1), in order.
    fn ups(&self) -> impl Iterator<Item = usize> + '_ {
        let words = self.words().into_owned();
        (0..words.len()).flat_map(move |k| {
            let mut w = words[k];
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    k * 64 + b + 1
                })
            })
        })
    }

    /// Maximal runs of equal cards, as (face up, length), in order: O(N / 64 + runs).
    fn runs(&self) -> Vec<(bool, usize)> {
        let words = self.words();
        let mut out: Vec<(bool, usize)> = Vec::new();
        let mut i = 0;
        while i < self.len {
            let up = words[i / 64] >> (i % 64) & 1 == 1;
            // The next card from i on that differs.
            let mut j = i;
            loop {
                let k = j / 64;
                let w = if up { !words[k] } else { words[k] } >> (j % 64);
                if w != 0 {
                    j += w.trailing_zeros() as usize;
                    break;
                }
                j = (k + 1) * 64;
                if j >= self.len {
                    break;
                }
            }
            let j = j.min(self.len);
            out.push((up, j - i));
            i = j;
        }
        out
    }
}

impl PartialEq for Row {
    fn eq(&self, other: &Row) -> bool {
        self.len == other.len && self.words() == other.words()
    }
}

impl Eq for Row {}

impl std::hash::Hash for Row {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.len.hash(state);
        self.words().hash(state);
    }
}

impl std::fmt::Debug for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&Turtles.format(self))
    }
}

/// Turning Turtles; a position is a [`Row`] of cards from position 1. Closed form: the nim-sum
/// of the face-up positions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Turtles;

fn label(i: usize, j: Option<usize>) -> String {
    match j {
        None => format!("flip {i}"),
        Some(j) => format!("flip {i} and {j}"),
    }
}

/// The nim-sum of the positions (from 1) of the face-up cards.
pub fn turtles_value(cards: &[bool]) -> Nimber {
    Nimber(
        cards
            .iter()
            .enumerate()
            .filter(|(_, up)| **up)
            .fold(0, |a, (i, _)| a ^ (i as u64 + 1)),
    )
}

fn row_value(row: &Row) -> Nimber {
    Nimber(row.ups().fold(0, |a, i| a ^ i as u64))
}

impl Game for Turtles {
    type Position = Row;

    fn options(&self, cards: &Row, out: &mut Vec<Row>) {
        out.extend(self.moves(cards).into_iter().map(|m| m.position));
    }

    fn moves(&self, cards: &Row) -> Vec<Move<Row>> {
        let mut out = Vec::new();
        for i in cards.ups() {
            out.push(Move::new(label(i, None), cards.flip(i, None)));
            for j in 1..i {
                out.push(Move::new(label(i, Some(j)), cards.flip(i, Some(j))));
            }
        }
        out
    }

    /// R for face up, B for face down; rows longer than [`LITERAL_UP_TO`] cards write each run
    /// of three or more equal cards as `R{n}` / `B{n}`.
    fn format(&self, cards: &Row) -> String {
        if cards.len() <= LITERAL_UP_TO {
            return cards.cards().iter().map(|&up| if up { 'R' } else { 'B' }).collect();
        }
        let mut out = String::new();
        for (up, n) in cards.runs() {
            let c = if up { 'R' } else { 'B' };
            if n >= 3 {
                out.push_str(&format!("{c}{{{n}}}"));
            } else {
                out.extend(std::iter::repeat_n(c, n));
            }
        }
        out
    }

    /// Face-down cards at the right end never matter.
    fn canonical(&self, cards: Row) -> Row {
        let len = {
            let words = cards.words();
            let last = (0..words.len()).rev().find(|&k| words[k] != 0);
            last.map_or(0, |k| k * 64 + 64 - words[k].leading_zeros() as usize)
        };
        if len == cards.len {
            return cards;
        }
        let mut w = cards.words().into_owned();
        w.truncate(len.div_ceil(64));
        Row {
            base: Arc::new(w),
            len,
            flips: [NONE; 2],
        }
    }

    fn formula(&self, cards: &Row) -> Option<Nimber> {
        Some(row_value(cards))
    }

    fn moves_to_value(&self, cards: &Row, target: Nimber) -> Option<Vec<Move<Row>>> {
        let d = row_value(cards).0 ^ target.0;
        let mut out = Vec::new();
        if d == 0 {
            return Some(out);
        }
        for i in cards.ups() {
            let j = i as u64 ^ d;
            if j == 0 {
                out.push(Move::new(label(i, None), cards.flip(i, None)));
            } else if j < i as u64 {
                let j = j as usize;
                out.push(Move::new(label(i, Some(j)), cards.flip(i, Some(j))));
            }
        }
        Some(out)
    }

    fn move_count(&self, cards: &Row) -> Option<u128> {
        Some(cards.ups().map(|i| i as u128).sum())
    }
}

/// Parse a row such as `RBBRR` (also `1` / `0`, `U` / `D`, any case); a card followed by
/// `{n}` stands for n such cards (`R{99998}BR`, as long rows are written).
pub fn parse_cards(words: &[String]) -> Result<Vec<bool>> {
    let [word] = words else {
        return input("turning-turtles takes one row of cards, e.g. `turning-turtles RBBRR` (R face up, B face down)");
    };
    if word.len() > MAX_CARDS {
        return input(format!("{} cards: at most {MAX_CARDS} are accepted", word.len()));
    }
    let mut cards = Vec::new();
    let mut chars = word.chars().peekable();
    while let Some(c) = chars.next() {
        let k = cards.len() + 1;
        let up = match c.to_ascii_uppercase() {
            'R' | 'U' | '1' => true,
            'B' | 'D' | '0' => false,
            other => {
                return input(format!(
                    "card {k} is `{other}`: write R (red, face up) or B (blue, face down), e.g. RBBRR"
                ));
            }
        };
        let mut count = 1usize;
        if chars.peek() == Some(&'{') {
            chars.next();
            let mut digits = String::new();
            let mut closed = false;
            for d in chars.by_ref() {
                if d == '}' {
                    closed = true;
                    break;
                }
                digits.push(d);
            }
            count = match digits.parse::<usize>() {
                Ok(n) if closed && n >= 1 && digits.bytes().all(|b| b.is_ascii_digit()) => n,
                _ => {
                    return input(format!(
                        "card {k}: `{{{digits}` is not a count: write a card and a count in braces, e.g. R{{5}} for RRRRR"
                    ));
                }
            };
        }
        if cards.len() + count > MAX_CARDS {
            return input(format!("more than {MAX_CARDS} cards: at most {MAX_CARDS} are accepted"));
        }
        cards.extend(std::iter::repeat_n(up, count));
    }
    Ok(cards)
}

/// The engine of Turning Turtles positions: the generic solver (which reads the closed form)
/// with an explanation in the game's own terms, so `explain` of a long row states the nim-sum
/// instead of listing its billions of moves.
pub struct TurtlesEngine {
    solver: crate::solve::Solver<Turtles>,
}

impl crate::position::Engine for TurtlesEngine {
    type Game = Turtles;

    fn game(&self) -> &Turtles {
        self.solver.game()
    }

    fn nimber(&mut self, cards: &Row) -> Result<Nimber> {
        self.solver.nimber(cards)
    }

    fn moves_to_value(&mut self, cards: &Row, target: Nimber) -> Result<Vec<Move<Row>>> {
        self.solver.moves_to_value(cards, target)
    }

    fn move_limit(&self) -> Option<usize> {
        Some(self.solver.settings.max_states)
    }

    /// The face-up positions and their nim-sum (the first and last eight when there are more
    /// than sixteen).
    fn explain(&mut self, name: &str, cards: &Row) -> Option<Result<String>> {
        let ups: Vec<usize> = cards.ups().collect();
        let terms: Vec<String> = if ups.len() <= 16 {
            ups.iter().map(usize::to_string).collect()
        } else {
            let mut t: Vec<String> = ups[..8].iter().map(usize::to_string).collect();
            t.push(format!("… ({} terms in all)", ups.len()));
            t.extend(ups[ups.len() - 8..].iter().map(usize::to_string));
            t
        };
        let g = row_value(cards);
        let sum = if terms.is_empty() { "0 (no face-up card)".to_string() } else { terms.join(" ⊕ ") };
        let outcome = crate::value::Value::Finite(g).outcome();
        Some(Ok(format!(
            "{name} {}\neach face-up card at position i is a Nim heap of size i (flipping i and j < i moves heap i to j):\ng = {sum} = {g}\noutcome {outcome} ({})\n",
            Turtles.format(cards),
            outcome.meaning()
        )))
    }
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    crate::games::args::no_other_options(words, "turning-turtles", "none")?;
    let cards = parse_cards(words)?;
    Ok(Box::new(Instance::new(
        "turning-turtles",
        TurtlesEngine {
            solver: settings.solver(Turtles),
        },
        Row::from_cards(&cards),
    )))
}

/// Registry entry of Turning Turtles (`turning-turtles`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "turning-turtles",
    aliases: &["turtles", "cartonase"],
    summary: "Turning Turtles: flip a face-up card and optionally one card to its left",
    rules: "Cards in a row, face up (R, red) or face down (B, blue), numbered from 1 at the left. \
            A move flips a face-up card and, optionally, one other card to its left (either way \
            up). The last mover wins. It is Nim with a heap of size i for each face-up card at \
            position i: the value is the nim-sum of those positions.",
    syntax: "CARDS   a row of R (face up) and B (face down), e.g. RBBRR; R{n} is n face-up cards",
    example: "turning-turtles RBBRR",
    hard_example: "turning-turtles RBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRB",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
        editor: super::Editor::Row { cells: "RB" },
        closed_form: true,
        empty_text: true,
        ..Capabilities::NONE
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;

    #[test]
    fn equals_the_generic_solver_on_every_colouring_up_to_ten_cards() {
        let mut plain = Solver::plain(Turtles);
        for n in 0..=10usize {
            for mask in 0u32..(1 << n) {
                let cards: Vec<bool> = (0..n).map(|k| mask >> k & 1 == 1).collect();
                let row = Row::from_cards(&cards);
                let v = plain.nimber(&row).unwrap();
                assert_eq!(v, turtles_value(&cards), "{}", Turtles.format(&row));
                assert_eq!(Turtles.formula(&row), Some(v));
                if n <= 7 {
                    for t in 0..4 {
                        let fast = Turtles.moves_to_value(&row, Nimber(t)).unwrap();
                        let mut slow = plain.moves_to_value(&row, Nimber(t)).unwrap();
                        let mut fast2 = fast.clone();
                        fast2.sort_by(|a, b| a.label.cmp(&b.label));
                        slow.sort_by(|a, b| a.label.cmp(&b.label));
                        assert_eq!(fast2, slow);
                    }
                }
            }
        }
    }

    /// Rows longer than 64 cards are written in runs and read back; a move's row equals the
    /// row built card by card (equality and hashing see the flips).
    #[test]
    fn long_rows_are_written_in_runs_and_read_back() {
        let mut seed = 12345u64;
        for n in [0usize, 1, 63, 64, 65, 130, 1000] {
            for _ in 0..20 {
                let cards: Vec<bool> = (0..n)
                    .map(|_| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        seed >> 62 != 0
                    })
                    .collect();
                let row = Row::from_cards(&cards);
                let text = Turtles.format(&row);
                assert_eq!(parse_cards(std::slice::from_ref(&text)).unwrap(), cards, "{text}");
                for m in Turtles.moves_to_value(&row, Nimber::ZERO).unwrap() {
                    let moved = m.position.cards();
                    assert_eq!(m.position, Row::from_cards(&moved));
                    assert_eq!(parse_cards(&[Turtles.format(&m.position)]).unwrap(), moved);
                    assert_eq!(turtles_value(&moved), Nimber::ZERO);
                    let h = |r: &Row| {
                        use std::hash::{Hash, Hasher};
                        let mut s = std::collections::hash_map::DefaultHasher::new();
                        r.hash(&mut s);
                        s.finish()
                    };
                    assert_eq!(h(&m.position), h(&Row::from_cards(&moved)));
                }
            }
        }
        assert_eq!(Turtles.format(&Row::from_cards(&[true; 1000])), "R{1000}");
        assert_eq!(parse_cards(&["R{3}BR{2}".into()]).unwrap(), vec![true, true, true, false, true, true]);
        assert!(parse_cards(&["R{0}".into()]).is_err());
        assert!(parse_cards(&["R{x}".into()]).is_err());
        assert!(parse_cards(&["R{99999999999}".into()]).is_err());
        assert!(parse_cards(&["R{5".into()]).is_err());
    }
}
