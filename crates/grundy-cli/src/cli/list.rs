//! `grundy list`: every built-in game with its rules, position syntax and an example.

use grundy::games::REGISTRY;
use serde_json::json;

pub fn run(json: bool) -> String {
    if json {
        let games: Vec<_> = REGISTRY
            .iter()
            .map(|e| {
                json!({
                    "name": e.name,
                    "aliases": e.aliases,
                    "summary": e.summary,
                    "rules": e.rules,
                    "syntax": e.syntax,
                    "example": e.example,
                    "sequence": e.heap_rules.is_some(),
                })
            })
            .collect();
        return format!("{}\n", json!({ "games": games }));
    }
    let mut out = String::new();
    for e in REGISTRY {
        out.push_str(&format!("{}  —  {}\n", e.name, e.summary));
        if !e.aliases.is_empty() {
            out.push_str(&format!("    aliases:  {}\n", e.aliases.join(", ")));
        }
        out.push_str(&format!("    position: {} {}\n", e.name, e.syntax));
        out.push_str(&format!("    example:  grundy value {}\n", e.example));
        if e.heap_rules.is_some() {
            out.push_str("    sequence: yes (grundy seq NAME [RULES] --to N)\n");
        }
        out.push_str(&format!(
            "    rules:    {}\n\n",
            e.rules.split_whitespace().collect::<Vec<_>>().join(" ")
        ));
    }
    out
}
