//! The library's layers hold: a module imports only modules of its own layer or below
//! (core → engines → games → query and report), and no two modules import each other, directly
//! or through others. docs/architecture.md draws the layers; this test reads the sources.
//!
//! How: each source file under `src/` is a module; its imports are the `crate::…` and
//! `super::…` paths in its code (comments and `#[cfg(test)]` modules left out: tests may
//! use anything), resolved to the deepest module file they name. A module's own parent
//! (`super::` from a child to the `mod.rs` declaring it) is not counted as an import: parent and
//! child are one unit.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layer of a module path (its first segment), lowest first.
fn layer(module: &[String]) -> usize {
    match module.first().map(String::as_str) {
        None => 4, // lib.rs: the crate root declares everything
        Some("control" | "error" | "files" | "memory" | "nimber" | "outcome" | "value" | "game" | "settings") => 0,
        Some("solve" | "position") => 1,
        Some("games") => 2,
        Some("query" | "report" | "fuzz_checks") => 3,
        Some(other) => panic!("module `{other}` is in no layer: add it to this test and docs/architecture.md"),
    }
}

const LAYER_NAMES: [&str; 5] = ["core", "engines", "games", "query and report", "the crate root"];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a source file (`solve/misere/genus.rs` → solve, misere, genus).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

/// The code of a file without comments and without its `#[cfg(test)]` modules.
fn code(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
    let text = lines.join("\n");
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "#[cfg(test)]".len()..];
        let trimmed = after.trim_start();
        if trimmed.starts_with("mod ") && trimmed.split(['{', ';']).next().is_some() {
            let Some(open) = after.find(['{', ';']) else { break };
            if after.as_bytes()[open] == b';' {
                rest = &after[open + 1..];
                continue;
            }
            // Skip to the matching brace.
            let mut depth = 0usize;
            let mut end = after.len();
            for (i, c) in after[open..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = open + i + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            rest = &after[end..];
        } else {
            // A test-only item that is not a module: skip the attribute only.
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// The module paths named by `crate::a::b` and `super::a` in `code` (group imports
/// `crate::{a, b::c}` included), as written.
fn named_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let ident = |s: &str| -> Vec<String> {
        s.split("::")
            .map(|p| p.trim().to_string())
            .take_while(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .collect()
    };
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    // `super` of a file is its directory's module; a mod.rs's module is its directory, so its
    // `super` is the module above that (the same path with its last segment dropped).
    let mut parent = module.to_vec();
    parent.pop();
    for (prefix, base) in [("crate::", Vec::new()), ("super::", parent)] {
        let mut from = 0;
        while let Some(i) = code[from..].find(prefix) {
            let at = from + i;
            from = at + prefix.len();
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_' || bytes[at - 1] == b':') {
                continue;
            }
            let tail = &code[from..];
            // `a::b::{c, d::e}` or `a::b::C`: the path, then a group if one follows.
            let head_len = tail
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(tail.len());
            let head = tail[..head_len].trim_end_matches(':');
            let groups: Vec<String> = match tail[head_len..].strip_prefix('{') {
                Some(inner) => {
                    let close = inner.find('}').unwrap_or(inner.len());
                    inner[..close]
                        .split(',')
                        .map(|s| {
                            let s = s.trim();
                            match (head.is_empty(), s) {
                                (_, "self") => head.to_string(),
                                (true, s) => s.to_string(),
                                (false, s) => format!("{head}::{s}"),
                            }
                        })
                        .collect()
                }
                None => vec![head.to_string()],
            };
            for g in groups {
                let mut path = base.clone();
                path.extend(ident(&g));
                out.push(path);
            }
        }
    }
    out
}

#[test]
fn lower_layers_never_import_higher_and_no_modules_import_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    let mut wrong = Vec::new();
    for file in &files {
        let module = module_of(&src, file);
        if module.is_empty() || module.last().is_some_and(|m| m == "tests") {
            continue; // lib.rs; test modules in their own files
        }
        let text = std::fs::read_to_string(file).expect("readable");
        for path in named_paths(&code(&text), &module) {
            // The deepest module file the path names.
            let Some(target) = (1..=path.len())
                .rev()
                .map(|k| path[..k].to_vec())
                .find(|p| modules.contains(p))
            else {
                continue;
            };
            // A module and the modules that contain it are one unit.
            if module.starts_with(&target) || target.starts_with(&module) {
                continue;
            }
            if layer(&target) > layer(&module) {
                wrong.push(format!(
                    "{} ({}) imports {} ({})",
                    module.join("::"),
                    LAYER_NAMES[layer(&module)],
                    target.join("::"),
                    LAYER_NAMES[layer(&target)]
                ));
            }
            edges.entry(module.clone()).or_default().insert(target);
        }
    }
    assert!(wrong.is_empty(), "imports against the layers:\n{}", wrong.join("\n"));
    // No circle: a depth-first search finds no back edge (modules as nodes; an import of a
    // module counts as an import of the modules that contain it, up to the layer's top).
    let mut state: BTreeMap<Vec<String>, u8> = BTreeMap::new(); // 1 on the stack, 2 done
    let mut circles = Vec::new();
    fn visit(
        m: &Vec<String>,
        edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        state: &mut BTreeMap<Vec<String>, u8>,
        stack: &mut Vec<Vec<String>>,
        circles: &mut Vec<String>,
    ) {
        state.insert(m.clone(), 1);
        stack.push(m.clone());
        for t in edges.get(m).into_iter().flatten() {
            match state.get(t) {
                Some(1) => {
                    let from = stack.iter().position(|s| s == t).unwrap_or(0);
                    let names: Vec<String> = stack[from..].iter().chain([t]).map(|s| s.join("::")).collect();
                    circles.push(names.join(" → "));
                }
                Some(_) => {}
                None => visit(t, edges, state, stack, circles),
            }
        }
        stack.pop();
        state.insert(m.clone(), 2);
    }
    for m in edges.keys() {
        if !state.contains_key(m) {
            visit(m, &edges, &mut state, &mut Vec::new(), &mut circles);
        }
    }
    assert!(
        circles.is_empty(),
        "modules that import each other:\n{}",
        circles.join("\n")
    );
}

/// The test sees what it must: a file that imports a higher layer is found.
#[test]
fn an_import_against_the_layers_is_seen() {
    let module = vec!["solve".to_string(), "x".to_string()];
    let paths = named_paths(
        &code("use crate::games::{self, nim};\nfn f() { crate::query::list(); }"),
        &module,
    );
    assert!(
        paths.contains(&vec!["games".to_string(), "nim".to_string()]),
        "{paths:?}"
    );
    assert!(
        paths.iter().any(|p| p.first().is_some_and(|f| f == "query")),
        "{paths:?}"
    );
    assert!(
        code("#[cfg(test)]\nmod tests {\n use crate::games;\n}\n")
            .find("games")
            .is_none()
    );
    assert!(layer(&["games".to_string()]) > layer(&module));
}
