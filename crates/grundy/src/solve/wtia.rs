//! Winner-takes-all (WTIA) sums and their w-values (Romanian article, section "w-numbers").
//!
//! In a WTIA sum the player who first wins any component wins the whole game. A component is
//! *won* by the player who moves it into a terminal position, which is then *super-losing*
//! (SP): the player to move has already lost. A position with a move to SP is *super-winning*
//! (SC). Every other position gets a natural number, the mex of the w-values of its options
//! that are natural numbers (options of value SC are never played: they hand the opponent an
//! immediate win). Theorems (checked exhaustively in tests against the plain solver):
//! - a single component is lost for the player to move iff w = SP or w = 0;
//! - a WTIA sum is lost iff some component is SP, or all are natural with xor 0.
//!
//! A winning move of a sum is any move that leaves a lost sum: a move to SP, or (when no other
//! component is SC) a move to an option whose natural w-value makes the xor of all w-values 0,
//! whether that lowers the component's w-value or raises it.
//!
//! Cost: w-values are memoised by the position's text, so each position of each component is
//! expanded once (options via [`AnyPosition::moves`]).
//!
//! Sources, by their names in `docs/sources.md`: \[Infoarena\] (w-numbers, SP/SC and both
//! theorems).

use crate::control::Control;
use crate::error::{Error, Result};
use crate::nimber::{MexScratch, Nimber};
use crate::outcome::Outcome;
use crate::position::{AnyPosition, Played};
use std::collections::HashMap;
use std::fmt;

/// The w-value of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum W {
    /// Super-losing: the component has just been won by the previous player.
    SuperLosing,
    /// Super-winning: a move wins the component at once.
    SuperWinning,
    /// A natural w-value: the mex of the natural w-values of the options.
    Natural(u64),
}

impl fmt::Display for W {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            W::SuperLosing => write!(f, "SP"),
            W::SuperWinning => write!(f, "SC"),
            W::Natural(n) => write!(f, "{n}"),
        }
    }
}

impl W {
    /// The natural number, or `None` for SP and SC.
    pub fn natural(self) -> Option<u64> {
        match self {
            W::Natural(n) => Some(n),
            _ => None,
        }
    }
}

/// The outcome of a WTIA sum with these w-values.
pub fn outcome(ws: &[W]) -> Outcome {
    if ws.contains(&W::SuperLosing) {
        return Outcome::P;
    }
    match ws.iter().try_fold(0u64, |a, w| Some(a ^ w.natural()?)) {
        Some(0) => Outcome::P,
        _ => Outcome::N,
    }
}

/// Memoised w-values.
pub struct WValues {
    memo: HashMap<String, W>,
    max_states: usize,
    scratch: MexScratch,
    control: Control,
}

impl WValues {
    /// An empty memo that stops with [`crate::Error::StateLimit`] after `max_states` positions.
    pub fn new(max_states: usize) -> Self {
        WValues {
            memo: HashMap::new(),
            max_states,
            scratch: MexScratch::default(),
            control: Control::default(),
        }
    }

    /// The same, with `control` able to cancel the searches.
    pub fn with_control(mut self, control: Control) -> Self {
        self.control = control;
        self
    }

    fn key(p: &dyn AnyPosition) -> String {
        format!("{}\u{0}{}", p.game(), p.text())
    }

    /// The w-value of one component. The search keeps its own stack (no recursion, so a long
    /// chain of positions cannot overflow the thread's stack); a position met again while it is
    /// still being expanded means the component is loopy, which w-values do not cover.
    pub fn w(&mut self, p: &dyn AnyPosition) -> Result<W> {
        if let Some(&w) = self.memo.get(&Self::key(p)) {
            return Ok(w);
        }
        struct Frame {
            key: String,
            moves: Vec<Played>,
            next: usize,
            naturals: Vec<Nimber>,
            wins: bool,
        }
        let open = |p: &dyn AnyPosition| -> Result<Frame> {
            Ok(Frame {
                key: Self::key(p),
                moves: p.moves()?,
                next: 0,
                naturals: Vec::new(),
                wins: false,
            })
        };
        let mut on_stack: std::collections::HashSet<String> = std::collections::HashSet::new();
        let first = open(p)?;
        on_stack.insert(first.key.clone());
        let mut stack = vec![first];
        loop {
            self.control.check()?;
            let top = stack.last_mut().expect("the root stays until it is solved");
            if top.next < top.moves.len() {
                let next = top.moves[top.next].next.as_ref();
                let key = Self::key(next);
                if let Some(&w) = self.memo.get(&key) {
                    match w {
                        W::SuperLosing => top.wins = true,
                        W::SuperWinning => {}
                        W::Natural(n) => top.naturals.push(Nimber(n)),
                    }
                    top.next += 1;
                } else if on_stack.contains(&key) {
                    return Err(Error::Loopy(format!(
                        "{} {} (w-values of winner-takes-all sums need games without cycles)",
                        next.game(),
                        next.text()
                    )));
                } else {
                    let frame = open(next)?;
                    on_stack.insert(key);
                    if on_stack.len() + self.memo.len() > self.max_states {
                        return Err(Error::StateLimit(self.max_states));
                    }
                    stack.push(frame);
                }
                continue;
            }
            let frame = stack.pop().expect("non-empty");
            let w = if frame.moves.is_empty() {
                W::SuperLosing
            } else if frame.wins {
                W::SuperWinning
            } else {
                W::Natural(self.scratch.mex(&frame.naturals).0)
            };
            on_stack.remove(&frame.key);
            self.memo.insert(frame.key, w);
            if self.memo.len() > self.max_states {
                return Err(Error::StateLimit(self.max_states));
            }
            if stack.is_empty() {
                return Ok(w);
            }
        }
    }

    /// Every winning move of the WTIA sum `parts` (component index, move); none from a lost sum.
    ///
    /// A move wins iff the sum it leaves is lost for the player to move, so every move of every
    /// component is tried against the theorem above: besides the usual Nim-like moves that lower
    /// a w-value, this keeps the moves that raise it (to an option whose natural w-value makes
    /// the xor 0) and, with one SC component, its moves to natural options that make the xor 0.
    pub fn winning_moves(&mut self, parts: &[Box<dyn AnyPosition>]) -> Result<Vec<(usize, Played)>> {
        let mut ws: Vec<W> = parts.iter().map(|p| self.w(p.as_ref())).collect::<Result<_>>()?;
        if outcome(&ws) == Outcome::P {
            return Ok(vec![]);
        }
        let mut out = Vec::new();
        for (i, p) in parts.iter().enumerate() {
            let before = ws[i];
            for m in p.moves()? {
                ws[i] = self.w(m.next.as_ref())?;
                if outcome(&ws) == Outcome::P {
                    out.push((i, m));
                }
            }
            ws[i] = before;
        }
        Ok(out)
    }
}
