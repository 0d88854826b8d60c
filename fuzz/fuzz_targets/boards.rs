//! Maze files, Cram boards and Chomp shapes from arbitrary text: parsing never panics, and a
//! maze that parses can be asked about every floor cell.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy::fuzz_checks::boards(data));
