//! Integration tests: one test binary (so a release build links once), one module per area.
//! Every example and table of the source documents is a test here.

mod boards;
mod census;
mod checkpoints;
mod cli_args;
mod cli_errors;
mod digraph;
mod fast_engines;
mod files;
mod fuzz_regressions;
mod graph_games;
mod guide;
mod handbook;
mod issue13_input;
mod issue13_small;
mod limits;
mod listing;
mod malformed;
mod misere;
mod nim_sources;
mod node_kayles;
mod octal;
mod people;
mod properties;
mod purity;
mod registry;
mod reliability;
mod reports;
mod signals;
mod stores;
mod support;
mod welter;
