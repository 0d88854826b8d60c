//! Small helpers for the words after a game's name: options such as `--set 1,2,3` and lists of
//! numbers. Every failure is an [`Error::Input`] that names the word and what is accepted.

use crate::error::{Error, Result, input};
use crate::games::heap::parse_natural;

/// Remove `--name VALUE` (or `--name=VALUE`) from `words` and return VALUE.
pub fn take_option(words: &mut Vec<String>, name: &str) -> Result<Option<String>> {
    let flag = format!("--{name}");
    let prefix = format!("--{name}=");
    if let Some(i) = words.iter().position(|w| *w == flag) {
        if i + 1 >= words.len() {
            return input(format!("{flag} needs a value"));
        }
        let v = words.remove(i + 1);
        words.remove(i);
        return Ok(Some(v));
    }
    if let Some(i) = words.iter().position(|w| w.starts_with(&prefix)) {
        let w = words.remove(i);
        return Ok(Some(w[prefix.len()..].to_string()));
    }
    Ok(None)
}

/// Refuse any word left that looks like an option.
pub fn no_other_options(words: &[String], game: &str, accepted: &str) -> Result<()> {
    match words.iter().find(|w| w.starts_with("--")) {
        Some(w) => input(format!("unknown option `{w}` for {game}; accepted: {accepted}")),
        None => Ok(()),
    }
}

/// A comma-separated list of natural numbers, e.g. `1,2,3`.
pub fn number_list(text: &str, what: &str) -> Result<Vec<u64>> {
    if text.trim().is_empty() {
        return Err(Error::Input(format!(
            "{what} is empty: write numbers separated by commas, e.g. 1,2,3"
        )));
    }
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.iter().any(|s| s.is_empty()) {
        return Err(Error::Input(format!(
            "{what} `{}` has an empty item (two commas in a row, or a comma at an end): write numbers separated by single commas, e.g. 1,2,3",
            crate::error::shorten(text)
        )));
    }
    parts.iter().map(|p| parse_natural(p, what)).collect()
}
