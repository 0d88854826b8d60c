//! `grundy list`: every built-in game with its rules, position syntax and an example.

use grundy::games::REGISTRY;
use grundy::report::{GameSummary, ListReport};

pub fn run(json: bool) -> String {
    if json {
        let report = ListReport {
            games: REGISTRY
                .iter()
                .map(|e| GameSummary {
                    name: e.name.into(),
                    aliases: e.aliases.iter().map(|a| a.to_string()).collect(),
                    summary: e.summary.into(),
                    rules: e.rules.into(),
                    syntax: e.syntax.into(),
                    example: e.example.into(),
                    sequence: e.heap_rules.is_some(),
                })
                .collect(),
        };
        return serde_json::to_string(&report).map_or_else(|e| format!("{{\"error\":\"{e}\"}}\n"), |s| s + "\n");
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
