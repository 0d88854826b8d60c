//! [`SearchInstance`]: a position of a [`Searchable`] game behind the command line's
//! [`AnyPosition`] face, solved by the search engine (shared by every position reached from it,
//! so the transposition table serves the whole session).

use super::{Config, Search, Searchable};
use crate::control::Control;
use crate::error::Result;
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Played};
use crate::value::Value;
use std::cell::RefCell;
use std::rc::Rc;

/// A position of a [`Searchable`] game with a search engine shared by every position reached
/// from it.
pub struct SearchInstance<G: Searchable> {
    name: Rc<str>,
    search: Rc<RefCell<Search<G>>>,
    position: G::Position,
    /// Report the engine's counters (a message to the observer) after computing a value.
    stats: bool,
    /// Cancellation, memory budget and the observer of the stats messages.
    control: Control,
}

impl<G: Searchable + 'static> SearchInstance<G> {
    /// The position `position` of `game`, shown under the name `name`, with a new engine built
    /// with `config`.
    pub fn new(name: impl Into<String>, game: G, config: Config, position: G::Position) -> Self {
        let name: String = name.into();
        SearchInstance {
            name: name.into(),
            search: Rc::new(RefCell::new(Search::with_config(game, config))),
            position,
            stats: false,
            control: Control::default(),
        }
    }

    /// Report the engine's counters after each value (an [`crate::control::Event::Message`]).
    pub fn with_stats(mut self, on: bool) -> Self {
        self.stats = on;
        self
    }

    /// The search runs under `control` (cancellation, memory budget, messages).
    pub fn with_control(mut self, control: Control) -> Self {
        self.search.borrow_mut().control = control.clone();
        self.control = control;
        self
    }

    fn at(&self, position: G::Position) -> Box<dyn AnyPosition> {
        Box::new(SearchInstance {
            name: self.name.clone(),
            search: self.search.clone(),
            position,
            stats: false,
            control: self.control.clone(),
        })
    }
}

impl<G: Searchable + 'static> AnyPosition for SearchInstance<G> {
    fn game(&self) -> String {
        self.name.to_string()
    }

    fn text(&self) -> String {
        self.search.borrow().game().format(&self.position)
    }

    fn value(&self) -> Result<Value> {
        let v = self.search.borrow_mut().nimber(&self.position)?;
        if self.stats {
            let s = self.search.borrow().stats();
            self.control.message(format!(
                "search: {} nodes, {} symmetric, {} bound cuts; table {} entries (cap {}), {} lookups, {} hits, {} stores, {} replaced",
                s.nodes,
                s.symmetric,
                s.bound_cuts,
                s.table.entries,
                s.table.capacity,
                s.table.lookups,
                s.table.hits,
                s.table.stores,
                s.table.replaced
            ));
        }
        Ok(Value::Finite(v))
    }

    fn moves(&self) -> Result<Vec<Played>> {
        let moves = self.search.borrow().game().moves(&self.position);
        Ok(moves
            .into_iter()
            .map(|m| Played {
                label: m.label,
                next: self.at(m.position),
            })
            .collect())
    }

    fn moves_to(&self, target: Nimber) -> Result<Vec<Played>> {
        let moves = self.search.borrow_mut().moves_to(&self.position, target)?;
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
}

/// Remove `--stats` from a game's words; whether it was there.
pub fn take_stats_flag(words: &mut Vec<String>) -> bool {
    let before = words.len();
    words.retain(|w| w != "--stats");
    words.len() != before
}
