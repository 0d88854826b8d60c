//! `grundy list` shows what each game can do, from the registry (text and JSON), and the
//! README's sentence on which commands take `--json` matches the commands' own help.

use crate::support::{grundy, json};
use grundy::games::REGISTRY;

fn stdout(args: &[&str]) -> String {
    let out = grundy(args).output().expect("runs");
    assert!(
        out.status.success(),
        "grundy {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn list_shows_each_game_s_capabilities() {
    let text = stdout(&["list"]);
    let doc = json(&["list", "--json"]);
    let games = doc["games"].as_array().expect("a list of games");
    assert_eq!(games.len(), REGISTRY.len());
    for (e, g) in REGISTRY.iter().zip(games) {
        assert_eq!(g["name"], e.name);
        let caps: Vec<serde_json::Value> = e
            .capabilities()
            .iter()
            .map(|c| serde_json::to_value(c).unwrap())
            .collect();
        assert_eq!(g["capabilities"].as_array().unwrap(), &caps, "{}", e.name);
        // The game's block of the text (up to the next game's first line) names each one.
        let start = text.find(&format!("{}  —  ", e.name)).expect("the game is listed");
        let block = &text[start..];
        let block = &block[..block.find("\n\n").unwrap_or(block.len())];
        for c in e.capabilities() {
            assert!(
                block.contains(c.describe()),
                "{}: `{}` not in\n{block}",
                e.name,
                c.describe()
            );
        }
        assert_eq!(block.contains("    can:"), !caps.is_empty(), "{block}");
    }
    // What the games are known to have, as the docs say.
    let caps_of = |name: &str| -> Vec<String> {
        let g = games.iter().find(|g| g["name"] == name).unwrap();
        g["capabilities"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect()
    };
    assert!(caps_of("nim").contains(&"closed_form".to_string()));
    assert!(caps_of("grundy-game").contains(&"sequence_engine".to_string()));
    assert!(caps_of("cram").contains(&"board_search".to_string()));
    assert!(caps_of("welter").contains(&"table_rows".to_string()));
    assert!(caps_of("wythoff").contains(&"table_grid".to_string()));
    assert_eq!(caps_of("maze"), ["plot", "reads_file"]);
    assert!(caps_of("triomino").contains(&"sequence".to_string()));
}

#[test]
fn the_readme_names_the_commands_without_json() {
    let readme = std::fs::read_to_string(format!("{}/README.md", crate::support::ROOT)).unwrap();
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let claim = "Every command takes `--json` except ";
    let at = flat.find(claim).expect("the README says which commands take --json") + claim.len();
    let named: Vec<String> = flat[at..flat[at..].find(';').unwrap() + at]
        .split(['`', ',', ' '])
        .filter(|w| !w.is_empty() && *w != "and")
        .map(String::from)
        .collect();
    // The subcommands, from `grundy --help`.
    let help = stdout(&["--help"]);
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.strip_prefix("  ")?.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 10, "{commands:?}");
    let without: Vec<String> = commands
        .iter()
        .filter(|c| !stdout(&[*c, "--help"]).contains("--json"))
        .map(|c| c.to_string())
        .collect();
    assert_eq!(without, named);
}
