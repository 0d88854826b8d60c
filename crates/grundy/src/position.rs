//! Positions of any game behind one object-safe face, [`AnyPosition`], so the command line can
//! handle every game alike and positions of different games can be added ([`Sum`]).
//!
//! [`Instance`] wraps a position of any [`Game`] together with a shared memoising [`Solver`]:
//! the positions reached by moves share the solver's transposition table, so walking a game
//! (listing moves, playing, explaining) never solves the same position twice.

use crate::error::{Error, Result};
use crate::game::{Convention, Game};
use crate::nimber::Nimber;
use crate::solve::Solver;
use crate::value::Value;
use std::cell::RefCell;
use std::rc::Rc;

/// A move made: its label in the game's notation and the position it leads to.
pub struct Played {
    /// The move in the game's notation (in a sum, prefixed by the component, `#2 …`).
    pub label: String,
    /// The position after the move, behind the same face.
    pub next: Box<dyn AnyPosition>,
}

/// A position of some game, with everything the command line asks of it.
pub trait AnyPosition {
    /// The game's name as typed (with its parameters), e.g. `subtraction --set 1,2,3`.
    fn game(&self) -> String;
    /// The position in the game's notation.
    fn text(&self) -> String;
    /// Normal play (the last mover wins) unless the game says misère.
    fn convention(&self) -> Convention {
        Convention::Normal
    }
    /// The position's value: a nimber, or ∞ with its escape set in a loopy game. May search, so
    /// it can fail with a state limit or an interruption.
    fn value(&self) -> Result<Value>;
    /// Every move, in a fixed order.
    fn moves(&self) -> Result<Vec<Played>>;
    /// Every move to a position of finite value `target`.
    fn moves_to(&self, target: Nimber) -> Result<Vec<Played>>;
    /// A copy of this position behind a new box (for an [`Instance`], sharing its solver and
    /// table).
    fn boxed(&self) -> Box<dyn AnyPosition>;
    /// For a sum: its components; for anything else: itself alone.
    fn components(&self) -> Vec<Box<dyn AnyPosition>> {
        vec![self.boxed()]
    }
    /// A derivation of the value in the game's own terms (for `explain`), when the game has
    /// one; `None` uses the generic listing of options and the mex.
    fn explain(&self) -> Option<Result<String>> {
        None
    }
    /// The independent components whose values nim-add to this position's value (the heaps of
    /// a Nim position, the parts of a sum), or `None` when the position does not split.
    fn split(&self) -> Option<Vec<Box<dyn AnyPosition>>> {
        None
    }
}

impl Clone for Box<dyn AnyPosition> {
    fn clone(&self) -> Self {
        self.boxed()
    }
}

/// A position of a [`Game`] with a solver shared by every position reached from it.
pub struct Instance<G: Game> {
    name: Rc<str>,
    solver: Rc<RefCell<Solver<G>>>,
    position: G::Position,
}

impl<G: Game + 'static> Instance<G> {
    /// The position `position` of the game solved by `solver`, shown under the game name `name`
    /// (with its parameters, e.g. `subtraction --set 1,2,3`).
    pub fn new(name: impl Into<String>, solver: Solver<G>, position: G::Position) -> Self {
        let name: String = name.into();
        Instance {
            name: name.into(),
            solver: Rc::new(RefCell::new(solver)),
            position,
        }
    }

    /// The position in the game's own type.
    pub fn position(&self) -> &G::Position {
        &self.position
    }

    /// Another position of the same game, sharing this one's solver.
    pub fn at(&self, position: G::Position) -> Box<dyn AnyPosition> {
        Box::new(Instance {
            name: self.name.clone(),
            solver: self.solver.clone(),
            position,
        })
    }
}

impl<G: Game + 'static> AnyPosition for Instance<G> {
    fn game(&self) -> String {
        self.name.to_string()
    }

    fn text(&self) -> String {
        self.solver.borrow().game().format(&self.position)
    }

    fn convention(&self) -> Convention {
        self.solver.borrow().game().convention()
    }

    fn value(&self) -> Result<Value> {
        Ok(Value::Finite(self.solver.borrow_mut().nimber(&self.position)?))
    }

    fn moves(&self) -> Result<Vec<Played>> {
        let limit = self.solver.borrow().limits.max_states;
        if let Some(n) = self.solver.borrow().game().move_count(&self.position)
            && n > limit as u128
        {
            return Err(Error::Input(format!(
                "the position has {n} moves, more than the state limit {limit}: they cannot all be listed (raise it with --max-states)"
            )));
        }
        let moves = self.solver.borrow().game().moves(&self.position);
        Ok(moves
            .into_iter()
            .map(|m| Played {
                label: m.label,
                next: self.at(m.position),
            })
            .collect())
    }

    fn moves_to(&self, target: Nimber) -> Result<Vec<Played>> {
        let moves = self.solver.borrow_mut().moves_to_value(&self.position, target)?;
        Ok(moves
            .into_iter()
            .map(|m| Played {
                label: m.label,
                next: self.at(m.position),
            })
            .collect())
    }

    fn boxed(&self) -> Box<dyn AnyPosition> {
        self.at(self.position.clone())
    }

    fn split(&self) -> Option<Vec<Box<dyn AnyPosition>>> {
        let solver = self.solver.borrow();
        if solver.game().convention() != Convention::Normal {
            return None;
        }
        let parts = solver.game().components(&self.position)?;
        (parts.len() >= 2).then(|| parts.into_iter().map(|p| self.at(p)).collect())
    }
}

/// A disjunctive sum: a move is a move in exactly one component; the value is the nim-sum of
/// the components' values (generalized to loopy values by [`Value::add`]).
#[derive(Clone)]
pub struct Sum {
    parts: Vec<Box<dyn AnyPosition>>,
    /// All parts are positions of one game, written in a row (`10 7 4`) under that game's name,
    /// with moves labelled `#i move`; otherwise each part is named (`nim 3 + maze …`).
    one_game: bool,
}

impl Sum {
    /// A sum of normal-play positions; misère positions do not add by nim-sum and are refused.
    pub fn new(parts: Vec<Box<dyn AnyPosition>>) -> Result<Sum> {
        if let Some(p) = parts.iter().find(|p| p.convention() == Convention::Misere) {
            return Err(Error::Unsupported(format!(
                "{} is a misère game: misère positions do not add by nim-sum, so it cannot be part of a sum",
                p.game()
            )));
        }
        Ok(Sum { parts, one_game: false })
    }

    /// Several positions of one game played side by side (e.g. the heaps of a rules file),
    /// written as the positions in a row under the game's name.
    pub fn of_one_game(parts: Vec<Box<dyn AnyPosition>>) -> Result<Sum> {
        Ok(Sum {
            one_game: true,
            ..Sum::new(parts)?
        })
    }

    fn with(&self, i: usize, part: Box<dyn AnyPosition>) -> Box<dyn AnyPosition> {
        let mut parts = self.parts.clone();
        parts[i] = part;
        Box::new(Sum {
            parts,
            one_game: self.one_game,
        })
    }

    /// Label of a move in component `i` (numbered from 1).
    fn label(&self, i: usize, label: &str) -> String {
        if self.one_game {
            return format!("#{} {}", i + 1, label);
        }
        format!("#{} {}: {}", i + 1, self.parts[i].game(), label)
    }
}

impl AnyPosition for Sum {
    fn game(&self) -> String {
        if self.one_game {
            return self.parts[0].game();
        }
        "sum".into()
    }

    fn text(&self) -> String {
        if self.one_game {
            let parts: Vec<String> = self.parts.iter().map(|p| p.text()).collect();
            return parts.join(" ");
        }
        let parts: Vec<String> = self
            .parts
            .iter()
            .map(|p| format!("{} {}", p.game(), p.text()))
            .collect();
        parts.join(" + ")
    }

    fn value(&self) -> Result<Value> {
        let mut total = Value::Finite(Nimber::ZERO);
        for p in &self.parts {
            total = total.add(&p.value()?);
        }
        Ok(total)
    }

    fn moves(&self) -> Result<Vec<Played>> {
        let mut out = Vec::new();
        for (i, p) in self.parts.iter().enumerate() {
            for m in p.moves()? {
                out.push(Played {
                    label: self.label(i, &m.label),
                    next: self.with(i, m.next),
                });
            }
        }
        Ok(out)
    }

    /// In a component of value v, the moves to v ⊕ s ⊕ target, where s is the sum's value.
    fn moves_to(&self, target: Nimber) -> Result<Vec<Played>> {
        let values: Vec<Value> = self.parts.iter().map(|p| p.value()).collect::<Result<_>>()?;
        let Some(total) = values.iter().try_fold(Nimber::ZERO, |a, v| Some(a ^ v.finite()?)) else {
            // Some component is loopy: try every move.
            let mut out = Vec::new();
            for m in self.moves()? {
                if m.next.value()? == Value::Finite(target) {
                    out.push(m);
                }
            }
            return Ok(out);
        };
        let mut out = Vec::new();
        for (i, (p, v)) in self.parts.iter().zip(&values).enumerate() {
            let want = total ^ v.finite().expect("all finite") ^ target;
            for m in p.moves_to(want)? {
                out.push(Played {
                    label: self.label(i, &m.label),
                    next: self.with(i, m.next),
                });
            }
        }
        Ok(out)
    }

    fn boxed(&self) -> Box<dyn AnyPosition> {
        Box::new(self.clone())
    }

    fn components(&self) -> Vec<Box<dyn AnyPosition>> {
        self.parts.clone()
    }

    fn split(&self) -> Option<Vec<Box<dyn AnyPosition>>> {
        Some(self.parts.clone())
    }
}
