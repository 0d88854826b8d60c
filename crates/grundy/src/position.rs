//! Positions of any game behind one object-safe face, [`AnyPosition`], so the command line can
//! handle every game alike and positions of different games can be added ([`Sum`]).
//!
//! [`Instance`] is the one adapter between positions and engines: a position of any [`Game`]
//! together with an [`Engine`] (the memoising [`Solver`], the board-search engine, a dense
//! table, ...) shared by every position reached by moves, so walking a game (listing moves,
//! playing, explaining) never solves the same position twice. A game with its own engine
//! implements [`Engine`] (a value, the moves to a value, optionally a report after the start's
//! value) and gets every command through [`Instance`].

use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{Convention, Game, Move};
use crate::nimber::Nimber;
use crate::solve::Solver;
use crate::value::Value;
use std::cell::RefCell;
use std::rc::Rc;

/// A move made: its label in the game's notation and the position it leads to.
pub struct Played {
    /// The move in the game's notation (in a sum, prefixed by the component, `#2 …`).
    pub label: String,
    /// In a sum, the summand the move is made in (1-based); `None` for a move of one game.
    pub component: Option<usize>,
    /// The position after the move, behind the same face.
    pub next: Box<dyn AnyPosition>,
}

/// A position of some game, with everything the command line asks of it.
pub trait AnyPosition {
    /// The game's name as typed (with its parameters), e.g. `subtraction --set 1,2,3`.
    fn game(&self) -> String;
    /// The position in the game's notation.
    fn text(&self) -> String;
    /// The position's canonical form in the game's notation: two positions with equal keys
    /// have equal values (mirror images of a board, reordered heaps); without a canonical
    /// form, the text itself.
    fn key(&self) -> String {
        self.text()
    }
    /// Whether the last player to move wins (normal play) or loses (misère play).
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
    /// Whether the position's value is the nimber `k` (the test "g = k?" of a nimber-first
    /// search, which can cost far less than the value itself: it needs only the options'
    /// answers to the tests the mex asks). By default the value compared with `k`.
    fn has_value(&self, k: Nimber) -> Result<bool> {
        Ok(self.value()? == Value::Finite(k))
    }
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
    /// The control (cancellation, memory) of the position's searches, when it has one: a
    /// report that formats millions of moves asks it between them.
    fn control(&self) -> Option<Control> {
        None
    }
}

impl Clone for Box<dyn AnyPosition> {
    fn clone(&self) -> Self {
        self.boxed()
    }
}

/// What values the positions of one game for [`Instance`]: the generic memoising [`Solver`], the
/// board-search engine, a dense table, a dedicated bitboard search. One engine serves every
/// position reached from a start (its tables are shared), so walking a game never solves a
/// position twice.
pub trait Engine: 'static {
    /// The game whose positions the engine values.
    type Game: Game;
    /// The rules.
    fn game(&self) -> &Self::Game;
    /// The value of a position (normal or misère, as the game says).
    fn nimber(&mut self, position: &<Self::Game as Game>::Position) -> Result<Nimber>;
    /// The value of a position: its nimber, unless the engine values loopy games (then it may
    /// be infinite).
    fn value(&mut self, position: &<Self::Game as Game>::Position) -> Result<Value> {
        Ok(Value::Finite(self.nimber(position)?))
    }
    /// A derivation of the value in the game's own terms, for `explain` (`name` is the game's
    /// name as typed); `None` uses the generic listing of options and the mex.
    fn explain(&mut self, _name: &str, _position: &<Self::Game as Game>::Position) -> Option<Result<String>> {
        None
    }
    /// Whether `position` has the value `k`: by default its value compared with `k`; an engine
    /// with a test of its own ("is position + *k a P-position?") answers without the value.
    fn has_value(&mut self, position: &<Self::Game as Game>::Position, k: Nimber) -> Result<bool> {
        Ok(self.value(position)? == Value::Finite(k))
    }
    /// Every move from `position` to a position of value `target`.
    fn moves_to_value(
        &mut self,
        position: &<Self::Game as Game>::Position,
        target: Nimber,
    ) -> Result<Vec<Move<<Self::Game as Game>::Position>>>;
    /// Most moves a listing may have, when the engine has a state limit (a position with more
    /// moves is refused rather than listed); `None`: no limit.
    fn move_limit(&self) -> Option<usize> {
        None
    }
    /// The control of the engine's searches (cancellation, memory), when it has one: long
    /// listings of moves made outside the search (millions of winning moves) ask it too.
    fn control(&self) -> Option<&Control> {
        None
    }
    /// Whether a position's independent components are shown as a sum (`explain`, `split`);
    /// engines that value whole boards themselves keep them whole.
    fn shows_components(&self) -> bool {
        true
    }
    /// An error the game met where its interface cannot return one (a script failing while
    /// listing options), checked after every listing of moves; `Ok` when there is none.
    fn pending_error(&self) -> Result<()> {
        Ok(())
    }
    /// Called once after the start position's value (or a test of it, [`Engine::has_value`])
    /// was asked, with whether it was answered: the place for an engine's own report or for
    /// saving its table.
    fn after_start_value(&mut self, _answered: bool) -> Result<()> {
        Ok(())
    }
}

impl<G: Game + 'static> Engine for Solver<G> {
    type Game = G;

    fn game(&self) -> &G {
        Solver::game(self)
    }

    fn nimber(&mut self, position: &G::Position) -> Result<Nimber> {
        Solver::nimber(self, position)
    }

    fn moves_to_value(&mut self, position: &G::Position, target: Nimber) -> Result<Vec<Move<G::Position>>> {
        Solver::moves_to_value(self, position, target)
    }

    fn move_limit(&self) -> Option<usize> {
        Some(self.settings.max_states)
    }

    fn control(&self) -> Option<&Control> {
        Some(&self.settings.control)
    }
}

/// The position type of an engine's game.
type PositionOf<E> = <<E as Engine>::Game as Game>::Position;

/// A position of a game with the engine shared by every position reached from it: the one
/// adapter between positions and engines.
pub struct Instance<E: Engine> {
    name: Rc<str>,
    engine: Rc<RefCell<E>>,
    position: PositionOf<E>,
    /// The position the instance was made with (not one reached by a move): its value calls the
    /// engine's [`Engine::after_start_value`].
    start: bool,
}

impl<E: Engine> Instance<E> {
    /// The start position `position` of the game named `name`, valued by `engine`.
    pub fn new(name: impl Into<String>, engine: E, position: PositionOf<E>) -> Self {
        let name: String = name.into();
        Instance {
            name: name.into(),
            engine: Rc::new(RefCell::new(engine)),
            position,
            start: true,
        }
    }

    /// The position.
    pub fn position(&self) -> &PositionOf<E> {
        &self.position
    }

    /// The engine, to adjust before the first value (e.g. switch on its report).
    pub fn engine_mut(&self) -> std::cell::RefMut<'_, E> {
        self.engine.borrow_mut()
    }

    /// The engine (shared by every position reached from the start).
    pub fn engine(&self) -> std::cell::Ref<'_, E> {
        self.engine.borrow()
    }

    /// Another position of the same game, sharing this one's engine.
    pub fn at(&self, position: PositionOf<E>) -> Box<dyn AnyPosition> {
        Box::new(Instance {
            name: self.name.clone(),
            engine: self.engine.clone(),
            position,
            start: false,
        })
    }

    fn played(&self, moves: Vec<Move<PositionOf<E>>>) -> Result<Vec<Played>> {
        let control = self.engine.borrow().control().cloned();
        let mut out = Vec::with_capacity(moves.len());
        for (i, m) in moves.into_iter().enumerate() {
            if i % 4096 == 4095
                && let Some(c) = &control
            {
                c.check()?;
            }
            out.push(Played {
                label: m.label,
                component: m.component,
                next: self.at(m.position),
            });
        }
        Ok(out)
    }
}

impl<E: Engine> AnyPosition for Instance<E> {
    fn game(&self) -> String {
        self.name.to_string()
    }

    fn text(&self) -> String {
        self.engine.borrow().game().format(&self.position)
    }

    fn key(&self) -> String {
        let engine = self.engine.borrow();
        let game = engine.game();
        game.format(&game.canonical(self.position.clone()))
    }

    fn convention(&self) -> Convention {
        self.engine.borrow().game().convention()
    }

    fn value(&self) -> Result<Value> {
        let v = self.engine.borrow_mut().value(&self.position);
        if self.start {
            self.engine.borrow_mut().after_start_value(v.is_ok())?;
        }
        v
    }

    fn has_value(&self, k: Nimber) -> Result<bool> {
        let yes = self.engine.borrow_mut().has_value(&self.position, k);
        if self.start {
            self.engine.borrow_mut().after_start_value(yes.is_ok())?;
        }
        yes
    }

    fn moves(&self) -> Result<Vec<Played>> {
        let engine = self.engine.borrow();
        if let Some(limit) = engine.move_limit()
            && let Some(n) = engine.game().move_count(&self.position)
            && n > crate::solve::memo::listing_limit(limit)
        {
            return Err(Error::MoveListLimit(n, limit));
        }
        let control = engine.control().cloned();
        let stop = || control.as_ref().is_some_and(|c| c.stop().is_some());
        let moves = engine.game().moves_until(&self.position, &stop);
        engine.pending_error()?;
        drop(engine);
        match moves {
            Some(moves) => self.played(moves),
            None => Err(control.and_then(|c| c.stop()).unwrap_or(Error::Interrupted)),
        }
    }

    fn moves_to(&self, target: Nimber) -> Result<Vec<Played>> {
        let moves = self.engine.borrow_mut().moves_to_value(&self.position, target)?;
        self.played(moves)
    }

    fn control(&self) -> Option<Control> {
        self.engine.borrow().control().cloned()
    }

    fn boxed(&self) -> Box<dyn AnyPosition> {
        self.at(self.position.clone())
    }

    fn explain(&self) -> Option<Result<String>> {
        self.engine.borrow_mut().explain(&self.name, &self.position)
    }

    fn split(&self) -> Option<Vec<Box<dyn AnyPosition>>> {
        let engine = self.engine.borrow();
        if !engine.shows_components() || engine.game().convention() != Convention::Normal {
            return None;
        }
        let parts = engine.game().components(&self.position)?;
        drop(engine);
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
                    component: Some(i + 1),
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
                    component: Some(i + 1),
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
