//! One place per game (issue 14, item 3): what a game can do is declared in its registry entry,
//! and the command line asks the registry instead of naming games.

use crate::support::{ROOT, grundy, position};
use grundy::games::REGISTRY;

/// The source text before its `#[cfg(test)]` module (tests may name games freely); of a
/// Python file, the code outside its docstrings (whose examples name games).
fn code_of(path: &std::path::Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    if path.extension().is_some_and(|x| x == "py") {
        return text.split("\"\"\"").step_by(2).collect::<Vec<_>>().join("\n");
    }
    match text.find("#[cfg(test)]") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// The source files of a directory with the extension `ext`.
fn files_in(dir: &str, ext: &str) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(std::path::Path::new(ROOT).join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect()
}

/// No front end names a game (the command line, the web API, the Python package's Rust and
/// Python halves): they ask the registry and `grundy::query`.
#[test]
fn the_command_line_names_no_game() {
    let mut files = files_in("crates/grundy-cli/src/cli", "rs");
    files.extend(files_in("crates/grundy-web/src", "rs"));
    files.extend(files_in("crates/grundy-py/src", "rs"));
    files.extend(files_in("crates/grundy-py/python/grundy", "py"));
    assert!(files.len() > 20, "{files:?}");
    files.push(std::path::Path::new(ROOT).join("crates/grundy/src/fuzz_checks.rs"));
    for file in files {
        let code = code_of(&file);
        for e in REGISTRY {
            // `grundy` is also the program's name (an alias of grundy-game).
            for name in std::iter::once(&e.name).chain(e.aliases).filter(|n| **n != "grundy") {
                let literal = format!("\"{name}\"");
                // Python's `grundy.graph` is the digraph toolbox's function (in `__all__`).
                let python_graph = *name == "graph" && file.extension().is_some_and(|x| x == "py");
                assert!(
                    python_graph || !code.contains(&literal),
                    "{} decides something by the game name {literal}: ask the registry instead",
                    file.display()
                );
                // The `graph` command is the toolbox of the digraph module itself (kernels,
                // Grundy functions of a file): its subject is that module, not a game choice.
                // The fuzz checks test each parser of its own module on purpose (board files,
                // codes): only name-based decisions are refused there.
                // The web API and Python read digraph files through the same module.
                let own = *name == "graph" || file.ends_with("fuzz_checks.rs");
                assert!(
                    own || !code.contains(&format!("games::{}::", name.replace('-', "_"))),
                    "{} reaches into the game module of {name}",
                    file.display()
                );
            }
        }
    }
}

#[test]
fn every_example_of_the_registry_builds_and_has_a_value() {
    for e in REGISTRY {
        let p = position(e.example);
        p.value().unwrap_or_else(|err| panic!("{}: {err}", e.example));
        assert!(!p.text().is_empty() || e.caps.empty_text, "{}", e.example);
    }
}

#[test]
fn capabilities_drive_the_commands() {
    // A game with a picture capability is plotted by its name; a game without one is refused.
    let out = std::env::temp_dir().join(format!("grundy-registry-{}.svg", std::process::id()));
    let out = out.to_str().unwrap();
    for e in REGISTRY.iter().filter(|e| e.caps.picture.is_some()) {
        let mut args = vec!["plot"];
        args.extend(e.example.split_whitespace());
        args.extend(["-o", out]);
        let run = grundy(&args).output().unwrap();
        assert!(
            run.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
    let _ = std::fs::remove_file(out);
    let run = grundy(&["plot", "nim", "3", "-o", "x.svg"]).output().unwrap();
    assert!(String::from_utf8_lossy(&run.stderr).contains("cannot plot"));
    // A one-number sequence that is not a heap game.
    for e in REGISTRY.iter().filter(|e| e.caps.sequence.is_some()) {
        let run = grundy(&["seq", e.name, "--to", "12"]).output().unwrap();
        assert!(run.status.success(), "seq {}", e.name);
    }
    // Row laws prove the rows of `table`; a whole-grid table agrees with one value per cell.
    for e in REGISTRY.iter().filter(|e| e.caps.row_law.is_some()) {
        let law = e.caps.row_law.unwrap();
        assert!((1..=4).any(|a| law(&[a]).is_some()), "{}: no law for any row", e.name);
    }
    // A region database is named by one of the game's own options, which takes a file; `split`
    // reports it.
    for e in REGISTRY.iter().filter(|e| e.caps.region_database.is_some()) {
        let name = e.caps.region_database.unwrap();
        assert!(
            e.caps.options.iter().any(|o| o.name == name && o.value.is_some()),
            "{}: --{name} is not an option with a value",
            e.name
        );
        let mut args = vec!["split"];
        args.extend(e.example.split_whitespace());
        args.push("--json");
        let run = grundy(&args).output().unwrap();
        let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        assert_eq!(report["table_option"], name, "{args:?}");
    }
    for e in REGISTRY.iter().filter(|e| e.caps.grid.is_some()) {
        let grid = (e.caps.grid.unwrap())(6, 5, &Default::default()).unwrap();
        for (x, row) in grid.iter().enumerate() {
            for (y, &v) in row.iter().enumerate() {
                let p = position(&format!("{} {x} {y}", e.name));
                assert_eq!(p.value().unwrap().finite().unwrap().0, v, "{} {x} {y}", e.name);
            }
        }
    }
}

/// Every `.rs` file under `dir`, recursively.
fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn node_kayles_is_one_file_plus_one_registry_line() {
    let mut files = Vec::new();
    for dir in ["crates/grundy/src", "crates/grundy-cli/src"] {
        sources(&std::path::Path::new(ROOT).join(dir), &mut files);
    }
    let mut mentions = Vec::new();
    for f in &files {
        if f.ends_with("games/node_kayles.rs") {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        for line in text.lines() {
            if line.contains("node_kayles") || line.contains("node-kayles") {
                mentions.push(format!("{}: {}", f.display(), line.trim()));
            }
        }
    }
    assert_eq!(mentions.len(), 1, "{mentions:#?}");
    assert!(
        mentions[0].ends_with("games/mod.rs: node_kayles => [ENTRY, ARC_ENTRY, DAWSON_ENTRY],"),
        "{mentions:#?}"
    );
}

#[test]
fn one_adapter_between_positions_and_engines() {
    // Every game reaches the commands through position::Instance (with an Engine of its own
    // when it has one); the only other face is the disjunctive sum.
    let mut files = Vec::new();
    sources(&std::path::Path::new(ROOT).join("crates/grundy/src"), &mut files);
    let mut impls = Vec::new();
    for f in &files {
        for line in std::fs::read_to_string(f).unwrap().lines() {
            if line.starts_with("impl") && line.contains(" AnyPosition for ") {
                impls.push(line.trim().to_string());
            }
        }
    }
    impls.sort();
    assert_eq!(
        impls,
        [
            "impl AnyPosition for Sum {",
            "impl<E: Engine> AnyPosition for Instance<E> {"
        ],
        "{impls:#?}"
    );
}

#[test]
fn declared_engines_agree_with_mex_over_moves_on_the_examples() {
    // A closed form or a board-search engine is what values the game: on every registry
    // example small enough, the value equals the mex over the moves alone.
    use grundy::solve::verify::plain_value;
    let mut checked = Vec::new();
    for e in REGISTRY.iter().filter(|e| e.caps.closed_form || e.caps.board_search) {
        let p = position(e.example);
        let v = p.value().unwrap().finite().expect("finite");
        match plain_value(p.as_ref(), 200_000, &Default::default()) {
            Ok(plain) => {
                assert_eq!(plain, v, "{}", e.example);
                checked.push(e.name);
            }
            Err(grundy::Error::StateLimit(_)) => {}
            Err(err) => panic!("{}: {err}", e.example),
        }
    }
    assert!(checked.len() >= 6, "only {checked:?} were small enough");
}
