//! One hard position split into independent tasks: its options, each class of equal options
//! once, as the words of `value`; and the tasks' region databases merged back into one.
//!
//! What: [`split`] lists the moves of a position without valuing them and groups the options
//! whose canonical forms are equal ([`AnyPosition::key`]: mirror images of a board); each
//! group is a task, written as the words `value` takes. The value of the position is then the
//! mex of the tasks' values (every option of a group has the group's value).
//! [`merge_tables`] joins the region databases the tasks wrote (a game whose registry entry
//! declares a region database option keeps one) into one file, refusing parts that disagree on
//! a region: with it, the whole position's own search finds every option's regions known and
//! checks the mex.
//!
//! Why: a board like Cram 3×20 takes one machine hours; its first moves are independent
//! subproblems that a Dask cluster or a Slurm array can run at once (docs/distributed.md,
//! "One board over several machines"), and the merged database makes the root's value a
//! second computation, not only a mex taken on trust.
//!
//! Cost: [`split`] is one move generation and one canonical form per move; [`merge_tables`]
//! reads every part whole (10 bytes a region) and sorts the union once.

use crate::error::{Error, Result};
use crate::game::Convention;
use crate::settings::Settings;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One task of a split: a class of equal options of the position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SplitTask {
    /// The option as the words of `value` (the game's name and the position).
    pub spec: String,
    /// The first move of the class, in the game's notation.
    pub label: String,
    /// How many moves lead to an option of the class.
    pub moves: usize,
}

/// The tasks of a position (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SplitReport {
    /// The game's name as typed.
    pub game: String,
    /// The position in the game's notation.
    pub position: String,
    /// The number of moves of the position.
    pub moves: usize,
    /// One task per class of equal options, in the order of their first move.
    pub tasks: Vec<SplitTask>,
    /// The game option that names a region database file (`table`), when the game keeps one:
    /// each task then writes its own part, merged by [`merge_tables`].
    pub table_option: Option<String>,
}

/// The tasks of the position written by `words` (normal play), its moves listed without
/// their values.
pub fn split(words: &[String], settings: &Settings) -> Result<SplitReport> {
    let p = super::position(words, Convention::Normal, settings)?;
    if p.split().is_some() {
        return Err(Error::Input(
            "this position is already a sum of independent parts: value each part on its own".into(),
        ));
    }
    let moves = p.moves()?;
    let mut tasks: Vec<SplitTask> = Vec::new();
    let mut keys: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for m in &moves {
        let key = m.next.key();
        match keys.get(&key) {
            Some(&i) => tasks[i].moves += 1,
            None => {
                keys.insert(key, tasks.len());
                tasks.push(SplitTask {
                    spec: format!("{} {}", m.next.game(), m.next.text()),
                    label: m.label.clone(),
                    moves: 1,
                });
            }
        }
    }
    let entry = crate::games::find(&p.game())?;
    let table_option = entry.caps.region_database.map(String::from);
    Ok(SplitReport {
        game: p.game(),
        position: p.text(),
        moves: moves.len(),
        tasks,
        table_option,
    })
}

/// What [`merge_tables`] did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MergeReport {
    /// The part files read.
    pub parts: usize,
    /// The regions written (each once).
    pub regions: usize,
    /// The regions found in more than one part (with equal values).
    pub shared: usize,
}

/// Merge the region databases `parts` into `out` (written whole, then renamed): every region
/// once; a damaged part, one of another format, or two parts with different values for one
/// region are refused and nothing is written.
pub fn merge_tables(parts: &[PathBuf], out: &Path) -> Result<MergeReport> {
    if parts.is_empty() {
        return Err(Error::Input("no table file to merge".into()));
    }
    let (regions, shared) = crate::solve::search::cram::merge_region_files(parts, out)?;
    Ok(MergeReport {
        parts: parts.len(),
        regions,
        shared,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Value;

    fn words(s: &str) -> Vec<String> {
        crate::games::words(s)
    }

    fn value_of(spec: &str) -> u64 {
        match super::super::value(&words(spec), Convention::Normal, false, &Settings::default())
            .unwrap()
            .value
        {
            Value::Finite(v) => v.0,
            v => panic!("{spec}: {v:?}"),
        }
    }

    fn mex(values: &[u64]) -> u64 {
        (0..).find(|v| !values.contains(v)).unwrap()
    }

    /// Every option of a class has the class's value, the classes cover every move once, and
    /// the mex of the tasks' values is the position's value (boards up to 4×4, and a heap game
    /// without canonical forms).
    #[test]
    fn the_mex_of_the_tasks_is_the_value() {
        for spec in ["cram 2x3", "cram 3x3", "cram 3x4", "cram 4x4", "cram 2x5", "kayles 9"] {
            let r = split(&words(spec), &Settings::default()).unwrap();
            assert_eq!(r.tasks.iter().map(|t| t.moves).sum::<usize>(), r.moves, "{spec}");
            let values: Vec<u64> = r.tasks.iter().map(|t| value_of(&t.spec)).collect();
            assert_eq!(mex(&values), value_of(spec), "{spec}");
            // Each move's own option against its class (found again by the key).
            let p = super::super::position(&words(spec), Convention::Normal, &Settings::default()).unwrap();
            for m in p.moves().unwrap() {
                let own = value_of(&format!("{} {}", m.next.game(), m.next.text()));
                let class = r.tasks.iter().position(|t| {
                    let q = super::super::position(&words(&t.spec), Convention::Normal, &Settings::default()).unwrap();
                    q.key() == m.next.key()
                });
                assert_eq!(own, values[class.expect("a class")], "{spec} {}", m.label);
            }
        }
        let cram = split(&words("cram 3x4"), &Settings::default()).unwrap();
        assert!(cram.tasks.len() < cram.moves, "mirror images are one task");
        assert_eq!(cram.table_option.as_deref(), Some("table"));
        assert_eq!(
            split(&words("kayles 9"), &Settings::default()).unwrap().table_option,
            None
        );
        assert!(
            split(&words("nim 3 4"), &Settings::default()).is_err(),
            "a sum is refused"
        );
    }

    fn dir() -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("grundy-split-tests-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// The tasks' databases merge into one from which the board's own search gives the mex;
    /// two parts that disagree on a region, and a damaged part, are refused with nothing
    /// written.
    #[test]
    fn merged_databases_give_the_value_and_disagreements_are_refused() {
        let d = dir();
        let r = split(&words("cram 4x4"), &Settings::default()).unwrap();
        let mut parts = Vec::new();
        let mut values = Vec::new();
        for (i, t) in r.tasks.iter().enumerate() {
            let part = d.join(format!("part-{i}.db"));
            let _ = std::fs::remove_file(&part);
            values.push(value_of(&format!("{} --table {}", t.spec, part.display())));
            parts.push(part);
        }
        let out = d.join("merged.db");
        let _ = std::fs::remove_file(&out);
        let m = merge_tables(&parts, &out).unwrap();
        assert_eq!(m.parts, parts.len());
        let records = crate::solve::search::cram::read_regions(&out).unwrap();
        assert_eq!(records.len(), m.regions);
        assert!(m.shared > 0, "the options share regions");
        assert_eq!(value_of(&format!("cram 4x4 --table {}", out.display())), mex(&values));

        // A part that says another nimber for one of the merged regions.
        let (key, v) = records[records.len() / 2];
        let liar = d.join("liar.db");
        crate::solve::search::cram::write_regions(&liar, &[(key, v ^ 1)]).unwrap();
        let again = d.join("again.db");
        let _ = std::fs::remove_file(&again);
        let e = merge_tables(&[out.clone(), liar.clone()], &again)
            .unwrap_err()
            .to_string();
        assert!(e.contains("disagree"), "{e}");
        assert!(!again.exists(), "nothing written");

        // A damaged part.
        let mut bytes = std::fs::read(&parts[0]).unwrap();
        let k = bytes.len() / 2;
        bytes[k] ^= 0x40;
        let damaged = d.join("damaged.db");
        std::fs::write(&damaged, &bytes).unwrap();
        let e = merge_tables(&[damaged, out.clone()], &again).unwrap_err().to_string();
        assert!(e.contains("damaged"), "{e}");
        assert!(!again.exists());
        assert!(merge_tables(&[], &again).is_err());
        let _ = std::fs::remove_dir_all(&d);
    }
}
