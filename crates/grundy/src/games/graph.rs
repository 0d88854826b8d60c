//! Games on a directed graph read from a file: one or more pawns on vertices; a move takes one
//! pawn along an arc; the player who cannot move loses (thesis ch.1–3; the Romanian article's
//! pawns, where several pawns on one graph form a disjunctive sum).
//!
//! Three file formats, recognised by extension (`.json`, `.dot`/`.gv`) or else by content:
//! - edge list: one arc per line, `u v` or `u -> v`; a line with one name is an isolated vertex;
//!   `#` starts a comment;
//! - Graphviz DOT: a `digraph` with node statements and `->` edge chains; attributes ignored;
//! - JSON: `{"vertices": [...], "arcs": [[u, v], ...]}` (names as strings or numbers;
//!   `vertices` may be left out when every vertex lies on an arc).
//!
//! Vertex names are kept in order of first appearance and printed back. Self-loops are refused
//! (the thesis defines arcs as pairs (x, y) with x ≠ y), as are repeated arcs; errors name the
//! line. Values are the generalized Sprague–Grundy values ([`Digraph::loopy_values`]), equal to
//! the ordinary Grundy values on an acyclic graph, computed once when the file is read.
//!
//! Sources, by their names in `docs/sources.md`: \[Thesis\] ch. 1–3, \[Infoarena\], \[Smith1966\],
//! \[FraenkelYesha1986\].

use crate::error::{Error, Result, input};
use crate::games::{GameEntry, Settings};
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Played};
use crate::solve::digraph::{Digraph, INFINITE};
use crate::value::Value;
use rustc_hash::FxHashMap;
use std::rc::Rc;

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
    /// One arc per line, `u v` or `u -> v`; a lone name is an isolated vertex; `#` comments.
    EdgeList,
    /// Graphviz DOT: a `digraph` of node statements and `->` edge chains.
    Dot,
    /// JSON: `{"vertices": [...], "arcs": [[u, v], ...]}`.
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
    let bytes = crate::files::read_regular(std::path::Path::new(path), crate::files::MAX_INPUT_BYTES, "graph file")?;
    let text = String::from_utf8(bytes).map_err(|_| Error::Input(format!("graph file {path} is not UTF-8 text")))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    parse(text, detect(path, text)).map_err(|e| match e {
        Error::Input(m) => Error::Input(format!("{path}: {m}")),
        other => other,
    })
}

/// A graph with its generalized Sprague–Grundy labels, shared by all positions on it.
#[derive(Debug)]
pub struct SolvedGraph {
    /// The file the graph was read from, as given (for messages).
    pub file: String,
    /// The graph itself.
    pub graph: Digraph,
    /// Per vertex: a finite value, or [`INFINITE`].
    pub labels: Vec<u32>,
    /// Whether the graph has no circuit (then every label is an ordinary Grundy value).
    pub acyclic: bool,
}

impl SolvedGraph {
    /// Solve `graph`: the Grundy function in O(V + E) when it is acyclic, else the generalized
    /// Sprague–Grundy function γ ([`Digraph::loopy_values`]). Fails only when `control` cancels
    /// the labelling or its memory budget is exceeded.
    pub fn new(file: impl Into<String>, graph: Digraph, control: &crate::control::Control) -> Result<SolvedGraph> {
        let (labels, acyclic) = match graph.grundy_acyclic() {
            Ok(v) => (v, true),
            Err(_) => (graph.loopy_values_with(control)?, false),
        };
        Ok(SolvedGraph {
            file: file.into(),
            graph,
            labels,
            acyclic,
        })
    }

    /// The value of vertex `v`: finite, or ∞ with its escape set.
    pub fn value(&self, v: u32) -> Value {
        self.graph.value_of(&self.labels, v)
    }

    /// The id of a vertex named by the user.
    pub fn vertex(&self, name: &str) -> Result<u32> {
        self.graph.id(name).ok_or_else(|| {
            let some: Vec<&str> = self.graph.names().iter().take(8).map(String::as_str).collect();
            let more = if self.graph.len() > 8 { ", ..." } else { "" };
            Error::Input(format!(
                "unknown vertex `{name}` in {}; its vertices are {}{more}",
                self.file,
                some.join(", ")
            ))
        })
    }
}

/// Pawns on vertices of one graph (a disjunctive sum; one pawn is a plain vertex game).
#[derive(Clone, Debug)]
pub struct Pawns {
    solved: Rc<SolvedGraph>,
    pawns: Vec<u32>,
}

impl Pawns {
    /// Pawns on the vertices `pawns` (ids of `solved.graph`; repeats allowed) of a solved graph.
    pub fn new(solved: Rc<SolvedGraph>, pawns: Vec<u32>) -> Pawns {
        Pawns { solved, pawns }
    }

    /// The vertex ids under the pawns, in the order given.
    pub fn pawns(&self) -> &[u32] {
        &self.pawns
    }

    /// The solved graph the pawns stand on.
    pub fn solved(&self) -> &SolvedGraph {
        &self.solved
    }

    fn name(&self, v: u32) -> &str {
        self.solved.graph.name(v)
    }

    fn explain_vertex(&self, x: u32, out: &mut String) {
        let g = &self.solved.graph;
        let fs = g.followers(x);
        let names: Vec<&str> = fs.iter().map(|&y| g.name(y)).collect();
        let xn = g.name(x);
        let gamma = if names.is_empty() {
            "∅".to_string()
        } else {
            format!("{{{}}}", names.join(", "))
        };
        out.push_str(&format!("Γ({xn}) = {gamma}\n"));
        let value = self.solved.value(x);
        if fs.is_empty() {
            out.push_str(&format!(
                "{xn} is terminal: C({xn}) = ∅, g({xn}) = mex ∅ = 0 (a p-vertex: the player to move loses)\n"
            ));
            return;
        }
        let each: Vec<String> = fs
            .iter()
            .map(|&y| format!("g({}) = {}", g.name(y), self.solved.value(y)))
            .collect();
        out.push_str(&format!("{}\n", each.join(", ")));
        let mut c: Vec<u32> = fs
            .iter()
            .map(|&y| self.solved.labels[y as usize])
            .filter(|&l| l != INFINITE)
            .collect();
        c.sort_unstable();
        c.dedup();
        let cs: Vec<String> = c.iter().map(u32::to_string).collect();
        let cs = if cs.is_empty() {
            "∅".to_string()
        } else {
            format!("{{{}}}", cs.join(", "))
        };
        out.push_str(&format!("C({xn}) = {cs}\n"));
        let label = match value.outcome() {
            crate::outcome::Outcome::P => "a p-vertex: the player to move loses",
            crate::outcome::Outcome::N => "an n-vertex: the player to move wins",
            crate::outcome::Outcome::Draw => "a draw: neither player can force a win",
        };
        match &value {
            Value::Finite(v) => {
                let infinite: Vec<&str> = fs
                    .iter()
                    .filter(|&&y| self.solved.labels[y as usize] == INFINITE)
                    .map(|&y| g.name(y))
                    .collect();
                out.push_str(&format!("g({xn}) = mex C({xn}) = {v} ({label})\n"));
                if !infinite.is_empty() {
                    out.push_str(&format!(
                        "followers of value ∞ ({}) each have a follower of value {v}, so moving there can be answered\n",
                        infinite.join(", ")
                    ));
                }
            }
            Value::Infinite { .. } => {
                let m = crate::solve::digraph::mex_u32(&c);
                let culprits: Vec<&str> = fs
                    .iter()
                    .filter(|&&y| {
                        self.solved.labels[y as usize] == INFINITE
                            && !g.followers(y).iter().any(|&z| self.solved.labels[z as usize] == m)
                    })
                    .map(|&y| g.name(y))
                    .collect();
                out.push_str(&format!(
                    "mex C({xn}) = {m}, but the follower(s) {} of value ∞ have no follower of value {m}, so no finite value fits:\ng({xn}) = {value}, K = C({xn}) ({label})\n",
                    culprits.join(", ")
                ));
            }
        }
    }
}

impl AnyPosition for Pawns {
    fn game(&self) -> String {
        format!("graph {}", self.solved.file)
    }

    fn text(&self) -> String {
        let names: Vec<&str> = self.pawns.iter().map(|&v| self.name(v)).collect();
        names.join(" ")
    }

    fn value(&self) -> Result<Value> {
        Ok(self
            .pawns
            .iter()
            .fold(Value::Finite(Nimber::ZERO), |acc, &v| acc.add(&self.solved.value(v))))
    }

    fn moves(&self) -> Result<Vec<Played>> {
        let mut out = Vec::new();
        for (i, &x) in self.pawns.iter().enumerate() {
            if self.pawns[..i].contains(&x) {
                continue; // the same move as with the earlier pawn on x
            }
            for &y in self.solved.graph.followers(x) {
                let mut next = self.clone();
                next.pawns[i] = y;
                out.push(Played {
                    label: format!("{} → {}", self.name(x), self.name(y)),
                    next: Box::new(next),
                });
            }
        }
        Ok(out)
    }

    fn moves_to(&self, target: Nimber) -> Result<Vec<Played>> {
        let want = Value::Finite(target);
        let mut out = Vec::new();
        for m in self.moves()? {
            if m.next.value()? == want {
                out.push(m);
            }
        }
        Ok(out)
    }

    fn boxed(&self) -> Box<dyn AnyPosition> {
        Box::new(self.clone())
    }

    fn explain(&self) -> Option<Result<String>> {
        let mut out = format!("{} {}\n", self.game(), self.text());
        if let [x] = self.pawns.as_slice() {
            self.explain_vertex(*x, &mut out);
            return Some(Ok(out));
        }
        let mut values = Vec::new();
        for &x in &self.pawns {
            out.push_str(&format!("pawn on {}:\n", self.name(x)));
            let mut part = String::new();
            self.explain_vertex(x, &mut part);
            for line in part.lines() {
                out.push_str(&format!("  {line}\n"));
            }
            values.push(self.solved.value(x).to_string());
        }
        let total = match self.value() {
            Ok(v) => v,
            Err(e) => return Some(Err(e)),
        };
        out.push_str(&format!(
            "the pawns form a sum: g = {} = {total}\noutcome {} ({})\n",
            values.join(" ⊕ "),
            total.outcome(),
            total.outcome().meaning()
        ));
        Some(Ok(out))
    }
}

/// Read a graph file and solve it (shared by the `graph` game and the `graph` command);
/// `control` can cancel the solving.
pub fn load(file: &str, control: &crate::control::Control) -> Result<Rc<SolvedGraph>> {
    Ok(Rc::new(SolvedGraph::new(file, read(file)?, control)?))
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let Some((file, vertices)) = words.split_first() else {
        return input("graph takes a graph file and the pawns' vertices: `graph FILE V [V ...]`");
    };
    if vertices.is_empty() {
        return input(format!(
            "graph {file}: name the vertex of the pawn (or several vertices, one per pawn): `graph FILE V [V ...]`"
        ));
    }
    let solved = load(file, &settings.limits.control)?;
    let pawns = vertices.iter().map(|v| solved.vertex(v)).collect::<Result<_>>()?;
    Ok(Box::new(Pawns::new(solved, pawns)))
}

/// Registry entry of graph games (`graph`): names, rules text, syntax, builder.
pub const ENTRY: GameEntry = GameEntry {
    name: "graph",
    aliases: &["digraph"],
    summary: "pawns on a directed graph read from a file; cycles allowed (loopy values)",
    rules: "A directed graph and one or more pawns on its vertices (several may share a vertex). \
            A move takes one pawn along one arc. The player who cannot move loses; on a graph with \
            circuits play may go on forever (a draw). Several pawns form a disjunctive sum. Files: \
            an edge list (`u v` or `u -> v` per line, a lone name is an isolated vertex, `#` \
            comments), a Graphviz `digraph`, or JSON {\"vertices\": [...], \"arcs\": [[u, v], ...]}.",
    syntax: "FILE V [V ...]   one pawn per vertex name",
    example: "graph examples/graphs/thesis_ch2.txt v1",
    build,
    heap_rules: None,
    claims: None,
};

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
