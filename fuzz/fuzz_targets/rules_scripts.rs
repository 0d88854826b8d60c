//! Rhai rules scripts from arbitrary text: loading never panics, every call runs under the
//! script engine's operation limit, and a script that loads answers (or refuses) a start.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy::fuzz_checks::rules_scripts(data));
