//! Graph files in every format (edge list, Graphviz, JSON) from arbitrary text: parsing never
//! panics; a graph that parses is solved, and its labels agree with plain retrograde analysis.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy::fuzz_checks::graph_files(data));
