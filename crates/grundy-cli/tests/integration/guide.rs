//! docs/guide.md shows real output: every `$ ` command of its console blocks is run (with bash,
//! the built binary first on PATH) and must print exactly the lines shown under it.
//! After a deliberate change of output: `cargo build --release && python3 scripts/guide.py`.

use std::path::Path;
use std::process::Command;

/// (command, expected output lines) for every command of the guide's console blocks.
fn examples(guide: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_console = false;
    for line in guide.lines() {
        if line.starts_with("```console") {
            in_console = true;
        } else if in_console && line.starts_with("```") {
            in_console = false;
        } else if in_console {
            match line.strip_prefix("$ ") {
                Some(cmd) => out.push((cmd.to_string(), Vec::new())),
                None => out
                    .last_mut()
                    .expect("a console block starts with `$ `")
                    .1
                    .push(line.to_string()),
            }
        }
    }
    out
}

#[test]
fn every_command_of_the_guide_prints_what_the_guide_shows() {
    let root = Path::new(crate::support::ROOT);
    let guide = std::fs::read_to_string(root.join("docs/guide.md")).unwrap();
    let examples = examples(&guide);
    assert!(examples.len() >= 40, "the guide has {} commands", examples.len());
    let bin = Path::new(env!("CARGO_BIN_EXE_grundy"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for (cmd, want) in examples {
        assert!(cmd.contains("grundy"), "`{cmd}` does not run grundy");
        let out = Command::new("bash")
            .args(["-c", &cmd])
            .current_dir(root)
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let got: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .trim_end_matches('\n')
            .lines()
            .map(|l| l.trim_end().to_string())
            .collect();
        assert_eq!(got, want, "docs/guide.md: `{cmd}` (refresh with scripts/guide.py)");
    }
}
