//! Reports on digraphs: `graph FILE` and its options.
//!
//! What: [`GraphReport`] (every vertex's value), [`PawnsReport`] (pawns on a digraph as a sum),
//! [`StateGameReport`] (a state game with its strategy) and [`FunctionsReport`] (how many
//! g-functions or Boolean functions a graph with circuits has, and the first ones).
//!
//! Why here: the command line fills them from the solved graph and renders them as text; JSON
//! and other front ends read the same values. A function serialises as an object from vertex
//! name to value, hence the hand-written `Serialize` of [`FunctionsReport`].
//!
//! Cost: plain data; serialising a [`FunctionsReport`] is linear in the functions listed times
//! the vertices.

use super::{Natural, ValueReport};
use crate::outcome::Outcome;
use crate::value::Value;
use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

/// One vertex of a digraph with its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VertexReport {
    /// The vertex's name in the file.
    pub name: String,
    /// Its value (∞(K) on graphs with circuits).
    pub value: Value,
    /// P, N or D.
    pub outcome: Outcome,
}

/// `graph FILE`: every vertex's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GraphReport {
    /// The file read.
    pub file: String,
    /// Whether the graph has no circuit.
    pub acyclic: bool,
    /// The number of arcs.
    pub arcs: usize,
    /// Every vertex, in the file's order.
    pub vertices: Vec<VertexReport>,
}

impl GraphReport {
    /// The report of a solved digraph: every vertex with its value and outcome.
    pub fn of(s: &crate::games::graph::SolvedGraph) -> GraphReport {
        let g = &s.graph;
        GraphReport {
            file: s.file.clone(),
            acyclic: s.acyclic,
            arcs: g.arc_count(),
            vertices: g
                .vertices()
                .map(|v| {
                    let value = s.value(v);
                    VertexReport {
                        name: g.name(v).to_string(),
                        outcome: value.outcome(),
                        value,
                    }
                })
                .collect(),
        }
    }
}

/// `graph FILE --pawns V1,V2`: pawns on a digraph (a sum).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PawnsReport {
    /// The file read.
    pub file: String,
    /// Each pawn's vertex value, in the order given.
    pub pawn_values: Vec<Value>,
    /// The pawns as one position.
    #[serde(flatten)]
    pub total: ValueReport,
}

/// One step of a state game's strategy: from `state`, move to `move_to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StrategyStep {
    /// A state reachable from the start.
    pub state: String,
    /// Its value.
    pub state_value: Value,
    /// The state to move to (value 0 from a winning state, a draw from a drawn one).
    pub move_to: String,
    /// Its value.
    pub move_to_value: Value,
}

/// `graph FILE --start V`: a state game (S, s, f).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StateGameReport {
    /// The file read.
    pub file: String,
    /// The start vertex s.
    pub start: String,
    /// `even` (N), `odd` (P) or `neither even nor odd` (a draw).
    pub parity: String,
    /// The strategy on the states reachable from s.
    pub strategy: Vec<StrategyStep>,
    /// The start as one position.
    #[serde(flatten)]
    pub total: ValueReport,
}

/// Which functions a [`FunctionsReport`] lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunctionKind {
    /// g-functions (`--all-g`): key `g_functions`.
    Grundy,
    /// Boolean Grundy functions (`--boolean`): key `boolean_functions`, with `kernels`.
    Boolean,
}

/// `graph FILE --all-g | --boolean`: how many functions exist and the first ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionsReport {
    /// The file read.
    pub file: String,
    /// Whether the graph has no circuit (then exactly one function exists).
    pub acyclic: bool,
    /// Which functions.
    pub kind: FunctionKind,
    /// How many exist.
    pub count: u64,
    /// The vertex names, in the file's order.
    pub names: Vec<String>,
    /// The functions listed, each a value per vertex (in the order of `names`).
    pub listed: Vec<Vec<u32>>,
    /// The vertices where the generalized Sprague–Grundy function is ∞ (text only).
    pub infinite: Vec<String>,
}

impl FunctionsReport {
    /// A function's kernel: the vertices where it is 0.
    pub fn kernel(&self, f: &[u32]) -> Vec<String> {
        self.names
            .iter()
            .zip(f)
            .filter(|(_, v)| **v == 0)
            .map(|(n, _)| n.clone())
            .collect()
    }
}

/// Each function is an object from vertex name to value; Boolean ones come with their kernels.
impl Serialize for FunctionsReport {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        struct Function<'a>(&'a [String], &'a [u32]);
        impl Serialize for Function<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(self.0.len()))?;
                for (n, v) in self.0.iter().zip(self.1) {
                    m.serialize_entry(n, v)?;
                }
                m.end()
            }
        }
        let boolean = self.kind == FunctionKind::Boolean;
        let mut st = s.serialize_struct("FunctionsReport", if boolean { 6 } else { 5 })?;
        st.serialize_field("file", &self.file)?;
        st.serialize_field("acyclic", &self.acyclic)?;
        st.serialize_field("count", &Natural(self.count))?;
        let listed: Vec<Function> = self.listed.iter().map(|f| Function(&self.names, f)).collect();
        if boolean {
            st.serialize_field("boolean_functions", &listed)?;
            let kernels: Vec<Vec<String>> = self.listed.iter().map(|f| self.kernel(f)).collect();
            st.serialize_field("kernels", &kernels)?;
        } else {
            st.serialize_field("g_functions", &listed)?;
        }
        st.end()
    }
}
