//! The [`Game`] trait: the one interface every solver works through.
//!
//! A game (a ruleset, possibly with parameters such as a subtraction set or a maze board) knows
//! the options of a position, how to label a move in its own notation, and how to print a
//! position. Optionally it splits a position into independent components (the solver then
//! xors their values), maps a position to a canonical representative (symmetry), gives a closed
//! formula for the nimber, and finds the moves to a given nimber fast (so huge positions need no
//! enumeration of options).
//!
//! Sources, by their names in `docs/sources.md`: \[Sprague1935\], \[Grundy1939\]; \[Slides\] for
//! the formal setting (finite, impartial, normal play).

use crate::nimber::Nimber;

impl Convention {
    /// Whether this is normal play (reports write the convention only when it is not).
    pub fn is_normal(&self) -> bool {
        *self == Convention::Normal
    }
}
use std::fmt::Debug;
use std::hash::Hash;

/// Who wins when no move is left. In JSON: `"normal"` or `"misere"`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// The player who cannot move loses (the last mover wins).
    Normal,
    /// The player who cannot move wins (the last mover loses). Values are misère Grundy values:
    /// 1 at a terminal position, mex over the options elsewhere; 0 exactly at P-positions. They
    /// do not add by nim-sum.
    Misere,
}

impl Convention {
    /// Misère play when `misere` (a front end's `--misere` flag or `misere=True`), normal play
    /// otherwise.
    pub fn misere_if(misere: bool) -> Convention {
        if misere { Convention::Misere } else { Convention::Normal }
    }
}

/// The bookkeeping of a listing that cannot be interrupted (a game's rules call back once per
/// option) but should give up soon after `stop` says so: [`Game::options_until`] and
/// [`Game::moves_until`] ask [`Asking::more`] before each item. `stop` is asked once at the
/// start and then every 4096 items; once it said stop, every later item is skipped.
pub(crate) struct Asking<'a> {
    stop: &'a dyn Fn() -> bool,
    stopped: bool,
}

impl<'a> Asking<'a> {
    /// A listing that asks `stop` now.
    pub(crate) fn new(stop: &'a dyn Fn() -> bool) -> Self {
        Asking { stopped: stop(), stop }
    }

    /// Whether to list one more item, `listed` being listed so far.
    pub(crate) fn more(&mut self, listed: usize) -> bool {
        if !self.stopped && listed % 4096 == 4095 && (self.stop)() {
            self.stopped = true;
        }
        !self.stopped
    }

    /// Whether the listing was told to stop (then incomplete).
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }
}

/// A move: its label in the game's notation and the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move<P> {
    /// The move in the game's own notation, e.g. `10 → 7` or `8 → 1+7`.
    pub label: String,
    /// The position the move leads to.
    pub position: P,
    /// In a sum, the summand the move is made in (1-based); `None` for a move of one game.
    pub component: Option<usize>,
}

impl<P> Move<P> {
    /// A move labelled `label` that leads to `position`.
    pub fn new(label: impl Into<String>, position: P) -> Self {
        Move {
            label: label.into(),
            position,
            component: None,
        }
    }

    /// This move, made in summand `component` of a sum (1-based).
    pub fn in_component(self, component: usize) -> Self {
        Move {
            component: Some(component),
            ..self
        }
    }
}

/// The rules of an impartial game, as the solvers see them: the options of a position (its
/// followers in the game graph) and how to name moves and positions. A game must be finite
/// (no position reachable from itself) for [`crate::solve::Solver`]; loopy games go through
/// [`crate::solve::digraph`]. Every optional method has a correct default, so the least a game
/// writes is its position type, [`Game::options`], [`Game::moves`] and [`Game::format`].
pub trait Game {
    /// A position of the game: cheap to clone and hash, since the solvers use it as a table key.
    type Position: Clone + Eq + Hash + Debug;

    /// Push every option of `position` onto `out` (the solvers' hot path; `out` is empty on
    /// entry). Repeats are allowed.
    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// [`Game::options`], given up once `stop` says so: `false` when it stopped, and then `out`
    /// is incomplete and must not be used. A game whose positions can have millions of options
    /// asks `stop` every few thousand, so a solver listing them ends soon after a Ctrl-C. By
    /// default the whole listing, asked once before it starts.
    fn options_until(&self, position: &Self::Position, out: &mut Vec<Self::Position>, stop: &dyn Fn() -> bool) -> bool {
        if stop() {
            return false;
        }
        self.options(position, out);
        true
    }

    /// Every option with a label in the game's notation, without repeats, in a fixed order.
    fn moves(&self, position: &Self::Position) -> Vec<Move<Self::Position>>;

    /// [`Game::moves`], given up (`None`) once `stop` says so: a game whose positions can have
    /// millions of moves (a heap of 10^8 under prime subtraction has 5.7 million) asks `stop`
    /// every few thousand moves, so a listing ends soon after a Ctrl-C. By default the whole
    /// listing, asked once before it starts.
    fn moves_until(&self, position: &Self::Position, stop: &dyn Fn() -> bool) -> Option<Vec<Move<Self::Position>>> {
        (!stop()).then(|| self.moves(position))
    }

    /// The position in the game's notation (what a user would type after the game name).
    fn format(&self, position: &Self::Position) -> String;

    /// The play convention; normal play unless the game says otherwise.
    fn convention(&self) -> Convention {
        Convention::Normal
    }

    /// A split into two or more independent components whose values xor to the position's
    /// value (normal play only). `None` when the position does not split.
    fn components(&self, _position: &Self::Position) -> Option<Vec<Self::Position>> {
        None
    }

    /// A canonical representative of the position's symmetry class; equal values guaranteed.
    fn canonical(&self, position: Self::Position) -> Self::Position {
        position
    }

    /// A closed formula for the value, when one is known and proved.
    fn formula(&self, _position: &Self::Position) -> Option<Nimber> {
        None
    }

    /// Every move to a position of value `target`, found without enumerating all options; `None`
    /// when the game has no such shortcut (the solver then tries every move).
    fn moves_to_value(&self, _position: &Self::Position, _target: Nimber) -> Option<Vec<Move<Self::Position>>> {
        None
    }

    /// The number of moves, when the game can count them without listing them (so a position
    /// with billions of moves is refused instead of listed); `None` when unknown.
    fn move_count(&self, _position: &Self::Position) -> Option<u128> {
        None
    }

    /// The memory one position takes, its heap part included (a vertex set's words): the
    /// solver accounts a listing of [`Game::move_count`] options against the memory budget
    /// before making it. Default: the size of the type alone.
    fn position_bytes(&self, _position: &Self::Position) -> u64 {
        std::mem::size_of::<Self::Position>() as u64
    }
}
