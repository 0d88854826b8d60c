//! Small helpers for the words after a game's name: options such as `--set 1,2,3` and lists of
//! numbers. Every failure is an [`Error::Input`] that names the word and what is accepted.

use crate::error::{Error, Result, input};
use crate::games::GameOption;
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

/// The options a game's words gave, read by [`GameOptions::take`] against the game's declared
/// [`GameOption`]s: the one parser of every game's options.
#[derive(Debug, Default)]
pub struct GameOptions {
    flags: Vec<&'static str>,
    values: Vec<(&'static str, String)>,
}

impl GameOptions {
    /// Remove the `declared` options (`--flag`, `--name VALUE`, `--name=VALUE`) from `words`;
    /// any other word that looks like an option is refused, naming those `game` accepts.
    pub fn take(words: &mut Vec<String>, game: &str, declared: &[GameOption]) -> Result<GameOptions> {
        let mut out = GameOptions::default();
        for o in declared {
            match o.value {
                Some(_) => {
                    if let Some(v) = take_option(words, o.name)? {
                        out.values.push((o.name, v));
                    }
                }
                None => {
                    let flag = format!("--{}", o.name);
                    let before = words.len();
                    words.retain(|w| *w != flag);
                    if words.len() != before {
                        out.flags.push(o.name);
                    }
                }
            }
        }
        let accepted: Vec<String> = declared
            .iter()
            .map(|o| match o.value {
                Some(v) => format!("--{} {v}", o.name),
                None => format!("--{}", o.name),
            })
            .collect();
        let accepted = if accepted.is_empty() {
            "none".to_string()
        } else {
            accepted.join(", ")
        };
        no_other_options(words, game, &accepted)?;
        Ok(out)
    }

    /// Whether the flag `--name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.contains(&name)
    }

    /// The value of `--name VALUE`, when given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    const DECLARED: &[GameOption] = &[
        GameOption::STATS,
        GameOption {
            name: "tt",
            value: Some("FILE"),
            help: "a table file",
        },
    ];

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    /// Declared flags and values are taken out of the words, wherever they stand, in both
    /// spellings; what is left is the position.
    #[test]
    fn declared_options_are_taken_out() {
        let mut w = words("--tt t.bin 4x5 --stats");
        let o = GameOptions::take(&mut w, "cram", DECLARED).unwrap();
        assert!(o.flag("stats"));
        assert_eq!(o.value("tt"), Some("t.bin"));
        assert_eq!(w, words("4x5"));
        let mut w = words("4x5 --tt=x");
        let o = GameOptions::take(&mut w, "cram", DECLARED).unwrap();
        assert!(!o.flag("stats"));
        assert_eq!((o.value("tt"), w), (Some("x"), words("4x5")));
    }

    /// Anything else that looks like an option is refused with the list of those accepted; a
    /// value option without its value is refused too.
    #[test]
    fn other_options_are_refused_naming_the_accepted_ones() {
        let e = GameOptions::take(&mut words("4x5 --bogus"), "cram", DECLARED).unwrap_err();
        assert!(e.to_string().contains("accepted: --stats, --tt FILE"), "{e}");
        let e = GameOptions::take(&mut words("4x5 --tt"), "cram", DECLARED).unwrap_err();
        assert!(e.to_string().contains("--tt needs a value"), "{e}");
        let e = GameOptions::take(&mut words("--stats 5"), "nim", &[]).unwrap_err();
        assert!(e.to_string().contains("accepted: none"), "{e}");
    }
}
