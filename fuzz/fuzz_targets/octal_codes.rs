//! Octal and hexadecimal codes from arbitrary text: parsing never panics; a code that parses
//! gives the same values by the plain and the sparse-space method, and the same as mex over the
//! rules' options.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy::fuzz_checks::octal_codes(data));
