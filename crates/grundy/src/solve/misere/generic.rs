//! Misère play of any finite game and of any sum of games, through [`AnyPosition`]: the
//! position's components become the parts of a [`MisereSum`], searched as a whole.
//!
//! What: [`MisereSum`] is a [`Game`] whose position is a list of components (each a position
//! of some game that does not split further); a move is a move in one component (a component
//! that splits after the move is replaced by its parts). Its convention is misère, so the
//! generic [`Solver`] values it by mex with value 1 at a terminal position, and its
//! transposition table is keyed on the canonical sum: the components' names sorted, terminal
//! components removed. Each component's moves are listed once and kept (`Node`), so a
//! component met in many sums is expanded once.
//!
//! Why: misère values do not add by nim-sum, so a sum must be searched whole; but a sum is
//! commutative, and keying the table on the sorted components makes the search visit each
//! multiset of components once. Errors met while listing moves (a failing `--rules` script, a
//! move list over the limit) are kept and returned after the search ([`MisereEngine`]).
//!
//! Cost: one table entry per reachable multiset of components; each component's moves listed
//! once. Loopy games are refused ([`crate::error::Error::Loopy`]) when the search meets a
//! cycle.

use crate::error::{Error, Result};
use crate::game::{Convention, Game, Move};
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Engine};
use crate::solve::Solver;
use rustc_hash::FxHashMap;
use std::cell::{OnceCell, RefCell};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// The moves of one component, each with its label and the parts it leaves.
type MoveList = Rc<Vec<(String, Vec<Part>)>>;

/// One component: its key (game name and position text) and its moves, listed once.
pub struct Node {
    key: Rc<str>,
    game: String,
    text: String,
    position: Box<dyn AnyPosition>,
    moves: OnceCell<MoveList>,
}

/// A component of a [`MisereSum`] position: compared and hashed by its key alone.
#[derive(Clone)]
pub struct Part(Rc<Node>);

impl PartialEq for Part {
    fn eq(&self, other: &Self) -> bool {
        self.0.key == other.0.key
    }
}
impl Eq for Part {}
impl Hash for Part {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.0.key.hash(h)
    }
}
impl fmt::Debug for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.key)
    }
}

/// Any finite game or sum of games under misère play (see the module docs).
pub struct MisereSum {
    nodes: RefCell<FxHashMap<Rc<str>, Rc<Node>>>,
    error: RefCell<Option<Error>>,
}

impl Default for MisereSum {
    fn default() -> Self {
        Self::new()
    }
}

impl MisereSum {
    /// An empty game (components are added by [`MisereSum::parts`]).
    pub fn new() -> Self {
        MisereSum {
            nodes: RefCell::new(FxHashMap::default()),
            error: RefCell::new(None),
        }
    }

    /// The components of `p`: `p` itself, or, when it splits, the components of its parts.
    pub fn parts(&self, p: &dyn AnyPosition) -> Vec<Part> {
        match p.split() {
            Some(split) => split.iter().flat_map(|c| self.parts(c.as_ref())).collect(),
            None => vec![self.intern(p)],
        }
    }

    fn intern(&self, p: &dyn AnyPosition) -> Part {
        let (game, text) = (p.game(), p.text());
        let key: Rc<str> = format!("{game}\u{1f}{text}").into();
        let node = self
            .nodes
            .borrow_mut()
            .entry(key.clone())
            .or_insert_with(|| {
                Rc::new(Node {
                    key,
                    game,
                    text,
                    position: p.boxed(),
                    moves: OnceCell::new(),
                })
            })
            .clone();
        Part(node)
    }

    /// The moves of one component (listed once), each with the parts it leaves.
    fn component_moves(&self, part: &Part) -> MoveList {
        if let Some(m) = part.0.moves.get() {
            return m.clone();
        }
        let listed = match part.0.position.moves() {
            Ok(moves) => moves
                .into_iter()
                .map(|m| (m.label, self.parts(m.next.as_ref())))
                .collect(),
            Err(e) => {
                self.error.borrow_mut().get_or_insert(e);
                Vec::new()
            }
        };
        part.0.moves.get_or_init(|| Rc::new(listed)).clone()
    }

    /// The first error met while listing moves, if any (taken: asked once).
    pub fn take_error(&self) -> Option<Error> {
        self.error.borrow_mut().take()
    }

    /// The game's name of a position: the common name of its components, or `sum`.
    pub fn name(&self, parts: &[Part]) -> String {
        match parts.first() {
            Some(first) if parts.iter().all(|p| p.0.game == first.0.game) => first.0.game.clone(),
            Some(_) => "sum".into(),
            None => "sum".into(),
        }
    }

    fn one_game(parts: &[Part]) -> bool {
        parts.iter().all(|p| p.0.game == parts[0].0.game)
    }

    fn replace(parts: &[Part], i: usize, with: &[Part]) -> Vec<Part> {
        let mut out = Vec::with_capacity(parts.len() + with.len());
        out.extend_from_slice(&parts[..i]);
        out.extend_from_slice(with);
        out.extend_from_slice(&parts[i + 1..]);
        out
    }
}

impl Game for MisereSum {
    type Position = Vec<Part>;

    fn options(&self, parts: &Vec<Part>, out: &mut Vec<Vec<Part>>) {
        for (i, part) in parts.iter().enumerate() {
            if parts[..i].contains(part) {
                continue;
            }
            for (_, next) in self.component_moves(part).iter() {
                out.push(Self::replace(parts, i, next));
            }
        }
    }

    fn moves(&self, parts: &Vec<Part>) -> Vec<Move<Vec<Part>>> {
        let one_game = Self::one_game(parts);
        let mut out: Vec<Move<Vec<Part>>> = Vec::new();
        let mut seen: rustc_hash::FxHashSet<Vec<Rc<str>>> = rustc_hash::FxHashSet::default();
        for (i, part) in parts.iter().enumerate() {
            for (label, next) in self.component_moves(part).iter() {
                let position = Self::replace(parts, i, next);
                let label = if parts.len() == 1 {
                    label.clone()
                } else if one_game {
                    // Equal components have the same moves: list them once.
                    let key = self
                        .canonical(position.clone())
                        .iter()
                        .map(|p| p.0.key.clone())
                        .collect();
                    if !seen.insert(key) {
                        continue;
                    }
                    label.clone()
                } else {
                    format!("#{} {}: {}", i + 1, part.0.game, label)
                };
                let sum_move = parts.len() > 1 && !one_game;
                let m = Move::new(label, position);
                out.push(if sum_move { m.in_component(i + 1) } else { m });
            }
        }
        out
    }

    fn format(&self, parts: &Vec<Part>) -> String {
        if parts.is_empty() {
            return "0".into();
        }
        if Self::one_game(parts) {
            let t: Vec<&str> = parts.iter().map(|p| p.0.text.as_str()).collect();
            return t.join(" ");
        }
        let t: Vec<String> = parts.iter().map(|p| format!("{} {}", p.0.game, p.0.text)).collect();
        t.join(" + ")
    }

    fn convention(&self) -> Convention {
        Convention::Misere
    }

    /// Sorted by key; terminal components (no move: the zero game) removed.
    fn canonical(&self, mut parts: Vec<Part>) -> Vec<Part> {
        parts.retain(|p| !self.component_moves(p).is_empty());
        parts.sort_unstable_by(|a, b| a.0.key.cmp(&b.0.key));
        parts
    }
}

/// The engine of a misère position: the generic [`Solver`] over [`MisereSum`], returning the
/// errors met while listing moves.
pub struct MisereEngine {
    /// The solver (its table shared by every position reached from the start).
    pub solver: Solver<MisereSum>,
}

impl MisereEngine {
    fn checked<T>(&self, r: Result<T>) -> Result<T> {
        if let Some(e) = self.solver.game().take_error() {
            return Err(e);
        }
        r
    }
}

impl Engine for MisereEngine {
    type Game = MisereSum;

    fn game(&self) -> &MisereSum {
        self.solver.game()
    }

    fn nimber(&mut self, position: &Vec<Part>) -> Result<Nimber> {
        let r = self.solver.nimber(position);
        self.checked(r)
    }

    fn moves_to_value(&mut self, position: &Vec<Part>, target: Nimber) -> Result<Vec<Move<Vec<Part>>>> {
        let r = self.solver.moves_to_value(position, target);
        self.checked(r)
    }

    fn move_limit(&self) -> Option<usize> {
        Some(self.solver.settings.max_states)
    }

    fn control(&self) -> Option<&crate::control::Control> {
        Some(&self.solver.settings.control)
    }

    fn pending_error(&self) -> Result<()> {
        match self.solver.game().take_error() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}
