//! Solver invariants on small positions built from the bytes: every winning move leads to
//! value 0 and there is one exactly when the value is not 0; a sum's value is the xor of its
//! components' values; the value equals mex over the moves alone (no formula).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy::fuzz_checks::solver_invariants(data));
