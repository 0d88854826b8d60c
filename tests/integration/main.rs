//! Integration tests: one test binary (so a release build links once), one module per area.
//! Every example and table of the source documents is a test here.

mod boards;
mod cli_errors;
mod digraph;
mod guide;
mod handbook;
mod nim_sources;
mod octal;
mod people;
mod properties;
mod support;
mod welter;
