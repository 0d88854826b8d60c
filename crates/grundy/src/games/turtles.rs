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
//! Sources, by their names in `docs/sources.md`: \[Infoarena\] application 2, \[WW\] (Turning
//! Turtles).

use crate::error::{Result, input};
use crate::game::{Game, Move};
use crate::games::{Capabilities, GameEntry, Settings};
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Instance};

/// Longest row accepted.
pub const MAX_CARDS: usize = 1_000_000;

/// Turning Turtles; a position is the cards from position 1, `true` for face up (red). Closed
/// form: the nim-sum of the face-up positions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Turtles;

fn flip(cards: &[bool], i: usize, j: Option<usize>) -> Vec<bool> {
    let mut c = cards.to_vec();
    c[i - 1] = !c[i - 1];
    if let Some(j) = j {
        c[j - 1] = !c[j - 1];
    }
    c
}

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

impl Game for Turtles {
    /// `true` = face up (red).
    type Position = Vec<bool>;

    fn options(&self, cards: &Vec<bool>, out: &mut Vec<Vec<bool>>) {
        out.extend(self.moves(cards).into_iter().map(|m| m.position));
    }

    fn moves(&self, cards: &Vec<bool>) -> Vec<Move<Vec<bool>>> {
        let mut out = Vec::new();
        for i in 1..=cards.len() {
            if !cards[i - 1] {
                continue;
            }
            out.push(Move::new(label(i, None), flip(cards, i, None)));
            for j in 1..i {
                out.push(Move::new(label(i, Some(j)), flip(cards, i, Some(j))));
            }
        }
        out
    }

    fn format(&self, cards: &Vec<bool>) -> String {
        cards.iter().map(|&up| if up { 'R' } else { 'B' }).collect()
    }

    /// Face-down cards at the right end never matter.
    fn canonical(&self, mut cards: Vec<bool>) -> Vec<bool> {
        while cards.last() == Some(&false) {
            cards.pop();
        }
        cards
    }

    fn formula(&self, cards: &Vec<bool>) -> Option<Nimber> {
        Some(turtles_value(cards))
    }

    fn moves_to_value(&self, cards: &Vec<bool>, target: Nimber) -> Option<Vec<Move<Vec<bool>>>> {
        let d = turtles_value(cards).0 ^ target.0;
        let mut out = Vec::new();
        if d == 0 {
            return Some(out);
        }
        for i in 1..=cards.len() {
            if !cards[i - 1] {
                continue;
            }
            let j = i as u64 ^ d;
            if j == 0 {
                out.push(Move::new(label(i, None), flip(cards, i, None)));
            } else if j < i as u64 {
                let j = j as usize;
                out.push(Move::new(label(i, Some(j)), flip(cards, i, Some(j))));
            }
        }
        Some(out)
    }

    fn move_count(&self, cards: &Vec<bool>) -> Option<u128> {
        Some(
            cards
                .iter()
                .enumerate()
                .filter(|(_, up)| **up)
                .map(|(i, _)| i as u128 + 1)
                .sum(),
        )
    }
}

/// Parse a row such as `RBBRR` (also `1` / `0`, `U` / `D`, any case).
pub fn parse_cards(words: &[String]) -> Result<Vec<bool>> {
    let [word] = words else {
        return input("turning-turtles takes one row of cards, e.g. `turning-turtles RBBRR` (R face up, B face down)");
    };
    if word.len() > MAX_CARDS {
        return input(format!("{} cards: at most {MAX_CARDS} are accepted", word.len()));
    }
    word.chars()
        .enumerate()
        .map(|(k, c)| match c.to_ascii_uppercase() {
            'R' | 'U' | '1' => Ok(true),
            'B' | 'D' | '0' => Ok(false),
            other => input(format!(
                "card {} is `{other}`: write R (red, face up) or B (blue, face down), e.g. RBBRR",
                k + 1
            )),
        })
        .collect()
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    crate::games::args::no_other_options(words, "turning-turtles", "none")?;
    let cards = parse_cards(words)?;
    Ok(Box::new(Instance::new(
        "turning-turtles",
        settings.solver(Turtles),
        cards,
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
    syntax: "CARDS   a row of R (face up) and B (face down), e.g. RBBRR",
    example: "turning-turtles RBBRR",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
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
                let v = plain.nimber(&cards).unwrap();
                assert_eq!(v, turtles_value(&cards), "{}", Turtles.format(&cards));
                if n <= 7 {
                    let fast = Turtles.moves_to_value(&cards, Nimber::ZERO).unwrap();
                    let mut slow = plain.moves_to_value(&cards, Nimber::ZERO).unwrap();
                    let mut fast2 = fast.clone();
                    fast2.sort_by(|a, b| a.label.cmp(&b.label));
                    slow.sort_by(|a, b| a.label.cmp(&b.label));
                    assert_eq!(fast2, slow);
                }
            }
        }
    }
}
