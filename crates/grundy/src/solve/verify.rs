//! `--verify`: recompute a result by an independent method and compare.
//!
//! - [`plain_value`]: the value of any position by mex over its moves alone, walking the game
//!   graph through [`AnyPosition::moves`] with positions keyed by their printed text: no closed
//!   formula, no split into components, no canonical forms, no transposition table of the
//!   solver. It checks the fast paths (Bouton's xor, Welter's function, the octal engine, the
//!   board-search engine) the way the tests check them against `Solver::plain`.
//! - [`check_sequence`]: two value sequences of a heap game agree (the plain take-and-break
//!   method against sparse space, or a closed formula against the plain sequence).
//! - [`check_graph`]: the loopy labelling of a digraph against plain retrograde win/lose/draw
//!   analysis, and the peeled labelling against the unpeeled one.
//!
//! Cost: [`plain_value`] visits every position reachable from the start (a sum of k heaps has
//! the product of their sizes), so it is bounded by the state limit; the others cost one more
//! run of the other method.

use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::Convention;
use crate::nimber::{MexScratch, Nimber};
use crate::outcome::Outcome;
use crate::position::{AnyPosition, Played};
use crate::solve::digraph::Digraph;
use std::collections::{HashMap, HashSet};

/// A disagreement found by `--verify` (reported with exit code 2).
pub(crate) fn disagreement(what: String) -> Error {
    Error::Unsupported(format!("--verify FAILED: {what}"))
}

/// The value of `p` by mex over its moves alone (see the module doc); positions are keyed by
/// their text. Misère games: a terminal position has value 1, as in the generic solver.
/// `control` can cancel the search.
pub fn plain_value(p: &dyn AnyPosition, max_states: usize, control: &Control) -> Result<Nimber> {
    plain_values(p, max_states, control).map(|(v, _)| v)
}

/// [`plain_value`] and the table of every position it met (text → value).
fn plain_values(
    p: &dyn AnyPosition,
    max_states: usize,
    control: &Control,
) -> Result<(Nimber, HashMap<String, Nimber>)> {
    let terminal = if p.convention() == Convention::Misere {
        Nimber(1)
    } else {
        Nimber::ZERO
    };
    struct Frame {
        key: String,
        moves: Vec<Played>,
        next: usize,
        values: Vec<Nimber>,
    }
    let open = |p: &dyn AnyPosition| -> Result<Frame> {
        Ok(Frame {
            key: p.text(),
            moves: p.moves()?,
            next: 0,
            values: Vec::new(),
        })
    };
    let mut memo: HashMap<String, Nimber> = HashMap::new();
    let mut on_stack: HashSet<String> = HashSet::new();
    let mut scratch = MexScratch::default();
    let first = open(p)?;
    on_stack.insert(first.key.clone());
    let mut stack = vec![first];
    let mut steps: u64 = 0;
    loop {
        steps += 1;
        if steps & 0x3ff == 0 {
            control.check()?;
        }
        let top = stack.last_mut().expect("the root stays until it is solved");
        if top.next < top.moves.len() {
            let next = top.moves[top.next].next.as_ref();
            let key = next.text();
            if let Some(&v) = memo.get(&key) {
                top.values.push(v);
                top.next += 1;
            } else if on_stack.contains(&key) {
                return Err(Error::Loopy(key));
            } else {
                let frame = open(next)?;
                on_stack.insert(key);
                if memo.len() + on_stack.len() > max_states {
                    return Err(Error::StateLimit(max_states));
                }
                stack.push(frame);
            }
            continue;
        }
        let frame = stack.pop().expect("non-empty");
        let v = if frame.moves.is_empty() {
            terminal
        } else {
            scratch.mex(&frame.values)
        };
        on_stack.remove(&frame.key);
        memo.insert(frame.key, v);
        if stack.is_empty() {
            return Ok((v, memo));
        }
    }
}

/// Check a position's reported value and winning moves by [`plain_value`]; the line to print
/// when they agree.
/// `control` can cancel the check.
pub fn check_position(
    p: &dyn AnyPosition,
    value: Nimber,
    winning: &[Played],
    max_states: usize,
    control: &Control,
) -> Result<String> {
    // The plain search running out of states is a limit like any other (each front end says
    // how to raise it).
    let (plain, memo) = plain_values(p, max_states, control)?;
    if plain != value {
        return Err(disagreement(format!(
            "{} {}: value {value}, but mex over the moves gives {plain}",
            p.game(),
            p.text()
        )));
    }
    let moves = p.moves()?;
    let to_zero: Vec<&Played> = moves
        .iter()
        .filter(|m| memo.get(&m.next.text()) == Some(&Nimber::ZERO))
        .collect();
    for m in winning {
        if memo.get(&m.next.text()) != Some(&Nimber::ZERO) {
            return Err(disagreement(format!(
                "the winning move {} leads to {}, which is not a P-position",
                m.label,
                m.next.text()
            )));
        }
    }
    if winning.len() != to_zero.len() {
        return Err(disagreement(format!(
            "{} winning moves reported, but {} moves lead to a P-position",
            winning.len(),
            to_zero.len()
        )));
    }
    Ok(format!(
        "verified: value {value} and {} winning move(s) agree with mex over the moves ({} positions searched, no formula)",
        winning.len(),
        memo.len()
    ))
}

/// Two sequences of values over heaps 0..: equal where both are known. `what` names the two
/// methods, e.g. "sparse space against the plain method".
pub fn check_sequence(first: &[u64], second: &[u64], what: &str) -> Result<String> {
    if let Some(n) = (0..first.len().min(second.len())).find(|&n| first[n] != second[n]) {
        return Err(disagreement(format!(
            "{what}: g({n}) = {} by the first method, {} by the second",
            first[n], second[n]
        )));
    }
    Ok(format!(
        "verified: heaps 0..{} agree ({what})",
        first.len().min(second.len()).saturating_sub(1)
    ))
}

/// The labels of a digraph (finite values or [`crate::solve::digraph::INFINITE`]) against plain
/// retrograde analysis (outcomes) and against the unpeeled labelling (values); `control` can
/// cancel the check.
pub fn check_graph(graph: &Digraph, labels: &[u32], control: &Control) -> Result<String> {
    let retro = graph.retrograde();
    for v in graph.vertices() {
        let o = graph.value_of(labels, v).outcome();
        if o != retro[v as usize] {
            return Err(disagreement(format!(
                "vertex {}: outcome {} by the labelling, {} by retrograde analysis",
                graph.name(v),
                o.code(),
                retro[v as usize].code()
            )));
        }
    }
    let staged = graph.loopy_values_staged_with(control)?;
    if let Some(v) = graph.vertices().find(|&v| staged[v as usize] != labels[v as usize]) {
        return Err(disagreement(format!(
            "vertex {}: value {} by the fast labelling, {} by the unpeeled one",
            graph.name(v),
            graph.value_of(labels, v),
            graph.value_of(&staged, v)
        )));
    }
    let counts = |o: Outcome| retro.iter().filter(|&&r| r == o).count();
    Ok(format!(
        "verified: the outcomes of all {} vertices ({} P, {} N, {} D) agree with plain retrograde analysis, and the values with the unpeeled labelling",
        graph.len(),
        counts(Outcome::P),
        counts(Outcome::N),
        counts(Outcome::Draw)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games;
    use crate::settings::Settings;

    fn position(words: &str) -> Box<dyn AnyPosition> {
        games::build(&games::words(words), &Settings::default()).unwrap()
    }

    #[test]
    fn plain_values_match_the_fast_paths() {
        for words in [
            "nim 3 5 6",
            "nim 10 12 5",
            "welter 2 5 9",
            "0.07 5 9",
            "chop 5 3",
            "cram 3x3",
        ] {
            let p = position(words);
            let fast = p.value().unwrap().finite().unwrap();
            assert_eq!(
                plain_value(p.as_ref(), 1_000_000, &Control::default()).unwrap(),
                fast,
                "{words}"
            );
        }
        assert_eq!(
            plain_value(position("nim 10 12 5").as_ref(), 10_000, &Control::default()).unwrap(),
            Nimber(3)
        );
    }

    #[test]
    fn a_wrong_value_or_move_is_a_disagreement() {
        let p = position("nim 3 4");
        let wins = p.moves_to(Nimber::ZERO).unwrap();
        assert!(check_position(p.as_ref(), Nimber(7), &wins, 1000, &Control::default()).is_ok());
        let e = check_position(p.as_ref(), Nimber(6), &wins, 1000, &Control::default()).unwrap_err();
        assert!(e.to_string().contains("--verify FAILED"), "{e}");
        let all = p.moves().unwrap();
        let e = check_position(p.as_ref(), Nimber(7), &all[..1], 1000, &Control::default()).unwrap_err();
        assert!(e.to_string().contains("not a P-position"), "{e}");
        assert_eq!(
            plain_value(position("nim 100 100").as_ref(), 50, &Control::default()),
            Err(Error::StateLimit(50))
        );
    }

    #[test]
    fn sequences_and_graphs() {
        assert!(check_sequence(&[0, 1, 2], &[0, 1, 2, 0], "a").is_ok());
        assert!(check_sequence(&[0, 1, 2], &[0, 1, 3], "a").is_err());
        let g = Digraph::unnamed(3, &[(0, 1), (1, 2), (2, 0)]).unwrap();
        let labels = g.loopy_values().unwrap();
        assert!(check_graph(&g, &labels, &Control::default()).is_ok());
        let wrong = vec![0; 3];
        assert!(check_graph(&g, &wrong, &Control::default()).is_err());
    }
}
