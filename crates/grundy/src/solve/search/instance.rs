//! [`SearchEngine`]: the search engine ([`Search`]) as an [`Engine`] of the generic adapter
//! [`Instance`], so a [`Searchable`] game's positions get every command (the engine and its
//! transposition table are shared by every position reached from the start).
//! [`SearchInstance`] names that adapter.

use super::{Config, Search, Searchable};
use crate::error::Result;
use crate::game::Move;
use crate::nimber::Nimber;
use crate::position::{Engine, Instance};

/// The search engine with its `--stats` switch.
pub struct SearchEngine<G: Searchable> {
    search: Search<G>,
    /// Report the engine's counters (a message to the observer of the search's control) after
    /// the start position's value.
    stats: bool,
}

impl<G: Searchable> SearchEngine<G> {
    /// The engine for `game` with `config`.
    pub fn new(game: G, config: Config) -> Self {
        SearchEngine {
            search: Search::with_config(game, config),
            stats: false,
        }
    }

    /// The search runs under `control` (cancellation, memory budget, messages).
    pub fn set_control(&mut self, control: crate::control::Control) {
        self.search.control = control;
    }
}

impl<G: Searchable + 'static> Engine for SearchEngine<G> {
    type Game = G;

    fn game(&self) -> &G {
        self.search.game()
    }

    fn nimber(&mut self, position: &G::Position) -> Result<Nimber> {
        self.search.nimber(position)
    }

    fn moves_to_value(&mut self, position: &G::Position, target: Nimber) -> Result<Vec<Move<G::Position>>> {
        self.search.moves_to(position, target)
    }

    /// The engine values whole boards (splitting them itself): positions are shown whole.
    fn shows_components(&self) -> bool {
        false
    }

    fn control(&self) -> Option<&crate::control::Control> {
        Some(&self.search.control)
    }

    fn after_start_value(&mut self, answered: bool) -> Result<()> {
        if self.stats && answered {
            let s = self.search.stats();
            let line = format!(
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
            );
            self.search.control.message(line);
        }
        Ok(())
    }
}

/// A position of a [`Searchable`] game solved by the search engine.
pub type SearchInstance<G> = Instance<SearchEngine<G>>;

impl<G: Searchable + 'static> Instance<SearchEngine<G>> {
    /// The start `position` of the game named `name`, solved by the search engine with `config`.
    pub fn searching(name: impl Into<String>, game: G, config: Config, position: G::Position) -> Self {
        Instance::new(name, SearchEngine::new(game, config), position)
    }

    /// Report the engine's counters after the start position's value (an
    /// [`crate::control::Event::Message`]).
    pub fn with_stats(self, on: bool) -> Self {
        self.engine_mut().stats = on;
        self
    }

    /// The search runs under `control` (cancellation, memory budget, messages).
    pub fn with_control(self, control: crate::control::Control) -> Self {
        self.engine_mut().search.control = control;
        self
    }
}
