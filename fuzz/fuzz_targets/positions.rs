//! Positions of every game of the registry, from arbitrary words: parsing never panics, and a
//! position that parses can be printed.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy::fuzz_checks::positions(data));
