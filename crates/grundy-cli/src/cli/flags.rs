//! Options that may stand anywhere among a command's words (after the game's own arguments
//! too, as in `grundy value nim 10 12 5 --json`): they are taken out before the game sees them.

use grundy::error::{Error, Result};
use grundy::games::Settings;

/// Remove every `--name` from `words`; whether one was there.
pub fn take_flag(words: &mut Vec<String>, name: &str) -> bool {
    let flag = format!("--{name}");
    let before = words.len();
    words.retain(|w| *w != flag);
    words.len() != before
}

/// Remove `--name VALUE` or `--name=VALUE`; the value if present.
pub fn take_value(words: &mut Vec<String>, name: &str) -> Result<Option<String>> {
    grundy::games::args::take_option(words, name)
}

/// Remove `--name N` and parse N as a natural number.
pub fn take_number(words: &mut Vec<String>, name: &str) -> Result<Option<u64>> {
    match take_value(words, name)? {
        None => Ok(None),
        Some(v) => grundy::games::heap::parse_natural(&v, &format!("--{name}")).map(Some),
    }
}

/// `--max-states` and `--max-memory` written after the game's words.
pub fn take_limits(words: &mut Vec<String>, settings: &mut Settings) -> Result<()> {
    if let Some(n) = take_number(words, "max-states")? {
        settings.limits.max_states =
            usize::try_from(n).map_err(|_| Error::Input(format!("--max-states {n} is too large")))?;
    }
    if let Some(size) = take_value(words, "max-memory")? {
        super::progress::set_memory_limit(grundy::memory::parse_size(&size)?);
    }
    Ok(())
}
