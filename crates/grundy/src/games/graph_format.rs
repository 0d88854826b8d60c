//! Readers for graph files: a plain edge list, Graphviz DOT and JSON, each giving a
//! [`Digraph`] with its vertex names in order of first appearance.
//!
//! Formats, recognised by extension (`.json`, `.dot`/`.gv`) or else by content ([`detect`]):
//! - edge list: one arc per line, `u v` or `u -> v`; a line with one name is an isolated vertex;
//!   `#` starts a comment;
//! - Graphviz DOT: a `digraph` with node statements and `->` edge chains; attributes ignored;
//! - JSON: `{"vertices": [...], "arcs": [[u, v], ...]}` (names as strings or numbers;
//!   `vertices` may be left out when every vertex lies on an arc).
//!
//! Self-loops are refused (the thesis defines arcs as pairs (x, y) with x ≠ y), as are repeated
//! arcs; errors name the line or the JSON index. Cost: linear in the file's size. Kept apart from
//! the pawn game ([`crate::games::graph`]) because other games read the same files (Node Kayles
//! reads the arcs as undirected edges).

use crate::error::{Error, Result, input};
use crate::solve::digraph::Digraph;
use rustc_hash::FxHashMap;

/// Collects vertices and arcs, refusing self-loops and repeats.
#[derive(Default)]
struct Builder {
    names: Vec<String>,
    ids: FxHashMap<String, u32>,
    arcs: Vec<(u32, u32)>,
    first_seen: FxHashMap<(u32, u32), String>,
}

impl Builder {
    fn vertex(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.ids.get(name) {
            return id;
        }
        let id = self.names.len() as u32;
        self.names.push(name.to_string());
        self.ids.insert(name.to_string(), id);
        id
    }

    /// Add arc u → v; `place` says where it was written ("line 4", "arcs[2]").
    fn arc(&mut self, u: &str, v: &str, place: String) -> Result<()> {
        if u == v {
            return input(format!(
                "{place}: arc {u} -> {u} is a self-loop; a digraph's arcs are pairs (x, y) with x ≠ y (thesis ch.1)"
            ));
        }
        let (a, b) = (self.vertex(u), self.vertex(v));
        if let Some(first) = self.first_seen.get(&(a, b)) {
            return input(format!("{place}: arc {u} -> {v} is repeated (first given at {first})"));
        }
        self.first_seen.insert((a, b), place);
        self.arcs.push((a, b));
        Ok(())
    }

    fn finish(self) -> Result<Digraph> {
        if self.names.is_empty() {
            return input("the graph file has no vertices: write one arc `u v` or `u -> v` per line");
        }
        Digraph::new(self.names, &self.arcs)
    }
}

/// The file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One arc `u v` or `u -> v` (or one isolated vertex) per line.
    EdgeList,
    /// A Graphviz `digraph`.
    Dot,
    /// `{"vertices": [...], "arcs": [[u, v], ...]}`.
    Json,
}

/// The format of a file: by extension, else by its first word.
pub fn detect(path: &str, text: &str) -> Format {
    let lower = path.to_ascii_lowercase();
    if lower.ends_with(".json") {
        return Format::Json;
    }
    if lower.ends_with(".dot") || lower.ends_with(".gv") {
        return Format::Dot;
    }
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("//"))
        .unwrap_or("");
    let word = first
        .split(|c: char| c.is_whitespace() || c == '{')
        .next()
        .unwrap_or("");
    if first.starts_with('{') {
        Format::Json
    } else if ["digraph", "strict", "graph"]
        .iter()
        .any(|k| word.eq_ignore_ascii_case(k))
        && text.contains('{')
    {
        Format::Dot
    } else {
        Format::EdgeList
    }
}

/// Parse a graph in the given format.
pub fn parse(text: &str, format: Format) -> Result<Digraph> {
    // A byte-order mark (written by some Windows editors) is not part of the first name.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Some((i, line)) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.chars().any(|c| c.is_control() && c != '\t'))
    {
        let c = line.chars().find(|c| c.is_control() && *c != '\t').unwrap_or_default();
        return input(format!(
            "line {}: control character U+{:04X} in the file: a graph file is text (is it a binary file?)",
            i + 1,
            c as u32
        ));
    }
    match format {
        Format::EdgeList => parse_edge_list(text),
        Format::Dot => parse_dot(text),
        Format::Json => parse_json(text),
    }
}

/// Parse an edge list: `u v`, `u -> v`, or a lone vertex name per line; `#` comments.
pub fn parse_edge_list(text: &str) -> Result<Digraph> {
    let mut b = Builder::default();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        let place = format!("line {}", i + 1);
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = if line.contains("->") {
            let parts: Vec<&str> = line.split("->").map(str::trim).collect();
            if parts.len() != 2 || parts.iter().any(|p| p.is_empty() || p.contains(char::is_whitespace)) {
                return input(format!(
                    "{place}: `{line}` is not an arc; write `u -> v` (one arc per line, names without spaces)"
                ));
            }
            parts
        } else {
            line.split_whitespace().collect()
        };
        match words.as_slice() {
            [v] => {
                b.vertex(v);
            }
            [u, v] => b.arc(u, v, place)?,
            _ => {
                return input(format!(
                    "{place}: `{line}` has {} names; write an arc `u v` or `u -> v`, or one vertex name",
                    words.len()
                ));
            }
        }
    }
    b.finish()
}

/// A DOT token and the line it starts on.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Id(String),
    Sym(&'static str),
}

fn dot_tokens(text: &str) -> Result<Vec<(Tok, usize)>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    let mut line_start = true;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let at_start = line_start;
        line_start = false;
        if (c == '#' && at_start) || (c == '/' && chars.get(i + 1) == Some(&'/')) {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                if chars[i] == '\n' {
                    line += 1;
                }
                i += 1;
            }
            i += 2;
            continue;
        }
        if c == '"' {
            let start_line = line;
            let mut s = String::new();
            i += 1;
            loop {
                match chars.get(i) {
                    None => return input(format!("line {start_line}: a quoted name is not closed with `\"`")),
                    Some('"') => break,
                    Some('\\') if chars.get(i + 1) == Some(&'"') => {
                        s.push('"');
                        i += 2;
                    }
                    Some(&ch) => {
                        if ch == '\n' {
                            line += 1;
                        }
                        s.push(ch);
                        i += 1;
                    }
                }
            }
            i += 1;
            out.push((Tok::Id(s), start_line));
            continue;
        }
        if c == '-' && matches!(chars.get(i + 1), Some('>') | Some('-')) {
            out.push((Tok::Sym(if chars[i + 1] == '>' { "->" } else { "--" }), line));
            i += 2;
            continue;
        }
        let sym = match c {
            '{' => Some("{"),
            '}' => Some("}"),
            '[' => Some("["),
            ']' => Some("]"),
            ';' => Some(";"),
            ',' => Some(","),
            '=' => Some("="),
            ':' => Some(":"),
            _ => None,
        };
        if let Some(s) = sym {
            out.push((Tok::Sym(s), line));
            i += 1;
            continue;
        }
        if c.is_alphanumeric() || c == '_' || c == '.' || c == '-' {
            let mut s = String::new();
            while i < chars.len()
                && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '.' || chars[i] == '-')
            {
                if chars[i] == '-' && matches!(chars.get(i + 1), Some('>') | Some('-')) {
                    break;
                }
                s.push(chars[i]);
                i += 1;
            }
            out.push((Tok::Id(s), line));
            continue;
        }
        return input(format!("line {line}: unexpected `{c}` in the DOT file"));
    }
    Ok(out)
}

/// Parse a Graphviz `digraph`: node statements and `->` edge chains; attributes are ignored.
pub fn parse_dot(text: &str) -> Result<Digraph> {
    parse_dot_with(text, false)
}

/// Parse a Graphviz `digraph`, or with `undirected` also a `graph` with `--` edges (each edge
/// `u -- v` becomes the arc u → v; the games on undirected graphs read arcs as edges).
pub fn parse_dot_with(text: &str, undirected: bool) -> Result<Digraph> {
    let toks = dot_tokens(text)?;
    let mut b = Builder::default();
    let mut i = 0;
    let last_line = toks.last().map_or(1, |t| t.1);
    let line_of = |i: usize| toks.get(i).map_or(last_line, |t| t.1);
    let is_kw = |t: &Tok, k: &str| matches!(t, Tok::Id(s) if s.eq_ignore_ascii_case(k));
    if toks.first().is_some_and(|t| is_kw(&t.0, "strict")) {
        i += 1;
    }
    match toks.get(i) {
        Some((t, _)) if is_kw(t, "digraph") => i += 1,
        Some((t, _)) if undirected && is_kw(t, "graph") => i += 1,
        Some((t, l)) if is_kw(t, "graph") => {
            return input(format!(
                "line {l}: an undirected `graph`; games need directed arcs: write `digraph` with `->` edges"
            ));
        }
        _ => return input(format!("line {}: a DOT file must start with `digraph {{`", line_of(i))),
    }
    if let Some((Tok::Id(_), _)) = toks.get(i) {
        i += 1;
    }
    if toks.get(i).map(|t| &t.0) != Some(&Tok::Sym("{")) {
        return input(format!("line {}: expected `{{` after `digraph`", line_of(i)));
    }
    i += 1;
    // Skip an attribute list `[ ... ]` starting at i (if any); returns the index after it.
    let skip_attrs = |mut i: usize| -> Result<usize> {
        while toks.get(i).map(|t| &t.0) == Some(&Tok::Sym("[")) {
            let open = line_of(i);
            while toks.get(i).is_some_and(|t| t.0 != Tok::Sym("]")) {
                i += 1;
            }
            if i >= toks.len() {
                return input(format!("line {open}: attribute list `[` is not closed with `]`"));
            }
            i += 1;
        }
        Ok(i)
    };
    // A node id with an optional port `:port[:compass]`.
    let node_id = |i: usize| -> Option<(String, usize)> {
        let (Tok::Id(name), _) = toks.get(i)? else { return None };
        let mut j = i + 1;
        while toks.get(j).map(|t| &t.0) == Some(&Tok::Sym(":")) && matches!(toks.get(j + 1), Some((Tok::Id(_), _))) {
            j += 2;
        }
        Some((name.clone(), j))
    };
    loop {
        let Some((tok, line)) = toks.get(i).cloned() else {
            return input(format!("line {last_line}: the digraph is not closed with `}}`"));
        };
        match tok {
            Tok::Sym("}") => {
                i += 1;
                break;
            }
            Tok::Sym(";") | Tok::Sym(",") => i += 1,
            Tok::Sym("{") => {
                return input(format!(
                    "line {line}: subgraphs are not supported; list the arcs one by one"
                ));
            }
            Tok::Id(ref k)
                if ["graph", "node", "edge"].iter().any(|w| k.eq_ignore_ascii_case(w))
                    && toks.get(i + 1).map(|t| &t.0) == Some(&Tok::Sym("[")) =>
            {
                i = skip_attrs(i + 1)?;
            }
            Tok::Id(ref k) if k.eq_ignore_ascii_case("subgraph") => {
                return input(format!(
                    "line {line}: subgraphs are not supported; list the arcs one by one"
                ));
            }
            Tok::Id(_) if toks.get(i + 1).map(|t| &t.0) == Some(&Tok::Sym("=")) => {
                i += 3; // graph attribute `key = value`
            }
            Tok::Id(_) => {
                let (first, mut j) = node_id(i).expect("an id");
                let mut chain = vec![first];
                loop {
                    match toks.get(j).map(|t| &t.0) {
                        Some(Tok::Sym("->")) => {
                            let Some((next, k)) = node_id(j + 1) else {
                                return input(format!("line {}: `->` must be followed by a node name", line_of(j)));
                            };
                            chain.push(next);
                            j = k;
                        }
                        Some(Tok::Sym("--")) if undirected => {
                            let Some((next, k)) = node_id(j + 1) else {
                                return input(format!("line {}: `--` must be followed by a node name", line_of(j)));
                            };
                            chain.push(next);
                            j = k;
                        }
                        Some(Tok::Sym("--")) => {
                            return input(format!(
                                "line {}: `--` is an undirected edge; games need arcs: write `->`",
                                line_of(j)
                            ));
                        }
                        _ => break,
                    }
                }
                if chain.len() == 1 {
                    b.vertex(&chain[0]);
                } else {
                    for w in chain.windows(2) {
                        b.arc(&w[0], &w[1], format!("line {line}"))?;
                    }
                }
                i = skip_attrs(j)?;
            }
            Tok::Sym(s) => return input(format!("line {line}: unexpected `{s}` in the digraph")),
        }
    }
    if i < toks.len() {
        return input(format!(
            "line {}: text after the closing `}}` of the digraph",
            line_of(i)
        ));
    }
    b.finish()
}

fn json_name(v: &serde_json::Value) -> Option<String> {
    match v {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Parse `{"vertices": [...], "arcs": [[u, v], ...]}`.
pub fn parse_json(text: &str) -> Result<Digraph> {
    let shape = "write {\"vertices\": [names...], \"arcs\": [[u, v], ...]}";
    let doc: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        Error::Input(format!(
            "line {}: the graph file is not valid JSON ({e}); {shape}",
            e.line()
        ))
    })?;
    let Some(obj) = doc.as_object() else {
        return input(format!("the JSON graph must be an object; {shape}"));
    };
    if let Some(k) = obj.keys().find(|k| *k != "vertices" && *k != "arcs") {
        return input(format!("unknown key `{k}` in the JSON graph; {shape}"));
    }
    let mut b = Builder::default();
    let declared = match obj.get("vertices") {
        None => false,
        Some(serde_json::Value::Array(vs)) => {
            for (i, v) in vs.iter().enumerate() {
                let Some(name) = json_name(v) else {
                    return input(format!("vertices[{i}] is not a name (a string or a number)"));
                };
                if b.ids.contains_key(&name) {
                    return input(format!("vertices[{i}]: vertex {name} is listed twice"));
                }
                b.vertex(&name);
            }
            true
        }
        Some(_) => return input(format!("`vertices` must be a list of names; {shape}")),
    };
    let arcs = match obj.get("arcs") {
        None => &Vec::new(),
        Some(serde_json::Value::Array(a)) => a,
        Some(_) => return input(format!("`arcs` must be a list of pairs; {shape}")),
    };
    for (i, a) in arcs.iter().enumerate() {
        let pair = a.as_array().filter(|p| p.len() == 2);
        let names = pair.and_then(|p| Some((json_name(&p[0])?, json_name(&p[1])?)));
        let Some((u, v)) = names else {
            return input(format!("arcs[{i}] is not a pair [u, v] of vertex names"));
        };
        if declared && let Some(unknown) = [&u, &v].into_iter().find(|n| !b.ids.contains_key(*n)) {
            return input(format!("arcs[{i}]: unknown vertex {unknown} (not in `vertices`)"));
        }
        b.arc(&u, &v, format!("arcs[{i}]"))?;
    }
    b.finish()
}

/// Read and parse a graph file.
pub fn read(path: &str) -> Result<Digraph> {
    read_with(path, false)
}

/// Read and parse a graph file for a game on an undirected graph: as [`read`], and an
/// undirected DOT `graph { a -- b }` is accepted too.
pub fn read_undirected(path: &str) -> Result<Digraph> {
    read_with(path, true)
}

fn read_with(path: &str, undirected: bool) -> Result<Digraph> {
    let bytes = crate::files::read_regular(std::path::Path::new(path), crate::files::MAX_INPUT_BYTES, "graph file")?;
    let text = String::from_utf8(bytes).map_err(|_| Error::Input(format!("graph file {path} is not UTF-8 text")))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let format = detect(path, text);
    let parsed = if undirected && format == Format::Dot {
        parse_dot_with(text, true)
    } else {
        parse(text, format)
    };
    parsed.map_err(|e| match e {
        Error::Input(m) => Error::Input(format!("{path}: {m}")),
        other => other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(r: Result<Digraph>) -> String {
        r.unwrap_err().to_string()
    }

    #[test]
    fn edge_list_forms() {
        let g = parse_edge_list("# comment\na b\nb -> c   # trailing\n\nd\n").unwrap();
        assert_eq!(g.names(), ["a", "b", "c", "d"]);
        assert_eq!(g.arc_count(), 2);
        assert!(g.followers(3).is_empty());
    }

    #[test]
    fn edge_list_errors_name_the_line() {
        let e = err(parse_edge_list("a b\nb b\n"));
        assert!(
            e.contains("line 2") && e.contains("self-loop") && e.contains("x ≠ y"),
            "{e}"
        );
        let e = err(parse_edge_list("a b\n\na b\n"));
        assert!(
            e.contains("line 3") && e.contains("repeated") && e.contains("line 1"),
            "{e}"
        );
        let e = err(parse_edge_list("a b c\n"));
        assert!(e.contains("line 1") && e.contains("3 names"), "{e}");
        let e = err(parse_edge_list("a -> \n"));
        assert!(e.contains("line 1"), "{e}");
        assert!(err(parse_edge_list("# nothing\n")).contains("no vertices"));
    }

    #[test]
    fn dot_forms() {
        let text = "digraph G {\n  rankdir=LR; node [shape=circle];\n  a -> b -> c [color=red];\n  \"d e\";\n  // c\n  b -> d:n\n}\n";
        let g = parse_dot(text).unwrap();
        assert_eq!(g.names(), ["a", "b", "c", "d e", "d"]);
        assert_eq!(g.arc_count(), 3);
        assert_eq!(detect("x.txt", text), Format::Dot);
    }

    #[test]
    fn dot_errors() {
        assert!(err(parse_dot("graph { a -- b }")).contains("undirected"));
        assert!(err(parse_dot("digraph {\n a -> b\n a -- c\n}")).contains("line 3"));
        assert!(err(parse_dot("digraph {\n a -> a\n}")).contains("line 2"));
        assert!(err(parse_dot("digraph { a -> b")).contains("not closed"));
        assert!(err(parse_dot("digraph { subgraph x { a } }")).contains("subgraph"));
    }

    #[test]
    fn json_forms_and_errors() {
        let g = parse_json(r#"{"vertices": ["a", "b", 3], "arcs": [["a", "b"], ["b", 3]]}"#).unwrap();
        assert_eq!(g.names(), ["a", "b", "3"]);
        assert_eq!(g.arc_count(), 2);
        assert!(err(parse_json(r#"{"vertices": ["a"], "arcs": [["a", "z"]]}"#)).contains("unknown vertex z"));
        assert!(err(parse_json(r#"{"arcs": [["a", "a"]]}"#)).contains("self-loop"));
        assert!(err(parse_json("{\n\"arcs\": [\n")).contains("line"));
        assert!(err(parse_json(r#"{"arcs": [["a"]]}"#)).contains("arcs[0]"));
        assert_eq!(detect("g.json", "{}"), Format::Json);
        assert_eq!(detect("g", "{\"arcs\": []}"), Format::Json);
        assert_eq!(detect("g", "a b"), Format::EdgeList);
    }
}
