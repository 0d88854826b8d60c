//! Integration tests: one test binary (so a release build links once), one module per area.
//! Every example and table of the source documents is a test here.

mod cli_errors;
mod handbook;
mod nim_sources;
mod people;
mod properties;
mod support;
