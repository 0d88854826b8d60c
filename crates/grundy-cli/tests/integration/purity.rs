//! The library never prints and never ends the process, and pulls in no front-end crate: its
//! source (outside `#[cfg(test)]` items, comments and string literals) has no `println!`,
//! `eprintln!`, `print!`, `eprint!` or `process::exit`, and its `[dependencies]` name none of
//! clap, indicatif, rustyline, plotters, ctrlc, signal-hook.

use std::path::{Path, PathBuf};

/// The library crate's directory (beside this crate's).
fn library_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../grundy")
}

/// `text` with comments, string literals and char literals replaced by spaces (newlines kept,
/// so byte offsets and line numbers are those of the original).
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            let end = rest.iter().position(|&c| c == b'\n').map_or(b.len(), |e| i + e);
            blank(&mut out, i, end);
            i = end;
        } else if rest.starts_with(b"/*") {
            // Block comments nest in Rust.
            let (mut depth, mut j) = (0usize, i);
            while j < b.len() {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if let Some((open, hashes)) =
            raw_string_start(rest).filter(|_| i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
            let start = i + open;
            let end = b[start..]
                .windows(close.len())
                .position(|w| w == close.as_slice())
                .map_or(b.len(), |e| start + e + close.len());
            blank(&mut out, i, end);
            i = end;
        } else if rest[0] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i, (j + 1).min(b.len()));
            i = j + 1;
        } else if rest[0] == b'\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a).
            let len = if rest.get(1) == Some(&b'\\') {
                rest.iter().skip(3).position(|&c| c == b'\'').map(|p| p + 4)
            } else {
                text[i + 1..]
                    .chars()
                    .next()
                    .map(char::len_utf8)
                    .filter(|&n| rest.get(1 + n) == Some(&b'\''))
                    .map(|n| n + 2)
            };
            match len {
                Some(n) => {
                    blank(&mut out, i, i + n);
                    i += n;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The length of a raw string's opening (`r"`, `r#"`, `br##"`, ...) at the start of `rest`,
/// and its number of `#`.
fn raw_string_start(rest: &[u8]) -> Option<(usize, usize)> {
    let k = if rest.starts_with(b"br") {
        2
    } else if rest.first() == Some(&b'r') {
        1
    } else {
        return None;
    };
    let hashes = rest[k..].iter().take_while(|&&c| c == b'#').count();
    (rest.get(k + hashes) == Some(&b'"')).then_some((k + hashes + 1, hashes))
}

/// Byte ranges of the items marked `#[cfg(test)]` (to the end of their `{ ... }` or `;`).
fn test_items(code: &str) -> Vec<(usize, usize)> {
    let b = code.as_bytes();
    let mut ranges = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("#[cfg(test)]").map(|p| p + from) {
        let mut j = at + "#[cfg(test)]".len();
        while j < b.len() && b[j] != b'{' && b[j] != b';' {
            j += 1;
        }
        if j < b.len() && b[j] == b'{' {
            let mut depth = 0usize;
            while j < b.len() {
                match b[j] {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
        }
        ranges.push((at, j));
        from = j.min(b.len());
    }
    ranges
}

/// `(line, what)` for each forbidden call in `text`, outside test items.
fn forbidden_calls(text: &str) -> Vec<(usize, &'static str)> {
    const FORBIDDEN: [&str; 5] = ["println!", "eprintln!", "print!", "eprint!", "process::exit"];
    let code = code_only(text);
    let tests = test_items(&code);
    let b = code.as_bytes();
    let mut found = Vec::new();
    for what in FORBIDDEN {
        let mut from = 0;
        while let Some(at) = code[from..].find(what).map(|p| p + from) {
            from = at + what.len();
            // A whole name: `eprint!` is not a `print!`.
            if at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
                continue;
            }
            if tests.iter().any(|&(s, e)| s <= at && at <= e) {
                continue;
            }
            found.push((code[..at].matches('\n').count() + 1, what));
        }
    }
    found.sort();
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the library's source directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_scanner_finds_calls_and_skips_tests_comments_and_strings() {
    let sample = r#"//! println!("in a doc comment")
fn f() {
    let s = "eprintln!(inside a string)";
    let c = '{';
    eprint!("x");
}
/* print!("block") */
#[cfg(test)]
mod tests {
    fn g() { println!("{}", '}'); }
}
fn h<'a>(x: &'a str) { std::process::exit(1) }
"#;
    assert_eq!(forbidden_calls(sample), vec![(5, "eprint!"), (12, "process::exit")]);
}

#[test]
fn the_library_never_prints_nor_exits() {
    let mut files = Vec::new();
    rust_files(&library_dir().join("src"), &mut files);
    assert!(files.len() > 20, "the library's sources are found: {files:?}");
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file");
        for (line, what) in forbidden_calls(&text) {
            found.push(format!("{}:{line}: {what}", file.display()));
        }
    }
    assert!(found.is_empty(), "the library prints or exits:\n{}", found.join("\n"));
}

/// The crate names of a manifest's `[dependencies]` (inline entries and `[dependencies.X]`
/// tables; not dev-, build- or target-specific ones).
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut inside = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            let header = line.trim_matches(|c| c == '[' || c == ']').trim();
            inside = header == "dependencies";
            if let Some(name) = header.strip_prefix("dependencies.") {
                names.push(name.trim_matches('"').to_string());
            }
            continue;
        }
        if inside && let Some((key, _)) = line.split_once('=') {
            let key = key.trim().trim_matches('"');
            if !key.is_empty() && !key.starts_with('#') {
                names.push(key.split('.').next().unwrap_or(key).to_string());
            }
        }
    }
    names
}

#[test]
fn the_library_depends_on_no_front_end_crate() {
    let sample = "[dependencies]\nrhai = { workspace = true }\nserde.workspace = true\n\n[dev-dependencies]\nclap = \"4\"\n[dependencies.ctrlc]\nversion = \"3\"\n";
    assert_eq!(dependencies(sample), vec!["rhai", "serde", "ctrlc"]);
    let manifest = std::fs::read_to_string(library_dir().join("Cargo.toml")).expect("the manifest");
    let deps = dependencies(&manifest);
    assert!(deps.contains(&"serde".to_string()), "{deps:?}");
    for banned in ["clap", "indicatif", "rustyline", "plotters", "ctrlc", "signal-hook"] {
        assert!(
            !deps.iter().any(|d| d == banned),
            "the library depends on {banned}: {deps:?}"
        );
    }
    assert!(
        manifest.contains("default = []"),
        "Rhai is off by default in the library"
    );
}
