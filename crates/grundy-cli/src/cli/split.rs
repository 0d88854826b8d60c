//! `grundy split GAME ARGS`: the tasks of a position, one line each (the words of `grundy
//! value`); `grundy split merge FILE... -o ALL`: the tasks' region databases merged. The
//! library does both (`grundy::query::split`); this module words the output.

use super::args::SplitArgs;
use super::position::json_line;
use grundy::error::{Error, Result};
use grundy::settings::Settings;
use std::path::{Path, PathBuf};

/// Run `grundy split` (or `grundy split merge`).
pub fn run(a: &SplitArgs, settings: Settings) -> Result<String> {
    if a.words.first().map(String::as_str) == Some("merge") {
        return merge(&a.words[1..], a.output.as_deref(), a.json.json);
    }
    if a.output.is_some() {
        return Err(Error::Input(
            "-o is for `grundy split merge`; `grundy split GAME ARGS` prints its tasks".into(),
        ));
    }
    let r = grundy::query::split::split(&a.words, &settings)?;
    if a.json.json {
        return json_line(&r);
    }
    Ok(r.tasks.iter().map(|t| format!("{}\n", t.spec)).collect())
}

fn merge(inputs: &[String], output: Option<&str>, json: bool) -> Result<String> {
    let Some(output) = output else {
        return Err(Error::Input(
            "split merge needs the merged file: split merge part-*.db -o all.db".into(),
        ));
    };
    if inputs.is_empty() {
        return Err(Error::Input(
            "split merge needs the files to merge: split merge part-*.db -o all.db".into(),
        ));
    }
    let parts: Vec<PathBuf> = inputs.iter().map(PathBuf::from).collect();
    let r = grundy::query::split::merge_tables(&parts, Path::new(output))?;
    if json {
        return json_line(&r);
    }
    Ok(format!(
        "merged {} files: {} regions ({} found in more than one file, with equal values)\nwrote {output}\n",
        r.parts, r.regions, r.shared
    ))
}
