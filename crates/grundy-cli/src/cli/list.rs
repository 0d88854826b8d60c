//! `grundy list`: every built-in game with its rules, position syntax, an example and what it
//! can do beyond building positions (its capabilities, as the registry declares them).

use grundy::games::REGISTRY;

pub fn run(json: bool) -> String {
    if json {
        return serde_json::to_string(&grundy::query::list())
            .map_or_else(|e| format!("{{\"error\":\"{e}\"}}\n"), |s| s + "\n");
    }
    let mut out = String::new();
    for e in REGISTRY {
        out.push_str(&format!("{}  —  {}\n", e.name, e.summary));
        if !e.aliases.is_empty() {
            out.push_str(&format!("    aliases:  {}\n", e.aliases.join(", ")));
        }
        out.push_str(&format!("    position: {} {}\n", e.name, e.syntax));
        out.push_str(&format!("    example:  grundy value {}\n", e.example));
        for (i, o) in e.caps.options.iter().enumerate() {
            let head = if i == 0 { "options:" } else { "" };
            let flag = match o.value {
                Some(v) => format!("--{} {v}", o.name),
                None => format!("--{}", o.name),
            };
            out.push_str(&format!("    {head:<9} {flag}: {}\n", o.help));
        }
        for (i, cap) in e.capabilities().into_iter().enumerate() {
            let head = if i == 0 { "can:" } else { "" };
            out.push_str(&format!("    {head:<9} {}\n", cap.describe()));
        }
        out.push_str(&format!(
            "    rules:    {}\n\n",
            e.rules.split_whitespace().collect::<Vec<_>>().join(" ")
        ));
    }
    out
}
