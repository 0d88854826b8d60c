//! The perfect opponent of `grundy play` (and the web explorer's game): its choice of move.
//!
//! The computer plays a winning move whenever there is one (the first in the game's order).
//! From a P-position it cannot win against perfect play, so it makes the game last longest: it
//! picks the option of greatest *remoteness* (Steinhaus; Winning Ways ch. 9): remoteness 0 at a
//! terminal position; from a position with a P-option, 1 + the least remoteness of a P-option
//! (the winner hurries); otherwise 1 + the greatest remoteness of an option (the loser
//! delays). Remoteness is computed by a memoised search bounded by [`REMOTENESS_BUDGET`]
//! positions and [`REMOTENESS_DEPTH`] plies; when the bound is hit (a huge game) or the game is
//! loopy, the computer instead picks the option with the most moves of its own. In a loopy draw
//! it keeps to options of infinite value.
//!
//! Why here: every front end that plays (the terminal, the web page) plays the same moves.
//! Cost: one solve of the position; the remoteness search is bounded as above.

use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::Convention;
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Played};
use crate::value::Value;
use std::collections::HashMap;

/// Most positions the remoteness search visits for one decision.
pub const REMOTENESS_BUDGET: usize = 200_000;
/// Deepest line of play the remoteness search follows.
pub const REMOTENESS_DEPTH: usize = 2_000;

/// The perfect opponent's move from `p`, or `None` at a terminal position: the move of
/// [`computer_move`] when the moves can be listed, of [`huge_computer_move`] when there are too
/// many to list (Nim with a heap of 2^64 − 1) or the game lists none but answers moves to a
/// value. The one choice every front end that plays makes.
pub fn next_move(p: &dyn AnyPosition, remoteness: &mut Remoteness) -> Result<Option<Played>> {
    match p.moves() {
        Ok(moves) if moves.is_empty() => Ok(None),
        Ok(moves) => computer_move(p, moves, remoteness).map(Some),
        Err(Error::Input(_) | Error::MoveListLimit(..)) => huge_computer_move(p).map(Some),
        Err(e) => Err(e),
    }
}

/// The computer's move where the moves cannot all be listed: a winning move (to value 0) when
/// there is one, else a move to the least nonzero value reachable among 1, 2, 3, ... and the
/// powers of two (a Nim heap always has one of those).
pub fn huge_computer_move(p: &dyn AnyPosition) -> Result<Played> {
    let targets = (0..64u64).chain((6..64).map(|k| 1u64 << k));
    for t in targets {
        if let Some(m) = p.moves_to(Nimber(t))?.into_iter().next() {
            return Ok(m);
        }
    }
    Err(Error::Input(format!(
        "{} {}: too many moves to list, and none found to a small value",
        p.game(),
        p.text()
    )))
}

/// Remoteness: how long the game lasts with the winner hurrying and the loser delaying.
pub struct Remoteness {
    memo: HashMap<String, u64>,
    control: Control,
}

/// Why a remoteness search stopped.
pub enum Stop {
    /// The budget of positions or plies was reached (or the game is loopy).
    Budget,
    /// The search failed (interrupted, a limit, bad input).
    Failed(Error),
}

impl Remoteness {
    /// An empty memo; the search stops with [`Error::Interrupted`] when `control` is cancelled.
    pub fn new(control: Control) -> Remoteness {
        Remoteness {
            memo: HashMap::new(),
            control,
        }
    }

    /// The remoteness of `p`, or why the search stopped.
    pub fn of(
        &mut self,
        p: &dyn AnyPosition,
        depth: usize,
        visiting: &mut Vec<String>,
    ) -> std::result::Result<u64, Stop> {
        let key = p.text();
        if let Some(&r) = self.memo.get(&key) {
            return Ok(r);
        }
        if depth > REMOTENESS_DEPTH || self.memo.len() > REMOTENESS_BUDGET || visiting.contains(&key) {
            return Err(Stop::Budget);
        }
        self.control.check().map_err(Stop::Failed)?;
        visiting.push(key.clone());
        let moves = p.moves().map_err(Stop::Failed)?;
        let mut hurry: Option<u64> = None; // least even remoteness (a P-option)
        let mut delay = 0;
        for m in &moves {
            let r = self.of(m.next.as_ref(), depth + 1, visiting)?;
            if r % 2 == 0 {
                hurry = Some(hurry.map_or(r, |h| h.min(r)));
            }
            delay = delay.max(r);
        }
        visiting.pop();
        let r = match (moves.is_empty(), hurry) {
            (true, _) => 0,
            (false, Some(h)) => h + 1,
            (false, None) => delay + 1,
        };
        self.memo.insert(key, r);
        Ok(r)
    }
}

/// A winning move if there is one; otherwise the move that makes the game last longest.
pub fn computer_move(p: &dyn AnyPosition, moves: Vec<Played>, remoteness: &mut Remoteness) -> Result<Played> {
    let value = p.value()?;
    let can_win = match &value {
        Value::Finite(v) => !v.is_zero(),
        Value::Infinite { escapes } => escapes.contains(&Nimber::ZERO),
    };
    if can_win && let Some(m) = p.moves_to(Nimber::ZERO)?.into_iter().next() {
        return Ok(m);
    }
    if p.convention() == Convention::Normal && matches!(value, Value::Infinite { .. }) {
        // A draw: stay in the loop (an option of infinite value).
        for (i, m) in moves.iter().enumerate() {
            if matches!(m.next.value()?, Value::Infinite { .. }) {
                return Ok(moves.into_iter().nth(i).expect("in range"));
            }
        }
    }
    // Delay: the option of greatest remoteness (ties: the first in the game's order).
    let mut best: Option<(u64, usize)> = None;
    let mut bounded = true;
    for (i, m) in moves.iter().enumerate() {
        match remoteness.of(m.next.as_ref(), 0, &mut Vec::new()) {
            Ok(r) => {
                if best.is_none_or(|(b, _)| r > b) {
                    best = Some((r, i));
                }
            }
            Err(Stop::Failed(e)) => return Err(e),
            Err(Stop::Budget) => {
                bounded = false;
                break;
            }
        }
    }
    let pick = if bounded {
        best.map_or(0, |(_, i)| i)
    } else {
        // Too big to look ahead: keep the game complex (most replies).
        let mut pick = (0, 0);
        for (i, m) in moves.iter().enumerate() {
            let n = m.next.moves()?.len();
            if n > pick.0 {
                pick = (n, i);
            }
        }
        pick.1
    };
    Ok(moves.into_iter().nth(pick).expect("in range"))
}
