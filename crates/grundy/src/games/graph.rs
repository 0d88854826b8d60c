//! Games on a directed graph read from a file: one or more pawns on vertices; a move takes one
//! pawn along an arc; the player who cannot move loses (thesis ch.1–3; the Romanian article's
//! pawns, where several pawns on one graph form a disjunctive sum).
//!
//! The file formats (edge list, Graphviz DOT, JSON) are read by [`crate::games::graph_format`];
//! its readers are re-exported here under their old names.
//!
//! Vertex names are kept in order of first appearance and printed back. Self-loops are refused
//! (the thesis defines arcs as pairs (x, y) with x ≠ y), as are repeated arcs; errors name the
//! line. Values are the generalized Sprague–Grundy values ([`Digraph::loopy_values`]), equal to
//! the ordinary Grundy values on an acyclic graph, computed once when the file is read.
//!
//! Sources, by their names in `docs/sources.md`: \[Thesis\] ch. 1–3, \[Infoarena\], \[Smith1966\],
//! \[FraenkelYesha1986\].

use crate::error::{Error, Result, input};
use crate::games::{Capabilities, GameEntry};
use crate::settings::Settings;
use crate::nimber::Nimber;
use crate::game::{Game, Move};
use crate::position::{AnyPosition, Engine, Instance};
use crate::solve::digraph::{Digraph, INFINITE};
use crate::value::Value;
use std::rc::Rc;

pub use crate::games::graph_format::{Format, detect, parse, parse_dot, parse_edge_list, parse_json, read};

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

/// The pawn game on one solved graph: a position is the pawns' vertices (several pawns form a
/// disjunctive sum; one pawn is a plain vertex game).
#[derive(Clone, Debug)]
pub struct PawnGame {
    solved: Rc<SolvedGraph>,
}

impl PawnGame {
    fn name(&self, v: u32) -> &str {
        self.solved.graph.name(v)
    }

    /// The value of the pawns: the sum of their vertices' (possibly loopy) values.
    fn value(&self, pawns: &[u32]) -> Value {
        pawns
            .iter()
            .fold(Value::Finite(Nimber::ZERO), |acc, &v| acc.add(&self.solved.value(v)))
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

impl Game for PawnGame {
    type Position = Vec<u32>;

    fn options(&self, pawns: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        out.extend(self.moves(pawns).into_iter().map(|m| m.position));
    }

    /// Each pawn along each arc from its vertex (pawns sharing a vertex move alike: listed once).
    fn moves(&self, pawns: &Vec<u32>) -> Vec<Move<Vec<u32>>> {
        let mut out = Vec::new();
        for (i, &x) in pawns.iter().enumerate() {
            if pawns[..i].contains(&x) {
                continue; // the same move as with the earlier pawn on x
            }
            for &y in self.solved.graph.followers(x) {
                let mut next = pawns.clone();
                next[i] = y;
                out.push(Move::new(format!("{} → {}", self.name(x), self.name(y)), next));
            }
        }
        out
    }

    fn format(&self, pawns: &Vec<u32>) -> String {
        let names: Vec<&str> = pawns.iter().map(|&v| self.name(v)).collect();
        names.join(" ")
    }
}

/// Values read off the graph's generalized Sprague–Grundy labels (computed once when the file
/// was read), as an engine of the generic adapter.
#[derive(Debug)]
pub struct PawnEngine {
    game: PawnGame,
}

impl Engine for PawnEngine {
    type Game = PawnGame;

    fn game(&self) -> &PawnGame {
        &self.game
    }

    fn nimber(&mut self, pawns: &Vec<u32>) -> Result<Nimber> {
        self.game.value(pawns).finite().ok_or_else(|| {
            Error::Unsupported(format!(
                "the pawns on {} have a loopy value (∞): no nimber",
                self.game.format(pawns)
            ))
        })
    }

    fn value(&mut self, pawns: &Vec<u32>) -> Result<Value> {
        Ok(self.game.value(pawns))
    }

    fn moves_to_value(&mut self, pawns: &Vec<u32>, target: Nimber) -> Result<Vec<Move<Vec<u32>>>> {
        let want = Value::Finite(target);
        Ok(self
            .game
            .moves(pawns)
            .into_iter()
            .filter(|m| self.game.value(&m.position) == want)
            .collect())
    }

    fn shows_components(&self) -> bool {
        false
    }

    /// One pawn: Γ(x), the followers' values, C(x) and the mex (or ∞). Several: each pawn so,
    /// then their sum.
    fn explain(&mut self, name: &str, pawns: &Vec<u32>) -> Option<Result<String>> {
        let g = &self.game;
        let mut out = format!("{name} {}\n", g.format(pawns));
        if let [x] = pawns.as_slice() {
            g.explain_vertex(*x, &mut out);
            return Some(Ok(out));
        }
        let mut values = Vec::new();
        for &x in pawns {
            out.push_str(&format!("pawn on {}:\n", g.name(x)));
            let mut part = String::new();
            g.explain_vertex(x, &mut part);
            for line in part.lines() {
                out.push_str(&format!("  {line}\n"));
            }
            values.push(g.solved.value(x).to_string());
        }
        let total = g.value(pawns);
        out.push_str(&format!(
            "the pawns form a sum: g = {} = {total}\noutcome {} ({})\n",
            values.join(" ⊕ "),
            total.outcome(),
            total.outcome().meaning()
        ));
        Some(Ok(out))
    }
}

/// Pawns on vertices of one graph, through the generic adapter.
pub type Pawns = Instance<PawnEngine>;

impl Instance<PawnEngine> {
    /// Pawns on the vertices `pawns` of `solved` (named `graph FILE`).
    pub fn place(solved: Rc<SolvedGraph>, pawns: Vec<u32>) -> Pawns {
        let name = format!("graph {}", solved.file);
        Instance::new(name, PawnEngine { game: PawnGame { solved } }, pawns)
    }

    /// The pawns' vertices.
    pub fn pawns(&self) -> &[u32] {
        self.position()
    }

    /// The graph with its values.
    pub fn solved(&self) -> Rc<SolvedGraph> {
        self.engine().game.solved.clone()
    }
}

/// Read a graph file and solve it (shared by the `graph` game and the `graph` command);
/// `control` can cancel the solving.
pub fn load(file: &str, control: &crate::control::Control) -> Result<Rc<SolvedGraph>> {
    // The text, the names, the arcs and the labels: a few times the file's size, accounted
    // against the memory budget before the read.
    crate::files::reserve_for(std::path::Path::new(file), 8, control)?;
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
    let solved = load(file, &settings.control)?;
    let pawns = vertices.iter().map(|v| solved.vertex(v)).collect::<Result<_>>()?;
    Ok(Box::new(Pawns::place(solved, pawns)))
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
    hard_example: "graph examples/graphs/grid8x8.txt r0c0 r0c1 r1c0",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
        editor: super::Editor::File {
            file: "graph.txt",
            cells: None,
            graph: true,
            undirected: false,
            example: include_str!("../../../../examples/graphs/thesis_ch2.txt"),
        },
        reads_file: true,
        ..Capabilities::NONE
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readers_are_reachable_under_their_old_path() {
        let g = parse("a -> b\nc\n", detect("g.txt", "a -> b\nc\n")).unwrap();
        let s = SolvedGraph::new("g.txt", g, &Default::default()).unwrap();
        assert_eq!(s.value(0), Value::Finite(Nimber(1)));
        assert!(
            read("no/such/file.txt")
                .unwrap_err()
                .to_string()
                .contains("no/such/file.txt")
        );
    }
}
