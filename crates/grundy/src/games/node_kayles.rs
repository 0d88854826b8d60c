//! Node Kayles: a graph read from a file; a move removes one vertex together with all its
//! neighbours; the player who cannot move (no vertex left) loses. On a path it is Dawson's
//! Kayles (octal 0.137): removing a vertex and its one or two neighbours from a row of n
//! vertices leaves rows whose lengths add to n − 2 or n − 3 (Winning Ways ch.4, the handbook's
//! octal games).
//!
//! The file is any format the `graph` game reads ([`crate::games::graph_format`]: edge list,
//! Graphviz DOT, JSON); each arc `u v` is read as the undirected edge {u, v} (so `u v` and
//! `v u` are the same edge) and a line with one name is an isolated vertex.
//!
//! A position is the set of vertices still on the board, a bitset over the graph's vertices. The
//! game splits a position into its connected components (each a summand: the value is the
//! nim-sum of theirs, and `explain` shows the sum), and the generic solver memoises each
//! component. A component that is a tree is canonicalised up to isomorphism (AHU codes rooted
//! at the centre, Aho–Hopcroft–Ullman): every tree of one shape is valued once, so a path of n
//! vertices costs n states (its sub-paths P_1..P_n) of O(n) options each, each option split and
//! coded in O(n) — a path of 40 vertices is instant, one of 200 a fraction of a second.
//! Components with a cycle are kept as vertex sets (no isomorphism test: correct, only slower
//! on graphs with many repeated cyclic shapes).
//!
//! Graphs of at most [`MAX_VERTICES`] vertices are valued by the dedicated engine
//! [`crate::solve::graph_kayles`] (components keyed by canonical form up to isomorphism, a
//! table shared by the whole run, nimber-first search, both cores), larger ones by the generic
//! solver with the tree canonicalisation above. The same module plays Arc Kayles
//! ([`ARC_ENTRY`]: a move removes the two endpoints of an edge) and Dawson's chess
//! ([`DAWSON_ENTRY`]: Node Kayles on a row of files), and reads built-in families
//! ([`crate::games::graph_families`]: `grid 3x5`, `queens 8`, `petersen 7,2`, ...) as well as
//! files (undirected DOT `graph { a -- b }` included).
//!
//! This module is the worked example of docs/adding-a-game.md: one file plus one line in
//! [`crate::games::REGISTRY`].

use crate::control::Control;
use crate::error::{Result, input};
use crate::game::{Game, Move};
use crate::games::{Capabilities, GameEntry, graph_families, graph_format};
use crate::settings::Settings;
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Engine, Instance};
use crate::solve::Solver;
use crate::solve::digraph::Digraph;
use crate::solve::graph_kayles::{self, Graph, KaylesConfig, KaylesEngine, MAX_VERTICES, Rule};
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// A set of vertices, one bit per vertex (bit `v % 64` of word `v / 64`).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct VertexSet(Box<[u64]>);

impl VertexSet {
    fn empty(n: usize) -> VertexSet {
        VertexSet(vec![0; n.div_ceil(64)].into_boxed_slice())
    }

    fn full(n: usize) -> VertexSet {
        let mut s = VertexSet::empty(n);
        for v in 0..n {
            s.insert(v);
        }
        s
    }

    fn insert(&mut self, v: usize) {
        self.0[v / 64] |= 1 << (v % 64);
    }

    /// Whether vertex `v` is in the set.
    pub fn contains(&self, v: usize) -> bool {
        self.0[v / 64] >> (v % 64) & 1 == 1
    }

    /// The number of vertices in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set has no vertex.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The vertices in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        graph_kayles::set::iter(&self.0)
    }

    /// The vertices of `self` not in `other`.
    fn minus(&self, other: &VertexSet) -> VertexSet {
        VertexSet(self.0.iter().zip(other.0.iter()).map(|(a, b)| a & !b).collect())
    }

    /// The vertices in both sets.
    fn and(&self, other: &VertexSet) -> VertexSet {
        VertexSet(self.0.iter().zip(other.0.iter()).map(|(a, b)| a & b).collect())
    }

    fn or_assign(&mut self, other: &VertexSet) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
    }
}

/// Node Kayles (or Arc Kayles) on one graph: the vertex names and each vertex's closed
/// neighbourhood.
#[derive(Clone, Debug)]
pub struct NodeKayles {
    rule: Rule,
    /// Automorphisms of the graph known from its family (the board's symmetries).
    symmetries: Vec<Vec<usize>>,
    /// The board (rows, columns) its vertices are the cells of, row by row, when its family
    /// says so (adjacency invariant under translation).
    board: Option<(usize, usize)>,
    names: Vec<String>,
    /// Per vertex: itself and its neighbours (what a move on it removes).
    closed: Vec<VertexSet>,
    /// For each tree shape met so far (its canonical code), the first component of that shape:
    /// the representative every isomorphic tree component is valued as.
    trees: RefCell<FxHashMap<Vec<u8>, VertexSet>>,
}

impl NodeKayles {
    /// The game on `graph`, its arcs read as undirected edges.
    pub fn from_digraph(graph: &Digraph) -> NodeKayles {
        let n = graph.len();
        let mut closed: Vec<VertexSet> = (0..n).map(|_| VertexSet::empty(n)).collect();
        for u in graph.vertices() {
            closed[u as usize].insert(u as usize);
            for &v in graph.followers(u) {
                closed[u as usize].insert(v as usize);
                closed[v as usize].insert(u as usize);
            }
        }
        NodeKayles {
            rule: Rule::Node,
            symmetries: Vec::new(),
            board: None,
            names: graph.names().to_vec(),
            closed,
            trees: RefCell::new(FxHashMap::default()),
        }
    }

    /// The same graph played by `rule` (Arc Kayles with [`Rule::Arc`]).
    pub fn with_rule(mut self, rule: Rule) -> NodeKayles {
        self.rule = rule;
        self
    }

    /// The same game with these automorphisms of its graph (used by the dedicated engine to
    /// share the values of positions that are images of each other).
    pub fn with_symmetries(mut self, symmetries: Vec<Vec<usize>>) -> NodeKayles {
        self.symmetries = symmetries;
        self
    }

    /// The same game with its vertices laid out as the cells of a board of (rows, columns),
    /// row by row ([`graph_families::board`]): the dedicated engine then keys translates of a
    /// component alike. A board the graph does not fit is dropped by [`NodeKayles::engine_graph`].
    pub fn with_board(mut self, board: Option<(usize, usize)>) -> NodeKayles {
        self.board = board;
        self
    }

    /// The rule played.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The graph for the dedicated engine, when it has at most [`MAX_VERTICES`] vertices.
    pub fn engine_graph(&self) -> Option<Graph> {
        if self.len() > MAX_VERTICES {
            return None;
        }
        let mut edges = Vec::new();
        for u in 0..self.len() {
            for v in self.closed[u].iter() {
                if u < v {
                    edges.push((u, v));
                }
            }
        }
        let graph = Graph::new(self.len(), &edges).ok()?.with_symmetries(&self.symmetries).ok()?;
        Some(match self.board {
            Some((r, c)) => graph.clone().with_board(r, c).unwrap_or(graph),
            None => graph,
        })
    }

    /// Every move of `position`: its label and what is left.
    fn each_move(&self, position: &VertexSet, mut f: impl FnMut(String, VertexSet)) {
        match self.rule {
            Rule::Node => {
                for v in position.iter() {
                    f(self.names[v].clone(), position.minus(&self.closed[v]));
                }
            }
            Rule::Arc => {
                for u in position.iter() {
                    for v in self.neighbours_in(u, position).iter() {
                        if u < v {
                            let mut gone = VertexSet::empty(self.len());
                            gone.insert(u);
                            gone.insert(v);
                            f(format!("{}-{}", self.names[u], self.names[v]), position.minus(&gone));
                        }
                    }
                }
            }
        }
    }

    /// The game on `n` vertices numbered 0..n with these undirected edges (for tests and for
    /// graphs built in code).
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> Result<NodeKayles> {
        Ok(NodeKayles::from_digraph(&Digraph::unnamed(n, edges)?))
    }

    /// The number of vertices of the graph.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The start position: every vertex on the board.
    pub fn start(&self) -> VertexSet {
        VertexSet::full(self.len())
    }

    /// The position of the vertices named in `words` (the subgraph they induce); `-` alone is
    /// the empty board.
    pub fn position_of(&self, words: &[String]) -> Result<VertexSet> {
        let mut s = VertexSet::empty(self.len());
        if let [w] = words
            && w == "-"
            && !self.names.iter().any(|n| n == "-")
        {
            return Ok(s);
        }
        for w in words {
            let Some(v) = self.names.iter().position(|n| n == w) else {
                let some: Vec<&str> = self.names.iter().take(8).map(String::as_str).collect();
                let more = if self.len() > 8 { ", ..." } else { "" };
                return input(format!(
                    "unknown vertex `{w}`; the graph's vertices are {}{more}",
                    some.join(", ")
                ));
            };
            if s.contains(v) {
                return input(format!("vertex `{w}` is named twice"));
            }
            s.insert(v);
        }
        Ok(s)
    }

    /// The connected components of `set` (in the subgraph it induces), each a vertex set,
    /// ordered by their smallest vertex.
    pub fn split(&self, set: &VertexSet) -> Vec<VertexSet> {
        let mut left = set.clone();
        let mut parts = Vec::new();
        loop {
            let Some(start) = left.iter().next() else { break };
            let mut part = VertexSet::empty(self.len());
            part.insert(start);
            let mut frontier = part.clone();
            loop {
                let mut reach = VertexSet::empty(self.len());
                for v in frontier.iter() {
                    reach.or_assign(&self.closed[v]);
                }
                let new = reach.and(&left).minus(&part);
                if new.is_empty() {
                    break;
                }
                part.or_assign(&new);
                frontier = new;
            }
            left = left.minus(&part);
            parts.push(part);
        }
        parts
    }
}

impl NodeKayles {
    /// The neighbours of `v` inside `set`.
    fn neighbours_in(&self, v: usize, set: &VertexSet) -> VertexSet {
        let mut n = self.closed[v].and(set);
        n.0[v / 64] &= !(1 << (v % 64));
        n
    }

    /// The canonical code of a connected `set` when it induces a tree: the AHU encoding (each
    /// vertex `(` its children's codes in sorted order `)`) rooted at the tree's centre, or the
    /// smaller of the two codes when the centre is an edge. Two trees are isomorphic exactly
    /// when their codes are equal. `None` when `set` has a cycle or more than [`TREE_CODE_MAX`]
    /// vertices. Cost: O(n) bitset steps to
    /// list the induced edges, then O(n log n).
    fn tree_code(&self, set: &VertexSet) -> Option<Vec<u8>> {
        let vertices: Vec<usize> = set.iter().collect();
        let n = vertices.len();
        if n > TREE_CODE_MAX {
            return None;
        }
        let index: FxHashMap<usize, usize> = vertices.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let adjacent: Vec<Vec<usize>> = vertices
            .iter()
            .map(|&v| self.neighbours_in(v, set).iter().map(|w| index[&w]).collect())
            .collect();
        let edges2: usize = adjacent.iter().map(Vec::len).sum();
        if edges2 != 2 * (n - 1) {
            return None; // a connected graph is a tree exactly when it has n − 1 edges
        }
        // The centre: peel leaves layer by layer until one or two vertices remain.
        let mut degree: Vec<usize> = adjacent.iter().map(Vec::len).collect();
        let mut layer: Vec<usize> = (0..n).filter(|&i| degree[i] <= 1).collect();
        let mut remaining = n;
        while remaining > 2 {
            remaining -= layer.len();
            let mut next = Vec::new();
            for &leaf in &layer {
                for &w in &adjacent[leaf] {
                    degree[w] -= 1;
                    if degree[w] == 1 {
                        next.push(w);
                    }
                }
            }
            layer = next;
        }
        layer.iter().map(|&root| encode(&adjacent, root)).min()
    }
}

/// Components above this many vertices get no tree code (their positions are kept as they
/// are): the code of a long path costs time and memory quadratic in its length.
pub const TREE_CODE_MAX: usize = 4096;

/// The AHU code of the tree `adjacent` rooted at `root`, built without recursion (a path of
/// 10^5 vertices would overflow the stack): vertices in depth-first order, then each vertex's
/// code from its children's sorted codes, deepest first.
fn encode(adjacent: &[Vec<usize>], root: usize) -> Vec<u8> {
    let n = adjacent.len();
    let mut parent = vec![usize::MAX; n];
    parent[root] = root;
    let mut order = Vec::with_capacity(n);
    let mut stack = vec![root];
    while let Some(v) = stack.pop() {
        order.push(v);
        for &w in &adjacent[v] {
            if parent[w] == usize::MAX {
                parent[w] = v;
                stack.push(w);
            }
        }
    }
    let mut children: Vec<Vec<Vec<u8>>> = vec![Vec::new(); n];
    for &v in order.iter().rev() {
        let mut codes = std::mem::take(&mut children[v]);
        codes.sort_unstable();
        let mut code = Vec::with_capacity(2 + codes.iter().map(Vec::len).sum::<usize>());
        code.push(b'(');
        for c in codes {
            code.extend_from_slice(&c);
        }
        code.push(b')');
        if v == root {
            return code;
        }
        children[parent[v]].push(code);
    }
    unreachable!("the root is the first vertex in depth-first order, so the last one coded")
}

impl Game for NodeKayles {
    type Position = VertexSet;

    fn options(&self, position: &VertexSet, out: &mut Vec<VertexSet>) {
        match self.rule {
            Rule::Node => out.extend(position.iter().map(|v| position.minus(&self.closed[v]))),
            Rule::Arc => self.each_move(position, |_, p| out.push(p)),
        }
    }

    /// Node Kayles: one move per vertex left, labelled by its name, in the file's vertex order.
    /// Arc Kayles: one move per edge `u-v` left (u before v in the file's order).
    fn moves(&self, position: &VertexSet) -> Vec<Move<VertexSet>> {
        let mut out = Vec::new();
        self.each_move(position, |label, p| out.push(Move::new(label, p)));
        out
    }

    /// The vertices left, by name, or `-` when none is.
    fn format(&self, position: &VertexSet) -> String {
        if position.is_empty() {
            return "-".into();
        }
        let names: Vec<&str> = position.iter().map(|v| self.names[v].as_str()).collect();
        names.join(" ")
    }

    fn components(&self, position: &VertexSet) -> Option<Vec<VertexSet>> {
        let parts = self.split(position);
        (parts.len() >= 2).then_some(parts)
    }

    /// A connected tree is replaced by the first tree of its shape met (its value is the same);
    /// other positions are kept (positions of several components are split before they are
    /// stored, and each component comes back here).
    fn canonical(&self, position: VertexSet) -> VertexSet {
        if position.is_empty() || self.split(&position).len() != 1 {
            return position;
        }
        let Some(code) = self.tree_code(&position) else {
            return position;
        };
        self.trees.borrow_mut().entry(code).or_insert(position).clone()
    }

    fn move_count(&self, position: &VertexSet) -> Option<u128> {
        match self.rule {
            Rule::Node => Some(position.len() as u128),
            Rule::Arc => Some(position.iter().map(|u| self.neighbours_in(u, position).len() as u128).sum::<u128>() / 2),
        }
    }

    fn position_bytes(&self, position: &VertexSet) -> u64 {
        (std::mem::size_of::<VertexSet>() + std::mem::size_of_val(&*position.0)) as u64
    }
}

/// The engine of the games on graphs: the dedicated engine on graphs of at most
/// [`MAX_VERTICES`] vertices, else the generic solver.
pub struct GraphEngine {
    game: NodeKayles,
    fast: Option<(KaylesEngine, Graph)>,
    plain: Solver<NodeKayles>,
    control: Control,
}

impl GraphEngine {
    /// The engine for `game` under `settings` (threads, state limit, memory budget).
    pub fn new(game: NodeKayles, settings: &Settings) -> Result<GraphEngine> {
        let control = settings.control.clone();
        let fast = match game.engine_graph() {
            Some(graph) => Some((KaylesEngine::new(game.rule, engine_config(settings), control.clone())?, graph)),
            None => None,
        };
        Ok(GraphEngine {
            plain: settings.solver(game.clone()),
            game,
            fast,
            control,
        })
    }

    /// The dedicated engine, when the graph is small enough for it.
    pub fn dedicated(&self) -> Option<&KaylesEngine> {
        self.fast.as_ref().map(|(e, _)| e)
    }
}

/// The dedicated engine's switches for `settings`: its threads (`--jobs`), its table sized from
/// the memory budget, its state limit.
pub fn engine_config(settings: &Settings) -> KaylesConfig {
    let bytes = crate::solve::search::table_bytes(&settings.control);
    let jobs = crate::solve::search::threads(settings.jobs);
    KaylesConfig {
        jobs,
        table_entries: (bytes / graph_kayles::table::Table::bytes_for(1)).max(1 << 16) as usize,
        // The threads' class caches take at most an eighth of the room under a memory limit.
        class_slots: graph_kayles::class_slots_for(settings.control.headroom().map(|room| room / 8), jobs),
        max_states: settings.max_table_states,
        ..KaylesConfig::default()
    }
}

fn words_of(set: &VertexSet) -> graph_kayles::Set {
    let mut s = graph_kayles::EMPTY;
    for (i, w) in set.0.iter().enumerate().take(4) {
        s[i] = *w;
    }
    s
}

impl Engine for GraphEngine {
    type Game = NodeKayles;

    fn game(&self) -> &NodeKayles {
        &self.game
    }

    fn nimber(&mut self, position: &VertexSet) -> Result<Nimber> {
        match &self.fast {
            Some((engine, graph)) => Ok(Nimber(u64::from(engine.nimber(graph, &words_of(position))?))),
            None => self.plain.nimber(position),
        }
    }

    fn moves_to_value(&mut self, position: &VertexSet, target: Nimber) -> Result<Vec<Move<VertexSet>>> {
        let Some((engine, graph)) = &self.fast else {
            return self.plain.moves_to_value(position, target);
        };
        let moves = self.game.moves(position);
        let Ok(target) = u8::try_from(target.0) else {
            return Ok(Vec::new());
        };
        let sets: Vec<graph_kayles::Set> = moves.iter().map(|m| words_of(&m.position)).collect();
        let hits = engine.which_have_value(graph, &sets, target)?;
        Ok(moves.into_iter().zip(hits).filter(|(_, h)| *h).map(|(m, _)| m).collect())
    }

    fn control(&self) -> Option<&Control> {
        Some(&self.control)
    }
}

/// The game on the graph named by `words` (a family, or a file and optionally vertex names),
/// played by `rule`; its title and start position.
fn graph_game(game: &str, rule: Rule, words: &[String], settings: &Settings) -> Result<(String, NodeKayles, VertexSet)> {
    // A family quoted as one word (`'petersen 7,2'`, as a census row writes its code) is the
    // same as its words; a file name with a space stays one word.
    let split;
    let words = match words.first() {
        Some(w) if w.contains(char::is_whitespace) && w.split_whitespace().next().is_some_and(graph_families::is_family) => {
            split = crate::games::words(&words.join(" "));
            &split[..]
        }
        _ => words,
    };
    let Some((first, vertices)) = words.split_first() else {
        return input(format!(
            "{game} takes a graph: a family ({}) or a file: `{game} FILE [V ...]`",
            graph_families::FAMILIES
        ));
    };
    crate::games::args::no_other_options(words, game, "none")?;
    if graph_families::is_family(first) {
        // A family takes one word (`grid 3x4`, `petersen 7,2`); the words after it name the
        // vertices still in play, as the game prints its positions.
        let (family, vertices) = words.split_at(words.len().min(2));
        let (graph, symmetries) = graph_families::parse_with_symmetries(family, &settings.control)?;
        let title = format!("{game} {}", family.join(" "));
        // Automorphisms of the whole graph map any position to one of the same value.
        let g = NodeKayles::from_digraph(&graph)
            .with_rule(rule)
            .with_symmetries(symmetries)
            .with_board(graph_families::board(family));
        let start = if vertices.is_empty() {
            g.start()
        } else {
            g.position_of(vertices)?
        };
        return Ok((title, g, start));
    }
    crate::files::reserve_for(std::path::Path::new(first), 8, &settings.control)?;
    let graph = graph_format::read_undirected(first)?;
    // One closed neighbourhood (a set of n bits) per vertex: n²/8 bytes, accounted first (a
    // path of 2·10^5 vertices would need 5 GB).
    let n = graph.len() as u64;
    settings.control.reserve(n.saturating_mul(n.div_ceil(64) * 8 + 24))?;
    let g = NodeKayles::from_digraph(&graph).with_rule(rule);
    let start = if vertices.is_empty() {
        g.start()
    } else {
        g.position_of(vertices)?
    };
    Ok((format!("{game} {first}"), g, start))
}

fn build_rule(game: &str, rule: Rule, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let (title, g, start) = graph_game(game, rule, words, settings)?;
    Ok(Box::new(Instance::new(title, GraphEngine::new(g, settings)?, start)))
}

fn build(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    build_rule("node-kayles", Rule::Node, words, settings)
}

fn build_arc(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    build_rule("arc-kayles", Rule::Arc, words, settings)
}

/// Dawson's chess on `N` files: a row of N vertices (the files, named 1..N) played as Node
/// Kayles; `N` alone is the start, more words name the files still in play.
fn build_dawson(_name: &str, words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let Some((first, files)) = words.split_first() else {
        return input("dawsons-chess takes the number of files: `dawsons-chess 9` (a 3×9 board)");
    };
    crate::games::args::no_other_options(words, "dawsons-chess", "none")?;
    let Ok(n) = first.parse::<u64>() else {
        return input(format!("dawsons-chess: `{first}` is not a number of files, e.g. `dawsons-chess 9`"));
    };
    let graph = graph_families::parse(&crate::games::words(&format!("path {n}")), &settings.control)?;
    let g = NodeKayles::from_digraph(&graph);
    let start = if files.is_empty() { g.start() } else { g.position_of(files)? };
    Ok(Box::new(Instance::new(format!("dawsons-chess {n}"), GraphEngine::new(g, settings)?, start)))
}

/// The values of a family with `{n}` (`grid 3x{n}`) for each n of `ns`, on one engine: the
/// components met for one n are known for the next. Each value goes to `on_value` as found.
fn family_sequence(
    rule: Rule,
    words: &[String],
    ns: super::Asked<'_>,
    control: &Control,
    on_value: &mut dyn FnMut(u64, Nimber) -> Result<()>,
) -> Result<&'static str> {
    let family = graph_families::pattern(words)?;
    let settings = Settings {
        control: control.clone(),
        ..Default::default()
    };
    // The largest graph first: a family too big to build at its largest n is refused before
    // any value is computed.
    if let Some(last) = ns.last() {
        graph_families::parse(&family(last), control)?;
    }
    let engine = KaylesEngine::new(rule, engine_config(&settings), control.clone())?;
    for (i, n) in ns.iter().enumerate() {
        let (graph, symmetries) = graph_families::parse_with_symmetries(&family(n), control)?;
        let g = NodeKayles::from_digraph(&graph)
            .with_rule(rule)
            .with_symmetries(symmetries)
            .with_board(graph_families::board(&family(n)));
        let value = match g.engine_graph() {
            Some(graph) => u64::from(engine.nimber(&graph, &graph.all())?),
            None => settings.solver(g.clone()).nimber(&g.start())?.0,
        };
        on_value(n, Nimber(value))?;
        control.progress("graphs", i as u64 + 1, Some(ns.count()));
    }
    Ok("the graph engine (one table for the whole sequence)")
}

fn node_sequence(
    words: &[String],
    ns: super::Asked<'_>,
    control: &Control,
    on_value: &mut dyn FnMut(u64, Nimber) -> Result<()>,
) -> Result<&'static str> {
    family_sequence(Rule::Node, words, ns, control, on_value)
}

fn arc_sequence(
    words: &[String],
    ns: super::Asked<'_>,
    control: &Control,
    on_value: &mut dyn FnMut(u64, Nimber) -> Result<()>,
) -> Result<&'static str> {
    family_sequence(Rule::Arc, words, ns, control, on_value)
}

/// Whether the family words name the paths (`path {n}`, `grid 1x{n}`, `grid {n}x1`, or none:
/// `seq` over graphs defaults to paths).
fn is_paths(words: &[String]) -> bool {
    let text = words.join(" ");
    let text: Vec<&str> = text.split_whitespace().collect();
    matches!(text.as_slice(), [] | ["path", "{n}"] | ["grid", "1x{n}"] | ["grid", "{n}x1"])
}

/// Node Kayles on the path of n vertices is the heap n of 0.137 (Dawson's chess): a vertex at
/// an end takes itself and its neighbour (2 counters, one heap left), an inner vertex takes 3
/// and leaves the two sides, a lone vertex is taken alone.
fn node_heaps(words: &[String]) -> Option<(&'static str, &'static str)> {
    is_paths(words).then_some((
        "0.137",
        "a path of n vertices is a heap of n in 0.137: a move takes a vertex and its neighbours",
    ))
}

/// Arc Kayles on the path of n vertices is the heap n of 0.07 (Dawson's Kayles): an edge takes
/// its two ends, leaving the vertices on either side as two paths (a lone vertex has no move).
fn arc_heaps(words: &[String]) -> Option<(&'static str, &'static str)> {
    is_paths(words).then_some((
        "0.07",
        "a path of n vertices is a heap of n in 0.07: a move takes two neighbouring vertices",
    ))
}

/// The registry entry.
pub const ENTRY: GameEntry = GameEntry {
    name: "node-kayles",
    aliases: &["nodekayles", "node_kayles"],
    summary: "Node Kayles on a graph (a family or a file): remove a vertex and its neighbours",
    rules: "A graph (a built-in family or a file; arcs count as undirected edges). A move \
            removes one vertex together with every vertex joined to it. The player who cannot \
            move (no vertex left) loses. Separate pieces of the graph are independent games. \
            Families: grid RxC, cycle N, path N, complete N, queens N, petersen N,K, \
            hypercube D, tree P1,P2,... (parents of vertices 1..n, 0 for a root). Files: any \
            format `graph` reads (edge list, Graphviz DOT, JSON), and undirected DOT \
            `graph { a -- b }`. `seq` takes a family with {n}: `seq node-kayles 'grid 3x{n}'`; on paths it \
            is the octal game 0.137, whose period `seq` proves.",
    syntax: "FAMILY ARGS [V ...] | FILE [V ...]   a family or a file, whole or its subgraph on the named vertices (`-`: none)",
    example: "node-kayles examples/graphs/path7.txt",
    hard_example: "node-kayles examples/graphs/grid8x8.txt",
    build,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
        editor: super::Editor::File {
            file: "graph.txt",
            cells: None,
            graph: true,
            undirected: true,
            example: include_str!("../../../../examples/graphs/path7.txt"),
        },
        reads_file: true,
        sequence: Some(node_sequence),
        heap_family: Some(node_heaps),
        ..Capabilities::NONE
    },
};

/// The registry entry of Arc Kayles.
pub const ARC_ENTRY: GameEntry = GameEntry {
    name: "arc-kayles",
    aliases: &["arckayles", "arc_kayles"],
    summary: "Arc Kayles on a graph (a family or a file): remove an edge's two endpoints",
    rules: "A graph (a built-in family or a file, as for node-kayles). A move takes an edge and \
            removes both its endpoints, with every edge touching them. The player who cannot \
            move (no edge left) loses. Families: grid RxC, cycle N, path N, complete N, queens N, \
            petersen N,K, hypercube D, tree P1,P2,...; `seq` takes a family with {n}; on \
            paths it is the octal game 0.07, whose period `seq` proves.",
    syntax: "FAMILY ARGS [V ...] | FILE [V ...]   a family or a file, whole or its subgraph on the named vertices",
    example: "arc-kayles grid 3x3",
    hard_example: "arc-kayles grid 6x6",
    build: build_arc,
    heap_rules: None,
    claims: None,
    caps: Capabilities {
        sequence: Some(arc_sequence),
        heap_family: Some(arc_heaps),
        ..Capabilities::NONE
    },
};

/// The registry entry of Dawson's chess.
pub const DAWSON_ENTRY: GameEntry = GameEntry {
    name: "dawsons-chess",
    aliases: &["dawsons_chess", "dawson-chess-board"],
    summary: "Dawson's chess on a 3×N board, played as Node Kayles on a row of N files",
    rules: "White pawns on the first rank and black pawns on the third of a 3×N board; captures \
            are compulsory, and the player who cannot move loses. A move on file i loses the \
            pawns there and, by the forced captures, kills files i−1 and i+1: the game is Node \
            Kayles on a row of N vertices (Winning Ways ch. 4; octal 0.137). Files are 1..N; \
            `dawsons-chess N F ...` is the position with only files F ... in play.",
    syntax: "N [F ...]   N files, optionally only the named files in play",
    example: "dawsons-chess 9",
    hard_example: "dawsons-chess 250",
    build: build_dawson,
    heap_rules: None,
    claims: None,
    caps: Capabilities::NONE,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;

    fn path(n: usize) -> NodeKayles {
        let edges: Vec<(u32, u32)> = (1..n as u32).map(|i| (i - 1, i)).collect();
        NodeKayles::from_edges(n, &edges).unwrap()
    }

    /// The tree code needs no recursion: a path of 200,000 vertices coded from one end (the
    /// deepest rooting) overflowed the stack when it recursed; isomorphic trees code alike.
    #[test]
    fn tree_codes_of_deep_trees_need_no_stack() {
        let n: usize = 200_000;
        let adjacent: Vec<Vec<usize>> = (0..n)
            .map(|i| [i.checked_sub(1), (i + 1 < n).then_some(i + 1)].into_iter().flatten().collect())
            .collect();
        let code = encode(&adjacent, 0);
        assert_eq!(code.len(), 2 * n);
        assert!(code[..n].iter().all(|&b| b == b'(') && code[n..].iter().all(|&b| b == b')'));
        // A star with centre 0 and the same star with centre 3: one code.
        let star = |c: usize| -> Vec<Vec<usize>> {
            (0..5).map(|i| if i == c { (0..5).filter(|&j| j != c).collect() } else { vec![c] }).collect()
        };
        assert_eq!(encode(&star(0), 0), encode(&star(3), 3));
        assert_ne!(encode(&star(0), 0), encode(&star(3), 0));
    }

    #[test]
    fn a_move_removes_the_closed_neighbourhood() {
        let g = path(5);
        let moves = g.moves(&g.start());
        let texts: Vec<String> = moves.iter().map(|m| g.format(&m.position)).collect();
        assert_eq!(texts, ["2 3 4", "3 4", "0 4", "0 1", "0 1 2"]);
    }

    #[test]
    fn components_split_the_board() {
        let g = path(7);
        let after = g.start().minus(&g.closed[3]);
        let parts = g.split(&after);
        let texts: Vec<String> = parts.iter().map(|p| g.format(p)).collect();
        assert_eq!(texts, ["0 1", "5 6"]);
        assert!(g.components(&g.start()).is_none());
        assert_eq!(g.format(&VertexSet::empty(7)), "-");
    }

    #[test]
    fn components_and_plain_solver_agree() {
        let g = NodeKayles::from_edges(6, &[(0, 1), (1, 2), (3, 4), (2, 0)]).unwrap();
        let start = g.start();
        let fast = Solver::new(g.clone()).nimber(&start).unwrap();
        let plain = Solver::plain(g).nimber(&start).unwrap();
        assert_eq!(fast, plain);
    }
}
