//! The run context every computation receives: how far it may go (state limits), how many
//! threads it may use, a hint on what will be asked next, and its [`Control`] (cancellation,
//! progress observer, memory budget).
//!
//! What: one flat [`Settings`], built by a front end from its own words (the command line's
//! `--max-states`, `--jobs`, `--max-memory`; Python's keyword arguments; the web API's
//! `limits`) and passed down unchanged through the registry's builders to every engine.
//! Why one type: a game builder, an engine and a report builder all read the same few fields;
//! one value passed by reference keeps them from being re-assembled at each layer.
//! Cost: a few words and a clone of the control's `Arc`s.

use crate::control::Control;

/// How a computation runs: its limits, its threads and its control.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Most positions a memoised search keeps in its table before it stops with
    /// [`crate::Error::StateLimit`].
    pub max_states: usize,
    /// The same limit for the table searches (the Cram, Chomp, Triomino and coloring engines of
    /// [`crate::solve::search`]), whose tables the memory budget sizes and bounds: unlimited by
    /// default; a front end's state limit, when given, sets both.
    pub max_table_states: usize,
    /// Threads an engine may use: 0 = all cores; 1 = single-threaded.
    pub jobs: usize,
    /// The start position's winning moves will be asked right after its value (`grundy value`
    /// without `--no-moves`): an engine may search them while it searches the value (the Cram
    /// engine on two threads or more does). Only a hint: answers are the same either way.
    pub moves_follow: bool,
    /// The cancellation token, progress observer and memory budget every engine polls.
    pub control: Control,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            max_states: 20_000_000,
            max_table_states: usize::MAX,
            jobs: 0,
            moves_follow: false,
            control: Control::default(),
        }
    }
}

impl Settings {
    /// These settings with `control` in place of their own.
    pub fn with_control(&self, control: Control) -> Settings {
        Settings {
            control,
            ..self.clone()
        }
    }
}
